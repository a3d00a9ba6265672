"""The ledger rows of Drużbart and Clock Druzbart, and the options that switch between readings.

Below the ledger's first ids sit finer ones, each recording a further decision the engine had to take
and carrying its own status (``druzbart.rank.order``: the ranking list our copy lost, rebuilt); and
``druzbart.cap``, the last resort that makes every game end (lines chalked back for lost matadors can
outrun the lines a deal erases, so a slate may never clear).

>>> SEVEN.default, [c.rule for c in SEVEN.choices]
('unbeatable', ['druzbart.seven', 'druzbart.seven.gracz'])
"""

from __future__ import annotations

from ...model import Choice, choice, option, rule_table

BOTH = "Gołębiowski 1831 and Gracz 1930, as our copy of the article outlines them"
G1831 = "Gołębiowski 1831 (via our copy of the article)"
OURS = "our assumption"

RULES = rule_table(f"""
druzbart.pack                    | disputed   | our copy of the article: "36 cards" beside 7–A, and "32 or 36" | A German-suited pack of 36 cards (Six to Ace) or 32 (Seven to Ace)
druzbart.seats                   | documented | {BOTH} | Four players in two teams, partners opposite, one trick pile per team
druzbart.deal                    | suggested  | our copy's own guess ("presumably") | Nine cards each, dealt clockwise in packets of three
druzbart.deal.single             | assumed    | {OURS} | Alternative: the cards dealt clockwise one at a time
druzbart.deal.rotation           | assumed    | {OURS} | After each deal the deal passes to the left
druzbart.deal-32                 | assumed    | {OURS} | With 32 cards, eight each (packets of three, three, then two)
druzbart.lead                    | documented | {BOTH} | Forehand leads any card
druzbart.lead.left               | suggested  | our copy's own guess ("presumably" clockwise) | Forehand is the player on the dealer's left, if the deal goes clockwise as our copy presumes
druzbart.head                    | documented | {BOTH} | No need to follow suit, but you must beat the best card so far if you can
druzbart.head.dud-led            | assumed    | our reading of the head and all-duds rules | While only duds lie on the table, any beater heads the trick and another dud does not
druzbart.rank                    | documented | {G1831} | Three matadors are the highest cards; the other beaters rank below them; the rest are duds
druzbart.rank.order              | assumed    | rebuilt from other copies of the article and the related games (outside, medium): our copy's list is lost | Below the matadors: the Nines, the Aces, the other Unters, then the Sixes
druzbart.rank.matadors           | assumed    | {OURS}, after Swedish Bräus (outside, medium) | The matadors are the Unter of Acorns, the Eight of Leaves and the King of Hearts (or another set, as an option)
druzbart.suit-order              | documented | {BOTH} | Equal ranks: Acorns beat Leaves beat Hearts beat Bells; there are no trumps
druzbart.seven                   | documented | {BOTH} | A Seven led cannot be beaten; a Seven played later beats nothing
druzbart.seven.gracz             | assumed    | reported as Gracz's (outside, medium); not in our copy of the article | Alternative: the matadors do beat a led Seven
druzbart.duds                    | documented | {BOTH} | Eights, Tens and Kings, matadors excepted, are worthless
druzbart.obers                   | assumed    | {OURS} (Queens are duds in the related games) | The Obers, missing from the lists, are duds
druzbart.all-duds                | documented | {BOTH} | When only duds are played the leader takes the trick
druzbart.all-duds.seven          | assumed    | {OURS} | A Seven played after the lead beats nothing, so it counts with the duds in that rule
druzbart.winner-leads            | documented | {BOTH} | Whoever takes a trick leads to the next
druzbart.end                     | documented | {BOTH} | The deal stops as soon as one team has five tricks
druzbart.split-32                | assumed    | {OURS} | With 32 cards, four tricks each scores nothing
druzbart.score.deal              | documented | {BOTH} | The team that wins the deal erases one line
druzbart.score.five-straight     | documented | {BOTH}; the reading is ours | One more line for five tricks taken before the other team takes one
druzbart.score.matador           | documented | {BOTH} | Losing a matador costs a penalty, a heavier one when the partner takes it
druzbart.score.matador.sizes     | assumed    | {OURS} | The penalty in lines: one chalked back when an opponent takes the matador, two when the partner does
druzbart.score.matador.when      | assumed    | {OURS} | Penalty lines are chalked when the matador falls, even past the first count; the deal's points are erased when it ends
druzbart.slate                   | documented | {BOTH} | Each side chalks lines on a slate and erases one per point
druzbart.slate.count             | assumed    | {OURS}, after Gotland Brus (outside) | Six lines a side: the accounts do not give the number
druzbart.game-points             | documented | {BOTH} | The first side to clear its slate scores the other side's remaining lines as game points
druzbart.cap                     | assumed    | {OURS} | A game still going after the cap of deals stops there, undecided
druzbart.partners-by-cards       | assumed    | reported as Gracz's (outside, medium); not in our copy of the article | Partners chosen by drawing cards; the viewers start after the draw
clock.seats                      | documented | {G1831} | Clock Druzbart: three players, each for himself
clock.lines                      | documented | {G1831} | Lines chalked as a tripod, one erased per trick taken
clock.lines.count                | assumed    | {OURS}, as in the four-hand game | Six lines a player: nobody gives the number
clock.deal                       | suggested  | our copy's "otherwise the same" as the game for four, read literally | As in the game for four: nine cards each from 36, eight each from 32, the rest left out
clock.deal.full                  | assumed    | {OURS} | Alternative: the pack dealt out as far as it goes, twelve each from 36, ten each from 32 with two left out
clock.end                        | suggested  | our copy's "otherwise the same" as the game for four, read literally | A deal ends as soon as a player has five tricks, as in the game for four
clock.end.all                    | assumed    | {OURS} | Alternative: every trick of a deal is played, since five tricks mean less with three players
clock.end.at-once                | assumed    | {OURS} | The game stops at the trick in which a player erases his last line
clock.lines.matador              | assumed    | {OURS} ("otherwise the same") | A matador lost to another player chalks a line back for its owner
""")


