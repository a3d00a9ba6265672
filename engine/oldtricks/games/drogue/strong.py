"""The strong bot's side of Drogue (:mod:`oldtricks.analysis.strong`): the calls and the card play.

The strong bot bids, passes and names trump by solving the card play of sampled deals (:mod:`.strongbid`,
through :meth:`Strong.decide`); it cuts, makes the four-Mandrins call and asks for the floor as the simple
bot does (:mod:`.bots`: these are owed by the rules, not chosen); from the first card on it samples and
solves. What a seat knows of the hands it cannot
see is :class:`oldtricks.analysis.hiddenhands.SeatKnowledge` with these hooks: the hands in play were dealt at the
last dealing (session.dealings); the cards played are the tricks on the record; the maker's proof, when
he showed it aloud (drogue.bid.show; by signs it shows only the suit), and the four Mandrins of a
"Qui vive!" caller (drogue.bid.four-mandrins) are in known hands; every card played was one the rules
allowed (drogue.play.follow, .trump, .overtrump: a player who did not follow holds none of the suit led),
except, at a lenient table, one whose penalty the table was told of (drogue.penalty.causes.lenient).
Every bid, proof and call is checked by replaying the deal on the drawn hands. An equal count settled on
card values tells the table both values (drogue.bid.tie-points), which few draws match: where the draws
find no deal that fits, the bot plays as the simple one. Each sample is solved by the game's own solver
(:mod:`.solver`): a card's value is the card points the mover's side takes (drogue.points), as the
analysis shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...analysis.hiddenhands import Hands, SeatKnowledge
from ...analysis.search import Position
from ...analysis.strong import BUDGET, BoundedSearch, Budget, Decision, Knowledge, Record
from ...core.cards import Card
from ...core.game import Game, evolve
from ...core.moves import Move
from ...core.prng import Rng
from ...errors import OldtricksError
from . import solver, strongbid
from .bidding import signing
from .ranking import is_jack
from .shape import SEATS, TEAMS
from .state import DrogueState

NOT_PLAY = "the strong bot cuts and makes the calls the rules owe as the simple bot does"


class Hooks:
    """What a Drogue seat sees (see :class:`oldtricks.analysis.hiddenhands.TableHooks`)."""

    def deal_start(self, record: Record) -> int:
        states = record.states
        dealings = states[-1].session.dealings
        start = len(states) - 1
        while start > 0 and states[start - 1].session.dealings == dealings:
            start -= 1
        return start

    def own_hand(self, state: DrogueState, seat: int) -> tuple[Card, ...]:
        return state.hands[seat]

    def sizes(self, state: DrogueState) -> tuple[int, ...]:
        return tuple(len(h) for h in state.hands)

    def left_out(self, state: DrogueState) -> int:
        return 0  # drogue.deal: the whole pack is dealt

    def played(self, record: Record, start: int) -> tuple[tuple[Card, ...], ...]:
        now: DrogueState = record.states[-1]
        out: list[list[Card]] = [[] for _ in range(SEATS)]
        for trick in now.tricks:
            for seat, card in trick.cards:
                out[seat].append(card)
        for seat, card in now.trick:
            out[seat].append(card)
        return tuple(tuple(cards) for cards in out)

    def shown(self, record: Record, start: int) -> Mapping[Card, int]:
        game: Any = record.game
        out: dict[Card, int] = {}
        states = record.states
        for step in range(start + 1, len(states)):
            move, before, after = record.moves[step], states[step - 1], states[step]
            if move is None:
                continue
            if move.kind == "call" and before.phase == "auction":  # drogue.bid.four-mandrins: he holds all four
                out.update({c: move.seat for c in game.pack.cards if is_jack(c)})
            if before.phase == "trump" and after.proof is not None and not signing(game.table, before, move.seat):
                out.update(dict.fromkeys(after.proof.cards, move.seat))  # drogue.bid.show: shown aloud
        return out

    def checked_plays(self, record: Record, start: int) -> Sequence[int]:
        game: Any = record.game
        states = record.states
        plays = [
            step
            for step in range(start + 1, len(states))
            if (m := record.moves[step]) is not None and m.card is not None and states[step - 1].phase == "play"
        ]
        if not game.agreed.lenient:
            return plays
        # drogue.penalty.causes.lenient: a card against the rules is played, and the table is told of its
        # penalty at once; a play told as any allowed card would be (the player holding that card alone) was one
        return [step for step in plays if self._told_as_allowed(record, step)]

    def _told_as_allowed(self, record: Record, step: int) -> bool:
        game: Any = record.game
        move, before = record.moves[step], record.states[step - 1]
        assert move is not None
        assert move.card is not None
        hands = tuple((move.card,) if s == move.seat else () for s in range(SEATS))
        try:
            _, told = game.apply(self.with_hands(before, hands, ()), move)
        except OldtricksError:
            return False
        return [e.text for e in told] == [e.text for e in record.events[step]]

    def with_hands(self, state: DrogueState, hands: Hands, rest: tuple[Card, ...]) -> DrogueState:
        # the generator and any hands fixed in advance deal the later deals, which no one knows
        deal = replace(state.deal, hands=hands, seed=None, rest=rest, rng=0, later=())
        return evolve(state, hands=hands, deal=deal, rng=0, hidden=())


class Strong:
    """The adapter :func:`oldtricks.analysis.strong.adapter_of` finds."""

    hooks = Hooks()
    budget = BUDGET

    def double_dummy(self, game: Game[Any], state: DrogueState, seat: int) -> int:
        """The card points ``seat``'s side takes less the other side's (drogue.points), with best play by all
        and every hand known, from the first card of the deal of ``state`` under the trump named: what the
        statistics set the strong side's result beside (:mod:`oldtricks.stats.hidden`)."""
        from .ddtable import table

        assert state.trump is not None, "the deal's trump is named"
        points = table(game, state, state.trump).points[state.trump][TEAMS[seat]]
        return 2 * points - solver.TOTAL

    def knowledge(self, record: Record) -> Knowledge | str:
        game: Any = record.game
        state: DrogueState = record.states[-1]
        if state.phase != "play" or state.trump is None or state.asking is not None:
            return NOT_PLAY
        if any(m.card is None for m in game.legal_moves(state)):
            return NOT_PLAY
        if game.options["four_jacks"] != "free":
            return "the solver does not play the four-Jacks variant: the strong bot plays as the simple one"
        return SeatKnowledge(record, self.hooks)

    def decide(self, record: Record, rng: Rng, simple: Move, budget: Budget | None) -> Decision | None:
        """A bid, a pass or the trump named, valued by solving sampled deals (:mod:`.strongbid`)."""
        return strongbid.decide_call(record, rng, simple, self.hooks, budget)

    def solve(
        self, game: Game[Any], state: DrogueState, legal: Sequence[Move], limit: int
    ) -> tuple[dict[Move, int], int]:
        assert state.trump is not None
        assert state.turn is not None
        model = solver.model_of(game, state.trump)
        index = {c: i for i, c in enumerate(model.deck)}
        pos = Position(
            tuple(model.mask(h) for h in state.hands), tuple((s, index[c]) for s, c in state.trick), state.turn, ()
        )
        search = BoundedSearch(model, model.ours(state.turn), model.priority(), limit)
        values: dict[Move, int] = {}
        guess: int | None = None
        for move in legal:
            assert move.card is not None
            guess = values[move] = search.exact(pos, index[move.card], guess)
        return values, search.nodes


ADAPTER = Strong()
