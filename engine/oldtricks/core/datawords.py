r"""The words that live in the data, not in the engine's code: the ledger's rules and the site's scenarios.

Two gettext domains beside the engine's own (``oldtricks``), each a template in ``locales/<domain>.pot``
and a catalog per language in ``locales/<lang>/LC_MESSAGES/<domain>.po`` (compiled to ``.mo``):

- ``ledger``: each rule's ``statement`` and ``gap``, and the ``title`` of each work that is not the title
  of a book (a book's title stays as it was printed: :data:`BOOK_TITLES`);
- ``scenarios``: each of this repository's scenarios' ``title`` and ``description``, and every step's
  ``note``, ``hint`` and ``wrong``. A teacher's own scenario file is not in a catalog: it stays in the
  teacher's words.

Every message has a context (``msgctxt``) that says where it lives: the rule id or ``works.<key>`` and
the field (``drogue.parade|statement``), or the scenario's id, the field and, for a step's fields, the
step's index from 0, as the engine's errors count steps (``drogue/example|note|12``). The English text
is the message itself, so a changed English text is a new message and an old translation is not shown
for it.

>>> rules = ledger_messages('[works.w]\ntitle = "A page"\n[[rule]]\nid = "g.a"\nstatement = "A rule"\n')
>>> [(m.context, m.text, m.domain) for m in rules]
[('works.w|title', 'A page', 'ledger'), ('g.a|statement', 'A rule', 'ledger')]
>>> print(template(rules).split("\n\n")[1])
msgctxt "works.w|title"
msgid "A page"
msgstr ""

``python -m oldtricks.core.datawords`` writes both templates from the repository's files, brings each
catalog up to its template (new messages empty, gone ones dropped, translations kept) and compiles it.
"""

from __future__ import annotations

import re
import struct
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from . import i18n

__all__ = [
    "BOOK_TITLES",
    "DOMAINS",
    "LOCALES",
    "STEP_FIELDS",
    "Message",
    "all_messages",
    "compile_mo",
    "ledger_messages",
    "read_po",
    "scenario_messages",
    "stale",
    "template",
    "translated",
    "write_po",
]

LOCALES = Path(__file__).parents[1] / "locales"
DOMAINS = ("ledger", "scenarios")
BOOK_TITLES = frozenset(
    {"pierer1841", "goeoeck1967", "feder1980", "mueller1994", "ethische1893", "spivey2010", "golebiowski1831"}
)
"""Works whose ``title`` is the title of a printed work, kept in its own language in every edition."""
SCENARIO_FIELDS = ("title", "description")
STEP_FIELDS = ("note", "hint", "wrong")
HEADER = (
    'msgid ""\nmsgstr ""\n"MIME-Version: 1.0\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: {lang}\\n"\n'
)


@dataclass(frozen=True)
class Message:
    """One text of the data: where it lives (``context``) and its English words."""

    context: str
    text: str

    @property
    def domain(self) -> str:
        """``scenarios`` for a scenario's text (its id has a slash), ``ledger`` for the rest."""
        return domain_of(self.context)


def domain_of(context: str) -> str:
    """The domain of a message's context.

    >>> domain_of("drogue/example|note|3"), domain_of("drogue.parade|gap")
    ('scenarios', 'ledger')
    """
    return "scenarios" if "/" in context.split("|", 1)[0] else "ledger"


def _read_toml(text: str, name: str) -> dict[str, object]:
    """The data of a TOML text by the engine's reader, its errors naming the file and line.

    The reader is imported here: the browser's trimmed standard library has no TOML parser, and
    :func:`translated` needs none.
    """
    from .tomlread import TomlError, read

    try:
        return read(text)[0]
    except TomlError as exc:
        raise ValueError(f"{name}:{exc.line}: {exc.reason}") from None


def ledger_messages(text: str, name: str = "ledger.toml") -> list[Message]:
    """The works' titles (books' titles aside), then each rule's statement and gap, in file order."""
    data = _read_toml(text, name)
    out: list[Message] = []
    works = data.get("works", {})
    assert isinstance(works, dict), f"{name}: [works] must be tables"
    for key, work in works.items():
        if key not in BOOK_TITLES and isinstance(work, dict) and work.get("title"):
            out.append(Message(f"works.{key}|title", str(work["title"])))
    rules = data.get("rule", [])
    assert isinstance(rules, list), f"{name}: [[rule]] must be an array of tables"
    for rule in rules:
        for field in ("statement", "gap"):
            if rule.get(field):
                out.append(Message(f"{rule['id']}|{field}", str(rule[field])))
    return out


