"""Tod und Leben: Life (the red suits) against Death (the black suits), a variant of Bettelmann.

>>> game = TodUndLeben()
>>> state = game.new_state(seed=3)
>>> {game.is_red(c) for c in state.piles[1]}, {game.is_red(c) for c in state.piles[0]}
({True}, {False})
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.cards import Card
from ...core.options import OptionSpec
from ...core.values import Deal, Outcome
from ...errors import InvalidDealError
from . import narrate
from .facts import Captured, Stranded
from .game import Bettelmann, BettelmannState
from .options import TodUndLebenOptions
from .rules import CAP, NEXT_LEAD, RETURN_ORDER, RUN_OUT, TUL_FIRST, TUL_LAST_THREE, TUL_PACK, TUL_SPLIT


class TodUndLeben(Bettelmann):
    """Tod und Leben: Life (red suits) against Death (black suits), ties wait, capture everything."""

    name: ClassVar[str] = "todundleben"
    title: ClassVar[str] = "Tod und Leben"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        TUL_PACK,
        TUL_SPLIT,
        TUL_FIRST,
        NEXT_LEAD,
        TUL_LAST_THREE,
        RETURN_ORDER,
        RUN_OUT,
        CAP,
    )

    @property
    def num_seats(self) -> int:
        return 2

    def read_agreed(self) -> TodUndLebenOptions:
        # todundleben.tie: equal ranks always wait; two players, Life and Death
        return TodUndLebenOptions.read(self.options, tie="pierer", players=2)

    agreed: TodUndLebenOptions

    @property
    def split_by_colour(self) -> bool:
        return self.agreed.split == "colours"  # todundleben.colours

    @staticmethod
    def is_red(card: Card) -> bool:
        # todundleben.colours; todundleben.colours.german: Hearts and Bells count as red
        return card.suit in ("H", "D", "B")

    def life(self, dealer: int) -> int:
        """The non-dealer plays Life (red), the dealer Death (black)."""
        return (dealer + 1) % 2

    def first_leader(self, deal: Deal) -> int:
        if self.agreed.first == "death":
            return deal.dealer  # todundleben.black-leads
        return (deal.dealer + 1) % 2

    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        if not self.split_by_colour:
            return super().deal_order(order, dealer)  # todundleben.same-as-bettelmann
        red = tuple(c for c in order if self.is_red(c))
        black = tuple(c for c in order if not self.is_red(c))
        hands = (red, black) if self.life(dealer) == 0 else (black, red)
        return hands, ()

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        super().check_hands(hands)
        if self.split_by_colour:
            for seat, hand in enumerate(hands):
                if len({self.is_red(c) for c in hand}) > 1:
                    raise InvalidDealError(f"{self.hand_of(seat)}: in Tod und Leben each player has one colour only")

    def initial_state(self, deal: Deal) -> BettelmannState:
        if (
            self.split_by_colour
            and deal.hands
            and deal.hands[0]
            and self.is_red(deal.hands[0][0]) != (self.life(deal.dealer) == 0)
        ):
            raise InvalidDealError("Life (red) belongs to the non-dealer: swap the hands or the dealer")
        return super().initial_state(deal)

    def seat_marks(self, state: BettelmannState, seat: int) -> list[dict[str, Any]]:
        marks = super().seat_marks(state, seat)
        if self.split_by_colour:
            life = seat == self.life(state.deal.dealer)
            marks.insert(0, {"kind": "colour", "label": narrate.colour(life), "rule": "todundleben.colours"})
        return marks

    def _beggar(self, state: BettelmannState, empty: list[int]) -> Outcome:
        # todundleben.end: the other player has captured every card, unless a tie was still waiting
        loser = empty[0]
        winner = 1 - loser
        fact = Stranded(loser) if state.pot else Captured(winner, len(self.pack))
        return self._outcome("win", fact, (winner,), (loser,))
