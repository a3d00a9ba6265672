"""Bettelmann and Tod und Leben, rule by rule (ids from the ledger in each test's docstring)."""

from __future__ import annotations

from typing import Any

import pytest

from oldtricks import IllegalMoveError, InvalidDealError, InvalidOptionError, Move, make_game
from oldtricks.core.cards import GERMAN_32, Card
from oldtricks.core.values import Event
from oldtricks.games.bettelmann import Bettelmann, BettelmannState
from typed import bettelmann, data, ended

SOUTH_LOW = "7A 7L 7H 7B 8A 8L 8H 8B 9A 9L 9H 9B TA TL TH UA"
NORTH_HIGH = "AA AL AH AB KA KL KH KB OA OL OH OB UL TB UH UB"


def winner(event: Event) -> Any:
    return data(event)["winner"]


def start(
    hands: list[str], dealer: int = 0, game: str = "bettelmann", **options: Any
) -> tuple[Bettelmann, BettelmannState]:
    g = bettelmann(game, options)
    return g, g.new_state(hands=[g.pack.parse_many(h) for h in hands], dealer=dealer)


def fill(top0: str, top1: str, seed: int = 1) -> list[str]:
    """Two full piles that start with the given cards, the rest shuffled from ``seed``."""
    from oldtricks.core.prng import shuffled

    a, b = list(GERMAN_32.parse_many(top0)), list(GERMAN_32.parse_many(top1))
    rest = [c for c in shuffled(GERMAN_32.cards, seed) if c not in a + b]
    cut = 16 - len(a)
    return [" ".join(map(str, a + rest[:cut])), " ".join(map(str, b + rest[cut:]))]


def run(g: Bettelmann, s: BettelmannState, n: int) -> tuple[BettelmannState, list[Event]]:
    events: list[Event] = []
    for _ in range(n):
        s, ev = g.apply(s, g.legal_moves(s)[0])
        events += ev
    return s, events


def test_fill_makes_a_deal() -> None:
    hands = fill("9A KB", "9H 8L")
    cards = GERMAN_32.parse_many(" ".join(hands))
    assert sorted(map(str, cards)) == sorted(map(str, GERMAN_32.cards))


def test_deal_sixteen_each_face_down() -> None:
    """bettelmann.deal"""
    g = make_game("bettelmann")
    s = g.new_state(seed=3)
    assert [len(p) for p in s.piles] == [16, 16]
    view = g.view(s)
    assert all(seat["hand"]["face"] == "down" and seat["hand"]["layout"] == "pile" for seat in view["seats"])


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 0)])
def test_non_dealer_turns_up_first(dealer: int, first: int) -> None:
    """bettelmann.lead"""
    g, s = start(fill("9A", "9H"), dealer=dealer)
    assert g.to_play(s) == first
    assert g.legal_moves(s) == [Move(first, "play", s.piles[first][0])]


def test_higher_rank_wins_whatever_the_suit() -> None:
    """bettelmann.rank, bettelmann.capture"""
    g, s = start(fill("UL", "9H"))  # North (1) leads 9H, South (0) UL
    s, ev = run(g, s, 2)
    trick = next(e for e in ev if e.kind == "trick")
    assert winner(trick) == 0
    assert [str(c) for c in s.piles[0][-2:]] == ["9H", "UL"]  # under the pile, in play order
    assert len(s.piles[0]) == 17 and len(s.piles[1]) == 15


@pytest.mark.parametrize(
    ("order", "bottom"),
    [("play-order", ["9H", "UL"]), ("winner-first", ["UL", "9H"]), ("loser-first", ["9H", "UL"])],
)
def test_return_order(order: str, bottom: list[str]) -> None:
    """bettelmann.return-order"""
    g, s = start(fill("UL", "9H"), return_order=order)
    s, _ = run(g, s, 2)
    assert [str(c) for c in s.piles[0][-2:]] == bottom


def test_return_order_winner_led() -> None:
    """bettelmann.return-order: loser-first differs from play order when the winner turned up first"""
    g, s = start(fill("8A", "KB"), return_order="loser-first")
    s, _ = run(g, s, 2)  # North leads KB and wins
    assert [str(c) for c in s.piles[1][-2:]] == ["8A", "KB"]


