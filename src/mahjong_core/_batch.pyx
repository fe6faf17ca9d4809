"""Batch kernels: the scalar answers over (N, 34) uint8 arrays, looping in C
without the GIL.  Each row is checked in the same loop (counts 0..4, tile
total); a bad row stops the loop and its index is returned, so that
:mod:`mahjong_core.batch` can raise an error naming it."""

from mahjong_core._types cimport uint8_t, uint64_t, int32_t
from mahjong_core._native cimport (KRules, KernelRules, ensure_tables, k_is_win,
                                   k_shanten, k_waits)


cdef extern from *:
    """
    /* Row check without early exit, so that compilers vectorise it. */
    static inline int mj_row_ok(const unsigned char *c, int w, int mods) {
        unsigned int total = 0, over = 0;
        for (int k = 0; k < 34; k++) { total += c[k]; over |= (unsigned)(c[k] > 4); }
        int t = (int)total + w;
        return !over && w >= 0 && t <= 17 && ((mods >> (t % 3)) & 1);
    }
    """
    int _row_ok "mj_row_ok"(const uint8_t* c, int w, int mods) noexcept nogil


def is_win(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
           KernelRules rules, uint8_t[::1] out) -> int:
    """Row-wise win check; ``wilds`` per row, or ``wild`` for all rows when
    ``wilds`` is empty.  Returns -1, or the first row that is not a valid
    3n+2 hand."""
    cdef Py_ssize_t i, n = counts.shape[0], bad = -1
    cdef int w = wild
    cdef int per_row = wilds.shape[0] != 0
    cdef KRules* r = &rules.r
    ensure_tables()
    with nogil:
        for i in range(n):
            if per_row:
                w = wilds[i]
            if not _row_ok(&counts[i, 0], w, 4):
                bad = i
                break
            out[i] = <uint8_t>k_is_win(&counts[i, 0], w, r)
    return bad


def shanten(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
            KernelRules rules, signed char[::1] out) -> int:
    """Row-wise shanten (3n+1 or 3n+2 rows); -1 or the first bad row."""
    cdef Py_ssize_t i, n = counts.shape[0], bad = -1
    cdef int w = wild, v
    cdef int per_row = wilds.shape[0] != 0
    cdef KRules* r = &rules.r
    ensure_tables()
    with nogil:
        for i in range(n):
            if per_row:
                w = wilds[i]
            if not _row_ok(&counts[i, 0], w, 6):
                bad = i
                break
            v = k_shanten(&counts[i, 0], w, r)
            if v > 100:
                bad = i
                break
            out[i] = <signed char>v
    return bad


def waits(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
          KernelRules rules, uint8_t[:, ::1] out) -> int:
    """Row-wise waits as 0/1 columns (3n+1 rows); -1 or the first bad row."""
    cdef Py_ssize_t i, n = counts.shape[0], bad = -1
    cdef int k, w = wild
    cdef int per_row = wilds.shape[0] != 0
    cdef uint64_t m
    cdef KRules* r = &rules.r
    ensure_tables()
    with nogil:
        for i in range(n):
            if per_row:
                w = wilds[i]
            if not _row_ok(&counts[i, 0], w, 2):
                bad = i
                break
            m = k_waits(&counts[i, 0], w, r)
            for k in range(34):
                out[i, k] = (m >> k) & 1
    return bad
