"""What hidden cards cost the strong bot: its result on each deal of the strength experiments
(:mod:`.strength`) beside the double-dummy result of the same deal, every hand known, from its first card.

The double-dummy result is the game's own solver's, best play by all from the deal's first card, for the
side the strong bots play: in Drużbart the tricks of that side minus the other side's when the deal stops
(druzbart.end), as :mod:`oldtricks.games.druzbart.ddtable` finds it for the leader as dealt; in Drogue the
card points of that side (drogue.points), as :func:`oldtricks.games.drogue.solver.table` finds them for the
trump named. Each deal is counted from the strong side's view (``dd:`` counts): whether the solver says it
wins, loses or draws, and whether the strong side did; a deal the solver gives the strong side and the
strong side lost is one the simple side took against best play, and the other way round. The strong side's
margin less the solver's (``dd:gap``) is kept with them; its mean is no figure of its own, for each deal is
played with the strong bots on each side in turn and the solver's margins of the two sides cancel (Drużbart),
so it is the mean margin again.

>>> t = Tally()
>>> count_hidden(t, dd=1, margin=-1); count_hidden(t, dd=-3, margin=-3); count_hidden(t, dd=-1, margin=1)
>>> t.counts["dd:won"], t.counts["dd:won:won"], t.counts["dd:lost"], t.counts["dd:lost:lost"], t.counts["dd:lost:won"]
(1, 0, 2, 1, 1)
>>> t.histogram("dd:gap")
{-2: 1, 0: 1, 2: 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.search import Position
from .experiment import Configuration, Experiment, Plot
from .plots import Row, plot, share_row
from .tally import Tally


def druzbart_margin(game: Any, state: Any, seat: int) -> int:
    """Drużbart: the tricks of ``seat``'s side minus the other side's when the deal of ``state`` stops, with
    best play by all and every hand known, from the deal as dealt (its own first leader: druzbart.lead)."""
    from ..games.druzbart.ddtable import start_counters
    from ..games.druzbart.solver import model_of, searcher

    model = model_of(game)
    index = {c: i for i, c in enumerate(model.deck)}
    hands = tuple(sum(1 << index[c] for c in hand) for hand in state.deal.hands)
    leader = (state.deal.dealer + 1) % game.num_seats  # druzbart.lead: forehand, the dealer's left
    return searcher(model, seat).value(Position(hands, (), leader, start_counters(game, state)))


def drogue_points(game: Any, state: Any, seat: int) -> int:
    """Drogue: the card points (of 120) ``seat``'s side takes with best play by all, every hand known, from
    the first card of the deal of ``state`` under the trump named (state.trump)."""
    from ..games.drogue.shape import TEAMS
    from ..games.drogue.solver import table

    return table(game, state, state.trump).points[state.trump][TEAMS[seat]]


def count_hidden(tally: Tally, dd: int, margin: int) -> None:
    """One deal from the strong side's view: the solver's margin ``dd`` beside the strong side's ``margin``
    (the same unit: tricks, or twice the card points less 120)."""
    tally.count("dd:deals")
    solver = "won" if dd > 0 else "lost" if dd < 0 else "drawn"
    played = "won" if margin > 0 else "lost" if margin < 0 else "drawn"
    tally.count(f"dd:{solver}")
    tally.count(f"dd:{solver}:{played}")
    tally.value("dd:gap", margin - dd)


def hidden_plots(
    experiment: Experiment, configs: Sequence[Configuration], tallies: Mapping[str, Tally]
) -> dict[str, Plot]:
    """The plot of what hidden cards cost, for the configurations whose tallies hold the ``dd:`` counts
    (none: no plot, so a file played before they were counted draws as it did)."""
    counted = [c for c in configs if tallies[c.key].counts["dd:deals"]]
    if not counted:
        return {}
    shares: list[Row] = []
    for c in counted:
        t = tallies[c.key].counts
        won, lost = t["dd:won"], t["dd:lost"]
        shares += [
            share_row("strong side wins, where best play wins for it", t["dd:won:won"], won, c.label),
            share_row("simple side wins, where best play wins for it", t["dd:lost:lost"], lost, c.label),
            share_row("strong side wins, where best play loses for it", t["dd:lost:won"], lost, c.label),
            share_row("simple side wins, where best play loses for it", t["dd:won:lost"], won, c.label),
        ]
    return {
        "hidden": plot(
            "share",
            f"{experiment.title}: against best play with every hand known",
            "share of the deals",
            shares,
            "Each deal's result beside the double-dummy result of the same deal from its first card (the solver's, "
            "best play by all with every hand known, under the trump named in Drogue), for each side as the "
            "strong or the simple one; bars: 95% Wilson intervals.",
            percent=True,
        ),
    }
