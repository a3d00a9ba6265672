"""Scenario files written by the engine (oldtricks.scenarios.export): to_toml round-trips through the scenario
reader for any spec, and a line played live becomes a file that `check` accepts."""

from __future__ import annotations

import json
import string
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import SCENARIOS, scenario_files
from oldtricks.cli.main import main
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES, make_game
from oldtricks.live import api as live
from oldtricks.scenarios.checks import check
from oldtricks.scenarios.export import expectations, line_spec, to_toml
from oldtricks.scenarios.replay import Line, replay
from oldtricks.scenarios.scenario import from_spec, load, loads

TRICKY = [
    '"""',
    "''' '",
    '"',
    "\\",
    '\\"""',
    'a"""b""""',
    "\n",
    "\r\n",
    "\r",
    "\t",
    "\x00",
    "\x1f",
    "\x7f",
    "\u2028",
    "\u00e9t\u00e9",
    "\U0001f0a1",
    "# not a comment",
    "[deal]",
    "key = 1",
    " ",
    '"\n"',
]
text = st.one_of(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=40),
    st.lists(st.sampled_from(TRICKY), min_size=1, max_size=6).map("".join),
    st.tuples(st.text(max_size=8), st.sampled_from(TRICKY), st.text(max_size=8)).map("".join),
)
nonempty = text.filter(bool)
ident = st.text(string.ascii_lowercase + string.digits + ".-", min_size=1, max_size=20)
value = st.one_of(st.booleans(), st.integers(-(2**63), 2**63 - 1), text)
seat = st.integers(0, 9)


@st.composite
def steps(draw: st.DrawFn) -> dict[str, Any]:
    step: dict[str, Any] = {}
    kind = draw(st.sampled_from(["none", "one", "many", "auto", "ask"]))
    if kind in ("one", "ask"):
        step["moves"] = [draw(nonempty)]
    elif kind == "many":
        step["moves"] = draw(st.lists(nonempty, min_size=2, max_size=5))
    elif kind == "auto":
        step["auto"] = draw(st.one_of(st.integers(1, 500), st.sampled_from(["trick", "end"])))
    for key in ("note", "wrong", "hint"):
        if draw(st.booleans()):
            step[key] = draw(nonempty)
    if draw(st.booleans()):
        step["ids"] = draw(st.lists(ident, min_size=1, max_size=3))
    if kind == "ask":
        step["ask"] = True
    return step


@st.composite
def specs(draw: st.DrawFn) -> dict[str, Any]:
    """Specs as Scenario.spec() writes them (well-formed structure; the game need not be playable)."""
    deal: dict[str, Any] = {"dealer": draw(seat)}
    if draw(st.booleans()):
        deal["seed"] = draw(st.integers(0, 2**64 - 1))
    else:
        deal["hands"] = draw(st.lists(text, min_size=1, max_size=4))
    spec: dict[str, Any] = {
        "game": draw(text),
        "title": draw(nonempty),
        "options": draw(st.dictionaries(nonempty, value, max_size=4)),
        "deal": deal,
        "steps": draw(st.lists(steps(), max_size=6)),
    }
    if draw(st.booleans()):
        spec["description"] = draw(nonempty)
    if draw(st.booleans()):
        spec["viewer"] = draw(seat)
    if draw(st.booleans()):
        # a name is 1 to 40 characters, not blank (scenario.NAME_LIMIT, as links carry them)
        spec["names"] = draw(
            st.lists(text.filter(lambda name: name.strip() != "" and len(name) <= 40), min_size=1, max_size=4)
        )
    if draw(st.booleans()):
        spec["demonstrates"] = draw(st.lists(ident, min_size=1, max_size=3))
    if draw(st.booleans()):
        expect = {
            "winners": draw(st.lists(st.one_of(seat, st.just("tie")), min_size=1, max_size=8)),
            "tricks": draw(st.integers(0, 99)),
            "steps": draw(st.integers(0, 999)),
        }
        if draw(st.booleans()):
            expect["outcome"] = {
                "kind": draw(st.sampled_from(["win", "draw", "endless", "capped"])),
                "winners": draw(st.lists(seat, max_size=2)),
                "cycle": draw(st.integers(1, 99)),
            }
        spec["expect"] = expect
    return spec


