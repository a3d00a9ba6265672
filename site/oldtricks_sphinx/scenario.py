"""The ``{scenario}`` directive: replay a scenario file at build time and embed it as a game viewer.

MyST::

    ```{scenario} bettelmann/tie-pierer
    :step: 3
    :viewer: all
    ```

HTML output: ``<div class="oldtricks-widget" id=ID data-scenario=ID tabindex="0">`` holding, in a
``<noscript>``, a link to the scenario as plain text (:mod:`.fallback`) on the page's text page, and the
text forms packed after the page's last viewer, which widget.js puts in the page for print
(:mod:`.textpage`); other builders print the text form on their own. The data the viewers read
(``static/oldtricks/widget.js``) sits once per page, before its first viewer, in
``<script type="application/json" id="oldtricks-page">``: each game's options and the rules the
viewers name, shared, and each viewer's spec, frames, option values and rule ids by scenario id.

With ``oldtricks_pack_frames`` (the default) that block is ``{"packed": ...}``: every frame after a
viewer's first stored as its change from the one before (:mod:`oldtricks.scenarios.framepack`), the whole
page's data compressed once (raw DEFLATE, base64), which the widget reads with the browser's
``DecompressionStream``. A page of twenty viewers shrinks about twenty-five-fold.

>>> embed_json({"note": "</script>"})
'{"note":"\\\\u003c/script\\\\u003e"}'
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxRole, SphinxTranslator
from sphinx.util.nodes import split_explicit_title
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from oldtricks.analysis.gamebook import played_on
from oldtricks.core.registry import all_rules
from oldtricks.errors import ScenarioError
from oldtricks.scenarios.coverage import demonstrated_ids
from oldtricks.scenarios.framepack import encode_frames, pack
from oldtricks.scenarios.replay import Replay
from oldtricks.scenarios.scenario import Scenario

from .fallback import static_card, static_form
from .links import rule_url, scenario_link
from .project import load_scenario, replay_scenario, scenario_files, scenario_path, scenarios_root
from .solved import solver_cache, solving
from .store import Embed, embeds, note_links
from .textpage import INLINE, text_block, text_link

__all__ = [
    "ScenarioDirective",
    "ScenarioRole",
    "embed_json",
    "page_block",
    "replay_spec",
    "scenario_embed",
    "setup_scenario",
    "viewer_data",
]


# What a viewer's spec leaves out: the live engine replays a spec, and these are prose the page prints
# already (the text form), or checks for the build (`oldtricks check`).
NOT_REPLAYED = ("description", "demonstrates", "expect")


def replay_spec(sc: Scenario) -> dict[str, Any]:
    """The scenario as the live engine needs it to replay the viewer's game."""
    return {key: value for key, value in sc.spec().items() if key not in NOT_REPLAYED}


class scenario_embed(nodes.General, nodes.Element):
    """An embedded scenario: ``scenario`` (its id) and ``data`` (the JSON object the widget reads)."""


def viewer_data(data: dict[str, Any]) -> dict[str, Any]:
    """One viewer's part of the page block. The game's options and the rules' titles and URLs are
    shared by every viewer of a page (:func:`page_block`), so a viewer keeps only its option values and
    its rule ids."""
    own = {k: v for k, v in data.items() if k not in ("options", "rules")}
    own["option_values"] = {o["key"]: o["value"] for o in data["options"]}
    own["rule_ids"] = sorted(data["rules"])
    return own


# A page keeps its first viewers' data inline, up to this much (JSON text before compression; always at
# least the first viewer's): the rest is in a file of its own that the page fetches once it is drawn, so
# that a page with thirty viewers is steppable after the bytes of its first few (issue of page weight).
INLINE_BUDGET = 60_000

# A scenario's frames as patches, by the digest of their JSON: a viewer is on its rules page and on its
# embed page, and its frames are encoded once a build (make_patch weighs every candidate patch's size).
_ENCODED: dict[str, list[Any]] = {}


