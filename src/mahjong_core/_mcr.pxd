# Declarations of the MCR (国标) fan-counting kernel (src/mahjong_core/_mcr.pyx).
# Nothing here is for other modules yet; the compiled table is opaque.
from mahjong_core._types cimport int64_t, int32_t
from mahjong_core._native cimport KRules

cdef enum:
    MAXF = 128         # fans in one compiled table (82 + the 6 extras)
    NKIND = 7          # reading kinds: STD PAIRS SHIFTED ORPHANS LESSER GREATER KSTRAIGHT

cdef struct Quick:
    # what the counting loop decides without the interpreter
    int kind                   # 0: run the code from pc; 1: the atom must hold, then run from pc;
                               # 2: the value is the atom (0/1); 3: the value is feature feat
    int feat
    int cmp                    # 0 == 1 != 2 < 3 <= 4 > 5 >=
    int64_t mask
    int64_t k
    int64_t pc                 # where the interpreter starts, in the fan's code

cdef struct TData:
    int64_t* code              # every predicate's bytecode, one after the other
    int ncode
    int nfans
    int32_t start[MAXF]        # offset of fan i's bytecode (-1: no predicate)
    Quick quick[MAXF]
    int64_t value[MAXF]
    int32_t scope_fans[NKIND][MAXF]   # per reading kind, the fans tested, ascending
    int32_t scope_n[NKIND]
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

cdef class Table:
    cdef TData d
    cdef object items              # list: items[i][n] is the ScoreItem of fan i counted n times
    cdef object make_item          # callable (i, n) -> ScoreItem beyond the prepared counts
    cdef object meld_kinds         # (CHI, PON, KAN, KAKAN, ANKAN) members of MeldKind
    cdef object sheet_type         # ScoreSheet
    cdef bint sheet_slots          # its five slots may be set directly (no __post_init__)
    cdef object unit
    cdef int base_points
    cdef object notes_format       # str.format of the note on a hand with flowers
    cdef dict notes                # fan without flowers -> (note,)
