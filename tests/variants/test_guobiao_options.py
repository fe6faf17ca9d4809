"""国标 options for the readings spec §6 documents: ``exclusions`` (D1, the
1998 不计 lists) and ``seven_pairs_concealed_hand`` (D8, 门前清 with 七对).

The defaults are PyMahjongGB's (``test_guobiao_vs_pymahjonggb.py`` runs them
on 20,000 situations; here a smaller run names the options explicitly).  The
1998-literal cases below are worked out by hand from the spec's column
"Seed 不计 [001]" (checked against seed 001); the compiled and the Python
paths are compared under every option set in ``test_guobiao_kernel.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import gb_random
import pytest

from mahjong_core import MahjongError
from mahjong_core.rules import ScoreSheet
from mahjong_core.variants import guobiao
from mahjong_core.variants.guobiao import (
    FANS,
    LITERAL_EXCLUDES,
    Exclusions,
    Guobiao,
    GuobiaoOptions,
    score,
)

LITERAL = Guobiao(exclusions="1998-literal")
SEVEN_PAIRS = Guobiao(seven_pairs_concealed_hand=True)
REF_NAME = {f.zh: f.ref_zh or f.zh for f in FANS}


def fans(sheet: ScoreSheet) -> Counter[str]:
    return Counter({it.zh: it.count for it in sheet.items})


def both(hand: str, melds: list[str], rules: Guobiao | None, **kw: Any) -> ScoreSheet:
    """The compiled sheet, after checking that the Python path gives the same."""
    fast = score(hand, melds, rules=rules, **kw)
    assert score(hand, melds, rules=rules, engine="python", **kw) == fast
    return fast


# ---------------------------------------------------------------------------
# Values, validation, defaults
# ---------------------------------------------------------------------------


def test_defaults_are_the_union_lists_without_seven_pairs_concealed_hand() -> None:
    opts = GuobiaoOptions()
    assert opts.exclusions is Exclusions.UNION
    assert opts.seven_pairs_concealed_hand is None and not opts.seven_pairs_count_concealed_hand
    assert GuobiaoOptions(exclusions="1998-literal").seven_pairs_count_concealed_hand
    assert not GuobiaoOptions(exclusions="1998-literal", seven_pairs_concealed_hand=False).seven_pairs_count_concealed_hand
    assert GuobiaoOptions(seven_pairs_concealed_hand=True).seven_pairs_count_concealed_hand


@pytest.mark.parametrize(("kw", "match"), [
    ({"exclusions": "1999"}, r"option exclusions '1999' is not one of 'union', '1998-literal'"),
    ({"exclusions": "literal"}, r"option exclusions 'literal' is not one of"),
    ({"seven_pairs_concealed_hand": "yes"}, r"option seven_pairs_concealed_hand 'yes' is not one of None, True, False"),
    ({"seven_pairs_concealed_hand": 1}, r"option seven_pairs_concealed_hand 1 is not one of"),
])
def test_bad_values_raise(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        Guobiao(**kw)


def test_options_round_trip_json() -> None:
    r = Guobiao(exclusions=Exclusions.LITERAL_1998, seven_pairs_concealed_hand=False)
    assert r.options_json()["exclusions"] == "1998-literal"
    assert r.options_json()["seven_pairs_concealed_hand"] is False
    assert Guobiao.from_options_json(r.options_json()).options == r.options
    assert Guobiao(exclusions="union").options == GuobiaoOptions()


def test_explicit_pymahjonggb_values_agree_with_pymahjonggb() -> None:
    """exclusions="union" and seven_pairs_concealed_hand=False, named: the
    same totals and fan names as PyMahjongGB on 3,000 random situations (the
    20,000-situation run in test_guobiao_vs_pymahjonggb uses the defaults)."""
    rules = Guobiao(exclusions="union", seven_pairs_concealed_hand=False)
    rng = random.Random(20260607)
    compared, bad = 0, []
    while compared < 3000:
        s = gb_random.random_situation(rng)
        if s is None:
            continue
        ref = gb_random.gb_fans(s)
        compared += 1
        sheet = guobiao.score(**s.score_args(), rules=rules)  # type: ignore[arg-type]
        names: Counter[str] = Counter()
        for it in sheet.items:
            names[REF_NAME[it.zh]] += it.count
        if (sheet.total, names) != ref:
            bad.append(f"{s.score_args()}: PyMahjongGB {ref}, ours {sheet.total} {dict(names)}")
    assert not bad, f"{len(bad)} of {compared} disagree; first:\n" + "\n".join(bad[:5])


def test_literal_lists_are_part_of_the_union_lists() -> None:
    """Every 1998 list is within the default (union) list of its fan, and the
    literal table uses exactly the 1998 lists."""
    union = guobiao._compile(GuobiaoOptions())
    literal = guobiao._compile(GuobiaoOptions(exclusions="1998-literal"))
    differ = 0
    for f in FANS:
        got = literal.fans[literal.index[f.zh]].excludes
        if f.zh == "明暗杠":  # not a 1998 fan: keeps the reference list
            assert got == f.excludes
            continue
        assert got == LITERAL_EXCLUDES.get(f.zh, ())
        assert set(got) <= set(union.fans[union.index[f.zh]].excludes), f.zh
        differ += set(got) != set(f.excludes)
    assert differ == 39


def test_literal_mode_differs_from_the_default_on_random_hands() -> None:
    """The option does something, and only adds fans (the 1998 lists exclude
    less; no rule of the literal mode removes a fan the union counts)."""
    rng = random.Random(7)
    changed = n = 0
    while n < 2000:
        s = gb_random.random_situation(rng)
        if s is None:
            continue
        n += 1
        a = guobiao.score(**s.score_args())  # type: ignore[arg-type]
        b = guobiao.score(**s.score_args(), rules=LITERAL)  # type: ignore[arg-type]
        assert b.total >= a.total
        changed += a != b
    assert 0.3 * n < changed < n


# ---------------------------------------------------------------------------
# 1998-literal: hands whose fans differ from the union, by hand from [001]
# ---------------------------------------------------------------------------

# (hand, melds, kwargs, union fans, literal fans)
LITERAL_CASES: list[tuple[str, list[str], dict[str, Any], dict[str, int], dict[str, int]]] = [
    # 十三幺 on a discard.  [001]: 不计 五门齐, 不求人, 单钓 only.  Nothing is
    # claimed and the win is on a discard: 门前清 (1998 definition).  Every
    # tile is a 1, a 9 or an honour: 混幺九 and 全带幺, which only [004-Z],
    # [004-J] and the reference exclude (spec D4).  88 + 32 + 4 + 2 = 126.
    ("19m19p19s1234567z", [], {"win_tile": "1m"},
     {"十三幺": 1}, {"十三幺": 1, "混幺九": 1, "全带幺": 1, "门前清": 1}),
    # self-drawn: 不求人 is in the 1998 list, 自摸 is not excluded by anything.
    ("19m19p19s1234567z", [], {"win_tile": "1m", "self_drawn": True},
     {"十三幺": 1, "自摸": 1}, {"十三幺": 1, "混幺九": 1, "全带幺": 1, "自摸": 1}),
    # 连七对 on a discard.  [001]: 不计 清一色, 不求人, 单钓; so 七对 (seven
    # pairs), 门前清 (discard, nothing claimed) and 无字 count.  88+24+2+1.
    ("1122334455667p", [], {"win_tile": "7p"},
     {"连七对": 1}, {"连七对": 1, "七对": 1, "门前清": 1, "无字": 1}),
    # 七星不靠 on a discard.  [001]: 不计 五门齐, 不求人, 单钓; the 14 tiles
    # are 14 of the 16 全不靠 tiles: 全不靠 12; 门前清 2.
    ("147m258p1234567z", [], {"win_tile": "3s"},
     {"七星不靠": 1}, {"七星不靠": 1, "全不靠": 1, "门前清": 1}),
    # 全不靠 on a discard.  [001]: 不计 五门齐, 不求人, 单钓: 门前清 counts.
    ("14m258p369s12345z", [], {"win_tile": "6z"},
     {"全不靠": 1}, {"全不靠": 1, "门前清": 1}),
    # 大四喜 字一色 四暗刻 with a 发 single wait.  1998 lists: 大四喜 圈风刻
    # 门风刻 三风刻 碰碰和, 字一色 碰碰和, 四暗刻 门前清 碰碰和.  None names
    # 幺九刻 (four wind pungs: 4) or 全带幺 (every set holds an honour).
    ("111z222z333z444z6z", [], {"win_tile": "6z"},
     {"大四喜": 1, "字一色": 1, "四暗刻": 1, "单钓将": 1},
     {"大四喜": 1, "字一色": 1, "四暗刻": 1, "全带幺": 1, "幺九刻": 4, "单钓将": 1}),
    # 小三元.  [001]: 不计 箭刻 only, so 双箭刻 (the two dragon pungs) counts,
    # and 幺九刻 for each dragon pung (箭刻 is excluded, 幺九刻 is not).
    ("555666z7z123m456m", [], {"win_tile": "7z"},
     {"小三元": 1, "混一色": 1, "门前清": 1, "双暗刻": 1, "连六": 1, "单钓将": 1},
     {"小三元": 1, "混一色": 1, "双箭刻": 1, "门前清": 1, "双暗刻": 1, "连六": 1, "幺九刻": 2, "单钓将": 1}),
    # 双箭刻 has no 1998 list: 箭刻 twice and 幺九刻 twice beside it.
    ("555666z123m456p9s", [], {"win_tile": "9s"},
     {"双箭刻": 1, "门前清": 1, "双暗刻": 1, "单钓将": 1},
     {"双箭刻": 1, "箭刻": 2, "门前清": 1, "双暗刻": 1, "幺九刻": 2, "单钓将": 1}),
    # A dragon pung: 箭刻 has no 1998 list, so also 幺九刻 (a pung of honours).
    ("123m456p789s1s", ["pon 555z"], {"win_tile": "1s"},
     {"花龙": 1, "箭刻": 1, "单钓将": 1}, {"花龙": 1, "箭刻": 1, "幺九刻": 1, "单钓将": 1}),
    # The seat wind pung (南, seat South): 门风刻 and 幺九刻.
    ("123m456p789s1s", ["pon 222z"], {"win_tile": "1s", "seat_wind": "S"},
     {"花龙": 1, "门风刻": 1, "单钓将": 1}, {"花龙": 1, "门风刻": 1, "幺九刻": 1, "单钓将": 1}),
    # 九莲宝灯 on a discard.  [001]: 不计 清一色 only: 门前清 and 无字 count,
    # and both 111m and 999m are 幺九刻 (the reference takes one off).
    ("1112345678999m", [], {"win_tile": "5m"},
     {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1},
     {"九莲宝灯": 1, "门前清": 1, "双暗刻": 1, "幺九刻": 2, "无字": 1}),
    # self-drawn: 不求人 has no 1998 list, so 自摸 stays beside it.
    ("1112345678999m", [], {"win_tile": "5m", "self_drawn": True},
     {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1, "自摸": 1},
     {"九莲宝灯": 1, "不求人": 1, "双暗刻": 1, "幺九刻": 2, "无字": 1, "自摸": 1}),
    # 四杠 has no 1998 list ("—"): 碰碰和 (four kongs and a pair) and 单钓将
    # (it waits on the pair alone) count.  三杠 / 双明杠 / 双暗杠 do not: they
    # mean exactly three / two kongs (a definition, not a list).
    ("5s", ["kan 1111m", "ankan 2222p", "kan 3333s", "ankan 9999s"], {"win_tile": "5s"},
     {"四杠": 1, "三色三节高": 1, "双暗刻": 1, "幺九刻": 2, "无字": 1},
     {"四杠": 1, "三色三节高": 1, "碰碰和": 1, "双暗刻": 1, "幺九刻": 2, "无字": 1, "单钓将": 1}),
    # 清幺九.  [001]: 不计 碰碰和, 同刻 (双同刻), 无字: 全带幺 and four 幺九刻
    # count; 全求人's 1998 list (单钓) still removes 单钓将.
    ("1m", ["pon 111p", "pon 999p", "pon 111s", "pon 999m"], {"win_tile": "1m"},
     {"清幺九": 1, "全求人": 1}, {"清幺九": 1, "全求人": 1, "全带幺": 1, "幺九刻": 4}),
    # 平和 has no 1998 list: 无字.  (坎张: 4p-6p waiting on 5p only.)
    ("123m456p234s678s5p", [], {"win_tile": "5p"},
     {"门前清": 1, "平和": 1, "坎张": 1}, {"门前清": 1, "平和": 1, "无字": 1, "坎张": 1}),
    # 不求人 has no 1998 list: 自摸 counts beside it.
    ("123m456p234s678s5p", [], {"win_tile": "5p", "self_drawn": True},
     {"不求人": 1, "平和": 1, "坎张": 1}, {"不求人": 1, "平和": 1, "无字": 1, "坎张": 1, "自摸": 1}),
    # 一色四同顺.  [001]: 不计 一色三节高, 一般高, 四归一 (not 一色三同顺; the
    # combination step never reads three of the four chows again: 套算一次).
    # Only 平和's missing list shows: 无字.
    ("123s123s123s123s5p", [], {"win_tile": "5p"},
     {"一色四同顺": 1, "门前清": 1, "平和": 1, "缺一门": 1, "单钓将": 1},
     {"一色四同顺": 1, "门前清": 1, "平和": 1, "缺一门": 1, "无字": 1, "单钓将": 1}),
]


@pytest.mark.parametrize(("hand", "melds", "kw", "union", "literal"), LITERAL_CASES)
def test_literal_lists(hand: str, melds: list[str], kw: dict[str, Any], union: dict[str, int],
                       literal: dict[str, int]) -> None:
    default = both(hand, melds, None, **kw)
    lit = both(hand, melds, LITERAL, **kw)
    assert fans(default) == Counter(union)
    assert fans(lit) == Counter(literal)
    values = {f.zh: f.value for f in FANS}
    assert lit.total == sum(values[k] * n for k, n in literal.items())


def test_literal_four_shifted_pungs_is_the_same() -> None:
    """一色四节高 (1998: 不计 一色三同顺, 碰碰和): the four pungs are one
    combination, no 一色三节高 is read from three of them (不拆移), so the
    literal lists change nothing here."""
    kw: dict[str, Any] = {"win_tile": "5s"}
    assert both("1112223334445s", [], LITERAL, **kw) == both("1112223334445s", [], None, **kw)


# ---------------------------------------------------------------------------
# D8: 门前清 with 七对 won on a discard
# ---------------------------------------------------------------------------

PAIRS_HAND = ("1133m5577p99s112z", "2z")


@pytest.mark.parametrize(("rules", "concealed"), [
    (Guobiao(), False),                                                          # PyMahjongGB
    (Guobiao(seven_pairs_concealed_hand=True), True),                            # D8 alone
    (Guobiao(exclusions="1998-literal"), True),                                  # implied by the 1998 list
    (Guobiao(exclusions="1998-literal", seven_pairs_concealed_hand=False), False),
])
def test_seven_pairs_concealed_hand(rules: Guobiao, concealed: bool) -> None:
    """七对 (24) on a discard: + 门前清 (2) when the option says so.  By
    self-draw 不求人 is excluded by every list and 门前清 needs a discard."""
    hand, win = PAIRS_HAND
    sheet = both(hand, [], rules, win_tile=win)
    assert fans(sheet) == Counter({"七对": 1, "门前清": 1} if concealed else {"七对": 1})
    assert sheet.total == (26 if concealed else 24)
    drawn = both(hand, [], rules, win_tile=win, self_drawn=True)
    assert fans(drawn) == Counter({"七对": 1, "自摸": 1})


def test_seven_pairs_option_leaves_other_hands_alone() -> None:
    """The D8 option alone touches only 七对: 连七对 keeps its union list."""
    kw: dict[str, Any] = {"win_tile": "7p"}
    assert fans(both("1122334455667p", [], SEVEN_PAIRS, **kw)) == Counter({"连七对": 1})
    assert both("19m19p19s1234567z", [], SEVEN_PAIRS, win_tile="1m").total == 88