def test_shuffled_return_order_is_reproducible() -> None:
    """bettelmann.return-order (shuffled) depends only on the deal"""
    a = run(*start(fill("UL", "9H"), return_order="shuffled"), 20)[0]
    b = run(*start(fill("UL", "9H"), return_order="shuffled"), 20)[0]
    assert a.piles == b.piles


def test_tie_pierer_cards_wait_and_go_to_next_winner() -> None:
    """bettelmann.tie.pierer, bettelmann.tie.pierer.leader"""
    g, s = start(fill("9A KB", "9H 8L"), tie="pierer")
    s, ev = run(g, s, 2)
    assert [e.kind for e in ev][-1] == "tie"
    assert len(s.pot) == 2 and s.leader == 1  # the same player begins again
    assert g.view(s)["trick"]["winner"] is None
    s, ev = run(g, s, 2)
    assert winner(ev[-1]) == 0 and not s.pot
    assert len(s.piles[0]) == 14 + 4


def test_tie_first_player_takes_both() -> None:
    """bettelmann.tie.first-player"""
    g, s = start(fill("9A KB", "9H 8L"), tie="first-player")
    s, ev = run(g, s, 2)
    assert winner(ev[-1]) == 1 and not s.pot


@pytest.mark.parametrize(("rule", "leader"), [("winner", 0), ("fixed", 1)])
def test_next_lead(rule: str, leader: int) -> None:
    """bettelmann.next-lead"""
    g, s = start(fill("UL", "9H"), next_lead=rule)
    s, _ = run(g, s, 2)  # South wins the first trick
    assert g.to_play(s) == leader


def test_last_three_choice_and_face_down_again() -> None:
    """bettelmann.last-three"""
    g, s = start([SOUTH_LOW, NORTH_HIGH], last_three="on")
    s, _ = run(g, s, 26)
    assert len(s.piles[0]) == 3
    assert g.view(s)["seats"][0]["hand"]["face"] == "up"
    s, _ = run(g, s, 1)  # North turns up the Ten of Bells
    assert sorted(str(m) for m in g.legal_moves(s)) == ["TH", "TL", "UA"]
    s, ev = g.apply(s, Move(0, "play", GERMAN_32.parse("UA")))
    assert winner(ev[-1]) == 0
    assert len(s.piles[0]) == 4
    assert g.view(s)["seats"][0]["hand"]["face"] == "down"
    assert len(g.legal_moves(s)) == 1


def test_choice_refused_before_the_last_three() -> None:
    """bettelmann.last-three: with more than three cards only the top card may be turned up"""
    g, s = start([SOUTH_LOW, NORTH_HIGH], last_three="on")
    s, _ = run(g, s, 1)
    with pytest.raises(IllegalMoveError) as err:
        g.apply(s, Move(0, "play", GERMAN_32.parse("UA")))
    assert err.value.rule == "bettelmann.last-three"
    assert "7A" in str(err.value)


def test_last_three_off_keeps_the_pile_blind() -> None:
    """bettelmann.last-three (off)"""
    g, s = start([SOUTH_LOW, NORTH_HIGH], last_three="off")
    s, _ = run(g, s, 27)
    assert len(g.legal_moves(s)) == 1 and g.view(s)["seats"][0]["hand"]["face"] == "down"


def test_wrong_seat_and_unheld_card() -> None:
    """bettelmann.lead, bettelmann.deal"""
    g, s = start(fill("UL", "9H"))
    with pytest.raises(IllegalMoveError) as err:
        g.apply(s, Move(0, "play", s.piles[0][0]))
    assert err.value.rule == "bettelmann.lead"
    with pytest.raises(IllegalMoveError) as err:
        g.apply(s, Move(1, "play", s.piles[0][0]))
    assert err.value.rule == "bettelmann.deal"


def test_beggar_loses_and_game_is_over() -> None:
    """bettelmann.end"""
    g, s = start([SOUTH_LOW, NORTH_HIGH], last_three="off", tie="first-player")
    while g.to_play(s) is not None:
        s, _ = g.apply(s, g.legal_moves(s)[0])
    out = ended(g.outcome(s))
    assert out.kind == "win" and out.losers == (0,) and out.winners == (1,)
    assert g.legal_moves(s) == []
    assert any(m["kind"] == "beggar" for m in g.view(s)["seats"][0]["marks"])


