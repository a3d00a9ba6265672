"""The rules a Drogue table agreed on, as one frozen, typed value read from the validated options.

Each field is one option of :data:`.rules.OPTIONS`, typed with the values its spec allows, so that rule code
compares against values mypy can check instead of reading a dict by string key:

>>> agreed = DrogueOptions.read({"order": "natural", "deals": 3})
>>> agreed.order, agreed.deals, agreed.evening, agreed.lenient
('natural', 3, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from ...core.options import OptionValue

Partners = Literal["round", "kings", "seated"]
Mode = Literal["speaking", "silent"]
Packets = Literal[4, 2]
Order = Literal["bezique", "natural"]
Overtrump = Literal["must", "free"]
AllPass = Literal["same-dealer", "next-dealer"]
Table = Literal["strict", "lenient"]
Capot = Literal[1, 2]
Rengage = Literal["extra", "keep"]
FourJacks = Literal["free", "no-run"]
BidCount = Literal["whole", "under"]
EqualBid = Literal["once", "again"]
FirstGame = Literal["points", "vilenies"]
CapotCounts = Literal["alone", "all"]
Release = Literal["all", "one"]
Caller = Literal["next", "unclipped"]


@dataclass(frozen=True, slots=True)
class DrogueOptions:
    """The options of one Drogue game; the defaults are those of the specs (tests check they agree)."""

    partners: Partners = "round"
    mode: Mode = "speaking"
    packets: Packets = 4
    order: Order = "bezique"
    overtrump: Overtrump = "must"
    all_pass: AllPass = "same-dealer"
    deals: int = 1
    table: Table = "strict"
    capot: Capot = 1
    rengage: Rengage = "extra"
    four_jacks: FourJacks = "free"
    bid_count: BidCount = "whole"
    equal_bid: EqualBid = "once"
    first_game: FirstGame = "points"
    capot_counts: CapotCounts = "alone"
    release: Release = "all"
    caller: Caller = "next"
    deal_cap: int = 200

    @classmethod
    def read(cls, options: Mapping[str, OptionValue]) -> DrogueOptions:
        """The agreed rules from options the specs have validated (missing keys take the defaults)."""
        given: dict[str, Any] = {f.name: options[f.name] for f in fields(cls) if f.name in options}
        return cls(**given)

    @property
    def evening(self) -> bool:
        """More than one deal: the drogue is played across deals (drogue.end)."""
        return self.deals > 1

    @property
    def lenient(self) -> bool:
        """drogue.penalty.causes.lenient: infractions are played and cost a penalty clip."""
        return self.table == "lenient"

    @property
    def silent(self) -> bool:
        """drogue.mode: the silent game (à la muette)."""
        return self.mode == "silent"

    @property
    def under(self) -> bool:
        """drogue.bid.count.under: a bid may understate the count."""
        return self.bid_count == "under"

    @property
    def again(self) -> bool:
        """drogue.bid.raise.again: an equal count that lost may be tried again."""
        return self.equal_bid == "again"
