"""Every game ends: under every option combination (each numeric option at both ends of its range),
random play and the bots reach an outcome within the game's own cap.

The suite plays a sample of the combinations on every run; ``nox -s fuzz`` plays all of them
(tests/fuzz.py, with the same helpers).
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oldtricks.analysis.simulate import simulate
from oldtricks.core.game import Game
from oldtricks.core.options import OptionSpec
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES, make_game
from oldtricks.errors import InvalidOptionError

HARNESS_LIMIT = 400_000  # moves, where move_bound knows no bound: a game still going here never ends


def extremes(spec: OptionSpec) -> list[Any]:
    """The values of an option: each choice, or both ends of a numeric range."""
    return [c.value for c in spec.choices] if spec.choices else [spec.low, spec.high]


def every_combination(name: str) -> list[dict[str, Any]]:
    """Every option combination at the extremes, those the game refuses included."""
    specs = GAMES[name].option_specs
    return [
        dict(zip([s.key for s in specs], values, strict=True)) for values in itertools.product(*map(extremes, specs))
    ]


def refused(name: str, options: dict[str, Any]) -> bool:
    try:
        make_game(name, options)
    except InvalidOptionError:
        return True
    return False


def checks_options(name: str) -> bool:
    """The game refuses some combinations of options (it has a ``check_options`` of its own)."""
    return GAMES[name].check_options is not Game.check_options


@functools.cache
def _accepted(name: str) -> tuple[dict[str, Any], ...]:
    combos = every_combination(name)
    return tuple(o for o in combos if not refused(name, o)) if checks_options(name) else tuple(combos)


def combinations(name: str) -> list[dict[str, Any]]:
    """The combinations the game accepts: those it refuses cannot be played, so they need no end."""
    return [dict(options) for options in _accepted(name)]


def combination(name: str, k: int) -> dict[str, Any]:
    """The ``k``-th of :func:`combinations` alone (a copy: Drogue's whole list of 393,216 takes a tenth of a
    second to copy, which a sweep would pay for every combination it plays)."""
    return dict(_accepted(name)[k])


def move_bound(game: Game[Any]) -> int:
    """The most moves a game under these options can take, from its caps.

    Drużbart and Clock: ``deal_cap`` deals, each of at most a hand per seat plus the deal move
    (druzbart.cap). Bettelmann and Tod und Leben: ``cap`` tricks of at most one card per player
    (bettelmann.cycle). With no cap they end when a position repeats, and Drogue ends after its
    ``deals`` or, undecided, at its cap of dealings (drogue.cap): for these no bound is computed in
    advance, so the harness limit stands in.
    """
    options = game.options
    if game.name in ("druzbart", "clock"):
        seats = game.num_seats
        hand = 12 if game.name == "clock" else 9
        return int(options["deal_cap"]) * (seats * hand + 1)
    if game.name in ("bettelmann", "todundleben") and int(options["cap"]):
        return int(options["cap"]) * game.num_seats
    return HARNESS_LIMIT


def play(game: Game[Any], seed: int, bots: bool, limit: int) -> tuple[Any, int]:
    rng = Rng(seed ^ 0xE4D5)
    state = game.new_state(seed=seed)
    moves = 0
    while game.to_play(state) is not None and moves < limit:
        if bots:
            move = game.bot_move(state, rng)  # it asks the game for the legal moves itself
        else:
            legal = game.legal_moves(state)
            move = legal[rng.below(len(legal))]
        state, _ = game.play(state, move)
        moves += 1
    return state, moves


def assert_ends(name: str, options: dict[str, Any], seed: int, bots: bool) -> int:
    game = make_game(name, options)
    bound = move_bound(game)
    state, moves = play(game, seed, bots, bound)
    outcome = game.outcome(state)
    changed = {k: v for k, v in game.options.items() if v != game.spec(k).default}
    assert outcome is not None, f"{name} {changed} seed {seed} ({'bots' if bots else 'random'}): no end in {moves}"
    assert game.legal_moves(state) == []
    if name == "drogue":  # drogue.cap: the cap counts dealings, and no game deals past it
        assert state.session.dealings <= int(game.options["deal_cap"]), (changed, seed, state.session.dealings)
    return moves


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=6, deadline=None, derandomize=True)
@given(data=st.data())
def test_every_game_ends_within_its_cap(name: str, data: st.DataObject) -> None:
    options = data.draw(st.sampled_from(combinations(name)), label="options")
    assert_ends(name, options, data.draw(st.integers(0, 2**32), label="seed"), data.draw(st.booleans(), label="bots"))


def test_the_endless_slate_of_the_issue_is_capped() -> None:
    """`simulate druzbart --option matador_lost=5 --games 1 --seed 1` ran for ever: now the cap stops it."""
    game = make_game("druzbart", {"matador_lost": 5})
    state, _ = play(game, 1, False, HARNESS_LIMIT)  # a game past the limit fails here, never hangs
    outcome = game.outcome(state)
    assert outcome is not None and outcome.kind == "capped" and state.number == 200
    assert simulate("druzbart", {"matador_lost": 5}, 1, 1)["outcomes"] == {"capped": 1}


def test_the_cap_stops_druzbart_and_clock_after_that_many_deals() -> None:
    for name in ("druzbart", "clock"):
        game = make_game(name, {"matador_lost": 5, "deal_cap": 3})
        state, _ = play(game, 7, True, HARNESS_LIMIT)
        outcome = game.outcome(state)
        assert outcome is not None
        assert outcome.kind == "win" or (outcome.kind == "capped" and state.number == 3)
        assert state.number <= 3


def test_a_game_that_ends_on_its_own_is_not_capped() -> None:
    game = make_game("druzbart", {"lines": 1, "matador_lost": 0, "matador_to_partner": 0})
    state, _ = play(game, 3, False, HARNESS_LIMIT)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.kind == "win"


def test_only_a_game_with_no_proof_of_an_end_is_refused() -> None:
    """bettelmann.cycle: no cap is refused exactly where the cycle check cannot prove an end (captured
    cards shuffled, or a choice among the last three cards); every other combination of every game is
    accepted, so the sweep above plays it."""
    assert {name for name in GAMES if checks_options(name)} == {"bettelmann", "todundleben"}
    for name in ("bettelmann", "todundleben"):
        for options in every_combination(name):
            loose = options["return_order"] == "shuffled" or options["last_three"] == "on"
            assert refused(name, options) == (options["cap"] == 0 and loose), (name, options)
    with pytest.raises(InvalidOptionError, match="give a cap of 1 trick or more") as caught:
        make_game("todundleben", {"cap": 0, "return_order": "shuffled"})
    assert caught.value.field == "options.cap"


def _passing(game: Game[Any], state: Any) -> tuple[Any, int]:
    """Everyone passes whenever he may (four passes: dealt again), else plays his first legal move."""
    moves = 0
    while game.to_play(state) is not None and moves < 5_000:  # far more than seven dealings take
        legal = game.legal_moves(state)
        passes = [m for m in legal if m.kind == "pass"]
        state, _ = game.play(state, (passes or legal)[0])
        moves += 1
    return state, moves


def test_drogue_passed_out_for_ever_stops_at_its_cap_of_dealings() -> None:
    """drogue.cap: four passes deal the cards again without end; the cap stops the game, undecided."""
    for cap in (1, 7):
        game = make_game("drogue", {"deal_cap": cap})
        state, _ = _passing(game, game.new_state(seed=5))
        outcome = game.outcome(state)
        assert outcome is not None and outcome.kind == "capped" and outcome.winners == ()
        assert state.session.dealings == cap and not state.tricks
        times = "time" if cap == 1 else "times"  # one dealing is said as one (ngettext)
        assert outcome.text.startswith(f"The cards were dealt {cap} {times}, the agreed cap, with no deal played")


def test_drogue_cap_cuts_an_evening_short_and_counts_the_redeals() -> None:
    game = make_game("drogue", {"deals": 6, "deal_cap": 3})
    state, _ = play(game, 11, True, HARNESS_LIMIT)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.kind == "capped"
    assert state.session.dealings == 3
    played = len(state.session.results)
    assert played < 6 and f"with {played} deal" in outcome.text
    evening = make_game("drogue", {"deals": 6})
    ended, _ = play(evening, 11, True, HARNESS_LIMIT)
    last = evening.outcome(ended)
    assert last is not None and last.kind in ("win", "draw") and ended.session.dealings >= 6
