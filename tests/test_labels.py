"""A label follows its weakest part: no page, option or ledger row shows a status stronger than the
ledger's entry for the rule it cites.

Statuses rank from strong to weak as the ledger lists them: documented, disputed, suggested, assumed.
The walk covers every ``{rule}`` reference and rule box in the pages (docs/*.md, docs/lessons,
docs/sandbox), every status written by hand beside such a reference, and every option and choice of
every game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT
from oldtricks.core.ledgercheck import Ledger, load
from oldtricks.core.options import STATUSES, OptionSpec
from oldtricks.core.registry import GAMES, all_rules

PAGES = sorted([*ROOT.glob("docs/*.md"), *ROOT.glob("docs/lessons/*.md"), *ROOT.glob("docs/sandbox/*.md")])
# {rule}`id` or {rule}`text <id>`, the text possibly over several lines; ```{rule} id for a rule box
ROLE = re.compile(r"\{rule\}`(?:[^`<]*<)?([a-z][a-z0-9.\-]*)>?`", re.S)
BOX = re.compile(r"^```\{rule\} ([a-z][a-z0-9.\-]*)\s*$", re.M)
# a status written by hand, in italics or bold, then within the same clause a reference it labels
BY_HAND = re.compile(r"[*_]{1,2}(documented|disputed|suggested|assumed)[*_]{1,2}[^.;:]{0,40}?\{rule\}`([^`]*)`")
# the works an option's label may name in passing, by the name a reader sees
AUTHORS = {
    "Pierer": "pierer1841",
    "Gööck": "goeoeck1967",
    "Feder": "feder1980",
    "Müller": "mueller1994",
    "Gracz": "gracz1930",
    "pagat": "pagat",
}
OURS = re.compile(r"\bour (assumption|carry-over|reading|choice)\b")


def weaker(a: str, b: str) -> bool:
    """``a`` says no more than ``b``.

    >>> weaker("assumed", "documented"), weaker("documented", "suggested")
    (True, False)
    """
    return STATUSES.index(a) >= STATUSES.index(b)


@pytest.fixture(scope="module")
def ledger() -> Ledger:
    return load(ROOT / "ledger.toml")


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def references(path: Path) -> list[tuple[int, str]]:
    """Every rule id a page cites, by role or by rule box, with its line."""
    text = path.read_text(encoding="utf-8")
    found = [(_line(text, m.start()), m.group(1)) for m in ROLE.finditer(text)]
    return found + [(_line(text, m.start()), m.group(1)) for m in BOX.finditer(text)]


def test_the_walk_finds_the_references() -> None:
    """The patterns see a role with and without its own text, across a line break, and a rule box."""
    page = ROOT / "docs" / "druzbart.md"
    ids = {rule_id for _, rule_id in references(page)}
    assert {"druzbart.rank", "druzbart.rank.order", "druzbart.lead.left", "clock.deal.full"} <= ids
    assert sum(len(references(p)) for p in PAGES) > 250


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rule_reference_shows_no_more_than_the_ledger(page: Path, ledger: Ledger) -> None:
    """What a reference shows is the status the site reads for its id; it may not outrank the ledger."""
    shown = all_rules()
    bad = [
        f"{page.name}:{line}: {rule_id} shows {shown[rule_id].status}, the ledger says {ledger.rule(rule_id).status}"
        for line, rule_id in references(page)
        if rule_id in shown and not weaker(shown[rule_id].status, ledger.rule(rule_id).status)
    ]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_status_written_beside_a_reference_is_no_stronger_than_its_rule(page: Path, ledger: Ledger) -> None:
    text = page.read_text(encoding="utf-8")
    bad = []
    for m in BY_HAND.finditer(text):
        rule_id = m.group(2).rsplit("<", 1)[-1].rstrip(">")
        if rule_id in ledger and not weaker(m.group(1), ledger.rule(rule_id).status):
            where = f"{page.name}:{_line(text, m.start())}"
            bad.append(f"{where}: *{m.group(1)}* beside {rule_id} ({ledger.rule(rule_id).status})")
    assert not bad, "\n".join(bad)


def _options() -> list[tuple[str, OptionSpec]]:
    return [(name, spec) for name in GAMES for spec in GAMES[name].option_specs]


@pytest.mark.parametrize(("game", "spec"), _options(), ids=lambda v: v if isinstance(v, str) else v.key)
def test_every_option_and_choice_shows_no_more_than_the_ledger(game: str, spec: OptionSpec, ledger: Ledger) -> None:
    assert weaker(spec.status, ledger.rule(spec.rule).status), f"{game}.{spec.key}: {spec.status} for {spec.rule}"
    for c in spec.choices:
        entry = ledger.rule(c.rule)
        assert weaker(c.status, entry.status), f"{game}.{spec.key}={c.value}: {c.status}, ledger {entry.status}"
        if OURS.search(c.label):
            assert entry.status == "assumed", f"{game}.{spec.key}={c.value} says it is ours but cites {c.rule}"
        cited = {s.work.key for s in entry.sources}
        for name, work in AUTHORS.items():
            if name in c.label and not re.search(rf"as {name}\b|{name}'s\b.*\bcarry", c.label):
                assert work in cited, f"{game}.{spec.key}={c.value} names {name}, but {c.rule} does not cite him"


def test_a_row_resting_partly_on_our_decision_is_not_documented(ledger: Ledger) -> None:
    """A statement joining a documented rule with our assumption takes the weaker label."""
    for entry in ledger:
        if "ours" in {c.work.kind for c in entry.sources}:
            assert entry.status != "documented", f"{entry.id} cites our own decision but says documented"
