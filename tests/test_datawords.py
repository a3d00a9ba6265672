"""The catalogs of the data's words (engine/oldtricks/core/datawords.py): the ledger's rules and the site's scenarios
in German and Polish. The templates are what the data gives today, every message is translated, and what a
reader checks against the board (cards, numbers, rule ids, option values) is the same in every language."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from oldtricks.core import datawords
from oldtricks.core.datawords import LOCALES, Message, all_messages, compile_mo, read_po, stale, template, translated

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("de", "pl")
QUOTES = {"de": ("„", "“"), "pl": ("„", "”")}

# What must come through a translation unchanged: a card (K♠, 10♥, a bare ♣), a number (decimal comma or
# point alike), a ledger id, an option's name or value written as in the files (bid_count = under).
NOTATION = re.compile(
    r"(?:10|[2-9AKQJ])?[♠♥♦♣]|\d+(?:[.,]\d+)?|\b(?:bettelmann|todundleben|druzbart|clock|drogue)\.[a-z0-9.-]*[a-z0-9]"
    r"|\b[a-z]+_[a-z_]+\b"
)


def notation(text: str) -> Counter[str]:
    """The notation in a text, each number with a point for its decimal sign.

    >>> sorted(notation("J♣ > J♠, 0,5 or 41 (drogue.rank; bid_count)").elements())
    ['0.5', '41', 'J♠', 'J♣', 'bid_count', 'drogue.rank']
    """
    return Counter(token.replace(",", ".") for token in NOTATION.findall(text))


def catalog(lang: str, domain: str) -> tuple[dict[tuple[str, str], str], set[tuple[str, str]]]:
    path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"
    return read_po(path.read_text(encoding="utf-8"), str(path))


@pytest.fixture(scope="module")
def found() -> dict[str, list[Message]]:
    return all_messages(ROOT)


def test_the_extractor_finds_every_text_of_both_kinds_once(found: dict[str, list[Message]]) -> None:
    ledger, scenarios = found["ledger"], found["scenarios"]
    assert len(ledger) > 180 and len(scenarios) > 700
    for messages in (ledger, scenarios):
        listed = [m.context for m in messages]
        assert len(listed) == len(set(listed))
    contexts = {m.context for m in ledger + scenarios}
    assert {"drogue.parade|statement", "drogue.parade|gap", "works.pagat|title"} <= contexts
    assert "works.pierer1841|title" not in contexts  # a book's title stays as printed
    assert {"drogue/example|title", "drogue/example|description", "drogue/example|note|11"} <= contexts
    assert all(m.domain == "scenarios" for m in scenarios) and all(m.domain == "ledger" for m in ledger)


def test_the_templates_and_catalogs_are_what_the_data_gives_today() -> None:
    assert stale(ROOT) == [], "run `PYTHONPATH=engine python3 -m oldtricks.core.datawords`"


def test_a_ledger_statement_changed_without_a_new_template_is_caught(tmp_path: Path) -> None:
    root, locales = tmp_path / "repo", tmp_path / "locales"
    (root / "scenarios").mkdir(parents=True)
    locales.mkdir()
    ledger = (ROOT / "ledger.toml").read_text(encoding="utf-8")
    (root / "ledger.toml").write_text(ledger, encoding="utf-8")
    shutil.copy(LOCALES / "ledger.pot", locales / "ledger.pot")
    assert not [line for line in stale(root, locales) if "ledger.pot" in line]
    changed = ledger.replace('statement = "32 cards, Seven to Ace"', 'statement = "32 cards, from Seven to Ace"')
    assert changed != ledger
    (root / "ledger.toml").write_text(changed, encoding="utf-8")
    assert [line for line in stale(root, locales) if "ledger.pot" in line]
    datawords.main(root, locales)
    assert not [line for line in stale(root, locales) if "ledger.pot" in line]


@pytest.mark.parametrize("domain", datawords.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str, domain: str) -> None:
    translations, fuzzy = catalog(lang, domain)
    assert fuzzy == set()
    untranslated = [context for (context, _english), text in translations.items() if not text.strip()]
    assert untranslated == [], f"{lang} {domain}: {len(untranslated)} untranslated, first {untranslated[:3]}"


@pytest.mark.parametrize("domain", datawords.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_cards_numbers_ids_quotes_and_line_ends_survive_translation(lang: str, domain: str) -> None:
    wrong = []
    for (context, english), text in catalog(lang, domain)[0].items():
        if set(notation(english)) != set(notation(text)):
            wrong.append(f"{context}: {sorted(notation(english))} became {sorted(notation(text))}")
        if english.endswith("\n") != text.endswith("\n"):  # msgfmt refuses a catalog where they differ
            wrong.append(f"{context}: the English and the translation must both end with a newline, or neither")
        opening, closing = QUOTES[lang]
        if '"' in text or ('"' in english and (opening not in text or closing not in text)):
            wrong.append(f"{context}: quotation marks are {opening}…{closing} in {lang}")
    assert wrong == []


@pytest.mark.parametrize("domain", datawords.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_compiled_catalog_is_its_po_and_the_engine_reads_it(lang: str, domain: str) -> None:
    translations = catalog(lang, domain)[0]
    mo = LOCALES / lang / "LC_MESSAGES" / f"{domain}.mo"
    assert mo.read_bytes() == compile_mo(translations), "run `PYTHONPATH=engine python3 -m oldtricks.core.datawords`"
    (context, english), text = next(iter(translations.items()))
    assert translated(context, english, lang) == text != english
    assert translated(context, english + " (changed)", lang) == english + " (changed)"
    assert translated(context, english, "en") == english


def test_a_template_round_trips_through_the_catalog_reader() -> None:
    messages = [Message("g/s|note|0", 'Two "words"\nand a line\\'), Message("g.a|gap", "x")]
    found, fuzzy = read_po(template(messages))
    assert found == {("g/s|note|0", 'Two "words"\nand a line\\'): "", ("g.a|gap", "x"): ""} and fuzzy == set()
