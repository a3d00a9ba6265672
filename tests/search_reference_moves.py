# Part of the frozen reference search (tests/search_reference.py; see there): what the search works on (the
# model's protocol, a position, the key of the live cards, the tables of cards that merge), the order cards are
# tried in and the trick's last card, and the plain minimax the search is tested against. Moved here unchanged
# to keep each module under 400 lines; search_reference.Search is built on Moves.
"""The frozen reference search's ground (tests/search_reference.py): models, positions, move order, the last
card of a trick, and plain minimax."""

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


class Moves:
    """Search's move order and its trick's last card (Search sets the attributes they read, named here)."""

    model: TrickModel
    ours: tuple[bool, ...]
    nodes: int
    _priority: list[int]
    _points: list[int]
    _plain: bool
    _ranks: list[list[int]]
    _sorted: dict[int, tuple[int, ...]]
    _left: int
    _orders: dict[tuple[int, int, int | bool], tuple[int, ...]]
    _last: int
    _next: list[int]
    _apart: list[list[int]]
    _follow: Callable[[int, Sequence[int]], tuple[int, int, int]]
    _lead: Callable[..., int]

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

    def _last_card(
        self,
        hands: list[int],
        trick: list[tuple[int, int]],
        cards: list[int],
        seat: int,
        taker: int,
        beat: int,
        choices: Sequence[int],
        counters: Counters,
        alpha: int,
        beta: int,
    ) -> int:
        """:meth:`_play` where ``seat`` plays the trick's last card: each card completes the trick: it takes it
        if in ``beat``, else ``taker`` keeps it; the model scores the trick, the next one is led (here, not in
        a call of its own: a call a node)."""
        ours = self.ours
        mine = ours[seat]
        hand = hands[seat]
        best = -INF if mine else INF
        best_card = -1
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
