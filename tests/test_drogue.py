"""Drogue, one deal: each rule of the ledger from drogue.partners to the auction with its own tests (the play, from
the first trick on, in test_drogue_play.py)."""

from __future__ import annotations

from typing import Any

import pytest

from drogue_helpers import EXAMPLE, NAMES, card, cards, example_after_auction, rule_of, run, start
from oldtricks import IllegalMoveError, InvalidDealError, InvalidOptionError, make_game
from oldtricks.core.cards import FRENCH_32
from oldtricks.games.drogue import Drogue, DrogueState
from oldtricks.games.drogue.auction import claims, counts
from oldtricks.games.drogue.ranking import POINTS, power, suit_of
from oldtricks.scenarios.frames import make_frame
from typed import drogue


# -- drogue.partners ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_round_draw_pairs_kings_by_colour(seed: int) -> None:
    game = drogue({"partners": "round"})
    deal = game.deal(seed=seed)
    draw = deal.draw
    assert draw is not None
    kings = {p: c for p, c in draw.cards if c.rank == "K"}
    assert sorted(kings) == [0, 1, 2, 3]  # everyone has exactly one King
    # drogue.partners.round.skip: nobody receives a card after his King
    for player, king in kings.items():
        own = [c for p, c in draw.cards if p == player]
        assert own[-1] == king
    # the first King drawn deals, and keeps his place
    first = next(p for p, c in draw.cards if c.rank == "K")
    assert deal.dealer == first == draw.first
    assert draw.seating[first] == first
    # same-colour Kings sit opposite (drogue.partners.seating)
    colour = [kings[draw.seating[s]].suit in "CS" for s in range(4)]
    assert colour[0] == colour[2] and colour[1] == colour[3] and colour[0] != colour[1]
    # the draw goes to the right from South
    assert [p for p, _ in draw.cards[:2]] == [0, 3]


def test_round_draw_moves_one_pair_of_players() -> None:
    game = drogue({"partners": "round"}, ["Anna", "Ben", "Carla", "Dan"])
    state = game.new_state(seed=88)
    assert state.session.draw is not None
    assert state.session.draw.moved == (1, 2)
    assert game.table.seats(state).names == ("Anna", "Carla", "Ben", "Dan")
    frame = make_frame(game, state, step=0)
    titles = [p["title"] for p in frame["panels"]]
    assert "Drawing for partners" in titles
    text = next(p for p in frame["panels"] if p["title"] == "The draw")["data"]["text"]
    assert "Ben changes places with Carla" in text
    assert ["Partners", "Anna & Ben v Carla & Dan"] in frame["info"]


def test_kings_draw_turns_up_four_kings_only() -> None:
    game = drogue({"partners": "kings"})
    draw = game.deal(seed=3).draw
    assert draw is not None
    assert [c.rank for _, c in draw.cards] == ["K"] * 4
    assert [p for p, _ in draw.cards] == [0, 3, 2, 1]
    assert draw.first == 0


def test_seated_has_no_draw_and_the_named_dealer() -> None:
    game = drogue({"partners": "seated"})
    deal = game.deal(seed=3, dealer=2)
    assert deal.draw is None
    assert deal.dealer == 2
    assert deal.seating == (0, 1, 2, 3)


def test_explicit_hands_skip_the_draw_whatever_the_option() -> None:
    _, state = start(EXAMPLE, dealer=1, partners="round")
    assert state.session.draw is None
    assert state.dealer == 1


def test_the_draw_is_part_of_the_replayed_deal() -> None:
    game = drogue()
    assert game.deal(seed=123) == game.deal(seed=123)
    assert game.deal(seed=123).draw != game.deal(seed=124).draw


# -- drogue.mode, drogue.pack ---------------------------------------------------------------------------
def test_mode_is_recorded() -> None:
    game = make_game("drogue", {"mode": "silent", "partners": "seated"})
    state = game.new_state(seed=1)
    assert state.session.mode == "silent"
    assert ["Mode", "silent (à la muette)"] in make_frame(game, state, step=0)["info"]
    assert all(w.clips == 0 and w.penalty == 0 for w in state.session.wear)


def test_bad_option_value() -> None:
    with pytest.raises(InvalidOptionError, match="overtrump"):
        make_game("drogue", {"overtrump": "sometimes"})


def test_pack_is_32_french_cards() -> None:
    game = make_game("drogue")
    assert game.pack is FRENCH_32
    assert len(game.pack) == 32