def _c(value: str | int, label: str, rule: str) -> Choice:
    return choice(RULES, value, label, rule)


PACK = option(
    RULES,
    "pack",
    "Pack",
    36,
    "druzbart.pack",
    choices=(
        _c(36, "36 cards, Six to Ace (the count our copy gives)", "druzbart.pack"),
        _c(32, "32 cards, Seven to Ace (the ranks our copy lists)", "druzbart.pack"),
    ),
)
PACKETS = option(
    RULES,
    "packets",
    "How the cards are dealt",
    "three",
    "druzbart.deal",
    choices=(
        _c("three", "clockwise in packets of three (our copy's guess)", "druzbart.deal"),
        _c("one", "clockwise one card at a time", "druzbart.deal.single"),
    ),
)
MATADORS = option(
    RULES,
    "matadors",
    "The three matadors, highest first",
    "braus",
    "druzbart.rank.matadors",
    choices=(
        _c("braus", "Unter of Acorns, Eight of Leaves, King of Hearts (as in Bräus)", "druzbart.rank.matadors"),
        _c(
            "brus",
            "Unter of Acorns, King of Hearts, Eight of Leaves (the order of Danish Brus)",
            "druzbart.rank.matadors",
        ),
        _c("acorns", "Unter, Eight and King of Acorns (one chosen suit, as in Karnöffel)", "druzbart.rank.matadors"),
    ),
)
SEVEN = option(
    RULES,
    "seven",
    "A Seven led",
    "unbeatable",
    "druzbart.seven",
    choices=(
        _c("unbeatable", "cannot be beaten at all (our copy of the article)", "druzbart.seven"),
        _c("gracz", "is beaten by the matadors only (reported as Gracz's)", "druzbart.seven.gracz"),
    ),
)
OBERS = option(
    RULES,
    "obers",
    "The Obers",
    "duds",
    "druzbart.obers",
    choices=(
        _c("duds", "are duds, like the Queens of the related games", "druzbart.obers"),
        _c("beaters", "beat, just below the other Unters", "druzbart.obers"),
    ),
)
LINES = option(RULES, "lines", "Lines chalked per side", 6, "druzbart.slate.count", low=1, high=20)
MATADOR_LOST = option(
    RULES,
    "matador_lost",
    "Lines chalked back for a matador lost to an opponent",
    1,
    "druzbart.score.matador.sizes",
    low=0,
    high=5,
)
MATADOR_TO_PARTNER = option(
    RULES,
    "matador_to_partner",
    "Lines chalked back for a matador lost to the partner",
    2,
    "druzbart.score.matador.sizes",
    low=0,
    high=5,
)
CLOCK_LINES = option(
    RULES, "lines", "Lines chalked per player (one leg of the tripod)", 6, "clock.lines.count", low=1, high=20
)
CLOCK_MATADOR_LOST = option(
    RULES,
    "matador_lost",
    "Lines chalked back for a matador lost to another player",
    1,
    "clock.lines.matador",
    low=0,
    high=5,
)
DEAL_CAP = option(RULES, "deal_cap", "Stop, undecided, after this many deals", 200, "druzbart.cap", low=1, high=1000)
CLOCK_END = option(
    RULES,
    "end",
    "When a deal ends",
    "five",
    "clock.end",
    choices=(
        _c("five", "when a player has five tricks, as in the game for four (our copy read literally)", "clock.end"),
        _c("all", "only when every trick is played (our assumption)", "clock.end.all"),
    ),
)
DEAL_SIZE = option(
    RULES,
    "deal_size",
    "Cards dealt to each player",
    "four-hand",
    "clock.deal",
    choices=(
        _c("four-hand", "as in the four-hand game: 9 each from 36, 8 each from 32", "clock.deal"),
        _c("full", "12 each from 36 cards, 10 each from 32 (two left out)", "clock.deal.full"),
    ),
)
