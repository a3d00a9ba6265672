"""Drogue across deals: from one deal to the next and the calls before the auction (the cut, the parade,
the salute, Qui vive!, the release, a demanded redeal, the floor in the silent game), the lenient table's
infractions, the black nose and the buttonhole during play, notation, views, later hands and links."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from conftest import SCENARIOS
from oldtricks import IllegalMoveError, InvalidDealError, InvalidNotationError, make_game
from oldtricks.core.cards import FRENCH_32
from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.core.values import Event
from oldtricks.errors import ScenarioError
from oldtricks.games.drogue import Drogue, DrogueState, calls, cut, narrate
from oldtricks.games.drogue.state import Wear
from oldtricks.scenarios.frames import make_frame
from oldtricks.scenarios.links import decode, encode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec, load, loads

NAMES = ["Anna", "Dan", "Carla", "Ben"]
# Dan holds only J♦, Carla J♥ and J♣, Ben J♠; in NO_FACES Anna has no King or Queen
HANDS = ["7C 8C 9C 7D 8D 9D AS KS", "JD KC QC KD QD 7H 8H 9H", "JH JC AH TH KH QH 7S 8S", "JS AC TC AD TD TS QS 9S"]
NO_FACES = ["7C 8C 9C 7D 8D 9D AS TS", "JD KC QC KD QD 7H 8H 9H", "JH JC AH TH KH QH 7S 8S", "JS AC TC AD TD KS QS 9S"]


def game_of(**options: Any) -> Drogue:
    game = make_game("drogue", {"partners": "seated", "deals": 3, **options}, NAMES)
    assert isinstance(game, Drogue)
    return game


def dealt(game: Drogue, dealer: int = 0, hands: list[str] = HANDS, **session: Any) -> tuple[DrogueState, list[Event]]:
    """The position right after a deal of ``hands``, with the session as given: the calls owed are listed."""
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands], dealer=dealer)
    state = replace(state, session=replace(state.session, **session))
    state, facts = calls.open_calls(game.table, state, [])
    return state, [narrate.event(f, game.table.seats(state)) for f in facts]


def wear(*pairs: tuple[int, Wear]) -> tuple[Wear, ...]:
    out = [Wear(), Wear(), Wear(), Wear()]
    for seat, w in pairs:
        out[seat] = w
    return tuple(out)


def run(game: Drogue, state: DrogueState, moves: str) -> tuple[DrogueState, list[Event]]:
    events: list[Event] = []
    for token in moves.split(","):
        state, got = game.apply(state, game.parse_move(state, token.strip()))
        events.extend(got)
    return state, events


def rule_of(game: Drogue, state: DrogueState, token: str) -> str | None:
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, game.parse_move(state, token))
    return info.value.rule


def duties(state: DrogueState) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in state.duties]


# -- drogue.parade, drogue.parade.caller, drogue.parade.when -------------------------------------------
def test_no_clips_no_parade() -> None:
    state, _ = dealt(game_of())
    assert state.phase == "auction" and not state.duties and not state.parade


def test_the_dealer_calls_aux_armes_or_the_next_without_a_clip() -> None:
    game = game_of()
    state, _ = dealt(game, 0, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1))))
    assert duties(state)[0] == (0, "aux-armes") and state.parade
    state, _ = dealt(game, 1, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1))))
    assert duties(state)[0] == (0, "aux-armes")  # Dan deals and wears a clip: Anna, on his right, calls
    everyone = wear(*((s, Wear(clips=1)) for s in range(4)))
    state, _ = dealt(game, 2, holder=1, wear=everyone)
    assert duties(state)[0] == (1, "aux-armes")  # all four wear clips: the next on the dealer's right calls
    reading = game_of(caller="unclipped")  # the option: the first without a clip, the dealer if none is
    assert duties(dealt(reading, 2, holder=1, wear=everyone)[0])[0] == (2, "aux-armes")
    assert duties(dealt(reading, 1, holder=1, wear=wear((0, Wear(clips=1)), (1, Wear(clips=1))))[0])[0] == (
        3,
        "aux-armes",
    )
    state, events = run(game, state, "call aux-armes")
    assert "Aux armes!" in events[0].text and "Silence" not in events[0].text and not state.parade
    silent = game_of(mode="silent")
    state, _ = dealt(silent, 2, holder=1, wear=everyone)
    state, events = run(silent, state, "call aux-armes")
    assert '"Silence!"' in events[0].text


def test_marks_during_the_parade() -> None:
    game = game_of()
    state, _ = dealt(game, 0, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1, penalty=1))))
    ben = make_frame(game, state, step=0)["seats"][3]["marks"]
    assert {"kind": "clip", "label": "drogue clip, off for the parade", "count": 1, "rule": "drogue.parade"} in ben
    assert any(m["kind"] == "penalty" and "parade" not in m["label"] for m in ben)  # drogue.penalty.parade
    state, _ = run(game, state, "call aux-armes")
    ben = make_frame(game, state, step=1)["seats"][3]["marks"]
    assert any(m["label"] == "drogue clip" for m in ben)


# -- the salute -----------------------------------------------------------------------------------------
def test_three_clipped_the_fourth_salutes_or_takes_a_penalty() -> None:
    three = wear((1, Wear(clips=1)), (3, Wear(clips=1)), (2, Wear(penalty=1)))
    game = game_of()
    state, _ = dealt(game, 0, holder=1, wear=three)
    assert duties(state)[:2] == [(0, "aux-armes"), (0, "salut")]
    state, _ = run(game, state, "call aux-armes")
    assert rule_of(game, state, "forget salut") == "drogue.penalty.causes.strict"
    after, events = run(game, state, "call salut")
    assert "Salut à mes honorables factionnaires!" in events[0].text and after.session.wear[0].penalty == 0
    lenient = game_of(table="lenient")
    state, _ = dealt(lenient, 0, holder=1, wear=three)
    state, _ = run(lenient, state, "call aux-armes")
    assert Move(0, "forget", word="salut") in lenient.legal_moves(state)
    state, events = run(lenient, state, "forget salut")
    assert state.session.wear[0].penalty == 1


def test_forgetting_aux_armes_costs_nothing() -> None:
    game = game_of(table="lenient")
    state, _ = dealt(game, 0, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1))))
    state, events = run(game, state, "forget aux-armes")
    assert "names no penalty" in events[0].text
    assert all(w.penalty == 0 for w in state.session.wear) and not state.parade


# -- drogue.redeal ----------------------------------------------------------------------------------------
def test_a_clipped_player_without_king_or_queen_may_demand_a_new_deal() -> None:
    game = game_of()
    state, _ = dealt(game, 1, NO_FACES, holder=0, wear=wear((0, Wear(clips=1)), (2, Wear(clips=1))))
    assert duties(state) == [(1, "aux-armes"), (0, "redeal")]  # Anna: no King or Queen; Carla has them
    state, _ = run(game, state, "call aux-armes")
    kept, events = run(game, state, "keep")
    assert kept.phase == "auction" and events[0].kind == "keep"
    state, events = run(game, state, "redeal")
    assert state.phase == "cut" and duties(state) == [(1, "deal")] and state.turn == 1
    number = state.session.deal_number
    state, events = run(game, state, "deal")
    assert events[0].text == "Dan deals again." and state.session.deal_number == number
    unclipped, _ = dealt(game, 1, NO_FACES)
    assert (0, "redeal") not in duties(unclipped)
    with_faces, _ = dealt(game, 1, holder=0, wear=wear((0, Wear(clips=1)), (2, Wear(clips=1))))
    assert duties(with_faces) == [(1, "aux-armes")]


# -- drogue.penalty.removal and drogue.black-nose.removal ----------------------------------------------------
def test_named_jacks_and_qui_vive() -> None:
    game = game_of()
    named = ((3, FRENCH_32.parse("JS")), (2, FRENCH_32.parse("JS")), (1, FRENCH_32.parse("JH")))
    worn = wear((3, Wear(penalty=2)), (2, Wear(penalty=1)), (1, Wear(black_nose=True)))
    state, _ = dealt(game, 0, holder=None, wear=worn, named=named)
    assert [(d.seat, d.kind, str(d.card)) for d in state.duties if d.kind == "qui-vive"] == [
        (3, "qui-vive", "JS"),
        (2, "qui-vive", "JH"),
    ]
    state, events = run(game, state, "call aux-armes, call qui-vive JS")
    assert state.session.wear[3].penalty == 1  # Ben named J♠ and holds it
    assert "one Jack frees only one player" in events[-1].text and state.session.wear[2].penalty == 1
    state, events = run(game, state, "call qui-vive JH")
    assert state.session.wear[1].black_nose  # Dan named J♥, but Carla holds it
    assert "frees nobody" in events[-1].text


def test_naming_at_the_cut() -> None:
    game = game_of()
    state = game.new_state(seed=4)
    state = replace(
        state, session=replace(state.session, wear=wear((1, Wear(penalty=2, black_nose=True)), (2, Wear(penalty=4))))
    )
    state = cut.start_next(game.table, state)
    assert state.dealer == 3 and duties(state) == [(2, "name"), (1, "name"), (3, "deal")]  # from the dealer's right
    legal = [str(m) for m in game.legal_moves(state)]
    assert legal == ["name JC JS JH"]  # four penalty clips: three Jacks at most, never J♦
    state, events = run(game, state, "name JC JS JH")
    assert "Anna cuts" in events[0].text
    legal = [str(m) for m in game.legal_moves(state)]
    assert legal == ["name JC JS JH"]  # two clips and a nose
    assert rule_of(game, state, "deal") == "drogue.penalty.removal"
    with pytest.raises(InvalidNotationError):
        game.parse_move(state, "name JD")


def test_the_nose_goes_last() -> None:
    game = game_of()
    named = ((0, FRENCH_32.parse("JS")),)
    hands = ["JS 8C 9C 7D 8D 9D AS TS", "JD KC QC KD QD 7H 8H 9H", "JH JC AH TH KH QH 7S 8S", "7C AC TC AD TD KS QS 9S"]
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands])
    state = replace(
        state, session=replace(state.session, named=named, wear=wear((0, Wear(penalty=1, black_nose=True))))
    )
    state, _ = calls.open_calls(game.table, state, [])
    state, _ = run(game, state, "call aux-armes, keep, call qui-vive JS")
    assert state.session.wear[0] == Wear(black_nose=True)


# -- drogue.release, drogue.release.all, drogue.guerite ---------------------------------------------------
def test_release_by_showing_a_jack() -> None:
    game = game_of()
    worn = wear((0, Wear(clips=1)), (2, Wear(clips=1)), (1, Wear(clips=2, buttonhole=1, penalty=1)), (3, Wear(clips=1)))
    state, events = dealt(game, 2, holder=0, wear=worn)
    assert duties(state) == [(1, "aux-armes"), (1, "show"), (3, "show")]  # all four clipped: the next calls
    state, events = run(game, state, "call aux-armes")
    # Dan holds only J♦: cané dans la guérite, settled without a move
    assert any(e.kind == "guerite" for e in events) and state.session.guerite == (1,)
    assert [str(m) for m in game.legal_moves(state)] == ["show JS"]
    state, events = run(game, state, "show JS")
    assert state.session.wear[3].clips == 0 and state.phase == "auction"
    assert state.session.wear[1] == Wear(clips=2, buttonhole=1, penalty=1)
    marks = make_frame(game, state, step=0)["seats"][1]["marks"]
    assert {"kind": "info", "label": "cané dans la guérite", "rule": "drogue.guerite"} in marks


def test_showing_takes_off_every_ordinary_clip() -> None:
    game = game_of()
    state, _ = dealt(
        game, 2, holder=0, wear=wear((0, Wear(clips=1)), (2, Wear(clips=1)), (3, Wear(clips=3, buttonhole=1)))
    )
    state, _ = run(game, state, "call aux-armes, call salut, show JS")
    assert state.session.wear[3] == Wear(buttonhole=1)


# -- drogue.silent, drogue.silent.calls, drogue.signs ----------------------------------------------------------
def test_ask_grant_call_in_the_silent_game() -> None:
    game = game_of(mode="silent")
    named = ((0, FRENCH_32.parse("JS")),)
    worn = wear((1, Wear(clips=1)), (3, Wear(clips=1)), (0, Wear(black_nose=True)))
    state, _ = dealt(game, 0, holder=1, wear=worn, named=named)
    state, _ = run(game, state, "call aux-armes")
    assert state.turn == 3 and [str(m) for m in game.legal_moves(state)] == ["ask"]
    assert rule_of(game, state, "call qui-vive JS") == "drogue.silent.calls"
    state, events = run(game, state, "ask")
    assert state.turn == 2 and state.asking == 3 and "Je demande la parole" in events[0].text
    assert rule_of(game, state, "pass") == "drogue.silent"
    state, events = run(game, state, "grant")
    assert "Accordée" in events[0].text and state.floor == 3 and state.turn == 3
    state, events = run(game, state, "call qui-vive JS")
    assert state.floor is None and state.phase == "auction"
    state, events = run(game, state, "pass")
    assert "by sign" in events[0].text and "flat hand" in events[0].text  # Ben, clipped: a sign
    state, events = run(game, state, "pass")
    assert events[0].text == "Carla passes."  # no clip: she speaks


def test_talking_without_the_floor_at_a_lenient_table() -> None:
    game = game_of(mode="silent", table="lenient")
    named = ((0, FRENCH_32.parse("JS")),)
    worn = wear((1, Wear(clips=1)), (3, Wear(clips=1)), (0, Wear(black_nose=True)))
    state, _ = dealt(game, 0, holder=1, wear=worn, named=named)
    state, _ = run(game, state, "call aux-armes")
    assert {str(m) for m in game.legal_moves(state)} == {"ask", "call qui-vive JS", "forget qui-vive JS"}
    state, events = run(game, state, "call qui-vive JS")
    assert state.session.wear[3].penalty == 1 and events[0].kind == "penalty"


def test_forgotten_qui_vive_costs_a_clip_when_the_jack_is_played() -> None:
    game = game_of(table="lenient")
    named = ((0, FRENCH_32.parse("JS")),)
    state, _ = dealt(game, 0, named=named, wear=wear((0, Wear(black_nose=True))))
    state, _ = run(game, state, "forget qui-vive JS")
    assert state.session.wear[3].penalty == 0 and state.hidden
    state, _ = run(game, state, "bid 4, bid 6, pass, pass, pass, trump H")
    assert state.session.wear[3].penalty == 0
    state, events = run(game, state, "JS")  # Ben leads the Jack he kept quiet about
    assert state.session.wear[3].penalty == 1 and not state.hidden
    assert [e.kind for e in events] == ["play", "penalty"]


# -- lenient table: infractions ----------------------------------------------------------------------------
FOUR = ["QH TH 9H QC 9C QD 9D 8D", "AS TS KS 8H 7H KC TD 7D", "JC JS JH JD AH KH 7C 8C", "QS 9S 8S 7S TC AC AD KD"]


def four_mandrins(**options: Any) -> tuple[Drogue, DrogueState]:
    game = make_game("drogue", {"partners": "seated", **options}, NAMES)
    assert isinstance(game, Drogue)
    return game, game.new_state(hands=[FRENCH_32.parse_many(h) for h in FOUR])


def test_strict_table_refuses_infractions() -> None:
    game, state = four_mandrins()
    assert rule_of(game, state, "bid 3") == "drogue.bid.no-jack"
    state, _ = run(game, state, "pass")
    assert rule_of(game, state, "bid 5") == "drogue.bid.four-mandrins"
    assert rule_of(game, state, "forget quatre-mandrins") == "drogue.penalty.causes.strict"
    state, _ = run(game, state, "call quatre-mandrins, bid 5, pass, pass, trump H")
    assert rule_of(game, state, "lead QH") == "drogue.play.win"


def test_hidden_infractions_come_out_after_the_deal() -> None:
    game, state = four_mandrins(table="lenient")
    state, events = run(game, state, "bid 3, bid 5, pass, pass, pass, trump H")
    assert [w.penalty for w in state.session.wear] == [0, 0, 0, 0] and len(state.hidden) == 2
    state, events = run(game, state, "lead QH")
    assert state.session.wear[0].penalty == 1 and len(state.hands[0]) == 8 and state.turn == 3
    rng = Rng(9)
    while game.to_play(state) is not None:
        state, events = game.apply(state, game.bot_move(state, rng))
    assert [w.penalty for w in state.session.wear] == [1, 0, 1, 1]
    assert sum(1 for e in events if e.kind == "penalty" and "found out" in e.text) == 2


def test_a_revoke_is_played_and_charged() -> None:
    game, state = four_mandrins(table="lenient")
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass, trump H, AC")
    state, events = run(game, state, "AH")  # Carla holds 7♣ and 8♣ and must follow suit
    assert [e.kind for e in events[:2]] == ["play", "penalty"] and state.session.wear[2].penalty == 1
    with pytest.raises(IllegalMoveError):
        game.apply(state, Move(2, "play", FRENCH_32.parse("AS")))  # a card Carla does not hold


def test_a_cheating_bid_is_found_out() -> None:
    game, state = four_mandrins(table="lenient")
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 7")  # five is all Carla can show
    assert state.hidden and "7 cards" in narrate.cause(state.hidden[0].why)


# -- drogue.variant.four-jacks.run ------------------------------------------------------------------------------
def test_four_jacks_in_a_row() -> None:
    game, state = four_mandrins(four_jacks="no-run")
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass, trump H")
    state, _ = run(game, state, "AC, 7C, KC, 9C, AD, JC, 7D, QD, JS, 7H, TH, 7S, JH, 8H, QH, 8S")
    assert Move(2, "play", FRENCH_32.parse("JD")) not in game.legal_moves(state)
    assert rule_of(game, state, "JD") == "drogue.variant.four-jacks.run"
    lenient, again = four_mandrins(four_jacks="no-run", table="lenient")
    again = replace(
        again,
        **{k: getattr(state, k) for k in ("hands", "auction", "phase", "turn", "trump", "maker", "proof", "tricks")},
    )
    after, _ = lenient.apply(again, lenient.parse_move(again, "JD"))
    assert after.session.wear[2].penalty == 1
    free, same = four_mandrins()
    same = replace(
        same,
        **{k: getattr(state, k) for k in ("hands", "auction", "phase", "turn", "trump", "maker", "proof", "tricks")},
    )
    assert Move(2, "play", FRENCH_32.parse("JD")) in free.legal_moves(same)


# -- during play: the black nose and the buttonhole ----------------------------------------------------------
def test_black_nose_and_buttonhole_during_play() -> None:
    game = game_of()
    hands = ["AH 8C 9C 7D 8D 9D AS TS", "JD KC QC KD QD 7H 8H 9H", "JH JC TH KH QH 7C 7S 8S", "JS AC TC AD TD KS QS 9S"]
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands], dealer=1)
    state = replace(
        state,
        phase="play",
        trump="H",
        maker=0,
        turn=0,
        session=replace(state.session, wear=wear((2, Wear(buttonhole=1)))),
    )
    state, events = run(game, state, "AH, JS, JC, JD")  # Anna's trump Ace falls to her partner Carla
    assert state.session.wear[0].black_nose and any(e.kind == "black-nose" for e in events)
    state, events = run(game, state, "KH, 7H, 8C, 9S")  # Carla leads K♥ and wins it: the buttonhole clip comes off
    assert state.session.wear[2].buttonhole == 0 and any(e.kind == "buttonhole" for e in events)
    one = make_game("drogue", {"partners": "seated"}, NAMES)
    assert isinstance(one, Drogue)
    alone = replace(
        one.new_state(hands=[FRENCH_32.parse_many(h) for h in hands], dealer=1),
        phase="play",
        trump="H",
        maker=0,
        turn=0,
    )
    alone, _ = run(one, alone, "AH, JS, JC, JD")
    assert not alone.session.wear[0].black_nose  # a single deal keeps no marks


# -- drogue.deal.next and later hands ------------------------------------------------------------------------
def test_the_deal_passes_right_and_later_hands_come_first() -> None:
    game = game_of(deals=3)
    first = game.deal(seed=5)
    later = [[FRENCH_32.parse_many(h) for h in HANDS]]
    plan = game.plan_deals(first, later)
    state = game.initial_state(plan)
    rng = Rng(3)
    seen = []
    while game.to_play(state) is not None and len(seen) < 2:
        state, events = game.apply(state, game.bot_move(state, rng))
        seen += [e for e in events if e.kind == "deal" and "again" not in e.text]
    assert seen[0].data is not None and seen[0].data["hands"] == [h.split() for h in HANDS]
    assert seen[0].data["dealer"] == (plan.dealer - 1) % 4
    assert seen[1].data is not None and seen[1].data["dealer"] == (plan.dealer - 2) % 4
    with pytest.raises(InvalidDealError):
        game.plan_deals(first, [[FRENCH_32.parse_many("AS KS")] * 4])


def test_scenario_later_round_trips_through_spec_and_link() -> None:
    sc = load(SCENARIOS / "drogue" / "release.toml", SCENARIOS)
    assert len(sc.later) == 2 and sc.spec()["deal"]["later"][1][3].startswith("JS")
    again = from_spec(sc.spec())
    assert again.later == sc.later
    link = encode(sc.spec())
    assert ";l=" in link
    assert replay(from_spec(decode(link))).frames() == replay(sc).frames()


def test_later_hands_are_checked() -> None:
    text = 'title = "t"\ngame = "drogue"\n[options]\ndeals = 2\n[deal]\nseed = 1\n'
    text += 'later = [["AS KS", "QS", "JS", "TS"]]\n'
    with pytest.raises(ScenarioError, match="later deal 2"):
        replay(loads(text))
    bad = """title = "t"\ngame = "drogue"\n[deal]\nseed = 1\nlater = "AS"\n"""
    with pytest.raises(ScenarioError, match="'later' must be"):
        loads(bad)
    other = """title = "t"\ngame = "bettelmann"\n[deal]\nseed = 1\nlater = [["AS"]]\n"""
    with pytest.raises(ScenarioError, match="one deal at a time"):
        replay(loads(other))


# -- notation and views ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kind", "shown"),
    [
        ("call aux-armes", "call", "call aux-armes"),
        ("call aux armes", "call", "call aux-armes"),
        ("forget salut", "forget", "forget salut"),
        ("call qui-vive JS", "call", "call qui-vive JS"),
        ("call qui vive J♠", "call", "call qui-vive JS"),
        ("name JH JC", "name", "name JC JH"),
        ("show JS", "show", "show JS"),
        ("deal", "deal", "deal"),
        ("redeal", "redeal", "redeal"),
        ("keep", "keep", "keep"),
        ("ask", "ask", "ask"),
        ("grant", "grant", "grant"),
    ],
)
def test_session_notation(text: str, kind: str, shown: str) -> None:
    game = game_of()
    state = game.new_state(seed=2)
    move = game.parse_move(state, text)
    assert move.kind == kind and str(move) == shown
    assert game.parse_move(state, str(move).replace(" ", "-")) == move  # as in share links


@pytest.mark.parametrize("text", ["call JD", "name", "show", "show JS JC", "deal 2", "call qui-vive JS JC", "lead"])
def test_bad_session_notation(text: str) -> None:
    game = game_of()
    with pytest.raises(InvalidNotationError):
        game.parse_move(game.new_state(seed=2), text)


def test_lead_out_of_turn_notation_names_the_holder() -> None:
    game, state = four_mandrins()
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass, trump H")
    assert game.parse_move(state, "lead QH") == Move(0, "lead", FRENCH_32.parse("QH"))
    assert game.parse_move(state, "lead QS") == Move(3, "play", FRENCH_32.parse("QS"))  # Ben's own lead


def test_views_of_a_session() -> None:
    rp = replay(load(SCENARIOS / "drogue" / "evening.toml", SCENARIOS))
    frames = rp.frames()
    last = frames[-1]
    clips = next(p for p in last["panels"] if p["kind"] == "clips")
    assert [r["name"] for r in clips["data"]["rows"]] == NAMES
    history = next(p for p in last["panels"] if p["kind"] == "history")
    assert [row[0] for row in history["data"]["rows"]] == ["1", "2", "3", "4"]
    assert "capot" in history["data"]["rows"][1][6] and "showed J♣" in history["data"]["rows"][3][7]
    numbers = [f["trick"]["number"] for f in frames if f["trick"]["complete"]]
    assert max(numbers) == 32  # tricks are numbered through the evening
    assert ["Evening", "deal 4 of 4, over"] in last["info"]
    one = replay(load(SCENARIOS / "drogue" / "example.toml", SCENARIOS)).frames()[-1]
    assert not [p for p in one["panels"] if p["kind"] in ("clips", "history")]
