"""The ledger rows of Drogue (one deal, and the drogue across deals), and the options that switch between readings.

Rows with a dotted suffix below a ledger id (``drogue.bid.raise.end``) are this project's finer decisions:
each says what it fills in and carries its own status.
"""

from __future__ import annotations

from ...model import Choice, choice, option, rule_table

SOURCE = "Règle du jeu de la Drogue, Paris 1836 (via the German rules page)"
PAGE = "the German rules page's suggestion"
OURS = "our assumption"

RULES = rule_table(f"""
drogue.partners                     | documented | {SOURCE} | Kings decide the partners, and the first King drawn deals
drogue.partners.colour              | suggested  | {PAGE} | The two players whose Kings share a colour, red or black, are partners and sit opposite
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
drogue.bid.count.under              | assumed    | {OURS} | Alternative: a bid may be fewer cards than his suit and Jacks make, down to one Jack (he may understate)
drogue.bid.raise                    | documented | {SOURCE} | In turn each bids more, bids the same count hoping to win on card values, or passes
drogue.bid.raise.once               | assumed    | {OURS} | A player may try an equal count only once: if it loses on values he must bid more or pass
drogue.bid.raise.again              | assumed    | {OURS} | Alternative: an equal count may be tried again at each turn; it loses on values again
drogue.bid.raise.pass-final               | assumed    | {OURS} | Whoever has passed may not bid again in this auction
drogue.bid.raise.end                      | assumed    | {OURS} | The turn goes right, skipping those who passed and the holder of the standing bid; with nobody left to speak, the auction ends
drogue.bid.tie-points               | documented | {SOURCE} | Equal counts: the higher card-value total wins (Ace 11, King, Queen, Jack and Ten 10, others their face value)
drogue.bid.tie-earlier              | suggested  | {PAGE} | Equal counts and equal totals: the earlier bid stands
drogue.bid.show                     | documented | {SOURCE} | The winner shows his cards as proof and names the trump suit: he has "made the cards" (our source gives it in German only)
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
drogue.deal.next                    | assumed    | {OURS} | Across deals the deal passes to the right, as play goes; each new deal is shuffled from the generator state the game carries
drogue.first-game                   | documented | {SOURCE} | The first deal decides who starts with the drogue: the side with fewer card points puts on one clip each
drogue.first-game.tie               | suggested  | {PAGE} | Sixty all: nobody is clipped and the next deal is the first game again
drogue.first-game.vilenies          | assumed    | {OURS} | In the first game only the points count; vilenies cost clips from the second game on
drogue.first-game.vilenies.count    | assumed    | {OURS}, reading the rules page literally | Alternative: vilenies count in the first game too; a side that commits one takes the drogue at once, whatever its points (when both sides or neither do, the points decide)
drogue.threshold                    | documented | {SOURCE} | From then on the side without the drogue needs 41 card points; with fewer it takes the drogue
drogue.release                      | documented | {SOURCE} | When the free side fails, the other side is let off: each member shows a Jack other than J♦ from his new hand and takes his clip off
drogue.release.all                  | assumed    | {OURS} | Showing the Jack takes off every ordinary clip he wears (the drogue with its recharges); buttonhole and penalty clips have their own way off
drogue.release.one                  | assumed    | {OURS} | Alternative: one Jack shown takes off one ordinary clip; a player who still wears one shows again with his next hand
drogue.guerite                      | documented | {SOURCE} | A released player with no such Jack keeps his clip for now: he is cané dans la guérite
drogue.guerite.again                | assumed    | {OURS} | He tries again with each new hand until he can show a Jack, unless his side takes the drogue again first
drogue.rengage                      | documented | {SOURCE} | If his side then makes fewer than 31 points he is rengagé
drogue.rengage.extra                | assumed    | {OURS} | Rengagé read as: he keeps his clip and takes one more
drogue.rengage.keep                 | assumed    | {OURS} | Alternative reading: rengagé only names it; he keeps his clip and takes none more
drogue.parade                       | documented | {SOURCE} | Clips taken go on after the next deal; while the cards are dealt (the parade) ordinary clips are off and talk is free, until the dealer, or the next player if the dealer wears a clip, calls "Aux armes!" (and, silent, "Silence!")
drogue.parade.caller                | assumed    | {OURS} | Alternative: the call falls to the dealer, or the first player to his right without a clip; if all four wear clips, the dealer calls
drogue.parade.when                  | assumed    | {OURS} | There is a parade only while somebody wears a clip
drogue.parade.forgotten             | assumed    | {OURS} | The booklet names no penalty for a forgotten "Aux armes!": it is noted and the clips go back on
drogue.vilenie.debrisque            | documented | {SOURCE} | Débrisqué: the side's tricks hold no Ace and no Ten; one clip
drogue.vilenie.defigure             | documented | {SOURCE} | Défiguré: the side's tricks hold no King and no Queen; one clip at the buttonhole, worn until he wins a trick with a King or Queen in it
drogue.vilenie.defigure.off         | assumed    | {OURS} | Each trick with a King or Queen won by the wearer himself takes off one buttonhole clip
drogue.vilenie.capot                | documented | {SOURCE} | Capot: the side took no trick; one clip, or two: the source gives both (option)
drogue.vilenie.capot.alone          | assumed    | {OURS} | A side without a trick is capot, and not also débrisqué and défiguré
drogue.vilenie.capot.also           | assumed    | {OURS} | Alternative: a side without a trick is capot, and débrisqué and défiguré as well
drogue.vilenie.courte-queue         | documented | {SOURCE} | Courte-queue: the free side makes exactly 40 and takes the drogue at once
drogue.vilenie.clip-free            | documented | {SOURCE} | A side without clips that commits any vilenie takes the drogue at once
drogue.vilenie.clip-free.once       | assumed    | {OURS} | However many vilenies, the free side takes the drogue once: one ordinary clip each
drogue.vilenie.recharger            | documented | {SOURCE} | Players who already wear the drogue take one more clip for each vilenie (recharger)
drogue.penalty.causes               | documented | {SOURCE} | A penalty clip, in the other colour, for each infraction the booklet lists
drogue.penalty.causes.strict        | assumed    | {OURS} | Strict table: the engine refuses an infraction and names the rule it breaks
drogue.penalty.causes.lenient       | assumed    | {OURS} | Lenient table: the infraction is played and caught, and costs its penalty clip
drogue.penalty.causes.found-out     | assumed    | {OURS} | What hides in a hand (a bid without a Jack, a count one cannot show, a forgotten four-Mandrins call) comes out when the deal is over; a forgotten "Qui vive!" when that Jack is played
drogue.penalty.causes.out-of-turn   | assumed    | {OURS} | A card led out of turn goes back to its owner's hand once he has his penalty clip; the right player leads
drogue.penalty.causes.salute        | documented | {SOURCE} | When three players wear clips, the fourth greets them after "Aux armes!": "Salut à mes honorables factionnaires!"
drogue.penalty.parade               | documented | {SOURCE} | Penalty clips stay on through the parade
drogue.penalty.removal              | documented | {SOURCE} | At the cut the cutter asks each wearer (the dealer asks a cutter who wears one) to name a Jack, never J♦, per penalty clip; its holder must call "Qui vive!"; in the namer's own hand it takes one penalty clip off
drogue.penalty.removal.cutter       | assumed    | {OURS} | The dealer's left-hand neighbour cuts; the wearers name their Jacks in turn from the dealer's right
drogue.black-nose                   | documented | {SOURCE} | The trump maker who loses his trump Ace to anyone gets a black mark on the nose, taken off like a penalty clip
drogue.black-nose.removal           | assumed    | {OURS} | At the cut the nose counts as one more penalty clip; a named Jack that hits takes a penalty clip off first, the nose last
drogue.redeal                       | documented | {SOURCE} | A clipped player whose eight cards hold no King and no Queen may demand a new deal
drogue.redeal.who                   | assumed    | {OURS} | Any clip counts (drogue, buttonhole or penalty); he asks after "Aux armes!", and the same dealer deals again
drogue.silent                       | documented | {SOURCE} | In the silent game clipped players may not speak, except "Je demande la parole", and then only once someone answers "Accordée"
drogue.silent.calls                 | assumed    | {OURS} | A clipped player who must call out (Qui vive!, the four Mandrins) asks for the floor first; his right-hand neighbour grants it
drogue.signs                        | documented | {SOURCE} | Known signs: crooked jaw, Clubs; eyes to the sky, Diamonds; one eye pinched shut, an Ace; the flat hand swept across the table, pass
drogue.signs.assumed                | assumed    | {OURS}, after the Aluette signs | Our signs for what is lost: a pout for Hearts, the head tilted for Spades, fingers on the table for a number
drogue.end                          | suggested  | {PAGE} | The game has no end: play for an agreed time; the side wearing fewer clips at the close wins
drogue.end.deals                    | assumed    | {OURS} | The agreed time is counted in deals: the players fix how many deals the evening lasts
drogue.end.count                    | assumed    | {OURS} | At the end every clip counts one, whatever its kind, and a black nose one
drogue.cap                          | assumed    | {OURS} | A game still going after the cap of dealings (deals dealt again included) stops there, undecided
drogue.variant.four-jacks           | documented | {SOURCE} | The four Jacks may not be played one after another by the same players: a penalty clip
drogue.variant.four-jacks.run       | suggested  | {PAGE} | One possible reading, the rules text's own: one side plays all four Jacks in consecutive tricks; the fourth is refused, or costs a penalty clip, unless it is the only card he may play
drogue.variant.four-jacks.free      | assumed    | {OURS} | Default: the rule is left out, since nobody knows what it meant
""")


