"""The registry loads a game's module on first lookup, so that the live engine starts without them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT
from oldtricks.core.registry import GAMES, game_class, make_game
from oldtricks.errors import InvalidOptionError

PROBE = """
import json, sys
import oldtricks.live.api
before = sorted(m for m in sys.modules if m.startswith("oldtricks.games.") or m in ("tomllib", "importlib.resources"))
from oldtricks.core.registry import GAMES
names = list(GAMES)
game = GAMES["bettelmann"]
after = sorted(m.split(".")[2] for m in sys.modules if m.startswith("oldtricks.games.") and m.count(".") >= 2)
print(json.dumps({"before": before, "names": names, "after": sorted(set(after)), "title": game.title}))
"""


def test_starting_the_live_engine_loads_no_game_and_no_toml_reader() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "engine")},
    )
    got = json.loads(out.stdout)
    assert got["before"] == []
    assert got["names"] == ["bettelmann", "todundleben", "druzbart", "clock", "drogue"]
    assert got["after"] == ["bettelmann"]  # asking for one game loads its module only
    assert got["title"] == "Bettelmann"


def test_the_mapping_behaves_like_the_dict_it_replaces() -> None:
    assert len(GAMES) == 5 and "drogue" in GAMES and "whist" not in GAMES
    assert GAMES.get("whist") is None
    assert dict(GAMES.items())["clock"] is GAMES["clock"] is game_class("clock")
    assert make_game("todundleben").name == "todundleben"
    with pytest.raises(KeyError):
        GAMES["whist"]
    with pytest.raises(InvalidOptionError, match="unknown game 'whist': expected one of bettelmann, todundleben"):
        game_class("whist")
