"""One skeleton for every game (oldtricks/games/__init__.py): the same modules for the same jobs in each
game's package, and a module per phase whose ``allowed`` says what the phase allows."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from pathlib import Path

import pytest

import oldtricks.games
from oldtricks.core.registry import GAMES as GAMES_BY_NAME
from oldtricks.core.registry import make_game

GAMES = Path(oldtricks.games.__file__).parent
PACKAGES = ("bettelmann", "druzbart", "drogue")
# how the game asks a phase where not by its allowed() itself: Drogue's cut and calls through the one dispatch
# (cut.owed), its play through the hot path that builds no verdicts (playing.legal_cards, from the same rules)
ASKED = {
    ("drogue", "cut"): "cut.owed(",
    ("drogue", "calls"): "cut.owed(",
    ("drogue", "playing"): "playing.legal_cards(",
}
JOBS = ("options", "rules", "state", "table", "facts", "narrate", "view", "solver", "bots", "strong", "game")


def test_the_packages_are_the_games() -> None:
    assert sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file()) == sorted(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_has_the_modules_of_the_skeleton(package: str) -> None:
    modules = {p.stem for p in (GAMES / package).glob("*.py")}
    assert set(JOBS) <= modules, sorted(set(JOBS) - modules)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_game_reads_the_core_move_again_into_moves_of_its_own(package: str) -> None:
    """One move layer: the rule code reads the core's typed Move; no module of a game defines a move type
    (a value that turns back into a Move) or a reader of Moves."""
    assert not (GAMES / package / "moves.py").exists()
    for path in sorted((GAMES / package).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "def move(self) -> Move" not in text and "def read(move: Move" not in text, path.name


@pytest.mark.parametrize("package", PACKAGES)
def test_every_phase_says_what_it_allows_and_is_asked(package: str) -> None:
    """Each phase module has ``allowed(table, state, ...)``, and the game's legal moves call it (through the
    phase module: a second copy of the phase's legality in the game would go unnoticed otherwise)."""
    phases = importlib.import_module(f"oldtricks.games.{package}").PHASES
    assert phases
    game_source = (GAMES / package / "game.py").read_text(encoding="utf-8")
    for phase in phases:
        module = importlib.import_module(f"oldtricks.games.{package}.{phase}")
        allowed = getattr(module, "allowed", None)
        assert callable(allowed), f"{package}/{phase}.py has no allowed()"
        assert list(inspect.signature(allowed).parameters)[:2] == ["table", "state"], f"{package}/{phase}.py"
        asked = ASKED.get((package, phase), f"{phase}.allowed(")
        assert asked in game_source, f"{package}/game.py does not ask {phase} ({asked})"


# a message written where it is translated: _("..."), ngettext("...", ...), N_/pN_/npN_ and pgettext alike
WORDED = re.compile(r"""\b(?:_|N_|pN_|npN_|ngettext|pgettext|npgettext)\(\s*(?:"|')""")
# the modules that decide and hold the game (its rule code, its players); its words are its narration's
SILENT = ("game", "state", "table", "facts", "options", "bots", "strong")


@pytest.mark.parametrize("package", PACKAGES)
def test_the_rule_code_words_nothing_the_narration_words_it(package: str) -> None:
    """narrate: all the words. The game and its phases refuse a move, end a game and record what happened
    through the narration's words, and the views place the narration's labels, so no message is written in
    the modules that decide the rules or build the frame."""
    phases = importlib.import_module(f"oldtricks.games.{package}").PHASES
    # the views place their words, the narration writes them (narrate_view is Drogue's view's words)
    views = [p.stem for p in (GAMES / package).glob("*view.py") if not p.stem.startswith("narrate")]
    assert "view" in views
    for name in (*SILENT, *phases, *views):
        text = (GAMES / package / f"{name}.py").read_text(encoding="utf-8")
        assert not WORDED.findall(text), f"{package}/{name}.py writes a message of its own: {WORDED.findall(text)}"


@pytest.mark.parametrize("name", sorted(GAMES_BY_NAME))
def test_every_game_reads_its_options_one_way(name: str) -> None:
    """options: typed, read one way. Each game keeps the options its table agreed on as ``game.agreed``, a
    frozen value of its package's options module, made by that class's ``read`` and holding every option."""
    game = make_game(name)
    agreed = game.agreed  # type: ignore[attr-defined]
    kind = type(agreed)
    package = type(game).__module__.rsplit(".", 1)[0]
    assert kind.__module__ == f"{package}.options", kind
    assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]  # not in typeshed's DataclassInstance
    fixed = {"tie": "pierer", "players": 2} if name == "todundleben" else {}  # todundleben.tie: no option for these
    assert type(agreed).read(game.options, **fixed) == agreed  # kind, before is_dataclass narrowed it
    assert {spec.key for spec in game.option_specs} <= {f.name for f in dataclasses.fields(kind)}


# Drogue's four seats written as a bare number (a range, a wrap-around, a count of cards in tricks, a default)
FOUR_SEATS = re.compile(r"range\(4\)|%\s*4\b|\b4\s*\*|=\s*4\)|seats: int = 4")
# a seat's side worked out again (drogue.partners: shape.TEAMS), or the pack's 120 points (ranking.PACK_POINTS)
SIDE_AGAIN = re.compile(r"\w\s*%\s*2\b|=\s*120\b")


def test_drogue_writes_its_four_seats_once() -> None:
    """A constant of a rule is defined once: Drogue's table of four (drogue.deal) is ``shape.SEATS``, and the
    order of play from the dealer's right is ``shape.from_right``. The solver's bitmask mirror keeps its own
    arithmetic (it is tested against the legal moves on random positions)."""
    for path in sorted((GAMES / "drogue").glob("*.py")):
        if path.stem in ("shape", "solver"):
            continue
        text = path.read_text(encoding="utf-8")
        assert not FOUR_SEATS.findall(text), f"drogue/{path.name}: {FOUR_SEATS.findall(text)}"
        assert "dealer - 1 - " not in text, f"drogue/{path.name} works out the order of play again"


def test_drogue_names_a_seats_side_and_the_packs_points_once() -> None:
    """Partners sit opposite (drogue.partners) once, in ``shape.TEAMS``, and the pack's 120 card points
    (drogue.points) once, in ``ranking.PACK_POINTS``: no module, the solver included, works either out again."""
    for path in sorted((GAMES / "drogue").glob("*.py")):
        if path.stem == "shape":
            continue
        found = SIDE_AGAIN.findall(path.read_text(encoding="utf-8"))
        assert not found, f"drogue/{path.name}: {found}"
