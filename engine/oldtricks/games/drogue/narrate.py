"""The English of Drogue's frames: words shared by the sentences the events are told in.

>>> clips_word(0), clips_word(1), clips_word(3)
('no clips', 'one clip', 'three clips')
"""

from __future__ import annotations

from .auction import NUMBERS


def clips_word(n: int) -> str:
    """A number of clips in words."""
    if n == 0:
        return "no clips"
    return f"{NUMBERS[n] if n < len(NUMBERS) else n} clip{'' if n == 1 else 's'}"
