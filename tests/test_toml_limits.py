"""Scenario input in linear time: a key or table header of more dotted parts than the limit is refused
before the TOML parser reads it (the parser, and the notes of each key's line, take time that grows with
the square of a key's parts), while dots inside strings and comments are never counted. The speed
itself is measured by ``bench/toml_bench.py``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from tomllib import _parser as stdlib_parser  # type: ignore[attr-defined]  # typeshed has no stub of this private module

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oldtricks.core import tomlread
from oldtricks.core.tomlread import KEY_PARTS, TomlError, read
from oldtricks.errors import ScenarioError
from oldtricks.scenarios.scenario import loads
from oldtricks.scenarios.studyfile import check_study
from oldtricks.scenarios.studyfile import loads as study_loads

TOP = 'title = "t"\ngame = "bettelmann"\n\n[deal]\nseed = 5\n\n'


def _dotted(parts: int, name: str = "a", dot: str = ".") -> str:
    return dot.join([name] * parts)


def test_a_header_of_twenty_thousand_parts_in_forty_kilobytes_is_refused_at_its_line() -> None:
    text = TOP + f"[{_dotted(20_000)}]\nx = 1\n"
    assert len(text) > 40_000
    with pytest.raises(ScenarioError) as err:
        loads(text, "long.toml")
    assert str(err.value) == f"long.toml:7: not valid TOML: a key or table header of more than {KEY_PARTS} dotted parts"


STUDY = 'title = "A study"\n\n[[chapter]]\ntitle = "t"\ngame = "bettelmann"\n\n[chapter.deal]\nseed = 5\n\n'


def test_a_study_file_goes_through_the_same_reader_and_is_refused_at_its_line(tmp_path: Path) -> None:
    text = STUDY + f"[chapter.{_dotted(20_000)}]\nx = 1\n"
    assert len(text) > 40_000
    message = f"study.toml:10: not valid TOML: a key or table header of more than {KEY_PARTS} dotted parts"
    with pytest.raises(ScenarioError) as err:
        study_loads(text, "study.toml")
    assert str(err.value) == message
    path = tmp_path / "study.toml"
    path.write_text(text, encoding="utf-8")
    assert check_study(path) == [message.replace("study.toml", str(path), 1)]


# Each shape of key the parser reads: a table, an array of tables, a dotted key, a key inside an inline
# table, quoted parts, dots set apart by spaces.
SHAPES = {
    "table": lambda n: f"[{_dotted(n)}]\nx = 1\n",
    "array of tables": lambda n: f"[[{_dotted(n)}]]\nx = 1\n",
    "dotted key": lambda n: f"{_dotted(n)} = 1\n",
    "inline table": lambda n: f"x = {{ y = 1, {_dotted(n)} = 2 }}\n",
    "quoted parts": lambda n: f'["{_dotted(n, "a", chr(34) + "." + chr(34))}"]\n',
    "spaced dots": lambda n: f"[{_dotted(n, 'a', ' . ')}]\n",
}


@pytest.fixture
def longest_key(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The most parts of any key the standard library's parser reads while the test runs."""
    seen = [0]
    parse_key = stdlib_parser.parse_key

    def counted(src: str, pos: int) -> tuple[int, tuple[str, ...]]:
        pos, key = parse_key(src, pos)
        seen[0] = max(seen[0], len(key))
        return pos, key

    monkeypatch.setattr(stdlib_parser, "parse_key", counted)
    return seen


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("parts", [KEY_PARTS + 1, 20_000])
def test_the_parser_never_reads_a_key_longer_than_the_limit(shape: str, parts: int, longest_key: list[int]) -> None:
    with pytest.raises(TomlError, match="dotted parts") as err:
        read("x0 = 1\n" + SHAPES[shape](parts))
    assert err.value.line == 2 and longest_key[0] <= 1


@pytest.mark.parametrize("shape", SHAPES)
def test_a_key_of_the_limit_is_read(shape: str, longest_key: list[int]) -> None:
    text = SHAPES[shape](KEY_PARTS)
    data, _ = read(text)
    assert data == tomllib.loads(text) and longest_key[0] == KEY_PARTS


def test_the_lines_of_a_header_at_the_limit_are_noted_for_every_prefix() -> None:
    _, lines = read("x = 1\n\n" + SHAPES["table"](KEY_PARTS))
    assert lines[_dotted(KEY_PARTS)] == 3 and lines["a"] == 3 and lines[_dotted(KEY_PARTS) + ".x"] == 4


# -- dots in strings and comments are text, never key parts -----------------------------------------
def _forms(text: str) -> list[str]:
    """``text`` written as every TOML string that can hold it."""
    forms = ['"' + json.dumps(text)[1:-1] + '"']
    forms.append('"""' + text.replace("\\", "\\\\").replace('"', '\\"') + '"""')
    if "'" not in text and "\n" not in text:
        forms.append(f"'{text}'")
    if "''" not in text and not text.endswith("'"):
        forms.append(f"'''{text}'''")
    return forms


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=".'\"\\#=[]{},\n ab1", max_size=80), st.text(alphabet=".'\"#=[]{}, ab", max_size=80))
def test_dots_in_strings_and_comments_are_never_counted(text: str, comment: str) -> None:
    dots = "." * (KEY_PARTS + 3)
    for value in _forms(text + dots):
        toml = f"[t.u]\nk = {value} # {comment}{dots}\nv = [{value}, {{ w = {value} }}] #{dots}\n"
        assert read(toml)[0] == tomllib.loads(toml)


def test_a_multi_line_string_may_end_in_quotes_and_keep_its_dots_its_own() -> None:
    dots = "." * (KEY_PARTS + 3)
    for toml in (f'x = """a""""\ny = "{dots}"\n', f"x = '''a'''''\ny = '{dots}'\n", f'x = "a\\"{dots}"\n'):
        assert read(toml)[0] == tomllib.loads(toml)
    with pytest.raises(TomlError, match="Unescaped"):  # the check steps over it: the parser refuses it
        read('x = """a\\')


def test_without_the_parser_rules_a_long_key_is_refused_all_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tomlread, "_parser", lambda: None)
    with pytest.raises(TomlError, match="dotted parts"):
        read(SHAPES["table"](20_000))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="a.'\"\\#=[]{},\n ", max_size=60))
def test_any_text_is_read_or_refused_with_a_line(text: str) -> None:
    try:
        data = read(text)[0]
    except TomlError as err:
        line = err.line
        assert line is None or 1 <= line <= text.count("\n") + 1
    else:
        assert data == tomllib.loads(text)
