"""A move is a value: ``str()`` and :meth:`Move.parse` round-trip, and ``repr()`` pastes back, for every
legal move of random positions of every game, under random option combinations."""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oldtricks.core.cards import FRENCH_32
from oldtricks.core.moves import KINDS, Move
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES, make_game
from oldtricks.errors import IllegalMoveError, InvalidNotationError, OldtricksError
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load
from test_game_ends import combinations
from typed import to_play

# every option combination a game accepts, listed once a run (Drogue's 393,216 take half a second to list),
# one drawn by its index (hypothesis labels a sampled_from by its elements: a second for that list)
_combinations = functools.cache(combinations)


def _round_trips(move: Move, pattern: str) -> None:
    assert Move.parse(str(move), move.seat, pattern) == move, repr(move)  # type: ignore[arg-type]
    assert eval(repr(move), {"Move": Move}) == move, repr(move)  # the repr is code by design


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_every_legal_move_of_random_positions_round_trips(name: str, data: st.DataObject) -> None:
    combos = _combinations(name)
    options = combos[data.draw(st.integers(0, len(combos) - 1), label="options")]
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game = make_game(name, options)
    rng = Rng(seed)
    state = game.new_state(seed=seed)
    checked: set[Move] = set()  # a move's notation is the move's alone: each is checked once
    for _ in range(data.draw(st.integers(0, 400), label="moves")):
        if game.to_play(state) is None:
            break
        legal = game.legal_moves(state)
        for move in legal:
            if move not in checked:
                _round_trips(move, game.pack.pattern)
                checked.add(move)
        state, _ = game.play(state, legal[rng.below(len(legal))])


def test_every_move_of_every_scenario_round_trips(scenario_root: Path) -> None:
    """The moves the scenarios write, out-of-turn leads and forgotten calls among them, which no list of
    legal moves offers."""
    kinds: set[str] = set()
    for path in sorted(scenario_root.rglob("*.toml")):
        played = replay(load(path, scenario_root))
        for move in played.line.moves:
            if move is not None:
                _round_trips(move, played.game.pack.pattern)
                kinds.add(move.kind)
    assert {"play", "deal", "bid", "pass", "call", "trump", "name", "show", "lead", "forget"} <= kinds


# A Drogue evening in the silent game at a lenient table whose legal moves, seed 3, say every word of the
# notation but a lead out of turn (which no list of legal moves offers: it is an infraction)
EVENING = {"deals": 6, "mode": "silent", "table": "lenient"}
EVERY_KIND = set(KINDS) - {"lead"}


def test_every_kind_of_drogue_move_round_trips_with_its_typed_payload() -> None:
    game = make_game("drogue", EVENING)
    state, rng = game.new_state(seed=3), Rng(3)
    kinds: set[str] = set()
    while game.to_play(state) is not None:
        legal = game.legal_moves(state)
        for move in legal:
            _round_trips(move, "french")
            assert game.parse_move(state, str(move)) == move, str(move)  # the game reads its own notation
            assert (move.count is not None) == (move.kind == "bid"), repr(move)
            assert (move.word is not None) == (move.kind in ("call", "forget", "trump")), repr(move)
            assert (move.card is not None) == (move.kind == "play"), repr(move)
            assert bool(move.cards) == (move.kind in ("name", "show") or move.word == "qui-vive"), repr(move)
            kinds.add(move.kind)
        state, _ = game.apply(state, legal[rng.below(len(legal))] if rng.below(3) == 0 else game.bot_move(state, rng))
    assert kinds == EVERY_KIND


def test_a_lead_out_of_turn_round_trips_with_its_card() -> None:
    game = make_game("drogue", {"table": "lenient"})
    state = game.new_state(seed=1)
    while state.phase != "play":
        state, _ = game.apply(state, game.bot_move(state, Rng(1)))
    other = (state.turn + 1) % 4
    lead = game.parse_move(state, f"lead {state.hands[other][0]}")
    assert (lead.kind, lead.seat, lead.card, lead.value) == ("lead", other, state.hands[other][0], str(lead.card))
    _round_trips(lead, "french")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("UA", "bad card 'UA'"),
        ("Bid 5", "a word in lower case"),
        ("lead", "a lead names one card"),
        ("lead JC JS", "a lead names one card"),
        ("play JC", "'play' is no kind of move"),
        ("shout JC", "'shout' is no kind of move"),
        ("bid x", "a bid is a number of cards"),
        ("bid ²", "a bid is a number of cards"),
        ("bid 5 6", "a bid is a number of cards"),
        ("pass 5", "'pass' takes nothing after it"),
        ("trump", "trump names one suit"),
        ("call", "a call names its call"),
        ("forget JC", "a forget names its call"),
        ("name", "a name names its cards"),
        ("name ZZ", "bad move 'name ZZ': bad card 'ZZ'"),
        ("show JC XX", "bad card 'XX'"),
        ("call qui-vive J", "bad move 'call qui-vive J': bad card 'J'"),
    ],
)
def test_a_text_that_is_no_move_is_refused_naming_it(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        Move.parse(text, 0, "french")


def test_cards_need_a_pattern_to_be_read() -> None:
    with pytest.raises(InvalidNotationError, match="a card of a pattern, or a word in lower case"):
        Move.parse("UA", 0)
    with pytest.raises(InvalidNotationError, match="read in a pattern"):
        Move.parse("name JC", 0)


@pytest.mark.parametrize("name", ["drogue", "druzbart", "bettelmann"])
@pytest.mark.parametrize("text", ["bid x", "name ZZ", "call qui-vive ZZ", "deal now", "shout"])
def test_an_ill_formed_move_is_a_clean_error_of_every_game(name: str, text: str) -> None:
    game = make_game(name)
    with pytest.raises(OldtricksError):
        game.parse_move(game.new_state(seed=1), text)


@pytest.mark.parametrize(
    "move",
    [
        Move(0, "bid"),
        Move(0, "bid", count=-1),
        Move(0, "call", word="hello"),
        Move(0, "trump", word="X"),
        Move(0, "show"),
        Move(0, "name", cards=FRENCH_32.parse_many("JD")),
        Move(0, "pass", count=3),
        Move(0, "lead"),
        Move(0, "play"),
    ],
    ids=repr,
)
@pytest.mark.parametrize("table", ["strict", "lenient"])
def test_a_well_typed_move_no_rule_allows_is_refused_not_a_crash(move: Move, table: str) -> None:
    """The payload a game does not take (a call word it does not know, a suit letter, a bid without a
    count) is its rules' to refuse: an IllegalMoveError with a rule, in every phase of a Drogue deal."""
    game = make_game("drogue", {"table": table, "deals": 2})
    state, rng = game.new_state(seed=4), Rng(4)
    while game.to_play(state) is not None:
        shaped = replace(move, seat=to_play(game, state))
        if shaped not in game.legal_moves(state):
            with pytest.raises(IllegalMoveError) as refused:
                game.apply(state, shaped)
            assert refused.value.rule is not None and str(refused.value)
        state, _ = game.apply(state, game.bot_move(state, rng))


def test_a_card_is_read_in_its_pattern() -> None:
    german = Move.parse("UA", 1, "german")
    assert german.kind == "play" and german.card is not None and german.card.pattern == "german"
    assert repr(german) == "Move.parse('UA', seat=1, pattern='german')"
    assert (
        repr(Move(2, "name", cards=FRENCH_32.parse_many("JC JS")))
        == "Move.parse('name JC JS', seat=2, pattern='french')"
    )
    with pytest.raises(InvalidNotationError):
        Move.parse("XZ", 1, "french")
