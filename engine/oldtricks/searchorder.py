"""The order the double-dummy search (:mod:`oldtricks.search`) tries cards in, and the merging of
equivalent cards: two cards of one hand that no live card of another hand (or of the trick on the
table) separates in any context are searched once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .trickmodel import TrickModel, bits

# the orders cards are tried in (CardOrder._ranks)
_LEAD, _LOW, _RICH, _POOR = range(4)


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


class CardOrder:
    """The cards a seat tries, one per class of equivalent cards, in the order to try them: the part of
    the search (:class:`oldtricks.search.Search`) that orders and merges moves, for one model and one
    choice of "our" side."""

    def __init__(self, model: TrickModel, ours: Sequence[bool], priority: Sequence[int] | None = None) -> None:
        self.model = model
        self.ours = tuple(ours)
        self._priority = list(priority) if priority is not None else [max(model.keys(c)) for c in range(model.cards)]
        self._between, self._never = _merge_tables(model)
        pri = self._priority
        # a card's points, where a trick is worth the points in it (none: every trick counts the same)
        points: Sequence[int] = getattr(model, "points", None) or [0] * model.cards
        self._points = list(points)
        # the orders cards are tried in, as each card's place (ties by number, so every order is fixed):
        # lead strong cards first; spend the cheapest card that holds the trick, or, last to play, the
        # one with most points; give the fewest points to a trick lost, the most to one our side holds
        self._ranks = [
            _places(lambda c: (-pri[c], c), model.cards),  # _LEAD
            _places(lambda c: (pri[c], c), model.cards),  # _LOW
            _places(lambda c: (-points[c], pri[c], c), model.cards),  # _RICH
            _places(lambda c: (points[c], pri[c], c), model.cards),  # _POOR
        ]
        self._sorted: dict[int, tuple[int, ...]] = {}
        self._orders: dict[tuple[int, int, int | bool], tuple[int, ...]] = {}
        self._last = model.seats - 1
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
