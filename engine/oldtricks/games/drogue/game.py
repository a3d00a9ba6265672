"""Drogue: partners by Kings, dealing to the right, bidding for trump, forced play, card points; and, across
deals, the drogue itself (clips, vilenies, penalty clips, the black nose, the silent game).

Seats are numbered clockwise (0 South, 1 West, 2 North, 3 East), so "to the right" is ``seat - 1``.
Partners sit opposite: seats 0 and 2 against 1 and 3. Every rule carries its ledger id (``drogue.*``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.cards import FRENCH_32, Card, Pack
from ...core.ddtable import DealTable
from ...core.game import Game
from ...core.moves import Move
from ...core.options import OptionSpec, Rule
from ...core.prng import Rng
from ...core.values import Deal, Event, Outcome
from ...errors import IllegalMoveError, InvalidDealError
from . import bidding, bots, calls, cut, infractions, narrate, narrate_refusals, notation, playing, trump, view
from .auction import QUI_VIVE, Auction
from .draw import IDENTITY, Draw, draw_partners
from .facts import Fact, TrickWon
from .options import DrogueOptions
from .rules import OPTIONS, RULES
from .shape import SEATS, TEAMS, TRICKS, from_right
from .state import DrogueDeal, DrogueState, Hands, Session
from .table import Table

if TYPE_CHECKING:
    from ...analysis.movevalues import Analysis
    from ...analysis.slices import Slices


def _fold(hands: Sequence[Sequence[Card]]) -> int:
    """A generator seed from explicit hands, so that a redeal after four passes is reproducible too."""
    index = {c: i for i, c in enumerate(FRENCH_32.cards)}
    state = 0x0D206E
    for hand in hands:
        for card in hand:
            state = (state * 131 + index[card] + 1) & ((1 << 64) - 1)
    return state


class Drogue(Game[DrogueState]):
    """Drogue for four: one deal, or (option ``deals``) a session in which the losers wear the drogue."""

    name: ClassVar[str] = "drogue"
    title: ClassVar[str] = "Drogue"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS

    def __init__(self, options: Any = None, names: Any = None) -> None:
        super().__init__(options, names)
        self.agreed = DrogueOptions.read(self.options)
        self.table = Table(self.agreed, self.seat_names(), given=self.names is not None)
        # one card-play Move per seat and card, made once: moves are values
        self._plays = tuple({c: Move(seat, "play", c) for c in self.pack.cards} for seat in range(SEATS))

    # -- fixed facts ---------------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        return FRENCH_32  # drogue.pack

    @property
    def num_seats(self) -> int:
        return SEATS

    def teams(self) -> tuple[int | None, ...]:
        return TEAMS  # drogue.partners: partners sit opposite

    def play_order(self) -> tuple[int, ...]:
        return tuple(from_right(1))  # drogue.deal.first-lead: play goes to the right, from seat 0 to 3

    # -- chance --------------------------------------------------------------------------------------
    def deal(
        self, *, seed: int | None = None, hands: Sequence[Sequence[Card]] | None = None, dealer: int = 0
    ) -> DrogueDeal:
        """The partner draw and the deal, both from ``seed``; the first King drawn deals, so ``dealer``
        counts only when the option ``partners`` is ``seated``.

        Explicit ``hands`` fix the deal: the draw is taken as done, with the players as listed and
        ``dealer`` dealing. Raises :class:`InvalidDealError` for a bad dealer or hands.
        """
        if not 0 <= dealer < SEATS:
            raise InvalidDealError(f"dealer must be a seat from 0 to {SEATS - 1}, not {dealer}")
        if hands is not None:
            got = tuple(tuple(h) for h in hands)
            self.check_hands(got)
            return DrogueDeal(dealer, got, None, (), None, IDENTITY, _fold(got))
        rng = Rng(0 if seed is None else seed)
        draw: Draw | None = None
        seating: tuple[int, ...] = IDENTITY
        if self.agreed.partners != "seated":
            draw = draw_partners(rng, self.agreed.partners)
            dealer, seating = draw.first, draw.seating  # drogue.partners: the first King drawn deals
        order = list(self.pack.cards)
        rng.shuffle(order)
        dealt, rest = self.deal_order(order, dealer)
        return DrogueDeal(dealer, dealt, seed, rest, draw, seating, rng.state)

    def plan_deals(self, deal: Deal, later: Sequence[Sequence[Sequence[Card]]]) -> DrogueDeal:
        """``deal`` with hands fixed in advance for the deals after it (the scenario's ``[deal] later``): each
        new deal of cards takes the next of them, and the generator takes over when they run out.

        Raises :class:`InvalidDealError` for hands that are not a possible deal.
        """
        plan: list[Hands] = []
        for k, hands in enumerate(later, start=2):
            got = tuple(tuple(h) for h in hands)
            try:
                self.check_hands(got)
            except InvalidDealError as exc:
                raise InvalidDealError(f"later deal {k}: {exc}") from None
            plan.append(got)
        if not isinstance(deal, DrogueDeal):
            deal = DrogueDeal(deal.dealer, deal.hands, deal.seed, deal.rest, None, IDENTITY, _fold(deal.hands))
        return replace(deal, later=tuple(plan))

    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        return self.table.deal_order(order, dealer)

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        super().check_hands(hands)
        for seat, hand in enumerate(hands):
            if len(hand) != TRICKS:
                raise InvalidDealError(f"{self.hand_of(seat)} has {len(hand)} cards: each player gets {TRICKS}")

    def initial_state(self, deal: Deal) -> DrogueState:
        if not isinstance(deal, DrogueDeal):  # a plain deal: players as listed, no draw
            deal = DrogueDeal(deal.dealer, deal.hands, deal.seed, deal.rest, None, IDENTITY, _fold(deal.hands))
        session = Session(deal.seating, self.agreed.mode, deal.draw)
        auction = Auction.start(deal.dealer)
        return DrogueState(deal, session, deal.dealer, deal.hands, auction, "auction", auction.turn, deal.rng)

    # -- moves ---------------------------------------------------------------------------------------
    def move_words(self) -> tuple[str, ...]:
        return notation.WORDS

    def parse_move(self, state: DrogueState, text: str) -> Move:
        """Read a move (see :mod:`.notation`): ``bid 5``, ``pass``, ``call aux-armes``, ``trump H``, ``JC``, ...

        Raises :class:`InvalidNotationError` for text that is no Drogue move.
        """
        try:
            return notation.parse(self.table, state, text)
        except LookupError:
            return super().parse_move(state, text)

    def to_play(self, state: DrogueState) -> int | None:
        return state.turn

    def legal_moves(self, state: DrogueState) -> list[Move]:
        seat = state.turn
        if seat is None:
            return []
        if state.asking is not None or state.phase in ("cut", "calls"):
            return list(cut.owed(self.table, state).moves)
        if state.phase == "auction":
            rules = bidding.allowed(self.table, state, seat)
            if rules.pending:
                return calls.spoken(self.table, state, seat, QUI_VIVE)  # the call first, as bidding.allowed says
            return [*(Move(seat, "bid", count=n) for n in rules.counts), Move(seat, "pass")]
        if state.phase == "trump":
            return [Move(seat, "trump", word=suit) for suit in trump.allowed(self.table, state, seat).suits]
        plays = self._plays[seat]
        return [plays[c] for c in playing.legal_cards(self.table, state, seat)]

    def why_illegal(self, state: DrogueState, move: Move) -> IllegalMoveError:
        return narrate_refusals.why_illegal(self.table, state, move)

    def apply(self, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
        """Apply ``move``. At a strict table an illegal move raises :class:`IllegalMoveError` naming the rule;
        at a lenient one an infraction is played and costs its penalty (drogue.penalty.causes.lenient)."""
        if move in self.legal_moves(state):
            return self.play(state, move)
        if self.agreed.lenient and state.turn is not None:
            done = infractions.accept(self.table, state, move)
            if done is not None:
                return self._worded(*done)
        raise self.why_illegal(state, move)

    def play(self, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
        """Dispatch a legal move, by its kind, to the phase that plays it; the facts it returns are worded
        by :mod:`.narrate`."""
        return self._worded(*self._dispatch(state, move, quiet=False))

    def _worded(self, state: DrogueState, facts: list[Fact]) -> tuple[DrogueState, list[Event]]:
        seats = self.table.seats(state)
        return state, [narrate.event(fact, seats) for fact in facts]

    def advance(self, state: DrogueState, move: Move) -> tuple[DrogueState, int]:
        """As :meth:`play`, but nothing is worded, and a card played in a play-out makes no fact
        (playing.play_card, quiet): the tricks it ended are counted."""
        after, facts = self._dispatch(state, move, quiet=True)
        return after, sum(1 for f in facts if type(f) is TrickWon)

    def _dispatch(self, state: DrogueState, move: Move, quiet: bool) -> tuple[DrogueState, list[Fact]]:
        kind = move.kind
        if kind in ("ask", "grant"):
            return calls.floor(state, move)
        if state.phase == "cut":
            return cut.apply(self.table, state, move)
        if state.phase == "calls":
            return calls.apply(self.table, state, move)
        if kind == "play" and move.card is not None:
            return playing.play_card(self.table, state, move.seat, move.card, quiet)
        if kind == "trump":
            return trump.name_trump(self.table, state, move)
        if kind == "forget":
            return bidding.forget_call(self.table, state, move)
        assert kind in ("bid", "pass", "call"), move  # every legal move is a Drogue move
        return bidding.speak(self.table, state, move)

    def outcome(self, state: DrogueState) -> Outcome | None:
        return state.result

    # -- bots and views ------------------------------------------------------------------------------
    def bot_move(self, state: DrogueState, rng: Rng) -> Move:
        return bots.choose(self.table, state, self.legal_moves(state), rng)

    def analyse(self, state: DrogueState) -> Analysis:
        """Double dummy, once trump is named: each legal card's points with best play by all (:mod:`.solver`)."""
        from . import solver  # imported on first use: the live engine loads it only for analysis

        return solver.analyse(self, state)

    def first_look(self, state: DrogueState) -> Analysis | None:
        """The solver's first look, a few tricks ahead (:func:`.solver.first_look`)."""
        from . import solver

        return solver.first_look(self, state)

    def deal_begins(self, state: DrogueState) -> bool:
        return state.phase == "play" and state.trump is not None and not state.tricks and not state.trick

    def double_dummy_table(self, state: DrogueState, slices: Slices | None = None) -> DealTable:
        """The double-dummy table of the deal in play: each side's points with each suit as trump and each
        seat as maker (:func:`.ddtable.table`; its numbers as :meth:`.ddtable.Table.as_json` gives them)."""
        from . import ddtable  # imported on first use, as the solver for analyse

        return ddtable.table(self, state, slices=slices).grid(self.seat_names())

    def view(self, state: DrogueState) -> dict[str, Any]:
        return view.render(self.table, state)
