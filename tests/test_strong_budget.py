"""The strong bots' budgets (oldtricks.analysis.strong.Budget): counts of work sized from the browser's second a move,
never a time; a sample that runs past its share set aside and the next one drawn; and so Drużbart's strong bot
searches from the first card of a deal, which it used to leave to the simple bot."""

from __future__ import annotations

from dataclasses import replace

from oldtricks.analysis.strong import BUDGET, Budget, adapter_of, budget_of, decide, nodes_for
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.games.druzbart.strong import CLOCK_BUDGET, DRUZBART_BUDGET
from oldtricks.scenarios.replay import Line

OLD = Budget(nodes=16_000, samples=8, least=3)  # the budget before: the simple bot's move at every first card


def first_card(name: str, seed: int) -> Line:
    game = make_game(name)
    return Line(game, [game.new_state(seed=seed)], [None], [[]])


def test_a_druzbart_deal_is_searched_from_its_first_card() -> None:
    for seed in (3, 4, 6):  # the first lead: the costliest move of a deal to search
        line = first_card("druzbart", seed)
        made = decide(line, Rng(seed))
        assert made.reason == "", (seed, made.reason)
        assert made.samples >= DRUZBART_BUDGET.least
        assert made.work <= DRUZBART_BUDGET.nodes
        assert decide(line, Rng(seed), OLD).reason.startswith("the budget of 16,000 solves")


def test_the_first_trick_of_a_druzbart_deal_is_searched_at_the_moves_the_budget_affords() -> None:
    line = first_card("druzbart", 3)
    rng = Rng(3)
    reasons = []
    while len(line.states) < 5:  # the four cards of the first trick, each seat's by the strong bot
        made = decide(line, rng)
        assert made.work <= DRUZBART_BUDGET.nodes
        reasons.append(made.reason)
        line.push(made.move)
    assert reasons[:3] == ["", "", ""], reasons


def test_a_sample_past_its_share_is_set_aside_and_the_next_one_drawn() -> None:
    line = first_card("druzbart", 4)
    kept = decide(line, Rng(4))
    stopped = decide(line, Rng(4), replace(DRUZBART_BUDGET, drop=False))  # the search stops at the first such sample
    assert stopped.reason.startswith("the budget of 49,000 solves 1 of the 3")
    assert kept.reason == "" and kept.samples > stopped.samples
    assert kept.work == DRUZBART_BUDGET.nodes  # the samples set aside spent their share


def test_the_budgets_are_counts_of_work_sized_from_the_browsers_second() -> None:
    assert DRUZBART_BUDGET.nodes == nodes_for(0.45, 110_000) == 49_000
    assert BUDGET.nodes == nodes_for(0.45, 220_000) == 99_000
    for budget in (BUDGET, DRUZBART_BUDGET, CLOCK_BUDGET):
        assert isinstance(budget.nodes, int) and budget.nodes >= budget.per_sample * budget.least // 2
    assert DRUZBART_BUDGET.per_sample == 49_000 // 3 and Budget(share=5).per_sample == 5
    # each game of the package its own: Clock Druzbart's work is the moves of its play-outs
    for name, budget in (("druzbart", DRUZBART_BUDGET), ("clock", CLOCK_BUDGET), ("drogue", BUDGET)):
        game = make_game(name)
        assert budget_of(adapter_of(game), game) is budget
    # the same seed, the same work and the same move: nothing in it reads a clock
    line = first_card("druzbart", 6)
    assert decide(line, Rng(6)) == decide(line, Rng(6))
