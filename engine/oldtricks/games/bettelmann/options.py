"""The chosen options of a Bettelmann or Tod und Leben game, as one frozen, typed value.

Each field's type lists the values its option spec allows (``tests/test_bettelmann.py`` checks them
against the specs), so that rule code compares against names mypy can check.

>>> from oldtricks.games.bettelmann import Bettelmann
>>> Bettelmann({"tie": "first-player"}).agreed.tie
'first-player'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, Self

from ...errors import InvalidOptionError

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


def check_cap(options: Mapping[str, Any]) -> None:
    """bettelmann.cycle: with no cap (``cap = 0``) only the cycle check can end a game that nobody
    wins, and it is sure to find a repeated position only when the deal decides the whole game. A
    shuffled return order (a new order every trick) or choices among the last three cards (a player
    can steer away from the position the check holds) leave no such proof, so there a cap is needed.
    Raises :class:`~oldtricks.errors.InvalidOptionError` naming ``options.cap``.

    >>> from oldtricks.games.bettelmann import Bettelmann
    >>> Bettelmann({"cap": 0, "last_three": "off"}).options["cap"]
    0
    >>> try:
    ...     Bettelmann({"cap": 0, "return_order": "shuffled", "last_three": "off"})
    ... except InvalidOptionError as refused:
    ...     print(refused.field, str(refused)[:48])
    options.cap cap 0 (never stop) needs a game the deal decides
    """
    if options["cap"] != 0:
        return
    loose = []
    if options["return_order"] == "shuffled":
        loose.append("captured cards are shuffled")
    if options["last_three"] == "on":
        loose.append("players choose among their last three cards")
    if loose:
        raise InvalidOptionError(
            "cap 0 (never stop) needs a game the deal decides, with a fixed return order and last_three"
            f" off: here {' and '.join(loose)}, so a game need not come back to a position it has had"
            " and might never end; give a cap of 1 trick or more",
            field="options.cap",
        )
