"""Broken scenario files fail with path:line and a message that says what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from oldtricks.errors import ScenarioError
from oldtricks.scenarios.checks import check
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load, loads

GOOD = """title = "t"
game = "bettelmann"

[options]
tie = "pierer"

[deal]
dealer = 0
seed = 5

[[step]]
auto = 2

[[step]]
auto = "trick"
note = "n"
"""


def fails(text: str, path: str = "s.toml") -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        replay(loads(text, path))
    return err.value


def test_good_file_replays() -> None:
    assert len(replay(loads(GOOD)).frames()) == 5


def test_toml_syntax_error_names_the_line() -> None:
    err = fails(GOOD.replace('tie = "pierer"', "tie = pierer"))
    assert str(err).startswith("s.toml:5: not valid TOML")


def test_unknown_top_key() -> None:
    err = fails("titel = 'x'\n" + GOOD)
    assert err.line == 1 and "unknown key 'titel'" in str(err)


def test_unknown_step_key_names_its_line() -> None:
    err = fails(GOOD.replace('note = "n"', 'nte = "n"'))
    assert err.line == 16 and "step 2: unknown key 'nte'" in str(err)


def test_unknown_game() -> None:
    err = fails(GOOD.replace('"bettelmann"', '"poker"'))
    assert err.line == 2 and "unknown game 'poker'" in str(err)


def test_bad_option_value_names_the_options_line() -> None:
    err = fails(GOOD.replace('tie = "pierer"', 'tie = "coin"'))
    assert err.line == 5 and "expected one of pierer, first-player" in str(err)


def test_bad_card_in_hands() -> None:
    text = GOOD.replace("seed = 5", 'hands = ["UA ZZ", "7A"]')
    err = fails(text)
    assert err.line == 9 and "bad card 'ZZ'" in str(err)


def test_incomplete_deal() -> None:
    err = fails(GOOD.replace("seed = 5", 'hands = ["UA", "7A"]'))
    assert "bad deal" in str(err) and "leave out" in str(err)


def test_seed_and_hands_together() -> None:
    err = fails(GOOD.replace("seed = 5", 'seed = 5\nhands = ["UA", "7A"]'))
    assert err.line == 7 and "not both" in str(err)


def test_illegal_move_names_the_step_line_and_rule() -> None:
    err = fails(GOOD.replace("auto = 2", 'move = "UA"'), "bad.toml")
    assert str(err).startswith("bad.toml:11: step 1:")
    assert "(bettelmann." in str(err)


def test_unreadable_move() -> None:
    err = fails(GOOD.replace("auto = 2", 'move = "U-A"'))
    assert err.line == 11 and "bad card 'U-A'" in str(err)


def test_auto_past_the_end() -> None:
    err = fails(GOOD.replace("auto = 2", "auto = 100000").replace('tie = "pierer"', 'last_three = "off"'))
    assert err.line == 11 and "the game is over" in str(err)


def test_auto_refuses_a_choice() -> None:
    text = (
        GOOD.replace('tie = "pierer"', 'last_three = "on"')
        .replace(
            "seed = 5",
            """hands = [
  "7A 7L 7H 7B 8A 8L 8H 8B 9A 9L 9H 9B TA TL TH UA",
  "AA AL AH AB KA KL KH KB OA OL OH OB UL TB UH UB",
]""",
        )
        .replace("auto = 2", "auto = 28")
    )
    err = fails(text)
    assert "has a choice" in str(err) and "name the move" in str(err)


def test_wrong_types() -> None:
    assert "'auto' must be" in str(fails(GOOD.replace("auto = 2", "auto = -1")))
    assert "'ids' must be" in str(fails(GOOD.replace('note = "n"', 'ids = "bettelmann.rank"')))
    assert "'seed' must be" in str(fails(GOOD.replace("seed = 5", 'seed = "five"')))


def test_expectation_failures_name_their_lines() -> None:
    sc = loads(GOOD + "\n[expect]\nwinners = [1, 1, 1]\ntricks = 9\n", "e.toml")
    problems = check(sc)
    assert {p.line for p in problems} == {19, 20} and problems[-1].line == 20
    assert "expected 9 tricks, got 2" in str(problems[-1])


def test_unknown_ledger_id_is_reported() -> None:
    sc = loads(GOOD.replace('note = "n"', 'ids = ["bettelmann.nope"]'), "x.toml")
    assert any("unknown ledger id 'bettelmann.nope'" in str(p) for p in check(sc))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load(tmp_path / "none.toml")


def test_line_numbers_survive_comments_and_multiline_strings() -> None:
    text = GOOD.replace('title = "t"', 'title = "t"\ndescription = """\n[[step]]\nx = 1\n"""').replace(
        "[[step]]\nauto = 2", "[[step]]   # first\nauto = 2"
    )
    err = fails(text.replace('note = "n"', "bogus = 1"))
    assert err.line == 20


HANDS = """title = "t"
game = "bettelmann"

[deal]
dealer = 0
hands = [
  "9A KB 8B OL UL 7B AB UH OH KL TB KH UB KA TL TA",
  "9H 8L {ten} 9B UA 7H AA 9L OB 7L 8H OA AL 7A AH 8A",
]

[[step]]
auto = 2

[expect]
steps = 2
"""


def test_a_ten_may_be_written_10_in_a_german_pack() -> None:
    """The sandbox's help: `10H` or `TH` is the Ten of Hearts, in every pack."""
    assert check(loads(HANDS.format(ten="10H"), "s.toml")) == []
    assert (
        replay(loads(HANDS.format(ten="10H"), "s.toml")).frames()
        == replay(loads(HANDS.format(ten="TH"), "s.toml")).frames()
    )


def test_a_bad_card_in_a_hand_names_the_seat_and_only_the_ranks_of_its_pack() -> None:
    message = str(fails(HANDS.format(ten="6H")))
    assert "s.toml:" in message and "North's hand: bad card '6H'" in message
    assert "the 32-card German pack has no Sixes (its ranks are 7 8 9 T U O K A; a Ten is T or 10)" in message
    message = str(fails(HANDS.format(ten="XH")))
    assert "North's hand: bad card 'XH': a card of the 32-card German pack is a rank (7 8 9 T U O K A;" in message
    assert "6" not in message.split("bad card")[1]


def test_a_card_dealt_twice_names_the_seat() -> None:
    assert "North's hand: 9A is dealt twice" in str(fails(HANDS.format(ten="9A")))
