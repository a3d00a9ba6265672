"""The golden transcripts in tests/golden/: one per scenario, its replay written out step by step.

``nox -s golden`` prints, as a unified diff, how each scenario's replay now differs from its
transcript, and writes nothing. Read the diff; when every change in it is meant, write them with
``nox -s golden -- --write`` (also: ``PYTHONPATH=engine python3 tests/golden.py [--write] [ID ...]``)
and say in the commit message why the frames changed. A pure refactor leaves them all identical.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT / "engine"))

from oldtricks.scenarios.replay import Replay, replay  # noqa: E402
from oldtricks.scenarios.scenario import load  # noqa: E402
from oldtricks.scenarios.transcript import render  # noqa: E402

COMMAND = "nox -s golden"


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.toml"))


def golden_path(scenario_id: str) -> Path:
    return GOLDEN / (scenario_id.replace("/", "__") + ".txt")


def transcript(rp: Replay) -> str:
    """The transcript of a replay, as its golden file holds it: the frames as JSON gives them."""
    result = json.loads(json.dumps(rp.result()))
    frames = json.loads(json.dumps(rp.frames()))
    head = f"# {rp.scenario.id}: every step of its replay (review changes with `{COMMAND}`)\n"
    return head + render(result, frames)


def diff(scenario_id: str, want: str | None, got: str) -> str:
    """A unified diff from the stored transcript (``want``; None: there is none) to the replay's."""
    name = f"tests/golden/{golden_path(scenario_id).name}"
    before = [] if want is None else want.splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, got.splitlines(keepends=True), name, f"{name} (replay now)"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND + " --", description=__doc__.split("\n\n")[0])
    parser.add_argument("ids", nargs="*", help="scenario ids (bettelmann/basics); default: every scenario")
    parser.add_argument("--write", action="store_true", help="write the changed transcripts (after reading the diff)")
    args = parser.parse_args(argv)
    files = scenario_files()
    known = {p.relative_to(SCENARIOS).with_suffix("").as_posix(): p for p in files}
    unknown = [i for i in args.ids if i not in known]
    if unknown:
        parser.error(f"no scenario {', '.join(unknown)} in scenarios/")
    changed: list[Path] = []
    for scenario_id in args.ids or known:
        path = golden_path(scenario_id)
        got = transcript(replay(load(known[scenario_id], SCENARIOS)))
        want = path.read_text(encoding="utf-8") if path.exists() else None
        if want != got:
            sys.stdout.write(diff(scenario_id, want, got))
            changed.append(path)
            if args.write:
                path.write_text(got, encoding="utf-8")
    stale = [] if args.ids else sorted(set(GOLDEN.glob("*.txt")) - {golden_path(i) for i in known})
    for path in stale:
        print(f"tests/golden/{path.name}: no scenario has this transcript any more")
        if args.write:
            path.unlink()
    done = "written" if args.write else f"not written: `{COMMAND} -- --write` writes them"
    if changed or stale:
        print(f"{len(changed)} transcripts differ from the replay, {len(stale)} stale ({done})")
    else:
        print(f"all {len(args.ids or known)} transcripts match the replay")
    return 1 if (changed or stale) and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
