"""Drużbart: four players in two teams, no trumps, a wild ranking, and a slate of chalk lines.

Every rule carries its ledger id (``druzbart.*``); the transitions return facts (``facts.py``),
which ``narrate.py`` words; the bots and the view read the table's fixed facts (``table.py``), not
this class. A game runs over as many deals as it takes for one team to clear its slate; between
deals the next dealer makes a chance move, ``deal``, whose shuffle comes from the generator kept in
the state, so ``(options, seed, moves)`` replays a whole game.

>>> game = Druzbart()
>>> state = game.new_state(seed=1)
>>> len(state.hands[0]), game.to_play(state), game.table.side_label(1)
(9, 1, 'West–East')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.cards import GERMAN_32, GERMAN_36, Card, Pack
from ...core.game import Game, evolve
from ...core.moves import Move
from ...core.options import OptionSpec, Rule
from ...core.prng import Rng
from ...core.seats import Seats
from ...core.values import Deal, Event, Outcome
from ...errors import IllegalMoveError, InvalidDealError
from . import bots, narrate, play, view
from .facts import Capped, Cleared, DealDrawn, DealWon, Fact, MatadorLost, Played, Redealt, SlateNow, Took
from .options import DruzbartOptions, TableOptions
from .ranking import Ranking
from .rules import OPTIONS, RULES, TRICKS_TO_WIN
from .state import DealScore, DruzbartState, Play
from .table import Table

if TYPE_CHECKING:
    from ...analysis.movevalues import Analysis
    from ...analysis.slices import Slices
    from ...core.ddtable import DealTable


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1 :])


class Druzbart(Game[DruzbartState]):
    """Drużbart for four: partners opposite (seats 0 and 2 against 1 and 3)."""

    name: ClassVar[str] = "druzbart"
    title: ClassVar[str] = "Drużbart"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    end_rule: ClassVar[str] = "druzbart.end"  # what a deal in progress is governed by
    over_rule: ClassVar[str] = "druzbart.game-points"  # what ends the game

    def __init__(self, options: Any = None, names: Any = None) -> None:
        super().__init__(options, names)
        self.agreed = self.read_agreed()
        o = self.agreed
        self.ranking = Ranking.from_options(o.matadors, o.seven, o.obers)
        self.table = Table(self.pack, self.ranking, Seats(self.seat_names(), self.teams()), self.sides(), o.lines)
        self._seats = self.num_seats
        # one Move per seat and card, and each seat's deal, made once: moves are values
        self._plays = tuple({c: Move(seat, "play", c) for c in self.pack.cards} for seat in range(self.num_seats))
        self._deals = tuple(Move(seat, "deal") for seat in range(self.num_seats))

    def read_agreed(self) -> TableOptions:
        return DruzbartOptions.read(self.options)

    # -- fixed facts ---------------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        return GERMAN_36 if self.agreed.pack == 36 else GERMAN_32  # druzbart.pack

    @property
    def num_seats(self) -> int:
        return 4  # druzbart.seats

    @property
    def hand_size(self) -> int:
        return 9 if self.agreed.pack == 36 else 8  # druzbart.deal, druzbart.deal-32

    @property
    def num_sides(self) -> int:
        return len(self.sides())

    def teams(self) -> tuple[int | None, ...]:
        return (0, 1, 0, 1)  # druzbart.seats: partners sit opposite

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side that keeps a slate: the two teams."""
        return ((0, 2), (1, 3))

    def side_of(self, seat: int) -> int:
        return self.table.side_of(seat)

    def partner(self, seat: int) -> int | None:
        return self.table.partner(seat)

    def side_label(self, side: int) -> str:
        return self.table.side_label(side)

    # -- chance --------------------------------------------------------------------------------------
    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """Clockwise from the dealer's left, in packets of three (druzbart.deal) or singly (druzbart.deal.single).

        When a packet of three no longer fits, the last round gives each player what he still lacks
        (8 = 3 + 3 + 2, druzbart.deal-32; 10 = 3 + 3 + 3 + 1, clock.deal).
        """
        n, size = self.num_seats, self.hand_size
        packet = 3 if self.agreed.packets == "three" else 1
        hands: list[list[Card]] = [[] for _ in range(n)]
        i = 0
        while len(hands[dealer]) < size:
            take = min(packet, size - len(hands[dealer]))
            for k in range(1, n + 1):
                hands[(dealer + k) % n].extend(order[i : i + take])
                i += take
        return tuple(tuple(h) for h in hands), tuple(order[i:])

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        for seat, hand in enumerate(hands):
            if len(hand) != self.hand_size:
                raise InvalidDealError(f"{self.hand_of(seat)} has {len(hand)} cards: each player gets {self.hand_size}")
        super().check_hands(hands)

    def initial_state(self, deal: Deal) -> DruzbartState:
        sides = self.num_sides
        lines = (self.agreed.lines,) * sides  # druzbart.slate; the count: druzbart.slate.count
        return self._start_deal(deal, 1, lines, (), deal.seed or 0)

    def _start_deal(
        self, deal: Deal, number: int, lines: tuple[int, ...], history: tuple[DealScore, ...], rng: int
    ) -> DruzbartState:
        leader = (deal.dealer + 1) % self.num_seats  # druzbart.lead: forehand, the dealer's left
        sides = self.num_sides
        return DruzbartState(
            deal=deal,
            number=number,
            hands=deal.hands,
            table=(),
            leader=leader,
            turn=leader,
            tricks=(0,) * sides,
            keepers=(None,) * sides,
            lines=lines,
            chalked=(0,) * sides,
            history=history,
            rng=rng,
        )

    def next_dealer(self, state: DruzbartState) -> int:
        return (state.deal.dealer + 1) % self.num_seats  # druzbart.deal.rotation

    # -- play ----------------------------------------------------------------------------------------
    def move_words(self) -> tuple[str, ...]:
        return ("deal",)

    def to_play(self, state: DruzbartState) -> int | None:
        return state.turn

    def legal_moves(self, state: DruzbartState) -> list[Move]:
        seat = state.turn
        if seat is None:
            return []
        if state.dealing:
            return [self._deals[seat]]  # druzbart.deal.rotation: the next dealer deals
        plays = self._plays[seat]
        return [plays[card] for card in play.allowed(self.table, state).cards]

    def why_illegal(self, state: DruzbartState, move: Move) -> IllegalMoveError:
        seat, table = state.turn, self.table
        if seat is None:
            return IllegalMoveError(narrate.game_over(), self.over_rule)
        if move.seat != seat:
            return IllegalMoveError(narrate.not_your_turn(seat, move.seat, table), "druzbart.winner-leads")
        if state.dealing:
            return IllegalMoveError(narrate.must_deal(state.number, seat, table), "druzbart.deal.rotation")
        card = move.card
        if move.kind != "play" or card is None:
            return IllegalMoveError(narrate.must_play(state.number, seat, table), self.end_rule)
        if card not in state.hands[seat]:
            return IllegalMoveError(narrate.not_held(seat, card, table), "druzbart.deal")
        rule, reading = self.heading_rule(state, card)
        allowed = play.allowed(self.table, state).cards
        return IllegalMoveError(narrate.head_refusal(seat, allowed, self.table, reading), rule)

    def heading_rule(self, state: DruzbartState, card: Card) -> tuple[str, str | None]:
        """The rule that keeps ``card`` out of the trick: druzbart.head, or the chosen reading of the Obers or
        of a led Seven when ``card`` could be played under the default one (that reading makes the difference),
        with the words that name the reading.

        >>> from oldtricks.core.cards import GERMAN_36 as P
        >>> game = Druzbart({"obers": "beaters"})
        >>> state = game.new_state(seed=1)
        >>> state = evolve(state, hands=(P.parse_many("OL 8H"), *state.hands[1:]), table=((3, P.parse("8A")),), turn=0)
        >>> game.heading_rule(state, P.parse("8H"))[0], Druzbart().heading_rule(state, P.parse("8H"))[0]
        ('druzbart.obers', 'druzbart.head')
        """
        assert state.turn is not None
        return self.ranking.heading_rule(state.hands[state.turn], [c for _, c in state.table], card)

    def play(self, state: DruzbartState, move: Move) -> tuple[DruzbartState, list[Event]]:
        match move:
            case Move(kind="deal", card=None):
                state, facts = self._redeal(state)
            case Move(kind="play", card=Card() as card):
                state, facts = self._play_card(state, move.seat, card)
            case _:
                raise self.why_illegal(state, move)
        return state, [narrate.event(fact, self.table) for fact in facts]

    def advance(self, state: DruzbartState, move: Move) -> tuple[DruzbartState, int]:
        match move:
            case Move(kind="deal", card=None):
                return self._redeal(state)[0], 0
            case Move(kind="play", card=Card() as card):
                state, facts = self._play_card(state, move.seat, card)
                return state, 0 if len(facts) == 1 else 1  # a card that ends a trick adds a Took fact
            case _:
                raise self.why_illegal(state, move)

    def _play_card(self, state: DruzbartState, seat: int, card: Card) -> tuple[DruzbartState, list[Fact]]:
        """``seat`` plays ``card`` to the trick (druzbart.head decides which cards may be)."""
        held = state.hands[seat]
        at = held.index(card)
        hands = (*state.hands[:seat], held[:at] + held[at + 1 :], *state.hands[seat + 1 :])
        heads = self.ranking.heads(card, [c for _, c in state.table])
        facts: list[Fact] = [Played(seat, card, led=not state.table, heads=heads)]
        table = (*state.table, (seat, card))
        if len(table) < self._seats:
            nxt = (seat + 1) % self._seats
            return evolve(state, hands=hands, table=table, turn=nxt, last=(), last_winner=None), facts
        return self._finish_trick(evolve(state, hands=hands), table, facts)

    def _finish_trick(
        self, state: DruzbartState, table: tuple[Play, ...], facts: list[Fact]
    ) -> tuple[DruzbartState, list[Fact]]:
        r = self.ranking
        i, rule = r.holding([c for _, c in table])  # the ranking says which card holds it, and by what rule
        winner, best = table[i]
        number = state.tricks_played + 1
        side = self.side_of(winner)
        tricks = _add(state.tricks, side, 1)
        keepers = state.keepers
        if keepers[side] is None:
            keepers = (*keepers[:side], winner, *keepers[side + 1 :])  # druzbart.seats: one pile per team
        facts.append(Took(number, winner, best, rule, side, tricks, state.number, state.leader, table))
        lines, chalked = state.lines, state.chalked
        for seat, card in table:
            if seat != winner and r.is_matador(card):
                cost, to_partner = self.matador_cost(seat, winner)  # druzbart.score.matador
                owner = self.side_of(seat)
                lines, chalked = _add(lines, owner, cost), _add(chalked, owner, cost)  # druzbart.score.matador.when
                facts.append(MatadorLost(seat, card, winner, to_partner, owner, cost))
        state = evolve(
            state,
            table=(),
            tricks=tricks,
            keepers=keepers,
            lines=lines,
            chalked=chalked,
            leader=winner,  # druzbart.winner-leads
            turn=winner,
            last=table,
            last_winner=winner,
        )
        return self.after_trick(state, winner, facts)

    def matador_cost(self, owner: int, winner: int) -> tuple[int, bool]:
        """Lines chalked back on the owner's side for a matador lost in ``winner``'s trick, and whether
        ``winner`` is the owner's partner."""
        # druzbart.score.matador: heavier when the partner takes it; the sizes: druzbart.score.matador.sizes
        assert isinstance(self.agreed, DruzbartOptions)
        if winner == self.partner(owner):
            return self.agreed.matador_to_partner, True
        return self.agreed.matador_lost, False

    def after_trick(self, state: DruzbartState, winner: int, facts: list[Fact]) -> tuple[DruzbartState, list[Fact]]:
        """druzbart.end: the deal stops as soon as a team has five tricks (or, with 32 cards, all are played)."""
        if max(state.tricks) >= TRICKS_TO_WIN or not any(state.hands):  # druzbart.end
            return self._end_deal(state, facts)
        return state, facts

    def _end_deal(self, state: DruzbartState, facts: list[Fact]) -> tuple[DruzbartState, list[Fact]]:
        a, b = state.tricks
        erased: tuple[int, ...] = (0, 0)
        lines = state.lines
        if a == b:
            facts.append(DealDrawn(a))  # druzbart.split-32
        else:
            side = 0 if a > b else 1
            points = 1  # druzbart.score.deal
            if min(a, b) == 0:
                points += 1  # druzbart.score.five-straight
            erased = _add(erased, side, min(points, lines[side]))
            lines = _add(lines, side, -erased[side])
            facts.append(DealWon(state.number, side, min(a, b) == 0, points))
        state = evolve(state, lines=lines)
        state = self.close_deal(state, erased)
        facts.append(SlateNow(state.lines))
        done = [s for s in range(self.num_sides) if lines[s] == 0]
        if done:
            return self._end_game(state, done[0], facts)
        return self.next_deal(state, facts)

    def next_deal(self, state: DruzbartState, facts: list[Fact]) -> tuple[DruzbartState, list[Fact]]:
        """After a deal that cleared no slate: the next dealer deals, unless the cap of deals is reached.

        druzbart.cap: lines chalked back for lost matadors can outrun the lines a deal erases, so a
        slate may never clear; the game then stops, undecided, after ``deal_cap`` deals.
        """
        cap = self.agreed.deal_cap
        if state.number < cap:
            return evolve(state, dealing=True, turn=self.next_dealer(state)), facts
        capped = Capped(cap, state.lines)
        facts.append(capped)
        outcome = Outcome("capped", (), (), narrate.capped(capped, self.table))
        return evolve(state, turn=None, dealing=False, result=outcome), facts

    def close_deal(self, state: DruzbartState, erased: tuple[int, ...]) -> DruzbartState:
        score = DealScore(state.number, state.deal.dealer, state.tricks, erased, state.chalked, state.lines)
        return evolve(state, history=(*state.history, score))

    def _end_game(self, state: DruzbartState, side: int, facts: list[Fact]) -> tuple[DruzbartState, list[Fact]]:
        cleared = Cleared(side, state.lines)
        facts.append(cleared)
        outcome = self.game_outcome(state, cleared)
        return evolve(state, turn=None, dealing=False, result=outcome), facts

    def game_outcome(self, state: DruzbartState, cleared: Cleared) -> Outcome:
        """druzbart.game-points: the winners score the other side's remaining lines."""
        members = self.table.sides[cleared.side]
        winners = tuple(s for s in range(self.num_seats) if s in members)
        losers = tuple(s for s in range(self.num_seats) if s not in members)
        return Outcome("win", winners, losers, narrate.ending(cleared, self.table))

    def _redeal(self, state: DruzbartState) -> tuple[DruzbartState, list[Fact]]:
        """The chance move between deals: the next dealer shuffles with the state's generator."""
        assert state.turn is not None
        rng = Rng(state.rng)
        seed = rng.next_u64()
        deal = self.deal(seed=seed, dealer=state.turn)
        new = self._start_deal(deal, state.number + 1, state.lines, state.history, rng.state)
        packets = self.agreed.packets == "three"
        return new, [Redealt(new.number, state.turn, self.hand_size, packets, len(deal.rest))]

    def outcome(self, state: DruzbartState) -> Outcome | None:
        return state.result

    def bot_move(self, state: DruzbartState, rng: Rng) -> Move:
        """Head as cheaply as will hold, keep the matadors for when they matter, throw duds otherwise."""
        return bots.choose(self.table, state, self.legal_moves(state), rng)

    def analyse(self, state: DruzbartState) -> Analysis:
        """Double dummy: each legal card's value with best play by all (see :mod:`.solver`)."""
        from . import solver  # imported on first use: the live engine loads it only for analysis

        return solver.analyse(self, state)

    def first_look(self, state: DruzbartState) -> Analysis | None:
        """The solver's first look, a few tricks ahead (:func:`.solver.first_look`)."""
        from . import solver

        return solver.first_look(self, state)

    def deal_begins(self, state: DruzbartState) -> bool:
        return state.turn is not None and not state.dealing and not state.tricks_played and not state.table

    def double_dummy_table(self, state: DruzbartState, slices: Slices | None = None) -> DealTable:
        """The deal's double-dummy table: each side's tricks for each seat leading first (:mod:`.ddtable`)."""
        from . import ddtable  # imported on first use, as for analyse

        return ddtable.table(self, state, slices)

    # -- view ----------------------------------------------------------------------------------------
    def view(self, state: DruzbartState) -> dict[str, Any]:
        return view.frame_view(self.table, state)
