"""The English of Drużbart and Clock Druzbart: every sentence a reader sees in their frames.

Rule code returns facts (``facts.py``); this module is the one place that words them, so a sentence
can be reworded, or translated, without touching a rule. Clock Druzbart is the table of three
sides, each one player.

>>> from oldtricks.games.druzbart import Druzbart
>>> game = Druzbart()
>>> event(Played(1, game.pack.parse("7H"), led=True, heads=False), game.table).text
'West leads the Seven of Hearts: a Seven led, nothing can beat it.'
>>> role(game.pack.parse("9A"), game.ranking)
'a Nine'
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.cards import Card
from ...core.i18n import N_, _, ngettext
from ...core.values import Event
from .facts import (
    AllPlayed,
    Capped,
    Cleared,
    DealDrawn,
    DealWon,
    Fact,
    FiveTricks,
    LineErased,
    MatadorLost,
    Played,
    Redealt,
    SlateNow,
    Took,
)
from .ranking import Ranking
from .table import Table


def role(card: Card, ranking: Ranking, led: bool = False) -> str:
    """A word for the card's part in the ranking: 'a matador', 'a Nine', 'a dud'."""
    if ranking.is_matador(card):
        return _("a matador")
    if card.rank == "7":
        return _("a led Seven") if led else _("an unled Seven, worth nothing")
    if ranking.is_dud(card):
        return _("a dud")
    return _ROLES[card.rank]()


# the other ranks' words, with their articles ('an Ace', 'a Nine'), each a message of its own
_ROLES: dict[str, Callable[[], str]] = {
    "9": lambda: _("a Nine"),
    "A": lambda: _("an Ace"),
    "U": lambda: _("an Unter"),
    "O": lambda: _("an Ober"),
    "6": lambda: _("a Six"),
    "7": lambda: _("a Seven"),
}


def _clock(table: Table) -> bool:
    return table.num_sides == 3


def _lines_left(table: Table, lines: tuple[int, ...]) -> str:
    return ", ".join(f"{table.side_label(s)} {n}" for s, n in enumerate(lines))


def _played(fact: Played, table: Table) -> str:
    name, card, r = table.seats.name(fact.seat), fact.card, table.ranking
    if fact.led:
        if card.rank == "7" and not r.is_matador(card):
            beaten = _("nothing can beat it") if r.seven == "unbeatable" else _("only a matador can beat it")
            return _("{seat} leads the {card}: a Seven led, {beaten}.").format(seat=name, card=card.name, beaten=beaten)
        text = _("{seat} leads the {card}, {role}.")
        return text.format(seat=name, card=card.name, role=role(card, r, led=True))
    if fact.heads:
        text = _("{seat} heads the trick with the {card}, {role}.")
    else:
        text = _("{seat} cannot head the trick and throws the {card}, {role}.")
    return text.format(seat=name, card=card.name, role=role(card, r))


def _took(fact: Took, table: Table) -> str:
    name = table.seats.name(fact.seat)
    if fact.rule == "druzbart.all-duds":
        why = _("only duds were played, so the leader, {seat}, takes the trick")
    elif fact.rule == "druzbart.seven":
        why = _("the led Seven holds: {seat} takes the trick")
    else:
        why = _("{seat} takes the trick with the {card}")
    why = why.format(seat=name, card=fact.card.name)
    side, tricks = fact.side, fact.tricks
    if _clock(table):
        tally = _("{side} has {count}").format(side=table.side_label(side), count=tricks[side])
    else:
        tally = f"{table.side_label(side)} {tricks[side]}, {table.side_label(1 - side)} {tricks[1 - side]}"
    return _("Trick {number}: {why} ({tally}).").format(number=fact.number, why=why, tally=tally)


