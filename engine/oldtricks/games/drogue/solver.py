"""The double-dummy solver for Drogue, once trump is named (the deal's double-dummy table: :mod:`.ddtable`).

The fast form of the play is built from :mod:`.ranking` (a card's suit in play and its power against
each suit led, drogue.mandrins, drogue.rank) and mirrors :func:`.tricks.allowed` (follow and beat,
drogue.play.follow; trump, drogue.play.trump; over-trump, drogue.play.overtrump) and
:func:`.tricks.best_play` (drogue.play.win). ``tests/test_solver_drogue.py`` checks it against
``legal_moves`` and ``apply`` on every move and trick of many random deals.

A move's value is the card points (of 120, drogue.points) the mover's side takes in the deal, tricks
already won included; the words say whether that wins the deal (drogue.points.result) or, in an
evening, whether the side without the drogue reaches 41 (drogue.threshold).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...analysis.movevalues import Analysis, rank_ahead, rank_moves
from ...analysis.search import Counters, LiveKey, Position, Search
from ...core.cards import Card
from ...core.i18n import _, ngettext
from ...core.moves import Move
from ...errors import AnalysisError
from .ranking import PACK_POINTS, POINTS, suit_of, trick_power
from .session import THRESHOLD
from .shape import SEATS, TEAMS
from .state import DrogueState

if TYPE_CHECKING:
    from ...analysis.slices import Slices

# The game is typed loosely here: the game module imports this one (on first use), and a type-only
# import back would be an import circle (tests/test_imports.py).
GameLike = Any

SUITS = "CDHS"
TOTAL = PACK_POINTS  # drogue.points


class DrogueModel:
    """Drogue's play with ``trump`` named, over card numbers (the pack's order)."""

    seats = 4
    # drogue.points: a trick is worth its cards' points to the side that takes it, and every deal is played
    # out (score below; the search adds the points itself)
    plain_points = True
    # the search's leads, where its history of cut-offs ties, weakest first (deals 1-8: 1,289,324 nodes with
    # the strongest first, 1,128,934 so)
    weak_leads_first = True
    # the search's leads ordered by history of cut-offs (deals 1-8: 24% fewer nodes)
    lead_history = True

    def __init__(self, game: GameLike, trump: str) -> None:
        if game.options["four_jacks"] != "free":
            # drogue.variant.four-jacks.run depends on the tricks before, which the fast form leaves out
            raise AnalysisError("the solver does not play the four-Jacks variant (option four_jacks)")
        self.game = game
        self.trump = trump
        self.deck = game.pack.cards
        self.cards = len(self.deck)
        order = game.agreed.order
        self.suit = [SUITS.index(suit_of(c, trump)) for c in self.deck]
        self.points = [POINTS.get(c.rank, 0) for c in self.deck]
        # power[led][card]: how strongly a card bids for a trick led in suit ``led`` (-1: it cannot win)
        self.power = [[trick_power(c, led, trump, order) for c in self.deck] for led in SUITS]
        self.in_suit = [sum(1 << c for c in range(self.cards) if self.suit[c] == s) for s in range(SEATS)]
        self.above = [{p: sum(1 << c for c in range(self.cards) if row[c] > p) for p in set(row)} for row in self.power]
        self.t = SUITS.index(trump)
        self._trumps = self.in_suit[self.t]
        # for each suit led: the cards' powers, the cards above each power, the cards of the suit, and the
        # strongest power of a card of the suit (led trump: above every power, a trick led in trump is
        # never trumped)
        self._led = [
            (
                self.power[led],
                self.above[led],
                self.in_suit[led],
                max(self.power[led][c] for c in range(self.cards) if self.suit[c] == led) if led != self.t else 1 << 10,
            )
            for led in range(SEATS)
        ]
        self.must_overtrump = game.agreed.overtrump == "must"
        # the search's table key: within a suit in play only the order of the cards counts (follow,
        # beat, trump and over-trump compare powers of one suit: drogue.play.follow, drogue.play.trump,
        # drogue.play.overtrump), and their points (drogue.points); so the cards still live, suit by
        # suit in order, each with its points
        order = sorted(range(self.cards), key=lambda c: (self.suit[c], self.power[self.suit[c]][c]))
        classes = [(1 << c, self.suit[c] * 16 + self.points[c]) for c in order]
        self.position_key = LiveKey(classes, part=lambda what: what // 16)  # no run of live cards crosses suits
        # the points of each byte of a card mask, for the four bytes of the 32 cards
        self._byte_points = [
            [sum(self.points[k + i] for i in range(8) if b >> i & 1 and k + i < self.cards) for b in range(256)]
            for k in range(0, 32, 8)
        ]
        if self.cards > 32:
            raise AnalysisError(f"the solver plays Drogue's pack of 32 cards, not {self.cards}")
        self._trick_states()

    def _trick_states(self) -> None:
        """The states of a trick begun, for the search (TrickModel): the suit led and the power of the card
        that holds the trick, each with the cards above it, the cards of the suit led and whether a trump
        holds a trick of another suit (what :meth:`follow` reads of the trick)."""
        pairs = [(led, p) for led in range(SEATS) for p in sorted(set(self.power[led])) if p >= 0]
        number = {pair: i for i, pair in enumerate(pairs)}
        self._states = [(self._led[led][1][p], self._led[led][2], p > self._led[led][3]) for led, p in pairs]
        self.opening = [number[self.suit[c], self.power[self.suit[c]][c]] for c in range(self.cards)]
        self.raised = [
            [number[led, self.power[led][c]] if self.power[led][c] > p else i for c in range(self.cards)]
            for i, (led, p) in enumerate(pairs)
        ]

    def next_seat(self, seat: int) -> int:
        return (seat - 1) % SEATS  # drogue.deal: play goes to the right

    def follow(self, hand: int, trick: Sequence[int]) -> tuple[int, int, int]:
        """For a trick begun (``trick``, cards in play order): the cards of ``hand`` that may be played, the
        cards that would hold the trick, and the index of the card that holds it so far; one pass over
        the trick for the three, which legal(), beating() and winner() also read."""
        led = self.suit[trick[0]]
        row, above, in_led, plain = self._led[led]
        holder, top = 0, row[trick[0]]
        n = len(trick)  # four seats: one to four cards (winner() asks of a whole trick); the loop unrolled
        if n > 1:
            if row[trick[1]] > top:
                holder, top = 1, row[trick[1]]
            if n > 2:
                if row[trick[2]] > top:
                    holder, top = 2, row[trick[2]]
                if n > 3 and row[trick[3]] > top:
                    holder, top = 3, row[trick[3]]
        beat = above[top]  # drogue.play.win: a higher card of the suit led, or a higher trump
        trumped = top > plain  # held by a trump, the suit led not trump: no card of the suit led is that strong
        follow = hand & in_led
        if follow:
            if trumped:
                return follow, beat, holder  # drogue.play.follow.trumped
            return follow & beat or follow, beat, holder  # drogue.play.follow
        trumps = hand & self._trumps
        if trumps:  # so the suit led is not trump (a hand with trumps would follow it)
            if self.must_overtrump and trumped:
                return trumps & beat or trumps, beat, holder  # drogue.play.overtrump
            return trumps, beat, holder  # drogue.play.trump
        return hand, beat, holder  # drogue.play.any

    def follow_from(self, hand: int, state: int) -> tuple[int, int]:
        """:meth:`follow`'s legal cards and cards that would hold the trick, from the trick's state."""
        beat, in_led, trumped = self._states[state]
        follow = hand & in_led
        if follow:
            if trumped:
                return follow, beat  # drogue.play.follow.trumped
            return follow & beat or follow, beat  # drogue.play.follow
        trumps = hand & self._trumps
        if trumps:
            if self.must_overtrump and trumped:
                return trumps & beat or trumps, beat  # drogue.play.overtrump
            return trumps, beat  # drogue.play.trump
        return hand, beat  # drogue.play.any

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        return self.follow(hand, trick)[0] if trick else hand  # drogue.play.win: any card leads

    def beating(self, trick: Sequence[int]) -> int:
        return self.follow(0, trick)[1]

    def winner(self, trick: Sequence[int]) -> int:
        return self.follow(0, trick)[2]

    def score(
        self, trick: Sequence[tuple[int, int]], winner: int, counters: Counters, ours: Sequence[bool]
    ) -> tuple[int, Counters, bool]:
        points = self.points
        (_, a), (_, b), (_, c), (_, d) = trick  # four seats: a trick of four cards
        pts = points[a] + points[b] + points[c] + points[d]
        return (pts if ours[winner] else -pts), counters, False

    def limits(self, hands: Sequence[int], leader: int, counters: Counters, ours: Sequence[bool]) -> tuple[int, int]:
        held = sum(hands)  # the hands are disjoint masks
        # the points still in play, read a byte of the card mask at a time
        b0, b1, b2, b3 = self._byte_points
        left = b0[held & 255] + b1[held >> 8 & 255] + b2[held >> 16 & 255] + b3[held >> 24]
        return -left, left

    def keys(self, card: int) -> tuple[int, ...]:
        return tuple(row[card] for row in self.power)

    def kind(self, card: int) -> int:
        return self.suit[card] * 100 + self.points[card]

    # -- positions ----------------------------------------------------------------------------------
    def mask(self, cards: Sequence[Card]) -> int:
        index = {c: i for i, c in enumerate(self.deck)}
        return sum(1 << index[c] for c in cards)

    def ours(self, seat: int) -> list[bool]:
        return [TEAMS[s] == TEAMS[seat] for s in range(SEATS)]  # drogue.partners

    def move(self, seat: int, card: int) -> Move:
        return Move(seat, "play", self.deck[card])

    def priority(self) -> list[int]:
        return [max(row[c] for row in self.power) * 16 + self.points[c] for c in range(self.cards)]


def model_of(game: GameLike, trump: str) -> DrogueModel:
    """The fast model for ``trump``, made once per game and suit (the search's merge tables hang on it)."""
    models = game.__dict__.setdefault("_solver_models", {})
    if trump not in models:
        models[trump] = DrogueModel(game, trump)
    model = models[trump]
    assert isinstance(model, DrogueModel)
    return model


def searcher(model: DrogueModel, seat: int, slices: Slices | None = None) -> Search:
    """A search whose side is ``seat``'s, the one ``slices`` keeps where given (a table worked out a slice at
    a time, :mod:`oldtricks.analysis.slices`)."""
    if slices is not None:
        return slices.search(model, model.ours(seat), model.priority())
    return Search(model, model.ours(seat), model.priority())


def left_points(hands: Sequence[Sequence[Card]], trick: Sequence[tuple[int, Card]]) -> int:
    return sum(POINTS.get(c.rank, 0) for hand in hands for c in hand) + sum(POINTS.get(c.rank, 0) for _, c in trick)


def target(game: GameLike, state: DrogueState) -> tuple[int, int] | None:
    """In an evening with the drogue worn: the side without it and the points it needs (drogue.threshold);
    None when more points simply wins (one deal alone, or the first game, drogue.first-game)."""
    holder = state.session.holder
    if not game.agreed.evening or holder is None:
        return None
    return 1 - holder, THRESHOLD


def verdict(game: GameLike, state: DrogueState, side: int, points: int) -> str:
    """What taking ``points`` means for ``side`` (of 120) in this deal, said of that side (plural: "and win")."""
    goal = target(game, state)
    if goal is None:
        if points * 2 == TOTAL:
            return _("sixty all")
        return _("and win the deal") if points * 2 > TOTAL else _("and lose the deal")
    free, need = goal
    free_points = points if side == free else TOTAL - points
    made = free_points >= need
    if side == free and made:
        text = _("so they reach the {need} they need without the drogue")
    elif side == free:
        text = _("so they fall short of the {need} they need without the drogue")
    elif made:
        text = _("so the side without the drogue reaches {need}")
    else:
        text = _("so the side without the drogue falls short of {need}")
    return text.format(need=need)


def side_names(game: GameLike, side: int) -> str:
    """The two partners of ``side`` by name ("Anna and Carla"), so that no reader takes "your side" for
    his own when he looks at the table from another seat."""
    names = game.seat_names()
    first, second = (name for seat, name in enumerate(names) if TEAMS[seat] == side)
    return _("{first} and {second}").format(first=first, second=second)


def _position(game: GameLike, state: DrogueState) -> tuple[DrogueModel, Position]:
    """The model and the search's position for ``state``, once trump is named."""
    if state.phase != "play" or state.trump is None or state.turn is None:
        raise AnalysisError("Drogue: the solver starts once trump is named and the cards are played")
    model = model_of(game, state.trump)
    index = {c: i for i, c in enumerate(model.deck)}
    hands = tuple(model.mask(h) for h in state.hands)
    return model, Position(hands, tuple((s, index[c]) for s, c in state.trick), state.turn, ())


def first_look(game: GameLike, state: DrogueState) -> Analysis | None:
    """Every legal card valued over the next few tricks only, while :func:`analyse` works (None where
    the whole deal is quick to value: :func:`~oldtricks.analysis.ahead.look_ahead`)."""
    model, pos = _position(game, state)
    got = rank_ahead(searcher(model, pos.turn), pos, model.move)
    if got is None:
        return None
    depth, moves = got
    measure = ngettext(
        "the card points {side}, the side to play, take minus the other side's, in the next {count} trick only",
        "the card points {side}, the side to play, take minus the other side's, in the next {count} tricks only",
        depth,
    ).format(side=side_names(game, TEAMS[pos.turn]), count=depth)
    return Analysis(pos.turn, measure, moves, ahead=depth)


def analyse(game: GameLike, state: DrogueState) -> Analysis:
    """Every legal card with the points the mover's side takes under best play by all."""
    model, pos = _position(game, state)
    seat = pos.turn
    side = TEAMS[seat]
    have = state.side_points()[side]
    left = left_points(state.hands, state.trick)

    def total(diff: int) -> int:
        return have + (left + diff) // 2

    pair = side_names(game, side)

    def text(points: int) -> str:
        text = _("with best play {side} take {points} of {total} card points, {verdict}")
        return text.format(side=pair, points=points, total=TOTAL, verdict=verdict(game, state, side, points))

    moves = rank_moves(searcher(model, seat), pos, model.move, total, text)
    goal = target(game, state)
    measure = _("the card points (of 120) {side}, the side to play, take in this deal, tricks already won included")
    measure = measure.format(side=pair)
    note = (
        ""
        if goal is None
        else _("In this deal the side without the drogue needs {count} points.").format(count=goal[1])
    )
    return Analysis(seat, measure, moves, note)
