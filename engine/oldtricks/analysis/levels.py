"""The bot levels a reader may choose, each with what it does in words (the sandbox and the live seat picker
show these). A module of its own, so that naming the levels loads none of the strong bot's search.

>>> list(LEVELS)
['simple', 'strong']
"""

from __future__ import annotations

from ..core.i18n import N_, Words

# each level's words, in the current language
LEVELS: Words[str] = Words(
    {
        "simple": N_("plays by rules of thumb, from its own hand and the cards it has seen"),
        "strong": N_(
            "from its own view, deals the hidden cards many ways that fit all it has seen, solves each deal with "
            "every hand known (in Clock Druzbart: plays each deal out after each of its moves, every seat playing "
            "as the simple bot), and plays the move that does best over them; in Drogue it makes its bids, its passes "
            "and its choice of trump the same way; where its budget solves too few deals (at some of a deal's first "
            "moves), it plays as the simple bot does"
        ),
    }
)


def level_problem(level: object) -> str | None:
    """Why ``level`` is no bot level, or None when it is one.

    >>> level_problem("expert")
    "no bot level 'expert': expected one of simple, strong"
    """
    if isinstance(level, str) and level in LEVELS:
        return None
    shown = repr(level) if len(repr(level)) <= 40 else repr(level)[:37] + "..."
    return f"no bot level {shown}: expected one of {', '.join(LEVELS)}"
