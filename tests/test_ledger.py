"""The engine's rule ids against the project's rules ledger (shared/research/rules-ledger.md)."""

from __future__ import annotations

import re

from conftest import ROOT
from oldtricks.model import STATUSES
from oldtricks.registry import GAMES, all_rules, family_of

LEDGER = ROOT.parent / "shared" / "research" / "rules-ledger.md"


def ledger_rows():
    rows = {}
    for line in LEDGER.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*([a-z]+\.[a-z0-9.\-]+)\s*\|([^|]+)\|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def test_every_ledger_id_of_an_implemented_family_is_implemented():
    rows = ledger_rows()
    rules = all_rules()
    families = {family_of(r) for r in rules}
    for rule_id in rows:
        if family_of(rule_id) in families:
            assert rule_id in rules, f"{rule_id} is in the ledger but no game implements it"


def test_engine_ids_are_ledger_ids_or_finer_ids_below_them():
    rows = ledger_rows()
    for rule_id, rule in all_rules().items():
        if rule_id in rows:
            # a row may combine statuses ("documented (Pierer) + suggested"): ours must be one of them
            assert rule.status in rows[rule_id], f"{rule_id}: {rule.status} is not the ledger's {rows[rule_id]}"
        else:
            parent = rule_id.rsplit(".", 1)[0]
            assert any(r == parent or parent.startswith(r + ".") for r in rows), f"{rule_id} has no ledger parent"
        assert rule.status in STATUSES and rule.title and rule.source


def test_every_option_choice_names_a_known_rule():
    rules = all_rules()
    for cls in GAMES.values():
        for spec in cls.option_specs:
            assert spec.rule in rules
            for choice in spec.choices:
                assert choice.rule in rules and choice.status in STATUSES
