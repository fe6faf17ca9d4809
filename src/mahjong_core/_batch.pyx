"""Batch kernels: the scalar answers over (N, 34) uint8 arrays, looping in C
without the GIL.  Inputs are validated by :mod:`mahjong_core.batch`."""

from mahjong_core._types cimport uint8_t, uint64_t, int32_t
from mahjong_core._native cimport (KRules, KernelRules, ensure_tables, k_is_win,
                                   k_shanten, k_waits)


def is_win(const uint8_t[:, ::1] counts, const int32_t[::1] wilds,
           KernelRules rules, uint8_t[::1] out) -> None:
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef KRules* r = &rules.r
    ensure_tables()
    with nogil:
        for i in range(n):
            out[i] = <uint8_t>k_is_win(&counts[i, 0], wilds[i], r)


def shanten(const uint8_t[:, ::1] counts, const int32_t[::1] wilds,
            KernelRules rules, signed char[::1] out) -> None:
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef KRules* r = &rules.r
    ensure_tables()
    with nogil:
        for i in range(n):
            out[i] = <signed char>k_shanten(&counts[i, 0], wilds[i], r)


def waits(const uint8_t[:, ::1] counts, const int32_t[::1] wilds,
          KernelRules rules, uint8_t[:, ::1] out) -> None:
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int k
    cdef uint64_t m
    cdef KRules* r = &rules.r
    ensure_tables()
    with nogil:
        for i in range(n):
            m = k_waits(&counts[i, 0], wilds[i], r)
            for k in range(34):
                out[i, k] = (m >> k) & 1
