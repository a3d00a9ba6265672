"""The long sweep of every option combination (tests/fuzz.py --ends) can be split and resumed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fuzz


def test_a_split_sweep_resumes_from_its_log_and_reports_the_whole_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fuzz, "OUT", tmp_path)
    played: list[int] = []
    real = fuzz.play_combination

    def counting(job: tuple[str, int]) -> dict:
        played.append(job[1])
        return real(job)

    monkeypatch.setattr(fuzz, "play_combination", counting)
    first = fuzz.ends(["bettelmann"], (0, 3), workers=1)
    assert played == [0, 1, 2] and first["combinations"] == {"bettelmann": 3} and first["games"] == {"bettelmann": 6}
    second = fuzz.ends(["bettelmann"], (1, 5), workers=1)
    assert played == [0, 1, 2, 3, 4]  # 1 and 2 were in the log already
    assert second["combinations"] == {"bettelmann": 5} and second["failures"] == []
    assert second["of"] == {"bettelmann": len(fuzz.combinations("bettelmann"))}
    (log,) = tmp_path.glob("ends-bettelmann-*.jsonl")
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["index"] for r in rows) == [0, 1, 2, 3, 4]
    assert all(len(r["moves"]) == 2 and all(m > 0 for m in r["moves"]) for r in rows)
    assert second["most_moves"] == max(m for r in rows for m in r["moves"])


def test_a_failure_is_logged_and_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz, "OUT", tmp_path)

    def never_ends(name: str, options: dict, seed: int, bots: bool) -> int:
        raise AssertionError(f"{name} seed {seed}: no end")

    monkeypatch.setattr(fuzz, "assert_ends", never_ends)
    report = fuzz.ends(["clock"], (0, 1), workers=1)
    assert report["failures"] == ["clock seed 0: no end", "clock seed 0: no end"]
    assert report["games"] == {"clock": 2} and report["most_moves"] == 0


def test_the_log_is_keyed_by_the_code_the_game_plays_with() -> None:
    """A combination's log row stands for the code that played it: the sources playing the game loads
    (its rules, the model, the bots, the harness), not those it never loads (the solver, the CLI)."""
    sources = {p.resolve().relative_to(fuzz.ROOT).as_posix() for p in fuzz.played_sources("drogue")}
    assert {"engine/oldtricks/model.py", "engine/oldtricks/games/drogue/game.py"} <= sources
    assert {"engine/oldtricks/games/drogue/bot.py", "tests/test_game_ends.py"} <= sources
    assert not {"engine/oldtricks/games/drogue/solver.py", "engine/oldtricks/cli.py"} & sources
    assert not any("bettelmann" in s or "druzbart" in s for s in sources)
    assert fuzz.play_fingerprint("drogue") != fuzz.play_fingerprint("clock")