def _c(value: str | int, label: str, rule: str) -> Choice:
    return choice(RULES, value, label, rule)


PARTNERS = option(
    RULES,
    "partners",
    "Drawing for partners",
    "round",
    "drogue.partners.round",
    choices=(
        _c("round", "cards face up round the table until everyone has a King", "drogue.partners.round"),
        _c("kings", "the four Kings only, one to each player", "drogue.partners.kings"),
        _c("seated", "no draw: sit as listed, the named dealer deals", "drogue.partners.seated"),
    ),
)
MODE = option(
    RULES,
    "mode",
    "Speaking or silent",
    "speaking",
    "drogue.mode",
    choices=(
        _c("speaking", "au parler: the players may talk", "drogue.mode"),
        _c("silent", "à la muette: clipped players use signs", "drogue.mode"),
    ),
)
PACKETS = option(
    RULES,
    "packets",
    "Dealt in packets of",
    4,
    "drogue.deal",
    choices=(
        _c(4, "four: two rounds of four cards", "drogue.deal"),
        _c(2, "two: four rounds of two cards", "drogue.deal"),
    ),
)
ORDER = option(
    RULES,
    "order",
    "Order below the Jacks",
    "bezique",
    "drogue.rank",
    choices=(
        _c("bezique", "A 10 K Q 9 8 7 (the page's suggestion, after Bézique)", "drogue.rank"),
        _c("natural", "A K Q 10 9 8 7 (the natural order)", "drogue.rank.natural"),
    ),
)
OVERTRUMP = option(
    RULES,
    "overtrump",
    "Trumping after a trump",
    "must",
    "drogue.play.overtrump",
    choices=(
        _c("must", "must over-trump if able", "drogue.play.overtrump"),
        _c("free", "any trump will do (may under-trump)", "drogue.play.overtrump"),
    ),
)
ALL_PASS = option(
    RULES,
    "all_pass",
    "When all four pass",
    "same-dealer",
    "drogue.bid.all-pass",
    choices=(
        _c("same-dealer", "the same dealer deals again", "drogue.bid.all-pass"),
        _c("next-dealer", "the deal passes to the right", "drogue.bid.all-pass.next"),
    ),
)

