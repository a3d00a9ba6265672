"""Drużbart and its three-hand form, Clock Druzbart.

>>> Druzbart().table.num_sides, ClockDruzbart().table.num_sides
(2, 3)
"""

from .clock import ClockDruzbart
from .game import Druzbart
from .ranking import Ranking
from .rules import RULES
from .state import DealScore, DruzbartState

PHASES = ("play",)  # each phase's allowed(), in play order

__all__ = ["PHASES", "RULES", "ClockDruzbart", "DealScore", "Druzbart", "DruzbartState", "Ranking"]
