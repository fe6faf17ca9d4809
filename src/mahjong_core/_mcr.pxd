# Declarations of the MCR (国标) fan-counting kernel (src/mahjong_core/_mcr.pyx).
# Nothing here is for other modules yet; the compiled table is opaque.
from mahjong_core._types cimport int64_t, int32_t, uint64_t
from mahjong_core._native cimport KRules

cdef enum:
    MAXF = 128         # fans in one compiled table (82 + the 6 extras); two 64-bit words of bits
    NKIND = 7          # reading kinds: STD PAIRS SHIFTED ORPHANS LESSER GREATER KSTRAIGHT
    NFEAT_MAX = 64     # room for the feature record (NFEAT in _mcr.pyx)
    MAXTESTS = 6       # single tests kept with a fan (more: left to the interpreter)
    NBV = 96           # room for the values the fan bound reads (BOUND_FANS in _mcr.pyx)

cdef struct Test:
    # (f[feat] & mask) - lo <= span (unsigned), negated when neg: any of
    # == != < <= > >= against a constant, as one range check
    int32_t feat
    int32_t neg
    int64_t mask
    int64_t lo
    uint64_t span

cdef struct Atom:
    # A fan of a reading kind's list: the single tests its predicate starts
    # with (all must hold), then what gives its value.
    int32_t fan
    int32_t kind               # 0: run the code from pc; 2: 1; 3: f[vfeat]; 4: vconst
    int32_t ntests
    int32_t vfeat
    int64_t vconst
    int64_t pc                 # where the interpreter starts, in the fan's code
    Test tests[MAXTESTS]

cdef struct TData:
    int64_t* code              # every predicate's bytecode, one after the other
    int ncode
    int nfans
    int32_t start[MAXF]        # offset of fan i's bytecode (-1: no predicate)
    int64_t value[MAXF]
    Atom* atoms[NKIND]         # per reading kind, the fans tested, ascending
    int32_t scope_n[NKIND]
    uint64_t scope_all[NKIND][2]          # a bit per atom
    int32_t nkill[NKIND]
    int32_t kill_feat[NKIND][NFEAT_MAX]   # features whose value 0 fails some atoms
    uint64_t kill[NKIND][NFEAT_MAX][2]    # the atoms it fails
    int32_t excl_start[MAXF + 1]
    int32_t* excl
    int32_t red_start[MAXF + 1]
    int32_t* red               # pairs (fan, amount)
    int chicken
    int flowers
    int prefer0
    int prefer1
    int outside_only           # KnittedWait.OUTSIDE_ONLY
    KRules std_rules
    KRules std_pairs_rules
    int has_bound              # bval holds the values of BOUND_FANS (the cheap bound applies)
    int64_t bval[NBV]

cdef class Table:
    cdef TData d
    cdef object items              # list: items[i][n] is the ScoreItem of fan i counted n times
    cdef object make_item          # callable (i, n) -> ScoreItem beyond the prepared counts
    cdef object meld_kinds         # (CHI, PON, KAN, KAKAN, ANKAN) members of MeldKind
    cdef object sheet_type         # ScoreSheet
    cdef bint sheet_slots          # its five slots may be set directly (no __post_init__)
    cdef tuple slots               # their member descriptors (the five, then any defaulted ones)
    cdef tuple slot_defaults       # the values of the defaulted slots after the five
    cdef object unit
    cdef int base_points
    cdef object notes_format       # str.format of the note on a hand with flowers
    cdef dict notes                # fan without flowers -> (note,)
