"""Drogue's rule table, read from the ledger (one deal, and the drogue across deals), and the options that
switch between readings.

Rows with a dotted suffix below a ledger id (``drogue.bid.raise.end``) are this project's finer decisions:
each says what it fills in and carries its own status. Every option and choice takes the status of the
row it names: none is written here.
"""

from __future__ import annotations

from ...model import Choice, choice, option, rule_table

RULES = rule_table("drogue")  # ids, statuses, statements and sources: ledger.toml


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
