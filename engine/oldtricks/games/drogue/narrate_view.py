"""The words of a Drogue frame, which ``view.py`` and ``sessionview.py`` place: the marks beside a seat, the
info lines, the panels' titles and columns, the partner draw, the auction box's calls and the evening's
history. The fourth of Drogue's narration modules, beside ``narrate``, ``narrate_session`` and
``narrate_refusals``.

>>> order_text("bezique"), proof_label("South", 3)
('A 10 K Q 9 8 7', "South's proof: three cards")
>>> auction_title(0), auction_title(2), bid_text(1)
('Auction', 'Auction (dealt again, 2×)', 'one card')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card
from ...core.i18n import N_, Words, _, ngettext
from .narrate_session import NUMBERS, QUI_VIVE_TEXT, cause, team_name
from .ranking import BLACK, ORDERS, SUIT_WORDS
from .state import Change, DrogueState
from .table import Table

MODES = Words({"speaking": N_("speaking (au parler)"), "silent": N_("silent (à la muette)")})

# the marks of one word or a few beside a seat, by kind (the view gives each its rule)
MARKS = Words(
    {
        "dealer": N_("dealer"),
        "called": N_("four Mandrins called"),
        "passed": N_("passed"),
        "clip": N_("drogue clip"),
        "clip-parade": N_("drogue clip, off for the parade"),
        "buttonhole": N_("buttonhole clip"),
        "buttonhole-parade": N_("buttonhole clip, off for the parade"),
        "penalty": N_("penalty clip"),
        "black-nose": N_("black nose"),
        "guerite": N_("cané dans la guérite"),
        "released": N_("released: shows a Jack"),
        "asking": N_("asks for the floor"),
        "floor": N_("has the floor"),
        "silent": N_("silent: signs only"),
    }
)
# the panels' titles, by the panel (the view places them)
TITLES = Words(
    {
        "drawing": N_("Drawing for partners"),
        "draw": N_("The draw"),
        "points": N_("Card points"),
        "clips": N_("Clips"),
        "history": N_("The evening so far"),
    }
)
PASSES = N_("passes")  # a pass in the auction box


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def order_text(order: str) -> str:
    return " ".join("10" if r == "T" else r for r in reversed(ORDERS[order]))


# -- marks -------------------------------------------------------------------------------------------------
def king_mark(king: Card) -> str:
    label = _("black King ({card})") if king.suit in BLACK else _("red King ({card})")
    return label.format(card=king.symbol)


def standing_mark(count: int) -> str:
    return _("bid {count}, standing").format(count=NUMBERS[count])


def trump_mark(suit: str) -> str:
    return _("made {suit} trump").format(suit=SUIT_WORDS[suit])


def named_mark(card: Card) -> str:
    return _("named {card}").format(card=card.symbol)


def proof_label(name: str, count: int) -> str:
    label = ngettext("{seat}'s proof: {count} card", "{seat}'s proof: {count} cards", count)
    return label.format(seat=name, count=NUMBERS[count])


# -- info lines --------------------------------------------------------------------------------------------
def info(table: Table, state: DrogueState, names: tuple[str, ...]) -> list[list[str]]:
    """The info lines beside the table: the deal, the partners, the bid and trump, and the session's."""
    seats = table.seats(state)
    info = [[_("Dealer"), names[state.dealer]]]
    info.append([_("Partners"), _("{first} v {second}").format(first=team_name(seats, 0), second=team_name(seats, 1))])
    info.append([_("Mode"), MODES.get(state.session.mode, state.session.mode)])
    if state.redeals:
        info.append([_("Deal"), _("dealt again after four passes ({count}×)").format(count=state.redeals)])
    standing = state.auction.standing
    if standing is not None:
        word = _("Bid") if state.phase == "auction" else _("Winning bid")
        info.append([word, _("{count}, by {seat}").format(count=NUMBERS[standing.count], seat=names[standing.seat])])
    if state.trump is not None:
        info.append([_("Trump"), _("{suit}; Mandrins J♣ J♠ J♥ J♦ on top").format(suit=SUIT_WORDS[state.trump])])
    if state.proof is not None:
        info.append([_("Proof"), _symbols(state.proof.cards)])
    info.append([_("Below the Jacks"), order_text(table.agreed.order)])
    return info + session_info(table, state)


