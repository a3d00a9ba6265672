"""The rules ledger (ledger.toml) against the engine: the same ids with the same statuses, comments that
cite only ledger ids, and a readable error for a malformed ledger file."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT
from oldtricks.core import options
from oldtricks.core.ledger import LedgerError, ledger_path, read_rows, read_tables, rows
from oldtricks.core.ledgercheck import Ledger, implementation_sites, load
from oldtricks.core.options import STATUSES, rule_table
from oldtricks.core.registry import GAMES, all_rules
from oldtricks.live import api as live

LEDGER = ROOT / "ledger.toml"


@pytest.fixture(scope="module")
def ledger() -> Ledger:
    return load(LEDGER)


def test_the_ledger_is_inside_the_repository() -> None:
    assert LEDGER.is_file() and ROOT in LEDGER.resolve().parents


def test_every_ledger_id_is_an_engine_rule_and_back(ledger: Ledger) -> None:
    rules = all_rules()
    assert sorted(set(ledger.entries) - set(rules)) == [], "in the ledger, but no game implements it"
    assert sorted(set(rules) - set(ledger.entries)) == [], "implemented, but missing from the ledger"


def test_engine_statuses_are_the_ledgers(ledger: Ledger) -> None:
    for rule_id, rule in all_rules().items():
        assert rule.status == ledger.rule(rule_id).status, f"{rule_id}: engine {rule.status}, ledger"


def test_every_id_belongs_to_a_game(ledger: Ledger) -> None:
    for entry in ledger:
        assert entry.game in GAMES, f"{entry.id}: no game is called {entry.game!r}"


def test_every_row_has_a_statement_and_sources(ledger: Ledger) -> None:
    for entry in ledger:
        assert entry.statement and entry.sources, entry.id
        assert entry.status in STATUSES


def test_a_rule_resting_on_our_decision_alone_is_assumed(ledger: Ledger) -> None:
    for entry in ledger:
        if {c.work.kind for c in entry.sources} == {"ours"}:
            assert entry.status == "assumed", f"{entry.id} rests on our decision alone but says {entry.status}"


def test_comments_cite_only_ledger_ids(ledger: Ledger) -> None:
    sites = implementation_sites(ROOT / "engine" / "oldtricks")
    families = {rule_id.split(".", 1)[0] for rule_id in ledger.entries}
    unknown = {
        rule_id: where
        for rule_id, where in sites.items()
        if rule_id.split(".", 1)[0] in families and rule_id not in ledger and rule_id.count(".") >= 1
    }
    assert not unknown, f"comments cite ids the ledger does not have: {unknown}"


def test_a_malformed_ledger_names_the_file_and_line(tmp_path: Path) -> None:
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


WORK = '[works.us]\ncite = "us"\nauthor = "us"\ntitle = "us"\nkind = "ours"\nyear = 1900\nweight = "medium"\n'
SOURCES = 'sources = [{ work = "us", pages = "p. 1", note = "n" }]\n'
RULE = '[[rule]]\nid = "x.y"\nstatus = "assumed"\nstatement = "s"\ngap = "g"\n' + SOURCES
TWO_RULES = WORK + RULE + RULE.replace('"x.y"', '"x.z"')  # the work's header at line 1, the ids at 9 and 15
AT_WORK, AT_RULE = ":1: work 'us': ", r":9: rule 'x\.y': "


def _load_rewritten(path: Path, written: str, rewritten: str) -> Ledger:
    path.write_text(TWO_RULES, encoding="utf-8")
    assert [entry.line for entry in load(path)] == [9, 15] and written in TWO_RULES
    path.write_text(TWO_RULES.replace(written, rewritten, 1), encoding="utf-8")
    return load(path)


@pytest.mark.parametrize(
    ("written", "rewritten", "message"),
    [
        ('kind = "ours"', 'kind = "mine"', AT_WORK + "kind 'mine' is not one of historical, digest, outside, ours"),
        ("year = 1900", 'year = "1900"', AT_WORK + "'year' must be a whole number"),
        ('id = "x.y"', 'id = "X.y"', r":9: rule 'X\.y': an id is game\.topic\[\.detail\], in lower case"),
        ('id = "x.y"\n', "", r":8: rule None: an id is game\.topic"),
        ('id = "x.z"', 'id = "x.y"', r":15: rule 'x\.y': the id is already used at line 9"),
        ('status = "assumed"', 'status = "sure"', AT_RULE + "status 'sure' is not one of documented, disputed,"),
        (SOURCES, 'sources = "us"\n', AT_RULE + r"'sources' must be an array of \{ work = \.\.\. \} tables"),
        ('work = "us", ', "", AT_RULE + r"cites None, which is not in \[works\]"),
        (SOURCES, "", AT_RULE + r"a rule needs at least one source \(the work 'ours' for our own decisions\)"),
        ('statement = "s"\n', "", AT_RULE + "'statement' must be a non-empty string"),
    ],
)
def test_each_check_names_the_line_and_the_work_or_rule(
    tmp_path: Path, written: str, rewritten: str, message: str
) -> None:
    """Each check of the checked ledger fails with the file, the line, the work or rule, and what is wrong."""
    path = tmp_path / "ledger.toml"
    with pytest.raises(LedgerError, match=rf"^{re.escape(str(path))}{message}"):
        _load_rewritten(path, written, rewritten)


@pytest.mark.parametrize("field", ["cite", "author", "title", "kind", "weight", "statement", "gap", "pages", "note"])
def test_a_text_field_written_empty_is_named(tmp_path: Path, field: str) -> None:
    """Every text field of a work, a rule or a source is checked: one written blank is named with its place."""
    path = tmp_path / "ledger.toml"
    at = AT_WORK if field in ("cite", "author", "title", "kind", "weight") else AT_RULE
    written = re.search(rf'\b{field} = "[^"]*"', TWO_RULES)
    assert written is not None
    with pytest.raises(LedgerError, match=rf"^{re.escape(str(path))}{at}'{field}' must be a non-empty string"):
        _load_rewritten(path, written.group(), f'{field} = " "')


def test_every_option_and_choice_shows_its_rules_status(ledger: Ledger) -> None:
    for name, cls in GAMES.items():
        for spec in cls.option_specs:
            assert spec.status == ledger.rule(spec.rule).status, f"{name} option {spec.key}: {spec.status}"
            for choice in spec.choices:
                want = ledger.rule(choice.rule).status
                assert choice.status == want, f"{name} {spec.key}={choice.value}: {choice.status}, rule {want}"


def test_the_live_engine_shows_each_option_with_its_rules_status(ledger: Ledger) -> None:
    """What a viewer receives (the live API's options, as the pages embed them) carries the ledger's status."""
    for name in GAMES:
        for shown in json.loads(live.call("games"))["games"][name]:
            assert shown["status"] == ledger.rule(shown["rule"]).status, (name, shown["key"])
            for choice in shown["choices"]:
                assert choice["status"] == ledger.rule(choice["rule"]).status, (name, shown["key"], choice["value"])


def test_a_choice_cannot_carry_a_status_of_its_own() -> None:
    rows = read_rows(
        '[works.us]\ncite = "us"\n[[rule]]\nid = "x.y"\nstatus = "suggested"\nstatement = "a rule"\n'
        'sources = [{ work = "us" }]\n[[rule]]\nid = "x.y.z"\nstatus = "assumed"\nstatement = "a finer rule"\n'
        'sources = [{ work = "us" }]\n'
    )
    rules = rule_table("x", rows=rows)
    assert options.choice(rules, "a", "label", "x.y").status == "suggested"
    finer = options.choice(rules, "a", "label", "x.y.z")
    assert options.option(rules, "k", "K", "a", "x.y.z", choices=(finer,)).status == "assumed"
    with pytest.raises(ValueError, match=r"rule 'x\.q' is not in this rule table"):
        options.choice(rules, "a", "label", "x.q")


def test_the_one_reader_reads_the_ledger_as_tomllib_does(ledger: Ledger) -> None:
    """The engine's one ledger reader (no tomllib in the browser) takes the ledger's tables as tomllib does,
    and the rule tables and the checked ledger take the same rows from it, citing the same works."""
    assert ledger_path().resolve() == LEDGER.resolve()
    text = LEDGER.read_text(encoding="utf-8")
    tables, data = read_tables(text), tomllib.loads(text)
    assert tables.works == data["works"] and tables.rules == data["rule"]
    assert rows() == tuple(ledger)
    for row in rows():
        assert text.splitlines()[row.line - 1] == f'id = "{row.id}"', row.id  # the line a message names
        for source in row.sources:
            assert source.work == ledger.works[source.work.key], (row.id, source.work.key)


def test_the_rule_tables_are_the_ledger(ledger: Ledger) -> None:
    """Nothing but the ledger writes a rule's status, statement or sources: each game's table reads them."""
    for rule_id, rule in all_rules().items():
        entry = ledger.rule(rule_id)
        assert (rule.status, rule.title) == (entry.status, entry.statement), rule_id
        assert rule.source == "; ".join(c.cite for c in entry.sources), rule_id
    engine = ROOT / "engine" / "oldtricks" / "games"
    for table in engine.glob("*/rules.py"):
        text = table.read_text(encoding="utf-8")
        assert not any(f"| {status}" in text for status in STATUSES), f"{table} writes a status of its own"


def test_a_ledger_line_the_engine_cannot_read_names_its_line() -> None:
    with pytest.raises(ValueError, match=r"ledger\.toml:3: not a line"):
        read_rows('[[rule]]\nid = "x.y"\nstatus assumed\n')
    with pytest.raises(ValueError, match=r"ledger\.toml:2: year has a value"):
        read_rows("[works.w]\nyear = soon\n")
    with pytest.raises(LedgerError, match=r"ledger\.toml:3: work 'w' is written twice \(line 1\)"):
        read_tables('[works.w]\ncite = "a"\n[works.w]\n')
