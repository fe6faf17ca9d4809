# Compile-time declarations for engine.py (Cython "augmenting" .pxd).
#
# engine.py is plain Python and runs as such; when the package is built with
# Cython (setup.py), this file types the Table's attributes and its hot
# internal methods so the turn loop runs as C.  Only types are declared here:
# the behaviour lives in engine.py alone.  Keep every attribute Table sets in
# __init__ listed below (a missing one is a compile error, not a silent slowdown).

cimport cython

ctypedef unsigned long long u64

# Module constants the turn loop reads (enum members, the record's event
# templates, the kernels' entry points) as C globals.  A module global is
# read from the module's dict on every use from Python 3.12 on (Cython's
# cached read keyed on the dict's version tag, deprecated in 3.12, is off
# there): about 3,000 dict look-ups a greedy hand.  As C globals they are
# one load on every version.  They are then not attributes of the compiled
# module: only names no other module imports are listed (_ACTIONS,
# _KIND_OF, _TILE_OF stay module globals).
cdef object _TURN, _CLAIMS, _ROB, _DECLARE, _OVER, _OPENING, _EXCHANGE, _LAST, _REPLACE, _FLOWER, _IMAGINE
cdef object _K_DISCARD, _K_ANKAN, _K_KAKAN, _K_CHOW, _K_PUNG, _K_KONG, _K_WIN, _K_PASS, _K_READY
cdef object _K_SPECIAL_KONG, _K_SPECIAL_ADD, _K_SWAP, _K_TAKE_PUNG
cdef object _RR_REQUIRED, _RR_DISCARD_WIN, _READY_NONE, _PON, _ANKAN_KIND, _SPECIAL_MELD, _SPECIAL_MAX
cdef object _NO_PAYMENTS, _NO_KINDS, _CHI_MELDS, _PON_MELDS, _KAN_MELDS
cdef object _waits_mask_buf, _shanten_buf, _held_kinds, _is_win_buf
cdef list _DRAW_EVENTS, _REPLACEMENT_EVENTS, _FLOWER_EVENTS, _ACTION_JSON, _ACTION_EVENTS

@cython.locals(tiles=list, i=Py_ssize_t, j=Py_ssize_t, r=u64, swaps=Py_ssize_t, t=Py_ssize_t, data=bytearray)
cpdef shuffle(tiles, rng)

@cython.locals(r=int, out=list)
cpdef roll_dice(rng, n)

cdef class Table

@cython.locals(acts=list, ids=list, out=list, i=Py_ssize_t, j=Py_ssize_t)
cpdef _pick(acts, ids)

@cython.locals(counts=bytearray, out=list, k=int, n=int)
cpdef _tiles_of(counts)

@cython.locals(table=Table, seat=int)
cpdef play_out(table, bots)

@cython.locals(template=dict)
cdef dict _new_event(list events, int seat, int i)

