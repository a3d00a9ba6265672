"""Each rule in one place: the module that decides each of these rules, found from its id. A comment that
cites a rule id marks the code that decides it (:func:`oldtricks.core.ledgercheck.implementation_sites`;
the ledger page lists them); besides its home, only the modules whose job is to mirror, use or word a
rule may cite it: the solver's fast mirror (tested against the legal moves), the players, the words and
views, and the rule table with its constants."""

from __future__ import annotations

from pathlib import Path

import pytest

import oldtricks
from oldtricks.core.ledgercheck import implementation_sites

PACKAGE = Path(oldtricks.__file__).parent

# the rules a maintainer looked for (Drogue's void-must-trump, its four-Jacks call and its penalty, the black
# nose; Drużbart's four duds, its end at five tricks, Clock's end; Bettelmann's ties), and where each lives
HOMES = {
    "drogue.play.trump": "games/drogue/tricks.py",
    "drogue.bid.four-mandrins": "games/drogue/bidding.py",
    "drogue.bid.four-mandrins.when": "games/drogue/bidding.py",
    "drogue.black-nose": "games/drogue/session.py",
    "drogue.black-nose.removal": "games/drogue/calls.py",
    "druzbart.all-duds": "games/druzbart/ranking.py",
    "druzbart.end": "games/druzbart/game.py",
    "clock.end": "games/druzbart/clock.py",
    "bettelmann.tie.pierer": "games/bettelmann/game.py",
    "bettelmann.tie.first-player": "games/bettelmann/game.py",
}
# the modules that mirror (solver), use (bots, strong), word or show (facts, narrate, narrate_session,
# narrate_refusals, view) a rule, or hold its constant (rules)
BESIDE = {"solver", "bots", "strong", "facts", "narrate", "narrate_session", "narrate_refusals", "view", "rules"}


def elsewhere(sites: dict[str, list[str]], rule_id: str, home: str) -> list[str]:
    """The places citing ``rule_id`` outside its home and the modules allowed beside it."""
    files = [site.rsplit(":", 1)[0] for site in sites.get(rule_id, [])]
    package = home.rsplit("/", 1)[0]
    return [f for f in files if f != home and not (f.rsplit("/", 1)[0] == package and Path(f).stem in BESIDE)]


@pytest.mark.parametrize(("rule_id", "home"), sorted(HOMES.items()))
def test_each_rule_is_decided_in_one_module(rule_id: str, home: str) -> None:
    sites = implementation_sites(PACKAGE)
    assert any(site.startswith(f"{home}:") for site in sites.get(rule_id, [])), f"{home} does not cite {rule_id}"
    assert elsewhere(sites, rule_id, home) == [], f"{rule_id} is decided outside {home}"


def test_a_second_place_would_be_named(tmp_path: Path) -> None:
    """A copy of a rule in another module of the game (here Drużbart's end, checked again in its table) is
    caught: the test above lists it."""
    copy = tmp_path / "games" / "druzbart"
    copy.mkdir(parents=True)
    (copy / "game.py").write_text("if tricks >= 5:  # druzbart.end\n    pass\n", encoding="utf-8")
    (copy / "table.py").write_text("over = tricks >= 5  # druzbart.end\n", encoding="utf-8")
    sites = implementation_sites(tmp_path)
    assert elsewhere(sites, "druzbart.end", "games/druzbart/game.py") == ["games/druzbart/table.py"]
