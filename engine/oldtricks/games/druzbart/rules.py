"""The ledger rows of Drużbart and Clock Druzbart, and the options that switch between readings.

The ids are the ledger's own, plus five finer ids below them, each recording a further decision the
engine had to take (all assumed): ``druzbart.deal.rotation``, ``druzbart.head.dud-led``,
``druzbart.score.matador.when``, ``clock.end.at-once`` and ``clock.lines.matador``; and ``druzbart.cap``,
the last resort that makes every game end (lines chalked back for lost matadors can outrun the lines a
deal erases, so a slate may never clear).

>>> SEVEN.default, [c.rule for c in SEVEN.choices]
('unbeatable', ['druzbart.seven', 'druzbart.seven.gracz'])
"""

from __future__ import annotations

from ...model import Choice, OptionSpec, Status, rule_table

RULES = rule_table("""
druzbart.pack                    | disputed   | Gołębiowski 1831, Gracz 1888 (via the seed) | A German-suited pack of 36 cards (Six to Ace) or 32 (Seven to Ace)
druzbart.seats                   | documented | Gołębiowski 1831, Gracz 1888 | Four players in two teams, partners opposite, one trick pile per team
druzbart.deal                    | suggested  | the seed's own guess ("presumably") | Nine cards each, dealt clockwise in packets of three
druzbart.deal.rotation           | assumed    | our assumption | After each deal the deal passes to the left
druzbart.deal-32                 | assumed    | our assumption | With 32 cards, eight each (packets of three, three, then two)
druzbart.lead                    | documented | Gołębiowski 1831, Gracz 1888 | Forehand, the dealer's left, leads any card
druzbart.head                    | documented | Gołębiowski 1831, Gracz 1888 | No need to follow suit, but you must beat the best card so far if you can
druzbart.head.dud-led            | assumed    | our reading of the head and all-duds rules | While only duds lie on the table, any beater heads the trick and another dud does not
druzbart.rank                    | documented | Gołębiowski 1831; suits of the matadors assumed from Bräus (outside, medium) | Three matadors, then Nines, Aces, the other Unters, Sixes; the rest are duds
druzbart.suit-order              | documented | Gołębiowski 1831, Gracz 1888 | Equal ranks: Acorns beat Leaves beat Hearts beat Bells; there are no trumps
druzbart.seven                   | documented | Gołębiowski 1831, Gracz 1888 | A Seven led cannot be beaten; a Seven played later beats nothing
druzbart.seven.gracz             | disputed   | Gracz (outside, medium) | The matadors do beat a led Seven
druzbart.duds                    | documented | Gołębiowski 1831 | Eights, Tens and Kings, matadors excepted, are worthless
druzbart.obers                   | assumed    | our assumption (Queens are duds in the related games) | The Obers, missing from the lists, are duds
druzbart.all-duds                | documented | Gołębiowski 1831; the unled Seven is our assumption | When only duds are played the leader takes the trick; an unled Seven counts as a dud
druzbart.winner-leads            | documented | Gołębiowski 1831, Gracz 1888 | Whoever takes a trick leads to the next
druzbart.end                     | documented | Gołębiowski 1831, Gracz 1888 | The deal stops as soon as one team has five tricks
druzbart.split-32                | assumed    | our assumption | With 32 cards, four tricks each scores nothing
druzbart.score.deal              | documented | Gołębiowski 1831 | The team that wins the deal erases one line
druzbart.score.five-straight     | documented | Gołębiowski 1831; the reading is ours | One more line for five tricks taken before the other team takes one
druzbart.score.matador           | documented | Gołębiowski 1831; the sizes are ours | A matador lost in someone else's trick chalks lines back on its owner's side, more if lost to the partner
druzbart.score.matador.when      | assumed    | our assumption | Penalty lines are chalked when the matador falls, even past the first count; the deal's points are erased when it ends
druzbart.slate                   | documented | Gołębiowski 1831; the count of six is ours (Gotland Brus, outside) | Each side chalks lines on a slate and erases one per point
druzbart.game-points             | documented | Gołębiowski 1831 | The first side to clear its slate scores the other side's remaining lines as game points
druzbart.cap                     | assumed    | our assumption | A game still going after the cap of deals stops there, undecided
druzbart.partners-by-cards       | documented | Gracz (outside) | Partners were chosen by drawing cards
clock.seats                      | documented | Gołębiowski 1831 | Clock Druzbart: three players, each for himself
clock.lines                      | documented | Gołębiowski 1831 | Lines chalked as a tripod, one erased per trick taken
clock.deal                       | assumed    | our assumption | Twelve cards each from 36; ten each from 32, two left out
clock.end                        | assumed    | our assumption | Every trick of a deal is played; the first to erase all his lines wins
clock.end.at-once                | assumed    | our assumption | The game stops at the trick in which a player erases his last line
clock.lines.matador              | assumed    | our assumption ("otherwise the same") | A matador lost to another player chalks a line back for its owner
""")


