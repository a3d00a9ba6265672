"""Bad input gives a clean error naming the line or the link's field, never a traceback; and what a
scenario file may hold is what a link carries. One test per defect found by mutating files and links."""

from __future__ import annotations

import json

import pytest

from oldtricks.core.registry import make_game
from oldtricks.errors import InvalidNotationError, InvalidOptionError, LinkError, ScenarioError
from oldtricks.live import api as live
from oldtricks.scenarios.checks import check
from oldtricks.scenarios.links import MAX_LENGTH, decode, encode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import NAME_LIMIT, TEXT_LIMIT, TITLE_LIMIT, loads

GOOD = """title = "t"
game = "bettelmann"

[deal]
dealer = 0
seed = 5

[[step]]
auto = 2

[[step]]
auto = "trick"
note = "n"
"""

DROGUE = """title = "t"
game = "drogue"

[deal]
seed = 3

[[step]]
move = "bid ²"
"""


def _first_problem(text: str, path: str) -> None:
    problems = check(loads(text, path))
    if problems:
        raise problems[0]


def error_of(text: str, path: str = "s.toml") -> ScenarioError:
    """The first error loading and checking ``text`` gives (there must be one)."""
    with pytest.raises(ScenarioError) as err:
        _first_problem(text, path)
    return err.value


# -- tracebacks that became errors ----------------------------------------------------------------------
def test_a_superscript_digit_in_a_bid_is_a_bad_move_not_a_crash() -> None:
    err = error_of(DROGUE)
    assert err.line == 7 and "bad bid 'bid ²'" in str(err)
    game = make_game("drogue")
    with pytest.raises(InvalidNotationError):
        game.parse_move(game.new_state(seed=3), "bid ²")


def test_the_live_engine_refuses_a_superscript_bid() -> None:
    spec = {"game": "drogue", "title": "t", "deal": {"seed": 3}, "steps": []}
    assert json.loads(live.open_table("sup", json.dumps(spec)))["ok"]
    answer = json.loads(live.play("sup", 0, "bid ²"))
    assert answer["ok"] is False and "bad bid" in answer["error"]


def test_a_value_nested_a_thousand_deep_names_its_line() -> None:
    err = error_of(GOOD.replace('note = "n"', "note = " + "[" * 1000 + "]" * 1000))
    assert err.line == 13 and "nested too deeply" in str(err)


def test_a_seed_of_thousands_of_digits_names_its_line() -> None:
    err = error_of(GOOD.replace("seed = 5", "seed = " + "9" * 5000))
    assert err.line == 6 and "cannot be read" in str(err)


def test_a_seed_of_a_thousand_digits_is_out_of_range() -> None:
    err = error_of(GOOD.replace("seed = 5", "seed = " + "9" * 1000))
    assert err.line == 6 and "'seed' must be a whole number from 0 to 2**64 - 1" in str(err)


def test_the_live_engine_answers_deep_json_with_an_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert json.loads(live.open_table("deep", deep))["ok"] is False
    assert json.loads(live.call("link_encode", deep))["ok"] is False


# -- what check accepts, a link carries -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("seed = 5", "seed = true", 6, "'seed' must be a whole number"),
        ("dealer = 0", "dealer = true", 5, "'dealer' must be a seat number"),
        ('note = "n"', 'note = "n"\n\n[expect]\ntricks = false', 16, "'tricks' must be a whole number"),
        ('note = "n"', 'note = "n"\n\n[expect]\nsteps = true', 16, "'steps' must be a whole number"),
        ('note = "n"', 'note = "n"\n\n[expect]\nwinners = [true]', 16, "'winners' must list"),
        ('note = "n"', 'note = "n"\n\n[expect.outcome]\nkind = "won"', 16, "'kind' must be one of"),
        ('note = "n"', 'note = "n"\n\n[expect.outcome]\ncycle = false', 16, "'cycle' must be a whole number"),
    ],
)
def test_true_and_false_are_not_numbers(old: str, new: str, line: int, message: str) -> None:
    err = error_of(GOOD.replace(old, new))
    assert err.line == line and message in str(err)


def test_a_viewer_past_the_last_seat_is_refused() -> None:
    err = error_of(GOOD.replace('game = "bettelmann"', 'game = "bettelmann"\nviewer = 9'))
    assert err.line == 3 and "'viewer' must be \"all\" or a seat from 0 to 1, not 9" in str(err)


def test_a_dealer_past_the_last_seat_is_refused_at_its_line() -> None:
    err = error_of(GOOD.replace("dealer = 0", "dealer = 4"))
    assert err.line == 5 and "'dealer' must be a seat from 0 to 1" in str(err)