def _matador(fact: MatadorLost, table: Table) -> str:
    side = table.side_label(fact.side)
    if fact.cost and _clock(table):
        cost = ngettext("{side} chalks {count} line back", "{side} chalks {count} lines back", fact.cost)
    elif fact.cost:
        cost = ngettext("{side} chalk {count} line back", "{side} chalk {count} lines back", fact.cost)
    else:
        cost = _("with the penalty set to none, it costs {side} nothing")
    cost = cost.format(side=side, count=fact.cost)
    seat, winner = table.seats.name(fact.seat), table.seats.name(fact.winner)
    if fact.to_partner:
        text = _("{seat}'s {card}, a matador, falls to his partner {winner}: {cost}.")
    else:
        text = _("{seat}'s {card}, a matador, falls to the opponent {winner}: {cost}.")
    return text.format(seat=seat, card=fact.card.name, winner=winner, cost=cost)


def _deal_won(fact: DealWon, table: Table) -> str:
    text = _("{side} have five tricks and win the deal: they erase a line.").format(side=table.side_label(fact.side))
    if fact.straight:
        text += " " + _("They took five before the other side took one: a second line is erased.")
    return text


def _redealt(fact: Redealt, table: Table) -> str:
    if fact.packets:
        text = _("{dealer} deals deal {number}: {count} cards each, in packets of three.")
    else:
        text = _("{dealer} deals deal {number}: {count} cards each, one at a time.")
    text = text.format(dealer=table.seats.name(fact.dealer), number=fact.number, count=fact.size)
    if fact.left_out:
        text += " " + ngettext("{count} card is left out.", "{count} cards are left out.", fact.left_out).format(
            count=fact.left_out
        )
    return text


def event(fact: Fact, table: Table) -> Event:
    """The event a frame shows for ``fact``; its data are the facts the results and panels read."""
    match fact:
        case Played(seat, card):
            return Event("play", _played(fact, table), {"seat": seat, "card": str(card)})
        case Took():
            return Event("trick", _took(fact, table), fact.record)
        case MatadorLost(seat, card, winner):
            data = {"seat": seat, "card": str(card), "winner": winner, "lines": fact.cost}
            return Event("matador", _matador(fact, table), data)
        case DealWon(number, side):
            return Event("deal", _deal_won(fact, table), {"deal": number, "side": side, "erased": fact.erased})
        case DealDrawn(tricks):
            return Event("deal", _("{count} tricks each: the deal scores nothing.").format(count=tricks), None)
        case SlateNow(lines):
            text = _("Lines left on the slate: {lines}.").format(lines=_lines_left(table, lines))
            return Event("slate", text, {"lines": list(lines)})
        case LineErased(seat, lines):
            text = _("{seat} erases a line from his leg of the tripod: {count} left.")
            return Event("slate", text.format(seat=table.seats.name(seat), count=lines[seat]), {"lines": list(lines)})
        case AllPlayed(tricks, lines):
            text = _("All {count} tricks are played. Lines left: {lines}.")
            return Event("deal", text.format(count=tricks, lines=_lines_left(table, lines)), None)
        case FiveTricks(seat, tricks, lines):
            text = _(
                "{seat} has five tricks, so the deal is over after {count} tricks, as in the "
                "game for four. Lines left: {lines}."
            )
            return Event(
                "deal", text.format(seat=table.seats.name(seat), count=tricks, lines=_lines_left(table, lines)), None
            )
        case Redealt(number, dealer):
            return Event("deal", _redealt(fact, table), {"deal": number, "dealer": dealer})
        case Cleared(side):
            return Event("end", ending(fact, table), {"side": side})
        case Capped(deals):
            return Event("end", capped(fact, table), {"capped": deals})


def ending(fact: Cleared, table: Table) -> str:
    """How the game ended: the outcome's text (druzbart.game-points; clock.end.at-once)."""
    side, lines = fact.side, fact.lines
    if _clock(table):
        rest = _(" and ").join(f"{table.seats.name(s)} {lines[s]}" for s in range(len(lines)) if s != side)
        text = _("{seat} has erased all his lines and wins (lines left: {rest}).")
        return text.format(seat=table.seats.name(side), rest=rest)
    other = 1 - side
    points = lines[other]
    text = ngettext(
        "{side} have cleared their slate and win the game: {count} game point, one for each line {other} still have.",
        "{side} have cleared their slate and win the game: {count} game points, one for each line {other} still have.",
        points,
    )
    return text.format(side=table.side_label(side), count=points, other=table.side_label(other))


