"""Share links: a whole game — options, deal, moves, step, viewer, notes — in a URL fragment.

The engine owns both directions so that CPython and the browser (Pyodide) always agree. A link is
plain text, readable and compact (version 1)::

    v1;g=bettelmann;o=tie:first-player;d=0;r=42;m=*6.UA.*4;s=9;v=1;n=9~Tm90ZQ

Fields, separated by ``;``: ``g`` game; ``o`` options that differ from the defaults (``key:value``,
comma-separated); ``d`` dealer; the deal as ``r`` seed or ``h`` hands (each hand's cards written
together, hands separated by ``_``), and ``l`` hands fixed for later deals (as ``h``, deals separated
by ``~``); ``m`` the moves, ``.``-separated, spaces in a move written
``-`` and ``*N`` standing for N forced moves; ``s`` the step shown; ``v`` the viewing seat; ``n``
notes as ``step~base64url(text)``, comma-separated; ``i`` the ledger ids a step demonstrates
as ``step~id+id``, comma-separated; ``q`` lesson questions as ``step~base64url(wrong)~base64url(hint)``
(the answer is the move that follows that step); ``p`` the players' names, each base64url,
comma-separated; ``t`` a title in base64url. Only ``g`` and the
deal are required. Anything else raises :class:`LinkError` with a message fit for a reader.

>>> spec = decode("v1;g=bettelmann;d=0;r=42;m=*4;s=3")
>>> spec["game"], spec["deal"], spec["at"]
('bettelmann', {'dealer': 0, 'seed': 42}, 3)
>>> encode(spec)
'v1;g=bettelmann;d=0;r=42;m=*4;s=3'
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from typing import Any

from ..core.registry import GAMES, all_rules, make_game
from ..errors import IllegalMoveError, LinkError, OldtricksError
from .replay import PARAGRAPH, Line, replay, start
from .scenario import NAME_LIMIT, SEED_LIMIT, TEXT_LIMIT, TITLE_LIMIT, Scenario, from_spec

VERSION = "v1"
MAX_LENGTH = 20_000
_TOKEN = re.compile(r"[A-Za-z0-9\-_:,.*~|=+]*")  # matched whole (fullmatch): a trailing newline is refused
_DIGITS = re.compile(r"[0-9]{1,20}")  # ASCII digits: str.isdigit() also takes '²', which int() refuses
_FIELDS = {"g", "o", "d", "r", "h", "l", "m", "s", "v", "n", "i", "q", "p", "t"}


def _b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def _unb64(text: str, what: str, field: str, limit: int) -> str:
    """A text field: base64url of UTF-8, at most ``limit`` characters (the limit a scenario file has)."""
    try:
        value = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise LinkError(f"the link is damaged: its {what} ('{field}=') cannot be read", field=field) from None
    if len(value) > limit:
        raise LinkError(
            f"the link is damaged: its {what} ('{field}=') is {len(value)} characters long, at most {limit}",
            field=field,
        )
    return value


def _int(text: str, what: str, field: str, low: int = 0, high: int = SEED_LIMIT) -> int:
    if not _DIGITS.fullmatch(text):
        raise LinkError(
            f"the link is damaged: its {what} ('{field}=') should be a number, not {text[:20]!r}", field=field
        )
    value = int(text)
    if not low <= value <= high:
        raise LinkError(f"the link is damaged: its {what} ('{field}=') {value} is out of range", field=field)
    return value


def moves_of(line: Line) -> list[str]:
    """The moves of a line in link form: forced stretches folded into ``*N``."""
    out: list[str] = []
    forced = 0
    game = line.game
    for state, move in zip(line.states[:-1], line.moves[1:], strict=True):
        assert move is not None
        legal = game.legal_moves(state)
        if len(legal) == 1 and legal[0] == move:  # a lenient table may accept a move that is not the forced one
            forced += 1
            continue
        if forced:
            out.append(f"*{forced}")
            forced = 0
        out.append(str(move).replace(" ", "-"))
    if forced:
        out.append(f"*{forced}")
    return out


def encode(spec: Mapping[str, Any], *, line: Line | None = None) -> str:
    """The link text of a spec (the JSON form of a scenario, plus optional ``at``, the step shown).

    The spec's steps are replayed to find its moves, so the link holds each move that was a choice and
    counts the forced ones. Raises :class:`LinkError` when the link would be longer than
    :data:`MAX_LENGTH`, which :func:`decode` refuses.
    """
    scenario = from_spec(spec)
    if line is None:
        line = replay(scenario).line
    game = line.game
    parts = [VERSION, f"g={game.name}"]
    changed = [f"{k}:{v}" for k, v in game.options.items() if v != game.spec(k).default]
    if changed:
        parts.append("o=" + ",".join(changed))
    parts.append(f"d={scenario.dealer}")
    if scenario.hands is not None:
        hands = [game.pack.parse_many(h) for h in scenario.hands]
        parts.append("h=" + "_".join("".join(map(str, hand)) for hand in hands))
    else:
        parts.append(f"r={scenario.seed or 0}")
    if scenario.later:
        deals = [[game.pack.parse_many(h) for h in hands] for hands in scenario.later]
        parts.append("l=" + "~".join("_".join("".join(map(str, hand)) for hand in hands) for hands in deals))
    moves = moves_of(line)
    if moves:
        parts.append("m=" + ".".join(moves))
    step = spec.get("at")
    if isinstance(step, int) and step != len(line.states) - 1:  # no 's': the last step
        parts.append(f"s={step}")
    viewer = spec.get("viewer")
    if isinstance(viewer, int):
        parts.append(f"v={viewer}")
    if line.notes:
        # several notes on one step are shown as paragraphs, as in the frames
        parts.append("n=" + ",".join(f"{k}~{_b64(PARAGRAPH.join(v))}" for k, v in sorted(line.notes.items())))
    if line.ids:
        parts.append("i=" + ",".join(f"{k}~{'+'.join(v)}" for k, v in sorted(line.ids.items())))
    if line.asks:
        parts.append("q=" + ",".join(f"{k}~{_b64(a['wrong'])}~{_b64(a['hint'])}" for k, a in sorted(line.asks.items())))
    if scenario.names:
        parts.append("p=" + ",".join(_b64(name) for name in scenario.names))
    if spec.get("title") and spec["title"] != game.title:
        parts.append("t=" + _b64(str(spec["title"])))
    link = ";".join(parts)
    if len(link) > MAX_LENGTH:  # decode refuses it: say so here, where the game is shared
        raise LinkError(
            f"this game is too long to share as a link ({len(link)} characters, at most {MAX_LENGTH}):"
            " shorten the notes or the moves, or share the scenario file"
        )
    return link


def _fields(text: str) -> dict[str, str]:
    raw = text.strip()
    if "#" in raw:
        raw = raw.split("#", 1)[1]
    if len(raw) > MAX_LENGTH:
        raise LinkError(f"the link is too long ({len(raw)} characters; at most {MAX_LENGTH})")
    parts = raw.split(";")
    if parts[0] != VERSION:
        if re.fullmatch(r"v\d+", parts[0]):
            raise LinkError(f"this link was made by another version of the explorer ({parts[0]}); it reads {VERSION}")
        raise LinkError("this is not an oldtricks game link (it should start with 'v1;')")
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in _FIELDS:
            raise LinkError(f"the link is damaged: unexpected part {part[:30]!r}")
        if key in fields:
            raise LinkError(f"the link is damaged: {key!r} appears twice", field=key)
        if not _TOKEN.fullmatch(value):
            raise LinkError(f"the link is damaged: part {key!r} has characters a link never contains", field=key)
        fields[key] = value
    if "g" not in fields:
        raise LinkError("the link does not say which game it is (no 'g=')")
    if ("r" in fields) == ("h" in fields):
        raise LinkError("the link needs exactly one deal: a seed ('r=') or the hands ('h=')")
    return fields


def decode(text: str) -> dict[str, Any]:
    """The spec a link describes (see :func:`oldtricks.scenarios.scenario.from_spec`), with ``at`` (the step shown).

    Raises :class:`LinkError` for anything that is not a valid link of a known game, or whose moves
    are not legal.
    """
    return decode_line(text)[0]


def decode_line(text: str) -> tuple[dict[str, Any], Line]:
    """:func:`decode`, and the line it replayed, with the link's notes, rule ids and questions on it (as
    :func:`oldtricks.scenarios.replay.replay` of the spec would give, without playing the moves again)."""
    fields = _fields(text)
    name = fields["g"]
    if name not in GAMES:
        raise LinkError(f"this link is for a game {name[:30]!r} that the explorer does not know", field="g")
    options: dict[str, str] = {}
    for pair in filter(None, fields.get("o", "").split(",")):
        key, sep, value = pair.partition(":")
        if not sep:
            raise LinkError(f"the link is damaged: option {pair[:30]!r} has no value", field="o")
        options[key] = value
    try:
        game = make_game(name, options)
    except OldtricksError as exc:
        raise LinkError(f"the link's options do not fit {GAMES[name].title} ('o='): {exc}", field="o") from None
    spec: dict[str, Any] = {"game": name, "title": GAMES[name].title, "options": dict(game.options)}
    dealer = _int(fields.get("d", "0"), "dealer", "d", 0, game.num_seats - 1)
    spec["deal"] = _deal(fields, dealer)
    if "t" in fields:
        spec["title"] = _unb64(fields["t"], "title", "t", TITLE_LIMIT)
    notes, ids, asks = _said(fields)
    if "p" in fields:
        spec["names"] = [_unb64(name, "players' names", "p", NAME_LIMIT) for name in fields["p"].split(",")]
    scenario = _scenario(spec)
    line = _moves_line(scenario, fields.get("m", ""))
    spec["steps"] = _steps(line, notes, ids, asks)
    last = len(line.states) - 1
    spec["at"] = _int(fields["s"], "step", "s", 0, last) if "s" in fields else last
    if "v" in fields:
        spec["viewer"] = _int(fields["v"], "viewing seat", "v", 0, game.num_seats - 1)
    line.notes = {k: [v] for k, v in notes.items() if v}
    line.ids = {k: list(v) for k, v in ids.items()}
    line.asks = {k: {"answer": str(line.moves[k + 1]), "wrong": w, "hint": h} for k, (w, h) in asks.items()}
    return spec, line


def _deal(fields: dict[str, str], dealer: int) -> dict[str, Any]:
    """The deal of a link's fields: its seed ('r=') or hands ('h='), and the hands of later deals ('l=')."""
    if "r" in fields:
        deal: dict[str, Any] = {"dealer": dealer, "seed": _int(fields["r"], "seed", "r")}
    else:
        hands = fields["h"].split("_")
        if any(len(h) % 2 for h in hands):
            raise LinkError("the link is damaged: a hand ('h=') has half a card", field="h")
        deal = {"dealer": dealer, "hands": [" ".join(h[i : i + 2] for i in range(0, len(h), 2)) for h in hands]}
    if "l" in fields:
        later = [hands.split("_") for hands in fields["l"].split("~")]
        if any(len(h) % 2 for hands in later for h in hands):
            raise LinkError("the link is damaged: a later hand ('l=') has half a card", field="l")
        deal["later"] = [[" ".join(h[i : i + 2] for i in range(0, len(h), 2)) for h in hs] for hs in later]
    return deal


