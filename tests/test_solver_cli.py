"""``python -m oldtricks analyse``: the solver's values for a scenario's step, and a deal's double-dummy table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oldtricks import make_game
from oldtricks.cli.main import main
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

ROOT = Path(__file__).resolve().parents[1]
DROGUE = ROOT / "scenarios" / "drogue" / "example.toml"
CLOCK = ROOT / "scenarios" / "clock" / "deal.toml"
DRUZBART = ROOT / "scenarios" / "druzbart" / "basics.toml"
BETTELMANN = ROOT / "scenarios" / "bettelmann" / "basics.toml"
CLOCK_FIVE = (
    ROOT / "scenarios" / "clock" / "end-five.toml"
)  # nine cards each: the table in a second (deal.toml's 12: a minute)


def test_analyse_json_lists_every_legal_move_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(DROGUE), "--step", "30", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"step", "to_move", "measure", "note", "moves", "ahead"}
    assert data["ahead"] == 0  # valued to the deal's end, not a first look
    assert data["step"] == 30
    state = replay(load(DROGUE, ROOT / "scenarios")).line.states[30]
    game = make_game("drogue", load(DROGUE, ROOT / "scenarios").options)
    assert data["to_move"] == state.turn
    assert sorted(m["move"] for m in data["moves"]) == sorted(str(m) for m in game.legal_moves(state))
    values = [m["value"] for m in data["moves"]]
    assert values == sorted(values, reverse=True)
    assert all(isinstance(m["line"], list) and m["line"] for m in data["moves"])


def test_analyse_prints_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(CLOCK), "--step", "27"]) == 0
    out = capsys.readouterr().out
    assert "no single best play" in out
    assert "playing their best against" in out


def test_table_json_has_each_trump_and_maker(capsys: pytest.CaptureFixture[str]) -> None:
    # all-pass.toml's second deal solves in seconds; the worked example's deal took half a minute
    assert (
        main(["analyse", str(ROOT / "scenarios" / "drogue" / "all-pass.toml"), "--step", "10", "--table", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert set(data["trumps"]) == set("CDHS")
    assert all(sum(points) == 120 for points in data["trumps"].values())
    assert set(data["makers"]) == {"0", "1", "2", "3"}
    assert data["step"] == 10


@pytest.mark.parametrize(("path", "seats"), [(DRUZBART, 4), (CLOCK_FIVE, 3)])
def test_table_of_druzbart_and_clock_has_a_row_per_leader(
    path: Path, seats: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """The text: the measure, a head line of sides, a row per seat leading first; the JSON: the same
    numbers, of the deal as dealt (step 3 is the deal's, not the cards left)."""
    assert main(["analyse", str(path), "--step", "3", "--table"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Step 3. Tricks each")
    assert lines[1].startswith("First lead")
    rows = lines[2 : 2 + seats]
    assert [row.split()[1] for row in rows] == ["leads"] * seats
    assert main(["analyse", str(path), "--step", "3", "--table", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["step"] == 3 and len(data["tricks"]) == seats
    assert data["table"]["cells"] == data["tricks"]
    assert [[int(v) for v in row.split()[-len(data["tricks"][0]) :]] for row in rows] == data["tricks"]
    rp = replay(load(path, ROOT / "scenarios"))
    assert data["tricks"] == [list(r) for r in rp.game.double_dummy_table(rp.line.states[0]).cells]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--step", "999"], "--step must be from 0 to"),
        (["--step", "0"], "once trump is named"),
        (["--table", "--step", "0", "BETTELMANN"], "Bettelmann has no double-dummy table"),
    ],
)
def test_bad_requests_are_clear_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(BETTELMANN if "BETTELMANN" in args else DROGUE)
    assert main(["analyse", path, *[a for a in args if a != "BETTELMANN"]]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_analyse_bettelmann_names_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "scenarios" / "bettelmann" / "endless.toml"
    assert main(["analyse", str(path), "--step", "118", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(m["move"], m["outcome"], m["value"]) for m in data["moves"]] == [("7A", "endless", 0)]
    assert "repeats itself" in data["moves"][0]["text"]
    assert main(["analyse", str(ROOT / "scenarios" / "bettelmann" / "last-three.toml"), "--step", "0"]) == 2
    assert "too many choices ahead to solve" in capsys.readouterr().err
