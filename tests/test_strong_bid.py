"""Drogue's strong bidder (oldtricks.games.drogue.strongbid): a call valued by solving the card play of sampled
deals, the auction run on by the simple bots; its work a budget of search nodes; the simple bot's call where
the budget or the draws do not reach."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oldtricks.analysis.strong import Budget, decide
from oldtricks.core.game import Game
from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.games.drogue import ddtable, solver, strongbid
from oldtricks.games.drogue.shape import TEAMS
from oldtricks.games.drogue.state import DrogueState
from oldtricks.scenarios.replay import Line


def simple_line(game: Game[Any], seed: int, steps: int) -> Line:
    """Deal ``seed``, its first ``steps`` moves the simple bots'."""
    line = Line(game, [game.new_state(seed=seed)], [None], [[]])
    rng = Rng(seed)
    for _ in range(steps):
        line.push(game.bot_move(line.states[-1], rng))
    return line


def reached(state: DrogueState | None) -> DrogueState:
    """The first card's position a call leads to (None: no bid, which these deals do not come to)."""
    assert state is not None
    return state


def test_a_call_is_worth_whether_the_side_wins_with_the_trump_it_leads_to() -> None:
    """On the real deal (every hand known): each call, the auction run on by the simple bots, is worth +1 where
    the double-dummy table says the caller's side takes more than 60 of the 120 card points with the trump it
    leads to, -1 where fewer. Deal 3 after two bids: East bids four, North five; West's five in Clubs would make
    Clubs trump, his pass leaves North's Spades."""
    game = make_game("drogue")
    state = simple_line(game, 3, 2).states[-1]
    legal = game.legal_moves(state)
    assert [str(m) for m in legal] == ["bid 5", "pass"]
    side = TEAMS[state.turn]
    values, spent = strongbid.outcomes(game, state, legal, 10**7)
    ends = {m: reached(strongbid.run_on(game, state, m)) for m in legal}
    assert {str(m): (e.maker, e.trump) for m, e in ends.items()} == {"bid 5": (1, "C"), "pass": (2, "S")}
    for move, end in ends.items():
        assert end.trump is not None
        points = ddtable.table(game, end, end.trump).points[end.trump][side]
        assert values[move] == (1 if points > 60 else -1 if points < 60 else 0), (move, points)
    assert values == {Move(1, "bid", count=5): 1, Move(1, "pass"): -1}
    assert spent > 0


def test_the_strong_bot_tries_an_equal_count_the_simple_bot_leaves_when_its_trump_wins_more_deals() -> None:
    """West, on deal 3, holds J♠ A♣ 10♣ K♣ 7♣: five, as North bid, worth 48 in card values. The simple bot tries
    an equal count only with 50 or more and passes; over the sampled deals Clubs as trump win more often than
    the Spades North would make, and so they do on the real deal (above): the strong bot bids five."""
    game = make_game("drogue")
    line = simple_line(game, 3, 2)
    state = line.states[-1]
    simple = game.bot_move(state, Rng(0))
    assert str(simple) == "pass"
    made = decide(line, Rng(5))
    assert made.reason == ""
    assert made.samples >= strongbid.BID_BUDGET.least
    assert str(made.move) == "bid 5"
    assert made.values["pass"] == 0  # each call's gain over the simple bot's
    assert made.values["bid 5"] > 0
    assert made.work <= strongbid.BID_BUDGET.nodes


def test_a_seeded_bid_replays_the_same() -> None:
    game = make_game("drogue")
    line = simple_line(game, 3, 2)
    first, second = decide(line, Rng(5)), decide(line, Rng(5))
    assert first == second
    assert first.samples >= strongbid.BID_BUDGET.least  # searched, not the simple bot's call


def test_the_budget_of_a_call_is_nodes_and_too_few_leave_the_simple_call() -> None:
    game = make_game("drogue")
    line = simple_line(game, 3, 2)
    simple = game.bot_move(line.states[-1], Rng(0))
    made = decide(line, Rng(5), Budget(nodes=600, samples=8, least=3, tries=150))
    assert made.reason.startswith("the budget of 600 solves "), made
    assert made.samples < 3  # the draws where every call comes to the same trump cost nothing
    assert made.move == simple
    assert made.work == 600


def test_where_no_drawn_deal_agrees_with_the_calls_the_simple_call_is_made() -> None:
    """Deal 3 after two bids: the draws must give East a suit of four and North one of five, Jacks included;
    one draw a sample does not find three such deals."""
    game = make_game("drogue")
    line = simple_line(game, 3, 2)
    simple = game.bot_move(line.states[-1], Rng(0))
    made = decide(line, Rng(5), Budget(nodes=80_000, samples=8, least=3, tries=1))
    assert made.reason.endswith("of the 3 deals needed here agree with the calls in 1 draws"), made
    assert made.move == simple
    assert made.samples < 3


def test_the_four_jacks_variant_leaves_the_calls_to_the_simple_bot() -> None:
    game = make_game("drogue", {"four_jacks": "no-run"})
    line = simple_line(game, 3, 2)
    made = decide(line, Rng(5))
    assert made.reason.startswith("the solver does not play the four-Jacks variant"), made
    assert made.move == game.bot_move(line.states[-1], Rng(0))


def test_in_an_evening_with_the_drogue_worn_a_deal_is_won_by_reaching_the_threshold_or_keeping_it_from_them() -> None:
    """drogue.threshold (solver.target): the side without the drogue needs its points, not a majority; deal 4
    played as an evening's deal with South and North wearing the drogue, from the first card: West and East
    take 47, short of a majority but past 41."""
    game = make_game("drogue", {"deals": 10})
    line = simple_line(game, 4, 0)
    while line.states[-1].phase != "play":
        line.push(game.bot_move(line.states[-1], Rng(0)))
    start = line.states[-1]
    state = replace(start, session=replace(start.session, holder=0))
    aim = solver.target(game, state)
    assert aim is not None
    free, need = aim
    assert free == 1
    points = ddtable.table(game, state, state.trump).points[state.trump]
    assert need <= points[free] < 60  # where a majority and the threshold part
    for side in (0, 1):
        got, spent = strongbid.outcome(game, state, side, 10**7)
        made = points[free] >= need
        assert got == (1 if made == (side == free) else -1), (side, points)
        assert spent > 0
