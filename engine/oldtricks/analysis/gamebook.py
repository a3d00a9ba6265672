"""Lesson questions played on: what a wrong choice costs, in the engine's words.

A lesson question (scenario ``ask``) has one right move. When the reader tries another legal move, the
viewer does not only say "no": it shows the deal played on from that move with best play by every hand
(the solver, every card known), beside the line of the right move, and says what the difference is. All
of it is written here, once per question, when the scenario is built into a page; the viewer shows it as
written.

>>> from oldtricks.core.registry import make_game
>>> game = make_game("druzbart")
>>> said = played_on(game, game.new_state(seed=3), "nothing")
>>> said is None  # a move that is not legal there: no question to play on
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core.game import Game
from ..core.i18n import _, ngettext
from ..core.moves import Move
from ..core.refusal import move_words
from ..errors import OldtricksError

if TYPE_CHECKING:  # the solver's modules load only when a question is played on
    from .movevalues import Analysis

LINE_WORDS = 8  # moves of a played-out line told in the game's own narration


def line_words(game: Game[Any], state: Any, moves: Sequence[Move | str], limit: int = LINE_WORDS) -> list[str]:
    """What the first ``limit`` of ``moves`` do from ``state``, in the game's narration (its events' text)."""
    words: list[str] = []
    for move in list(moves)[:limit]:
        parsed = move if isinstance(move, Move) else game.parse_move(state, move)
        state, events = game.apply(state, parsed)
        words.extend(e.text for e in events if e.text)
    return words


def solving_words(game: Game[Any], state: Any) -> str:
    """What the solver does to value ``state``, said while it works (a deal with many cards left takes a
    while in the browser).

    >>> from oldtricks.core.registry import make_game
    >>> game = make_game("druzbart")
    >>> said = solving_words(game, game.new_state(seed=3))
    >>> said[:50], said[-42:]
    ('The solver is playing out each of West’s 9 legal m', 'its best: 36 cards are still to be played.')
    """
    seat = game.to_play(state)
    if seat is None:
        return _("The game is over here: there is nothing to value.")
    legal = len(game.legal_moves(state))
    view = game.view(state)
    left = sum(len(s["hand"]["cards"]) for s in view.get("seats", []))
    if left:
        cards = ngettext("{count} card is still to be played", "{count} cards are still to be played", left)
    else:
        cards = _("the cards are all played")
    text = ngettext(
        "The solver is playing out each of {seat}’s {count} legal move to the end, every hand known and every"
        " seat playing its best: {cards}.",
        "The solver is playing out each of {seat}’s {count} legal moves to the end, every hand known and every"
        " seat playing its best: {cards}.",
        legal,
    )
    return text.format(seat=game.seat_names()[seat], count=legal, cards=cards.format(count=left))


def played_on(game: Game[Any], state: Any, answer: str) -> dict[str, Any] | None:
    """For a question at ``state`` whose right move is ``answer``: the right move's line and every other
    legal move's, each played on with best play, with what it comes to and what it costs, in words (a
    wrong try's words do not name the right move, which the reader is still to find).

    None where the solver cannot value the position (an auction, a Bettelmann position with too many
    choices ahead) or ``answer`` is not a legal move: the viewer then shows the author's ``wrong`` text.
    """
    try:
        verdict = cast("Analysis", game.analyse(state))
    except OldtricksError:
        return None
    right = next((m for m in verdict.moves if str(m.move) == answer), None)
    if right is None:
        return None
    named = move_words(game, right.move)
    tries = []
    for m in verdict.moves:
        if m is right:
            continue
        same = (m.value, m.outcome) == (right.value, right.outcome)
        tried = move_words(game, m.move)
        # the right move is not named: the reader may try again, and its line would give it away
        if same:
            cost = _("Played on with best play from every hand, {move} comes to the same as the right move: {value}.")
        else:
            cost = _("Played on with best play from every hand: after {move}, {value}; after the right move, {right}.")
        cost = cost.format(move=tried, value=m.text, right=right.text)
        tries.append(
            {
                "move": str(m.move),
                "head": _("Best play from every hand after {move}:").format(move=tried),
                "line": [str(x) for x in m.line],
                "words": line_words(game, state, [m.move, *m.line]),
                "text": cost,
                "costs": not same,
            }
        )
    return {
        "answer": {
            "move": answer,
            "head": _("Best play from every hand after {move}:").format(move=named),
            "line": [str(x) for x in right.line],
            "words": line_words(game, state, [right.move, *right.line]),
            "text": _("After {move}, {value}.").format(move=named, value=right.text),
        },
        "tries": tries,
        "measure": verdict.measure,
    }
