"""What one seat at a trick-taking table knows of the hands it cannot see, and deals that agree with it.

The seat knows its own cards, the cards played (and by whom), each hand's size, how many cards were left
out of the deal, any card a player has shown, and what the table was told of every move. From the play
it also knows where cards are not: a player whose card would have been refused, had he held some card,
does not hold that card (he did not follow suit, so he has none of it). That is asked of the game's own
``legal_moves``, with the player given his card and the one in question: no rule is written here.

:class:`SeatKnowledge` turns this into a :class:`~oldtricks.analysis.sampling.Placement` of the unseen cards,
draws from it, and keeps a draw only if the game, replaying every move of the deal on the drawn hands,
refuses none and tells the table the same words: bids, proofs, calls and the rest are checked there,
by the rules that made them. The real hidden hands are never read: a game's hooks give the seat's own
hand, the public record, and a position with every hand replaced (:meth:`TableHooks.with_hands`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..core.cards import Card
from ..core.game import Game
from ..core.moves import Move
from ..core.prng import Rng
from ..errors import OldtricksError
from .sampling import NoPlacement, Placement
from .strong import Record

Hands = tuple[tuple[Card, ...], ...]


class TableHooks(Protocol):
    """A trick-taking game's answers to what a seat can know (each reads only what the table sees)."""

    def deal_start(self, record: Record) -> int:
        """The step at which the deal in play was dealt (its hands are the position's hands there)."""
        ...

    def own_hand(self, state: Any, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds in ``state``."""
        ...

    def sizes(self, state: Any) -> tuple[int, ...]:
        """How many cards each seat holds (public: the backs are on the table)."""
        ...

    def left_out(self, state: Any) -> int:
        """How many cards of the pack the deal left out (public)."""
        ...

    def played(self, record: Record, start: int) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has played since ``start``, as the table saw them."""
        ...

    def shown(self, record: Record, start: int) -> Mapping[Card, int]:
        """Cards the table knows to have been dealt to a seat (a proof, a call), by card."""
        ...

    def checked_plays(self, record: Record, start: int) -> Sequence[int]:
        """The steps since ``start`` whose move was a card the rules allowed (for what the seat infers
        from it); none at a table that plays infractions."""
        ...

    def with_hands(self, state: Any, hands: Hands, rest: tuple[Card, ...]) -> Any:
        """``state`` with every hand replaced by ``hands`` and the cards left out by ``rest``, and nothing
        else hidden kept (a generator that deals the next hands, say)."""
        ...


class SeatKnowledge:
    """The knowledge of the seat to move at the end of ``record`` (see the module's docstring)."""

    def __init__(self, record: Record, hooks: TableHooks) -> None:
        self.record = record
        self.hooks = hooks
        game: Game[Any] = record.game
        self.game = game
        now = record.states[-1]
        seat = game.to_play(now)
        assert seat is not None
        self.seat = seat
        self.start = hooks.deal_start(record)
        self.played = hooks.played(record, self.start)
        mine = hooks.own_hand(now, seat)
        sizes = hooks.sizes(now)
        self.others = [s for s in range(game.num_seats) if s != seat]
        seen = {c for cards in self.played for c in cards} | set(mine)
        self.unseen = tuple(c for c in game.pack.cards if c not in seen)
        shown = {c: s for c, s in hooks.shown(record, self.start).items() if c in self.unseen and s != seat}
        barred = self._barred()
        # places: each other seat's hand, then the cards left out of the deal
        allowed: dict[Card, list[int]] = {}
        for card in self.unseen:
            if card in shown:
                allowed[card] = [self.others.index(shown[card])]
            else:
                places = [i for i, s in enumerate(self.others) if card not in barred[s]]
                allowed[card] = [*places, len(self.others)]
        self.mine = mine
        self.placement: Placement[Card] = Placement(allowed, [*(sizes[s] for s in self.others), hooks.left_out(now)])

    def _barred(self) -> dict[int, set[Card]]:
        """For each other seat, the unseen cards it cannot hold: with one of them beside the card it played,
        the rules would have refused that card."""
        game, hooks, record = self.game, self.hooks, self.record
        barred: dict[int, set[Card]] = {s: set() for s in self.others}
        empty: list[tuple[Card, ...]] = [() for _ in range(game.num_seats)]
        for step in hooks.checked_plays(record, self.start):
            move = record.moves[step]
            assert move is not None
            assert move.card is not None
            if move.seat == self.seat:
                continue
            before = record.states[step - 1]

            def refused(extra: Sequence[Card], move: Move = move, before: Any = before) -> bool:
                hands = list(empty)
                assert move.card is not None
                hands[move.seat] = (move.card, *extra)
                return move not in game.legal_moves(hooks.with_hands(before, tuple(hands), ()))

            candidates = [c for c in self.unseen if c not in barred[move.seat]]
            if candidates and refused(candidates):  # holding them all would refuse it: ask card by card
                barred[move.seat].update(c for c in candidates if refused((c,)))
        return barred

    def deal_of(self, placed: Sequence[Sequence[Card]]) -> tuple[Hands, tuple[Card, ...]]:
        """The hands as dealt (the cards each seat holds now and those it has played) for a placement of the
        unseen cards, and the cards left out."""
        hands: list[tuple[Card, ...]] = []
        for s in range(self.game.num_seats):
            now = self.mine if s == self.seat else tuple(placed[self.others.index(s)])
            hands.append((*now, *self.played[s]))
        return tuple(hands), tuple(placed[-1])

    def replay(self, hands: Hands, rest: tuple[Card, ...]) -> Any | None:
        """The position reached by replaying the deal's moves on ``hands``, or None if the rules refuse a
        move or tell the table other words than they did."""
        record, game = self.record, self.game
        state = self.hooks.with_hands(record.states[self.start], hands, rest)
        for step in range(self.start + 1, len(record.states)):
            move = record.moves[step]
            assert move is not None
            try:
                state, events = game.apply(state, move)
            except OldtricksError:
                return None
            if [e.text for e in events] != [e.text for e in record.events[step]]:
                return None
        return state

    def sample(self, rng: Rng, tries: int) -> Any | None:
        """A position that agrees with everything the seat knows, or None after ``tries`` refused draws."""
        for _ in range(tries):
            try:
                placed = self.placement.sample(rng)
            except NoPlacement:
                return None
            got = self.replay(*self.deal_of(placed))
            if got is not None:
                return got
        return None
