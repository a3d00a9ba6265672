"""The ledger rows of Bettelmann and Tod und Leben, and the options that switch between readings.

>>> TIE.default, [c.value for c in TIE.choices]
('pierer', ['pierer', 'first-player'])
"""

from __future__ import annotations

from ...model import Choice, OptionSpec, Status, rule_table

RULES = rule_table("""
bettelmann.pack                | disputed   | Pierer 1841, Gööck 1967; Feder 1980, Müller 1994 | A 32-card pack, German- or French-suited
bettelmann.deal                | documented | Pierer 1841 | Sixteen cards each, kept face down and unseen
bettelmann.lead                | documented | Pierer 1841 | The non-dealer turns up first, then the dealer
bettelmann.rank                | documented | Pierer 1841, Gööck 1967, Müller 1994 | The higher rank wins; suits do not matter
bettelmann.capture             | documented | Pierer 1841 | The winner puts the trick under his pile
bettelmann.tie.pierer          | disputed   | Pierer 1841 | Equal ranks wait on the table for the next trick's winner
bettelmann.tie.pierer.leader   | assumed    | our assumption | After a tie, the same player turns up first again
bettelmann.tie.first-player    | disputed   | Gööck 1967, Müller 1994 | Equal ranks go to the player who turned up first
bettelmann.next-lead           | suggested  | implied by Gööck 1967 and Müller 1994 | The trick winner turns up first next
bettelmann.end                 | documented | Pierer 1841 | The first player to run out of cards is the Beggar and loses
bettelmann.last-three          | suggested  | Pierer 1841 (the free order is a guess) | With three cards or fewer, look and choose
bettelmann.many-players        | documented | Pierer 1841 | More than two may play the same way
bettelmann.many-players.deal   | assumed    | our assumption | Cards dealt one by one from the dealer's left; some get one more
bettelmann.return-order        | assumed    | our assumption | The order in which captured cards go under the pile
bettelmann.run-out-in-tie      | assumed    | our assumption | Running out while tied cards lie on the table
bettelmann.cycle               | assumed    | our assumption (Spivey 2010) | A repeated position ends the game; a separate cap
todundleben.colours            | documented | Feder 1980, Gööck 1967, Müller 1994, Ethische Kultur 1893 | Red suits to Life, black to Death
todundleben.colours.german     | assumed    | our assumption (the Skat equivalence) | German cards: Hearts and Bells red, Acorns and Leaves black
todundleben.tie                | documented | Feder 1980, Gööck 1967, Müller 1994 | Equal ranks wait for the next trick's winner
todundleben.end                | documented | Feder 1980, Gööck 1967, Müller 1994 | The winner captures every card
todundleben.same-as-bettelmann | disputed   | pagat.com | Some describe Tod und Leben as plain Bettelmann
todundleben.black-leads        | assumed    | an old German description (outside, medium) | Death (black) turns up first
""")


def _c(value: str, label: str, rule: str, status: Status) -> Choice:
    return Choice(value, label, rule, status)


PACK = OptionSpec(
    "pack",
    "Pack",
    "german",
    "bettelmann.pack",
    status="disputed",
    choices=(
        _c("german", "German-suited, A K O U 10 9 8 7 (Pierer, Gööck)", "bettelmann.pack", "disputed"),
        _c("french", "French-suited, A K Q J 10 9 8 7 (Feder, Müller)", "bettelmann.pack", "disputed"),
    ),
)
TIE = OptionSpec(
    "tie",
    "Equal ranks",
    "pierer",
    "bettelmann.tie.pierer",
    status="disputed",
    choices=(
        _c("pierer", "wait for the next trick's winner (Pierer)", "bettelmann.tie.pierer", "disputed"),
        _c("first-player", "go to whoever turned up first (Gööck, Müller)", "bettelmann.tie.first-player", "disputed"),
    ),
)
NEXT_LEAD = OptionSpec(
    "next_lead",
    "Who turns up first in the next trick",
    "winner",
    "bettelmann.next-lead",
    status="suggested",
    choices=(
        _c("winner", "the last trick's winner (implied by Gööck and Müller)", "bettelmann.next-lead", "suggested"),
        _c("fixed", "always the same player, the one who began", "bettelmann.next-lead", "assumed"),
    ),
)
PLAYERS = OptionSpec("players", "Players", 2, "bettelmann.many-players", low=2, high=6, status="documented")
RETURN_ORDER = OptionSpec(
    "return_order",
    "Order of captured cards under the pile",
    "play-order",
    "bettelmann.return-order",
    choices=(
        _c("play-order", "as they were played", "bettelmann.return-order", "assumed"),
        _c("winner-first", "the winner's own card first", "bettelmann.return-order", "assumed"),
        _c("loser-first", "the loser's card first", "bettelmann.return-order", "assumed"),
        _c("shuffled", "shuffled (from the deal's seed)", "bettelmann.return-order", "assumed"),
    ),
)
RUN_OUT = OptionSpec(
    "run_out_in_tie",
    "Running out during a tie",
    "loses",
    "bettelmann.run-out-in-tie",
    choices=(
        _c("loses", "the player with no card left loses", "bettelmann.run-out-in-tie", "assumed"),
        _c("split", "everyone takes back the tied cards he played", "bettelmann.run-out-in-tie", "assumed"),
    ),
)
CAP = OptionSpec("cap", "Stop after this many tricks (0: never)", 2000, "bettelmann.cycle", low=0, high=1_000_000)


def last_three(default: str, status: Status) -> OptionSpec:
    """bettelmann.last-three; Pierer states it for Bettelmann, so only there is 'on' his reading."""
    return OptionSpec(
        "last_three",
        "Looking at the last three cards",
        default,
        "bettelmann.last-three",
        status="suggested",
        choices=(
            _c(
                "on",
                "allowed: with three cards or fewer, choose which to turn up (Pierer)",
                "bettelmann.last-three",
                status,
            ),
            _c("off", "not allowed: always the top card", "bettelmann.last-three", "assumed"),
        ),
    )


TUL_SPLIT = OptionSpec(
    "split",
    "How the cards are shared",
    "colours",
    "todundleben.colours",
    status="disputed",
    choices=(
        _c(
            "colours",
            "by colour: red to Life, black to Death (Feder, Gööck, Müller)",
            "todundleben.colours",
            "documented",
        ),
        _c("shuffled", "shuffled and dealt as in Bettelmann (pagat)", "todundleben.same-as-bettelmann", "disputed"),
    ),
)
TUL_FIRST = OptionSpec(
    "first",
    "Who turns up first in the first trick",
    "non-dealer",
    "todundleben.black-leads",
    choices=(
        _c("non-dealer", "the non-dealer, as in Bettelmann", "bettelmann.lead", "documented"),
        _c("death", "Death, the black player", "todundleben.black-leads", "assumed"),
    ),
)
