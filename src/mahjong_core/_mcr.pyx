"""MCR (国标) fan counting in C: readings, their features, the fan table.

The fan table itself is Python data (``variants/guobiao.py``): each fan's
predicate is a small Python expression over the *features* of a reading.
``guobiao`` compiles every predicate once into the bytecode run here (see
``OPS``), and builds a :class:`Table` per set of options.  :func:`score`
then does the whole count without touching Python objects:

1. the hand facts shared by every reading (kind and suit masks, kongs,
   flags) in one pass over the counts;
2. every reading: the standard form (4 sets and a pair, by a small
   recursive splitter), 七对 / 连七对, 十三幺, 全不靠, 七星不靠, and 组合龙
   with a set and a pair;
3. per reading, its feature record (``FEATURES`` and the set-combination
   fans ``COMBOS``, after 不拆移 / 不得相同 / 套算一次) and the wait shape
   (the waits counted by parts, not by trying every tile);
4. the fans in table order: each is a few range checks read off its
   bytecode (the interpreter runs only what is not a check); the fans a
   feature equal to 0 fails are dropped as a group, and a fan already
   excluded (不计) by a higher one is not evaluated; 套算一次 reductions;
   无番和;
5. the best reading (就高不就低) with the reference calculator's tie rule,
   and its score sheet.

It mirrors the readable Python path of ``guobiao`` (``engine="python"``),
which the tests compare it with, reading by reading and sheet by sheet.

Inputs are trusted only as far as :func:`score` checks them: anything it
cannot score (a malformed or non-winning hand) returns ``None`` and the
caller lets the Python path raise the precise error.
"""

from libc.string cimport memset, memcpy
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t, int32_t, int64_t, INT64_MAX, INT64_MIN
from libc.stdlib cimport malloc, free
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.object cimport PyTypeObject

import dataclasses

cdef extern from "Python.h":
    object _alloc "PyType_GenericAlloc"(PyTypeObject* t, Py_ssize_t n)

cdef extern from *:
    """
    /* Store a slot through its member descriptor (what object.__setattr__
       ends up doing for a slotted class, without the attribute lookup). */
    static inline int mj_set_slot(PyObject *descr, PyObject *obj, PyObject *value) {
        return Py_TYPE(descr)->tp_descr_set(descr, obj, value);
    }
    """
    int _set_slot "mj_set_slot"(object descr, object obj, object value) except -1

import types

from mahjong_core._native cimport KRules, krules_init, k_waits, ensure_tables

# ---------------------------------------------------------------------------
# Features of a reading (the names the predicates use)
# ---------------------------------------------------------------------------

cdef enum:
    F_KIND = 0
    F_MASK = 1
    F_SUITS = 2
    F_RANKS = 3
    F_NSUITS = 4
    F_PUNG_KINDS = 5
    F_NPUNGS = 6
    F_NCHOWS = 7
    F_PAIR = 8
    F_CONCEALED_PUNGS = 9
    F_MELDED_KONGS = 10
    F_CONCEALED_KONGS = 11
    F_KONGS = 12
    F_OPEN_MELDS = 13
    F_SELF_DRAWN = 14
    F_LAST_TILE = 15
    F_KONG = 16
    F_FOURTH_TILE = 17
    F_WAIT = 18
    F_HOG = 19
    F_SEAT_WIND = 20
    F_ROUND_WIND = 21
    F_NINE_GATES = 22
    F_KNITTED = 23
    F_PURE_TERMINAL_CHOWS = 24
    F_MIXED_TERMINAL_CHOWS = 25
    F_OUTSIDE = 26
    F_FIVES = 27
    F_EVEN = 28
    F_FIRST_TURN = 29
    F_FIRST_GO_AROUND = 30
    F_DEALER = 31
    F_READY_ON_DEAL = 32
    F_WILD_KONG = 33
    F_COMBO = 34
    NCOMBO = 21
    NFEAT = 55

FEATURES = (
    "kind", "mask", "suits", "ranks", "nsuits", "pung_kinds", "npungs", "nchows", "pair",
    "concealed_pungs", "melded_kongs", "concealed_kongs", "kongs", "open_melds",
    "self_drawn", "last_tile", "kong", "fourth_tile", "wait", "hog", "seat_wind", "round_wind",
    "nine_gates", "knitted", "pure_terminal_chows", "mixed_terminal_chows", "outside", "fives", "even",
    "first_turn", "first_go_around", "dealer", "ready_on_deal", "wild_kong",
)
"""Scalar features, in record order; the set-combination counts follow."""

if len(FEATURES) != F_COMBO or F_COMBO + NCOMBO != NFEAT or NFEAT > NFEAT_MAX:
    raise ImportError("_mcr: the feature record's layout is inconsistent")

# set-combination fans (indices into COMBOS)
cdef enum:
    CB_PURE_DOUBLE = 0          # 一般高
    CB_MIXED_DOUBLE = 1         # 喜相逢
    CB_SHORT_STRAIGHT = 2       # 连六
    CB_TWO_TERMINAL = 3         # 老少副
    CB_MIXED_SHIFTED_CHOWS = 4  # 三色三步高
    CB_MIXED_TRIPLE = 5         # 三色三同顺
    CB_MIXED_STRAIGHT = 6       # 花龙
    CB_PURE_STRAIGHT = 7        # 清龙
    CB_PURE_SHIFTED_CHOWS = 8   # 一色三步高
    CB_PURE_TRIPLE = 9          # 一色三同顺
    CB_FOUR_SHIFTED_CHOWS = 10  # 一色四步高
    CB_QUADRUPLE = 11           # 一色四同顺
    CB_DOUBLE_PUNG = 12         # 双同刻
    CB_TWO_DRAGONS = 13         # 双箭刻
    CB_MIXED_SHIFTED_PUNGS = 14 # 三色三节高
    CB_TRIPLE_PUNG = 15         # 三同刻
    CB_PURE_SHIFTED_PUNGS = 16  # 一色三节高
    CB_THREE_WINDS = 17         # 三风刻
    CB_THREE_DRAGONS = 18       # 大三元
    CB_FOUR_SHIFTED_PUNGS = 19  # 一色四节高
    CB_FOUR_WINDS = 20          # 大四喜

COMBOS = (
    "一般高", "喜相逢", "连六", "老少副", "三色三步高", "三色三同顺", "花龙", "清龙", "一色三步高",
    "一色三同顺", "一色四步高", "一色四同顺", "双同刻", "双箭刻", "三色三节高", "三同刻", "一色三节高",
    "三风刻", "大三元", "一色四节高", "大四喜",
)
"""The set-combination fans, in record order after FEATURES."""

# reading kinds (bits, as guobiao's STD PAIRS ...) and wait shapes
cdef enum:
    K_STD = 1
    K_PAIRS = 2
    K_SHIFTED = 4
    K_ORPHANS = 8
    K_LESSER = 16
    K_GREATER = 32
    K_KSTRAIGHT = 64
    EDGE = 1
    CLOSED = 2
    SINGLE = 3

# meld kinds
cdef enum:
    M_CHI = 0
    M_PON = 1
    M_KAN = 2
    M_KAKAN = 3
    M_ANKAN = 4

# ---------------------------------------------------------------------------
# Bytecode
# ---------------------------------------------------------------------------

cdef enum:
    OP_END = 0              # return the top of the stack
    OP_FEAT = 1             # push f[arg]
    OP_CONST = 2            # push arg
    OP_INV = 3              # ~x
    OP_NEG = 4              # -x
    OP_NOT = 5              # not x (0/1)
    OP_BOOL = 6             # bool(x) (0/1)
    OP_POPCOUNT = 7         # bits set in x (as a 64-bit word)
    OP_BIT = 8              # 1 << x for 0 <= x < 63, else 0
    OP_AND = 10
    OP_OR = 11
    OP_XOR = 12
    OP_ADD = 13
    OP_SUB = 14
    OP_CMP = 20             # 20 + c: x CMP y, c = 0 == 1 != 2 < 3 <= 4 > 5 >=
    OP_JFALSE_KEEP = 30     # `and`: top falsy: jump to arg (keep it); else pop
    OP_JTRUE_KEEP = 31      # `or`:  top truthy: jump to arg (keep it); else pop
    OP_JFALSE_POP = 32      # pop; falsy: jump to arg
    OP_JUMP = 33
    OP_GUARD = 34           # pop; falsy: the predicate is 0
    OP_ATOM = 40            # 40 + c, args f m k: push (f[f] & m) CMP k
    OP_GUARD_ATOM = 50      # 50 + c, args f m k: not (f[f] & m) CMP k: the predicate is 0

OPS = {
    "END": OP_END, "FEAT": OP_FEAT, "CONST": OP_CONST, "INV": OP_INV, "NEG": OP_NEG, "NOT": OP_NOT,
    "BOOL": OP_BOOL, "POPCOUNT": OP_POPCOUNT, "BIT": OP_BIT, "AND": OP_AND, "OR": OP_OR, "XOR": OP_XOR,
    "ADD": OP_ADD, "SUB": OP_SUB, "CMP": OP_CMP,
    "JFALSE_KEEP": OP_JFALSE_KEEP, "JTRUE_KEEP": OP_JTRUE_KEEP, "JFALSE_POP": OP_JFALSE_POP,
    "JUMP": OP_JUMP, "GUARD": OP_GUARD, "ATOM": OP_ATOM, "GUARD_ATOM": OP_GUARD_ATOM,
}
"""Opcodes of the predicate bytecode (``guobiao`` compiles to them)."""

STACK = 16
"""Deepest stack a predicate may use."""

from mahjong_core._types cimport popcount64 as _popcount, ctz64 as _ctz


cdef enum:
    # one opcode per comparison, so that the interpreter is a single switch
    OP_CMP_EQ = 20
    OP_CMP_NE = 21
    OP_CMP_LT = 22
    OP_CMP_LE = 23
    OP_CMP_GT = 24
    OP_CMP_GE = 25
    OP_ATOM_EQ = 40
    OP_ATOM_NE = 41
    OP_ATOM_LT = 42
    OP_ATOM_LE = 43
    OP_ATOM_GT = 44
    OP_ATOM_GE = 45
    OP_GUARD_EQ = 50
    OP_GUARD_NE = 51
    OP_GUARD_LT = 52
    OP_GUARD_LE = 53
    OP_GUARD_GT = 54
    OP_GUARD_GE = 55


