"""The findings of issue 28's audit of the pages, the ledger and the options against the source texts,
each held by a check that would have caught it. Where a finding is about words, the check names the
wording that was wrong (so that it cannot come back) or the wording the source supports."""

from __future__ import annotations

import pytest

from conftest import ROOT, SCENARIOS
from oldtricks.core.ledgercheck import Ledger, load
from oldtricks.core.registry import make_game
from oldtricks.games.drogue.calls import parade_caller
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load as load_scenario
from typed import druzbart


@pytest.fixture(scope="module")
def ledger() -> Ledger:
    return load(ROOT / "ledger.toml")


def page(name: str) -> str:
    """A page's text with its lines joined, so that a phrase broken over two lines is still found."""
    return " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())


def scenario_text(name: str) -> str:
    return " ".join((SCENARIOS / name).read_text(encoding="utf-8").split())


# (where, wording that said more than the source, finding)
WRONG = [
    ("drogue-clips.md", "playing a fixed number of deals is its suggestion", 1),
    ("drogue-clips.md", "An agreed number of deals", 1),
    ("drogue-clips.md", "passes to the first player on his right who wears none; if all four", 2),
    ("sources.md", "Tod und Leben on p. 34. French-suited cards.", 3),
    ("druzbart.md", "had names, Tolle, Brusbart and Starka", 4),
    ("lessons/drogue.md", "beating the card led", 5),
    ("bettelmann.md", "They disagree on two points", 6),
    ("druzbart.md", "the Nines, the Aces, the other Unters and the Sixes <druzbart.rank>", 7),
    ("druzbart.md", "an Eight and a King are among them", 11),
    ("druzbart.md", "neither account tells us", 11),
    ("druzbart.md", "The lists of the ranking never mention", 11),
    ("druzbart.md", "By default the pack is dealt out as far as it goes", 13),
    ("glossary.md", "French *figure*", 14),
    ("glossary.md", "the cards worth most points", 14),
]


@pytest.mark.parametrize(("name", "wording", "finding"), WRONG)
def test_the_wording_the_audit_found_is_gone(name: str, wording: str, finding: int) -> None:
    assert wording.lower() not in page(name).lower(), f"finding {finding}: {name} still says {wording!r}"


# (where, what the source supports and the page must now say, finding)
SAID = [
    ("glossary.md", "schwartz naz", 16),
    ("glossary.md", "drogue de punition", 16),
    ("glossary.md", "Woina Wize", 16),
    ("glossary.md", "Leben und Tod", 16),
    ("drogue-clips.md", "smoker", 16),
    ("drogue-clips.md", "on the ears", 16),
    ("drogue-clips.md", "schwartz naz", 16),
    ("bettelmann.md", "no tie rule from Feder", 6),
    ("druzbart.md", "seem to derive from three German words", 4),
]


@pytest.mark.parametrize(("name", "wording", "finding"), SAID)
def test_what_the_source_says_is_on_the_page(name: str, wording: str, finding: int) -> None:
    assert wording in page(name), f"finding {finding}: {name} does not say {wording!r}"


def test_drogue_ends_after_an_agreed_time_counted_in_deals(ledger: Ledger) -> None:
    """Finding 1: the page suggests a time; a number of deals is our stand-in, and the option says so."""
    assert "agreed time" in ledger.rule("drogue.end").statement
    assert "number of deals" not in ledger.rule("drogue.end").statement
    assert make_game("drogue").spec("deals").status == "assumed"


def test_the_dealer_or_the_next_player_calls_aux_armes() -> None:
    """Finding 2: the source's caller is the default; the first player without a clip is an option."""
    assert make_game("drogue").spec("caller").default == "next"
    assert parade_caller("next", 2, [True, True, True, True]) == 1
    assert parade_caller("next", 2, [False, True, True, True]) == 1
    assert parade_caller("unclipped", 2, [False, True, True, True]) == 0
    assert parade_caller("next", 2, [True, True, False, True]) == 2


