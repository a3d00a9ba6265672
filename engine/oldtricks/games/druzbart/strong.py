"""The strong bot's side of Drużbart and Clock Druzbart (:mod:`oldtricks.strong`).

What a seat knows of the hands it cannot see is :class:`oldtricks.hiddenhands.SeatKnowledge` with these
hooks: the deal in play began where the state's deal did; the cards played are the deal's moves; nobody
shows a card; every card played was one the rules allowed (druzbart.head: a player who did not head the
trick holds nothing that would have headed it). Each sample is solved by the game's own solver
(:mod:`.solver`): a move's value is what the solver's analysis shows, the mover's side's tricks minus the
other side's when the deal stops (druzbart.end), or in Clock Druzbart the mover's own tricks, the two others
playing against him. So the strong bot plays for the tricks of the deal; the lines a lost matador costs
(druzbart.score.matador) are not in the solver's count, and the simple bot's care for its matadors decides
only between moves the samples value alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...cards import Card
from ...hiddenhands import Hands, SeatKnowledge
from ...model import Game, Move, evolve
from ...strong import BUDGET, BoundedSearch, Knowledge, Record
from . import solver
from .state import DruzbartState


class Hooks:
    """What a Drużbart seat sees (see :class:`oldtricks.hiddenhands.TableHooks`)."""

    def deal_start(self, record: Record) -> int:
        states = record.states
        deal = states[-1].deal
        start = len(states) - 1
        while start > 0 and states[start - 1].deal is deal:
            start -= 1
        return start

    def own_hand(self, state: DruzbartState, seat: int) -> tuple[Card, ...]:
        return state.hands[seat]

    def sizes(self, state: DruzbartState) -> tuple[int, ...]:
        return tuple(len(h) for h in state.hands)

    def left_out(self, state: DruzbartState) -> int:
        return len(state.deal.rest)  # clock.deal: the cards left out, face down

    def played(self, record: Record, start: int) -> tuple[tuple[Card, ...], ...]:
        out: list[list[Card]] = [[] for _ in range(record.game.num_seats)]
        for move in record.moves[start + 1 :]:
            if move is not None and move.card is not None:
                out[move.seat].append(move.card)
        return tuple(tuple(cards) for cards in out)

    def shown(self, record: Record, start: int) -> Mapping[Card, int]:
        return {}

    def checked_plays(self, record: Record, start: int) -> Sequence[int]:
        return [i for i in range(start + 1, len(record.moves)) if (m := record.moves[i]) is not None and m.card]

    def with_hands(self, state: DruzbartState, hands: Hands, rest: tuple[Card, ...]) -> DruzbartState:
        deal = replace(state.deal, hands=hands, rest=rest, seed=None)
        return evolve(state, hands=hands, deal=deal, rng=0)  # rng: the later deals, which no one knows


class Strong:
    """The adapter :func:`oldtricks.strong.adapter_of` finds."""

    hooks = Hooks()
    budget = BUDGET

    def knowledge(self, record: Record) -> Knowledge | str:
        if record.states[-1].dealing:
            return "dealing the next deal is no choice"
        return SeatKnowledge(record, self.hooks)

    def solve(
        self, game: Game[Any], state: DruzbartState, legal: Sequence[Move], limit: int
    ) -> tuple[dict[Move, int], int]:
        model = solver.model_of(game)
        pos = model.position(state)
        priority = [max(model.unled[c], model.led[c]) for c in range(model.cards)]  # as the analysis orders them
        search = BoundedSearch(model, model.ours(pos.turn), priority, limit)
        index = {c: i for i, c in enumerate(model.deck)}
        values: dict[Move, int] = {}
        guess: int | None = None
        for move in legal:
            assert move.card is not None
            guess = values[move] = search.exact(pos, index[move.card], guess)
        return values, search.nodes


ADAPTER = Strong()
