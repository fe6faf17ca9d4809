"""Hand-analysis kernels of mahjong-core (Cython).

Everything here works on 34-entry tile-count arrays plus a number of wild
tiles and a :class:`KernelRules` value.  The meaning of every answer is fixed
in ``docs/analysis.md``; ``tests/reference/oracle.py`` is the slow, obvious
twin that the test suite compares these kernels with.

How it works
------------
A hand splits into five independent *parts*: the three suits (9 kinds each),
the winds (4) and the dragons (3).  For every possible count vector of a part
(at most 17 tiles) three tables are built once, lazily, in C:

* ``d0[m][pt]``: the fewest tiles missing for the part to contain ``m`` sets
  and (``pt`` = 1) any pair or (``pt`` = 2) a 2/5/8 pair, when no kind may be
  held more than four times (exact, 4-copy-aware shanten);
* ``du[m][pt]``: the same without the four-copy limit (wild tiles may be a
  fifth copy);
* ``a[pt]``: the fewest wilds that complete the part using all its tiles.

A win check is then a sum of five lookups, shanten a small min-plus
combination, waits one lookup per candidate kind.  Rare inputs that the tables
cannot answer exactly (wild masks covering part of a suit; wild hands where
the four-copy limit binds) go through an exact slower path.

Keys are lexicographic ranks among count vectors of at most 17 tiles, so a
suit table has 886,400 entries rather than 5**9.
"""

from libc.stdlib cimport malloc, calloc, free, realloc
from libc.string cimport memset, memcpy, memmove, memcmp
from mahjong_core._types cimport *
from libc.stdint cimport int16_t
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF

cdef extern from *:
    """
    /* A 4-item instance of a tuple subclass with no fields of its own, as
       tuple's own subtype constructor allocates one (items set after). */
    static PyObject *mj_alloc_row(PyTypeObject *t) { return t->tp_alloc(t, 4); }
    """
    object _alloc_row "mj_alloc_row"(type t)

from mahjong_core._types cimport popcount64 as _popcount, ctz64 as _ctz

from mahjong_core.errors import InvalidHandError

# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

cdef enum:
    GEN = 40          # bytes per key while building: d0[18] du[18] a[3] pad
    REC = 36          # bytes per key of the shanten table: d0[18] du[18]
    OFF_DU = 18
    OFF_A = 36
    MAXSETS = 16      # set types in one part (suit: 9 pungs + 7 chows)

cdef struct Part:
    int L
    uint32_t nkeys
    uint32_t R[9 * 18 * 5]
    uint8_t* tab                  # nkeys * REC: deficits d0, du
    uint8_t* wt                   # nkeys * 4: fewest wilds a[0..2] (all tiles used)
    int nsets
    uint8_t sets[MAXSETS][9]      # count vector of each set type
    uint8_t pair258[9]            # position may hold a 2/5/8 pair

cdef Part T_SUIT
cdef const Part* PARTS[2][5]
cdef Part T_WIND[2]
cdef Part T_DRAGON[2]
cdef bint _ready = False

# knitted arrangements: KNIT[a][j] = kind of the j-th knitted tile
cdef int KNIT[6][9]
cdef uint64_t KNIT_MASK[6]
cdef uint64_t ORPHAN_MASK = 0
cdef uint64_t HONOR_MASK = 0
# valid 十三烂 subsets of one suit (any two kinds at least 3 apart)
cdef int NLAN = 0
cdef uint16_t LAN[64]
cdef uint8_t LAN_SIZE[64]
cdef uint8_t LAN_MISS[512][4]   # the fewest ranks a 十三烂 suit pattern of z ranks lacks, by held ranks
cdef uint8_t POP9[512]


cdef inline uint32_t _R(const Part* P, int pos, int s, int v) noexcept nogil:
    return P.R[(pos * 18 + s) * 5 + v]


cdef inline uint32_t part_rank(const Part* P, const uint8_t* c) noexcept nogil:
    cdef int pos, s = 0
    cdef uint32_t r = 0
    for pos in range(P.L):
        r += P.R[(pos * 18 + s) * 5 + c[pos]]
        s += c[pos]
    return r


cdef extern from *:
    """
    /* Rank of a part's count vector: R is [pos][18 prefix sums][5 counts].
       Unrolled for the three part sizes (9 suit kinds, 4 winds, 3 dragons). */
    #define MJ_STEP(i) { unsigned v_ = c[i]; r += R[(i) * 90 + s + v_]; s += 5 * v_; }
    static inline unsigned int mj_rank(const unsigned int *R, const unsigned char *c, int L, int *total) {
        unsigned int r = 0, s = 0;
        MJ_STEP(0) MJ_STEP(1) MJ_STEP(2)
        if (L > 3) {
            MJ_STEP(3)
            if (L > 4) { MJ_STEP(4) MJ_STEP(5) MJ_STEP(6) MJ_STEP(7) MJ_STEP(8) }
        }
        *total = (int)(s / 5);
        return r;
    }
    """
    uint32_t mj_rank(const uint32_t* R, const uint8_t* c, int L, int* total) noexcept nogil


cdef inline uint32_t part_rank_sum(const Part* P, const uint8_t* c, int* total) noexcept nogil:
    """Rank of a part's count vector, and its number of tiles."""
    return mj_rank(P.R, c, P.L, total)


cdef void _rank_step(const Part* P, const uint8_t* c, int d, uint32_t* out) noexcept nogil:
    """out[i] = rank(c + d * e_i) for every i where that count stays in 0..4
    (d is +1 or -1; with +1 the part must hold fewer than 17 tiles)."""
    cdef int L = P.L, q, v
    cdef int s[10]
    cdef uint32_t pre[10]
    cdef uint32_t suf[10]
    s[0] = 0
    pre[0] = 0
    for q in range(L):
        s[q + 1] = s[q] + c[q]
        pre[q + 1] = pre[q] + _R(P, q, s[q], c[q])
    # after position q the prefix sums all move by d
    suf[L - 1] = 0
    q = L - 2
    while q >= 0:
        if s[q + 1] + d >= 0:
            suf[q] = suf[q + 1] + _R(P, q + 1, s[q + 1] + d, c[q + 1])
        else:
            suf[q] = 0  # nothing held before: no c[i] - 1 exists there
        q -= 1
    for q in range(L):
        v = c[q] + d
        if 0 <= v <= 4:
            out[q] = pre[q] + _R(P, q, s[q], v) + suf[q]


cdef int _init_rank(Part* P, int L) noexcept nogil:
    cdef int64_t N[10][18]
    cdef int k, r, v, pos, s, u
    cdef int64_t acc
    for r in range(18):
        N[0][r] = 1
    for k in range(1, 10):
        for r in range(18):
            acc = 0
            for v in range(5):
                if r - v >= 0:
                    acc += N[k - 1][r - v]
            N[k][r] = acc
    P.L = L
    P.nkeys = <uint32_t>N[L][17]
    for pos in range(L):
        for s in range(18):
            for v in range(5):
                acc = 0
                for u in range(v):
                    if 17 - s - u >= 0:
                        acc += N[L - 1 - pos][17 - s - u]
                P.R[(pos * 18 + s) * 5 + v] = <uint32_t>acc
    return 0


cdef void _mark(Part* P, uint64_t* bits, int* t, int m, int pt,
                uint8_t* possible) noexcept nogil:
    cdef uint8_t tc[9]
    cdef int j, ok = 1
    for j in range(P.L):
        if t[j] > 4:
            ok = 0
            tc[j] = 4
        else:
            tc[j] = <uint8_t>t[j]
    cdef int plane = m * NPT + pt
    if ok:
        bits[part_rank(P, tc)] |= (<uint64_t>1) << plane
        possible[plane] = 1
    bits[part_rank(P, tc)] |= (<uint64_t>1) << (OFF_DU + plane)
    possible[OFF_DU + plane] = 1


cdef void _enum_targets(Part* P, uint64_t* bits, int* t, int start, int m,
                        uint8_t* possible) noexcept nogil:
    cdef int j, si
    # this multiset of m sets, without a pair and with each pair
    _mark(P, bits, t, m, 0, possible)
    for j in range(P.L):
        t[j] += 2
        _mark(P, bits, t, m, 1, possible)
        if P.pair258[j]:
            _mark(P, bits, t, m, 2, possible)
        t[j] -= 2
    if m == MAXM:
        return
    for si in range(start, P.nsets):
        for j in range(P.L):
            t[j] += P.sets[si][j]
        _enum_targets(P, bits, t, si, m + 1, possible)
        for j in range(P.L):
            t[j] -= P.sets[si][j]


cdef extern from *:
    """
    /* mx[i] = max(mx[i], v[i]) for 36 bytes; a plain loop compilers vectorise. */
    static inline void mj_max36(unsigned char *__restrict mx, const unsigned char *__restrict v) {
        for (int i = 0; i < 36; i++) mx[i] = v[i] > mx[i] ? v[i] : mx[i];
    }
    """
    void _max36 "mj_max36"(uint8_t* mx, const uint8_t* v) noexcept nogil


cdef int _mcap(const uint8_t* d) noexcept nogil:
    """Most sets worth placing in this part: from this m on, every further set
    is a fresh one (3 more missing tiles), which the combination adds anyway."""
    cdef int m = MAXM, pt, a, b
    while m > 0:
        for pt in range(NPT):
            a = d[(m - 1) * NPT + pt]
            b = d[m * NPT + pt]
            if a < INF8 and b != a + 3:
                return m
            if a >= INF8 and b < INF8:
                return m
        m -= 1
    return 0


cdef void _init_part(Part* P, int L, int honor_chows) noexcept nogil:
    """P's ranks and set types (cheap); its tables stay unset.
    L = 9 (a suit), 4 (winds) or 3 (dragons)."""
    cdef int i, j, k
    _init_rank(P, L)
    P.tab = NULL
    P.wt = NULL
    # set types
    P.nsets = 0
    memset(P.sets, 0, sizeof(P.sets))
    memset(P.pair258, 0, sizeof(P.pair258))
    for j in range(L):
        P.sets[P.nsets][j] = 3
        P.nsets += 1
    if L == 9:
        for j in range(7):
            P.sets[P.nsets][j] = 1
            P.sets[P.nsets][j + 1] = 1
            P.sets[P.nsets][j + 2] = 1
            P.nsets += 1
        P.pair258[1] = P.pair258[4] = P.pair258[7] = 1
    elif honor_chows:
        # any three different kinds of the part (winds: 4 choices, dragons: 1)
        for i in range(L):
            for j in range(i + 1, L):
                for k in range(j + 1, L):
                    P.sets[P.nsets][i] = 1
                    P.sets[P.nsets][j] = 1
                    P.sets[P.nsets][k] = 1
                    P.nsets += 1


cdef int _build_part(Part* P) except -1:
    """Fill the tables of P (set up by _init_part): about a tenth of a second
    for a suit, which is why the installed package ships them in a file."""
    cdef int i, j, k, pos, plane, m, pt, size, sumc, best
    cdef int L = P.L
    cdef uint32_t r, nk = P.nkeys
    cdef uint8_t* keys
    cdef uint64_t* bits
    cdef uint8_t* rec
    cdef uint8_t* nrec
    cdef uint8_t mx[36]
    cdef uint8_t possible[36]
    cdef uint32_t nb[9]
    cdef int t[9]
    cdef uint8_t c[9]

    keys = <uint8_t*>malloc(nk * L)
    bits = <uint64_t*>calloc(nk, sizeof(uint64_t))
    P.tab = <uint8_t*>calloc(nk, GEN)
    if keys == NULL or bits == NULL or P.tab == NULL:
        free(keys); free(bits)
        raise MemoryError()
    with nogil:
        # every key in rank order (lexicographic, position 0 most significant)
        memset(c, 0, sizeof(c))
        sumc = 0
        r = 0
        while True:
            memcpy(keys + <size_t>r * L, c, L)
            r += 1
            pos = L - 1
            while pos >= 0:
                if c[pos] < 4 and sumc < 17:
                    c[pos] += 1
                    sumc += 1
                    break
                sumc -= c[pos]
                c[pos] = 0
                pos -= 1
            if pos < 0:
                break
        # mark every target (m sets + optional pair), then close downwards:
        # bit set at c  <=>  c is contained in some target of that plane
        memset(possible, 0, sizeof(possible))
        memset(t, 0, sizeof(t))
        _enum_targets(P, bits, t, 0, 0, possible)
        r = nk
        while r > 0:
            r -= 1
            if bits[r] == 0:
                continue
            _rank_step(P, keys + <size_t>r * L, -1, nb)
            for j in range(L):
                if keys[<size_t>r * L + j] > 0:
                    bits[nb[j]] |= bits[r]
        # g = most tiles of c that one target of the plane can cover
        for r in range(nk):
            rec = P.tab + <size_t>r * GEN
            sumc = 0
            for j in range(L):
                sumc += keys[<size_t>r * L + j]
            memset(mx, 0, 36)
            _rank_step(P, keys + <size_t>r * L, -1, nb)
            for j in range(L):
                if keys[<size_t>r * L + j] > 0:
                    _max36(mx, P.tab + <size_t>nb[j] * GEN)
            for plane in range(36):
                if (bits[r] >> plane) & 1:
                    rec[plane] = <uint8_t>sumc
                else:
                    rec[plane] = mx[plane]
        # turn covers into deficits, and derive the all-tiles-used wild counts
        for r in range(nk):
            rec = P.tab + <size_t>r * GEN
            sumc = 0
            for j in range(L):
                sumc += keys[<size_t>r * L + j]
            for pt in range(NPT):
                rec[OFF_A + pt] = INF8
            for m in range(NM):
                for pt in range(NPT):
                    plane = m * NPT + pt
                    size = 3 * m + (2 if pt > 0 else 0)
                    if rec[OFF_DU + plane] == sumc and size >= sumc and possible[OFF_DU + plane]:
                        if rec[OFF_A + pt] == INF8:
                            rec[OFF_A + pt] = <uint8_t>(size - sumc)
                    for k in range(2):
                        i = plane + k * OFF_DU
                        if possible[i]:
                            rec[i] = <uint8_t>(size - rec[i])
                        else:
                            rec[i] = INF8
    free(keys)
    free(bits)
    # split: the wild counts into their own small table (win checks and waits
    # touch only it), the deficits compacted to REC bytes per key
    P.wt = <uint8_t*>malloc(nk * 4)
    if P.wt == NULL:
        raise MemoryError()
    for r in range(nk):
        rec = P.tab + <size_t>r * GEN
        memcpy(P.wt + <size_t>r * 4, rec + OFF_A, 3)
        P.wt[<size_t>r * 4 + 3] = <uint8_t>(_mcap(rec) | (_mcap(rec + OFF_DU) << 4))
        memmove(P.tab + <size_t>r * REC, rec, REC)
    P.tab = <uint8_t*>realloc(P.tab, <size_t>nk * REC)
    return 0


