"""The engine in German and Polish: narration, refusals, live play and the command line. Each expected sentence
is the catalog's translation (oldtricks/locales), filled in as the sentence says, never prose written here;
English stays the source text."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from conftest import SCENARIOS
from oldtricks.cli import main as cli
from oldtricks.core import i18n
from oldtricks.core.cards import GERMAN_36, RANK_NAMES, SUIT_NAMES
from oldtricks.games.drogue.narrate_session import clips_word
from oldtricks.live import api as live
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

LANGS = ["de", "pl"]


def card_in(lang: str, code: str) -> str:
    """A German-suited card's name as the catalog of ``lang`` words it."""
    cat = i18n.catalog(lang)
    card = GERMAN_36.parse(code)  # the English words are the engine's source text, their translations the catalog's
    rank, suit = RANK_NAMES["german"][card.rank], SUIT_NAMES["german"][card.suit]
    return cat.pgettext("German card", f"{rank} of {suit}")  # one message a card: its suit agrees with its rank


@pytest.fixture
def speaking() -> Iterator[None]:
    """Live play's language is set for the process (as in the browser's worker): English again afterwards."""
    yield
    assert json.loads(live.call("language", json.dumps({"lang": "en"})))["lang"] == "en"


@pytest.mark.parametrize("lang", LANGS)
def test_narration_is_in_the_language_chosen(lang: str) -> None:
    sc = load(SCENARIOS / "bettelmann/basics.toml", SCENARIOS)
    english = replay(sc).frames()
    with i18n.language(lang):
        frames = replay(sc).frames()
    cat = i18n.catalog(lang)
    assert english[1]["events"] == ["North turns up the Nine of Hearts."]
    assert frames[1]["events"] == [
        cat.gettext("{seat} turns up the {card}.").format(seat="North", card=card_in(lang, "9H"))
    ]
    assert frames[1]["events"] != english[1]["events"]
    assert [f["step"] for f in frames] == [f["step"] for f in english]  # the same frames, in other words
    assert [f["legal"] for f in frames] == [f["legal"] for f in english]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_in_live_play_is_in_the_pages_language(lang: str, speaking: None) -> None:
    assert json.loads(live.call("language", json.dumps({"lang": lang}))) == {
        "ok": True,
        "lang": lang,
        "langs": ["en", "de", "pl"],
    }
    sc = load(SCENARIOS / "druzbart/head.toml", SCENARIOS)
    opened = json.loads(live.open_table("i18n-" + lang, json.dumps(sc.spec()), "{}"))
    frame = next(
        f
        for f in opened["frames"]
        if f["turn"] is not None and set(f["seats"][f["turn"]]["hand"]["cards"]) - set(f["legal"])
    )
    seat = frame["seats"][frame["turn"]]["name"]
    card = sorted(set(frame["seats"][frame["turn"]]["hand"]["cards"]) - set(frame["legal"]))[0]
    out = json.loads(live.play("i18n-" + lang, frame["step"], card, "[]"))
    cat = i18n.catalog(lang)
    head = cat.gettext("{seat} may not play {move} here").format(
        seat=seat, move=cat.gettext("the {card}").format(card=card_in(lang, card))
    )
    assert not out["ok"] and out["error"].startswith(head[0].upper() + head[1:] + ": ")
    reason = cat.gettext(
        "{seat} can head the trick with {cards}{why}, so must: suit need not be followed,"
        " but the best card so far must be beaten when it can be"
    ).replace("{why}", "")  # no reading named: the default one refuses the card
    before, after = reason.split("{cards}")
    assert before.format(seat=seat) in out["error"] and out["error"].endswith(after + ".")
    assert out["rule"] == "druzbart.head"


def test_a_language_the_engine_does_not_speak_is_refused_and_english_stays(speaking: None) -> None:
    said = json.loads(live.call("language", json.dumps({"lang": "fr"})))
    assert not said["ok"] and "unknown language 'fr'" in said["error"]
    assert i18n.current() == "en"
    assert json.loads(live.call("language", json.dumps({"lang": "de-AT"})))["lang"] == "de"


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_command_line_speaks_the_language_asked(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", str(SCENARIOS / "bettelmann/basics.toml"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    cat = i18n.catalog(lang)
    name = "Nine of Hearts" if lang == "en" else card_in(lang, "9H")
    assert cat.gettext("{seat} turns up the {card}.").format(seat="North", card=name) in out
    assert i18n.current() == "en"  # the language was the command's only


def test_polish_counts_take_their_three_forms() -> None:
    cat = i18n.catalog("pl")
    forms = [cat.ngettext("{count} clip", "{count} clips", n) for n in (1, 2, 5)]
    assert len(set(forms)) == 3
    with i18n.language("pl"):
        said = [clips_word(n) for n in (1, 2, 5, 12, 22)]
    # a clip is counted in its own words (context "clips"): Polish counts cards in the feminine, clips not
    numbers = [cat.pgettext("clips", w) for w in ("one", "two", "five")]
    assert numbers != [cat.gettext(w) for w in ("one", "two", "five")]
    assert said[:3] == [f.format(count=w) for f, w in zip(forms, numbers, strict=True)]
    assert said[3:] == [forms[2].format(count=12), forms[1].format(count=22)]
