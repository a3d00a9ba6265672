"""The widget's own words (oldtricks/core/widgetwords.py): the messages its scripts write are the catalogs' widget
messages, and each language's export holds every one of them, with its plural forms."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from oldtricks.core import i18n
from oldtricks.core.widgetwords import CARD_WORDS, PLURAL_TABLE, WORDS, widget_words

STATIC = Path(__file__).resolve().parents[1] / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
STRING = r'"((?:[^"\\]|\\.)*)"'


def written() -> tuple[set[str], set[tuple[str, str]]]:
    """The messages the widget's scripts pass to t() and nt(), as they are written there."""
    single: set[str] = set()
    plural: set[tuple[str, str]] = set()
    for script in sorted([*STATIC.glob("*.js"), *STATIC.glob("teach/*.js")]):  # the study's and sandbox's too
        text = script.read_text(encoding="utf-8")
        single |= {json.loads(f'"{m}"') for m in re.findall(rf"(?<![\w.])t\(\s*{STRING}", text)}
        found = re.findall(rf"(?<![\w.])nt\(\s*{STRING}\s*,\s*{STRING}", text)
        plural |= {(json.loads(f'"{a}"'), json.loads(f'"{b}"')) for a, b in found}
    return single, plural


def test_the_scripts_write_the_widget_messages_and_no_other() -> None:
    single, plural = written()
    assert len(single) > 100
    assert single == {m for m in WORDS if isinstance(m, str)} | {CARD_WORDS}
    assert plural == {m for m in WORDS if not isinstance(m, str)}


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_each_language_exports_every_widget_message_and_its_plural_forms(lang: str) -> None:
    words = widget_words(lang)  # type: ignore[arg-type]
    cat = i18n.catalog(lang)
    for message in WORDS:
        if isinstance(message, str):
            assert words[message] == cat.pgettext("widget", message)
        else:
            forms = words["\x00".join(message)]
            assert len(forms) == (3 if lang == "pl" else 2)
            assert forms[0] == cat.npgettext("widget", *message, 1)
    assert sum(words[m] != m for m in WORDS if isinstance(m, str)) > 100  # translated, not English
    assert words["rank\x04Unter"] == cat.pgettext("rank", "Unter") and words["French suit\x04Clubs"]
    unter = "Unter of Acorns"  # a German-suited card is named by one message, its suit agreeing with its rank
    assert words[f"German card\x04{unter}"] == cat.pgettext("German card", unter) != unter
    assert len(words["plural"]) == PLURAL_TABLE
    assert [words["plural"][n] for n in (1, 2, 5, 12, 22)] == ([0, 1, 2, 2, 1] if lang == "pl" else [0, 1, 1, 1, 1])