cdef void _init_static() noexcept nogil:
    global ORPHAN_MASK, HONOR_MASK, NLAN
    cdef int perm[6][3]
    cdef int a, g, j, x, y, ok, s
    cdef int n = 0
    for a in range(3):
        for g in range(3):
            if g == a:
                continue
            for j in range(3):
                if j == a or j == g:
                    continue
                perm[n][0] = a
                perm[n][1] = g
                perm[n][2] = j
                n += 1
    for a in range(6):
        KNIT_MASK[a] = 0
        for g in range(3):
            for j in range(3):
                KNIT[a][g * 3 + j] = perm[a][g] * 9 + g + 3 * j
                KNIT_MASK[a] |= (<uint64_t>1) << KNIT[a][g * 3 + j]
    cdef int orphans[13]
    orphans[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    ORPHAN_MASK = 0
    for j in range(13):
        ORPHAN_MASK |= (<uint64_t>1) << orphans[j]
    HONOR_MASK = 0
    for j in range(27, 34):
        HONOR_MASK |= (<uint64_t>1) << j
    for s in range(512):
        POP9[s] = 0
        for x in range(9):
            POP9[s] += (s >> x) & 1
    NLAN = 0
    for s in range(512):
        ok = 1
        for x in range(9):
            for y in range(x + 1, 9):
                if (s >> x) & 1 and (s >> y) & 1 and y - x < 3:
                    ok = 0
        if ok:
            LAN[NLAN] = <uint16_t>s
            LAN_SIZE[NLAN] = 0
            for x in range(9):
                LAN_SIZE[NLAN] += (s >> x) & 1
            NLAN += 1
    for s in range(512):
        for x in range(4):
            LAN_MISS[s][x] = 9
        for x in range(NLAN):
            y = POP9[LAN[x] & ~s & 0x1FF]
            if y < LAN_MISS[s][LAN_SIZE[x]]:
                LAN_MISS[s][LAN_SIZE[x]] = <uint8_t>y


# The five parts in the order the table file stores them.
cdef Part* _ALL[5]
_ALL[:] = [&T_SUIT, &T_WIND[0], &T_WIND[1], &T_DRAGON[0], &T_DRAGON[1]]
cdef int _ALL_L[5]
cdef int _ALL_HC[5]
_ALL_L[:] = [9, 4, 4, 3, 3]
_ALL_HC[:] = [0, 0, 1, 0, 1]

# The table file (``_tables.bin`` beside this module, written by setup.py at
# build time with _write_tables): a header, then for each part of _ALL its
# deficits (nkeys * REC bytes) and its wild counts (nkeys * 4 bytes).  Every
# entry is a byte, so one file serves every platform.  Bump TABLE_FORMAT
# whenever _build_part's output changes; tests/core/test_tables.py checks the
# shipped file against tables built afresh, byte for byte.
TABLE_FILE = "_tables.bin"
TABLE_FORMAT = 1
cdef object _mapped = None           # the mapped file, open for the life of the process
cdef const uint8_t[::1] _mapped_view
cdef str _origin = ""                # "file" or "built" once the tables are ready


cdef bytes _table_header(Part** parts):
    """The table file's header: a magic, TABLE_FORMAT, each part's key count."""
    cdef int i
    cdef bytearray h = bytearray(b"MJCORETB")
    h += TABLE_FORMAT.to_bytes(4, "little")
    for i in range(5):
        h += (<uint32_t>parts[i].nkeys).to_bytes(4, "little")
    return bytes(h)


cdef int _load_tables() except -1:
    """Point the parts' tables into the mapped table file (parts already set
    up by _init_part).  1 when done, 0 when the file is absent or not this
    build's (the caller then builds the tables)."""
    global _mapped, _mapped_view
    import os
    if os.environ.get("MAHJONG_CORE_BUILD_TABLES", "") not in ("", "0"):
        return 0
    import mmap
    cdef bytes head = _table_header(_ALL)
    cdef size_t size = len(head), ofs
    cdef int i
    for i in range(5):
        size += <size_t>_ALL[i].nkeys * (REC + 4)
    try:
        with open(os.path.join(os.path.dirname(__file__), TABLE_FILE), "rb") as f:
            m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return 0
    if len(m) != size or m[:len(head)] != head:
        m.close()
        return 0
    _mapped = m
    _mapped_view = m
    cdef const uint8_t* base = &_mapped_view[0]
    ofs = len(head)
    for i in range(5):
        _ALL[i].tab = <uint8_t*>(base + ofs)
        ofs += <size_t>_ALL[i].nkeys * REC
        _ALL[i].wt = <uint8_t*>(base + ofs)
        ofs += <size_t>_ALL[i].nkeys * 4
    return 1


cdef int ensure_tables() except -1:
    """Make the tables ready on first use, once per process: mapped from the
    shipped table file (a few page reads as calls touch them), or built here
    (about a tenth of a second) when there is none."""
    global _ready, _origin
    if _ready:
        return 0
    _init_static()
    cdef int i
    for i in range(5):
        _init_part(_ALL[i], _ALL_L[i], _ALL_HC[i])
    if _load_tables():
        _origin = "file"
    else:
        for i in range(5):
            _build_part(_ALL[i])
        _origin = "built"
    cdef int hc, p
    for hc in range(2):
        for p in range(3):
            PARTS[hc][p] = &T_SUIT
        PARTS[hc][3] = &T_WIND[hc]
        PARTS[hc][4] = &T_DRAGON[hc]
    _ready = True
    return 0


def _build_tables() -> None:
    """Make the lookup tables ready now rather than on first use."""
    ensure_tables()


def _tables_origin() -> str:
    """Where this process's tables came from: "file" (the shipped table
    file), "built" (built at first use), or "" (not needed yet)."""
    return _origin


def _table_bytes() -> bytes:
    """The tables built afresh (not the ones in use), in the table file's layout."""
    cdef Part* tmp = <Part*>calloc(5, sizeof(Part))
    if tmp == NULL:
        raise MemoryError()
    cdef Part* parts[5]
    cdef int i
    chunks = []
    try:
        for i in range(5):
            parts[i] = &tmp[i]
            _init_part(&tmp[i], _ALL_L[i], _ALL_HC[i])
            _build_part(&tmp[i])
        head = _table_header(parts)
        for i in range(5):
            chunks.append((<char*>tmp[i].tab)[:<size_t>tmp[i].nkeys * REC])
            chunks.append((<char*>tmp[i].wt)[:<size_t>tmp[i].nkeys * 4])
    finally:
        for i in range(5):
            free(tmp[i].tab)
            free(tmp[i].wt)
        free(tmp)
    return head + b"".join(chunks)


def _write_tables(path: str) -> None:
    """Write the table file (setup.py calls this at build time)."""
    import os
    data = _table_bytes()
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------

cdef int PART_OFS[5]
cdef int PART_LEN[5]
PART_OFS[:] = [0, 9, 18, 27, 31]
PART_LEN[:] = [9, 9, 9, 4, 3]

cdef enum:
    BIG = 200


cdef inline const Part* part_table(int p, int hc) noexcept nogil:
    return PARTS[hc][p]


cdef inline uint32_t part_key(int p, int hc, const uint8_t* c, int* s) noexcept nogil:
    """The table key of part p of hand c; s receives the part's tile count."""
    return part_rank_sum(PARTS[hc][p], c + PART_OFS[p], s)


cdef void krules_init(KRules* r, uint32_t forms, uint64_t wild_mask,
                      uint64_t pair_mask, int honor_chows, int distinct_pairs) noexcept nogil:
    cdef int p, L, ofs
    cdef uint64_t full, mb, pb
    r.forms = forms
    r.wild_mask = wild_mask & ((<uint64_t>1 << 34) - 1)
    r.pair_mask = pair_mask & ((<uint64_t>1 << 34) - 1)
    r.honor_chows = 1 if honor_chows else 0
    r.distinct_pairs = 1 if distinct_pairs else 0
    r.fast = 1
    for p in range(5):
        L = PART_LEN[p]
        ofs = PART_OFS[p]
        full = (<uint64_t>1 << L) - 1
        mb = (r.wild_mask >> ofs) & full
        pb = (r.pair_mask >> ofs) & full
        r.part_wild[p] = 1 if mb == full else (0 if mb == 0 else 2)
        if pb == full:
            r.part_pair[p] = 1
        elif pb == 0:
            r.part_pair[p] = 0
        elif L == 9 and pb == 0x92:
            r.part_pair[p] = 2
        else:
            r.part_pair[p] = 3
        if r.part_wild[p] == 2 or r.part_pair[p] == 3:
            r.fast = 0


cdef class KernelRules:
    """The compact, C-level form of :class:`mahjong_core.HandRules`.

    ``forms`` is a bit mask of form codes, ``wild_mask`` and ``pair_mask`` are
    34-bit kind masks.
    """

    def __init__(self, uint32_t forms=0b111, uint64_t wild_mask=(1 << 34) - 1,
                 uint64_t pair_mask=(1 << 34) - 1, bint honor_chows=False,
                 bint distinct_pairs=False):
        krules_init(&self.r, forms, wild_mask, pair_mask, honor_chows, distinct_pairs)

    @property
    def forms(self) -> int:
        return self.r.forms

    @property
    def wild_mask(self) -> int:
        return self.r.wild_mask

    @property
    def pair_mask(self) -> int:
        return self.r.pair_mask

    @property
    def honor_chows(self) -> bool:
        return bool(self.r.honor_chows)

    @property
    def distinct_pairs(self) -> bool:
        return bool(self.r.distinct_pairs)

    @property
    def fast(self) -> bool:
        """True when every answer comes from the tables (no exact slow path)."""
        return bool(self.r.fast)

    def __repr__(self) -> str:
        return (f"KernelRules(forms={self.r.forms:#x}, wild_mask={self.r.wild_mask:#x}, "
                f"pair_mask={self.r.pair_mask:#x}, honor_chows={bool(self.r.honor_chows)}, "
                f"distinct_pairs={bool(self.r.distinct_pairs)})")

    def __reduce__(self):
        return (KernelRules, (self.r.forms, self.r.wild_mask, self.r.pair_mask,
                              bool(self.r.honor_chows), bool(self.r.distinct_pairs)))


cdef KernelRules _DEFAULT = KernelRules()


# ---------------------------------------------------------------------------
# Standard form
# ---------------------------------------------------------------------------

cdef inline int _pt(const KRules* r, int p) noexcept nogil:
    cdef int k = r.part_pair[p]
    if k == 1:
        return 1
    if k == 2:
        return 2
    return 0


cdef inline int _part_sum(const uint8_t* c, int p) noexcept nogil:
    cdef int j, s = 0
    for j in range(PART_OFS[p], PART_OFS[p] + PART_LEN[p]):
        s += c[j]
    return s


cdef inline void _part_a(const KRules* r, int p, uint32_t key, int s,
                         int* a0, int* a1) noexcept nogil:
    """Fewest wilds completing a part with all its tiles: sets only (a0) and
    sets plus the pair (a1); INF8 when impossible."""
    cdef int pt = _pt(r, p)
    cdef const Part* P = PARTS[r.honor_chows][p]
    cdef const uint8_t* rec
    if r.part_wild[p] == 1:
        rec = P.wt + <size_t>key * 4
        a0[0] = rec[0]
        a1[0] = rec[pt] if pt else INF8
    else:
        rec = P.tab + <size_t>key * REC
        a0[0] = INF8
        a1[0] = INF8
        if s % 3 == 0 and rec[(s // 3) * NPT] == 0:
            a0[0] = 0
        if pt and s >= 2 and (s - 2) % 3 == 0 and rec[((s - 2) // 3) * NPT + pt] == 0:
            a1[0] = 0


cdef inline int _pure_pair(const KRules* r) noexcept nogil:
    return 2 if (r.wild_mask & r.pair_mask) != 0 else INF8


cdef int _std_need(const uint8_t* c, const KRules* r) noexcept nogil:
    """Fewest wilds that complete the standard form with every tile (fast rules)."""
    cdef int p, s, a0, a1, total = 0, bestd = _pure_pair(r)
    cdef uint32_t key
    cdef const Part* P
    cdef const uint8_t* rec
    for p in range(5):
        key = part_key(p, r.honor_chows, c, &s)
        if s == 0:
            continue
        _part_a(r, p, key, s, &a0, &a1)
        total += a0
        if a1 - a0 < bestd:
            bestd = a1 - a0
    return total + bestd


cdef inline int _wilds_fit(int need, int w, const KRules* r) noexcept nogil:
    return need <= w and (need == w or r.wild_mask != 0)


cdef inline void _free_wild_kinds(const uint8_t* c, const KRules* r, int* fm, int* fmp) noexcept nogil:
    """How many wild kinds are not held at all (each can host one fresh set
    or the pair made of wilds), and how many of them may be the pair."""
    cdef int k
    fm[0] = 0
    fmp[0] = 0
    for k in range(NK):
        if c[k] == 0 and (r.wild_mask >> k) & 1:
            fm[0] += 1
            fmp[0] += <int>((r.pair_mask >> k) & 1)


cdef inline int _fresh_cost_top(int M, int f, int fp, int w, int fm, int fmp,
                                int pair_any) noexcept nogil:
    """_fresh_cost with no drawn slots (U = 0), in closed form.  Its cost
    3 (f - a) + 2 (fp - b) + max(0, M + 3 a + 2 b - w) never grows when a
    (or b) grows by one (the first term falls by 3 (2), the second rises by
    at most as much), so the best is a = min(f, fm) with b = 0, or, when the
    fresh pair may be wilds (fmp and a + 1 <= fm), a = min(f, fm - 1), b = fp."""
    cdef int a, d, best
    if fp and not pair_any:
        return BIG
    a = f if f < fm else fm
    best = 3 * (f - a) + 2 * fp + (M + 3 * a - w if M + 3 * a > w else 0)
    if fp and fmp and fm >= 1:
        a = f if f < fm - 1 else fm - 1
        d = 3 * (f - a) + (M + 3 * a + 2 - w if M + 3 * a + 2 > w else 0)
        if d < best:
            best = d
    return best


cdef inline int _fresh_cost(int M, int U, int f, int fp, int w, int fm, int fmp,
                            int pair_any) noexcept nogil:
    """Draws when f fresh sets and fp fresh pairs complete a target whose
    wild-fillable slots are M and drawn slots U.  A fresh unit filled by wilds
    needs a wild kind of its own that is not held; the others are drawn.
    The drawn slots add to any choice of fresh units alike: U plus
    _fresh_cost_top."""
    cdef int d = _fresh_cost_top(M, f, fp, w, fm, fmp, pair_any)
    return BIG if d >= BIG else U + d


cdef int _fresh_draws(const uint8_t* c, int (*FM)[2], int (*FU)[2], int n, int w,
                      const KRules* r, int em, int eu) noexcept nogil:
    """Combine wild parts (FM) and the others (FU); fill what is left with
    fresh sets and pair."""
    cdef int m1, m2, p1, p2, d, best = BIG, fm, fmp
    cdef int pair_any = r.pair_mask != 0
    _free_wild_kinds(c, r, &fm, &fmp)
    for m1 in range(n + 1):
        for p1 in range(2):
            if FM[m1][p1] >= BIG:
                continue
            for m2 in range(n + 1 - m1):
                for p2 in range(2 - p1):
                    if FU[m2][p2] >= BIG:
                        continue
                    d = _fresh_cost(FM[m1][p1] + em, FU[m2][p2] + eu, n - m1 - m2,
                                    1 - p1 - p2, w, fm, fmp, pair_any)
                    if d < best:
                        best = d
    return best


cdef enum:
    BIG16 = 1000


cdef inline int _du_gap(const uint8_t* rec, int mm, int n, int pt) noexcept nogil:
    """The least deficit a part's du table (at ``rec + OFF_DU``: the four-copy
    limit ignored) gives where its d0 table (at ``rec``) gives more, over the
    entries a product of ``n`` sets reads (``mm``: the key's packed mmax
    nibbles; ``pt``: its pair plane); BIG when none.  A hand's draws are at
    least any entry's deficit less the wilds, so when every part's gap
    exceeds the lower bound (du) plus the wilds, the upper bound (d0) is
    the same: the lower bound is exact."""
    cdef int lo = mm & 15, hi = mm >> 4, m, v, best = BIG
    cdef const uint8_t* du = rec + OFF_DU
    if hi > n:
        hi = n
    for m in range(hi + 1):
        v = du[m * 3]
        if v < best and (m > lo or v != rec[m * 3]):
            best = v
        if pt:
            v = du[m * 3 + pt]
            if v < best and (m > lo or v != rec[m * 3 + pt]):
                best = v
    return best


cdef extern from *:
    """
    /* One part's min-plus step over 8 lanes (lane m = best deficit with m
       sets): F0/F1 (no pair / pair) are 16 shorts, lanes 0..7 padding with
       large values, lanes 8..15 the values; d points at the part's deficits
       d[m * 3 + pt].  SSE2 on x86-64, NEON on arm64, plain C elsewhere. */
    #if defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64)
    #include <emmintrin.h>
    static inline void mj_part_step(short *F0, short *F1, const unsigned char *d,
                                    int pt, int mmax) {
        __m128i t0 = _mm_set1_epi16(1000), t1 = t0;
        for (int m = 0; m <= mmax; m++) {
            __m128i f0 = _mm_loadu_si128((const __m128i *)(F0 + 8 - m));
            __m128i f1 = _mm_loadu_si128((const __m128i *)(F1 + 8 - m));
            __m128i v0 = _mm_set1_epi16(d[m * 3]);
            __m128i v1 = _mm_set1_epi16(pt ? d[m * 3 + pt] : 60);
            t0 = _mm_min_epi16(t0, _mm_add_epi16(f0, v0));
            t1 = _mm_min_epi16(t1, _mm_min_epi16(_mm_add_epi16(f1, v0), _mm_add_epi16(f0, v1)));
        }
        _mm_storeu_si128((__m128i *)(F0 + 8), t0);
        _mm_storeu_si128((__m128i *)(F1 + 8), t1);
    }
    #elif defined(__ARM_NEON) || defined(__aarch64__)
    #include <arm_neon.h>
    static inline void mj_part_step(short *F0, short *F1, const unsigned char *d,
                                    int pt, int mmax) {
        int16x8_t t0 = vdupq_n_s16(1000), t1 = t0;
        for (int m = 0; m <= mmax; m++) {
            int16x8_t f0 = vld1q_s16(F0 + 8 - m), f1 = vld1q_s16(F1 + 8 - m);
            int16x8_t v0 = vdupq_n_s16(d[m * 3]);
            int16x8_t v1 = vdupq_n_s16(pt ? d[m * 3 + pt] : 60);
            t0 = vminq_s16(t0, vaddq_s16(f0, v0));
            t1 = vminq_s16(t1, vminq_s16(vaddq_s16(f1, v0), vaddq_s16(f0, v1)));
        }
        vst1q_s16(F0 + 8, t0);
        vst1q_s16(F1 + 8, t1);
    }
    #else
    static inline void mj_part_step(short *F0, short *F1, const unsigned char *d,
                                    int pt, int mmax) {
        short t0[8], t1[8];
        for (int i = 0; i < 8; i++) { t0[i] = 1000; t1[i] = 1000; }
        for (int m = 0; m <= mmax; m++) {
            short v0 = d[m * 3], v1 = pt ? d[m * 3 + pt] : 60;
            for (int i = 0; i < 8; i++) {
                short a = (short)(F0[8 - m + i] + v0);
                short b = (short)(F1[8 - m + i] + v0);
                short c = (short)(F0[8 - m + i] + v1);
                if (c < b) b = c;
                if (a < t0[i]) t0[i] = a;
                if (b < t1[i]) t1[i] = b;
            }
        }
        for (int i = 0; i < 8; i++) { F0[8 + i] = t0[i]; F1[8 + i] = t1[i]; }
    }
    #endif
    """
    void _part_step "mj_part_step"(int16_t* F0, int16_t* F1, const uint8_t* d,
                                   int pt, int mmax) noexcept nogil


cdef int _std_draws_fast(const uint8_t* c, int n, int w, const KRules* r,
                         int em, int eu, int use_u, int* gap) noexcept nogil:
    """Fewest draws to reach n sets + a pair (fast rules).

    Parts that wilds may enter (group 0) and the others (group 1) are each
    combined by min-plus over the number of sets, then fresh sets and the
    pair fill what is left.  With use_u the wild parts ignore the four-copy
    limit, which gives a lower bound.  Impossible entries are INF8 (>= 60),
    far above any real deficit, so they never win a min."""
    # F[g][p][0..7] = padding, F[g][p][8 + m] = best deficit with m sets
    cdef int16_t F[2][2][16]
    cdef int p, s, g, m, mmax, pt, off, best, f, i
    cdef int V0[6]
    cdef int V1[6]
    cdef int used[2]
    cdef int FM[6][2]
    cdef int FU[6][2]
    cdef uint32_t key
    cdef const uint8_t* rec
    for g in range(2):
        used[g] = 0
        for i in range(16):
            F[g][0][i] = BIG16
            F[g][1][i] = BIG16
        F[g][0][8] = 0
    for p in range(5):
        key = part_key(p, r.honor_chows, c, &s)
        if s == 0:
            continue
        rec = PARTS[r.honor_chows][p].tab + <size_t>key * REC
        g = 0 if (w == 0 or r.part_wild[p] == 1) else 1
        used[g] = 1
        off = OFF_DU if (use_u and r.part_wild[p] == 1) else 0
        pt = _pt(r, p)
        mmax = PARTS[r.honor_chows][p].wt[<size_t>key * 4 + 3]
        if off and gap != NULL:
            i = _du_gap(rec, mmax, n, pt)
            if i < gap[0]:
                gap[0] = i
        mmax = (mmax >> 4) if off else (mmax & 15)
        if mmax > n:
            mmax = n
        _part_step(F[g][0], F[g][1], rec + off, pt, mmax)
    if w == 0:
        best = BIG
        for m in range(n + 1):
            f = 3 * (n - m)
            if F[0][1][8 + m] + f < best:
                best = F[0][1][8 + m] + f
            if r.pair_mask and F[0][0][8 + m] + f + 2 < best:
                best = F[0][0][8 + m] + f + 2
        return best + em + eu if best < INF8 else BIG
    for m in range(6):
        FM[m][0] = F[0][0][8 + m] if F[0][0][8 + m] < INF8 else BIG
        FM[m][1] = F[0][1][8 + m] if F[0][1][8 + m] < INF8 else BIG
        FU[m][0] = F[1][0][8 + m] if F[1][0][8 + m] < INF8 else BIG
        FU[m][1] = F[1][1][8 + m] if F[1][1][8 + m] < INF8 else BIG
    return _fresh_draws(c, FM, FU, n, w, r, em, eu)


# ---------------------------------------------------------------------------
# Exact slow path: partial wild/pair masks, and wild hands where the
# four-copy limit binds.  Per part, every target that touches the held tiles
# is enumerated; parts are combined over (sets, pair, excess, wild slots).
# ---------------------------------------------------------------------------

cdef enum:
    SW = 18                    # wild-count dimension (0..17)
    SLOT = NM * 2 * SW * SW    # entries of one slow table

cdef inline int _sidx(int m, int p, int e, int s) noexcept nogil:
    return ((m * 2 + p) * SW + e) * SW + s


cdef struct SlowCtx:
    const uint8_t* h           # held counts of the part
    int L
    int w
    int mmax
    uint32_t wbits             # wild-allowed positions
    uint32_t pbits             # pair-allowed positions
    int nsets
    int setidx[MAXSETS]
    const Part* P
    uint8_t* best              # SLOT entries
    int t[9]


cdef void _slow_eval(SlowCtx* x, int m, int p) noexcept nogil:
    cdef int j, slots, SM = 0, SU = 0, E = 0, v, i
    for j in range(x.L):
        slots = x.t[j] - x.h[j]
        if slots < 0:
            slots = 0
        if (x.wbits >> j) & 1:
            SM += slots
            if x.t[j] > 4:
                E += x.t[j] - 4
        else:
            if x.t[j] > 4:
                return
            SU += slots
    if E > x.w:
        return
    if SM > x.w:
        SU += SM - x.w
        SM = x.w
    if SU >= BIG:
        return
    i = _sidx(m, p, E, SM)
    if SU < x.best[i]:
        x.best[i] = <uint8_t>SU


cdef void _slow_enum(SlowCtx* x, int start, int m) noexcept nogil:
    cdef int j, k, si
    _slow_eval(x, m, 0)
    for j in range(x.L):
        if (x.pbits >> j) & 1 and (x.h[j] > 0 or (x.w and (x.wbits >> j) & 1)):
            x.t[j] += 2
            _slow_eval(x, m, 1)
            x.t[j] -= 2
    if m >= x.mmax:
        return
    for k in range(start, x.nsets):
        si = x.setidx[k]
        for j in range(x.L):
            x.t[j] += x.P.sets[si][j]
        _slow_enum(x, k, m + 1)
        for j in range(x.L):
            x.t[j] -= x.P.sets[si][j]


cdef void _slow_combine(uint8_t* acc, const uint8_t* part, int n, int w) noexcept nogil:
    cdef uint8_t tmp[SLOT]
    cdef int m1, p1, e1, s1, m2, p2, e2, s2, v1, v, S, E, U
    memset(tmp, BIG, SLOT)
    for m1 in range(n + 1):
        for p1 in range(2):
            for e1 in range(w + 1):
                for s1 in range(w + 1):
                    v1 = acc[_sidx(m1, p1, e1, s1)]
                    if v1 >= BIG:
                        continue
                    for m2 in range(n + 1 - m1):
                        for p2 in range(2 - p1):
                            for e2 in range(w + 1 - e1):
                                for s2 in range(w + 1):
                                    v = part[_sidx(m2, p2, e2, s2)]
                                    if v >= BIG:
                                        continue
                                    U = v1 + v
                                    S = s1 + s2
                                    if S > w:
                                        U += S - w
                                        S = w
                                    E = e1 + e2
                                    if U < tmp[_sidx(m1 + m2, p1 + p2, E, S)]:
                                        tmp[_sidx(m1 + m2, p1 + p2, E, S)] = <uint8_t>U
    memcpy(acc, tmp, SLOT)


cdef int _std_draws_slow(const uint8_t* c, int n, int w, const KRules* r,
                         int em, int eu) noexcept nogil:
    """Exact fewest draws for n sets + a pair, any masks, any wild count."""
    cdef uint8_t acc[SLOT]
    cdef uint8_t part[SLOT]
    cdef SlowCtx x
    cdef int p, j, k, s, m, q, e, S, U, d, best = BIG
    cdef int pair_any = r.pair_mask != 0
    cdef int touches, inside
    if w > SW - 1:
        w = SW - 1
    memset(acc, BIG, SLOT)
    acc[_sidx(0, 0, 0, 0)] = 0
    for p in range(5):
        s = _part_sum(c, p)
        x.P = part_table(p, r.honor_chows)
        x.h = c + PART_OFS[p]
        x.L = PART_LEN[p]
        x.w = w
        x.wbits = <uint32_t>((r.wild_mask >> PART_OFS[p]) & ((1 << x.L) - 1))
        x.pbits = <uint32_t>((r.pair_mask >> PART_OFS[p]) & ((1 << x.L) - 1))
        if s == 0 and (w == 0 or x.wbits == 0):
            continue
        # sets that cover held tiles, and (with wilds) sets wholly on wild
        # kinds, whose excess over four copies the wilds must cover; sets
        # on other free kinds are the fresh ones, drawn, added at the end
        x.mmax = n if (w and x.wbits) else (s if s < n else n)
        x.nsets = 0
        for k in range(x.P.nsets):
            touches = 0
            inside = 1 if w else 0
            for j in range(x.L):
                if x.P.sets[k][j]:
                    if x.h[j]:
                        touches = 1
                    if not (x.wbits >> j) & 1:
                        inside = 0
            if touches or inside:
                x.setidx[x.nsets] = k
                x.nsets += 1
        memset(x.t, 0, sizeof(x.t))
        memset(part, BIG, SLOT)
        x.best = part
        _slow_enum(&x, 0, 0)
        _slow_combine(acc, part, n, w)
    for m in range(n + 1):
        for q in range(2):
            for e in range(w + 1):
                for S in range(w + 1):
                    U = acc[_sidx(m, q, e, S)]
                    if U >= BIG:
                        continue
                    d = _fresh_cost(S + em, U + eu, n - m, 1 - q, w, 0, 0, pair_any)
                    if d < best:
                        best = d
    return best


cdef int _std_draws(const uint8_t* c, int n, int w, const KRules* r, int em, int eu,
                    int bound) noexcept nogil:
    """Fewest draws for n sets + a pair (em, eu: extra wild-fillable and
    drawn slots).  An answer of ``bound`` or more may be any value >=
    ``bound``: with wilds, the lower bound alone rules it out."""
    cdef int hi, lo, fm, fmp, gap = BIG
    if not r.fast:
        return _std_draws_slow(c, n, w, r, em, eu)
    if w == 0:
        return _std_draws_fast(c, n, w, r, em, eu, 0, NULL)
    _free_wild_kinds(c, r, &fm, &fmp)
    if fm < n + 1:
        # too few free wild kinds to give every fresh unit its own: exact path
        return _std_draws_slow(c, n, w, r, em, eu)
    # the lower bound (the four-copy limit ignored where wilds go) first;
    # when no part's deficits that change with the limit can reach it, it is
    # also the upper bound (_du_gap)
    lo = _std_draws_fast(c, n, w, r, em, eu, 1, &gap)
    if lo >= bound or gap > lo + w:
        return lo
    hi = _std_draws_fast(c, n, w, r, em, eu, 0, NULL)
    if lo == hi:
        return hi
    return _std_draws_slow(c, n, w, r, em, eu)


# ---------------------------------------------------------------------------
# Special forms: fewest draws (0 = complete).  Each needs 13 or 14 tiles.
# ---------------------------------------------------------------------------

cdef int _orph_kinds[13]
_orph_kinds[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
# 0xFF for kinds that are not terminals or honours, 0 for the 13 orphans
cdef uint8_t _NONORPH[34]
_NONORPH[:] = [0, 255, 255, 255, 255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 255, 255, 255, 0,
               0, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0]


cdef inline int _bit(uint64_t m, int k) noexcept nogil:
    return <int>((m >> k) & 1)


cdef int _d_pairs(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef int k, P = 0, su = 0, need
    cdef int st[4]
    if w == 0:
        for k in range(NK):
            if r.distinct_pairs:
                P += c[k] >= 2
                su += c[k] == 1
            else:
                P += c[k] >> 1
                su += c[k] & 1
        if P >= 7:
            return 0
        need = 7 - P
        return need if su >= need else su + 2 * (need - su)
    _pairs_counts(c, r, st)
    return _pairs_eval(st, w, r)


cdef int _d_orphans(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef int k, held = 0, hp = 0, mm = 0, mu = 0, F, U, need, i
    if w == 0:
        for i in range(13):
            k = _orph_kinds[i]
            held += c[k] > 0
            hp |= c[k] >= 2
        return 14 - held - hp
    for k in range(NK):
        if not _bit(ORPHAN_MASK, k):
            continue
        if c[k] >= 1:
            held += 1
            if c[k] >= 2:
                hp = 1
        elif _bit(r.wild_mask, k):
            mm += 1
        else:
            mu += 1
    need = 0 if hp else 1
    if r.wild_mask & ORPHAN_MASK:
        F = mm + need
        U = mu
    else:
        F = mm
        U = mu + need
    return U + (F - w if F > w else 0)


cdef inline void _pairs_add(int* st, int ck, int wk, int distinct, int sign) noexcept nogil:
    """Add (``sign`` 1) or take away (-1) one kind's share of _d_pairs'
    counts ``st`` (pairs, odd wild kinds, odd other kinds, empty wild
    kinds): ``ck`` its count, ``wk`` whether a wild may be it."""
    if distinct:
        if ck >= 2:
            st[0] += sign
        elif ck == 1:
            st[1 if wk else 2] += sign
        elif wk:
            st[3] += sign
    else:
        st[0] += sign * (ck >> 1)
        if ck & 1:
            st[1 if wk else 2] += sign


cdef void _pairs_counts(const uint8_t* c, const KRules* r, int* st) noexcept nogil:
    cdef int k
    st[0] = 0
    st[1] = 0
    st[2] = 0
    st[3] = 0
    for k in range(NK):
        _pairs_add(st, c[k], _bit(r.wild_mask, k), r.distinct_pairs, 1)


cdef inline int _pairs_eval(const int* st, int w, const KRules* r) noexcept nogil:
    """_d_pairs from its counts (_pairs_counts): the same value for any
    number of wilds, 0 included."""
    cdef int P = st[0], sm = st[1], su = st[2], avail = st[3], x, lw, wp, lo, Q, need, ones
    x = w if w < sm else sm
    lw = w - x
    wp = 0
    if r.wild_mask != 0:
        wp = lw >> 1
        if r.distinct_pairs and wp > avail:
            wp = avail
    lo = lw - 2 * wp
    if r.wild_mask == 0 or (r.distinct_pairs and avail - wp <= 0):
        lo = 0
    Q = P + x + wp
    if Q >= 7:
        return 0
    need = 7 - Q
    ones = (sm - x) + su + lo
    if ones >= need:
        return need
    return ones + 2 * (need - ones)


cdef inline void _orph_add(int* st, int ck, int wk, int sign) noexcept nogil:
    """One orphan kind's share of _d_orphans' counts ``st`` (held kinds,
    kinds held twice or more, empty wild kinds, empty other kinds)."""
    if ck >= 1:
        st[0] += sign
        if ck >= 2:
            st[1] += sign
    elif wk:
        st[2] += sign
    else:
        st[3] += sign


cdef void _orph_counts(const uint8_t* c, const KRules* r, int* st) noexcept nogil:
    cdef int i, k
    st[0] = 0
    st[1] = 0
    st[2] = 0
    st[3] = 0
    for i in range(13):
        k = _orph_kinds[i]
        _orph_add(st, c[k], _bit(r.wild_mask, k), 1)


cdef inline int _orph_eval(const int* st, int w, const KRules* r) noexcept nogil:
    """_d_orphans from its counts (_orph_counts), any number of wilds."""
    cdef int need = 0 if st[1] else 1, F, U
    if r.wild_mask & ORPHAN_MASK:
        F = st[2] + need
        U = st[3]
    else:
        F = st[2]
        U = st[3] + need
    return U + (F - w if F > w else 0)


cdef inline int _knitted_left(int held, int fill, int w) noexcept nogil:
    """全不靠's draws from one knitting: ``held`` of its 14 kinds (with the
    honours) held, ``fill`` more a wild may be, ``w`` wilds."""
    cdef int need = 14 - held if held < 14 else 0, x = w
    if fill < x:
        x = fill
    if need < x:
        x = need
    return need - x


cdef inline int _greater_left(int hs, int ms, int hh, int mh, int w) noexcept nogil:
    """七星不靠's draws from one knitting: ``hs`` of its 9 kinds and ``hh`` of
    the 7 honours held, ``ms`` and ``mh`` more a wild may be, ``w`` wilds."""
    cdef int rs = 7 - hs if hs < 7 else 0
    cdef int F = mh + (rs if rs < ms else ms)
    return (7 - hh) + rs - (w if w < F else F)


cdef inline uint64_t _le64(const uint8_t* p) noexcept nogil:
    """Eight counts as one word, count ``p[i]`` in byte ``i`` from the low
    end whatever the machine's byte order (compilers make it one load
    where that is the order)."""
    return (<uint64_t>p[0] | (<uint64_t>p[1] << 8) | (<uint64_t>p[2] << 16) | (<uint64_t>p[3] << 24)
            | (<uint64_t>p[4] << 32) | (<uint64_t>p[5] << 40) | (<uint64_t>p[6] << 48)
            | (<uint64_t>p[7] << 56))


cdef inline uint64_t _held_mask(const uint8_t* c) noexcept nogil:
    """Bit k set when kind k is held: eight counts at a time, without a
    branch (a byte's top bit is set when the byte is not 0: its own, or the
    carry of its low seven bits plus 0x7F, which never reaches the next
    byte; the product gathers the eight top bits, shifted down to bit 0 of
    each byte, into the top byte in order)."""
    cdef uint64_t x, t, m = 0
    cdef int k
    for k in range(0, 32, 8):
        x = _le64(c + k)
        t = (x | ((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL)) & 0x8080808080808080ULL
        m |= (((t >> 7) * 0x0102040810204080ULL) >> 56) << k
    if c[32]:
        m |= (<uint64_t>1) << 32
    if c[33]:
        m |= (<uint64_t>1) << 33
    return m


cdef int _d_knitted(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    """全不靠: per knitting, its kinds and the honours held (h) and those a
    wild may fill (mm), counted on the held and wild masks."""
    cdef int a, d, best = BIG
    cdef uint64_t K, H = _held_mask(c)
    cdef uint64_t M = r.wild_mask & ~H
    for a in range(6):
        K = KNIT_MASK[a] | HONOR_MASK
        d = _knitted_left(_popcount(H & K), _popcount(M & K), w)
        if d < best:
            best = d
    return best


cdef int _d_greater(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    """七星不靠: the honours held and wild-fillable, then per knitting its
    kinds held and wild-fillable (on the held and wild masks)."""
    cdef int a, hh, mh, d, best = BIG
    cdef uint64_t H = _held_mask(c)
    cdef uint64_t M = r.wild_mask & ~H
    hh = _popcount(H & HONOR_MASK)
    mh = _popcount(M & HONOR_MASK)
    for a in range(6):
        d = _greater_left(_popcount(H & KNIT_MASK[a]), _popcount(M & KNIT_MASK[a]), hh, mh, w)
        if d < best:
            best = d
    return best


cdef inline void _lan_honours(const uint8_t* c, const KRules* r, int* hh, int* mh, int* uh) noexcept nogil:
    """十三烂's honours: the kinds held (``hh``), the others a wild may stand
    for (``mh``) and the rest (``uh``)."""
    cdef int k
    hh[0] = mh[0] = uh[0] = 0
    for k in range(27, 34):
        if c[k]:
            hh[0] += 1
        elif _bit(r.wild_mask, k):
            mh[0] += 1
        else:
            uh[0] += 1


cdef int _d_lan(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    """十三烂's draws.  When a wild may stand for every kind of a suit or for
    none (each suit; 南昌's 精 stand for any kind), a suit's pattern of z
    ranks lacks LAN_MISS[held ranks][z] kinds at the fewest, all
    wild-fillable or none, and the draws only grow with the lacking
    kinds of each sort: the best is over the sizes of the three suits'
    patterns (seven to nine kinds), each suit at its fewest.  Otherwise
    the DP over the suits (_d_lan_dp)."""
    cdef int s, i, pres, z0, z1, z2, nm, nu, take, k, tm, tu, cost, best = BIG, hh, mh, uh
    cdef uint32_t wb
    cdef int mm[3][4]  # each suit's fewest lacking kinds by pattern size: wild-fillable ones (mm)
    cdef int mu[3][4]  # or the others (mu); the other array 0
    for s in range(3):
        wb = <uint32_t>((r.wild_mask >> (s * 9)) & 0x1FF)
        if wb != 0 and wb != 0x1FF:
            return _d_lan_dp(c, w, r)
        pres = 0
        for i in range(9):
            if c[s * 9 + i]:
                pres |= 1 << i
        for i in range(4):
            mm[s][i] = LAN_MISS[pres][i] if wb else 0
            mu[s][i] = 0 if wb else LAN_MISS[pres][i]
    _lan_honours(c, r, &hh, &mh, &uh)
    for z0 in range(4):
        for z1 in range(4):
            for z2 in range(4):
                if z0 + z1 + z2 < 7:
                    continue
                nm = mm[0][z0] + mm[1][z1] + mm[2][z2]
                nu = mu[0][z0] + mu[1][z1] + mu[2][z2]
                # the honours: held ones first, then wild-fillable, then the others
                take = 14 - z0 - z1 - z2
                k = take - (hh if hh < take else take)
                tm = k if k < mh else mh
                tu = k - tm
                if tu > uh:
                    continue
                cost = nu + tu + (nm + tm - w if nm + tm > w else 0)
                if cost < best:
                    best = cost
    return best


cdef int _d_lan_dp(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    """十三烂: DP over the suits on (kinds chosen, wild-fillable new kinds).
    A suit takes at most three kinds (LAN_SIZE <= 3), so each suit first
    keeps, for every (size, wild-fillable new kinds) pair, the fewest other
    new kinds over its patterns (the DP's only use of a pattern), and the
    DP visits only the cells the suits so far can reach (b <= a <= 3 s)."""
    cdef int dp[10][15]
    cdef int nd[10][15]
    cdef int sb[4][4]
    cdef int s, i, z, nm, nu, a, b, pres, wb, miss, top, hh, mh, uh
    cdef int k, take, tm, tu, NM_, NU_, cost, best = BIG, v
    for a in range(10):
        for b in range(15):
            dp[a][b] = BIG
    dp[0][0] = 0
    for s in range(3):
        pres = 0
        wb = 0
        for i in range(9):
            if c[s * 9 + i]:
                pres |= 1 << i
            if _bit(r.wild_mask, s * 9 + i):
                wb |= 1 << i
        for z in range(4):
            for nm in range(4):
                sb[z][nm] = BIG
        for i in range(NLAN):
            miss = LAN[i] & ~pres
            nm = POP9[miss & wb]
            nu = POP9[miss & ~wb & 0x1FF]
            z = LAN_SIZE[i]
            if nu < sb[z][nm]:
                sb[z][nm] = nu
        for a in range(10):
            for b in range(15):
                nd[a][b] = BIG
        top = 3 * s
        for a in range(top + 1):
            for b in range(a + 1):
                v = dp[a][b]
                if v >= BIG:
                    continue
                for z in range(4):
                    for nm in range(z + 1):
                        if sb[z][nm] < BIG and v + sb[z][nm] < nd[a + z][b + nm]:
                            nd[a + z][b + nm] = v + sb[z][nm]
        memcpy(dp, nd, sizeof(dp))
    _lan_honours(c, r, &hh, &mh, &uh)
    for a in range(7, 10):
        take = 14 - a
        for b in range(a + 1):
            v = dp[a][b]
            if v >= BIG:
                continue
            k = take - (hh if hh < take else take)
            tm = k if k < mh else mh
            tu = k - tm
            if tu > uh:
                continue
            NM_ = b + tm
            NU_ = v + tu
            cost = NU_ + (NM_ - w if NM_ > w else 0)
            if cost < best:
                best = cost
    return best


cdef inline uint64_t _knit_missing(uint64_t H, int a, const KRules* r, int* km, int* ku) noexcept nogil:
    """The kinds of knitting ``a`` (组合龙's nine) missing from a hand whose
    held kinds are ``H`` (_held_mask); ``km`` counts those a wild may stand
    for, ``ku`` the others."""
    cdef uint64_t miss = KNIT_MASK[a] & ~H
    km[0] = _popcount(miss & r.wild_mask)
    ku[0] = _popcount(miss) - km[0]
    return miss


cdef inline void _less_knitting(uint8_t* c2, const uint8_t* c, uint64_t H, int a) noexcept nogil:
    """``c2`` = ``c`` (held kinds ``H``) less the held tiles of knitting ``a``."""
    cdef uint64_t held = KNIT_MASK[a] & H
    memcpy(c2, c, 34)
    while held:
        c2[_ctz(held)] -= 1
        held &= held - 1


cdef int _d_knitted_straight(const uint8_t* c, int n, int w, const KRules* r) noexcept nogil:
    """组合龙: the nine knitted tiles + (n - 3) sets + a pair; n is 3 or 4."""
    cdef uint8_t c2[34]
    cdef int a, km, ku, d, best = BIG
    cdef uint64_t H = _held_mask(c)
    for a in range(6):
        _knit_missing(H, a, r, &km, &ku)
        _less_knitting(c2, c, H, a)
        d = _std_draws(c2, n - 3, w, r, km, ku, BIG)
        if d < best:
            best = d
    return best


cdef int _ks_win(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef uint8_t c2[34]
    cdef int a, km, ku
    cdef uint64_t H
    if not r.fast:
        return 0
    H = _held_mask(c)
    for a in range(6):
        _knit_missing(H, a, r, &km, &ku)
        if ku or km > w:
            continue
        _less_knitting(c2, c, H, a)
        if _wilds_fit(_std_need(c2, r) + km, w, r):
            return 1
    return 0


cdef int _form_draws(const uint8_t* c, int w, const KRules* r, int form, int n) noexcept nogil:
    """Fewest draws for one form, or -1 when the form does not apply."""
    if not (r.forms >> form) & 1:
        return -1
    if form == F_STANDARD:
        return _std_draws(c, n, w, r, 0, 0, BIG)
    if form == F_KNITTED_STRAIGHT:
        if n != 3 and n != 4:
            return -1
        return _d_knitted_straight(c, n, w, r)
    if n != 4:
        return -1
    if form == F_SEVEN_PAIRS:
        return _d_pairs(c, w, r)
    if form == F_ORPHANS:
        return _d_orphans(c, w, r)
    if form == F_KNITTED:
        return _d_knitted(c, w, r)
    if form == F_GREATER_KNITTED:
        return _d_greater(c, w, r)
    if form == F_SHISANLAN:
        return _d_lan(c, w, r)
    return -1


cdef inline int _hand_n(const uint8_t* c, int w) noexcept nogil:
    """The sets of the hand ``c`` with ``w`` wilds (3n+1 or 3n+2 tiles):
    its counts summed eight at a time (each at most 4, so a word's eight
    add up in its top byte without a carry out of it, in any byte order)."""
    cdef uint64_t x
    cdef int k, T = w + c[32] + c[33]
    for k in range(0, 32, 8):
        memcpy(&x, c + k, 8)
        T += <int>((x * 0x0101010101010101ULL) >> 56)
    return (T - 1) // 3 if T % 3 == 1 else (T - 2) // 3


cdef int k_shanten_form(const uint8_t* c, int w, const KRules* r, int form) noexcept nogil:
    """Shanten for one form (-2 when the form does not apply)."""
    cdef int d = _form_draws(c, w, r, form, _hand_n(c, w))
    if d < 0 or d >= BIG:
        return -2
    return d - 1


cdef int k_shanten(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef int f, d, best = BIG, n = _hand_n(c, w)
    for f in range(NFORMS):
        d = _form_draws(c, w, r, f, n)
        if 0 <= d < best:
            best = d
    return best - 1


cdef extern from *:
    """
    /* One vectorisable pass: tile total, any odd count, any tile that is not
       a terminal or honour (nonorph_mask[k] = 0xFF for those kinds). */
    static inline int mj_scan(const unsigned char *c, const unsigned char *nonorph_mask,
                              unsigned *odd, unsigned *nonorph) {
        unsigned t = 0, o = 0, x = 0;
        for (int k = 0; k < 34; k++) { t += c[k]; o |= c[k] & 1u; x |= c[k] & nonorph_mask[k]; }
        *odd = o; *nonorph = x;
        return (int)t;
    }
    """
    int mj_scan(const uint8_t* c, const uint8_t* nonorph_mask, uint32_t* odd, uint32_t* nonorph) noexcept nogil


cdef int _special_win(const uint8_t* c, int w, const KRules* r, int n) noexcept nogil:
    cdef int f, k
    cdef uint32_t odd = 0, over = 0, nonorph = 0
    if w == 0:
        # one pass decides the common forms without wilds
        n = (mj_scan(c, _NONORPH, &odd, &nonorph) - 2) // 3
        if n != 4 and n != 3:
            return 0
        for f in range(1, NFORMS):
            if not (r.forms >> f) & 1:
                continue
            if f == F_SEVEN_PAIRS:
                if n == 4 and not odd and _d_pairs(c, 0, r) == 0:
                    return 1
            elif f == F_ORPHANS:
                if n == 4 and not nonorph and _d_orphans(c, 0, r) == 0:
                    return 1
            elif f == F_KNITTED_STRAIGHT:
                if r.fast and _ks_win(c, w, r):
                    return 1
                if not r.fast and _form_draws(c, w, r, f, n) == 0:
                    return 1
            elif n == 4 and _form_draws(c, w, r, f, n) == 0:
                return 1
        return 0
    if n != 4 and n != 3:
        return 0
    # with wilds: cheap necessary conditions first
    cdef int nodd = 0, pairs_ok, orph_ok = 1, singles_ok = 1
    for k in range(NK):
        nodd += c[k] & 1
        if c[k] and not _bit(ORPHAN_MASK, k):
            orph_ok = 0
        if c[k] > 1:
            singles_ok = 0
    pairs_ok = nodd <= w
    for f in range(1, NFORMS):
        if (r.forms >> f) & 1:
            if (f == F_SEVEN_PAIRS and not pairs_ok) or (f == F_ORPHANS and not orph_ok):
                continue
            if (f == F_KNITTED or f == F_GREATER_KNITTED or f == F_SHISANLAN) and not singles_ok:
                continue
            if f == F_KNITTED_STRAIGHT and r.fast:
                if (n == 3 or n == 4) and _ks_win(c, w, r):
                    return 1
            elif _form_draws(c, w, r, f, n) == 0:
                return 1
    return 0


cdef int k_is_win(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    if r.forms & 1:
        if r.fast:
            if _wilds_fit(_std_need(c, r), w, r):
                return 1
        elif _std_draws_slow(c, _hand_n(c, w), w, r, 0, 0) == 0:
            return 1
    if r.forms & ~(<uint32_t>1):
        return _special_win(c, w, r, _hand_n(c, w) if w else 0)
    return 0


cdef uint64_t _std_waits_fast(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef int p, q, j, s, L, a0[5], a1[5], b0, b1, total = 0, pp, need, d
    cdef int best1 = BIG, best1p = -1, best2 = BIG
    cdef int na0, na1, other
    cdef uint32_t nb[9]
    cdef uint32_t key
    cdef const Part* P
    cdef uint64_t out = 0
    cdef int ssum[5]
    pp = _pure_pair(r)
    for p in range(5):
        key = part_key(p, r.honor_chows, c, &s)
        ssum[p] = s
        if s == 0:
            a0[p] = 0
            a1[p] = BIG
        else:
            _part_a(r, p, key, s, &a0[p], &a1[p])
        total += a0[p]
        d = a1[p] - a0[p]
        if d < best1:
            best2 = best1
            best1 = d
            best1p = p
        elif d < best2:
            best2 = d
    # With wilds that may be any kind, a drawn tile lowers its part's
    # fewest wilds (with or without the pair) by one at most (the tile back
    # as a wild completes the part as before), and a tile drawn to an empty
    # part needs at least one more (its pair's wild); so every draw needs
    # at least total - 1 + min(best1, pp, 2) wilds: a hand farther than the
    # wilds from ready waits on nothing, with no rank step asked
    d = best1 if best1 < pp else pp
    if r.wild_mask == ((<uint64_t>1) << NK) - 1 and total - 1 + (d if d < 2 else 2) > w:
        return 0
    for q in range(5):
        P = part_table(q, r.honor_chows)
        L = PART_LEN[q]
        _rank_step(P, c + PART_OFS[q], 1, nb)
        other = best2 if best1p == q else best1
        if pp < other:
            other = pp
        for j in range(L):
            if c[PART_OFS[q] + j] >= 4:
                continue
            _part_a(r, q, nb[j], ssum[q] + 1, &na0, &na1)
            need = total - a0[q] + na0
            d = na1 - na0
            if other < d:
                d = other
            need += d
            if _wilds_fit(need, w, r):
                out |= (<uint64_t>1) << (PART_OFS[q] + j)
    return out


cdef uint64_t k_waits(const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef uint64_t out = 0
    cdef uint8_t c2[34]
    cdef int k, f, n = _hand_n(c, w)
    if r.fast:
        if r.forms & 1:
            out = _std_waits_fast(c, w, r)
        for f in range(1, NFORMS):
            # (asked below 2 only: a form two draws away or more waits on
            # nothing, and its bounds say so without the full count)
            if (r.forms >> f) & 1 and _form_draws_near(c, w, r, f, n, NULL, 0, 0, 2) == 1:
                memcpy(c2, c, 34)
                for k in range(NK):
                    if c2[k] < 4 and not (out >> k) & 1:
                        c2[k] += 1
                        if f == F_KNITTED_STRAIGHT:
                            if _ks_win(c2, w, r):
                                out |= (<uint64_t>1) << k
                        elif _form_draws(c2, w, r, f, n) == 0:
                            out |= (<uint64_t>1) << k
                        c2[k] -= 1
        return out
    memcpy(c2, c, 34)
    for k in range(NK):
        if c2[k] < 4:
            c2[k] += 1
            if k_is_win(c2, w, r):
                out |= (<uint64_t>1) << k
            c2[k] -= 1
    return out


# ---------------------------------------------------------------------------
# Python-facing values and wrappers
# ---------------------------------------------------------------------------

cdef str _SUITS = "mpsz"


cdef str _notation34(const uint8_t* c):
    """Compact notation of 34 counts, suits in the order m p s z (counts
    above 4 spelled out too)."""
    cdef int s, i, k, j, n = 0, start
    cdef char buf[144]  # 34 kinds of at most 4 copies, 4 suit letters
    cdef const char* letters = b"mpsz"
    cdef bint small = True
    for k in range(34):
        if c[k] > 4:
            small = False
            break
    if small:  # written into one C buffer
        for s in range(4):
            start = n
            for i in range(9 if s < 3 else 7):
                for j in range(c[s * 9 + i]):
                    buf[n] = 49 + i  # the digit i + 1
                    n += 1
            if n > start:
                buf[n] = letters[s]
                n += 1
        return buf[:n].decode("ascii")
    parts = []
    for s in range(4):
        digits = []
        for i in range(9 if s < 3 else 7):
            k = s * 9 + i
            if c[k]:
                digits.append(str(i + 1) * c[k])
        if digits:
            parts.append("".join(digits) + _SUITS[s])
    return "".join(parts)


cdef class Counts:
    """An immutable 34-entry tile-count buffer: the fast input of every
    analysis function.  Build one with :func:`mahjong_core.counts`.

    >>> from mahjong_core import counts
    >>> c = counts("123m11z")
    >>> c[0], c[27], c.total
    (1, 2, 5)
    """

    def __init__(self, values=None):
        cdef int k, v, total = 0
        memset(self.c, 0, 34)
        if values is None:
            self.total = 0
            return
        vals = list(values)
        if len(vals) != 34:
            raise InvalidHandError(f"Counts needs 34 counts, got {len(vals)}: {vals!r}")
        for k in range(34):
            v = vals[k]
            if v < 0 or v > 4:
                raise InvalidHandError(
                    f"count of kind {k} must be 0..4, got {v} in {vals!r}")
            self.c[k] = <uint8_t>v
            total += v
        self.total = total

    @property
    def total(self) -> int:
        """Number of tiles counted."""
        return self.total

    def __len__(self) -> int:
        return 34

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.tolist()[i]
        cdef Py_ssize_t k = i
        if k < 0:
            k += 34
        if k < 0 or k >= 34:
            raise IndexError("Counts index out of range")
        return self.c[k]

    def __iter__(self):
        return iter(self.tolist())

    def tolist(self) -> list:
        """The 34 counts as a list."""
        return [self.c[k] for k in range(34)]

    def kinds(self) -> list:
        """The tiles as a sorted list of kinds, one entry per tile."""
        cdef int k, j
        out = []
        for k in range(34):
            for j in range(self.c[k]):
                out.append(k)
        return out

    def __eq__(self, other):
        if type(other) is not Counts:
            return NotImplemented
        return bytes(self.c[:34]) == bytes((<Counts>other).c[:34])

    def __hash__(self):
        return hash(bytes(self.c[:34]))

    def __reduce__(self):
        return (Counts, (self.tolist(),))

    def notation(self) -> str:
        """Compact notation, suits in the order m p s z."""
        return _notation34(self.c)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Counts({self.notation()!r})"


cdef object _converter = None


def _set_converter(f) -> None:
    """Register the function that turns other inputs (notation, kind lists)
    into :class:`Counts`; the façade does this at import."""
    global _converter
    _converter = f


cdef inline Counts _as_counts(object tiles):
    if type(tiles) is Counts:
        return <Counts>tiles
    return <Counts>_converter(tiles)


cdef object _last_rules = None
"""The HandRules :func:`_as_rules` read last (a strong reference: while it
is kept its address is not reused by another object)."""
cdef KernelRules _last_kernel = None


cdef inline KernelRules _as_rules(object rules):
    """The kernel's rules of ``rules`` (None: the default; a HandRules: its
    ``_kernel``, read once for as long as the same HandRules is passed
    again: an attribute read is about 150 instructions, and a table passes
    each seat's same rules to every call)."""
    global _last_rules, _last_kernel
    if rules is None:
        return _DEFAULT
    if type(rules) is KernelRules:
        return <KernelRules>rules
    if rules is _last_rules:
        return _last_kernel
    cdef KernelRules k = <KernelRules>rules._kernel
    # (the old pair is held until both are set: releasing it cannot run
    # Python code, another thread's among it, between the two assignments)
    cdef object old_rules = _last_rules
    cdef KernelRules old_kernel = _last_kernel
    _last_rules = rules
    _last_kernel = k
    return k


cdef int _check(Counts c, int wilds, int mod, str what) except -1:
    cdef int T = c.total + wilds
    if not _ready:
        ensure_tables()
    if wilds < 0:
        raise InvalidHandError(f"{what}: wilds must be >= 0, got {wilds}")
    if T > MAXT:
        raise InvalidHandError(
            f"{what}: at most {MAXT} tiles (wilds included), got {T}: {c!r} + {wilds} wild(s)")
    if mod == 2 and T % 3 != 2:
        raise InvalidHandError(
            f"{what} needs 3n+2 tiles (wilds included), got {T}: {c!r} + {wilds} wild(s)")
    if mod == 1 and T % 3 != 1:
        raise InvalidHandError(
            f"{what} needs 3n+1 tiles (wilds included), got {T}: {c!r} + {wilds} wild(s)")
    if mod == 0 and T % 3 == 0:
        raise InvalidHandError(
            f"{what} needs 3n+1 or 3n+2 tiles (wilds included), got {T}: {c!r} + {wilds} wild(s)")
    return 0


cdef tuple _mask_kinds(uint64_t m):
    cdef int k
    return tuple([k for k in range(34) if (m >> k) & 1])


def is_win(tiles, int wilds=0, rules=None) -> bool:
    """True when ``tiles`` plus ``wilds`` (3n+2 tiles in all) is a complete hand.

    ``tiles``: notation, a sequence of kinds 0..33, or a :class:`Counts`;
    ``wilds``: wild tiles held besides ``tiles``; ``rules``: a
    :class:`~mahjong_core.HandRules` (default: standard form, seven pairs,
    thirteen orphans; wilds stand for any kind).  Raises
    :class:`~mahjong_core.InvalidHandError` for a wrong tile count.

    >>> import mahjong_core as mc
    >>> mc.is_win("123m456p789s11122z"), mc.is_win("19m19p19s123456z", wilds=2)
    (True, True)
    """
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    _check(c, wilds, 2, "is_win")
    return k_is_win(c.c, wilds, &r.r) != 0


def waits(tiles, int wilds=0, rules=None) -> tuple:
    """The kinds that complete a 3n+1 hand, ascending.

    A kind already held four times is never a wait.  Whether drawing a wild
    completes the hand: ``is_win(tiles, wilds + 1)``.

    >>> import mahjong_core as mc
    >>> mc.waits("123m456p789s1112z"), mc.waits("1111m234p567p789s")
    ((28,), ())
    """
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    _check(c, wilds, 1, "waits")
    return _mask_kinds(k_waits(c.c, wilds, &r.r))


def waits_mask(tiles, int wilds=0, rules=None) -> int:
    """:func:`waits` as a 34-bit mask (bit k = kind k)."""
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    _check(c, wilds, 1, "waits")
    return k_waits(c.c, wilds, &r.r)


def shanten(tiles, int wilds=0, rules=None) -> int:
    """Tiles short of ready: -1 complete, 0 ready; 3n+1 or 3n+2 tiles.

    The minimum over the allowed forms; exact: a tile can only be drawn while
    fewer than four copies are held (wilds may be any kind).

    >>> import mahjong_core as mc
    >>> mc.shanten("1111m234p567p789s"), mc.shanten("123m456p789s11122z")
    (1, -1)
    """
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    _check(c, wilds, 0, "shanten")
    cdef int v = k_shanten(c.c, wilds, &r.r)
    if v >= BIG - 1:
        raise InvalidHandError(
            f"shanten: no allowed form applies to {c.total + wilds} tiles: {c!r} + {wilds} wild(s)")
    return v


def shanten_by_form(tiles, int wilds=0, rules=None) -> dict:
    """``{Form: shanten}`` for every allowed form that applies to this many tiles.

    >>> import mahjong_core as mc
    >>> mc.shanten_by_form("19m19p19s1234566z")
    {<Form.STANDARD: 0>: 7, <Form.SEVEN_PAIRS: 1>: 5, <Form.THIRTEEN_ORPHANS: 2>: 0}
    """
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    cdef int f, v
    _check(c, wilds, 0, "shanten_by_form")
    out = {}
    for f in range(NFORMS):
        v = k_shanten_form(c.c, wilds, &r.r, f)
        if v != -2:
            out[_FORM_OBJ[f]] = v
    return out


def _py_std_draws(tiles, int wilds=0, rules=None, bint slow=False) -> int:
    """Python wrapper used for testing: standard-form draws, optionally forcing
    the exact slow path."""
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    _check(c, wilds, 0, "_py_std_draws")
    cdef int n = _hand_n(c.c, wilds)
    if slow:
        return _std_draws_slow(c.c, n, wilds, &r.r, 0, 0)
    return _std_draws(c.c, n, wilds, &r.r, 0, 0, BIG)


# ---------------------------------------------------------------------------
# Decompositions: every reading of a complete hand, with the wilds' kinds.
# A unit packs as (shape << 24) | ((kind + 1) << 12) | wilds, so sorting the
# packed values sorts by (shape, kind, wilds).
# ---------------------------------------------------------------------------

cdef enum:
    MAXU = 16

cdef struct Reading:
    uint32_t u[MAXU]
    uint8_t n
    uint8_t form

cdef struct DecCtx:
    uint8_t c[34]
    int w                      # wilds left
    int pair                   # pair taken
    uint32_t units[MAXU]
    int nu
    int form
    const KRules* r
    Reading* out
    int nout
    int cap
    int overflow


cdef inline uint32_t _unit(int shape, int kind, int wilds) noexcept nogil:
    return (<uint32_t>shape << 24) | (<uint32_t>(kind + 1) << 12) | <uint32_t>wilds


cdef void _emit(DecCtx* x) noexcept nogil:
    cdef Reading* rd
    cdef int i, j
    cdef uint32_t v
    if x.nout == x.cap:
        x.overflow = 1
        return
    rd = &x.out[x.nout]
    x.nout += 1
    rd.n = <uint8_t>x.nu
    rd.form = <uint8_t>x.form
    for i in range(x.nu):
        v = x.units[i]
        j = i
        while j > 0 and rd.u[j - 1] > v:
            rd.u[j] = rd.u[j - 1]
            j -= 1
        rd.u[j] = v
    for i in range(x.nu, MAXU):
        rd.u[i] = 0


cdef inline int _wild_ok(const KRules* r, int k) noexcept nogil:
    return <int>((r.wild_mask >> k) & 1)


cdef void _dec_finish(DecCtx* x) noexcept nogil:
    """No real tile left: the remaining wilds form whole-wild units."""
    cdef int L = x.w, k, base = x.nu
    if x.pair:
        if L % 3:
            return
    else:
        if L < 2 or (L - 2) % 3 or (x.r.wild_mask & x.r.pair_mask) == 0:
            return
    if L >= 3 and x.r.wild_mask == 0:
        return
    if x.nu + (L + 2) // 3 > MAXU:
        return
    if not x.pair:
        x.units[x.nu] = _unit(U_WILD_PAIR, -1, 2)
        x.nu += 1
        L -= 2
    while L > 0:
        x.units[x.nu] = _unit(U_WILD_SET, -1, 3)
        x.nu += 1
        L -= 3
    _emit(x)
    x.nu = base


cdef int _dec_feasible(DecCtx* x) noexcept nogil:
    """Cheap bound with the tables: can what is left still be completed?"""
    cdef int p, s, a0, a1, total = 0
    cdef uint32_t key
    if not x.r.fast:
        return 1
    if not x.pair:
        return _std_need(x.c, x.r) <= x.w
    for p in range(5):
        key = part_key(p, x.r.honor_chows, x.c, &s)
        if s == 0:
            continue
        _part_a(x.r, p, key, s, &a0, &a1)
        total += a0
    return total <= x.w


cdef void _dec_std(DecCtx* x) noexcept nogil:
    cdef int i = 0, k, j, s, lo, hi, need, bits, pos, hm, a, b, m3
    cdef int mem[3]
    cdef int choice, opt, nopt, ok
    while i < 34 and x.c[i] == 0:
        i += 1
    if i == 34:
        _dec_finish(x)
        return
    if x.nu >= MAXU or x.overflow:
        return
    if not _dec_feasible(x):
        return
    # pair containing this tile
    if not x.pair and (x.r.pair_mask >> i) & 1:
        for k in range(1, 3):
            if k > x.c[i]:
                break
            need = 2 - k
            if need and (need > x.w or not _wild_ok(x.r, i)):
                continue
            x.c[i] -= k
            x.w -= need
            x.pair = 1
            x.units[x.nu] = _unit(U_PAIR, i, need)
            x.nu += 1
            _dec_std(x)
            x.nu -= 1
            x.pair = 0
            x.w += need
            x.c[i] += k
    # pung containing this tile
    for k in range(1, 4):
        if k > x.c[i]:
            break
        need = 3 - k
        if need and (need > x.w or not _wild_ok(x.r, i)):
            continue
        x.c[i] -= k
        x.w -= need
        x.units[x.nu] = _unit(U_PUNG, i, need)
        x.nu += 1
        _dec_std(x)
        x.nu -= 1
        x.w += need
        x.c[i] += k
    # chows containing this tile
    if i < 27:
        lo = (i // 9) * 9
        hi = lo + 8
        for s in range(i - 2, i + 1):
            if s < lo or s + 2 > hi:
                continue
            # members other than i: below i always wild; above i real or wild
            nopt = 1
            for j in range(3):
                if s + j > i and x.c[s + j] > 0:
                    nopt *= 2
            for opt in range(nopt):
                bits = 0
                ok = 1
                choice = opt
                for j in range(3):
                    pos = s + j
                    if pos == i:
                        continue
                    if pos > i and x.c[pos] > 0:
                        if choice & 1:
                            bits |= 1 << j
                        choice >>= 1
                    else:
                        bits |= 1 << j
                    if (bits >> j) & 1 and not _wild_ok(x.r, pos):
                        ok = 0
                need = ((bits) & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1)
                if not ok or need > x.w:
                    continue
                for j in range(3):
                    if not (bits >> j) & 1:
                        x.c[s + j] -= 1
                x.w -= need
                x.units[x.nu] = _unit(U_CHOW, s, bits)
                x.nu += 1
                _dec_std(x)
                x.nu -= 1
                x.w += need
                for j in range(3):
                    if not (bits >> j) & 1:
                        x.c[s + j] += 1
    elif x.r.honor_chows:
        if i < 31:
            lo = 27
            hi = 31
        else:
            lo = 31
            hi = 34
        for a in range(lo, hi):
            for b in range(a + 1, hi):
                for m3 in range(b + 1, hi):
                    mem[0] = a
                    mem[1] = b
                    mem[2] = m3
                    if a != i and b != i and m3 != i:
                        continue
                    nopt = 1
                    for j in range(3):
                        if mem[j] > i and x.c[mem[j]] > 0:
                            nopt *= 2
                    for opt in range(nopt):
                        bits = 0
                        ok = 1
                        choice = opt
                        for j in range(3):
                            pos = mem[j]
                            if pos == i:
                                continue
                            if pos > i and x.c[pos] > 0:
                                if choice & 1:
                                    bits |= 1 << j
                                choice >>= 1
                            else:
                                bits |= 1 << j
                            if (bits >> j) & 1 and not _wild_ok(x.r, pos):
                                ok = 0
                        need = (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1)
                        if not ok or need > x.w:
                            continue
                        hm = (1 << (a - 27)) | (1 << (b - 27)) | (1 << (m3 - 27))
                        for j in range(3):
                            if not (bits >> j) & 1:
                                x.c[mem[j]] -= 1
                        x.w -= need
                        x.units[x.nu] = _unit(U_HONOR_CHOW, hm, bits)
                        x.nu += 1
                        _dec_std(x)
                        x.nu -= 1
                        x.w += need
                        for j in range(3):
                            if not (bits >> j) & 1:
                                x.c[mem[j]] += 1


cdef void _dec_pairs(DecCtx* x, int k) noexcept nogil:
    """Seven pairs: kind by kind, b of its pairs hold one wild."""
    cdef int b, i, npairs, base, wp, avail, used, j
    while k < 34 and x.c[k] == 0:
        k += 1
    if k == 34:
        npairs = x.nu
        if x.w % 2:
            return
        wp = x.w // 2
        if npairs + wp != 7:
            return
        if wp:
            if x.r.wild_mask == 0:
                return
            if x.r.distinct_pairs:
                avail = 0
                for j in range(34):
                    if _wild_ok(x.r, j):
                        used = 0
                        for i in range(x.nu):
                            if <int>((x.units[i] >> 12) & 0xFFF) - 1 == j:
                                used = 1
                        if not used:
                            avail += 1
                if avail < wp:
                    return
        base = x.nu
        for i in range(wp):
            x.units[x.nu] = _unit(U_WILD_PAIR, -1, 2)
            x.nu += 1
        _emit(x)
        x.nu = base
        return
    base = x.nu
    b = x.c[k] & 1
    while b <= x.c[k]:
        npairs = (x.c[k] - b) // 2 + b
        if (b == 0 or (_wild_ok(x.r, k) and b <= x.w)) and x.nu + npairs <= 7 \
                and not (x.r.distinct_pairs and npairs != 1):
            for i in range((x.c[k] - b) // 2):
                x.units[x.nu] = _unit(U_PAIR, k, 0)
                x.nu += 1
            for i in range(b):
                x.units[x.nu] = _unit(U_PAIR, k, 1)
                x.nu += 1
            x.w -= b
            _dec_pairs(x, k + 1)
            x.w += b
            x.nu = base
        b += 2


cdef void _dec_orphans(DecCtx* x) noexcept nogil:
    cdef int k, p, i, need, ok, cp
    for k in range(34):
        if x.c[k] and not _bit(ORPHAN_MASK, k):
            return
    for i in range(13):
        p = _orph_kinds[i]
        if x.c[p] > 2:
            return
    for i in range(13):
        p = _orph_kinds[i]
        need = 0
        ok = 1
        x.nu = 0
        for k in range(13):
            cp = _orph_kinds[k]
            if cp == p:
                need += 2 - x.c[cp]
                if x.c[cp] < 2 and not _wild_ok(x.r, cp):
                    ok = 0
                x.units[x.nu] = _unit(U_PAIR, cp, 2 - x.c[cp])
            else:
                if x.c[cp] > 1:
                    ok = 0
                need += 1 - x.c[cp]
                if x.c[cp] == 0 and not _wild_ok(x.r, cp):
                    ok = 0
                x.units[x.nu] = _unit(U_SINGLE, cp, 1 - x.c[cp] if x.c[cp] <= 1 else 0)
            x.nu += 1
        if ok and need == x.w:
            _emit(x)
    x.nu = 0


cdef void _dec_singles(DecCtx* x, uint64_t allowed, uint64_t required, int k,
                       int left) noexcept nogil:
    """Choose `left` more kinds for the wilds among `allowed` (from kind k on),
    after every kind of `required`; then emit singles (全不靠 / 七星不靠)."""
    cdef int j, base
    if left == 0:
        if required:
            return
        base = x.nu
        _emit(x)
        return
    while k < 34 and not ((allowed >> k) & 1):
        k += 1
    if k == 34:
        return
    # required kinds must be taken, in order
    if (required >> k) & 1:
        x.units[x.nu] = _unit(U_SINGLE, k, 1)
        x.nu += 1
        _dec_singles(x, allowed, required & ~((<uint64_t>1) << k), k + 1, left - 1)
        x.nu -= 1
        return
    x.units[x.nu] = _unit(U_SINGLE, k, 1)
    x.nu += 1
    _dec_singles(x, allowed, required, k + 1, left - 1)
    x.nu -= 1
    _dec_singles(x, allowed, required, k + 1, left)


cdef void _dec_knitted(DecCtx* x, int greater) noexcept nogil:
    cdef int a, k, h, hs, ok
    cdef uint64_t K, held, allowed, required
    for a in range(6):
        K = KNIT_MASK[a] | HONOR_MASK
        held = 0
        h = 0
        ok = 1
        for k in range(34):
            if x.c[k]:
                if x.c[k] > 1 or not _bit(K, k):
                    ok = 0
                held |= (<uint64_t>1) << k
                h += 1
        if not ok:
            continue
        allowed = K & ~held & x.r.wild_mask
        required = 0
        if greater:
            required = HONOR_MASK & ~held
            if required & ~x.r.wild_mask:
                continue
            hs = 0
            for k in range(34):
                if _bit(held & KNIT_MASK[a], k):
                    hs += 1
            if hs > 7:
                continue
            allowed = (HONOR_MASK & ~held) | (KNIT_MASK[a] & ~held & x.r.wild_mask)
            allowed &= x.r.wild_mask
        x.nu = 0
        for k in range(34):
            if _bit(held, k):
                x.units[x.nu] = _unit(U_SINGLE, k, 0)
                x.nu += 1
        if h + x.w == 14:
            _dec_singles(x, allowed, required, 0, x.w)
    x.nu = 0


cdef void _dec_lan_suit(DecCtx* x, int s, uint64_t chosen, int left) noexcept nogil:
    """十三烂: choose a valid set of kinds in suit s that contains the held ones."""
    cdef int i, k, pres = 0, wb = 0, extra, base, nreq
    cdef uint64_t hon, chosen_s
    if s == 3:
        # honours: held ones plus `left` more wild ones
        hon = HONOR_MASK & x.r.wild_mask
        for k in range(27, 34):
            if x.c[k]:
                hon &= ~((<uint64_t>1) << k)
        base = x.nu
        for k in range(27, 34):
            if x.c[k]:
                x.units[x.nu] = _unit(U_SINGLE, k, 0)
                x.nu += 1
        nreq = 0
        for k in range(27):
            nreq += <int>((chosen >> k) & 1)
        _dec_singles(x, hon | chosen, chosen, 0, left + nreq)
        x.nu = base
        return
    for i in range(9):
        if x.c[s * 9 + i]:
            pres |= 1 << i
        if _wild_ok(x.r, s * 9 + i):
            wb |= 1 << i
    for i in range(NLAN):
        if (LAN[i] & pres) != pres or (LAN[i] & ~pres & ~wb) != 0:
            continue
        extra = LAN_SIZE[i]
        for k in range(9):
            if (pres >> k) & 1:
                extra -= 1
        if extra > left:
            continue
        chosen_s = chosen
        for k in range(9):
            if (LAN[i] >> k) & 1 and not (pres >> k) & 1:
                chosen_s |= (<uint64_t>1) << (s * 9 + k)
        _dec_lan_suit(x, s + 1, chosen_s, left - extra)


cdef void _dec_lan(DecCtx* x) noexcept nogil:
    cdef int k
    for k in range(34):
        if x.c[k] > 1:
            return
    x.nu = 0
    for k in range(27):
        if x.c[k]:
            x.units[x.nu] = _unit(U_SINGLE, k, 0)
            x.nu += 1
    _dec_lan_suit(x, 0, 0, x.w)
    x.nu = 0


cdef void _dec_knitted_straight(DecCtx* x) noexcept nogil:
    cdef int a, j, k, opt, nopt, need, bits, choice, ok, w0 = x.w
    cdef int kinds[9]
    for a in range(6):
        nopt = 1
        for j in range(9):
            kinds[j] = KNIT[a][j]
            if x.c[kinds[j]]:
                nopt *= 2
        for opt in range(nopt):
            bits = 0
            choice = opt
            ok = 1
            for j in range(9):
                if x.c[kinds[j]]:
                    if choice & 1:
                        bits |= 1 << j
                    choice >>= 1
                else:
                    bits |= 1 << j
                if (bits >> j) & 1 and not _wild_ok(x.r, kinds[j]):
                    ok = 0
            need = 0
            for j in range(9):
                need += (bits >> j) & 1
            if not ok or need > w0:
                continue
            for j in range(9):
                if not (bits >> j) & 1:
                    x.c[kinds[j]] -= 1
            x.w = w0 - need
            x.pair = 0
            x.nu = 1
            x.units[0] = _unit(U_KNITTED, a, bits)
            _dec_std(x)
            for j in range(9):
                if not (bits >> j) & 1:
                    x.c[kinds[j]] += 1
    x.w = w0
    x.nu = 0


cdef int _cmp_reading(const void* a, const void* b) noexcept nogil:
    cdef const Reading* x = <const Reading*>a
    cdef const Reading* y = <const Reading*>b
    cdef int i
    if x.form != y.form:
        return -1 if x.form < y.form else 1
    if x.n != y.n:
        return -1 if x.n < y.n else 1
    for i in range(x.n):
        if x.u[i] != y.u[i]:
            return -1 if x.u[i] < y.u[i] else 1
    return 0


from libc.stdlib cimport qsort

cdef object _FORM_OBJ = tuple(range(NFORMS))
cdef object _SHAPE_OBJ = tuple(range(8))
cdef object _DECOMP_CLS = None


def _set_value_types(forms, shapes, decomposition) -> None:
    """Register the enum members and the Decomposition class the façade uses."""
    global _FORM_OBJ, _SHAPE_OBJ, _DECOMP_CLS
    _FORM_OBJ = tuple(forms)
    _SHAPE_OBJ = tuple(shapes)
    _DECOMP_CLS = decomposition


cdef int _decompose(DecCtx* x, const uint8_t* c, int w, const KRules* r) noexcept nogil:
    cdef int n, T = w, k
    for k in range(34):
        T += c[k]
    n = (T - 2) // 3
    memcpy(x.c, c, 34)
    x.r = r
    x.nout = 0
    x.overflow = 0
    if r.forms & (1 << F_STANDARD):
        x.form = F_STANDARD
        x.w = w
        x.pair = 0
        x.nu = 0
        _dec_std(x)
    if n == 4 and (r.forms >> F_SEVEN_PAIRS) & 1:
        x.form = F_SEVEN_PAIRS
        x.w = w
        x.nu = 0
        _dec_pairs(x, 0)
    if n == 4 and (r.forms >> F_ORPHANS) & 1:
        x.form = F_ORPHANS
        x.w = w
        _dec_orphans(x)
    if n == 4 and (r.forms >> F_KNITTED) & 1:
        x.form = F_KNITTED
        x.w = w
        _dec_knitted(x, 0)
    if n == 4 and (r.forms >> F_GREATER_KNITTED) & 1:
        x.form = F_GREATER_KNITTED
        x.w = w
        _dec_knitted(x, 1)
    if (n == 3 or n == 4) and (r.forms >> F_KNITTED_STRAIGHT) & 1:
        x.form = F_KNITTED_STRAIGHT
        x.w = w
        _dec_knitted_straight(x)
    if n == 4 and (r.forms >> F_SHISANLAN) & 1:
        x.form = F_SHISANLAN
        x.w = w
        _dec_lan(x)
    if x.nout > 1:
        qsort(x.out, x.nout, sizeof(Reading), _cmp_reading)
    return x.nout


cdef object _unit_obj(uint32_t v):
    return (_SHAPE_OBJ[v >> 24], <int>((v >> 12) & 0xFFF) - 1, <int>(v & 0xFFF))


def decompositions(tiles, int wilds=0, rules=None, int limit=100000) -> tuple:
    """Every distinct reading of a complete hand, with the kind of each wild.

    Returns :class:`~mahjong_core.Decomposition` values ``(form, units)``;
    a unit is ``(Shape, kind, wilds)`` (docs/analysis.md has the table).
    ``limit`` bounds the number of readings (an error beyond it).

    >>> import mahjong_core as mc
    >>> [d.units for d in mc.decompositions("123m", wilds=2)][-1]
    ((<Shape.CHOW: 2>, 0, 0), (<Shape.WILD_PAIR: 6>, -1, 2))
    """
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    cdef DecCtx x
    cdef int i, j, n, cap = 64
    cdef Reading* prev
    _check(c, wilds, 2, "decompositions")
    while True:
        x.cap = cap
        x.out = <Reading*>malloc(cap * sizeof(Reading))
        if x.out == NULL:
            raise MemoryError()
        with nogil:
            n = _decompose(&x, c.c, wilds, &r.r)
        if not x.overflow or cap >= limit:
            break
        free(x.out)
        cap *= 8
    try:
        out = []
        prev = NULL
        for i in range(n):
            if prev != NULL and _cmp_reading(prev, &x.out[i]) == 0:
                continue
            prev = &x.out[i]
            units = tuple([_unit_obj(x.out[i].u[j]) for j in range(x.out[i].n)])
            if _DECOMP_CLS is None:
                out.append((_FORM_OBJ[x.out[i].form], units))
            else:
                out.append(_DECOMP_CLS(_FORM_OBJ[x.out[i].form], units))
        if x.overflow:
            raise InvalidHandError(f"more than {limit} readings for {c!r} + {wilds} wild(s)")
        return tuple(out)
    finally:
        free(x.out)


cdef inline uint64_t _near_mask(const uint8_t* h) noexcept nogil:
    """The kinds a drawn tile must be to join a held tile in a set, a
    partial set or a pair: each held kind, and the suit kinds within two of
    a held one (no wilds, no honour chows)."""
    cdef uint64_t m = 0, H = _held_mask(h), held, near
    cdef int s
    for s in range(3):
        held = (H >> (s * 9)) & 0x1FF
        near = held | (held << 1) | (held << 2) | (held >> 1) | (held >> 2)
        m |= (near & 0x1FF) << (s * 9)
    return m | (H & HONOR_MASK)


cdef struct StdCtx:
    # The standard form of one 3n+2 hand, parts combined ahead: G[p][q] is
    # the min-plus product of every part but p and q (p == q: all but p), so
    # a hand that differs from it in parts p and q only costs two steps.
    int on
    int n
    int w
    int16_t G[2][5][5][2][16]   # [use_u]: with wilds, [1] holds the parts' use_u deficits
    # One discard of the prepared hand, from part hp (-1: none): H[u][q] is
    # the product of every part but q, part hp as it is after the discard,
    # so a draw into part q costs one step.
    int hp
    int16_t H[2][5][2][16]
    # _free_wild_kinds of that discard's hand, and the kind drawn to it
    # (-1: none), so a draw updates them in O(1)
    int fm1
    int fmp1
    int dj
    # with wilds: _du_gap of each part of the prepared hand, and of part hp
    # of the discard's hand
    int gap[5]
    int gaphp
    # _pairs_counts and _orph_counts of the prepared hand
    int pst[4]
    int ost[4]
    # _rank_step (+1) of each part of the prepared hand, made at the first
    # _std_filter that asks it (nbok[q]): a discard's hand differs from the
    # prepared hand in part hp only, so the other parts' steps serve every
    # discard of one _discard_shanten
    uint32_t nb[5][9]
    int nbok[5]


cdef inline int _part_of(int k) noexcept nogil:
    return k // 9 if k < 27 else (3 if k < 31 else 4)


cdef struct PartRec:
    const uint8_t* rec         # the part's record (NULL: the part is empty)
    int mm                     # its most sets, without (low 4 bits) and with use_u
    int n                      # the sets asked for (the most sets are capped there)
    int pt


cdef inline void _part_rec(const uint8_t* c, int p, const KRules* r, int n, PartRec* out) noexcept nogil:
    """Look part ``p`` of ``c`` up once, for _rec_step."""
    cdef int s
    cdef uint32_t key = part_key(p, r.honor_chows, c, &s)
    out.rec = NULL
    if s == 0:
        return
    out.rec = PARTS[r.honor_chows][p].tab + <size_t>key * REC
    out.mm = PARTS[r.honor_chows][p].wt[<size_t>key * 4 + 3]
    out.n = n
    out.pt = _pt(r, p)


cdef inline void _rec_step(int16_t* F0, int16_t* F1, const PartRec* pr, int use_u) noexcept nogil:
    """Combine a part looked up by _part_rec into (F0, F1), as
    _std_draws_fast does (``use_u``: the deficits that ignore the
    four-copy limit, for parts every wild may enter)."""
    cdef int mmax
    if pr.rec == NULL:
        return
    mmax = (pr.mm >> 4) if use_u else (pr.mm & 15)
    if mmax > pr.n:
        mmax = pr.n
    _part_step(F0, F1, pr.rec + (OFF_DU if use_u else 0), pr.pt, mmax)


cdef inline void _part_apply(int16_t* F0, int16_t* F1, const uint8_t* c, int p, const KRules* r, int n,
                            int use_u=0) noexcept nogil:
    """Combine part ``p`` of ``c`` into (F0, F1) (_part_rec, then _rec_step)."""
    cdef PartRec pr
    _part_rec(c, p, r, n, &pr)
    _rec_step(F0, F1, &pr, use_u)


cdef inline int _part_gap(const uint8_t* c, int p, const KRules* r, int n) noexcept nogil:
    """_du_gap for part ``p`` of ``c`` (BIG when the part is empty)."""
    cdef int s
    cdef uint32_t key = part_key(p, r.honor_chows, c, &s)
    if s == 0:
        return BIG
    return _du_gap(PARTS[r.honor_chows][p].tab + <size_t>key * REC,
                   PARTS[r.honor_chows][p].wt[<size_t>key * 4 + 3], n, _pt(r, p))


cdef void _prepare_products(StdCtx* x, const PartRec* pp, int u, int16_t (*F)[16], int applied,
                            int k, int start) noexcept nogil:
    """Fill x.G[u] from ``F``, the product of the parts (``pp``: each one's
    _part_rec) in the bit set ``applied`` (``k`` of them, each below
    ``start``), taken in ascending
    order as _part_apply would: three parts make G[p][q] of the two left
    out, four G[p][p].  The products share their prefixes (24 steps for
    the 15 entries, not 50); each is the same sequence of steps as one
    product made alone."""
    cdef int16_t G[2][16]
    cdef int t, p = -1, q = -1
    if k >= 3:
        for t in range(5):
            if not (applied >> t) & 1:
                if p < 0:
                    p = t
                else:
                    q = t
        if k == 4:
            q = p
        memcpy(x.G[u][p][q], F, sizeof(int16_t) * 32)
        if k == 4:
            return
    for t in range(start, 5):
        if k + 1 + (4 - t) < 3:
            break  # (too few parts above t left to make three)
        memcpy(G, F, sizeof(G))
        _rec_step(G[0], G[1], &pp[t], u)
        _prepare_products(x, pp, u, G, applied | (1 << t), k + 1, t + 1)


cdef void _std_prepare(StdCtx* x, const uint8_t* c, int wilds, const KRules* r, int n) noexcept nogil:
    """Set ``x`` up for hands near ``c`` with the same wilds (fast rules and
    the standard form; with wilds, only when a wild may enter every part;
    else ``x.on`` is 0 and callers take the plain path)."""
    cdef int p, t, i, u
    x.on = r.fast and (r.forms >> F_STANDARD) & 1
    if wilds:
        for p in range(5):
            if r.part_wild[p] != 1:
                x.on = 0
    for p in range(5):
        x.nbok[p] = 0
    x.n = n
    x.w = wilds
    x.hp = -1
    x.gaphp = BIG
    for t in range(5):
        x.gap[t] = BIG
    if n == 4:
        if (r.forms >> F_SEVEN_PAIRS) & 1:
            _pairs_counts(c, r, x.pst)
        if (r.forms >> F_ORPHANS) & 1:
            _orph_counts(c, r, x.ost)
    if not x.on:
        return
    cdef PartRec pp[5]
    cdef int16_t F[2][16]
    if wilds:
        for t in range(5):
            x.gap[t] = _part_gap(c, t, r, n)
    # each part's record once (what _part_apply looks up per product)
    for t in range(5):
        _part_rec(c, t, r, n, &pp[t])
    for u in range(2 if wilds else 1):
        for i in range(16):
            F[0][i] = BIG16
            F[1][i] = BIG16
        F[0][8] = 0
        _prepare_products(x, pp, u, F, 0, 0, 0)


cdef void _std_discard(StdCtx* x, const uint8_t* c, int p, const KRules* r) noexcept nogil:
    """Fill ``x.H`` for ``c``, the prepared hand less a tile of part ``p``
    (part ``p``'s record looked up once)."""
    cdef int u, q
    cdef PartRec pr
    x.hp = -1
    x.dj = -1
    if not x.on:
        return
    if x.w:
        _free_wild_kinds(c, r, &x.fm1, &x.fmp1)
        x.gaphp = _part_gap(c, p, r, x.n)
    _part_rec(c, p, r, x.n, &pr)
    for u in range(2 if x.w else 1):
        for q in range(5):
            if q == p:
                memcpy(x.H[u][q], x.G[u][p][p], sizeof(x.H[u][q]))
            else:
                memcpy(x.H[u][q], x.G[u][p if p < q else q][q if p < q else p], sizeof(x.H[u][q]))
                _rec_step(x.H[u][q][0], x.H[u][q][1], &pr, u)
    x.hp = p


cdef inline void _near_product(const StdCtx* x, const uint8_t* c, int p, int q, const KRules* r,
                               int use_u, int16_t (*F)[16]) noexcept nogil:
    """The product of every part of ``c`` (which differs from the prepared
    hand in parts ``p`` and ``q`` only; from the prepared discard's hand in
    one of them when ``x.hp`` is the other) into F."""
    if x.hp == p:
        memcpy(F, x.H[use_u][q], sizeof(int16_t) * 32)
        _part_apply(F[0], F[1], c, q, r, x.n, use_u)
    elif x.hp == q:
        memcpy(F, x.H[use_u][p], sizeof(int16_t) * 32)
        _part_apply(F[0], F[1], c, p, r, x.n, use_u)
    else:
        memcpy(F, x.G[use_u][p][q], sizeof(int16_t) * 32)
        _part_apply(F[0], F[1], c, p, r, x.n, use_u)
        if q != p:
            _part_apply(F[0], F[1], c, q, r, x.n, use_u)


cdef int _near_gap(const StdCtx* x, const uint8_t* c, int p, int q, const KRules* r) noexcept nogil:
    """The least _du_gap of the parts of ``c``, as _near_product reads them."""
    cdef int t, g = BIG, d
    for t in range(5):
        if t != p and t != q and x.gap[t] < g:
            g = x.gap[t]
    if x.hp == p or x.hp == q:
        d = _part_gap(c, q if x.hp == p else p, r, x.n)
        if q != p and x.gaphp < d:
            d = x.gaphp
    else:
        d = _part_gap(c, p, r, x.n)
        if q != p:
            t = _part_gap(c, q, r, x.n)
            if t < d:
                d = t
    return d if d < g else g


cdef int _near_wild(const StdCtx* x, const uint8_t* c, int p, int q, const KRules* r, int use_u,
                    int fm, int fmp) noexcept nogil:
    """_std_draws_fast with wilds (every part in the wild group) for ``c``,
    which differs from the prepared hand in parts ``p`` and ``q`` only
    (``fm``, ``fmp``: _free_wild_kinds of ``c``)."""
    cdef int16_t F[2][16]
    cdef int m, p1, d, v, best = BIG, n = x.n
    cdef int pair_any = r.pair_mask != 0
    _near_product(x, c, p, q, r, use_u, F)
    if fm >= n + 1 and fmp >= 1 and pair_any:
        # every fresh unit, the pair too, may be wilds (a = f, b = fp in
        # _fresh_cost_top), and max(0, . - w) commutes with the min.  An
        # impossible entry (INF8 or more) stays at INF8 or more with the
        # fresh units added, above any possible one (at most 3 n + 2), so
        # the entries need no check one by one
        for m in range(n + 1):
            v = F[1][8 + m] + 3 * (n - m)
            if v < best:
                best = v
            v = F[0][8 + m] + 3 * (n - m) + 2
            if v < best:
                best = v
        if best >= INF8:
            return BIG
        return best - x.w if best > x.w else 0
    # _fresh_draws with no part outside the wild group (its FU is 0 sets,
    # no pair, cost 0)
    for m in range(n + 1):
        for p1 in range(2):
            v = F[p1][8 + m]
            if v >= INF8:
                continue
            d = _fresh_cost_top(v, n - m, 1 - p1, x.w, fm, fmp, pair_any)
            if d < best:
                best = d
    return best


cdef int _std_near(const StdCtx* x, const uint8_t* c, int p, int q, const KRules* r,
                   int bound=BIG) noexcept nogil:
    """Standard-form draws of ``c``, which differs from the prepared hand in
    parts ``p`` and ``q`` only (the same as _std_draws).  With wilds, an
    answer of ``bound`` or more may be any value >= ``bound`` (the lower
    bound alone rules it out)."""
    cdef int16_t F[2][16]
    cdef int m, f, best = BIG, n = x.n, hi, lo, fm, fmp
    if q < p:
        p, q = q, p
    if x.w:  # as _std_draws with wilds: the fast bound, checked, else the exact path
        if x.hp >= 0:  # the prepared discard's hand, plus x.dj when drawn
            fm = x.fm1
            fmp = x.fmp1
            if x.dj >= 0 and c[x.dj] == 1 and _bit(r.wild_mask, x.dj):
                fm -= 1
                fmp -= _bit(r.pair_mask, x.dj)
        else:
            _free_wild_kinds(c, r, &fm, &fmp)
        if fm < n + 1:
            return _std_draws_slow(c, n, x.w, r, 0, 0)
        lo = _near_wild(x, c, p, q, r, 1, fm, fmp)
        if lo >= bound or _near_gap(x, c, p, q, r) > lo + x.w:
            return lo
        hi = _near_wild(x, c, p, q, r, 0, fm, fmp)
        if lo == hi:
            return hi
        return _std_draws_slow(c, n, x.w, r, 0, 0)
    _near_product(x, c, p, q, r, 0, F)
    for m in range(n + 1):
        f = 3 * (n - m)
        if F[1][8 + m] + f < best:
            best = F[1][8 + m] + f
        if r.pair_mask and F[0][8 + m] + f + 2 < best:
            best = F[0][8 + m] + f + 2
    return best if best < INF8 else BIG


cdef int _d_knitted_straight_below(const uint8_t* c, int n, int w, const KRules* r,
                                   int bound, int* kd=NULL) noexcept nogil:
    """_d_knitted_straight when it is below ``bound``, else some value >=
    ``bound``: a knitting whose missing tiles alone cost ``bound`` is skipped
    (_std_draws with em wild-fillable and eu drawn extra slots is at least
    eu + max(0, em - w)).  With ``kd``, each knitting's draws go there, exact
    when at most the least (below ``bound``), else BIG: a knitting is then
    skipped only when it costs more than the best so far."""
    cdef uint8_t c2[34]
    cdef int a, km, ku, d, best = bound, lim
    cdef uint64_t H = _held_mask(c)
    for a in range(6):
        lim = best if kd == NULL or best >= bound else best + 1
        if kd != NULL:
            kd[a] = BIG
        _knit_missing(H, a, r, &km, &ku)
        if ku + (km - w if km > w else 0) >= lim:
            continue
        _less_knitting(c2, c, H, a)
        d = _std_draws(c2, n - 3, w, r, km, ku, lim)
        if kd != NULL and d < lim:
            kd[a] = d
        if d < best:
            best = d
    return best


cdef inline int _form_draws_near(const uint8_t* c, int w, const KRules* r, int form, int n,
                                 const StdCtx* x, int p, int q, int bound=BIG,
                                 int* kd=NULL) noexcept nogil:
    """_form_draws, through ``x`` for the standard form when it is on.  An
    answer of ``bound`` or more may be any value >= ``bound`` (still -1 when
    the form does not apply).  ``kd``: 组合龙's draws by knitting, as
    _d_knitted_straight_below."""
    if not (r.forms >> form) & 1:
        return -1
    if form == F_STANDARD:
        if x != NULL and x.on:
            return _std_near(x, c, p, q, r, bound)
        return _std_draws(c, n, w, r, 0, 0, bound)
    if form == F_KNITTED_STRAIGHT and (n == 3 or n == 4):
        return _d_knitted_straight_below(c, n, w, r, bound, kd)
    if (form == F_KNITTED or form == F_GREATER_KNITTED or form == F_SHISANLAN) and n == 4 and bound < BIG:
        # 14 different kinds: at least 14 - (kinds held) - w draws
        if 14 - _popcount(_held_mask(c)) - w >= bound:
            return bound
    return _form_draws(c, w, r, form, n)


cdef struct FormDraws:
    # Each form's draws of one discard's hand as _shanten_near asked them:
    # d[f] (-1: the form does not apply) is exact when below b[f], the
    # bound it was asked with; else the draws are b[f] or more.
    int d[NFORMS]
    int b[NFORMS]
    # 组合龙 (when d[F_KNITTED_STRAIGHT] is exact): each knitting's draws,
    # exact when they tie the form's or beat it (else BIG)
    int kd[6]


cdef int _shanten_near(const uint8_t* c, int w, const KRules* r, const StdCtx* x, int dk,
                       FormDraws* fd, int cap=BIG) noexcept nogil:
    """k_shanten of ``c`` (the prepared hand less a tile of kind ``dk``): the
    standard form first (F_STANDARD is 0), each later form only asked
    whether it beats the best so far; seven pairs and the orphans from the
    prepared hand's counts, less the one tile.  Each form's answer is kept
    in ``fd`` for _improving.  ``cap`` (in draws, shanten + 1): every form
    is asked below it, so an answer of ``cap`` - 1 or more may be any value
    >= ``cap`` - 1."""
    cdef int f, d, best = BIG, n = _hand_n(c, w), p = _part_of(dk)
    cdef int st[4]
    for f in range(NFORMS):
        fd.b[f] = BIG
        fd.d[f] = -1
        if n == 4 and (f == F_SEVEN_PAIRS or f == F_ORPHANS):
            if not (r.forms >> f) & 1:
                continue
            if f == F_SEVEN_PAIRS:
                memcpy(st, x.pst, sizeof(st))
                _pairs_add(st, c[dk] + 1, _bit(r.wild_mask, dk), r.distinct_pairs, -1)
                _pairs_add(st, c[dk], _bit(r.wild_mask, dk), r.distinct_pairs, 1)
                d = _pairs_eval(st, w, r)
            else:
                memcpy(st, x.ost, sizeof(st))
                if _bit(ORPHAN_MASK, dk):
                    _orph_add(st, c[dk] + 1, _bit(r.wild_mask, dk), -1)
                    _orph_add(st, c[dk], _bit(r.wild_mask, dk), 1)
                d = _orph_eval(st, w, r)
        else:
            # (asked below best + 1, not best: a form that ties the best
            # is then known exactly, as _improving needs it)
            fd.b[f] = best + 1 if best < cap else cap
            d = _form_draws_near(c, w, r, f, n, x, p, p, fd.b[f], fd.kd)
        fd.d[f] = d
        if 0 <= d < best:
            best = d
    return best - 1


cdef inline int _lowers(uint8_t* h, int j, int wilds, const KRules* r, int form, int n, int shk,
                        StdCtx* x, int pk) noexcept nogil:
    """Whether drawing kind ``j`` lowers ``form``'s shanten below ``shk``
    (``h``: the prepared hand of ``x`` less a tile of part ``pk``)."""
    cdef int d
    h[j] += 1
    x.dj = j
    d = _form_draws_near(h, wilds, r, form, n, x, pk, _part_of(j), shk + 1)
    x.dj = -1
    h[j] -= 1
    return 0 <= d <= shk


cdef inline int _counts_lower(const int* st, int ck, int j, int w, const KRules* r, int form,
                              int shk) noexcept nogil:
    """Whether drawing kind ``j`` (held ``ck`` times) brings seven pairs
    (``form`` F_SEVEN_PAIRS) or the orphans (F_ORPHANS), whose counts of
    the hand are ``st``, to at most ``shk`` draws."""
    cdef int t[4]
    cdef int wj = _bit(r.wild_mask, j)
    memcpy(t, st, sizeof(t))
    if form == F_SEVEN_PAIRS:
        _pairs_add(t, ck, wj, r.distinct_pairs, -1)
        _pairs_add(t, ck + 1, wj, r.distinct_pairs, 1)
        return _pairs_eval(t, w, r) <= shk
    if _bit(ORPHAN_MASK, j):
        _orph_add(t, ck, wj, -1)
        _orph_add(t, ck + 1, wj, 1)
    return _orph_eval(t, w, r) <= shk


cdef inline int _lowest_bit(uint64_t m) noexcept nogil:
    """The lowest set bit of ``m`` (not 0)."""
    return _ctz(m)


cdef uint64_t _knitted_improving(const uint8_t* h, int w, const KRules* r, int form,
                                 int shk) noexcept nogil:
    """The kinds whose draw brings the 13-tile hand ``h`` to at most ``shk``
    draws of 全不靠 (``form`` F_KNITTED) or 七星不靠 (F_GREATER_KNITTED), as
    _d_knitted and _d_greater count them: each knitting's held and
    wild-fillable counts are taken once, and a draw only moves the counts of
    the knittings holding its kind (a held kind never helps: both forms count
    distinct kinds)."""
    cdef int a, j, hh = 0, mh = 0, d, best, inj, wj
    cdef int ha[6]
    cdef int ma[6]
    cdef uint64_t K, out = 0, H = _held_mask(h)
    cdef uint64_t M = r.wild_mask & ~H
    for a in range(6):
        K = KNIT_MASK[a] | HONOR_MASK if form == F_KNITTED else KNIT_MASK[a]
        ha[a] = _popcount(H & K)
        ma[a] = _popcount(M & K)
    if form == F_GREATER_KNITTED:
        hh = _popcount(H & HONOR_MASK)
        mh = _popcount(M & HONOR_MASK)
    for j in range(NK):
        if h[j]:
            continue
        wj = _bit(r.wild_mask, j)
        best = BIG
        for a in range(6):
            if form == F_KNITTED:
                inj = _bit(KNIT_MASK[a] | HONOR_MASK, j)
                d = _knitted_left(ha[a] + inj, ma[a] - (inj & wj), w)
            else:
                inj = _bit(KNIT_MASK[a], j)
                d = _greater_left(ha[a] + inj, ma[a] - (inj & wj), hh + (j >= 27), mh - ((j >= 27) & wj), w)
            if d < best:
                best = d
        if best <= shk:
            out |= (<uint64_t>1) << j
    return out


cdef uint64_t _ks_improving(uint8_t* h, int n, int w, const KRules* r, int shk,
                           const int* kd=NULL) noexcept nogil:
    """The kinds whose draw brings the 3n+1 hand ``h`` (n is 3 or 4, its
    组合龙 draws shk + 1) to at most ``shk`` draws of 组合龙.  A draw lowers
    each knitting's draws by one at most, so only the knittings at shk + 1
    can; for each, a missing knitted tile shrinks its extra slots (one ask
    per wild bit) and any other kind joins the rest of the hand, whose
    standard form answers through _std_filter (fast rules: exact without
    wilds, each kind it passes asked exactly with them), else kind by kind
    (the kinds within two of no tile left and not knitted in two classes,
    as _improving's fresh kinds).  ``kd``: each knitting's draws as the
    shanten pass found them (FormDraws.kd), instead of asked again."""
    cdef uint8_t c2[34]
    cdef int a, j, k, km, ku, d, fp, wj, lb
    cdef uint64_t out = 0, ALL = ((<uint64_t>1) << 34) - 1, ask, fresh, cls, miss, sure
    cdef uint64_t H = _held_mask(h)
    for a in range(6):
        miss = _knit_missing(H, a, r, &km, &ku)
        lb = ku + (km - w if km > w else 0)
        if lb > shk + 1:
            continue
        _less_knitting(c2, h, H, a)
        if (kd[a] if kd != NULL else _std_draws(c2, n - 3, w, r, km, ku, shk + 2)) != shk + 1:
            continue
        # a missing knitted tile: the rest as it is, one extra slot fewer
        # (the same for every such kind with the same wild bit)
        for wj in range(2):
            cls = miss & (r.wild_mask if wj else ~r.wild_mask) & ~out
            if cls and _std_draws(c2, n - 3, w, r, km - wj, ku - (1 - wj), shk + 1) <= shk:
                out |= cls
        if lb == shk + 1:
            # the missing knitted tiles alone cost shk + 1: only drawing
            # one of them can lower it
            continue
        # any other kind joins the rest of the hand
        ask = ALL & ~miss & ~out
        for j in range(NK):
            if h[j] >= 4:
                ask &= ~((<uint64_t>1) << j)
        fresh = 0
        if r.fast:
            sure = 0
            ask = _std_filter(c2, n - 3, w, r, km, ku, shk, NULL, ask,
                              &sure if _sure_fresh(c2, n - 3, w, ku, shk, r) else NULL)
            if not w:
                out |= ask
                continue
            out |= sure
            ask &= ~sure
        elif not r.honor_chows and (w == 0 or r.wild_mask == ALL):
            fresh = ask & ~_near_mask(c2) & ~KNIT_MASK[a]
            ask &= ~fresh
        while ask:
            j = _lowest_bit(ask)
            ask &= ask - 1
            c2[j] += 1
            if _std_draws(c2, n - 3, w, r, km, ku, shk + 1) <= shk:
                out |= (<uint64_t>1) << j
            c2[j] -= 1
        for fp in range(2):
            cls = fresh & (r.pair_mask if fp else ~r.pair_mask) & ~out
            if cls:
                j = _lowest_bit(cls)
                c2[j] += 1
                d = _std_draws(c2, n - 3, w, r, km, ku, shk + 1)
                c2[j] -= 1
                if d <= shk:
                    out |= cls
    return out


cdef inline void _least_less_sets(const int16_t* row, int n, int* out, int cap=BIG) noexcept nogil:
    """``out[k]``: the least entry of a part's row with at most ``k`` sets,
    less 3 a set (the fresh set each saves), among the entries at most
    ``cap``; BIG when none."""
    cdef int best = BIG, k, v
    for k in range(n + 1):
        v = row[8 + k]
        if v < INF8 and v <= cap and v - 3 * k < best:
            best = v - 3 * k
        out[k] = best


cdef void _part_limits(const int16_t (*A)[16], const int16_t (*B)[16], int qwild, int n, int w,
                       int shk, int em, int eu, int pt, int pair_any, int (*lim)[6],
                       int exact=0) noexcept nogil:
    """``lim[p2][m2]``: the most part q's deficit with ``m2`` sets (and the
    pair when ``p2``) may be for the hand's standard form (``em`` wild-fillable
    and ``eu`` drawn extra slots, as _std_draws) to be within ``shk`` draws,
    when ``A`` is the product of the other parts of q's group (the parts a
    wild may enter when ``qwild``) and ``B`` that of the other group (NULL:
    no part there; then q's group is the wild one, or there are no wilds).  Without
    wilds it is exact (the unit B, one group); with wilds a necessary
    condition of _std_draws' lower bound (draws >= U + max(0, M + fresh - w),
    every fresh unit wild: _fresh_cost's least value), so a kind within the
    limits is still asked exactly; below 0: never.

    ``exact`` (with wilds, when every fresh unit may be wilds: _sure_fresh):
    the limits of _std_draws' upper bound itself, U + max(0, M + fresh - w)
    with the four-copy limit kept (A and B made so), where q's group is the
    wild one: an entry of B (drawn slots, U) counts only when U + eu is at
    most ``shk``, the max then moving to q's side exactly."""
    cdef int Bm[2][6]
    cdef int Am[2][6]
    cdef int pB, k, v, best, m2, p2, mA, pA, K, fp, a, t, l, C
    if B == NULL:
        # B the unit, q's group every part: with the best of A with at
        # most k sets less 3 a set (Am), one pass over m2
        C = shk + w - em - eu
        for pA in range(2):
            _least_less_sets(A[pA], n, Am[pA])
        for m2 in range(n + 1):
            K = n - m2
            best = Am[1][K]
            if pair_any and Am[0][K] + 2 < best:
                best = Am[0][K] + 2
            lim[0][m2] = C - 3 * K - best if best < BIG else -BIG
            lim[1][m2] = C - 3 * K - Am[0][K] if pt and Am[0][K] < BIG else -BIG
        return
    for pB in range(2):
        _least_less_sets(B[pB], n, Bm[pB], shk - eu if (exact and qwild) else BIG)
    for p2 in range(2):
        for m2 in range(n + 1):
            l = -BIG
            if p2 == 0 or pt:
                for mA in range(n + 1 - m2):
                    K = n - m2 - mA
                    for pA in range(2 - p2):
                        a = A[pA][8 + mA]
                        if a >= INF8:
                            continue
                        for pB in range(2 - p2 - pA):
                            if Bm[pB][K] >= BIG:
                                continue
                            fp = 1 - p2 - pA - pB
                            if fp and not pair_any:
                                continue
                            if qwild:
                                t = shk + w - eu - em - a - 3 * K - 2 * fp - Bm[pB][K]
                            else:
                                t = Bm[pB][K] + 3 * K + 2 * fp + em - w
                                t = shk - eu - a - (t if t > 0 else 0)
                            if t > l:
                                l = t
            lim[p2][m2] = l


cdef inline void _lim_words(const int (*lim)[6], int n, int pt, uint64_t* Lw) noexcept nogil:
    """The limits of _part_limits as bytes laid out as a part's record
    (``m2 * 3`` the plane without the pair, ``m2 * 3 + pt`` the pair's): the
    limit plus one, kept in 0..127 (0: no entry passes; the records'
    entries are at most INF8), 0 where no limit applies; three words."""
    cdef uint8_t b[24]
    cdef int m2, v
    memset(b, 0, 24)
    for m2 in range(n + 1):
        v = lim[0][m2] + 1
        b[m2 * 3] = <uint8_t>(0 if v < 0 else (v if v < 127 else 127))
        if pt:
            v = lim[1][m2] + 1
            b[m2 * 3 + pt] = <uint8_t>(0 if v < 0 else (v if v < 127 else 127))
    memcpy(Lw, b, 24)


cdef inline bint _rec_within(const uint8_t* rec, int n, const uint64_t* Lw) noexcept nogil:
    """Whether some entry of a part's record (d0 or du, the 3 (n + 1)
    bytes from ``rec``) is within its limit of ``Lw`` (_lim_words): per
    byte, (L | 0x80) - (entry & 0x7F) - 1 sets the top bit exactly when
    entry <= L - 1, never borrowing from the next byte (L | 0x80 is at
    least 128, the entry at most 127).  Reads no byte past the record's
    3 (n + 1) (at most 18); the bytes go into the words by memcpy on both
    sides, so the lanes agree whatever the byte order."""
    cdef uint64_t a, b, t
    cdef uint64_t H = 0x8080808080808080ULL, M = 0x7F7F7F7F7F7F7F7FULL, ONE = 0x0101010101010101ULL
    memcpy(&a, rec, 8)
    memcpy(&b, rec + 8, 8)
    t = ((Lw[0] | H) - (a & M) - ONE) | ((Lw[1] | H) - (b & M) - ONE)
    if n == 5:  # (bytes 16 and 17: 16-tile hands; the other lanes 0 on both sides)
        a = 0
        memcpy(&a, rec + 16, 2)
        t |= (Lw[2] | H) - (a & M) - ONE
    return (t & H) != 0


cdef uint64_t _std_filter(const uint8_t* c, int n, int w, const KRules* r, int em, int eu, int shk,
                          StdCtx* x, uint64_t ask, uint64_t* sure=NULL) noexcept nogil:
    """The kinds of ``ask`` (held fewer than four times) whose draw may
    bring the standard form of ``c`` (fast rules; ``em``, ``eu`` as
    _std_draws) to at most ``shk`` draws: exactly those without wilds, a
    superset with wilds.  A draw into part q changes part q only: the other
    parts' products give the limits of part q's deficits (_part_limits) and
    each drawn kind's deficits come from one rank step of the part.  With
    ``x`` (on, and ``c`` its prepared discard's hand) the products are its
    ``H``, and the rank steps of the parts but ``x.hp`` are kept in it; else
    they are made here.

    ``sure`` (with wilds, when every fresh unit may be wilds whichever kind
    is drawn: _sure_fresh; with ``x`` only when wilds may enter every part):
    also the kinds of the answer whose upper bound (the four-copy limit
    kept, as _std_draws' hi) is within ``shk``, which _std_draws then
    counts within ``shk`` too."""
    cdef int16_t A[2][16]
    cdef int16_t B[2][16]
    cdef int16_t A0[2][16]
    cdef int16_t B0[2][16]
    cdef int q, t, i, j, pt, ofs, g, qwild, u, bused
    cdef int pair_any = r.pair_mask != 0
    cdef int lim[2][6]
    cdef int limh[2][6]
    cdef uint64_t Lw[3]
    cdef uint64_t Lh[3]
    cdef int du
    cdef uint32_t nb[9]
    cdef uint32_t* nbp
    cdef const Part* P
    cdef const uint8_t* rec
    cdef uint64_t out = 0, hi = 0, part_ask, bit
    for q in range(5):
        ofs = PART_OFS[q]
        part_ask = (ask >> ofs) & ((<uint64_t>1 << PART_LEN[q]) - 1)
        if not part_ask:
            continue
        qwild = w == 0 or r.part_wild[q] == 1
        pt = _pt(r, q)
        if x != NULL:
            _part_limits(x.H[1 if w else 0][q], NULL, 1, n, w, shk, em, eu, pt, pair_any, lim)
            if sure != NULL:
                _part_limits(x.H[0][q], NULL, 1, n, w, shk, em, eu, pt, pair_any, limh)
        else:
            for i in range(16):
                A[0][i] = BIG16
                A[1][i] = BIG16
            A[0][8] = 0
            memcpy(B, A, sizeof(A))
            memcpy(A0, A, sizeof(A))
            memcpy(B0, A, sizeof(A))
            bused = 0
            for t in range(5):
                if t == q:
                    continue
                g = w == 0 or r.part_wild[t] == 1
                u = w != 0 and r.part_wild[t] == 1
                if g == qwild:
                    _part_apply(A[0], A[1], c, t, r, n, u)
                    if sure != NULL:
                        _part_apply(A0[0], A0[1], c, t, r, n, 0)
                elif _part_sum(c, t):
                    bused = 1
                    _part_apply(B[0], B[1], c, t, r, n, u)
                    if sure != NULL:
                        _part_apply(B0[0], B0[1], c, t, r, n, 0)
            _part_limits(A, B if (bused or not qwild) else NULL, qwild, n, w, shk, em, eu, pt,
                         pair_any, lim)
            if sure != NULL:
                _part_limits(A0, B0 if (bused or not qwild) else NULL, qwild, n, w, shk, em, eu, pt,
                             pair_any, limh, 1)
        P = PARTS[r.honor_chows][q]
        if x != NULL and q != x.hp:
            # (part q is the prepared hand's: its steps are kept)
            nbp = x.nb[q]
            if not x.nbok[q]:
                _rank_step(P, c + ofs, 1, nbp)
                x.nbok[q] = 1
        else:
            nbp = nb
            _rank_step(P, c + ofs, 1, nbp)
        # the limits as bytes beside the record's (_lim_words): one word
        # test per drawn kind instead of a loop over the set counts
        _lim_words(lim, n, pt, Lw)
        if sure != NULL:
            _lim_words(limh, n, pt, Lh)
        du = OFF_DU if (w and r.part_wild[q] == 1) else 0
        for i in range(PART_LEN[q]):
            j = ofs + i
            if not (part_ask >> i) & 1 or c[j] >= 4:
                continue
            rec = P.tab + <size_t>nbp[i] * REC
            if _rec_within(rec + du, n, Lw):
                bit = (<uint64_t>1) << j
                out |= bit
                if sure != NULL and _rec_within(rec, n, Lh):
                    hi |= bit
    if sure != NULL:
        sure[0] = hi
    return out


cdef inline int _sure_fresh(const uint8_t* c, int n, int w, int eu, int shk, const KRules* r) noexcept nogil:
    """Whether _std_filter may fill ``sure`` for ``c`` (n sets to make,
    ``eu`` drawn extra slots; fast rules): every fresh unit may be
    wilds whichever kind is drawn (n + 2 free wild kinds, two of them
    pairs), so that _std_draws' upper bound is U + max(0, M + fresh - w),
    which _part_limits' exact limits check."""
    cdef int fm, fmp
    if not w or not r.pair_mask or eu > shk:
        return 0
    _free_wild_kinds(c, r, &fm, &fmp)
    return fm >= n + 2 and fmp >= 2


cdef uint64_t _std_improving(uint8_t* h, int wilds, const KRules* r, int shk, StdCtx* x, int pk,
                             int n) noexcept nogil:
    """The kinds whose draw brings the standard form of ``h`` (the prepared
    discard's hand of ``x``, less a tile of part ``pk``; fast rules) to at
    most ``shk`` draws: _std_filter's answer, each kind of it asked exactly
    (_lowers) when there are wilds, but for those whose upper bound is
    within ``shk`` already (_std_filter with ``upper``, when ``x`` is on
    and every fresh unit may be wilds whichever kind is drawn: at least
    n + 2 wild kinds not held, two of them allowed as the pair)."""
    cdef int j, fp
    cdef uint64_t ALL = ((<uint64_t>1) << 34) - 1, fresh = 0, cls
    cdef uint64_t out = 0, cand
    cand = _std_filter(h, n, wilds, r, 0, 0, shk, x if x.on else NULL, ALL,
                       &out if _sure_fresh(h, n, wilds, 0, shk, r) else NULL)
    if not wilds:
        return cand
    cand &= ~out
    if not r.honor_chows and r.wild_mask == ALL:
        # the kinds with no held tile within two answer in two classes, as
        # in _improving
        fresh = ALL & ~_near_mask(h)
        for fp in range(2):
            cls = fresh & (r.pair_mask if fp else ~r.pair_mask)
            if cls & cand and _lowers(h, _lowest_bit(cls & cand), wilds, r, F_STANDARD, n, shk, x, pk):
                out |= cls
        cand &= ~fresh
    while cand:
        j = _lowest_bit(cand)
        cand &= cand - 1
        if _lowers(h, j, wilds, r, F_STANDARD, n, shk, x, pk):
            out |= (<uint64_t>1) << j
    return out


cdef uint64_t _improving(uint8_t* h, int wilds, const KRules* r, int shk, StdCtx* x, int pk,
                         const FormDraws* fd) noexcept nogil:
    """The kinds whose draw lowers the shanten ``shk`` of the 3n+1 hand
    ``h`` (restored on return).

    Kinds a form cannot tell apart are asked once: for the standard form
    (no honour chows; without wilds, or wilds that may be any kind), every
    kind that is not held and has no held tile within two in its suit is
    "fresh": drawn, it can only start a set or a pair of fresh tiles, which
    costs the same whichever fresh kind it is (a best target using one
    fresh kind's unit, all of whose tiles are missing, may swap that unit
    for a pung, or the pair, of another fresh kind at the same cost), so
    one fresh kind whose pair is allowed and one whose pair is not answer
    for all; for seven pairs, every kind not held (with wilds, split
    by the wild mask); for the thirteen orphans, only terminals and honours
    can help (with wilds too).  全不靠 and 七星不靠 count each draw from
    per-knitting counts taken once (_knitted_improving).  Each form's draws
    of ``h`` come from ``fd`` (_shanten_near's answers) unless it only
    bounds them at shk + 1."""
    cdef int f, d, n, j, fp
    cdef int st[4]
    cdef uint64_t out = 0, ALL = ((<uint64_t>1) << 34) - 1, ask, fresh, cls
    if shk == 0:
        # ready: the improving tiles are exactly the waits
        return k_waits(h, wilds, r)
    n = _hand_n(h, wilds)
    _std_discard(x, h, pk, r)
    for f in range(NFORMS):
        # one more tile lowers a form's shanten by one at most: only the
        # forms at this shanten can improve on it
        d = fd.d[f]
        if d >= fd.b[f]:
            # at least b[f], which is at least shk + 1 (the best form's)
            if fd.b[f] > shk + 1:
                continue
            d = _form_draws_near(h, wilds, r, f, n, x, pk, pk, shk + 2)
        if not (0 <= d < BIG and d - 1 == shk):
            continue
        if (f == F_KNITTED or f == F_GREATER_KNITTED) and n == 4:
            out |= _knitted_improving(h, wilds, r, f, shk)
            continue
        if f == F_KNITTED_STRAIGHT:
            # (each knitting's draws known when the form's were: fd.kd)
            out |= _ks_improving(h, n, wilds, r, shk, fd.kd if fd.d[f] < fd.b[f] else NULL)
            continue
        if f == F_STANDARD and r.fast and (not (wilds and x.on) or _sure_fresh(h, n, wilds, 0, shk, r)):
            # (wilds that may be any kind but too few free wild kinds: the
            # near kinds and two fresh classes below ask fewer exact
            # questions than the filter's)
            out |= _std_improving(h, wilds, r, shk, x, pk, n)
            continue
        ask = ALL
        fresh = 0
        if f == F_STANDARD and not r.honor_chows and (wilds == 0 or r.wild_mask == ALL):
            ask = _near_mask(h)
            fresh = ALL & ~ask
        elif f == F_ORPHANS:
            ask = ORPHAN_MASK
        elif f == F_SEVEN_PAIRS:
            ask = _held_mask(h)
            fresh = ALL & ~ask
        ask &= ~out
        if f == F_SEVEN_PAIRS or f == F_ORPHANS:
            # counts of ``h`` once, each draw moves one kind's share
            if f == F_SEVEN_PAIRS:
                _pairs_counts(h, r, st)
            else:
                _orph_counts(h, r, st)
            for j in range(34):
                if (ask >> j) & 1 and h[j] < 4 and _counts_lower(st, h[j], j, wilds, r, f, shk):
                    out |= (<uint64_t>1) << j
            for fp in range(2):
                # every kind not held, in classes that draw alike (with
                # wilds: a kind not held counts by its wild bit alone)
                if f == F_ORPHANS:
                    break
                cls = fresh & (r.wild_mask if fp else ~r.wild_mask) if wilds else (fresh if fp else 0)
                cls &= ~out
                if cls and _counts_lower(st, 0, _lowest_bit(cls), wilds, r, f, shk):
                    out |= cls
            continue
        for j in range(34):
            if (ask >> j) & 1 and h[j] < 4 and _lowers(h, j, wilds, r, f, n, shk, x, pk):
                out |= (<uint64_t>1) << j
        for fp in range(2):
            # the fresh kinds, in classes that draw alike (seven pairs with
            # wilds: a kind not held counts by its wild bit alone)
            if f == F_STANDARD:
                cls = fresh & (r.pair_mask if fp else ~r.pair_mask)
            elif wilds:
                cls = fresh & (r.wild_mask if fp else ~r.wild_mask)
            else:
                cls = fresh if fp else 0
            cls &= ~out
            if cls and _lowers(h, _lowest_bit(cls), wilds, r, f, n, shk, x, pk):
                out |= cls
    x.hp = -1  # H holds this discard only
    return out


cdef int _discard_shanten(uint8_t* h, int wilds, const KRules* r, StdCtx* sx, int* sh,
                          FormDraws* fd, bint lowest=False) noexcept nogil:
    """Prepare ``sx`` for the 3n+2 hand ``h``, fill ``sh[k]`` with the
    shanten left by discarding each held kind ``k`` (and ``fd[k]`` with its
    forms' draws); the lowest of them.  With ``lowest`` only the discards
    at the lowest shanten are exact: one above the lowest so far is any
    value above it (its forms asked below the lowest + 1 draws)."""
    cdef int k, best = BIG
    _std_prepare(sx, h, wilds, r, _hand_n(h, wilds))
    for k in range(34):
        if not h[k]:
            continue
        h[k] -= 1
        sh[k] = _shanten_near(h, wilds, r, sx, k, &fd[k], best + 2 if lowest and best < BIG else BIG)
        h[k] += 1
        if sh[k] < best:
            best = sh[k]
    return best


cdef enum:
    MEMO_SLOTS = 64     # ImprovingMemo's slots (a power of two)
    MEMO_SHIFT = 58     # 64 - log2(MEMO_SLOTS): a hash's top bits pick the slot


cdef struct MemoSlot:
    uint64_t key[8]     # _memo_key: the hand, wilds, shanten and rules asked
    uint64_t mask       # their improving kinds


cdef struct MemoTable:
    MemoSlot slots[MEMO_SLOTS]
    uint64_t hits, misses


cdef inline void _memo_key(uint64_t* key, const uint8_t* h, int wilds, const KRules* r,
                           int shk) noexcept nogil:
    """The 64 bytes a question of _improving is known by: the 34 counts,
    the wilds, the shanten, the rules (their given fields: the derived ones
    follow from them) and a byte that is never 0 (an empty slot's is)."""
    cdef uint8_t* b = <uint8_t*>key
    memset(key, 0, 64)
    memcpy(b, h, 34)
    b[34] = <uint8_t>wilds
    b[35] = <uint8_t>shk
    b[36] = 1 | (2 if r.honor_chows else 0) | (4 if r.distinct_pairs else 0)
    memcpy(b + 40, &r.forms, 4)
    key[6] = r.wild_mask
    key[7] = r.pair_mask


cdef uint64_t _improving_memo(MemoTable* t, uint8_t* h, int wilds, const KRules* r, int shk, StdCtx* x,
                              int pk, const FormDraws* fd) noexcept nogil:
    """_improving, answered from ``t`` when it holds the same question (a
    slot per hash: a question asked since in the same slot replaces it)."""
    cdef uint64_t key[8]
    cdef uint64_t v = 0
    cdef int i
    cdef MemoSlot* slot
    if t == NULL:
        return _improving(h, wilds, r, shk, x, pk, fd)
    _memo_key(key, h, wilds, r, shk)
    for i in range(8):
        v = (v ^ key[i]) * <uint64_t>0x9E3779B97F4A7C15ULL
        v ^= v >> 29
    slot = &t.slots[(v * <uint64_t>0x9E3779B97F4A7C15ULL) >> MEMO_SHIFT]
    if memcmp(slot.key, key, 64) == 0:
        t.hits += 1
        return slot.mask
    t.misses += 1
    slot.mask = _improving(h, wilds, r, shk, x, pk, fd)
    memcpy(slot.key, key, 64)
    return slot.mask


cdef class ImprovingMemo:
    """The improving kinds of the last 3n+1 hands :func:`discard_choice_buf`
    asked about (64 slots), for one player: its hand after a discard is
    often its hand again after the next draw and discard (the drawn tile
    goes), and the answer is then read, not worked out.  The answers are the
    kernel's own, so the choices are the same with a memo or without.

    Not shared between threads: give each player (each thread) its own.
    ``hits`` and ``misses`` count the questions answered from it and not."""

    cdef MemoTable* t

    def __cinit__(self) -> None:
        self.t = <MemoTable*>calloc(1, sizeof(MemoTable))
        if self.t == NULL:
            raise MemoryError("ImprovingMemo")

    def __dealloc__(self) -> None:
        free(self.t)

    @property
    def hits(self) -> int:
        return self.t.hits

    @property
    def misses(self) -> int:
        return self.t.misses

    def clear(self) -> None:
        """Forget every answer (and zero the counts)."""
        memset(self.t, 0, sizeof(MemoTable))

    def __reduce__(self) -> tuple:
        # (a copy, a pickle: an empty memo; the answers are worked out again)
        return (ImprovingMemo, ())


def discard_options(tiles, int wilds=0, rules=None, bint best_only=False) -> list:
    """[(kind, shanten after discarding it, mask of kinds that would lower it)]
    for each distinct kind held in a 3n+2 hand.  With ``best_only`` the masks
    are computed only for the discards of lowest shanten (others get 0)."""
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    cdef uint8_t h[34]
    cdef StdCtx sx
    cdef FormDraws fd[34]
    cdef int sh[34]
    cdef uint64_t masks[34]
    cdef int k, best
    _check(c, wilds, 2, "discard_options")
    memcpy(h, c.c, 34)
    with nogil:
        best = _discard_shanten(h, wilds, &r.r, &sx, sh, fd)
        for k in range(34):
            masks[k] = 0
            if not h[k] or (best_only and sh[k] != best):
                continue
            h[k] -= 1
            masks[k] = _improving(h, wilds, &r.r, sh[k], &sx, _part_of(k), &fd[k])
            h[k] += 1
    return [(k, sh[k], masks[k]) for k in range(34) if h[k]]


def discard_table(tiles, int wilds, rules, object seen, type row) -> tuple:
    """Every distinct discard of a 3n+2 hand as ``row(kind, shanten,
    improving kinds, unseen)``, best first (lowest shanten, most unseen,
    lowest kind): the improving kinds lower the shanten left by the discard;
    ``unseen`` counts their copies neither in the hand after the discard,
    nor in ``seen`` (34 counts of tiles seen elsewhere), nor the discarded
    tile.  ``row`` is a tuple subclass of four fields and no others (a named
    tuple): each row is made as it makes its instances (its allocator, then
    the four items), not through a Python-level constructor per row."""
    if row.__basicsize__ != tuple.__basicsize__ or not issubclass(row, tuple):
        raise TypeError(f"discard_table: row must be a tuple subclass with no fields of its own, got {row!r}")
    cdef Counts c = _as_counts(tiles)
    cdef KernelRules r = _as_rules(rules)
    cdef uint8_t h[34]
    cdef int sn[34]
    cdef StdCtx sx
    cdef FormDraws fd[34]
    cdef int sh[34]
    cdef int un[34]
    cdef int order[34]
    cdef uint64_t masks[34]
    cdef int k, j, i, nk = 0, left
    _check(c, wilds, 2, "discard_options")
    for k in range(34):
        sn[k] = seen[k]
    memcpy(h, c.c, 34)
    with nogil:
        _discard_shanten(h, wilds, &r.r, &sx, sh, fd)
        for k in range(34):
            if not h[k]:
                continue
            h[k] -= 1
            masks[k] = _improving(h, wilds, &r.r, sh[k], &sx, _part_of(k), &fd[k])
            un[k] = 0
            for j in range(34):
                if (masks[k] >> j) & 1:
                    # (the tile just discarded is seen by everyone: not unseen)
                    left = 4 - h[j] - sn[j] - (j == k)
                    if left > 0:
                        un[k] += left
            h[k] += 1
            # insertion by (shanten, -unseen, kind)
            i = nk
            while i > 0 and (sh[order[i - 1]] > sh[k] or (sh[order[i - 1]] == sh[k] and un[order[i - 1]] < un[k])):
                order[i] = order[i - 1]
                i -= 1
            order[i] = k
            nk += 1
    cdef tuple out = PyTuple_New(nk)
    cdef object one
    for i in range(nk):
        k = order[i]
        one = _alloc_row(row)
        _put(one, 0, k)
        _put(one, 1, sh[k])
        _put(one, 2, _kinds_tuple(masks[k]))
        _put(one, 3, un[k])
        _put(out, i, one)
    return out


cdef inline void _put(object t, Py_ssize_t i, object v) noexcept:
    """Item ``i`` of the new tuple ``t`` (still empty there) is ``v``:
    PyTuple_SET_ITEM steals a reference, so one is taken first."""
    Py_INCREF(v)
    PyTuple_SET_ITEM(t, i, v)


cdef inline void _put_list(object t, Py_ssize_t i, object v) noexcept:
    """Item ``i`` of the new list ``t`` (still empty there) is ``v`` (a
    reference taken first, as for :func:`_put`)."""
    Py_INCREF(v)
    PyList_SET_ITEM(t, i, v)


cdef tuple _KIND_INTS = tuple(range(34))


cdef tuple _kinds_tuple(uint64_t mask):
    """The kinds of a 34-bit mask, ascending, as a tuple of ints (built
    in place: no list, no loop over the 34 kinds)."""
    cdef int i = 0, j
    cdef uint64_t x = mask
    cdef tuple out = PyTuple_New(_popcount(mask))
    while x:
        j = _lowest_bit(x)
        x &= x - 1
        _put(out, i, _KIND_INTS[j])
        i += 1
    return out


def discard_choice_buf(object buf, int wilds, rules, object seen, uint64_t keep=0,
                       object costs=None, ImprovingMemo memo=None) -> int:
    """The discard advice of a 3n+2 hand in one call: the kind whose discard
    leaves the lowest shanten (plus ``costs[kind]`` when given: a rule set's
    price of giving that kind up, counted as shanten), then the most unseen
    tiles that would lower it (``4 - seen[kind]`` for each improving kind;
    ``seen`` counts what the seat can see, its own hand included), then the
    lowest kind.  ``keep`` is a mask of kinds to hold on to: the others go
    first while any is held.  Improving tiles are counted only for discards
    at the hand's lowest shanten without costs (as with ``best_only``).
    ``memo`` (an :class:`ImprovingMemo`, one per player) keeps the improving
    kinds of the hands asked about, for the next calls.  ``costs`` has 34
    values (bytes are read in place, the cheapest); another length raises
    :class:`InvalidHandError`."""
    cdef uint8_t h[34]
    cdef uint8_t sn[34]
    cdef int cost[34]
    cdef StdCtx sx
    cdef const uint8_t* cb
    cdef FormDraws fd[34]
    cdef int sh[34]
    cdef int k, j, best, low = 2147483647, unseen, choice = -1, best_unseen = -1
    cdef uint64_t held, cand, m, top = 0
    _load34(buf, h)
    _load34(seen, sn)
    cdef KernelRules r = _as_rules(rules)
    _check_buf(h, wilds, 2)
    for k in range(34):
        cost[k] = 0
    if costs is not None:
        if len(costs) != 34:
            raise InvalidHandError(f"discard costs have 34 entries (one per kind), got {len(costs)}")
        if type(costs) is bytes:
            # (a rule set's costs kept as bytes: read in place, not as 34
            # items)
            cb = <const uint8_t*>PyBytes_AS_STRING(costs)
            for k in range(34):
                cost[k] = cb[k]
        else:
            for k in range(34):
                cost[k] = costs[k]
    held = _held_mask(h)
    # without costs or kinds to keep, only the discards at the lowest
    # shanten can be chosen: the others need not be exact
    cdef bint lowest = costs is None and not (held & keep)
    cdef MemoTable* mt = memo.t if memo is not None else NULL
    with nogil:
        best = _discard_shanten(h, wilds, &r.r, &sx, sh, fd, lowest)
        cand = held & ~keep
        if not cand:
            cand = held
        for k in range(34):
            if (cand >> k) & 1 and sh[k] + cost[k] < low:
                low = sh[k] + cost[k]
        for k in range(34):
            if (cand >> k) & 1 and sh[k] + cost[k] == low:
                top |= (<uint64_t>1) << k
        if top and not (top & (top - 1)):
            # one discard at the lowest: the tiles that would improve it
            # cannot change the choice
            cand = 0
            choice = _lowest_bit(top)
        for k in range(34):
            if not (cand >> k) & 1 or sh[k] + cost[k] != low:
                continue
            unseen = 0
            if sh[k] == best:
                h[k] -= 1
                m = _improving_memo(mt, h, wilds, &r.r, sh[k], &sx, _part_of(k), &fd[k])
                h[k] += 1
                while m:  # (the improving kinds only: a few of the 34)
                    j = _lowest_bit(m)
                    m &= m - 1
                    if sn[j] < 4:
                        unseen += 4 - sn[j]
            if unseen > best_unseen:
                best_unseen = unseen
                choice = k
    return choice


cdef extern from *:
    """
    #ifndef MAHJONG_CYTHON_VERSION
    #define MAHJONG_CYTHON_VERSION "unknown"
    #endif
    #ifndef MAHJONG_DEBUG
    #define MAHJONG_DEBUG 0
    #endif
    #ifndef MAHJONG_CFLAGS
    #define MAHJONG_CFLAGS ""
    #endif
    """
    const char* MAHJONG_CYTHON_VERSION
    const char* MAHJONG_CFLAGS
    int MAHJONG_DEBUG

__build_info__ = {
    "cython": MAHJONG_CYTHON_VERSION.decode(),
    "cflags": MAHJONG_CFLAGS.decode(),
    "debug_checks": bool(MAHJONG_DEBUG),
}
"""What the kernels were built with (benchmarks record it)."""


# ---------------------------------------------------------------------------
# Buffer entry points for the engine: counts in a bytes-like object (the
# engine keeps hands in bytearrays), checked cheaply in C.
# ---------------------------------------------------------------------------

cdef int _load34(object buf, uint8_t* out) except -1:
    """Copy the 34 counts of ``buf`` into ``out``: a bytearray (the engine's
    hands) or bytes (a rule set's kept counts) directly, anything else
    through a typed memoryview."""
    cdef const uint8_t[::1] view
    if type(buf) is bytearray and PyByteArray_GET_SIZE(buf) == 34:
        memcpy(out, PyByteArray_AS_STRING(buf), 34)
        return 0
    if type(buf) is bytes and PyBytes_GET_SIZE(buf) == 34:
        memcpy(out, PyBytes_AS_STRING(buf), 34)
        return 0
    view = buf
    if view.shape[0] != 34:
        raise InvalidHandError(f"a count buffer has 34 entries, got {view.shape[0]}")
    memcpy(out, &view[0], 34)
    return 0


cdef int _check_buf(const uint8_t* buf, int wilds, int mod) except -1:
    # Eight counts at a time: a byte above 4 sets its top bit in ``over``
    # (bit 7 apart, a byte plus 123 carries into bit 7 from 5 on, never
    # into the next byte); the product by 0x0101... adds a word's eight
    # bytes into its top byte (at most 32 when none is above 4).
    cdef uint64_t x, over = 0
    cdef int k, T = wilds
    if not _ready:
        ensure_tables()
    for k in range(0, 32, 8):
        memcpy(&x, buf + k, 8)
        over |= x | ((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7B7B7B7B7B7B7B7BULL)
        T += <int>((x * 0x0101010101010101ULL) >> 56)
    if (over & 0x8080808080808080ULL) or buf[32] > 4 or buf[33] > 4:
        for k in range(34):
            if buf[k] > 4:
                raise InvalidHandError(f"count of kind {k} is {buf[k]}, more than 4")
    T += buf[32] + buf[33]
    if wilds < 0 or T > MAXT or (mod and T % 3 != mod) or (not mod and T % 3 == 0):
        raise InvalidHandError(f"{T} tiles (wilds included) do not fit this call")
    return 0


def is_win_buf(object buf, int wilds, rules) -> bool:
    """:func:`is_win` over a 34-byte buffer (the engine's hands)."""
    cdef uint8_t c[34]
    _load34(buf, c)
    cdef KernelRules r = _as_rules(rules)
    _check_buf(c, wilds, 2)
    return k_is_win(c, wilds, &r.r) != 0


def waits_mask_buf(object buf, int wilds, rules) -> int:
    """:func:`waits_mask` over a 34-byte buffer."""
    cdef uint8_t c[34]
    _load34(buf, c)
    cdef KernelRules r = _as_rules(rules)
    _check_buf(c, wilds, 1)
    return k_waits(c, wilds, &r.r)


def shanten_buf(object buf, int wilds, rules) -> int:
    """:func:`shanten` over a 34-byte buffer."""
    cdef uint8_t c[34]
    _load34(buf, c)
    cdef KernelRules r = _as_rules(rules)
    _check_buf(c, wilds, 0)
    cdef int v = k_shanten(c, wilds, &r.r)
    if v >= BIG - 1:
        raise InvalidHandError("shanten: no allowed form applies")
    return v


def held_kinds(object buf) -> list:
    """The kinds with a nonzero count in a 34-byte buffer, ascending."""
    cdef uint8_t c[34]
    _load34(buf, c)
    cdef Py_ssize_t k, n = 0
    for k in range(34):
        n += c[k] != 0
    cdef list out = PyList_New(n)  # (filled in place: no appends)
    n = 0
    for k in range(34):
        if c[k]:
            _put_list(out, n, _KIND_INTS[k])
            n += 1
    return out


def counts_notation(object buf) -> str:
    """The compact notation of a 34-byte count buffer (what
    ``Counts(buf).notation()`` gives, without making the Counts)."""
    cdef uint8_t c[34]
    _load34(buf, c)
    return _notation34(c)


# ---------------------------------------------------------------------------
# Shanten joined from the parts' block values (rule sets with sets of their own)
# ---------------------------------------------------------------------------
#
# A rule set whose sets are not chows and pungs (洛书: three tiles of a suit
# summing to 15) reads a hand in parts and hands over each part's *block
# values*: v[q * 5 + u] (u = 0..4, q = 0..1), the most points the part's
# tiles make in at most u blocks, a set 2 points and a partial set (two
# tiles of a set) 1, the part holding the pair (q = 1, one point more) or
# not (q = 0); NO_VALUE throughout a half where no reading holds the pair.
# The hand's shanten is 2·sets less the best join: at most ``sets`` blocks
# over all parts, at most one pair (and -1 at least: a join worth more
# than a complete hand's 2·sets + 1 counts as complete); the same count as
# the standard shanten's 8 − 2·sets − partial sets − pair.  :class:`SuitSets` works out
# a suit's values from a table of its sets; :func:`parts_discard_needs`
# joins values a rule set worked out itself.

cdef enum:
    NO_VALUE = 255
    VSLOTS = 10         # block values of one part: 2 (pair or not) × 5 (blocks 0..4)
    MAXPARTS = 34
    MAXTRIPLES = 165    # every multiset of three numbers 1..9


# VNONE: a block value no reading reaches, in the int vectors the joins
# use: far enough below zero that a sum holding one stays negative (at most
# 34 parts of at most 9 points each), so the joins take plain maxima.
cdef enum:
    VNONE = -1024


cdef inline void _vjoin(const int* a, const int* b, int* out) noexcept nogil:
    """``out`` = the max-plus join of two block-value vectors (VNONE or
    below: none), at most four blocks and one pair."""
    cdef int u1, u2, a0, a1, x
    for x in range(VSLOTS):
        out[x] = VNONE
    for u1 in range(5):
        a0 = a[u1]
        a1 = a[5 + u1]
        for u2 in range(5 - u1):
            x = a0 + b[u2]
            if x > out[u1 + u2]:
                out[u1 + u2] = x
            x = a0 + b[5 + u2]
            if a1 + b[u2] > x:
                x = a1 + b[u2]
            if x > out[5 + u1 + u2]:
                out[5 + u1 + u2] = x


cdef inline int _vbest(const int* a, const int* b, int sets) noexcept nogil:
    """The best total of two block-value vectors joined, at most ``sets``
    blocks and one pair (negative: none)."""
    cdef int u, x, best = VNONE
    for u in range(sets + 1):
        x = a[u] + b[sets - u]
        if x > best:
            best = x
        x = a[u] + b[5 + sets - u]
        if x > best:
            best = x
        x = a[5 + u] + b[sets - u]
        if x > best:
            best = x
    return best


cdef inline void _vload(const uint8_t* d, int* out) noexcept nogil:
    cdef int x
    for x in range(VSLOTS):
        out[x] = VNONE if d[x] == NO_VALUE else d[x]


cdef inline bint _vzero(const int* v) noexcept nogil:
    """Whether a block-value vector is the empty join (the values of no
    tiles: 0 points in any blocks, no pair): joining it changes nothing."""
    cdef int x
    for x in range(5):
        if v[x] != 0 or v[5 + x] >= 0:
            return False
    return True


cdef inline int _short_of(int best, int sets) noexcept nogil:
    """The shanten of a join worth ``best`` points: 2·sets less them, -1 at
    least (more points than a complete hand: complete); -99 for no join."""
    if best < 0:
        return -99
    if best > 2 * sets + 1:
        best = 2 * sets + 1
    return 2 * sets - best


cdef int _join_shanten(int n, const uint8_t** held, int sets) noexcept nogil:
    """2·sets less the best join of the parts as held (-99: none)."""
    cdef int acc[VSLOTS]
    cdef int v[VSLOTS]
    cdef int tmp[VSLOTS]
    cdef int p
    _vload(held[0], acc)
    for p in range(1, n):
        _vload(held[p], v)
        _vjoin(acc, v, tmp)
        memcpy(acc, tmp, sizeof(tmp))
    return _short_of(acc[5 + sets] if acc[5 + sets] > acc[sets] else acc[sets], sets)


cdef void _join_needs(int n, const int* nk, const uint8_t** held, const uint8_t** less,
                      int sets, uint8_t* out) noexcept nogil:
    """``out[kind]``: 2·sets + 1 less the best join after one tile of the
    kind goes (``less[kind]``, its part's values then; NULL: not held, out
    NO_VALUE).  The others' join is made once per part with a held kind,
    from prefix and suffix joins; a part of no tiles (_vzero) is left out
    of them (it joins as the empty join)."""
    cdef int hv[MAXPARTS][VSLOTS]
    cdef int pre[MAXPARTS + 1][VSLOTS]
    cdef int suf[MAXPARTS + 1][VSLOTS]
    cdef int others[VSLOTS]
    cdef int v[VSLOTS]
    cdef int p, i, x, kind = 0, sh, first
    cdef bint zero[MAXPARTS]
    cdef bint any_held
    for p in range(n):
        _vload(held[p], hv[p])
        zero[p] = _vzero(hv[p])
    # the join of no part: zero blocks, no pair, no points
    for x in range(VSLOTS):
        pre[0][x] = 0 if x < 5 else VNONE
    memcpy(suf[n], pre[0], sizeof(pre[0]))
    for p in range(n):
        if zero[p]:
            memcpy(pre[p + 1], pre[p], sizeof(pre[0]))
        else:
            _vjoin(pre[p], hv[p], pre[p + 1])
    for p in range(n - 1, -1, -1):
        if zero[p]:
            memcpy(suf[p], suf[p + 1], sizeof(suf[0]))
        else:
            _vjoin(hv[p], suf[p + 1], suf[p])
    for p in range(n):
        first = kind
        any_held = False
        for i in range(nk[p]):
            if less[kind] == NULL:
                out[kind] = NO_VALUE
            else:
                any_held = True
            kind += 1
        if not any_held:
            continue
        # (the empty join on either side: the other side is the others')
        if _vzero(pre[p]):
            memcpy(others, suf[p + 1], sizeof(others))
        elif _vzero(suf[p + 1]):
            memcpy(others, pre[p], sizeof(others))
        else:
            _vjoin(pre[p], suf[p + 1], others)
        for i in range(first, kind):
            if less[i] != NULL:
                _vload(less[i], v)
                sh = _short_of(_vbest(v, others, sets), sets)
                out[i] = NO_VALUE if sh == -99 else sh + 1


cdef int _check_values(const uint8_t* d, Py_ssize_t size, str where) except -1:
    """Each half of five is points 0..9 that never fall as the blocks grow
    (at most u blocks), or 255 throughout."""
    cdef Py_ssize_t i, j
    for i in range(0, size, 5):
        for j in range(i, i + 5):
            if d[j] > 9 and (d[j] != NO_VALUE or (j > i and d[j - 1] != NO_VALUE)):
                raise InvalidHandError(f"block values: {where} byte {j} is {d[j]}, not 0..9 (255: none)")
            if j > i and d[j] < d[j - 1]:
                raise InvalidHandError(f"block values: {where} byte {j} is {d[j]}, below byte {j - 1}'s {d[j - 1]}")
    return 0


cdef int _load_parts(object rows, const uint8_t** held, const uint8_t** less, int* nkinds, int sets) except -1:
    """The parts' rows (validated): each part's values as held, each kind's
    less one tile (NULL: not held) and the parts' kind counts; the number
    of parts."""
    cdef int n, p, total = 0, i
    cdef Py_ssize_t size
    cdef const uint8_t* d
    cdef object row
    if not 0 <= sets <= 4:
        raise InvalidHandError(f"block values: sets must be 0..4, got {sets}")
    if type(rows) is not tuple:
        rows = tuple(rows)
    n = <int>len(<tuple>rows)
    if not 1 <= n <= MAXPARTS:
        raise InvalidHandError(f"block values: 1..{MAXPARTS} parts, got {n}")
    for p in range(n):
        row = (<tuple>rows)[p]
        if type(row) is not bytes:
            raise InvalidHandError(f"block values: part {p} is {type(row).__name__}, not bytes")
        size = len(<bytes>row)
        if size < 2 * VSLOTS or size % VSLOTS:
            raise InvalidHandError(f"block values: part {p} has {size} bytes, not 10 × (1 + its kinds)")
        d = <const uint8_t*><char*><bytes>row
        _check_values(d, size, f"part {p}")
        nkinds[p] = <int>(size // VSLOTS) - 1
        if total + nkinds[p] > 34:
            raise InvalidHandError(f"block values: the parts cover more than 34 kinds")
        held[p] = d
        for i in range(nkinds[p]):
            less[total + i] = NULL if d[VSLOTS * (1 + i)] == NO_VALUE else d + VSLOTS * (1 + i)
        total += nkinds[p]
    if total != 34:
        raise InvalidHandError(f"block values: the parts cover {total} kinds, not 34")
    return n


def parts_shanten(rows, int sets) -> int:
    """The shanten of a hand from its parts' block values (see the section
    above; ``rows`` as for :func:`parts_discard_needs`, only each part's
    first ten bytes, the part as held, are read)."""
    cdef const uint8_t* held[MAXPARTS]
    cdef const uint8_t* less[34]
    cdef int nk[MAXPARTS]
    cdef int n = _load_parts(rows, held, less, nk, sets)
    cdef int sh = _join_shanten(n, held, sets)
    if sh == -99:
        raise InvalidHandError("block values: no part reads as zero blocks")
    return sh


def parts_discard_needs(rows, int sets) -> bytes:
    """What a hand read in parts by a rule set needs after discarding each
    kind: 34 bytes, the tiles it then lacks to be complete (shanten + 1, so
    0 is a complete hand and a byte holds every answer), 255 for a kind the
    rows mark as not held.

    ``rows[p]`` is part ``p``'s bytes: ten block values (see the section
    above) of the part as held, then ten for the part less one tile of each
    of its kinds in turn (all ``NO_VALUE`` = 255 when the kind is not held).
    The parts cover the 34 kinds in order (part 0 the first kinds, and so
    on), so their kinds add up to 34."""
    cdef const uint8_t* held[MAXPARTS]
    cdef const uint8_t* less[34]
    cdef int nk[MAXPARTS]
    cdef uint8_t out[34]
    cdef int n = _load_parts(rows, held, less, nk, sets)
    with nogil:
        _join_needs(n, nk, held, less, sets, out)
    return bytes(out[:34])


cdef inline void _raise(int* acc, const uint8_t* sub, int points) noexcept nogil:
    """``acc`` at least ``sub`` with one block more worth ``points`` (a set
    2, a partial set 1), in each half."""
    cdef int q, u, x
    for q in range(2):
        for u in range(1, 5):
            x = sub[q * 5 + u - 1]
            if x != NO_VALUE and x + points > acc[q * 5 + u]:
                acc[q * 5 + u] = x + points


cdef Part _RANK9                 # ranks of a suit's counts (at most 17 tiles)
_init_rank(&_RANK9, 9)


cdef class SuitSets:
    """The sets of a suit given as a table, and the block values (see the
    section above) of a suit's counts under it, each worked out once, in C,
    when first asked, and kept (10 bytes for each of the 886,400 counts of
    at most 17 tiles, allocated at the first answer).

    ``triples``: the sets, three numbers 1..9 each (repeats allowed: a pung
    is ``(n, n, n)``); a partial set is any two tiles of one.  ``pairs``:
    two of a number may be the pair.  Chows and pungs make the standard
    suit; 洛书's sets are the triples summing to 15.

    >>> chows_pungs = [(n, n, n) for n in range(1, 10)] + [(n, n + 1, n + 2) for n in range(1, 8)]
    >>> std = SuitSets(chows_pungs, pairs=True)
    >>> list(std.values(bytes([1, 1, 1, 0, 0, 0, 0, 2, 0])))  # 123 and 88: a set and the pair
    [0, 2, 3, 3, 3, 1, 3, 3, 3, 3]
    """
    cdef uint8_t* memo
    cdef uint8_t* done           # one bit per counts: worked out
    cdef int nsets, nparts, pairs
    cdef uint8_t set_of[MAXTRIPLES][3]
    cdef uint8_t part_of[MAXTRIPLES][2]
    cdef int set_start[10]       # the sets whose lowest number is i: set_start[i] .. set_start[i + 1]
    cdef int part_start[10]
    cdef readonly tuple triples
    cdef set _rows_ok            # the honours rows whose values were checked (bytes: checked once each)

    def __cinit__(self, triples, bint pairs=False):
        cdef list sets = []
        cdef list partials = []
        cdef object t
        for t in triples:
            try:
                x = tuple(sorted(int(v) for v in t))
            except (TypeError, ValueError):
                raise InvalidHandError(f"SuitSets: a set is three numbers 1..9, got {t!r}") from None
            if len(x) != 3 or not all(1 <= v <= 9 for v in x):
                raise InvalidHandError(f"SuitSets: a set is three numbers 1..9, got {t!r}")
            if x not in sets:
                sets.append(x)
        if not sets:
            raise InvalidHandError("SuitSets: no sets given")
        self._rows_ok = set()
        for x in sets:
            for y in ((x[0], x[1]), (x[0], x[2]), (x[1], x[2])):
                if y not in partials:
                    partials.append(y)
        sets.sort()
        partials.sort()
        self.triples = tuple(sets)
        self.nsets = len(sets)
        self.nparts = len(partials)
        self.pairs = pairs
        cdef int i, k
        for k in range(self.nsets):
            for i in range(3):
                self.set_of[k][i] = sets[k][i] - 1
        for k in range(self.nparts):
            for i in range(2):
                self.part_of[k][i] = partials[k][i] - 1
        for i in range(10):
            self.set_start[i] = sum(1 for x in sets if x[0] - 1 < i)
            self.part_start[i] = sum(1 for y in partials if y[0] - 1 < i)
        self.memo = NULL
        self.done = NULL

    def __dealloc__(self):
        free(self.memo)
        free(self.done)

    cdef int _alloc(self) except -1:
        if self.memo == NULL:
            self.memo = <uint8_t*>malloc(<size_t>_RANK9.nkeys * VSLOTS)
            self.done = <uint8_t*>calloc(<size_t>_RANK9.nkeys // 8 + 1, 1)
            if self.memo == NULL or self.done == NULL:
                free(self.memo)
                free(self.done)
                self.memo = self.done = NULL
                raise MemoryError()
        return 0

    cdef const uint8_t* _values(self, uint8_t* c) noexcept nogil:
        """The block values of a suit's counts ``c`` (changed and restored
        on the way: the lowest number held is alone, or the lowest of a
        set, a partial set or the pair)."""
        cdef int total, i, k, x, u, a, b
        cdef uint32_t r = mj_rank(_RANK9.R, c, 9, &total)
        cdef uint8_t* e = self.memo + <size_t>r * VSLOTS
        if self.done[r >> 3] & (1 << (r & 7)):
            return e
        cdef int acc[VSLOTS]
        cdef const uint8_t* sub
        for x in range(VSLOTS):
            acc[x] = 0 if x < 5 else -1
        i = 0
        while i < 9 and not c[i]:
            i += 1
        if i < 9:
            c[i] -= 1
            sub = self._values(c)  # (the tile alone: no points)
            c[i] += 1
            for x in range(VSLOTS):
                if sub[x] != NO_VALUE and sub[x] > acc[x]:
                    acc[x] = sub[x]
            for k in range(self.set_start[i], self.set_start[i + 1]):
                a = self.set_of[k][1]
                b = self.set_of[k][2]
                c[i] -= 1
                if c[a]:
                    c[a] -= 1
                    if c[b]:
                        c[b] -= 1
                        _raise(acc, self._values(c), 2)  # (a set)
                        c[b] += 1
                    c[a] += 1
                c[i] += 1
            for k in range(self.part_start[i], self.part_start[i + 1]):
                a = self.part_of[k][1]
                c[i] -= 1
                if c[a]:
                    c[a] -= 1
                    _raise(acc, self._values(c), 1)  # (a partial set)
                    c[a] += 1
                c[i] += 1
            if self.pairs and c[i] >= 2:
                c[i] -= 2
                sub = self._values(c)
                c[i] += 2
                for u in range(5):
                    x = sub[u]
                    if x + 1 > acc[5 + u]:
                        acc[5 + u] = x + 1
        for x in range(VSLOTS):
            e[x] = NO_VALUE if acc[x] < 0 else acc[x]
        self.done[r >> 3] |= 1 << (r & 7)
        return e

    cdef int _check_row(self, bytes honours, int sets) except -1:
        """_check_honours, the values of a row checked before not again (a
        rule set asks of a few thousand rows, each kept by it: the four
        seats' rows in turn)."""
        cdef bint known = honours is not None and honours in self._rows_ok
        _check_honours(honours, sets, not known)
        if not known:
            if len(self._rows_ok) >= 4096:
                self._rows_ok.clear()
            self._rows_ok.add(honours)
        return 0

    cdef int _load_hand(self, object hand, uint8_t* c) except -1:
        cdef int k, total = 0
        _load34(hand, c)
        for k in range(34):
            if c[k] > 4:
                raise InvalidHandError(f"count of kind {k} is {c[k]}, more than 4")
            total += c[k]
        if total > 17:
            raise InvalidHandError(f"{total} tiles: a hand holds at most 17")
        self._alloc()
        return 0

    def values(self, counts) -> bytes:
        """The block values (10 bytes) of one suit's nine counts."""
        cdef uint8_t c[9]
        cdef const uint8_t[::1] view = bytes(counts)
        cdef int k, total = 0
        if view.shape[0] != 9:
            raise InvalidHandError(f"a suit has 9 counts, got {view.shape[0]}")
        for k in range(9):
            if view[k] > 4:
                raise InvalidHandError(f"count of number {k + 1} is {view[k]}, more than 4")
            c[k] = view[k]
            total += c[k]
        if total > 17:
            raise InvalidHandError(f"{total} tiles: a suit holds at most 17")
        self._alloc()
        return bytes(self._values(c)[:VSLOTS])

    def whole_suits(self, hand) -> int:
        """Which suits of a hand (34 counts) split exactly into this table's
        sets: bit s for suit s (0..2); a suit of no tiles is whole.  (Its
        block values in n blocks are 2n points: n sets of its 3n tiles.)

        :raises InvalidHandError: for a suit of 15 tiles or more (the
            values count four blocks at most)."""
        cdef uint8_t c[34]
        cdef const uint8_t* v
        cdef int s, k, t, out = 0
        self._load_hand(hand, c)
        for s in range(3):
            t = 0
            for k in range(9 * s, 9 * s + 9):
                t += c[k]
            if t % 3:
                continue
            if t > 12:
                raise InvalidHandError(f"whole_suits: suit {s} holds {t} tiles, more than 12")
            v = self._values(c + 9 * s)
            if v[t // 3] == 2 * (t // 3):
                out |= 1 << s
        return out

    def shanten(self, hand, bytes honours, int sets) -> int:
        """The shanten of a hand (34 counts) whose suits read by this table
        and whose honours (kinds 27..33) by ``honours``: a part's row as for
        :func:`parts_discard_needs` (80 bytes; its first ten are read)."""
        cdef uint8_t c[34]
        cdef const uint8_t* held[4]
        cdef int s
        self._load_hand(hand, c)
        self._check_row(honours, sets)
        for s in range(3):
            held[s] = self._values(c + 9 * s)
        held[3] = <const uint8_t*><char*>honours
        s = _join_shanten(4, held, sets)
        if s == -99:
            raise InvalidHandError("block values: no part reads as zero blocks")
        return s

    def discard_needs(self, hand, bytes honours, int sets) -> bytes:
        """:func:`parts_discard_needs` of a hand (34 counts, 3n+2 tiles or
        any) whose suits read by this table and whose honours (kinds 27..33)
        by ``honours``, their part's row (80 bytes)."""
        cdef uint8_t c[34]
        cdef const uint8_t* held[4]
        cdef const uint8_t* less[34]
        cdef int nk[4]
        cdef uint8_t out[34]
        cdef int s, k
        cdef const uint8_t* h = <const uint8_t*><char*>honours
        self._load_hand(hand, c)
        self._check_row(honours, sets)
        with nogil:
            for s in range(3):
                nk[s] = 9
                held[s] = self._values(c + 9 * s)
                for k in range(9 * s, 9 * s + 9):
                    if c[k]:
                        c[k] -= 1
                        less[k] = self._values(c + 9 * s)
                        c[k] += 1
                    else:
                        less[k] = NULL
            nk[3] = 7
            held[3] = h
            for k in range(7):
                less[27 + k] = NULL if h[VSLOTS * (1 + k)] == NO_VALUE else h + VSLOTS * (1 + k)
            _join_needs(4, nk, held, less, sets, out)
        return bytes(out[:34])


cdef int _check_honours(bytes honours, int sets, bint values=True) except -1:
    """``sets`` and the honours' row (its values too unless ``values`` is
    false: the row object was checked before, and bytes do not change)."""
    if not 0 <= sets <= 4:
        raise InvalidHandError(f"block values: sets must be 0..4, got {sets}")
    if honours is None:
        raise InvalidHandError("block values: the honours' row is None, not 80 bytes")
    if len(honours) != 8 * VSLOTS:
        raise InvalidHandError(f"block values: the honours' row has {len(honours)} bytes, not 80")
    if values:
        _check_values(<const uint8_t*><char*>honours, 8 * VSLOTS, "honours")
    return 0
