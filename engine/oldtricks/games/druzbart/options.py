"""The chosen options of a Drużbart or Clock Druzbart game, as one frozen, typed value.

Each field's type lists the values its option spec allows (``tests/test_druzbart.py`` checks them
against the specs), so rule code compares against names mypy can check.

>>> from oldtricks.games.druzbart import Druzbart
>>> Druzbart({"seven": "gracz"}).agreed.seven
'gracz'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, Self

PackSize = Literal[36, 32]
Packets = Literal["three", "one"]
MatadorSet = Literal["braus", "brus", "acorns"]
SevenRule = Literal["unbeatable", "gracz"]
OberRule = Literal["duds", "beaters"]
DealSize = Literal["full", "four-hand"]
ClockEnd = Literal["five", "all"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOptions:
    """The options both games share: the pack, the deal, the ranking and the slate."""

    pack: PackSize
    packets: Packets
    matadors: MatadorSet
    seven: SevenRule
    obers: OberRule
    lines: int
    matador_lost: int
    deal_cap: int

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Self:
        """The value of a game's validated options dict."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in options.items() if k in names})


@dataclass(frozen=True, slots=True, kw_only=True)
class DruzbartOptions(TableOptions):
    """Drużbart for four: a matador lost to the partner may cost more (druzbart.score.matador)."""

    matador_to_partner: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockOptions(TableOptions):
    """Clock Druzbart: how many cards each of the three gets (clock.deal)."""

    deal_size: DealSize
    end: ClockEnd
