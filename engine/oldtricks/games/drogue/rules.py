"""The ledger rows of Drogue implemented so far (one deal), and the options that switch between readings.

Rows with a dotted suffix below a ledger id (``drogue.bid.end``) are this project's finer decisions:
each says what it fills in and carries its own status.
"""

from __future__ import annotations

from ...model import Choice, OptionSpec, Status, rule_table

SOURCE = "Règle du jeu de la Drogue, Paris 1836 (via the German rules page)"
PAGE = "the German rules page's suggestion"
OURS = "our assumption"

RULES = rule_table(f"""
drogue.partners                     | documented | {SOURCE} | Kings decide the partners: same-colour Kings sit opposite, and the first King drawn deals
drogue.partners.round               | suggested  | {PAGE} | The draw: cards dealt face up, one at a time round the table, until everyone has a King
drogue.partners.round.skip          | assumed    | {OURS} | The draw starts with South and goes to the right; whoever already has his King is passed over
drogue.partners.kings               | assumed    | {OURS} | Quick draw: only the four Kings, shuffled and turned up one to each player
drogue.partners.seated              | assumed    | {OURS} | No draw: the players sit as listed, partners opposite, and the named dealer deals
drogue.partners.seating             | assumed    | {OURS} | Partners not yet opposite: the first King's partner changes places with the player facing him
drogue.mode                         | documented | {SOURCE} | Agreed beforehand: the speaking game (au parler) or the silent one (à la muette)
drogue.pack                         | documented | {SOURCE} | 32 cards, Seven to Ace
drogue.mandrins                     | documented | {SOURCE} | The four Jacks (Mandrins) are the four highest trumps, J♣ > J♠ > J♥ > J♦, and belong to the trump suit
drogue.rank                         | suggested  | {PAGE}, after Bézique | Below the Jacks each suit ranks A 10 K Q 9 8 7
drogue.rank.natural                 | suggested  | {PAGE} | Variant: below the Jacks, A K Q 10 9 8 7
drogue.points                       | assumed    | reconstructed from the worked example and the 120 total | Card points: Ace 11, Ten 10, King 4, Queen 3, Jack 2, the rest nothing
drogue.points.result                | assumed    | {OURS}, after the first-deal rule | One deal alone: the side with more card points wins; 60 all is a draw
drogue.deal                         | documented | {SOURCE} | Eight cards each in packets of four or two, from the dealer's right-hand neighbour onwards to the right
drogue.deal.first-lead              | documented | {SOURCE} | The dealer's right-hand neighbour leads to the first trick; play goes to the right
drogue.bid.count                    | documented | {SOURCE} | The dealer's right-hand neighbour bids first: the cards of one suit plus his Jacks, each Jack counted once
drogue.bid.count.suit               | assumed    | {OURS} | A bid is the whole count of one suit he holds; he may not understate it
drogue.bid.raise                    | documented | {SOURCE} | In turn each bids more, bids the same count hoping to win on card values, or passes
drogue.bid.raise.once               | assumed    | {OURS} | A player may try an equal count only once: if it loses on values he must bid more or pass
drogue.bid.pass-final               | assumed    | {OURS} | Whoever has passed may not bid again in this auction
drogue.bid.end                      | assumed    | {OURS} | The turn goes right, skipping those who passed and the holder of the standing bid; with nobody left to speak, the auction ends
drogue.bid.tie-points               | documented | {SOURCE} | Equal counts: the higher card-value total wins (Ace 11, King, Queen, Jack and Ten 10, others their face value)
drogue.bid.tie-earlier              | suggested  | {PAGE} | Equal counts and equal totals: the earlier bid stands
drogue.bid.show                     | documented | {SOURCE} | The winner shows his cards as proof and names the trump suit: he has made the cards
drogue.bid.show.suit                | assumed    | {OURS} | He may name only a suit whose cards make the count (and value) he bid
drogue.bid.no-jack                  | documented | {SOURCE} | No Jack, no bid
drogue.bid.max                      | documented | {SOURCE} | At most seven cards may be bid
drogue.bid.four-mandrins            | documented | {SOURCE} | Holding all four Jacks one shows only three, and calls "Qui vive pour les quatre Mandrins!", even when passing
drogue.bid.four-mandrins.when       | assumed    | {OURS} | The call comes at his first turn to speak, before he bids or passes; the Jack he keeps back is J♦
drogue.bid.all-pass                 | suggested  | {PAGE} | Everyone passes: the same dealer deals again
drogue.bid.all-pass.next            | assumed    | {OURS} | Alternative: after four passes the deal goes on to the right
drogue.play.follow                  | documented | {SOURCE} | Follow suit, and beat the best card if you can (en forçant)
drogue.play.follow.jack-is-trump    | documented | {SOURCE} | A Jack is a trump, never a card of its printed suit
drogue.play.follow.trumped          | assumed    | {OURS} | Once the trick has been trumped, any card of the led suit follows
drogue.play.trump                   | documented | {SOURCE} | Void in the suit led: trump
drogue.play.overtrump               | assumed    | {OURS} | Trumping after a trump: must over-trump if able (or, as an option, may under-trump)
drogue.play.any                     | documented | {SOURCE} | Only when one can neither follow nor trump: any card
drogue.play.win                     | documented | {SOURCE} | The highest trump wins, else the highest card of the suit led; the winner leads next
drogue.example                      | documented | {SOURCE} | Hearts trump: K♠ led, A♠ forced to beat, 7♥ trumps, J♦ over-trumps; 17 points to the last player's side
drogue.variant.natural-order        | suggested  | {PAGE} | The natural order A K Q 10 9 8 7 below the Jacks (as drogue.rank.natural)
""")