# -- drogue.mandrins, drogue.rank ------------------------------------------------------------------------
def test_jacks_are_the_four_top_trumps_in_order() -> None:
    for trump in "CDHS":
        jacks = [power(card(f"J{s}"), trump, "bezique") for s in "CSHD"]
        assert jacks == sorted(jacks, reverse=True)
        top_plain = max(power(c, trump, "bezique") for c in FRENCH_32.cards if c.rank != "J")
        assert min(jacks) > top_plain
        assert all(suit_of(card(f"J{s}"), trump) == trump for s in "CDHS")


@pytest.mark.parametrize(
    ("order", "high_to_low"),
    [("bezique", "A T K Q 9 8 7"), ("natural", "A K Q T 9 8 7")],
)
def test_rank_orders(order: str, high_to_low: str) -> None:
    ranks = high_to_low.split()
    got = sorted(ranks, key=lambda r: -power(card(r + "S"), "H", order))
    assert got == ranks


# -- drogue.points ---------------------------------------------------------------------------------------
def test_points_total_120() -> None:
    assert sum(POINTS.get(c.rank, 0) for c in FRENCH_32.cards) == 120
    assert (POINTS["A"], POINTS["T"], POINTS["K"], POINTS["Q"], POINTS["J"]) == (11, 10, 4, 3, 2)


# -- drogue.deal -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("packets", [4, 2])
@pytest.mark.parametrize("dealer", range(4))
def test_deal_goes_right_in_packets(packets: int, dealer: int) -> None:
    game = make_game("drogue", {"packets": packets, "partners": "seated"})
    order = list(FRENCH_32.cards)
    hands, rest = game.deal_order(order, dealer)
    assert rest == ()
    right = (dealer - 1) % 4
    assert hands[right][:packets] == tuple(order[:packets])  # the right-hand neighbour first
    nxt = (dealer - 2) % 4
    assert hands[nxt][:packets] == tuple(order[packets : 2 * packets])  # then on to the right
    assert hands[dealer][-packets:] == tuple(order[-packets:])  # the dealer last
    assert all(len(h) == 8 for h in hands)


def test_packets_change_the_hands() -> None:
    four = make_game("drogue", {"packets": 4, "partners": "seated"}).deal(seed=5)
    two = make_game("drogue", {"packets": 2, "partners": "seated"}).deal(seed=5)
    assert four.hands != two.hands
    assert sorted(map(str, sum(four.hands, ()))) == sorted(map(str, sum(two.hands, ())))


def test_explicit_hands_need_eight_cards_each() -> None:
    with pytest.raises(InvalidDealError, match="8"):
        start(["KS QS TS 9S 8S AC KC 7D 8H", "JD AH KH QH 9H 9D 8D", EXAMPLE[2], EXAMPLE[3]])


def test_first_lead_is_the_dealers_right() -> None:
    _, state = example_after_auction()
    assert state.turn == 0  # Anna, on Dan's right (Dan is seat 1)


# -- the auction -----------------------------------------------------------------------------------------
def test_the_sources_count_example() -> None:
    hand = cards("AH KH 9H JC JS 7D 8D 9S")
    hearts = next(c for c in claims(hand) if c.suit == "H")
    assert (hearts.count, hearts.value) == (5, 50)  # 11 + 10 + 9 + 10 + 10


def test_first_bidder_is_the_dealers_right() -> None:
    _, state = start(EXAMPLE, dealer=1)
    assert state.turn == 0
    assert state.auction.order == (0, 3, 2, 1)


def test_no_jack_no_bid() -> None:
    game, state = start(EXAMPLE, dealer=1, names=NAMES)
    assert [str(m) for m in game.legal_moves(state)] == ["pass"]
    assert rule_of(game, state, "bid 5") == "drogue.bid.no-jack"
    assert claims(state.hands[0]) == ()


def test_a_bid_is_the_whole_count_of_a_suit() -> None:
    game, state = start(EXAMPLE, dealer=1, names=NAMES)
    state = run(game, state, "pass")  # Ben: Clubs 4, Diamonds 3, Spades 3, Hearts 1
    assert counts(state.hands[3]) == (1, 3, 4)
    assert [str(m) for m in game.legal_moves(state)] == ["bid 1", "bid 3", "bid 4", "pass"]
    assert rule_of(game, state, "bid 2") == "drogue.bid.count.suit"


