"""A whole game played with the keyboard alone, on every game: Tab reaches "Play from here" in the
viewer, Enter goes live and puts the focus on a card the reader may play; the arrow keys (and Home /
End) choose among the cards (or the bids) and Enter plays; the focus comes back to the board at each of
the reader's turns. Each hand, and each row of move buttons, is one Tab stop (a roving tabindex) that
stays on the card chosen when the step is drawn again; the focus stops of a viewer, static and live,
go round the table in the order of play, the way its seats are laid out. Every step is said once in the
viewer's live region, the card by its name, with the engine's events, as the accessibility tree exposes
it. One page per rules page (one engine start each), its games played one after the other from the
deal; the bots' moves are shown at once (reduced motion), so a game takes a few seconds. A lesson's
question is answered by keyboard too (no engine)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from keyboard_checks import (
    ARROW_TURNS,
    FOCUS,
    LISTEN,
    LIVE_MS,
    MOVE_MS,
    SETTLED,
    card_name,
    check_focus_order,
    check_roving,
    check_tab_stops,
    choose_with_arrows,
    order_of_play,
    refocus_play,
    tab_stops,
    tab_to_go_live,
)

from conftest import SiteServer, embedded, frames_shown, wait_mounted, widget

pytestmark = pytest.mark.browser


def check_every_step_said(page: Any, root: Any, sid: str, pattern: str) -> None:
    """Every step from the deal on said once, in order, with the card's name and the events."""
    frames = frames_shown(page, sid)
    end = int(root.get_attribute("data-step") or 0)
    said = " ".join(page.evaluate("(sid) => window.__said[sid]", sid))
    chunks: dict[int, list[str]] = {}
    for m in re.finditer(r"Step (\d+)\.(.*?)(?=Step \d+\.|$)", said, re.S):
        chunks.setdefault(int(m.group(1)), []).append(m.group(2))
    assert all(len(c) == 1 for c in chunks.values()), {s: c for s, c in chunks.items() if len(c) > 1}
    assert sorted(s for s in chunks if s > 0) == list(range(1, end + 1)), (end, sorted(chunks))
    by_step = {f["step"]: f for f in frames}
    for step in range(1, end + 1):
        f, text = by_step[step], chunks[step][0]
        move = card_name(f["move"], pattern) if re.fullmatch(r"[2-9TJQKAUO][A-Z]", f["move"] or "") else f["move"]
        assert f"{f['seats'][f['mover']]['name']}: {move}." in text, (step, text)
        for event in f["events"]:
            assert event in text, (step, event, text)
    # the region is in the accessibility tree, with the last step's words
    snapshot = root.locator('[data-role="announce"]').aria_snapshot()
    assert f"Step {end}." in snapshot, snapshot


def play_a_game(page: Any, site_server: SiteServer, name: str, sid: str) -> None:
    data = embedded((site_server.root / name).read_text(encoding="utf-8"))[sid]
    pattern = "french" if data.get("pattern") == "french" else "german"
    order = order_of_play(data["frames"])
    page.evaluate("(h) => { location.hash = h; }", f"{sid}@0")
    page.wait_for_function(f"() => document.getElementById('{sid}').dataset.step === '0'")
    check_focus_order(page, sid, order, live_seat=None)
    page.evaluate(LISTEN, sid)
    root = widget(page, sid)
    assert tab_to_go_live(page, sid) > 3
    page.keyboard.press("Enter")
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=LIVE_MS)
    page.wait_for_function(SETTLED, arg=[sid, -1], timeout=LIVE_MS)
    mine, tried, ordered = 0, set(), False
    for _ in range(60):
        got = page.evaluate(FOCUS, sid)
        if got["outcome"] or got["move"] in ("deal", "redeal"):
            break  # the game is over, or (Drużbart, Drogue) the deal and the next deal offered
        assert got["legal"] == "true" or got["move"], f"{sid}: the focus is not on a move to play: {got}"
        check_tab_stops(sid, got["groups"])
        kind = "moves" if got["move"] else "pile" if got["pile"] else "hand"
        if not ordered:
            ordered = True
            seat = page.evaluate(
                "(sid) => Number(document.getElementById(sid).querySelector('.ot-seat.ot-you').dataset.seatBox)", sid
            )
            check_focus_order(page, sid, order, live_seat=seat)
            refocus_play(page, sid)
        if kind not in tried:
            check_roving(page, sid)
        if kind not in tried or mine < ARROW_TURNS:
            # the arrows choose the move; the card is announced by its name (the button's accessible
            # name, as a screen reader reads it)
            got = choose_with_arrows(page, sid)
            focused = page.locator(":focus")
            if got["card"]:
                name = focused.aria_snapshot().splitlines()[0]
                assert name.startswith(f'- button "Play the {card_name(got["card"], pattern)}"'), name
            elif got["pile"]:
                assert "Turn up the top card" in focused.aria_snapshot()
            else:
                assert got["move"] in focused.aria_snapshot()
        tried.add(kind)
        page.keyboard.press("Enter")
        mine += 1
        page.wait_for_function(SETTLED, arg=[sid, got["step"]], timeout=MOVE_MS)
    else:
        raise AssertionError(f"{sid}: the game did not end within 60 of the reader's moves")
    assert mine >= 2, f"{sid}: the reader made {mine} moves"
    check_every_step_said(page, root, sid, pattern)


