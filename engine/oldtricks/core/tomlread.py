r"""TOML text read with the line of every table and key, taken from the parser's own positions.

:mod:`tomllib` returns plain dicts and keeps no positions. This module runs the standard library
parser's statement loop itself (the same rule functions, in the same order as ``tomllib.loads``) and
notes, before each statement, the parser's position in the text: so the line of a key is where the
parser read it, whatever strings, comments or arrays come before it. A file the parser refuses gives
a :class:`TomlError` with the line of the error (or of the statement that never ended).

Paths name tables and keys with dots; an array of tables is indexed from 0: ``deal.seed``,
``step.3``, ``step.3.move``, ``expect.outcome.kind``. The empty path ``""`` is line 1, the top of the
file, where a missing top-level key belongs.

>>> data, lines = read("title = 't'\n\n[[step]]\nmove = 'UA'\n[[step]]\nnote = '''a\n[[step]]'''\nauto = 2\n")
>>> data["step"][1]["auto"], lines["step.1"], lines["step.1.auto"]
(2, 5, 8)
"""

from __future__ import annotations

import re
import tomllib
from importlib import import_module
from typing import Any

_AT = re.compile(r"\s*\(at line (\d+), column \d+\)")
_END = re.compile(r"\s*\(at end of document\)")

KEY_PARTS = 16
"""The most dotted parts a key or table header may have (a scenario's longest, ``expect.outcome.kind``, has 3)."""

