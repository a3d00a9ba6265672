"""Two readings of one deal: the same moves under two sets of options, and the first step where they part.

A reading is a scenario replayed under some options. Two readings *part* at the first step where what
the board shows differs (the hands, the cards on the table, the trick, who is to play and what may be
played, the score panels, the outcome), or where one of them refuses a move the other plays. The
engine says where, what differs and which rule made the difference, in words; a viewer only shows it.

>>> from oldtricks.scenarios.scenario import load
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

from ..core.game import Game
from ..core.i18n import N_, _, ngettext
from ..core.prng import Rng
from ..errors import OldtricksError
from ..scenarios.replay import Line, replay, start
from ..scenarios.scenario import Scenario, from_spec

# What the board shows, with the words for it when it differs. Notes, rule ids, lesson questions and
# the info lines (which name the options themselves) are not the game: two readings never part there.
SHOWN: tuple[tuple[str, str], ...] = (
    ("move", N_("the move played")),
    ("seats", N_("the hands and the cards won")),
    ("table", N_("the cards on the table")),
    ("trick", N_("who takes the trick")),
    ("centre", N_("the cards waiting in the centre")),
    ("turn", N_("who is to play")),
    ("legal", N_("the moves allowed")),
    ("panels", N_("the score")),
    ("outcome", N_("how the game ends")),
)
FIND_TRICKS = 3  # "within the first few tricks": a deal parting this soon is kept at once
FIND_TRIES = 100  # seeds tried before the search gives up
FIND_BUDGET = 2_000  # moves played in all while looking for a parting (a bound on the time it takes)
MOVE_LIMIT = 400  # moves played on one deal while looking for a parting
LATER_TRIES = 3  # once a deal parts after the first tricks: seeds tried beyond it for a sooner parting
RULE_LEAD = N_("The rule that makes the difference:")  # worded where shown: _(RULE_LEAD)


def differences(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """What two frames of the same step show differently, in words (empty: the same board)."""
    return [_(words) for key, words in SHOWN if _shown(a, key) != _shown(b, key)]


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
    label = next((c.said for c in spec.choices if c.value == value), str(value))
    return _("{option}: {value}").format(option=spec.said, value=label)


def _option_rule(game: Game[Any], key: str) -> str:
    """The ledger rule behind an option's value: its choice's rule, else the option's own."""
    spec = next(s for s in game.option_specs if s.key == key)
    value = game.options[key]
    return next((c.rule for c in spec.choices if c.value == value), spec.rule)


def _listed(items: Sequence[str]) -> str:
    return (
        items[0] if len(items) == 1 else _("{first} and {second}").format(first=", ".join(items[:-1]), second=items[-1])
    )


def _said(events: Sequence[str]) -> str:
    return " ".join(events) if events else _("nothing is said")


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
    names = [_("“{option}”").format(option=option_label(other, k)) for k in changed] or [_("the same options")]
    under = _listed(names)
    step = parting(ours, theirs)
    rule = _option_rule(other, changed[0]) if changed else None
    if step is None:
        text = _(
            "This deal plays the same under both readings: as written and under {under}, "
            "all {count} steps show the same board."
        ).format(under=under, count=len(ours))
    elif refused is not None and step == refused.get("step"):
        rule = refused.get("rule") or rule
        text = _("The readings part at step {step}. Under {under}: {refusal}").format(
            step=step, under=under, refusal=refused["text"]
        )
    elif step >= len(theirs):
        text = _("The readings part at step {step}: under {under} the scripted moves stop before it.")
        text = text.format(step=step, under=under)
    elif step >= len(ours):
        text = _("The readings part at step {step}: as written the game stops before it.").format(step=step)
    else:
        a, b = ours[step], theirs[step]
        text = _("The readings part at step {step}: {parts} differ.").format(
            step=step, parts=_listed(differences(a, b))
        )
        if a.get("events") != b.get("events"):
            ours_said, theirs_said = _said(a.get("events") or []), _said(b.get("events") or [])
            text += " " + _("As written: {ours} Under {under}: {theirs}").format(
                ours=ours_said, under=under, theirs=theirs_said
            )
    known = {r.id: r for r in other.rules}
    found = known.get(rule) if rule else None
    return {
        "diverge": step,
        "text": text,
        # the rule, in words: a viewer shows the lead before its link to the rule's box
        "rule_lead": _(RULE_LEAD) if found else None,
        "because": f"{_(RULE_LEAD)} {found.statement} ({found.status})." if found else None,
        "rule": rule,
        "rule_title": found.statement if found else None,
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
    budget: int = FIND_BUDGET,
) -> dict[str, Any] | None:
    """A deal on which the scenario's game, as written and under ``options``, plays differently.

    The engine's bots play each seeded deal (from ``first_seed``, at most ``tries`` of them) under
    ``options``, and the same moves are replayed as written, until the two part or the game ends (at
    most MOVE_LIMIT moves a deal, ``budget`` moves in all). The first seed where they part within the
    first ``tricks`` tricks is kept at once; a rule that only shows later in a game (the last cards of a
    pile, the end of a deal) parts later on every deal, so once one seed parts later, LATER_TRIES more
    are tried for a sooner parting and the soonest is kept. Returns ``{seed, spec}`` (the deal and its
    moves as a scenario spec, options as written) and :func:`compare`'s answer, or None (then
    :func:`not_found` says why, in words)."""
    base = scenario.spec()
    best: tuple[int, int, dict[str, Any], list[str]] | None = None  # (trick, seed, spec, moves)
    spent = 0
    for seed in range(first_seed, first_seed + tries):
        if spent >= budget or (best is not None and seed > best[1] + LATER_TRIES):
            break
        spec = {**base, "deal": {"dealer": scenario.dealer, "seed": seed}, "steps": []}
        spec.pop("expect", None)
        spec.pop("description", None)
        sc = from_spec(spec)
        parted = _play_to_parting(start(sc, {}), start(sc, options), Rng(seed), min(MOVE_LIMIT, budget - spent))
        spent += parted.played
        if parted.step is None:
            continue
        if best is None or parted.trick < best[0]:
            best = (parted.trick, seed, spec, parted.moves)
        if parted.trick <= tricks:
            break
    if best is None:
        return None
    _trick, seed, spec, moves = best
    found = {**spec, "title": f"{scenario.title}: deal {seed}", "steps": [{"moves": moves}] if moves else []}
    return {"seed": seed, "spec": found, **compare(from_spec(found), options)}


