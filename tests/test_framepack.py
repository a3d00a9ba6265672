"""The frames' transport form (oldtricks.scenarios.framepack): patches undo exactly, on every scenario and on
arbitrary JSON, and they pay for themselves."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SCENARIOS, scenario_files
from oldtricks.scenarios.framepack import apply_patch, decode_frames, encode_frames, make_patch, pack, read_page, unpack
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

FILES = scenario_files()

# JSON values like frames': objects with ordinary keys, lists, strings that look like cards
keys = st.sampled_from(["seat", "hand", "cards", "count", "note", "ids", "a", "b", "constructor", "__proto__"])
scalars = st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["7A", "UL", "KH", "AS", "", "~x"])
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=8) | st.dictionaries(keys, inner, max_size=5), max_leaves=30
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_every_scenario_decodes_to_its_frames(path: Path) -> None:
    frames = replay(load(path, SCENARIOS)).frames()
    stored = json.loads(json.dumps(encode_frames(frames)))  # as it travels: JSON
    assert decode_frames(stored) == frames
    assert stored[0] == frames[0]


def test_patches_pay_for_themselves_on_a_page() -> None:
    """A page's viewers, packed together: patched frames take under two thirds of whole ones."""
    frames = [replay(load(path, SCENARIOS)).frames() for path in sorted((SCENARIOS / "bettelmann").glob("*.toml"))]
    whole, patched = len(pack(frames)), len(pack([encode_frames(f) for f in frames]))
    assert patched * 3 < whole * 2, (patched, whole)


@settings(max_examples=200, deadline=None)
@given(values, values)
def test_a_patch_turns_old_into_new_and_leaves_old_alone(old: Any, new: Any) -> None:
    before = copy.deepcopy(old)
    patch = json.loads(json.dumps(make_patch(old, new)))
    assert apply_patch(old, patch) == new
    assert old == before


@settings(max_examples=100, deadline=None)  # real frames: every scenario's, above
@given(st.lists(st.dictionaries(keys, values, min_size=1, max_size=5), min_size=1, max_size=6))
def test_sequences_round_trip(frames: list[dict[str, Any]]) -> None:
    assert decode_frames(json.loads(json.dumps(encode_frames(frames)))) == frames


def test_the_shortest_form_is_chosen() -> None:
    pile = ["UL", "8A", "7L", "AH", "8B", "OL", "9A", "7B"]
    # a card leaves the top and two go under: the old run is kept by reference
    assert make_patch(pile, [*pile[1:], "9H", "UL"]) == {"~s": [[], 1, 7, ["9H", "UL"]]}
    hand = {"cards": pile, "count": 8}
    assert make_patch({"turn": 0, "hand": hand}, {"turn": 1, "hand": hand}) == {"~d": {"turn": 1}}
    assert make_patch({"note": "a long note", "b": 2}, {"note": "a long note"}) == {"~x": ["b"]}
    assert make_patch([1, 2], "x") == "x"


def test_reserved_keys_are_refused_with_their_place() -> None:
    with pytest.raises(ValueError, match=r"frame 1\.seats\[0\]: key '~d'"):
        encode_frames([{"seats": []}, {"seats": [{"~d": 1}]}])


def test_pack_is_reproducible_and_strict() -> None:
    data = {"frames": encode_frames(replay(load(SCENARIOS / "bettelmann" / "basics.toml", SCENARIOS)).frames())}
    assert pack(data) == pack(json.loads(json.dumps(data)))
    assert unpack(pack(data)) == data
    with pytest.raises(ValueError, match=r"base64|Incorrect padding"):
        unpack("not base64!")


def test_read_page_merges_shared_options_and_rules() -> None:
    sc = load(SCENARIOS / "bettelmann" / "tie-pierer.toml", SCENARIOS)
    frames = replay(sc).frames()
    option = {"key": "tie", "title": "Ties", "default": "first", "choices": []}
    rule = {"url": None, "status": "disputed", "title": "Ties"}
    own = {
        "id": sc.id,
        "game": "bettelmann",
        "frames": encode_frames(frames),
        "option_values": {"tie": "pierer"},
        "rule_ids": ["bettelmann.tie"],
    }
    block = {
        "packed": pack(
            {
                "games": {"bettelmann": [option]},
                "rules": {"bettelmann.tie": rule},
                "viewers": {sc.id: own},
                "patched": True,
            }
        )
    }
    data = read_page(block)[sc.id]
    assert data["frames"] == frames
    assert data["options"] == [dict(option, value="pierer")]
    assert data["rules"] == {"bettelmann.tie": rule}


def test_read_page_adds_the_later_viewers_from_their_file() -> None:
    sc = load(SCENARIOS / "bettelmann" / "tie-pierer.toml", SCENARIOS)
    frames = replay(sc).frames()
    option = {"key": "tie", "title": "Ties", "default": "first", "choices": []}
    own = {"id": sc.id, "game": "bettelmann", "frames": encode_frames(frames), "option_values": {}}
    first = {"games": {"bettelmann": [option]}, "rules": {}, "viewers": {"a": own}, "patched": True}
    block = {"packed": pack(first), "more": "_static/oldtricks/frames/x.json"}
    more = {"packed": pack({"viewers": {"b": own}, "patched": True})}
    both = read_page(block, more)
    assert list(both) == ["a", "b"] and both["b"]["frames"] == frames == both["a"]["frames"]
    with pytest.raises(ValueError, match=r"later viewers are in _static/oldtricks/frames/x\.json"):
        read_page(block)
