"""Cards and notation: parsing and formatting round-trip; bad tokens get a clear error."""

from __future__ import annotations

from typing import Literal

import pytest

from oldtricks.core.cards import FRENCH_32, FRENCH_52, GERMAN_32, GERMAN_36, PACKS, Card, Pack, format_cards
from oldtricks.errors import InvalidNotationError


@pytest.mark.parametrize("pack", list(PACKS.values()), ids=lambda p: p.name)
def test_every_card_round_trips(pack: Pack) -> None:
    assert len(pack.cards) == len(pack) == len(set(pack.cards))
    for card in pack.cards:
        assert pack.parse(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card  # repr can be pasted back
        assert card in pack
    assert pack.parse_many(format_cards(list(pack.cards))) == pack.cards


def test_pack_sizes() -> None:
    assert (len(GERMAN_32), len(GERMAN_36), len(FRENCH_32), len(FRENCH_52)) == (32, 36, 32, 52)


def test_names_and_symbols() -> None:
    assert Card.parse("UA", "german").name == "Unter of Acorns"
    assert Card.parse("8L", "german").name == "Eight of Leaves"
    assert Card.parse("JC", "french").name == "Jack of Clubs"
    assert Card.parse("TH", "french").symbol == "10♥"


@pytest.mark.parametrize(("text", "want"), [("10♥", "TH"), ("J♣", "JC"), ("q♠", "QS"), ("10D", "TD"), (" ad ", "AD")])
def test_french_alternative_spellings(text: str, want: str) -> None:
    assert str(Card.parse(text, "french")) == want


def test_same_text_different_patterns_are_different_cards() -> None:
    assert Card.parse("TH", "german") != Card.parse("TH", "french")


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("XZ", "german"),
        ("UC", "german"),
        ("1H", "french"),
        ("", "french"),
        ("J♣", "german"),
        ("UAA", "german"),
        ("OH", "french"),
    ],
)
def test_bad_token_is_named_with_what_was_expected(text: str, pattern: Literal["german", "french"]) -> None:
    with pytest.raises(InvalidNotationError) as err:
        Card.parse(text, pattern)
    assert repr(text.strip()) in str(err.value)
    assert "rank" in str(err.value)
    assert "suit" in str(err.value)


def test_card_outside_the_pack_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match="has no Sixes"):
        GERMAN_32.parse("6A")
    assert GERMAN_36.parse("6A") in GERMAN_36


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="bad card"):
        Card.parse("??", "german")
