"""The long sweep of every option combination (tests/fuzz.py --ends) can be split and resumed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import fuzz


@pytest.fixture(autouse=True)
def no_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The sweeps here read and write a record of their own, never the repository's."""
    path = tmp_path / "record" / "fuzz-ends.json"
    path.parent.mkdir()
    monkeypatch.setattr(fuzz, "RECORD", path)
    return path


def test_a_split_sweep_resumes_from_its_log_and_reports_the_whole_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fuzz, "OUT", tmp_path)
    played = _counting(monkeypatch)
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

    def never_ends(name: str, options: dict[str, Any], seed: int, bots: bool) -> int:
        raise AssertionError(f"{name} seed {seed}: no end")

    monkeypatch.setattr(fuzz, "assert_ends", never_ends)
    report = fuzz.ends(["clock"], (0, 1), workers=1)
    assert report["failures"] == ["clock seed 0: no end", "clock seed 0: no end"]
    assert report["games"] == {"clock": 2} and report["most_moves"] == 0


def test_the_log_is_keyed_by_the_code_the_game_plays_with() -> None:
    """A combination's log row stands for the code that played it: the sources playing the game loads
    (its rules, the model, the bots, the harness), not those it never loads (the solver, the CLI)."""
    sources = {p.resolve().relative_to(fuzz.ROOT).as_posix() for p in fuzz.played_sources("drogue")}
    assert {"engine/oldtricks/core/game.py", "engine/oldtricks/games/drogue/game.py"} <= sources
    assert {"engine/oldtricks/games/drogue/bots.py", "tests/test_game_ends.py"} <= sources
    assert not {"engine/oldtricks/games/drogue/solver.py", "engine/oldtricks/cli/main.py"} & sources
    assert not any("bettelmann" in s or "druzbart" in s for s in sources)
    assert fuzz.play_fingerprint("drogue") != fuzz.play_fingerprint("clock")


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The combinations the sweep plays, in order (each played for real)."""
    played: list[int] = []
    real = fuzz.play_combination

    def counting(job: tuple[str, int]) -> dict[str, Any]:
        played.append(job[1])
        return real(job)

    monkeypatch.setattr(fuzz, "play_combination", counting)
    return played


def test_a_sweep_carried_in_the_record_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_record: Path
) -> None:
    """--ends-record: a fresh clone (no log) skips what the record holds for the same code and counts it."""
    monkeypatch.setattr(fuzz, "OUT", tmp_path / "first")
    (tmp_path / "first").mkdir()
    played = _counting(monkeypatch)
    first = fuzz.ends(["bettelmann"], (0, 3), workers=1, record=True)
    kept = json.loads(no_record.read_text())["bettelmann"]
    assert kept["played"] == ["0:3"] and kept["games"] == 6
    assert kept["code"] == fuzz.play_fingerprint("bettelmann")[:12]
    assert kept["most_moves"] == first["most_moves"] > 0 and kept["failures"] == []
    assert kept["combinations"] == len(fuzz.combinations("bettelmann"))
    assert kept["sources"] == fuzz.sources("bettelmann") and fuzz.changed_since(kept) == []

    monkeypatch.setattr(fuzz, "OUT", tmp_path / "fresh")  # another machine: no log
    (tmp_path / "fresh").mkdir()
    second = fuzz.ends(["bettelmann"], (0, 5), workers=1, record=True)
    assert played == [0, 1, 2, 3, 4]  # 0 to 2 came from the record
    assert second["combinations"] == {"bettelmann": 5} and second["games"] == {"bettelmann": 10}
    assert json.loads(no_record.read_text())["bettelmann"]["played"] == ["0:5"]

    no_record.write_text(json.dumps({"bettelmann": {**kept, "code": "0" * 12}}))  # other code played it
    monkeypatch.setattr(fuzz, "OUT", tmp_path / "stale")
    (tmp_path / "stale").mkdir()
    third = fuzz.ends(["bettelmann"], (0, 2), workers=1)
    assert played[5:] == [0, 1] and third["combinations"] == {"bettelmann": 2}


def test_a_recorded_failure_is_reported_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz, "OUT", tmp_path)
    entry = {
        "code": fuzz.play_fingerprint("clock")[:12],
        "played": ["0:1"],
        "games": 2,
        "most_moves": 9,
        "failures": ["clock seed 0: no end"],
    }
    fuzz.RECORD.write_text(json.dumps({"clock": entry}))
    report = fuzz.ends(["clock"], (0, 1), workers=1)
    assert report["failures"] == ["clock seed 0: no end"] and report["most_moves"] == 9


def test_spans() -> None:
    assert fuzz.spans([]) == [] and fuzz.spanned([]) == set()
    assert fuzz.spans([5, 0, 1, 2, 6, 9, 2]) == ["0:3", "5:7", "9:10"]
    assert fuzz.spanned(fuzz.spans([5, 0, 1, 2, 6, 9, 2])) == {0, 1, 2, 5, 6, 9}


def _committed() -> dict[str, Any]:
    """The repository's record (fuzz.RECORD points elsewhere in these tests: the no_record fixture)."""
    committed: dict[str, Any] = json.loads((fuzz.ROOT / "tests" / "fuzz-ends.json").read_text(encoding="utf-8"))
    return committed


