"""The strong bot's side of Bettelmann and Tod und Leben (:mod:`oldtricks.analysis.strong`).

A player chooses only among his last three cards (bettelmann.last-three, todundleben.last-three), and
then he looks at them: his own pile is his to read. What he cannot see is the order of the cards in the
other piles that nobody has turned up since the deal. Every card turned up is on the record, and it
goes back under a pile in the order the rules give (bettelmann.return-order), so a pile is, from the
top, the cards never turned up since the deal (always above the others: a pile loses cards from the
top, or by its owner's choice among his last three, and gains them at the bottom) and then cards the
table has seen go under it. The sample deals the cards never seen, shuffled, into those places; with
the order ``shuffled`` the seen cards' order under each pile is not known either, and is shuffled too,
as is the generator that will shuffle later captures.

Each sample is solved by the game's own solver (:mod:`.solver`): a move's value orders the endings as
the analysis does (a win, sooner better; no winner; a loss, later better), the others playing against
the mover; the work is the choices it visits (:data:`BUDGET`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...analysis.search import OutOfBudget
from ...analysis.strong import Budget, Knowledge, Record
from ...core.cards import Card
from ...core.game import Game, evolve
from ...core.moves import Move
from ...core.prng import Rng
from ...errors import AnalysisError
from . import solver
from .game import BettelmannState

# choices visited per move (the analysis allows as many): some 0.2 s of CPython where a game is far from its end
BUDGET = Budget(nodes=3_000, samples=12, least=3, tries=1)


class PileKnowledge:
    """What the seat to move knows of every pile (see the module's docstring)."""

    def __init__(self, record: Record) -> None:
        game: Any = record.game
        now: BettelmannState = record.states[-1]
        seat = now.turn
        assert seat is not None
        self.state = now
        self.shuffled = game.agreed.return_order == "shuffled"
        seen = {m.card for m in record.moves if m is not None and m.card is not None}
        mine = now.piles[seat]
        # each pile as the mover sees it: a card he has seen, or None (never turned up since the deal)
        self.piles = [list(p) if s == seat else [c if c in seen else None for c in p] for s, p in enumerate(now.piles)]
        self.unseen = [c for c in game.pack.cards if c not in seen and c not in mine]

    def sample(self, rng: Rng, tries: int) -> BettelmannState | None:
        cards = list(self.unseen)
        rng.shuffle(cards)
        piles: list[tuple[Card, ...]] = []
        for s, view in enumerate(self.piles):
            hidden = [c for c in view if c is None]
            known = [c for c in view if c is not None]
            if self.shuffled and s != self.state.turn:
                rng.shuffle(known)  # bettelmann.return-order shuffled: the order under the pile is nobody's to know
            top, cards = cards[: len(hidden)], cards[len(hidden) :]
            piles.append((*top, *known))
        deal = replace(self.state.deal, hands=(), seed=None)
        later = rng.next_u64() if self.shuffled else 0  # the captures still to be shuffled: unknown too
        # the cycle record holds earlier positions, hidden cards and all: the sample starts its own
        return evolve(self.state, piles=tuple(piles), deal=deal, rng=later, saved=None, power=1, lam=0)


class Strong:
    """The adapter :func:`oldtricks.analysis.strong.adapter_of` finds."""

    budget = BUDGET

    def knowledge(self, record: Record) -> Knowledge | str:
        return PileKnowledge(record)

    def solve(
        self, game: Game[Any], state: BettelmannState, legal: Sequence[Move], limit: int
    ) -> tuple[dict[Move, int], int]:
        assert state.turn is not None
        search = solver.BettelmannSolver(game, state.turn, limit)
        values: dict[Move, int] = {}
        try:
            for move in legal:
                after, _ = game.advance(state, move)
                rest = search.solve(after)
                values[move] = solver.Ending(rest.result, rest.tricks + after.tricks - state.tricks).score
        except AnalysisError:
            raise OutOfBudget from None
        return values, search.visited


ADAPTER = Strong()