def scenario_messages(text: str, scenario_id: str) -> list[Message]:
    r"""A scenario's title and description, then each step's note, hint and wrong answer.

    >>> toml = 'title = "T"\n[[step]]\nauto = 1\n[[step]]\nmove = "UA"\nnote = "N"\nhint = "H"\n'
    >>> [m.context for m in scenario_messages(toml, "g/s")]
    ['g/s|title', 'g/s|note|1', 'g/s|hint|1']
    """
    data = _read_toml(text, f"{scenario_id}.toml")
    out = [Message(f"{scenario_id}|{field}", str(data[field])) for field in SCENARIO_FIELDS if data.get(field)]
    steps = data.get("step", [])
    assert isinstance(steps, list), f"{scenario_id}.toml: [[step]] must be an array of tables"
    for index, step in enumerate(steps):
        out += [Message(f"{scenario_id}|{f}|{index}", str(step[f])) for f in STEP_FIELDS if step.get(f)]
    return out


def all_messages(root: Path) -> dict[str, list[Message]]:
    """Every message of both domains in the repository at ``root`` (its ledger and ``scenarios/*/*.toml``)."""
    ledger = root / "ledger.toml"
    found = {"ledger": ledger_messages(ledger.read_text(encoding="utf-8"), ledger.name), "scenarios": []}
    for path in sorted((root / "scenarios").glob("*/*.toml")):
        found["scenarios"] += scenario_messages(path.read_text(encoding="utf-8"), f"{path.parent.name}/{path.stem}")
    return found


