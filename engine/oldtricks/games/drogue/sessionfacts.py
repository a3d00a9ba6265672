"""What happens at a Drogue table between deals, as facts: the session (``session.py``: the black nose,
the buttonhole, the drogue kept or taken). Part of the facts of :mod:`.facts`, which lists them all
and from which they are imported as before."""

from __future__ import annotations

from dataclasses import dataclass

Points = tuple[int, int]  # card points of seats 0 and 2, and of seats 1 and 3


@dataclass(frozen=True, slots=True)
class BlackNose:
    """``maker`` made trump and lost its Ace to ``winner`` (``partner``: his partner) (drogue.black-nose)."""

    maker: int
    winner: int
    partner: bool


@dataclass(frozen=True, slots=True)
class ButtonholeOff:
    """``seat`` won a trick with a King or Queen in it: a buttonhole clip comes off (drogue.vilenie.defigure.off)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Rengage:
    """``seat``, still in the guérite, and his side made only ``points``: rengagé; ``extra``: one more clip
    (drogue.rengage)."""

    seat: int
    points: int
    extra: bool


@dataclass(frozen=True, slots=True)
class Vilenie:
    """``side``, wearing the drogue, is ``vilenie``: ``clips`` more each, at the buttonhole when
    ``buttonhole`` (drogue.vilenie.recharger)."""

    side: int
    vilenie: str
    clips: int
    buttonhole: bool


@dataclass(frozen=True, slots=True)
class FirstGameShamed:
    """First game: ``side`` alone committed ``vilenies`` and takes the drogue (drogue.first-game.vilenies.count)."""

    points: Points
    side: int
    vilenies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FirstGameTied:
    """First game: sixty all, and nobody takes a clip (drogue.first-game.tie)."""

    points: Points


@dataclass(frozen=True, slots=True)
class FirstGameLost:
    """First game: ``side`` made fewer and takes the drogue (drogue.first-game)."""

    points: Points
    side: int


@dataclass(frozen=True, slots=True)
class DrogueStays:
    """The free side made the threshold with no vilenie: the drogue stays with ``holder`` (drogue.threshold)."""

    free: int
    points: int
    threshold: int
    holder: int


@dataclass(frozen=True, slots=True)
class DrogueTaken:
    """The free side made fewer than ``threshold``, or committed ``vilenies``, and takes the drogue from
    ``holder`` (drogue.threshold, drogue.vilenie.clip-free)."""

    free: int
    points: int
    threshold: int
    holder: int
    vilenies: tuple[str, ...]
