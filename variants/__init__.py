"""Regional rule sets, one module per rule set (``mahjong_core.variants``).

Find one by name with :func:`mahjong_core.registry.find_variant`:

>>> from mahjong_core.registry import find_variant
>>> find_variant("guangdong").zh
'广东鸡平和'
"""
