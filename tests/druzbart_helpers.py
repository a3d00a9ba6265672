"""Helpers for the Drużbart tests (test_druzbart.py, test_druzbart_games.py): the scenarios' folder, the deals
they share, a game started on given hands, the legal moves in notation, the tricks among events, and every
set of options."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from oldtricks import make_game

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"


# -- helpers -----------------------------------------------------------------------------------------
HANDS = [
    "AH UB UA 6H 7B 8A TA OA TB",
    "AA 8H KH 7L 6L TL OL KA KL",
    "9L OH 8L 9H AL UH 7A 8B TH",
    "9B 6A AB UL 7H OB KB 9A 6B",
]


def start(options: dict[str, Any] | None = None, hands: list[str] | None = None, dealer: int = 3) -> tuple[Any, Any]:
    game = make_game("druzbart", options or {})
    cards = [game.pack.parse_many(h) for h in (hands or HANDS)]
    return game, game.new_state(hands=cards, dealer=dealer)


def legal(game: Any, state: Any) -> set[str]:
    return {str(m) for m in game.legal_moves(state)}


def tricks_of(events: list[Any]) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == "trick"]


SEVEN_HANDS = [
    "AL 6H 7B 8A TA OA TB KA 6B",
    "8H TL OL KL OB KB 7L 6L UB",
    "AA 9H 7A 8B TH OH UL 6A 8L",
    "7H 9A 9L 9B UA UH KH AH AB",
]


DUD_HANDS = [
    "UA 8L KH 9A 6A AA TA 7B 8A",
    "6L AB UB 6B 7L 8H TL OL KA",
    "UH 9H AH 9L 7A 8B TH OH KL",
    "AL 9B UL 6H 7H TB OA OB KB",
]
DUD_PREFIX = "TA 6B UH AL 9B 9A AB 9H 6A UB AH UL 9L 6H KH 6L"


MATADOR_HANDS = [
    "KH 9B AH 6H 7B TA OA TB 8H",
    "8L 6B UB 7L TL OL KL KB 8B",
    "UA 9H AL UH 7A TH OH 6L 9L",
    "6A 7H 8A 9A UL OB KA AA AB",
]


def all_option_sets() -> list[dict[str, Any]]:
    keys = ("pack", "packets", "matadors", "seven", "obers")
    values = ((36, 32), ("three", "one"), ("braus", "brus", "acorns"), ("unbeatable", "gracz"), ("duds", "beaters"))
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]
