"""Drogue: the winning bids, the trump maker's points, whether the clip-free side makes 41, the
vilenies, and the clips worn over an evening, for the engine's bot and for random play.

Evenings are played under both readings of the first game (drogue.first-game.vilenies): with only its
points counting (the default), which charges no vilenie in it, and with its vilenies counting too
(``first_game = "vilenies"``, drogue.first-game.vilenies.count), so that the vilenies plot shows
those of the first game as well.

The game is reached through the registry; these functions read what its states record: the maker,
trump and the standing bid, the card points of each side, and the session's record of each deal with
every clip put on or taken off and why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..analysis.simulate import next_move
from .experiment import Bots, Configuration, Experiment, Plot, deals, option_key
from .plots import box_row, mean_row, plot, share_row
from .sizes import size
from .tally import Tally

BOT_LABELS = {"bot": "bot", "random": "random play"}
LEVELS: tuple[Bots, ...] = ("bot", "random")
# The reasons the session gives for a vilenie's clip (drogue.vilenie.debrisque, drogue.vilenie.defigure,
# drogue.vilenie.capot, drogue.vilenie.courte-queue): read from its record, never decided here
VILENIES = ("débrisqué", "défiguré", "capot", "courte-queue")
THRESHOLD = 41  # drogue.threshold: what the side without the drogue must make, as the game's record shows
EVENING = 10  # deals in the evenings simulated
# drogue.first-game.vilenies.count: the other reading of the first game, played beside the default one
FIRST_VILENIES: Mapping[str, object] = {"first_game": "vilenies"}


def _trumps(hand: Any, trump: str) -> int:
    """The maker's trumps: the trump suit and the Jacks, which are trumps in every suit (drogue.rank)."""
    return sum(1 for c in hand if c.suit == trump or c.rank == "J")


def play_deals(config: Configuration, seed: int, games: int) -> Tally:
    """One deal each: the winning bid, the maker's trumps when play starts, and the maker's points."""
    game: Any = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        state = game.new_state(seed=deal)
        length = None
        while game.to_play(state) is not None:
            state, _ = game.advance(state, next_move(game, state, rng, bots=config.bots == "bot"))
            if length is None and state.phase == "play" and state.maker is not None and state.trump is not None:
                length = _trumps(state.hands[state.maker], state.trump)
        tally.count("games")
        standing = state.auction.standing
        if state.maker is None or standing is None:
            tally.count("no-maker")
            continue
        tally.value("bid", standing.count)
        if length is not None:
            tally.value("trumps", length)
        tally.value("maker-points", state.side_points()[state.maker % 2])
    return tally


def play_evenings(config: Configuration, seed: int, games: int) -> Tally:
    """An evening of deals each: whether the side without the drogue made 41, the vilenies charged, the
    clips on the table after each deal."""
    game: Any = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        state = game.new_state(seed=deal)
        holders: dict[int, int | None] = {}
        number = 1
        while game.to_play(state) is not None:
            session = state.session
            if session.deal_number != number:  # the next deal begins: the clips as the last one left them
                tally.value(f"worn-after:{number}", _worn(session))
                number = session.deal_number
            holders.setdefault(session.deal_number, session.holder)
            state, _ = game.advance(state, next_move(game, state, rng, bots=config.bots == "bot"))
        tally.value(f"worn-after:{number}", _worn(state.session))
        tally.count("games")
        for record in state.session.results:
            holder = holders.get(record.number)
            charged = {c.why.vilenie for c in record.changes if c.why.kind == "vilenie" and c.delta > 0}
            if holder is None:  # a first game (sixty all plays it again): a vilenie only where it counts
                tally.count("first-deals")
                for why in VILENIES:
                    if why in charged:
                        tally.count(f"first-vilenie:{why}")
                continue
            tally.count("later-deals")  # a later game: the free side must make 41
            if record.points[1 - holder] >= THRESHOLD:
                tally.count("free-made-41")
            for why in VILENIES:
                if why in charged:
                    tally.count(f"vilenie:{why}")
        totals = [w.total for w in state.session.wear]
        tally.value("loser-clips", max(totals[0] + totals[2], totals[1] + totals[3]))
    return tally


def _worn(session: Any) -> int:
    """Clips worn at the table, every kind, a black nose counting one (drogue.end.count)."""
    return sum(w.total for w in session.wear)


def _levels(
    game_options: Mapping[str, object], games: Callable[[str], int], reading: Mapping[str, object] | None = None
) -> tuple[Configuration, ...]:
    """One configuration per bot level; with ``reading`` (options that differ from the defaults), one more
    per bot level under it, its options in the key, the label and the size's group (``bot,first_game=...``)."""
    out = [Configuration(f"bots={b}", BOT_LABELS[b], "drogue", dict(game_options), b, games(b)) for b in LEVELS]
    if reading:
        extra = option_key(reading)
        out.extend(
            Configuration(
                f"bots={b},{extra}",
                f"{BOT_LABELS[b]}, {extra}",
                "drogue",
                {**game_options, **reading},
                b,
                games(f"{b},{extra}"),
            )
            for b in LEVELS
        )
    return tuple(out)


def _default_reading(configs: tuple[Configuration, ...]) -> tuple[Configuration, ...]:
    """The configurations that play the first game as the default reading (drogue.first-game.vilenies)."""
    return tuple(c for c in configs if not any(k in c.options for k in FIRST_VILENIES))


