"""Play a game in the terminal against the bots (``python -m oldtricks play GAME``).

>>> from oldtricks import make_game
>>> from oldtricks.scenarios.frames import make_frame
>>> game = make_game("bettelmann")
>>> print(describe(make_frame(game, game.new_state(seed=1), step=0), 1).splitlines()[0])
  South    16 cards face down  (won 0 tricks)  [dealer]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Literal

from ..analysis.levels import level_problem
from ..analysis.strong import strong_move
from ..core.game import Game
from ..core.moves import Move
from ..core.prng import Rng
from ..core.registry import make_game
from ..errors import IllegalMoveError, OldtricksError
from ..scenarios.frames import make_frame
from ..scenarios.replay import Line

HELP = "Type a card (e.g. UA), a call (pass, bid 5), Enter for the only legal move, 'moves', 'help' or 'quit'."


def describe(frame: dict[str, Any], seat: int) -> str:
    """The position as the player at ``seat`` sees it, in a few lines of text."""
    lines = []
    for s in frame["seats"]:
        hand = s["hand"]
        cards = (
            " ".join(hand["cards"])
            if s["seat"] == seat and "??" not in hand["cards"]
            else f"{hand['count']} cards face down"
        )
        marks = ", ".join(m["label"] for m in s["marks"])
        lines.append(
            f"  {s['name']:<8} {cards}  (won {s['won']['tricks']} tricks){'  [' + marks + ']' if marks else ''}"
        )
    if frame["table"]:
        lines.append("  table: " + " ".join(f"{frame['seats'][t['seat']]['name']}:{t['card']}" for t in frame["table"]))
    for group in frame["centre"]:
        lines.append(f"  {group['label']}: {' '.join(group['cards'])}")
    return "\n".join(lines)


def play_in_terminal(
    name: str,
    options: Mapping[str, object],
    seed: int | None,
    seat: int,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    level: str = "simple",
) -> int:
    """Play ``seat`` against bots of ``level`` (:data:`oldtricks.analysis.levels.LEVELS`) in the terminal."""
    game = make_game(name, options)
    if not 0 <= seat < game.num_seats:
        raise OldtricksError(f"seat must be from 0 to {game.num_seats - 1}")
    problem = level_problem(level)
    if problem is not None:
        raise OldtricksError(problem)
    seed = int(time.time()) if seed is None else seed
    state = game.new_state(seed=seed)
    line = Line(game, [state], [None], [[]])  # what the seats saw: a strong bot reads it
    rng = Rng(seed)
    write(f"{game.title}, deal seed {seed}. You are {game.seat_names()[seat]}. {HELP}")
    step = 0
    while (turn := game.to_play(state)) is not None:
        if turn != seat:
            move = strong_move(line, rng) if level == "strong" else game.bot_move(state, rng)
        else:
            typed = _human_move(game, state, step, seat, read, write)
            if typed == "quit":
                return 0
            if not isinstance(typed, Move):
                continue
            move = typed
        try:
            events = line.push(move)
        except OldtricksError as exc:
            rule = f" [{exc.rule}]" if isinstance(exc, IllegalMoveError) and exc.rule else ""
            write(f"  not allowed: {exc}{rule}")
            continue
        state = line.states[-1]
        step += 1
        for e in events:
            write(f"  {e.text}")
    outcome = game.outcome(state)
    write(outcome.text if outcome else "game over")
    return 0


def _human_move(
    game: Game[Any], state: Any, step: int, seat: int, read: Callable[[str], str], write: Callable[[str], None]
) -> Move | Literal["quit"] | None:
    """The move the player at ``seat`` types, after the position as that seat sees it: ``"quit"`` to stop
    (or at the end of the input), None to ask again (after the help, the legal moves, or a move that
    cannot be read)."""
    write(describe(make_frame(game, state, step=step, viewer=seat), seat))
    legal = game.legal_moves(state)
    try:
        text = read("your move> ").strip()
    except EOFError:
        write("bye")
        return "quit"
    if text in ("quit", "q"):
        return "quit"
    if text in ("help", "?"):
        write(HELP)
        return None
    if text == "moves":
        write("legal: " + " ".join(str(m) for m in legal))
        return None
    if not text:
        if len(legal) != 1:
            write("you have a choice: " + " ".join(str(m) for m in legal))
            return None
        return legal[0]
    try:
        return game.parse_move(state, text)
    except OldtricksError as exc:
        write(f"  {exc}")
        return None
