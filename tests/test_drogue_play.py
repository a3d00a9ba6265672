"""Drogue, one deal, from the first trick on: the play's rules of the ledger (drogue.example and after),
notation, frames and the agreed options as one typed value."""

from __future__ import annotations

import pytest

from drogue_helpers import EXAMPLE, card, example_after_auction, rule_of, run, start
from oldtricks import IllegalMoveError, InvalidNotationError, make_game
from oldtricks.core.moves import Move
from oldtricks.games.drogue import Drogue, DrogueState
from oldtricks.scenarios.frames import make_frame
from typed import drogue


# -- the play --------------------------------------------------------------------------------------------
def test_the_worked_example() -> None:
    game, state = example_after_auction()
    assert state.trump == "H"
    state = run(game, state, "KS")
    assert [str(m) for m in game.legal_moves(state)] == ["AS"]  # en forçant
    assert rule_of(game, state, "7S") == "drogue.play.follow"
    state = run(game, state, "AS")
    assert {str(m) for m in game.legal_moves(state)} == {"7H", "TH", "JS", "JH"}
    assert rule_of(game, state, "8C") == "drogue.play.trump"
    state = run(game, state, "7H")
    state, events = game.apply(state, game.parse_move(state, "JD"))
    trick = events[-1].data
    assert trick is not None
    assert trick["winner"] == 1
    assert trick["points"] == 17
    assert state.side_points() == (0, 17)
    assert state.turn == 1  # the winner leads


def test_illegal_card_names_the_card_to_play() -> None:
    game, state = example_after_auction()
    state = run(game, state, "KS")
    with pytest.raises(IllegalMoveError, match="A♠") as info:
        game.apply(state, game.parse_move(state, "7S"))
    assert "must beat the K♠" in str(info.value)
    assert rule_of(game, state, "AH") == "drogue.deal"  # Ben does not hold it


JIT = ["AS TS KS QS 8C 9D 8D 7D", "JD AC KC QC AD KD QD TD", "JS JC AH KH QH TH 9S 7C", "7S 8S JH 9H 8H 7H TC 9C"]


def test_jack_is_trump_not_its_suit() -> None:
    game, state = start(JIT)
    state = run(game, state, "bid 4, bid 6, pass, pass, pass, trump H, 7S")
    assert [str(m) for m in game.legal_moves(state)] == ["9S"]
    assert rule_of(game, state, "JS") == "drogue.play.follow.jack-is-trump"
    state = run(game, state, "9S")
    assert [str(m) for m in game.legal_moves(state)] == ["JD"]  # void in Spades: his Jack is his only trump
    assert rule_of(game, state, "AC") == "drogue.play.follow.jack-is-trump"
    state = run(game, state, "JD")
    # drogue.play.follow.trumped: the trick is trumped, so any Spade follows
    assert {str(m) for m in game.legal_moves(state)} == {"AS", "TS", "KS", "QS"}
    assert rule_of(game, state, "8C") == "drogue.play.follow"


def test_trump_led_with_jack_must_be_followed_with_a_trump() -> None:
    game, state = start(JIT)
    state = run(game, state, "bid 4, bid 6, pass, pass, pass, trump H, 7H")
    # North must follow trumps and beat the Seven: every trump he holds does, the Jacks included
    assert {str(m) for m in game.legal_moves(state)} == {"JS", "JC", "AH", "KH", "QH", "TH"}


OT = ["JS 8H TC 9C 8C AD KD QD", "AS TS 9S 8S JD 7H 8D 7D", "AH KH QH TH JH AC KC QC", "7S KS QS JC 9H 7C TD 9D"]


@pytest.mark.parametrize(("overtrump", "legal"), [("must", {"JS"}), ("free", {"JS", "8H"})])
def test_overtrump_option(overtrump: str, legal: set[str]) -> None:
    game, state = start(OT, overtrump=overtrump)
    state = run(game, state, "bid 4, bid 5, bid 5, pass, pass, pass, trump H, 7S, AH, 8S")
    assert {str(m) for m in game.legal_moves(state)} == legal
    if overtrump == "must":
        assert rule_of(game, state, "8H") == "drogue.play.overtrump"
    assert rule_of(game, state, "AD") == "drogue.play.trump"


def test_any_card_when_neither_follow_nor_trump() -> None:
    game, state = start(JIT)
    state = run(game, state, "bid 4, bid 6, pass, pass, pass, trump H, 7S, 9S, JD, QS")
    state = run(game, state, "AC, 8C, 9C, 7C, AD, 7D, 7H, QH, JC")  # West leads A♣, then A♦; North leads J♣
    assert state.turn == 1
    assert {str(m) for m in game.legal_moves(state)} == {"KC", "QC", "KD", "QD", "TD"}


