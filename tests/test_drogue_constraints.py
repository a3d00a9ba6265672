"""Each Drogue phase's one constraint (the cut, the calls, the auction, trump, the play): the legal moves
are the moves it allows, and the rule a refusal cites is the rule the constraint gives for that move (the
same one place decides both)."""

from __future__ import annotations

import pytest

from oldtricks import make_game
from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.games.drogue import Drogue, DrogueState, bidding, cut, playing
from oldtricks.games.drogue.narrate_session import cause

OPTIONS = [
    {},
    {"order": "natural", "overtrump": "free"},
    {"four_jacks": "no-run"},
    {"four_jacks": "no-run", "table": "lenient"},
]


def states(game: Drogue, seed: int) -> list[DrogueState]:
    """Every position of a game played by the bots (one deal, or an evening of them)."""
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    out = [state]
    while game.to_play(state) is not None:
        state, _ = game.apply(state, game.bot_move(state, rng))
        out.append(state)
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("seed", range(12))
def test_a_refused_card_cites_the_constraints_rule(options: dict[str, str], seed: int) -> None:
    game = make_game("drogue", options)
    assert isinstance(game, Drogue)
    refused = 0
    for state in states(game, seed):
        if state.phase != "play" or state.turn is None:
            continue
        seat = state.turn
        rules = playing.allowed(game.table, state, seat)
        assert [m.card for m in game.legal_moves(state)] == list(rules.cards)
        assert {v.card for v in rules.verdicts} == set(state.hands[seat])
        for verdict in rules.verdicts:
            move = Move(seat, "play", verdict.card)
            if verdict.allowed:
                assert move in game.legal_moves(state)
                continue
            refused += 1
            error = game.why_illegal(state, move)
            assert error.rule == verdict.rule, (str(move), str(error))
            if game.agreed.lenient:  # the infraction charged is the constraint's
                _, events = game.apply(state, move)
                penalty = next(e for e in events if e.kind == "penalty")
                assert penalty.data is not None
                assert penalty.data["why"] == cause(rules.infraction(verdict.card))
    assert refused  # every deal refuses some card somewhere: the test looks at refusals


AUCTION_OPTIONS = [{}, {"bid_count": "under"}, {"equal_bid": "again"}, {"table": "lenient"}]


@pytest.mark.parametrize(
    "options", AUCTION_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
@pytest.mark.parametrize("seed", range(40))
def test_a_refused_bid_cites_the_constraints_rule(options: dict[str, str], seed: int) -> None:
    game = make_game("drogue", {"partners": "seated", **options})
    assert isinstance(game, Drogue)
    for state in states(game, seed):
        if state.phase != "auction" or state.turn is None or state.asking is not None:
            continue
        seat = state.turn
        rules = bidding.allowed(game.table, state, seat)
        legal = [str(m) for m in game.legal_moves(state)]
        if not rules.pending:
            assert legal == [*(f"bid {n}" for n in rules.counts), "pass"]
        for count in range(9):
            move = Move(seat, "bid", count=count)
            verdict = rules.bid(count)
            assert (str(move) in legal) == verdict.allowed
            if verdict.allowed:
                continue
            if game.agreed.lenient and verdict.causes is not None:
                _, events = game.apply(state, move)  # played as an infraction, found out later
                assert events
                continue
            assert game.why_illegal(state, move).rule == verdict.rule, (str(move), count)


EVENING_OPTIONS = [{"deals": 4}, {"deals": 4, "mode": "silent"}, {"deals": 4, "mode": "silent", "table": "lenient"}]
# Moves tried against every duty: the one the duty asks of another seat, and others that discharge nothing
TRIED = [
    "deal",
    "keep",
    "redeal",
    "grant",
    "ask",
    "forget aux-armes",
    "call aux-armes",
    "call salut",
    "forget salut",
    "show JD",
    "pass",
    "bid 1",
]


@pytest.mark.parametrize("options", EVENING_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", range(3))
def test_a_refused_move_at_the_cut_or_the_calls_cites_the_constraints_rule(
    options: dict[str, object], seed: int
) -> None:
    game = make_game("drogue", {"partners": "seated", **options})
    assert isinstance(game, Drogue)
    seen: set[str] = set()
    for state in states(game, seed):  # an evening, when the game plays several deals
        if state.turn is None or not (state.asking is not None or state.phase in ("cut", "calls")):
            continue
        rules = cut.owed(game.table, state)
        seen.add(rules.duty)
        assert rules.seat == state.turn
        assert game.legal_moves(state) == list(rules.moves)
        for text in TRIED:
            move = _move(rules.seat, text)
            if move in rules.moves:
                continue
            if game.agreed.lenient and move.kind == "forget":
                continue  # a forgotten call is offered among the legal moves, never refused
            assert game.why_illegal(state, move).rule == rules.refusal_rule(move), (str(move), rules.duty)
        for move in rules.moves:  # what a lenient table charges at once is the constraint's cost
            cost = rules.cost(move)
            if cost is not None:
                _, events = game.apply(state, move)
                assert [e.data["why"] for e in events if e.kind == "penalty" and e.data] == [cause(cost)]
    assert {"deal", "aux-armes"} <= seen  # an evening has later deals, and clips to parade


def _move(seat: int, text: str) -> Move:
    return Move.parse(text, seat, "french")
