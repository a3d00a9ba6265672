"""The rule table of Drużbart and Clock Druzbart, read from the ledger, and the options that switch between
readings (each takes the status of the ledger row it names).

Below the ledger's first ids sit finer ones, each recording a further decision the engine had to take
and carrying its own status (``druzbart.rank.order``: the ranking list our copy lost, rebuilt); and
``druzbart.cap``, the last resort that makes every game end (lines chalked back for lost matadors can
outrun the lines a deal erases, so a slate may never clear).

>>> SEVEN.default, [c.rule for c in SEVEN.choices]
('unbeatable', ['druzbart.seven', 'druzbart.seven.gracz'])
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.options import Choice, choice, option, rule_table

RULES = rule_table("druzbart", "clock")  # ids, statuses, statements and sources: ledger.toml

TRICKS_TO_WIN = 5  # druzbart.end, clock.end: a side's (a player's) fifth trick ends the deal


def _c(value: str | int, label: str, rule: str) -> Choice:
    return choice(RULES, value, label, rule)


PACK = option(
    RULES,
    "pack",
    N_("Pack"),
    36,
    "druzbart.pack",
    choices=(
        _c(36, N_("36 cards, Six to Ace (the count our copy gives)"), "druzbart.pack"),
        _c(32, N_("32 cards, Seven to Ace (the ranks our copy lists)"), "druzbart.pack"),
    ),
)
PACKETS = option(
    RULES,
    "packets",
    N_("How the cards are dealt"),
    "three",
    "druzbart.deal",
    choices=(
        _c("three", N_("clockwise in packets of three (our copy's guess)"), "druzbart.deal"),
        _c("one", N_("clockwise one card at a time"), "druzbart.deal.single"),
    ),
)
MATADORS = option(
    RULES,
    "matadors",
    N_("The three matadors, highest first"),
    "braus",
    "druzbart.rank.matadors",
    choices=(
        _c("braus", N_("Unter of Acorns, Eight of Leaves, King of Hearts (as in Bräus)"), "druzbart.rank.matadors"),
        _c(
            "brus",
            N_("Unter of Acorns, King of Hearts, Eight of Leaves (the order of Danish Brus)"),
            "druzbart.rank.matadors",
        ),
        _c(
            "acorns", N_("Unter, Eight and King of Acorns (one chosen suit, as in Karnöffel)"), "druzbart.rank.matadors"
        ),
    ),
)
SEVEN = option(
    RULES,
    "seven",
    N_("A Seven led"),
    "unbeatable",
    "druzbart.seven",
    choices=(
        _c("unbeatable", N_("cannot be beaten at all (our copy of the article)"), "druzbart.seven"),
        _c("gracz", N_("is beaten by the matadors only (reported as Gracz's)"), "druzbart.seven.gracz"),
    ),
)
OBERS = option(
    RULES,
    "obers",
    N_("The Obers"),
    "duds",
    "druzbart.obers",
    choices=(
        _c("duds", N_("are duds, like the Queens of the related games"), "druzbart.obers"),
        _c("beaters", N_("beat, just below the other Unters"), "druzbart.obers"),
    ),
)
LINES = option(RULES, "lines", N_("Lines chalked per side"), 6, "druzbart.slate.count", low=1, high=20)
MATADOR_LOST = option(
    RULES,
    "matador_lost",
    N_("Lines chalked back for a matador lost to an opponent"),
    1,
    "druzbart.score.matador.sizes",
    low=0,
    high=5,
)
MATADOR_TO_PARTNER = option(
    RULES,
    "matador_to_partner",
    N_("Lines chalked back for a matador lost to the partner"),
    2,
    "druzbart.score.matador.sizes",
    low=0,
    high=5,
)
CLOCK_LINES = option(
    RULES, "lines", N_("Lines chalked per player (one leg of the tripod)"), 6, "clock.lines.count", low=1, high=20
)
CLOCK_MATADOR_LOST = option(
    RULES,
    "matador_lost",
    N_("Lines chalked back for a matador lost to another player"),
    1,
    "clock.lines.matador",
    low=0,
    high=5,
)
DEAL_CAP = option(
    RULES, "deal_cap", N_("Stop, undecided, after this many deals"), 200, "druzbart.cap", low=1, high=1000
)
# the four-hand game's options, in the order a reader is shown them
OPTIONS = (PACK, PACKETS, MATADORS, SEVEN, OBERS, LINES, MATADOR_LOST, MATADOR_TO_PARTNER, DEAL_CAP)
CLOCK_END = option(
    RULES,
    "end",
    N_("When a deal ends"),
    "five",
    "clock.end",
    choices=(
        _c("five", N_("when a player has five tricks, as in the game for four (our copy read literally)"), "clock.end"),
        _c("all", N_("only when every trick is played (our assumption)"), "clock.end.all"),
    ),
)
DEAL_SIZE = option(
    RULES,
    "deal_size",
    N_("Cards dealt to each player"),
    "four-hand",
    "clock.deal",
    choices=(
        _c("four-hand", N_("as in the four-hand game: 9 each from 36, 8 each from 32"), "clock.deal"),
        _c("full", N_("12 each from 36 cards, 10 each from 32 (two left out)"), "clock.deal.full"),
    ),
)
