"""A study as text: one handout, each chapter's deal, its tricks, its notes and its questions, with room
to write each answer, in the order the steps come, so a student works down the page (the tricks after
a question tell its answer; nothing past a chapter's last question is told). The study page prints it,
and ``python -m oldtricks link decode 's1;…' --text`` writes it. Its words are the engine's, in the
language of the work (:mod:`oldtricks.core.i18n`); the teacher's titles, notes and hints are the teacher's.

>>> from oldtricks.core.i18n import language
>>> from oldtricks.scenarios.study import Chapter, Study
>>> game = {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42},
...         "steps": [{"note": "Watch."}, {"moves": ["9A"], "ask": True, "hint": "Look."}]}
>>> study = Study("First", "Read me.", (Chapter.of(game),))
>>> print(handout(study))
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
>>> with language("pl"):
...     print(handout(study).splitlines()[-2])
Pytanie w kroku 0: co ma zagrać North? Wskazówka: Look.

The same as a page of its own, with no script (the study page's "Text page"): every text escaped.

>>> page = text_page(Study("<b>Mine</b>", "", (Chapter.of(game),)))
>>> "<script" in page, "&lt;b&gt;Mine&lt;/b&gt;" in page, "<b>" in page
(False, True, False)
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import _, current
from . import links
from .replay import Line
from .study import Study

ANSWER_RULE = "_" * 30

# (kind, text): the kinds of a chapter's lines, which the text page marks with a class of each
Part = tuple[str, str]


def _seats(line: Line) -> list[Part]:
    frame = line.frame(0)
    out = []
    for seat in frame["seats"]:
        hand = seat.get("hand") or {}
        cards = hand.get("cards") or []
        if cards:
            out.append(("deal", f"{seat.get('name')}: {' '.join(str(c) for c in cards)}"))
    return out


def _told(line: Line, step: int) -> list[Part]:
    """What happens on ``step``: its trick's end (the trick's cards and who won it), then its note."""
    out: list[Part] = []
    for event in line.events[step]:
        data: Any = event.data
        if data is not None and "trick" in data and data.get("cards"):
            names = line.game.seat_names()
            cards = ", ".join(f"{names[seat]} {card}" for seat, card in data["cards"])
            winner = data.get("winner")
            if winner is None:
                said = _("Trick {number}: {cards}; nobody takes it.").format(number=data["trick"], cards=cards)
            else:
                said = _("Trick {number}: {cards}; {seat} takes it.").format(
                    number=data["trick"], cards=cards, seat=names[winner]
                )
            out.append(("trick", said))
    if line.notes.get(step):
        out.append(("note", _("Step {step}.").format(step=step) + " " + "\n".join(line.notes[step])))
    return out


def _question(line: Line, step: int, ask: dict[str, Any]) -> list[Part]:
    seat = line.game.to_play(line.states[step])
    if seat is None:
        asked = _("Question at step {step}: what is the right move?").format(step=step)
    else:
        asked = _("Question at step {step}: what should {seat} play?").format(
            step=step, seat=line.game.seat_names()[seat]
        )
    if ask.get("hint"):
        asked += " " + _("Hint: {hint}").format(hint=ask["hint"])
    return [("question", asked), ("answer", _("Answer: {line}").format(line=ANSWER_RULE))]


def chapter_parts(number: int, link: str) -> tuple[str, list[Part]]:
    """One chapter's heading (its number, title and game), then its lines, each with its kind: its deal,
    then step by step up to its last question."""
    spec, line = links.decode_line(link)
    parts = _seats(line)
    last = max(line.asks, default=len(line.states) - 1)
    for step in range(last + 1):
        parts += _told(line, step)
        ask = line.asks.get(step)
        if ask is not None:
            parts += _question(line, step, ask)
    return f"{number}. {spec['title']} ({line.game.title})", parts


def chapter_text(number: int, link: str) -> list[str]:
    """The lines of one chapter: its title and game, its deal, then step by step up to its last question."""
    heading, parts = chapter_parts(number, link)
    return [heading, *(text for _kind, text in parts)]


def handout(study: Study) -> str:
    """The whole study as text, chapters separated by a blank line."""
    parts = [study.title]
    if study.notes:
        parts.append(study.notes)
    parts += ["\n".join(chapter_text(i, c.link)) for i, c in enumerate(study.chapters, start=1)]
    return "\n\n".join(parts)


def escape(text: str) -> str:
    """``text`` for HTML, as text and in a quoted attribute: never markup.

    >>> escape('<a href="x">&</a>')
    '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


STYLE = (
    "body{font:1rem/1.5 system-ui,sans-serif;max-width:46rem;margin:1.5rem auto;padding:0 1rem;"
    "color:#1a1a1a;background:#fff}"
    "h1,h2{line-height:1.25}h2{margin-top:2rem;border-top:1px solid #bbb;padding-top:1rem}"
    "p{margin:.35rem 0;white-space:pre-wrap;overflow-wrap:anywhere}"
    ".deal,.trick{font-family:ui-monospace,monospace;font-size:.95rem}"
    ".question{font-weight:600;margin-top:.8rem}.answer{margin-bottom:1rem}"
    "@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#121212}h2{border-color:#555}}"
)


def text_page(study: Study) -> str:
    """The study as a page of its own, with no script: a file a teacher keeps, opens offline or puts on
    any server. Its words are the handout's; every text, the teacher's above all, is escaped."""
    body = [f"<h1>{escape(study.title)}</h1>"]
    if study.notes:
        body.append(f'<p class="notes">{escape(study.notes)}</p>')
    for number, chapter in enumerate(study.chapters, start=1):
        heading, parts = chapter_parts(number, chapter.link)
        body.append(f'<section class="chapter"><h2>{escape(heading)}</h2>')
        body += [f'<p class="{kind}">{escape(text)}</p>' for kind, text in parts]
        body.append("</section>")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{current()}">',
            '<head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
            f"<title>{escape(study.title)}</title>",
            f"<style>{STYLE}</style></head>",
            "<body>",
            *body,
            "</body></html>",
            "",
        ]
    )


def file_name(study: Study, suffix: str) -> str:
    """A file name made of the study's title (letters and digits, dashes between), ``study`` if none.

    >>> file_name(Study("Drogue: the first trick"), ".html")
    'drogue-the-first-trick.html'
    """
    name = "".join(c if c.isalnum() else "-" for c in study.title.lower())
    return ("-".join(p for p in name.split("-") if p)[:40].strip("-") or "study") + suffix
