"""The statistics pipeline (oldtricks.stats): seeds that do not depend on the number of processes, the
cache a stopped run resumes from, the committed data files' shape and their plots, and the CLI's errors.

Every simulation here is small (a few games a configuration); the committed files are read, never
re-simulated."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import pytest

from conftest import ROOT
from oldtricks.stats import run as runner
from oldtricks.stats.catalogue import experiments
from oldtricks.stats.experiment import Experiment, chunk_seed
from oldtricks.stats.tally import Tally, mean_se, quantile, wilson

STATS = ROOT / "stats"
COMMITTED = sorted(STATS.glob("*.json"))


def small(name: str, games: int = 4, chunk: int = 2) -> Experiment:
    """The experiment ``name`` with ``games`` games a configuration, in chunks of ``chunk``."""
    return replace(experiments(games)[name], chunk=chunk)


def test_every_experiment_has_its_committed_file() -> None:
    """Every experiment of the default set; one played only on request (CPU hours: the strong bots' figures)
    once it has been made. No file is left of an experiment that no longer exists."""
    made = {p.stem for p in COMMITTED}
    assert made <= set(experiments())
    assert {n for n, e in experiments().items() if not e.on_request} <= made


def test_the_strong_bots_experiments_are_played_only_when_named(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[str] = []

    def run(chosen: Sequence[Experiment], **_: object) -> dict[str, Any]:
        played.extend(e.name for e in chosen)
        return {}

    monkeypatch.setattr(runner, "run", run)
    runner.main(["--games", "1", "--quiet", "--out", "/nonexistent", "--check"])
    assert played and not any(name.endswith(("-strength", "-seeing")) for name in played)
    played.clear()
    runner.main(["--only", "drogue-strength", "--games", "1", "--quiet", "--out", "/nonexistent", "--check"])
    assert played == ["drogue-strength"]


def test_one_process_and_two_give_the_same_numbers() -> None:
    e = small("todundleben-life", games=4, chunk=2)  # 2 chunks for each of 8 configurations
    one = runner.run([e], games=4, processes=1)
    two = runner.run([e], games=4, processes=2)
    assert one == two
    tallies = [c["tally"] for c in one[e.name]["configurations"]]
    assert all(t["counts"]["games"] == 4 for t in tallies)
    assert len({json.dumps(t) for t in tallies}) > 1  # configurations are dealt different games


def test_a_chunk_seed_depends_on_the_experiment_the_configuration_and_the_chunk() -> None:
    seeds = {chunk_seed(e, c, n) for e in ("a", "b") for c in ("x", "y") for n in (0, 1)}
    assert len(seeds) == 8
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_stopped_run_resumes_from_its_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    e = small("bettelmann-last-three", games=2, chunk=1)
    first = runner.run([e], games=2, cache=tmp_path)
    assert len(list(tmp_path.rglob("*.json"))) == 6  # one file a chunk: 3 configurations × 2 chunks

    def fail(task: object) -> NoReturn:
        raise AssertionError(f"played {task} again")

    monkeypatch.setattr(runner, "play_task", fail)
    assert runner.run([e], games=2, cache=tmp_path) == first
    next(tmp_path.rglob("*.json")).unlink()  # one chunk lost: only it is played again
    monkeypatch.undo()
    assert runner.run([e], games=2, cache=tmp_path) == first


def _shape(value: object) -> object:
    """The keys of every object (row labels in plots included), not the numbers."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items() if k not in ("counts", "histograms", "chunk_seeds")}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return type(value).__name__ if not isinstance(value, str) else "str"


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.stem)
def test_a_small_run_has_the_committed_files_shape(path: Path) -> None:
    committed = json.loads(path.read_text(encoding="utf-8"))
    games = 1 if path.stem.endswith(("-strength", "-seeing")) else 2  # the strong bots: a second or more a game
    e = small(path.stem, games=games, chunk=2)
    fresh = runner.run([e], games=games)[path.stem]
    assert [c["key"] for c in fresh["configurations"]] == [c["key"] for c in committed["configurations"]]
    assert [c["options"] for c in fresh["configurations"]] == [c["options"] for c in committed["configurations"]]
    assert list(fresh["plots"]) == list(committed["plots"])
    for name, plot in fresh["plots"].items():
        was = committed["plots"][name]
        assert plot["kind"] == was["kind"]
        assert plot["found"] == was["found"]
        if not plot["found"]:  # rows found in the games (cycle lengths, endings) vary with the games played
            assert [r["label"] for r in plot["rows"]] == [r["label"] for r in was["rows"]], name
            assert _shape(plot["rows"]) == _shape(was["rows"]), name


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.stem)
def test_committed_plots_are_drawn_from_the_committed_counts(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    e = experiments()[path.stem]
    for c in doc["configurations"]:
        chunks = -(-c["games"] // doc["chunk"])
        assert c["chunk_seeds"] == [chunk_seed(e.name, c["key"], n) for n in range(chunks)]
        assert Tally.from_json(c["tally"]).counts["games"] == c["games"]
    tallies = {c["key"]: Tally.from_json(c["tally"]) for c in doc["configurations"]}
    e = e.with_games(doc["configurations"][0]["games"]) if len({c["games"] for c in doc["configurations"]}) == 1 else e
    assert json.loads(json.dumps(e.summarise(e, tallies))) == doc["plots"]
    assert doc["engine"]["version"] and doc["command"] == f"nox -s stats -- --only {e.name}"


def test_intervals_and_means() -> None:
    lo, hi = wilson(0, 20)
    assert lo == 0 and 0.13 < hi < 0.17  # Wilson gives a real upper bound where the normal one gives 0
    assert wilson(10, 0) == (0.0, 1.0)
    mean, se = mean_se({2: 1, 4: 1})
    assert mean == 3 and se == pytest.approx(1.0)
    assert quantile({}, 0.5) == 0


def test_tallies_merge_in_any_order() -> None:
    parts = []
    for i in range(3):
        t = Tally()
        t.count("games", i + 1)
        t.value("tricks", i)
        parts.append(t)
    assert Tally.merged(parts) == Tally.merged(parts[::-1])
    assert Tally.from_json(Tally.merged(parts).as_json()) == Tally.merged(parts)


def test_cli_rejects_an_unknown_experiment(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        runner.main(["--only", "skat-length"])
    assert exit_.value.code == 2
    assert "no experiment 'skat-length': expected one of bettelmann-length" in capsys.readouterr().err


def test_cli_check_finds_a_changed_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "stats"
    args = ["--only", "bettelmann-last-three", "--games", "2", "--out", str(out), "--no-cache", "--quiet"]
    assert runner.main(args) == 0
    args.append("--check")
    assert runner.main(args) == 0
    file = out / "bettelmann-last-three.json"
    doc = json.loads(file.read_text(encoding="utf-8"))
    doc["configurations"][1]["tally"]["counts"]["games"] += 1
    file.write_text(json.dumps(doc), encoding="utf-8")
    assert runner.main(args) == 1
    assert "differs in players=3" in capsys.readouterr().out


def test_scale_multiplies_every_size_and_sizes_leave_the_cache_key_alone(tmp_path: Path) -> None:
    plain, double = experiments(), experiments(scale=2)
    for name, e in plain.items():
        assert [2 * c.games for c in e.configurations] == [c.games for c in double[name].configurations]
    copy = tmp_path / "oldtricks"
    for path in (ROOT / "engine" / "oldtricks").rglob("*.py"):
        target = copy / path.relative_to(ROOT / "engine" / "oldtricks")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    before = runner.fingerprint(copy)
    sizes = copy / "stats" / "sizes.py"
    sizes.write_text(sizes.read_text(encoding="utf-8").replace("625", "626"), encoding="utf-8")
    assert runner.fingerprint(copy) == before  # how many chunks, not what a chunk plays
    rules = copy / "games" / "bettelmann" / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert runner.fingerprint(copy) != before


def test_first_game_vilenies_are_counted_only_under_the_reading_that_charges_them() -> None:
    # drogue.first-game.vilenies: by default the first game charges none; drogue.first-game.vilenies.count
    e = experiments(8)["drogue-evening"]
    default, counted = e.configuration("bots=bot"), e.configuration("bots=bot,first_game=vilenies")
    assert (default.make().options["first_game"], counted.make().options["first_game"]) == ("points", "vilenies")
    plain, read = (e.play(c, 1, 8) for c in (default, counted))  # the same deals under either reading
    assert plain.counts["first-deals"] >= 8
    assert not [k for k in plain.counts if k.startswith("first-vilenie:")]
    charged = {k.split(":", 1)[1]: n for k, n in read.counts.items() if k.startswith("first-vilenie:")}
    assert charged and sum(charged.values()) <= read.counts["first-deals"]
    tallies = {c.key: Tally() for c in e.configurations} | {default.key: plain, counted.key: read}
    rows = e.summarise(e, tallies)["vilenies"]["rows"]
    first = [r for r in rows if r["group"] == "bot, first game"]
    assert [r["label"] for r in first] == ["débrisqué", "défiguré", "capot", "courte-queue"]
    assert {r["label"]: r["count"] for r in first if r["count"]} == charged
    assert all(r["n"] == read.counts["first-deals"] for r in first)
    later = [r for r in rows if r["group"] == "bot"]
    assert all(r["n"] == plain.counts["later-deals"] for r in later)  # the default reading's later deals