def test_raise_equal_and_lower() -> None:
    game, state = start(EXAMPLE, dealer=1, names=NAMES)
    state = run(game, state, "pass, bid 4")
    assert rule_of(game, state, "bid 2") == "drogue.bid.raise"
    state = run(game, state, "bid 4")  # Carla's 40 beats Ben's 39 (drogue.bid.tie-points)
    assert state.auction.standing is not None
    assert state.auction.standing.seat == 2


def test_tie_earlier_and_raise_once() -> None:
    # mandrins.toml: both sevens are worth 68, so East's earlier bid stands
    hands = ["JC AC TC KC QC 9C 8C 7H", "JH QS 9S 8S 7S QH 9H 8H", "JS AS TS KS AH TH KH 7C", "JD AD TD KD QD 9D 8D 7D"]
    game, state = start(hands)
    state = run(game, state, "bid 7, pass, pass, bid 7")
    standing = state.auction.standing
    assert standing is not None
    assert standing.seat == 3
    assert state.turn == 0  # South again: East holds the standing bid and is skipped
    assert [str(m) for m in game.legal_moves(state)] == ["pass"]
    assert rule_of(game, state, "bid 7") == "drogue.bid.raise.once"


def test_an_understated_bid_shows_its_best_cards() -> None:
    """drogue.bid.count.under: any count up to the longest; the proof is the best cards of it with a Jack."""
    game, state = start(EXAMPLE, dealer=1, names=NAMES, bid_count="under")
    state = run(game, state, "pass")  # Ben: Clubs 4 (J♣ Q♣ 10♣ 9♣), Diamonds 3, Spades 3, Hearts 1
    assert counts(state.hands[3], under=True) == (1, 2, 3, 4)
    assert [str(m) for m in game.legal_moves(state)] == ["bid 1", "bid 2", "bid 3", "bid 4", "pass"]
    assert rule_of(game, state, "bid 5") == "drogue.bid.count"
    state = run(game, state, "bid 2, pass, pass")
    # two cards worth most with a Jack: J♣ and an Ace (21), not J♣ Q♣ (20), though Clubs are longest
    assert [str(m) for m in game.legal_moves(state)] == ["trump D", "trump S"]
    state = run(game, state, "trump S")
    assert state.proof is not None
    assert [str(c) for c in state.proof.cards] == ["JC", "AS"]


def test_a_whole_count_is_refused_when_understated() -> None:
    game, state = start(EXAMPLE, dealer=1, names=NAMES, bid_count="whole")
    state = run(game, state, "pass")
    with pytest.raises(IllegalMoveError) as error:
        game.apply(state, game.parse_move(state, "bid 2"))
    assert error.value.rule == "drogue.bid.count.suit"
    assert "whole count" in str(error.value)


def test_an_equal_count_may_be_tried_again() -> None:
    """drogue.bid.raise.again: the same equal count is legal again, and loses again on values."""
    hands = ["JC AC TC KC QC 9C 8C 7H", "JH QS 9S 8S 7S QH 9H 8H", "JS AS TS KS AH TH KH 7C", "JD AD TD KD QD 9D 8D 7D"]
    game, state = start(hands, equal_bid="again")
    state = run(game, state, "bid 7, pass, pass, bid 7")
    assert [str(m) for m in game.legal_moves(state)] == ["bid 7", "pass"]
    state = run(game, state, "bid 7")
    standing = state.auction.standing
    assert standing is not None
    assert standing.seat == 3  # drogue.bid.tie-earlier: equal values, the earlier bid stands
    assert state.auction.bids_of(0) == (7, 7)
    assert state.turn == 0  # nobody else is left to speak
    state = run(game, state, "pass")
    assert state.phase == "trump"


def test_bid_max_seven() -> None:
    hands = ["JC AC TC KC QC 9C 8C 7H", "JH QS 9S 8S 7S QH 9H 8H", "JS AS TS KS AH TH KH 7C", "JD AD TD KD QD 9D 8D 7D"]
    game, state = start(hands)
    assert max(counts(state.hands[3])) == 7  # eight trumps are bid as seven
    assert rule_of(game, state, "bid 8") == "drogue.bid.max"
    state = run(game, state, "bid 7, pass, pass, pass, trump D")
    assert state.proof is not None
    assert "7D" not in [str(c) for c in state.proof.cards]  # the least worth is left out


