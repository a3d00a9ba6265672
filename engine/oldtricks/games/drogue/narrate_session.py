"""The words of a Drogue session: why a clip goes on or comes off, how many a side wears, who takes the drogue
after a deal, and the outcome's text; and the words every Drogue text shares (the numbers of a bid, the
four-Mandrins call as it is said at the table), which no rule reads.

Drogue's words are in four modules: ``narrate.py`` (what happens at the table, the frames' sentences),
this one (the session's, and the shared words), ``narrate_refusals.py`` (why a move is refused) and
``narrate_view.py`` (the frame's marks, info lines and panels).

>>> NUMBERS[5], QUI_VIVE_TEXT
('five', 'Qui vive pour les quatre Mandrins!')
>>> from oldtricks.core.seats import Seats
>>> clips_word(0), clips_word(1), clips_word(3)
('no clips', 'one clip', 'three clips')
>>> ending(DealScore((70, 50), 0), Seats(("South", "West", "North", "East"), (0, 1, 0, 1)))
'South & North 70, West & East 50: South & North win the deal.'
"""

from __future__ import annotations

from ...core.i18n import N_, Words, _, ngettext, pN_
from ...core.seats import Seats
from ...core.values import Event
from .facts import (
    BlackNose,
    ButtonholeOff,
    CapReached,
    Cause,
    DealScore,
    DrogueStays,
    DrogueTaken,
    Ending,
    EveningScore,
    Fact,
    FirstGameLost,
    FirstGameShamed,
    FirstGameTied,
    Points,
    Rengage,
    Vilenie,
)

