"""Bettelmann and its variant Tod und Leben."""

from .game import Bettelmann, BettelmannState
from .rules import RULES
from .todundleben import TodUndLeben

__all__ = ["RULES", "Bettelmann", "BettelmannState", "TodUndLeben"]
