"""Drużbart and Clock Druzbart: how a deal ends, what holding a matador is worth, how often a matador
is lost and to whom, and how many deals a game lasts, for the engine's bot and for random play.

The games are reached through the registry; what a side is and which cards are matadors is read from
the game's table of fixed facts (``game.table``: its sides and its ranking), the tricks of each
finished deal from the slate's history in the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.simulate import next_move
from .experiment import Bots, Configuration, Experiment, Plot, deals, option_key
from .plots import box_row, plot, share_row
from .sizes import size
from .tally import Tally

BOT_LABELS = {"bot": "bot", "random": "random play"}


def _ending(tricks: tuple[int, ...]) -> str:
    """A deal's tricks per side, most first: '5–3', or '5–4–2' at a Clock table."""
    return "–".join(str(t) for t in sorted(tricks, reverse=True))


def play_games(config: Configuration, seed: int, games: int) -> Tally:
    """Whole games, watched move by move: each deal's hands (who holds each matador), each finished
    trick (a matador taken by another seat is lost), each deal's tricks, and the deals in a game."""
    game: Any = config.make()
    table = game.table
    matadors = tuple(table.ranking.matadors)  # druzbart.rank.matadors: the option's three, highest first
    tally = Tally()
    for deal, rng in deals(seed, games):
        state = game.new_state(seed=deal)
        number = 0
        holders: dict[str, int | None] = {}
        hand = 0
        finished = 0
        while game.to_play(state) is not None:
            if not state.dealing and state.number != number:
                number = state.number
                held = {str(c): seat for seat, hand in enumerate(state.hands) for c in hand}
                holders = {m: (table.side_of(held[m]) if m in held else None) for m in matadors}
                hand = len(state.hands[0])
            state, done = game.advance(state, next_move(game, state, rng, bots=config.bots == "bot"))
            if done and state.last_winner is not None:
                winner = state.last_winner
                for seat, card in state.last:
                    name = str(card)
                    if name in matadors and seat != winner:
                        to = "partner" if table.side_of(seat) == table.side_of(winner) else "opponent"
                        tally.count(f"lost:{name}:{to}")
            if len(state.history) > finished:
                finished = len(state.history)
                _deal_done(tally, state.history[-1].tricks, holders, hand)
        tally.count("games")
        tally.value("deals", len(state.history))
        outcome = game.outcome(state)
        tally.count(f"kind:{outcome.kind if outcome is not None else 'none'}")
    return tally


def _deal_done(tally: Tally, tricks: tuple[int, ...], holders: Mapping[str, int | None], hand: int) -> None:
    if max(tricks) < 5 and sum(tricks) < hand:
        # the game ended inside this deal (the last lines erased): the deal was never finished
        tally.count("deals-cut")
        return
    tally.count("deals")
    tally.count(f"ending:{_ending(tricks)}")
    best = max(tricks)
    won = [side for side, t in enumerate(tricks) if t == best]
    winner = won[0] if len(won) == 1 else None  # equal tricks: nobody wins the deal
    for m, side in holders.items():
        if side is None:
            continue  # left out of the deal
        tally.count(f"held:{m}")
        if side == winner:
            tally.count(f"held-won:{m}")


def _label(options: Mapping[str, object], bots: str) -> str:
    return f"{options['pack']} cards, {BOT_LABELS[bots]}"


def _configs(game: str, games: Mapping[str, int]) -> tuple[Configuration, ...]:
    out = []
    levels: tuple[Bots, ...] = ("bot", "random")
    for pack in ("36", "32"):
        for bots in levels:
            options = {"pack": pack}
            key = f"{option_key(options)},bots={bots}"
            out.append(Configuration(key, _label(options, bots), game, options, bots, games[bots]))
    return tuple(out)


