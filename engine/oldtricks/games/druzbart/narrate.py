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

from ...cards import Card
from ...model import Event
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

RANK_WORDS = {"9": "Nine", "A": "Ace", "U": "Unter", "O": "Ober", "6": "Six", "7": "Seven"}


def role(card: Card, ranking: Ranking, led: bool = False) -> str:
    """A word for the card's part in the ranking: 'a matador', 'a Nine', 'a dud'."""
    if ranking.is_matador(card):
        return "a matador"
    if card.rank == "7":
        return "a led Seven" if led else "an unled Seven, worth nothing"
    if ranking.is_dud(card):
        return "a dud"
    return f"an {RANK_WORDS[card.rank]}" if card.rank in "AUO" else f"a {RANK_WORDS[card.rank]}"


def _clock(table: Table) -> bool:
    return table.num_sides == 3


def _lines_left(table: Table, lines: tuple[int, ...]) -> str:
    return ", ".join(f"{table.side_label(s)} {n}" for s, n in enumerate(lines))


def _played(fact: Played, table: Table) -> str:
    name, card, r = table.seats.name(fact.seat), fact.card, table.ranking
    if fact.led:
        if card.rank == "7" and not r.is_matador(card):
            beaten = "nothing can beat it" if r.seven == "unbeatable" else "only a matador can beat it"
            return f"{name} leads the {card.name}: a Seven led, {beaten}."
        return f"{name} leads the {card.name}, {role(card, r, led=True)}."
    if fact.heads:
        return f"{name} heads the trick with the {card.name}, {role(card, r)}."
    return f"{name} cannot head the trick and throws the {card.name}, {role(card, r)}."


def _took(fact: Took, table: Table) -> str:
    name = table.seats.name(fact.seat)
    if fact.rule == "druzbart.all-duds":
        why = f"only duds were played, so the leader, {name}, takes the trick"
    elif fact.rule == "druzbart.seven":
        why = f"the led Seven holds: {name} takes the trick"
    else:
        why = f"{name} takes the trick with the {fact.card.name}"
    side, tricks = fact.side, fact.tricks
    if _clock(table):
        tally = f" ({table.side_label(side)} has {tricks[side]})"
    else:
        tally = f" ({table.side_label(side)} {tricks[side]}, {table.side_label(1 - side)} {tricks[1 - side]})"
    return f"Trick {fact.number}: {why}{tally}."


def _matador(fact: MatadorLost, table: Table) -> str:
    side = table.side_label(fact.side)
    whom = "his partner" if fact.to_partner else "the opponent"
    verb = "chalks" if _clock(table) else "chalk"
    if fact.cost:
        cost = f"{side} {verb} {fact.cost} line{'s' if fact.cost != 1 else ''} back"
    else:
        cost = f"with the penalty set to none, it costs {side} nothing"
    seat, winner = table.seats.name(fact.seat), table.seats.name(fact.winner)
    return f"{seat}'s {fact.card.name}, a matador, falls to {whom} {winner}: {cost}."


def _deal_won(fact: DealWon, table: Table) -> str:
    text = f"{table.side_label(fact.side)} have five tricks and win the deal: they erase a line."
    if fact.straight:
        text += " They took five before the other side took one: a second line is erased."
    return text


def _redealt(fact: Redealt, table: Table) -> str:
    how = "in packets of three" if fact.packets else "one at a time"
    text = f"{table.seats.name(fact.dealer)} deals deal {fact.number}: {fact.size} cards each, {how}."
    if fact.left_out:
        text += f" {fact.left_out} cards are left out."
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
            return Event("deal", f"{tricks} tricks each: the deal scores nothing.", None)
        case SlateNow(lines):
            return Event("slate", f"Lines left on the slate: {_lines_left(table, lines)}.", {"lines": list(lines)})
        case LineErased(seat, lines):
            text = f"{table.seats.name(seat)} erases a line from his leg of the tripod: {lines[seat]} left."
            return Event("slate", text, {"lines": list(lines)})
        case AllPlayed(tricks, lines):
            return Event("deal", f"All {tricks} tricks are played. Lines left: {_lines_left(table, lines)}.", None)
        case FiveTricks(seat, tricks, lines):
            text = (
                f"{table.seats.name(seat)} has five tricks, so the deal is over after {tricks} tricks, as in the "
                f"game for four. Lines left: {_lines_left(table, lines)}."
            )
            return Event("deal", text, None)
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
        rest = " and ".join(f"{table.seats.name(s)} {lines[s]}" for s in range(len(lines)) if s != side)
        return f"{table.seats.name(side)} has erased all his lines and wins (lines left: {rest})."
    other = 1 - side
    points = lines[other]
    return (
        f"{table.side_label(side)} have cleared their slate and win the game: {points} game"
        f" point{'s' if points != 1 else ''}, one for each line {table.side_label(other)} still have."
    )


def capped(fact: Capped, table: Table) -> str:
    """A game stopped by the cap of deals: the outcome's text (druzbart.cap)."""
    deals = fact.deals
    return (
        f"{deals} deal{'s' if deals != 1 else ''} played and no slate is clear"
        f" ({_lines_left(table, fact.lines)} lines left): the game stops here, undecided."
    )


def head_refusal(seat: int, heading: tuple[Card, ...], table: Table, reading: str | None = None) -> str:
    """Why a card that does not head the trick is refused when one that does is held (druzbart.head);
    ``reading``: the words of the chosen reading that lets those cards head (druzbart.obers, .seven.gracz)."""
    cards = " or ".join(str(c) for c in heading)
    why = f" ({reading})" if reading else ""
    return (
        f"{table.seats.name(seat)} can head the trick with {cards}{why}, so must: suit need not be followed,"
        f" but the best card so far must be beaten when it can be"
    )


# -- the view's words: marks, labels, panel titles, the info lines (placed by view.py) ------------------
DEALER = "dealer"
LEFT_OUT = "left out, face down"
IN_PLAY = "in play"
PANEL_TITLES = {"lines": "The slate", "tripod": "The tripod", "table": "Scoring, deal by deal"}


def info(table: Table, number: int, tricks: tuple[int, ...]) -> list[list[str]]:
    """The info lines beside the table: the deal, the tricks per side, and the rules in force."""
    taken = ", ".join(f"{table.side_label(s)} {n}" for s, n in enumerate(tricks))
    seven = "cannot be beaten" if table.ranking.seven == "unbeatable" else "falls only to a matador"
    lines = [
        ["Deal", str(number)],
        ["Tricks", taken],
        ["Matadors", " > ".join(table.ranking.matadors)],
        ["A led Seven", seven],
    ]
    if table.num_sides == 2:
        lines.append(["Partners", "drawn by cards, then seated opposite (Gracz)"])  # druzbart.partners-by-cards
    return lines


def scoring_columns(table: Table) -> list[str]:
    """The scoring table's headings: Drużbart has an 'Erased' column, Clock Druzbart none."""
    labels = " : ".join(table.side_label(s) for s in range(table.num_sides))
    columns = ["Deal", "Dealer", f"Tricks ({labels})"]
    if table.num_sides == 2:
        columns.append("Erased")
    return [*columns, "Chalked back", f"Lines left ({labels})"]
