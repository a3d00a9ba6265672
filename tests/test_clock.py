"""Clock Druzbart: three players, each for himself, a tripod of lines; rules, properties, scenarios."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import VALIDATOR, play
from druzbart_ranking import expected_winner
from oldtricks import IllegalMoveError, InvalidDealError, InvalidOptionError, make_game
from oldtricks.cli.main import main
from oldtricks.core.prng import Rng
from oldtricks.scenarios.frames import make_frame
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import discover, load

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def all_option_sets() -> list[dict[str, Any]]:
    keys = ("pack", "deal_size", "end", "packets", "matadors", "seven", "obers")
    values = (
        (36, 32),
        ("full", "four-hand"),
        ("five", "all"),
        ("three", "one"),
        ("braus", "brus", "acorns"),
        ("unbeatable", "gracz"),
        ("duds", "beaters"),
    )
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]


def start(options: dict[str, Any] | None = None, seed: int = 11, dealer: int = 2) -> tuple[Any, Any]:
    game = make_game("clock", {"deal_size": "full", **(options or {})})  # most tests here deal the pack out
    return game, game.new_state(seed=seed, dealer=dealer)


DEAL_11 = "7A KL OH 7B TH 8H OA UB AH 7L KA TB KB 6B UH 7H 8B OL OB 6L 6A 6H UL AA TL AB AL TA 9H 9L 9B 9A 8L 8A KH UA"


# -- clock.seats, clock.deal --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pack", "size", "hand", "out"),
    [(36, "full", 12, 0), (32, "full", 10, 2), (36, "four-hand", 9, 9), (32, "four-hand", 8, 8)],
)
def test_deal_sizes(pack: int, size: str, hand: int, out: int) -> None:
    game, state = start({"pack": pack, "deal_size": size})
    assert game.num_seats == 3 and game.teams() == (None, None, None)
    assert [len(h) for h in state.hands] == [hand] * 3
    assert len(state.deal.rest) == out
    assert game.to_play(state) == 0  # the dealer's left leads


def test_ten_each_is_three_packets_and_a_single_card() -> None:
    game = make_game("clock", {"pack": 32, "deal_size": "full"})
    order = list(game.pack.cards)
    hands, rest = game.deal_order(order, 2)
    assert hands[0] == tuple(order[0:3] + order[9:12] + order[18:21] + order[27:28])
    assert rest == tuple(order[30:])


def test_explicit_hands_leave_the_rest_out() -> None:
    game = make_game("clock", {"pack": 32, "deal_size": "full"})
    cards = list(game.pack.cards)
    state = game.new_state(hands=[cards[0:10], cards[10:20], cards[20:30]], dealer=2)
    assert state.deal.rest == tuple(cards[30:])
    with pytest.raises(InvalidDealError, match="each player gets 10"):
        game.new_state(hands=[cards[0:9], cards[10:20], cards[20:30]])
    with pytest.raises(InvalidDealError, match="twice"):
        game.new_state(hands=[cards[0:10], cards[0:10], cards[20:30]])
    with pytest.raises(InvalidDealError, match="3 hands"):
        game.new_state(hands=[cards[0:10], cards[10:20]])


# -- clock.lines, clock.end, clock.end.at-once, clock.lines.matador -----------------------------------------------
def test_one_line_erased_per_trick() -> None:
    game, state = start()
    state, events = play(game, state, "7A KL OH")
    assert state.lines == (5, 6, 6)
    assert any("erases a line" in e.text for e in events)


def test_head_rule_as_in_the_four_hand_game() -> None:
    game, state = start()
    state, _ = play(game, state, "7A KL OH 7B TH 8H OA")
    assert {str(m) for m in game.legal_moves(state)} == {
        "9A",
        "AL",
        "UA",
        "UH",
        "UB",
        "UL",
    }  # West's beaters; every one heads a dud
    with pytest.raises(IllegalMoveError) as err:
        game.apply(state, game.parse_move(state, "TB"))
    assert err.value.rule == "druzbart.head"


def test_every_trick_is_played_then_the_next_deal() -> None:
    game, state = start()
    state, events = play(game, state, DEAL_11)
    assert state.tricks == (4, 4, 4)  # nobody stopped at five: clock.end
    assert state.lines == (3, 2, 2)  # South also lost the King of Hearts: clock.lines.matador
    assert [e.data["lines"] for e in events if e.kind == "matador"] == [1]
    assert state.dealing and game.to_play(state) == 0
    state, _ = play(game, state, "deal")
    assert state.number == 2 and game.to_play(state) == 1 and state.lines == (3, 2, 2)


def test_matador_penalty_size_is_an_option() -> None:
    game, state = start({"matador_lost": 3})
    state, _ = play(game, state, DEAL_11)
    assert state.lines == (5, 2, 2)


def test_first_to_clear_wins_at_once() -> None:
    game, state = start({"lines": 3}, seed=5)
    state, _ = play(game, state, "8A UB UH 7B 8H 8B 7H TH OA")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (2,) and outcome.losers == (0, 1)
    assert state.lines == (3, 3, 0)
    assert all(len(h) == 9 for h in state.hands)
    assert game.legal_moves(state) == [] and game.to_play(state) is None
    with pytest.raises(IllegalMoveError) as err:
        game.apply(state, game.parse_move(start()[1], "7A"))
    assert err.value.rule == "clock.end.at-once"


def test_tripod_panel_and_left_out_cards_in_the_frame() -> None:
    game, state = start({"pack": 32}, seed=1)
    frame = make_frame(game, state, step=0)
    VALIDATOR.validate(frame)
    tripod = frame["panels"][0]
    assert tripod["kind"] == "tripod"
    assert [s["label"] for s in tripod["data"]["sides"]] == ["South", "West", "East"]
    assert frame["centre"] == [{"label": "left out, face down", "cards": ["??", "??"]}]
    assert all(s["team"] is None for s in frame["seats"])


@pytest.mark.parametrize("options", [{"deal_size": "twelve"}, {"matador_to_partner": 1}, {"lines": 99}, {"pack": 52}])
def test_bad_options_are_rejected(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError):
        make_game("clock", options)


# -- properties over random games ---------------------------------------------------------------------
def run_checked(
    options: dict[str, Any], seed: int, rng: Rng, bots: frozenset[int] = frozenset(), frames: bool = False
) -> tuple[Any, list[str]]:
    game = make_game("clock", options)
    state = game.new_state(seed=seed, dealer=seed % 3)
    full = Counter(str(c) for c in game.pack.cards)
    moves: list[str] = []
    while game.to_play(state) is not None and len(moves) < 3000:
        legal = game.legal_moves(state)
        move = game.bot_move(state, rng) if game.to_play(state) in bots else legal[rng.below(len(legal))]
        assert move in legal
        state, events = game.apply(state, move)
        moves.append(str(move))
        dealt = Counter(str(c) for h in state.deal.hands for c in h) + Counter(str(c) for c in state.deal.rest)
        assert dealt == full
        assert all(n >= 0 for n in state.lines)
        for e in events:
            if e.kind == "trick":
                assert e.data is not None and e.data["winner"] == expected_winner(e.data["cards"], options)
        if state.dealing:  # clock.end: a player's fifth trick ends the deal; clock.end.all: every trick is played
            assert not any(state.hands) or (game.options["end"] == "five" and max(state.tricks) == 5)
        if frames:
            VALIDATOR.validate(make_frame(game, state, step=len(moves), move=move, events=events))
    if len(moves) < 3000:
        assert game.legal_moves(state) == [] and 0 in state.lines
    return state, moves


@pytest.mark.parametrize("options", all_option_sets(), ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_games_keep_the_invariants(options: dict[str, Any]) -> None:
    run_checked({**options, "lines": 3}, 4, Rng(4))


@settings(max_examples=20, deadline=None)
@given(options=st.sampled_from(all_option_sets()), lines=st.integers(1, 8), seed=st.integers(0, 2**64 - 1))
def test_replay_is_exact_and_frames_validate(options: dict[str, Any], lines: int, seed: int) -> None:
    opts = {**options, "lines": lines}
    final, moves = run_checked(opts, seed, Rng(seed), frames=True)
    game = make_game("clock", opts)
    state = game.new_state(seed=seed, dealer=seed % 3)
    for token in moves:
        state, _ = game.apply(state, game.parse_move(state, token))
    assert state == final


def test_a_bot_beats_two_random_players() -> None:
    wins = Counter(run_checked({}, seed, Rng(seed), bots=frozenset({0}))[0].result.winners[0] for seed in range(60))
    assert wins[0] >= 40


# -- scenarios ----------------------------------------------------------------------------------------
def test_golden_scenarios_pass_the_cli_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SCENARIOS / "clock")]) == 0
    assert "0 failed" in capsys.readouterr().out


@pytest.mark.parametrize("path", discover([SCENARIOS / "clock"]), ids=lambda p: p.stem)
def test_scenario_frames_validate(path: Path) -> None:
    for frame in replay(load(path, SCENARIOS)).frames():
        VALIDATOR.validate(frame)


MOVES_SEED_3 = "8B AB 8L UL UA 8H OH 9A OB KH 6B KL 7B UB 7H 9B UH 9H KB AA 8A 7L 6A TL"


@pytest.mark.parametrize(("end", "deal_over"), [("five", True), ("all", False)])
def test_a_players_fifth_trick_ends_the_deal_only_under_the_literal_reading(end: str, deal_over: bool) -> None:
    """clock.end: nine cards each, West takes his fifth trick in the eighth; "five" stops the deal there."""
    game = make_game("clock", {"deal_size": "four-hand", "end": end})
    state = game.new_state(seed=3, dealer=2)
    state, events = play(game, state, MOVES_SEED_3)
    assert state.tricks[1] == 5 and state.tricks_played == 8
    assert all(len(hand) == 1 for hand in state.hands)
    assert state.dealing is deal_over
    said = [e.text for e in events if e.kind == "deal"]
    assert bool(said) is deal_over
    if deal_over:
        assert said[-1].startswith("West has five tricks, so the deal is over after 8 tricks")
        assert [str(m) for m in game.legal_moves(state)] == ["deal"]


def test_the_literal_reading_is_the_default() -> None:
    assert make_game("clock").options["end"] == "five"


def test_with_six_lines_a_game_ends_in_its_second_deal_unless_lines_come_back() -> None:
    """Why the statistics' Clock games last two deals: a line goes per trick taken (clock.lines), a deal
    ends at five tricks (clock.end), so its winner has one of his six lines left (clock.lines.count)
    and the game ends in the next deal (clock.end.at-once); only a line chalked back for a lost
    matador (clock.lines.matador) can make it longer."""
    from test_game_ends import play

    lengths = set()
    for seed in range(40):
        game = make_game("clock", {"matador_lost": 0, "deal_size": "full"})
        state, _ = play(game, seed, seed % 2 == 0, 100_000)
        outcome = game.outcome(state)
        assert outcome is not None and outcome.kind == "win"
        lengths.add(state.number)
        first = state.history[0].tricks
        assert max(first) == 5 and len(state.history) == 2
    assert lengths == {2}
    longer = make_game("clock", {"matador_lost": 5, "deal_size": "full"})
    assert any(play(longer, seed, False, 100_000)[0].number > 2 for seed in range(40))  # lines chalked back
