"""Batch kernels: the same answers as the scalar ones over (N, 34) arrays."""