# What the key check stops at, and the four kinds of string it steps over whole. A string cut short by
# the end of its line or of the file ends there: the parser refuses it after the check.
_MARK = re.compile(r"""[.=,\[\]{}\n#"']""")
_STRINGS = (
    ('"""', re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*(?:""""?"?|\Z)', re.S)),
    ("'''", re.compile(r"'''.*?(?:''''?'?|\Z)", re.S)),
    ('"', re.compile(r'"(?:[^"\\\n]|\\.)*"?')),
    ("'", re.compile(r"'[^'\n]*'?")),
)


class TomlError(ValueError):
    """Text that is not TOML (or a value the parser cannot hold); ``line`` is where, when known."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.reason = message
        self.line = line


def _parser() -> Any:
    """The standard library's TOML rule functions (``tomllib._parser``), or None where they differ."""
    try:
        parser = import_module("tomllib._parser")
        for name in ("skip_chars", "skip_comment", "key_value_rule", "create_dict_rule", "create_list_rule"):
            getattr(parser, name)
        parser.parse_key, parser.suffixed_err, parser.make_safe_parse_float  # noqa: B018
        parser.TOML_WS, parser.KEY_INITIAL_CHARS, parser.Output, parser.NestedDict, parser.Flags  # noqa: B018
    except (ImportError, AttributeError):
        return None
    return parser


def _output(parser: Any) -> Any:
    try:
        return parser.Output(parser.NestedDict(), parser.Flags())  # CPython 3.11 to 3.13: a named tuple
    except TypeError:
        return parser.Output()  # later versions build their parts themselves


def read(text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The data of TOML ``text`` and the line of each table and key (see the module's docstring).

    Raises :class:`TomlError` with a line number for anything the parser refuses, for numbers too long
    to convert, and for values nested too deep to read.
    """
    src = text.replace("\r\n", "\n")
    _check_keys(src)
    parser = _parser()
    if parser is None:  # another parser inside tomllib: the data, and error lines only
        return _plain(src), {"": 1}
    lines: dict[str, int] = {"": 1}
    out = _output(parser)
    header: tuple[str, ...] = ()
    parse_float = parser.make_safe_parse_float(float)
    pos = counted = 0
    line = 1
    while True:
        pos = parser.skip_chars(src, pos, parser.TOML_WS)
        if pos >= len(src):
            break
        char = src[pos]
        if char == "\n":
            pos += 1
            continue
        line += src.count("\n", counted, pos)  # from the last statement on: each newline counted once
        counted = pos
        try:
            if char in parser.KEY_INITIAL_CHARS:
                _, key = parser.parse_key(src, pos)
                pos = parser.key_value_rule(src, pos, out, header, parse_float)
                base = _path(out.data.dict, header)
                for k in range(1, len(key) + 1):
                    lines.setdefault(".".join(filter(None, (base, *key[:k]))), line)
                pos = parser.skip_chars(src, pos, parser.TOML_WS)
            elif char == "[":
                out.flags.finalize_pending()
                if src.startswith("[[", pos):
                    pos, header = parser.create_list_rule(src, pos, out)
                else:
                    pos, header = parser.create_dict_rule(src, pos, out)
                for k in range(1, len(header) + 1):
                    lines.setdefault(_path(out.data.dict, header[:k]), line)
                pos = parser.skip_chars(src, pos, parser.TOML_WS)
            elif char != "#":
                raise parser.suffixed_err(src, pos, "Invalid statement")
            pos = parser.skip_comment(src, pos)
            if pos < len(src) and src[pos] != "\n":
                raise parser.suffixed_err(src, pos, "Expected newline or end of document after a statement")
        except tomllib.TOMLDecodeError as exc:
            raise _error(exc, line) from None
        except RecursionError:
            raise TomlError("a value is nested too deeply", line) from None
        except ValueError as exc:  # a whole number of thousands of digits: int() refuses it
            raise TomlError(f"a value cannot be read: {_short(str(exc))}", line) from None
        pos += 1
    return out.data.dict, lines


def _check_keys(src: str) -> None:
    r"""Refuse a key or table header of more than :data:`KEY_PARTS` dotted parts before the parser sees it.

    The parser builds a key one part at a time, and :func:`read` notes the path of every prefix of a
    header: both take time that grows with the square of the parts (one header of 20,000 parts in a 40 kB
    file took half a minute). This check looks at each character once. Outside strings and comments it
    counts the dots between two of ``= , [ ] { }`` and a newline: a key of n parts has n - 1 of them, a
    value at most one (``1.5``, ``07:32:00.5``). Raises :class:`TomlError` at the line of the dot too many.

    >>> _check_keys("[a.b.c]\nnote = '.' # ....... .........\nx = '''\n" + "." * 20 + "'''\n")
    >>> _check_keys("x = 1\n[" + ".".join("a" * 17) + "]")
    Traceback (most recent call last):
    oldtricks.core.tomlread.TomlError: a key or table header of more than 16 dotted parts
    """
    dots = pos = 0
    while mark := _MARK.search(src, pos):
        pos, char = mark.start(), mark.group()
        if char == ".":
            dots += 1
            if dots >= KEY_PARTS:
                line = src.count("\n", 0, pos) + 1
                raise TomlError(f"a key or table header of more than {KEY_PARTS} dotted parts", line)
            pos += 1
        elif char == "#":
            end = src.find("\n", pos)
            pos = len(src) if end < 0 else end
        elif char in "\"'":
            string = next(pattern for opening, pattern in _STRINGS if src.startswith(opening, pos))
            found = string.match(src, pos)
            pos = found.end() if found else len(src)  # a backslash ends the file inside a string
        else:
            dots = 0
            pos += 1


def _plain(src: str) -> dict[str, Any]:
    try:
        return tomllib.loads(src)
    except tomllib.TOMLDecodeError as exc:
        raise _error(exc, None) from None
    except RecursionError:
        raise TomlError("a value is nested too deeply", None) from None
    except ValueError as exc:
        raise TomlError(f"a value cannot be read: {_short(str(exc))}", None) from None


def _error(exc: tomllib.TOMLDecodeError, statement: int | None) -> TomlError:
    """The parser's error with its own line; where it says only "at end of document", the line of the
    statement it was reading (an unterminated string, a key given twice)."""
    text = str(exc)
    at = _AT.search(text)
    message = _END.sub("", _AT.sub("", text))
    if at:
        return TomlError(message, int(at.group(1)))
    return TomlError(message, statement)


def _short(text: str) -> str:
    return text.split(":", 1)[0] if len(text) > 80 else text


def _path(data: dict[str, Any], key: tuple[str, ...]) -> str:
    """The dotted path of a table's key, with the index of the current entry of each array of tables."""
    parts: list[str] = []
    node: Any = data
    for name in key:
        parts.append(name)
        node = node.get(name) if isinstance(node, dict) else None
        if isinstance(node, list) and node:
            parts.append(str(len(node) - 1))
            node = node[-1]
    return ".".join(parts)
