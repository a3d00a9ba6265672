"""The chosen options of a Bettelmann or Tod und Leben game, as one frozen, typed value.

Each field's type lists the values its option spec allows (``tests/test_bettelmann.py`` checks them
against the specs), so that rule code compares against names mypy can check.

>>> from oldtricks.games.bettelmann import Bettelmann
>>> Bettelmann({"tie": "first-player"}).settings.tie
'first-player'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, Self

PackName = Literal["german", "french"]
TieRule = Literal["pierer", "first-player"]
NextLead = Literal["winner", "fixed"]
OnOff = Literal["on", "off"]
ReturnOrder = Literal[
    "play-order", "winner-first", "loser-first", "stake-winner-first", "stake-loser-first", "shuffled"
]
RunOut = Literal["loses", "split"]
Split = Literal["colours", "shuffled"]
FirstLead = Literal["non-dealer", "death"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BettelmannOptions:
    """Bettelmann's options, validated (see ``rules.py`` for what each one switches)."""

    pack: PackName
    tie: TieRule
    next_lead: NextLead
    last_three: OnOff
    players: int
    return_order: ReturnOrder
    run_out_in_tie: RunOut
    cap: int

    @classmethod
    def read(cls, options: Mapping[str, Any], **fixed: Any) -> Self:
        """The value of a game's validated options dict; ``fixed`` gives fields the game has no option for."""
        names = {f.name for f in fields(cls)}
        return cls(**{**{k: v for k, v in options.items() if k in names}, **fixed})


@dataclass(frozen=True, slots=True, kw_only=True)
class TodUndLebenOptions(BettelmannOptions):
    """Tod und Leben's options: Bettelmann's, with two players and waiting ties fixed (todundleben.tie)."""

    split: Split
    first: FirstLead