cdef int64_t _run(const int64_t* code, int64_t pc, const int64_t* f) noexcept nogil:
    """Evaluate one predicate from ``pc`` (valid bytecode from the compiler:
    trusted)."""
    cdef int64_t st[16]
    cdef int sp = -1
    cdef int64_t op, a, v
    while True:
        op = code[pc]
        if op == OP_GUARD_EQ:
            if (f[code[pc + 1]] & code[pc + 2]) != code[pc + 3]:
                return 0
            pc += 4
        elif op == OP_GUARD_NE:
            if (f[code[pc + 1]] & code[pc + 2]) == code[pc + 3]:
                return 0
            pc += 4
        elif op == OP_GUARD_LT:
            if not (f[code[pc + 1]] & code[pc + 2]) < code[pc + 3]:
                return 0
            pc += 4
        elif op == OP_GUARD_LE:
            if not (f[code[pc + 1]] & code[pc + 2]) <= code[pc + 3]:
                return 0
            pc += 4
        elif op == OP_GUARD_GT:
            if not (f[code[pc + 1]] & code[pc + 2]) > code[pc + 3]:
                return 0
            pc += 4
        elif op == OP_GUARD_GE:
            if not (f[code[pc + 1]] & code[pc + 2]) >= code[pc + 3]:
                return 0
            pc += 4
        elif op == OP_END:
            return st[sp]
        elif op == OP_FEAT:
            sp += 1
            st[sp] = f[code[pc + 1]]
            pc += 2
        elif op == OP_CONST:
            sp += 1
            st[sp] = code[pc + 1]
            pc += 2
        elif op == OP_ATOM_EQ:
            sp += 1
            st[sp] = (f[code[pc + 1]] & code[pc + 2]) == code[pc + 3]
            pc += 4
        elif op == OP_ATOM_NE:
            sp += 1
            st[sp] = (f[code[pc + 1]] & code[pc + 2]) != code[pc + 3]
            pc += 4
        elif op == OP_ATOM_LT:
            sp += 1
            st[sp] = (f[code[pc + 1]] & code[pc + 2]) < code[pc + 3]
            pc += 4
        elif op == OP_ATOM_LE:
            sp += 1
            st[sp] = (f[code[pc + 1]] & code[pc + 2]) <= code[pc + 3]
            pc += 4
        elif op == OP_ATOM_GT:
            sp += 1
            st[sp] = (f[code[pc + 1]] & code[pc + 2]) > code[pc + 3]
            pc += 4
        elif op == OP_ATOM_GE:
            sp += 1
            st[sp] = (f[code[pc + 1]] & code[pc + 2]) >= code[pc + 3]
            pc += 4
        elif op == OP_GUARD:
            sp -= 1
            if st[sp + 1] == 0:
                return 0
            pc += 1
        elif op == OP_JFALSE_KEEP:
            if st[sp] == 0:
                pc = code[pc + 1]
            else:
                sp -= 1
                pc += 2
        elif op == OP_JTRUE_KEEP:
            if st[sp] != 0:
                pc = code[pc + 1]
            else:
                sp -= 1
                pc += 2
        elif op == OP_JFALSE_POP:
            sp -= 1
            if st[sp + 1] == 0:
                pc = code[pc + 1]
            else:
                pc += 2
        elif op == OP_JUMP:
            pc = code[pc + 1]
        elif op == OP_CMP_EQ:
            sp -= 1
            st[sp] = st[sp] == st[sp + 1]
            pc += 1
        elif op == OP_CMP_NE:
            sp -= 1
            st[sp] = st[sp] != st[sp + 1]
            pc += 1
        elif op == OP_CMP_LT:
            sp -= 1
            st[sp] = st[sp] < st[sp + 1]
            pc += 1
        elif op == OP_CMP_LE:
            sp -= 1
            st[sp] = st[sp] <= st[sp + 1]
            pc += 1
        elif op == OP_CMP_GT:
            sp -= 1
            st[sp] = st[sp] > st[sp + 1]
            pc += 1
        elif op == OP_CMP_GE:
            sp -= 1
            st[sp] = st[sp] >= st[sp + 1]
            pc += 1
        elif op == OP_AND:
            sp -= 1
            st[sp] = st[sp] & st[sp + 1]
            pc += 1
        elif op == OP_OR:
            sp -= 1
            st[sp] = st[sp] | st[sp + 1]
            pc += 1
        elif op == OP_XOR:
            sp -= 1
            st[sp] = st[sp] ^ st[sp + 1]
            pc += 1
        elif op == OP_ADD:
            sp -= 1
            st[sp] = st[sp] + st[sp + 1]
            pc += 1
        elif op == OP_SUB:
            sp -= 1
            st[sp] = st[sp] - st[sp + 1]
            pc += 1
        elif op == OP_INV:
            st[sp] = ~st[sp]
            pc += 1
        elif op == OP_NEG:
            st[sp] = -st[sp]
            pc += 1
        elif op == OP_NOT:
            st[sp] = st[sp] == 0
            pc += 1
        elif op == OP_BOOL:
            st[sp] = st[sp] != 0
            pc += 1
        elif op == OP_POPCOUNT:
            st[sp] = _popcount(<uint64_t>st[sp])
            pc += 1
        else:  # OP_BIT
            a = st[sp]
            st[sp] = (<int64_t>1 << a) if 0 <= a < 63 else 0
            pc += 1


# ---------------------------------------------------------------------------
# Tiles
# ---------------------------------------------------------------------------

cdef uint64_t ONE = 1
cdef uint64_t HONOURS = ((ONE << 7) - 1) << 27
cdef uint64_t WINDS = ((ONE << 4) - 1) << 27
cdef uint64_t DRAGONS = ((ONE << 3) - 1) << 31
cdef int ORPHANS[13]
ORPHANS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef uint64_t ORPHAN_MASK = 0
cdef int _i
for _i in range(13):
    ORPHAN_MASK |= ONE << ORPHANS[_i]

# The reference calculator orders suits 万 条 饼 and the dragons 中 发 白;
# the order only decides between readings of equal value.
cdef int REF[34]
for _i in range(34):
    if _i < 9:
        REF[_i] = _i
    elif _i < 18:
        REF[_i] = _i + 9
    elif _i < 27:
        REF[_i] = _i - 9
    elif _i < 31:
        REF[_i] = _i
    else:
        REF[_i] = 64 - _i

