# Compile-time declarations for bots.py (Cython "augmenting" .pxd; see
# engine.pxd).  bots.py is plain Python and runs as such.
#
# The module constants a bot reads at every decision, as C globals: from
# Python 3.12 on, Cython reads a module global from the module's dict on
# every use (see engine.pxd).  No other module imports these names.

cdef object _TURN, _CLAIMS, _EXCHANGE, _IMAGINE
cdef object _REQUIRED, _REQUIRED_FOR_DISCARD_WIN, _DEFAULT_COSTS, _DEFAULT_AIM_RULES, _DEFAULT_AIM_KINDS
cdef object _WIN, _PASS, _PUNG, _TAKE
cdef object _discard_choice_buf, _shanten_buf

# (the engine's Table as a C type: ``type(table) is Table`` is then a
# pointer comparison; the two helpers every decision calls, as C calls)
from mahjong_core.engine cimport Table

cpdef bint _engine_turn_list(table, legal)
cpdef _seen(table, seat)
