"""The double-dummy table of a Drużbart or Clock Druzbart deal: for each seat as leader of the first trick,
the tricks each side takes with best play by all, every hand known, from the deal as dealt (the hands of
``state.deal``, whatever has been played since). The numbers are the solver's (:mod:`.solver`):

* Drużbart: each team's tricks when the deal stops (druzbart.end: at a team's fifth trick; with 32 cards
  also when all eight are played, four all). Both teams play for the most tricks over the other's, the
  solver's value, so the winners hold five and the losers five less that margin: the tricks that would
  be played after the deal stops are not counted.
* Clock Druzbart: each player's tricks when the deal stops (clock.end.at-once: at the trick in which a
  player erases his last line, the lines as they stood when the deal began; clock.end: under the default
  reading also at a player's fifth trick), the two others playing together against him. Each column is
  found on its own, so a row's numbers need not add up to the tricks played.

>>> from oldtricks.games.druzbart import Druzbart
>>> game = Druzbart({"pack": 32})
>>> t = tricks_by_leader(game, game.new_state(seed=3))
>>> len(t), all(max(row) == 5 or row == (4, 4) for row in t)
(4, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...analysis.search import Counters, Position
from ...core.ddtable import DealTable
from ...core.i18n import _
from .rules import TRICKS_TO_WIN
from .solver import model_of, searcher
from .state import DruzbartState

if TYPE_CHECKING:
    from ...analysis.slices import Slices

GameLike = Any  # as in .solver: the game module imports this one on first use


def start_counters(game: GameLike, state: DruzbartState) -> Counters:
    """The solver's counters when the deal of ``state`` began: no tricks; in Clock Druzbart the lines
    each player had then (clock.lines: the lines left after the deal before, or the count agreed)."""
    sides: int = game.num_sides
    if sides != 3:
        return (0,) * sides
    before = [score.lines for score in state.history if score.number < state.number]
    lines: tuple[int, ...] = before[-1] if before else (game.agreed.lines,) * sides
    return (*(0,) * sides, *lines)


def team_tricks(margin: int, tricks: int) -> tuple[int, int]:
    """Drużbart: the tricks of the two teams when the deal stops, from the first team's ``margin`` over the
    other (the solver's value) in a deal of ``tricks`` tricks (druzbart.end: it stops at a fifth trick).

    >>> team_tricks(1, 9), team_tricks(-5, 9), team_tricks(0, 8), team_tricks(1, 3)
    ((5, 4), (0, 5), (4, 4), (2, 1))
    """
    if (tricks + abs(margin)) // 2 >= TRICKS_TO_WIN:  # the winners reach five: the deal stops there
        return (TRICKS_TO_WIN, TRICKS_TO_WIN - margin) if margin > 0 else (TRICKS_TO_WIN + margin, TRICKS_TO_WIN)
    return (tricks + margin) // 2, (tricks - margin) // 2  # every trick played


def tricks_by_leader(game: GameLike, state: DruzbartState, slices: Slices | None = None) -> tuple[tuple[int, ...], ...]:
    """For each seat leading the first trick of the deal of ``state``, the tricks of each side (a team in
    Drużbart, a player in Clock Druzbart) when the deal stops, as the module's docstring says
    (``slices``: the searches kept for a table worked out a slice at a time, :mod:`oldtricks.analysis.slices`)."""
    model = model_of(game)
    index = {c: i for i, c in enumerate(model.deck)}
    hands = tuple(sum(1 << index[c] for c in hand) for hand in state.deal.hands)
    counters = start_counters(game, state)
    size = len(state.deal.hands[0])
    # one search per side played for, its table kept from leader to leader (after the first trick the
    # deals meet the same positions), its first test at the value the leader before found (Clock, ten
    # deals: 5.7 s in all so, 11.3 s with a new search and no guess for each)
    searches = [searcher(model, seat, slices) for seat in (range(game.num_seats) if model.clock else range(1))]
    rows: list[tuple[int, ...]] = []
    for leader in range(game.num_seats):
        pos = Position(hands, (), leader, counters)
        before = rows[-1] if model.clock and rows else (None,) * len(searches)
        found = tuple(search.value(pos, guess=guess) for search, guess in zip(searches, before, strict=True))
        # Clock: each player against the two others; Drużbart: the first team's margin over the second
        rows.append(found if model.clock else team_tricks(found[0], size))
    return tuple(rows)


def table(game: GameLike, state: DruzbartState, slices: Slices | None = None) -> DealTable:
    """The table of :func:`tricks_by_leader`, in words; the row of the deal's own leader marked."""
    names = game.seat_names()
    first = (state.deal.dealer + 1) % game.num_seats  # druzbart.lead: forehand, the dealer's left
    rows = tuple(
        (_("{seat} leads (as dealt)") if seat == first else _("{seat} leads")).format(seat=names[seat])
        for seat in range(game.num_seats)
    )
    sides = range(game.num_sides)
    cells = tricks_by_leader(game, state, slices)
    if game.num_sides == 3:
        measure = _(
            "Tricks each player takes before the deal stops, the two others playing together against him,"
            " every hand known, from the deal as dealt"
        )
        note = _(
            "Each number assumes the two others play against that player, so a row need not add up to the"
            " tricks played. The deal stops at the trick in which a player erases his last line."
        )
        if game.agreed.end == "five":
            note += " " + _("It stops too at a player's fifth trick.")
    else:
        measure = _(
            "Tricks each side holds when the deal stops, at a side's fifth trick or when all are played:"
            " best play by all, every hand known, from the deal as dealt"
        )
        note = _("Tricks that would be played after the deal stops are not counted.")
    return DealTable(
        measure=measure,
        corner=_("First lead"),
        rows=rows,
        columns=tuple(game.side_label(side) for side in sides),
        cells=cells,
        row_keys=tuple(str(seat) for seat in range(game.num_seats)),
        column_keys=tuple(str(side) for side in sides),
        note=note,
        marked=first,
        numbers={"first": first, "tricks": [list(row) for row in cells]},
    )
