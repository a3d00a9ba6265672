"""A Bettelmann or Tod und Leben position (:class:`BettelmannState`): the piles, the trick on the table,
the pot of tied cards, and the counts the end of the game is judged by; and the same position while a move
is played (:class:`Run`), mutable, so that a play-out's run of forced cards copies no state per card.

>>> from oldtricks.games.bettelmann import Bettelmann
>>> state = Bettelmann().new_state(seed=1)
>>> Run.of(state).freeze() == state
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.values import Deal, Outcome

Play = tuple[int, Card]

_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class BettelmannState:
    """One position. Piles are listed top card first; ``table`` is the trick being played.

    Without ``__slots__``, so that it is made from a dict of its fields in one step, with no ``__init__``
    setting them one by one (:meth:`Run.freeze`, :func:`~oldtricks.core.game.evolve`).
    """

    deal: Deal
    piles: tuple[tuple[Card, ...], ...]
    table: tuple[Play, ...]
    pot: tuple[Play, ...]
    leader: int
    turn: int | None
    tricks: int
    won: tuple[int, ...]
    captured: tuple[int, ...]
    rng: int
    last: tuple[Play, ...] = ()
    last_winner: int | None = None
    result: Outcome | None = None
    # Brent's cycle finding over positions at trick boundaries (bettelmann.cycle)
    saved: tuple[Any, ...] | None = None
    power: int = 1
    lam: int = 0


@dataclass(slots=True)
class Run:
    """A :class:`BettelmannState` being played on: the same fields, with lists where a card or a count
    changes, so that the rules change it in place (``game.py``); :meth:`freeze` makes the state again."""

    deal: Deal
    piles: list[tuple[Card, ...]]
    table: list[Play]
    pot: tuple[Play, ...]
    leader: int
    turn: int | None
    tricks: int
    won: list[int]
    captured: list[int]
    rng: int
    last: tuple[Play, ...]
    last_winner: int | None
    result: Outcome | None
    saved: tuple[Any, ...] | None
    power: int
    lam: int

    @classmethod
    def of(cls, s: BettelmannState) -> Run:
        return cls(
            s.deal,
            list(s.piles),
            list(s.table),
            s.pot,
            s.leader,
            s.turn,
            s.tricks,
            list(s.won),
            list(s.captured),
            s.rng,
            s.last,
            s.last_winner,
            s.result,
            s.saved,
            s.power,
            s.lam,
        )

    def freeze(self) -> BettelmannState:
        """The state this run has come to."""
        state = _new(BettelmannState)
        fields = {
            "deal": self.deal,
            "piles": tuple(self.piles),
            "table": tuple(self.table),
            "pot": self.pot,
            "leader": self.leader,
            "turn": self.turn,
            "tricks": self.tricks,
            "won": tuple(self.won),
            "captured": tuple(self.captured),
            "rng": self.rng,
            "last": self.last,
            "last_winner": self.last_winner,
            "result": self.result,
            "saved": self.saved,
            "power": self.power,
            "lam": self.lam,
        }
        _set(state, "__dict__", fields)
        return state