def _said(fields: dict[str, str]) -> tuple[dict[int, str], dict[int, list[str]], dict[int, tuple[str, str]]]:
    """What a link says on its steps: the notes ('n='), the rule ids ('i='), the lesson questions ('q=')."""
    notes: dict[int, str] = {}
    for item in filter(None, fields.get("n", "").split(",")):
        at, sep, body = item.partition("~")
        if not sep or not body:
            raise LinkError("the link is damaged: a note ('n=') has no step or no text", field="n")
        notes[_int(at, "note step", "n", 0, 10**7)] = _unb64(body, "note", "n", TEXT_LIMIT)
    ids: dict[int, list[str]] = {}
    known = all_rules()
    for item in filter(None, fields.get("i", "").split(",")):
        at, sep, body = item.partition("~")
        rules = body.split("+")
        if not sep or not all(r in known for r in rules):
            raise LinkError("the link is damaged: it names a rule the explorer does not know ('i=')", field="i")
        ids[_int(at, "rule step", "i", 0, 10**7)] = rules
    asks: dict[int, tuple[str, str]] = {}
    for item in filter(None, fields.get("q", "").split(",")):
        bits = item.split("~")
        if len(bits) != 3:
            raise LinkError("the link is damaged: a lesson question is incomplete ('q=')", field="q")
        asks[_int(bits[0], "question step", "q", 0, 10**7)] = (
            _unb64(bits[1], "lesson", "q", TEXT_LIMIT),
            _unb64(bits[2], "hint", "q", TEXT_LIMIT),
        )
    return notes, ids, asks


