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
from dataclasses import dataclass
from typing import Any, Protocol

from oldtricks.core.game import Game
from oldtricks.core.moves import Move

INF = 1 << 20
# the orders cards are tried in (Search._ranks)
_LEAD, _LOW, _RICH, _POOR = range(4)
_NARROW = 4  # bounds this close: test at the last bound, as MTD(f) does
Counters = tuple[int, ...]


class TrickModel(Protocol):
    """A game's rules of play in a fast form, over card numbers ``0 .. cards - 1``.

    A model may also have ``follow(hand, trick) -> (legal, beating, holder)``: for a trick begun, what
    ``legal``, ``beating`` and ``winner`` (of the cards so far) say, in one call; the search asks it once
    a follower (its legal(), beating() and winner() read the same pass, so the tests of those test it).
    A model whose ``score`` is only the points of the trick's cards (its ``points``) to the side that takes
    it, the counters never changing and the deal never stopping before the cards run out, says so with
    ``plain_points = True``: the search then adds the points itself, without a call a trick (the tests
    check that ``score`` says the same), and bounds the rest of the deal by the points left, kept from
    trick to trick, without asking ``limits`` (which may say no less)."""

    seats: int
    cards: int

    def next_seat(self, seat: int) -> int:
        """Who plays after ``seat`` within a trick."""
        ...

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The bit mask of cards of ``hand`` (a bit mask) that may be played to ``trick`` (cards in play order)."""
        ...

    def winner(self, trick: Sequence[int]) -> int:
        """Index in ``trick`` (a whole trick, in play order) of the card that takes it."""
        ...

    def beating(self, trick: Sequence[int]) -> int:
        """The bit mask of cards that, played next to ``trick`` (not empty), would hold it: the card
        ``winner`` names at the index after the last (the search sorts a follower's cards by it)."""
        ...

    def score(
        self, trick: Sequence[tuple[int, int]], winner: int, counters: Counters, ours: Sequence[bool]
    ) -> tuple[int, Counters, bool]:
        """A finished trick of (seat, card) plays, taken by seat ``winner``: what it gains the side marked
        in ``ours``, the counters after it, and whether the deal stops there."""
        ...

    def keys(self, card: int) -> tuple[int, ...]:
        """The card's strength in every context (say, each suit led); equal keys never separate cards."""
        ...

    def kind(self, card: int) -> int:
        """Cards of different kinds (suit in play, points) are never merged."""
        ...

    def limits(self, hands: Sequence[int], leader: int, counters: Counters, ours: Sequence[bool]) -> tuple[int, int]:
        """The least and the most our side can still gain from a trick boundary with these hands left and
        ``leader`` to lead (sure tricks may narrow it)."""
        ...


@dataclass(frozen=True, slots=True)
class Position:
    """A position for the search: hands as bit masks per seat, the trick so far as (seat, card), the seat
    to play, and the model's counters (tricks taken, lines left...)."""

    hands: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    turn: int
    counters: Counters


class LiveKey:
    """A compact key of the hands at a trick boundary that forgets which cards went from play: who
    holds how many cards of each class still live, the classes in a fixed order. ``classes`` are
    (mask, what) pairs: the cards the rules cannot tell apart, and a number for what they are (a suit,
    points, a matador...). A model may use it as its ``position_key`` when its rules only compare the
    cards' order in that list and ask what they are: then a card that is now the lowest of its suit
    left plays as the lowest of its suit, whichever card it is.

    ``part(what)``, if given, splits the order into runs of consecutive classes that no sequence of
    live classes can run across (a suit, where ``what`` says the suit): the key is then one small number
    per run, each found once for the cards of that run in each hand and kept, instead of a walk over
    every class at every new set of hands."""

    def __init__(self, classes: Sequence[tuple[int, int]], part: Callable[[int], int] | None = None) -> None:
        self.classes = [(mask, what, mask.bit_count() > 1) for mask, what in classes]
        self.shift = max(what for _, what in classes).bit_length()
        runs: list[list[tuple[int, int, bool]]] = []
        for cls in self.classes:
            if not runs or (part is not None and part(cls[1]) != part(runs[-1][-1][1])):
                runs.append([])
            runs[-1].append(cls)
        # each run: the mask of its cards, its classes, and the number of each code met (by the hands' cards
        # in the run, and by the code itself)
        self._runs: list[tuple[int, list[tuple[int, int, bool]], dict[tuple[int, ...], int], dict[int, int]]] = [
            (sum(m for m, _, _ in run), run, {}, {}) for run in runs
        ]

    def __call__(self, hands: Sequence[int]) -> Hashable:
        if len(self._runs) == 1:  # no parts: the walk over every class (the search keeps it by the hands)
            return self._code(self.classes, hands)
        out = []
        for mask, run, seen, numbers in self._runs:
            held = (*map(mask.__and__, hands),)
            number = seen.get(held)
            if number is None:
                code = self._code(run, held)
                number = seen[held] = numbers.setdefault(code, len(numbers))
            out.append(number)
        return (*out,)

    def _code(self, classes: Sequence[tuple[int, int, bool]], hands: Sequence[int]) -> int:
        """The classes still live, in order, each with what it is and who holds its cards, as one number."""
        live = sum(hands)  # the hands are disjoint masks
        shift = self.shift
        code = 1
        for mask, what, many in classes:
            if not live & mask:
                continue
            code = code << shift | what
            if many:
                for hand in hands:
                    code = code << 4 | (hand & mask).bit_count()
            else:
                seat = 0
                while not hands[seat] & mask:
                    seat += 1
                code = code << 2 | seat
        return code


def bits(mask: int) -> list[int]:
    """The card numbers set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _places(key: Callable[[int], Any], n: int) -> list[int]:
    """Each card's place in the order of cards ``0 .. n - 1`` sorted by ``key``."""
    out = [0] * n
    for place, card in enumerate(sorted(range(n), key=key)):
        out[card] = place
    return out


_MergeTables = tuple[list[list[int]], list[list[bool]]]
# made once per set of keys and kinds: a new game of the same options (the bench makes one per deal,
# the live engine one per page) finds its tables made
_TABLES: dict[tuple[Any, ...], _MergeTables] = {}


def _merge_tables(model: TrickModel) -> _MergeTables:
    """For every two cards a, b: the cards that separate them in some context (a card as strong as one of
    them but not the other, or between them), and whether their kinds forbid merging them at all.
    Computed once per set of the model's keys and kinds."""
    shape = tuple((model.keys(c), model.kind(c)) for c in range(model.cards))
    got = _TABLES.get(shape)
    if got is not None:
        return got
    n = model.cards
    keys = [model.keys(c) for c in range(n)]
    kinds = [model.kind(c) for c in range(n)]
    between = [[0] * n for _ in range(n)]
    never = [[kinds[a] != kinds[b] for b in range(n)] for a in range(n)]
    # in each context, the cards of each strength
    at: list[dict[int, int]] = []
    for k in range(len(keys[0])):
        row: dict[int, int] = {}
        for x in range(n):
            row[keys[x][k]] = row.get(keys[x][k], 0) | 1 << x
        at.append(row)
    for a in range(n):
        for b in range(a + 1, n):
            mask = 0
            for k, (ka, kb) in enumerate(zip(keys[a], keys[b], strict=True)):
                if ka != kb:
                    low, high = min(ka, kb), max(ka, kb)
                    for strength, cards in at[k].items():
                        if low <= strength <= high:
                            mask |= cards
            between[a][b] = between[b][a] = mask & ~(1 << a | 1 << b)
    _TABLES[shape] = between, never
    return between, never


class Search:
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

    def priority(self, card: int) -> int:
        """The order cards are tried in: higher first."""
        return self._priority[card]

    # -- moves ------------------------------------------------------------------------------------------
    def choices(self, hands: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, first: int = -1) -> list[int]:
        """The legal cards of ``seat``, one per class of equivalent cards, in the order to try them
        (``first``, if legal: the card the table says did best here before, tried first)."""
        cards = [c for _, c in trick]
        if not cards:
            return self._merged(self._in_order(hands[seat], _LEAD), hands, seat, 0, first)
        legal, beat, holder = self._follow(hands[seat], cards)
        order = self._follow_order(
            legal, beat, len(cards) == self._last, self.ours[trick[holder][0]] == self.ours[seat]
        )
        return self._merged(order, hands, seat, self._mask(cards), first)

    @staticmethod
    def _mask(cards: Sequence[int]) -> int:
        mask = 0
        for c in cards:
            mask |= 1 << c
        return mask

    def _merged(self, order: tuple[int, ...], hands: Sequence[int], seat: int, table: int, first: int) -> list[int]:
        """``order`` with ``first`` (if in it) moved to the front, one card kept per class of equivalent
        cards: no live card of another hand or of the trick on the table (``table``) separates them."""
        return self._kept(order, (sum(hands) - hands[seat]) | table, first)  # the hands are disjoint masks

    def _kept(self, order: tuple[int, ...], live: int, first: int) -> list[int]:
        """:meth:`_merged` with the live cards (of the other hands and of the table) given."""
        if len(order) == 1:
            return [order[0]]
        if first >= 0 and first in order:
            order = (first, *(c for c in order if c != first))
        kept: list[int] = []
        apart = self._apart
        for c in order:
            row = apart[c]
            for k in kept:
                if not row[k] & live:
                    break
            else:
                kept.append(c)
        return kept

    def _follow_order(self, legal: int, beat: int, last: int | bool, ours_hold: bool) -> tuple[int, ...]:
        """Cards that would hold the trick (``beat``) first, cheapest first, then the others, fewest points
        first; last to play: the most points first to a trick our side takes (``ours_hold``: our side
        holds it so far)."""
        if last and ours_hold:
            return self._in_order(legal, _RICH)
        win = legal & beat
        key = (win, legal, last)  # not one long int of the three: slower to make and to hash
        got = self._orders.get(key)
        if got is None:
            got = self._orders[key] = self._in_order(win, _RICH if last else _LOW) + self._in_order(legal ^ win, _POOR)
        return got

    def _in_order(self, mask: int, order: int) -> tuple[int, ...]:
        """The cards of ``mask`` in the order ``order`` (_LEAD, _LOW, _RICH, _POOR), kept: the same masks
        come again all through a search."""
        key = mask << 2 | order
        got = self._sorted.get(key)
        if got is None:
            got = self._sorted[key] = tuple(sorted(bits(mask), key=self._ranks[order].__getitem__))
        return got

    def _follow_generic(self, hand: int, cards: Sequence[int]) -> tuple[int, int, int]:
        model = self.model
        return model.legal(hand, cards), model.beating(cards), model.winner(cards)

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

    def _last_trick(self, hands: list[int], leader: int, counters: Counters) -> int:
        """The value of the deal's last trick, every hand down to one card (so each is played, whatever
        the rules of play): no search."""
        model = self.model
        trick = []
        cards = []
        seat = leader
        nxt = self._next
        for _ in range(model.seats):
            card = hands[seat].bit_length() - 1
            trick.append((seat, card))
            cards.append(card)
            seat = nxt[seat]
        self.nodes += 1
        winner = trick[model.winner(cards)][0]
        if self._plain:
            total = sum(map(self._points.__getitem__, cards))
            return total if self.ours[winner] else -total
        return model.score(trick, winner, counters, self.ours)[0]

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
            if last:  # each card completes the trick: it takes it if in ``beat``, else ``taker`` keeps it;
                # the model scores the trick, the next one is led (here, not in a call of its own: a call a node)
                score = self.model.score
                lead = self._lead
                plain = self._plain
                points = self._points
                on_table = 0  # the points of the trick's cards so far (plain points)
                for c in cards:
                    on_table += points[c]
                left = self._left - on_table  # the points left after the trick, its last card's too
                for card in choices:
                    winner = seat if beat >> card & 1 else taker
                    hands[seat] = hand ^ 1 << card
                    if plain:
                        gain = on_table + points[card] if ours[winner] else -on_table - points[card]
                        v = gain + lead(hands, winner, counters, alpha - gain, beta - gain, left - points[card])
                    else:
                        trick.append((seat, card))
                        gain, after, over = score(trick, winner, counters, ours)
                        trick.pop()
                        v = gain if over else gain + lead(hands, winner, after, alpha - gain, beta - gain)
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
