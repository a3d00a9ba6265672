"""Words every module that writes Drogue's text shares (the narration, the views, the refusals, the
signs): the numbers of a bid, and the four-Mandrins call as it is said at the table. No rule reads them.

>>> NUMBERS[5], QUI_VIVE_TEXT
('five', 'Qui vive pour les quatre Mandrins!')
"""

from __future__ import annotations

NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight")
QUI_VIVE_TEXT = "Qui vive pour les quatre Mandrins!"  # drogue.bid.four-mandrins
