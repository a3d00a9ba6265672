"""Two readings of one deal: the same moves under two sets of options, and the first step where they part.

A reading is a scenario replayed under some options. Two readings *part* at the first step where what
the board shows differs (the hands, the cards on the table, the trick, who is to play and what may be
played, the score panels, the outcome), or where one of them refuses a move the other plays. The
engine says where, what differs and which rule made the difference, in words; a viewer only shows it.

>>> from oldtricks.scenario import load
>>> sc = load("scenarios/bettelmann/tie-pierer.toml")
>>> said = compare(sc, {"tie": "first-player"})
>>> said["diverge"], said["rule"]
(2, 'bettelmann.tie.first-player')
>>> compare(load("scenarios/bettelmann/basics.toml"), {"tie": "first-player"})["diverge"] is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import OldtricksError
from .model import Game
from .prng import Rng
from .replay import Line, replay, start
from .scenario import Scenario, from_spec

# What the board shows, with the words for it when it differs. Notes, rule ids, lesson questions and
# the info lines (which name the options themselves) are not the game: two readings never part there.
SHOWN: tuple[tuple[str, str], ...] = (
    ("move", "the move played"),
    ("seats", "the hands and the cards won"),
    ("table", "the cards on the table"),
    ("trick", "who takes the trick"),
    ("centre", "the cards waiting in the centre"),
    ("turn", "who is to play"),
    ("legal", "the moves allowed"),
    ("panels", "the score"),
    ("outcome", "how the game ends"),
)
FIND_TRICKS = 3  # "within the first few tricks"
FIND_TRIES = 100  # seeds tried before the search gives up
MOVE_LIMIT = 400  # moves played on one deal while looking for a parting
RULE_LEAD = "The rule that makes the difference:"


def differences(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """What two frames of the same step show differently, in words (empty: the same board)."""
    return [words for key, words in SHOWN if _shown(a, key) != _shown(b, key)]


def _shown(frame: Mapping[str, Any], key: str) -> Any:
    """A frame's part as the game has it: a fanned hand is a set of cards (a reading that ranks the
    cards otherwise sorts the fan otherwise, and plays the same); a pile's order is the game's."""
    value = frame.get(key)
    if key != "seats" or not isinstance(value, list):
        return value
    out = []
    for seat in value:
        hand = seat.get("hand") or {}
        if hand.get("layout") != "pile" and isinstance(hand.get("cards"), list):
            seat = {**seat, "hand": {**hand, "cards": sorted(hand["cards"])}}
        out.append(seat)
    return out


def parting(ours: Sequence[Mapping[str, Any]], theirs: Sequence[Mapping[str, Any]]) -> int | None:
    """The first step where two readings' frames part: the first whose boards differ, or the first that
    one reading has and the other has not (it refused that move). None when they never part.

    >>> f = {"step": 0, "seats": []}
    >>> parting([f, dict(f, step=1)], [f, dict(f, step=1)]) is None
    True
    >>> parting([f, dict(f, step=1, turn=1)], [f, dict(f, step=1, turn=0)])
    1
    >>> parting([f, dict(f, step=1)], [f])
    1
    """
    for a, b in zip(ours, theirs, strict=False):
        if differences(a, b):
            return int(a["step"])
    if len(ours) != len(theirs):
        return min(len(ours), len(theirs))
    return None


def option_label(game: Game[Any], key: str) -> str:
    """An option with its value in words: ``Equal ranks: the first player takes them``."""
    spec = next(s for s in game.option_specs if s.key == key)
    value = game.options[key]
    label = next((c.label for c in spec.choices if c.value == value), str(value))
    return f"{spec.title}: {label}"


def _option_rule(game: Game[Any], key: str) -> str:
    """The ledger rule behind an option's value: its choice's rule, else the option's own."""
    spec = next(s for s in game.option_specs if s.key == key)
    value = game.options[key]
    return next((c.rule for c in spec.choices if c.value == value), spec.rule)


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _said(events: Sequence[str]) -> str:
    return " ".join(events) if events else "nothing is said"