def test_deal_ends_after_eight_tricks_with_a_result() -> None:
    game = drogue({"partners": "seated"})
    state = game.new_state(seed=50)
    from oldtricks.core.prng import Rng

    rng = Rng(50)
    while game.to_play(state) is not None:
        state, _ = game.apply(state, game.bot_move(state, rng))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.kind == "draw"  # 60 all (scenarios/drogue/sixty-all.toml)
    assert game.legal_moves(state) == []
    assert rule_of_over(game, state) == "drogue.points.result"


def rule_of_over(game: Drogue, state: DrogueState) -> str | None:
    error = game.why_illegal(state, Move(0, "play", card("AS")))
    return error.rule


# -- notation --------------------------------------------------------------------------------------------
def test_move_notation_round_trips() -> None:
    game, state = start(EXAMPLE, dealer=1)
    for text, kind in [("bid 5", "bid"), ("pass", "pass"), ("call quatre-mandrins", "call"), ("trump H", "trump")]:
        move = game.parse_move(state, text)
        assert move.kind == kind
        assert str(move) == text
    assert str(game.parse_move(state, "trump ♥")) == "trump H"
    assert str(game.parse_move(state, "TRUMP hearts")) == "trump H"
    assert str(game.parse_move(state, "10♥")) == "TH"
    assert str(game.parse_move(state, "J♣")) == "JC"


@pytest.mark.parametrize("text", ["bid five", "bid", "pass 3", "call hello", "trump X", "1H", ""])
def test_bad_notation(text: str) -> None:
    game, state = start(EXAMPLE, dealer=1)
    with pytest.raises(InvalidNotationError):
        game.parse_move(state, text)


def test_move_words() -> None:
    assert {"bid", "pass", "call", "trump"} <= set(make_game("drogue").move_words())


# -- frames ----------------------------------------------------------------------------------------------
def test_frames_show_auction_proof_and_points() -> None:
    game, state = example_after_auction()
    frame = make_frame(game, state, step=7)
    auction = next(p for p in frame["panels"] if p["kind"] == "auction")
    assert auction["data"]["seats"] == ["Anna", "Ben", "Carla", "Dan"]
    assert [c["call"] for c in auction["data"]["calls"]] == ["pass", "4", "4", "6", "pass", "pass"]
    assert [c["seat"] for c in auction["data"]["calls"]] == [0, 1, 2, 3, 1, 2]  # columns, bidding order
    assert [c["player"] for c in auction["data"]["calls"]] == [0, 3, 2, 1, 3, 2]
    assert frame["centre"] == [{"label": "Dan's proof: six cards", "cards": ["JD", "AH", "KH", "QH", "9H", "8H"]}]
    assert ["Trump", "Hearts; Mandrins J♣ J♠ J♥ J♦ on top"] in frame["info"]
    assert ["Proof", "J♦ A♥ K♥ Q♥ 9♥ 8♥"] in frame["info"]
    state = run(game, state, "KS, AS, 7H, JD")
    frame = make_frame(game, state, step=11)
    points = next(p for p in frame["panels"] if p["title"] == "Card points")
    assert points["data"]["rows"] == [["Anna & Carla", 0, 0], ["Dan & Ben", 1, 17]]
    assert frame["trick"] == {"number": 1, "leader": 0, "winner": 1, "complete": True}
    assert frame["centre"] == []
    hidden = make_frame(game, state, step=11, viewer=0)
    assert hidden["seats"][1]["hand"]["cards"] == ["??"] * 7


@pytest.mark.parametrize("module", ["ranking", "auction", "draw"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"oldtricks.games.drogue.{module}"))
    assert result.attempted > 0
    assert result.failed == 0


# -- the agreed options as one typed value ----------------------------------------------------------------
def test_the_agreed_value_has_one_typed_field_per_option_spec() -> None:
    """options.DrogueOptions: each field is an option, its default the spec's, its Literal the spec's choices."""
    from dataclasses import fields
    from typing import get_args, get_type_hints

    from oldtricks.games.drogue.options import DrogueOptions

    hints = get_type_hints(DrogueOptions)
    assert [f.name for f in fields(DrogueOptions)] == [s.key for s in Drogue.option_specs]
    for spec, field in zip(Drogue.option_specs, fields(DrogueOptions), strict=True):
        assert field.default == spec.default, spec.key
        if spec.choices:
            assert get_args(hints[spec.key]) == tuple(c.value for c in spec.choices), spec.key
        else:
            assert hints[spec.key] is int, spec.key


def test_the_game_reads_its_options_into_the_agreed_value() -> None:
    game = make_game("drogue", {"order": "natural", "table": "lenient", "deals": "3", "packets": "2"})
    assert isinstance(game, Drogue)
    agreed = game.agreed
    assert (agreed.order, agreed.lenient, agreed.deals, agreed.packets, agreed.evening) == ("natural", True, 3, 2, True)
    with pytest.raises(AttributeError):
        agreed.order = "bezique"  # type: ignore[misc]  # frozen