def _share_rows(tallies: Mapping[str, Tally], configs: tuple[Configuration, ...], key: str, word: str) -> list[Any]:
    values = sorted({x for c in configs for x in tallies[c.key].histogram(key)})
    rows: list[Any] = []
    for c in configs:
        hist = tallies[c.key].histogram(key)
        n = sum(hist.values())
        rows.extend(share_row(f"{x} {word if x == 1 else word + 's'}", hist.get(x, 0), n, c.label) for x in values)
    return rows


def summarise_deals(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    configs = experiment.configurations
    sizes = ", ".join(f"{tallies[c.key].counts['games']:,} deals with {c.label}" for c in configs)
    return {
        "bids": plot(
            "share",
            "Drogue: the winning bid",
            "share of deals",
            _share_rows(tallies, configs, "bid", "card"),
            f"The count of cards the auction's winner bid ({sizes}); bars: 95% Wilson intervals.",
            percent=True,
            found=True,
        ),
        "trumps": plot(
            "share",
            "Drogue: the trump maker's trumps",
            "share of deals",
            _share_rows(tallies, configs, "trumps", "trump"),
            f"The trumps (the suit named and the Jacks) in the maker's hand when play starts ({sizes}); bars: "
            "95% Wilson intervals.",
            percent=True,
            found=True,
        ),
        "points": plot(
            "box",
            "Drogue: the trump maker's side, card points",
            "card points taken by the maker's side (of 120)",
            [box_row(c.label, tallies[c.key].histogram("maker-points")) for c in configs],
            f"{sizes}. Box: middle half of the deals, whiskers: 5th to 95th percentile, dot: mean (its standard "
            "error in the table).",
        ),
    }


def summarise_evenings(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    configs = _default_reading(experiment.configurations)  # the first game as played by default
    counted = tuple(c for c in experiment.configurations if c not in configs)  # its vilenies counting too
    sizes = ", ".join(f"{tallies[c.key].counts['games']:,} evenings with {c.label}" for c in configs)
    first_sizes = ", ".join(
        f"{tallies[c.key].counts['first-deals']:,} first games with {BOT_LABELS[c.bots]}" for c in counted
    )
    made = [
        share_row(c.label, tallies[c.key].counts["free-made-41"], tallies[c.key].counts["later-deals"]) for c in configs
    ]
    vilenies = _vilenie_rows(configs, counted, tallies)
    worn = [
        mean_row(f"after deal {k}", tallies[c.key].histogram(f"worn-after:{k}"), c.label)
        for c in configs
        for k in range(1, EVENING + 1)
    ]
    return {
        "made-41": plot(
            "share",
            "Drogue: the side without the drogue makes 41",
            "share of deals after the first",
            made,
            f"In every deal after the first of an evening of {EVENING} ({sizes}): how often the side wearing no "
            "drogue took the 41 card points it needs; bars: 95% Wilson intervals.",
            percent=True,
        ),
        "vilenies": plot(
            "share",
            "Drogue: how often each vilenie is charged",
            "share of deals",
            vilenies,
            f"Deals after the first of an evening of {EVENING} in which a side was charged the vilenie ({sizes}); "
            f"first game: the first games of evenings with first_game = vilenies ({first_sizes}); bars: 95% "
            "Wilson intervals.",
            percent=True,
        ),
        "clips": plot(
            "mean",
            "Drogue: clips worn over an evening",
            "clips on the table (both sides, black nose included)",
            worn,
            f"Mean number of clips worn after each deal of an evening of {EVENING} ({sizes}); bars: mean ± 1.96 "
            "standard errors.",
        ),
        "losers": plot(
            "box",
            "Drogue: the losing side's clips at the end of the evening",
            "clips worn by the side with more (both players, black nose included)",
            [box_row(c.label, tallies[c.key].histogram("loser-clips")) for c in configs],
            f"{sizes}. Box: middle half of the evenings, whiskers: 5th to 95th percentile, dot: mean (its "
            "standard error in the table).",
        ),
    }


def _vilenie_rows(
    configs: Sequence[Configuration], counted: Sequence[Configuration], tallies: Mapping[str, Tally]
) -> list[dict[str, Any]]:
    """How often each vilenie is charged: in the deals after the first (``configs``), and in the first
    games of the evenings that count the vilenies there (``counted``)."""
    return [
        share_row(why, tallies[c.key].counts[f"vilenie:{why}"], tallies[c.key].counts["later-deals"], c.label)
        for c in configs
        for why in VILENIES
    ] + [
        share_row(
            why,
            tallies[c.key].counts[f"first-vilenie:{why}"],
            tallies[c.key].counts["first-deals"],
            f"{BOT_LABELS[c.bots]}, first game",
        )
        for c in counted
        for why in VILENIES
    ]


def experiments(games: int | None = None, scale: int = 1) -> list[Experiment]:
    out = [
        Experiment(
            "drogue-deal",
            "drogue",
            "Drogue: bids, trumps and the maker's points",
            "Single deals of Drogue with default rules, the engine's bot or random play in every seat.",
            _levels({}, lambda b: size("drogue-deal", b, scale)),
            play_deals,
            summarise_deals,
            chunk=500,
        ),
        Experiment(
            "drogue-evening",
            "drogue",
            "Drogue: an evening of deals",
            f"Evenings of {EVENING} deals, the bot or random play in every seat, with default rules otherwise and "
            "once more with the first game's vilenies counting (first_game = vilenies).",
            _levels({"deals": EVENING}, lambda b: size("drogue-evening", b, scale), FIRST_VILENIES),
            play_evenings,
            summarise_evenings,
            chunk=50,
        ),
    ]
    return [e.with_games(games) for e in out] if games is not None else out
