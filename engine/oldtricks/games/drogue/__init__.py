"""Drogue, the French soldiers' game (rules booklet, Paris 1836): one deal, or an evening of deals with the drogue."""

from .game import Drogue
from .rules import RULES
from .state import DrogueState

PHASES = ("cut", "calls", "bidding", "trump", "playing")  # each phase's allowed(), in play order

__all__ = ["PHASES", "RULES", "Drogue", "DrogueState"]
