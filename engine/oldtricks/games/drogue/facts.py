"""What happens at a Drogue table, as facts: who did what, with which card, under which rule.

The transitions (the cut in ``cut.py``, the calls in ``calls.py``, the auction in ``bidding.py``, trump in ``trump.py``,
the play in ``playing.py``, the session in ``session.py``, a lenient table's infractions) return these;
``narrate.py`` alone turns them into the English of the frames, with the data the panels read.

>>> from oldtricks.core.cards import FRENCH_32
>>> Played(1, FRENCH_32.parse("JC"), "trumps")
Played(seat=1, card=Card.parse('JC', 'french'), how='trumps')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ...core.cards import Card
from ...core.values import Outcome
from .sessionfacts import (
    BlackNose,
    ButtonholeOff,
    DrogueStays,
    DrogueTaken,
    FirstGameLost,
    FirstGameShamed,
    FirstGameTied,
    Points,
    Rengage,
    Vilenie,
)

__all__ = [
    "AllPassed",
    "AskedFloor",
    "AuctionWon",
    "AuxArmes",
    "BlackNose",
    "ButtonholeOff",
    "CapReached",
    "Cause",
    "CauseKind",
    "DealScore",
    "Dealt",
    "DemandedRedeal",
    "DrogueStays",
    "DrogueTaken",
    "Ending",
    "EveningScore",
    "Fact",
    "FirstGameLost",
    "FirstGameShamed",
    "FirstGameTied",
    "ForgotCall",
    "ForgotFour",
    "Granted",
    "Guerite",
    "Hands",
    "How",
    "Kept",
    "NamedJacks",
    "OutOfTurn",
    "Over",
    "Penalty",
    "Played",
    "Points",
    "QuiVive",
    "Released",
    "Rengage",
    "Saluted",
    "Spoke",
    "TrickWon",
    "TrumpNamed",
    "Vilenie",
]

Hands = tuple[tuple[Card, ...], ...]

# What a card does to the trick (playing.how): it leads, follows or beats, trumps, or is thrown
How = Literal["leads", "beats", "follows", "throws", "trumps", "over-trumps", "under-trumps"]


# Why a clip goes on or comes off: a penalty (drogue.penalty.causes) or what the session charges and releases
CauseKind = Literal[
    "bid-without-jack",  # drogue.bid.no-jack, at a lenient table
    "bid-not-held",  # a count the hand cannot show (``count``)
    "four-unsaid",  # drogue.bid.four-mandrins: the call not made
    "revoke",  # a card the play's rule forbids (``rule``: the rule that narrowed the hand)
    "jack-run",  # drogue.variant.four-jacks.run
    "out-of-turn",  # drogue.penalty.causes.out-of-turn (``card``)
    "no-floor",  # drogue.silent.calls: calling out without the floor
    "no-salute",  # drogue.penalty.causes.salute
    "qui-vive-unsaid",  # drogue.penalty.removal: a named Jack held in silence (``card``)
    "trump-ace-lost",  # drogue.black-nose
    "buttonhole-off",  # drogue.vilenie.defigure.off
    "showed",  # drogue.release (``card``)
    "named-and-held",  # drogue.penalty.removal (``card``)
    "rengage",  # drogue.rengage
    "vilenie",  # one of the vilenies, drogue.vilenie.debrisque and the others (``vilenie``)
    "first-game-lost",  # drogue.first-game
    "made-too-few",  # drogue.threshold (``count``: the points made)
]


@dataclass(frozen=True, slots=True)
class Cause:
    """Why a clip goes on or comes off, as a fact; ``narrate.cause`` words it. ``found_out``: a hidden
    infraction that came out when the cards were turned over (drogue.penalty.causes.found-out)."""

    kind: CauseKind
    card: Card | None = None
    count: int = 0
    rule: str = ""
    vilenie: str = ""
    found_out: bool = False

    def when_found_out(self) -> Cause:
        return replace(self, found_out=True)


# -- the cut and the calls (cut.py, calls.py) -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Penalty:
    """``seat`` takes a penalty clip for ``why`` (drogue.penalty.causes)."""

    seat: int
    why: Cause


@dataclass(frozen=True, slots=True)
class NamedJacks:
    """At the cut, ``seat`` names ``jacks``, asked by ``cutter``, or by the dealer when the cutter is the one
    who wears the mark (drogue.penalty.removal, drogue.penalty.removal.cutter)."""

    seat: int
    cutter: int
    dealer: int
    jacks: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """``dealer`` deals ``hands``: deal ``number`` of the evening, or ``again`` after a demand
    (drogue.deal.next, drogue.redeal)."""

    dealer: int
    again: bool
    number: int
    hands: Hands


@dataclass(frozen=True, slots=True)
class AuxArmes:
    """``seat`` calls "Aux armes!" (drogue.parade); ``silent``: and "Silence!" (drogue.silent)."""

    seat: int
    silent: bool


@dataclass(frozen=True, slots=True)
class Saluted:
    """``seat``, the only one without a clip, salutes the three who wear one (drogue.penalty.causes.salute)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ForgotCall:
    """Lenient table: ``seat`` lets a call go by: "Aux armes!", the salute, or "Qui vive!" for ``card``."""

    seat: int
    call: Literal["aux-armes", "salut", "qui-vive"]
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class QuiVive:
    """``seat`` calls "Qui vive!" for the named ``card``; ``namers`` named it; ``off`` is what it takes off
    ``seat`` (None: he did not name it, so it frees nobody) (drogue.penalty.removal, drogue.black-nose.removal)."""

    seat: int
    card: Card
    namers: tuple[int, ...]
    off: Literal["penalty", "black-nose"] | None


