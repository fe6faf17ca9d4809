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


cdef Py_ssize_t _loop(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
                      const KRules* r, int mode, uint8_t* out_win, signed char* out_sh,
                      uint8_t* out_waits) noexcept nogil:
    """The one row loop: mode 0 win, 1 shanten, 2 waits.  Returns -1, or the
    first row that is not a valid hand for the mode."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int w = wild, v, k
    cdef int per_row = wilds.shape[0] != 0
    cdef int mods = 4 if mode == 0 else (6 if mode == 1 else 2)
    cdef uint64_t m
    for i in range(n):
        if per_row:
            w = wilds[i]
        if not _row_ok(&counts[i, 0], w, mods):
            return i
        if mode == 0:
            out_win[i] = <uint8_t>k_is_win(&counts[i, 0], w, r)
        elif mode == 1:
            v = k_shanten(&counts[i, 0], w, r)
            if v > 100:  # no allowed form applies to this size
                return i
            out_sh[i] = <signed char>v
        else:
            m = k_waits(&counts[i, 0], w, r)
            for k in range(34):
                out_waits[i * 34 + k] = (m >> k) & 1
    return -1


def is_win(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
           KernelRules rules, uint8_t[::1] out) -> int:
    """Row-wise win check; ``wilds`` per row, or ``wild`` for all rows when
    ``wilds`` is empty.  Returns -1, or the first row that is not a valid
    3n+2 hand."""
    cdef Py_ssize_t bad
    ensure_tables()
    with nogil:
        bad = _loop(counts, wilds, wild, &rules.r, 0, &out[0] if out.shape[0] else NULL, NULL, NULL)
    return bad


def shanten(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
            KernelRules rules, signed char[::1] out) -> int:
    """Row-wise shanten (3n+1 or 3n+2 rows); -1 or the first bad row."""
    cdef Py_ssize_t bad
    ensure_tables()
    with nogil:
        bad = _loop(counts, wilds, wild, &rules.r, 1, NULL, &out[0] if out.shape[0] else NULL, NULL)
    return bad


def waits(const uint8_t[:, ::1] counts, const int32_t[::1] wilds, int wild,
          KernelRules rules, uint8_t[:, ::1] out) -> int:
    """Row-wise waits as 0/1 columns (3n+1 rows); -1 or the first bad row."""
    cdef Py_ssize_t bad
    ensure_tables()
    with nogil:
        bad = _loop(counts, wilds, wild, &rules.r, 2, NULL, NULL, &out[0, 0] if out.shape[0] else NULL)
    return bad
