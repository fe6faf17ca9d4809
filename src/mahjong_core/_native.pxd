# Declarations of the hand-analysis kernels, for cimport by other modules
# (the batch module).  Every function below trusts its input: counts 0..4,
# 0 <= w, sum(counts) + w <= 17; validation happens in the Python-facing
# wrappers before a kernel is called.
from mahjong_core._types cimport uint8_t, uint32_t, uint64_t

cdef struct KRules:
    uint32_t forms          # bit f set: form f allowed
    uint64_t wild_mask      # bit k: a wild may stand for kind k
    uint64_t pair_mask      # bit k: kind k may be the pair (standard form, 组合龙)
    int honor_chows
    int distinct_pairs
    # derived, per part (0..2 suits, 3 winds, 4 dragons)
    uint8_t part_wild[5]    # 0 none, 1 all kinds of the part, 2 some
    uint8_t part_pair[5]    # 0 none, 1 all, 2 the 2/5/8 (suits), 3 other
    int fast                # every part is "none/all" for wilds and known for pairs

cdef class KernelRules:
    cdef KRules r

cdef class Counts:
    cdef uint8_t c[34]
    cdef int total

cdef void krules_init(KRules* r, uint32_t forms, uint64_t wild_mask,
                      uint64_t pair_mask, int honor_chows, int distinct_pairs) noexcept nogil
cdef int k_is_win(const uint8_t* c, int w, const KRules* r) noexcept nogil
cdef int k_shanten(const uint8_t* c, int w, const KRules* r) noexcept nogil
cdef int k_shanten_form(const uint8_t* c, int w, const KRules* r, int form) noexcept nogil
cdef uint64_t k_waits(const uint8_t* c, int w, const KRules* r) noexcept nogil
cdef int ensure_tables() except -1
