"""Which copy of the package the tests import, and how it was built.

Every run checks that ``mahjong_core`` comes either from this source tree (an
editable install) or from an installed copy, never a mix of both; that the
kernels are compiled extension modules; and that they carry debug information
exactly when the build asked for it (``MAHJONG_CORE_DEBUG_CYTHON``).

With ``MAHJONG_CORE_EXPECT_INSTALLED=1`` (set by ``.ci/run``'s wheel block and
by cibuildwheel) the package must be the installed one, under site-packages,
with the engine compiled too: the suite then tests the wheel, not the tree.
"""

from __future__ import annotations

import importlib.machinery
import os
import struct
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import mahjong_core
import mahjong_core._batch
import mahjong_core._mcr
import mahjong_core._native
import mahjong_core.engine
import mahjong_core.variants.guobiao
import pytest

ROOT = Path(__file__).resolve().parents[2]
KERNELS = [mahjong_core._native, mahjong_core._batch, mahjong_core._mcr]
EXPECT_INSTALLED = os.environ.get("MAHJONG_CORE_EXPECT_INSTALLED", "") not in ("", "0")


def _path(module: ModuleType) -> Path:
    assert module.__file__ is not None, module.__name__
    return Path(module.__file__).resolve()


def _site_dirs() -> list[Path]:
    return [Path(sysconfig.get_path(key)).resolve() for key in ("purelib", "platlib")]


def _is_extension(module: ModuleType) -> bool:
    spec = module.__spec__
    assert spec is not None, module.__name__
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return isinstance(spec.loader, importlib.machinery.ExtensionFileLoader) and str(_path(module)).endswith(suffixes)


def elf_sections(data: bytes) -> list[str]:
    """The section names of an ELF file (32 or 64 bit, either byte order)."""
    assert data[:4] == b"\x7fELF", "not an ELF file"
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    header = order + ("16sHHIQQQIHHHHHH" if wide else "16sHHIIIIIHHHHHH")
    fields = struct.unpack_from(header, data)
    shoff, shentsize, shnum, shstrndx = fields[6], fields[11], fields[12], fields[13]
    entry = order + ("IIQQQQIIQQ" if wide else "IIIIIIIIII")

    def section(index: int) -> tuple[int, int, int]:
        name, _type, _flags, _addr, offset, size = struct.unpack_from(entry, data, shoff + index * shentsize)[:6]
        return name, offset, size

    _, names_at, _ = section(shstrndx)
    found = []
    for index in range(shnum):
        name = section(index)[0]
        found.append(data[names_at + name : data.index(b"\0", names_at + name)].decode())
    return found


def test_elf_sections_reads_a_real_file() -> None:
    """The reader itself: the running interpreter (ELF on Linux) has a .text section."""
    if not sys.platform.startswith("linux"):
        with pytest.raises(AssertionError, match="not an ELF"):
            elf_sections(b"MZ\x90\x00" + bytes(60))
        return
    assert ".text" in elf_sections(Path(sys.executable).resolve().read_bytes())


def test_one_copy_of_the_package() -> None:
    """From the tree or installed, never a mix; installed when the env var says so."""
    package = _path(mahjong_core).parent
    modules = [*KERNELS, mahjong_core.engine, mahjong_core.variants.guobiao]
    installed = any(package.is_relative_to(site) for site in _site_dirs())
    if installed:
        assert not package.is_relative_to(ROOT / "python")
        for module in modules:
            assert _path(module).is_relative_to(package), (module.__name__, _path(module), package)
    else:
        assert package == ROOT / "python" / "mahjong_core", package
        assert _path(mahjong_core.variants.guobiao).parent == ROOT / "variants"
        for module in (*KERNELS, mahjong_core.engine):
            assert _path(module).parent == package, (module.__name__, _path(module))
    assert installed or not EXPECT_INSTALLED, f"MAHJONG_CORE_EXPECT_INSTALLED is set but mahjong_core is {package}"


def test_kernels_are_compiled() -> None:
    for module in KERNELS:
        assert _is_extension(module), _path(module)
    if EXPECT_INSTALLED:
        assert _is_extension(mahjong_core.engine), _path(mahjong_core.engine)


def test_debug_information_only_in_debug_builds() -> None:
    """Released builds are compiled -g0 and linked -s (setup.py): no .debug_*
    section and no symbol table in any ELF extension module; a
    MAHJONG_CORE_DEBUG_CYTHON build keeps its debug information."""
    debug = mahjong_core.__build_info__["debug_checks"]
    assert ("-g" if debug else "-g0") in mahjong_core.__build_info__["cflags"].split() or os.name == "nt"
    compiled = [m for m in (*KERNELS, mahjong_core.engine) if _is_extension(m)]
    assert len(compiled) >= 3
    for module in compiled:
        data = _path(module).read_bytes()
        if not data.startswith(b"\x7fELF"):
            # Mach-O (macOS) keeps debug information in the object files, PE (Windows) in .pdb files.
            assert data[:2] == b"MZ" or data[:4] in (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe"), module.__name__
            continue
        sections = elf_sections(data)
        assert ".text" in sections and ".dynsym" in sections, (module.__name__, sections)
        debug_sections = [s for s in sections if s.startswith(".debug_")]
        if debug:
            assert debug_sections, module.__name__
        else:
            assert debug_sections == [], (module.__name__, debug_sections)
            assert ".symtab" not in sections, module.__name__
