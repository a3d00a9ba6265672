"""What hidden cards cost (oldtricks.stats.hidden): each strength deal's double-dummy result, from its first card,
beside what the strong side made of it; checked against the games' own solvers asked directly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from oldtricks.core.game import Game
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.games.druzbart.ddtable import team_tricks, tricks_by_leader
from oldtricks.stats.catalogue import experiments
from oldtricks.stats.hidden import count_hidden, double_dummy
from oldtricks.stats.strength import summarise
from oldtricks.stats.tally import Tally
from typed import analysis_of


def never(state: Any) -> bool:
    return False


def played_out(name: str, seed: int, stop: Callable[[Any], bool] = never) -> tuple[Game[Any], Any]:
    """Deal ``seed`` played by the simple bots to the end of its first deal, or to the first state ``stop`` takes."""
    game = make_game(name)
    state, rng = game.new_state(seed=seed), Rng(seed)
    while game.to_play(state) is not None and not getattr(state, "dealing", False) and not stop(state):
        state = game.apply(state, game.bot_move(state, rng))[0]
    return game, state


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_druzbart_double_dummy_margin_is_the_deal_tables(seed: int) -> None:
    game, state = played_out("druzbart", seed)
    leader = (state.deal.dealer + 1) % 4
    margin = double_dummy(game, state, 0)
    assert team_tricks(margin, 9) == tricks_by_leader(game, state)[leader]
    assert double_dummy(game, state, 1) == -margin  # what one side gains, the other loses


@pytest.mark.parametrize("seed", [1, 3])
def test_drogue_double_dummy_points_are_the_analysis_at_the_first_card(seed: int) -> None:
    def first_card(state: Any) -> bool:
        return state.phase == "play" and not state.tricks and not state.trick and state.trump is not None

    game, start = played_out("drogue", seed, first_card)
    assert first_card(start), "the deal was not bid: choose another"
    best = analysis_of(game.analyse(start)).best.value  # the points the leader's side takes, best play by all
    _, end = played_out("drogue", seed)
    assert end.trump == start.trump
    assert double_dummy(game, end, start.turn) == 2 * best - 120  # the leader's side's points less the others'
    assert double_dummy(game, end, (start.turn + 1) % 4) == 120 - 2 * best  # the next seat: the other side


def test_each_strength_deal_counts_its_double_dummy_result_beside_the_played_one() -> None:
    e = experiments()["druzbart-strength"].with_games(1)
    config = e.configurations[0]
    tally = e.play(config, 7, 1)  # one deal, played with the strong bots on each side in turn
    c = tally.counts
    assert c["dd:deals"] == c["deals"] == 2
    assert c["dd:won"] == c["dd:lost"] == 1  # the same deal from each side: best play wins it for one of them
    assert c["dd:won:won"] + c["dd:won:lost"] == 1 and c["dd:lost:won"] + c["dd:lost:lost"] == 1
    assert sum(tally.histogram("dd:gap").values()) == 2
    plots = summarise(e, {config.key: tally})
    rows = {r["label"]: r for r in plots["hidden"]["rows"]}
    assert rows["strong side wins, where best play wins for it"]["n"] == 1
    # a file played before these counts draws as it did: no plot of them
    before = Tally()
    before.counts.update({k: v for k, v in c.items() if not k.startswith("dd:")})
    assert "hidden" not in summarise(e, {config.key: before})


def test_count_hidden_sorts_each_deal_by_both_results() -> None:
    t = Tally()
    count_hidden(t, 2, 2)
    count_hidden(t, 1, -1)
    count_hidden(t, 0, 1)
    assert t.counts["dd:won:won"] == t.counts["dd:won:lost"] == t.counts["dd:drawn:won"] == 1
    assert t.histogram("dd:gap") == {-2: 1, 0: 1, 1: 1}
