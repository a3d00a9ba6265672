"""An edition's language (``language`` in conf.py): the engine narrates the embedded frames in it, and the
widget's words come with the pages; the English edition is as before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sphinx.errors import ConfigError

from conftest import SCENARIOS, Builder, frames_of
from oldtricks.core import i18n
from oldtricks.core.i18n import Lang
from oldtricks.core.widgetwords import widget_words
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGE = {"index.md": "# Basics\n\n```{scenario} bettelmann/basics\n```\n"}
WORDS = re.compile(r'<script id="oldtricks-words" type="application/json">(.*?)</script>', re.S)


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_an_editions_frames_are_narrated_in_its_language(build: Builder, lang: Lang) -> None:
    # an edition's build needs the extension's own words in its language (editions.py, i18n.py)
    catalog = (DOCS / "locales" / lang / "LC_MESSAGES" / "oldtricks.po").read_text(encoding="utf-8")
    built = build({**PAGE, f"locales/{lang}/LC_MESSAGES/oldtricks.po": catalog}, conf={"language": lang})
    assert built.status == 0, built.warnings
    [widget] = built.widgets()
    sc = load(SCENARIOS / "bettelmann/basics.toml", SCENARIOS)
    with i18n.language(lang):
        assert frames_of(widget["data"]) == replay(sc).frames()
    english = replay(sc).frames()
    assert frames_of(widget["data"])[1]["events"] != english[1]["events"]
    assert [sorted(f) for f in frames_of(widget["data"])] == [sorted(f) for f in english]  # the same schema
    [words] = WORDS.findall(built.html())
    assert json.loads(words) == widget_words(lang)
    assert i18n.current() == "en"  # the build's language ended with the build


def test_the_english_edition_narrates_in_english_and_carries_no_words(build: Builder) -> None:
    built = build(PAGE)
    assert built.status == 0, built.warnings
    [widget] = built.widgets()
    assert frames_of(widget["data"]) == replay(load(SCENARIOS / "bettelmann/basics.toml", SCENARIOS)).frames()
    assert 'id="oldtricks-words"' not in built.html()


def test_a_language_the_engine_does_not_speak_fails_the_build_by_name(build: Builder) -> None:
    with pytest.raises(ConfigError, match=r"language = 'fr'.*the engine speaks en, de, pl"):
        build(PAGE, conf={"language": "fr"})
