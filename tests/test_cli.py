"""The command line: python -m oldtricks games|replay|check|coverage|simulate|play."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SCENARIOS
from oldtricks.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_json_lists_options_defaults_and_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    data = {g["name"]: g for g in json.loads(out)}
    assert code == 0 and {"bettelmann", "todundleben"} <= set(data)
    tie = next(o for o in data["bettelmann"]["options"] if o["key"] == "tie")
    assert tie["default"] == "pierer"
    assert {c["status"] for c in tie["choices"]} == {"disputed"}
    assert {r["id"] for r in data["bettelmann"]["rules"]} >= {"bettelmann.rank", "todundleben.end"}


def test_games_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "pierer* [disputed]" in out


def test_replay_json_has_frames_and_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "bettelmann" / "tie-pierer.toml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["result"]["scenario"] == "bettelmann/tie-pierer"
    first = data["result"]["tricks"][0]
    assert first == {"trick": 1, "leader": 1, "cards": [[1, "9H"], [0, "9A"]], "winner": None}
    assert len(data["frames"]) == data["result"]["steps"] + 1


def test_replay_viewer_hides_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "bettelmann" / "basics.toml"), "--json", "--viewer", "0")
    frame = json.loads(out)["frames"][0]
    assert code == 0 and frame["viewer"] == 0
    assert set(frame["seats"][1]["hand"]["cards"]) == {"??"}


def test_replay_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "bettelmann" / "basics.toml"))
    assert code == 0 and "North turns up the Nine of Hearts." in out


def test_check_passes_on_the_scenarios(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, "check")
    assert code == 0 and " 0 failed" in out


def test_check_fails_on_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "scenarios" / "bettelmann"
    bad.mkdir(parents=True)
    shutil.copy(SCENARIOS / "bettelmann" / "basics.toml", bad / "ok.toml")
    (bad / "broken.toml").write_text('title = "x"\ngame = "bettelmann"\n[deal]\nseed = 1\n[[step]]\nmove = "XX"\n')
    code, out, _ = run(capsys, "check", str(tmp_path / "scenarios"))
    assert code == 1
    assert f"{bad / 'broken.toml'}:5: step 1: bad card 'XX'" in out
    assert "1 passed, 1 failed" in out


def test_check_fails_on_a_wrong_expectation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (SCENARIOS / "bettelmann" / "basics.toml").read_text().replace("winners = [0, 1, 1, 0]", "winners = [1]")
    (tmp_path / "w.toml").write_text(text)
    code, out, _ = run(capsys, "check", str(tmp_path / "w.toml"))
    assert code == 1 and "trick 1: expected seat 1 to win, got seat 0" in out


def test_coverage_passes_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "coverage", str(SCENARIOS), "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] and not data["missing_rules"]
    shutil.copy(SCENARIOS / "bettelmann" / "basics.toml", tmp_path / "basics.toml")
    code, out, _ = run(capsys, "coverage", str(tmp_path))
    assert code == 1 and "NOT DEMONSTRATED" in out and "bettelmann.cycle" in out


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "bettelmann", "--games", "20", "--seed", "4", "--json", "--option", "tie=first-player"
    )
    data = json.loads(out)
    assert code == 0 and data["games"] == 20 and data["options"]["tie"] == "first-player"
    assert sum(data["outcomes"].values()) == 20
    assert data["tricks"]["min"] <= data["tricks"]["median"] <= data["tricks"]["max"]
    assert sum(b["games"] for b in data["tricks"]["histogram"]) == 20
    _, again, _ = run(
        capsys, "simulate", "bettelmann", "--games", "20", "--seed", "4", "--json", "--option", "tie=first-player"
    )
    assert again == out


def test_simulate_finds_endless_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "bettelmann",
        "--games",
        "1",
        "--seed",
        "98",
        "--json",
        *[
            f"--option={o}"
            for o in ("return_order=play-order", "tie=first-player", "next_lead=fixed", "last_three=off", "cap=0")
        ],
    )
    data = json.loads(out)
    assert code == 0
    assert data["endless"] == 1 and data["cycle_lengths"] == {"32": 1}


def test_bad_option_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "bettelmann", "--option", "tie=coin", "--games", "1")
    assert code == 2 and "error: option 'tie' cannot be 'coin'" in err
    code, _, err = run(capsys, "simulate", "bettelmann", "--option", "tie", "--games", "1")
    assert code == 2 and "expected KEY=VALUE" in err


def test_play_in_the_terminal() -> None:
    from oldtricks.cli.terminal import play_in_terminal

    answers = iter(["help", "moves", "XX", "", "", "quit"])
    out: list[str] = []
    play_in_terminal("bettelmann", {}, 3, 0, read=lambda _: next(answers), write=out.append)
    text = "\n".join(out)
    assert "You are South" in text and "legal:" in text and "bad card 'XX'" in text
    assert "turns up the" in text


def test_play_to_the_end_with_enter() -> None:
    from oldtricks.cli.terminal import play_in_terminal

    out: list[str] = []
    play_in_terminal("bettelmann", {"last_three": "off", "cap": 50}, 3, 1, read=lambda _: "", write=out.append)
    assert "Stopped after the agreed 50 tricks" in out[-1] or "Beggar" in out[-1]


@pytest.mark.parametrize("args", [["games"], ["check", "scenarios"]])
def test_runs_on_the_bare_tree(args: list[str]) -> None:
    """`PYTHONPATH=engine python3 -m oldtricks ...` needs nothing installed."""
    proc = subprocess.run(
        [sys.executable, "-m", "oldtricks", *args],
        cwd=ROOT,
        env={"PYTHONPATH": "engine"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def test_play_against_strong_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from oldtricks.cli.terminal import play_in_terminal

    answers = iter(["", "quit"])
    out: list[str] = []
    # West leads the first trick: the strong bots as West and East play until North's turn
    play_in_terminal("druzbart", {}, 4, 2, read=lambda _: next(answers), write=out.append, level="strong")
    assert "You are North" in out[0]
    assert any(line.startswith("  West") for line in out[1:3])  # the strong West moved before North
    with pytest.raises(SystemExit):
        main(["play", "druzbart", "--level", "expert"])
    assert "invalid choice: 'expert'" in capsys.readouterr().err
