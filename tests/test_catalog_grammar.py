"""The grammar of the engine's German and Polish sentences around their placeholders.

A card's name is one message in the nominative ("siódemka winna", "Eichel-Unter"), a seat's name is the
scenario's own: a translation never inflects them, so each sentence puts them where the nominative reads
(the subject, after a colon, a dash or a parenthesis). Here every catalog message with a placeholder is filled
with names of each gender and every count a plural form takes; the real sentences of replays and refusals are
read for a card's name after a word that would decline it; and every count in an English sentence either takes
ngettext or is listed below with the reason it is never one.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import SCENARIOS
from oldtricks.core import i18n
from oldtricks.core.cards import FRENCH_32, GERMAN_36
from oldtricks.live import api as live
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "engine" / "oldtricks" / "locales"
LANGS = ["de", "pl"]
COUNTS = (0, 1, 2, 3, 5, 12, 22, 25)


def fields(text: str) -> list[str]:
    return [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None]


def catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALES / lang / "LC_MESSAGES" / "oldtricks.po").open("rb") as file:
        return read_po(file, locale=lang)


def names(lang: str) -> dict[str, list[str]]:
    """Sample names of each gender, as the catalog words them: a feminine and a masculine card of each pack,
    a woman's and a man's seat (the scenarios' Anna and Ben)."""
    with i18n.language(lang):
        cards = [GERMAN_36.parse(c).name for c in ("7L", "UA")] + [FRENCH_32.parse(c).name for c in ("QH", "JS")]
    return {"card": cards, "seat": ["Anna", "Ben", "Anna & Carla", "South–North"]}


def value(field: str, sample: dict[str, list[str]], i: int, n: int) -> str:
    if field in {"card", "move", "best", "led", "cards", "one"}:
        return sample["card"][i % len(sample["card"])]
    if field in {"count", "tries", "cycle", "number", "step", "last", "points", "total", "trick", "earlier"}:
        return str(n)
    return sample["seat"][i % len(sample["seat"])]  # seats, sides and every other word: a name is the hardest case


def renderings(lang: str) -> Iterator[tuple[str, str, str]]:
    """(where, form, text) for every message with a placeholder, filled with each sample and every count."""
    cat, mo, sample = catalog(lang), i18n.catalog(lang), names(lang)
    for m in cat:
        english = [m.id] if isinstance(m.id, str) else list(m.id)
        if not m.id or not any(fields(e) for e in english):
            continue
        wanted = {f for e in english for f in fields(e)}
        for n in COUNTS:
            if isinstance(m.id, str):
                form = mo.pgettext(m.context, m.id) if m.context else mo.gettext(m.id)
            elif m.context:
                form = mo.npgettext(m.context, m.id[0], m.id[1], n)
            else:
                form = mo.ngettext(m.id[0], m.id[1], n)
            for i in range(4):
                yield (
                    f"{lang}: {m.context or ''} {m.id!r} (n={n})",
                    form,
                    form.format(**{f: value(f, sample, i, n) for f in wanted}),
                )


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_with_a_placeholder_renders_with_names_of_each_gender_and_every_count(lang: str) -> None:
    said = 0
    for where, form, text in renderings(lang):
        assert "{" not in text and "}" not in text, f"{where}: {text}"
        assert form != text, where
        said += 1
    assert said > 250 * len(COUNTS) * 4


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_message_has_all_its_forms_and_the_engine_picks_them_by_the_language_s_rule(lang: str) -> None:
    cat, mo = catalog(lang), i18n.catalog(lang)
    plural = [m for m in cat if m.id and not isinstance(m.id, str)]
    assert len(plural) >= 20
    rules: dict[str, Callable[[int], int]] = {"de": lambda n: 0 if n == 1 else 1, "pl": lambda n: _polish(n)}
    rule = rules[lang]
    for m in plural:
        assert len(m.string) == cat.num_plurals and all(m.string), m.id
        for n in COUNTS:
            one, many = m.id[0], m.id[1]
            got = mo.npgettext(m.context, one, many, n) if m.context else mo.ngettext(one, many, n)
            assert got == m.string[rule(n)], (m.id, n)


def _polish(n: int) -> int:
    """Polish: one; 2–4 (but not 12–14, whatever the tens); the rest ('5 kart', '12 kart', '22 karty')."""
    if n == 1:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


# English sentences with a bare count before a plural noun, without ngettext: each count is never one, because ...
NEVER_ONE = {
    "After {count} deals {first} wear {clips}, {second} {others}": "an evening has more than one deal",
    "All {count} tricks are played. Lines left: {lines}.": "a deal of Druzbart has nine tricks or eight",
    "Equal ranks ({rank}s): the {count} cards stay on the table for whoever wins the next trick.": "a tie is two",
    "In this deal the side without the drogue needs {count} points.": "the threshold is 41 or 61",
    "The auction is over: {seat}'s {count} stands. {seat} shows the cards and names trump.": "'stands' is a verb",
    (
        "This deal plays the same under both readings: as written and under {under}, all {count} steps show the"
        " same board."
    ): "a deal and its moves are two steps or more",
    "at most {max} cards may be bid, not {count}": "the most is seven",
    "holding all four Mandrins, {seat} shows only three of them: {count} cards are bid as {fewer}": "four or more",
    "the evening is over: all {count} deals have been played": "an evening has more than one deal",
    "with best play {side} take {points} of {total} card points, {verdict}": "the total is 120",
    "{count} tricks each: the deal scores nothing.": "a tie of two sides in tricks is four each or more",
    "{dealer} deals deal {number}: {count} cards each, in packets of three.": "eight cards each",
    "{dealer} deals deal {number}: {count} cards each, one at a time.": "eight cards each",
    "{game} needs {count} hands, not {given}": "a game seats two players or more",
    "{seat} has captured all {count} cards and wins.": "the whole pack",
    (
        "{seat} has five tricks, so the deal is over after {count} tricks, as in the game for four."
        " Lines left: {lines}."
    ): "five tricks or more",
    "{seat} looks at the last {count} and chooses the {card}.": "'chooses' is a verb",
    "{seat} wins trick {number} with {card}: {points} points to {side}.": "no card counts one point",
    "{seat} wins {why} and puts {count} cards under the pile.": "a trick is two cards or more",
    (
        "{side} are free of the drogue but {vilenies} ({points} points): they take the drogue at once."
    ): "no card counts one point",
}
BARE_COUNT = re.compile(
    r"\{(count|tries|cycle|max|most|points|total|need|threshold|limit|budget)\} (?:[a-z]+ )?[a-z]+s\b"
)


def test_a_count_before_a_plural_noun_takes_ngettext_unless_it_is_never_one() -> None:
    """A sentence like '{count} tricks' reads wrong for one in English, and in Polish for all but 5–21 as well:
    it goes through ngettext with every plural form, or is listed in NEVER_ONE with the reason."""
    with (LOCALES / "oldtricks.pot").open("rb") as file:
        bare = {m.id for m in read_po(file) if isinstance(m.id, str) and BARE_COUNT.search(m.id)}
    assert bare == set(NEVER_ONE), f"new bare counts {sorted(bare - set(NEVER_ONE))}; gone {set(NEVER_ONE) - bare}"


# A card's name read after one of these words is declined there, and a nominative name reads wrong: Polish
# verbs and prepositions that govern another case, German articles and adjectives that mark one
DECLINING = {
    "pl": r"(?:kartą|karty|karcie|kartę|ma|mają|nie|po|przy|o|dla|z|od|do|u|pobić|dołożyć|zagrać|zrzuca|odkrywa|"
    r"wybiera|dokłada|bije|przebić|pokazuje|pokazać|nazywa|nazwał|trzyma|zagrano|zagrał|wychodzi)",
    "de": r"(?:den|dem|der|des|die|das|einen|einem|einer|eine|ein|genannten|ausgespielte|ausgespielten)",
}
READ = [
    "druzbart/head.toml",
    "druzbart/basics.toml",
    "clock/matador-in-time.toml",
    "bettelmann/basics.toml",
    "bettelmann/last-three.toml",
    "todundleben/tie-chain.toml",
    "drogue/jack-is-trump.toml",
    "drogue/order-bezique.toml",
    "drogue/overtrump-must.toml",
]


def sentences(lang: str, name: str) -> Iterator[str]:
    """What a reader of ``name`` reads in ``lang``: the replay's events and the refusal of illegal cards."""
    sc = load(SCENARIOS / name, SCENARIOS)
    with i18n.language(lang):
        frames = replay(sc).frames()
    for f in frames:
        yield from f.get("events") or []
    key = f"grammar-{lang}-{name}"
    assert json.loads(live.open_table(key, json.dumps(sc.spec()), "{}"))["ok"]
    for f in frames:
        if f["turn"] is None:
            continue
        hand = f["seats"][f["turn"]]["hand"]["cards"]
        for card in [c for c in hand if c not in f["legal"]][:2]:
            out = json.loads(live.play(key, f["step"], card, "[]"))
            if not out["ok"]:
                yield out["error"]


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    assert json.loads(live.call("language", json.dumps({"lang": "en"})))["lang"] == "en"


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_s_name_never_stands_after_a_word_that_declines_it(lang: str, speaking: None) -> None:
    assert json.loads(live.call("language", json.dumps({"lang": lang})))["ok"]
    with i18n.language(lang):
        cards = {c.name for pack in (GERMAN_36, FRENCH_32) for c in pack.cards}
    alternatives = "|".join(re.escape(c) for c in sorted(cards, key=len, reverse=True))
    wrong = re.compile(rf"(?<!\w){DECLINING[lang]} (?:{alternatives})(?!\w)", re.IGNORECASE)
    read, bad = 0, []
    for name in READ:
        for text in sentences(lang, name):
            read += 1
            bad += [f"{name}: …{m.group(0)}… in {text!r}" for m in wrong.finditer(text)]
    assert read > 200
    assert bad == []
