"""A study as text in the reader's language (the printed handout, ``link decode --text --lang``), as a page
with no script (the study page's "Text page"), and the CLI's headers around the solver's values in German
and Polish."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from conftest import SCENARIOS
from oldtricks.cli.main import main
from oldtricks.core.i18n import language
from oldtricks.errors import StudyError
from oldtricks.scenarios.scenario import load
from oldtricks.scenarios.study import Chapter, Study, encode
from oldtricks.scenarios.studytext import handout, text_page

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def study() -> Study:
    cap = load(SCENARIOS / "druzbart/cap.toml", SCENARIOS)
    small = {
        "game": "bettelmann",
        "title": HOSTILE,
        "deal": {"seed": 42},
        "steps": [{"note": "<b>bold?</b> & more"}, {"moves": ["9A"], "ask": True, "hint": "<i>Look</i>"}],
    }
    return Study("A study & <em>its</em> title", "Notes <u>here</u>", (Chapter.of(small), Chapter.of(cap.spec())))


# the engine's words in each language: none of the English ones may be left in the others' handouts
WORDS = {
    "en": ["Question at step 0: what should North play?", "Hint: <i>Look</i>", "Answer: ___", "; West takes it."],
    "de": ["Frage bei Schritt 0: Was soll North spielen?", "Tipp: <i>Look</i>", "Antwort: ___", "; West nimmt ihn."],
    "pl": ["Pytanie w kroku 0: co ma zagrać North?", "Wskazówka: <i>Look</i>", "Odpowiedź: ___", "; bierze ją West."],
}


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_handout_is_in_the_reader_s_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["link", "decode", encode(study()), "--text", "--lang", lang]) == 0
    text = capsys.readouterr().out
    for word in WORDS[lang]:
        assert word in text, (lang, word)
    if lang != "en":
        for word in [*WORDS["en"], "Step 0.", "Trick 1:", "nobody takes it"]:
            assert word not in text, (lang, word)
    assert text.startswith("A study & <em>its</em> title\n\nNotes <u>here</u>\n\n1. " + HOSTILE)  # the teacher's own


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_text_page_has_no_script_and_every_text_escaped(lang: str) -> None:
    with language(lang):
        page = text_page(study())
        words = handout(study())
    assert "<script" not in page.lower()
    assert not re.search(r"<(?!/?(?:html|head|meta|title|style|body|h1|h2|p|section)\b|!DOCTYPE)", page), page
    assert f'<html lang="{lang}">' in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page
    assert "<title>A study &amp; &lt;em&gt;its&lt;/em&gt; title</title>" in page
    assert '<p class="notes">Notes &lt;u&gt;here&lt;/u&gt;</p>' in page
    assert "default-src 'none'" in page  # a copy on any server runs nothing, loads nothing
    for line in words.splitlines()[4:]:  # every line of the handout, below the study's title and notes
        if line:
            assert line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;") in page


def test_the_study_s_summary_counts_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["link", "decode", encode(study()), "--lang", "pl"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "A study & <em>its</em> title: 2 rozdziały"
    assert said[1] == f"  1. {HOSTILE}: 1 pytanie"
    assert said[2].endswith(": 3 pytania")


@pytest.mark.parametrize(
    ("lang", "head"),
    [
        ("en", "Step 27. West to play. Values: "),
        ("de", "Schritt 27. West ist am Zug. Werte: "),
        ("pl", "Krok 27. Ruch gracza West. Wartości: "),
    ],
)
def test_the_analysis_header_is_in_the_cli_s_language(lang: str, head: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(SCENARIOS / "clock/deal.toml"), "--step", "27", "--lang", lang]) == 0
    assert capsys.readouterr().out.startswith(head)


@pytest.mark.parametrize(
    ("lang", "first", "head"),
    [
        ("en", "Step 1. Card points (of 120) the maker's side takes with best play", "Trump     South makes"),
        ("de", "Schritt 1. Kartenpunkte (von 120), die die Partei des Trumpfmachers", "Trumpf  South macht Trumpf"),
        ("pl", "Krok 1. Punkty z kart (ze 120), które bierze strona robiącego atut", "Atut   South robi atut"),
    ],
)
def test_drogue_s_table_speaks_the_cli_s_language(
    lang: str, first: str, head: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(SCENARIOS / "drogue/auction.toml"), "--step", "1", "--table", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(first) and lines[1].startswith(head)
    assert lines[2].split()[1:] == ["70", "50", "70", "50"]  # the columns stay under their seats


@pytest.mark.parametrize(
    ("lang", "change", "said"),
    [
        ("en", lambda h: h.replace("UB", "KH"), "chapter 1: bad deal: North's hand: KH is dealt twice"),
        ("en", lambda h: h[:-3], "chapter 1: bad deal: the hands leave out UB: deal the whole 32-card German pack"),
        (
            "en",
            lambda h: h.replace("UB", "6B"),
            "chapter 1: bad deal: North's hand: bad card '6B': the 32-card German pack "
            "has no Sixes (its ranks are 7 8 9 T U O K A; a Ten is T or 10)",
        ),
        # the live engine speaks the page's language (live.py's "language"), the study editor's refusals too
        ("de", lambda h: h.replace("UB", "KH"), "Kapitel 1: falsch gegeben: Hand von North: KH ist doppelt gegeben"),
        (
            "de",
            lambda h: h[:-3],
            "Kapitel 1: falsch gegeben: den Händen fehlen UB: gib das ganze Blatt mit 32 deutschen Karten",
        ),
        (
            "de",
            lambda h: h.replace("UB", "6B"),
            "Kapitel 1: falsch gegeben: Hand von North: ungültige Karte '6B': das "
            "Blatt mit 32 deutschen Karten hat keine Sechsen (seine Ränge: 7 8 9 T U O K A; eine Zehn ist T oder 10)",
        ),
        ("pl", lambda h: h.replace("UB", "KH"), "rozdział 1: błędne rozdanie: ręka gracza North: KH rozdano dwa razy"),
        (
            "pl",
            lambda h: h.replace("UB", "XB"),
            "rozdział 1: błędne rozdanie: ręka gracza North: błędna karta 'XB': "
            "karta talii (32 karty niemieckie) to ranga (7 8 9 T U O K A; dziesiątka to T lub 10), a potem kolor "
            "(A L H B), np. 'UA'",
        ),
    ],
)
def test_a_hand_dealt_wrong_is_refused_by_the_study_in_plain_words(
    lang: str, change: Callable[[str], str], said: str
) -> None:
    from oldtricks.live.studies import study_of

    south = "KH TA 8H UH 9B 7A TL OA 7B OB 8B OL AH KA 9H OH"
    north = "9A AA 9L 8L 8A KL 7H TB UL UA AB KB 7L AL TH UB"
    spec = {"game": "bettelmann", "title": "by hand", "deal": {"dealer": 0, "hands": [south, north]}, "steps": []}
    assert study_of({"title": "t", "chapters": [{"spec": spec}]}).chapters  # the whole pack, each card once
    spec["deal"] = {"dealer": 0, "hands": [south, change(north)]}
    with pytest.raises(StudyError) as caught, language(lang):
        study_of({"title": "t", "chapters": [{"spec": spec}]})
    assert str(caught.value) == said
