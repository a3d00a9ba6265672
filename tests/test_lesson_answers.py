"""Lessons checked by the solver: the move a question asks for is the solver's one best move at the step
it is asked, every other legal move does worse, and a lesson about a target (Drogue's 41) reaches it
only with the answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from oldtricks.replay import replay
from oldtricks.scenario import load

ROOT = Path(__file__).resolve().parents[1] / "scenarios"

# (scenario, the value the answer must reach that every other move misses, or None)
LESSONS = [
    ("bettelmann/last-three-finish", None),
    ("bettelmann/last-three-three-cards", None),
    ("bettelmann/last-three-low-card", None),
    ("bettelmann/last-three-keep-ace", None),
    ("drogue/count-41", 41),
    ("clock/matador-in-time", None),
    ("druzbart/keep-matador", None),
]


@pytest.mark.parametrize(("name", "target"), LESSONS)
def test_a_lesson_asks_for_the_solvers_one_best_move(name: str, target: int | None) -> None:
    rp = replay(load(ROOT / f"{name}.toml", ROOT))
    frames = rp.frames()
    asked = [i for i, frame in enumerate(frames) if frame.get("ask")]
    assert asked, name
    for step in asked:
        verdict = rp.game.analyse(rp.line.states[step])
        best, *others = verdict.moves
        assert str(best.move) == frames[step]["ask"]["answer"], (name, step, verdict.as_json())
        # best first (Bettelmann: a win sooner, then no winner, then a loss later): any other value is worse
        worse = all((other.outcome, other.value) != (best.outcome, best.value) for other in others)
        assert others and worse, (name, step, verdict.as_json())
        if target is not None:
            assert best.value >= target > max(other.value for other in others), verdict.as_json()
