"""What happens in a Bettelmann trick, as facts: who did what with which card, under which rule.

The transitions in ``game.py`` return these; ``narrate.py`` alone turns them into English.
``record`` is the trick's entry in the replay's trick record.

>>> from oldtricks.core.cards import GERMAN_32
>>> Turned(1, GERMAN_32.parse("9H"))
Turned(seat=1, card=Card.parse('9H', 'german'), looked=0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card


@dataclass(frozen=True, slots=True)
class Turned:
    """``seat`` turned up ``card``: the top of the pile, or chosen from the last ``looked`` cards
    (bettelmann.last-three; 0 when the player did not look)."""

    seat: int
    card: Card
    looked: int = 0


def trick_record(number: int, leader: int, table: tuple[tuple[int, Card], ...], winner: int | None) -> dict[str, Any]:
    """A trick's entry in the replay's trick record: built only when the trick is worded, never in a play-out."""
    return {"trick": number, "leader": leader, "cards": [[s, str(c)] for s, c in table], "winner": winner}


@dataclass(frozen=True, slots=True)
class Took:
    """``seat`` took trick ``number`` (led by ``leader``, its cards ``table``) with ``card`` and put
    ``cards`` cards under the pile (bettelmann.capture). ``tie_first``: the card only tied, and went
    first (bettelmann.tie.first-player)."""

    seat: int
    card: Card
    cards: int
    tie_first: bool
    number: int
    leader: int
    table: tuple[tuple[int, Card], ...]

    @property
    def record(self) -> Mapping[str, Any]:
        return trick_record(self.number, self.leader, self.table, self.seat)


@dataclass(frozen=True, slots=True)
class Tied:
    """Equal ranks of ``card``'s rank head trick ``number``: the ``waiting`` cards stay on the table
    (bettelmann.tie.pierer, todundleben.tie)."""

    card: Card
    waiting: int
    number: int
    leader: int
    table: tuple[tuple[int, Card], ...]

    @property
    def record(self) -> Mapping[str, Any]:
        return trick_record(self.number, self.leader, self.table, None)


@dataclass(frozen=True, slots=True)
class Split:
    """``seat`` has no card left during a tie: everyone takes his tied cards back (bettelmann.run-out-in-tie)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Beggar:
    """``losers`` ran out of cards (bettelmann.end); ``pending``: tied cards still lay on the table."""

    losers: tuple[int, ...]
    pending: bool


@dataclass(frozen=True, slots=True)
class Captured:
    """Tod und Leben: ``winner`` holds every one of the ``cards`` cards (todundleben.end)."""

    winner: int
    cards: int


@dataclass(frozen=True, slots=True)
class Stranded:
    """Tod und Leben: ``loser`` has no card left while tied cards lie on the table (todundleben.end)."""

    loser: int


@dataclass(frozen=True, slots=True)
class Capped:
    """The agreed cap of ``tricks`` tricks was reached with no Beggar (bettelmann.cycle)."""

    tricks: int


@dataclass(frozen=True, slots=True)
class Endless:
    """The position after trick ``tricks`` repeats the one ``cycle`` tricks earlier (bettelmann.cycle)."""

    tricks: int
    cycle: int


Fact = Turned | Took | Tied | Split
Ending = Beggar | Captured | Stranded | Capped | Endless