def _quote(text: str) -> str:
    r"""A text as the lines of a ``.po`` string, each line of the text one quoted line.

    >>> print(_quote('a "b"\nc'))
    ""
    "a \"b\"\n"
    "c"
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    parts = escaped.split("\n")
    lines = [part + "\\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    if len(lines) <= 1:
        return f'"{"".join(lines)}"'
    return '""\n' + "\n".join(f'"{line}"' for line in lines)


def _entry(context: str, english: str, translation: str) -> str:
    return f"msgctxt {_quote(context)}\nmsgid {_quote(english)}\nmsgstr {_quote(translation)}\n"


def template(messages: Iterable[Message]) -> str:
    """The ``.pot`` text of the messages: a header, then one entry per message with an empty translation."""
    return "\n".join([HEADER.format(lang=""), *(_entry(m.context, m.text, "") for m in messages)])


_TOKEN = re.compile(r'(msgctxt|msgid|msgstr)\s+"(.*)"|"(.*)"|#,(.*)')
Key = tuple[str, str]


def _unquote(text: str) -> str:
    out = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: out.get(m.group(1), m.group(0)), text)


def read_po(text: str, name: str = "catalog.po") -> tuple[dict[Key, str], set[Key]]:
    r"""The translations of a ``.po`` text by (context, English), and the keys of the fuzzy entries.

    >>> read_po('#, fuzzy\nmsgctxt "a|b"\nmsgid ""\n"x\\n"\n"y"\nmsgstr "z"\n')
    ({('a|b', 'x\ny'): 'z'}, {('a|b', 'x\ny')})
    """
    entries: list[dict[str, str]] = [{}]
    field = ""
    for number, line in enumerate(text.splitlines(), 1):
        m = _TOKEN.fullmatch(line.strip())
        if not line.strip() or (line.startswith("#") and not line.startswith("#,")):
            continue
        if m is None:
            raise ValueError(f"{name}:{number}: not a line of a catalog: {line[:40]!r}")
        if m.group(4) is not None or (m.group(1) in ("msgctxt", "msgid") and "msgstr" in entries[-1]):
            entries.append({})
        if m.group(4) is not None:
            entries[-1]["fuzzy"] = "fuzzy" if "fuzzy" in m.group(4) else ""
        elif m.group(1):
            field = m.group(1)
            entries[-1][field] = _unquote(m.group(2))
        else:
            entries[-1][field] = entries[-1].get(field, "") + _unquote(m.group(3))
    found: dict[Key, str] = {}
    fuzzy: set[Key] = set()
    for entry in entries:
        if entry.get("msgid"):
            key = (entry.get("msgctxt", ""), entry["msgid"])
            found[key] = entry.get("msgstr", "")
            if entry.get("fuzzy"):
                fuzzy.add(key)
    return found, fuzzy


def write_po(messages: Iterable[Message], translations: Mapping[Key, str], lang: str) -> str:
    """A catalog of ``lang`` for the messages, each with its translation where there is one (else empty)."""
    entries = (_entry(m.context, m.text, translations.get((m.context, m.text), "")) for m in messages)
    return "\n".join([HEADER.format(lang=lang), *entries])


def compile_mo(translations: Mapping[Key, str]) -> bytes:
    """The GNU ``.mo`` bytes of a catalog (its translated messages and the header), as ``msgfmt`` writes them.

    >>> import gettext, io
    >>> catalog = gettext.GNUTranslations(io.BytesIO(compile_mo({("c", "Ace"): "Ass"})))
    >>> catalog.pgettext("c", "Ace"), catalog.pgettext("c", "King")
    ('Ass', 'King')
    """
    pairs = {"": "Content-Type: text/plain; charset=UTF-8\n"}
    pairs.update({f"{ctx}\x04{english}": text for (ctx, english), text in translations.items() if text})
    keys = sorted(pairs, key=lambda k: k.encode())
    ids = [k.encode() for k in keys]
    strs = [pairs[k].encode() for k in keys]
    start = 7 * 4 + 16 * len(keys)
    table: list[int] = []
    offset = start
    for data in ids:
        table += [len(data), offset]
        offset += len(data) + 1
    for data in strs:
        table += [len(data), offset]
        offset += len(data) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return head + struct.pack(f"{len(table)}i", *table) + b"".join(d + b"\0" for d in ids + strs)


def translated(context: str, english: str, lang: str | None = None) -> str:
    """The text of the data at ``context`` in ``lang`` (None: the language of the work under way,
    :func:`oldtricks.core.i18n.current`), from the catalogs the engine reads its own words from
    (:func:`oldtricks.core.i18n.catalog`); the English where the catalog has no translation of these very
    words (a teacher's scenario, a text changed since it was translated).

    >>> translated("drogue.parade|statement", "Any words", "en")
    'Any words'
    >>> translated("nowhere|title", "Any words", "de")
    'Any words'
    """
    chosen = i18n.current() if lang is None else i18n.check(lang)
    return i18n.catalog(chosen, domain_of(context)).pgettext(context, english)


def stale(root: Path, locales: Path = LOCALES) -> list[str]:
    """What is out of date: each template that is not what the data at ``root`` gives today, and each
    catalog that does not hold the same messages as its template."""
    out: list[str] = []
    for domain, messages in all_messages(root).items():
        pot = locales / f"{domain}.pot"
        if not pot.is_file() or pot.read_text(encoding="utf-8") != template(messages):
            out.append(f"{pot.name} is not what the data gives: run `python -m oldtricks.core.datawords`")
        keys = {(m.context, m.text) for m in messages}
        for po in sorted(locales.glob(f"*/LC_MESSAGES/{domain}.po")):
            held = set(read_po(po.read_text(encoding="utf-8"), str(po))[0])
            if held != keys:
                out.append(f"{po}: {len(keys - held)} messages missing, {len(held - keys)} no longer in the data")
    return out


def main(root: Path, locales: Path = LOCALES) -> None:
    """Write the templates from the data at ``root``; bring each catalog up to date and compile it."""
    for domain, messages in all_messages(root).items():
        (locales / f"{domain}.pot").write_text(template(messages), encoding="utf-8")
        for po in sorted(locales.glob(f"*/LC_MESSAGES/{domain}.po")):
            known, _fuzzy = read_po(po.read_text(encoding="utf-8"), str(po))
            kept = {(m.context, m.text): known.get((m.context, m.text), "") for m in messages}
            po.write_text(write_po(messages, kept, po.parent.parent.name), encoding="utf-8")
            po.with_suffix(".mo").write_bytes(compile_mo(kept))
        print(f"{domain}: {len(messages)} messages")


if __name__ == "__main__":  # pragma: no cover
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[3])