def not_found(game: Game[Any], options: Mapping[str, Any], first: int, tries: int) -> str:
    """Why :func:`find_parting_deal` found no deal, in words: the deals tried and, for a rule that only
    comes into play in a position seldom reached, when that is (its option's ``shows``)."""
    text = ngettext(
        "No deal from seed {first} on plays differently under these rules: each was played by the engine's "
        "bots to the end of the game or {limit} moves, until {tries} deal or {budget} moves "
        "in all had been played.",
        "No deal from seed {first} on plays differently under these rules: each was played by the engine's "
        "bots to the end of the game or {limit} moves, until {tries} deals or {budget} moves "
        "in all had been played.",
        tries,
    ).format(first=first, limit=MOVE_LIMIT, tries=tries, budget=f"{FIND_BUDGET:,}")
    specs = {s.key: s for s in game.option_specs}
    why = [specs[k].shows for k in options if k in specs and specs[k].shows]
    if why:
        return text + " " + _("No deal can be found quickly: {why}.").format(why="; ".join(why))
    return text + " " + _("The difference shows only in a position these deals never reached, if at all.")


class _Parted:
    """How one deal went: the moves played, and the step (and trick) where the readings parted."""

    __slots__ = ("moves", "played", "step", "trick")

    def __init__(self) -> None:
        self.moves: list[str] = []
        self.played = 0
        self.step: int | None = None
        self.trick = 0


def _play_to_parting(ours: Line, theirs: Line, rng: Rng, limit: int) -> _Parted:
    """The bots play ``theirs`` (every seat) and each move is replayed on ``ours``, one step at a time,
    until the two lines' frames part (or ``ours`` refuses the move), the game ends or ``limit`` moves
    are played. The moves kept run to the end of the trick where they parted."""
    out = _Parted()
    if differences(ours.frame(0), theirs.frame(0)):
        out.step = 0
        return out
    game = theirs.game
    while out.played < limit and game.to_play(theirs.states[-1]) is not None:
        move = game.bot_move(theirs.states[-1], rng)
        theirs.push(move)
        out.played += 1
        out.moves.append(str(move))
        n = out.played
        try:
            ours.push(ours.game.parse_move(ours.states[-1], str(move)))
        except OldtricksError:
            out.step = n
        if out.step is None and differences(ours.frame(n), theirs.frame(n)):
            out.step = n
        if out.step is not None:
            # the trick the parting step belongs to (the one in play; before the first: the first)
            number = (theirs.frame(n).get("trick") or {}).get("number")
            out.trick = number if isinstance(number, int) and number > 0 else _trick_count(theirs) + 1
            # play that trick out, so that the reader sees how it ends under the chosen rule
            while len(out.moves) < n + MOVE_LIMIT and _trick_count(theirs) < out.trick:
                if game.to_play(theirs.states[-1]) is None:
                    break
                move = game.bot_move(theirs.states[-1], rng)
                theirs.push(move)
                out.moves.append(str(move))
            return out
    return out