def summarise(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    configs = experiment.configurations
    title = "Clock Druzbart" if experiment.name.startswith("clock") else "Drużbart"
    matadors = tuple(configs[0].make().table.ranking.matadors) if configs else ()  # type: ignore[attr-defined]
    endings, rare_below = _ending_rows(configs, tallies, title)
    held, lost = _matador_rows(configs, tallies, matadors, title)
    games = {c.label: tallies[c.key].counts["games"] for c in configs}
    sizes = ", ".join(f"{n:,} games with {label}" for label, n in games.items())
    side = "player" if title == "Clock Druzbart" else "side"
    return {
        "endings": plot(
            "share",
            f"{title}: how a deal ends",
            "share of deals",
            endings,
            f"Tricks won by each {side} at the end of a deal, most first ({sizes}); endings under "
            f"{rare_below:.0%} of the deals are counted together, and a deal cut short by the end of the game "
            "is left out; bars: 95% Wilson intervals.",
            percent=True,
            found=True,
        ),
        "matadors": plot(
            "share",
            f"{title}: the value of holding a matador",
            f"share of deals won by the {side} dealt it",
            held,
            f"For each matador, among the deals in which it was dealt, how often the {side} holding it won the "
            f"deal (more tricks than any other; {sizes}); bars: 95% Wilson intervals.",
            percent=True,
        ),
        "lost": plot(
            "share",
            f"{title}: matadors lost",
            "share of deals in which the matador was dealt",
            lost,
            "How often a matador is played into a trick that another player takes"
            + ("" if title == "Clock Druzbart" else ", an opponent or the partner")
            + f" ({sizes}); bars: 95% Wilson intervals.",
            percent=True,
        ),
        "length": plot(
            "box",
            f"{title}: deals in a game",
            "deals until one side's lines are all erased",
            [box_row(c.label, tallies[c.key].histogram("deals")) for c in configs],
            f"{sizes}. Box: middle half of the games, whiskers: 5th to 95th percentile, dot: mean (its "
            "standard error in the table).",
        ),
    }


def _ending_rows(
    configs: Sequence[Configuration], tallies: Mapping[str, Tally], title: str
) -> tuple[list[dict[str, Any]], float]:
    """The rows of how a deal ends, each ending by the tricks of each side, and the share under which an
    ending is counted with the other rare ones."""
    endings: list[dict[str, Any]] = []
    # an ending under 1% (Clock: 3%, its endings are many) of the deals for every rule set is pooled
    rare_below = 0.03 if title == "Clock Druzbart" else 0.01
    found = {k.split(":", 1)[1] for t in tallies.values() for k in t.counts if k.startswith("ending:")}
    common = sorted(
        (
            e
            for e in found
            if any(t.counts[f"ending:{e}"] >= rare_below * t.counts["deals"] > 0 for t in tallies.values())
        ),
        key=lambda e: tuple(-int(x) for x in e.split("–")),
    )
    for c in configs:
        t = tallies[c.key]
        endings.extend(share_row(e, t.counts[f"ending:{e}"], t.counts["deals"], c.label) for e in common)
        rare = sum(n for k, n in t.counts.items() if k.startswith("ending:") and k[7:] not in common)
        if len(common) < len(found):
            endings.append(share_row("any other", rare, t.counts["deals"], c.label))
    return endings, rare_below


def _matador_rows(
    configs: Sequence[Configuration], tallies: Mapping[str, Tally], matadors: Sequence[str], title: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of the value of holding each matador, and of each matador lost (to whom)."""
    held = [
        share_row(f"holds {m}", tallies[c.key].counts[f"held-won:{m}"], tallies[c.key].counts[f"held:{m}"], c.label)
        for c in configs
        for m in matadors
    ]
    whom = ("opponent",) if title == "Clock Druzbart" else ("opponent", "partner")
    lost = [
        share_row(
            f"{m} to {'an opponent' if to == 'opponent' else 'the partner'}",
            tallies[c.key].counts[f"lost:{m}:{to}"],
            tallies[c.key].counts[f"held:{m}"],
            c.label,
        )
        for c in configs
        for m in matadors
        for to in whom
    ]
    return held, lost


def experiments(games: int | None = None, scale: int = 1) -> list[Experiment]:
    out = [
        Experiment(
            "druzbart-deals",
            "druzbart",
            "Drużbart: deals, matadors and game length",
            "Whole games of Drużbart with the 36- and the 32-card pack, the engine's bot or random play in every seat.",
            _configs("druzbart", {b: size("druzbart-deals", b, scale) for b in ("bot", "random")}),
            play_games,
            summarise,
            chunk=50,
        ),
        Experiment(
            "clock-deals",
            "druzbart",
            "Clock Druzbart: deals, matadors and game length",
            "Whole games of Clock Druzbart with the 36- and the 32-card pack, the bot or random play in every seat.",
            _configs("clock", {b: size("clock-deals", b, scale) for b in ("bot", "random")}),
            play_games,
            summarise,
            chunk=500,
        ),
    ]
    return [e.with_games(games) for e in out] if games is not None else out
