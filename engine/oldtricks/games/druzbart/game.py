"""Drużbart: four players in two teams, no trumps, a wild ranking, and a slate of chalk lines.

Every rule carries its ledger id (``druzbart.*``). A game runs over as many deals as it takes for one
team to clear its slate; between deals the next dealer makes a chance move, ``deal``, whose shuffle
comes from the generator kept in the state, so ``(options, seed, moves)`` replays a whole game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ...cards import GERMAN_32, GERMAN_36, Card, Pack
from ...errors import IllegalMoveError, InvalidDealError
from ...model import Deal, Event, Game, Move, OptionSpec, Outcome, Rule
from ...prng import Rng
from . import bots, view
from .ranking import Ranking
from .rules import LINES, MATADOR_LOST, MATADOR_TO_PARTNER, MATADORS, OBERS, PACK, PACKETS, RULES, SEVEN
from .state import DealScore, DruzbartState, Play


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1 :])


class Druzbart(Game[DruzbartState]):
    """Drużbart for four: partners opposite (seats 0 and 2 against 1 and 3)."""

    name: ClassVar[str] = "druzbart"
    title: ClassVar[str] = "Drużbart"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PACK,
        PACKETS,
        MATADORS,
        SEVEN,
        OBERS,
        LINES,
        MATADOR_LOST,
        MATADOR_TO_PARTNER,
    )
    end_rule: ClassVar[str] = "druzbart.end"  # what a deal in progress is governed by
    over_rule: ClassVar[str] = "druzbart.game-points"  # what ends the game

    def __init__(self, options: Any = None, names: Any = None) -> None:
        super().__init__(options, names)
        self.ranking = Ranking.from_options(
            str(self.options["matadors"]), str(self.options["seven"]), str(self.options["obers"])
        )
        self._names = self.seat_names()

    # -- fixed facts ---------------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        return GERMAN_36 if self.options["pack"] == 36 else GERMAN_32  # druzbart.pack

    @property
    def num_seats(self) -> int:
        return 4  # druzbart.seats

    @property
    def hand_size(self) -> int:
        return 9 if self.options["pack"] == 36 else 8  # druzbart.deal, druzbart.deal-32

    @property
    def num_sides(self) -> int:
        return 2

    def teams(self) -> tuple[int | None, ...]:
        return (0, 1, 0, 1)  # druzbart.seats: partners sit opposite

    def side_of(self, seat: int) -> int:
        return seat % 2

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4

    def side_label(self, side: int) -> str:
        names = self._names
        return f"{names[side]}–{names[side + 2]}"

    # -- chance --------------------------------------------------------------------------------------
    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """Clockwise from the dealer's left, in packets of three (druzbart.deal) or one at a time.

        When a packet of three no longer fits, the last round gives each player what he still lacks
        (8 = 3 + 3 + 2, druzbart.deal-32; 10 = 3 + 3 + 3 + 1, clock.deal).
        """
        n, size = self.num_seats, self.hand_size
        packet = 3 if self.options["packets"] == "three" else 1
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
                raise InvalidDealError(f"hand {seat} has {len(hand)} cards: each player gets {self.hand_size}")
        super().check_hands(hands)

    def initial_state(self, deal: Deal) -> DruzbartState:
        sides = self.num_sides
        lines = (int(self.options["lines"]),) * sides  # druzbart.slate
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
            return [Move(seat, "deal")]
        return [Move(seat, "play", card) for card in self.playable(state)]

    def playable(self, state: DruzbartState) -> tuple[Card, ...]:
        """druzbart.head: any card to lead or when nothing heads the trick; else only cards that head it."""
        assert state.turn is not None
        hand = state.hands[state.turn]
        if not state.table:
            return hand
        cards = [c for _, c in state.table]
        heading = tuple(c for c in hand if self.ranking.heads(c, cards))
        return heading or hand

    def why_illegal(self, state: DruzbartState, move: Move) -> IllegalMoveError:
        seat = state.turn
        names = self._names
        if seat is None:
            return IllegalMoveError("the game is over: the slate of one side is clear", self.over_rule)
        if move.seat != seat:
            return IllegalMoveError(f"it is {names[seat]}'s turn, not {names[move.seat]}'s", "druzbart.winner-leads")
        if state.dealing:
            return IllegalMoveError(
                f"deal {state.number} is over: {names[seat]} must deal the next one ('deal')", "druzbart.deal.rotation"
            )
        if move.kind != "play" or move.card is None:
            return IllegalMoveError(
                f"deal {state.number} is still being played: {names[seat]} must play a card", self.end_rule
            )
        if move.card not in state.hands[seat]:
            return IllegalMoveError(f"{names[seat]} does not hold {move.card}", "druzbart.deal")
        heading = " or ".join(str(c) for c in self.playable(state))
        return IllegalMoveError(
            f"{names[seat]} can head the trick with {heading}, so must: suit need not be followed,"
            f" but the best card so far must be beaten when it can be",
            "druzbart.head",
        )

    def play(self, state: DruzbartState, move: Move) -> tuple[DruzbartState, list[Event]]:
        if move.kind == "deal":
            return self._redeal(state)
        seat, card = move.seat, move.card
        assert card is not None
        hand = tuple(c for c in state.hands[seat] if c != card)
        hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
        events = [Event("play", self._play_text(state, seat, card), {"seat": seat, "card": str(card)})]
        table = (*state.table, (seat, card))
        if len(table) < self.num_seats:
            nxt = (seat + 1) % self.num_seats
            return replace(state, hands=hands, table=table, turn=nxt, last=(), last_winner=None), events
        return self._finish_trick(replace(state, hands=hands), table, events)

    def _play_text(self, state: DruzbartState, seat: int, card: Card) -> str:
        name, r = self._names[seat], self.ranking
        if not state.table:
            text = f"{name} leads the {card.name}, {r.describe(card, led=True)}."
            if card.rank == "7" and not r.is_matador(card):
                beaten = "nothing can beat it" if r.seven == "unbeatable" else "only a matador can beat it"
                text = f"{name} leads the {card.name}: a Seven led, {beaten}."
            return text
        cards = [c for _, c in state.table]
        if r.heads(card, cards):
            return f"{name} heads the trick with the {card.name}, {r.describe(card)}."
        return f"{name} cannot head the trick and throws the {card.name}, {r.describe(card)}."

    def _finish_trick(
        self, state: DruzbartState, table: tuple[Play, ...], events: list[Event]
    ) -> tuple[DruzbartState, list[Event]]:
        names, r = self._names, self.ranking
        cards = [c for _, c in table]
        i = r.holder(cards)
        winner, best = table[i]
        number = state.tricks_played + 1
        if all(r.is_dud(c, led=k == 0) for k, c in enumerate(cards)):
            why = f"only duds were played, so the leader, {names[winner]}, takes the trick"  # druzbart.all-duds
        elif i == 0 and best.rank == "7" and not r.is_matador(best):
            why = f"the led Seven holds: {names[winner]} takes the trick"  # druzbart.seven
        else:
            why = f"{names[winner]} takes the trick with the {best.name}"
        side = self.side_of(winner)
        tricks = _add(state.tricks, side, 1)
        keepers = state.keepers
        if keepers[side] is None:
            keepers = (*keepers[:side], winner, *keepers[side + 1 :])  # druzbart.seats: one pile per team
        record = {
            "deal": state.number,
            "trick": number,
            "leader": state.leader,
            "cards": [[s, str(c)] for s, c in table],
            "winner": winner,
        }
        events.append(Event("trick", f"Trick {number}: {why}{self._tally_text(tricks, side)}.", record))
        lines, chalked = state.lines, state.chalked
        for seat, card in table:
            if seat != winner and r.is_matador(card):
                cost, whom = self.matador_cost(seat, winner)  # druzbart.score.matador
                owner = self.side_of(seat)
                lines, chalked = _add(lines, owner, cost), _add(chalked, owner, cost)  # druzbart.score.matador.when
                verb = "chalks" if self.num_sides == 3 else "chalk"
                cost_text = (
                    f"{self.side_name(owner)} {verb} {cost} line{'s' if cost != 1 else ''} back"
                    if cost
                    else f"with the penalty set to none, it costs {self.side_name(owner)} nothing"
                )
                events.append(
                    Event(
                        "matador",
                        f"{names[seat]}'s {card.name}, a matador, falls to {whom} {names[winner]}: {cost_text}.",
                        {"seat": seat, "card": str(card), "winner": winner, "lines": cost},
                    )
                )
        state = replace(
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
        return self.after_trick(state, winner, events)

    def side_name(self, side: int) -> str:
        return self.side_label(side)

    def _tally_text(self, tricks: tuple[int, ...], side: int) -> str:
        return f" ({self.side_label(side)} {tricks[side]}, {self.side_label(1 - side)} {tricks[1 - side]})"

    def matador_cost(self, owner: int, winner: int) -> tuple[int, str]:
        """Lines chalked back on the owner's side for a matador lost in ``winner``'s trick, and who that is."""
        if winner == self.partner(owner):
            return int(self.options["matador_to_partner"]), "his partner"
        return int(self.options["matador_lost"]), "the opponent"

    def after_trick(self, state: DruzbartState, winner: int, events: list[Event]) -> tuple[DruzbartState, list[Event]]:
        """druzbart.end: the deal stops as soon as a team has five tricks (or, with 32 cards, all are played)."""
        if max(state.tricks) >= 5 or not any(state.hands):
            return self._end_deal(state, events)
        return state, events

    def _end_deal(self, state: DruzbartState, events: list[Event]) -> tuple[DruzbartState, list[Event]]:
        a, b = state.tricks
        erased: tuple[int, ...] = (0, 0)
        lines = state.lines
        if a == b:
            events.append(Event("deal", f"{a} tricks each: the deal scores nothing.", None))  # druzbart.split-32
        else:
            side = 0 if a > b else 1
            label = self.side_label(side)
            points = 1  # druzbart.score.deal
            text = f"{label} have five tricks and win the deal: they erase a line."
            if min(a, b) == 0:
                points += 1  # druzbart.score.five-straight
                text += " They took five before the other side took one: a second line is erased."
            erased = _add(erased, side, min(points, lines[side]))
            lines = _add(lines, side, -erased[side])
            events.append(Event("deal", text, {"deal": state.number, "side": side, "erased": points}))
        state = replace(state, lines=lines)
        state = self.close_deal(state, erased)
        events.append(Event("slate", self._slate_text(state), {"lines": list(state.lines)}))
        done = [s for s in range(self.num_sides) if lines[s] == 0]
        if done:
            return self._end_game(state, done[0], events)
        return replace(state, dealing=True, turn=self.next_dealer(state)), events

    def close_deal(self, state: DruzbartState, erased: tuple[int, ...]) -> DruzbartState:
        score = DealScore(state.number, state.deal.dealer, state.tricks, erased, state.chalked, state.lines)
        return replace(state, history=(*state.history, score))

    def _slate_text(self, state: DruzbartState) -> str:
        parts = [f"{self.side_name(s)} {n}" for s, n in enumerate(state.lines)]
        return "Lines left on the slate: " + ", ".join(parts) + "."

    def _end_game(self, state: DruzbartState, side: int, events: list[Event]) -> tuple[DruzbartState, list[Event]]:
        outcome = self.game_outcome(state, side)
        events.append(Event("end", outcome.text, {"side": side}))
        return replace(state, turn=None, dealing=False, result=outcome), events

    def game_outcome(self, state: DruzbartState, side: int) -> Outcome:
        """druzbart.game-points: the winners score the other side's remaining lines."""
        other = 1 - side
        points = state.lines[other]
        winners = tuple(s for s in range(4) if self.side_of(s) == side)
        losers = tuple(s for s in range(4) if self.side_of(s) == other)
        return Outcome(
            "win",
            winners,
            losers,
            f"{self.side_label(side)} have cleared their slate and win the game: {points} game"
            f" point{'s' if points != 1 else ''}, one for each line {self.side_label(other)} still have.",
        )

    def _redeal(self, state: DruzbartState) -> tuple[DruzbartState, list[Event]]:
        """The chance move between deals: the next dealer shuffles with the state's generator."""
        assert state.turn is not None
        rng = Rng(state.rng)
        seed = rng.next_u64()
        deal = self.deal(seed=seed, dealer=state.turn)
        new = self._start_deal(deal, state.number + 1, state.lines, state.history, rng.state)
        how = "in packets of three" if self.options["packets"] == "three" else "one at a time"
        text = f"{self._names[state.turn]} deals deal {new.number}: {self.hand_size} cards each, {how}."
        if deal.rest:
            text += f" {len(deal.rest)} cards are left out."
        return new, [Event("deal", text, {"deal": new.number, "dealer": state.turn})]

    def outcome(self, state: DruzbartState) -> Outcome | None:
        return state.result

    def bot_move(self, state: DruzbartState, rng: Rng) -> Move:
        """Head as cheaply as will hold, keep the matadors for when they matter, throw duds otherwise."""
        return bots.choose(self, state, rng)

    # -- view ----------------------------------------------------------------------------------------
    def view(self, state: DruzbartState) -> dict[str, Any]:
        return view.frame_view(self, state)
