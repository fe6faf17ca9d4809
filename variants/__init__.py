"""Regional rule sets, one module per rule set (``mahjong_core.variants``).

Each module defines one ``Ruleset`` subclass (see the engine issue); none are
shipped yet.
"""