def test_the_committed_record_holds_whole_combinations_and_no_failure() -> None:
    """What tests/fuzz-ends.json says was played, each combination twice, found every game ending."""
    kept = _committed()
    assert set(kept) <= set(fuzz.GAMES) and kept
    for name, entry in kept.items():
        played = fuzz.spanned(entry["played"])
        assert played and max(played) < entry["combinations"], name
        assert entry["failures"] == [] and entry["games"] == 2 * len(played), name
        assert entry["most_moves"] > 0 and len(entry["code"]) == 12, name


def test_the_committed_record_covers_every_combination_of_every_game() -> None:
    """Issue 12's claim: every game, under every option combination its code accepted, was played to its
    end, by the code the record names. Where today's code is that code, the count is today's; where it is
    older (a new option or value, another default), the suite's summary says so, names today's count, and
    the sample below plays today's code (``nox -s fuzz -- --ends-only --ends-game NAME --ends-record`` sweeps
    it again)."""
    kept = _committed()
    assert sorted(kept) == sorted(fuzz.GAMES)
    for name, entry in kept.items():
        recorded = entry["combinations"]
        assert fuzz.spanned(entry["played"]) == set(range(recorded)), f"{name}: not every combination was played"
        if not fuzz.changed_since(entry):
            total = len(fuzz.combinations(name))
            assert recorded == total, f"{name}: the record counts {recorded}, today's code {total}"


def test_a_log_cut_short_by_a_kill_goes_on_without_its_last_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cut row is played again and the log goes on; a line damaged before the last is an error."""
    monkeypatch.setattr(fuzz, "OUT", tmp_path)
    played = _counting(monkeypatch)
    fuzz.ends(["bettelmann"], (0, 3), workers=1)
    (log,) = tmp_path.glob("ends-bettelmann-*.jsonl")
    text = log.read_text()
    log.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 12])  # row 2 cut off in the middle
    report = fuzz.ends(["bettelmann"], (0, 4), workers=1)
    assert played == [0, 1, 2, 2, 3] and report["combinations"] == {"bettelmann": 4}
    lines = log.read_text().splitlines()
    assert lines[2] == text[text.rindex("\n", 0, len(text) - 1) + 1 :][:11]  # the cut line stays, ended
    assert [json.loads(line)["index"] for line in lines[:2] + lines[3:]] == [0, 1, 2, 3]
    log.write_text("{broken\n" + log.read_text())
    with pytest.raises(json.JSONDecodeError):
        fuzz.ends(["bettelmann"], (0, 4), workers=1)


def test_the_committed_record_names_the_code_it_holds_for() -> None:
    """Each game's entry names the files of the code that swept it, by git blob id; where they are all
    unchanged today, they hash to the entry's code, so the list is the whole of that code."""
    for name, entry in _committed().items():
        assert entry["sources"] and all(p.startswith(("engine/oldtricks/", "tests/")) for p in entry["sources"]), name
        assert all(len(blob) == 40 for blob in entry["sources"].values()), name
        if not fuzz.changed_since(entry):
            assert fuzz._fingerprint(fuzz.ROOT / p for p in entry["sources"])[:12] == entry["code"], name


def test_the_record_says_whether_todays_code_is_the_code_it_holds_for(no_record: Path) -> None:
    prng, seats = "engine/oldtricks/core/prng.py", "engine/oldtricks/core/seats.py"
    today = {path: fuzz.blob_id(fuzz.ROOT / path) for path in (prng, seats)}
    clock = len(fuzz.combinations("clock"))
    entry = {"code": "c0de", "updated": "2026-12-06", "sources": today, "combinations": clock}
    older = {**entry, "sources": {**today, seats: "0" * 40, "engine/oldtricks/gone.py": "1" * 40}}
    assert fuzz.changed_since(entry) == [] and fuzz.changed_since(older) == [seats, "engine/oldtricks/gone.py"]
    no_record.write_text(json.dumps({"clock": entry, "drogue": older}))
    assert fuzz.record_summary() == [
        "clock: every combination swept on code c0de (2026-12-06), today's code",
        f"drogue: every combination swept on code c0de (2026-12-06), older code: 2 file(s) changed since: {seats}, "
        f"engine/oldtricks/gone.py; it swept {clock:,} combinations, today's code has "
        f"{len(fuzz.combinations('drogue')):,}",
    ]