@pytest.mark.long
@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("druzbart.html", ["druzbart/basics", "clock/win"]),
        ("drogue.html", ["drogue/example"]),
        # two short games: North takes every trick but the last; eleven ties in a row
        ("bettelmann.html", ["bettelmann/run-out-loses", "todundleben/tie-chain"]),
    ],
)
def test_a_game_played_with_the_keyboard_alone(
    live_page: Any, site_server: SiteServer, name: str, games: list[str]
) -> None:
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{name}")
    wait_mounted(live_page, everything=False)
    for sid in games:  # one engine for the page's games
        play_a_game(live_page, site_server, name, sid)


LESSON_PAGE, LESSON = "bettelmann.html", "bettelmann/last-three"


def test_a_lesson_answered_with_the_keyboard(live_page: Any, site_server: SiteServer) -> None:
    """A lesson's question is answered by keyboard too: its hand is one Tab stop, the arrows reach the
    answer, Enter plays it and the step is said in the live region."""
    frames = embedded((site_server.root / LESSON_PAGE).read_text(encoding="utf-8"))[LESSON]["frames"]
    asked = next(f for f in frames if f["ask"])
    step, answer = asked["step"], asked["ask"]["answer"]
    live_page.goto(f"{site_server.url}{LESSON_PAGE}#{LESSON}@{step}")
    wait_mounted(live_page, everything=False)
    live_page.wait_for_function(f"() => document.getElementById('{LESSON}').dataset.step === '{step}'")
    stops = tab_stops(live_page, LESSON)
    played = [i for i, s in enumerate(stops) if s["play"]]
    assert len(played) == 1 and stops[played[0]]["group"] == "hand", f"the question's hand is not one stop: {stops}"
    # back to it, from the control before the table
    live_page.evaluate(f"() => document.getElementById('{LESSON}').querySelector('[data-role=view]').focus()")
    for _ in range(played[0] + 1):
        live_page.keyboard.press("Tab")
    got = live_page.evaluate(FOCUS, LESSON)
    assert got["card"], got
    check_tab_stops(LESSON, got["groups"])
    live_page.keyboard.press("Home")
    for _ in range(len(got["groups"][0])):
        if live_page.evaluate(FOCUS, LESSON)["card"] == answer:
            break
        live_page.keyboard.press("ArrowRight")
    assert live_page.evaluate(FOCUS, LESSON)["card"] == answer, f"the arrows did not reach {answer}"
    live_page.keyboard.press("Enter")
    live_page.wait_for_function(f"() => document.getElementById('{LESSON}').dataset.step === '{step + 1}'")
    said = widget(live_page, LESSON).locator('[data-role="announce"]').aria_snapshot()
    assert f"Step {step + 1}." in said and card_name(answer, "german") in said, said
