"""Lessons checked by the solver: the move a question asks for is the solver's one best move at the step
it is asked, every other legal move does worse, and a lesson about a target (Drogue's 41) reaches it
only with the answer. Every question leaves a choice (two legal moves at least: a question with one
legal card gives its answer away), and every other legal choice is played on with best play, in words."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from oldtricks.analysis.gamebook import played_on
from oldtricks.scenarios.replay import Replay, replay
from oldtricks.scenarios.scenario import load
from typed import analysis_of

ROOT = Path(__file__).resolve().parents[1] / "scenarios"

# (scenario, the value the answer must reach that every other move misses, or None)
LESSONS = [
    ("bettelmann/last-three-finish", None),
    ("bettelmann/last-three-three-cards", None),
    ("bettelmann/last-three-low-card", None),
    ("bettelmann/last-three-keep-ace", None),
    ("drogue/count-41", 41),
    ("drogue/example", None),
    ("drogue/order-bezique", None),
    ("drogue/order-natural", None),
    ("drogue/jack-is-trump", None),
    ("drogue/overtrump-must", None),
    ("drogue/guard-ace", None),
    ("druzbart/seven-gracz", None),
    ("druzbart/obers-beaters", None),
    ("druzbart/duds", None),
    ("clock/matador-in-time", None),
    ("druzbart/keep-matador", None),
]


@pytest.mark.parametrize(("name", "target"), LESSONS)
def test_a_lesson_asks_for_the_solvers_one_best_move(name: str, target: int | None) -> None:
    rp = _replayed(name)
    frames = rp.frames()
    asked = [i for i, frame in enumerate(frames) if frame.get("ask")]
    assert asked, name
    for step in asked:
        verdict = analysis_of(rp.game.analyse(rp.line.states[step]))
        best, *others = verdict.moves
        assert str(best.move) == frames[step]["ask"]["answer"], (name, step, verdict.as_json())
        # best first (Bettelmann: a win sooner, then no winner, then a loss later): any other value is worse
        worse = all((other.outcome, other.value) != (best.outcome, best.value) for other in others)
        assert others and worse, (name, step, verdict.as_json())
        if target is not None:
            assert best.value >= target > max(other.value for other in others), verdict.as_json()


# the scenarios that ask a question, found from their files (cheap to read); each replayed once, when a
# test first needs it (not at collection, which every worker of the run repeats)
QUESTIONS = [
    path.relative_to(ROOT).with_suffix("").as_posix()
    for path in sorted(ROOT.glob("*/*.toml"))
    if any(step.ask for step in load(path, ROOT).steps)
]


@functools.cache
def _replayed(name: str) -> Replay:
    return replay(load(ROOT / f"{name}.toml", ROOT))


def test_there_are_questions() -> None:
    assert sum(len(_replayed(name).line.asks) for name in QUESTIONS) >= 25


@pytest.mark.parametrize("name", QUESTIONS)
def test_every_question_leaves_a_choice(name: str) -> None:
    rp = _replayed(name)
    assert rp.line.asks, name
    for step, ask in rp.line.asks.items():
        legal = [str(m) for m in rp.game.legal_moves(rp.line.states[step])]
        assert ask["answer"] in legal, (name, step)
        assert len(legal) >= 2, f"{name}@{step}: {ask['answer']} is the only legal move, so the question answers itself"


@pytest.mark.parametrize("name", QUESTIONS)
def test_every_other_choice_is_played_on_in_words(name: str) -> None:
    rp = _replayed(name)
    game = rp.game
    for step, ask in rp.line.asks.items():
        state = rp.line.states[step]
        said = played_on(game, state, ask["answer"])
        if said is None:  # an auction, or too many choices ahead: the solver says so, the author's words stand
            continue
        legal = {str(m) for m in game.legal_moves(state)}
        assert {t["move"] for t in said["tries"]} == legal - {ask["answer"]}, (name, step)
        verdict = analysis_of(game.analyse(state))
        right = verdict.value_of(game.parse_move(state, ask["answer"]))
        assert right is not None
        for t in said["tries"]:
            after = state
            for move in [t["move"], *t["line"]]:  # the line is played on from the reader's card to the end
                after = game.apply(after, game.parse_move(after, move))[0]
            assert game.outcome(after) is not None or game.to_play(after) is None or t["line"], (name, step, t)
            other = verdict.value_of(game.parse_move(state, t["move"]))
            assert other is not None
            assert t["costs"] == ((other.value, other.outcome) != (right.value, right.outcome)), (name, step, t)
            assert other.text in t["text"], t["text"]
            assert right.text in t["text"] if t["costs"] else "comes to the same" in t["text"], t["text"]
            assert t["words"], (name, step, t)
            answer = right.move.card.name if right.move.card else str(right.move)
            assert answer not in t["text"], "the answer given away"
        assert right.text in said["answer"]["text"] and said["answer"]["words"]


# Questions held to their scenario's own rule: the first rule the scenario demonstrates, the one its title
# states. The worked example (drogue.example) is a trick of plays under other rules: its question is held
# to the rule of the play it asks for, one of those.
RULE_QUESTIONS = [
    "drogue/example",
    "drogue/order-bezique",
    "drogue/jack-is-trump",
    "drogue/overtrump-must",
    "druzbart/head",
    "druzbart/seven-gracz",
    "druzbart/obers-beaters",
]
OWN_RULE = {"drogue/example": "drogue.play.follow"}  # Ben's A♦ on trick 2, forced to beat the Nine (en forçant)


@pytest.mark.parametrize("name", RULE_QUESTIONS)
def test_a_question_is_refused_by_its_own_rule(name: str) -> None:
    """At each asked step, a card of the hand is refused by the scenario's own rule (the refusals a lesson
    frame carries, as live play gives them), and two legal cards at least remain: the rule narrows the
    choice and leaves one. A question whose refusals name only other rules tests a neighbouring rule."""
    sc = load(ROOT / f"{name}.toml", ROOT)
    rule = OWN_RULE.get(name) or sc.demonstrates[0]
    assert rule in sc.demonstrates, (name, rule)
    rp = replay(sc)
    frames = rp.frames()
    asked = [i for i, frame in enumerate(frames) if frame.get("ask")]
    assert asked, name
    for i in asked:
        frame = frames[i]
        named = {r["rule"] for r in frame["ask"]["refusals"]}
        assert rule in named, f"{name}@{frame['step']}: refused by {sorted(named)}, not by {rule}"
        assert len(frame["legal"]) >= 2, (name, frame["step"])
        # the rule the lessons page says the question trains (the answered step's ids) is that rule too
        assert rule in frames[i + 1]["ids"], (name, frame["step"], frames[i + 1]["ids"])
