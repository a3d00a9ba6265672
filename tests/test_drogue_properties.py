"""Drogue over random deals: invariants, replay, frames against the schema, and an independent second
implementation of the play rules (written here from the rules text, sharing no code with the engine)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import VALIDATOR
from oldtricks import IllegalMoveError, make_game
from oldtricks.core.cards import FRENCH_32
from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.games.drogue import Drogue, DrogueState
from oldtricks.games.drogue.tricks import allowed, best_play
from oldtricks.scenarios.frames import make_frame

# -- the second implementation, on card strings such as "JC", "TH" ------------------------------------------
DECK = [r + s for s in "CDHS" for r in "789TJQKA"]
MANDRINS = ["JC", "JS", "JH", "JD"]  # highest first
BELOW = {"bezique": ["A", "T", "K", "Q", "9", "8", "7"], "natural": ["A", "K", "Q", "T", "9", "8", "7"]}
VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def ref_suit(card: str, trump: str) -> str:
    return trump if card[0] == "J" else card[1]


def ref_is_trump(card: str, trump: str) -> bool:
    return card in MANDRINS or card[1] == trump


def ref_higher(a: str, b: str, trump: str, order: str) -> bool:
    """Does ``a`` rank above ``b``, both of the same suit in play?"""
    if a in MANDRINS or b in MANDRINS:
        rank = MANDRINS + [r + trump for r in BELOW[order]]
        return rank.index(a) < rank.index(b)
    return BELOW[order].index(a[0]) < BELOW[order].index(b[0])


def ref_beats(a: str, b: str, led: str, trump: str, order: str) -> bool:
    """Does ``a`` take the trick from ``b`` (b currently winning a trick led in ``led``)?"""
    if ref_is_trump(a, trump) and not ref_is_trump(b, trump):
        return True
    if ref_is_trump(b, trump) and not ref_is_trump(a, trump):
        return False
    if ref_suit(a, trump) != ref_suit(b, trump):
        return False  # a is a discard
    return ref_higher(a, b, trump, order)


def ref_winner(table: list[str], trump: str, order: str) -> int:
    led = ref_suit(table[0], trump)
    best = 0
    for i in range(1, len(table)):
        if ref_beats(table[i], table[best], led, trump, order):
            best = i
    return best


def ref_legal(hand: list[str], table: list[str], trump: str, order: str, overtrump: str) -> set[str]:
    if not table:
        return set(hand)
    led = ref_suit(table[0], trump)
    top = table[ref_winner(table, trump, order)]

    def ok(card: str) -> bool:
        follows = [c for c in hand if ref_suit(c, trump) == led]
        if follows:
            if ref_suit(card, trump) != led:
                return False
            if ref_suit(top, trump) == led and any(ref_beats(c, top, led, trump, order) for c in follows):
                return ref_beats(card, top, led, trump, order)
            return True
        trumps = [c for c in hand if ref_is_trump(c, trump)]
        if trumps:
            if not ref_is_trump(card, trump):
                return False
            can_overtrump = any(ref_beats(c, top, led, trump, order) for c in trumps)
            if overtrump == "must" and ref_is_trump(top, trump) and can_overtrump:
                return ref_beats(card, top, led, trump, order)
            return True
        return True

    return {c for c in hand if ok(c)}


# -- random tricks: the engine against the second implementation ----------------------------------------
# Each example is checked under every trump and rule it could be played under (a draw of hypothesis costs
# far more than a check): 300 examples, 4,800 hands and tables.
@settings(max_examples=300, deadline=None)
@given(deck=st.permutations(DECK), played=st.integers(0, 3), hand_size=st.integers(1, 8))
def test_legal_cards_match_the_second_implementation(deck: list[str], played: int, hand_size: int) -> None:
    hand, table = deck[:hand_size], deck[8 : 8 + played]
    cards, trick = FRENCH_32.parse_many(" ".join(hand)), FRENCH_32.parse_many(" ".join(table))
    for trump in "CDHS":
        for order in ("bezique", "natural"):
            for overtrump in ("must", "free"):
                got = {str(c) for c in allowed(cards, trick, trump, order, overtrump).cards}
                assert got == ref_legal(hand, table, trump, order, overtrump), (trump, order, overtrump)


# 300 examples, each the deck's eight tricks of four cards under every trump and order: 19,200 tricks
@settings(max_examples=300, deadline=None)
@given(deck=st.permutations(DECK))
def test_trick_winner_matches_the_second_implementation(deck: list[str]) -> None:
    for first in range(0, 32, 4):
        table = deck[first : first + 4]
        plays = [(seat, FRENCH_32.parse(c)) for seat, c in zip([2, 1, 0, 3], table, strict=True)]
        for trump in "CDHS":
            for order in ("bezique", "natural"):
                seat, _ = best_play(plays, trump, order)
                assert seat == [2, 1, 0, 3][ref_winner(table, trump, order)], (table, trump, order)


def test_many_tricks_of_whole_random_deals_match() -> None:
    """Whole deals played at random: every legal list and every trick winner agree with the reference."""
    for options in ({}, {"overtrump": "free"}, {"order": "natural"}, {"packets": 2, "partners": "kings"}):
        game = make_game("drogue", options)
        assert isinstance(game, Drogue)
        for seed in range(150):
            state = game.new_state(seed=seed)
            rng = Rng(seed)
            while game.to_play(state) is not None:
                legal = game.legal_moves(state)
                if state.phase == "play":
                    assert state.trump is not None
                    hand = [str(c) for c in state.hands[legal[0].seat]]
                    table = [str(c) for _, c in state.trick]
                    want = ref_legal(hand, table, state.trump, game.agreed.order, game.agreed.overtrump)
                    assert {str(m) for m in legal} == want
                move = legal[rng.below(len(legal))]
                state, events = game.play(state, move)
                for e in events:
                    if e.data is not None and "trick" in e.data:
                        table = [c for _, c in e.data["cards"]]
                        assert state.trump is not None
                        seats = [s for s, _ in e.data["cards"]]
                        assert e.data["winner"] == seats[ref_winner(table, state.trump, game.agreed.order)]
                        assert e.data["points"] == sum(VALUE.get(c[0], 0) for c in table)


# -- invariants over random deals -----------------------------------------------------------------------
OPTIONS = st.fixed_dictionaries(
    {
        "partners": st.sampled_from(["round", "kings", "seated"]),
        "packets": st.sampled_from([4, 2]),
        "order": st.sampled_from(["bezique", "natural"]),
        "overtrump": st.sampled_from(["must", "free"]),
        "all_pass": st.sampled_from(["same-dealer", "next-dealer"]),
        "mode": st.sampled_from(["speaking", "silent"]),
    }
)


def play_out(game: Drogue, seed: int, choice_seed: int, bots: bool) -> tuple[list[DrogueState], list[Move]]:
    state = game.new_state(seed=seed)
    rng = Rng(choice_seed)
    states, moves = [state], []
    while game.to_play(state) is not None:
        if bots:
            move = game.bot_move(state, rng)
        else:
            legal = game.legal_moves(state)
            move = legal[rng.below(len(legal))]
        state, _ = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), bots=st.booleans())
def test_random_deals_keep_the_invariants(options: dict[str, Any], seed: int, choices: int, bots: bool) -> None:
    game = make_game("drogue", options)
    assert isinstance(game, Drogue)
    states, _ = play_out(game, seed, choices, bots)
    final = states[-1]
    outcome = game.outcome(final)
    assert outcome is not None
    assert game.legal_moves(final) == []
    assert game.to_play(final) is None
    ours, theirs = final.side_points()
    assert ours + theirs == 120
    assert len(final.tricks) == 8
    assert all(not hand for hand in final.hands)
    if ours == theirs:
        assert outcome.kind == "draw"
    else:
        assert outcome.kind == "win"
        assert set(outcome.winners) == ({0, 2} if ours > theirs else {1, 3})
    # every trick's cards were legal when played, and each card was played once
    played = [str(c) for t in final.tricks for _, c in t.cards]
    assert sorted(played) == sorted(DECK)


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_illegal_moves_are_refused_with_a_drogue_rule(options: dict[str, Any], seed: int, choices: int) -> None:
    game = make_game("drogue", options)
    assert isinstance(game, Drogue)
    states, _ = play_out(game, seed, choices, bots=True)
    candidates = [Move(s, "play", c) for s in range(4) for c in FRENCH_32.cards]
    candidates += [Move(s, "bid", count=n) for s in range(4) for n in range(9)]
    candidates += [Move(s, "pass") for s in range(4)] + [Move(s, "call", word="quatre-mandrins") for s in range(4)]
    candidates += [Move(s, "trump", word=x) for s in range(4) for x in "CDHS"]
    for state in states[:: max(1, len(states) // 6)]:
        legal = set(game.legal_moves(state))
        for move in candidates:
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as info:
                game.apply(state, move)
            assert info.value.rule is not None
            assert info.value.rule in {r.id for r in game.rules}
            assert str(info.value)


@settings(max_examples=25, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_replaying_options_seed_and_moves_gives_the_same_frames(
    options: dict[str, Any], seed: int, choices: int
) -> None:
    game = make_game("drogue", options)
    assert isinstance(game, Drogue)
    states, moves = play_out(game, seed, choices, bots=True)
    again = make_game("drogue", dict(options))
    state = again.new_state(seed=seed)
    frames = [make_frame(again, state, step=0)]
    for i, move in enumerate(moves, start=1):
        state, events = again.apply(state, again.parse_move(state, str(move)))
        frames.append(make_frame(again, state, step=i, move=move, events=events))
    assert state == states[-1]
    first = [make_frame(game, s, step=i) for i, s in enumerate(states)]
    assert [dict(f, events=[], move=None, mover=None) for f in frames] == [
        dict(f, events=[], move=None, mover=None) for f in first
    ]


@settings(max_examples=20, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), viewer=st.sampled_from([None, 0, 1, 2, 3]))
def test_frames_validate_against_the_schema(options: dict[str, Any], seed: int, viewer: int | None) -> None:
    game = make_game("drogue", options, ["Anna", "Ben", "Carla", "Dan"])
    assert isinstance(game, Drogue)
    states, moves = play_out(game, seed, seed, bots=True)
    for i, state in enumerate(states):
        frame = make_frame(game, state, step=i, move=moves[i - 1] if i else None, viewer=viewer)
        VALIDATOR.validate(frame)
        if viewer is not None:
            for seat in frame["seats"]:
                if seat["seat"] != viewer:
                    assert set(seat["hand"]["cards"]) <= {"??"}


def test_bots_play_better_than_chance() -> None:
    """Bots on seats 0 and 2 against random players on 1 and 3 win most deals and most points."""
    game = make_game("drogue", {"partners": "seated"})
    assert isinstance(game, Drogue)
    wins = points = 0
    deals = 300
    for seed in range(deals):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        while (seat := game.to_play(state)) is not None:
            if seat % 2 == 0:
                move = game.bot_move(state, rng)
            else:
                legal = game.legal_moves(state)
                move = legal[rng.below(len(legal))]
            state, _ = game.apply(state, move)
        ours, _ = state.side_points()
        points += ours
        wins += ours > 60
    assert wins > deals * 0.6
    assert points > deals * 65


def test_bots_call_the_four_mandrins_and_pass_without_a_jack() -> None:
    game = make_game("drogue", {"partners": "seated"})
    assert isinstance(game, Drogue)
    hands = ["QH TH 9H QC 9C QD 9D 8D", "AS TS KS 8H 7H KC TD 7D", "JC JS JH JD AH KH 7C 8C", "QS 9S 8S 7S TC AC AD KD"]
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands])
    rng = Rng(1)
    assert str(game.bot_move(state, rng)) == "pass"  # East has no Jack
    state, _ = game.apply(state, game.bot_move(state, rng))
    assert str(game.bot_move(state, rng)) == "call quatre-mandrins"
    state, _ = game.apply(state, game.bot_move(state, rng))
    assert str(game.bot_move(state, rng)) == "bid 5"
