"""The rules ledger (ledger.toml) against the engine: the same ids with the same statuses, comments that
cite only ledger ids, and a readable error for a malformed ledger file."""

from __future__ import annotations

import pytest

from conftest import ROOT
from oldtricks.ledger import LedgerError, implementation_sites, load
from oldtricks.model import STATUSES
from oldtricks.registry import GAMES, all_rules

LEDGER = ROOT / "ledger.toml"


@pytest.fixture(scope="module")
def ledger():
    return load(LEDGER)


def test_the_ledger_is_inside_the_repository():
    assert LEDGER.is_file() and ROOT in LEDGER.resolve().parents


def test_every_ledger_id_is_an_engine_rule_and_back(ledger):
    rules = all_rules()
    assert sorted(set(ledger.entries) - set(rules)) == [], "in the ledger, but no game implements it"
    assert sorted(set(rules) - set(ledger.entries)) == [], "implemented, but missing from the ledger"


def test_engine_statuses_are_the_ledgers(ledger):
    for rule_id, rule in all_rules().items():
        assert rule.status == ledger.rule(rule_id).status, f"{rule_id}: engine {rule.status}, ledger"


def test_every_id_belongs_to_a_game(ledger):
    for entry in ledger:
        assert entry.game in GAMES, f"{entry.id}: no game is called {entry.game!r}"


def test_every_row_has_a_statement_and_sources(ledger):
    for entry in ledger:
        assert entry.statement and entry.sources, entry.id
        assert entry.status in STATUSES


def test_a_rule_resting_on_our_decision_alone_is_assumed(ledger):
    for entry in ledger:
        if {c.work.kind for c in entry.sources} == {"ours"}:
            assert entry.status == "assumed", f"{entry.id} rests on our decision alone but says {entry.status}"


def test_comments_cite_only_ledger_ids(ledger):
    sites = implementation_sites(ROOT / "engine" / "oldtricks")
    families = {rule_id.split(".", 1)[0] for rule_id in ledger.entries}
    unknown = {
        rule_id: where
        for rule_id, where in sites.items()
        if rule_id.split(".", 1)[0] in families and rule_id not in ledger and rule_id.count(".") >= 1
    }
    assert not unknown, f"comments cite ids the ledger does not have: {unknown}"


def test_a_malformed_ledger_names_the_file_and_line(tmp_path):
    bad = tmp_path / "ledger.toml"
    bad.write_text(
        '[works.ours]\ncite = "us"\nauthor = "us"\ntitle = "us"\nkind = "ours"\n\n'
        '[[rule]]\nid = "x.y"\nstatus = "guessed"\nstatement = "s"\nsources = [{ work = "ours" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(LedgerError, match=r"ledger\.toml:8: rule 'x\.y': status 'guessed'"):
        load(bad)
    bad.write_text('[[rule]]\nid = "x.y"\nstatus = "assumed"\nstatement = "s"\nsources = [{ work = "nobody" }]\n')
    with pytest.raises(LedgerError, match=r":2: rule 'x\.y': cites 'nobody'"):
        load(bad)
