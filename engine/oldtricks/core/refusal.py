"""One way to refuse a move, everywhere: live play, lessons, the sandbox, a replay under another rule.

A refusal names the cards in words ("the Ace of Acorns"), says why in the game's own words, and
carries the ledger rule that forbids the move with its title and status label, so that a viewer
shows the same message, and the same link to the rule's box, wherever the move was tried.

>>> from oldtricks.core.registry import make_game
>>> game = make_game("druzbart")
>>> card_words(game, "with AA or KH")
'with the Ace of Acorns or the King of Hearts'
>>> card_words(game, "must head with AA KH 9L")
'must head with the Ace of Acorns, the King of Hearts or the Nine of Leaves'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..errors import IllegalMoveError, OldtricksError
from .game import Game
from .i18n import _, current
from .moves import Move

_NOT_PART = r"[0-9A-Za-z\u2660-\u2667]"  # a card token is not part of a longer word


@cache
def _card_pattern(game_name: str, pattern: str, tokens: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(t) for t, _name in sorted(tokens, key=lambda t: -len(t[0])))
    one = rf"(?:{alternatives})(?!{_NOT_PART})"
    # a run of cards written one after another ("7H TH JS") is a list: named as one
    return re.compile(rf"(?<!{_NOT_PART})(?:(?:the|a) )?({one}(?: {one})*)")


def card_words(game: Game[Any], text: str) -> str:
    """``text`` with every card written as a code or a symbol (``KH``, ``10♦``) named in words."""
    names: dict[str, str] = {}
    for card in game.pack.cards:
        names[str(card)] = card.name
        names[card.symbol] = card.name
    regex = _card_pattern(game.name + current(), game.pack.pattern, tuple(sorted(names.items())))
    return regex.sub(lambda m: _listed([the_card(names[t]) for t in m.group(1).split(" ")]), text)


def the_card(name: str) -> str:
    """A card's name as a sentence names it: 'the Ace of Acorns' (German and Polish need no article)."""
    return _("the {card}").format(card=name)


def _listed(items: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(items) == 1:
        return items[0]
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def move_words(game: Game[Any], move: Move | str) -> str:
    """A move in words: a card by its name, any other move as written (``bid 4``)."""
    if isinstance(move, Move):
        if move.card is not None:
            return the_card(move.card.name)
        return " ".join(x for x in (move.kind, move.value) if x)
    try:
        return the_card(game.pack.parse(move).name)
    except OldtricksError:
        return f"“{move.strip()}”"


def refusal(game: Game[Any], error: OldtricksError, move: Move | str, seat: int | None = None) -> dict[str, Any]:
    """The reader's message for a refused move: ``{text, rule, rule_title, status}``.

    ``text`` is one or two sentences with the cards in words; ``rule`` is the ledger id that forbids
    the move (None when no rule does: a move that cannot even be read), with its title and status.
    """
    rule = error.rule if isinstance(error, IllegalMoveError) else None
    names = game.seat_names()
    who = names[seat] if seat is not None and 0 <= seat < len(names) else None
    what = move_words(game, move)
    if not isinstance(error, IllegalMoveError):
        head = _("{move} cannot be read as a move").format(move=what)
    elif who:
        head = _("{seat} may not play {move} here").format(seat=who, move=what)
    else:
        head = _("{move} may not be played here").format(move=what)
    text = _("{refusal}: {reason}").format(refusal=head[0].upper() + head[1:], reason=card_words(game, str(error)))
    known = {r.id: r for r in game.rules}
    found = known.get(rule) if rule else None
    return {
        "text": _sentence(text),
        "rule": rule,
        "rule_title": found.statement if found else None,
        "status": found.status if found else None,
    }
