"""What hidden cards cost the strong bot: its result on each deal of the strength experiments
(:mod:`.strength`) beside the double-dummy result of the same deal, every hand known, from its first card.

The double-dummy result is the game's own solver's, best play by all from the deal's first card, for the
side the strong bots play: in Drużbart the tricks of that side minus the other side's when the deal stops
(druzbart.end), for the leader as dealt; in Drogue the card points of that side less the other's
(drogue.points), for the trump named: each game's strong adapter finds it (its ``double_dummy``). Each
deal is counted from the strong side's view (``dd:`` counts): whether the solver says it wins, loses or
draws, and whether the strong side did; a deal the solver gives the strong side and the strong side lost is
one the simple side took against best play, and the other way round. The strong side's
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
from typing import Any, Protocol, cast

from ..analysis.strong import adapter_of
from .experiment import Configuration, Experiment, Plot
from .plots import Row, plot, share_row
from .tally import Tally


class DealSolver(Protocol):
    """A strong adapter that can solve a deal from its first card (Drużbart's, Drogue's)."""

    def double_dummy(self, game: Any, state: Any, seat: int) -> int: ...


def double_dummy(game: Any, state: Any, seat: int) -> int:
    """The margin of ``seat``'s side over the other with best play by all, every hand known, from the first
    card of the deal of ``state`` (Drużbart: tricks; Drogue: card points), as the game's strong adapter finds
    it (its ``double_dummy``, found at run time as the strong bot finds it: the statistics import no game)."""
    solver = cast(DealSolver, adapter_of(game))  # the adapters of Drużbart and Drogue: Bettelmann has none
    return solver.double_dummy(game, state, seat)


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
