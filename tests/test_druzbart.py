"""Drużbart: unit tests per ledger rule, property tests over random games, golden scenarios, errors."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import VALIDATOR, play
from druzbart_ranking import expected_winner
from oldtricks import IllegalMoveError, InvalidDealError, InvalidOptionError, Move, make_game
from oldtricks.cli.main import main
from oldtricks.core.cards import GERMAN_32, GERMAN_36
from oldtricks.core.prng import Rng
from oldtricks.scenarios.coverage import compute
from oldtricks.scenarios.frames import make_frame
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import discover, load

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"


# -- helpers -----------------------------------------------------------------------------------------
HANDS = [
    "AH UB UA 6H 7B 8A TA OA TB",
    "AA 8H KH 7L 6L TL OL KA KL",
    "9L OH 8L 9H AL UH 7A 8B TH",
    "9B 6A AB UL 7H OB KB 9A 6B",
]


def start(options: dict[str, Any] | None = None, hands: list[str] | None = None, dealer: int = 3) -> tuple[Any, Any]:
    game = make_game("druzbart", options or {})
    cards = [game.pack.parse_many(h) for h in (hands or HANDS)]
    return game, game.new_state(hands=cards, dealer=dealer)


def legal(game: Any, state: Any) -> set[str]:
    return {str(m) for m in game.legal_moves(state)}


def tricks_of(events: list[Any]) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == "trick"]


# -- druzbart.pack, .deal, .deal-32, .seats, .lead ----------------------------------------------------
def test_pack_sizes_and_hands() -> None:
    g36, g32 = make_game("druzbart"), make_game("druzbart", {"pack": 32})
    assert g36.pack == GERMAN_36 and g32.pack == GERMAN_32
    s36, s32 = g36.new_state(seed=3), g32.new_state(seed=3)
    assert [len(h) for h in s36.hands] == [9] * 4
    assert [len(h) for h in s32.hands] == [8] * 4
    assert not any(c.rank == "6" for h in s32.hands for c in h)


def test_deal_in_packets_of_three_from_the_dealers_left() -> None:
    game = make_game("druzbart")
    order = list(GERMAN_36.cards)
    hands, rest = game.deal_order(order, 3)
    assert rest == ()
    assert hands[0][:3] == tuple(order[0:3])  # South, on East's left, gets the first packet
    assert hands[1][:3] == tuple(order[3:6])
    assert hands[3][:3] == tuple(order[9:12])
    assert hands[0][3:6] == tuple(order[12:15])


def test_deal_32_is_three_three_two_and_single_cards_option() -> None:
    game = make_game("druzbart", {"pack": 32})
    order = list(GERMAN_32.cards)
    hands, _ = game.deal_order(order, 3)
    assert hands[0] == tuple(order[0:3] + order[12:15] + order[24:26])
    single = make_game("druzbart", {"packets": "one"})
    hands, _ = single.deal_order(list(GERMAN_36.cards), 0)
    assert hands[1] == tuple(GERMAN_36.cards[0::4])


def test_seats_teams_and_lead() -> None:
    game, state = start()
    assert game.teams() == (0, 1, 0, 1)
    assert game.partner(0) == 2 and game.partner(1) == 3
    assert game.to_play(state) == 0  # forehand: the dealer's (East's) left


def test_check_hands_rejects_bad_deals() -> None:
    game = make_game("druzbart")
    with pytest.raises(InvalidDealError, match="8 cards"):
        game.new_state(hands=[game.pack.parse_many(h) for h in [*HANDS[:3], "9B 6A AB UL 7H OB KB 9A"]])
    with pytest.raises(InvalidDealError, match="twice"):
        game.new_state(hands=[game.pack.parse_many(h) for h in [*HANDS[:3], HANDS[2]]])


# -- druzbart.head, .head.dud-led, .rank, .suit-order ------------------------------------------------
def test_any_card_may_be_led() -> None:
    game, state = start()
    assert legal(game, state) == set(HANDS[0].split())


def test_must_head_when_possible() -> None:
    game, state = start()
    state, _ = play(game, state, "AH")
    assert legal(game, state) == {"AA", "KH"}  # only the cards that beat the Ace of Hearts


def test_head_rule_applies_to_the_partners_card() -> None:
    game, state = start(
        hands=[
            "AL 6H 7B 8A TA OA TB KA 6B",
            "8H TL OL KL OB KB 7L 6L UB",
            "AA 9H 7A 8B TH OH UL 6A 8L",
            "7H 9A 9L 9B UA UH KH AH AB",
        ]
    )
    state, _ = play(game, state, "AL 8H")
    assert legal(game, state) == {"AA", "9H", "8L"}


def test_illegal_card_names_the_head_rule() -> None:
    game, state = start()
    state, _ = play(game, state, "AH")
    with pytest.raises(IllegalMoveError, match=r"can head the trick with AA or KH") as err:
        game.apply(state, game.parse_move(state, "TL"))
    assert err.value.rule == "druzbart.head"


def test_other_illegal_moves_name_their_rules() -> None:
    game, state = start()
    with pytest.raises(IllegalMoveError) as err:
        game.apply(state, game.parse_move(state, "9B"))
    assert err.value.rule == "druzbart.deal"
    with pytest.raises(IllegalMoveError) as err:
        game.apply(state, game.parse_move(state, "deal"))
    assert err.value.rule == "druzbart.end"


def test_no_head_possible_means_any_card() -> None:
    game, state = start()
    state, _ = play(game, state, "AH AA 9L 9A OB 6H 6L UH AL 9B UA")
    assert legal(game, state) == {"8H", "KH", "7L", "TL", "OL", "KA", "KL"}


def test_a_dud_lead_is_headed_by_any_beater_and_by_no_dud() -> None:
    game, state = start()
    state, _ = play(game, state, "AH AA 9L 9A OB")
    assert legal(game, state) == {"UB", "UA", "6H"}  # South's beaters; his duds and Seven do not head


def test_suit_order_breaks_equal_ranks() -> None:
    game, state = start()
    state, events = play(game, state, "AH AA 9L 9A")
    assert tricks_of(events)[0]["winner"] == 3  # Nine of Acorns over Nine of Leaves


@pytest.mark.parametrize(
    ("matadors", "top"),
    [("braus", ["UA", "8L", "KH"]), ("brus", ["UA", "KH", "8L"]), ("acorns", ["UA", "8A", "KA"])],
)
def test_matador_assignments(matadors: str, top: list[str]) -> None:
    game = make_game("druzbart", {"matadors": matadors})
    ladder = [str(c) for c in game.ranking.ladder(game.pack)]
    assert ladder[:7] == [*top, "9A", "9L", "9H", "9B"]
    assert ladder[7:18] == ["AA", "AL", "AH", "AB", "UL", "UH", "UB", "6A", "6L", "6H", "6B"]


def test_ranking_agrees_with_the_independent_statement() -> None:
    for options in all_option_sets():
        game = make_game("druzbart", options)
        cards = [str(c) for c in game.pack.cards]
        for a, b in itertools.product(cards, repeat=2):
            if a == b:
                continue
            table = [[0, a], [1, b]]
            got = game.ranking.holder([game.pack.parse(a), game.pack.parse(b)])
            assert table[got][0] == expected_winner(table, options), (options, a, b)


# -- druzbart.seven, .seven.gracz, .duds, .obers, .all-duds --------------------------------------------
SEVEN_HANDS = [
    "AL 6H 7B 8A TA OA TB KA 6B",
    "8H TL OL KL OB KB 7L 6L UB",
    "AA 9H 7A 8B TH OH UL 6A 8L",
    "7H 9A 9L 9B UA UH KH AH AB",
]


def test_led_seven_cannot_be_beaten() -> None:
    game, state = start(hands=SEVEN_HANDS)
    state, _ = play(game, state, "AL 8H AA 9B 7H")
    assert legal(game, state) == set(state.hands[0] and [str(c) for c in state.hands[0]])
    state, events = play(game, state, "7B KB 8L")
    assert tricks_of(events)[0]["winner"] == 3


def test_gracz_matadors_beat_a_led_seven() -> None:
    game, state = start({"seven": "gracz"}, hands=SEVEN_HANDS)
    state, _ = play(game, state, "AL 8H AA 9B 7H 7B KB")
    assert legal(game, state) == {"8L"}
    state, events = play(game, state, "8L")
    assert tricks_of(events)[0]["winner"] == 2


DUD_HANDS = [
    "UA 8L KH 9A 6A AA TA 7B 8A",
    "6L AB UB 6B 7L 8H TL OL KA",
    "UH 9H AH 9L 7A 8B TH OH KL",
    "AL 9B UL 6H 7H TB OA OB KB",
]
DUD_PREFIX = "TA 6B UH AL 9B 9A AB 9H 6A UB AH UL 9L 6H KH 6L"


def test_all_duds_go_to_the_leader_with_an_unled_seven_among_them() -> None:
    game, state = start({"obers": "duds"}, hands=DUD_HANDS)
    state, events = play(game, state, DUD_PREFIX + " 8A OL 7A KB")
    last = tricks_of(events)[-1]
    assert last["cards"] == [[0, "8A"], [1, "OL"], [2, "7A"], [3, "KB"]]
    assert last["winner"] == 0
    assert any("only duds" in e.text for e in events)


def test_obers_as_beaters_change_the_trick() -> None:
    game, state = start({"obers": "beaters"}, hands=DUD_HANDS)
    state, _ = play(game, state, DUD_PREFIX + " 8A")
    assert legal(game, state) == {"OL"}
    state, events = play(game, state, "OL 7A OA")
    assert tricks_of(events)[-1]["winner"] == 3


# -- druzbart.winner-leads, .end, .split-32, scoring ---------------------------------------------------
def test_winner_leads_and_deal_ends_at_five() -> None:
    game, state = start(hands=DUD_HANDS)
    state, _ = play(game, state, DUD_PREFIX)
    assert game.to_play(state) == 0  # South won the fourth trick
    state, _ = play(game, state, "8A OL 7A KB 7B TL TH TB")
    assert state.tricks == (5, 1)
    assert state.dealing and game.to_play(state) == 0  # deal over; the deal passes to South
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert state.lines == (5, 6)  # druzbart.score.deal: one line
    assert game.legal_moves(state)[0].kind == "deal"


FIVE_HANDS = [
    "UA KH 9A AA 7B 7A 6A TA OA",
    "9B AB UB 6H 7L TL OL KL 8H",
    "8L 9L 9H AL AH UL UH 6L 8A",
    "6B 7H 8B TH TB OH OB KB KA",
]


def test_five_straight_erases_a_second_line() -> None:
    game, state = start(hands=FIVE_HANDS)
    state, _ = play(game, state, "7B KL 8A KB 7A 8H 6L KA OA 6H UH TH 9L TB 9A TL UA OL UL OB")
    assert state.tricks == (5, 0)
    assert state.lines == (4, 6)
    assert state.history[-1].erased == (2, 0)


def test_split_32_scores_nothing() -> None:
    hands = ["OL KH AA 7B UB KA AB 9B", "UH 8B KB OH TL AH TH UL", "KL 9H 8A 8L UA OA 8H TA", "OB AL 9A TB 7L 7H 7A 9L"]
    game, state = start({"pack": 32}, hands=hands)
    moves = "7B KB TA TB OL UH 9H 9L 7L KA 8B OA 7H UB OH 8H 7A AB TL 8A OB AA TH 8L UA AL 9B UL KL 9A KH AH"
    state, _ = play(game, state, moves)
    assert state.tricks == (4, 4)
    assert state.lines == (6, 6)
    assert state.dealing


MATADOR_HANDS = [
    "KH 9B AH 6H 7B TA OA TB 8H",
    "8L 6B UB 7L TL OL KL KB 8B",
    "UA 9H AL UH 7A TH OH 6L 9L",
    "6A 7H 8A 9A UL OB KA AA AB",
]


@pytest.mark.parametrize(("lost", "partner", "lines"), [(1, 2, (8, 7)), (0, 3, (9, 6)), (2, 0, (6, 8))])
def test_matador_penalties_are_chalked_at_once(lost: int, partner: int, lines: tuple[int, int]) -> None:
    options = {"matador_lost": lost, "matador_to_partner": partner}
    game, state = start(options, hands=MATADOR_HANDS)
    state, events = play(game, state, "KH 8L UA KA")
    assert state.lines == lines  # South's King to his partner, West's Eight to an opponent
    assert [e.data["lines"] for e in events if e.kind == "matador"] == [partner, lost]


def test_lines_option_and_game_points() -> None:
    game, state = start({"lines": 2}, hands=FIVE_HANDS)
    state, _ = play(game, state, "7B KL 8A KB 7A 8H 6L KA OA 6H UH TH 9L TB 9A TL UA OL UL OB")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 2) and outcome.losers == (1, 3)
    assert "2 game points" in outcome.text  # druzbart.game-points: the other side's lines
    assert game.legal_moves(state) == [] and game.to_play(state) is None
    with pytest.raises(IllegalMoveError) as err:
        game.apply(state, game.legal_moves(start()[1])[0])
    assert err.value.rule == "druzbart.game-points"


def test_next_deal_is_a_reproducible_chance_move() -> None:
    game, state = start(hands=DUD_HANDS)
    state, _ = play(game, state, DUD_PREFIX + " 8A OL 7A KB 7B TL TH TB")
    with pytest.raises(IllegalMoveError) as err:
        game.apply(state, game.parse_move(state, "UA"))
    assert err.value.rule == "druzbart.deal.rotation"
    a, events = game.apply(state, game.parse_move(state, "deal"))
    b, _ = game.apply(state, game.parse_move(state, "deal"))
    assert a == b
    assert a.deal.dealer == 0 and a.number == 2 and game.to_play(a) == 1
    assert a.lines == state.lines and a.rng != state.rng
    assert sorted(str(c) for h in a.hands for c in h) == sorted(str(c) for c in GERMAN_36.cards)
    assert "South deals deal 2" in events[0].text


# -- options ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"pack": 40},
        {"matadors": "spades"},
        {"seven": "never"},
        {"obers": "maybe"},
        {"lines": 0},
        {"lines": 21},
        {"matador_lost": -1},
        {"packets": "two"},
        {"deal_size": "full"},
    ],
)
def test_bad_options_are_rejected(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError):
        make_game("druzbart", options)


def test_option_specs_name_ledger_ids() -> None:
    game = make_game("druzbart")
    ids = {r.id for r in game.rules}
    for spec in game.option_specs:
        assert spec.rule in ids
        assert all(c.rule in ids for c in spec.choices)


# -- property tests over random games -------------------------------------------------------------------
def all_option_sets() -> list[dict[str, Any]]:
    keys = ("pack", "packets", "matadors", "seven", "obers")
    values = ((36, 32), ("three", "one"), ("braus", "brus", "acorns"), ("unbeatable", "gracz"), ("duds", "beaters"))
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]


def run_checked(
    name: str, options: dict[str, Any], seed: int, choose: Any, frames: bool = False, cap: int = 5000
) -> tuple[Any, list[str]]:
    """Play a game, checking the invariants after every move; return the final state and the moves.

    Heavy matador penalties can make random play chalk lines faster than it erases them, so the game
    may be stopped after ``cap`` moves; otherwise it must end with no legal moves.
    """
    game = make_game(name, options)
    state = game.new_state(seed=seed, dealer=seed % game.num_seats)
    full = Counter(str(c) for c in game.pack.cards)
    moves: list[str] = []
    step = 0
    while game.to_play(state) is not None and len(moves) < cap:
        legal_moves = game.legal_moves(state)
        assert legal_moves
        move = choose(game, state, legal_moves)
        state, events = game.apply(state, move)
        moves.append(str(move))
        step += 1
        dealt = Counter(str(c) for h in state.deal.hands for c in h) + Counter(str(c) for c in state.deal.rest)
        assert dealt == full  # every card of the pack is dealt or left out, once
        held = Counter(str(c) for h in state.hands for c in h)
        assert not held - dealt and all(n == 1 for n in held.values())
        assert all(n >= 0 for n in state.lines)
        for e in events:
            if e.kind == "trick":
                assert e.data["winner"] == expected_winner(e.data["cards"], options)
        if state.dealing or (state.result is not None and name == "druzbart"):
            check_deal_end(game, state, options)
        if frames:
            VALIDATOR.validate(make_frame(game, state, step=step, move=move, events=events))
    if len(moves) < cap:
        assert game.legal_moves(state) == []
        assert game.outcome(state) is not None
    return state, moves


def check_deal_end(game: Any, state: Any, options: dict[str, Any]) -> None:
    if game.num_sides == 3:
        assert not any(state.hands) or 0 in state.lines
        return
    a, b = state.tricks
    if max(a, b) < 5:
        assert options.get("pack") == 32 and (a, b) == (4, 4)  # druzbart.split-32
    else:
        assert min(a, b) < 5 and max(a, b) == 5  # druzbart.end: stops at once


def random_choice(rng: Rng) -> Any:
    return lambda game, state, moves: moves[rng.below(len(moves))]


@pytest.mark.parametrize("options", all_option_sets(), ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_games_keep_the_invariants(options: dict[str, Any]) -> None:
    for seed in (1, 2):
        run_checked("druzbart", {**options, "lines": 2}, seed, random_choice(Rng(seed)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(all_option_sets()),
    lines=st.integers(1, 4),
    lost=st.integers(0, 2),
    partner=st.integers(0, 3),
    seed=st.integers(0, 2**64 - 1),
)
def test_replay_is_exact_and_frames_validate(
    options: dict[str, Any], lines: int, lost: int, partner: int, seed: int
) -> None:
    opts = {**options, "lines": lines, "matador_lost": lost, "matador_to_partner": partner}
    rng = Rng(seed)
    final, moves = run_checked("druzbart", opts, seed, random_choice(rng), frames=True, cap=600)
    game = make_game("druzbart", opts)
    state = game.new_state(seed=seed, dealer=seed % 4)
    for token in moves:
        state, _ = game.apply(state, game.parse_move(state, token))
    assert state == final
    assert make_frame(game, state, step=len(moves)) == make_frame(game, final, step=len(moves))


# -- bots ---------------------------------------------------------------------------------------------
def test_bots_play_legal_moves_and_beat_random_play() -> None:
    rng = Rng(7)
    wins = 0
    for seed in range(40):

        def choose(game: Any, state: Any, moves: list[Any]) -> Any:
            if game.to_play(state) in (0, 2):
                move = game.bot_move(state, rng)
                assert move in moves
                return move
            return moves[rng.below(len(moves))]

        final, _ = run_checked("druzbart", {"lines": 3}, seed, choose)
        wins += final.result.winners == (0, 2)
    assert wins >= 34


def test_bot_throws_a_dud_not_a_matador_when_it_cannot_head() -> None:
    game, state = start(hands=SEVEN_HANDS)
    state, _ = play(game, state, "AL 8H AA 9B 7H 7B KB")
    move = game.bot_move(state, Rng(1))
    assert str(move) != "8L"
    assert game.ranking.is_dud(move.card) or move.card.rank == "7"


def test_bot_heads_cheaply_when_only_the_partner_follows() -> None:
    game, state = start()
    state, _ = play(game, state, "AH AA 9L")  # East must head; his only heading card is the Nine of Acorns
    assert str(game.bot_move(state, Rng(1))) == "9A"
    game, state = start(hands=SEVEN_HANDS)
    state, _ = play(game, state, "AL 8H")  # North: AA, 9H or 8L; East, an opponent, follows
    assert str(game.bot_move(state, Rng(1))) in {"AA", "9H"}


def test_bot_deals_between_deals() -> None:
    game, state = start(hands=DUD_HANDS)
    state, _ = play(game, state, DUD_PREFIX + " 8A OL 7A KB 7B TL TH TB")
    assert game.bot_move(state, Rng(3)).kind == "deal"


# -- frames, golden scenarios, coverage -------------------------------------------------------------
def test_frame_shows_slate_scoring_and_teams() -> None:
    game, state = start(hands=MATADOR_HANDS)
    state, events = play(game, state, "KH 8L UA KA")
    frame = make_frame(game, state, step=4, events=events)
    VALIDATOR.validate(frame)
    slate, scoring = frame["panels"]
    assert slate["kind"] == "lines"
    assert slate["data"]["sides"] == [
        {"label": "South–North", "total": 8, "left": 8, "chalked": 2},
        {"label": "West–East", "total": 7, "left": 7, "chalked": 1},
    ]
    assert scoring["kind"] == "table" and scoring["data"]["rows"][0][:3] == ["1", "East", "1 : 0"]
    assert frame["trick"] == {"number": 1, "leader": 0, "winner": 2, "complete": True}
    assert [m["label"] for m in frame["seats"][1]["marks"]] == ["West–East"]
    assert frame["seats"][3]["marks"][0]["kind"] == "dealer"
    assert frame["seats"][2]["won"] == {"count": 4, "tricks": 1}


def scenario_files() -> list[Path]:
    return discover([SCENARIOS / "druzbart", SCENARIOS / "clock"])


def test_golden_scenarios_pass_the_cli_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SCENARIOS / "druzbart")]) == 0
    assert "0 failed" in capsys.readouterr().out


@pytest.mark.parametrize("path", discover([SCENARIOS / "druzbart"]), ids=lambda p: p.stem)
def test_scenario_frames_validate(path: Path) -> None:
    for frame in replay(load(path, SCENARIOS)).frames():
        VALIDATOR.validate(frame)


def test_golden_penalties_in_the_matador_scenarios() -> None:
    final = {}
    for name in ("matadors-braus", "matadors-brus", "matador-sizes"):
        frames = replay(load(SCENARIOS / "druzbart" / f"{name}.toml", SCENARIOS)).frames()
        final[name] = [side["left"] for side in frames[-1]["panels"][0]["data"]["sides"]]
    assert final == {"matadors-braus": [8, 7], "matadors-brus": [8, 6], "matador-sizes": [9, 6]}


def test_every_druzbart_and_clock_id_is_demonstrated() -> None:
    cov = compute(load(p, SCENARIOS) for p in scenario_files())
    ours = {r: s for r, s in cov.rules.items() if r.startswith(("druzbart.", "clock."))}
    assert ours and all(ours.values()), [r for r, s in ours.items() if not s]
    for key, values in cov.options.items():
        if key.startswith(("druzbart.", "clock.")):
            assert all(values.values()), key


# -- typed options, the table, facts and narration ------------------------------------------------


@pytest.mark.parametrize("name", ["druzbart", "clock"])
def test_the_options_value_allows_exactly_what_the_specs_allow(name: str) -> None:
    import dataclasses
    import typing

    game = make_game(name)
    hints = typing.get_type_hints(type(game.agreed))
    assert set(hints) == {spec.key for spec in game.option_specs}
    for spec in game.option_specs:
        if spec.choices:
            assert set(typing.get_args(hints[spec.key])) == {c.value for c in spec.choices}, spec.key
        else:
            assert hints[spec.key] is int, spec.key
        assert getattr(game.agreed, spec.key) == game.options[spec.key]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.agreed.lines = 3  # type: ignore[misc]


def test_the_table_names_sides_for_both_games() -> None:
    four, clock = make_game("druzbart"), make_game("clock")
    assert [four.table.side_label(s) for s in (0, 1)] == ["South–North", "West–East"]
    assert [four.table.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [clock.table.side_label(s) for s in range(3)] == ["South", "West", "East"]
    assert clock.table.partner(0) is None and four.table.partner(3) == 1


@pytest.mark.parametrize(
    ("cards", "holding"),
    [
        ("OH 7B 8H 8B", (0, "druzbart.all-duds")),
        ("7H UA 9A TL", (0, "druzbart.seven")),
        ("8H 9A UL AA", (1, "druzbart.rank")),
        ("OH 7B 6B 8H", (2, "druzbart.rank")),
    ],
)
def test_the_ranking_says_which_rule_holds_the_trick(cards: str, holding: tuple[int, str]) -> None:
    """druzbart.all-duds, druzbart.seven, druzbart.rank: the trick sentence reads the rule from here."""
    game = make_game("druzbart")
    assert game.ranking.holding(game.pack.parse_many(cards)) == holding


def test_the_trick_transition_returns_facts_and_narration_words_them() -> None:
    import dataclasses

    from oldtricks.games.druzbart import narrate
    from oldtricks.games.druzbart.facts import Played, Took

    game = make_game("druzbart")
    state = game.new_state(seed=3)
    facts = []
    for _ in range(4):
        state, new = game._play_card(state, state.turn, game.legal_moves(state)[0].card)
        facts += new
    assert [type(f) for f in facts[:5]] == [Played, Played, Played, Played, Took]
    assert not any(
        isinstance(getattr(f, k.name), str) and " " in getattr(f, k.name) for f in facts for k in dataclasses.fields(f)
    )
    took = facts[4]
    assert isinstance(took, Took) and took.rule in {"druzbart.rank", "druzbart.seven", "druzbart.all-duds"}
    assert narrate.event(took, game.table).text.startswith("Trick 1: ")


def test_moves_are_typed_values_and_other_kinds_are_refused() -> None:
    """A card move is a ``play`` with its card, the chance move between deals a bare ``deal``; any other
    kind is refused."""
    game = make_game("druzbart")
    state = game.new_state(seed=1)
    assert all(m.kind == "play" and m.card in state.hands[m.seat] for m in game.legal_moves(state))
    assert game.parse_move(state, "deal") == Move(state.turn, "deal")
    with pytest.raises(IllegalMoveError, match="must play a card"):
        game.apply(state, Move(1, "bid", count=6))
