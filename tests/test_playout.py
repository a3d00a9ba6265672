"""Play-outs take the rules' quiet path (``Game.advance``): the same states as ``play``, the same trick
counts as its events, so simulations and bots see the game the viewers show."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oldtricks.analysis.simulate import next_move, play_out
from oldtricks.core.game import Game
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES, make_game

SETUPS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in GAMES] + [
    ("bettelmann", {"players": 3, "return_order": "shuffled"}),
    ("bettelmann", {"players": 4, "tie": "first-player", "run_out_in_tie": "split"}),
    ("todundleben", {"split": "shuffled", "return_order": "loser-first"}),
    ("drogue", {"deals": 3, "mode": "silent", "four_jacks": "no-run"}),  # an evening of deals: the clips
    ("clock", {"end": "all"}),
]


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_advance_is_play_without_the_words(name: str, options: dict[str, object]) -> None:
    game = make_game(name, options)
    rng = Rng(11)
    for seed in range(3):
        state = game.new_state(seed=seed)
        steps = 0
        while game.to_play(state) is not None and steps < 400:
            legal = game.legal_moves(state)
            move = legal[rng.below(len(legal))]
            played, events = game.play(state, move)
            advanced, tricks = game.advance(state, move)
            assert advanced == played, (seed, steps, str(move))
            assert tricks == sum(1 for e in events if e.data is not None and "trick" in e.data)
            state, steps = advanced, steps + 1


@pytest.mark.parametrize("name", list(GAMES))
def test_play_out_counts_what_the_events_count(name: str) -> None:
    """``play_out`` (random moves and bots) ends where a loop over ``play`` ends, with the same counts."""
    game = make_game(name)
    for bots in (False, True):
        state, moves, tricks = play_out(game, 5, Rng(3), bots=bots)
        rng, again, counted, played = Rng(3), game.new_state(seed=5), 0, 0
        while game.to_play(again) is not None:
            move = next_move(game, again, rng, bots=bots)
            again, events = game.play(again, move)
            played += 1
            counted += sum(1 for e in events if e.data is not None and "trick" in e.data)
        assert (moves, tricks) == (played, counted)
        assert state == again and game.outcome(state) == game.outcome(again)


BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_the_bench_bare_loop_plays_the_engines_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's yardstick (bench/engine_bench.py) is Bettelmann itself: the same tricks, deal by deal."""
    import importlib.util

    monkeypatch.syspath_prepend(str(BENCH))  # as when the bench runs: its folder first on the path
    path = BENCH / "engine_bench.py"
    spec = importlib.util.spec_from_file_location("engine_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    game = make_game("bettelmann")
    lengths = [bench.bare_bettelmann(seed, Rng(seed)) for seed in range(8)]
    assert lengths == [play_out(game, seed, Rng(seed))[2] for seed in range(8)]
    assert len(set(lengths)) > 1  # different deals, different games: the loop reads its deal


@pytest.mark.parametrize("name", list(GAMES))
def test_a_state_crosses_to_another_process(name: str) -> None:
    """Simulations on every core send states between processes: a pickled state comes back equal, with
    its cards the very cards (one object per card), so its legal moves and its play-out are the same."""
    import pickle

    game = make_game(name)
    state, rng = game.new_state(seed=3), Rng(1)
    for _ in range(12):
        state, _ = game.advance(state, game.bot_move(state, rng))
    back = pickle.loads(pickle.dumps(state))
    assert back == state and game.legal_moves(back) == game.legal_moves(state)
    held = back.hands[0] if hasattr(back, "hands") else back.piles[0]
    assert held and all(any(card is c for c in game.pack.cards) for card in held)


def _move_by_move(game: Game[Any], seed: int, rng: Rng, bots: bool) -> tuple[Any, int, int]:
    """``play_out`` as it was before forced moves were played together: one ``advance`` a move."""
    state, moves, tricks = game.new_state(seed=seed), 0, 0
    while game.to_play(state) is not None:
        move = next_move(game, state, rng, bots=bots)
        state, done = game.advance(state, move)
        moves, tricks = moves + 1, tricks + done
    return state, moves, tricks


FORCED = [
    ("bettelmann", {"players": p, "last_three": look, "return_order": order, "next_lead": lead, "tie": tie})
    for p, look, order, lead, tie in [
        (2, "on", "play-order", "winner", "pierer"),
        (2, "off", "loser-first", "fixed", "first-player"),
        (3, "on", "shuffled", "winner", "pierer"),
        (4, "on", "winner-first", "fixed", "pierer"),
        (4, "off", "play-order", "winner", "first-player"),
    ]
] + [
    ("bettelmann", {"players": 3, "run_out_in_tie": "split", "cap": 40}),
    ("todundleben", {"first": "death", "last_three": "on"}),
    ("todundleben", {"split": "shuffled", "return_order": "loser-first"}),
]


@pytest.mark.parametrize(("name", "options"), FORCED)
def test_forced_moves_played_together_are_the_same_game(name: str, options: dict[str, object]) -> None:
    """Bettelmann's ``advance_forced`` (every card that is the only legal one, trick after trick) leaves
    the play-out the same: the same final state, moves, tricks and outcome, the bots' draws unchanged."""
    game = make_game(name, options)
    forced = 0
    for seed in range(4):
        for bots in (False, True):
            fast = play_out(game, seed, Rng(seed + 5), bots=bots)
            assert fast == _move_by_move(game, seed, Rng(seed + 5), bots), (seed, bots)
            assert game.outcome(fast[0]) is not None
        state, moves, _ = game.advance_forced(game.new_state(seed=seed))
        forced += moves
        assert game.to_play(state) is None or len(game.legal_moves(state)) > 1  # it stops at a choice
    assert forced > 0


@pytest.mark.parametrize(("name", "options"), [("bettelmann", {}), ("todundleben", {"last_three": "on"})])
def test_a_move_played_in_place_hands_out_states_of_tuples(name: str, options: dict[str, object]) -> None:
    """Bettelmann plays on a mutable copy of the state (``state.Run``) and freezes it at the end: every
    state it hands out holds tuples only, so it hashes and compares as a state, and the state it was
    copied from is left as it was."""
    import pickle

    game = make_game(name, options)
    state = game.new_state(seed=2)
    before = pickle.dumps(state)
    forced, moves, _ = game.advance_forced(state)
    assert moves > 0 and game.to_play(forced) is not None
    moved, _ = game.advance(forced, game.legal_moves(forced)[-1])
    assert pickle.dumps(state) == before
    for after in (forced, moved):
        held = (after.piles, after.table, after.pot, after.won, after.captured, after.last)
        assert all(type(value) is tuple for value in held) and all(type(pile) is tuple for pile in after.piles)
        assert hash(held) == hash(pickle.loads(pickle.dumps(held)))


def test_a_game_without_forced_play_plays_no_move() -> None:
    game = make_game("drogue")
    state = game.new_state(seed=1)
    assert game.advance_forced(state) == (state, 0, 0)


FLAT = {  # a checkout's engine from before its rooms, as much of it as the benches' helper meets
    "oldtricks/__init__.py": "",
    "oldtricks/prng.py": "WHERE = 'flat'\n",
    "oldtricks/cards.py": "import not_installed_anywhere\n",
}
ASK = """
from layouts import engine_module
print(engine_module("prng").WHERE)
for name in ("cards", "no_such_module"):
    try:
        engine_module(name)
    except ModuleNotFoundError as missing:
        print(name, missing.name)
"""


def test_the_benches_find_an_older_checkouts_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--against DIR`` times a checkout whose modules are not in rooms (bench/layouts.py): there, a module
    is found at the top of the package; a module it lacks, or one that its module imports, is named missing.
    Today's engine: the module in its room."""
    for name, text in FLAT.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    env = {"PYTHONPATH": f"{BENCH}:{tmp_path}", "PATH": ""}
    done = subprocess.run([sys.executable, "-c", ASK], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split("\n") == ["flat", "cards not_installed_anywhere", "no_such_module no_such_module", ""]
    monkeypatch.syspath_prepend(str(BENCH))
    from layouts import engine_module

    assert engine_module("prng").__name__ == "oldtricks.core.prng"
    assert engine_module("simulate").play_out is play_out
