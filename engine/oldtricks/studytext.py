"""A study as text: one handout, each chapter's deal, its tricks, its notes and its questions, with room
to write each answer, in the order the steps come, so a student works down the page (the tricks after
a question tell its answer; nothing past a chapter's last question is told). The study page prints it,
and ``python -m oldtricks link decode 's1;…' --text`` writes it.

>>> from oldtricks.study import Chapter, Study
>>> game = {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42},
...         "steps": [{"note": "Watch."}, {"moves": ["9A"], "ask": True, "hint": "Look."}]}
>>> print(handout(Study("First", "Read me.", (Chapter.of(game),))))
First
<BLANKLINE>
Read me.
<BLANKLINE>
1. A deal (Bettelmann)
South: KH TA 8H UH 9B 7A TL OA 7B OB 8B OL AH KA 9H OH
North: 9A AA 9L 8L 8A KL 7H TB UL UA AB KB 7L AL TH UB
Step 0. Watch.
Question at step 0: what should North play? Hint: Look.
Answer: ______________________________
"""

from __future__ import annotations

from typing import Any

from . import links
from .replay import Line
from .study import Study

ANSWER_LINE = "Answer: " + "_" * 30


def _seats(line: Line) -> list[str]:
    frame = line.frame(0)
    out = []
    for seat in frame["seats"]:
        hand = seat.get("hand") or {}
        cards = hand.get("cards") or []
        if cards:
            out.append(f"{seat.get('name')}: {' '.join(str(c) for c in cards)}")
    return out


def _told(line: Line, step: int) -> list[str]:
    """What happens on ``step``: its trick's end (the trick's cards and who won it), then its note."""
    out: list[str] = []
    for event in line.events[step]:
        data: Any = event.data
        if data is not None and "trick" in data and data.get("cards"):
            names = line.game.seat_names()
            cards = ", ".join(f"{names[seat]} {card}" for seat, card in data["cards"])
            winner = data.get("winner")
            won = "nobody takes it" if winner is None else f"{names[winner]} takes it"
            out.append(f"Trick {data['trick']}: {cards}; {won}.")
    if line.notes.get(step):
        out.append(f"Step {step}. " + "\n".join(line.notes[step]))
    return out


def chapter_text(number: int, link: str) -> list[str]:
    """The lines of one chapter: its title and game, its deal, then step by step up to its last question."""
    spec, line = links.decode_line(link)
    game = line.game
    lines = [f"{number}. {spec['title']} ({game.title})", *_seats(line)]
    last = max(line.asks, default=len(line.states) - 1)
    for step in range(last + 1):
        lines += _told(line, step)
        ask = line.asks.get(step)
        if ask is not None:
            seat = game.to_play(line.states[step])
            who = game.seat_names()[seat] if seat is not None else "the player"
            hint = f" Hint: {ask['hint']}" if ask.get("hint") else ""
            lines += [f"Question at step {step}: what should {who} play?{hint}", ANSWER_LINE]
    return lines


def handout(study: Study) -> str:
    """The whole study as text, chapters separated by a blank line."""
    parts = [study.title]
    if study.notes:
        parts.append(study.notes)
    parts += ["\n".join(chapter_text(i, c.link)) for i, c in enumerate(study.chapters, start=1)]
    return "\n\n".join(parts)
