# Compile-time declarations for patterns.py (Cython "augmenting" .pxd; see
# engine.pxd).  patterns.py is plain Python and runs as such.
#
# The module constants the readings read on every call, as C globals: from
# Python 3.12 on, Cython reads a module global from the module's dict on
# every use (see engine.pxd).  No other module imports these names
# (_HANDS and _HANDS_MAX, which the tests read, stay module globals).

cdef object _MISSING, _PAIR, _PUNG, _CHOW, _STANDARD, _SEVEN_PAIRS, _KNITTED_STRAIGHT
cdef object _NEW, _SET_FORM, _SET_UNITS, _SET_CTX, _SET_WIN_UNIT, _SET_COUNTS, _SET_MEMO
cdef dict _MELD_UNITS, _UNITS, _FORM_OF
