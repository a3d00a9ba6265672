# Today's double-dummy search, kept unchanged as the reference the engine's faster search is tested against
# (tests/test_solver_reference.py, bench/solver_same.py): every value must be the same. A copy of
# engine/oldtricks/analysis/search.py as it stood before the search was made faster; not for use elsewhere.
"""Double-dummy search for trick-taking games: every hand known, best play by all.

The core decides no rule. A game plugs in a :class:`TrickModel`: a fast form of its own rules over
card numbers and bit masks (which cards may be played, who wins a trick, what a trick is worth, when
the deal stops), which its tests check against the game's ``legal_moves`` and ``apply`` on every trick
of many random games. The search is what the best solvers of trick-taking games use:

* alpha-beta, fail-soft, over single cards;
* a transposition table at trick boundaries, keyed by the hands left (one bit mask per seat), or by
  the model's ``position_key`` of them where it has one (a compact key that forgets which cards went
  from play, so positions its rules cannot tell apart share an entry), the leader and the model's
  counters, holding bounds on the value of the rest of the deal and the card that did best there,
  tried first when the position comes again; the table's bounds are asked only when the model's
  limits do not settle the position;
* exact values by null-window probes that start at a guess (MTD(f)) and halve the gap while the bounds
  are far apart (card points spread over a wide range);
* move ordering by the model's priority (strong cards first; a follower's cards that would hold the
  trick first, cheapest first) and, where tricks are worth card points (the model's ``points``), the
  most points to a trick our side holds, the fewest to one it loses;
* the last trick, one card a hand, scored without a search;
* where a trick is worth its cards' points and nothing else (the model's ``plain_points``), the points
  added by the search itself and the points left carried from trick to trick as the bounds;
* equivalent cards merged: two cards of one hand that no live card of another hand (or of the trick
  on the table) separates in any context are searched once.

Values are the side "ours" gains over the rest of the deal, as the model scores each trick; who is
"ours" is given per seat, so the same search serves partnerships and one player against the rest.

:func:`brute_force` is the plain minimax used to test the search: it walks the game's own
``legal_moves`` and ``apply``, and knows nothing of the model.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from search_reference_moves import (  # noqa: F401 (the module's names, as before)
    _LEAD,
    _NARROW,
    INF,
    Counters,
    LiveKey,
    Moves,
    Position,
    TrickModel,
    _merge_tables,
    _places,
    bits,
    brute_force,
    minimax_moves,
)


class Search(Moves):
    """Alpha-beta with a transposition table, for one model and one choice of "our" side."""

    def __init__(self, model: TrickModel, ours: Sequence[bool], priority: Sequence[int] | None = None) -> None:
        self.model = model
        self.ours = tuple(ours)
        # at a trick boundary: (least, most) the rest of the deal is worth, and the card that did best
        self.table: dict[Any, tuple[int, int, int]] = {}
        self.nodes = 0
        self._priority = list(priority) if priority is not None else [max(model.keys(c)) for c in range(model.cards)]
        self._between, self._never = _merge_tables(model)
        pri = self._priority
        # a card's points, where a trick is worth the points in it (none: every trick counts the same)
        points: Sequence[int] = getattr(model, "points", None) or [0] * model.cards
        self._points = list(points)
        self._plain = bool(getattr(model, "plain_points", False))
        # the orders cards are tried in, as each card's place (ties by number, so every order is fixed):
        # lead strong cards first; spend the cheapest card that holds the trick, or, last to play, the
        # one with most points; give the fewest points to a trick lost, the most to one our side holds
        self._ranks = [
            _places(lambda c: (-pri[c], c), model.cards),  # _LEAD
            _places(lambda c: (pri[c], c), model.cards),  # _LOW
            _places(lambda c: (-points[c], pri[c], c), model.cards),  # _RICH
            _places(lambda c: (points[c], pri[c], c), model.cards),  # _POOR
        ]
        self._best = -1  # the card _play found best, for the table
        self._sorted: dict[int, tuple[int, ...]] = {}
        self._position_key: Callable[[Sequence[int]], Hashable] | None = getattr(model, "position_key", None)
        self._codes: dict[tuple[int, ...], int] = {}
        # the cards live in the trick being searched: every hand at its start, so the trick's cards too
        # (set by _lead and probe, put back when the trick is done): the cards a seat's own merge against
        self._held = 0
        self._left = 0  # the points in play at the start of that trick (plain points)
        self._numbers: dict[Hashable, int] = {}
        self._orders: dict[tuple[int, int, int | bool], tuple[int, ...]] = {}
        self._last = model.seats - 1
        self._next = [model.next_seat(s) for s in range(model.seats)]
        # for every two cards: a mask that meets the live cards unless the two are equivalent (-1: never)
        self._apart = [
            [-1 if self._never[a][b] else self._between[a][b] for b in range(model.cards)] for a in range(model.cards)
        ]
        # legal cards, the cards that would hold the trick, and which card holds it, in one call if the
        # model has it (FollowModel), else from legal(), beating() and winner()
        self._follow: Callable[[int, Sequence[int]], tuple[int, int, int]] = getattr(
            model, "follow", self._follow_generic
        )

    # -- search -----------------------------------------------------------------------------------------
    def value(self, pos: Position, alpha: int = -INF, beta: int = INF, guess: int | None = None) -> int:
        """The value for our side of the rest of the deal from ``pos``, exact: a series of null-window
        searches that close in on it, each reusing the table's bounds. The first test is at ``guess``
        (MTD(f)); while the bounds are far apart the next test halves the gap, so a game of card points,
        whose values spread over a wide range, needs a few probes, not one per point. ``alpha`` and
        ``beta``: bounds already known to hold, the value at least the one and at most the other."""
        lo, hi = alpha, beta
        if not pos.trick:  # the model's limits hold at a trick boundary
            low, high = self.model.limits(pos.hands, pos.turn, pos.counters, self.ours)
            lo, hi = max(lo, low), min(hi, high)
        if guess is None or not lo <= guess <= hi:
            guess = 0 if lo <= 0 <= hi else lo
        test, step = guess, 1
        while lo < hi:
            test = max(lo + 1, min(hi, test))
            v = self.probe(pos, test - 1, test)
            failed_low = v < test
            if failed_low:
                hi = v
            else:
                lo = v
            if hi - lo <= _NARROW:
                test = v  # close: test where the last bound fell, as MTD(f) does
            elif lo > -INF and hi < INF:
                test = (lo + hi + 1) // 2  # far apart: halfway between the bounds
            else:  # one bound still open: step away from the other, twice as far each time
                step *= 2
                test = v - step + 1 if failed_low else v + step
        return lo

    def probe(self, pos: Position, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta from ``pos``: exact inside ``alpha``..``beta``, else a bound beyond it."""
        hands = list(pos.hands)
        if not pos.trick:
            return self._lead(hands, pos.turn, pos.counters, alpha, beta)
        trick = list(pos.trick)
        cards = [c for _, c in trick]
        self._held = sum(hands) | self._mask(cards)
        self._left = self._points_in(self._held)
        return self._play(hands, trick, cards, pos.turn, pos.counters, alpha, beta)

    def _lead(self, hands: list[int], leader: int, counters: Counters, alpha: int, beta: int, left: int = -1) -> int:
        """Alpha-beta from a trick boundary (``left``: the points still in play, where the model's tricks
        are worth plain points and the trick before counted them; else the model's limits are asked)."""
        mine = hands[leader]
        if not mine & (mine - 1):
            return self._last_trick(hands, leader, counters) if mine else 0
        if left < 0:  # not carried from the trick before (the search's first trick)
            low, high = self.model.limits(hands, leader, counters, self.ours)
            if self._plain:
                left = self._points_in(sum(hands))
        else:
            low, high = -left, left
        if low >= beta:  # the limits alone settle it: no need of the table
            return low
        if high <= alpha or low == high:
            return high
        # the table's key: the model's key of the hands if it has one (positions its rules cannot tell apart
        # share it), else the hands themselves; the leader; the counters
        if self._position_key is None:
            key: Any = (*hands, leader, *counters)
        else:
            code = self._codes.get((*hands,))
            if code is None:
                code = self._number(hands)
            key = (code, leader, *counters) if counters else code << 4 | leader
        got = self.table.get(key)
        first = -1
        if got is not None:
            low, high, first = max(low, got[0]), min(high, got[1]), got[2]
            if low >= beta:
                return low
            if high <= alpha or low == high:
                return high
        a, b = max(alpha, low), min(beta, high)
        held, points = self._held, self._left  # the trick this one follows, if any, goes on after it
        self._held = sum(hands)
        self._left = left
        v = self._play(hands, [], [], leader, counters, a, b, first)
        self._held, self._left = held, points
        if v <= a:
            high = min(high, v)
        elif v >= b:
            low = max(low, v)
        else:
            low = high = v
        self.table[key] = (low, high, self._best)
        return v

    def _points_in(self, mask: int) -> int:
        """The points of the cards of ``mask`` (plain points)."""
        points = self._points
        return sum(points[c] for c in bits(mask))

    def _number(self, hands: list[int]) -> int:
        """The number that stands for the model's key of ``hands`` in the table, kept for these hands (the
        same hands come again in every probe). The model's key stands as a small number of its own, one a
        key: a long int or a tuple is slower to shift and to hash, and the table is asked at every trick."""
        assert self._position_key is not None
        full = self._position_key(hands)
        code = self._numbers.get(full)
        if code is None:
            code = self._numbers[full] = len(self._numbers)
        self._codes[(*hands,)] = code
        return code

    def _play(
        self,
        hands: list[int],
        trick: list[tuple[int, int]],
        cards: list[int],
        seat: int,
        counters: Counters,
        alpha: int,
        beta: int,
        first: int = -1,
    ) -> int:
        """Alpha-beta from a seat to play: ``trick`` the plays so far as (seat, card), ``cards`` the same
        cards alone (kept beside it, so no call builds the list again)."""
        self.nodes += 1
        ours = self.ours
        mine = ours[seat]
        hand = hands[seat]
        best = -INF if mine else INF
        best_card = -1
        if not cards:
            choices = self._kept(self._in_order(hand, _LEAD), self._held ^ hand, first)
        else:
            legal, beat, holder = self._follow(hand, cards)
            taker = trick[holder][0]
            last = len(cards) == self._last
            if not legal & (legal - 1):
                choices = [legal.bit_length() - 1]
            else:
                order = self._follow_order(legal, beat, last, ours[taker] == mine)
                choices = self._kept(order, self._held ^ hand, first)
            if last:
                return self._last_card(hands, trick, cards, seat, taker, beat, choices, counters, alpha, beta)
        nxt = self._next[seat]
        for card in choices:
            hands[seat] = hand ^ 1 << card
            trick.append((seat, card))
            cards.append(card)
            v = self._play(hands, trick, cards, nxt, counters, alpha, beta)
            cards.pop()
            trick.pop()
            hands[seat] = hand
            if mine:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, card
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        self._best = best_card
        return best

    def after(self, pos: Position, card: int) -> tuple[Position, int]:
        """The position after ``card`` is played, and what the trick it completes gained (0 if none)."""
        model = self.model
        seat = pos.turn
        hands = list(pos.hands)
        hands[seat] ^= 1 << card
        trick = (*pos.trick, (seat, card))
        if len(trick) < model.seats:
            return Position(tuple(hands), trick, model.next_seat(seat), pos.counters), 0
        winner = trick[model.winner([c for _, c in trick])][0]
        gain, after, over = model.score(trick, winner, pos.counters, self.ours)
        if over:
            hands = [0] * len(hands)
        return Position(tuple(hands), (), winner, after), gain

    def exact(self, pos: Position, card: int, guess: int | None = None) -> int:
        """The exact value for our side of playing ``card`` in ``pos``, the trick it completes included
        (``guess``: a likely value, say another card's, where the search starts)."""
        nxt, gain = self.after(pos, card)
        return gain + self.value(nxt, guess=None if guess is None else guess - gain)

    def values(self, pos: Position, cards: Sequence[int]) -> dict[int, int]:
        """The exact value of each of ``cards`` (legal in ``pos``), as :meth:`exact` gives it, found
        together: first the value of the position, the best card's (MTD(f) over every card at once),
        then each card tested against it, one probe that settles every card as good as the best; the
        others close in from there, starting at the last such card's value. Cheaper than each card
        alone, whose first test is at a guess (Drogue: 21% fewer instructions on deals 7 and 8)."""
        maximise = self.ours[pos.turn]
        top = self.value(pos)
        out = {}
        other: int | None = None  # the value of the last card worse than the best
        for card in cards:
            nxt, gain = self.after(pos, card)
            test = top - gain
            if maximise:
                v = self.probe(nxt, test - 1, test)
                if v >= test:
                    out[card] = top
                    continue
                rest = self.value(nxt, beta=v, guess=v if other is None else other - gain)
            else:
                v = self.probe(nxt, test, test + 1)
                if v <= test:
                    out[card] = top
                    continue
                rest = self.value(nxt, alpha=v, guess=v if other is None else other - gain)
            out[card] = other = gain + rest
        return out

    def line(self, pos: Position, card: int, limit: int = 64) -> list[tuple[int, int]]:
        """The best continuation after ``card``: (seat, card) plays with best play by all, to the deal's end.

        The value of the rest is known at every step, so each step needs only to find the first card (in
        the search's order) that keeps it: one null-window probe per card tried, not an exact value of
        every card (the same line as taking the first card of best exact value)."""
        out: list[tuple[int, int]] = []
        pos, _ = self.after(pos, card)
        target = self.value(pos)
        while pos.hands[pos.turn] and len(out) < limit:
            maximise = self.ours[pos.turn]
            for c in self.choices(list(pos.hands), list(pos.trick), pos.turn):
                nxt, gain = self.after(pos, c)
                rest = target - gain
                if maximise and self.probe(nxt, rest - 1, rest) >= rest:
                    break
                if not maximise and self.probe(nxt, rest, rest + 1) <= rest:
                    break
            else:  # some card keeps the value of a position: a search that says otherwise is wrong
                raise AssertionError("no card keeps the value of the position")
            out.append((pos.turn, c))
            pos, target = nxt, rest
        return out
