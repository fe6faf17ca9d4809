# Shared C typedefs and sizes of the mahjong-core kernels.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t

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
