"""Words every module that writes Drogue's text shares (the narration, the views, the refusals, the
signs): the numbers of a bid, and the four-Mandrins call as it is said at the table. No rule reads them.

>>> NUMBERS[5], QUI_VIVE_TEXT
('five', 'Qui vive pour les quatre Mandrins!')
"""

from __future__ import annotations

from ...core.i18n import N_, Words

# the numbers of a bid in words, in the current language (NUMBERS[5])
NUMBERS = Words(
    dict(
        enumerate(
            (N_("none"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"))
        )
    )
)
QUI_VIVE_TEXT = "Qui vive pour les quatre Mandrins!"  # drogue.bid.four-mandrins
