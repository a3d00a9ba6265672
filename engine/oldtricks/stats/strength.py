"""The strong bots against the simple ones (:mod:`oldtricks.analysis.strong`): the same deals played with the strong
level on each side in turn, so that the luck of the cards falls on both.

A "game" of these experiments is one deal (Bettelmann and Tod und Leben: one game from its deal) played
once for each arrangement of the levels: Drużbart and Drogue with the strong bots as South and North,
then as West and East; Clock Druzbart with one strong player in each of the three seats, and once more
with the simple bots in every seat, so that each seat's strong player is set beside a simple one;
Bettelmann and Tod und Leben with the strong player in each seat. The deals, and the simple bots' and the strong bots'
generators, come from the chunk's seed, as in every experiment. The strong bots play with the budget they
have in the browser (each game's own: :func:`oldtricks.analysis.strong.budget_of`). Drużbart's and Drogue's
deals are also solved with every hand known, from their first card, beside what the strong side made of
them (:mod:`.hidden`: what hidden cards cost).

These experiments cost CPU hours, not minutes: ``nox -s stats`` leaves them out unless named
(``--only druzbart-strength`` ...), one process at a time is enough (``--processes 1``), and a stopped run
resumes from its chunks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.strong import decide
from ..core.game import Game
from ..core.prng import Rng
from ..scenarios.replay import Line
from .experiment import Configuration, Experiment, Plot, deals
from .hidden import count_hidden, double_dummy, hidden_plots
from .plots import Row, mean_row, plot, share_row
from .sizes import size
from .tally import Tally

CHUNK = 25  # deals a chunk: a minute or two of CPU, so a stopped run loses little

# (the seats the strong bot plays, and the name of that side) for each arrangement, per game
Arrangement = tuple[tuple[int, ...], str]
ARRANGEMENTS: dict[str, tuple[Arrangement, ...]] = {
    "druzbart": (((0, 2), "South–North"), ((1, 3), "West–East")),
    "drogue": (((0, 2), "South–North"), ((1, 3), "West–East")),
    "clock": (((0,), "South"), ((1,), "West"), ((2,), "East")),
    "bettelmann": (((0,), "South"), ((1,), "North")),
    "todundleben": (((0,), "South"), ((1,), "North")),
}


def play_line(game: Game[Any], seed: int, strong: Sequence[int], rng: Rng, tally: Tally) -> Line:
    """Deal ``seed`` played to the end of its first deal (Bettelmann: of the game), the strong level in the
    seats ``strong``, the simple bots in the others; each strong move counted as searched or not."""
    line = Line(game, [game.new_state(seed=seed)], [None], [[]])
    simple, deep = Rng(rng.next_u64()), Rng(rng.next_u64())
    while True:
        state = line.states[-1]
        seat = game.to_play(state)
        if seat is None or getattr(state, "dealing", False):  # Drużbart: the next deal is not this one's
            return line
        if seat in strong:
            made = decide(line, deep)
            if made.reason != "the only legal move":
                tally.count("moves:searched" if not made.reason else "moves:simple")
            line.push(made.move)
        else:
            line.push(game.bot_move(state, simple))


def _tricks_deal(config: Configuration, seed: int, games: int) -> Tally:
    """Drużbart and Clock Druzbart: one deal each arrangement; the tricks and the lines of the deal's record
    (druzbart.score: lines erased for the deal, chalked back for lost matadors). Clock Druzbart's deal is
    also played by the simple bots in every seat, each seat's result counted under ``base:``: with three
    players, one player's tricks fall short of the better of two others' more often than not, so a strong
    player is measured against a simple one in the same seat on the same deal, not against the others."""
    game: Any = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        tally.count("games")
        dd: int | None = None  # Drużbart: the double-dummy margin of South and North (hidden.py), found once
        for strong, _ in ARRANGEMENTS[config.game]:
            last = play_line(game, deal, strong, rng, tally).states[-1]
            _count_deal(game, last, strong[0], tally, "")
            if game.num_sides == 2:
                dd = double_dummy(game, last, 0) if dd is None else dd
                side = game.side_of(strong[0])
                ours = -dd if side else dd  # best play by all: what one side gains the other loses
                count_hidden(tally, ours, last.history[-1].tricks[side] - last.history[-1].tricks[1 - side])
        if game.num_sides == 3:
            last = play_line(game, deal, (), rng, tally).states[-1]
            for strong, _ in ARRANGEMENTS[config.game]:
                _count_deal(game, last, strong[0], tally, "base:")
    return tally


def _count_deal(game: Any, state: Any, seat: int, tally: Tally, prefix: str) -> None:
    """One deal's result from ``seat``'s side: won, lost or drawn, and the margins in tricks and in lines."""
    score = state.history[-1]
    side = game.side_of(seat)
    net = [e - c for e, c in zip(score.erased, score.chalked, strict=True)]
    mine, best_other = score.tricks[side], max(t for s, t in enumerate(score.tricks) if s != side)
    tally.count(f"{prefix}deals")
    tally.count(prefix + ("won" if mine > best_other else "lost" if mine < best_other else "drawn"))
    tally.value(f"{prefix}margin", mine - best_other)
    tally.value(f"{prefix}lines", net[side] - max(n for s, n in enumerate(net) if s != side))


def _drogue_deal(config: Configuration, seed: int, games: int) -> Tally:
    """Drogue: one deal each arrangement; the card points of the strong side (drogue.points.result)."""
    game: Any = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        tally.count("games")
        for strong, _ in ARRANGEMENTS["drogue"]:
            state = play_line(game, deal, strong, rng, tally).states[-1]
            tally.count("deals")
            if state.trump is None:  # the cap of dealings: nobody bid
                tally.count("capped")
                continue
            ours = state.side_points()[strong[0] % 2]
            tally.count("won" if ours > 60 else "lost" if ours < 60 else "drawn")
            tally.value("margin", 2 * ours - 120)
            count_hidden(tally, double_dummy(game, state, strong[0]), 2 * ours - 120)
            if state.maker is not None and state.maker % 2 == strong[0] % 2:
                tally.count("made")
    return tally


def _piles_game(config: Configuration, seed: int, games: int) -> Tally:
    """Bettelmann and Tod und Leben: one game each arrangement; who is the Beggar (bettelmann.end)."""
    game: Any = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        tally.count("games")
        for strong, _ in ARRANGEMENTS[config.game]:
            state = play_line(game, deal, strong, rng, tally).states[-1]
            outcome = game.outcome(state)
            tally.count("deals")
            if outcome.kind != "win":
                tally.count("drawn")  # endless, or stopped at the cap
            else:
                tally.count("won" if strong[0] in outcome.winners else "lost")
            tally.value("margin", 1 if strong[0] in outcome.winners else -1 if strong[0] in outcome.losers else 0)
    return tally


# todundleben.last-three: off by default, which leaves no choice at all; the carry-over from Bettelmann gives one
LOOK: Mapping[str, object] = {"last_three": "on"}

UNITS = {
    "druzbart": "the strong side's tricks minus the other side's",
    "clock": "the strong player's tricks minus the best of the two others'",
    "drogue": "the strong side's card points minus the other side's (of 120)",
    "bettelmann": "+1 a win, -1 a loss, 0 no winner",
    "todundleben": "+1 a win, -1 a loss, 0 no winner",
}


def summarise(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    configs = experiment.configurations
    won, margin, slate, searched = _rows(configs, tallies)
    based_any = any(tallies[c.key].counts["base:deals"] for c in configs)
    sizes = "; ".join(f"{c.label}: {tallies[c.key].counts['games']:,} deals" for c in configs)
    units = "; ".join(f"{c.label}: {UNITS[c.game]}" for c in configs)
    return {
        "won": plot(
            "share",
            f"{experiment.title}: who wins",
            "share of the games played",
            won,
            f"Each deal played with the strong bots on each side in turn ({sizes}); a game neither side wins "
            "(equal tricks or points, an endless game) counts for neither; "
            + (
                "a Clock Druzbart player wins a deal when he takes more tricks than each of the two others, which "
                "even an equal player does about a third of the time, so beside the strong player stands the "
                "simple player in the same seat, the same deal played by the simple bots in every seat; "
                if based_any
                else ""
            )
            + "bars: 95% Wilson intervals.",
            percent=True,
        ),
        "margin": plot(
            "mean",
            f"{experiment.title}: by how much",
            "mean margin of the strong side",
            margin,
            f"The margin of each game, from the strong side's view ({units}); "
            + ("Clock Druzbart: beside the simple player in the same seat on the same deals; " if based_any else "")
            + "bars: ±1.96 standard errors.",
        ),
        **({"slate": _slate_plot(experiment, slate)} if slate else {}),
        "searched": plot(
            "share",
            f"{experiment.title}: moves the strong bot searched",
            "share of its moves with a choice",
            searched,
            "The strong bot's moves with more than one legal move that it searched within its budget (Drogue's "
            "calls included); at the others, where the budget solved too few of its sampled deals, it played as "
            "the simple bot.",
            percent=True,
        ),
        **hidden_plots(experiment, configs, tallies),
    }


def _rows(
    configs: Sequence[Configuration], tallies: Mapping[str, Tally]
) -> tuple[list[Row], list[Row], list[Row], list[Row]]:
    """Each configuration's rows: who wins, the margin, the lines left on the slate (Drużbart and Clock
    Druzbart), the share of moves searched; beside the simple player in the same seat where it was played."""
    won: list[Row] = []
    margin: list[Row] = []
    slate: list[Row] = []
    searched: list[Row] = []
    for c in configs:
        t = tallies[c.key]
        n = t.counts["deals"]
        won.append(share_row(f"{c.label}: strong wins", t.counts["won"], n, c.label))
        if t.counts["base:deals"]:  # Clock Druzbart: the simple player in the same seat, on the same deals
            won.append(share_row(f"{c.label}: simple, same seat, wins", t.counts["base:won"], n, c.label))
        else:
            won.append(share_row(f"{c.label}: simple wins", t.counts["lost"], n, c.label))
        based = bool(t.counts["base:deals"])
        margin.append(mean_row(f"{c.label}: strong" if based else c.label, t.histogram("margin"), c.label))
        if based:
            margin.append(mean_row(f"{c.label}: simple, same seat", t.histogram("base:margin"), c.label))
        if "lines" in t.histograms:
            slate.append(mean_row(f"{c.label}: strong", t.histogram("lines"), c.label))
            if t.counts["base:deals"]:
                slate.append(mean_row(f"{c.label}: simple, same seat", t.histogram("base:lines"), c.label))
        moves = t.counts["moves:searched"] + t.counts["moves:simple"]
        searched.append(share_row(c.label, t.counts["moves:searched"], moves, c.label))
    return won, margin, slate, searched


def _slate_plot(experiment: Experiment, rows: Sequence[Row]) -> Plot:
    return plot(
        "mean",
        f"{experiment.title}: what the deal does to the slate",
        "mean margin in lines",
        rows,
        "What the deal does to the slate from the strong side's view: the lines it erases net of those chalked "
        "back for lost matadors (druzbart.score, clock.lines), minus the other side's (Clock Druzbart: minus the"
        " better of the two others'), beside the simple player's in the same seat on the same deals; bars: "
        "±1.96 standard errors.",
    )


def _configs(games: Sequence[tuple[str, str, Mapping[str, object]]], deals: int) -> tuple[Configuration, ...]:
    return tuple(Configuration(f"{g}:strong-vs-simple", label, g, options, "bot", deals) for g, label, options in games)


def experiments(games: int | None = None, scale: int = 1) -> list[Experiment]:
    described = (
        "The same deals played with the strong bots (sampling the hidden hands, solving each sample) on each "
        "side in turn against the simple bots, under the default rules (Tod und Leben: with the last three cards"
        " looked at, as in Bettelmann, for without it nobody has a choice)."
    )
    out = [
        Experiment(
            "druzbart-strength",
            "druzbart",
            "Drużbart: the strong bots against the simple ones",
            described,
            _configs((("druzbart", "Drużbart", {}),), size("druzbart-strength", "all", scale)),
            _tricks_deal,
            summarise,
            chunk=CHUNK,
            on_request=True,
        ),
        Experiment(
            "clock-strength",
            "druzbart",
            "Clock Druzbart: the strong bot against the simple ones",
            described,
            _configs((("clock", "Clock Druzbart", {}),), size("clock-strength", "all", scale)),
            _tricks_deal,
            summarise,
            chunk=CHUNK,
            on_request=True,
        ),
        Experiment(
            "drogue-strength",
            "drogue",
            "Drogue: the strong bots against the simple ones",
            described,
            _configs((("drogue", "Drogue", {}),), size("drogue-strength", "all", scale)),
            _drogue_deal,
            summarise,
            chunk=CHUNK,
            on_request=True,
        ),
        Experiment(
            "bettelmann-strength",
            "bettelmann",
            "Bettelmann: the strong bots against the simple ones",
            described,
            _configs(
                (("bettelmann", "Bettelmann", {}), ("todundleben", "Tod und Leben, last three looked at", LOOK)),
                size("bettelmann-strength", "all", scale),
            ),
            _piles_game,
            summarise,
            chunk=CHUNK,
            on_request=True,
        ),
    ]
    return [e.with_games(games) for e in out] if games is not None else out
