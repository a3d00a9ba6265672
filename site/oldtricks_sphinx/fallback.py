"""The scenario as plain text: what a reader without JavaScript, a printer or a non-HTML builder gets.

Built only from the frames (``engine/oldtricks/schema/frame.schema.json``), so it works for every
game: the deal (step 0, every hand), each completed trick with its winner and the author's notes,
each later deal of a longer game with its hands, and the outcome.

>>> from oldtricks.scenarios.replay import replay
>>> from oldtricks.scenarios.scenario import loads
>>> rp = replay(loads('title = "t"\\ngame = "bettelmann"\\n[deal]\\nseed = 1\\n[[step]]\\nauto = 2\\n', "t"))
>>> static_form(rp, rp.frames()).tagname
'container'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docutils import nodes

from oldtricks.core.cards import RANK_NAMES, SUIT_NAMES, Card
from oldtricks.core.i18n import pgettext
from oldtricks.errors import OldtricksError
from oldtricks.scenarios.replay import Replay

from .i18n import _, n_
from .lessons import lessons_of

__all__ = ["card_node", "complete_tricks", "static_card", "static_form"]


class static_card(nodes.Inline, nodes.TextElement):
    """A card of a hand in the text form: in HTML ``<i class=gL>UL</i>`` (``g``/``f`` for the German or
    French pattern, then the suit letter), drawn as a small card picture by pages.css; every deal's
    every card carries it, so it is kept this short. Other builders print the notation."""


# Long games (an endless deal runs to dozens of tricks) list the first and last tricks and every
# trick with a note; the rest are summarised in one line.
HEAD, TAIL = 24, 4


def static_form(rp: Replay, frames: Sequence[dict[str, Any]]) -> nodes.container:
    sc, game = rp.scenario, rp.game
    pattern = game.pack.pattern
    box = nodes.container(classes=["ot-static"])
    box += nodes.paragraph("", "", nodes.strong("", sc.said("title")))
    if sc.description.strip():
        box += nodes.paragraph("", " ".join(sc.said("description").split()))
    chosen = [_option_text(game, key, value) for key, value in sc.options.items()]
    if chosen:
        box += nodes.paragraph("", _("Rules chosen: {rules}.").format(rules="; ".join(chosen)))

    deals = _deals(frames)
    first = frames[0]
    box += nodes.paragraph("", _("The deal (top card first):") if _piles(first) else _("The deal:"))
    box += _hands(first, pattern)
    if pattern == "german":
        # the names in the edition's language, as the engine's catalogs give them (the widget's too)
        ranks = ", ".join(f"{k} {pgettext('rank', v)}" for k, v in RANK_NAMES["german"].items() if k in game.pack.ranks)
        suits = ", ".join(f"{k} {pgettext('German suit', v)}" for k, v in SUIT_NAMES["german"].items())
        box += nodes.paragraph(
            "",
            _("Cards are written rank then suit. Ranks: {ranks}. Suits: {suits}.").format(ranks=ranks, suits=suits),
            classes=["ot-static-key"],
        )
    for note in _notes(deals[0]).get(0, []):
        box += nodes.paragraph("", note, classes=["ot-static-note"])

    tricks = [complete_tricks(deal) for deal in deals]
    count = sum(map(len, tricks))
    # A sheet with questions must not print their answers: the play from the first question on is
    # marked, and print (pages.css) leaves it out; on the screen, without a script, it is all there.
    asked = [i for i, frame in enumerate(frames) if frame.get("ask")]
    spoils = {id(frame) for frame in frames[asked[0] :]} if asked else set()
    if count or len(deals) > 1:
        box += nodes.paragraph("", _("The play:"))
        box += _play_list(deals, tricks, pattern, spoils)
    if spoils:
        box += nodes.paragraph(
            "",
            _("The rest of the play is left out of the printed sheet: it would answer the questions."),
            classes=["ot-static-withheld"],
        )
    last = frames[-1]
    spoiler = ["ot-static-spoiler"] if spoils else []
    if last.get("outcome"):
        box += nodes.paragraph(
            "", _("Outcome: {outcome}").format(outcome=last["outcome"]["text"]), classes=["ot-static-outcome", *spoiler]
        )
    else:
        box += nodes.paragraph(
            "",
            n_(
                "The scenario stops here, after {count} trick; the game goes on.",
                "The scenario stops here, after {count} tricks; the game goes on.",
                count,
            ).format(count=count),
            classes=["ot-static-outcome", *spoiler],
        )
    box += _questions(sc.id, sc.said("title"), tuple(sc.demonstrates), frames)
    return box


def _questions(
    scenario_id: str, title: str, demonstrates: tuple[str, ...], frames: Sequence[dict[str, Any]]
) -> nodes.Node:
    """The scenario's lesson questions, each with room to write the answer (a handout, when printed);
    nothing when it asks none. The answers are not printed: the viewer gives them."""
    lessons = lessons_of(scenario_id, list(frames), title, demonstrates)
    if not lessons:
        return nodes.inline()
    found = nodes.enumerated_list(classes=["ot-static-questions"])
    for lesson in lessons:
        trick = _number(frames[lesson.step]) if lesson.step < len(frames) else 0
        where = _("Before trick {trick} is complete").format(trick=trick) if trick else _("Before the first trick")
        found += nodes.list_item(
            "",
            nodes.paragraph(
                "", _("{where} (step {step}): {scene}").format(where=where, step=lesson.step, scene=lesson.scene)
            ),
            nodes.paragraph("", "", nodes.strong("", lesson.question), classes=["ot-static-answer"]),
        )
    return nodes.container(
        "", nodes.paragraph("", "", nodes.strong("", _("Questions"))), found, classes=["ot-static-quiz"]
    )


def _deals(frames: Sequence[dict[str, Any]]) -> list[Sequence[dict[str, Any]]]:
    """The frames deal by deal: a new deal starts where the trick number falls back to 0."""
    starts = [0] + [i for i in range(1, len(frames)) if _number(frames[i]) == 0 and _number(frames[i - 1]) != 0]
    return [frames[a:b] for a, b in zip(starts, [*starts[1:], len(frames)], strict=True)]


def _number(frame: dict[str, Any]) -> int:
    return int((frame.get("trick") or {}).get("number") or 0)


def _hands(frame: dict[str, Any], pattern: str) -> nodes.bullet_list:
    hands = nodes.bullet_list()
    for seat in frame["seats"]:
        dealer = any(m.get("kind") == "dealer" for m in seat.get("marks", []))
        label = seat["name"] + (" (dealer)" if dealer else "")
        line = nodes.paragraph("", f"{label}: ")
        line.extend(_cards(seat["hand"]["cards"], pattern, " ") or [nodes.Text("no cards")])
        hands += nodes.list_item("", line)
    return hands


def _piles(frame: dict[str, Any]) -> bool:
    return any(seat["hand"].get("layout") == "pile" for seat in frame["seats"])


def _option_text(game: Any, key: str, value: Any) -> str:
    spec = next((s for s in game.option_specs if s.key == key), None)
    if spec is None:
        return f"{key} = {value}"
    choice = spec.choice(game.options.get(key, value))
    return f"{spec.said}: {choice.said if choice else value}"


def _symbol(text: str, pattern: str) -> str:
    try:
        return Card.parse(text, pattern).symbol  # type: ignore[arg-type]
    except OldtricksError:
        return text


def card_node(text: str, pattern: str) -> nodes.Node:
    if text == "??":
        return nodes.Text("??")
    symbol = _symbol(text, pattern)
    return static_card(symbol, symbol, suit=f"{pattern[0]}{text[-1]}")


def _cards(texts: Sequence[str], pattern: str, sep: str) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, text in enumerate(texts):
        if i:
            out.append(nodes.Text(sep))
        out.append(card_node(text, pattern))
    return out


def complete_tricks(frames: Sequence[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """(trick number, the frame showing it complete), once per trick, in order, within one deal."""
    seen: dict[int, dict[str, Any]] = {}
    for frame in frames:
        number = _number(frame)
        if (frame.get("trick") or {}).get("complete") and number and number not in seen:
            seen[number] = frame
    return sorted(seen.items(), key=lambda item: item[0])


def _notes(frames: Sequence[dict[str, Any]]) -> dict[int, list[str]]:
    """The author's notes of one deal by trick number (0: before its first trick)."""
    found: dict[int, list[str]] = {}
    for frame in frames:
        if frame.get("note"):
            found.setdefault(_number(frame), []).append(frame["note"])
    return found


