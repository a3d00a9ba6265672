"""The rule table of Bettelmann and Tod und Leben, read from the ledger, and the options that switch between
readings (each takes the status of the ledger row it names).

>>> TIE.default, [c.value for c in TIE.choices]
('pierer', ['pierer', 'first-player'])
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.options import Choice, choice, option, rule_table

RULES = rule_table("bettelmann", "todundleben")  # ids, statuses, statements and sources: ledger.toml


def _c(value: str, label: str, rule: str) -> Choice:
    return choice(RULES, value, label, rule)


PACK = option(
    RULES,
    "pack",
    N_("Pack"),
    "german",
    "bettelmann.pack",
    choices=(
        _c("german", N_("German-suited, Ace, King, Ober, Unter, Ten to Seven (Pierer, Gööck)"), "bettelmann.pack"),
        _c("french", N_("French-suited, Ace, King, Queen, Jack, Ten to Seven (Feder, Müller)"), "bettelmann.pack"),
    ),
)
TIE = option(
    RULES,
    "tie",
    N_("Equal ranks"),
    "pierer",
    "bettelmann.tie.pierer",
    choices=(
        _c("pierer", N_("wait for the next trick's winner (Pierer)"), "bettelmann.tie.pierer"),
        _c("first-player", N_("go to whoever turned up first (Gööck, Müller)"), "bettelmann.tie.first-player"),
    ),
)
NEXT_LEAD = option(
    RULES,
    "next_lead",
    N_("Who turns up first in the next trick"),
    "winner",
    "bettelmann.next-lead",
    choices=(
        _c(
            "winner",
            N_("the last trick's winner (inferred from the Gööck and Müller tie rule)"),
            "bettelmann.next-lead",
        ),
        _c("fixed", N_("always the same player, the one who began"), "bettelmann.next-lead.fixed"),
    ),
)
PLAYERS = option(RULES, "players", N_("Players"), 2, "bettelmann.many-players.max", low=2, high=6)
RETURN_ORDER = option(
    RULES,
    "return_order",
    N_("Order of captured cards under the pile"),
    "play-order",
    "bettelmann.return-order",
    choices=(
        _c("play-order", N_("as they were played"), "bettelmann.return-order"),
        _c(
            "winner-first",
            N_("the winner's own cards first, a tie's stake sorted in with its owners'"),
            "bettelmann.return-order",
        ),
        _c(
            "loser-first",
            N_("the loser's cards first, a tie's stake sorted in with its owners'"),
            "bettelmann.return-order",
        ),
        _c(
            "stake-winner-first",
            N_("a tie's stake first, as played; then the winner's card"),
            "bettelmann.return-order",
        ),
        _c("stake-loser-first", N_("a tie's stake first, as played; then the loser's card"), "bettelmann.return-order"),
        _c("shuffled", N_("shuffled (from the deal's seed)"), "bettelmann.return-order"),
    ),
)
RUN_OUT = option(
    RULES,
    "run_out_in_tie",
    N_("Running out during a tie"),
    "loses",
    "bettelmann.run-out-in-tie",
    choices=(
        _c("loses", N_("the player with no card left loses"), "bettelmann.run-out-in-tie"),
        _c("split", N_("everyone takes back the tied cards he played"), "bettelmann.run-out-in-tie"),
    ),
)
# bettelmann.cycle: at most 100,000 tricks, so that a capped game (one card per player a trick) ends within
# a few seconds of play-out; a game with no cap ends by the cycle check (see Bettelmann.check_options)
CAP = option(RULES, "cap", N_("Stop after this many tricks (0: never)"), 2000, "bettelmann.cycle", low=0, high=100_000)

# bettelmann.last-three: Pierer states it for Bettelmann, so only there is "on" his reading
LAST_THREE = option(
    RULES,
    "last_three",
    N_("Looking at the last three cards"),
    "on",
    "bettelmann.last-three",
    choices=(
        _c("on", N_("allowed: with three cards or fewer, choose which to turn up (Pierer)"), "bettelmann.last-three"),
        _c("off", N_("not allowed: always the top card"), "bettelmann.last-three.off"),
    ),
)

# Tod und Leben: Pierer does not describe it, and its own accounts name no pack and no last-three look
TUL_PACK = option(
    RULES,
    "pack",
    N_("Pack"),
    "german",
    "todundleben.pack",
    choices=(
        _c("german", N_("German-suited, Ace, King, Ober, Unter, Ten to Seven"), "todundleben.pack"),
        _c("french", N_("French-suited, Ace, King, Queen, Jack, Ten to Seven"), "todundleben.pack"),
    ),
)
TUL_LAST_THREE = option(
    RULES,
    "last_three",
    N_("Looking at the last three cards"),
    "off",
    "todundleben.last-three",
    choices=(
        _c("on", N_("allowed, as Pierer allows it in Bettelmann (our carry-over)"), "todundleben.last-three"),
        _c("off", N_("not allowed: always the top card"), "todundleben.last-three"),
    ),
)
TUL_SPLIT = option(
    RULES,
    "split",
    N_("How the cards are shared"),
    "colours",
    "todundleben.same-as-bettelmann",
    choices=(
        _c("colours", N_("by colour: red to Life, black to Death (Feder, Gööck, Müller)"), "todundleben.colours"),
        _c("shuffled", N_("shuffled and dealt as in Bettelmann (pagat)"), "todundleben.same-as-bettelmann"),
    ),
)
TUL_FIRST = option(
    RULES,
    "first",
    N_("Who turns up first in the first trick"),
    "non-dealer",
    "todundleben.lead",
    choices=(
        _c("non-dealer", N_("the non-dealer, as in Bettelmann (our carry-over)"), "todundleben.lead"),
        _c("death", N_("Death, the black player"), "todundleben.black-leads"),
    ),
)