def _c(value: str | int, label: str, rule: str, status: Status) -> Choice:
    return Choice(value, label, rule, status)


PARTNERS = OptionSpec(
    "partners",
    "Drawing for partners",
    "round",
    "drogue.partners",
    status="suggested",
    choices=(
        _c("round", "cards face up round the table until everyone has a King", "drogue.partners.round", "suggested"),
        _c("kings", "the four Kings only, one to each player", "drogue.partners.kings", "assumed"),
        _c("seated", "no draw: sit as listed, the named dealer deals", "drogue.partners.seated", "assumed"),
    ),
)
MODE = OptionSpec(
    "mode",
    "Speaking or silent",
    "speaking",
    "drogue.mode",
    status="documented",
    choices=(
        _c("speaking", "au parler: the players may talk", "drogue.mode", "documented"),
        _c("silent", "à la muette: clipped players use signs (coming with the clips)", "drogue.mode", "documented"),
    ),
)
PACKETS = OptionSpec(
    "packets",
    "Dealt in packets of",
    4,
    "drogue.deal",
    status="documented",
    choices=(
        _c(4, "four: two rounds of four cards", "drogue.deal", "documented"),
        _c(2, "two: four rounds of two cards", "drogue.deal", "documented"),
    ),
)
ORDER = OptionSpec(
    "order",
    "Order below the Jacks",
    "bezique",
    "drogue.rank",
    status="suggested",
    choices=(
        _c("bezique", "A 10 K Q 9 8 7 (the page's suggestion, after Bézique)", "drogue.rank", "suggested"),
        _c("natural", "A K Q 10 9 8 7 (the natural order)", "drogue.rank.natural", "suggested"),
    ),
)
OVERTRUMP = OptionSpec(
    "overtrump",
    "Trumping after a trump",
    "must",
    "drogue.play.overtrump",
    status="assumed",
    choices=(
        _c("must", "must over-trump if able", "drogue.play.overtrump", "assumed"),
        _c("free", "any trump will do (may under-trump)", "drogue.play.overtrump", "assumed"),
    ),
)
ALL_PASS = OptionSpec(
    "all_pass",
    "When all four pass",
    "same-dealer",
    "drogue.bid.all-pass",
    status="suggested",
    choices=(
        _c("same-dealer", "the same dealer deals again", "drogue.bid.all-pass", "suggested"),
        _c("next-dealer", "the deal passes to the right", "drogue.bid.all-pass.next", "assumed"),
    ),
)

OPTIONS = (PARTNERS, MODE, PACKETS, ORDER, OVERTRUMP, ALL_PASS)
