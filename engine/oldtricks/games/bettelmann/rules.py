"""The rule table of Bettelmann and Tod und Leben, read from the ledger, and the options that switch between
readings (each takes the status of the ledger row it names).

>>> TIE.default, [c.value for c in TIE.choices]
('pierer', ['pierer', 'first-player'])
"""

from __future__ import annotations

from ...model import Choice, choice, option, rule_table

RULES = rule_table("bettelmann", "todundleben")  # ids, statuses, statements and sources: ledger.toml


def _c(value: str, label: str, rule: str) -> Choice:
    return choice(RULES, value, label, rule)


PACK = option(
    RULES,
    "pack",
    "Pack",
    "german",
    "bettelmann.pack",
    choices=(
        _c("german", "German-suited, Ace, King, Ober, Unter, Ten to Seven (Pierer, Gööck)", "bettelmann.pack"),
        _c("french", "French-suited, Ace, King, Queen, Jack, Ten to Seven (Feder, Müller)", "bettelmann.pack"),
    ),
)
TIE = option(
    RULES,
    "tie",
    "Equal ranks",
    "pierer",
    "bettelmann.tie.pierer",
    choices=(
        _c("pierer", "wait for the next trick's winner (Pierer)", "bettelmann.tie.pierer"),
        _c("first-player", "go to whoever turned up first (Gööck, Müller)", "bettelmann.tie.first-player"),
    ),
)
NEXT_LEAD = option(
    RULES,
    "next_lead",
    "Who turns up first in the next trick",
    "winner",
    "bettelmann.next-lead",
    choices=(
        _c("winner", "the last trick's winner (inferred from the Gööck and Müller tie rule)", "bettelmann.next-lead"),
        _c("fixed", "always the same player, the one who began", "bettelmann.next-lead.fixed"),
    ),
)
PLAYERS = option(RULES, "players", "Players", 2, "bettelmann.many-players.max", low=2, high=6)
RETURN_ORDER = option(
    RULES,
    "return_order",
    "Order of captured cards under the pile",
    "play-order",
    "bettelmann.return-order",
    choices=(
        _c("play-order", "as they were played", "bettelmann.return-order"),
        _c(
            "winner-first",
            "the winner's own cards first, a tie's stake sorted in with its owners'",
            "bettelmann.return-order",
        ),
        _c(
            "loser-first",
            "the loser's cards first, a tie's stake sorted in with its owners'",
            "bettelmann.return-order",
        ),
        _c("stake-winner-first", "a tie's stake first, as played; then the winner's card", "bettelmann.return-order"),
        _c("stake-loser-first", "a tie's stake first, as played; then the loser's card", "bettelmann.return-order"),
        _c("shuffled", "shuffled (from the deal's seed)", "bettelmann.return-order"),
    ),
)
RUN_OUT = option(
    RULES,
    "run_out_in_tie",
    "Running out during a tie",
    "loses",
    "bettelmann.run-out-in-tie",
    choices=(
        _c("loses", "the player with no card left loses", "bettelmann.run-out-in-tie"),
        _c("split", "everyone takes back the tied cards he played", "bettelmann.run-out-in-tie"),
    ),
)
# bettelmann.cycle: at most 100,000 tricks, so that a capped game (one card per player a trick) ends within
# a few seconds of play-out; a game with no cap ends by the cycle check (see Bettelmann.check_options)
CAP = option(RULES, "cap", "Stop after this many tricks (0: never)", 2000, "bettelmann.cycle", low=0, high=100_000)

# bettelmann.last-three: Pierer states it for Bettelmann, so only there is "on" his reading
LAST_THREE = option(
    RULES,
    "last_three",
    "Looking at the last three cards",
    "on",
    "bettelmann.last-three",
    choices=(
        _c("on", "allowed: with three cards or fewer, choose which to turn up (Pierer)", "bettelmann.last-three"),
        _c("off", "not allowed: always the top card", "bettelmann.last-three.off"),
    ),
)

# Tod und Leben: Pierer does not describe it, and its own accounts name no pack and no last-three look
TUL_PACK = option(
    RULES,
    "pack",
    "Pack",
    "german",
    "todundleben.pack",
    choices=(
        _c("german", "German-suited, Ace, King, Ober, Unter, Ten to Seven", "todundleben.pack"),
        _c("french", "French-suited, Ace, King, Queen, Jack, Ten to Seven", "todundleben.pack"),
    ),
)
TUL_LAST_THREE = option(
    RULES,
    "last_three",
    "Looking at the last three cards",
    "off",
    "todundleben.last-three",
    choices=(
        _c("on", "allowed, as Pierer allows it in Bettelmann (our carry-over)", "todundleben.last-three"),
        _c("off", "not allowed: always the top card", "todundleben.last-three"),
    ),
)
TUL_SPLIT = option(
    RULES,
    "split",
    "How the cards are shared",
    "colours",
    "todundleben.same-as-bettelmann",
    choices=(
        _c("colours", "by colour: red to Life, black to Death (Feder, Gööck, Müller)", "todundleben.colours"),
        _c("shuffled", "shuffled and dealt as in Bettelmann (pagat)", "todundleben.same-as-bettelmann"),
    ),
)
TUL_FIRST = option(
    RULES,
    "first",
    "Who turns up first in the first trick",
    "non-dealer",
    "todundleben.lead",
    choices=(
        _c("non-dealer", "the non-dealer, as in Bettelmann (our carry-over)", "todundleben.lead"),
        _c("death", "Death, the black player", "todundleben.black-leads"),
    ),
)