# the numbers of a bid in words, in the current language (NUMBERS[5])
NUMBERS = Words(
    dict(
        enumerate(
            (N_("none"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"))
        )
    )
)
QUI_VIVE_TEXT = "Qui vive pour les quatre Mandrins!"  # drogue.bid.four-mandrins

# What a lenient table charges for a card the rules forbid, by the rule that narrowed the hand
REVOKES = Words(
    {
        "drogue.play.follow": N_("not following suit (and beating) when able"),
        "drogue.play.follow.trumped": N_("not following suit when able"),
        "drogue.play.trump": N_("not trumping when able"),
        "drogue.play.overtrump": N_("not over-trumping when able"),
    }
)
CAUSES = Words(
    {
        "bid-without-jack": N_("bidding without a Jack"),
        "four-unsaid": N_('holding all four Mandrins without calling "Qui vive pour les quatre Mandrins!"'),
        "jack-run": N_("the fourth Jack of one side in consecutive tricks"),
        "no-floor": N_("calling out in the silent game without the floor"),
        "no-salute": N_("not saluting the three clipped players"),
        "trump-ace-lost": N_("lost the trump Ace"),
        "buttonhole-off": N_("won a trick with a King or Queen"),
        "rengage": N_("rengagé"),
        "first-game-lost": N_("lost the first game"),
    }
)


def cause(why: Cause) -> str:
    """Why a clip went on or came off, in words: a penalty's cause, or a line of the clips' history.

    >>> from oldtricks.core.cards import FRENCH_32
    >>> cause(Cause("revoke", rule="drogue.play.trump")), cause(Cause("showed", FRENCH_32.parse("JS")))
    ('not trumping when able', 'showed J♠')
    >>> cause(Cause("bid-not-held", count=5).when_found_out())
    'bidding 5 cards without holding them, found out after the deal'
    """
    card = why.card.symbol if why.card is not None else ""
    match why.kind:
        case "bid-not-held":
            text = ngettext(
                "bidding {count} card without holding it", "bidding {count} cards without holding them", why.count
            ).format(count=why.count)
        case "revoke":
            text = REVOKES[why.rule] if why.rule in REVOKES else _("breaking the rules of play")
        case "out-of-turn":
            text = _("leading {card} out of turn").format(card=card)
        case "qui-vive-unsaid":
            text = _('not calling "Qui vive!" for the named {card}').format(card=card)
        case "showed":
            text = _("showed {card}").format(card=card)
        case "named-and-held":
            text = _("named {card} and held it").format(card=card)
        case "vilenie":
            text = why.vilenie
        case "made-too-few":
            text = _("made {count}").format(count=why.count)
        case _:
            text = CAUSES[why.kind]
    return _("{cause}, found out after the deal").format(cause=text) if why.found_out else text


# the number of clips in words, apart from the number of cards (NUMBERS): a clip may be of another gender
# than a card (Polish: jedna karta, jeden klips)
CLIP_NUMBERS = Words(
    {
        1: pN_("clips", "one"),
        2: pN_("clips", "two"),
        3: pN_("clips", "three"),
        4: pN_("clips", "four"),
        5: pN_("clips", "five"),
        6: pN_("clips", "six"),
        7: pN_("clips", "seven"),
        8: pN_("clips", "eight"),
    },
    "clips",
)


def clips_word(n: int) -> str:
    """A number of clips in words."""
    if n == 0:
        return _("no clips")
    return ngettext("{count} clip", "{count} clips", n).format(count=CLIP_NUMBERS.get(n, n))


def team_name(seats: Seats, side: int) -> str:
    """A side by its two players' names (side 0: seats 0 and 2; side 1: seats 1 and 3)."""
    return f"{seats.name(side)} & {seats.name(side + 2)}"


def score_line(points: Points, seats: Seats) -> str:
    return f"{team_name(seats, 0)} {points[0]}, {team_name(seats, 1)} {points[1]}"


def ending(fact: Ending, seats: Seats) -> str:
    """How the game ended, in words: the outcome's text, also shown as the last event."""
    match fact:
        case DealScore(points, winner):
            if winner is None:
                return _("{score}: a draw, 60 all.").format(score=score_line(points, seats))
            return _("{score}: {side} win the deal.").format(
                score=score_line(points, seats), side=team_name(seats, winner)
            )
        case EveningScore(deals, totals, winner):
            score = _("After {count} deals {first} wear {clips}, {second} {others}").format(
                count=deals,
                first=team_name(seats, 0),
                clips=clips_word(totals[0]),
                second=team_name(seats, 1),
                others=clips_word(totals[1]),
            )
            if winner is None:
                return _("{score}: a draw.").format(score=score)
            return _("{score}: {side} win.").format(score=score, side=team_name(seats, winner))
        case CapReached(dealings, played):
            if played:
                done = ngettext("{count} deal played", "{count} deals played", played).format(count=played)
            else:
                done = _("no deal played to the end")
            text = ngettext(
                "The cards were dealt {count} time, the agreed cap, with {done}: the game stops, undecided.",
                "The cards were dealt {count} times, the agreed cap, with {done}: the game stops, undecided.",
                dealings,
            )
            return text.format(count=dealings, done=done)


def session_event(fact: Fact, seats: Seats) -> Event:
    """The events of the drogue across deals: the black nose, the buttonhole, the guérite, who takes it."""
    names = seats.names
    match fact:
        case BlackNose(maker, winner, partner):
            if partner:
                text = _(
                    "{maker} made trump and has lost the trump Ace to {seat}, the partner: a black mark on the nose."
                )
            else:
                text = _("{maker} made trump and has lost the trump Ace to {seat}: a black mark on the nose.")
            return Event("black-nose", text.format(maker=names[maker], seat=names[winner]), {"seat": maker})
        case ButtonholeOff(seat):
            text = _("{seat} wins a trick with a King or Queen in it: one buttonhole clip comes off.")
            return Event("buttonhole", text.format(seat=names[seat]), {"seat": seat})
        case Rengage(seat, points, extra):
            if extra:
                text = _("{seat}'s side made only {points}: {seat} is rengagé and takes one more clip.")
            else:
                text = _("{seat}'s side made only {points}: {seat} is rengagé and keeps the clip, nothing more.")
            return Event("rengage", text.format(seat=names[seat], points=points), {"seat": seat})
        case Vilenie(side, vilenie, clips, buttonhole):
            if buttonhole:
                text = _("{side} are {vilenie}: recharger, {clips} more each at the buttonhole.")
            else:
                text = _("{side} are {vilenie}: recharger, {clips} more each.")
            text = text.format(side=team_name(seats, side), vilenie=vilenie, clips=clips_word(clips))
            return Event("vilenie", text, {"side": side, "vilenie": vilenie})
        case _:
            return _drogue(fact, seats)
    raise AssertionError(f"no words for {fact!r}")


def _drogue(fact: Fact, seats: Seats) -> Event:
    """Who takes the drogue after a deal, or keeps it."""
    match fact:
        case FirstGameShamed(points, side, vilenies):
            text = _(
                "{score}. {side} are {vilenies}: a side free of clips with a vilenie takes the drogue at once,"
                " one clip each, whatever the points."
            )
            text = text.format(
                score=score_line(points, seats), side=team_name(seats, side), vilenies=_(" and ").join(vilenies)
            )
            return Event("drogue", text, {"side": side, "vilenies": list(vilenies)})
        case FirstGameTied(points):
            text = _("{score}: sixty all. Nobody takes a clip; the next deal is the first game again.")
            return Event("drogue", text.format(score=score_line(points, seats)))
        case FirstGameLost(points, side):
            text = _("{score}. {side} made fewer and take the drogue: one clip each.")
            return Event(
                "drogue", text.format(score=score_line(points, seats), side=team_name(seats, side)), {"side": side}
            )
        case DrogueStays(free, points, threshold, holder):
            text = _("{side} made {points}, at least {threshold}: the drogue stays with {holder}.")
            text = text.format(
                side=team_name(seats, free), points=points, threshold=threshold, holder=team_name(seats, holder)
            )
            return Event("drogue", text, {"side": holder})
        case DrogueTaken(free, points, threshold, holder, vilenies):
            if vilenies:  # drogue.vilenie.clip-free (courte-queue among them)
                text = _(
                    "{side} are free of the drogue but {vilenies} ({points} points): they take the drogue at once."
                )
            else:
                text = _("{side} made only {points}, fewer than {threshold}: they take the drogue.")
            text += " " + _("{holder} will show a Jack from their new hands to be released.")
            text = text.format(
                side=team_name(seats, free),
                vilenies=_(" and ").join(vilenies),
                points=points,
                threshold=threshold,
                holder=team_name(seats, holder),
            )
            return Event("drogue", text, {"side": free, "vilenies": list(vilenies)})
    raise AssertionError(f"no words for {fact!r}")
