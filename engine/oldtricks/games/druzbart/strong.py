"""The strong bot's side of Drużbart and Clock Druzbart (:mod:`oldtricks.analysis.strong`).

What a seat knows of the hands it cannot see is :class:`oldtricks.analysis.hiddenhands.SeatKnowledge` with these
hooks: the deal in play began where the state's deal did; the cards played are the deal's moves; nobody
shows a card; every card played was one the rules allowed (druzbart.head: a player who did not head the
trick holds nothing that would have headed it).

Drużbart: each sample is solved by the game's own solver (:mod:`.solver`): a move's value is what the
solver's analysis shows, the mover's side's tricks minus the other side's when the deal stops
(druzbart.end). So the strong bot plays for the tricks of the deal; the lines a lost matador costs
(druzbart.score.matador) are not in the solver's count, and the simple bot's care for its matadors
decides only between moves the samples value alike.

Clock Druzbart: the solver's value (the mover's tricks, the two others playing together against him)
stays the analysis's measure (solver.CLOCK_NOTE says so), but it is a poor aim for a bot: the two others
play each for himself, and against a pair that plays together most moves look alike, so the bot would
mostly fall back on the simple move. Here each sample is played on after each legal move instead, every
seat (the mover's too) playing as the simple bot does, to the end of the deal; the move's value is what
the deal does to the slate (clock.lines, clock.lines.matador): the lines the mover erases net of those
chalked back for his lost matadors, minus the best of the two others'. The work is the moves played in
these play-outs, some 400 a sample at most (a dozen moves, a deal's three dozen cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...analysis.hiddenhands import Hands, SeatKnowledge
from ...analysis.search import OutOfBudget, Position
from ...analysis.strong import BoundedSearch, Budget, Knowledge, Record, nodes_for
from ...core.cards import Card
from ...core.game import Game, evolve
from ...core.moves import Move
from ...core.prng import Rng
from . import solver
from .clock import ClockDruzbart
from .state import DruzbartState


class Hooks:
    """What a Drużbart seat sees (see :class:`oldtricks.analysis.hiddenhands.TableHooks`)."""

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


# A move's work: what 0.45 CPU seconds of CPython buy, one second in Pyodide (1.9-2.2 times slower on the same
# moves, bench/strong_bench.py). Drużbart: the search's nodes, 110,000 to 190,000 a CPU second with the
# sampling on the costliest moves as the machine goes (67,000 took up to 1.3 s in Pyodide), so sized at the
# slow end; a sample may take up to a third of them and is set aside past that (Budget.drop), so the first
# card of a deal is searched too, on the samples that fit. Clock Druzbart: the moves of the play-outs, some
# 20,000 a CPU second; a sample after each of nine cards is some 300 moves, so 24 samples fit.
DRUZBART_BUDGET = Budget(nodes=nodes_for(0.45, 110_000), samples=12, least=3, drop=True)
CLOCK_BUDGET = Budget(nodes=nodes_for(0.45, 20_000), samples=24, least=3)


class Strong:
    """The adapter :func:`oldtricks.analysis.strong.adapter_of` finds."""

    hooks = Hooks()
    budget = DRUZBART_BUDGET

    def budget_for(self, game: Game[Any]) -> Budget:
        """Drużbart's budget, or Clock Druzbart's (its work: the moves played out)."""
        return CLOCK_BUDGET if isinstance(game, ClockDruzbart) else DRUZBART_BUDGET

    def double_dummy(self, game: Game[Any], state: DruzbartState, seat: int) -> int:
        """The tricks of ``seat``'s side minus the other side's when the deal of ``state`` stops, with best
        play by all and every hand known, from the deal as dealt (its own first leader: druzbart.lead): what
        the statistics set the strong side's result beside (:mod:`oldtricks.stats.hidden`)."""
        from .ddtable import start_counters

        model = solver.model_of(game)
        index = {c: i for i, c in enumerate(model.deck)}
        hands = tuple(sum(1 << index[c] for c in hand) for hand in state.deal.hands)
        leader = (state.deal.dealer + 1) % game.num_seats  # druzbart.lead: forehand, the dealer's left
        return solver.searcher(model, seat).value(Position(hands, (), leader, start_counters(game, state)))

    def knowledge(self, record: Record) -> Knowledge | str:
        if record.states[-1].dealing:
            return "dealing the next deal is no choice"
        return SeatKnowledge(record, self.hooks)

    def solve(
        self, game: Game[Any], state: DruzbartState, legal: Sequence[Move], limit: int
    ) -> tuple[dict[Move, int], int]:
        if isinstance(game, ClockDruzbart):
            return play_outs(game, state, legal, limit)
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


PLAY_OUT_SEED = 1  # the simple bots' tie-breaks in a play-out: the same after every move, so moves are compared alike


def slate_margin(game: ClockDruzbart, state: DruzbartState, seat: int) -> int:
    """What the deal just ended did to ``seat``'s slate against the best of the others': lines erased net of
    lines chalked back (clock.lines, clock.lines.matador), his minus the most any other got."""
    score = state.history[-1]
    net = [e - c for e, c in zip(score.erased, score.chalked, strict=True)]
    side = game.side_of(seat)
    return int(net[side] - max(n for s, n in enumerate(net) if s != side))


def play_outs(
    game: ClockDruzbart, state: DruzbartState, legal: Sequence[Move], limit: int
) -> tuple[dict[Move, int], int]:
    """Each legal move's :func:`slate_margin` for the mover when, after it, every seat plays the deal out as
    the simple bot; the work is the moves played. Raises :class:`OutOfBudget` past ``limit`` moves."""
    seat = legal[0].seat
    values: dict[Move, int] = {}
    played = 0
    for move in legal:
        rng = Rng(PLAY_OUT_SEED)
        after, _ = game.apply(state, move)
        while not after.dealing and game.to_play(after) is not None:
            if played >= limit:
                raise OutOfBudget
            after, _ = game.apply(after, game.bot_move(after, rng))
            played += 1
        values[move] = slate_margin(game, after, seat)
    return values, played


ADAPTER = Strong()
