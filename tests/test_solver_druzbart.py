"""The Drużbart and Clock Druzbart solver: its fast rules agree with the game's on every move and trick of
many random games, and its values equal plain minimax over the game's own rules on small endings."""

from __future__ import annotations

from typing import Any

import pytest

from oldtricks import make_game
from oldtricks.analysis.search import Position, Search, brute_force
from oldtricks.core.prng import Rng
from oldtricks.errors import AnalysisError
from oldtricks.games.druzbart.solver import DruzbartModel
from solver_helpers import assert_keys_change_no_value, assert_states_follow, endings, random_move
from solver_helpers import held as _held
from typed import analysis_of, druzbart, to_play

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("druzbart", {}),
    ("druzbart", {"pack": 32, "seven": "gracz", "obers": "beaters"}),
    ("druzbart", {"matadors": "acorns", "packets": "one"}),
    ("druzbart", {"matadors": "brus", "seven": "gracz"}),
    ("clock", {}),
    ("clock", {"pack": 32, "seven": "gracz", "matador_lost": 3, "lines": 2}),
    ("clock", {"deal_size": "four-hand", "obers": "beaters", "lines": 3}),
]


def _in_play(state: Any) -> bool:
    return state.turn is not None and not state.dealing


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_fast_rules_agree_with_the_game_on_every_move_and_trick(name: str, options: dict[str, Any]) -> None:
    """legal(): the same cards as legal_moves at every move; winner() and score(): the same taker, tricks,
    lines and end of deal as apply at every trick, over 40 random games (150 moves each); where the model
    says its score reads only who takes a trick (taker_score), the trick's last play alone scores the same."""
    game = make_game(name, options)
    model = DruzbartModel(game)
    rng = Rng(17)
    search = Search(model, model.ours(0))
    tricks = 0
    for seed in range(40):
        state = game.new_state(seed=seed)
        for _ in range(150):
            if state.turn is None:
                break
            if state.dealing:
                state = game.apply(state, random_move(game, state, rng))[0]
                continue
            pos = model.position(state)
            legal = {
                model.deck[c]
                for c in range(model.cards)
                if model.legal(pos.hands[pos.turn], [c for _, c in pos.trick]) >> c & 1
            }
            assert legal == {m.card for m in game.legal_moves(state)}
            cards = [c for _, c in pos.trick]
            if cards:  # beating(): the cards that would hold the trick, as winner() says (move ordering)
                beats = model.beating(cards)
                assert all((beats >> c & 1) == (model.winner([*cards, c]) == len(cards)) for c in range(model.cards))
                assert_states_follow(model, pos.hands[pos.turn], cards)  # the search's states of the trick
            move = random_move(game, state, rng)
            after = game.apply(state, move)[0]
            nxt, _ = search.after(pos, model.deck.index(move.card))
            if len(pos.trick) == game.num_seats - 1:
                tricks += 1
                trick = (*pos.trick, (pos.turn, model.deck.index(move.card)))
                ours, winner = model.ours(0), trick[model.winner([c for _, c in trick])][0]
                if model.taker_score:  # the search hands score the last play alone: the same
                    assert model.score(trick[-1:], winner, pos.counters, ours) == model.score(
                        trick, winner, pos.counters, ours
                    )
                taken = (*after.tricks, *after.lines) if model.clock else tuple(after.tricks)
                if after.number == state.number and after.turn is not None and not after.dealing:
                    assert nxt.turn == after.turn  # the winner leads (druzbart.winner-leads)
                    assert nxt.counters == taken
                    assert nxt.hands == model.position(after).hands
                else:  # the deal stopped: the model stops it too
                    assert not any(nxt.hands)
                    if model.clock:
                        assert nxt.counters[: game.num_seats] == tuple(after.tricks)
                    else:
                        assert nxt.counters == tuple(after.tricks)
            state = after
    assert tricks > 100


def _brute(game: Any, state: Any, seat: int, clock: bool) -> dict[str, int]:
    number = state.number

    def done(s: Any) -> bool:
        return s.turn is None or s.dealing or s.number != number

    if clock:

        def value(s: Any) -> int:
            return int(s.tricks[seat])

        def ours(x: int) -> bool:
            return x == seat
    else:
        side = game.side_of(seat)

        def value(s: Any) -> int:
            return int(s.tricks[side] - s.tricks[1 - side])

        def ours(x: int) -> bool:
            return bool(game.side_of(x) == side)

    return {str(m): brute_force(game, game.apply(state, m)[0], ours, done, value) for m in game.legal_moves(state)}


