"""The solver's numbers kept for the other editions (oldtricks_sphinx/solved.py): named by everything they
depend on, read back the same as found, never read for other inputs, and the words said anew."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import REPO, SCENARIOS
from oldtricks.analysis.gamebook import played_on
from oldtricks.analysis.search import Search
from oldtricks.core import i18n
from oldtricks.scenarios.replay import Replay, replay
from oldtricks.scenarios.scenario import Scenario, load
from oldtricks_sphinx import solved


def test_a_value_is_found_once_and_read_back_as_json_gives_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def find() -> dict[str, object]:
        asked.append(1)
        return {"b": (1, 2), "a": 3}

    folder = tmp_path
    first = solved.kept(folder, "demo", {"deal": 1}, find)
    again = solved.kept(folder, "demo", {"deal": 1}, find)
    assert first == again == {"b": [1, 2], "a": 3} and list(again) == ["b", "a"]  # the keys in their order
    assert asked == [1]
    solved.kept(folder, "demo", {"deal": 2}, find)  # other inputs: found again, under a name of their own
    solved.kept(folder, "other", {"deal": 1}, find)
    assert asked == [1, 1, 1] and len(list(folder.glob("*.json"))) == 3
    monkeypatch.setattr(solved, "engine_digest", lambda: "another engine")
    solved.kept(folder, "demo", {"deal": 1}, find)  # the same inputs to another engine: found again
    assert asked == [1, 1, 1, 1]


def test_an_entry_cut_short_is_found_again_and_written_anew(tmp_path: Path) -> None:
    solved.kept(tmp_path, "demo", [1], lambda: [1, 2, 3])
    [entry] = tmp_path.glob("*.json")
    entry.write_text("[1, 2", encoding="utf-8")
    assert solved.kept(tmp_path, "demo", [1], lambda: [1, 2, 3]) == [1, 2, 3]
    assert json.loads(entry.read_text(encoding="utf-8")) == [1, 2, 3]


def test_the_name_holds_every_file_of_the_engine(tmp_path: Path) -> None:
    engine = tmp_path / "oldtricks"
    shutil.copytree(REPO / "engine" / "oldtricks", engine, ignore=shutil.ignore_patterns("__pycache__"))
    before = solved.engine_digest(engine)
    assert before == solved.engine_digest.__wrapped__(REPO / "engine" / "oldtricks")
    rules = engine / "games" / "drogue" / "solver.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert solved.engine_digest.__wrapped__(engine) != before


def _questions(scenario_id: str) -> tuple[Scenario, Replay]:
    sc = load(SCENARIOS / f"{scenario_id}.toml", SCENARIOS)
    rp = replay(sc)
    assert rp.line.asks, scenario_id
    return sc, rp


@pytest.mark.parametrize("scenario_id", ["drogue/jack-is-trump", "druzbart/basics"])
def test_a_questions_lines_read_back_are_those_found_with_the_words_of_each_edition(
    scenario_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sc, rp = _questions(scenario_id)

    def lines(lang: i18n.Lang) -> dict[str, object]:
        with i18n.language(lang):
            return {str(k): played_on(rp.game, rp.line.states[k], a["answer"]) for k, a in rp.line.asks.items()}

    want = {lang: lines(lang) for lang in ("en", "de")}
    with solved.solving(tmp_path, "played-on", sc.spec()):
        assert lines("en") == want["en"]
    assert list(tmp_path.glob("played-on-*.json"))

    def no_search(*args: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(Search, "values", no_search)
    with solved.solving(tmp_path, "played-on", sc.spec()):
        assert lines("de") == want["de"] != want["en"]  # the numbers read, the words in German
    with pytest.raises(AssertionError, match="searched again"), solved.solving(tmp_path, "played-on", {"other": 1}):
        lines("de")