def test_names_of_the_wrong_count_are_reported_at_names() -> None:
    err = error_of(GOOD.replace('game = "bettelmann"', 'game = "bettelmann"\nnames = ["A", "B", "C"]'))
    assert err.line == 3 and "3 names were given" in str(err)


@pytest.mark.parametrize("size", [TEXT_LIMIT + 1, 25_000])
def test_a_note_longer_than_a_link_keeps_is_refused(size: int) -> None:
    err = error_of(GOOD.replace('note = "n"', f'note = "{"x" * size}"'))
    assert err.line == 13 and f"is {size} characters long: at most {TEXT_LIMIT}" in str(err)


def test_a_note_of_the_limit_passes_and_its_link_keeps_it_whole() -> None:
    text = GOOD.replace('note = "n"', f'note = "{"x" * TEXT_LIMIT}"')
    sc = loads(text)
    assert check(sc) == []
    assert decode(encode(sc.spec()))["steps"][-1]["note"] == "x" * TEXT_LIMIT


def test_notes_of_one_step_together_within_the_limit() -> None:
    half = "y" * (TEXT_LIMIT // 2 + 1)
    text = GOOD + f'\n[[step]]\nnote = "{half}"\n\n[[step]]\nnote = "{half}"\n'
    err = error_of(text)
    assert err.line == 18 and "come to more than" in str(err)


def test_check_refuses_a_scenario_whose_link_is_too_long() -> None:
    notes = "".join(f'\n[[step]]\nauto = 1\nnote = "{"z" * 4000}"\n' for _ in range(5))
    sc = loads(GOOD.split("[[step]]")[0] + notes, "l.toml")
    assert len(replay(sc).frames()) == 6
    problems = check(sc)
    assert any(f"at most {MAX_LENGTH}" in str(p) and p.line == 1 for p in problems)
    with pytest.raises(LinkError, match="too long to share"):
        encode(sc.spec())


def test_the_live_engine_will_not_hand_out_a_link_too_long_to_open() -> None:
    spec = {"game": "bettelmann", "title": "t", "deal": {"seed": 5}, "steps": [{"auto": 1} for _ in range(5)]}
    assert json.loads(live.open_table("long", json.dumps(spec)))["ok"]
    for step in range(1, 6):
        assert json.loads(live.call("table_note", json.dumps({"key": "long", "step": step, "text": "z" * 4000})))["ok"]
    answer = json.loads(live.call("link_of_table", json.dumps({"key": "long"})))
    assert answer["ok"] is False and "too long to share" in answer["error"]


def test_long_titles_and_names_are_refused_in_files_and_links() -> None:
    err = error_of(GOOD.replace('title = "t"', f'title = "{"T" * (TITLE_LIMIT + 1)}"'))
    assert err.line == 1 and "at most 200" in str(err)
    long_name = "N" * (NAME_LIMIT + 1)
    err = error_of(GOOD.replace('game = "bettelmann"', f'game = "bettelmann"\nnames = ["{long_name}", "B"]'))
    assert err.line == 3 and "1 to 40 characters" in str(err)
    assert "'names'" in str(error_of(GOOD.replace('game = "bettelmann"', 'game = "bettelmann"\nnames = [" ", "B"]')))


def _b64(text: str) -> str:
    import base64

    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("link", "field"),
    [
        (f"v1;g=bettelmann;r=1;n=0~{_b64('x' * (TEXT_LIMIT + 1))}", "n"),
        (f"v1;g=bettelmann;r=1;t={_b64('t' * (TITLE_LIMIT + 1))}", "t"),
        (f"v1;g=bettelmann;r=1;p={_b64('p' * (NAME_LIMIT + 1))},{_b64('B')}", "p"),
        (f"v1;g=bettelmann;r=1;m=*1;q=0~{_b64('w' * (TEXT_LIMIT + 1))}~", "q"),
    ],
)
def test_links_refuse_texts_over_the_limit_instead_of_cutting_them(link: str, field: str) -> None:
    with pytest.raises(LinkError) as err:
        decode(link)
    assert err.value.field == field and f"('{field}=')" in str(err.value)


# -- link quirks ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("link", "field"),
    [
        ("v1;g=bettelmann;r=1\n;s=0", "r"),
        ("v1;g=bettelmann;r=1;m=*2\n;s=1", "m"),
        ("v1;g=bettelmann;r=1;n=0~", "n"),
        ("v1;g=bettelmann;r=²", "r"),
        ("v1;g=bettelmann;r=1;s=¹", "s"),
    ],
)
def test_link_quirks_are_refused_naming_the_field(link: str, field: str) -> None:
    with pytest.raises(LinkError) as err:
        decode(link)
    assert err.value.field == field