def _play_list(
    deals: list[Sequence[dict[str, Any]]],
    tricks: list[list[tuple[int, dict[str, Any]]]],
    pattern: str,
    spoils: set[int] = frozenset(),  # type: ignore[assignment]
) -> nodes.bullet_list:
    """Every trick (``tricks``: each deal's, from :func:`_tricks`), deal by deal, each later deal opening
    with its hands; in long games the tricks between the first HEAD and the last TAIL that have no
    note are summarised. A trick or deal shown by a frame in ``spoils`` (ids) is marked a spoiler."""
    out = nodes.bullet_list(classes=["ot-static-tricks"])
    count = sum(map(len, tricks))
    index = 0
    skipped: list[int] = []

    def flush() -> None:
        nonlocal skipped
        if skipped:
            out.append(_skipped(skipped))
            skipped = []

    for number_of_deal, (deal, played) in enumerate(zip(deals, tricks, strict=True), start=1):
        notes = _notes(deal)
        if number_of_deal > 1:
            flush()
            head = nodes.paragraph(
                "",
                "",
                nodes.strong("", _("Deal {number}").format(number=number_of_deal)),
                nodes.Text(_(" (top card first):") if _piles(deal[0]) else ":"),
            )
            item = nodes.list_item("", head, _hands(deal[0], pattern))
            if id(deal[0]) in spoils:
                item["classes"].append("ot-static-spoiler")
            for note in notes.get(0, []):
                item += nodes.paragraph("", note, classes=["ot-static-note"])
            out += item
        for number, frame in played:
            index += 1
            if HEAD < index <= count - TAIL and number not in notes:
                skipped.append(number)
                continue
            flush()
            item = _trick_item(number, frame, notes.get(number, []), pattern)
            if id(frame) in spoils:
                item["classes"].append("ot-static-spoiler")
            out += item
    flush()
    return out


def _trick_item(number: int, frame: dict[str, Any], notes: list[str], pattern: str) -> nodes.list_item:
    names = [seat["name"] for seat in frame["seats"]]
    winner = frame["trick"].get("winner")
    result = _("Tie: nobody takes the cards yet") if winner is None else _("{seat} wins").format(seat=names[winner])
    played = ", ".join(f"{names[p['seat']]} {_symbol(p['card'], pattern)}" for p in frame["table"])
    item = nodes.list_item(
        "",
        nodes.paragraph("", _("Trick {number}: {cards}. {result}.").format(number=number, cards=played, result=result)),
    )
    for note in notes:
        item += nodes.paragraph("", note, classes=["ot-static-note"])
    return item


def _skipped(numbers: list[int]) -> nodes.list_item:
    first, last = numbers[0], numbers[-1]
    span = (
        _("Trick {number}").format(number=first)
        if first == last
        else _("Tricks {first}–{last}").format(first=first, last=last)
    )
    text = _("{tricks}: not listed here (the game viewer steps through every one).").format(tricks=span)
    return nodes.list_item("", nodes.paragraph("", text))