def test_the_release_example_has_the_next_player_call() -> None:
    """Finding 2, played: in the booklet's example all four wear clips; Dan, right of the dealer Carla, calls."""
    result = replay(load_scenario(SCENARIOS / "drogue" / "release.toml", SCENARIOS))
    calls = [e for f in result.frames() for e in f["events"] if "Aux armes" in e]
    assert calls[-1].startswith("Dan calls")


def test_tod_und_leben_french_cards_are_not_credited_to_its_accounts(ledger: Ledger) -> None:
    """Finding 3: the French pack in Tod und Leben is borrowed from Bettelmann, an assumption."""
    text = scenario_text("todundleben/french.toml")
    assert "Feder and Müller describe Tod und Leben" not in text
    assert '"todundleben.pack"' in text and ledger.rule("todundleben.pack").status == "assumed"


def test_options_that_no_source_supports_say_so() -> None:
    """Finding 8: who begins Tod und Leben and the six-player limit are ours."""
    tul = make_game("todundleben").spec("first").choice("non-dealer")
    assert tul is not None and tul.status == "assumed"
    assert make_game("bettelmann").spec("players").status == "assumed"


def test_the_gracz_seven_is_called_a_report() -> None:
    """Finding 10: the Gracz Seven reaches us only from an unchecked outside report."""
    assert "reported as Gracz's" in scenario_text("druzbart/seven.toml")
    assert "An outside report" in scenario_text("druzbart/seven-gracz.toml")


def test_bettelmanns_outline_rests_on_three_accounts(ledger: Ledger) -> None:
    """Finding 12: deal, lead, capture and end cite Pierer, Gööck and Müller together."""
    for rule_id in ("bettelmann.deal", "bettelmann.lead", "bettelmann.capture", "bettelmann.end"):
        cited = {c.work.key for c in ledger.rule(rule_id).sources}
        assert {"pierer1841", "goeoeck1967", "mueller1994"} <= cited, rule_id


def test_only_the_booklets_words_are_documented_for_the_partners(ledger: Ledger) -> None:
    """Finding 12: same-colour pairing is the German page's; forehand on the left rests on a presumed clockwise."""
    assert "colour" not in ledger.rule("drogue.partners").statement
    assert ledger.rule("drogue.partners.colour").status == "suggested"
    assert "left" not in ledger.rule("druzbart.lead").statement
    assert ledger.rule("druzbart.lead.left").status == "suggested"


def test_clock_deals_as_for_four_by_default() -> None:
    """Finding 13: "otherwise the same", read literally, keeps nine cards each from 36 and eight from 32."""
    assert druzbart("clock").hand_size == 9
    assert druzbart("clock", {"pack": 32}).hand_size == 8
    assert druzbart("clock", {"deal_size": "full"}).hand_size == 12


def test_a_ties_stake_can_go_under_first_or_with_its_owners() -> None:
    """Finding 15: both readings of where a tie's stake goes are offered, and they part."""
    values = [c.value for c in make_game("bettelmann").spec("return_order").choices]
    assert {"winner-first", "stake-winner-first", "stake-loser-first"} <= set(values)
    piles = {}
    for order in ("winner-first", "stake-winner-first"):
        game = make_game("bettelmann", {"return_order": order, "tie": "pierer", "last_three": "off"})
        hands = game.parse_hands(
            ["9A KB 8B OL UL 7B AB UH OH KL TB KH UB KA TL TA", "9H 8L TH 9B UA 7H AA 9L OB 7L 8H OA AL 7A AH 8A"]
        )
        state = game.new_state(hands=hands, dealer=0)
        for _ in range(4):
            state, _ = game.apply(state, game.legal_moves(state)[0])
        piles[order] = [str(c) for c in state.piles[0][-4:]]
    assert piles["winner-first"] == ["9A", "KB", "9H", "8L"]
    assert piles["stake-winner-first"] == ["9H", "9A", "KB", "8L"]