@pytest.mark.parametrize(("rule", "kind"), [("loses", "win"), ("split", None)])
def test_running_out_during_a_tie(rule: str, kind: str | None) -> None:
    """bettelmann.run-out-in-tie"""
    south = "7A 7L 7H 7B 8A 8L 8H 8B 9A 9L 9H 9B TA TL TH UA"
    north = "TB AA AL AH AB KA KL KH KB OA OL OH OB UL UH UB"
    g, s = start([south, north], last_three="off", run_out_in_tie=rule)
    s, _ = run(g, s, 32)
    out = g.outcome(s)
    if kind is None:
        assert out is None and not s.pot and [str(c) for c in s.piles[0]] == ["UA"]
    else:
        assert out is not None and out.kind == kind and out.losers == (0,)


def test_many_players_deal_and_trick() -> None:
    """bettelmann.many-players, bettelmann.many-players.deal"""
    g = bettelmann("bettelmann", {"players": 3})
    s = g.new_state(seed=5, dealer=0)
    assert [len(p) for p in s.piles] == [10, 11, 11]
    assert g.to_play(s) == 1
    s, ev = run(g, s, 3)
    assert any(e.kind in ("trick", "tie") for e in ev)
    assert sum(len(p) for p in s.piles) + len(s.pot) == 32


def test_players_out_of_range() -> None:
    """bettelmann.many-players"""
    with pytest.raises(InvalidOptionError, match="from 2 to 6"):
        make_game("bettelmann", {"players": 7})


def test_endless_game_is_detected_with_its_cycle() -> None:
    """bettelmann.cycle: the reported cycle really repeats"""
    options = {"return_order": "play-order", "tie": "first-player", "next_lead": "fixed", "last_three": "off", "cap": 0}
    g = make_game("bettelmann", options)
    s = g.new_state(seed=98)
    positions = {}
    while g.to_play(s) is not None:
        s, ev = g.apply(s, g.legal_moves(s)[0])
        if any(e.kind in ("trick", "tie") for e in ev) and g.outcome(s) is None:
            positions[s.tricks] = (s.piles, s.pot, s.leader)
    out = ended(g.outcome(s))
    assert out.kind == "endless" and out.cycle == 32
    final = (s.piles, s.pot, s.leader)
    assert positions[s.tricks - out.cycle] == final
    assert all(positions[t] != final for t in range(s.tricks - out.cycle + 1, s.tricks))


def test_cap_stops_the_game() -> None:
    """bettelmann.cycle (cap)"""
    g = make_game("bettelmann", {"cap": 5})
    s = g.new_state(seed=1)
    while g.to_play(s) is not None:
        s, _ = g.apply(s, g.legal_moves(s)[0])
    assert ended(g.outcome(s)).kind == "capped" and s.tricks == 5


def test_apply_leaves_the_old_state_alone() -> None:
    g = make_game("bettelmann")
    s0 = g.new_state(seed=2)
    piles = s0.piles
    g.apply(s0, g.legal_moves(s0)[0])
    assert s0.piles == piles and s0.table == ()


def test_unknown_option_and_value() -> None:
    with pytest.raises(InvalidOptionError, match="no option 'ties'"):
        make_game("bettelmann", {"ties": "pierer"})
    with pytest.raises(InvalidOptionError, match="expected one of pierer, first-player"):
        make_game("bettelmann", {"tie": "coin"})


def test_bad_explicit_hands() -> None:
    g = make_game("bettelmann")
    with pytest.raises(InvalidDealError, match="dealt twice"):
        g.new_state(hands=[GERMAN_32.cards[:16], GERMAN_32.cards[:16]])
    with pytest.raises(InvalidDealError, match="leave out"):
        g.new_state(hands=[GERMAN_32.cards[:16], GERMAN_32.cards[16:31]])


# -- Tod und Leben --------------------------------------------------------------------------------------------


