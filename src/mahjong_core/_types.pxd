# Shared C typedefs and sizes of the mahjong-core kernels.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t

# Bits of a 64-bit mask, for every kernel module: the number set (portable:
# no POPCNT instruction needed) and the index of the lowest one (not of 0).
cdef extern from *:
    """
    static inline int mj_popcount64(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int mj_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int mj_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int popcount64 "mj_popcount64"(unsigned long long x) noexcept nogil
    int ctz64 "mj_ctz64"(unsigned long long x) noexcept nogil

cdef enum:
    NK = 34            # tile kinds analysed (flowers never reach a kernel)
    MAXT = 17          # most tiles in an analysed hand (16-tile games: 3*5+2)
    MAXM = 5           # most sets in a hand
    NM = 6             # m = 0..MAXM
    NPT = 3            # pair types: 0 no pair, 1 any pair, 2 pair on a 2/5/8
    NPLANE = 18        # NM * NPT
    INF8 = 60          # "impossible" for small uint8 counts (sums of a few stay < 255)

# Form codes (see docs/analysis.md)
cdef enum:
    F_STANDARD = 0
    F_SEVEN_PAIRS = 1
    F_ORPHANS = 2
    F_KNITTED = 3
    F_GREATER_KNITTED = 4
    F_KNITTED_STRAIGHT = 5
    F_SHISANLAN = 6
    NFORMS = 7

# Unit shapes of a decomposition
cdef enum:
    U_PAIR = 0
    U_PUNG = 1
    U_CHOW = 2
    U_HONOR_CHOW = 3
    U_KNITTED = 4
    U_SINGLE = 5
    U_WILD_PAIR = 6
    U_WILD_SET = 7
