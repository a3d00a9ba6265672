"""One term per concept in each language: no German or Polish catalog (the engine's, the data's, the pages')
uses a word its term list sets aside. The term lists (docs/locales/de/terms.md, docs/locales/pl/terms.txt)
end with a table, "Words not used": a regular expression no msgstr may match, and the word used instead,
which some msgstr must match (a rule nobody follows would be a rule about nothing)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
TERM_LISTS = {"de": ROOT / "docs/locales/de/terms.md", "pl": ROOT / "docs/locales/pl/terms.txt"}
CELL = re.compile(r"`((?:[^`\\]|\\.)+)`")


@dataclass(frozen=True)
class Rule:
    avoided: re.Pattern[str]
    used: re.Pattern[str]
    line: int


def rules(text: str, where: str) -> list[Rule]:
    """The rows of the table under "## Words not used": `avoided` | `used` | why; `\\|` is a pipe in a cell.

    >>> [(r.avoided.pattern, r.used.pattern) for r in rules("## Words not used\\n| `a\\\\|b` | `c` | x |\\n", "t")]
    [('a|b', 'c')]
    """
    found: list[Rule] = []
    section = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            section = line.strip() == "## Words not used"
        elif section and line.startswith("| `"):
            cells = re.split(r"(?<!\\)\|", line)[1:3]
            pair = [CELL.fullmatch(cell.strip()) for cell in cells]
            assert all(pair), f"{where}:{number}: each of the first two cells is one `regular expression`"
            avoided, used = (re.compile(m.group(1).replace("\\|", "|")) for m in pair if m)
            found.append(Rule(avoided, used, number))
    return found


def term_rules(lang: str) -> list[Rule]:
    path = TERM_LISTS[lang]
    return rules(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


def catalogs(lang: str) -> list[Path]:
    """Every catalog of ``lang``: the engine's and the data's, the pages', and the Polish words the page
    build does not extract yet (docs/locales/pl/pending.txt, in PO syntax)."""
    found = sorted((ROOT / "engine/oldtricks/locales" / lang).rglob("*.po"))
    found += sorted((ROOT / "docs/locales" / lang).rglob("*.po"))
    found += sorted((ROOT / "docs/locales" / lang).glob("pending.txt"))
    return found


def translations(path: Path) -> list[tuple[str, str]]:
    """(where, text) for each msgstr and each of its plural forms."""
    with path.open("rb") as file:
        catalog = read_po(file)
    out: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        assert message.string is not None
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        where = f"{path.relative_to(ROOT)}: {message.context + ' ' if message.context else ''}{msgid[:60]!r}"
        out += [(where, form) for form in forms if form]
    return out


def prose(text: str) -> str:
    """The text without its code spans (a command, a file key, an error quoted as the program writes it);
    a role's text stays, for the reader sees it.

    >>> prose("run `oldtricks link decode` for the {term}`klips <clip>`")
    'run  for the {term}`klips <clip>`'
    """
    return re.sub(r"(?<!\})`[^`]*`", "", text)


def avoided_words(texts: list[tuple[str, str]], table: list[Rule]) -> list[str]:
    """Each use of a word set aside, with where it is and what to say instead.

    >>> table = rules("## Words not used\\n| `Reizen` | `Versteigerung` | |\\n", "t")
    >>> avoided_words([("x.po: 'Auction'", "Das Reizen ist vorbei")], table)
    ["x.po: 'Auction': 'Reizen' (say Versteigerung; term list line 2)"]
    """
    return [
        f"{where}: {hit.group(0)!r} (say {rule.used.pattern}; term list line {rule.line})"
        for where, text in texts
        for rule in table
        for hit in rule.avoided.finditer(prose(text))
    ]


@pytest.mark.parametrize("lang", sorted(TERM_LISTS))
def test_no_catalog_uses_a_word_its_term_list_sets_aside(lang: str) -> None:
    table = term_rules(lang)
    assert len(table) >= 6
    paths = catalogs(lang)
    assert len(paths) > 25 and any("engine" in p.parts for p in paths) and any("docs" in p.parts for p in paths)
    texts = [pair for path in paths for pair in translations(path)]
    assert len(texts) > 2000
    assert avoided_words(texts, table) == []
    for rule in table:  # each word used instead is in use, and is not itself set aside
        assert any(rule.used.search(text) for _where, text in texts), f"{lang}: nothing says {rule.used.pattern}"
        assert not any(r.avoided.search(rule.used.pattern.replace("\\b", "")) for r in table), rule.used.pattern


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Das Reizen ist vorbei."),
        ("de", "Ost kann den Stich nicht übernehmen."),
        ("de", "Süd übernimmt den Stich mit Eichel-Unter."),
        ("de", "Rufen im stillen Spiel"),
        ("de", "still (à la muette)"),
        ("de", "Keine Austeilung ab Seed 4"),
        ("de", "Der Löser spielt"),
        ("de", "Von hier aus spielen"),
        ("pl", "{count} klamerki"),
        ("pl", "zagrano same blotki"),
        ("pl", "przy ścisłym stole"),
        ("pl", "w cichej grze"),
        ("pl", "Süd wychodzi: niżnik żołądź."),
        ("pl", "bije króla czerwieni"),
        ("pl", "Skopiuj link do tego kroku"),
        ("pl", "Graj od tego miejsca"),
        ("pl", "wybierz „Pokaż mi”"),
    ],
)
def test_each_word_set_aside_is_caught(lang: str, text: str) -> None:
    assert avoided_words([("here", text)], term_rules(lang))


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Carlas Vier übernimmt das Gebot; wir übernehmen die Regel von Bettelmann."),
        ("de", "# seed = 42   # oder ein Startwert; `Seed`"),
        ("de", "Ost übersticht den Stich mit Grün-Acht; im stummen Spiel still sitzen"),
        ("pl", "niżnik żołędny, ósemka winna; wino bije czerwień; żołędzie i wino"),
        ("pl", "Nasza kopia zachowuje ściśle to, co ma; as, wino; [studium](teachers.md#one-link)"),
        ("pl", "Zagraj od tego miejsca; Pokaż; Skopiuj odnośnik"),
    ],
)
def test_the_words_used_pass(lang: str, text: str) -> None:
    assert avoided_words([("here", text)], term_rules(lang)) == []
