"""The strong bots (oldtricks.analysis.strong): they never read a hand their seat cannot see, every deal they sample
agrees with what the seat has seen, their work is a budget (so a seeded game replays the same), and they
play legal moves in every game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from oldtricks.analysis.hiddenhands import SeatKnowledge, TableHooks
from oldtricks.analysis.strong import Budget, adapter_of, decide
from oldtricks.core.cards import Card
from oldtricks.core.game import Game
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.games.drogue.strong import Hooks as DrogueHooks
from oldtricks.games.drogue.strong import Strong as DrogueStrong
from oldtricks.games.druzbart import Druzbart
from oldtricks.games.druzbart.strong import CLOCK_BUDGET, PLAY_OUT_SEED
from oldtricks.games.druzbart.strong import Hooks as DruzbartHooks
from oldtricks.games.druzbart.strong import Strong as DruzbartStrong
from oldtricks.scenarios.replay import Line
from typed import analysis_of, druzbart, to_play

SMALL = Budget(nodes=6_000, samples=4, least=2, tries=40)


def line_to(game: Game[Any], seed: int, *, until: Callable[[Line], bool]) -> Line:
    """Deal ``seed`` played by the simple bots until ``until(line)`` holds at a move with a choice."""
    line = Line(game, [game.new_state(seed=seed)], [None], [[]])
    rng = Rng(seed)
    while game.to_play(line.states[-1]) is not None:
        state = line.states[-1]
        if len(game.legal_moves(state)) > 1 and until(line):
            return line
        line.push(game.bot_move(state, rng))
    raise AssertionError(f"deal {seed} ended before the position asked for")


def cards_played(line: Line, start: int) -> int:
    return sum(1 for m in line.moves[start + 1 :] if m is not None and m.card is not None)


def in_play(hooks: TableHooks, n: int) -> Callable[[Line], bool]:
    """A Drużbart or Drogue position with ``n`` cards played in the deal, at a move with a choice."""

    def until(line: Line) -> bool:
        state = line.states[-1]
        if getattr(state, "phase", "play") != "play" or getattr(state, "dealing", False):
            return False
        return cards_played(line, hooks.deal_start(line)) >= n

    return until


def swapped(line: Line, hooks: TableHooks, seed: int) -> Line | None:
    """The same moves, told in the same words, from a deal where two cards the seat to move has not seen
    have changed hands between two other seats; None if no such exchange fits the play."""
    game = line.game
    seat = game.to_play(line.states[-1])
    start = hooks.deal_start(line)
    played = hooks.played(line, start)
    now = line.states[-1].hands
    others = [s for s in range(game.num_seats) if s != seat]
    pairs = [(a, x, b, y) for a in others for b in others if a < b for x in now[a] for y in now[b]]
    Rng(seed).shuffle(pairs)
    for a, x, b, y in pairs:
        hands = list(now)
        hands[a] = tuple(y if c == x else c for c in now[a])
        hands[b] = tuple(x if c == y else c for c in now[b])
        dealt = tuple((*hands[s], *played[s]) for s in range(game.num_seats))
        rest = line.states[start].deal.rest  # the cards left out (clock.deal) stay out
        other = Line(game, [hooks.with_hands(line.states[start], dealt, rest)], [None], [[]])
        try:
            for step in range(start + 1, len(line.states)):
                move = line.moves[step]
                assert move is not None  # only the deal, step 0, has none
                told = other.push(move)
                assert [e.text for e in told] == [e.text for e in line.events[step]]
        except Exception:
            continue
        return other
    return None


@pytest.mark.parametrize(
    ("name", "hooks", "seed", "played"),
    [
        ("druzbart", DruzbartHooks(), 3, 17),
        ("druzbart", DruzbartHooks(), 5, 21),
        ("clock", DruzbartHooks(), 2, 20),
        ("drogue", DrogueHooks(), 4, 16),
        ("drogue", DrogueHooks(), 7, 19),
    ],
)
def test_the_strong_bot_never_reads_a_hidden_hand(name: str, hooks: TableHooks, seed: int, played: int) -> None:
    game = make_game(name)
    line = line_to(game, seed, until=in_play(hooks, played))
    other = swapped(line, hooks, seed)
    assert other is not None, "no other deal fits the play: choose another position"
    assert other.states[-1].hands != line.states[-1].hands
    mine = decide(line, Rng(11), SMALL)
    theirs = decide(other, Rng(11), SMALL)
    assert mine.samples >= SMALL.least  # it searched: the check is not of the simple bot alone
    assert mine == theirs


def test_a_bettelmann_bot_never_reads_the_order_of_a_pile_it_has_not_seen() -> None:
    game = make_game("bettelmann")

    def unseen(line: Line) -> list[int]:
        """Where the other pile holds cards never turned up."""
        seen = {m.card for m in line.moves if m is not None}
        pile = line.states[-1].piles[1 - to_play(game, line.states[-1])]
        return [i for i, c in enumerate(pile) if c not in seen]

    line = line_to(game, 1, until=lambda line: len(unseen(line)) > 1)  # most deals turn up every card first
    seat = to_play(game, line.states[-1])
    state = line.states[-1]
    other = 1 - seat
    pile = state.piles[other]
    hidden = unseen(line)
    order = [pile[i] for i in hidden][::-1]
    changed = list(pile)
    for i, c in zip(hidden, order, strict=True):
        changed[i] = c
    piles = tuple(tuple(changed) if s == other else p for s, p in enumerate(state.piles))
    moved = Line(game, [*line.states[:-1], replace(state, piles=piles)], list(line.moves), list(line.events))
    assert decide(line, Rng(5)) == decide(moved, Rng(5))


@pytest.mark.parametrize(("name", "seed", "played"), [("druzbart", 1, 6), ("clock", 4, 15), ("drogue", 2, 12)])
def test_every_sample_agrees_with_what_the_seat_has_seen(name: str, seed: int, played: int) -> None:
    game = make_game(name)
    adapter = adapter_of(game)
    assert isinstance(adapter, DruzbartStrong | DrogueStrong)  # the trick games' adapters, which keep their hooks
    hooks: TableHooks = adapter.hooks
    line = line_to(game, seed, until=in_play(hooks, played))
    seat = game.to_play(line.states[-1])
    known = SeatKnowledge(line, hooks)
    start = hooks.deal_start(line)
    now = line.states[-1]
    rng = Rng(seed)
    for _ in range(10):
        sample = known.sample(rng, 200)
        assert sample is not None
        assert sample.hands[seat] == now.hands[seat]  # its own hand as it is
        assert [len(h) for h in sample.hands] == [len(h) for h in now.hands]
        # a card it saw played is in no hand; one it has not seen is in a hand it may be in
        gone = {c for cards in hooks.played(line, start) for c in cards}
        assert not gone & {c for h in sample.hands for c in h}
        for s, hand in enumerate(sample.hands):
            if s != seat:
                assert not set(hand) & known._barred()[s]


def test_a_seat_that_did_not_head_the_trick_is_known_to_hold_nothing_that_heads_it() -> None:
    game = druzbart()
    hooks = DruzbartHooks()
    # deal 2 from the first card, until a follower played a card that did not head the trick while a card
    # that would have headed it is still unseen by the seat to move
    line = line_to(game, 2, until=lambda line: bool(_still_unseen(game, line)))
    found = _failed_to_head(game, line)
    assert found is not None
    seat, after = found
    known = SeatKnowledge(line, hooks)
    barred = known._barred()
    assert after & set(known.unseen) <= barred[seat]
    assert barred[seat]


def _still_unseen(game: Druzbart, line: Line) -> set[Card]:
    found = _failed_to_head(game, line)
    if found is None:
        return set()
    state = line.states[-1]
    gone = {m.card for m in line.moves if m is not None} | set(state.hands[game.to_play(state)])
    return found[1] - gone


def _failed_to_head(game: Druzbart, line: Line) -> tuple[int, set[Card]] | None:
    """The last follower (not the seat to move) whose card did not head, and the cards that would have."""
    to_move = game.to_play(line.states[-1])
    for step in range(len(line.states) - 1, 0, -1):
        move, before = line.moves[step], line.states[step - 1]
        if move is None or move.card is None or not before.table or move.seat == to_move:
            continue
        if step <= DruzbartHooks().deal_start(line):
            return None  # an earlier deal: nothing the seat knows of these hands
        table = [c for _, c in before.table]
        heading = {c for c in game.pack.cards if game.ranking.heads(c, table)}
        if heading and not game.ranking.heads(move.card, table):
            return move.seat, heading
    return None


@pytest.mark.parametrize("name", ["druzbart", "clock", "drogue", "bettelmann", "todundleben"])
def test_a_seeded_game_with_a_strong_seat_replays_the_same_and_plays_legal_moves(name: str) -> None:
    game = make_game(name, {"last_three": "on"} if name == "todundleben" else None)

    def played(seed: int) -> list[str]:
        line = Line(game, [game.new_state(seed=seed)], [None], [[]])
        rng = Rng(seed)
        while game.to_play(line.states[-1]) is not None and len(line.states) < 400:
            state = line.states[-1]
            if getattr(state, "dealing", False):
                break
            move = decide(line, rng, SMALL).move if game.to_play(state) == 0 else game.bot_move(state, rng)
            assert move in game.legal_moves(state)
            line.push(move)
        return [str(m) for m in line.moves[1:]]

    assert played(9) == played(9)


def test_the_budget_decides_the_work_not_the_clock() -> None:
    game = make_game("druzbart")
    line = line_to(game, 3, until=in_play(DruzbartHooks(), 0))
    young = decide(line, Rng(1), Budget(nodes=300, samples=4, least=3))
    assert young.reason.startswith("the budget of 300 solves")  # too young a deal to solve on 100 nodes a sample
    assert young.move == game.bot_move(line.states[-1], Rng(Rng(1).next_u64()))


def test_at_a_lenient_table_a_card_told_without_penalty_still_shows_a_void() -> None:
    game = make_game("drogue", {"table": "lenient"})
    hooks = DrogueHooks()
    line = line_to(game, 4, until=in_play(hooks, 16))
    start = hooks.deal_start(line)
    plays = [s for s in range(start + 1, len(line.states)) if (m := line.moves[s]) is not None and m.card is not None]
    assert hooks.checked_plays(line, start) == [s for s in plays if line.states[s - 1].phase == "play"]
    made = decide(line, Rng(11), SMALL)
    assert made.samples >= SMALL.least, made.reason


def test_a_clock_move_is_valued_by_the_deal_played_out_by_the_simple_bots() -> None:
    """Clock Druzbart's objective (games/druzbart/strong.py): after each legal move every seat plays the deal
    out as the simple bot; the value is what the deal does to the mover's slate (lines erased net of lines
    chalked back) minus the best of the two others'. Here on the true deal, checked by playing it out."""
    game = make_game("clock", {"deal_size": "full"})  # twelve cards each: 18 played leave six tricks to go
    line = line_to(game, 14, until=in_play(DruzbartHooks(), 18))
    state = line.states[-1]
    legal = game.legal_moves(state)
    values, work = adapter_of(game).solve(game, state, legal, 10_000)
    seat = legal[0].seat
    plies = 0
    for move in legal:
        after, rng = game.apply(state, move)[0], Rng(PLAY_OUT_SEED)
        while not after.dealing and game.to_play(after) is not None:
            after = game.apply(after, game.bot_move(after, rng))[0]
            plies += 1
        score = after.history[-1]
        net = [e - c for e, c in zip(score.erased, score.chalked, strict=True)]
        assert values[move] == net[seat] - max(n for s, n in enumerate(net) if s != seat), move
    assert work == plies
    assert len(set(values.values())) > 1  # the position tells the moves apart


def test_a_clock_bot_does_not_play_as_if_the_two_others_were_partners() -> None:
    """On this position (deal 14, 18 cards played, South to move) the paranoid solver, the two others playing
    together against the mover, likes the Seven of Leaves best on the true deal, and so does the simple bot;
    played out over the strong bot's samples, the Ace of Acorns does best, and the strong bot leads it."""
    game = make_game("clock", {"deal_size": "full"})  # twelve cards each: 18 played leave six tricks to go
    line = line_to(game, 14, until=in_play(DruzbartHooks(), 18))
    state = line.states[-1]
    paranoid = analysis_of(game.analyse(state))
    assert {str(m.move.card) for m in paranoid.moves if paranoid.is_best(m)} == {"7L"}
    assert str(game.bot_move(state, Rng(Rng(5).next_u64())).card) == "7L"
    made = decide(line, Rng(5))
    assert made.reason == "" and made.samples == CLOCK_BUDGET.samples
    assert str(made.move.card) == "AB"
    seven = next(m for m in game.legal_moves(state) if str(m.card) == "7L")
    assert made.values[str(made.move)] > made.values[str(seven)]