def _scenario(spec: dict[str, Any]) -> Scenario:
    try:
        return from_spec({**spec, "steps": []})
    except OldtricksError as exc:
        raise LinkError(f"the link is damaged: {exc}") from None


def _moves_line(scenario: Scenario, text: str) -> Line:
    try:
        line = start(scenario)
    except OldtricksError as exc:
        field = "h" if scenario.hands is not None else "r"
        raise LinkError(f"the link's deal is not possible: {getattr(exc, 'reason', exc)}", field=field) from None
    game = line.game
    for token in filter(None, text.split(".")):
        if token.startswith("*"):
            count = _int(token[1:], "count of forced moves", "m", 1, 10**6)
            for _ in range(count):
                legal = game.legal_moves(line.states[-1])
                if len(legal) != 1:
                    where = f"step {len(line.states) - 1}"
                    raise LinkError(
                        f"the link's moves ('m=') do not fit this deal: at {where} there is no forced move", field="m"
                    )
                line.push(legal[0])
            continue
        try:
            line.push(game.parse_move(line.states[-1], token.replace("-", " ")))
        except OldtricksError as exc:
            rule = f" ({exc.rule})" if isinstance(exc, IllegalMoveError) and exc.rule else ""
            raise LinkError(
                f"the link's move {token[:20]!r} ('m=') at step {len(line.states)} is not legal: {exc}{rule}", field="m"
            ) from None
    return line