DEALS = option(RULES, "deals", "Deals in the session (1: one deal alone)", 1, "drogue.end.deals", low=1, high=60)
DEAL_CAP = option(
    RULES,
    "deal_cap",
    "Stop, undecided, after this many dealings (deals dealt again included)",
    200,
    "drogue.cap",
    low=1,
    high=1000,
)
TABLE = option(
    RULES,
    "table",
    "Infractions at the table",
    "strict",
    "drogue.penalty.causes.strict",
    choices=(
        _c("strict", "strict: illegal moves are refused", "drogue.penalty.causes.strict"),
        _c(
            "lenient",
            "lenient: infractions are played and cost a penalty clip",
            "drogue.penalty.causes.lenient",
        ),
    ),
)
CAPOT_SHOWS = (
    "a capot counts only in a deal where one side takes no trick at all, and the engine's bots, who play "
    "for tricks, hardly ever let that happen"
)
CAPOT = option(
    RULES,
    "capot",
    "Clips for capot",
    1,
    "drogue.vilenie.capot",
    choices=(
        _c(1, "one clip", "drogue.vilenie.capot"),
        _c(2, "two clips", "drogue.vilenie.capot"),
    ),
    shows=CAPOT_SHOWS,
)
CALLER = option(
    RULES,
    "caller",
    'Who calls "Aux armes!"',
    "next",
    "drogue.parade",
    choices=(
        _c("next", "the dealer, or the next player if the dealer wears a clip", "drogue.parade"),
        _c("unclipped", "the dealer, or the first player to his right without a clip", "drogue.parade.caller"),
    ),
)
RENGAGE = option(
    RULES,
    "rengage",
    "Rengagé means",
    "extra",
    "drogue.rengage.extra",
    choices=(
        _c("extra", "he keeps his clip and takes one more", "drogue.rengage.extra"),
        _c("keep", "he keeps his clip, nothing more", "drogue.rengage.keep"),
    ),
)
FOUR_JACKS = option(
    RULES,
    "four_jacks",
    "The four Jacks in a row",
    "free",
    "drogue.variant.four-jacks",
    choices=(
        _c("free", "no restriction (the rule is left out)", "drogue.variant.four-jacks.free"),
        _c("no-run", "one side may not play all four in consecutive tricks", "drogue.variant.four-jacks.run"),
    ),
)