@dataclass(frozen=True, slots=True)
class DemandedRedeal:
    """``seat`` wears a clip, holds no King or Queen, and demands a new deal (drogue.redeal)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Kept:
    """``seat`` could demand a new deal and keeps the cards (drogue.redeal)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Released:
    """``seat`` shows ``jack`` and takes ``off`` clips off; ``left`` stay on (drogue.release.all, .one)."""

    seat: int
    jack: Card
    off: int
    left: int


@dataclass(frozen=True, slots=True)
class Guerite:
    """``seat`` has no Jack but J♦ to show and keeps the clip: cané dans la guérite (drogue.guerite)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AskedFloor:
    """``seat``, clipped in the silent game, asks for the floor (drogue.silent)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Granted:
    """``seat`` answers "Accordée": ``asker`` may speak (drogue.silent.calls)."""

    seat: int
    asker: int


# -- the auction (bidding.py) ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Spoke:
    """``seat`` calls the four Mandrins, passes or bids ``count`` worth ``value`` in card values; ``signed``:
    by signs (drogue.silent, drogue.signs). ``rival`` bid the same count before, worth ``rival_value``
    (drogue.bid.tie-points, drogue.bid.tie-earlier)."""

    seat: int
    call: Literal["call", "pass", "bid"]
    count: int = 0
    value: int = 0
    signed: bool = False
    rival: int | None = None
    rival_value: int = 0


@dataclass(frozen=True, slots=True)
class ForgotFour:
    """Lenient table: ``seat`` holds the four Mandrins and says nothing (drogue.bid.four-mandrins)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AuctionWon:
    """The auction is over: ``seat``'s bid of ``count`` stands (drogue.bid.raise.end)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class AllPassed:
    """All four passed: ``dealer`` deals ``hands``; ``moved``: the deal went on to the right
    (drogue.bid.all-pass, drogue.bid.all-pass.next)."""

    dealer: int
    moved: bool
    hands: Hands


# -- trump and the play (trump.py, playing.py) ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """``seat`` shows ``proof`` and makes ``suit`` trump (by signs when ``signed``); ``leader`` leads
    (drogue.bid.show, drogue.deal.first-lead)."""

    seat: int
    suit: str
    proof: tuple[Card, ...]
    signed: bool
    leader: int


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` played ``card``, which does ``how`` to the trick."""

    seat: int
    card: Card
    how: How


@dataclass(frozen=True, slots=True)
class OutOfTurn:
    """Lenient table: ``seat`` leads ``card`` when it is ``turn``'s lead; the card goes back
    (drogue.penalty.causes.out-of-turn)."""

    seat: int
    card: Card
    turn: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``winner`` takes trick ``number`` of the deal (``counted`` of the evening) with ``best``: ``points``
    card points (drogue.play.win, drogue.points). ``deal`` is the deal's number in an evening, else None."""

    number: int
    counted: int
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int
    best: Card
    points: int
    deal: int | None


@dataclass(frozen=True, slots=True)
class Over:
    """The game is over: one deal scored (drogue.points.result), or the evening (drogue.end)."""

    outcome: Outcome


# the facts of the session between deals: in sessionfacts.py
Fact = (
    Penalty
    | NamedJacks
    | Dealt
    | AuxArmes
    | Saluted
    | ForgotCall
    | QuiVive
    | DemandedRedeal
    | Kept
    | Released
    | Guerite
    | AskedFloor
    | Granted
    | Spoke
    | ForgotFour
    | AuctionWon
    | AllPassed
    | TrumpNamed
    | Played
    | OutOfTurn
    | TrickWon
    | Over
    | BlackNose
    | ButtonholeOff
    | Rengage
    | Vilenie
    | FirstGameShamed
    | FirstGameTied
    | FirstGameLost
    | DrogueStays
    | DrogueTaken
)


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal alone, scored: the card points of each side (drogue.points.result); worded as the outcome."""

    points: Points
    winner: int | None


@dataclass(frozen=True, slots=True)
class EveningScore:
    """The evening over after ``deals`` deals: the clips each side wears (drogue.end.count); worded as the
    outcome."""

    deals: int
    totals: Points
    winner: int | None


@dataclass(frozen=True, slots=True)
class CapReached:
    """No deal may be dealt: ``dealings`` dealings were made, the cap, after ``played`` deals played to the
    end; the game stops undecided (drogue.cap). Worded as the outcome."""

    dealings: int
    played: int


Ending = DealScore | EveningScore | CapReached
