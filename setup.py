"""Build the Cython kernels of mahjong-core.

Compiler directives are set here, once.  Set ``MAHJONG_CORE_DEBUG_CYTHON=1``
to turn bounds and wrap-around checks back on while debugging a kernel (that
build also keeps the debug information a release build leaves out).
No ``-march``/AVX flags: released wheels must run on any CPU of their arch.
"""

from __future__ import annotations

import os
import subprocess
import sys

import Cython
import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("MAHJONG_CORE_DEBUG_CYTHON", "") not in ("", "0")

directives = {
    "language_level": 3,
    "embedsignature": True,
    "binding": True,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "infer_types": True,
}

# Released extension modules carry no debug information (gcc/clang: -g0,
# overriding the -g in Python's own CFLAGS, and -s to strip the symbol table at
# link time; ld64 on macOS ignores -s, and with -g0 there is no debug map to
# strip).  A debug build keeps it for gdb.  MSVC writes debug information
# to separate .pdb files, so nothing is added there.
if os.name == "nt":
    extra_compile_args = ["/O2"]
    extra_link_args: list[str] = []
elif DEBUG:
    extra_compile_args = ["-O3", "-g"]
    extra_link_args = []
else:
    extra_compile_args = ["-O3", "-g0"]
    extra_link_args = [] if sys.platform == "darwin" else ["-s"]

extensions = [
    Extension(
        f"mahjong_core.{name}",
        [f"src/mahjong_core/{name}.pyx"],
        include_dirs=[numpy.get_include()],
        extra_compile_args=extra_compile_args,
        extra_link_args=extra_link_args,
        define_macros=[
            ("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
            ("MAHJONG_CYTHON_VERSION", f'"{Cython.__version__}"'),
            ("MAHJONG_CFLAGS", '"' + " ".join(extra_compile_args) + '"'),
            ("MAHJONG_DEBUG", "1" if DEBUG else "0"),
        ],
    )
    for name in ("_native", "_batch", "_mcr")
]

# The game engine, the bots and the scoring vocabulary are plain Python
# (python/mahjong_core/engine.py, bots.py, patterns.py); they are compiled
# too, typed by the .pxd beside each (engine.pxd: the Table; all three: their
# hot module constants as C globals), unless MAHJONG_CORE_PURE_ENGINE is
# set.  Type annotations there are for mypy, not for Cython.
if os.environ.get("MAHJONG_CORE_PURE_ENGINE", "") in ("", "0"):
    extensions += cythonize(
        [Extension(f"mahjong_core.{name}", [f"python/mahjong_core/{name}.py"],
                   extra_compile_args=extra_compile_args, extra_link_args=extra_link_args)
         for name in ("engine", "bots", "patterns")],
        compiler_directives={**directives, "boundscheck": True, "wraparound": True, "annotation_typing": False},
    )


class BuildExtWithTables(build_ext):
    """build_ext, then the kernel tables: the built _native writes them to
    _tables.bin beside itself (package data, mapped at first use, so a fresh
    process does not build them).  When the built module cannot run here
    (cross-compiling) there is no file and the tables are built at first use."""

    def run(self) -> None:
        super().run()
        ext = self.get_ext_fullpath("mahjong_core._native")
        out = os.path.join(os.path.dirname(ext), "_tables.bin")
        code = "import sys; sys.path.insert(0, sys.argv[1]); from mahjong_core import _native; _native._write_tables(sys.argv[2])"
        done = subprocess.run([sys.executable, "-c", code, os.path.dirname(os.path.dirname(ext)), out], check=False)
        if done.returncode != 0:
            print(f"warning: kernel tables not written to {out}; they will be built at first use", file=sys.stderr)


setup(
    cmdclass={"build_ext": BuildExtWithTables},
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=["src"],
        annotate=os.environ.get("MAHJONG_CORE_ANNOTATE", "") not in ("", "0"),
    ),
)