def _steps(
    line: Line, notes: Mapping[int, str], ids: Mapping[int, list[str]], asks: Mapping[int, tuple[str, str]]
) -> list[dict[str, Any]]:
    last = len(line.states) - 1
    if any(k > last for k in (*notes, *ids)) or any(k >= last for k in asks):
        raise LinkError(f"the link is damaged: a note is for a step after the last one ({last})", field="n")

    def annotate(step: dict[str, Any], i: int) -> dict[str, Any]:
        if i in notes:
            step["note"] = notes[i]
        if i in ids:
            step["ids"] = ids[i]
        return step

    steps: list[dict[str, Any]] = []
    if 0 in notes or 0 in ids:
        steps.append(annotate({}, 0))
    for i, move in enumerate(line.moves[1:], start=1):
        step = annotate({"moves": [str(move)]}, i)
        if i - 1 in asks:  # the question on step i - 1 is answered by move i
            step.update(ask=True, wrong=asks[i - 1][0], hint=asks[i - 1][1])
        steps.append(step)
    return steps


def decode_replay(text: str) -> dict[str, Any]:
    """What ``replay --json`` prints, for the game a link describes: ``{frames, result}`` plus the spec."""
    spec = decode(text)
    rp = replay(from_spec(spec))
    return {"frames": rp.frames(spec.get("viewer")), "result": rp.result(), "spec": spec}


def link_problem(scenario: Scenario, line: Line) -> str | None:
    """Why the replayed ``line`` of ``scenario`` cannot be shared as a link, or None.

    ``check`` asks this of every scenario, so that what it accepts encodes to a link no longer than
    :data:`MAX_LENGTH` that decodes back to the same frames.
    """
    try:
        link = encode(scenario.spec(), line=line)
    except LinkError as exc:
        return str(exc)
    try:
        back = replay(from_spec(decode(link))).line
    except OldtricksError as exc:
        return f"its share link does not decode: {exc}"
    viewer = scenario.viewer
    if back.frames(viewer) != line.frames(viewer):
        differ = next(
            i for i, (a, b) in enumerate(zip(back.frames(viewer), line.frames(viewer), strict=False)) if a != b
        )
        return f"its share link shows other frames (from step {differ})"
    return None
