"""Drogue's rule table, read from the ledger (one deal, and the drogue across deals), and the options that
switch between readings.

Rows with a dotted suffix below a ledger id (``drogue.bid.raise.end``) are this project's finer decisions:
each says what it fills in and carries its own status. Every option and choice takes the status of the
row it names: none is written here.
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.options import Choice, choice, option, rule_table

RULES = rule_table("drogue")  # ids, statuses, statements and sources: ledger.toml


def _c(value: str | int, label: str, rule: str) -> Choice:
    return choice(RULES, value, label, rule)


PARTNERS = option(
    RULES,
    "partners",
    N_("Drawing for partners"),
    "round",
    "drogue.partners.round",
    choices=(
        _c("round", N_("cards face up round the table until everyone has a King"), "drogue.partners.round"),
        _c("kings", N_("the four Kings only, one to each player"), "drogue.partners.kings"),
        _c("seated", N_("no draw: sit as listed, the named dealer deals"), "drogue.partners.seated"),
    ),
)
MODE = option(
    RULES,
    "mode",
    N_("Speaking or silent"),
    "speaking",
    "drogue.mode",
    choices=(
        _c("speaking", N_("au parler: the players may talk"), "drogue.mode"),
        _c("silent", N_("à la muette: clipped players use signs"), "drogue.mode"),
    ),
)
PACKETS = option(
    RULES,
    "packets",
    N_("Dealt in packets of"),
    4,
    "drogue.deal",
    choices=(
        _c(4, N_("four: two rounds of four cards"), "drogue.deal"),
        _c(2, N_("two: four rounds of two cards"), "drogue.deal"),
    ),
)
ORDER = option(
    RULES,
    "order",
    N_("Order below the Jacks"),
    "bezique",
    "drogue.rank",
    choices=(
        _c("bezique", N_("A 10 K Q 9 8 7 (the page's suggestion, after Bézique)"), "drogue.rank"),
        _c("natural", N_("A K Q 10 9 8 7 (the natural order)"), "drogue.rank.natural"),
    ),
)
OVERTRUMP = option(
    RULES,
    "overtrump",
    N_("Trumping after a trump"),
    "must",
    "drogue.play.overtrump",
    choices=(
        _c("must", N_("must over-trump if able"), "drogue.play.overtrump"),
        _c("free", N_("any trump will do (may under-trump)"), "drogue.play.overtrump"),
    ),
)
ALL_PASS = option(
    RULES,
    "all_pass",
    N_("When all four pass"),
    "same-dealer",
    "drogue.bid.all-pass",
    choices=(
        _c("same-dealer", N_("the same dealer deals again"), "drogue.bid.all-pass"),
        _c("next-dealer", N_("the deal passes to the right"), "drogue.bid.all-pass.next"),
    ),
)

DEALS = option(RULES, "deals", N_("Deals in the session (1: one deal alone)"), 1, "drogue.end.deals", low=1, high=60)
DEAL_CAP = option(
    RULES,
    "deal_cap",
    N_("Stop, undecided, after this many dealings (deals dealt again included)"),
    200,
    "drogue.cap",
    low=1,
    high=1000,
)
TABLE = option(
    RULES,
    "table",
    N_("Infractions at the table"),
    "strict",
    "drogue.penalty.causes.strict",
    choices=(
        _c("strict", N_("strict: illegal moves are refused"), "drogue.penalty.causes.strict"),
        _c(
            "lenient",
            N_("lenient: infractions are played and cost a penalty clip"),
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
    N_("Clips for capot"),
    1,
    "drogue.vilenie.capot",
    choices=(
        _c(1, N_("one clip"), "drogue.vilenie.capot"),
        _c(2, N_("two clips"), "drogue.vilenie.capot"),
    ),
    shows=CAPOT_SHOWS,
)
CALLER = option(
    RULES,
    "caller",
    N_('Who calls "Aux armes!"'),
    "next",
    "drogue.parade",
    choices=(
        _c("next", N_("the dealer, or the next player if the dealer wears a clip"), "drogue.parade"),
        _c("unclipped", N_("the dealer, or the first player to his right without a clip"), "drogue.parade.caller"),
    ),
)
RENGAGE = option(
    RULES,
    "rengage",
    N_("Rengagé means"),
    "extra",
    "drogue.rengage.extra",
    choices=(
        _c("extra", N_("he keeps his clip and takes one more"), "drogue.rengage.extra"),
        _c("keep", N_("he keeps his clip, nothing more"), "drogue.rengage.keep"),
    ),
)
FOUR_JACKS = option(
    RULES,
    "four_jacks",
    N_("The four Jacks in a row"),
    "free",
    "drogue.variant.four-jacks",
    choices=(
        _c("free", N_("no restriction (the rule is left out)"), "drogue.variant.four-jacks.free"),
        _c("no-run", N_("one side may not play all four in consecutive tricks"), "drogue.variant.four-jacks.run"),
    ),
)

BID_COUNT = option(
    RULES,
    "bid_count",
    N_("What a bid may count"),
    "whole",
    "drogue.bid.count.suit",
    choices=(
        _c("whole", N_("the whole count of one suit and the Jacks (our assumption)"), "drogue.bid.count.suit"),
        _c("under", N_("any count up to that: one may understate (our assumption)"), "drogue.bid.count.under"),
    ),
)
EQUAL_BID = option(
    RULES,
    "equal_bid",
    N_("An equal count that lost on values"),
    "once",
    "drogue.bid.raise.once",
    choices=(
        _c("once", N_("is tried only once: bid more or pass (our assumption)"), "drogue.bid.raise.once"),
        _c("again", N_("may be tried again, and loses again (our assumption)"), "drogue.bid.raise.again"),
    ),
)
FIRST_GAME = option(
    RULES,
    "first_game",
    N_("In the first game"),
    "points",
    "drogue.first-game.vilenies",
    choices=(
        _c("points", N_("only the points count (our assumption)"), "drogue.first-game.vilenies"),
        _c(
            "vilenies",
            N_(
                "vilenies count too: a side with one takes the drogue at once (the page read literally; our assumption)"
            ),
            "drogue.first-game.vilenies.count",
        ),
    ),
)
CAPOT_COUNTS = option(
    RULES,
    "capot_counts",
    N_("A side without a trick is"),
    "alone",
    "drogue.vilenie.capot.alone",
    choices=(
        _c("alone", N_("capot only (our assumption)"), "drogue.vilenie.capot.alone"),
        _c("all", N_("capot, débrisqué and défiguré (our assumption)"), "drogue.vilenie.capot.also"),
    ),
    shows=CAPOT_SHOWS,
)
RELEASE = option(
    RULES,
    "release",
    N_("Showing a Jack to be released takes off"),
    "all",
    "drogue.release.all",
    choices=(
        _c("all", N_("every ordinary clip he wears (our assumption)"), "drogue.release.all"),
        _c("one", N_("one ordinary clip; he shows again for the next (our assumption)"), "drogue.release.one"),
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
