"""The signs of the silent game (drogue.signs): the four the booklet's summary keeps, and ours for the rest.

>>> bid_sign(5)
'five fingers laid on the table'
>>> trump_sign("C", with_ace=True)
'a crooked jaw, Clubs; one eye pinched shut, an Ace among the cards'
>>> [s.status for s in TABLE]
['documented', 'documented', 'documented', 'documented', 'assumed', 'assumed', 'assumed']
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.i18n import N_, Words, _, ngettext
from .narrate_session import NUMBERS
from .ranking import SUIT_WORDS


@dataclass(frozen=True, slots=True)
class Sign:
    """One sign: what it means, the gesture, and whether a source names it (documented) or we do (assumed)."""

    meaning: str
    gesture: str
    status: str
    rule: str


TABLE = (
    Sign("Clubs", "a crooked jaw", "documented", "drogue.signs"),
    Sign("Diamonds", "eyes raised to the sky", "documented", "drogue.signs"),
    Sign("an Ace", "one eye pinched shut", "documented", "drogue.signs"),
    Sign("pass", "the flat hand swept from left to right over the table", "documented", "drogue.signs"),
    Sign("Hearts", "a pout", "assumed", "drogue.signs.assumed"),
    Sign("Spades", "the head tilted to one side", "assumed", "drogue.signs.assumed"),
    Sign("a number of cards", "as many fingers laid on the table", "assumed", "drogue.signs.assumed"),
)

_SUIT_GESTURES = Words(
    {
        "C": N_("a crooked jaw"),
        "D": N_("eyes raised to the sky"),
        "H": N_("a pout"),
        "S": N_("the head tilted to one side"),
    }
)
PASS_SIGN = N_("a flat hand swept from left to right over the table")  # worded where shown: _(PASS_SIGN)


def bid_sign(count: int) -> str:
    """drogue.signs.assumed: a bid shown with fingers."""
    return ngettext("{count} finger laid on the table", "{count} fingers laid on the table", count).format(
        count=NUMBERS[count]
    )


def trump_sign(suit: str, with_ace: bool) -> str:
    """The trump suit by its sign, and the Ace sign when the proof holds one."""
    text = f"{_SUIT_GESTURES[suit]}, {SUIT_WORDS[suit]}"
    if with_ace:
        text += "; " + _("one eye pinched shut, an Ace among the cards")
    return text


def rule_of_suit(suit: str) -> str:
    """The ledger id behind a suit's sign: documented for Clubs and Diamonds, ours for the others."""
    return "drogue.signs" if suit in "CD" else "drogue.signs.assumed"
