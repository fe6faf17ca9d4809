"""罗源麻将 (Luoyuan): 福州 play with two tile sets, 128 tiles ("20花") or
144 ("36花"), and the 金 found by a second roll of the dice.

Source: seed [004] ("罗源麻将游戏规则"), as specified in
``variants-more.md`` §2.  The seed stops after the calls; everything it
does not say is played as 福州 (:mod:`mahjong_core.variants.fuzhou`).

>>> ly = Luoyuan()
>>> len(ly.wall_tiles()), Luoyuan(flower_set="36").wall_tiles().count(41)
(128, 1)
>>> r = ly.score_hand("123m456m789m234p6s", win_tile="6s", melds=["kan 7777s"], winner=1, dealer=0,
...                   discarder=2, flowers="1z1z1z1z", context={"gold": "9p"})
>>> r.sheet.total, r.settlement.deltas(4)
(12, [0, 24, -24, 0])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from mahjong_core.errors import MahjongError
from .fuzhou import PLANTS, SEASONS, SUIT_KINDS, Fuzhou, FuzhouOptions

__all__ = ["FlowerSet", "Luoyuan", "LuoyuanOptions", "TWENTY_FLOWERS"]

TWENTY_FLOWERS = (27, 28, 29, 30, 33)
"""东南西北中: the flowers of the 128-tile set (no 白, 发, seasons or plants)."""


class FlowerSet(enum.Enum):
    """Which of the seed's two tile sets ("总共128张或144张")."""

    TWENTY = "20"
    """128 tiles, "俗称20花": 东南西北中 ×4 (default: the seed's first set)."""
    THIRTY_SIX = "36"
    """144 tiles, "俗称36花": as 福州 (the seven honours ×4 and the eight flowers)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LuoyuanOptions(FuzhouOptions):
    """House rules of 罗源麻将: the tile set, and every 福州 option."""

    flower_set: FlowerSet = FlowerSet.TWENTY

    def __post_init__(self) -> None:
        FuzhouOptions.__post_init__(self)
        if not isinstance(self.flower_set, FlowerSet):
            try:
                object.__setattr__(self, "flower_set", FlowerSet(str(self.flower_set)))
            except ValueError:
                raise MahjongError(f"luoyuan: flower_set must be '20' or '36', got {self.flower_set!r}") from None


class Luoyuan(Fuzhou):
    """罗源麻将 (seed [004]; spec ``variants-more.md`` §2).

    **From the seed, where 罗源 differs from 福州:**

    * Tiles: 128 ("20花": 万饼条 ×4 and 东南西北中 ×4, "花牌只用作记分";
      option ``flower_set="20"``, the default) or 144 ("36花", as 福州;
      ``flower_set="36"``).  The seed's "每人面前摆12墩牌" for 128 tiles
      counts 96: stacks do not change play here (the wall is one sequence).
    * 开金: after 补花 the dealer rolls again; N = the total; the top tile
      of the N-th stack counted from the tail is the 金; a flower there is
      the dealer's, and the top of stack N+1 is turned, and so on (the
      engine's ``indicator_dice``; ``table.indicator_dice`` holds the roll).
      The turned tile is shown face up and leaves the wall (PROPOSAL, as
      福州: three 金 stay in play).

    **From the seed, alike 福州 (the class inherits them):** four players,
    two dice; the first dealer of a match drawn at random ("新开第一局随机
    选择一个庄家", option ``first_dealer``); the dealer stays on its win or
    a 荒牌, else the 下家 deals, and discards first; the deal of 16 tiles and the dealer's 17th; 补花 in
    rounds from the tail, dealer first, the seats that drew no flower
    skipped, and during play; chow from 上家 only ("庄家的下家，有权力吃或
    碰或杠那张牌，其它两家则只可碰或杠"), pung and kong from anyone, 碰
    before 吃; a seat that does not win discards after every draw or call.

    **PROPOSAL (the seed breaks off after the calls):** winning shapes,
    special wins (金坎 declared in play as in 福州), claim precedence, the
    reserve, the last four tiles, scoring and payments are 福州's
    (:class:`Fuzhou`, every option included).  With 20 flowers, a complete set of four is four of one
    honour (no seasons or plants exist); the reserve stays 18 tiles.
    """

    name = "luoyuan"
    version = 1
    zh = "罗源"
    summary = "Luoyuan: 福州 play with 128 tiles (20花) or 144 (36花), the 金 found by a second roll"
    aliases = ("罗源麻将", "羅源", "羅源麻將")
    Options = LuoyuanOptions
    options: LuoyuanOptions

    flower_tiles: tuple[int, ...] = TWENTY_FLOWERS
    indicator_dice = True
    wild_tiles = "金: every copy of the kind turned up by the second roll after 补花 (any suit tile)"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.flower_set is FlowerSet.THIRTY_SIX:
            self.flower_tiles = tuple(range(27, 34)) + SEASONS + PLANTS

    def wall_tiles(self) -> list[int]:
        """万饼条 ×4 and the flowers of the set: 东南西北中 ×4 (128 tiles), or
        the seven honours ×4 and the eight flowers (144)."""
        honours = [k for k in self.flower_tiles if k < 34]
        return (
            [k for k in SUIT_KINDS for _ in range(4)]
            + [k for k in honours for _ in range(4)]
            + [f for f in self.flower_tiles if f >= 34]
        )