BID_COUNT = option(
    RULES,
    "bid_count",
    "What a bid may count",
    "whole",
    "drogue.bid.count.suit",
    choices=(
        _c("whole", "the whole count of one suit and the Jacks (our assumption)", "drogue.bid.count.suit"),
        _c("under", "any count up to that: one may understate (our assumption)", "drogue.bid.count.under"),
    ),
)
EQUAL_BID = option(
    RULES,
    "equal_bid",
    "An equal count that lost on values",
    "once",
    "drogue.bid.raise.once",
    choices=(
        _c("once", "is tried only once: bid more or pass (our assumption)", "drogue.bid.raise.once"),
        _c("again", "may be tried again, and loses again (our assumption)", "drogue.bid.raise.again"),
    ),
)
FIRST_GAME = option(
    RULES,
    "first_game",
    "In the first game",
    "points",
    "drogue.first-game.vilenies",
    choices=(
        _c("points", "only the points count (our assumption)", "drogue.first-game.vilenies"),
        _c(
            "vilenies",
            "vilenies count too: a side with one takes the drogue at once (the page read literally; our assumption)",
            "drogue.first-game.vilenies.count",
        ),
    ),
)
CAPOT_COUNTS = option(
    RULES,
    "capot_counts",
    "A side without a trick is",
    "alone",
    "drogue.vilenie.capot.alone",
    choices=(
        _c("alone", "capot only (our assumption)", "drogue.vilenie.capot.alone"),
        _c("all", "capot, débrisqué and défiguré (our assumption)", "drogue.vilenie.capot.also"),
    ),
    shows=CAPOT_SHOWS,
)
RELEASE = option(
    RULES,
    "release",
    "Showing a Jack to be released takes off",
    "all",
    "drogue.release.all",
    choices=(
        _c("all", "every ordinary clip he wears (our assumption)", "drogue.release.all"),
        _c("one", "one ordinary clip; he shows again for the next (our assumption)", "drogue.release.one"),
    ),
)

OPTIONS = (
    PARTNERS,
    MODE,
    PACKETS,
    ORDER,
    OVERTRUMP,
    ALL_PASS,
    DEALS,
    TABLE,
    CAPOT,
    RENGAGE,
    FOUR_JACKS,
    BID_COUNT,
    EQUAL_BID,
    FIRST_GAME,
    CAPOT_COUNTS,
    RELEASE,
    CALLER,
    DEAL_CAP,
)