def test_passed_player_is_not_asked_again_and_the_holder_is_skipped() -> None:
    hands = ["JH AH KH 9H 7C 8C 9C 7D", "JD AD 9D 8D QS 9S 8H 7H", "JS 8S 7S QH TH AC KC TD", "JC AS TS KS TC QC KD QD"]
    game, state = start(hands, dealer=1)
    turns = []
    for token in ["bid 4", "bid 4", "pass", "bid 4", "pass", "pass"]:
        turns.append(state.turn)
        state = run(game, state, token)
    assert turns == [0, 3, 2, 1, 0, 1]  # North (2) passed and East (3) holds the bid: neither is asked
    assert state.phase == "trump"
    assert state.turn == 3


def test_trump_must_be_the_proved_suit() -> None:
    hands = ["QH TH 9H QC 9C QD 9D 8D", "AS TS KS 8H 7H KC TD 7D", "JC JS JH JD AH KH 7C 8C", "QS 9S 8S 7S TC AC AD KD"]
    game, state = start(hands)
    state = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass")
    assert [str(m) for m in game.legal_moves(state)] == ["trump H"]
    assert rule_of(game, state, "trump C") == "drogue.bid.show.suit"
    assert rule_of(game, state, "7C") == "drogue.bid.show"


def test_four_mandrins_call_and_count() -> None:
    hands = ["QH TH 9H QC 9C QD 9D 8D", "AS TS KS 8H 7H KC TD 7D", "JC JS JH JD AH KH 7C 8C", "QS 9S 8S 7S TC AC AD KD"]
    game, state = start(hands)
    state = run(game, state, "pass")
    assert [str(m) for m in game.legal_moves(state)] == ["call quatre-mandrins"]
    assert rule_of(game, state, "bid 5") == "drogue.bid.four-mandrins"
    assert rule_of(game, state, "pass") == "drogue.bid.four-mandrins"
    state, events = game.apply(state, game.parse_move(state, "call qui vive"))
    assert "Qui vive pour les quatre Mandrins" in events[0].text
    assert state.turn == 2  # the call does not end his turn
    # Spades or Diamonds would be the three Jacks alone
    assert [str(m) for m in game.legal_moves(state)] == ["bid 3", "bid 5", "pass"]
    assert rule_of(game, state, "bid 6") == "drogue.bid.four-mandrins"
    assert rule_of(game, state, "call quatre-mandrins") == "drogue.bid.four-mandrins.when"
    state = run(game, state, "bid 5, pass, pass, trump H")
    assert state.proof is not None
    assert [str(c) for c in state.proof.cards] == ["JC", "JS", "JH", "AH", "KH"]  # J♦ stays hidden
    panel = next(p for p in make_frame(game, state, step=0)["panels"] if p["kind"] == "auction")
    assert [c["call"] for c in panel["data"]["calls"]] == ["pass", "Qui vive! 5", "pass", "pass"]


def test_only_four_jacks_call() -> None:
    game, state = start(EXAMPLE, dealer=1)
    assert rule_of(game, state, "call quatre-mandrins") == "drogue.bid.four-mandrins"


def _all_pass(**options: Any) -> tuple[Drogue, DrogueState, list[str]]:
    hands = ["AS TS KS QS AH TH KH QH", "9S 8S 9H 8H AC TC KC QC", "JC JS JH JD 7S 7H 7C 7D", "AD TD KD QD 9D 8D 9C 8C"]
    game, state = start(hands, **options)
    texts = []
    for token in ["pass", "call quatre-mandrins", "pass", "pass", "pass"]:
        state, events = game.apply(state, game.parse_move(state, token))
        texts += [e.text for e in events]
    return game, state, texts


def test_all_pass_same_dealer_deals_again() -> None:
    game, state, texts = _all_pass(all_pass="same-dealer")
    assert state.redeals == 1
    assert state.dealer == 0
    assert state.phase == "auction"
    assert state.turn == 3
    assert "deals again" in texts[-1]
    assert state.hands != game.new_state(hands=state.deal.hands, dealer=0).hands
    assert _all_pass(all_pass="same-dealer")[1] == state  # the new deal replays exactly


def test_all_pass_next_dealer() -> None:
    _, same, _ = _all_pass(all_pass="same-dealer")
    _, nxt, _ = _all_pass(all_pass="next-dealer")
    assert nxt.dealer == 3
    assert nxt.turn == 2
    # the same shuffle, dealt from the next seat: every hand moves one place to the right
    assert nxt.hands == (*same.hands[1:], same.hands[0])
