"""Share links: every game round-trips exactly; a mangled link raises LinkError and nothing else."""

from __future__ import annotations

import contextlib
import json
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SCENARIOS, scenario_files
from oldtricks.cli.main import main
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES, make_game
from oldtricks.errors import LinkError
from oldtricks.live import api as live
from oldtricks.scenarios.links import decode, decode_replay, encode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec, load

FILES = scenario_files()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_scenario_links_round_trip(path: Path) -> None:
    sc = load(path, SCENARIOS)
    link = encode(sc.spec())
    assert replay(from_spec(decode(link))).frames() == replay(sc).frames()
    assert encode(decode(link)) == link


def random_spec(name: str, data: st.DataObject) -> dict[str, Any]:
    cls = GAMES[name]
    options = {s.key: data.draw(st.sampled_from([c.value for c in s.choices])) for s in cls.option_specs if s.choices}
    game = make_game(name, options)
    seed = data.draw(st.integers(0, 2**64 - 1))
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    moves: list[str] = []
    for _ in range(data.draw(st.integers(0, 80))):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = legal[rng.below(len(legal))]
        state, _ = game.apply(state, move)
        moves.append(str(move))
    notes = data.draw(st.dictionaries(st.integers(0, len(moves)), st.text(max_size=40), max_size=3))
    steps: list[dict[str, Any]] = [{"moves": [m]} for m in moves]
    for at, text in notes.items():
        if at > 0:
            steps[at - 1]["note"] = text
    if 0 in notes:
        steps.insert(0, {"note": notes[0]})
    return {
        "game": name,
        "title": "t",
        "options": options,
        "deal": {"dealer": 0, "seed": seed},
        "steps": steps,
        "at": data.draw(st.integers(0, len(moves))),
        "viewer": data.draw(st.integers(0, game.num_seats - 1)),
    }


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_round_trip(name: str, data: st.DataObject) -> None:
    spec = random_spec(name, data)
    link = encode(spec)
    back = decode(link)
    assert back["at"] == spec["at"] and back["viewer"] == spec["viewer"]
    assert replay(from_spec(back)).frames() == replay(from_spec(spec)).frames()


SAMPLE = encode(load(SCENARIOS / "bettelmann" / "tie-pierer.toml", SCENARIOS).spec() | {"at": 3})


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=string.printable + "éü#;=~*", max_size=200))
def test_fuzzed_strings_raise_only_link_errors(text: str) -> None:
    with contextlib.suppress(LinkError):  # any other exception fails the test
        decode(text)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(SAMPLE) - 1), st.text(alphabet=string.printable, min_size=0, max_size=6), st.integers(0, 6))
def test_mangled_links_raise_only_link_errors(at: int, insert: str, cut: int) -> None:
    mangled = SAMPLE[:at] + insert + SAMPLE[at + cut :]
    try:
        decode(mangled)
    except LinkError as exc:
        message = str(exc)
    else:
        message = "decoded"
    assert message


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("", "not an oldtricks game link"),
        ("v9;g=bettelmann;r=1", "another version"),
        ("v1;g=poker;r=1", "does not know"),
        ("v1;g=bettelmann", "exactly one deal"),
        ("v1;g=bettelmann;r=1;h=UA", "exactly one deal"),
        ("v1;g=bettelmann;r=x", "should be a number"),
        ("v1;g=bettelmann;r=1;o=tie:coin", "options do not fit"),
        ("v1;g=bettelmann;r=1;m=ZZ", "is not legal"),
        ("v1;g=bettelmann;r=1;m=*100000", "no forced move"),
        ("v1;g=bettelmann;r=1;s=99", "out of range"),
        ("v1;g=bettelmann;h=UAU", "half a card"),
        ("v1;g=bettelmann;h=UA_7A", "deal is not possible"),
        ("v1;g=bettelmann;r=1;n=1~%%%", "characters a link never contains"),
        ("v1;g=bettelmann;r=1;i=0~poker.rule", "rule the explorer does not know"),
        ("v1;g=bettelmann;r=1;x=1", "unexpected part"),
        ("v1;g=bettelmann;r=1;q=1", "question is incomplete"),
        ("v1;g=bettelmann;r=1;r=2", "appears twice"),
    ],
)
def test_clear_messages(link: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        decode(link)


def test_hostile_note_survives_as_text() -> None:
    spec = load(SCENARIOS / "bettelmann" / "basics.toml", SCENARIOS).spec()
    spec["steps"][0]["note"] = "<img src=x onerror=alert(1)>"
    frames = decode_replay(encode(spec))["frames"]
    assert frames[0]["note"] == "<img src=x onerror=alert(1)>"


def test_a_whole_game_with_a_long_forced_run_is_short() -> None:
    link = encode(load(SCENARIOS / "bettelmann" / "endless.toml", SCENARIOS).spec())
    assert "m=*126" in link


def test_cli_encode_then_decode_equals_replay(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "bettelmann" / "tie-pierer.toml")
    assert main(["link", "encode", path, "--step", "2", "--viewer", "1"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("sandbox/bettelmann.html#v1;g=bettelmann;") and ";s=2;v=1" in url
    assert main(["link", "decode", url, "--json"]) == 0
    decoded = json.loads(capsys.readouterr().out)
    assert main(["replay", path, "--json", "--viewer", "1"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert decoded["frames"] == replayed["frames"]
    assert decoded["result"]["tricks"] == replayed["result"]["tricks"]
    assert main(["link", "decode", "v1;g=poker;r=1"]) == 2
    assert "does not know" in capsys.readouterr().err


def test_live_link_ops() -> None:
    spec = load(SCENARIOS / "bettelmann" / "basics.toml", SCENARIOS).spec()
    link = json.loads(live.call("link_encode", json.dumps({"spec": spec})))["link"]
    assert json.loads(live.call("link_decode", json.dumps({"link": link})))["spec"]["game"] == "bettelmann"
    bad = json.loads(live.call("link_decode", json.dumps({"link": "v1;g=x;r=1"})))
    assert bad["ok"] is False and "does not know" in bad["error"]
