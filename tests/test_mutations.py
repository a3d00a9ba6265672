"""Property tests: mutated real scenario files and share links give a clean error (``path:line:`` or a
link error) or a working game, never a traceback (the edits: tests/mutate.py). ``nox -s fuzz`` runs the
same judges on 100,000 inputs of each kind."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mutate import _has_line, judge_file, judge_link, mutate_link, mutate_text, seed_files, seed_links
from oldtricks.errors import ScenarioError

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(rng=st.randoms(use_true_random=False), index=st.integers(0, 10_000))
def test_mutated_scenario_files_give_clean_errors(rng: random.Random, index: int) -> None:
    files = seed_files()
    _name, text = files[index % len(files)]
    assert judge_file(mutate_text(rng, text)) in ("accepted", "refused", "fails check")


@SETTINGS
@given(rng=st.randoms(use_true_random=False), index=st.integers(0, 10_000))
def test_mangled_links_give_link_errors_or_working_games(rng: random.Random, index: int) -> None:
    links = seed_links()
    assert judge_link(mutate_link(rng, links[index % len(links)])) in ("accepted", "refused")


@settings(max_examples=40, deadline=None)
@given(index=st.integers(0, 10_000))
def test_every_real_link_round_trips_through_a_scenario_file(index: int) -> None:
    links = seed_links()
    assert judge_link(links[index % len(links)]) == "accepted"


def test_the_judges_catch_an_error_without_a_line() -> None:
    """The file judge rejects an error that has no line, so it can fail."""

    with pytest.raises(AssertionError, match="no line"):
        _has_line(ScenarioError("x", "m.toml", None), "m.toml")
