"""Check a scenario: replay it, test its expectations and its ledger ids, and share it as a link that must
decode back to the same frames. Apart from :mod:`.replay`, which :mod:`.links` reads, so that no import
goes round in a circle (``tests/test_imports.py``).

>>> from oldtricks.scenarios.scenario import loads
>>> check(loads('title = "t"\\ngame = "bettelmann"\\n[deal]\\nseed = 1\\n[expect]\\ntricks = 2\\n', "t.toml"))
[ScenarioError('t.toml:6: expected 2 tricks, got 0')]
"""

from __future__ import annotations

from typing import Any

from ..core.registry import all_rules
from ..errors import ScenarioError
from .links import link_problem
from .replay import replay
from .scenario import Scenario


def check(scenario: Scenario) -> list[ScenarioError]:
    """Replay a scenario and test its expectations, its ledger ids and its share link (it must decode back
    to the same frames). Returns the failures (empty: passed)."""
    failures: list[ScenarioError] = []
    known = all_rules()
    for rule_id in scenario.demonstrates:
        if rule_id not in known:
            failures.append(scenario.error(f"unknown ledger id {rule_id!r}", "demonstrates"))
    for i, step in enumerate(scenario.steps):
        failures.extend(
            scenario.error(f"step {i + 1}: unknown ledger id {r!r}", f"step.{i}.ids")
            for r in step.ids
            if r not in known
        )
    try:
        played = replay(scenario)
    except ScenarioError as exc:
        return [*failures, exc]
    failures.extend(_expectations(scenario, played.result()))
    problem = link_problem(scenario, played.line)
    if problem is not None:
        failures.append(scenario.error(problem))
    return failures


def _expectations(scenario: Scenario, result: dict[str, Any]) -> list[ScenarioError]:
    out: list[ScenarioError] = []
    exp = scenario.expect
    tricks = result["tricks"]
    for k, want in enumerate(exp.get("winners", [])):
        if k >= len(tricks):
            out.append(
                scenario.error(
                    f"expected a winner for trick {k + 1}, but only {len(tricks)} tricks were played", "expect.winners"
                )
            )
            break
        got = tricks[k]["winner"]
        if (want == "tie" and got is not None) or (want != "tie" and got != want):
            shown = "tie" if got is None else f"seat {got}"
            out.append(
                scenario.error(
                    f"trick {k + 1}: expected {want if want == 'tie' else f'seat {want}'} to win, got {shown}",
                    "expect.winners",
                )
            )
    if "tricks" in exp and exp["tricks"] != len(tricks):
        out.append(scenario.error(f"expected {exp['tricks']} tricks, got {len(tricks)}", "expect.tricks"))
    if "steps" in exp and exp["steps"] != result["steps"]:
        out.append(scenario.error(f"expected {exp['steps']} steps, got {result['steps']}", "expect.steps"))
    want_outcome = exp.get("outcome")
    if want_outcome is not None:
        got_outcome = result["outcome"]
        if got_outcome is None:
            out.append(scenario.error("expected the game to be over, but it goes on", "expect.outcome"))
        else:
            for key, value in want_outcome.items():
                if got_outcome.get(key) != value:
                    out.append(
                        scenario.error(
                            f"outcome {key}: expected {value!r}, got {got_outcome.get(key)!r}", f"expect.outcome.{key}"
                        )
                    )
    return out
