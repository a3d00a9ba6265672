"""The site's scripts held to the measure test_sizes.py holds the Python to (issue 29, item 8): at most 400
lines a module, and no function over 60, from the line its parameters open on to the line of its closing
brace (nested functions count in the one that holds them, and each on its own too). A classic script's
wrapper, the function called where it is written at the start of a line (``(function () {`` or ``(() => {``
to ``})();``), is its module's scope, not a function: the functions inside it are measured.

There is no JavaScript parser among the test's tools, so the functions are found by the braces: strings,
template literals, regular expressions and comments are blanked out, and a ``{`` is a function's body when
``=>`` comes before it, or a ``)`` whose ``(`` follows a name that is not ``if``, ``for``, ``while``,
``switch``, ``catch`` or ``with`` (a function, a method, a getter)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT

MODULE_LINES = 400
FUNCTION_LINES = 60
SCRIPTS = ROOT / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
WRAPPER = re.compile(r"\((function\s*|)\(\)\s*(=>\s*)?\{\s*$")  # a classic script's `(function () {`, `(() => {`
NOT_CALLS = {"if", "for", "while", "switch", "catch", "with", "return", "typeof", "await", "in", "of"}
# after one of these (or at the start), a `/` opens a regular expression, not a division
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
AFTER_WORD = re.compile(r"\b(return|typeof)\s*$")  # and after these words


def blank(source: str) -> str:
    """``source`` with the text of its strings, template literals, regular expressions and comments
    replaced by spaces (line breaks kept), so that only the code's own brackets are left."""
    out = list(source)
    i, n = 0, len(source)
    last = ""  # the last character of code before i, not a space
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
        elif c in "\"'`" or (c == "/" and (last in REGEX_AFTER or AFTER_WORD.search(source[i - 12 : i]))):
            end = _closing(source, i)
        else:
            if not c.isspace():
                last = c
            i += 1
            continue
        for k in range(i, end):
            if out[k] != "\n":
                out[k] = " "
        last = "x"  # a string or a regular expression is a value
        i = end
    return "".join(out)


def _closing(source: str, start: int) -> int:
    """Where the string, template literal or regular expression that opens at ``start`` ends (after it)."""
    quote, i, in_class = source[start], start + 1, False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if quote == "/" and c == "[":
            in_class = True
        elif quote == "/" and c == "]":
            in_class = False
        elif c == quote and not in_class:
            return i + 1
        elif c == "\n" and quote != "`":
            return i  # not what it seemed (an unclosed string, a division): it ends with its line
        i += 1
    return i


def functions(source: str) -> list[tuple[int, int]]:
    """Each function of ``source`` as (first line, last line), 1-based."""
    code = blank(source)
    line_at = [0] * (len(code) + 1)
    line = 1
    for i, c in enumerate(code):
        line_at[i] = line
        line += c == "\n"
    parens: list[int] = []
    opened: dict[int, int] = {}  # a `)`'s position -> its `(`'s
    braces: list[int | None] = []  # each open `{`: the line its function starts on, None if not a function
    found = []
    for i, c in enumerate(code):
        if c == "(":
            parens.append(i)
        elif c == ")" and parens:
            opened[i] = parens.pop()
        elif c == "{":
            braces.append(_function_start(code, i, opened, line_at))
        elif c == "}" and braces:
            start = braces.pop()
            if start is not None:
                found.append((start, line_at[i]))
    return sorted(found)


def _function_start(code: str, brace: int, opened: dict[int, int], line_at: list[int]) -> int | None:
    """The line the function whose body opens at ``brace`` starts on, or None for a block or an object."""
    j = _back(code, brace)
    if code[j - 1 : j + 1] == "=>":
        j = _back(code, j - 1)
        return line_at[opened[j]] if code[j] == ")" and j in opened else line_at[j]  # (params) or one bare name
    if code[j] == ")" and j in opened:
        paren = opened[j]
        name = re.search(r"([A-Za-z_$][\w$]*)\s*$", code[max(0, paren - 80) : paren])
        if name and name.group(1) not in NOT_CALLS:  # `function (`, `function f(`, `f(`, `get f(`
            return line_at[paren]
    return None


def _back(code: str, i: int) -> int:
    """The position of the last character before ``i`` that is not a space."""
    i -= 1
    while i > 0 and code[i].isspace():
        i -= 1
    return i


def too_long(source: str, path: str) -> list[str]:
    """What in ``source`` is over the limits: the module, then each function, as ``path:line: ...``."""
    found = []
    lines = len(source.splitlines())
    if lines > MODULE_LINES:
        found.append(f"{path}: {lines} lines, more than {MODULE_LINES}")
    starts = source.splitlines()
    for first, last in functions(source):
        if WRAPPER.match(starts[first - 1]):
            continue
        if last - first + 1 > FUNCTION_LINES:
            found.append(f"{path}:{first}: a function of {last - first + 1} lines, more than {FUNCTION_LINES}")
    return found


def test_the_measure_finds_functions_methods_and_arrows_and_not_blocks_or_objects() -> None:
    source = "\n".join(
        [
            'import { a } from "./a.js";',  # 1
            "export function f(x) {",  # 2
            "  if (x) { return `${x}}`; }",  # 3: a block, and a brace in a template literal
            '  const o = {k: "{", re: /[{]/};',  # 4: an object; braces in a string and a regular expression
            "  const g = (y) => {",  # 5
            "    return y / 2; // }",  # 6: a division, a brace in a comment
            "  };",  # 7
            "  return g;",  # 8
            "}",  # 9
            "class C {",  # 10
            "  get v() { return 1; }",  # 11
            "  m(a,",  # 12
            "    b) {",  # 13
            "    for (const k of a) { b(k); }",  # 14
            "    return function () { return 0; };",  # 15
            "  }",  # 16
            "}",  # 17
            "const h = z => { return z; };",  # 18
        ]
    )
    assert functions(source) == [(2, 9), (5, 7), (11, 11), (12, 16), (15, 15), (18, 18)]


def test_the_measure_finds_a_long_module_and_a_long_function() -> None:
    body = "".join(f"  x{i}();\n" for i in range(58))
    assert too_long(f"function f() {{\n{body}}}\n", "m.js") == []  # f: 60 lines
    assert too_long(f"function f() {{\n  y();\n{body}}}\n", "m.js") == ["m.js:1: a function of 61 lines, more than 60"]
    wrapped = f"(function () {{\n  function g() {{\n  y();\n{body}  }}\n{body}}})();\n"
    assert too_long(wrapped, "m.js") == ["m.js:2: a function of 61 lines, more than 60"]  # g, not the wrapper
    assert too_long("x();\n" * 400, "m.js") == []
    assert too_long("x();\n" * 401, "m.js") == ["m.js: 401 lines, more than 400"]


@pytest.mark.parametrize("path", sorted(SCRIPTS.rglob("*.js")), ids=lambda p: p.relative_to(SCRIPTS).as_posix())
def test_no_script_over_400_lines_and_no_function_over_60(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    found = too_long(path.read_text(encoding="utf-8"), name)
    assert found == [], "split it by job: " + "; ".join(found)