@pytest.mark.parametrize(
    ("name", "options", "size", "count"),
    [
        # small counts: plain minimax over the game's own rules is slow (a Clock ending most of all)
        ("druzbart", {}, 3, 60),
        ("druzbart", {"pack": 32, "seven": "gracz", "obers": "beaters"}, 3, 40),
        ("druzbart", {"matadors": "brus"}, 4, 3),
        ("clock", {}, 3, 6),
        ("clock", {"end": "all"}, 3, 6),
        ("clock", {"pack": 32, "seven": "gracz", "matador_lost": 3, "lines": 2}, 3, 6),
    ],
)
def test_values_equal_brute_force_on_random_endings(name: str, options: dict[str, Any], size: int, count: int) -> None:
    """Every legal move's value, from the solver, equals plain minimax through legal_moves and apply."""
    game = make_game(name, options)
    clock = name == "clock"
    checked = 0
    for state in endings(game, lambda k: game.new_state(seed=k), _in_play, _held, size, count, 5):
        analysis = analysis_of(game.analyse(state))
        assert {str(m.move): m.value for m in analysis.moves} == _brute(game, state, state.turn, clock)
        values = [m.value for m in analysis.moves]
        assert values == sorted(values, reverse=True)  # best first
        checked += 1
    assert checked == count


def test_the_line_plays_the_best_value_out() -> None:
    """Replaying the best continuation through the game's own rules gives the value the solver claims."""
    game = druzbart()
    for state in endings(game, lambda k: game.new_state(seed=100 + k), _in_play, _held, 5, 15, 9):
        analysis = analysis_of(game.analyse(state))
        side = game.side_of(to_play(game, state))
        for row in analysis.moves:
            after = game.apply(state, row.move)[0]
            for move in row.line:
                after = game.apply(after, move)[0]
            assert after.dealing or after.turn is None  # the line runs to the end of the deal
            assert after.tricks[side] - after.tricks[1 - side] == row.value


def test_analysis_words_and_json() -> None:
    game = druzbart()
    state = game.new_state(seed=3)
    for _ in range(20):
        state = game.apply(state, game.legal_moves(state)[0])[0]
    analysis = analysis_of(game.analyse(state))
    data = analysis.as_json(step=20)
    assert data["step"] == 20 and data["to_move"] == state.turn
    assert "five" in data["measure"]
    best = data["moves"][0]
    assert set(best) == {"move", "value", "line", "text", "best"}
    assert best["best"] is True  # the first row is always among the best (board: filled badge)
    ours, theirs = (5, 5 - best["value"]) if best["value"] > 0 else (5 + best["value"], 5)
    side = game.side_of(to_play(game, state))
    pair = " and ".join(n for s, n in enumerate(game.seat_names()) if game.side_of(s) == side)
    assert best["text"] == f"with best play {pair} take {ours} tricks to {theirs}"  # the side named


def test_clock_says_three_players_have_no_single_best_play() -> None:
    game = make_game("clock")
    analysis = analysis_of(game.analyse(_clock_ending(game)))
    assert "no single best play" in analysis.note
    who = game.seat_names()[analysis.to_move]
    said = f"with the two others playing their best against {who}, {who} takes"
    assert all(m.text.startswith(said) for m in analysis.moves)


def _clock_ending(game: Any) -> Any:
    return next(endings(game, lambda k: game.new_state(seed=k), _in_play, _held, 5, 1, 2))


def test_no_analysis_between_deals() -> None:
    game = make_game("druzbart", {"lines": 1})
    state = game.new_state(seed=1)
    rng = Rng(3)
    while not state.dealing and state.turn is not None:
        state = game.apply(state, random_move(game, state, rng))[0]
    with pytest.raises(AnalysisError, match="no card to play"):
        game.analyse(state)


