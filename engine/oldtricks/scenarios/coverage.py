"""Ledger ids and option values × the scenarios that demonstrate them.

>>> from oldtricks.scenarios.scenario import loads
>>> sc = loads('title = "t"\\ngame = "bettelmann"\\ndemonstrates = ["bettelmann.rank"]\\n[deal]\\nseed = 1\\n', "t")
>>> sorted(demonstrated_ids(sc))
['bettelmann.rank']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.registry import GAMES, all_rules, family_of
from .scenario import Scenario


@dataclass
class Coverage:
    """Which scenarios demonstrate each rule id, and which set each option value."""

    rules: dict[str, list[str]]
    options: dict[str, dict[str, list[str]]]

    @property
    def missing_rules(self) -> list[str]:
        return [r for r, scs in self.rules.items() if not scs]

    @property
    def missing_options(self) -> list[str]:
        return [f"{key}={value}" for key, values in self.options.items() for value, scs in values.items() if not scs]

    @property
    def ok(self) -> bool:
        return not self.missing_rules and not self.missing_options

    def as_json(self) -> dict[str, Any]:
        rules = all_rules()
        return {
            "ok": self.ok,
            "rules": [
                {"id": r, "family": family_of(r), "status": rules[r].status, "title": rules[r].title, "scenarios": scs}
                for r, scs in self.rules.items()
            ],
            "options": [
                {"option": key, "value": value, "scenarios": scs}
                for key, values in self.options.items()
                for value, scs in values.items()
            ],
            "missing_rules": self.missing_rules,
            "missing_options": self.missing_options,
        }


def demonstrated_ids(scenario: Scenario) -> set[str]:
    return set(scenario.demonstrates) | {r for step in scenario.steps for r in step.ids}


def compute(scenarios: Iterable[Scenario]) -> Coverage:
    """Every implemented rule id and every listed option value, with the scenarios covering it.

    An option value counts as covered by a scenario that sets it explicitly (the default value too),
    so that each value has a scenario built to show what it changes.
    """
    scenarios = list(scenarios)
    rules = {r: [] for r in all_rules()}  # type: dict[str, list[str]]
    for sc in scenarios:
        for r in sorted(demonstrated_ids(sc)):
            if r in rules:
                rules[r].append(sc.id)
    # Options shared by several games (Tod und Leben reuses Bettelmann's) are one rule: they are keyed by
    # the ledger id of the option and its key, so one scenario covers the value for all of them.
    options: dict[str, dict[str, list[str]]] = {}
    for name, cls in GAMES.items():
        for spec in cls.option_specs:
            if not spec.choices:
                continue
            values = options.setdefault(f"{spec.rule} {spec.key}", {str(c.value): [] for c in spec.choices})
            for sc in scenarios:
                if (
                    sc.game == name
                    and spec.key in sc.options
                    and sc.id not in values.get(str(sc.options[spec.key]), [])
                ):
                    values.setdefault(str(sc.options[spec.key]), []).append(sc.id)
    return Coverage(rules, options)


def render(cov: Coverage) -> str:
    rules = all_rules()
    lines = []
    family = None
    for r, scs in cov.rules.items():
        if family_of(r) != family:
            family = family_of(r)
            lines.append(f"== {family}")
        mark = "ok " if scs else "-- "
        lines.append(f"{mark} {r:<36} {rules[r].status:<10} {', '.join(scs) if scs else 'NOT DEMONSTRATED'}")
    lines.append("== option values")
    for key, values in cov.options.items():
        for value, scs in values.items():
            mark = "ok " if scs else "-- "
            lines.append(f"{mark} {key}={value:<24} {len(scs)} scenario(s)")
    covered = sum(1 for s in cov.rules.values() if s)
    lines.append(
        f"{covered}/{len(cov.rules)} rule ids demonstrated; "
        f"{len(cov.missing_options)} option value(s) without a scenario"
    )
    return "\n".join(lines)
