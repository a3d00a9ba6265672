"""The nodes of the double-dummy search (:mod:`oldtricks.analysis.search`): fail-soft alpha-beta over single
cards, the transposition table asked at each trick boundary.

A node is one call, of one of three kinds chosen by the seat's place in the trick, each with its own loop
(no call a node to learn what to try, no branch a card on the kind): the lead (:meth:`Nodes._leader`:
leads in the order of history, the table's card first), a follower before the last
(:meth:`Nodes._follower`), and the trick's last card (:meth:`Nodes._closer`: each card scored, the next
trick led from there). :meth:`Nodes._play` picks the kind, for a search that starts inside a trick."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from .searchmodel import Counters, TrickModel, bits
from .searchmoves import MoveOrder

INF = 1 << 20


class OutOfBudget(Exception):
    """A search spent the nodes it was given (its :attr:`Nodes.limit`)."""


class Nodes(MoveOrder):
    """The search's nodes, over the state :class:`~.searchmoves.MoveOrder` keeps. Each node of the three
    kinds checks the search's :attr:`limit` before it starts, and raises :class:`OutOfBudget` once
    :attr:`nodes` has reached it (the strong bots' and the first look's searches are given one, in nodes,
    never a time); a search given none has no end but its own. The check is one comparison a node, in
    the node itself: a limit checked by a call before each node made the bots' searches 15-20% slower."""

    limit = 1 << 62  # none, in effect

    def __init__(self, model: TrickModel, ours: Sequence[bool], priority: Sequence[int] | None = None) -> None:
        super().__init__(model, ours, priority)
        # the node that plays after a follower, by the number of cards on the table before the follower's
        self._deeper = [self._follower] * model.seats
        self._deeper[self._last - 1] = self._closer

    def _lead(self, hands: list[int], leader: int, counters: Counters, alpha: int, beta: int, left: int = -1) -> int:
        """Alpha-beta from a trick boundary (``left``: the points still in play, where the model's tricks
        are worth plain points and the trick before counted them; else the model's limits are asked)."""
        mine = hands[leader]
        if not mine & (mine - 1):
            return self._last_trick(hands, leader, counters) if mine else 0
        # the table's key: the model's key of the hands if it has one (positions its rules cannot tell apart
        # share it), else the hands themselves; the leader; the counters
        key: Hashable
        limits = None
        if self._position_key is None:
            key = (*hands, leader, *counters)
        else:
            code = self._codes.get(frozen := (*hands,))
            if code is None:  # hands not met before: the model's limits first, a position they settle needs no key
                if left < 0:
                    place = (*hands, leader, *counters)  # the limits kept: each probe meets the same positions
                    limits = self._limits.get(place)
                    if limits is None:
                        limits = self._limits[place] = self.model.limits(hands, leader, counters, self.ours)
                    low, high = limits
                    if low >= beta:
                        return low
                    if high <= alpha or low == high:
                        return high
                code = self._number(frozen)
            key = (code, leader, *counters) if counters else code << 4 | leader
        got = self.table.get(key)
        if got is None:  # the model's limits, which the table's bounds hold already where it has the position
            first = -1
            if left >= 0:  # carried from the trick before (plain points)
                low, high = -left, left
            else:
                low, high = limits or self.model.limits(hands, leader, counters, self.ours)
                if self._plain:
                    left = self._points_in(sum(hands))
        else:
            low, high, first = got
            if left < 0 and self._plain:
                left = self._points_in(sum(hands))
        if low >= beta:
            return low
        if high <= alpha or low == high:
            return high
        a, b = max(alpha, low), min(beta, high)
        held, points = self._held, self._left  # the trick this one follows, if any, goes on after it
        self._held = sum(hands)
        self._left = left
        v = self._leader(hands, leader, counters, a, b, first)
        self._held, self._left = held, points
        if v <= a:
            high = min(high, v)
        elif v >= b:
            low = max(low, v)
        else:
            low = high = v
        # the card to try first next time: the one that did best, unless every card failed low (then the
        # best of bounds says little: the card tried first before stays; Drogue deals 1-8: 5% fewer nodes)
        self.table[key] = (low, high, self._best if v > a else first)
        return v

    def _points_in(self, mask: int) -> int:
        """The points of the cards of ``mask`` (plain points)."""
        points = self._points
        return sum(points[c] for c in bits(mask))

    def _number(self, hands: tuple[int, ...]) -> int:
        """The number that stands for the model's key of ``hands`` in the table, kept for these hands (the
        same hands come again in every probe). The model's key stands as a small number of its own, one a
        key: a long int or a tuple is slower to shift and to hash, and the table is asked at every trick."""
        assert self._position_key is not None
        full = self._position_key(hands)
        code = self._numbers.get(full)
        if code is None:
            code = self._numbers[full] = len(self._numbers)
        self._codes[hands] = code
        return code

    def _last_trick(self, hands: list[int], leader: int, counters: Counters) -> int:
        """The value of the deal's last trick, every hand down to one card (so each is played, whatever
        the rules of play): no search."""
        seats = self._rounds[leader]
        cards = []
        points = self._points
        total = 0  # their points
        for seat in seats:
            card = hands[seat].bit_length() - 1
            cards.append(card)
            total += points[card]
        self.nodes += 1
        winner = seats[self._follow(0, cards)[2]]  # the model's winner(), without the call between
        if self._plain:
            return total if self.ours[winner] else -total
        return self.model.score(list(zip(seats, cards, strict=True)), winner, counters, self.ours)[0]

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
        cards alone; the node of the kind the seat's place in the trick asks for (``first``: the card to
        try first, for a lead)."""
        if not cards:
            return self._leader(hands, seat, counters, alpha, beta, first)
        state = self._opening[cards[0]]
        for card in cards[1:]:
            state = self._raised[state][card]
        taker = trick[self._follow(0, cards)[2]][0]
        if len(cards) == self._last:
            return self._closer(hands, cards, seat, counters, alpha, beta, state, taker)
        return self._follower(hands, cards, seat, counters, alpha, beta, state, taker)

    def _leader(self, hands: list[int], seat: int, counters: Counters, alpha: int, beta: int, first: int) -> int:
        """A lead: where the model asks for it, the leads that cut the search off most before first
        (:attr:`_history`), ties in the model's order (sorted() is stable reversed too), ``first`` (the
        table's card) before all; one card of each class of equivalent cards."""
        if self.nodes >= self.limit:
            raise OutOfBudget
        self.nodes += 1
        mine = self.ours[seat]
        hand = hands[seat]
        ranked: Sequence[int] = self._in_order(hand, self._lead_order)
        if self._by_history:
            ranked = sorted(ranked, key=self._history_of, reverse=True)
        nxt = self._next[seat]
        deeper = self._closer if self._last == 1 else self._follower
        opening = self._opening
        best = -INF if mine else INF
        best_card = -1
        for card in self._kept(ranked, self._held ^ hand, first):
            hands[seat] = hand ^ 1 << card
            v = deeper(hands, [card], nxt, counters, alpha, beta, opening[card], seat)
            hands[seat] = hand
            if v > best if mine else v < best:
                best, best_card = v, card
                if v >= beta if mine else v <= alpha:  # a cut-off
                    self._history[card] += 1 << 3 * hand.bit_count()
                    break
                if mine:  # the window narrows
                    alpha = v if v > alpha else alpha
                else:
                    beta = v if v < beta else beta
        self._best = best_card
        return best

    def _follower(
        self,
        hands: list[int],
        cards: list[int],
        seat: int,
        counters: Counters,
        alpha: int,
        beta: int,
        state: int,
        taker: int,
    ) -> int:
        """A card to a trick begun, not its last (``cards``: the trick's so far; ``state``: the trick's, as the
        model numbers it; ``taker``: the seat that holds it so far). A single legal card is played without
        the loop (its value is the node's)."""
        if self.nodes >= self.limit:
            raise OutOfBudget
        self.nodes += 1
        hand = hands[seat]
        legal, beat = self._follow_from(hand, state)
        nxt = self._next[seat]
        deeper = self._deeper[len(cards)]
        if not legal & (legal - 1):  # one card: its value, no order and no window to keep
            card = legal.bit_length() - 1
            hands[seat] = hand ^ legal
            cards.append(card)
            taker = seat if beat & legal else taker
            v = deeper(hands, cards, nxt, counters, alpha, beta, self._raised[state][card], taker)
            cards.pop()
            hands[seat] = hand
            return v
        ours = self.ours
        mine = ours[seat]
        width = self._width
        live = self._held ^ hand
        hold = ours[taker] == mine
        apart = self._seps.get(legal)
        if apart is None:
            apart = self._separating(legal)
        key = ((legal << 2 | hold) << width | legal & beat) << width | live & apart  # see _follow_choices
        choices = self._choices.get(key) or self._follow_choices(key, legal, beat, False, hold, live)
        raised = self._raised[state]
        best = -INF if mine else INF
        for card in choices:
            hands[seat] = hand ^ 1 << card
            cards.append(card)
            v = deeper(hands, cards, nxt, counters, alpha, beta, raised[card], seat if beat >> card & 1 else taker)
            cards.pop()
            hands[seat] = hand
            if v > best if mine else v < best:
                best = v
                if v >= beta if mine else v <= alpha:  # a cut-off
                    break
                if mine:  # the window narrows
                    alpha = v if v > alpha else alpha
                else:
                    beta = v if v < beta else beta
        return best

    def _closer(
        self,
        hands: list[int],
        cards: list[int],
        seat: int,
        counters: Counters,
        alpha: int,
        beta: int,
        state: int,
        taker: int,
    ) -> int:
        """The trick's last card: each completes it (takes it if in ``beat``, else ``taker`` keeps it), the model
        scores it (handed its plays: no node keeps them) and the next trick is led here, not in a call a node."""
        if self.nodes >= self.limit:
            raise OutOfBudget
        self.nodes += 1
        ours = self.ours
        mine = ours[seat]
        hand = hands[seat]
        legal, beat = self._follow_from(hand, state)
        if legal & (legal - 1):
            width = self._width
            live = self._held ^ hand
            hold = ours[taker] == mine
            if (apart := self._seps.get(legal)) is None:
                apart = self._separating(legal)
            key = ((legal << 2 | 2 | hold) << width | legal & beat) << width | live & apart  # see _follow_choices
            choices = self._choices.get(key) or self._follow_choices(key, legal, beat, True, hold, live)
        else:
            choices = (legal.bit_length() - 1,)
        lead, plain, points = self._lead, self._plain, self._points
        if plain:
            on_table = 0  # the points of the trick's cards so far
            for c in cards:
                on_table += points[c]
            left = self._left - on_table  # the points left after the trick, its last card's too
        else:  # the trick as (seat, card) plays, for the model's score: the seats that play to it, this one last
            score = self.model.score  # (if it reads no card of the trick, its last play only)
            trick = [(seat, -1)] if self._taker_score else [*zip(self._before[seat], cards, strict=True), (seat, -1)]
        best = -INF if mine else INF
        for card in choices:
            hands[seat] = hand ^ 1 << card
            winner = seat if beat >> card & 1 else taker
            if plain:
                gain = on_table + points[card] if ours[winner] else -on_table - points[card]
                v = gain + lead(hands, winner, counters, alpha - gain, beta - gain, left - points[card])
            else:
                trick[-1] = seat, card
                gain, after, over = score(trick, winner, counters, ours)
                v = gain if over else gain + lead(hands, winner, after, alpha - gain, beta - gain)
            hands[seat] = hand
            if v > best if mine else v < best:
                best = v
                if v >= beta if mine else v <= alpha:  # a cut-off
                    break
                if mine:  # the window narrows
                    alpha = v if v > alpha else alpha
                else:
                    beta = v if v < beta else beta
        return best
