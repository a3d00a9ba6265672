"""Drogue across deals: the scoring after each deal (drogue.first-game .. drogue.end), one rule at a time.

States are built by hand: a session (who wears what, who holds the drogue) and the tricks of a finished
deal, then :func:`oldtricks.games.drogue.session.finish` scores them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oldtricks import make_game
from oldtricks.core.cards import FRENCH_32
from oldtricks.core.values import Event
from oldtricks.games.drogue import Drogue, DrogueState, narrate
from oldtricks.games.drogue import session as scoring
from oldtricks.games.drogue.facts import Cause, Fact
from oldtricks.games.drogue.ranking import points
from oldtricks.games.drogue.state import Session, TrickRecord, Wear

NAMES = ["Anna", "Dan", "Carla", "Ben"]  # Anna & Carla (side 0) against Dan & Ben (side 1)


def game_of(**options: Any) -> Drogue:
    game = make_game("drogue", {"partners": "seated", "deals": 4, **options}, NAMES)
    assert isinstance(game, Drogue)
    return game


def wear(*pairs: tuple[int, Wear]) -> tuple[Wear, ...]:
    out = [Wear(), Wear(), Wear(), Wear()]
    for seat, w in pairs:
        out[seat] = w
    return tuple(out)


def finished(game: Drogue, tricks: list[tuple[int, str]], **session: Any) -> tuple[DrogueState, list[Event]]:
    """Score a deal whose tricks are given as (winner, "four cards"), with the session fields given."""
    state = game.new_state(seed=1)
    records = []
    for number, (winner, text) in enumerate(tricks, start=1):
        cards = FRENCH_32.parse_many(text)
        plays = tuple((seat, card) for seat, card in zip((0, 3, 2, 1), cards, strict=True))
        records.append(TrickRecord(number, 0, plays, winner, points(cards)))
    state = replace(
        state,
        tricks=tuple(records),
        hands=((), (), (), ()),
        phase="play",
        trump="H",
        maker=0,
        session=replace(state.session, **session),
    )
    facts: list[Fact] = []
    state = scoring.finish(game.table, state, facts)
    return state, [narrate.event(f, game.table.seats(state)) for f in facts]


# The pack split into eight tricks; which side wins which decides points and vilenies.
TRICKS = [
    "AH TH KH QH",  # 28
    "AS TS KS QS",  # 28
    "AC TC KC QC",  # 28
    "AD TD KD QD",  # 28
    "JC JS JH JD",  # 8
    "9H 8H 7H 9S",
    "8S 7S 9C 8C",
    "7C 9D 8D 7D",
]


def split(side0: list[int]) -> list[tuple[int, str]]:
    """Tricks by index: those listed go to seat 0 (side 0), the rest to seat 1 (side 1)."""
    return [(0 if i in side0 else 1, t) for i, t in enumerate(TRICKS)]


def clips(state: DrogueState) -> list[int]:
    return [w.clips for w in state.session.wear]


# -- drogue.first-game ------------------------------------------------------------------------------------
def test_first_game_the_side_with_fewer_points_takes_the_drogue() -> None:
    game = game_of()
    state, events = finished(game, split([0, 1, 2, 5, 6, 7]))  # side 0: 84, side 1: 36
    assert clips(state) == [0, 1, 0, 1]
    assert state.session.holder == 1
    assert "take the drogue" in events[-1].text
    assert state.session.results[-1].points == (84, 36)


def test_first_game_tie_clips_nobody_and_stays_first() -> None:
    game = game_of()
    tricks = [(0, "AH TH KH QH"), (0, "AS TS KS QS"), (0, "JC JS 7C 8C"), (1, "AC TC KC QC"), (1, "AD TD KD QD")]
    tricks += [(1, "JH JD 9H 9S")]
    state, events = finished(game, tricks)
    assert state.session.results[-1].points == (60, 60)
    assert clips(state) == [0, 0, 0, 0]
    assert state.session.holder is None
    assert "first game again" in events[-1].text


def test_first_game_ignores_vilenies() -> None:
    """drogue.first-game.vilenies: the losers take one clip each, capot or not; the winners nothing."""
    game = game_of()
    state, _ = finished(game, split(list(range(8))))  # side 1 is capot
    assert clips(state) == [0, 1, 0, 1]
    assert [w.buttonhole for w in state.session.wear] == [0, 0, 0, 0]


def test_first_game_vilenies_read_literally() -> None:
    """drogue.first-game.vilenies.count: a side with a vilenie takes the drogue at once, more points or not."""
    game = game_of(first_game="vilenies")
    # side 0 makes 82 but takes no King or Queen (défiguré); side 1 makes 38, with every King and Queen and 10♣
    tricks = [(0, "AH TH 7C 8C"), (0, "AS TS 9C 7D"), (0, "AC 8D 9D 9S"), (0, "AD TD 8S 7S"), (0, "JC JS JH JD")]
    tricks += [(1, "KH QH KS QS"), (1, "KC QC KD QD"), (1, "9H 8H 7H TC")]
    state, events = finished(game, tricks)
    assert state.session.results[-1].points == (82, 38)
    assert clips(state) == [1, 0, 1, 0]
    assert state.session.holder == 0
    assert events[-1].data == {"side": 0, "vilenies": ["défiguré"]}
    # the same deal counting only the points (the default): the side with fewer takes it
    state, _ = finished(game_of(), tricks)
    assert clips(state) == [0, 1, 0, 1]


def test_first_game_vilenies_on_both_sides_leave_it_to_the_points() -> None:
    game = game_of(first_game="vilenies")
    # side 0: no Ace or Ten (débrisqué); side 1: no King or Queen (défiguré); side 1 makes more
    tricks = [(0, "KH QH KS QS"), (0, "KC QC KD QD"), (0, "JC JS 7C 8C")]
    tricks += [(1, "AH TH 7H 8H"), (1, "AS TS 7S 8S"), (1, "AC TC 9C 9S"), (1, "AD TD 7D 8D"), (1, "JH JD 9H 9D")]
    state, _ = finished(game, tricks)
    assert clips(state) == [1, 0, 1, 0]  # side 0 made fewer
    # neither side commits one: the points decide as in the default
    state, _ = finished(game, split([0, 1, 2, 5, 6, 7]))
    assert clips(state) == [0, 1, 0, 1]


# -- drogue.threshold and the vilenies of the free side -----------------------------------------------------
HOLD_0 = {"holder": 0, "wear": wear((0, Wear(clips=1)), (2, Wear(clips=1)))}


def test_free_side_with_41_keeps_free() -> None:
    game = game_of()
    state, events = finished(game, [(1, "AH TH KH QH"), (1, "TD QD 7D 8D"), (0, "AS TS KS QS")], **HOLD_0)
    assert state.session.results[-1].points == (28, 41)
    assert "stays with" in events[-1].text
    assert clips(state) == [1, 0, 1, 0]
    assert state.session.holder == 0


def test_free_side_short_of_41_takes_the_drogue() -> None:
    game = game_of()
    state, events = finished(game, [(1, "AH TH KH QH"), (0, "AS TS KS QS"), (0, "AC TC KC QC")], **HOLD_0)
    assert state.session.results[-1].points == (56, 28)
    assert clips(state) == [1, 1, 1, 1]
    assert state.session.holder == 1
    assert "will show a Jack" in events[-1].text


def test_courte_queue_is_exactly_40() -> None:
    game = game_of()
    state, events = finished(game, [(1, "AH TH KH QH"), (1, "JC JS JH JD"), (1, "7C 8C 9C 7D")], **HOLD_0)
    assert state.session.results[-1].points == (0, 36)  # (36: short, but no courte-queue)
    assert "courte-queue" not in events[-1].text
    state, events = finished(game, [(1, "AH TH KH QH"), (1, "TD JC 7D 8D"), (0, "AS KS 7C 8C")], **HOLD_0)
    assert state.session.results[-1].points == (15, 40)
    assert "courte-queue" in events[-1].text
    assert state.session.holder == 1


def test_free_side_with_a_vilenie_takes_the_drogue_at_once_and_once() -> None:
    game = game_of()
    # side 1 takes 48 points but no King or Queen: défiguré
    state, events = finished(game, [(1, "AH TH AS TS"), (1, "JC JS 7C 8C"), (0, "KH QH KS AD")], **HOLD_0)
    assert state.session.results[-1].points == (22, 46)
    assert "défiguré" in events[-1].text
    assert clips(state) == [1, 1, 1, 1]
    assert [w.buttonhole for w in state.session.wear] == [0, 0, 0, 0]  # drogue.vilenie.clip-free.once
    # débrisqué and défiguré together: still one clip each
    state, events = finished(game, [(1, "JC 7C 8C 9C"), (0, "AH TH KH QH")], **HOLD_0)
    assert "débrisqué and défiguré" in events[-1].text
    assert clips(state) == [1, 1, 1, 1]


# -- drogue.vilenie.recharger -----------------------------------------------------------------------------
def test_recharger_one_clip_per_vilenie_of_the_wearers() -> None:
    game = game_of()
    # side 0 wears the drogue and takes no Ace or Ten: débrisqué; side 1 makes plenty
    state, events = finished(game, [(0, "KH QH 7C 8C"), (1, "AH TH AS TS"), (1, "KS QS 9S 8S")], **HOLD_0)
    assert clips(state) == [2, 0, 2, 0]
    assert any(e.kind == "vilenie" and "débrisqué" in e.text for e in events)
    # défiguré goes to the buttonhole
    state, _ = finished(game, [(0, "AH TH 7C 8C"), (1, "KH QH AS TS"), (1, "AD TD 7D 8D")], **HOLD_0)
    assert [(w.clips, w.buttonhole) for w in state.session.wear] == [(1, 1), (0, 0), (1, 1), (0, 0)]


@pytest.mark.parametrize(("capot", "want"), [(1, 2), (2, 3)])
def test_capot_costs_one_or_two_and_counts_alone(capot: int, want: int) -> None:
    game = game_of(capot=capot)
    state, events = finished(game, [(1, "AH TH KH QH"), (1, "AS TS KS QS")], **HOLD_0)
    assert clips(state) == [want, 0, want, 0]
    assert [w.buttonhole for w in state.session.wear] == [0, 0, 0, 0]  # drogue.vilenie.capot.alone
    assert [e.data["vilenie"] for e in events if e.kind == "vilenie" and e.data] == ["capot"]


def test_capot_brings_debrisque_and_defigure_with_it() -> None:
    """drogue.vilenie.capot.also: the wearers recharge for all three; a free side still takes it only once."""
    game = game_of(capot_counts="all")
    state, events = finished(game, [(1, "AH TH KH QH"), (1, "AS TS KS QS")], **HOLD_0)
    assert [(w.clips, w.buttonhole) for w in state.session.wear] == [(3, 1), (0, 0), (3, 1), (0, 0)]
    assert [e.data["vilenie"] for e in events if e.kind == "vilenie" and e.data] == ["débrisqué", "défiguré", "capot"]
    state, events = finished(game, [(0, "AH TH KH QH"), (0, "AS TS KS QS")], **HOLD_0)  # side 1 free and capot
    assert clips(state) == [1, 1, 1, 1]
    assert events[-1].data is not None
    assert events[-1].data["vilenies"] == ["débrisqué", "défiguré", "capot"]


# -- drogue.rengage ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("reading", "extra"), [("extra", 1), ("keep", 0)])
def test_rengage_below_31(reading: str, extra: int) -> None:
    game = game_of(rengage=reading)
    # side 1 holds the drogue; Anna (side 0) is still in the guérite with one clip
    session = {"holder": 1, "wear": wear((0, Wear(clips=1)), (1, Wear(clips=1)), (3, Wear(clips=1))), "guerite": (0,)}
    state, events = finished(game, [(0, "AH TH 7C 8C"), (1, "AS TS KS QS")], **session)  # side 0: 21
    assert any(e.kind == "rengage" for e in events)
    assert state.session.wear[0].clips == 1 + extra + 1  # rengagé, and the side takes the drogue as well
    assert state.session.wear[2].clips == 1
    state, events = finished(game, [(0, "AH TH KH QH"), (1, "AS TS 7C 8C")], **session)  # side 0: 28 < 31
    assert any(e.kind == "rengage" for e in events)
    state, events = finished(game, [(0, "AH TH KH QH"), (0, "9S 8S JS JC"), (1, "AS TS 7C 8C")], **session)
    assert not any(e.kind == "rengage" for e in events)  # 28 + 4 = 32: not rengagé


# -- drogue.end -------------------------------------------------------------------------------------------
def test_the_last_deal_ends_the_evening_and_fewer_clips_win() -> None:
    game = game_of(deals=2)
    session = {
        "holder": 0,
        "deal_number": 2,
        "wear": wear((0, Wear(clips=1)), (2, Wear(clips=1)), (1, Wear(black_nose=True))),
    }
    state, events = finished(game, [(1, "AH TH KH QH"), (1, "AS TS KS QS"), (0, "AC TC KC 8C")], **session)
    outcome = game.outcome(state)
    assert outcome is not None and state.phase == "over" and state.turn is None
    assert outcome.kind == "win" and outcome.winners == (1, 3)  # 2 clips against 1 (the nose counts one)
    assert "After 2 deals" in events[-1].text
    session["wear"] = wear((0, Wear(clips=1)), (1, Wear(penalty=1)))
    state, _ = finished(game, [(1, "AH TH KH QH"), (1, "AS TS KS QS"), (0, "AC TC KC 8C")], **session)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.kind == "draw"


def test_wear_counts() -> None:
    w = Wear(clips=2, buttonhole=1, penalty=4, black_nose=True)
    assert w.clipped and w.total == 8 and w.owed == 3
    assert not Wear(black_nose=True).clipped and Wear(black_nose=True).owed == 1
    session = Session((0, 1, 2, 3), "speaking").change(1, "penalty", -1, Cause("revoke"))  # nothing to take
    assert session.wear[1].penalty == 0  # never below zero
