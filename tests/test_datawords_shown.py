"""The data's words where the engine shows them (engine/oldtricks/core/datawords.py joined to the engine): a site
scenario's notes, hints and title and a refusal's rule in the language of the work under way, read from the
catalogs; a text the catalogs do not hold as written (a teacher's own, an edited note) stays as written."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from oldtricks.core import i18n
from oldtricks.core.datawords import LOCALES, read_po, translated
from oldtricks.core.game import Game
from oldtricks.core.moves import Move
from oldtricks.core.refusal import refusal
from oldtricks.live import api as live
from oldtricks.scenarios.replay import PARAGRAPH, Replay, replay
from oldtricks.scenarios.scenario import from_spec, load, loads

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
NOTED = ("drogue/example", 11)  # a site scenario and one of its steps with a note
ASKED = ("bettelmann/last-three-ace", 5)  # ... and a lesson question with a hint


def msgstr(lang: str, domain: str, context: str) -> str:
    """The translation the catalog's source holds at ``context`` (read from the .po, not the engine's .mo)."""
    path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"
    held = {ctx: text for (ctx, _english), text in read_po(path.read_text(encoding="utf-8"), str(path))[0].items()}
    assert held.get(context), f"{path}: nothing at {context}"
    return held[context]


def played(scenario_id: str) -> Replay:
    return replay(load(SCENARIOS / f"{scenario_id}.toml", SCENARIOS))


def noted_step(scenario_id: str, index: int) -> int:
    """The frame that shows the note of step ``index`` of the scenario (with any other notes on it)."""
    rp = played(scenario_id)
    note = rp.scenario.steps[index].note
    step: int = next(f["step"] for f in rp.frames() if note in f["note"].split(PARAGRAPH))
    return step


def first_refusal(rp: Replay) -> tuple[dict[str, Any], str]:
    """The reader's message for the first card of the scenario's line that a rule forbids, and the rule."""
    game: Game[Any] = rp.game
    for state in rp.line.states:
        seat = game.to_play(state)
        if seat is None:
            continue
        legal = {str(m) for m in game.legal_moves(state)}
        for card in game.view(state)["seats"][seat]["hand"]["cards"]:
            if card not in legal:
                move: Move = game.parse_move(state, card)
                error = game.why_illegal(state, move)
                said = refusal(game, error, move, seat)
                if said["rule"]:
                    return said, said["rule"]
    raise AssertionError(f"{rp.scenario.id}: no card is refused by a rule along its line")


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_site_scenarios_frames_carry_its_note_in_the_readers_language(lang: str) -> None:
    scenario_id, index = NOTED
    step = noted_step(scenario_id, index)
    english = played(scenario_id).frames()[step]["note"].split(PARAGRAPH)
    with i18n.language(lang):
        shown = played(scenario_id).frames()[step]["note"].split(PARAGRAPH)
    translation = msgstr(lang, "scenarios", f"{scenario_id}|note|{index}")
    assert translation in shown and translation not in english and len(shown) == len(english)
    assert played(scenario_id).scenario.steps[index].note in english


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_lesson_questions_hint_and_the_scenarios_title_are_in_the_readers_language(lang: str) -> None:
    scenario_id, index = ASKED
    rp = played(scenario_id)
    with i18n.language(lang):
        asks = [f["ask"] for f in rp.frames() if f["ask"]]  # frames made in the language, of an English replay
        title = rp.scenario.said("title")
    assert [a["hint"] for a in asks] == [msgstr(lang, "scenarios", f"{scenario_id}|hint|{index}")]
    assert title == msgstr(lang, "scenarios", f"{scenario_id}|title") != rp.scenario.title
    assert [f["ask"]["hint"] for f in rp.frames() if f["ask"]] == [rp.scenario.steps[index].hint]  # English


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_refusal_gives_the_rules_statement_in_the_readers_language(lang: str) -> None:
    rp = played(NOTED[0])
    english, rule = first_refusal(rp)
    with i18n.language(lang):
        said, _rule = first_refusal(rp)
    assert said["rule"] == rule
    assert said["rule_title"] == msgstr(lang, "ledger", f"{rule}|statement") != english["rule_title"]
    assert english["rule_title"] == next(r.title for r in rp.game.rules if r.id == rule)  # the ledger's English


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_an_edited_note_shows_the_edited_english(lang: str) -> None:
    scenario_id, index = NOTED
    path = SCENARIOS / f"{scenario_id}.toml"
    note = load(path, SCENARIOS).steps[index].note
    text = path.read_text(encoding="utf-8")
    assert text.count(f'"{note}"') == 1
    edited = loads(text.replace(f'"{note}"', f'"{note} Our class counted them twice."'), str(path), scenario_id)
    step = noted_step(scenario_id, index)
    with i18n.language(lang):
        frames = replay(edited).frames()
        site = played(scenario_id).frames()
    assert f"{note} Our class counted them twice." in frames[step]["note"].split(PARAGRAPH)
    assert msgstr(lang, "scenarios", f"{scenario_id}|note|{index}") in site[step]["note"].split(PARAGRAPH)
    others = [(ours["note"], theirs["note"]) for ours, theirs in zip(frames, site, strict=True) if ours["step"] != step]
    assert [ours for ours, _theirs in others] == [theirs for _ours, theirs in others]  # the others: still translated


def test_a_teachers_scenario_stays_in_its_own_words() -> None:
    text = (SCENARIOS / f"{NOTED[0]}.toml").read_text(encoding="utf-8")
    mine = loads(text, "mine.toml")  # the same words, but not the site's scenario: no catalog entry is its
    with i18n.language("de"):
        notes = [f["note"] for f in replay(mine).frames() if f["note"]]
        title = mine.said("title")
    assert notes == [f["note"] for f in replay(mine).frames() if f["note"]] and title == mine.title


def test_the_spec_a_page_sends_the_live_engine_keeps_the_scenarios_words_found() -> None:
    scenario_id, index = NOTED
    step = noted_step(scenario_id, index)
    spec = load(SCENARIOS / f"{scenario_id}.toml", SCENARIOS).spec()  # as the viewer's data carries it
    with i18n.language("de"):
        shown = replay(from_spec(spec)).frames()[step]["note"].split(PARAGRAPH)
    assert msgstr("de", "scenarios", f"{scenario_id}|note|{index}") in shown


def test_the_live_engine_holds_the_datas_catalogs_before_its_files_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser's memory snapshot is taken once oldtricks.live.api is imported, and a start restored from it
    answers before the engine's files are written again: the data's catalogs must be read by then."""
    scenario_id, index = NOTED
    note = load(SCENARIOS / f"{scenario_id}.toml", SCENARIOS).steps[index].note
    statement = next(r for r in played(scenario_id).game.rules if r.id == "drogue.parade")
    i18n.catalog.cache_clear()
    importlib.reload(live)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)  # no files: only what the import read
    for lang in ("de", "pl"):
        with i18n.language(lang):
            assert statement.statement == msgstr(lang, "ledger", "drogue.parade|statement")
        assert translated(f"{scenario_id}|note|{index}", note, lang) == msgstr(
            lang, "scenarios", f"{scenario_id}|note|{index}"
        )
