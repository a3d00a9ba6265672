"""Drogue, one deal: partners by Kings, dealing to the right, bidding for trump, forced play, card points.

Seats are numbered clockwise (0 South, 1 West, 2 North, 3 East), so "to the right" is ``seat - 1``.
Partners sit opposite: seats 0 and 2 against 1 and 3. Every rule carries its ledger id (``drogue.*``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ...cards import FRENCH_32, Card, Pack
from ...errors import IllegalMoveError, InvalidDealError, InvalidNotationError
from ...model import Deal, Event, Game, Move, OptionSpec, Outcome, Rule
from ...prng import Rng
from . import bot, explain, view
from .auction import NUMBERS, QUI_VIVE, QUI_VIVE_TEXT, Auction, Call, best_claims, has_four_mandrins
from .auction import legal_counts as auction_counts
from .draw import IDENTITY, Draw, draw_partners
from .ranking import SUIT_WORDS, points, suit_of, trick_power
from .rules import OPTIONS, RULES
from .state import DrogueDeal, DrogueState, Session, TrickRecord
from .tricks import allowed, best_play

SEATS = 4
TRICKS = 8
_SUIT_NAMES = {"c": "C", "clubs": "C", "d": "D", "diamonds": "D", "h": "H", "hearts": "H", "s": "S", "spades": "S"}
_SUIT_NAMES.update({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
_CALL_NAMES = {QUI_VIVE, "qui-vive", "quatre", "mandrins"}


def _fold(hands: Sequence[Sequence[Card]]) -> int:
    """A generator seed from explicit hands, so that a redeal after four passes is reproducible too."""
    index = {c: i for i, c in enumerate(FRENCH_32.cards)}
    state = 0x0D206E
    for hand in hands:
        for card in hand:
            state = (state * 131 + index[card] + 1) & ((1 << 64) - 1)
    return state


class Drogue(Game[DrogueState]):
    """Drogue for four, one deal."""

    name: ClassVar[str] = "drogue"
    title: ClassVar[str] = "Drogue"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS

    def __init__(self, options: Any = None, names: Any = None) -> None:
        super().__init__(options, names)
        self.order = str(self.options["order"])
        self.overtrump = str(self.options["overtrump"])

    # -- fixed facts ---------------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        return FRENCH_32  # drogue.pack

    @property
    def num_seats(self) -> int:
        return SEATS

    def teams(self) -> tuple[int | None, ...]:
        return (0, 1, 0, 1)  # drogue.partners: partners sit opposite

    def names_at(self, state: DrogueState) -> tuple[str, ...]:
        """Who sits at each seat after the draw. Given names follow their players; compass points stay put."""
        players = self.seat_names()
        if self.names is None:
            return players
        return tuple(players[p] for p in state.session.seating)

    def side_name(self, state: DrogueState, side: int) -> str:
        names = self.names_at(state)
        return f"{names[side]} & {names[side + 2]}"

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
        if self.options["partners"] != "seated":
            draw = draw_partners(rng, str(self.options["partners"]))
            dealer, seating = draw.first, draw.seating  # drogue.partners: the first King drawn deals
        order = list(self.pack.cards)
        rng.shuffle(order)
        dealt, rest = self.deal_order(order, dealer)
        return DrogueDeal(dealer, dealt, seed, rest, draw, seating, rng.state)

    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        # drogue.deal: packets of four or two, starting with the dealer's right-hand neighbour, going right
        size = int(self.options["packets"])
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        at = 0
        for _ in range(TRICKS // size):
            for k in range(SEATS):
                hands[(dealer - 1 - k) % SEATS].extend(order[at : at + size])
                at += size
        return tuple(tuple(h) for h in hands), tuple(order[at:])

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        super().check_hands(hands)
        for seat, hand in enumerate(hands):
            if len(hand) != TRICKS:
                raise InvalidDealError(f"hand {seat} has {len(hand)} cards: each player gets {TRICKS}")

    def initial_state(self, deal: Deal) -> DrogueState:
        if not isinstance(deal, DrogueDeal):  # a plain deal: players as listed, no draw
            deal = DrogueDeal(deal.dealer, deal.hands, deal.seed, deal.rest, None, IDENTITY, _fold(deal.hands))
        session = Session(deal.seating, str(self.options["mode"]), deal.draw)
        auction = Auction.start(deal.dealer)
        return DrogueState(deal, session, deal.dealer, deal.hands, auction, "auction", auction.turn, deal.rng)

    # -- moves ---------------------------------------------------------------------------------------
    def move_words(self) -> tuple[str, ...]:
        return ("bid", "pass", "call", "trump")

    def parse_move(self, state: DrogueState, text: str) -> Move:
        """Read ``bid 5``, ``pass``, ``call quatre-mandrins``, ``trump H`` (``trump ♥``) or a card (``JC``, ``10♥``)."""
        seat = self.to_play(state)
        words = text.strip().split()
        head = words[0].lower() if words else ""
        if seat is None or head not in self.move_words():
            return super().parse_move(state, text)
        rest = " ".join(words[1:]).lower()
        if head == "pass":
            if rest:
                raise InvalidNotationError(f"bad move {text.strip()!r}: 'pass' takes nothing after it")
            return Move(seat, "pass")
        if head == "bid":
            if not rest.isdigit():
                raise InvalidNotationError(f"bad bid {text.strip()!r}: expected a number of cards, e.g. 'bid 5'")
            return Move(seat, "bid", None, str(int(rest)))
        if head == "call":
            if rest.replace(" ", "-") not in _CALL_NAMES and rest not in ("", "qui vive"):
                raise InvalidNotationError(f"bad call {text.strip()!r}: the only call is 'call {QUI_VIVE}'")
            return Move(seat, "call", None, QUI_VIVE)
        suit = _SUIT_NAMES.get(rest)
        if suit is None:
            raise InvalidNotationError(f"bad move {text.strip()!r}: name a suit, e.g. 'trump H' or 'trump ♥'")
        return Move(seat, "trump", None, suit)

    def to_play(self, state: DrogueState) -> int | None:
        return state.turn

    def legal_moves(self, state: DrogueState) -> list[Move]:
        seat = state.turn
        if seat is None:
            return []
        hand = state.hands[seat]
        if state.phase == "auction":
            if has_four_mandrins(hand) and not state.auction.called(seat):
                return [Move(seat, "call", None, QUI_VIVE)]  # drogue.bid.four-mandrins.when
            bids = [Move(seat, "bid", None, str(n)) for n in auction_counts(hand, state.auction, seat)]
            return [*bids, Move(seat, "pass")]
        if state.phase == "trump":
            standing = state.auction.standing
            assert standing is not None
            return [Move(seat, "trump", None, c.suit) for c in best_claims(hand, standing.count)]
        assert state.trump is not None
        cards = allowed(hand, [c for _, c in state.trick], state.trump, self.order, self.overtrump).cards
        return [Move(seat, "play", c) for c in cards]

    def why_illegal(self, state: DrogueState, move: Move) -> IllegalMoveError:
        return explain.why_illegal(self, state, move)

    def play(self, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
        if move.kind == "play":
            return self._play_card(state, move)
        if move.kind == "trump":
            return self._name_trump(state, move)
        return self._speak(state, move)

    # -- the auction ---------------------------------------------------------------------------------
    def _speak(self, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
        names = self.names_at(state)
        seat = move.seat
        name = names[seat]
        before = state.auction.standing
        if move.kind == "call":
            call = Call(seat, "call")
            text = f'{name} calls "{QUI_VIVE_TEXT}": only three of the four Jacks may be shown.'
        elif move.kind == "pass":
            call = Call(seat, "pass")
            text = f"{name} passes."
        else:
            count = int(move.value or 0)
            claim = best_claims(state.hands[seat], count)[0]
            call = Call(seat, "bid", count, claim.value)
            text = f"{name} bids {NUMBERS[count]}."
            if before is not None and before.count == count:
                # drogue.bid.tie-points / drogue.bid.tie-earlier: equal counts are settled on card values
                other = names[before.seat]
                if claim.value > before.value:
                    text = (
                        f"{name} also bids {NUMBERS[count]}, worth {claim.value} in card values against"
                        f" {other}'s {before.value}: now {name}'s bid stands."
                    )
                elif claim.value == before.value:
                    text = (
                        f"{name} also bids {NUMBERS[count]}, worth the same {claim.value} in card values:"
                        f" {other}'s earlier bid stands."
                    )
                else:
                    text = (
                        f"{name} also bids {NUMBERS[count]}, worth only {claim.value} in card values against"
                        f" {other}'s {before.value}: {other}'s bid stands."
                    )
        auction = state.auction.with_call(call)
        data = {"seat": seat, "call": move.kind, "count": call.count, "value": call.value}
        events = [Event(move.kind, text, data)]
        state = replace(state, auction=auction, turn=auction.turn)
        if not auction.over:
            return state, events
        if auction.standing is None:
            return self._redeal(state, events)
        winner = auction.standing.seat
        events.append(
            Event(
                "auction",
                f"The auction is over: {names[winner]}'s {NUMBERS[auction.standing.count]} stands."
                f" {names[winner]} shows the cards and names trump.",
                {"seat": winner, "count": auction.standing.count},
            )
        )
        return replace(state, phase="trump", turn=winner), events

    def _redeal(self, state: DrogueState, events: list[Event]) -> tuple[DrogueState, list[Event]]:
        names = self.names_at(state)
        dealer = state.dealer
        if self.options["all_pass"] == "next-dealer":
            dealer = (dealer - 1) % SEATS  # drogue.bid.all-pass.next
            text = f"All four passed: the deal goes on to the right, and {names[dealer]} deals."
        else:
            text = f"All four passed: {names[dealer]} gathers the cards and deals again."  # drogue.bid.all-pass
        rng = Rng(state.rng)
        order = list(self.pack.cards)
        rng.shuffle(order)
        hands, _ = self.deal_order(order, dealer)
        auction = Auction.start(dealer)
        events.append(Event("redeal", text, {"dealer": dealer, "hands": [[str(c) for c in h] for h in hands]}))
        return (
            replace(
                state,
                dealer=dealer,
                hands=hands,
                auction=auction,
                turn=auction.turn,
                rng=rng.state,
                redeals=state.redeals + 1,
            ),
            events,
        )

    def _name_trump(self, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
        # drogue.bid.show: the winner shows his cards as proof and names the trump suit
        standing = state.auction.standing
        assert standing is not None
        assert move.value is not None
        proof = next(c for c in best_claims(state.hands[move.seat], standing.count) if c.suit == move.value)
        names = self.names_at(state)
        shown = " ".join(c.symbol for c in proof.cards)
        leader = (state.dealer - 1) % SEATS  # drogue.deal.first-lead
        text = (
            f"{names[move.seat]} shows {shown} and makes {SUIT_WORDS[move.value]} trump:"
            f" {names[move.seat]} has made the cards. {names[leader]}, on the dealer's right, leads."
        )
        data = {"seat": move.seat, "trump": move.value, "proof": [str(c) for c in proof.cards]}
        return (
            replace(state, phase="play", trump=move.value, maker=move.seat, proof=proof, turn=leader),
            [Event("trump", text, data)],
        )

    # -- the play ------------------------------------------------------------------------------------
    def _play_card(self, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
        seat, card = move.seat, move.card
        assert card is not None
        assert state.trump is not None
        names = self.names_at(state)
        trick = (*state.trick, (seat, card))
        hand = tuple(c for c in state.hands[seat] if c != card)
        hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
        text = f"{names[seat]} {self._how(state.trick, card, state.trump)} {card.symbol}."
        events = [Event("play", text, {"seat": seat, "card": str(card)})]
        if len(trick) < SEATS:
            return replace(state, hands=hands, trick=trick, turn=(seat - 1) % SEATS), events
        winner, best = best_play(trick, state.trump, self.order)  # drogue.play.win
        pts = points(c for _, c in trick)  # drogue.points
        record = TrickRecord(len(state.tricks) + 1, trick[0][0], trick, winner, pts)
        tricks = (*state.tricks, record)
        side = self.side_name(state, winner % 2)
        events.append(
            Event(
                "trick",
                f"{names[winner]} wins trick {record.number} with {best.symbol}: {pts} points to {side}.",
                {
                    "trick": record.number,
                    "leader": record.leader,
                    "cards": [[s, str(c)] for s, c in trick],
                    "winner": winner,
                    "points": pts,
                },
            )
        )
        state = replace(state, hands=hands, trick=(), tricks=tricks, turn=winner)  # the winner leads next
        if len(tricks) < TRICKS:
            return state, events
        outcome = self._result(state)
        events.append(Event("end", outcome.text, None))
        return replace(state, phase="over", turn=None, result=outcome), events

    def _how(self, table: tuple[tuple[int, Card], ...], card: Card, trump: str) -> str:
        """What playing ``card`` to ``table`` does, in words."""
        if not table:
            return "leads"
        led = suit_of(table[0][1], trump)
        _, best = best_play(table, trump, self.order)
        beats = trick_power(card, led, trump, self.order) > trick_power(best, led, trump, self.order)
        suit = suit_of(card, trump)
        if suit == led:
            return "beats with" if beats else "follows with"
        if suit != trump:
            return "can neither follow nor trump, and throws"
        if suit_of(best, trump) != trump:
            return "trumps with"
        return "over-trumps with" if beats else "under-trumps with"

    def _result(self, state: DrogueState) -> Outcome:
        """drogue.points.result: more card points wins the deal; 60 all is a draw."""
        ours, theirs = state.side_points()
        a, b = self.side_name(state, 0), self.side_name(state, 1)
        score = f"{a} {ours}, {b} {theirs}"
        if ours == theirs:
            return Outcome("draw", (), (), f"{score}: a draw, 60 all.")
        win = 0 if ours > theirs else 1
        return Outcome(
            "win",
            (win, win + 2),
            (1 - win, 3 - win),
            f"{score}: {self.side_name(state, win)} win the deal.",
        )

    def outcome(self, state: DrogueState) -> Outcome | None:
        return state.result

    # -- bots and views ------------------------------------------------------------------------------
    def bot_move(self, state: DrogueState, rng: Rng) -> Move:
        return bot.choose(self, state, rng)

    def view(self, state: DrogueState) -> dict[str, Any]:
        return view.render(self, state)
