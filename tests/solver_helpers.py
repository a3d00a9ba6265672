"""Helpers for the solver tests: random positions reached through the game's own rules, and the plain
minimax (oldtricks.analysis.search.brute_force) the solvers are checked against."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from oldtricks.analysis.search import Position, Search
from oldtricks.core.game import Game
from oldtricks.core.prng import Rng

if TYPE_CHECKING:
    import search_reference_moves


def random_move(game: Game[Any], state: Any, rng: Rng) -> Any:
    legal = game.legal_moves(state)
    return legal[rng.below(len(legal))]


def held(state: Any) -> int:
    """Cards in the hand of the seat to move."""
    return len(state.hands[state.turn])


def endings(
    game: Game[Any],
    start: Callable[[int], Any],
    playing: Callable[[Any], bool],
    cards_left: Callable[[Any], int],
    size: int,
    count: int,
    seed: int,
) -> Iterator[Any]:
    """``count`` positions, each from a fresh deal ``start(k)`` played at random through ``game.apply``
    (the auction too) until ``playing(state)`` and the seat to move holds at most ``size`` cards, then 0
    to 3 more moves (so that some positions are mid-trick); deals whose play ends before are skipped."""
    rng = Rng(seed)
    made = k = 0
    while made < count:
        k += 1
        state = start(k)
        while game.to_play(state) is not None and not (playing(state) and cards_left(state) <= size):
            state = game.apply(state, random_move(game, state, rng))[0]
        for _ in range(rng.below(4)):
            if not playing(state):
                break
            state = game.apply(state, random_move(game, state, rng))[0]
        if playing(state) and cards_left(state) <= size:
            made += 1
            yield state


def assert_keys_change_no_value(model: Any, pos: Position) -> None:
    """Every legal card of ``pos`` has the same exact value with the model's position key as with a
    table keyed by the very hands."""
    keyed, plain = Search(model, model.ours(pos.turn)), Search(model, model.ours(pos.turn))
    plain._position_key = None
    legal = model.legal(pos.hands[pos.turn], [c for _, c in pos.trick])
    for card in range(model.cards):
        if legal >> card & 1:
            assert keyed.exact(pos, card) == plain.exact(pos, card), (pos, card)


def assert_states_follow(model: Any, hand: int, cards: list[int]) -> None:
    """The model's states of a trick begun (opening, raised, follow_from) say what its ``follow`` says
    of the trick's cards, for ``hand`` and for every card not on the table."""
    state = model.opening[cards[0]]
    for card in cards[1:]:
        state = model.raised[state][card]
    rest = (1 << model.cards) - 1 ^ sum(1 << c for c in cards)
    for held in (hand, rest):
        assert model.follow_from(held, state) == model.follow(held, cards)[:2], (held, cards)


GAMES = ("drogue", "druzbart", "clock")


def random_position(name: str, seed: int, most: int = 99) -> Any:
    """A random position of ``name`` for the solver, from deal ``seed``: the bots bid and name trump
    (Drogue), then each seat plays a random legal card (chosen among the moves sorted by their text, so
    the position does not hang on the order ``legal_moves`` lists them) until a random share of the
    deal's cards is played, with at least one card left to play, and the seat to move holds at most
    ``most`` cards (when the deal allows). Returns the game and the state."""
    from oldtricks.core.registry import make_game

    game = make_game(name)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    while game.to_play(state) is not None and not _solvable(name, state):
        state = game.apply(state, game.bot_move(state, rng))[0]
    stop = rng.below(sum(len(h) for h in state.hands))
    played = 0
    while played < stop or held(state) > most:
        legal = sorted(game.legal_moves(state), key=str)
        after = game.apply(state, legal[rng.below(len(legal))])[0]
        if game.to_play(after) is None or not _solvable(name, after):
            break
        state, played = after, played + 1
    return game, state


def _solvable(name: str, state: Any) -> bool:
    if name == "drogue":
        return bool(state.phase == "play" and state.trump is not None and state.turn is not None)
    return state.turn is not None and not state.dealing


def search_position(name: str, game: Any, state: Any) -> tuple[Any, Position, list[int]]:
    """The solver's model of ``state``, the position as the search sees it, and the priority its
    ``analyse`` searches with."""
    if name == "drogue":
        from oldtricks.games.drogue.solver import model_of as drogue_model

        model: Any = drogue_model(game, state.trump)
        index = {c: i for i, c in enumerate(model.deck)}
        hands = tuple(model.mask(h) for h in state.hands)
        pos = Position(hands, tuple((s, index[c]) for s, c in state.trick), state.turn, ())
        return model, pos, model.priority()
    from oldtricks.games.druzbart.solver import model_of as druzbart_model

    model = druzbart_model(game)
    return model, model.position(state), [max(model.unled[c], model.led[c]) for c in range(model.cards)]


def compared(name: str, seed: int, most: int = 99) -> tuple[dict[int, int], dict[int, int]]:
    """Every legal card's value in :func:`random_position` by the engine's search and by the reference
    (tests/search_reference.py, the search before it was made faster), both from a fresh table."""
    import search_reference

    game, state = random_position(name, seed, most)
    model, pos, priority = search_position(name, game, state)
    legal = model.legal(pos.hands[pos.turn], [c for _, c in pos.trick])
    cards = [c for c in range(model.cards) if legal >> c & 1]
    ours = model.ours(pos.turn)
    new = Search(model, ours, priority).values(pos, cards)
    old = search_reference.Search(model, ours, priority).values(reference_position(pos), cards)
    return new, old


def reference_position(pos: Position) -> search_reference_moves.Position:
    """``pos`` as the reference search's own Position (the same fields), which it is typed to take."""
    import search_reference_moves

    return search_reference_moves.Position(pos.hands, pos.trick, pos.turn, pos.counters)
