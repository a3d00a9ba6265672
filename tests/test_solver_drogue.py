"""The Drogue solver: its fast rules agree with the game's on every move and trick of many random deals,
its values equal plain minimax over the game's own rules on small endings, and the double-dummy table."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

from oldtricks import make_game
from oldtricks.analysis.search import LiveKey, Position, Search, brute_force
from oldtricks.core.prng import Rng
from oldtricks.errors import AnalysisError
from oldtricks.games.drogue.ddtable import deal_hands, table
from oldtricks.games.drogue.ranking import POINTS
from oldtricks.games.drogue.solver import DrogueModel, side_names
from solver_helpers import assert_keys_change_no_value, assert_states_follow, endings, random_move
from solver_helpers import held as _held
from typed import analysis_of

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"order": "natural"},
    {"overtrump": "free"},
    {"order": "natural", "overtrump": "free", "packets": 2},
    {"deals": 3},
]


def _playing(state: Any) -> bool:
    return state.phase == "play" and state.turn is not None


def _to_play(game: Any, state: Any, rng: Rng) -> Any:
    """Random legal moves (auction, trump, calls) until the cards are played, or the game ends."""
    while game.to_play(state) is not None and not _playing(state):
        state = game.apply(state, random_move(game, state, rng))[0]
    return state


@pytest.mark.parametrize("options", OPTION_SETS)
def test_fast_rules_agree_with_the_game_on_every_move_and_trick(options: dict[str, Any]) -> None:
    """legal() gives the cards legal_moves gives at every move of 30 random deals; the winner and the
    points of every trick are those apply records."""
    game = make_game("drogue", options)
    rng = Rng(23)
    tricks = 0
    for seed in range(30):
        state = _to_play(game, game.new_state(seed=seed), rng)
        if not _playing(state):
            continue
        model = DrogueModel(game, state.trump)
        search = Search(model, model.ours(0))
        index = {c: i for i, c in enumerate(model.deck)}
        while _playing(state) and state.trump == model.trump:
            hand = model.mask(state.hands[state.turn])
            legal = model.legal(hand, [index[c] for _, c in state.trick])
            assert {model.deck[c] for c in range(32) if legal >> c & 1} == {m.card for m in game.legal_moves(state)}
            cards = [index[c] for _, c in state.trick]
            if cards:  # beating(): the cards that would hold the trick, as winner() says (move ordering)
                beats = model.beating(cards)
                assert all((beats >> c & 1) == (model.winner([*cards, c]) == len(cards)) for c in range(32))
                assert_states_follow(model, hand, cards)  # the search's states of the trick
            move = random_move(game, state, rng)
            before = len(state.tricks)
            pos = Position(
                tuple(model.mask(h) for h in state.hands), tuple((s, index[c]) for s, c in state.trick), state.turn, ()
            )
            nxt, gain = search.after(pos, index[move.card])
            state = game.apply(state, move)[0]
            if len(pos.trick) == 3:
                if len(state.tricks) != before + 1:
                    break  # an evening scored the deal and went on to the next: its tricks are cleared
                record = state.tricks[-1]
                tricks += 1
                assert nxt.turn == record.winner  # drogue.play.win: the winner leads next
                assert gain == (record.points if record.winner % 2 == 0 else -record.points)
                # plain_points: the search adds the cards' points itself, without score()
                assert model.plain_points and sum(model.points[c] for c in [*cards, index[move.card]]) == record.points
            else:
                assert nxt.turn == state.turn
    assert tricks > 120


def _brute(game: Any, state: Any) -> dict[str, int]:
    side = state.turn % 2
    number = state.session.deal_number

    def done(s: Any) -> bool:
        return bool(s.phase != "play" or s.session.deal_number != number)

    def value(s: Any) -> int:
        if s.session.deal_number != number or not s.tricks:
            return int(s.session.results[-1].points[side])  # a session scored the deal and moved on
        return int(s.side_points()[side])

    def ours(x: int) -> bool:
        return bool(x % 2 == side)

    return {str(m): brute_force(game, game.apply(state, m)[0], ours, done, value) for m in game.legal_moves(state)}


@pytest.mark.parametrize(
    ("options", "size", "count"),
    [
        ({}, 3, 100),
        ({"order": "natural", "overtrump": "free"}, 3, 70),
        ({"deals": 3}, 3, 40),
        ({}, 4, 8),
    ],
)
def test_values_equal_brute_force_on_random_endings(options: dict[str, Any], size: int, count: int) -> None:
    """Every legal card's points, from the solver, equal plain minimax through legal_moves and apply."""
    game = make_game("drogue", options)
    checked = 0
    for state in endings(game, lambda k: game.new_state(seed=k), _playing, _held, size, count, 11):
        analysis = analysis_of(game.analyse(state))
        assert {str(m.move): m.value for m in analysis.moves} == _brute(game, state)
        values = [m.value for m in analysis.moves]
        assert values == sorted(values, reverse=True)
        checked += 1
    assert checked == count


