"""What the solver says about a position: every legal move with its value under best play by all.

A game's solver (its ``analyse`` method) fills an :class:`Analysis`; the CLI prints it and the live API
sends :meth:`Analysis.as_json` to the viewer, which shows it as written: the words come from here and
from the game, never from the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from ..core.i18n import _
from ..core.moves import Move
from .ahead import look_ahead
from .search import Position, Search


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move, its value (what :attr:`Analysis.measure` says), the best continuation after it
    (moves of every seat, in order) and what that means in words; ``outcome`` names the ending where the
    value alone does not (Bettelmann: win, lose, endless, capped)."""

    move: Move
    value: int
    line: tuple[Move, ...]
    text: str
    outcome: str = ""

    def as_json(self, best: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "move": str(self.move),
            "value": self.value,
            "line": [str(m) for m in self.line],
            "text": self.text,
            "best": best,
        }
        if self.outcome:
            out["outcome"] = self.outcome
        return out


@dataclass(frozen=True, slots=True)
class Analysis:
    """The solver's answer for one position: the seat to move, what the values mean, the moves best first,
    and a note on how to read them (three players have no single best play, say). ``ahead``: 0 where the
    moves are valued to the deal's end, else the number of tricks a first look valued them over
    (:func:`rank_ahead`), the measure saying so."""

    to_move: int
    measure: str
    moves: tuple[MoveValue, ...]
    note: str = ""
    ahead: int = 0

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value_of(self, move: Move) -> MoveValue | None:
        return next((m for m in self.moves if m.move == move), None)

    def is_best(self, move: MoveValue) -> bool:
        """Whether ``move`` is as good as the best: the same value and the same ending (moves come best
        first, and two moves of the same value and ending are equally good; in Bettelmann an endless game
        and one stopped at the cap are both worth 0)."""
        return (move.value, move.outcome) == (self.best.value, self.best.outcome)

    def as_json(self, step: int | None = None) -> dict[str, Any]:
        """The analysis for the viewer; each move says whether it is among the best (``best``), so the
        page marks them without comparing values itself."""
        return {
            "step": step,
            "to_move": self.to_move,
            "measure": self.measure,
            "note": self.note,
            "moves": [m.as_json(self.is_best(m)) for m in self.moves],
            "ahead": self.ahead,
        }

    def render(self, names: Sequence[str]) -> str:
        """The analysis as lines of text for the terminal."""
        out = [_("{seat} to play. Values: {measure}.").format(seat=names[self.to_move], measure=self.measure)]
        if self.note:
            out.append(self.note)
        width = max(len(str(m.move)) for m in self.moves)
        for m in self.moves:
            line = " ".join(str(x) for x in m.line)
            out.append((f"  {m.move!s:<{width}}  {m.value:>4}  {m.text}" + (f"  [{line}]" if line else "")).rstrip())
        return "\n".join(out)


def rank_moves(
    search: Search,
    pos: Position,
    move_of: Callable[[int, int], Move],
    total: Callable[[int], int],
    text_of: Callable[[int], str],
) -> tuple[MoveValue, ...]:
    """Every legal card of the seat to move in ``pos``, valued by ``search`` (whose side "ours" is the
    mover's), best first. ``total`` turns the value of the rest of the deal into the value shown (tricks
    or points already taken added), ``text_of`` says a shown value in words, ``move_of(seat, card)`` is
    the game's move for a card number."""
    rows = []
    cards = _legal_cards(search, pos)
    values, lines = _searched(search, pos, cards)
    for card, found, plays in zip(cards, values, lines, strict=True):
        value = total(found)
        line = tuple(move_of(s, c) for s, c in plays)
        rows.append(MoveValue(move_of(pos.turn, card), value, line, text_of(value)))
    rows.sort(key=lambda m: -m.value)  # stable: equal values keep the strong-card-first order
    return tuple(rows)


def rank_ahead(
    search: Search, pos: Position, move_of: Callable[[int, int], Move]
) -> tuple[int, tuple[MoveValue, ...]] | None:
    """:func:`rank_moves`'s first look: every legal card valued over the next tricks only, as deep as
    :func:`.ahead.look_ahead` goes (the number of tricks, and the moves best first, with no line and no
    words: the measure says what the numbers are), or None where the whole deal is quick to value. The
    values are the rest's as ``search`` counts them (no tricks already taken added)."""
    model = search.model
    cards = _legal_cards(search, pos)
    priority = [search.priority(c) for c in range(model.cards)]
    got = look_ahead(model, search.ours, pos, cards, priority)
    if got is None:
        return None
    depth, values = got
    rows = [MoveValue(move_of(pos.turn, card), v, (), "") for card, v in zip(cards, values, strict=True)]
    rows.sort(key=lambda m: -m.value)  # stable, as rank_moves's
    return depth, tuple(rows)


# The numbers rank_moves finds, for a caller that asks for the same position again in another language
# (the site's editions, oldtricks_sphinx/solved.py): None, or a dict it fills and reads, keyed by the
# position, each value [values, lines] as JSON keeps them. The words are always said anew.
SOLVED: ContextVar[dict[str, Any] | None] = ContextVar("SOLVED", default=None)


def _searched(search: Search, pos: Position, cards: list[int]) -> tuple[list[int], list[list[list[int]]]]:
    """Each card's value and best line, found by ``search`` or read from :data:`SOLVED`."""
    kept = SOLVED.get()
    key = repr((pos, cards, search.ours))
    if kept is not None and key in kept:
        values, lines = kept[key]
        return values, lines
    found = search.values(pos, cards)
    out = (
        [found[card] for card in cards],
        [[[s, c] for s, c in search.line(pos, card, value=found[card])] for card in cards],
    )
    if kept is not None:
        kept[key] = list(out)
    return out


def _legal_cards(search: Search, pos: Position) -> list[int]:
    """The cards the seat to move in ``pos`` may play, in the search's order (strong cards first)."""
    mask = search.model.legal(pos.hands[pos.turn], [c for _, c in pos.trick])
    cards = [c for c in range(search.model.cards) if mask >> c & 1]
    return sorted(cards, key=lambda c: -search.priority(c))