cdef class Table:
    cdef public object ruleset
    cdef public int streak
    cdef public dict carry
    cdef public object seed
    cdef public int dealer, round_wind, hand_number, n
    cdef public list dice, wall
    cdef public bint stacked
    cdef public Py_ssize_t head, tail
    cdef public bint _per_seat
    cdef public list _segments
    cdef public int _dead, _dead_per_kong
    cdef public bint _dead_odd, _ind_end
    cdef public int _indicator_at
    cdef public bint _allow_kong, _allow_chow, _allow_pung, _wild_discard, _calls_on_last, _dynamic_rules, _has_instant, _has_extra
    cdef public frozenset _flower_ids
    cdef public object _ready_rule
    cdef public int kongs_made
    cdef public list hands, flowers, wild_flowers, melds, meld_sources, discards
    cdef public bytearray shown
    cdef public frozenset _wild_flower_ids
    cdef public set out
    cdef public list _orders
    cdef public object win_settlement
    cdef public list missing, declared
    cdef public set ready_on_deal
    cdef public set ready_forfeit
    cdef public list ready_shown
    cdef public bint _has_ready_filter, _has_ready_shown, _has_ready_when
    cdef public list claim_history, events
    cdef public int turn
    cdef public object phase, drawn, last_discard, pending_kong
    cdef public dict claimants, answers
    cdef public set missed_win
    cdef public bint after_kong, after_flower, discard_after_kong
    cdef public object kong_fed_by
    cdef public list draws_made, winners
    cdef public dict scores, contexts
    cdef public object settlement, kong_settlement
    cdef public int steps
    cdef public object indicator
    cdef public frozenset wild_kinds
    cdef public object _wild_src
    cdef public tuple _wild_held
    cdef public dict substitutes
    cdef public list plays_as, opening_wins
    cdef public int _must_win
    cdef public bint _last_offer, _dealer_draws
    cdef public list last_tile_offers
    cdef public object last_tile_taker
    cdef public list _waits, _claim_waits, _claim_asked, _rules, _far, _waits_memo, _sheets
    cdef public list _flowers_shown, indicator_dice
    cdef public bint _has_reserve, _has_precedence, _zone_dead_flowers
    cdef public long _reserve_key
    cdef public int _reserve
    cdef public bint _has_single
    cdef public int _free_reach
    cdef public object _single_wild
    cdef public frozenset _single_cache
    cdef public object _free_wild
    cdef public list _free_misfits
    cdef public object _turn_cache, _turn_win
    cdef public dict _claim_wins
    cdef public frozenset _banned_discards
    cdef public bint _no_kong_this_turn, _called
    cdef public list robbed
    cdef public bint _has_free, _has_free_kinds, _same_tile_miss, _dice_kong, _call_lifts_miss, _has_refuse, _refuse_exact, _has_refuse_tiles
    cdef public bint _has_discard_refusal
    cdef public bint _allow_exposed_kong
    cdef public int _zone, _dead_free, _standing_n
    cdef public bint _missed_pung, _flower_rob, _chow_any, _special_adds, _special_check
    cdef public tuple _specials, _special_req
    cdef public bint _swap_first, _has_pung_offer
    cdef public list swap_owed, pung_offers
    cdef public int _imagined
    cdef public object _kong_kinds
    cdef public list imagined
    cdef public bint _furiten_chow, _furiten_pung
    cdef public list discarded_kinds
    cdef public list standing, _passed_pungs
    cdef public list _missed_tiles, kong_dice, locked, dice_pending
    cdef public int _dice_tiles, _dice_seat
    cdef public object _dice_fed_by
    cdef public bint _dice_win_only
    cdef public list exchange
    cdef public bint _has_wild_draw, _has_redraw, _hidden_indicator, _ready_legal
    cdef public bint _chow_ready, _chow_ready_any, _zone_kongs, must_declare
    cdef public int _max_melds, indicator_changes
    cdef public bint _needs_meld, _needs_ready

    @cython.locals(seat=int)
    cpdef is_last_tile(self, seat)
    @cython.locals(seat=int, out=bytearray, shown=bytearray, k=int)
    cpdef seen_counts(self, seat)
    @cython.locals(seat=int)
    cpdef Py_ssize_t _left(self, seat) except? -1
    @cython.locals(kept=long, key=long, f=list)
    cpdef Py_ssize_t _kept(self) except? -1
    cpdef _pop_front(self, seat)
    @cython.locals(seat=int, order=list)
    cpdef _next_seat(self, seat)
    @cython.locals(seat=int)
    cpdef list _order_from(self, seat)
    @cython.locals(seat=int)
    cpdef _rules_for(self, seat)
    @cython.locals(hand=bytearray, seat=int, last=tuple, w=int, mask=object)
    cpdef _update_waits(self, seat)
    cdef frozenset _single_kinds(self, int seat)
    @cython.locals(k=int)
    cdef bint _free_possible(self, bytearray hand)
    @cython.locals(seat=int)
    cpdef _cannot_win(self, seat)
    @cython.locals(seat=int, last=tuple)
    cpdef _discard_refused(self, seat)
    @cython.locals(hand=bytearray, k=int)
    cpdef _holds_any(self, hand, kinds)
    @cython.locals(hand=bytearray, seat=int, tile=int)
    cpdef _next_draw(self, seat)
    @cython.locals(hand=bytearray, s=int, k=int, near=int, suit_lo=int, nxt=int, discarder=int, tile=int,
                   bit=u64, waits=u64, n=int, plays=int)
    cpdef _open_claims(self, discarder, tile)
    @cython.locals(hand=bytearray, cnt=int, seat=int, tile=int, discarder=int, waits=u64, plays=int, bits=u64,
                   own=bint)
    cpdef _claims_for(self, seat, tile, discarder)
    @cython.locals(hand=bytearray, k=int, i=int, ids=list, seat=int, st=bytearray, st0=bytearray)
    cpdef _turn_actions(self, seat)
    @cython.locals(hand=bytearray, out=list, i=int, j=int, held=bint, req=tuple, kinds=bytes, counts=bytes)
    cpdef _special_ids(self, seat)
    cpdef legal_actions(self, seat)
    @cython.locals(actor=int, legal=list)
    cpdef apply(self, action, seat=*)
    @cython.locals(seat=int, tile=int, hand=bytearray, bit=u64, aid=int)
    cpdef _apply_turn(self, a, aid)
    cpdef _resolve(self)
    @cython.locals(seat=int, discarder=int, tile=int, low=int, hand=bytearray, shown=bytearray, k=int)
    cpdef _make_meld(self, a, discarder, tile)
    cpdef _replacement(self, seat, fed_by, roll=*)
    cpdef _ready(self, seat)
    @cython.locals(seat=int)
    cpdef _draw_replacement(self, seat, flower_round=*)
    @cython.locals(seat=int, c=bytearray, w=int, k=int, held=tuple)
    cpdef _split_wilds(self, counts, seat=*)
    @cython.locals(seat=int, w=int, k=int, room=int, c=bytearray)
    cpdef _add_imagined(self, counts, seat, w)
    cpdef _complete_added_kong(self)
    # (called per win checked: direct calls, no method look-up)
    cpdef _offer_win(self, seat)
    cpdef _offer_claim_win(self, seat, tile)
    cpdef _claim_win(self, seat, tile)
    cpdef _win_counts(self, seat, counts, tile)
    cpdef _missed(self, seat, tile)
    cpdef _win_forced(self)
    cpdef _score(self, ctx)
    cpdef _kong_paid(self, seat, meld, source)
    @cython.locals(seat=int, tile=int, hand=bytearray)
    cpdef _take(self, seat, tile)
