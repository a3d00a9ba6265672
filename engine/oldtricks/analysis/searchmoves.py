"""The order the double-dummy search (:mod:`oldtricks.analysis.search`) tries cards in, one card of each class of
equivalent cards: strong leads first, after the leads that cut the search off most before (a history of
cut-offs); a follower's cards that would hold the trick first, cheapest first; where tricks are worth card
points, the most points to a trick our side holds, the fewest to one it loses."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from .searchmodel import TrickModel, TrickStates, bits, merge_tables, places

# the orders cards are tried in (MoveOrder._ranks)
_LEAD, _LOW, _RICH, _POOR = range(4)


class MoveOrder:
    """The state a search keeps (its table, its counts) and the cards it tries at each turn, in order."""

    def __init__(self, model: TrickModel, ours: Sequence[bool], priority: Sequence[int] | None = None) -> None:
        self.model = model
        self.ours = tuple(ours)
        # at a trick boundary: (least, most) the rest of the deal is worth, and the card that did best
        self.table: dict[Any, tuple[int, int, int]] = {}
        self.nodes = 0
        self._priority = list(priority) if priority is not None else [max(model.keys(c)) for c in range(model.cards)]
        self._between, self._never = merge_tables(model)
        pri = self._priority
        # a card's points, where a trick is worth the points in it (none: every trick counts the same)
        points: Sequence[int] = getattr(model, "points", None) or [0] * model.cards
        self._points = list(points)
        self._plain = bool(getattr(model, "plain_points", False))
        self._taker_score = bool(getattr(model, "taker_score", False))  # score reads who takes a trick only
        # the orders cards are tried in, as each card's place (ties by number, so every order is fixed):
        # lead strong cards first; spend the cheapest card that holds the trick, or, last to play, the
        # one with most points; give the fewest points to a trick lost, the most to one our side holds
        self._ranks = [
            places(lambda c: (-pri[c], c), model.cards),  # _LEAD
            places(lambda c: (pri[c], c), model.cards),  # _LOW
            places(lambda c: (-points[c], pri[c], c), model.cards),  # _RICH
            places(lambda c: (points[c], pri[c], c), model.cards),  # _POOR
        ]
        self._best = -1  # the lead _leader found best, for the table
        self._sorted: dict[int, tuple[int, ...]] = {}
        self._position_key: Callable[[Sequence[int]], Hashable] | None = getattr(model, "position_key", None)
        self._codes: dict[tuple[int, ...], int] = {}
        self._limits: dict[tuple[int, ...], tuple[int, int]] = {}  # the model's, by hands, leader and counters
        # the cards live in the trick being searched: every hand at its start, so the trick's cards too
        # (set by _lead and probe, put back when the trick is done): the cards a seat's own merge against
        self._held = 0
        self._left = 0  # the points in play at the start of that trick (plain points)
        self._numbers: dict[Hashable, int] = {}
        self._orders: dict[tuple[int, int, int | bool], tuple[int, ...]] = {}
        self._last = model.seats - 1
        self._history = [0] * model.cards
        self._history_of = self._history.__getitem__  # the sort key of leads (the list changes in place)
        # a model whose leads do better ordered by history says so (Drogue); Drużbart's do not (deals 1-10:
        # 7% fewer nodes, the same CPU time in all, the median deal 1.2 s against 0.95 s without)
        self._by_history = bool(getattr(model, "lead_history", False))
        # ties of history: a model may say that its weak leads are best tried first
        self._lead_order = _LOW if getattr(model, "weak_leads_first", False) else _LEAD
        self._width = model.cards
        self._choices: dict[int, tuple[int, ...]] = {}
        self._seps: dict[int, int] = {}  # for a mask of cards: the live cards that could keep two of them apart
        # for every two cards: a mask that meets the live cards unless the two are equivalent (-1: never)
        self._apart = [
            [-1 if self._never[a][b] else self._between[a][b] for b in range(model.cards)] for a in range(model.cards)
        ]
        self._trick_shape(model)

    def _trick_shape(self, model: TrickModel) -> None:
        """What the search asks of a trick: who plays after whom, and the states of a trick begun."""
        self._next = [model.next_seat(s) for s in range(model.seats)]
        # the seats of a trick in the order they play, from each leader
        self._rounds = [_round(self._next, s) for s in range(model.seats)]
        # the seats that play to a trick before its last, each seat, in order (next_seat goes round every seat)
        self._before = [self._rounds[self._next[s]][:-1] for s in range(model.seats)]
        # legal cards, the cards that would hold the trick, and which card holds it, in one call if the
        # model has it (FollowModel), else from legal(), beating() and winner()
        self._follow: Callable[[int, Sequence[int]], tuple[int, int, int]] = getattr(
            model, "follow", self._follow_generic
        )
        # the states of a trick begun, the model's own where it has them (TrickModel)
        states: Any = model if hasattr(model, "follow_from") else TrickStates(model)
        self._opening: Sequence[int] = states.opening
        self._raised: Mapping[int, Sequence[int]] | Sequence[Sequence[int]] = states.raised
        self._follow_from: Callable[[int, int], tuple[int, int]] = states.follow_from

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

    def _kept(self, order: Sequence[int], live: int, first: int) -> list[int]:
        """:meth:`_merged` with the live cards (of the other hands and of the table) given."""
        if len(order) == 1:
            return [order[0]]
        if first >= 0 and first in order:
            moved = list(order)  # first moved to the front, the others in order
            moved.remove(first)
            moved.insert(0, first)
            order = moved
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

    def _follow_choices(self, key: int, legal: int, beat: int, last: bool, hold: bool, live: int) -> tuple[int, ...]:
        """The cards a follower tries, in order, one of each class of equivalent cards (:meth:`_kept`), kept
        under ``key``, a number that says what fixes them: the ``legal`` cards, which of them would hold
        the trick (``beat``), whether the seat is the trick's ``last``, whether its side ``hold`` s the trick
        so far, and those of the ``live`` cards of the others (never none: the trick's first card) that could
        keep two legal cards apart (:meth:`_separating`). Each probe of a search walks the same positions
        again, and positions that differ only in other live cards share an entry (Drogue, 15 bench deals:
        6,856 made, against 514,456 keyed by every live card)."""
        got = self._choices[key] = (*self._kept(self._follow_order(legal, beat, last, hold), live, -1),)
        return got

    def _separating(self, cards: int) -> int:
        """The cards that, live, could keep two of ``cards`` apart (:meth:`_kept`), kept: a follower's choices
        depend on no other live card, so the positions that differ only in those share them."""
        apart = self._apart
        found = 0
        held = bits(cards)
        for a in held:
            row = apart[a]
            for b in held:
                if b != a and row[b] != -1:
                    found |= row[b]
        self._seps[cards] = found
        return found

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


def _round(nxt: Sequence[int], leader: int) -> list[int]:
    """The seats in the order they play to a trick ``leader`` leads, one a seat (``nxt``: who plays after each)."""
    out = [leader]
    for _ in range(len(nxt) - 1):
        out.append(nxt[out[-1]])
    return out