def capped(fact: Capped, table: Table) -> str:
    """A game stopped by the cap of deals: the outcome's text (druzbart.cap)."""
    text = ngettext(
        "{count} deal played and no slate is clear ({lines} lines left): the game stops here, undecided.",
        "{count} deals played and no slate is clear ({lines} lines left): the game stops here, undecided.",
        fact.deals,
    )
    return text.format(count=fact.deals, lines=_lines_left(table, fact.lines))


# -- refusals: why a move is not allowed (the game names the rule) -----------------------------------
def game_over() -> str:
    return _("the game is over: the slate of one side is clear")


def not_your_turn(seat: int, mover: int, table: Table) -> str:
    return _("it is {seat}'s turn, not {mover}'s").format(seat=table.seats.name(seat), mover=table.seats.name(mover))


def must_deal(number: int, seat: int, table: Table) -> str:
    """A card played between deals (druzbart.deal.rotation)."""
    text = _("deal {number} is over: {seat} must deal the next one ('deal')")
    return text.format(number=number, seat=table.seats.name(seat))


def must_play(number: int, seat: int, table: Table) -> str:
    """Anything but a card while a deal is played."""
    text = _("deal {number} is still being played: {seat} must play a card")
    return text.format(number=number, seat=table.seats.name(seat))


def not_held(seat: int, card: Card, table: Table) -> str:
    return _("{seat} does not hold {card}").format(seat=table.seats.name(seat), card=card)


def head_refusal(seat: int, heading: tuple[Card, ...], table: Table, reading: str | None = None) -> str:
    """Why a card that does not head the trick is refused when one that does is held (druzbart.head);
    ``reading``: the words of the chosen reading that lets those cards head (druzbart.obers, .seven.gracz)."""
    cards = _(" or ").join(str(c) for c in heading)
    why = f" ({_(reading)})" if reading else ""
    text = _(
        "{seat} can head the trick with {cards}{why}, so must: suit need not be followed,"
        " but the best card so far must be beaten when it can be"
    )
    return text.format(seat=table.seats.name(seat), cards=cards, why=why)


# -- the view's words: marks, labels, panel titles, the info lines (placed by view.py) ------------------
DEALER = N_("dealer")
LEFT_OUT = N_("left out, face down")
IN_PLAY = N_("in play")
PANEL_TITLES = {"lines": N_("The slate"), "tripod": N_("The tripod"), "table": N_("Scoring, deal by deal")}


def info(table: Table, number: int, tricks: tuple[int, ...]) -> list[list[str]]:
    """The info lines beside the table: the deal, the tricks per side, and the rules in force."""
    taken = ", ".join(f"{table.side_label(s)} {n}" for s, n in enumerate(tricks))
    seven = _("cannot be beaten") if table.ranking.seven == "unbeatable" else _("falls only to a matador")
    lines = [
        [_("Deal"), str(number)],
        [_("Tricks"), taken],
        [_("Matadors"), " > ".join(table.ranking.matadors)],
        [_("A led Seven"), seven],
    ]
    if table.num_sides == 2:  # druzbart.partners-by-cards
        lines.append([_("Partners"), _("drawn by cards, then seated opposite (Gracz)")])
    return lines


def scoring_columns(table: Table) -> list[str]:
    """The scoring table's headings: Drużbart has an 'Erased' column, Clock Druzbart none."""
    labels = " : ".join(table.side_label(s) for s in range(table.num_sides))
    columns = [_("Deal"), _("Dealer"), _("Tricks ({sides})").format(sides=labels)]
    if table.num_sides == 2:
        columns.append(_("Erased"))
    return [*columns, _("Chalked back"), _("Lines left ({sides})").format(sides=labels)]
