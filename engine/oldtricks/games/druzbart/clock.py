"""Clock Druzbart: three players, each for himself, erasing one line of a chalk tripod per trick.

>>> game = ClockDruzbart()
>>> state = game.new_state(seed=1)
>>> [len(h) for h in state.hands], len(state.deal.rest)
([9, 9, 9], 9)
>>> [len(h) for h in ClockDruzbart({"deal_size": "full"}).new_state(seed=1).hands]
[12, 12, 12]
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ...core.cards import Card
from ...core.game import evolve
from ...core.options import OptionSpec
from ...core.values import Deal
from .facts import AllPlayed, Fact, FiveTricks, LineErased
from .game import Druzbart, _add
from .options import ClockOptions
from .rules import (
    CLOCK_END,
    CLOCK_LINES,
    CLOCK_MATADOR_LOST,
    DEAL_CAP,
    DEAL_SIZE,
    MATADORS,
    OBERS,
    PACK,
    PACKETS,
    SEVEN,
    TRICKS_TO_WIN,
)
from .state import DruzbartState


class ClockDruzbart(Druzbart):
    """Clock Druzbart (Gołębiowski): the four-hand rules of play, with a tripod of lines per player."""

    name: ClassVar[str] = "clock"
    title: ClassVar[str] = "Clock Druzbart"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PACK,
        DEAL_SIZE,
        CLOCK_END,
        PACKETS,
        MATADORS,
        SEVEN,
        OBERS,
        CLOCK_LINES,
        CLOCK_MATADOR_LOST,
        DEAL_CAP,
    )
    end_rule: ClassVar[str] = "clock.end"
    over_rule: ClassVar[str] = "clock.end.at-once"

    @property
    def num_seats(self) -> int:
        return 3  # clock.seats

    def read_agreed(self) -> ClockOptions:
        return ClockOptions.read(self.options)

    @property
    def hand_size(self) -> int:
        # clock.deal: the four-hand counts; clock.deal.full: 12 from 36 and 10 from 32 (two left out)
        assert isinstance(self.agreed, ClockOptions)
        full = self.agreed.deal_size == "full"
        if self.agreed.pack == 36:
            return 12 if full else 9
        return 10 if full else 8

    def teams(self) -> tuple[int | None, ...]:
        return (None, None, None)  # clock.seats: each for himself

    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,), (2,))  # clock.seats: a leg of the tripod each

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        """Three hands of the deal size, all from the pack and none twice; the rest is left out."""
        self.check_cards(hands, self.hand_size)

    def initial_state(self, deal: Deal) -> DruzbartState:
        if not deal.rest:
            dealt = {c for hand in deal.hands for c in hand}
            deal = replace(deal, rest=tuple(c for c in self.pack.cards if c not in dealt))
        return super().initial_state(deal)

    def matador_cost(self, owner: int, winner: int) -> tuple[int, bool]:
        return self.agreed.matador_lost, False  # clock.lines.matador

    def after_trick(self, state: DruzbartState, winner: int, facts: list[Fact]) -> tuple[DruzbartState, list[Fact]]:
        lines = _add(state.lines, winner, -1)  # clock.lines: one line erased per trick taken
        state = evolve(state, lines=lines)
        facts.append(LineErased(winner, lines))
        if lines[winner] == 0:
            state = self.close_deal(state, state.tricks)
            return self._end_game(state, winner, facts)  # clock.end.at-once
        assert isinstance(self.agreed, ClockOptions)
        if self.agreed.end == "five" and state.tricks[winner] >= TRICKS_TO_WIN:
            # clock.end: "otherwise the same" read literally, a player's fifth trick ends the deal
            state = self.close_deal(state, state.tricks)
            facts.append(FiveTricks(winner, state.tricks_played, state.lines))
            return self.next_deal(state, facts)  # druzbart.cap
        if any(state.hands):
            return state, facts
        # clock.end (and clock.end.all): every trick has been played and nobody is clear yet
        state = self.close_deal(state, state.tricks)
        facts.append(AllPlayed(state.tricks_played, state.lines))
        return self.next_deal(state, facts)  # druzbart.cap
