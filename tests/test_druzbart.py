"""Drużbart: unit tests per ledger rule, the options, errors and the typed values (whole games: random play,
bots, frames and golden scenarios in test_druzbart_games.py)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from conftest import play
from druzbart_helpers import (
    DUD_HANDS,
    DUD_PREFIX,
    HANDS,
    MATADOR_HANDS,
    SEVEN_HANDS,
    all_option_sets,
    legal,
    start,
    tricks_of,
)
from druzbart_ranking import expected_winner
from oldtricks import IllegalMoveError, InvalidDealError, InvalidOptionError, Move, make_game
from oldtricks.core.cards import GERMAN_32, GERMAN_36
from typed import druzbart


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
    game = druzbart(options={"matadors": matadors})
    ladder = [str(c) for c in game.ranking.ladder(game.pack)]
    assert ladder[:7] == [*top, "9A", "9L", "9H", "9B"]
    assert ladder[7:18] == ["AA", "AL", "AH", "AB", "UL", "UH", "UB", "6A", "6L", "6H", "6B"]


def test_ranking_agrees_with_the_independent_statement() -> None:
    for options in all_option_sets():
        game = druzbart(options=options)
        cards = [str(c) for c in game.pack.cards]
        for a, b in itertools.product(cards, repeat=2):
            if a == b:
                continue
            table = [[0, a], [1, b]]
            got = game.ranking.holder([game.pack.parse(a), game.pack.parse(b)])
            assert table[got][0] == expected_winner(table, options), (options, a, b)


# -- druzbart.seven, .seven.gracz, .duds, .obers, .all-duds --------------------------------------------


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


# -- typed options, the table, facts and narration ------------------------------------------------


@pytest.mark.parametrize("name", ["druzbart", "clock"])
def test_the_options_value_allows_exactly_what_the_specs_allow(name: str) -> None:
    import dataclasses
    import typing

    game = druzbart(name)
    hints = typing.get_type_hints(type(game.agreed))
    assert set(hints) == {spec.key for spec in game.option_specs}
    for spec in game.option_specs:
        if spec.choices:
            assert set(typing.get_args(hints[spec.key])) == {c.value for c in spec.choices}, spec.key
        else:
            assert hints[spec.key] is int, spec.key
        assert getattr(game.agreed, spec.key) == game.options[spec.key]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.agreed.lines = 3  # type: ignore[misc]  # the point: the frozen field refuses it


def test_the_table_names_sides_for_both_games() -> None:
    four, clock = druzbart(), druzbart("clock")
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
    game = druzbart()
    assert game.ranking.holding(game.pack.parse_many(cards)) == holding


def test_the_trick_transition_returns_facts_and_narration_words_them() -> None:
    import dataclasses

    from oldtricks.games.druzbart import narrate
    from oldtricks.games.druzbart.facts import Played, Took

    game = druzbart()
    state = game.new_state(seed=3)
    facts: list[Any] = []
    for _ in range(4):
        card = game.legal_moves(state)[0].card
        assert card is not None and state.turn is not None
        state, new = game._play_card(state, state.turn, card)
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
