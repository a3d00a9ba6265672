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
  most points to a trick our side holds, the fewest to one it loses; where the model asks for it
  (``lead_history``), a lead, after the table's card, by history: the leads that cut the search off
  before come first, each cut weighted by the cards left (8 to a power of them: a cut high in the tree
  saves more), the model's priority breaking ties (Drogue, deals 1-8: 24% fewer nodes; Drużbart's
  median deal took longer so; a follower's order by history or by the last cut-off made the search
  larger, its own rules of thumb are better there);
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

from collections.abc import Callable, Sequence
from typing import Any

from ..core.game import Game
from ..core.moves import Move
from .searchmodel import Counters, LiveKey, Position, TrickModel, bits
from .searchnodes import INF, Nodes, OutOfBudget

__all__ = [
    "INF",
    "Counters",
    "LiveKey",
    "OutOfBudget",
    "Position",
    "Search",
    "TrickModel",
    "bits",
    "brute_force",
    "minimax_moves",
]

_NARROW = 4  # bounds this close: test at the last bound, as MTD(f) does


class Search(Nodes):
    """Alpha-beta with a transposition table, for one model and one choice of "our" side."""

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

    def line(self, pos: Position, card: int, limit: int = 64, value: int | None = None) -> list[tuple[int, int]]:
        """The best continuation after ``card``: (seat, card) plays with best play by all, to the deal's end
        (``value``: the card's value, as :meth:`exact` or :meth:`values` gives it, where it is known; else
        it is found first, a few probes more: Drużbart, deals 1-8, 6% of the nodes of a whole analysis).

        The value of the rest is known at every step, so each step needs only to find the first card (in
        the search's order) that keeps it: one null-window probe per card tried, not an exact value of
        every card (the same line as taking the first card of best exact value)."""
        out: list[tuple[int, int]] = []
        pos, gain = self.after(pos, card)
        target = self.value(pos) if value is None else value - gain
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


# -- the reference: plain minimax over the game's own rules --------------------------------------------
def brute_force(
    game: Game[Any],
    state: Any,
    ours: Callable[[int], bool],
    done: Callable[[Any], bool],
    value: Callable[[Any], int],
) -> int:
    """Plain minimax through ``game.legal_moves`` and ``game.apply``, no pruning and no table: the value
    ``value(state)`` of the first state where ``done(state)``, with best play by all (``ours(seat)`` says
    who maximises). For tests on small endings only."""
    if done(state):
        return value(state)
    seat = game.to_play(state)
    assert seat is not None
    results = [brute_force(game, game.apply(state, m)[0], ours, done, value) for m in game.legal_moves(state)]
    return max(results) if ours(seat) else min(results)


def minimax_moves(
    game: Game[Any],
    state: Any,
    ours: Callable[[int], bool],
    done: Callable[[Any], bool],
    value: Callable[[Any], int],
) -> dict[Move, int]:
    """:func:`brute_force`'s value of each legal move in ``state``."""
    return {m: brute_force(game, game.apply(state, m)[0], ours, done, value) for m in game.legal_moves(state)}
