"""The ``{trick} SCENARIO NUMBER`` directive: one trick of a scenario, drawn as cards without a script.

The trick is the engine's: the scenario is replayed at build time and the cards, who played them and
who won are read from the frame that shows the trick complete, so the picture can never show a trick
the rules would not produce. The cards are the text form's small card pictures (``pages.css``), drawn
larger; a link under them opens the scenario's viewer at that trick.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from oldtricks.errors import ScenarioError

from .fallback import card_node, complete_tricks
from .i18n import _
from .lessons import pending_step_link
from .project import load_scenario, replay_scenario, scenario_path
from .store import note_links

__all__ = ["TrickDirective", "setup_picture"]


class TrickDirective(SphinxDirective):
    """A trick of a scenario (numbered from 1 within its first deal), with a caption of who won."""

    required_arguments = 2
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        scenario_id, number_text = self.arguments
        path = scenario_path(self.config, scenario_id)
        if path is None or not path.is_file():
            raise self.error(f"no scenario {scenario_id!r}")
        if not number_text.isdecimal() or not number_text.isascii():
            raise self.error(f"trick number {number_text!r}: expected a whole number from 1")
        self.env.note_dependency(str(path))
        note_links(self.env)
        try:
            sc = load_scenario(self.config, path)
            rp = replay_scenario(sc)
        except ScenarioError as exc:
            raise self.error(str(exc)) from None
        frames = rp.frames()
        tricks = complete_tricks(frames)
        found = dict(tricks)
        number = int(number_text)
        if number not in found:
            raise self.error(f"scenario {scenario_id!r} has no trick {number} (it has {len(tricks)})")
        frame = found[number]
        step = frames.index(frame)
        pattern = rp.game.pack.pattern
        names = [seat["name"] for seat in frame["seats"]]
        winner = frame["trick"].get("winner")
        figure = nodes.container(classes=["ot-static", "ot-trick-picture"])
        row = nodes.bullet_list(classes=["ot-trick-cards"])
        for played in frame["table"]:
            classes = ["ot-trick-card"] + (["ot-trick-winner"] if played["seat"] == winner else [])
            row += nodes.list_item(
                "",
                nodes.paragraph("", "", card_node(played["card"], pattern)),
                nodes.paragraph("", names[played["seat"]], classes=["ot-trick-seat"]),
                classes=classes,
            )
        figure += row
        result = _("nobody takes it yet") if winner is None else _("{seat} wins it").format(seat=names[winner])
        caption = nodes.paragraph("", "", classes=["ot-trick-caption"])
        caption += nodes.Text(
            self.options.get("caption") or _("Trick {number}: {result}. ").format(number=number, result=result)
        )
        caption += pending_step_link(scenario=sc.id, step=frame.get("step", step), title=_("Watch this deal"))
        figure += caption
        return [figure]


def setup_picture(app: Sphinx) -> None:
    app.add_directive("trick", TrickDirective)