def describe(
    base: Game[Any],
    other: Game[Any],
    ours: Sequence[Mapping[str, Any]],
    theirs: Sequence[Mapping[str, Any]],
    refused: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Where two readings part and why, for the reader: ``{diverge, text, because, rule_lead, rule,
    rule_title, status, changed}`` (``text``: where and what; ``because``: the rule, in words).
    ``ours`` are the frames under ``base`` (the scenario as written), ``theirs`` under ``other``;
    ``refused`` is the refusal that stopped ``theirs``, if one did."""
    changed = [k for k in other.options if other.options[k] != base.options.get(k)]
    names = [f"“{option_label(other, k)}”" for k in changed] or ["the same options"]
    step = parting(ours, theirs)
    rule = _option_rule(other, changed[0]) if changed else None
    if step is None:
        text = (
            f"This deal plays the same under both readings: as written and under {_listed(names)}, "
            f"all {len(ours)} steps show the same board."
        )
    elif refused is not None and step == refused.get("step"):
        rule = refused.get("rule") or rule
        text = f"The readings part at step {step}. Under {_listed(names)}: {refused['text']}"
    elif step >= len(theirs):
        text = f"The readings part at step {step}: under {_listed(names)} the scripted moves stop before it."
    elif step >= len(ours):
        text = f"The readings part at step {step}: as written the game stops before it."
    else:
        a, b = ours[step], theirs[step]
        text = f"The readings part at step {step}: {_listed(differences(a, b))} differ."
        if a.get("events") != b.get("events"):
            ours_said, theirs_said = _said(a.get("events") or []), _said(b.get("events") or [])
            text += f" As written: {ours_said} Under {_listed(names)}: {theirs_said}"
    known = {r.id: r for r in other.rules}
    found = known.get(rule) if rule else None
    return {
        "diverge": step,
        "text": text,
        # the rule, in words: a viewer shows the lead before its link to the rule's box
        "rule_lead": RULE_LEAD if found else None,
        "because": f"{RULE_LEAD} {found.title} ({found.status})." if found else None,
        "rule": rule,
        "rule_title": found.title if found else None,
        "status": found.status if found else None,
        "changed": changed,
    }


def compare(scenario: Scenario, options: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario as written against the scenario under ``options`` (overrides): :func:`describe`'s
    answer, with ``frames`` (under the overrides) and ``book`` (as written)."""
    ours = replay(scenario, lenient=True)
    theirs = replay(scenario, options, lenient=True)
    said = describe(ours.game, theirs.game, ours.frames(), theirs.frames(), theirs.refused)
    return {**said, "frames": theirs.frames(), "book": ours.frames()}


def _trick_count(line: Line) -> int:
    return len(line.tricks())


def find_parting_deal(
    scenario: Scenario,
    options: Mapping[str, Any],
    *,
    tricks: int = FIND_TRICKS,
    tries: int = FIND_TRIES,
    first_seed: int = 1,
) -> dict[str, Any] | None:
    """A deal on which the scenario's game, as written and under ``options``, parts within the first
    ``tricks`` tricks: the engine's bots play the first ``tricks`` tricks of each seeded deal under
    ``options``, the same moves are replayed as written, and the first seed (from ``first_seed``, at
    most ``tries`` of them) where the two part is kept. Returns ``{seed, spec}`` (the deal and its
    moves as a scenario spec, options as written) and :func:`compare`'s answer, or None."""
    base = scenario.spec()
    for seed in range(first_seed, first_seed + tries):
        spec = {**base, "deal": {"dealer": scenario.dealer, "seed": seed}, "steps": []}
        spec.pop("expect", None)
        spec.pop("description", None)
        sc = from_spec(spec)
        moves = _bot_moves(start(sc, options), tricks, Rng(seed))
        if not moves:
            continue
        step = _parts_at(start(sc, {}), start(sc, options), moves)
        if step is None:
            continue
        found = {**spec, "title": f"{scenario.title}: deal {seed}", "steps": [{"moves": moves}]}
        return {"seed": seed, "spec": found, **compare(from_spec(found), options)}
    return None


def _bot_moves(line: Line, tricks: int, rng: Rng) -> list[str]:
    """The engine's bots play every seat for ``tricks`` tricks (or to the end): the moves, in notation."""
    game = line.game
    moves: list[str] = []
    while _trick_count(line) < tricks and len(moves) < MOVE_LIMIT:
        if game.to_play(line.states[-1]) is None:
            break
        move = game.bot_move(line.states[-1], rng)
        line.push(move)
        moves.append(str(move))
    return moves


def _parts_at(ours: Line, theirs: Line, moves: Sequence[str]) -> int | None:
    """Play ``moves`` on both lines, one step at a time: the first step whose frames part, or None."""
    if differences(ours.frame(0), theirs.frame(0)):
        return 0
    for n, text in enumerate(moves, start=1):
        for line in (ours, theirs):
            try:
                line.push(line.game.parse_move(line.states[-1], text))
            except OldtricksError:
                return n
        if differences(ours.frame(n), theirs.frame(n)):
            return n
    return None