# 组合龙 arrangement a: 147 in suit PERM[a][0], 258 in PERM[a][1], 369 in PERM[a][2]
cdef int PERM[6][3]
PERM[:] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
cdef int KNIT[6][9]
cdef uint64_t KNIT_MASK[6]
cdef int _a, _j
for _a in range(6):
    KNIT_MASK[_a] = 0
    for _j in range(9):
        KNIT[_a][_j] = PERM[_a][_j // 3] * 9 + (_j // 3) + 3 * (_j % 3)
        KNIT_MASK[_a] |= ONE << KNIT[_a][_j]


# ---------------------------------------------------------------------------
# Set combinations: 不拆移, 不得相同, 套算一次 (guobiao.chow_combinations,
# guobiao.pung_combinations)
# ---------------------------------------------------------------------------

cdef inline void _ref_sort(int8_t* v, int n) noexcept nogil:
    cdef int i, j
    cdef int8_t x
    for i in range(1, n):
        x = v[i]
        j = i
        while j > 0 and REF[v[j - 1]] > REF[x]:
            v[j] = v[j - 1]
            j -= 1
        v[j] = x


cdef inline int _two_chows(int a, int b) noexcept nogil:
    cdef int ra = a % 9, rb = b % 9
    if a // 9 != b // 9:
        return CB_MIXED_DOUBLE if ra == rb else -1
    if a - b == 3 or b - a == 3:
        return CB_SHORT_STRAIGHT
    if (ra == 0 and rb == 6) or (ra == 6 and rb == 0):
        return CB_TWO_TERMINAL
    return CB_PURE_DOUBLE if a == b else -1


cdef inline void _sort3(int* r) noexcept nogil:
    cdef int t
    if r[0] > r[1]:
        t = r[0]; r[0] = r[1]; r[1] = t
    if r[1] > r[2]:
        t = r[1]; r[1] = r[2]; r[2] = t
    if r[0] > r[1]:
        t = r[0]; r[0] = r[1]; r[1] = t


cdef int _three_chows(int a, int b, int c) noexcept nogil:
    cdef int r[3]
    cdef int sa = a // 9, sb = b // 9, sc = c // 9
    r[0] = a % 9
    r[1] = b % 9
    r[2] = c % 9
    _sort3(r)
    if sa != sb and sb != sc and sa != sc:
        if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
            return CB_MIXED_SHIFTED_CHOWS
        if r[0] == r[2]:
            return CB_MIXED_TRIPLE
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return CB_MIXED_STRAIGHT
        return -1
    if sa != sb or sb != sc:
        return -1
    if r[0] == 0 and r[1] == 3 and r[2] == 6:
        return CB_PURE_STRAIGHT
    if (r[0] + 1 == r[1] and r[1] + 1 == r[2]) or (r[0] + 2 == r[1] and r[1] + 2 == r[2]):
        return CB_PURE_SHIFTED_CHOWS
    return CB_PURE_TRIPLE if r[0] == r[2] else -1


cdef int _four_chows(const int8_t* cs) noexcept nogil:
    cdef int r[4]
    cdef int i, j, t, s = cs[0] // 9
    for i in range(4):
        if cs[i] // 9 != s:
            return -1
        r[i] = cs[i] % 9
    for i in range(1, 4):
        t = r[i]
        j = i
        while j > 0 and r[j - 1] > t:
            r[j] = r[j - 1]
            j -= 1
        r[j] = t
    if (r[0] + 1 == r[1] and r[1] + 1 == r[2] and r[2] + 1 == r[3]) or \
            (r[0] + 2 == r[1] and r[1] + 2 == r[2] and r[2] + 2 == r[3]):
        return CB_FOUR_SHIFTED_CHOWS
    return CB_QUADRUPLE if r[0] == r[3] else -1


cdef int TRIPLES[4][4]
TRIPLES[:] = [[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 3, 1], [1, 2, 3, 0]]


cdef void _limit_pairs(const int* fans, int n, int limit, int64_t* out) noexcept nogil:
    """At most ``limit`` chow-pair fans: the surplus goes from repeats first,
    老少副 before 连六 before 喜相逢 before 一般高, then whole kinds."""
    cdef int table[4]
    cdef int i, keep, name, cnt = 0
    table[0] = table[1] = table[2] = table[3] = 0
    for i in range(n):
        if fans[i] >= 0:
            table[fans[i]] += 1
            cnt += 1
    for keep in range(1, -1, -1):
        for name in range(3, -1, -1):
            while table[name] > keep and cnt > limit:
                table[name] -= 1
                cnt -= 1
    for i in range(4):
        out[i] += table[i]


cdef void _chow_combos(const int8_t* chows, int n, int64_t* out) noexcept nogil:
    cdef int8_t cs[4]
    cdef int i, j, k, f, g, free, isolated, alone, best
    cdef int pairs[6]
    if n < 2:
        return
    for i in range(n):
        cs[i] = chows[i]
    _ref_sort(cs, n)
    if n == 2:
        f = _two_chows(cs[0], cs[1])
        if f >= 0:
            out[f] += 1
        return
    if n == 4:
        f = _four_chows(cs)
        if f >= 0:
            out[f] += 1
            return
        for k in range(4):
            f = _three_chows(cs[TRIPLES[k][0]], cs[TRIPLES[k][1]], cs[TRIPLES[k][2]])
            if f >= 0:
                out[f] += 1
                free = TRIPLES[k][3]
                best = 4
                for i in range(3):
                    g = _two_chows(cs[TRIPLES[k][i]], cs[free])
                    if 0 <= g < best:
                        best = g
                if best < 4:
                    out[best] += 1
                return
        k = 0
        for i in range(4):
            for j in range(i + 1, 4):
                pairs[k] = _two_chows(cs[i], cs[j])
                k += 1
        isolated = 0
        for i in range(4):
            alone = 1
            k = 0
            for f in range(4):
                for j in range(f + 1, 4):
                    if (f == i or j == i) and pairs[k] >= 0:
                        alone = 0
                    k += 1
            isolated += alone
        if 3 - isolated > 0:
            _limit_pairs(pairs, 6, 3 - isolated, out)
        return
    f = _three_chows(cs[0], cs[1], cs[2])
    if f >= 0:
        out[f] += 1
        return
    pairs[0] = _two_chows(cs[0], cs[1])
    pairs[1] = _two_chows(cs[0], cs[2])
    pairs[2] = _two_chows(cs[1], cs[2])
    _limit_pairs(pairs, 3, 2, out)


cdef inline int _two_pungs(int a, int b) noexcept nogil:
    if a < 27 and b < 27:
        return CB_DOUBLE_PUNG if a % 9 == b % 9 else -1
    if (DRAGONS >> a) & 1 and (DRAGONS >> b) & 1:
        return CB_TWO_DRAGONS
    return -1


cdef int _three_pungs(int a, int b, int c) noexcept nogil:
    cdef int r[3]
    cdef int sa, sb, sc
    if a < 27 and b < 27 and c < 27:
        sa = a // 9
        sb = b // 9
        sc = c // 9
        r[0] = a % 9
        r[1] = b % 9
        r[2] = c % 9
        _sort3(r)
        if sa != sb and sb != sc and sa != sc:
            if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
                return CB_MIXED_SHIFTED_PUNGS
            return CB_TRIPLE_PUNG if r[0] == r[2] else -1
        if sa == sb and sb == sc and r[0] + 1 == r[1] and r[1] + 1 == r[2]:
            return CB_PURE_SHIFTED_PUNGS
        return -1
    if (WINDS >> a) & 1 and (WINDS >> b) & 1 and (WINDS >> c) & 1 and a != b and b != c and a != c:
        return CB_THREE_WINDS
    if (DRAGONS >> a) & 1 and (DRAGONS >> b) & 1 and (DRAGONS >> c) & 1 and a != b and b != c and a != c:
        return CB_THREE_DRAGONS
    return -1


cdef void _pung_combos(const int8_t* pungs, int n, int64_t* out) noexcept nogil:
    cdef int8_t ps[4]
    cdef int i, j, k, f, g, free
    if n < 2:
        return
    for i in range(n):
        ps[i] = pungs[i]
    _ref_sort(ps, n)
    if n == 4:
        if ps[3] < 27 and ps[0] // 9 == ps[3] // 9 and ps[0] + 1 == ps[1] and ps[1] + 1 == ps[2] \
                and ps[2] + 1 == ps[3]:
            out[CB_FOUR_SHIFTED_PUNGS] += 1
            return
        if ps[0] == 27 and ps[1] == 28 and ps[2] == 29 and ps[3] == 30:
            out[CB_FOUR_WINDS] += 1
            return
        for k in range(4):
            f = _three_pungs(ps[TRIPLES[k][0]], ps[TRIPLES[k][1]], ps[TRIPLES[k][2]])
            if f >= 0:
                out[f] += 1
                free = TRIPLES[k][3]
                for i in range(3):
                    g = _two_pungs(ps[TRIPLES[k][i]], ps[free])
                    if g >= 0:
                        out[g] += 1
                        break
                return
    elif n == 3:
        f = _three_pungs(ps[0], ps[1], ps[2])
        if f >= 0:
            out[f] += 1
            return
    for i in range(n):
        for j in range(i + 1, n):
            g = _two_pungs(ps[i], ps[j])
            if g >= 0:
                out[g] += 1


# ---------------------------------------------------------------------------
# Readings
# ---------------------------------------------------------------------------

cdef enum:
    MAXR = 48           # readings of one hand (a few in practice; more: the Python path)

cdef struct Rd:
    int kind
    int pair
    int nc
    int np
    int8_t chows[4]     # concealed chows (lowest kind)
    int8_t pungs[4]     # concealed pungs
    int knit            # 组合龙 arrangement, or -1
    uint32_t key        # order among readings of its form

cdef struct Hand:
    uint8_t c[34]       # concealed tiles, the winning tile included
    int T               # how many
    int win
    int nmelds
    int8_t mchows[4]    # declared chows (lowest kind)
    int nmc
    int8_t mpungs[4]    # declared pungs and kongs
    int nmp
    int self_drawn
    int nine_gates      # 九莲宝灯 shape (standard readings only)
    int nwaits          # kinds the hand waited on (-1: not yet counted)
    int64_t base[NFEAT]
    # the splitter's state
    uint8_t w[34]
    int pair
    int nc
    int np
    int8_t chows[4]
    int8_t pungs[4]
    int kind
    int knit
    Rd out[MAXR]
    int nout
    int overflow


cdef void _emit(Hand* h) noexcept nogil:
    cdef Rd* r
    cdef int i, j
    cdef uint32_t e[4]
    cdef uint32_t x
    if h.nout == MAXR:
        h.overflow = 1
        return
    r = &h.out[h.nout]
    h.nout += 1
    r.kind = h.kind
    r.pair = h.pair
    r.nc = h.nc
    r.np = h.np
    r.knit = h.knit
    for i in range(4):
        r.chows[i] = h.chows[i]
        r.pungs[i] = h.pungs[i]
    if h.kind == K_STD:
        # the concealed sets in the reference's order: (REF, 0 pung / 1 chow), sorted
        for i in range(h.np):
            e[i] = <uint32_t>(REF[h.pungs[i]] * 2)
        for i in range(h.nc):
            e[h.np + i] = <uint32_t>(REF[h.chows[i]] * 2 + 1)
        for i in range(1, h.np + h.nc):
            x = e[i]
            j = i
            while j > 0 and e[j - 1] > x:
                e[j] = e[j - 1]
                j -= 1
            e[j] = x
        r.key = 0
        for i in range(h.np + h.nc):
            r.key = (r.key << 8) | e[i]
    elif h.kind == K_KSTRAIGHT:
        # the core's unit order: the pair, then the set (pung before chow)
        r.key = <uint32_t>(h.pair + 1) << 16
        if h.np:
            r.key |= (1 << 8) | <uint32_t>(h.pungs[0] + 1)
        elif h.nc:
            r.key |= (2 << 8) | <uint32_t>(h.chows[0] + 1)
    else:
        r.key = 0


cdef void _split(Hand* h, int i) noexcept nogil:
    """Every split of h.w into sets and one pair: the units whose lowest
    kind is i are chosen together (a pair, a pung, r chows), so each split
    comes out once."""
    cdef int n, p, q, r, k
    while i < 34 and h.w[i] == 0:
        i += 1
    if i == 34:
        if h.pair >= 0:
            _emit(h)
        return
    n = h.w[i]
    for p in range(2):
        if p and (h.pair >= 0 or n < 2):
            break
        for q in range(2):
            r = n - 2 * p - 3 * q
            if r < 0:
                break
            if q and h.np == 4:
                continue
            if r:
                if i >= 27 or i % 9 > 6 or h.w[i + 1] < r or h.w[i + 2] < r or h.nc + r > 4:
                    continue
                h.w[i + 1] -= r
                h.w[i + 2] -= r
            h.w[i] = 0
            if p:
                h.pair = i
            if q:
                h.pungs[h.np] = i
                h.np += 1
            for k in range(r):
                h.chows[h.nc] = i
                h.nc += 1
            _split(h, i + 1)
            h.nc -= r
            h.np -= q
            if p:
                h.pair = -1
            h.w[i] = n
            if r:
                h.w[i + 1] += r
                h.w[i + 2] += r


cdef bint _completes(uint8_t* c, int i, bint pair) noexcept nogil:
    """Do these counts (any size per kind) split into sets and, when
    ``pair``, one pair?  (The rare fifth-copy wait.)"""
    cdef int n, p, q, r
    cdef bint ok
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:
        return not pair
    n = c[i]
    for p in range(2):
        if p and (not pair or n < 2):
            break
        for q in range(n // 3 + 1):
            r = n - 2 * p - 3 * q
            if r < 0:
                break
            if r and (i >= 27 or i % 9 > 6 or c[i + 1] < r or c[i + 2] < r):
                continue
            c[i] = 0
            if r:
                c[i + 1] -= r
                c[i + 2] -= r
            ok = _completes(c, i + 1, pair and not p)
            c[i] = n
            if r:
                c[i + 1] += r
                c[i + 2] += r
            if ok:
                return True
    return False


cdef void _readings(Hand* h) noexcept nogil:
    """Every reading, in the order the Python path counts them: the special
    forms (七对, 十三幺, 全不靠, 七星不靠, 组合龙 by its units), then the
    standard readings by their concealed sets in the reference's order."""
    cdef int k, a, j, distinct = 0, ok, start
    cdef uint64_t held = 0
    cdef Rd tmp
    h.nout = 0
    h.overflow = 0
    h.nc = h.np = 0
    h.pair = -1
    h.knit = -1
    for k in range(34):
        if h.c[k]:
            held |= ONE << k
            distinct += 1
    if h.T == 14:
        ok = 1
        for k in range(34):
            if h.c[k] & 1:
                ok = 0
                break
        if ok:
            h.kind = K_SHIFTED if _shifted(h) else K_PAIRS
            _emit(h)
        if (held & ~ORPHAN_MASK) == 0 and distinct == 13:
            h.kind = K_ORPHANS
            _emit(h)
        if distinct == 14:
            for a in range(6):
                if (held & ~(KNIT_MASK[a] | HONOURS)) == 0:
                    h.kind = K_LESSER
                    _emit(h)
                    if (held & HONOURS) == HONOURS:
                        h.kind = K_GREATER
                        _emit(h)
                    break
    if h.T >= 11 and distinct >= 9:
        for a in range(6):
            if (held & KNIT_MASK[a]) != KNIT_MASK[a]:
                continue
            memcpy(h.w, h.c, 34)
            for j in range(9):
                h.w[KNIT[a][j]] -= 1
            h.kind = K_KSTRAIGHT
            h.knit = a
            start = h.nout
            _split(h, 0)
            h.knit = -1
            # by their units, as the core sorts them
            for j in range(start + 1, h.nout):
                tmp = h.out[j]
                k = j
                while k > start and h.out[k - 1].key > tmp.key:
                    h.out[k] = h.out[k - 1]
                    k -= 1
                h.out[k] = tmp
    memcpy(h.w, h.c, 34)
    h.kind = K_STD
    start = h.nout
    _split(h, 0)
    for j in range(start + 1, h.nout):
        tmp = h.out[j]
        k = j
        while k > start and h.out[k - 1].key > tmp.key:
            h.out[k] = h.out[k - 1]
            k -= 1
        h.out[k] = tmp


cdef bint _part_complete(uint8_t* c, int i, int end, bint pair) noexcept nogil:
    """Do the counts of kinds i..end-1 (one suit, or one honour; any size
    per kind) split into sets and, when ``pair``, one pair?"""
    cdef int n, p, q, r
    cdef bint ok
    while i < end and c[i] == 0:
        i += 1
    if i == end:
        return not pair
    n = c[i]
    for p in range(2):
        if p and (not pair or n < 2):
            break
        for q in range(n // 3 + 1):
            r = n - 2 * p - 3 * q
            if r < 0:
                break
            if r and (i >= 27 or i % 9 > 6 or c[i + 1] < r or c[i + 2] < r):
                continue
            c[i] = 0
            if r:
                c[i + 1] -= r
                c[i + 2] -= r
            ok = _part_complete(c, i + 1, end, pair and not p)
            c[i] = n
            if r:
                c[i + 1] += r
                c[i + 2] += r
            if ok:
                return True
    return False


cdef int PART_LO[10]
cdef int PART_HI[10]
PART_LO[:] = [0, 9, 18, 27, 28, 29, 30, 31, 32, 33]
PART_HI[:] = [9, 18, 27, 28, 29, 30, 31, 32, 33, 34]


cdef inline int _part_of(int k) noexcept nogil:
    return k // 9 if k < 27 else k - 24


cdef int _part_waits(uint8_t* s, int y, bint pair, uint64_t* found, int n) noexcept nogil:
    """Add to ``found`` the kinds of part y that complete it (with the pair
    when ``pair``); returns the number found so far, stopping at 2."""
    cdef int k, lo = PART_LO[y], hi = PART_HI[y]
    for k in range(lo, hi):
        if not s[k]:
            # a kind no held tile of the part can meet is no wait
            if k >= 27 or not ((k > lo and s[k - 1]) or (k > lo + 1 and s[k - 2])
                               or (k + 1 < hi and s[k + 1]) or (k + 2 < hi and s[k + 2])):
                continue
        s[k] += 1
        if _part_complete(s, lo, hi, pair):
            found[0] |= ONE << k
            n += 1
        s[k] -= 1
        if n >= 2:
            break
    return n


cdef int _count_waits(uint8_t* s, int total, bint seven_pairs) noexcept nogil:
    """How many kinds complete these 3n+1 tiles (standard form, and seven
    pairs when asked), counting 2 for two or more; a kind held four times
    counts when a fifth copy would complete the standard form.

    Parts are the three suits and each honour.  A complete hand has one part
    with 3a + 2 tiles (the pair) and the others with 3a, so a tile can only
    complete a hand whose parts hold 1 and 0 mod 3 (in the part with 1), or
    2, 2 and 0 (in either part with 2, the other keeping the pair); the
    remaining parts must already be sets."""
    cdef int cnt[10]
    cdef int p, r, ones = 0, twos = 0, p1 = -1, pa = -1, pb = -1, n = 0, k, odd = -1, nodd = 0
    cdef uint64_t found = 0
    for p in range(10):
        cnt[p] = 0
    for k in range(34):
        if s[k]:
            cnt[_part_of(k)] += s[k]
            if s[k] & 1:
                odd = k
                nodd += 1
    for p in range(10):
        r = cnt[p] % 3
        if r == 1:
            ones += 1
            p1 = p
        elif r == 2:
            twos += 1
            if pa < 0:
                pa = p
            else:
                pb = p
    if (ones == 1 and twos == 0) or (ones == 0 and twos == 2):
        for p in range(10):
            if cnt[p] and cnt[p] % 3 == 0 and not _part_complete(s, PART_LO[p], PART_HI[p], False):
                break
        else:
            if ones:
                n = _part_waits(s, p1, True, &found, 0)
            else:
                if _part_complete(s, PART_LO[pb], PART_HI[pb], True):
                    n = _part_waits(s, pa, False, &found, n)
                if n < 2 and _part_complete(s, PART_LO[pa], PART_HI[pa], True):
                    n = _part_waits(s, pb, False, &found, n)
    if n < 2 and seven_pairs and total == 13 and nodd == 1 and s[odd] < 4 and not (found >> odd) & 1:
        n += 1
    return n if n < 2 else 2


cdef int _nwaits(const TData* t, Hand* h) noexcept nogil:
    """How many kinds the hand waited on (standard form, and seven pairs
    when nothing is declared), 2 for two or more."""
    cdef uint8_t s[34]
    if h.nwaits >= 0:
        return h.nwaits
    memcpy(s, h.c, 34)
    s[h.win] -= 1
    h.nwaits = _count_waits(s, h.T - 1, h.nmelds == 0)
    return h.nwaits


cdef int _nwaits_core(const TData* t, const uint8_t* standing, bint seven_pairs) noexcept nogil:
    """The same count with the core's waits (the reference for the tests):
    waits of the standard form (and seven pairs), plus a kind held four
    times whose fifth copy would complete the standard form."""
    cdef uint8_t s[34]
    cdef int k, n
    memcpy(s, standing, 34)
    n = _popcount(k_waits(s, 0, &t.std_pairs_rules if seven_pairs else &t.std_rules))
    for k in range(34):
        if s[k] == 4:
            s[k] = 5
            if _completes(s, 0, True):
                n += 1
            s[k] = 4
    return n


cdef inline int _wait_position(int t, const int8_t* chows, int nc, int pair) noexcept nogil:
    cdef int pos = 0, i, c
    for i in range(nc):
        c = chows[i]
        if c + 1 == t:
            pos |= 2
        elif c == t or c + 2 == t:
            pos |= 1
    if pair == t:
        pos |= 4
    if pos & 1:
        return EDGE
    if pos & 2:
        return CLOSED
    return SINGLE if pos & 4 else 0


cdef void _features(const TData* t, Hand* h, const Rd* r, int64_t* f) noexcept nogil:
    """The feature record of one reading (guobiao.Reading, field by field)."""
    cdef int8_t chows[4]
    cdef int8_t pungs[4]
    cdef int nc = 0, np = 0, i, k, t_win = h.win, concealed, pos, ps, lows
    cdef uint64_t pk = 0
    cdef bint outside, fives, even, honour, all_same
    cdef uint8_t rest[34]
    memcpy(f, h.base, NFEAT * sizeof(int64_t))
    f[F_KIND] = r.kind
    if r.kind != K_STD and r.kind != K_KSTRAIGHT:
        if r.kind == K_LESSER:
            pk = h.base[F_MASK] & ((ONE << 27) - 1)
            if _popcount(pk) == 9:
                f[F_KNITTED] = <int64_t>pk
        return
    for i in range(r.nc):
        chows[nc] = r.chows[i]
        nc += 1
    for i in range(h.nmc):
        chows[nc] = h.mchows[i]
        nc += 1
    for i in range(r.np):
        pungs[np] = r.pungs[i]
        np += 1
    for i in range(h.nmp):
        pungs[np] = h.mpungs[i]
        np += 1
    for i in range(np):
        pk |= ONE << pungs[i]
    f[F_PUNG_KINDS] = <int64_t>pk
    f[F_NPUNGS] = np
    f[F_NCHOWS] = nc
    f[F_PAIR] = r.pair
    if r.kind == K_KSTRAIGHT:
        f[F_KNITTED] = <int64_t>KNIT_MASK[r.knit]
        if t_win < 0:
            return
        if h.nmelds:
            if t.outside_only:
                f[F_WAIT] = 0 if (KNIT_MASK[r.knit] >> t_win) & 1 else SINGLE
            else:
                f[F_WAIT] = SINGLE if h.c[t_win] > 1 else 0
            return
        if (KNIT_MASK[r.knit] >> t_win) & 1 and (t.outside_only or h.c[t_win] == 1):
            return
        pos = _wait_position(t_win, r.chows, r.nc, r.pair)
        if pos:
            memset(rest, 0, 34)
            rest[r.pair] += 2
            for i in range(r.nc):
                for k in range(3):
                    rest[r.chows[i] + k] += 1
            for i in range(r.np):
                rest[r.pungs[i]] += 3
            rest[t_win] -= 1
            if _count_waits(rest, 4, False) == 1:
                f[F_WAIT] = pos
        return
    # the standard form
    concealed = r.np + <int>h.base[F_CONCEALED_KONGS]
    if not h.self_drawn:
        for i in range(r.np):
            if r.pungs[i] == t_win:
                concealed -= 1  # completed by the discard, unless a chow can take the tile
                for k in range(r.nc):
                    if r.chows[k] <= t_win <= r.chows[k] + 2:
                        concealed += 1
                        break
                break
    f[F_CONCEALED_PUNGS] = concealed
    # 全带幺, 全带五, 全双刻
    outside = fives = True
    even = nc == 0
    for i in range(nc):
        k = chows[i] % 9
        outside = outside and (k == 0 or k == 6)
        fives = fives and 2 <= k <= 4
    for i in range(np + 1):
        k = pungs[i] if i < np else r.pair
        honour = k >= 27
        ps = k % 9
        outside = outside and (honour or ps == 0 or ps == 8)
        fives = fives and not honour and ps == 4
        even = even and not honour and (ps == 1 or ps == 3 or ps == 5 or ps == 7)
    f[F_OUTSIDE] = outside
    f[F_FIVES] = fives
    f[F_EVEN] = even
    # 一色双龙会 / 三色双龙会: 123 123 789 789 and a pair of 5s
    if nc == 4 and r.pair < 27 and r.pair % 9 == 4:
        ps = r.pair // 9
        lows = 0
        pos = 0   # suit bits of the 123s (low 3 bits) and of the 789s (next 3)
        for i in range(4):
            k = chows[i] % 9
            if k == 0:
                lows += 1
                pos |= 1 << (chows[i] // 9)
            elif k == 6:
                lows += 16
                pos |= 8 << (chows[i] // 9)
            else:
                lows = -100
        if lows == 2 + 32:
            all_same = True
            for i in range(4):
                if chows[i] // 9 != ps:
                    all_same = False
            f[F_PURE_TERMINAL_CHOWS] = all_same
            k = 7 & ~(1 << ps)   # the two other suits, each holding one 123 and one 789
            f[F_MIXED_TERMINAL_CHOWS] = pos == (k | (k << 3))
    _chow_combos(chows, nc, f + F_COMBO)
    _pung_combos(pungs, np, f + F_COMBO)
    f[F_NINE_GATES] = h.nine_gates
    if not (h.base[F_OPEN_MELDS] == 4 and not h.self_drawn) and h.base[F_KONGS] != 4:
        pos = _wait_position(t_win, r.chows, r.nc, r.pair)
        if pos and _nwaits(t, h) == 1:
            f[F_WAIT] = pos


cdef int KIND_INDEX[65]
KIND_INDEX[K_STD] = 0
KIND_INDEX[K_PAIRS] = 1
KIND_INDEX[K_SHIFTED] = 2
KIND_INDEX[K_ORPHANS] = 3
KIND_INDEX[K_LESSER] = 4
KIND_INDEX[K_GREATER] = 5
KIND_INDEX[K_KSTRAIGHT] = 6


cdef enum:
    Q_RUN = 0
    Q_ONE = 2
    Q_FEAT = 3
    Q_CONST = 4
    MAXPEND = 8          # 套算一次 reductions of one table (九莲宝灯's one)

cdef struct Found:
    int n
    int32_t idx[MAXF]    # ascending
    int64_t cnt[MAXF]
    int64_t total


cdef void _count(const TData* t, const int64_t* f, Found* out) noexcept nogil:
    """The fans of one reading, exclusions (不计) and reductions applied,
    and their total.  The fans with a test that fails on a feature that is
    0 here are dropped as a group; of the others, those whose tests pass
    and that no higher fan excludes get their value (the interpreter only
    for what is not a test)."""
    cdef int kind = <int>f[F_KIND]
    cdef int ki = KIND_INDEX[kind], n = t.scope_n[ki], x, w, i, j, e, m, npend = 0, kept
    cdef uint64_t ex[2]
    cdef uint64_t cand[2]
    cdef uint64_t bits
    cdef int32_t pj[MAXPEND]
    cdef int64_t pa[MAXPEND]
    cdef int64_t v, total = 0
    cdef const Atom* atoms = t.atoms[ki]
    cdef const Atom* a
    cdef const Test* tt
    cdef int k
    cdef bint passed
    ex[0] = ex[1] = 0
    cand[0] = t.scope_all[ki][0]
    cand[1] = t.scope_all[ki][1]
    for x in range(t.nkill[ki]):
        if f[t.kill_feat[ki][x]] == 0:
            cand[0] &= ~t.kill[ki][x][0]
            cand[1] &= ~t.kill[ki][x][1]
    out.n = 0
    for w in range(2):
        bits = cand[w]
        while bits:
            x = (w << 6) | _ctz(bits)
            bits &= bits - 1
            a = &atoms[x]
            passed = True
            for k in range(a.ntests):
                tt = &a.tests[k]
                if ((<uint64_t>(f[tt.feat] & tt.mask) - <uint64_t>tt.lo) <= tt.span) == tt.neg:
                    passed = False
                    break
            if not passed:
                continue
            i = a.fan
            if (ex[i >> 6] >> (i & 63)) & 1:
                continue
            if a.kind == Q_ONE:
                v = 1
            elif a.kind == Q_FEAT:
                v = f[a.vfeat]
            elif a.kind == Q_CONST:
                v = a.vconst
            else:
                v = _run(t.code + t.start[i], a.pc, f)
            if v == 0:
                continue
            if npend:
                for m in range(npend):
                    if pj[m] == i:
                        v -= pa[m]
                if v <= 0:
                    continue
            out.idx[out.n] = i
            out.cnt[out.n] = v
            out.n += 1
            for e in range(t.excl_start[i], t.excl_start[i + 1]):
                j = t.excl[e]
                if j > i:
                    ex[j >> 6] |= ONE << (j & 63)
                else:
                    for m in range(out.n):
                        if out.idx[m] == j:
                            out.cnt[m] = 0
            for e in range(t.red_start[i], t.red_start[i + 1], 2):
                j = t.red[e]
                if j > i:
                    if npend < MAXPEND:
                        pj[npend] = j
                        pa[npend] = t.red[e + 1]
                        npend += 1
                else:
                    for m in range(out.n):
                        if out.idx[m] == j and out.cnt[m]:
                            out.cnt[m] -= t.red[e + 1]
                            if out.cnt[m] <= 0:
                                out.cnt[m] = 0
    kept = 0
    for m in range(out.n):
        if out.cnt[m]:
            out.idx[kept] = out.idx[m]
            out.cnt[kept] = out.cnt[m]
            total += t.value[out.idx[m]] * out.cnt[m]
            kept += 1
    out.n = kept
    if kept == 0 and kind == K_STD:
        out.idx[0] = t.chicken
        out.cnt[0] = 1
        out.n = 1
        total = t.value[t.chicken]
    out.total = total


cdef inline bint _has(const Found* fd, int i) noexcept nogil:
    cdef int m
    for m in range(fd.n):
        if fd.idx[m] == i:
            return True
    return False


cdef enum:
    OK = 0
    BAD_INPUT = -1
    NOT_A_WIN = -2
    TOO_MANY = -3


cdef struct Flags:
    int self_drawn
    int kong
    int last_tile
    int fourth_tile
    int seat_wind
    int round_wind
    int flowers
    int first_turn
    int first_go_around
    int dealer
    int ready_on_deal
    int wild_kong


cdef int _prepare(Hand* h, const int* mk, const int* mt, Flags* fl) noexcept nogil:
    """Check the situation (as guobiao._check does) and fill the hand facts."""
    cdef uint8_t tot[34]
    cdef int i, k, n, in_melds, mkongs = 0, ckongs = 0, opened = 0
    cdef uint64_t mask = 0, suits = 0, ranks = 0
    cdef int64_t* b = h.base
    if h.T + 3 * h.nmelds != 14 or h.nmelds > 4:
        return BAD_INPUT
    if not (h.win == -1 and fl.self_drawn) and (not 0 <= h.win < 34 or not h.c[h.win]):
        return BAD_INPUT
    if not (0 <= fl.seat_wind < 4 and 0 <= fl.round_wind < 4) or not 0 <= fl.flowers <= 8:
        return BAD_INPUT
    memcpy(tot, h.c, 34)
    h.nmc = h.nmp = 0
    for i in range(h.nmelds):
        k = mt[i]
        if mk[i] == M_CHI:
            tot[k] += 1
            tot[k + 1] += 1
            tot[k + 2] += 1
            h.mchows[h.nmc] = <int8_t>k
            h.nmc += 1
            opened += 1
        else:
            tot[k] += 3
            h.mpungs[h.nmp] = <int8_t>k
            h.nmp += 1
            if mk[i] == M_ANKAN:
                ckongs += 1
                tot[k] += 1
            else:
                opened += 1
                if mk[i] != M_PON:
                    mkongs += 1
                    tot[k] += 1
    n = -(mkongs + ckongs)
    for k in range(34):
        if tot[k]:
            if tot[k] > 4:
                return BAD_INPUT
            mask |= ONE << k
            n += tot[k] == 4
    if h.win == -1:
        fl.fourth_tile = fl.kong = 0  # the dealer's dealt hand: no winning tile
    else:
        in_melds = tot[h.win] - h.c[h.win]
        if in_melds == 3:
            fl.fourth_tile = 1
        elif fl.fourth_tile and h.c[h.win] > 1:
            return BAD_INPUT
        if fl.kong and fl.self_drawn and mkongs + ckongs == 0:
            return BAD_INPUT
        if fl.kong and not fl.self_drawn and (h.c[h.win] > 1 or in_melds):
            return BAD_INPUT
    suits = ((mask & 0x1FF) != 0) | ((((mask >> 9) & 0x1FF) != 0) << 1) | ((((mask >> 18) & 0x1FF) != 0) << 2)
    ranks = ((mask | (mask >> 9) | (mask >> 18)) & 0x1FF) << 1
    memset(b, 0, NFEAT * sizeof(int64_t))
    b[F_MASK] = <int64_t>mask
    b[F_SUITS] = <int64_t>suits
    b[F_RANKS] = <int64_t>ranks
    b[F_NSUITS] = _popcount(suits)
    b[F_PAIR] = -1
    b[F_MELDED_KONGS] = mkongs
    b[F_CONCEALED_KONGS] = ckongs
    b[F_KONGS] = mkongs + ckongs
    b[F_OPEN_MELDS] = opened
    b[F_SELF_DRAWN] = fl.self_drawn
    b[F_LAST_TILE] = fl.last_tile
    b[F_KONG] = fl.kong
    b[F_FOURTH_TILE] = fl.fourth_tile
    b[F_HOG] = n
    b[F_SEAT_WIND] = 27 + fl.seat_wind
    b[F_ROUND_WIND] = 27 + fl.round_wind
    b[F_FIRST_TURN] = fl.first_turn
    b[F_FIRST_GO_AROUND] = fl.first_go_around
    b[F_DEALER] = fl.dealer
    b[F_READY_ON_DEAL] = fl.ready_on_deal
    b[F_WILD_KONG] = fl.wild_kong
    # 九莲宝灯: 1112345678999 of one suit before the winning tile, nothing declared
    h.nine_gates = 0
    if h.nmelds == 0 and h.win >= 0:
        h.c[h.win] -= 1
        for i in range(3):
            k = i * 9
            if h.c[k] == 3 and h.c[k + 8] == 3 and h.c[k + 1] == 1 and h.c[k + 2] == 1 and h.c[k + 3] == 1 \
                    and h.c[k + 4] == 1 and h.c[k + 5] == 1 and h.c[k + 6] == 1 and h.c[k + 7] == 1:
                h.nine_gates = 1
        h.c[h.win] += 1
    h.self_drawn = fl.self_drawn
    h.nwaits = -1
    return OK


cdef int _best(const TData* t, Hand* h, Found* best, int64_t* features_out, int* nfeat_out) noexcept nogil:
    """就高不就低 over the readings; between equal totals the reference's
    choice (see guobiao._best).  ``features_out``, when given, receives each
    reading's record (for the tests)."""
    cdef int64_t f[NFEAT]
    cdef Found fd
    cdef int i, m
    cdef bint pairs = False
    _readings(h)
    if h.overflow:
        return TOO_MANY
    if h.nout == 0:
        return NOT_A_WIN
    for i in range(h.nout):
        if h.out[i].kind == K_PAIRS:
            pairs = True
    best.total = -1
    best.n = 0
    for i in range(h.nout):
        _features(t, h, &h.out[i], f)
        if features_out != NULL:
            memcpy(features_out + i * NFEAT, f, NFEAT * sizeof(int64_t))
        _count(t, f, &fd)
        if fd.total > best.total or (fd.total == best.total and h.out[i].kind == K_STD and (
                pairs or _has(&fd, t.prefer0) or _has(&fd, t.prefer1))):
            best.total = fd.total
            best.n = fd.n
            for m in range(fd.n):
                best.idx[m] = fd.idx[m]
                best.cnt[m] = fd.cnt[m]
    if nfeat_out != NULL:
        nfeat_out[0] = h.nout
    return OK


cdef bint _shifted(Hand* h) noexcept nogil:
    """连七对: seven consecutive pairs of one suit."""
    cdef int k, lo = -1, hi = -1, n = 0
    for k in range(34):
        if h.c[k]:
            if h.c[k] != 2:
                return False
            if lo < 0:
                lo = k
            hi = k
            n += 1
    return n == 7 and lo < 27 and lo // 9 == hi // 9 and hi - lo == 6


# ---------------------------------------------------------------------------
# A cheap upper bound on the fans of a hand (the 起和 test before the count)
# ---------------------------------------------------------------------------

BOUND_FANS = (
    "大四喜", "大三元", "绿一色", "九莲宝灯", "四杠", "清幺九", "小四喜", "小三元", "字一色", "四暗刻",
    "一色双龙会", "一色四同顺", "一色四节高", "一色四步高", "三杠", "混幺九", "全双刻", "清一色",
    "一色三同顺", "一色三节高", "全大", "全中", "全小", "清龙", "三色双龙会", "一色三步高", "全带五",
    "三同刻", "三暗刻", "大于五", "小于五", "三风刻", "花龙", "推不倒", "三色三同顺", "三色三节高",
    "无番和", "妙手回春", "海底捞月", "杠上开花", "抢杠和", "碰碰和", "混一色", "三色三步高", "五门齐",
    "全求人", "双暗杠", "双箭刻", "明暗杠", "全带幺", "不求人", "双明杠", "和绝张", "箭刻", "圈风刻",
    "门风刻", "门前清", "平和", "四归一", "双同刻", "双暗刻", "暗杠", "断幺", "一般高", "喜相逢", "连六",
    "老少副", "幺九刻", "明杠", "缺一门", "无字", "边张", "坎张", "单钓将", "自摸",
    "四方大发", "天和", "地和", "人和", "混杠", "天听",
)
"""The fans :func:`fans_bound` reads the values of, in the order of the
``bound_values`` a :class:`Table` is given (0 for a fan the table lacks):
every fan a standard reading (four sets and a pair) can count."""

cdef enum:
    V_BIG_WINDS, V_BIG_DRAGONS, V_GREEN, V_NINE_GATES, V_FOUR_KONGS, V_TERMINALS, V_LITTLE_WINDS
    V_LITTLE_DRAGONS, V_HONOURS, V_FOUR_CONCEALED, V_PURE_TERMINAL_CHOWS, V_QUADRUPLE, V_FOUR_PUNGS
    V_FOUR_CHOWS, V_THREE_KONGS, V_TERMINALS_HONOURS, V_EVEN, V_FULL_FLUSH, V_PURE_TRIPLE
    V_PURE_SHIFTED_PUNGS, V_UPPER, V_MIDDLE, V_LOWER, V_PURE_STRAIGHT, V_MIXED_TERMINAL_CHOWS
    V_PURE_SHIFTED_CHOWS, V_FIVES, V_TRIPLE_PUNG, V_THREE_CONCEALED, V_UPPER_FOUR, V_LOWER_FOUR
    V_THREE_WINDS, V_MIXED_STRAIGHT, V_REVERSIBLE, V_MIXED_TRIPLE, V_MIXED_SHIFTED_PUNGS, V_CHICKEN
    V_LAST_DRAW, V_LAST_CLAIM, V_KONG_DRAW, V_ROB_KONG, V_ALL_PUNGS, V_HALF_FLUSH, V_MIXED_SHIFTED_CHOWS
    V_ALL_TYPES, V_MELDED_HAND, V_TWO_CONCEALED_KONGS, V_TWO_DRAGONS, V_MIXED_KONGS, V_OUTSIDE
    V_FULLY_CONCEALED, V_TWO_MELDED_KONGS, V_LAST_TILE, V_DRAGON_PUNG, V_ROUND_WIND, V_SEAT_WIND
    V_CONCEALED_HAND, V_ALL_CHOWS, V_HOG, V_DOUBLE_PUNG, V_TWO_CONCEALED, V_CONCEALED_KONG, V_SIMPLES
    V_PURE_DOUBLE, V_MIXED_DOUBLE, V_SHORT_STRAIGHT, V_TWO_TERMINAL, V_YAOJIU, V_MELDED_KONG, V_VOIDED
    V_NO_HONOURS, V_EDGE, V_CLOSED, V_SINGLE, V_SELF_DRAWN
    V_FOUR_WINDS_GREEN, V_HEAVENLY, V_EARTHLY, V_HUMAN, V_WILD_KONG, V_READY_ON_DEAL
    NV

if NV != len(BOUND_FANS) or NV > NBV:
    raise ImportError("_mcr: BOUND_FANS and its enum differ")

cdef int64_t NO_BOUND = INT64_MAX

cdef uint64_t TERMINALS = (ONE << 0) | (ONE << 8) | (ONE << 9) | (ONE << 17) | (ONE << 18) | (ONE << 26)
cdef uint64_t GREEN_TILES = (ONE << 19) | (ONE << 20) | (ONE << 21) | (ONE << 23) | (ONE << 25) | (ONE << 32)
cdef uint64_t REVERSIBLE = 0
for _i in (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31):
    REVERSIBLE |= ONE << _i

# rank bits as the feature ``ranks`` holds them: bit r for rank r (1..9)
cdef enum:
    R123 = 0b1110
    R1234 = 0b11110
    R456 = 0b1110000
    R789 = 0b1110000000
    R6789 = 0b1111000000
    R2468 = 0b101010100
    R34567 = 0b11111000


cdef inline int64_t _max(int64_t a, int64_t b) noexcept nogil:
    return a if a > b else b


cdef inline bint _perm3(const uint32_t* x, int sa, int sb, int sc) noexcept nogil:
    """Some r with bit r of x[a], bit r+1 of x[b] and bit r+2 of x[c], for
    an order a b c of the three suits (sa sb sc: the shifts)."""
    return ((x[0] >> sa) & (x[1] >> sb) & (x[2] >> sc)) != 0


cdef bint _stepped(const uint32_t* x) noexcept nogil:
    """A set of each suit one rank above the one before, in some order of the suits."""
    return (_perm3(x, 0, 1, 2) or _perm3(x, 0, 2, 1) or _perm3(x, 1, 0, 2) or _perm3(x, 1, 2, 0)
            or _perm3(x, 2, 0, 1) or _perm3(x, 2, 1, 0))


cdef int64_t _bound(const TData* t, const Hand* h) noexcept nogil:
    """At least the fans (flowers apart) of the hand's best reading, from
    what the hand holds without reading it: which sets each suit could
    make, the kinds that could be pungs, the declared melds and the flags;
    NO_BOUND when a reading without four sets (七对, 十三幺, 全不靠, 七星不靠,
    组合龙) may exist or the table gave no values.

    It adds the value of every fan some standard reading might count
    (ignoring 不计, which only takes away), with these limits: one
    four-chow fan, or one three-chow fan and one chow-pair fan, or at
    most (chows - 1) chow-pair fans; one wait fan; 无番和 only when no fan
    is certain.  Chows come from the concealed tiles and the declared
    chows, pungs from a kind held three times or a declared pung or kong."""
    cdef const int64_t* v = <const int64_t*>&t.bval[0]
    cdef const int64_t* b = <const int64_t*>&h.base[0]
    cdef uint8_t ch[34]
    cdef uint32_t cw[3]      # chow starts (bit r: ranks r+1 r+2 r+3) each suit could make
    cdef uint32_t c2[3]      # ... twice, three times, four times
    cdef uint32_t c3[3]
    cdef uint32_t c4[3]
    cdef uint32_t pp[3]      # ranks that could be pungs (bit r-1 for rank r)
    cdef uint32_t m2[3]      # ranks held twice or more (concealed, for the pair)
    cdef uint32_t q1, q2, q3, q4, x
    cdef uint64_t mask = <uint64_t>b[F_MASK], held = 0, pung = 0, hon
    cdef int64_t total = 0, v4 = 0, v3 = 0, vp = 0, kongs = b[F_KONGS], ck = b[F_CONCEALED_KONGS]
    cdef int64_t mk = b[F_MELDED_KONGS], opened = b[F_OPEN_MELDS], ranks = b[F_RANKS], nsuits = b[F_NSUITS]
    cdef int k, s, r, i, distinct = 0, ncp = 0, maxch, even = 1
    cdef bint sd = h.self_drawn, certain
    if not t.has_bound:
        return NO_BOUND
    # readings without four sets
    for k in range(34):
        if h.c[k]:
            held |= ONE << k
            distinct += 1
            if h.c[k] & 1:
                even = 0
            if h.c[k] >= 3:
                pung |= ONE << k
                ncp += 1
    if h.T == 14 and (even or (distinct == 13 and not (held & ~ORPHAN_MASK))):
        return NO_BOUND
    if h.T >= 11 and distinct >= 9:
        for i in range(6):
            if (held & KNIT_MASK[i]) == KNIT_MASK[i] or (distinct == 14 and not (held & ~(KNIT_MASK[i] | HONOURS))):
                return NO_BOUND
    ncp += <int>ck
    memcpy(ch, h.c, 34)
    for i in range(h.nmc):
        for k in range(3):
            ch[h.mchows[i] + k] += 1
    for i in range(h.nmp):
        pung |= ONE << h.mpungs[i]
    for s in range(3):
        q1 = q2 = q3 = q4 = 0
        x = 0
        for r in range(9):
            k = ch[s * 9 + r]
            if k >= 1:
                q1 |= 1u << r
            if k >= 2:
                q2 |= 1u << r
            if k >= 3:
                q3 |= 1u << r
            if k >= 4:
                q4 |= 1u << r
            if h.c[s * 9 + r] >= 2:
                x |= 1u << r
        m2[s] = x
        cw[s] = q1 & (q1 >> 1) & (q1 >> 2) & 0x7F
        c2[s] = q2 & (q2 >> 1) & (q2 >> 2) & 0x7F
        c3[s] = q3 & (q3 >> 1) & (q3 >> 2) & 0x7F
        c4[s] = q4 & (q4 >> 1) & (q4 >> 2) & 0x7F
        pp[s] = <uint32_t>((pung >> (9 * s)) & 0x1FF)
    # chows a reading can hold: the declared ones and a third of each suit's concealed tiles
    maxch = h.nmc
    for s in range(3):
        k = 0
        for r in range(9):
            k += h.c[s * 9 + r]
        maxch += k // 3
    if maxch > 4 - h.nmp:
        maxch = 4 - h.nmp
    hon = mask & HONOURS
    # fans of the whole hand (exactly their predicates)
    if not (mask & ~GREEN_TILES):
        total += v[V_GREEN]
    if h.nine_gates:
        total += v[V_NINE_GATES]
    if kongs == 4:
        total += v[V_FOUR_KONGS]
    elif kongs == 3:
        total += v[V_THREE_KONGS]
    elif kongs == 2:
        if ck == 2:
            total += v[V_TWO_CONCEALED_KONGS]
        elif ck == 1:
            total += v[V_MIXED_KONGS] + v[V_MELDED_KONG] + v[V_CONCEALED_KONG]
        else:
            total += v[V_TWO_MELDED_KONGS]
    elif kongs == 1:
        total += v[V_CONCEALED_KONG] if ck else v[V_MELDED_KONG]
    if not (mask & ~TERMINALS):
        total += v[V_TERMINALS]
    if not (mask & ~HONOURS):
        total += v[V_HONOURS]
    if not (mask & ~(TERMINALS | HONOURS)) and hon and (mask & TERMINALS):
        total += v[V_TERMINALS_HONOURS]
    if not hon:
        total += v[V_NO_HONOURS]
        if nsuits == 1:
            total += v[V_FULL_FLUSH]
        if not (ranks & ~R2468):
            total += v[V_EVEN]
        if not (ranks & ~R789):
            total += v[V_UPPER]
        if not (ranks & ~R456):
            total += v[V_MIDDLE]
        if not (ranks & ~R123):
            total += v[V_LOWER]
        if not (ranks & ~R6789):
            total += v[V_UPPER_FOUR]
        if not (ranks & ~R1234):
            total += v[V_LOWER_FOUR]
        if not (ranks & ~R34567):
            total += v[V_FIVES]
        if h.nmp == 0 and maxch == 4:
            total += v[V_ALL_CHOWS]
    elif nsuits == 1:
        total += v[V_HALF_FLUSH]
    if nsuits == 2:
        total += v[V_VOIDED]
    if not (ranks & R456):
        total += v[V_OUTSIDE]
    if not (mask & ~REVERSIBLE):
        total += v[V_REVERSIBLE]
    if b[F_SUITS] == 7 and (mask & WINDS) and (mask & DRAGONS):
        total += v[V_ALL_TYPES]
    if not (mask & (TERMINALS | HONOURS)):
        total += v[V_SIMPLES]
    if opened == 0:
        total += v[V_FULLY_CONCEALED] if sd else v[V_CONCEALED_HAND]
    elif opened == 4 and not sd:
        total += v[V_MELDED_HAND]
    if sd:
        total += v[V_SELF_DRAWN]
    if b[F_LAST_TILE]:
        total += v[V_LAST_DRAW] if sd else v[V_LAST_CLAIM]
    if b[F_KONG]:
        total += v[V_KONG_DRAW] if sd else v[V_ROB_KONG]
    if b[F_FOURTH_TILE]:
        total += v[V_LAST_TILE]
    total += v[V_HOG] * b[F_HOG]
    if b[F_FIRST_TURN] and sd:
        total += v[V_HEAVENLY] if b[F_DEALER] else v[V_EARTHLY]
    if b[F_FIRST_GO_AROUND] and not sd:
        total += v[V_HUMAN]
    if b[F_WILD_KONG]:
        total += v[V_WILD_KONG]
    if b[F_READY_ON_DEAL]:
        total += v[V_READY_ON_DEAL]
    if not (opened == 4 and not sd and kongs != 4):
        total += _max(v[V_EDGE], _max(v[V_CLOSED], v[V_SINGLE]))
    # pungs
    if (pung & WINDS) == WINDS:
        total += v[V_BIG_WINDS] + v[V_FOUR_WINDS_GREEN]
    if (pung & DRAGONS) == DRAGONS:
        total += v[V_BIG_DRAGONS]
    if _popcount(pung & WINDS) >= 3:
        total += v[V_THREE_WINDS]
        if (mask & WINDS) == WINDS:
            total += v[V_LITTLE_WINDS]
    if _popcount(pung & DRAGONS) >= 2:
        total += v[V_TWO_DRAGONS]
        if (mask & DRAGONS) == DRAGONS:
            total += v[V_LITTLE_DRAGONS]
    total += v[V_DRAGON_PUNG] * _popcount(pung & DRAGONS)
    if (pung >> <int>b[F_ROUND_WIND]) & 1:
        total += v[V_ROUND_WIND]
    if (pung >> <int>b[F_SEAT_WIND]) & 1:
        total += v[V_SEAT_WIND]
    k = _popcount(pung & (TERMINALS | HONOURS))
    total += v[V_YAOJIU] * (k if k < 4 else 4)
    if _popcount(pung) >= 4:
        total += v[V_ALL_PUNGS]
    if ncp >= 4:
        total += v[V_FOUR_CONCEALED]
    if ncp >= 3:
        total += v[V_THREE_CONCEALED]
    if ncp >= 2:
        total += v[V_TWO_CONCEALED]
    for s in range(3):
        x = pp[s] & (pp[s] >> 1) & (pp[s] >> 2)
        if x:
            total += v[V_PURE_SHIFTED_PUNGS]
            if x & (x >> 1):
                total += v[V_FOUR_PUNGS]
    if pp[0] & pp[1] & pp[2]:
        total += v[V_TRIPLE_PUNG]
    if _stepped(pp):
        total += v[V_MIXED_SHIFTED_PUNGS]
    k = _popcount((pp[0] & pp[1]) | (pp[0] & pp[2]) | (pp[1] & pp[2]))
    total += v[V_DOUBLE_PUNG] * (k if k < 2 else 2)
    # chows: one four-chow fan, or one three-chow fan (and one chow pair), or chow pairs
    if maxch >= 4:
        for s in range(3):
            if c4[s]:
                v4 = _max(v4, v[V_QUADRUPLE])
            x = cw[s]
            if (x & (x >> 1) & (x >> 2) & (x >> 3)) or (x & (x >> 2) & (x >> 4) & (x >> 6)):
                v4 = _max(v4, v[V_FOUR_CHOWS])
            # 一色双龙会: 123 123 789 789 and a pair of 5 of one suit
            if (c2[s] & 0b1000001) == 0b1000001 and (m2[s] & 0b10000):
                total += v[V_PURE_TERMINAL_CHOWS]
        for s in range(3):
            # 三色双龙会: 123 and 789 in the two other suits, a pair of 5 in this one
            if (m2[s] & 0b10000) and (cw[(s + 1) % 3] & 0b1000001) == 0b1000001 \
                    and (cw[(s + 2) % 3] & 0b1000001) == 0b1000001:
                total += v[V_MIXED_TERMINAL_CHOWS]
                break
    if maxch >= 3:
        for s in range(3):
            x = cw[s]
            if c3[s]:
                v3 = _max(v3, v[V_PURE_TRIPLE])
            if (x & 0b1001001) == 0b1001001:
                v3 = _max(v3, v[V_PURE_STRAIGHT])
            if (x & (x >> 1) & (x >> 2)) or (x & (x >> 2) & (x >> 4)):
                v3 = _max(v3, v[V_PURE_SHIFTED_CHOWS])
        if cw[0] & cw[1] & cw[2]:
            v3 = _max(v3, v[V_MIXED_TRIPLE])
        if _stepped(cw):
            v3 = _max(v3, v[V_MIXED_SHIFTED_CHOWS])
        if ((cw[0] & 1) and (((cw[1] & 8) and (cw[2] & 64)) or ((cw[2] & 8) and (cw[1] & 64)))) or \
                ((cw[1] & 1) and (((cw[0] & 8) and (cw[2] & 64)) or ((cw[2] & 8) and (cw[0] & 64)))) or \
                ((cw[2] & 1) and (((cw[0] & 8) and (cw[1] & 64)) or ((cw[1] & 8) and (cw[0] & 64)))):
            v3 = _max(v3, v[V_MIXED_STRAIGHT])
    if maxch >= 2:
        for s in range(3):
            x = cw[s]
            if c2[s]:
                vp = _max(vp, v[V_PURE_DOUBLE])
            if x & (x >> 3):
                vp = _max(vp, v[V_SHORT_STRAIGHT])
            if (x & 0b1000001) == 0b1000001:
                vp = _max(vp, v[V_TWO_TERMINAL])
        if (cw[0] & cw[1]) or (cw[0] & cw[2]) or (cw[1] & cw[2]):
            vp = _max(vp, v[V_MIXED_DOUBLE])
    total += _max(v4, _max(v3 + (vp if maxch >= 4 else 0), vp * (maxch - 1)))
    # 无番和 needs a reading where nothing counts: not when a fan holds in every reading
    certain = (sd or opened == 0 or not hon or nsuits != 3 or kongs or b[F_LAST_TILE] or b[F_KONG]
               or b[F_FOURTH_TILE] or b[F_HOG] or (pung & HONOURS) or h.nine_gates)
    if not certain:
        total = _max(total, v[V_CHICKEN])
    return total


# ---------------------------------------------------------------------------
# The compiled table
# ---------------------------------------------------------------------------

# operand words, values popped, values pushed (a jump that keeps its value
# leaves the stack as it was at the target)
cdef dict _SHAPE = {
    OP_END: (0, 1, 0), OP_FEAT: (1, 0, 1), OP_CONST: (1, 0, 1), OP_INV: (0, 1, 1), OP_NEG: (0, 1, 1),
    OP_NOT: (0, 1, 1), OP_BOOL: (0, 1, 1), OP_POPCOUNT: (0, 1, 1), OP_BIT: (0, 1, 1), OP_AND: (0, 2, 1),
    OP_OR: (0, 2, 1), OP_XOR: (0, 2, 1), OP_ADD: (0, 2, 1), OP_SUB: (0, 2, 1), OP_JFALSE_KEEP: (1, 1, 0),
    OP_JTRUE_KEEP: (1, 1, 0), OP_JFALSE_POP: (1, 1, 0), OP_JUMP: (1, 0, 0), OP_GUARD: (0, 1, 0),
}
for _j in range(6):
    _SHAPE[OP_CMP + _j] = (0, 2, 1)
    _SHAPE[OP_ATOM + _j] = (3, 0, 1)
    _SHAPE[OP_GUARD_ATOM + _j] = (3, 0, 0)


def _verify(code) -> None:
    """Reject bytecode the interpreter could not run safely: unknown
    opcodes, features out of range, jumps that are not forward to an
    instruction, stack underflow, a stack deeper than STACK, anything but
    one value at END."""
    n = len(code)
    depth_at = {}
    starts = set()
    pc = depth = 0
    reachable = True
    while pc < n:
        starts.add(pc)
        op = code[pc]
        if op not in _SHAPE:
            raise ValueError(f"bytecode {list(code)!r}: unknown opcode {op} at {pc}")
        arity, pops, pushes = _SHAPE[op]
        if pc + arity > n - 1:
            raise ValueError(f"bytecode {list(code)!r}: truncated at {pc}")
        if pc in depth_at:
            if reachable and depth != depth_at[pc]:
                raise ValueError(f"bytecode {list(code)!r}: stack depths differ at {pc}")
            depth = depth_at[pc]
            reachable = True
        if not reachable:
            raise ValueError(f"bytecode {list(code)!r}: unreachable code at {pc}")
        if (op == OP_FEAT or OP_ATOM <= op < OP_ATOM + 6 or OP_GUARD_ATOM <= op < OP_GUARD_ATOM + 6) \
                and not 0 <= code[pc + 1] < NFEAT:
            raise ValueError(f"bytecode {list(code)!r}: feature {code[pc + 1]} at {pc}")
        if depth < pops:
            raise ValueError(f"bytecode {list(code)!r}: stack underflow at {pc}")
        if op == OP_END and depth != 1:
            raise ValueError(f"bytecode {list(code)!r}: END with {depth} values on the stack")
        if op in (OP_JFALSE_KEEP, OP_JTRUE_KEEP, OP_JFALSE_POP, OP_JUMP):
            target = code[pc + 1]
            if not pc < target < n:
                raise ValueError(f"bytecode {list(code)!r}: jump to {target} at {pc}")
            keep = depth - 1 if op == OP_JFALSE_POP else depth
            if depth_at.setdefault(target, keep) != keep:
                raise ValueError(f"bytecode {list(code)!r}: stack depths differ at {target}")
        depth += pushes - pops
        if depth > STACK:
            raise ValueError(f"bytecode {list(code)!r}: deeper than {STACK}")
        if op == OP_END or op == OP_JUMP:
            reachable = False
        pc += 1 + arity
    if reachable:
        raise ValueError(f"bytecode {list(code)!r}: does not end with END")
    for target in depth_at:
        if target not in starts:
            raise ValueError(f"bytecode {list(code)!r}: jump into an instruction at {target}")


cdef void _test(Test* tt, int cmp, int feat, int64_t mask, int64_t k) noexcept:
    """``(f[feat] & mask) CMP k`` as a range check."""
    tt.feat = feat
    tt.mask = mask
    tt.lo = 0
    tt.span = 0
    tt.neg = 0
    if cmp == 0 or cmp == 1:       # == k, != k
        tt.lo = k
        tt.neg = cmp == 1
    elif cmp == 5 or cmp == 2:     # >= k, < k
        tt.lo = k
        tt.span = <uint64_t>INT64_MAX - <uint64_t>k
        tt.neg = cmp == 2
    else:                          # <= k, > k
        tt.lo = INT64_MIN
        tt.span = <uint64_t>k - <uint64_t>INT64_MIN
        tt.neg = cmp == 4


cdef void _atom(Atom* a, int fan, code) except *:
    """Fan ``fan``'s entry, read off its bytecode: the leading single-test
    guards become tests; a tail of one more test, a feature or a constant
    becomes the value; anything else stays with the interpreter."""
    cdef int pc = 0, op, n = len(code)
    a.fan = fan
    a.ntests = 0
    a.kind = Q_RUN
    a.vfeat = 0
    a.vconst = 0
    while a.ntests < MAXTESTS and OP_GUARD_EQ <= code[pc] <= OP_GUARD_GE:
        _test(&a.tests[a.ntests], code[pc] - OP_GUARD_EQ, code[pc + 1], code[pc + 2], code[pc + 3])
        a.ntests += 1
        pc += 4
    a.pc = pc
    op = code[pc]
    if OP_ATOM_EQ <= op <= OP_ATOM_GE and pc + 4 < n and code[pc + 4] == OP_END and a.ntests < MAXTESTS:
        _test(&a.tests[a.ntests], op - OP_ATOM_EQ, code[pc + 1], code[pc + 2], code[pc + 3])
        a.ntests += 1
        a.kind = Q_ONE
    elif op == OP_FEAT and code[pc + 2] == OP_END:
        a.kind = Q_FEAT
        a.vfeat = code[pc + 1]
        if a.ntests < MAXTESTS:
            _test(&a.tests[a.ntests], 1, code[pc + 1], -1, 0)   # the value is 0 otherwise
            a.ntests += 1
    elif op == OP_CONST and code[pc + 2] == OP_END:
        a.kind = Q_CONST
        a.vconst = code[pc + 1]


cdef void _kill_masks(TData* d, int ki) noexcept:
    """For reading kind ``ki``: every feature whose value 0 fails a test of
    some fans, with those fans (as atom bits)."""
    cdef int x, feat, k, j
    cdef const Atom* a
    cdef const Test* tt
    d.scope_all[ki][0] = d.scope_all[ki][1] = 0
    d.nkill[ki] = 0
    for x in range(d.scope_n[ki]):
        d.scope_all[ki][x >> 6] |= ONE << (x & 63)
    for feat in range(NFEAT):
        k = d.nkill[ki]
        d.kill[ki][k][0] = d.kill[ki][k][1] = 0
        for x in range(d.scope_n[ki]):
            a = &d.atoms[ki][x]
            for j in range(a.ntests):
                tt = &a.tests[j]
                if tt.feat == feat and ((<uint64_t>(0 & tt.mask) - <uint64_t>tt.lo) <= tt.span) == tt.neg:
                    d.kill[ki][k][x >> 6] |= ONE << (x & 63)
        if d.kill[ki][k][0] or d.kill[ki][k][1]:
            d.kill_feat[ki][k] = feat
            d.nkill[ki] += 1


cdef class Table:
    """One fan table compiled for the kernel (``guobiao`` builds it).

    ``codes[i]``: fan i's predicate bytecode (None: no predicate); ``values``,
    ``scopes`` (reading-kind bits), ``excludes[i]`` (fan indices),
    ``reduces[i]`` ((fan, amount) pairs); ``chicken``/``flowers``: the
    indices of 无番和 and 花牌; ``prefer``: the two fans that make a later
    standard reading of equal value win the tie; ``items[i][n]``: the score
    item of fan i counted n times (``make_item(i, n)`` beyond);
    ``meld_kinds``: the MeldKind members CHI PON KAN KAKAN ANKAN;
    ``sheet_type``: the score sheet class (``ScoreSheet``), made with
    ``unit``, ``points`` = ``base_points`` + total, and the note
    ``notes_format.format(fan without flowers)`` when there are flowers;
    ``bound_values``: the value of each :data:`BOUND_FANS` fan in this
    table (0 when absent), for :func:`fans_bound` (None: no bound, the
    table is not MCR's).
    """

    def __cinit__(self):
        self.d.code = NULL
        self.d.excl = NULL
        self.d.red = NULL
        for ki in range(NKIND):
            self.d.atoms[ki] = NULL

    def __init__(self, codes, values, scopes, excludes, reduces, int chicken, int flowers, prefer,
                 bint outside_only, items, make_item, meld_kinds, sheet_type, unit, int base_points,
                 notes_format, bound_values=None):
        cdef int i, j, k, n = len(codes), total = 0, ki
        if self.d.code != NULL:
            raise ValueError("a Table is built once")
        if n > MAXF:
            raise ValueError(f"at most {MAXF} fans, got {n}")
        for i in range(n):
            if codes[i] is not None:
                _verify(codes[i])
        if not (len(values) == len(scopes) == len(excludes) == len(reduces) == len(items) == n):
            raise ValueError("codes, values, scopes, excludes, reduces and items differ in length")
        self.d.nfans = n
        for code in codes:
            if code is not None:
                total += len(code)
        self.d.code = <int64_t*>malloc(max(total, 1) * sizeof(int64_t))
        self.d.excl = <int32_t*>malloc(max(sum(len(x) for x in excludes), 1) * sizeof(int32_t))
        self.d.red = <int32_t*>malloc(max(2 * sum(len(x) for x in reduces), 1) * sizeof(int32_t))
        if self.d.code == NULL or self.d.excl == NULL or self.d.red == NULL:
            raise MemoryError()
        j = 0
        for i in range(n):
            code = codes[i]
            if code is None:
                self.d.start[i] = -1
                continue
            self.d.start[i] = j
            for x in code:
                self.d.code[j] = x
                j += 1
        self.d.ncode = j
        if sum(len(x) for x in reduces) > MAXPEND:
            raise ValueError(f"at most {MAXPEND} reductions in a table")
        j = 0
        k = 0
        for i in range(n):
            self.d.value[i] = values[i]
            self.d.excl_start[i] = j
            for x in excludes[i]:
                if not 0 <= x < n:
                    raise ValueError(f"fan {i} excludes fan {x!r}, not 0..{n - 1}")
                self.d.excl[j] = x
                j += 1
            self.d.red_start[i] = k
            for x, amount in reduces[i]:
                if not 0 <= x < n:
                    raise ValueError(f"fan {i} reduces fan {x!r}, not 0..{n - 1}")
                self.d.red[k] = x
                self.d.red[k + 1] = amount
                k += 2
        self.d.excl_start[n] = j
        self.d.red_start[n] = k
        for ki, kind in enumerate((K_STD, K_PAIRS, K_SHIFTED, K_ORPHANS, K_LESSER, K_GREATER, K_KSTRAIGHT)):
            self.d.scope_n[ki] = 0
            self.d.atoms[ki] = <Atom*>malloc(max(n, 1) * sizeof(Atom))
            if self.d.atoms[ki] == NULL:
                raise MemoryError()
            for i in range(n):
                if self.d.start[i] >= 0 and scopes[i] & kind:
                    _atom(&self.d.atoms[ki][self.d.scope_n[ki]], i, codes[i])
                    self.d.scope_n[ki] += 1
            _kill_masks(&self.d, ki)
        if not (0 <= chicken < n and 0 <= flowers < n):
            raise ValueError("chicken and flowers must be fan indices")
        self.d.chicken = chicken
        self.d.flowers = flowers
        self.d.prefer0, self.d.prefer1 = prefer
        self.d.outside_only = outside_only
        self.items = list(items)
        self.make_item = make_item
        self.meld_kinds = tuple(meld_kinds)
        self.sheet_type = sheet_type
        self.unit = unit
        self.base_points = base_points
        self.notes_format = notes_format
        self.notes = {}
        # A slotted dataclass whose fields are these five, then only fields
        # with a plain default (ScoreSheet's ``problem``), and nothing run on
        # construction is filled slot by slot (what its __init__ does, minus
        # the interpreter); anything else is called.
        fields = dataclasses.fields(sheet_type) if (
            isinstance(sheet_type, type) and dataclasses.is_dataclass(sheet_type)) else ()
        names = tuple(f.name for f in fields)
        self.sheet_slots = (
            names[:len(_SHEET_FIELDS)] == _SHEET_FIELDS
            and all(f.default is not dataclasses.MISSING and f.default_factory is dataclasses.MISSING
                    and f.init for f in fields[len(_SHEET_FIELDS):])
            and getattr(sheet_type, "__slots__", None) == names
            and not hasattr(sheet_type, "__post_init__")
            and all(type(vars(sheet_type).get(name)) is types.MemberDescriptorType for name in names)
        )
        self.slots = tuple(vars(sheet_type)[name] for name in names) if self.sheet_slots else ()
        self.slot_defaults = tuple(f.default for f in fields[len(_SHEET_FIELDS):]) if self.sheet_slots else ()
        self.d.has_bound = bound_values is not None
        for i in range(NBV):
            self.d.bval[i] = 0
        if bound_values is not None:
            if len(bound_values) != NV:
                raise ValueError(f"bound_values: one value per BOUND_FANS name ({NV}), got {len(bound_values)}")
            for i in range(NV):
                if not 0 <= bound_values[i] < (1 << 32):
                    raise ValueError(f"bound_values: {BOUND_FANS[i]} {bound_values[i]!r} is not a fan value")
                self.d.bval[i] = bound_values[i]
        all_kinds = (ONE << 34) - 1
        krules_init(&self.d.std_rules, 1, all_kinds, all_kinds, 0, 0)
        krules_init(&self.d.std_pairs_rules, 3, all_kinds, all_kinds, 0, 0)

    def __dealloc__(self):
        free(self.d.code)
        free(self.d.excl)
        free(self.d.red)
        for ki in range(NKIND):
            free(self.d.atoms[ki])

    @property
    def nfans(self) -> int:
        return self.d.nfans


cdef int _load(Table t, object tiles, int win, object melds, Hand* h, int* mk, int* mt) except -2:
    """Counts and melds from Python values; 0, or BAD_INPUT (a tile id out
    of range, too many tiles or melds, an unknown meld kind)."""
    cdef long k
    cdef int i = 0
    cdef tuple kinds = <tuple>t.meld_kinds
    memset(h.c, 0, 34)
    h.T = 0
    for x in tiles:
        k = x
        if not 0 <= k < 34 or h.T >= 14:
            return BAD_INPUT
        h.c[k] += 1
        h.T += 1
        if h.c[k] > 4:
            return BAD_INPUT
    h.win = win
    for m in melds:
        if i == 4:
            return BAD_INPUT
        kind = m.kind
        if kind is kinds[0]:
            mk[i] = M_CHI
        elif kind is kinds[1]:
            mk[i] = M_PON
        elif kind is kinds[2]:
            mk[i] = M_KAN
        elif kind is kinds[3]:
            mk[i] = M_KAKAN
        elif kind is kinds[4]:
            mk[i] = M_ANKAN
        else:
            return BAD_INPUT
        k = m.tiles[0]
        if not 0 <= k < 34 or (mk[i] == M_CHI and (k >= 27 or k % 9 > 6)):
            return BAD_INPUT
        mt[i] = k
        i += 1
    h.nmelds = i
    return OK


cdef int _start(Table table, tiles, int win, melds, Hand* h, bint self_drawn, bint kong, bint last_tile,
                bint fourth_tile, int seat_wind, int round_wind, int flowers, bint first_turn,
                bint first_go_around, bint dealer, bint ready_on_deal, bint wild_kong) except? -99:
    """Load one situation into ``h`` and fill its hand facts: OK, or the
    code of what is wrong (not tile ids or melds: BAD_INPUT, and the Python
    path then says what)."""
    cdef Flags fl
    cdef int mk[4]
    cdef int mt[4]
    cdef int rc
    try:
        rc = _load(table, tiles, win, melds, h, mk, mt)
    except Exception:
        return BAD_INPUT
    if rc != OK:
        return rc
    fl.self_drawn = self_drawn
    fl.kong = kong
    fl.last_tile = last_tile
    fl.fourth_tile = fourth_tile
    fl.seat_wind = seat_wind
    fl.round_wind = round_wind
    fl.flowers = flowers
    fl.first_turn = first_turn
    fl.first_go_around = first_go_around
    fl.dealer = dealer
    fl.ready_on_deal = ready_on_deal
    fl.wild_kong = wild_kong
    ensure_tables()
    return _prepare(h, mk, mt, &fl)


def score(Table table, tiles, int win, melds, bint self_drawn, bint kong, bint last_tile, bint fourth_tile,
          int seat_wind, int round_wind, int flowers, bint first_turn=False, bint first_go_around=False,
          bint dealer=False, bint ready_on_deal=False, bint wild_kong=False):
    """Score one MCR win: its score sheet (``total`` with the flowers), or
    None when the situation is not a valid winning hand or has more readings
    than the kernel keeps (the Python path then raises or scores it).

    ``tiles``: the concealed tile kinds, the winning tile included; ``win``:
    the winning tile (-1: the dealer's dealt hand, self-drawn); ``melds``:
    Meld values; ``kong``: 杠上开花 when self-drawn, else 抢杠和.
    """
    cdef Hand h
    cdef Found best
    cdef int rc, j
    cdef list items
    cdef tuple out
    # (the GIL is kept: releasing and taking it back costs more than a
    # hand's count)
    rc = _start(table, tiles, win, melds, &h, self_drawn, kong, last_tile, fourth_tile, seat_wind,
                round_wind, flowers, first_turn, first_go_around, dealer, ready_on_deal, wild_kong)
    if rc == OK:
        rc = _best(&table.d, &h, &best, NULL, NULL)
    if rc != OK:
        return None
    out = PyTuple_New(best.n + (flowers > 0))
    items = table.items
    for j in range(best.n):
        _put(out, j, table, items, best.idx[j], best.cnt[j])
    if flowers:
        _put(out, best.n, table, items, table.d.flowers, flowers)
    return _sheet(table, out, best.total + flowers, best.total)


def below_minimum(Table table, ctx, int64_t min_fan):
    """Whether the win ``ctx`` (a ``WinContext``) scores fewer than
    ``min_fan`` fans without flowers: first :func:`fans_bound` (no reading
    made), then the count of :func:`score` without its sheet.  False when
    the kernel cannot score the context (wild tiles, a malformed hand, too
    many readings): the scorer then decides, or says what is wrong."""
    cdef Hand h
    cdef Found best
    cdef int rc
    if ctx.wilds:
        return False
    rc = _start(table, ctx.concealed, ctx.win_tile, ctx.melds, &h, ctx.self_drawn,
                ctx.kong_replacement or ctx.robbed_kong, ctx.last_tile, ctx.fourth_tile, ctx.seat_wind,
                ctx.round_wind, len(ctx.flowers), ctx.first_turn, ctx.first_go_around, ctx.dealer,
                ctx.ready_on_deal, ctx.instant == "混杠")
    if rc != OK:
        return False
    if _bound(&table.d, &h) < min_fan:
        return True
    rc = _best(&table.d, &h, &best, NULL, NULL)
    return rc == OK and best.total < min_fan


def fans_bound(Table table, tiles, int win, melds, bint self_drawn, bint kong, bint last_tile,
               bint fourth_tile, int seat_wind, int round_wind, bint first_turn=False,
               bint first_go_around=False, bint dealer=False, bint ready_on_deal=False, bint wild_kong=False):
    """The cheap upper bound on the fans (flowers apart) of a win, as
    :func:`score` takes it (without the flowers): never below the total of
    the best reading; None when the table has no ``bound_values``, a
    reading without four sets may exist, or the situation is not one the
    kernel scores."""
    cdef Hand h
    cdef int rc
    cdef int64_t got
    rc = _start(table, tiles, win, melds, &h, self_drawn, kong, last_tile, fourth_tile, seat_wind,
                round_wind, 0, first_turn, first_go_around, dealer, ready_on_deal, wild_kong)
    if rc != OK:
        return None
    got = _bound(&table.d, &h)
    return None if got == NO_BOUND else got


cdef tuple _SHEET_FIELDS = ("items", "total", "unit", "points", "notes")


cdef object _sheet(Table table, tuple items, int64_t total, int64_t base):
    """The score sheet of a hand: ``total`` with the flowers, ``base`` without."""
    cdef object notes = ()
    cdef Py_ssize_t j
    if total != base:
        notes = table.notes.get(base)
        if notes is None:
            notes = (table.notes_format.format(base),)
            if len(table.notes) < 4096:
                table.notes[base] = notes
    points = table.base_points + total
    if not table.sheet_slots:
        return table.sheet_type(items, total, table.unit, points, notes)
    cdef tuple slots = table.slots
    sheet = _alloc(<PyTypeObject*>table.sheet_type, 0)
    _set_slot(slots[0], sheet, items)
    _set_slot(slots[1], sheet, total)
    _set_slot(slots[2], sheet, table.unit)
    _set_slot(slots[3], sheet, points)
    _set_slot(slots[4], sheet, notes)
    for j in range(len(table.slot_defaults)):
        _set_slot(slots[5 + j], sheet, table.slot_defaults[j])
    return sheet


cdef inline void _put(tuple out, int j, Table table, list items, int i, int64_t n) except *:
    cdef tuple row = <tuple>items[i]
    if n < len(row):
        item = row[n]
    else:
        item = table.make_item(i, n)
    Py_INCREF(item)
    PyTuple_SET_ITEM(out, j, item)


# ---------------------------------------------------------------------------
# Test shims (Python wrappers used by the tests only)
# ---------------------------------------------------------------------------

def _py_readings(Table table, tiles, int win, melds, bint self_drawn, bint kong, bint last_tile,
                 bint fourth_tile, int seat_wind, int round_wind, int flowers, bint first_turn=False,
                 bint first_go_around=False, bint dealer=False, bint ready_on_deal=False,
                 bint wild_kong=False):
    """Every reading's feature record, in counting order (FEATURES then
    COMBOS), or None as :func:`score`."""
    cdef Hand h
    cdef Found res
    cdef int rc, n = 0
    cdef int64_t* feats
    rc = _start(table, tiles, win, melds, &h, self_drawn, kong, last_tile, fourth_tile, seat_wind,
                round_wind, flowers, first_turn, first_go_around, dealer, ready_on_deal, wild_kong)
    if rc != OK:
        return None
    feats = <int64_t*>malloc(MAXR * NFEAT * sizeof(int64_t))
    if feats == NULL:
        raise MemoryError()
    try:
        rc = _best(&table.d, &h, &res, feats, &n)
        if rc != OK:
            return None
        return [tuple([feats[i * NFEAT + j] for j in range(NFEAT)]) for i in range(n)]
    finally:
        free(feats)


def _py_waits(Table table, standing, bint seven_pairs) -> tuple:
    """(the kernel's wait count, capped at 2; the core's exact count) of
    3n+1 tiles (kinds, a kind up to four times)."""
    cdef uint8_t s[34]
    cdef int total = 0
    memset(s, 0, 34)
    for x in standing:
        if not 0 <= x < 34 or s[x] == 4:
            raise ValueError(f"bad tiles {standing!r}")
        s[x] += 1
        total += 1
    if total % 3 != 1:
        raise ValueError(f"{total} tiles, not 3n+1")
    ensure_tables()
    return _count_waits(s, total, seven_pairs), _nwaits_core(&table.d, s, seven_pairs)


def _py_combos(chows, pungs) -> tuple:
    """The set-combination counts (COMBOS order) of these chows (lowest
    kinds) and pungs (kinds), at most four of each."""
    cdef int8_t c[4]
    cdef int8_t p[4]
    cdef int64_t out[NCOMBO]
    cdef int nc = 0, np = 0, i
    memset(out, 0, sizeof(out))
    for x in chows:
        if nc == 4 or not 0 <= x < 27 or x % 9 > 6:
            raise ValueError(f"bad chows {chows!r}")
        c[nc] = x
        nc += 1
    for x in pungs:
        if np == 4 or not 0 <= x < 34:
            raise ValueError(f"bad pungs {pungs!r}")
        p[np] = x
        np += 1
    _chow_combos(c, nc, out)
    _pung_combos(p, np, out)
    return tuple([out[i] for i in range(NCOMBO)])


def _py_run(code, features) -> int:
    """Run predicate bytecode on a feature record (NFEAT integers)."""
    cdef int64_t f[NFEAT]
    cdef int64_t* buf
    cdef int i, n = len(code)
    if len(features) != NFEAT:
        raise ValueError(f"a feature record has {NFEAT} values, got {len(features)}")
    _verify(code)
    for i in range(NFEAT):
        f[i] = features[i]
    buf = <int64_t*>malloc(max(n, 1) * sizeof(int64_t))
    if buf == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            buf[i] = code[i]
        return _run(buf, 0, f)
    finally:
        free(buf)
