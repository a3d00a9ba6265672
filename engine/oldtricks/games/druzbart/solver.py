"""The double-dummy solver for Drużbart and Clock Druzbart: the rules of play over card numbers, for
:mod:`oldtricks.analysis.search`.

The fast form is built from :class:`~.ranking.Ranking` (the one place the ranking lives): a card's
power unled and led, so heading (druzbart.head) and the holder of a trick (druzbart.all-duds,
druzbart.seven) are read from the same numbers. ``tests/test_solver_druzbart.py`` checks it against
``legal_moves`` and ``apply`` on every trick of many random games. The search's table is keyed by
``DruzbartModel.position_key``, which keeps of the hands only what the rules can see (the order of
powers, not the cards gone from play); the tests check that it changes no value.

* Drużbart: the value of a move is the mover's side's tricks minus the other side's when the deal
  stops (druzbart.end: as soon as a side has five).
* Clock Druzbart: the mover's own tricks at the end of the deal, the two others playing against him;
  the deal stops at the trick in which a player erases his last line (clock.end.at-once), so the lines
  (and the lines chalked back for lost matadors, clock.lines.matador) are counted too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...analysis.movevalues import Analysis, rank_ahead, rank_moves
from ...analysis.search import Counters, LiveKey, Position, Search
from ...core.i18n import N_, _, ngettext
from ...core.moves import Move
from ...errors import AnalysisError
from .rules import TRICKS_TO_WIN
from .runs import run_least, side_run
from .state import DruzbartState

if TYPE_CHECKING:
    from ...analysis.slices import Slices

# The game is typed loosely here: the game module imports this one (on first use), and a type-only
# import back would be an import circle (tests/test_imports.py).
GameLike = Any


CLOCK_NOTE = N_(  # worded where shown: _(CLOCK_NOTE)
    "With three players there is no single best play: each value assumes the two others play together"
    " against the mover, which they need not do."
)


class DruzbartModel:
    """Drużbart's rules of play over card numbers (the pack's order)."""

    def __init__(self, game: GameLike) -> None:
        self.game = game
        self.deck = game.pack.cards
        self.cards = len(self.deck)
        self.seats = game.num_seats
        r = game.ranking
        self.unled = [r.power(c) for c in self.deck]
        self.led = [r.power(c, led=True) for c in self.deck]
        self.matador = [r.is_matador(c) for c in self.deck]
        # above[t]: the cards whose power, played after the lead, is more than t (they head the trick)
        self._above = {t: sum(1 << c for c in range(self.cards) if self.unled[c] > t) for t in {*self.unled, *self.led}}
        # druzbart.seven: a led Seven beaten by nothing, or (gracz) by the matadors only
        self._sevens = sum(1 << c for c in range(self.cards) if self.led[c] > self.unled[c])
        seven = max((self.led[c] for c in range(self.cards) if self.led[c] > self.unled[c]), default=0)
        self._beat_seven = sum(1 << c for c in range(self.cards) if self.unled[c] > seven)
        ladder = sorted((c for c in range(self.cards) if self.unled[c] > 0), key=self.unled.__getitem__)
        self._ladder = ladder  # the beaters, weakest first
        # the beaters of a card mask as a mask of their places in the ladder (bit i: the i-th weakest beater),
        # read twelve cards of the mask at a time: the strongest beater of a mask is the highest bit
        if self.cards > 36:
            raise AnalysisError(f"the solver plays Drużbart's packs of 32 and 36 cards, not {self.cards}")
        self._rank_parts = _rank_parts(tuple(ladder))
        # the states of a trick begun, for the search (TrickModel): the power of the card that holds it
        tops = sorted({*self.unled, *self.led})
        number = {t: i for i, t in enumerate(tops)}
        self._beats = [self._above[t] for t in tops]
        self.opening = [number[p] for p in self.led]
        self.raised = [[number[p] if p > t else i for p in self.unled] for i, t in enumerate(tops)]
        self.clock = game.num_sides == 3
        # score reads of a trick who takes it, not its cards (the search need not hand it every play), but
        # in Clock Druzbart which matadors the others lost (clock.lines.matador)
        self.taker_score = not self.clock
        self.position_key = self._rank_classes()
        self._side = [game.side_of(s) for s in range(self.seats)] if not self.clock else []
        # each seat's partner, where every side is two partners (the top cards may pass between them)
        partners = [game.partner(s) for s in range(self.seats)]
        self._partner: list[int] = [] if self.clock or None in partners else partners
        if self.clock:
            self._cost = int(game.options["matador_lost"])
            # clock.end: under the literal reading a player's fifth trick ends the deal too
            self._five = game.options.get("end", "five") == "five"

    def _rank_classes(self) -> LiveKey:
        """The search's table key: the cards the rules cannot tell apart, one class each (same power
        unled and led, both matadors or neither), weakest first. Every rule of play compares powers
        (druzbart.head, druzbart.seven) or asks whether a card is a matador (clock.lines.matador), so
        cards gone from play leave no trace: what a class is says whether it is a Seven, led stronger
        than it follows, a matador, and whether it beats a led Seven."""
        seven = max((self.led[c] for c in range(self.cards) if self.led[c] > self.unled[c]), default=0)
        groups: dict[tuple[int, int, bool], int] = {}
        for c in range(self.cards):
            key = (self.unled[c], self.led[c], self.matador[c])
            groups[key] = groups.get(key, 0) | 1 << c
        return LiveKey(
            [
                (mask, (led > unled) * 4 + matador * 2 + (unled > seven))
                for (unled, led, matador), mask in sorted(groups.items())
            ]
        )

    def next_seat(self, seat: int) -> int:
        return int((seat + 1) % self.seats)

    def follow(self, hand: int, trick: Sequence[int]) -> tuple[int, int, int]:
        """For a trick begun (``trick``, cards in play order): the cards of ``hand`` that may be played, the
        cards that would head the trick, and the index of the card that holds it so far (the led card
        counted as led: druzbart.seven), in one pass, which legal(), beating() and winner() also read."""
        holder, top = 0, self.led[trick[0]]
        for i in range(1, len(trick)):
            p = self.unled[trick[i]]
            if p > top:
                holder, top = i, p
        beat = self._above[top]  # a card above the one holding the trick
        return hand & beat or hand, beat, holder  # druzbart.head: head it if you can

    def follow_from(self, hand: int, state: int) -> tuple[int, int]:
        """:meth:`follow`'s legal cards and cards that would head the trick, from the trick's state."""
        beat = self._beats[state]
        return hand & beat or hand, beat  # druzbart.head

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        return self.follow(hand, trick)[0] if trick else hand  # druzbart.lead: any card leads

    def beating(self, trick: Sequence[int]) -> int:
        return self.follow(0, trick)[1]

    def winner(self, trick: Sequence[int]) -> int:
        return self.follow(0, trick)[2]

    def score(
        self, trick: Sequence[tuple[int, int]], winner: int, counters: Counters, ours: Sequence[bool]
    ) -> tuple[int, Counters, bool]:
        if not self.clock:
            # each seat's side, asked of the game once
            after = (counters[0], counters[1] + 1) if self._side[winner] else (counters[0] + 1, counters[1])
            return (1 if ours[winner] else -1), after, after[0] >= TRICKS_TO_WIN or after[1] >= TRICKS_TO_WIN
        n = self.seats
        tricks, lines = list(counters[:n]), list(counters[n:])
        tricks[winner] += 1
        lines[winner] -= 1  # clock.lines
        for seat, card in trick:
            if seat != winner and self.matador[card]:
                lines[seat] += self._cost  # clock.lines.matador
        over = lines[winner] == 0 or (self._five and tricks[winner] >= TRICKS_TO_WIN)  # clock.end.at-once, clock.end
        return int(ours[winner]), (*tricks, *lines), over

    def limits(self, hands: Sequence[int], leader: int, counters: Counters, ours: Sequence[bool]) -> tuple[int, int]:
        left = hands[leader].bit_count()
        live = sum(hands)  # the hands are disjoint masks
        holder, run, tops = self.top_run(hands, live)
        mine = hands[leader]
        # the leader's Sevens led win if no card of another hand can beat them (druzbart.seven)
        safe = 0 if (live ^ mine) & self._beat_seven else (mine & self._sevens).bit_count()
        if self.clock:
            # the leader's sure tricks, his safe Sevens and his run; clock.end.at-once: they stop when he
            # erases his last line
            sure = safe + run if holder == leader else safe
            lines = counters[self.seats + leader]
            if self._five:  # clock.end: ... and at his fifth trick
                lines = min(lines, TRICKS_TO_WIN - counters[leader])
            return (min(sure, lines) if ours[leader] else 0), left - (0 if ours[leader] else sure)
        # druzbart.end: a side can still win at most the tricks it lacks of five, and lose those the other lacks
        side = 0 if ours[0] else 1
        need, give = TRICKS_TO_WIN - counters[side], TRICKS_TO_WIN - counters[1 - side]
        if not ours[leader]:
            need, give = give, need  # from here on, the leader's side's
        # the holder of the strongest beater plays it to the first trick not led by a Seven it cannot beat
        # (nothing heads it, and a hand may head with any card that does: druzbart.head), then leads the
        # rest of his run. His side leading: the leader's safe Sevens first, then any lead is his side's
        # trick; else the leader's side wins no trick before but its leader's Sevens led first.
        ally = holder >= 0 and ours[holder] == ours[leader]
        first = 0 if ally else safe  # the tricks the others may win first
        if ally:
            run += safe
        if tops is not None:  # both partners hold top cards: the lead may go from one to the other
            run = max(run, side_run(tops, leader == holder if ally else None, safe if ally else first, left))
        least = run_least(run if ally else safe, 0, left, need, give)  # the leader's side's
        most = min(left, need)
        if holder >= 0 and not ally:
            most = min(most, -run_least(run, first, left, give, need))
        return (least, most) if ours[leader] else (-most, -least)

    def top_run(self, hands: Sequence[int], live: int) -> tuple[int, int, list[list[int]] | None]:
        """The seat that holds the strongest beater left (-1: none left), his run (his beaters, strongest
        first, that no card of another hand comes between: nothing can head them, druzbart.head), and,
        where his partner holds some of his side's top cards too (the beaters above all of the other
        side's), the two partners as :func:`.runs.side_run` has them: their top cards (ladder places), their
        Sevens, their other cards; the holder first."""
        p0, p1, p2 = self._rank_parts
        ranked = p0[live & 4095] | p1[live >> 12 & 4095] | p2[live >> 24]
        if not ranked:
            return -1, 0, None
        top = self._ladder[ranked.bit_length() - 1]
        seat = 0
        while not hands[seat] >> top & 1:
            seat += 1
        mine = hands[seat]
        own = p0[mine & 4095] | p1[mine >> 12 & 4095] | p2[mine >> 24]
        below = (ranked ^ own).bit_length()  # the place above the strongest beater of another hand
        run = (own >> below).bit_count()
        if not self._partner or not below:
            return seat, run, None
        hand = hands[self._partner[seat]]
        if not hand >> self._ladder[below - 1] & 1:  # that beater is the other side's: no top card of the partner
            return seat, run, None
        its = p0[hand & 4095] | p1[hand >> 12 & 4095] | p2[hand >> 24]
        floor = (ranked ^ own ^ its).bit_length()  # the top cards: the places above the other side's strongest
        players = []
        for held, cards in ((own, mine), (its, hand)):
            tops = held >> floor << floor
            sevens = (cards & self._sevens).bit_count()
            players.append([tops, sevens, cards.bit_count() - tops.bit_count() - sevens])
        return seat, run, players

    def keys(self, card: int) -> tuple[int, ...]:
        return self.unled[card], self.led[card]

    def kind(self, card: int) -> int:
        # every trick counts one, whatever is in it; but in Clock Druzbart a matador lost costs lines
        # (clock.lines.matador), so a matador is never searched as one with a plain card
        return int(self.clock and self.matador[card])

    # -- positions ----------------------------------------------------------------------------------
    def position(self, state: DruzbartState) -> Position:
        if state.turn is None or state.dealing:
            raise AnalysisError(f"{self.game.title}: no card to play here (the deal is over)")
        index = {c: i for i, c in enumerate(self.deck)}
        hands = tuple(sum(1 << index[c] for c in hand) for hand in state.hands)
        trick = tuple((s, index[c]) for s, c in state.table)
        counters = (*state.tricks, *state.lines) if self.clock else tuple(state.tricks)
        return Position(hands, trick, state.turn, counters)

    def ours(self, seat: int) -> list[bool]:
        if self.clock:
            return [s == seat for s in range(self.seats)]
        return [self.game.side_of(s) == self.game.side_of(seat) for s in range(self.seats)]

    def move(self, seat: int, card: int) -> Move:
        return Move(seat, "play", self.deck[card])


_RANK_PARTS: dict[tuple[int, ...], list[list[int]]] = {}  # made once per ladder (a new game finds its own made)


def _rank_parts(ladder: tuple[int, ...]) -> list[list[int]]:
    """For each twelve cards of the pack (0-11, 12-23, 24-35): every mask of them as the mask of their places
    in ``ladder`` (the beaters, weakest first; bit i: the i-th), cards not in it left out."""
    got = _RANK_PARTS.get(ladder)
    if got is None:
        place = {c: i for i, c in enumerate(ladder)}
        got = _RANK_PARTS[ladder] = []
        for start in range(0, 36, 12):
            part = [0] * 4096
            for mask in range(1, 4096):
                low = mask & -mask
                card = start + low.bit_length() - 1
                part[mask] = part[mask ^ low] | (1 << place[card] if card in place else 0)
            got.append(part)
    return got


def model_of(game: GameLike) -> DruzbartModel:
    """The game's fast model, made once per game (the search's merge tables hang on it)."""
    model = game.__dict__.get("_solver_model")
    if model is None:
        model = game.__dict__["_solver_model"] = DruzbartModel(game)
    assert isinstance(model, DruzbartModel)
    return model


def searcher(model: DruzbartModel, seat: int, slices: Slices | None = None) -> Search:
    """A search whose side is ``seat``'s (his team, or in Clock Druzbart himself), strong cards tried first;
    the one ``slices`` keeps where given (a table worked out a slice at a time, :mod:`oldtricks.analysis.slices`)."""
    priority = [max(model.unled[c], model.led[c]) for c in range(model.cards)]
    if slices is not None:
        return slices.search(model, model.ours(seat), priority)
    return Search(model, model.ours(seat), priority)


def _search(game: GameLike, state: DruzbartState) -> tuple[DruzbartModel, Position, Search]:
    """The model, the position and the search (its side the mover's) for ``state``."""
    model = model_of(game)
    pos = model.position(state)
    return model, pos, searcher(model, pos.turn)


def first_look(game: GameLike, state: DruzbartState) -> Analysis | None:
    """Every legal card valued over the next few tricks only, while :func:`analyse` works (None where
    the whole deal is quick to value: :func:`~oldtricks.analysis.ahead.look_ahead`)."""
    model, pos, search = _search(game, state)
    got = rank_ahead(search, pos, model.move)
    if got is None:
        return None
    depth, moves = got
    names, seat = game.seat_names(), pos.turn
    if model.clock:
        measure = ngettext(
            "the tricks {seat}, to play, takes in the next trick only, the two others playing against him",
            "the tricks {seat}, to play, takes in the next {count} tricks only, the two others playing against him",
            depth,
        ).format(seat=names[seat], count=depth)
    else:
        side = game.side_of(seat)
        pair = _(" and ").join(name for s, name in enumerate(names) if game.side_of(s) == side)
        measure = ngettext(
            "the tricks of {side}, the side to play, minus the other side's, in the next {count} trick only",
            "the tricks of {side}, the side to play, minus the other side's, in the next {count} tricks only",
            depth,
        ).format(side=pair, count=depth)
    return Analysis(seat, measure, moves, ahead=depth)


def analyse(game: GameLike, state: DruzbartState) -> Analysis:
    """Every legal card with its value under best play by all (see the module's docstring)."""
    model, pos, search = _search(game, state)
    seat = pos.turn
    names = game.seat_names()
    if model.clock:
        have = state.tricks[seat]
        who = names[seat]

        def clock_text(v: int) -> str:
            text = ngettext(
                "with the two others playing their best against {seat}, {seat} takes {count} trick",
                "with the two others playing their best against {seat}, {seat} takes {count} tricks",
                v,
            )
            return text.format(seat=who, count=v)

        moves = rank_moves(search, pos, model.move, lambda v: have + v, clock_text)
        measure = _("the tricks {seat}, to play, takes in this deal, the two others playing against him").format(
            seat=who
        )
        return Analysis(seat, measure, moves, _(CLOCK_NOTE))
    side = game.side_of(seat)
    lead = state.tricks[side] - state.tricks[1 - side]
    pair = _(" and ").join(name for s, name in enumerate(names) if game.side_of(s) == side)

    def text(v: int) -> str:
        if v == 0:
            return _("with best play the tricks split four all")
        ours, theirs = (TRICKS_TO_WIN, TRICKS_TO_WIN - v) if v > 0 else (TRICKS_TO_WIN + v, TRICKS_TO_WIN)
        text = ngettext(
            "with best play {side} take {count} trick to {theirs}",
            "with best play {side} take {count} tricks to {theirs}",
            ours,
        )
        return text.format(side=pair, count=ours, theirs=theirs)

    moves = rank_moves(search, pos, model.move, lambda v: lead + v, text)
    measure = _("the tricks of {side}, the side to play, minus the other side's when the deal stops (at five tricks)")
    measure = measure.format(side=pair)
    return Analysis(seat, measure, moves)