@settings(max_examples=400, deadline=None)
@given(specs())
def test_to_toml_round_trips_any_spec(spec: dict[str, Any]) -> None:
    text = to_toml(spec)
    back = loads(text, "<exported>", "x").spec()
    back.pop("id")
    assert back == spec, text


@given(nonempty)
@example("0\n")  # a key ending in a newline once passed for a bare key ("$" matches before it)
def test_notes_come_back_exactly_and_never_break_out_of_their_string(note: str) -> None:
    spec = {
        "game": "bettelmann",
        "title": note,
        "options": {note: note},
        "deal": {"dealer": 0, "seed": 1},
        "steps": [{"note": note}, {"moves": ["9H"], "note": note, "hint": note}],
    }
    data = tomllib.loads(to_toml(spec))
    assert set(data) == {"title", "game", "options", "deal", "step"}
    assert data["step"][0] == {"note": note}
    assert data["title"] == note
    assert data["options"] == {note: note}


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_every_scenario_file_round_trips(path: Path) -> None:
    sc = load(path, SCENARIOS)
    spec = sc.spec()
    back = loads(to_toml(spec), str(path), sc.id).spec()
    assert back == spec
    assert replay(from_spec(back)).frames() == replay(sc).frames()


def test_values_a_file_cannot_hold_are_refused() -> None:
    with pytest.raises(TypeError, match="float"):
        to_toml({"game": "g", "title": "t", "options": {"x": 1.5}, "deal": {"seed": 1}})
    with pytest.raises(ValueError, match="surrogate"):
        to_toml({"game": "g", "title": "\ud800", "deal": {"seed": 1}})


def random_line(name: str, seed: int, moves: int) -> tuple[dict[str, Any], Line]:
    game = make_game(name)
    spec: dict[str, Any] = {
        "game": name,
        "title": f"Random {name}",
        "options": {},
        "deal": {"dealer": 0, "seed": seed},
        "steps": [],
    }
    out = json.loads(live.open_table("export", json.dumps(spec), "{}"))
    assert out["ok"]
    line = live._TABLES["export"]
    rng = Rng(seed)
    for _ in range(moves):
        legal = game.legal_moves(line.states[-1])
        if not legal:
            break
        line.push(legal[rng.below(len(legal))])
    return spec, line


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**64 - 1), st.integers(0, 60), st.data())
def test_a_line_played_live_exports_to_a_file_that_check_accepts(
    name: str, seed: int, moves: int, data: st.DataObject
) -> None:
    base, line = random_line(name, seed, moves)
    last = len(line.states) - 1
    for at in data.draw(st.lists(st.integers(0, last), max_size=4)):
        line.notes[at] = [data.draw(nonempty)]
    spec = {**line_spec(base, line), "expect": expectations(line)}
    sc = loads(to_toml(spec), "<exported>", "exported")
    assert check(sc) == []
    rp = replay(sc)
    assert rp.frames() == line.frames()


def test_the_downloaded_file_passes_the_cli_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sc = load(SCENARIOS / "bettelmann" / "last-three.toml", SCENARIOS)
    live.open_table("cli", json.dumps(sc.spec()), "{}")
    assert json.loads(live.play("cli", 27, "TL", "[1]"))["ok"]
    note = {"key": "cli", "step": 28, "text": 'He said """no"""\n\n<b>'}
    assert json.loads(live.call("table_note", json.dumps(note)))["ok"]
    out = json.loads(live.call("scenario_toml", json.dumps({"key": "cli"})))
    assert out["ok"] and out["name"] == "with-three-cards-left-look-and-choose.toml"
    path = tmp_path / out["name"]
    path.write_text(out["toml"], encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert load(path).steps[-2].note == 'He said """no"""\n\n<b>'


def test_cli_turns_a_link_into_a_scenario_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sc = load(SCENARIOS / "druzbart" / "basics.toml", SCENARIOS)
    assert main(["link", "encode", str(sc.path), "--step", "3", "--base", "https://example.org/s.html"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://example.org/s.html#v1;g=druzbart;")
    assert main(["link", "decode", url, "--toml"]) == 0
    path = tmp_path / "from-link.toml"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert replay(load(path)).frames() == replay(sc).frames()