def _encoded(frames: list[dict[str, Any]]) -> list[Any]:
    """encode_frames(frames), once per content in this process."""
    key = hashlib.sha256(json.dumps(frames, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    if key not in _ENCODED:
        _ENCODED[key] = encode_frames(frames)
    return _ENCODED[key]


def page_block(document: nodes.document, packed: bool) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """What a page's viewers read: each game's options (defaults), every rule they name, and each
    viewer's own data by scenario id; with ``packed``, frames as patches and all of it compressed, and
    the viewers past :data:`INLINE_BUDGET` apart (the second value: the content of their file, or None)."""
    games: dict[str, list[dict[str, Any]]] = {}
    rules: dict[str, dict[str, Any]] = {}
    viewers: dict[str, dict[str, Any]] = {}
    for node in document.findall(scenario_embed):
        data = node["data"]
        games.setdefault(data["game"], [{k: v for k, v in o.items() if k != "value"} for o in data["options"]])
        rules.update(data["rules"])
        viewers[data["id"]] = viewer_data(data)
    block = {"games": games, "rules": dict(sorted(rules.items())), "viewers": viewers}
    if not packed:
        return block, None
    inline: dict[str, dict[str, Any]] = {}
    rest: dict[str, dict[str, Any]] = {}
    used = 0
    for scenario_id, own in viewers.items():
        own["frames"] = _encoded(own["frames"])
        used += len(json.dumps(own, separators=(",", ":"), ensure_ascii=False))
        (inline if not inline or used <= INLINE_BUDGET else rest)[scenario_id] = own  # used only grows
    page = {"packed": pack({**block, "viewers": inline, "patched": True})}
    return page, ({"packed": pack({"viewers": rest, "patched": True})} if rest else None)


def embed_json(data: Any) -> str:
    """Compact JSON that cannot end its ``<script>`` element or open markup: ``<``, ``>``, ``&``
    (and the JavaScript line separators) are written as ``\\u`` escapes."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    for char, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(char, escaped)
    return text


class ScenarioDirective(SphinxDirective):
    """Embed one scenario, by id (its path below the scenarios folder, without ``.toml``)."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "step": directives.nonnegative_int,
        "viewer": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        scenario_id = self.arguments[0]
        sc, rp = self._replay(scenario_id)
        frames = rp.frames()
        step = self.options.get("step", 0)
        if step >= len(frames):
            raise self.error(
                f":step: {step} is past the end of scenario {scenario_id!r}, whose steps are 0 to {len(frames) - 1}"
            )
        viewer = self._viewer(rp, sc)
        placed = embeds(self.env).get(sc.id)
        if placed is not None:
            raise self.error(
                f"scenario {sc.id!r} is already embedded at {placed.docname}:{placed.lineno}; "
                "each scenario has one place (link to it there)"
            )
        shown = sc.said("title")
        embeds(self.env)[sc.id] = Embed(self.env.docname, self.lineno, shown, tuple(sorted(demonstrated_ids(sc))))

        game = rp.game
        data = {
            "id": sc.id,
            "title": sc.said("title"),
            "game": game.name,
            "pattern": game.pack.pattern,
            "spec": replay_spec(sc),
            "options": [spec.as_json(game.options[spec.key]) for spec in game.option_specs],
            "rules": self._rules(sc, rp, frames),
            "seat_names": list(game.seat_names()),
            "viewer": viewer,
            "step": step,
            "frames": frames,
            "played_on": self._played_on(sc, rp),
        }
        note_links(self.env)
        node = scenario_embed(scenario=sc.id, data=data)
        self.set_source_info(node)
        node += static_form(rp, frames)
        return [node]

    def _replay(self, scenario_id: str) -> tuple[Scenario, Replay]:
        path = scenario_path(self.config, scenario_id)
        if path is None or not path.is_file():
            known = [
                p.relative_to(scenarios_root(self.config)).with_suffix("").as_posix()
                for p in scenario_files(self.config)
            ]
            hint = f" (known: {', '.join(known)})" if known else ""
            raise self.error(
                f"unknown scenario {scenario_id!r}: no file {scenario_id}.toml in {scenarios_root(self.config)}{hint}"
            )
        self.env.note_dependency(str(path))
        try:
            sc = load_scenario(self.config, path)
            unknown = sorted(demonstrated_ids(sc) - set(all_rules()))
            if unknown:
                raise sc.error(f"unknown ledger id {unknown[0]!r}", "demonstrates")
            return sc, replay_scenario(sc)
        except ScenarioError as exc:
            raise self.error(f"scenario {scenario_id!r} is broken: {exc}") from None

    def _played_on(self, sc: Scenario, rp: Replay) -> dict[str, Any]:
        """Each question's lines with best play (the solver's numbers shared by the editions: solved.py)."""
        with solving(solver_cache(self.config), "played-on", sc.spec()):
            return {str(k): played_on(rp.game, rp.line.states[k], a["answer"]) for k, a in rp.line.asks.items()}

    def _viewer(self, rp: Replay, sc: Scenario) -> int | None:
        given = self.options.get("viewer")
        if given is None:
            return sc.viewer
        names = [n.lower() for n in rp.game.seat_names()]
        text = given.strip().lower()
        if text == "all":
            return None
        if text.isdigit() and int(text) < len(names):
            return int(text)
        if text in names:
            return names.index(text)
        raise self.error(
            f":viewer: must be 'all', a seat number from 0 to {len(names) - 1} or a seat name "
            f"({', '.join(rp.game.seat_names())}), not {given!r}"
        )

    @staticmethod
    def _rules(sc: Scenario, rp: Replay, frames: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Every ledger id the viewer may show: demonstrated, named by a step or a seat mark, behind
        an option, or refusing a move (every rule of the game). URLs are filled in once every page is
        read (:func:`_fill_rule_urls`)."""
        ids = set(demonstrated_ids(sc))
        for frame in frames:
            ids.update(frame.get("ids", []))
            ids.update(m["rule"] for seat in frame["seats"] for m in seat.get("marks", []) if m.get("rule"))
        for spec in rp.game.option_specs:
            ids.add(spec.rule)
            ids.update(choice.rule for choice in spec.choices)
        # any rule of the game may refuse a move the reader tries live: its box is linked from the refusal
        ids.update(rule.id for rule in rp.game.rules)
        known = all_rules()
        return {
            rid: {"url": None, "status": known[rid].status, "title": known[rid].statement}
            for rid in sorted(ids)
            if rid in known
        }


class ScenarioRole(SphinxRole):
    """``{scenario}`id``` or ``{scenario}`text <id>```: a link to where a scenario is embedded,
    showing its title by default."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        explicit, text, scenario_id = split_explicit_title(self.text)
        scenario_id = scenario_id.strip()
        path = scenario_path(self.config, scenario_id)
        try:
            if path is None or not path.is_file():
                problem = f"unknown scenario {scenario_id!r}: no such file in {scenarios_root(self.config)}"
            else:
                title, problem = load_scenario(self.config, path).said("title"), ""
        except ScenarioError as exc:
            problem = f"scenario {scenario_id!r} is broken: {exc}"
        if problem:
            msg = self.inliner.reporter.error(problem, line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        note_links(self.env)
        node = scenario_link(scenario_id, text if explicit else title, warn=True)
        self.set_source_info(node)
        return [node], []


def _fill_rule_urls(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in doctree.findall(scenario_embed):
        for rule_id, entry in node["data"]["rules"].items():
            entry["url"] = rule_url(app, docname, rule_id)


def visit_html(self: HTML5Translator, node: scenario_embed) -> None:
    if not getattr(self, "_oldtricks_page_block", False):
        self._oldtricks_page_block = True  # type: ignore[attr-defined]
        block, rest = page_block(self.document, self.config.oldtricks_pack_frames)
        if rest is not None:
            block["more"] = write_more(self, rest)
        self.body.append(f'<script type="application/json" id="oldtricks-page">{embed_json(block)}</script>\n')
    ident = escape(node["scenario"], quote=True)
    self.body.append(f'<div class="oldtricks-widget" id="{ident}" data-scenario="{ident}" tabindex="0">\n<noscript>')
    # The text form is written here and taken out again in depart_html (textpage.py), unless it stays
    # inline: an embed page's one viewer keeps it in its <noscript>.
    self._oldtricks_text_start = len(self.body)  # type: ignore[attr-defined]


MORE = "_static/oldtricks/frames"


def write_more(self: HTML5Translator, rest: dict[str, Any]) -> str:
    """Write the page's later viewers' data to ``_static/oldtricks/frames/<digest>.json`` (named by its
    content: a new build's file never meets an older copy in a cache); its address from the page."""
    text = json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
    name = f"{MORE}/{hashlib.sha256(text.encode('utf-8')).hexdigest()[:20]}.json"
    target = Path(self.builder.outdir) / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return relative_uri(self.builder.get_target_uri(self.builder.current_docname), name)


def depart_html(self: HTML5Translator, node: scenario_embed) -> None:
    if node.get(INLINE):
        self.body.append("</noscript></div>\n")
        return
    # A rules page's text forms were most of its bytes: each <noscript> links to its form on the page's
    # text page instead, and the forms follow the page's last viewer, packed, for print (textpage.py).
    start: int = self._oldtricks_text_start  # type: ignore[attr-defined]
    forms: dict[str, str] = self.__dict__.setdefault("_oldtricks_texts", {})
    forms[node["scenario"]] = "".join(self.body[start:])
    del self.body[start:]
    self.body.append(text_link(self, node["scenario"], node["data"]["title"]) + "</noscript></div>\n")
    if "_oldtricks_viewers" not in self.__dict__:  # the page's viewers counted once, not at each viewer
        self.__dict__["_oldtricks_viewers"] = sum(1 for n in self.document.findall(scenario_embed) if not n.get(INLINE))
    if len(forms) == self.__dict__["_oldtricks_viewers"]:
        self.body.append(text_block(forms))


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print only the plain-text form (the node's children)."""


def visit_card_html(self: HTML5Translator, node: static_card) -> None:
    self.body.append(f"<i class={node['suit']}>")  # a letter and a digit or letter: no quotes needed


def depart_card_html(self: HTML5Translator, node: static_card) -> None:
    self.body.append("</i>")


def setup_scenario(app: Sphinx) -> None:
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(scenario_embed, html=(visit_html, depart_html), **others)  # type: ignore[arg-type]
    app.add_node(static_card, html=(visit_card_html, depart_card_html), **others)  # type: ignore[arg-type]
    app.add_config_value(
        "oldtricks_pack_frames",
        True,
        "env",
        types=frozenset({bool}),
        description="embed the viewers' data compressed (packed) rather than as plain JSON",
    )
    app.add_directive("scenario", ScenarioDirective)
    app.add_role("scenario", ScenarioRole())
    app.connect("doctree-resolved", _fill_rule_urls)