@pytest.mark.parametrize(
    ("name", "options"),
    [("druzbart", {}), ("druzbart", {"seven": "gracz", "matadors": "brus"}), ("clock", {"lines": 3})],
)
def test_position_keys_change_no_value(name: str, options: dict[str, Any]) -> None:
    """The table keyed by position_key (cards gone from play forgotten) values every card as a table
    keyed by the very hands does, on endings of five cards a hand, too large for plain minimax; and
    positions that differ only by which equal card went are keyed alike."""
    game = make_game(name, options)
    model = DruzbartModel(game)
    for state in endings(game, lambda k: game.new_state(seed=50 + k), _in_play, _held, 5, 6, 11):
        pos = model.position(state)
        assert_keys_change_no_value(model, pos)
    # two hands of beaters and duds: swapping a dud for another dud out of play, or dropping the lowest
    # beater below all the others, leaves the key as it was; giving a card to another seat does not
    deck = [str(c) for c in model.deck]
    duds = [i for i in range(model.cards) if model.unled[i] == model.led[i] == 0]
    beaters = sorted((i for i in range(model.cards) if model.unled[i] > 0), key=model.unled.__getitem__)
    hands = [1 << duds[0] | 1 << beaters[1], 1 << beaters[2], 1 << beaters[3], 1 << beaters[4]]
    same = [1 << duds[1] | 1 << beaters[0], 1 << beaters[2], 1 << beaters[3], 1 << beaters[4]]
    other = [1 << duds[0], 1 << beaters[1] | 1 << beaters[2], 1 << beaters[3], 1 << beaters[4]]
    assert model.position_key(hands) == model.position_key(same), deck
    assert model.position_key(hands) != model.position_key(other)


class _NoLimits:
    """A model's rules with limits that say nothing (a side wins or loses every trick left): what the search
    finds with it is the exact value, to test the model's own limits against."""

    def __init__(self, model: DruzbartModel) -> None:
        self.model = model
        self.seats, self.cards, self.position_key = model.seats, model.cards, model.position_key

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def limits(self, hands: Any, leader: int, counters: Any, ours: Any) -> tuple[int, int]:
        left = hands[leader].bit_count()
        return -left, left


@pytest.mark.parametrize(("name", "options"), OPTION_SETS[:4])
def test_limits_hold_the_value(name: str, options: dict[str, Any]) -> None:
    """The model's least and most (the leader's sure tricks, and the tricks a side wins in a row with its
    beaters above all of the other side's, after the leader's Sevens) hold the exact value, found with
    limits that say nothing, on random hands of one to six cards, tricks already taken, leaders and sides
    (a side short of tricks included: the cards may run out before either side has five)."""
    model = DruzbartModel(make_game(name, options))
    plain = _NoLimits(model)
    rng = Rng(31)
    narrowed = 0
    for _ in range(1000):
        deck = list(range(model.cards))
        for i in range(len(deck) - 1, 0, -1):  # a shuffle by the game's own generator
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        size = 1 + rng.below(6)
        hands = tuple(sum(1 << c for c in deck[seat * size : (seat + 1) * size]) for seat in range(model.seats))
        counters = (rng.below(5), rng.below(5))
        leader, ours = rng.below(model.seats), model.ours(rng.below(model.seats))
        exact = Search(plain, ours).value(Position(hands, (), leader, counters))
        least, most = model.limits(hands, leader, counters, ours)
        assert least <= exact <= most, (hands, leader, counters, ours)
        narrowed += most - least < 2 * size
    assert narrowed > 300


@pytest.mark.parametrize(("name", "options"), [OPTION_SETS[0], OPTION_SETS[4]])
def test_the_key_made_piece_by_piece_is_the_walk_over_every_class(name: str, options: dict[str, Any]) -> None:
    """LiveKey without parts walks its classes a few at a time, each piece kept once found: the number is
    the one walk over every class gives (LiveKey._code), on random hands of one to nine cards, the other
    cards gone from play."""
    model = DruzbartModel(make_game(name, options))
    key = model.position_key
    rng = Rng(23)
    for _ in range(3000):
        deck = list(range(model.cards))
        for i in range(len(deck) - 1, 0, -1):  # a shuffle by the game's own generator
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        size = 1 + rng.below(9)
        hands = [sum(1 << c for c in deck[seat * size : (seat + 1) * size]) for seat in range(model.seats)]
        assert key(hands) == key._code(key.classes, hands), hands