def test_an_option_number_is_plain_digits() -> None:
    with pytest.raises(LinkError, match="must be a whole number"):
        decode("v1;g=bettelmann;o=cap:1_0;r=1")
    for bad in ("1_0", " 10", "+10", "١٠", "²", True):
        with pytest.raises(InvalidOptionError):
            make_game("bettelmann", {"cap": bad})
    assert make_game("bettelmann", {"cap": "10"}).options["cap"] == 10


def test_a_boolean_is_no_option_choice() -> None:
    with pytest.raises(InvalidOptionError, match="cannot be True"):
        make_game("druzbart", {"lines": True})


# -- lines from the parser's own positions --------------------------------------------------------------
def test_a_toml_error_at_the_end_names_the_line_of_the_unfinished_statement() -> None:
    err = error_of(GOOD + 'note2 = "never closed\n')
    assert err.line == 14 and "Illegal character" in str(err)
    err = error_of(GOOD + 'x = """never closed\n\n\n')
    assert err.line == 14 and "Unterminated string" in str(err)


def test_a_key_given_twice_names_its_statement() -> None:
    err = error_of(GOOD.replace("seed = 5", "seed = 5\nseed = 6"))
    assert err.line == 7 and "Cannot overwrite" in str(err)


def test_dotted_headers_name_their_line() -> None:
    err = error_of(GOOD + "\n[extra.table]\nq = 1\n")
    assert err.line == 15 and "unknown key 'extra'" in str(err)
    err = error_of(GOOD.replace("[deal]", '[options.tie]\nx = "pierer"\n\n[deal]'))
    assert err.line == 4 and "option 'tie' cannot be" in str(err)


@pytest.mark.parametrize(
    ("old", "message"),
    [('title = "t"\n', "missing 'title'"), ('game = "bettelmann"\n', "missing 'game'")],
)
def test_a_missing_top_key_is_reported_at_the_top(old: str, message: str) -> None:
    err = error_of(GOOD.replace(old, ""))
    assert err.line == 1 and message in str(err)


def test_a_missing_deal_is_reported() -> None:
    err = error_of("\n".join(line for line in GOOD.splitlines() if "deal" not in line and "seed" not in line))
    assert err.line == 1 and "missing [deal]" in str(err)


def test_triple_quotes_inside_a_basic_string_keep_the_lines_right() -> None:
    text = GOOD.replace('title = "t"', "title = \"t with ''' in it\"\ndescription = \"a ''' b '''\"")
    err = error_of(text.replace('auto = "trick"', 'move = "ZZ"'), "q.toml")
    assert err.line == 12 and "bad card 'ZZ'" in str(err)
    once = GOOD.replace('title = "t"', "title = \"one ''' only\"")
    assert error_of(once.replace('auto = "trick"', 'move = "ZZ"')).line == 11


def test_the_live_engine_checks_names_as_scenario_files_do() -> None:
    long_name = "N" * (NAME_LIMIT + 1)
    answer = json.loads(live.call("game_info", json.dumps({"game": "bettelmann", "names": [long_name, "B"]})))
    assert answer["ok"] is False and "1 to 40 characters" in answer["error"]
    answer = json.loads(live.call("game_info", json.dumps({"game": "bettelmann", "names": ["A", "B"]})))
    assert answer["ok"] and answer["seat_names"] == ["A", "B"]


def test_without_the_parser_rules_the_reader_still_gives_data_and_error_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where tomllib's rule functions differ (another Python), the data is the same and TOML errors keep
    the parser's line; only key lines fall back to the top of the file."""
    from oldtricks.core import tomlread

    data, lines = tomlread.read(GOOD)
    monkeypatch.setattr(tomlread, "_parser", lambda: None)
    plain, fallback = tomlread.read(GOOD)
    assert plain == data and fallback == {"": 1} and lines["step.1.note"] == 13
    with pytest.raises(tomlread.TomlError) as err:
        tomlread.read(GOOD.replace('tie = "pierer"', "").replace("seed = 5", "seed = five"))
    assert err.value.line == 6
    with pytest.raises(tomlread.TomlError, match="nested too deeply"):
        tomlread.read("x = " + "[" * 1000 + "]" * 1000)
    assert error_of(GOOD.replace('auto = "trick"', 'move = "ZZ"')).line == 1


def test_a_drogue_hand_of_the_wrong_size_is_named_by_its_seat() -> None:
    from oldtricks.errors import InvalidDealError

    game = make_game("drogue")
    cards = list(game.pack.cards)
    hands = (tuple(cards[:7]), tuple(cards[7:16]), tuple(cards[16:24]), tuple(cards[24:]))
    with pytest.raises(InvalidDealError, match=r"^South's hand has 7 cards: each player gets 8$"):
        game.check_hands(hands)