@pytest.mark.parametrize("options", [{}, {"order": "natural", "overtrump": "free"}])
def test_position_keys_change_no_value(options: dict[str, Any]) -> None:
    """The table keyed by position_key (cards gone from play forgotten) values every card as a table
    keyed by the very hands does, on endings of five cards a hand, too large for plain minimax; and a
    7 that is now the lowest of its suit left is keyed as the 8 it replaces, a point card is not."""
    game = make_game("drogue", options)
    for state in endings(game, lambda k: game.new_state(seed=70 + k), _playing, _held, 5, 6, 13):
        model = DrogueModel(game, state.trump)
        index = {c: i for i, c in enumerate(model.deck)}
        pos = Position(
            tuple(model.mask(h) for h in state.hands), tuple((s, index[c]) for s, c in state.trick), state.turn, ()
        )
        assert_keys_change_no_value(model, pos)
    model = DrogueModel(game, "H")
    n = {str(c): i for i, c in enumerate(model.deck)}

    def key(*hands: str) -> Hashable:
        return model.position_key([sum(1 << n[c] for c in hand.split()) for hand in hands])

    assert key("7C QC", "9C", "AD", "AS") == key("8C QC", "9C", "AD", "AS")  # 7C or 8C gone: the same
    assert key("7C QC", "9C", "AD", "AS") != key("9C QC", "7C", "AD", "AS")  # who holds the lower differs
    assert key("7C QC", "9C", "AD", "AS") != key("7C KC", "9C", "AD", "AS")  # a Queen is not a King


def test_the_key_suit_by_suit_tells_hands_apart_as_the_key_over_every_card() -> None:
    """The table's key, one number a suit (LiveKey(part=...), each kept once found), is the same for two
    sets of hands exactly when the key walked over every card at once is: on hands of one or two cards
    drawn at random, the other cards gone from play, many of them alike."""
    model = DrogueModel(make_game("drogue"), "D")
    whole = LiveKey([(mask, what) for mask, what, _ in model.position_key.classes])
    rng = Rng(17)
    by_whole: dict[Any, Any] = {}
    by_suit: dict[Any, Any] = {}
    hands_seen: dict[Any, set[tuple[int, ...]]] = {}
    for _ in range(4000):
        deck = list(range(32))
        for i in range(31, 0, -1):  # a shuffle by the game's own generator
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        size = 1 + rng.below(2)
        hands = [sum(1 << c for c in deck[seat * size : (seat + 1) * size]) for seat in range(4)]
        a, b = whole(hands), model.position_key(hands)
        assert by_whole.setdefault(a, b) == b and by_suit.setdefault(b, a) == a, hands
        hands_seen.setdefault(a, set()).add(tuple(hands))
    assert sum(len(h) > 1 for h in hands_seen.values()) > 20  # different hands the keys must not tell apart


def test_the_line_plays_the_points_out() -> None:
    game = make_game("drogue")
    for state in endings(game, lambda k: game.new_state(seed=50 + k), _playing, _held, 5, 10, 3):
        analysis = analysis_of(game.analyse(state))
        side = state.turn % 2
        for row in analysis.moves:
            after = game.apply(state, row.move)[0]
            for move in row.line:
                after = game.apply(after, move)[0]
            assert after.phase == "over"
            assert after.side_points()[side] == row.value
            assert str(row.value) in row.text


