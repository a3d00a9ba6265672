"""The seeing bots of the statistics (oldtricks.stats.seeing): each move the solver's best with every hand known,
a tie going to the simple bot's move; and the side that plays so against the simple bots."""

from __future__ import annotations

from oldtricks.core.prng import Rng
from oldtricks.stats.catalogue import experiments
from oldtricks.stats.seeing import play_deal, seeing_move
from typed import analysis_of, druzbart


def test_a_seeing_move_is_one_the_analysis_calls_best_and_the_simple_move_where_that_is() -> None:
    game = druzbart()
    rng = Rng(5)
    checked = kept = 0
    for seed in (1, 2):
        state = game.new_state(seed=seed)
        while game.to_play(state) is not None and not state.dealing:
            simple = game.bot_move(state, rng)
            if len(game.legal_moves(state)) > 1 and sum(len(h) for h in state.hands) <= 24:
                analysis = analysis_of(game.analyse(state))
                move = seeing_move(game, state, simple)
                best = analysis.value_of(move)
                assert best is not None and analysis.is_best(best), (seed, state.turn, move)
                simple_value = analysis.value_of(simple)
                assert simple_value is not None
                if analysis.is_best(simple_value):
                    assert move == simple
                    kept += 1
                checked += 1
            state = game.apply(state, simple)[0]
    assert checked > 10 and 0 < kept < checked


def test_the_seeing_side_beats_the_simple_bots_on_most_deals() -> None:
    game = druzbart()
    won = 0
    for seed in range(1, 7):
        for seats in ((0, 2), (1, 3)):
            tricks = play_deal(game, seed, seats, Rng(seed)).history[-1].tricks
            side = game.side_of(seats[0])
            won += tricks[side] > tricks[1 - side]
    assert won >= 8  # of 12: a side that sees every hand wins about two deals in three


def test_the_seeing_experiment_is_played_only_when_named() -> None:
    e = experiments()["druzbart-seeing"]
    assert e.on_request and e.family == "druzbart"
