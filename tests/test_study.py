"""Studies: chapters of games with questions, shared as one link or one file; exact round trips, and
bad input that names what is wrong while the readable chapters are still offered."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import SCENARIOS
from mutate import judge_study_link, mutate_study_link, seed_study_links
from oldtricks.cli.main import main
from oldtricks.core.registry import GAMES, make_game
from oldtricks.errors import StudyError
from oldtricks.live.studies import study_played_on
from oldtricks.scenarios.scenario import load
from oldtricks.scenarios.study import CHAPTER_LIMIT, Chapter, Study, decode, encode, read
from oldtricks.scenarios.studyfile import check_study, loads, to_toml

TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)


@st.composite
def chapters(draw: st.DrawFn) -> Chapter:
    """A chapter of a random game: a seeded deal, some moves, notes, and questions with other right moves."""
    name = draw(st.sampled_from(sorted(GAMES)))
    game = make_game(name)
    seed = draw(st.integers(0, 2**64 - 1))
    state = game.new_state(seed=seed)
    steps: list[dict[str, Any]] = []
    also: dict[int, list[str]] = {}
    for at in range(draw(st.integers(0, 12))):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        step: dict[str, Any] = {"moves": [str(move)], "note": draw(TEXT)}
        if len(legal) > 1 and draw(st.booleans()):
            step.update(ask=True, hint=draw(TEXT), wrong=draw(TEXT))
            others = [str(m) for m in legal if m != move]
            also[at] = draw(st.lists(st.sampled_from(others), unique=True, max_size=2))
        steps.append(step)
        state, _ = game.apply(state, move)
    title = draw(st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=20).filter(str.strip))
    spec: dict[str, Any] = {"game": name, "title": title, "deal": {"seed": seed}, "steps": steps}
    if bool(steps) and draw(st.booleans()):
        spec["at"] = draw(st.integers(0, len(steps)))
    return Chapter.of(spec, also)


studies = st.builds(
    Study,
    st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=40).filter(str.strip),
    TEXT,
    st.lists(chapters(), max_size=3).map(tuple),
)


@given(studies)
def test_a_study_link_round_trips_exactly(study: Study) -> None:
    link = encode(study)
    assert decode(link) == study
    assert encode(decode(link)) == link


@given(studies)
def test_link_file_link_is_exact(study: Study) -> None:
    link = encode(study)
    found = loads(to_toml(decode(link)), "study.toml")
    assert found.problems == ()
    assert encode(found.study) == link


def cap_chapter() -> Chapter:
    scenario = load(SCENARIOS / "druzbart/cap.toml", SCENARIOS)
    return Chapter.of(scenario.spec(), {7: ["9L"]})


def test_a_question_can_have_several_right_moves() -> None:
    questions = cap_chapter().questions()
    assert [q.step for q in questions] == [7, 13, 20]
    assert questions[0].answers == ("AH", "9L")
    assert questions[1].answers == ("9B",)


def test_another_right_move_is_played_on_as_its_own_right_line() -> None:
    chapter = cap_chapter()
    said = study_played_on({"link": chapter.link, "also": {"7": ["9L"]}, "step": 7})["played_on"]
    assert said["answer"]["move"] == "AH" and "9L" not in {t["move"] for t in said["tries"]}
    right = said["rights"]["9L"]
    assert right["move"] == "9L" and right["line"] != said["answer"]["line"]
    assert right["words"][0] != said["answer"]["words"][0]  # the reader's move first, not the line's


@pytest.mark.parametrize(
    ("also", "says"),
    [
        ({7: ["AH"]}, "given as a right move twice"),
        ({7: ["6L"]}, "not a legal move"),
        ({8: ["9L"]}, "asks no question"),
        ({7: ["9L", "9H", "KH", "9L", "9H", "KH", "9L", "9H"]}, "at most 8"),
    ],
)
def test_bad_other_right_moves_are_named(also: dict[int, list[str]], says: str) -> None:
    scenario = load(SCENARIOS / "druzbart/cap.toml", SCENARIOS)
    with pytest.raises(StudyError, match=says):
        Chapter.of(scenario.spec(), also)


def small_chapter(title: str = "A deal") -> Chapter:
    return Chapter.of({"game": "bettelmann", "title": title, "deal": {"seed": 42}, "steps": [{"auto": 2}]})


def test_a_damaged_chapter_is_named_and_the_others_are_offered() -> None:
    link = encode(Study("Three", "", (small_chapter("one"), cap_chapter(), small_chapter("three"))))
    parts = link.split("/")
    parts[2] = parts[2].replace(";m=", ";m=ZZ.", 1)
    found = read("/".join(parts))
    assert [c.title for c in found.study.chapters] == ["one", "three"]
    assert len(found.problems) == 1
    assert found.problems[0].startswith("chapter 2 cannot be read: the link's move 'ZZ' ('m=')")
    with pytest.raises(StudyError, match="chapter 2"):
        decode("/".join(parts))


def test_too_many_chapters_keep_the_first_ones() -> None:
    one = encode(Study("One", "", (small_chapter(),)))
    head, chapter = one.split("/")
    found = read("/".join([head] + [chapter] * (CHAPTER_LIMIT + 2)))
    assert len(found.study.chapters) == CHAPTER_LIMIT
    assert found.problems == (
        f"the study has {CHAPTER_LIMIT + 2} chapters, at most {CHAPTER_LIMIT}: the rest are left out",
    )


def test_a_damaged_title_gets_a_stand_in() -> None:
    found = read("s1;t=%%%/" + encode(Study("x", "", (small_chapter(),))).split("/")[1])
    assert found.study.title == "Study" and len(found.study.chapters) == 1
    assert "part 't'" in found.problems[0] or "('t=')" in found.problems[0]


@pytest.mark.parametrize(
    ("text", "says"),
    [("v1;g=bettelmann;r=1", "not an oldtricks study link"), ("s2;t=eA", "another version")],
)
def test_what_is_no_study_link_is_refused(text: str, says: str) -> None:
    with pytest.raises(StudyError, match=says):
        read(text)


def test_limits_of_the_study_itself() -> None:
    with pytest.raises(StudyError, match="title is 1 to 200"):
        Study("x" * 201)
    with pytest.raises(StudyError, match="at most 64 chapters"):
        Study("x", "", (small_chapter(),) * 65)


def test_a_study_file_names_the_line_and_chapter_and_keeps_the_rest(tmp_path: Path) -> None:
    study = Study("Two", "", (small_chapter("one"), cap_chapter()))
    text = to_toml(study).replace('move = "AH"', 'move = "6L"', 1)
    found = loads(text, "s.toml")
    assert [c.title for c in found.study.chapters] == ["one"]
    (problem,) = found.problems
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == 'move = "6L"')
    assert problem.startswith(f"s.toml:{line - 1}: chapter 2: step ")
    path = tmp_path / "s.toml"
    path.write_text(text.replace("also = [", "also = [3, "), encoding="utf-8")
    assert check_study(path)[0].startswith(f"{path}:")


def test_also_needs_a_question(tmp_path: Path) -> None:
    text = to_toml(Study("One", "", (small_chapter(),))).replace(
        'moves = ["9A", "KH"]', 'moves = ["9A", "KH"]\nalso = ["x"]'
    )
    (problem,) = loads(text, "s.toml").problems
    assert "chapter 1: step 1: 'also' is for a step with ask = true" in problem


def test_the_command_line_reads_studies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = encode(Study("Two", "Notes", (small_chapter(), cap_chapter())))
    assert main(["link", "decode", f"study.html#{link}"]) == 0
    assert "Two: 2 chapters" in capsys.readouterr().out
    assert main(["link", "decode", link, "--toml"]) == 0
    path = tmp_path / "two.toml"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["link", "encode", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"study.html#{link}"
    path.write_text(path.read_text(encoding="utf-8").replace("steps = 2", "steps = 3"), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert "two.toml:18: chapter 1: expected 3 steps, got 2" in capsys.readouterr().out


@pytest.mark.parametrize("index", range(60))
def test_mangled_study_links_give_errors_or_readable_chapters(index: int) -> None:
    rng = random.Random(index)
    links = seed_study_links()
    assert judge_study_link(mutate_study_link(rng, links[index % len(links)])) in ("accepted", "refused")


def test_every_seed_study_is_read_whole() -> None:
    assert all(judge_study_link(link) == "accepted" for link in seed_study_links())


def test_the_handout_tells_each_chapter_up_to_its_questions_and_leaves_room_to_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    link = encode(Study("Two", "Notes", (small_chapter("one"), cap_chapter())))
    assert main(["link", "decode", link, "--text"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Two\n\nNotes\n\n1. one (Bettelmann)\n")
    chapter = text.split("\n\n2. ")[1]
    assert chapter.startswith("The cap of deals: a game that stops undecided (Drużbart)\n")
    assert chapter.count("Answer: ____") == 3 and "Question at step 20: what should East play?" in chapter
    assert "Trick 1: West 7B, North OA, East OB, South TH; West takes it." in chapter
    assert "Trick 6" not in chapter  # after the last question: nothing that would give an answer away
