"""Transcripts: what they write, and that they read back exactly what was written."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oldtricks.scenarios import transcript
from oldtricks.scenarios.transcript import TranscriptError, parse, render

KEYS = st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True)
SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
JSONS = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3), max_leaves=8
)


def test_the_module_examples() -> None:
    assert doctest.testmod(transcript).failed == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a shared, busy machine
@given(st.dictionaries(KEYS, JSONS, max_size=4), st.lists(st.dictionaries(KEYS, JSONS, max_size=5), max_size=4))
def test_any_json_frames_read_back_exactly(result: dict[str, Any], views: list[dict[str, Any]]) -> None:
    frames = [{"step": i, **view} for i, view in enumerate(views)]
    assert parse(render(result, frames)) == (result, frames)


def test_the_view_is_written_where_it_changed_and_the_frame_fields_at_every_step() -> None:
    frames: list[dict[str, Any]] = [
        {"step": 0, "move": None, "events": [], "hand": ["9H", "UL"], "table": []},
        {"step": 1, "move": "9H", "events": ["North plays the Nine."], "hand": ["UL"], "table": [{"card": "9H"}]},
        {"step": 2, "move": "UL", "events": [], "hand": ["UL"], "table": [{"card": "9H"}]},
    ]
    text = render({}, frames)
    step1, step2 = (block.strip().split("\n") for block in text.split("== step 1 ==\n")[1].split("== step 2 =="))
    assert step1 == [
        'move = "9H"',
        'events[0] = "North plays the Nine."',
        'hand = ["UL"]',
        'table[0].card = "9H"',
        "- table",
    ]
    assert step2 == ['move = "UL"', "events = []"]
    assert parse(text)[1] == frames


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("== step 0 ==\nmove\n", "line 2: neither a step header"),
        ("== step 0 ==\nmove = 9H\n", "move: not JSON"),
        ("- hand\n", "line 1: a removal before the first step"),
        ("== step 0 ==\nhand[1] = 1\n", "list indexes [1] are not 0..0"),
        ("== step 0 ==\nhand..x = 1\n", "'hand..x' is not a transcript path"),
    ],
)
def test_a_damaged_transcript_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(TranscriptError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        parse(text)


def test_a_key_that_a_path_cannot_hold_is_refused() -> None:
    with pytest.raises(TranscriptError, match="key 'a b' cannot be written"):
        render({}, [{"step": 0, "view": {"a b": 1}}])
