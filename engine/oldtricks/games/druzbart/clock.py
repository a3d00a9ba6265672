"""Clock Druzbart: three players, each for himself, erasing one line of a chalk tripod per trick."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ...cards import Card
from ...model import Deal, Event, OptionSpec, Outcome
from .game import Druzbart, _add
from .rules import CLOCK_LINES, CLOCK_MATADOR_LOST, DEAL_SIZE, MATADORS, OBERS, PACK, PACKETS, SEVEN
from .state import DruzbartState


class ClockDruzbart(Druzbart):
    """Clock Druzbart (Gołębiowski): the four-hand rules of play, with a tripod of lines per player."""

    name: ClassVar[str] = "clock"
    title: ClassVar[str] = "Clock Druzbart"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PACK,
        DEAL_SIZE,
        PACKETS,
        MATADORS,
        SEVEN,
        OBERS,
        CLOCK_LINES,
        CLOCK_MATADOR_LOST,
    )
    end_rule: ClassVar[str] = "clock.end"
    over_rule: ClassVar[str] = "clock.end.at-once"

    @property
    def num_seats(self) -> int:
        return 3  # clock.seats

    @property
    def num_sides(self) -> int:
        return 3

    @property
    def hand_size(self) -> int:
        # clock.deal: 12 from 36 and 10 from 32 (two left out), or the four-hand counts
        full = self.options["deal_size"] == "full"
        if self.options["pack"] == 36:
            return 12 if full else 9
        return 10 if full else 8

    def teams(self) -> tuple[int | None, ...]:
        return (None, None, None)  # clock.seats: each for himself

    def side_of(self, seat: int) -> int:
        return seat

    def partner(self, seat: int) -> int | None:
        return None

    def side_label(self, side: int) -> str:
        return self.seat_names()[side]

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        """Three hands of the deal size, all from the pack and none twice; the rest is left out."""
        self.check_cards(hands, self.hand_size)

    def initial_state(self, deal: Deal) -> DruzbartState:
        if not deal.rest:
            dealt = {c for hand in deal.hands for c in hand}
            deal = replace(deal, rest=tuple(c for c in self.pack.cards if c not in dealt))
        return super().initial_state(deal)

    def matador_cost(self, owner: int, winner: int) -> tuple[int, str]:
        return int(self.options["matador_lost"]), "the opponent"  # clock.lines.matador

    def _tally_text(self, tricks: tuple[int, ...], side: int) -> str:
        return f" ({self.side_label(side)} has {tricks[side]})"

    def after_trick(self, state: DruzbartState, winner: int, events: list[Event]) -> tuple[DruzbartState, list[Event]]:
        lines = _add(state.lines, winner, -1)  # clock.lines: one line erased per trick taken
        state = replace(state, lines=lines)
        name = self.seat_names()[winner]
        left = lines[winner]
        events.append(
            Event("slate", f"{name} erases a line from his leg of the tripod: {left} left.", {"lines": list(lines)})
        )
        if left == 0:
            state = self.close_deal(state, state.tricks)
            return self._end_game(state, winner, events)  # clock.end.at-once
        if any(state.hands):
            return state, events
        # clock.end: every trick has been played and nobody is clear yet
        state = self.close_deal(state, state.tricks)
        events.append(Event("deal", f"All {state.tricks_played} tricks are played. {self._slate_text(state)}", None))
        return replace(state, dealing=True, turn=self.next_dealer(state)), events

    def _slate_text(self, state: DruzbartState) -> str:
        return "Lines left: " + ", ".join(f"{self.side_label(s)} {n}" for s, n in enumerate(state.lines)) + "."

    def game_outcome(self, state: DruzbartState, side: int) -> Outcome:
        names = self.seat_names()
        others = [s for s in range(3) if s != side]
        rest = " and ".join(f"{names[s]} {state.lines[s]}" for s in others)
        return Outcome(
            "win",
            (side,),
            tuple(others),
            f"{names[side]} has erased all his lines and wins (lines left: {rest}).",
        )