def _c(value: str | int, label: str, rule: str, status: Status) -> Choice:
    return Choice(value, label, rule, status)


PACK = OptionSpec(
    "pack",
    "Pack",
    36,
    "druzbart.pack",
    status="disputed",
    choices=(
        _c(36, "36 cards, Six to Ace (the count the seed gives)", "druzbart.pack", "disputed"),
        _c(32, "32 cards, Seven to Ace (the ranks the seed lists)", "druzbart.pack", "disputed"),
    ),
)
PACKETS = OptionSpec(
    "packets",
    "How the cards are dealt",
    "three",
    "druzbart.deal",
    status="suggested",
    choices=(
        _c("three", "clockwise in packets of three (the seed's guess)", "druzbart.deal", "suggested"),
        _c("one", "clockwise one card at a time", "druzbart.deal", "assumed"),
    ),
)
MATADORS = OptionSpec(
    "matadors",
    "The three matadors, highest first",
    "braus",
    "druzbart.rank",
    status="assumed",
    choices=(
        _c("braus", "Unter of Acorns, Eight of Leaves, King of Hearts (as in Bräus)", "druzbart.rank", "assumed"),
        _c(
            "brus",
            "Unter of Acorns, King of Hearts, Eight of Leaves (the order of Danish Brus)",
            "druzbart.rank",
            "assumed",
        ),
        _c("acorns", "Unter, Eight and King of Acorns (one chosen suit, as in Karnöffel)", "druzbart.rank", "assumed"),
    ),
)
SEVEN = OptionSpec(
    "seven",
    "A Seven led",
    "unbeatable",
    "druzbart.seven.gracz",
    status="disputed",
    choices=(
        _c("unbeatable", "cannot be beaten at all (Gołębiowski)", "druzbart.seven", "documented"),
        _c("gracz", "is beaten by the matadors only (Gracz)", "druzbart.seven.gracz", "disputed"),
    ),
)
OBERS = OptionSpec(
    "obers",
    "The Obers",
    "duds",
    "druzbart.obers",
    status="assumed",
    choices=(
        _c("duds", "are duds, like the Queens of the related games", "druzbart.obers", "assumed"),
        _c("beaters", "beat, just below the other Unters", "druzbart.obers", "assumed"),
    ),
)
LINES = OptionSpec("lines", "Lines chalked per side", 6, "druzbart.slate", low=1, high=20, status="assumed")
MATADOR_LOST = OptionSpec(
    "matador_lost", "Lines chalked back for a matador lost to an opponent", 1, "druzbart.score.matador", low=0, high=5
)
MATADOR_TO_PARTNER = OptionSpec(
    "matador_to_partner",
    "Lines chalked back for a matador lost to the partner",
    2,
    "druzbart.score.matador",
    low=0,
    high=5,
)
CLOCK_LINES = OptionSpec(
    "lines", "Lines chalked per player (one leg of the tripod)", 6, "clock.lines", low=1, high=20, status="assumed"
)
CLOCK_MATADOR_LOST = OptionSpec(
    "matador_lost", "Lines chalked back for a matador lost to another player", 1, "clock.lines.matador", low=0, high=5
)
DEAL_CAP = OptionSpec(
    "deal_cap", "Stop, undecided, after this many deals", 200, "druzbart.cap", low=1, high=1000, status="assumed"
)
DEAL_SIZE = OptionSpec(
    "deal_size",
    "Cards dealt to each player",
    "full",
    "clock.deal",
    status="assumed",
    choices=(
        _c("full", "12 each from 36 cards, 10 each from 32 (two left out)", "clock.deal", "assumed"),
        _c("four-hand", "as in the four-hand game: 9 each from 36, 8 each from 32", "clock.deal", "assumed"),
    ),
)
