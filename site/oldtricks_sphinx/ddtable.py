"""``{ddtable} SCENARIO``: the double-dummy table of a deal, computed at build by the engine
(:meth:`oldtricks.core.game.Game.double_dummy_table`).

Drogue: for each suit as trump and each seat as maker, the card points (of 120) the maker's side takes
with best play by all, so that a reader of the bidding lesson sees what each bid was worth (the numbers
kept across editions, the words the page's). Drużbart and Clock Druzbart: for each seat leading first,
each side's tricks, in the engine's words. The scenario's deal is read at its first step; the directive
decides nothing itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from oldtricks.core.cards import SUIT_NAMES as CARD_SUITS
from oldtricks.core.i18n import pgettext
from oldtricks.errors import OldtricksError, ScenarioError

from .i18n import _, language
from .project import load_scenario, replay_scenario, scenario_path
from .solved import kept, solver_cache
from .tables import Cell, table

__all__ = ["DoubleDummyDirective", "setup_ddtable"]


def _suit(trump: str) -> str:
    """A trump suit's name in the edition's language (the engine's card words).

    >>> _suit("C"), _suit("X")
    ('Clubs', 'X')
    """
    name = CARD_SUITS["french"].get(trump)
    return trump if name is None else pgettext("French suit", name)


class DoubleDummyDirective(SphinxDirective):
    """The double-dummy table of the deal of one scenario."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        sid = self.arguments[0]
        path = scenario_path(self.config, sid)
        if path is None or not path.is_file():
            raise self.error(f"no scenario {sid!r}")
        self.env.note_dependency(str(path))
        try:
            sc = load_scenario(self.config, path)
            rp = replay_scenario(sc)
        except ScenarioError as exc:
            raise self.error(str(exc)) from None
        game, state = rp.game, rp.line.states[0]
        cache = solver_cache(self.config)
        try:
            if game.name != "drogue":
                # the engine's words, in the edition's language: kept per language (a deal of Drużbart
                # solves in a second or two)
                worded = kept(
                    cache, f"ddtable-{language()}", sc.spec(), lambda: game.double_dummy_table(state).as_json()
                )
                return _worded(worded)
            # numbers only: the other editions read them (solved.py)
            dd = kept(cache, "ddtable", sc.spec(), lambda: game.double_dummy_table(state).numbers)
        except OldtricksError as exc:
            raise self.error(f"{sid}: {exc}") from None
        names = game.seat_names()
        rows: list[list[Cell]] = [
            [_suit(trump), *(str(points[seat % 2]) for seat in range(4))] for trump, points in dd["trumps"].items()
        ]
        heads = [_("Trump"), *(_("{seat} makes").format(seat=names[seat]) for seat in range(4))]
        caption = nodes.paragraph(
            "",
            # a paragraph of the directive's own: the page's catalog translates it (gettext extracts it)
            f"Card points (of 120) the maker's side takes with best play by all, every hand known,"
            f" {names[dd['leader']]} leading the first trick.",
            classes=["ot-ddtable-caption"],
        )
        return [caption, table(heads, rows, [20, 20, 20, 20, 20], ["ot-ddtable"])]


def _worded(dd: dict[str, Any]) -> list[nodes.Node]:
    """A table the engine worded (:class:`oldtricks.core.ddtable.DealTable`): its measure above, a row per
    leader, its note below; the words are the edition's already, so no catalog of the site translates them."""
    rows: list[list[Cell]] = [
        [head, *(str(v) for v in cells)] for head, cells in zip(dd["rows"], dd["cells"], strict=True)
    ]
    heads = [dd["corner"], *dd["columns"]]
    width = 100 // len(heads)
    out: list[nodes.Node] = [
        nodes.paragraph("", dd["measure"] + ".", classes=["ot-ddtable-caption"], translatable=False),
        table(heads, rows, [width] * len(heads), ["ot-ddtable"]),
    ]
    if dd["note"]:
        out.append(nodes.paragraph("", dd["note"], classes=["ot-ddtable-note"], translatable=False))
    return out


def setup_ddtable(app: Sphinx) -> None:
    app.add_directive("ddtable", DoubleDummyDirective)
