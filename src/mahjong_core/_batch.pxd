# The batch module declares nothing for other modules; its kernels live in _native.
