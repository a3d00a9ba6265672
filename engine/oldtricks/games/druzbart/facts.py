"""What happens in a Drużbart or Clock Druzbart game, as facts: who played which card, who took the
trick and by which rule, what it did to the slate.

The transitions in ``game.py`` and ``clock.py`` return these; ``narrate.py`` alone words them.
``record`` and ``data`` are what the replay's trick record and the panels read.

>>> from oldtricks.core.cards import GERMAN_36
>>> Played(0, GERMAN_36.parse("UA"), led=True, heads=False).led
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` played ``card``: ``led`` it, or it ``heads`` the trick, or could not (druzbart.head)."""

    seat: int
    card: Card
    led: bool
    heads: bool


@dataclass(frozen=True, slots=True)
class Took:
    """Trick ``number`` went to ``seat`` with ``card``; ``rule`` is why that card holds it
    (:meth:`Ranking.holding`: druzbart.rank, druzbart.seven or druzbart.all-duds); ``tricks``: per side."""

    number: int
    seat: int
    card: Card
    rule: str
    side: int
    tricks: tuple[int, ...]
    deal: int
    leader: int
    table: tuple[tuple[int, Card], ...]

    @property
    def record(self) -> Mapping[str, Any]:
        """The trick's entry in the replay's trick record: built only when the trick is worded."""
        return {
            "deal": self.deal,
            "trick": self.number,
            "leader": self.leader,
            "cards": [[s, str(c)] for s, c in self.table],
            "winner": self.seat,
        }


@dataclass(frozen=True, slots=True)
class MatadorLost:
    """``seat``'s matador ``card`` fell to ``winner`` (his partner or not): its side chalks ``cost`` lines
    back (druzbart.score.matador, clock.lines.matador)."""

    seat: int
    card: Card
    winner: int
    to_partner: bool
    side: int
    cost: int


@dataclass(frozen=True, slots=True)
class DealWon:
    """``side`` took five tricks (druzbart.score.deal); ``straight``: before the other took one
    (druzbart.score.five-straight); ``erased``: lines it earned."""

    number: int
    side: int
    straight: bool
    erased: int


@dataclass(frozen=True, slots=True)
class DealDrawn:
    """Four tricks each with 32 cards: the deal scores nothing (druzbart.split-32)."""

    tricks: int


@dataclass(frozen=True, slots=True)
class SlateNow:
    """The lines left on the slate, per side, after a deal (druzbart.slate)."""

    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LineErased:
    """Clock Druzbart: ``seat`` erased a line of his leg of the tripod for his trick (clock.lines)."""

    seat: int
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AllPlayed:
    """Clock Druzbart: the deal's ``tricks`` tricks are played and nobody is clear (clock.end)."""

    tricks: int
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FiveTricks:
    """Clock Druzbart: ``seat`` has five tricks, which ends the deal after ``tricks`` tricks (clock.end)."""

    seat: int
    tricks: int
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Redealt:
    """``dealer`` dealt deal ``number`` (druzbart.deal.rotation): ``size`` cards each, ``left_out`` aside."""

    number: int
    dealer: int
    size: int
    packets: bool
    left_out: int


@dataclass(frozen=True, slots=True)
class Cleared:
    """``side`` cleared its slate and wins (druzbart.game-points, clock.end.at-once); ``lines``: every
    side's lines left."""

    side: int
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Capped:
    """``deals`` deals are played, the cap, and no slate is clear: the game stops undecided (druzbart.cap);
    ``lines``: every side's lines left."""

    deals: int
    lines: tuple[int, ...]


Fact = (
    Played
    | Took
    | MatadorLost
    | DealWon
    | DealDrawn
    | SlateNow
    | LineErased
    | AllPlayed
    | FiveTricks
    | Redealt
    | Cleared
    | Capped
)