def test_words_say_who_wins_the_deal() -> None:
    game = make_game("drogue")
    state = next(endings(game, lambda k: game.new_state(seed=k), _playing, _held, 6, 1, 4))
    analysis = analysis_of(game.analyse(state))
    assert analysis.measure.startswith("the card points (of 120)")
    for row in analysis.moves:
        want = "sixty all" if row.value == 60 else "and win the deal" if row.value > 60 else "and lose the deal"
        pair = side_names(game, row.move.seat % 2)  # the side named, never "your side" (the reader's or the mover's?)
        assert pair == " and ".join(game.seat_names()[s] for s in (row.move.seat % 2, row.move.seat % 2 + 2))
        assert row.text.startswith(f"with best play {pair} take {row.value} of 120 card points")
        assert want in row.text


def test_table_gives_each_trump_and_maker_and_agrees_with_the_solver() -> None:
    """One whole table; its points for the trump actually made equal the solver's value of the first card.
    Seed 11's deal has a different value for each trump and solves in a few seconds (seed 4's took 30)."""
    game = make_game("drogue")
    state = _to_play(game, game.new_state(seed=11), Rng(8))
    assert _playing(state) and not state.tricks and not state.trick
    dd = table(game, state)
    assert set(dd.points) == set("CDHS")
    assert dd.leader == state.turn
    for trump, (a, b) in dd.points.items():
        assert a + b == 120
        for seat in range(4):
            assert dd.for_maker(seat, trump) == (a if seat % 2 == 0 else b)
    model = DrogueModel(game, state.trump)
    pos = Position(tuple(model.mask(h) for h in state.hands), (), state.turn, ())
    ours = (120 + Search(model, model.ours(0)).value(pos)) // 2
    assert dd.points[state.trump][0] == ours
    assert len(set(dd.points.values())) == 4
    assert deal_hands(state) == state.hands


def test_table_after_some_tricks_uses_the_deal_as_dealt() -> None:
    game = make_game("drogue")
    rng = Rng(2)
    state = _to_play(game, game.new_state(seed=5), rng)
    start = table(game, state, state.trump)
    for _ in range(9):
        state = game.apply(state, random_move(game, state, rng))[0]
    assert table(game, state, state.trump) == start
    assert sum(POINTS.get(c.rank, 0) for h in deal_hands(state) for c in h) == 120


def test_no_analysis_before_trump_or_with_the_jack_run_variant() -> None:
    game = make_game("drogue")
    with pytest.raises(AnalysisError, match="once trump is named"):
        game.analyse(game.new_state(seed=1))
    variant = make_game("drogue", {"four_jacks": "no-run"})
    state = _to_play(variant, variant.new_state(seed=3), Rng(1))
    with pytest.raises(AnalysisError, match="four-Jacks"):
        variant.analyse(state)


def test_values_together_equal_each_card_alone() -> None:
    """Search.values (the best value first, then each card against it) gives every card the value exact()
    gives it alone, for the side to move and for the other side (who minimises), on endings of four cards
    a hand, some mid-trick."""
    game = make_game("drogue")
    for state in endings(game, lambda k: game.new_state(seed=90 + k), _playing, _held, 4, 8, 5):
        model = DrogueModel(game, state.trump)
        index = {c: i for i, c in enumerate(model.deck)}
        pos = Position(
            tuple(model.mask(h) for h in state.hands), tuple((s, index[c]) for s, c in state.trick), state.turn, ()
        )
        cards = [c for c in range(32) if model.legal(pos.hands[pos.turn], [c for _, c in pos.trick]) >> c & 1]
        for side in (state.turn, (state.turn + 1) % 4):  # the side to move and the other
            alone = {c: Search(model, model.ours(side)).exact(pos, c) for c in cards}
            assert Search(model, model.ours(side)).values(pos, cards) == alone
