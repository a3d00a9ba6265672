"""Drużbart over whole games: property tests over random games, the bots, frames, the golden scenarios and
the ledger's coverage."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import VALIDATOR, play
from druzbart_helpers import DUD_HANDS, DUD_PREFIX, MATADOR_HANDS, SCENARIOS, SEVEN_HANDS, all_option_sets, start
from druzbart_ranking import expected_winner
from oldtricks import make_game
from oldtricks.cli.main import main
from oldtricks.core.prng import Rng
from oldtricks.scenarios.coverage import compute
from oldtricks.scenarios.frames import make_frame
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import discover, load

# -- property tests over random games -------------------------------------------------------------------


def run_checked(
    name: str, options: dict[str, Any], seed: int, choose: Any, frames: bool = False, cap: int = 5000
) -> tuple[Any, list[str]]:
    """Play a game, checking the invariants after every move; return the final state and the moves.

    Heavy matador penalties can make random play chalk lines faster than it erases them, so the game
    may be stopped after ``cap`` moves; otherwise it must end with no legal moves.
    """
    game = make_game(name, options)
    state = game.new_state(seed=seed, dealer=seed % game.num_seats)
    full = Counter(str(c) for c in game.pack.cards)
    moves: list[str] = []
    step = 0
    while game.to_play(state) is not None and len(moves) < cap:
        legal_moves = game.legal_moves(state)
        assert legal_moves
        move = choose(game, state, legal_moves)
        state, events = game.apply(state, move)
        moves.append(str(move))
        step += 1
        dealt = Counter(str(c) for h in state.deal.hands for c in h) + Counter(str(c) for c in state.deal.rest)
        assert dealt == full  # every card of the pack is dealt or left out, once
        held = Counter(str(c) for h in state.hands for c in h)
        assert not held - dealt and all(n == 1 for n in held.values())
        assert all(n >= 0 for n in state.lines)
        for e in events:
            if e.kind == "trick":
                assert e.data is not None and e.data["winner"] == expected_winner(e.data["cards"], options)
        if state.dealing or (state.result is not None and name == "druzbart"):
            check_deal_end(game, state, options)
        if frames:
            VALIDATOR.validate(make_frame(game, state, step=step, move=move, events=events))
    if len(moves) < cap:
        assert game.legal_moves(state) == []
        assert game.outcome(state) is not None
    return state, moves


def check_deal_end(game: Any, state: Any, options: dict[str, Any]) -> None:
    if game.num_sides == 3:
        assert not any(state.hands) or 0 in state.lines
        return
    a, b = state.tricks
    if max(a, b) < 5:
        assert options.get("pack") == 32 and (a, b) == (4, 4)  # druzbart.split-32
    else:
        assert min(a, b) < 5 and max(a, b) == 5  # druzbart.end: stops at once


def random_choice(rng: Rng) -> Any:
    return lambda game, state, moves: moves[rng.below(len(moves))]


@pytest.mark.parametrize("options", all_option_sets(), ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_games_keep_the_invariants(options: dict[str, Any]) -> None:
    for seed in (1, 2):
        run_checked("druzbart", {**options, "lines": 2}, seed, random_choice(Rng(seed)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(all_option_sets()),
    lines=st.integers(1, 4),
    lost=st.integers(0, 2),
    partner=st.integers(0, 3),
    seed=st.integers(0, 2**64 - 1),
)
def test_replay_is_exact_and_frames_validate(
    options: dict[str, Any], lines: int, lost: int, partner: int, seed: int
) -> None:
    opts = {**options, "lines": lines, "matador_lost": lost, "matador_to_partner": partner}
    rng = Rng(seed)
    final, moves = run_checked("druzbart", opts, seed, random_choice(rng), frames=True, cap=600)
    game = make_game("druzbart", opts)
    state = game.new_state(seed=seed, dealer=seed % 4)
    for token in moves:
        state, _ = game.apply(state, game.parse_move(state, token))
    assert state == final
    assert make_frame(game, state, step=len(moves)) == make_frame(game, final, step=len(moves))


# -- bots ---------------------------------------------------------------------------------------------
def test_bots_play_legal_moves_and_beat_random_play() -> None:
    rng = Rng(7)
    wins = 0
    for seed in range(40):

        def choose(game: Any, state: Any, moves: list[Any]) -> Any:
            if game.to_play(state) in (0, 2):
                move = game.bot_move(state, rng)
                assert move in moves
                return move
            return moves[rng.below(len(moves))]

        final, _ = run_checked("druzbart", {"lines": 3}, seed, choose)
        wins += final.result.winners == (0, 2)
    assert wins >= 34


def test_bot_throws_a_dud_not_a_matador_when_it_cannot_head() -> None:
    game, state = start(hands=SEVEN_HANDS)
    state, _ = play(game, state, "AL 8H AA 9B 7H 7B KB")
    move = game.bot_move(state, Rng(1))
    assert str(move) != "8L"
    assert game.ranking.is_dud(move.card) or move.card.rank == "7"


def test_bot_heads_cheaply_when_only_the_partner_follows() -> None:
    game, state = start()
    state, _ = play(game, state, "AH AA 9L")  # East must head; his only heading card is the Nine of Acorns
    assert str(game.bot_move(state, Rng(1))) == "9A"
    game, state = start(hands=SEVEN_HANDS)
    state, _ = play(game, state, "AL 8H")  # North: AA, 9H or 8L; East, an opponent, follows
    assert str(game.bot_move(state, Rng(1))) in {"AA", "9H"}


def test_bot_deals_between_deals() -> None:
    game, state = start(hands=DUD_HANDS)
    state, _ = play(game, state, DUD_PREFIX + " 8A OL 7A KB 7B TL TH TB")
    assert game.bot_move(state, Rng(3)).kind == "deal"


# -- frames, golden scenarios, coverage -------------------------------------------------------------
def test_frame_shows_slate_scoring_and_teams() -> None:
    game, state = start(hands=MATADOR_HANDS)
    state, events = play(game, state, "KH 8L UA KA")
    frame = make_frame(game, state, step=4, events=events)
    VALIDATOR.validate(frame)
    slate, scoring = frame["panels"]
    assert slate["kind"] == "lines"
    assert slate["data"]["sides"] == [
        {"label": "South–North", "total": 8, "left": 8, "chalked": 2},
        {"label": "West–East", "total": 7, "left": 7, "chalked": 1},
    ]
    assert scoring["kind"] == "table" and scoring["data"]["rows"][0][:3] == ["1", "East", "1 : 0"]
    assert frame["trick"] == {"number": 1, "leader": 0, "winner": 2, "complete": True}
    assert [m["label"] for m in frame["seats"][1]["marks"]] == ["West–East"]
    assert frame["seats"][3]["marks"][0]["kind"] == "dealer"
    assert frame["seats"][2]["won"] == {"count": 4, "tricks": 1}


def scenario_files() -> list[Path]:
    return discover([SCENARIOS / "druzbart", SCENARIOS / "clock"])


def test_golden_scenarios_pass_the_cli_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SCENARIOS / "druzbart")]) == 0
    assert "0 failed" in capsys.readouterr().out


@pytest.mark.parametrize("path", discover([SCENARIOS / "druzbart"]), ids=lambda p: p.stem)
def test_scenario_frames_validate(path: Path) -> None:
    for frame in replay(load(path, SCENARIOS)).frames():
        VALIDATOR.validate(frame)


def test_golden_penalties_in_the_matador_scenarios() -> None:
    final = {}
    for name in ("matadors-braus", "matadors-brus", "matador-sizes"):
        frames = replay(load(SCENARIOS / "druzbart" / f"{name}.toml", SCENARIOS)).frames()
        final[name] = [side["left"] for side in frames[-1]["panels"][0]["data"]["sides"]]
    assert final == {"matadors-braus": [8, 7], "matadors-brus": [8, 6], "matador-sizes": [9, 6]}


def test_every_druzbart_and_clock_id_is_demonstrated() -> None:
    cov = compute(load(p, SCENARIOS) for p in scenario_files())
    ours = {r: s for r, s in cov.rules.items() if r.startswith(("druzbart.", "clock."))}
    assert ours and all(ours.values()), [r for r, s in ours.items() if not s]
    for key, values in cov.options.items():
        if key.startswith(("druzbart.", "clock.")):
            assert all(values.values()), key
