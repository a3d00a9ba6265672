"""Bettelmann and its variant Tod und Leben.

>>> TodUndLeben().num_seats, Bettelmann({"players": 4}).num_seats
(2, 4)
"""

from .game import Bettelmann, BettelmannState
from .rules import RULES
from .todundleben import TodUndLeben

PHASES = ("play",)  # each phase's allowed(), in play order

__all__ = ["PHASES", "RULES", "Bettelmann", "BettelmannState", "TodUndLeben"]
