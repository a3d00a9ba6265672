"""The engine's gettext catalogs (engine/oldtricks/locales, `nox -s catalogs`): current with the code, complete,
their placeholders kept, compiled, and read by the engine with each language's plural forms."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from oldtricks.core import i18n
from oldtricks.errors import OldtricksError

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "engine" / "oldtricks" / "locales"
TRANSLATED = [lang for lang in i18n.LANGS if lang != "en"]
# as noxfile.py's EXTRACT: pN_(context, message), npN_(context, singular, plural)
KEYWORDS = {**DEFAULT_KEYWORDS, "pN_": ((1, "c"), 2), "npN_": ((1, "c"), 2, 3)}

Key = tuple[str | None, str]


def _key(context: str | None, message: str | tuple[str, ...] | list[str]) -> Key:
    return context, message if isinstance(message, str) else message[0]


def extracted(folder: Path) -> set[Key]:
    """Every message marked in the engine's code, as `nox -s catalogs` extracts it."""
    found = extract_from_dir(str(folder), [("**.py", "python")], keywords=KEYWORDS)
    return {_key(context, message) for _file, _line, message, _comments, context in found}


def catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALES / lang / "LC_MESSAGES" / "oldtricks.po").open("rb") as file:
        return read_po(file, locale=lang)


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_the_template_and_each_catalog_hold_every_marked_message_and_no_other() -> None:
    code = extracted(ROOT / "engine" / "oldtricks")
    assert len(code) > 200
    with (LOCALES / "oldtricks.pot").open("rb") as file:
        template = {_key(m.context, m.id) for m in read_po(file) if m.id}
    assert template == code, "oldtricks.pot is stale: run `nox -s catalogs`"
    for lang in TRANSLATED:
        held = {_key(m.context, m.id) for m in catalog(lang) if m.id}
        assert sorted(code - held, key=str) == [], f"{lang}: messages missing; run `nox -s catalogs` and translate"
        assert sorted(held - code, key=str) == [], f"{lang}: messages no longer in the code"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_not_fuzzy_and_keeps_its_placeholders(lang: str) -> None:
    cat = catalog(lang)
    assert not cat.fuzzy
    for m in cat:
        if not m.id:
            continue
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        where = f"{lang}: {m.context or ''} {m.id!r}"
        assert "fuzzy" not in m.flags, where
        assert all(forms), f"{where} is not translated"
        english = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = set().union(*(fields(e) for e in english))
        for form in forms:
            assert fields(form) == wanted, f"{where}: placeholders {fields(form)} for {wanted}"
        if not isinstance(m.id, str):
            assert len(forms) == cat.num_plurals, where


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_compiled_catalog_is_the_one_its_po_compiles_to(lang: str) -> None:
    out = io.BytesIO()
    write_mo(out, catalog(lang))
    mo = LOCALES / lang / "LC_MESSAGES" / "oldtricks.mo"
    assert mo.read_bytes() == out.getvalue(), f"{mo} is out of date with its .po: run `nox -s catalogs`"


def test_polish_has_three_plural_forms_and_german_two() -> None:
    assert (catalog("pl").num_plurals, catalog("de").num_plurals) == (3, 2)
    clips = next(m for m in catalog("pl") if m.id == ("{count} clip", "{count} clips"))
    with i18n.language("pl"):
        said = {n: i18n.ngettext("{count} clip", "{count} clips", n) for n in (1, 2, 5, 12, 22, 25)}
    assert said == {1: clips.string[0], 2: clips.string[1], 5: clips.string[2], 12: clips.string[2]} | {
        22: clips.string[1],
        25: clips.string[2],
    }
    assert len(set(clips.string)) == 3


def test_a_missing_message_is_written_in_english_and_an_unknown_language_refused() -> None:
    with i18n.language("de"):
        assert i18n._("a sentence no catalog holds") == "a sentence no catalog holds"
        assert i18n.current() == "de"
    assert i18n.current() == "en"
    with pytest.raises(OldtricksError, match="unknown language 'fr'"):
        i18n.check("fr")


def test_the_wheel_carries_the_compiled_catalogs() -> None:
    """hatchling ships the package folder: the .mo files must not be ignored by git (nor so by the build)."""
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert not any(pattern in ignored for pattern in ("*.mo", "locales/", "*.po"))
    for lang in TRANSLATED:
        assert (LOCALES / lang / "LC_MESSAGES" / "oldtricks.mo").stat().st_size > 1000
