"""Glossary terms that say what they mean where they are used.

The glossary is Sphinx's own (``{glossary}`` and ``{term}`` links). This module remembers the first
paragraph of each term's definition while the glossary page is read, and gives every link to the term
that text as its title, so that pointing at a term shows its meaning; ``pages.css`` shows the same
text while the link has the keyboard focus. The link keeps its own text and target.

>>> short("a long sentence about cards and tricks", 12)
'a long…'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from .store import merge_placed

__all__ = ["Meaning", "meanings", "setup_glossary"]

MEANING_LIMIT = 240  # a tooltip, not the entry: longer first paragraphs are cut at a word


@dataclass(frozen=True)
class Meaning:
    """A term's anchor on the glossary page, where it stands, and its meaning in short."""

    docname: str
    lineno: int
    text: str


def meanings(env: BuildEnvironment) -> dict[str, Meaning]:
    """Anchor id of a term (``term-Unter``) -> its meaning."""
    if not hasattr(env, "oldtricks_meanings"):
        env.oldtricks_meanings = {}  # type: ignore[attr-defined]
    found: dict[str, Meaning] = env.oldtricks_meanings  # type: ignore[attr-defined]
    return found


def short(text: str, limit: int = MEANING_LIMIT) -> str:
    """``text`` on one line, cut at a word to at most ``limit`` characters.

    >>> short("The lower   knave\\nof the pack.")
    'The lower knave of the pack.'
    >>> short("one two three four", 12)
    'one two…'
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _collect(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    for glossary in doctree.findall(addnodes.glossary):
        for item in glossary.findall(nodes.definition_list_item):
            definition = next(iter(item.findall(nodes.definition)), None)
            first = next(iter(definition.findall(nodes.paragraph)), None) if definition is not None else None
            if first is None:
                continue
            for term in item.findall(nodes.term):
                for anchor in term["ids"]:
                    meanings(app.env)[anchor] = Meaning(docname, term.line or 0, short(first.astext()))


def _titles(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    found = meanings(app.env)
    for ref in doctree.findall(nodes.reference):
        if not any("std-term" in inline.get("classes", []) for inline in ref.findall(nodes.inline)):
            continue
        anchor = ref.get("refuri", "").rpartition("#")[2] or ref.get("refid", "")
        meaning = found.get(anchor)
        if meaning is not None:
            ref["reftitle"] = meaning.text
            ref["classes"].append("ot-term")


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    records = meanings(env)
    for key in [k for k, v in records.items() if v.docname == docname]:
        del records[key]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    merge_placed(meanings(env), meanings(other), set(docnames), lambda key: f"glossary term {key!r}")


def setup_glossary(app: Sphinx) -> None:
    app.connect("doctree-read", _collect)
    app.connect("doctree-resolved", _titles)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
