"""What the build remembers across pages: where each scenario is embedded, where each rule is stated.

Both live on the build environment, so that links can be resolved once every page has been read.
Reading in parallel is safe: each worker's records are merged back (``env-merge-info``) and a page's
records are dropped when it is read again (``env-purge-doc``). At the end of reading, with
``oldtricks_check_complete = True``, every scenario file must be embedded somewhere and every ledger id
the engine implements must have its ``{rule}`` block (a warning each, which ``-W`` makes fatal).

>>> rule_anchor("bettelmann.rank")
'rule-bettelmann-rank'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from oldtricks.core.registry import all_rules

from .project import scenario_files, scenarios_root

__all__ = [
    "Embed",
    "RuleBlock",
    "embeds",
    "merge_placed",
    "note_links",
    "read_doctree",
    "rule_anchor",
    "rule_blocks",
    "setup_store",
]

logger = logging.getLogger(__name__)
P = TypeVar("P", bound="Placed")


@dataclass(frozen=True)
class Embed:
    """A scenario embedded on a page, with the ledger ids it demonstrates."""

    docname: str
    lineno: int
    title: str
    ids: tuple[str, ...]


@dataclass(frozen=True)
class RuleBlock:
    """A ``{rule}`` block: the page that states the rule, and the block's anchor."""

    docname: str
    lineno: int


def rule_anchor(rule_id: str) -> str:
    """The stable HTML id of a rule block: ``bettelmann.tie.pierer`` -> ``rule-bettelmann-tie-pierer``."""
    return "rule-" + rule_id.replace(".", "-")


def embeds(env: BuildEnvironment) -> dict[str, Embed]:
    """Scenario id -> where it is embedded."""
    if not hasattr(env, "oldtricks_embeds"):
        env.oldtricks_embeds = {}  # type: ignore[attr-defined]
    found: dict[str, Embed] = env.oldtricks_embeds  # type: ignore[attr-defined]
    return found


def rule_blocks(env: BuildEnvironment) -> dict[str, RuleBlock]:
    """Rule id -> its ``{rule}`` block."""
    if not hasattr(env, "oldtricks_rules"):
        env.oldtricks_rules = {}  # type: ignore[attr-defined]
    found: dict[str, RuleBlock] = env.oldtricks_rules  # type: ignore[attr-defined]
    return found


def _linking(env: BuildEnvironment) -> set[str]:
    if not hasattr(env, "oldtricks_linking"):
        env.oldtricks_linking = set()  # type: ignore[attr-defined]
    found: set[str] = env.oldtricks_linking  # type: ignore[attr-defined]
    return found


def note_links(env: BuildEnvironment) -> None:
    """Record that the page being read links to rules or scenarios on other pages (or is linked to),
    so that an incremental build reads it again when any page changes."""
    _linking(env).add(env.docname)


def read_doctree(app: Sphinx, docname: str) -> nodes.document:
    """A page's doctree as read, unpickled once for the pages written after the site's (its numbers page,
    its viewers' embed pages and its text page): a rules page's doctree takes a few tenths of a second to
    unpickle. Each takes from it what it renders (a deep copy where it changes a node)."""
    if not hasattr(app, "oldtricks_doctrees"):
        app.oldtricks_doctrees = {}  # type: ignore[attr-defined]
    read: dict[str, nodes.document] = app.oldtricks_doctrees  # type: ignore[attr-defined]
    if docname not in read:
        read[docname] = app.env.get_doctree(docname)
    return read[docname]


def setup_store(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_check_complete",
        False,
        "env",
        types=frozenset({bool}),
        description="warn about scenario files not embedded and ledger ids with no {rule} block",
    )
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-check-consistency", _check_complete)
    app.connect("env-get-outdated", _outdated)


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    # A rule block or an embed that moves changes links on other pages: read those again too.
    if not (added or changed or removed):
        return []
    return sorted(_linking(env) - added - changed - removed)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _linking(env).discard(docname)
    for records in (embeds(env), rule_blocks(env)):
        for key in [k for k, v in records.items() if v.docname == docname]:
            del records[key]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    docs = set(docnames)
    _linking(env).update(_linking(other) & docs)
    merge_placed(embeds(env), embeds(other), docs, lambda key: f"scenario {key!r}")
    merge_placed(rule_blocks(env), rule_blocks(other), docs, lambda key: f"rule {key!r}")


class Placed(Protocol):
    """A record of something that has one place in the site: its page and line."""

    @property
    def docname(self) -> str: ...

    @property
    def lineno(self) -> int: ...


def merge_placed(mine: dict[str, P], theirs: Mapping[str, P], docs: set[str], name: Callable[[str], str]) -> None:
    """Take a parallel reader's records of the pages it read (``docs``) into ``mine``. A key already
    placed on another page keeps that page, and the second place is warned about (``name`` says what
    the key is, for the message)."""
    for key, record in theirs.items():
        if record.docname not in docs:
            continue
        held = mine.get(key)
        if held is not None and held.docname != record.docname:
            logger.warning(
                f"{name(key)} appears twice: already on page {held.docname!r}",
                location=(record.docname, record.lineno),
                type="oldtricks",
                subtype="duplicate",
            )
            continue
        mine[key] = record


def _check_complete(app: Sphinx, env: BuildEnvironment) -> None:
    if not app.config.oldtricks_check_complete:
        return
    root = scenarios_root(app.config)
    placed = embeds(env)
    for path in scenario_files(app.config):
        scenario_id = path.relative_to(root).with_suffix("").as_posix()
        if scenario_id not in placed:
            logger.warning(
                f"scenario {scenario_id!r} ({path}) is not embedded on any page: add a "
                f"```{{scenario}} {scenario_id}``` block",
                type="oldtricks",
                subtype="coverage",
            )
    stated = rule_blocks(env)
    for rule_id in all_rules():
        if rule_id not in stated:
            logger.warning(
                f"ledger id {rule_id!r} has no {{rule}} block on any page", type="oldtricks", subtype="coverage"
            )
