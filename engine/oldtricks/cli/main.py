"""The command line: ``python -m oldtricks games|replay|check|coverage|simulate|play``.

>>> build_parser().parse_args(["replay", "scenarios/bettelmann/basics.toml"]).command
'replay'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..analysis.levels import LEVELS
from ..analysis.simulate import simulate
from ..core import i18n
from ..core.registry import GAMES, all_rules
from ..errors import OldtricksError, ScenarioError
from ..scenarios.checks import check
from ..scenarios.coverage import compute, render
from ..scenarios.replay import replay
from ..scenarios.scenario import discover, from_spec, load
from ..scenarios.studyfile import check_study, is_study


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def cmd_games(args: argparse.Namespace) -> int:
    rules = all_rules()
    data: list[dict[str, Any]] = [
        {
            "name": name,
            "title": cls.title,
            "options": [spec.as_json() for spec in cls.option_specs],
            "rules": [{"id": r.id, "status": r.status, "title": r.statement, "source": r.source} for r in cls.rules],
        }
        for name, cls in GAMES.items()
    ]
    if args.json:
        _print_json(data)
        return 0
    for game in data:
        print(f"{game['name']}: {game['title']}")
        for opt in game["options"]:
            if opt["choices"]:
                values = " | ".join(
                    f"{c['value']}{'*' if c['value'] == opt['default'] else ''} [{c['status']}]" for c in opt["choices"]
                )
            else:
                values = f"{opt['low']}..{opt['high']} (default {opt['default']}) [{opt['status']}]"
            print(f"  --option {opt['key']}=…  {opt['title']}: {values}")
    print(f"{len(rules)} ledger ids implemented; * marks a default")
    return 0


def _scenario_root(path: Path) -> Path | None:
    for parent in [path, *path.parents]:
        if parent.name == "scenarios":
            return parent
    return None


def _load(path: str) -> Any:
    p = Path(path)
    return load(p, _scenario_root(p.resolve()))


def cmd_replay(args: argparse.Namespace) -> int:
    scenario = _load(args.file)
    rp = replay(scenario)
    viewer = None if args.viewer in (None, "all") else int(args.viewer)
    frames = rp.frames(viewer)
    if args.json:
        _print_json({"frames": frames, "result": rp.result()})
        return 0
    for f in frames:
        head = f"step {f['step']:>3}"
        for text in f["events"] or ["(deal)"]:
            print(f"{head}  {text}")
            head = " " * 8
        if f["note"]:
            print(f"          note: {f['note']}")
    return 0


def _scenario_paths(paths: Sequence[str]) -> list[Path]:
    return discover([Path(p) for p in (paths or ["scenarios"])])


def _is_study_file(path: Path) -> bool:
    try:
        return is_study(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False  # the scenario reader says what is wrong with it


def cmd_check(args: argparse.Namespace) -> int:
    files = _scenario_paths(args.paths)
    if not files:
        print("no scenario files found", file=sys.stderr)
        return 1
    failed = 0
    seen: dict[str, str] = {}
    for f in files:
        if _is_study_file(f):
            said = check_study(f)
            for message in said:
                print(f"FAIL {message}")
            failed += bool(said)
            continue
        try:
            sc = _load(str(f))
        except ScenarioError as exc:
            print(f"FAIL {exc}")
            failed += 1
            continue
        problems = check(sc)
        if sc.id in seen:
            problems.append(ScenarioError(f"scenario id {sc.id!r} is also used by {seen[sc.id]}", str(f)))
        seen[sc.id] = str(f)
        for p in problems:
            print(f"FAIL {p}")
        failed += bool(problems)
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_coverage(args: argparse.Namespace) -> int:
    files = _scenario_paths(args.paths)
    scenarios = []
    for f in files:
        try:
            scenarios.append(_load(str(f)))
        except ScenarioError as exc:
            print(f"FAIL {exc}", file=sys.stderr)
            return 1
    cov = compute(scenarios)
    if args.json:
        _print_json(cov.as_json())
    else:
        print(render(cov))
    return 0 if cov.ok else 1


def _options(pairs: Sequence[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OldtricksError(f"bad --option {pair!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    data = simulate(args.game, _options(args.option), args.games, args.seed)
    if args.json:
        _print_json(data)
        return 0
    t = data["tricks"]
    print(
        f"{args.games} games of {args.game}: tricks min {t['min']}, median {t['median']}, mean {t['mean']},"
        f" max {t['max']}"
    )
    print(f"outcomes: {data['outcomes']}; wins by seat: {data['wins_by_seat']}")
    if data["cycle_lengths"]:
        print(f"cycle lengths: {data['cycle_lengths']}")
    return 0


def cmd_link(args: argparse.Namespace) -> int:
    from ..scenarios.export import expectations, line_spec, to_toml
    from ..scenarios.links import decode_replay, encode

    if _is_study_target(args):
        return _study_link(args)
    if args.action == "encode":
        spec = _load(args.target).spec()
        if args.step is not None:
            spec["at"] = args.step
        if args.viewer is not None:
            spec["viewer"] = args.viewer
        base = args.base if args.base is not None else f"sandbox/{spec['game']}.html"
        print(f"{base}#{encode(spec)}")
        return 0
    data = decode_replay(args.target)
    if args.toml:
        line = replay(from_spec(data["spec"])).line
        sys.stdout.write(to_toml({**line_spec(data["spec"], line), "expect": expectations(line)}))
        return 0
    if args.json:
        _print_json({"frames": data["frames"], "result": data["result"]})
    else:
        spec = data["spec"]
        print(f"{spec['title']}: {len(data['frames']) - 1} moves, opens at step {spec['at']}")
    return 0


def _is_study_target(args: argparse.Namespace) -> bool:
    """A study link (``s1;…``) to decode, or a study file (with ``[[chapter]]``) to encode."""
    if args.action == "decode":
        return str(args.target).strip().split("#")[-1].startswith("s")
    return _is_study_file(Path(args.target))


def _study_link(args: argparse.Namespace) -> int:
    """``link encode STUDY.toml`` prints the study's link; ``link decode 's1;…'`` what it holds, or the file."""
    from ..scenarios.study import encode, read
    from ..scenarios.studyfile import load, to_toml
    from ..scenarios.studytext import handout

    found = load(args.target) if args.action == "encode" else read(args.target)
    for problem in found.problems:
        print(f"problem: {problem}", file=sys.stderr)
    if args.action == "encode":
        if found.problems:
            return 1
        base = args.base if args.base is not None else "study.html"
        print(f"{base}#{encode(found.study)}")
    elif args.toml:
        sys.stdout.write(to_toml(found.study))
    elif args.text:
        print(handout(found.study))
    else:
        study = found.study
        count = len(study.chapters)
        said = i18n.ngettext("{title}: {count} chapter", "{title}: {count} chapters", count)
        print(said.format(title=study.title, count=count))
        for number, chapter in enumerate(study.chapters, start=1):
            asked = len(chapter.questions())
            said = i18n.ngettext("{title}: {count} question", "{title}: {count} questions", asked)
            print(f"  {number}. " + said.format(title=chapter.title, count=asked))
    return 1 if found.problems else 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """The solver's values for the position at ``--step`` (default: the last) of a scenario, or (``--table``)
    the double-dummy table of the deal in play there: Drogue's for each trump and maker, Drużbart's and
    Clock Druzbart's for each leader."""
    from ..errors import AnalysisError

    rp = replay(_load(args.file))
    states = rp.line.states
    step = len(states) - 1 if args.step is None else args.step
    if not 0 <= step < len(states):
        raise AnalysisError(f"{args.file}: --step must be from 0 to {len(states) - 1}, not {step}")
    game, state = rp.game, states[step]
    if args.table:
        dd = game.double_dummy_table(state)  # the game's numbers and words (AnalysisError: it has none)
        if args.json:
            _print_json({"step": step, **dd.numbers, "table": dd.as_json()})
            return 0
        lines = dd.render()
        print(i18n._("Step {step}.").format(step=step) + " " + lines[0])
        print("\n".join(lines[1:]))
        return 0
    analysis = game.analyse(state)
    if args.json:
        _print_json(analysis.as_json(step))
        return 0
    print(i18n._("Step {step}.").format(step=step) + " " + analysis.render(game.seat_names()))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import play_in_terminal

    return play_in_terminal(args.game, _options(args.option), args.seed, args.seat, level=args.level)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m oldtricks", description=__doc__)
    parser.add_argument("--version", action="version", version=f"oldtricks {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("games", help="games, their options, defaults and status labels")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_games)
    p = sub.add_parser("replay", help="replay a scenario file")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print {frames, result}")
    p.add_argument("--viewer", help="'all' or a seat number whose view the frames show")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("check", help="validate scenarios and run their expectations")
    p.add_argument("paths", nargs="*")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("coverage", help="ledger ids and option values × scenarios")
    p.add_argument("paths", nargs="*")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_coverage)
    p = sub.add_parser("simulate", help="random legal play")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("link", help="share links: encode a scenario or a study, or decode a link")
    p.add_argument("action", choices=["encode", "decode"])
    p.add_argument("target", help="a scenario or study file (encode) or a game or study link (decode)")
    p.add_argument("--json", action="store_true", help="decode: print {frames, result} as replay --json does")
    p.add_argument(
        "--toml", action="store_true", help="decode: the game as a scenario file, or the study as a study file"
    )
    p.add_argument("--text", action="store_true", help="decode: a study as one handout, in text")
    p.add_argument("--step", type=int, help="encode: the step the link opens on")
    p.add_argument("--viewer", type=int, help="encode: the seat whose view the link shows")
    p.add_argument(
        "--base",
        help="encode: the page the link points to (default: sandbox/GAME.html, the game's "
        "sandbox page relative to the site's root)",
    )
    p.set_defaults(func=cmd_link)
    p = sub.add_parser("analyse", help="double dummy: every legal move's value with best play by all")
    p.add_argument("file", help="a scenario file")
    p.add_argument("--step", type=int, help="the step to analyse (default: the last)")
    p.add_argument("--json", action="store_true", help="print {step, to_move, measure, note, moves}")
    p.add_argument(
        "--table", action="store_true", help="the double-dummy table of the deal (Drogue, Drużbart, Clock Druzbart)"
    )
    p.set_defaults(func=cmd_analyse)
    p = sub.add_parser("play", help="play in the terminal against bots")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--seat", type=int, default=0, help="the seat you play")
    p.add_argument("--level", choices=sorted(LEVELS), default="simple", help="the bots' level")
    p.set_defaults(func=cmd_play)
    for command in sub.choices.values():  # every command writes the engine's sentences in this language
        command.add_argument("--lang", choices=i18n.LANGS, default="en", help="the language of the engine's words")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        with i18n.language(args.lang):
            code: int = args.func(args)
    except OldtricksError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code