# -- today's code: a seeded sample of every game's combinations, every run --------------------------------
@pytest.mark.parametrize(("name", "part"), [(name, part) for name in fuzz.SAMPLE for part in range(fuzz.PARTS[name])])
def test_a_sample_of_every_games_combinations_ends_on_todays_code(name: str, part: int) -> None:
    """What the sweep asks of every combination (tests/test_game_ends.py's ``assert_ends``), asked here of
    a few hundred of each game's, on the code of this run: each combination played once, by random play
    or by the bots in turn, seeded as the sweep seeds it. Where the record's sample is today's code's,
    the moves are the ones it holds."""
    moves = fuzz.play_sample_part((name, part))
    kept = _committed()[name].get("sample")
    if kept and not fuzz.changed_since(kept):  # else the test below fails, naming the command that writes it
        assert moves == kept["moves"][part], f"{name} part {part}: {moves:,} moves, recorded {kept['moves'][part]:,}"


@pytest.mark.parametrize("name", sorted(fuzz.GAMES))
def test_the_record_holds_the_sample_of_todays_code(name: str) -> None:
    """Issue 29: the committed record says which code it holds for. Each game's sample in it was played by
    today's code, or this fails with the files changed since and the command that plays it again."""
    stale = fuzz.stale_sample(name, _committed()[name])
    assert stale is None, stale


def test_a_record_of_older_code_is_named_stale_with_the_command_that_plays_it_again() -> None:
    entry = _committed()["clock"]
    today = fuzz.play_fingerprint("clock")[:12]
    seats = "engine/oldtricks/core/seats.py"
    older = {**entry["sample"], "code": "0" * 12, "sources": {**entry["sample"]["sources"], seats: "0" * 40}}
    stale = fuzz.stale_sample("clock", {**entry, "sample": older})
    assert stale is not None and stale.startswith(f"tests/fuzz-ends.json holds clock's sample for code {'0' * 12} (")
    assert f"today's code is {today}: 1 file(s) changed since: {seats}. " in stale and fuzz.REGENERATE in stale
    stale = fuzz.stale_sample("clock", {})
    assert stale is not None and fuzz.REGENERATE in stale
    assert fuzz.REGENERATE == "nox -s fuzz -- --ends-sample --ends-record"


def test_the_sample_is_written_to_the_record_for_todays_code(
    tmp_path: Path, no_record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--ends-sample --ends-record`` writes each game's sample beside its sweep, which it keeps; a sweep
    written later keeps the sample."""
    monkeypatch.setattr(fuzz, "OUT", tmp_path)
    no_record.write_text(json.dumps({"clock": {**_committed()["clock"], "sample": {"code": "old"}}}))
    monkeypatch.setattr(fuzz, "SAMPLE", {**fuzz.SAMPLE, "clock": 3})
    assert fuzz.main(["--ends-sample", "--ends-record", "--ends-game", "clock"]) == 0
    kept = json.loads(no_record.read_text())["clock"]
    assert kept["code"] == _committed()["clock"]["code"] and kept["played"] == _committed()["clock"]["played"]
    assert kept["sample"]["code"] == fuzz.play_fingerprint("clock")[:12] and kept["sample"]["combinations"] == 3
    assert kept["sample"]["moves"] == [fuzz.play_sample_part(("clock", 0))] and kept["sample"]["sources"]
    assert fuzz.stale_sample("clock", kept) is None
    fuzz.ends(["clock"], (0, 1), workers=1, record=True)
    assert json.loads(no_record.read_text())["clock"]["sample"] == kept["sample"]


def test_the_sample_covers_every_game_a_few_hundred_times() -> None:
    assert sorted(fuzz.SAMPLE) == sorted(fuzz.GAMES)
    for name in fuzz.SAMPLE:
        picked = fuzz.sample(name)
        assert len(set(picked)) == len(picked) == min(fuzz.SAMPLE[name], len(fuzz.combinations(name))) >= 80
        parts = fuzz.PARTS[name]
        assert sorted(k for part in range(parts) for k in picked[part::parts]) == picked
