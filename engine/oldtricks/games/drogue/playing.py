"""Playing a card: the trick, its winner, and what follows a trick and a deal.

The four-Jacks variant (drogue.variant.four-jacks.run) narrows the legal cards here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ...core.cards import Card
from ...core.game import evolve
from ...core.values import Outcome
from . import narrate_session, session, tricks
from .facts import Cause, DealScore, Fact, How, Over, Played, TrickWon
from .penalties import penalize
from .ranking import is_jack, points, suit_of, trick_power
from .shape import SEATS, TEAMS, TRICKS
from .state import DrogueState, TrickRecord
from .table import Table
from .tricks import Constraint, best_play


def jack_run(table: Table, state: DrogueState, seat: int, card: Card) -> bool:
    """drogue.variant.four-jacks.run: would ``card`` be the fourth Jack one side plays in consecutive tricks?"""
    if table.agreed.four_jacks != "no-run" or card.rank != "J":
        return False
    now = len(state.tricks)
    played = [(i, s) for i, t in enumerate(state.tricks) for s, c in t.cards if c.rank == "J"]
    played += [(now, s) for s, c in state.trick if c.rank == "J"]
    if len(played) != 3 or any(TEAMS[s] != TEAMS[seat] for _, s in played):
        return False
    tricks = sorted({i for i, _ in played} | {now})
    return tricks == list(range(tricks[0], tricks[-1] + 1))


# Why a card may not be played, as the constraint decides it; narrate_refusals.py words each one.
Reason = Literal[
    "jack-run",
    "beat",
    "jack-not-its-suit",
    "jacks-are-trumps",
    "follow",
    "follow-trumps",
    "overtrump",
    "trump",
    "only-jacks",
]

# What a lenient table charges for a card the rules forbid, by the rule that narrowed the hand
# (drogue.penalty.causes)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One card of the hand: may it be played now, and the rule that allows or forbids it (``reason``
    says which case of that rule forbids it)."""

    card: Card
    allowed: bool
    rule: str
    reason: Reason | None = None


@dataclass(frozen=True, slots=True)
class CardConstraint:
    """The play's one constraint: ``narrowed`` are the cards the rules of the trick leave (``rule`` is the
    rule that narrows the hand to them, from :func:`.tricks.allowed`), ``verdicts`` one per card of the hand;
    ``best`` the card holding the trick so far (drogue.play.win), None to lead. Legal moves, refusals (which
    word it), a lenient table's infractions and the bots all read it."""

    rule: str
    narrowed: tuple[Card, ...]
    verdicts: tuple[Verdict, ...]
    best: Card | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that may be played, in hand order."""
        return tuple(v.card for v in self.verdicts if v.allowed)

    def verdict(self, card: Card) -> Verdict | None:
        return next((v for v in self.verdicts if v.card == card), None)

    def infraction(self, card: Card) -> Cause:
        """What a lenient table charges for playing ``card`` (drogue.penalty.causes): the fourth Jack of a
        run, or a revoke of the rule that narrowed the hand."""
        verdict = self.verdict(card)
        if verdict is not None and verdict.reason == "jack-run":
            return Cause("jack-run")  # drogue.variant.four-jacks.run
        return Cause("revoke", rule=self.rule)


def allowed(table: Table, state: DrogueState, seat: int) -> CardConstraint:
    """Which cards of ``seat``'s hand may be played to the trick, each with the rule that allows or forbids it."""
    trump = state.trump
    assert trump is not None
    hand = state.hands[seat]
    played = [c for _, c in state.trick]
    base, blocked = _narrowed(table, state, seat)
    narrowed = set(base.cards)
    verdicts = []
    forbid = None
    for card in hand:
        if card in narrowed:
            if card not in blocked:
                verdicts.append(Verdict(card, True, base.rule))
            else:
                verdicts.append(Verdict(card, False, "drogue.variant.four-jacks.run", "jack-run"))
            continue
        if forbid is None:
            forbid = _forbidding(hand, played, base, trump)
        verdicts.append(_by_order(table, hand, played, trump, forbid(card)))
    best = best_play(state.trick, trump, table.agreed.order)[1] if state.trick else None
    return CardConstraint(base.rule, base.cards, tuple(verdicts), best)


# drogue.rank / drogue.rank.natural: the order below the Jacks in force, and the other one
ORDER_RULES = {"bezique": "drogue.rank", "natural": "drogue.rank.natural"}
OTHER_ORDER = {"bezique": "natural", "natural": "bezique"}


def _by_order(table: Table, hand: tuple[Card, ...], played: list[Card], trump: str, verdict: Verdict) -> Verdict:
    """A card refused for not beating (en forçant, or over-trumping) that the other order below the Jacks
    would let through is refused by the order in force: its rule names the refusal."""
    if verdict.reason not in ("beat", "overtrump"):
        return verdict
    agreed = table.agreed
    other = tricks.allowed(hand, played, trump, OTHER_ORDER[agreed.order], agreed.overtrump)
    if verdict.card in other.cards:
        return Verdict(verdict.card, False, ORDER_RULES[agreed.order], verdict.reason)
    return verdict


