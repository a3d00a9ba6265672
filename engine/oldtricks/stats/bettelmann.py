"""Bettelmann and Tod und Leben: how long a game lasts, how often it never ends, what the last-three
rule changes, and how much Life gains over Death.

The games are reached through the registry by name; these functions read only what every game
offers (moves, outcomes) and the trick count the play-out reports.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..analysis.simulate import play_out
from .experiment import Configuration, Experiment, Plot, deals, option_key
from .plots import box_row, mean_row, plot, share_row
from .sizes import size
from .tally import Tally

TIES = ("pierer", "first-player")
RETURNS = ("play-order", "winner-first", "loser-first", "shuffled")
LEADS = ("winner", "fixed")
PLAYERS = (2, 3, 4)


def _length_label(options: Mapping[str, object]) -> str:
    lead = "winner leads" if options["next_lead"] == "winner" else "fixed lead"
    return f"{options['tie']} · {options['return_order']} · {lead}"


def _lengths(players: int, games: int) -> tuple[Configuration, ...]:
    out = []
    for tie in TIES:
        for order in RETURNS:
            for lead in LEADS:
                options = {"players": players, "tie": tie, "return_order": order, "next_lead": lead}
                out.append(
                    Configuration(option_key(options), _length_label(options), "bettelmann", options, games=games)
                )
    return tuple(out)


def play_lengths(config: Configuration, seed: int, games: int) -> Tally:
    """Tricks per game, how each game ended, and the cycle length of each endless one."""
    game = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        state, _, tricks = play_out(game, deal, rng, bots=config.bots == "bot")
        outcome = game.outcome(state)
        assert outcome is not None
        tally.count("games")
        tally.count(f"kind:{outcome.kind}")
        tally.value("tricks", tricks)
        if outcome.cycle is not None:
            tally.value("cycle", outcome.cycle)
    return tally


def summarise_lengths(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    plots: dict[str, Plot] = {}
    for players in PLAYERS:
        rows = [
            box_row(c.label, tallies[c.key].histogram("tricks"))
            for c in experiment.configurations
            if c.options["players"] == players
        ]
        games = rows[0]["n"] if rows else 0
        plots[f"length-{players}"] = plot(
            "box",
            f"Bettelmann, {players} players: tricks per game",
            "tricks played until the game ends",
            rows,
            f"{games:,} deals for each rule set, every seat played by the engine's bot; box: middle half of the "
            "games, whiskers: 5th to 95th percentile, dot: mean (its standard error in the table). An endless "
            "game counts the tricks until its cycle was found.",
        )
    endless = [
        share_row(
            c.label,
            tallies[c.key].counts["kind:endless"] + tallies[c.key].counts["kind:capped"],
            tallies[c.key].counts["games"],
            f"{c.options['players']} players",
        )
        for c in experiment.configurations
    ]
    plots["endless"] = plot(
        "share",
        "Bettelmann: share of games that never end",
        "share of games with no Beggar",
        endless,
        "Each rule set for 2, 3 and 4 players. A game without end is one that came back to a position it had "
        "been in (a cycle), or that still went on after 2,000 tricks (the cap); bars: 95% Wilson intervals.",
        percent=True,
    )
    cycles: dict[int, int] = {}
    for t in tallies.values():
        for length, n in t.histogram("cycle").items():
            cycles[length] = cycles.get(length, 0) + n
    total = sum(cycles.values())
    plots["cycles"] = plot(
        "share",
        "Bettelmann: cycle lengths of the endless games",
        "share of endless games",
        [share_row(f"{length} tricks", n, total) for length, n in sorted(cycles.items())],
        f"All {total:,} endless games of every rule set above: how many tricks each cycle lasts.",
        percent=True,
        found=True,
    )
    return plots


def play_last_three(config: Configuration, seed: int, games: int) -> Tally:
    """Each deal played twice, looking at the last three cards and not: does the winner change?"""
    looking = config.make()
    blind = type(looking)({**config.options, "last_three": "off"})
    tally = Tally()
    for deal, rng in deals(seed, games):
        seen, _, _ = play_out(looking, deal, rng, bots=True)
        unseen, _, _ = play_out(blind, deal, rng, bots=True)
        a, b = looking.outcome(seen), blind.outcome(unseen)
        assert a is not None
        assert b is not None
        tally.count("games")
        if (a.kind, a.winners) != (b.kind, b.winners):
            tally.count("changed")
    return tally


def summarise_last_three(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    rows = [
        share_row(c.label, tallies[c.key].counts["changed"], tallies[c.key].counts["games"])
        for c in experiment.configurations
    ]
    games = rows[0]["n"] if rows else 0
    return {
        "changed": plot(
            "share",
            "Looking at the last three cards: how often it changes the winner",
            "share of deals with another winner (or another kind of end)",
            rows,
            f"{games:,} deals each, played once with the last-three rule and once without (the bot chooses "
            "which card to turn up when it may look); bars: 95% Wilson intervals.",
            percent=True,
        )
    }


def play_life(config: Configuration, seed: int, games: int) -> Tally:
    """Tod und Leben: who wins, Life (red, the non-dealer) or Death (black), and in how many tricks."""
    game = config.make()
    life = (0 + 1) % 2  # new_state deals from seat 0: the non-dealer, seat 1, plays Life (todundleben.colours)
    tally = Tally()
    for deal, rng in deals(seed, games):
        state, _, tricks = play_out(game, deal, rng, bots=True)
        outcome = game.outcome(state)
        assert outcome is not None
        tally.count("games")
        tally.value("tricks", tricks)
        if outcome.kind == "win":
            tally.count("decided")
            tally.count("life" if outcome.winners == (life,) else "death")
        else:
            tally.count(f"kind:{outcome.kind}")
    return tally


def summarise_life(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    configs = experiment.configurations
    games = tallies[configs[0].key].counts["games"] if configs else 0
    return {
        "life": plot(
            "share",
            "Tod und Leben: how often Life wins",
            "share of decided games won by Life (red)",
            [share_row(c.label, tallies[c.key].counts["life"], tallies[c.key].counts["decided"]) for c in configs],
            f"{games:,} deals for each rule set; Life (the red cards) goes to the non-dealer. A share above 50% is "
            "Life's advantage; bars: 95% Wilson intervals; endless games are left out.",
            percent=True,
        ),
        "length": plot(
            "mean",
            "Tod und Leben: mean tricks per game",
            "tricks per game (mean)",
            [mean_row(c.label, tallies[c.key].histogram("tricks")) for c in configs],
            f"{games:,} deals for each rule set; bars: mean ± 1.96 standard errors.",
        ),
    }


def experiments(games: int | None = None, scale: int = 1) -> list[Experiment]:
    """The Bettelmann family's experiments at their default sizes (``games``: every configuration's count)."""
    sizes = {p: size("bettelmann-length", str(p), scale) for p in PLAYERS}
    length = tuple(c for p, n in sizes.items() for c in _lengths(p, n))
    last_three = tuple(
        Configuration(
            f"players={p}",
            f"{p} players",
            "bettelmann",
            {"players": p},
            games=size("bettelmann-last-three", str(p), scale),
        )
        for p in PLAYERS
    )
    life = tuple(
        Configuration(
            option_key(o),
            f"{'Life' if o['first'] == 'non-dealer' else 'Death'} leads · {o['return_order']}",
            "todundleben",
            o,
            games=size("todundleben-life", "all", scale),
        )
        for o in ({"first": first, "return_order": order} for first in ("non-dealer", "death") for order in RETURNS)
    )
    out = [
        Experiment(
            "bettelmann-length",
            "bettelmann",
            "Bettelmann: game length and endless games",
            "Every tie rule × return order × next lead, for 2, 3 and 4 players, the last-three rule on.",
            length,
            play_lengths,
            summarise_lengths,
            chunk=500,
        ),
        Experiment(
            "bettelmann-last-three",
            "bettelmann",
            "Bettelmann: what the last-three rule changes",
            "The same deals with and without looking at the last three cards, default rules otherwise.",
            last_three,
            play_last_three,
            summarise_last_three,
            chunk=500,
        ),
        Experiment(
            "todundleben-life",
            "bettelmann",
            "Tod und Leben: Life against Death",
            "Tod und Leben, who turns up first × the return order, default rules otherwise.",
            life,
            play_life,
            summarise_life,
            chunk=250,
        ),
    ]
    return [e.with_games(games) for e in out] if games is not None else out
