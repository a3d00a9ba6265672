"""Drogue sessions played at random, with infractions thrown in at lenient tables: the invariants of the
drogue hold at every step, whole deals conserve cards and points, and ``(options, seed, moves)`` replays."""

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
from oldtricks.core.values import Event
from oldtricks.games.drogue import Drogue, DrogueState
from oldtricks.scenarios.frames import make_frame

DECK = sorted(str(c) for c in FRENCH_32.cards)
RULE_IDS = {r.id for r in Drogue.rules}

OPTIONS = st.fixed_dictionaries(
    {
        "deals": st.integers(2, 3),
        "table": st.sampled_from(["strict", "lenient"]),
        "mode": st.sampled_from(["speaking", "silent"]),
        "capot": st.sampled_from([1, 2]),
        "rengage": st.sampled_from(["extra", "keep"]),
        "four_jacks": st.sampled_from(["free", "no-run"]),
        "partners": st.sampled_from(["round", "kings", "seated"]),
        "all_pass": st.sampled_from(["same-dealer", "next-dealer"]),
        "order": st.sampled_from(["bezique", "natural"]),
    }
)


def attempt(game: Drogue, state: DrogueState, rng: Rng) -> Move:
    """A move to try: mostly a bot's or a random legal one; at a lenient table sometimes an infraction."""
    legal = game.legal_moves(state)
    seat = state.turn
    assert seat is not None
    roll = rng.below(40)
    if game.agreed.lenient and state.phase == "play" and roll < 3:
        hand = state.hands[seat]
        return Move(seat, "play", hand[rng.below(len(hand))])
    if game.agreed.lenient and state.phase == "play" and not state.trick and roll == 3:
        other = (seat + 1 + rng.below(3)) % 4
        if state.hands[other]:
            card = state.hands[other][rng.below(len(state.hands[other]))]
            return Move(other, "lead", card)
    if game.agreed.lenient and state.phase == "auction" and state.asking is None and roll == 4:
        return Move(seat, "bid", count=1 + rng.below(7))
    if roll < 20:
        return game.bot_move(state, rng)
    return legal[rng.below(len(legal))]


def play_session(game: Drogue, seed: int, choices: int) -> tuple[list[DrogueState], list[Move], list[list[Event]]]:
    state = game.new_state(seed=seed)
    rng = Rng(choices)
    states, moves, events = [state], [], []
    while game.to_play(state) is not None:
        move = attempt(game, state, rng)
        try:
            state, got = game.apply(state, move)
        except IllegalMoveError:
            continue  # an infraction the lenient table cannot accept either (a bid below the standing one)
        states.append(state)
        moves.append(move)
        events.append(got)
        assert len(moves) < 2000
    return states, moves, events


def seats_of(events: list[Event], *kinds: str) -> set[int]:
    return {e.data["seat"] for e in events if e.kind in kinds and e.data is not None and "seat" in e.data}


def check_step(game: Drogue, before: DrogueState, after: DrogueState, events: list[Event]) -> None:
    session = after.session
    for w in session.wear:
        assert min(w.clips, w.buttonhole, w.penalty) >= 0  # no count is ever negative
    if session.holder is None:
        assert all(w.clips == 0 and w.buttonhole == 0 for w in session.wear)  # nobody wears the drogue yet
    if after.phase in ("auction", "trump", "play"):
        for seat, w in enumerate(session.wear):
            if session.holder is not None and seat % 2 == session.holder:
                assert w.clips >= 1  # the side that holds the drogue wears it
            elif w.clips:
                assert seat in session.guerite  # a free player with a clip is one who could not show a Jack
    ended = any(e.kind == "drogue" for e in events)
    for seat, (old, new) in enumerate(zip(before.session.wear, after.session.wear, strict=True)):
        if new.clips < old.clips:
            assert seat in seats_of(events, "release")  # only a shown Jack takes the drogue off
        if new.clips > old.clips:
            assert ended  # clips are put on only when a deal is scored
        if new.buttonhole < old.buttonhole:
            assert seat in seats_of(events, "buttonhole")
        if new.penalty < old.penalty or (old.black_nose and not new.black_nose):
            assert seat in seats_of(events, "qui-vive")  # only a named Jack in one's own hand
            assert new.penalty + new.black_nose == old.penalty + old.black_nose - 1
        if new.penalty > old.penalty:
            assert sum(1 for e in events if e.kind == "penalty" and e.data and e.data["seat"] == seat) == (
                new.penalty - old.penalty
            )
            assert game.agreed.lenient
    if any(e.kind in ("deal", "redeal") for e in events):  # every new deal is a deal of the whole pack
        assert sorted(str(c) for h in after.hands for c in h) == DECK
        assert all(len(h) == 8 for h in after.hands)
    if len(after.tricks) == 8 and len(before.tricks) == 7:  # a deal has just been played out
        cards = sorted(str(c) for t in after.tricks for _, c in t.cards)
        assert cards == DECK
        assert sum(t.points for t in after.tricks) == 120


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_sessions_keep_the_rules_of_the_drogue(options: dict[str, Any], seed: int, choices: int) -> None:
    game = make_game("drogue", options)
    assert isinstance(game, Drogue)
    states, _, events = play_session(game, seed, choices)
    for before, after, got in zip(states[:-1], states[1:], events, strict=True):
        check_step(game, before, after, got)
    final = states[-1]
    outcome = game.outcome(final)
    assert outcome is not None and game.legal_moves(final) == [] and game.to_play(final) is None
    assert final.session.deal_number == game.agreed.deals == len(final.session.results)
    totals = [final.session.wear[s].total + final.session.wear[s + 2].total for s in (0, 1)]
    if totals[0] == totals[1]:
        assert outcome.kind == "draw"
    else:
        assert outcome.winners == ((0, 2) if totals[0] < totals[1] else (1, 3))
    for record in final.session.results:
        assert sum(record.points) == 120


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_options_seed_and_moves_replay_the_session(options: dict[str, Any], seed: int, choices: int) -> None:
    game = make_game("drogue", options, ["Anna", "Dan", "Carla", "Ben"])
    assert isinstance(game, Drogue)
    states, moves, _ = play_session(game, seed, choices)
    again = make_game("drogue", dict(options), ["Anna", "Dan", "Carla", "Ben"])
    state = again.new_state(seed=seed)
    for i, move in enumerate(moves):
        parsed = again.parse_move(state, str(move))
        assert parsed == move
        state, _ = again.apply(state, parsed)
        assert state == states[i + 1]
    for i in range(0, len(states), max(1, len(states) // 12)):
        VALIDATOR.validate(make_frame(game, states[i], step=i, viewer=i % 5 if i % 5 < 4 else None))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_a_strict_table_refuses_every_move_outside_the_legal_list(options: dict[str, Any], seed: int) -> None:
    game = make_game("drogue", {**options, "table": "strict"})
    assert isinstance(game, Drogue)
    states, _, _ = play_session(game, seed, seed)
    words = ["pass", "deal", "redeal", "keep", "ask", "grant", "call aux-armes", "call salut", "forget salut"]
    words += ["call qui-vive JS", "name JC", "show JH", "bid 3", "trump S"]
    for state in states[:: max(1, len(states) // 8)]:
        seat = state.turn
        if seat is None:
            continue
        legal = set(game.legal_moves(state))
        candidates = [Move(seat, "play", c) for c in FRENCH_32.cards[::3]]
        candidates += [game.parse_move(state, w) for w in words]
        for move in candidates:
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as info:
                game.apply(state, move)
            assert info.value.rule in RULE_IDS