def session_info(table: Table, state: DrogueState) -> list[list[str]]:
    """The session's info lines: the deal of the evening, who wears the drogue, the parade, the named Jacks."""
    if table.agreed.deals == 1:
        return []
    session = state.session
    number = session.deal_number
    if state.phase == "cut" or state.result:
        evening = _("deal {number} of {count}, over")
    else:
        evening = _("deal {number} of {count}")
    rows = [[_("Evening"), evening.format(number=number, count=table.agreed.deals)]]
    if session.holder is None:
        rows.append([_("The drogue"), _("nobody wears it yet: this deal is the first game")])
    else:
        free = 1 - session.holder
        rows.append([_("The drogue"), _("worn by {side}").format(side=team_name(table.seats(state), session.holder))])
        rows.append([_("Must make 41"), team_name(table.seats(state), free)])
    if state.parade:
        rows.append([_("Parade"), _('the drogue clips are off until "Aux armes!"; penalty clips stay on')])
    if session.named:
        names = table.seats(state).names
        rows.append([_("Named at the cut"), "; ".join(f"{names[s]} {c.symbol}" for s, c in session.named)])
    return rows


# -- panels ------------------------------------------------------------------------------------------------
def draw_columns() -> list[str]:
    return [_("Player"), _("Cards"), _("King")]


def points_columns() -> list[str]:
    return [_("Side"), _("Tricks"), _("Points")]


def history_columns(table: Table, state: DrogueState) -> tuple[list[str], list[str]]:
    """The evening's columns before the clips (the deal, the maker, the bid, each side's points), and the clips'."""
    seats = table.seats(state)
    return (
        [_("Deal"), _("Dealer"), _("Made trump"), _("Bid"), team_name(seats, 0), team_name(seats, 1)],
        [_("Clips on"), _("Clips off")],
    )


def maker_text(name: str | None, trump: str | None) -> str:
    """Who made trump in a deal of the evening, and in which suit; nobody in a deal passed out."""
    return _("nobody") if name is None or trump is None else f"{name}, {SUIT_WORDS[trump]}"


def draw_text(table: Table, state: DrogueState) -> str:
    """The partner draw in words (drogue.partners and the option's finer ids)."""
    draw = state.session.draw
    assert draw is not None
    players = table.players
    first = players[draw.first]
    black = [players[p] for p, c in draw.cards if c.rank == "K" and c.suit in BLACK]
    red = [players[p] for p, c in draw.cards if c.rank == "K" and c.suit not in BLACK]
    text = _("{first} drew the first King and deals. {black} have the black Kings, {red} the red: partners.").format(
        first=first, black=_(" and ").join(black), red=_(" and ").join(red)
    )
    if draw.moved is None:
        return text + " " + _("The partners already sit opposite each other.")
    mover, other = draw.moved
    moved = _("{seat} changes places with {other}, to sit opposite {first}.")
    return text + " " + moved.format(seat=players[mover], other=players[other], first=first)


def bid_text(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=NUMBERS[count])


def worth_text(bid: str, value: int, theirs: int) -> str:
    """An equal bid in the auction box, and whether its card values make it the standing one."""
    if value > theirs:
        worth = _("{bid}, worth {value} against {theirs}: now stands")
    else:
        worth = _("{bid}, worth {value} against {theirs}: the earlier bid stands")
    return worth.format(bid=bid, value=value, theirs=theirs)


def after_call(bid: str) -> str:
    """The four-Mandrins call, then the bid that follows it."""
    return _("{call} Then {bid}").format(call=QUI_VIVE_TEXT, bid=bid)


def auction_title(redeals: int) -> str:
    if not redeals:
        return _("Auction")
    if redeals == 1:
        return _("Auction (dealt again)")
    return _("Auction (dealt again, {count}×)").format(count=redeals)


def changes(items: tuple[Change, ...], names: tuple[str, ...], *, on: bool) -> str:
    """The clips put on (``on``) or taken off in one deal, in words."""
    parts = []
    for c in items:
        if (c.delta > 0) != on or c.delta == 0:
            continue
        n = abs(c.delta)
        what = _KINDS[c.kind](n) if c.kind in _KINDS else _("{seat} a black nose ({why})")
        parts.append(what.format(seat=names[c.seat], count=n, why=cause(c.why)))
    return "; ".join(parts) or "—"


# what one deal put on or took off, by the kind of clip: a message with its plural forms each
_KINDS = {
    "clips": lambda n: ngettext("{seat} {count} clip ({why})", "{seat} {count} clips ({why})", n),
    "buttonhole": lambda n: ngettext(
        "{seat} {count} buttonhole clip ({why})", "{seat} {count} buttonhole clips ({why})", n
    ),
    "penalty": lambda n: ngettext("{seat} {count} penalty clip ({why})", "{seat} {count} penalty clips ({why})", n),
}