def _forbidding(hand: tuple[Card, ...], played: list[Card], base: Constraint, trump: str) -> Callable[[Card], Verdict]:
    """The rule that keeps a card (not among ``base.cards``) out of the trick, as a function of the card."""
    led = suit_of(played[0], trump)
    following = base.rule in ("drogue.play.follow", "drogue.play.follow.trumped")
    jacks_only = led == trump and all(is_jack(c) for c in base.cards)
    trump_jacks_only = all(is_jack(c) for c in hand if suit_of(c, trump) == trump)

    def verdict(card: Card) -> Verdict:
        if following:
            if suit_of(card, trump) == led:
                return Verdict(card, False, "drogue.play.follow", "beat")  # drogue.play.follow: en forçant
            if is_jack(card) and card.suit == led:
                # drogue.play.follow.jack-is-trump: a Jack does not follow its printed suit
                return Verdict(card, False, "drogue.play.follow.jack-is-trump", "jack-not-its-suit")
            if jacks_only:
                return Verdict(card, False, "drogue.play.follow.jack-is-trump", "jacks-are-trumps")
            return Verdict(card, False, "drogue.play.follow", "follow-trumps" if led == trump else "follow")
        if base.rule == "drogue.play.overtrump" and suit_of(card, trump) == trump:
            return Verdict(card, False, "drogue.play.overtrump", "overtrump")
        if trump_jacks_only:  # every trump he holds is a Jack
            return Verdict(card, False, "drogue.play.follow.jack-is-trump", "only-jacks")
        return Verdict(card, False, "drogue.play.trump", "trump")

    return verdict


def _narrowed(table: Table, state: DrogueState, seat: int) -> tuple[Constraint, frozenset[Card]]:
    """The rules of the trick (tricks.allowed) and the Jacks the four-Jacks run keeps back from them."""
    trump = state.trump
    assert trump is not None
    base = tricks.allowed(
        state.hands[seat], [c for _, c in state.trick], trump, table.agreed.order, table.agreed.overtrump
    )
    if table.agreed.four_jacks != "no-run":
        return base, frozenset()
    runs = frozenset(c for c in base.cards if jack_run(table, state, seat, c))
    # drogue.variant.four-jacks.run: the Jack is his only legal card: he must play it, and it costs nothing
    return base, (frozenset() if len(runs) == len(base.cards) else runs)


def legal_cards(table: Table, state: DrogueState, seat: int) -> tuple[Card, ...]:
    """The cards the constraint allows (the hot path of the legal moves: no verdicts built)."""
    base, blocked = _narrowed(table, state, seat)
    return tuple(c for c in base.cards if c not in blocked) if blocked else base.cards


def play_card(
    table: Table, state: DrogueState, seat: int, card: Card, quiet: bool = False
) -> tuple[DrogueState, list[Fact]]:
    """``seat`` plays a legal ``card``; the fourth card ends the trick (drogue.play.win). ``quiet``: a
    play-out's move, which no one reads, so the card's own fact is not made (the state is the same)."""
    assert state.trump is not None
    trick = (*state.trick, (seat, card))
    hand = tuple(c for c in state.hands[seat] if c != card)
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    facts: list[Fact] = []
    if not quiet:
        facts.append(Played(seat, card, how(table, state.trick, card, state.trump)))
    state = session.reveal(state, card, facts)
    trump = state.trump
    assert trump is not None
    if len(trick) < SEATS:
        return evolve(state, hands=hands, trick=trick, turn=(seat - 1) % SEATS), facts
    winner, best = best_play(trick, trump, table.agreed.order)  # drogue.play.win
    pts = points(c for _, c in trick)  # drogue.points
    record = TrickRecord(len(state.tricks) + 1, trick[0][0], trick, winner, pts)
    tricks = (*state.tricks, record)
    deal = state.session.deal_number if table.agreed.evening else None
    counted = state.session.tricks_before + record.number
    facts.append(TrickWon(record.number, counted, record.leader, trick, winner, best, pts, deal))
    state = evolve(state, hands=hands, trick=(), tricks=tricks, turn=winner)  # the winner leads next
    if table.agreed.evening:
        state = session.after_trick(state, record, facts)
    if len(tricks) < TRICKS:
        return state, facts
    if table.agreed.evening:
        return session.finish(table, state, facts), facts
    for hidden in state.hidden:  # a single deal: what was hidden still comes out when the cards are seen
        state, penalty = penalize(state, hidden.seat, hidden.why.when_found_out())
        facts.append(penalty)
    outcome = result(table, state)
    facts.append(Over(outcome))
    return evolve(state, phase="over", turn=None, result=outcome, hidden=()), facts


def how(table: Table, played: tuple[tuple[int, Card], ...], card: Card, trump: str) -> How:
    """What playing ``card`` to ``played`` does to the trick."""
    if not played:
        return "leads"
    led = suit_of(played[0][1], trump)
    _, best = best_play(played, trump, table.agreed.order)
    beats = trick_power(card, led, trump, table.agreed.order) > trick_power(best, led, trump, table.agreed.order)
    suit = suit_of(card, trump)
    if suit == led:
        return "beats" if beats else "follows"
    if suit != trump:
        return "throws"
    if suit_of(best, trump) != trump:
        return "trumps"
    return "over-trumps" if beats else "under-trumps"


def result(table: Table, state: DrogueState) -> Outcome:
    """drogue.points.result: more card points wins the deal; 60 all is a draw."""
    ours, theirs = state.side_points()
    seats = table.seats(state)
    if ours == theirs:
        return Outcome("draw", (), (), narrate_session.ending(DealScore((ours, theirs), None), seats))
    win = 0 if ours > theirs else 1
    text = narrate_session.ending(DealScore((ours, theirs), win), seats)
    return Outcome("win", (win, win + 2), (1 - win, 3 - win), text)