def test_colours_split_life_to_the_non_dealer() -> None:
    """todundleben.colours, todundleben.colours.german"""
    g = make_game("todundleben")
    s = g.new_state(seed=4, dealer=0)
    assert {c.suit for c in s.piles[1]} == {"H", "B"}  # Life: the red suits of the German pack
    assert {c.suit for c in s.piles[0]} == {"A", "L"}
    assert g.view(s)["seats"][1]["marks"][0]["label"] == "Life (red)"


def test_french_colours() -> None:
    """todundleben.colours"""
    g = make_game("todundleben", {"pack": "french"})
    s = g.new_state(seed=4, dealer=1)
    assert {c.suit for c in s.piles[0]} == {"H", "D"}


def test_mixed_colour_hand_is_refused() -> None:
    """todundleben.colours"""
    g = make_game("todundleben")
    with pytest.raises(InvalidDealError, match="one colour"):
        g.new_state(hands=[GERMAN_32.cards[8:24], GERMAN_32.cards[:8] + GERMAN_32.cards[24:]])


def test_ties_always_wait_in_tod_und_leben() -> None:
    """todundleben.tie"""
    g = bettelmann("todundleben")
    assert "tie" not in {s.key for s in g.option_specs}
    assert g.tie_rule == "pierer"


def test_death_leads_option() -> None:
    """todundleben.black-leads"""
    assert make_game("todundleben", {"first": "death"}).new_state(seed=1, dealer=0).turn == 0
    assert make_game("todundleben").new_state(seed=1, dealer=0).turn == 1


def test_shuffled_split_is_plain_bettelmann() -> None:
    """todundleben.same-as-bettelmann"""
    tul = make_game("todundleben", {"split": "shuffled"}).new_state(seed=11)
    bm = make_game("bettelmann").new_state(seed=11)
    assert tul.piles == bm.piles


def test_capturing_everything_wins() -> None:
    """todundleben.end"""
    g = make_game("todundleben")
    s = g.new_state(seed=1993)
    while g.to_play(s) is not None:
        s, _ = g.apply(s, g.legal_moves(s)[0])
    out = ended(g.outcome(s))
    assert out.kind == "win"
    assert len(s.piles[out.winners[0]]) == 32 and "captured all 32" in out.text


# -- typed options, facts and narration -----------------------------------------------------------


@pytest.mark.parametrize("name", ["bettelmann", "todundleben"])
def test_the_options_value_allows_exactly_what_the_specs_allow(name: str) -> None:
    """Each field of the typed options lists its spec's choices; every spec has a field."""
    import dataclasses
    import typing

    game = bettelmann(name)
    hints = typing.get_type_hints(type(game.agreed))
    for spec in game.option_specs:
        allowed = typing.get_args(hints[spec.key])
        if spec.choices:
            assert set(allowed) == {c.value for c in spec.choices}, spec.key
        else:
            assert hints[spec.key] is int, spec.key
        assert getattr(game.agreed, spec.key) == game.options[spec.key]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.agreed.tie = "first-player"  # type: ignore[misc]  # the point: the frozen field refuses it


def test_tod_und_leben_fixes_two_players_and_waiting_ties() -> None:
    settings = bettelmann("todundleben").agreed
    assert (settings.players, settings.tie) == (2, "pierer")


def _turned(move: Move) -> tuple[int, Card]:
    assert move.kind == "play" and move.card is not None
    return move.seat, move.card


def test_the_trick_transition_returns_facts_and_narration_words_them() -> None:
    """The rule code says what happened (who, which card, how many cards); narrate.py says it in English."""
    import dataclasses

    from oldtricks.games.bettelmann import narrate
    from oldtricks.games.bettelmann.facts import Took, Turned

    g, s = start(fill("UL", "9H"))
    s, facts, ending = g._turn_up(s, *_turned(g.legal_moves(s)[0]))
    assert facts == [Turned(1, GERMAN_32.parse("9H"))] and ending is None
    s, facts, ending = g._turn_up(s, *_turned(g.legal_moves(s)[0]))
    took = facts[1]
    assert isinstance(took, Took) and (took.seat, str(took.card), took.cards, took.tie_first) == (0, "UL", 2, False)
    assert not any(isinstance(getattr(f, k.name), str) for f in facts for k in dataclasses.fields(f))
    assert narrate.event(took, g.seats).text == "South wins with the Unter of Leaves and puts 2 cards under the pile."
