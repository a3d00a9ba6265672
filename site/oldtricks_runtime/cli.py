"""The runtime build's command line, ``python site/oldtricks_runtime COMMAND`` (``__main__.py``; or
``python -m oldtricks_runtime COMMAND`` with ``site/`` on ``sys.path``), which the noxfile runs::

    python site/oldtricks_runtime wheel --dest build/wheels          # builds the engine wheel, prints its path
    python site/oldtricks_runtime copy --out build/site [--wheel W]  # the runtime into a built site (runtime.py)
    python site/oldtricks_runtime serve --root build/site --port 8000 [--prefix /sub/]
                                        # the development server (devserver.py): a file's .br/.gz copy
                                        # where the client takes it
    python site/oldtricks_runtime operations     # the worker's table of operations (operations.py)
    python site/oldtricks_runtime stdlib trace   # the trimmed standard library's keep list (stdlib.py)

This module imports nothing from Sphinx.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import devserver, operations, stdlib
from .runtime import MANIFEST_NAME, build_wheel, copy_runtime, repo_root

__all__ = ["main"]

STATIC = repo_root() / "site" / "oldtricks_sphinx" / "static" / "oldtricks"  # the widget's sources


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="oldtricks_runtime", description="The oldtricks site's browser runtime.")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("copy", help="copy Pyodide + the engine wheel into a built site")
    copy.add_argument("--out", type=Path, required=True, help="site root (holds _static/)")
    copy.add_argument("--node-modules", type=Path, default=repo_root() / "node_modules")
    copy.add_argument("--wheel", type=Path, help="engine wheel; built from the repo when omitted")
    copy.add_argument("--wheel-dir", type=Path, default=repo_root() / "build" / "wheels")
    wheel = commands.add_parser("wheel", help="build the engine wheel, print its path")
    wheel.add_argument("--dest", type=Path, default=repo_root() / "build" / "wheels")
    serve = commands.add_parser("serve", help="serve a built site on 127.0.0.1")
    serve.add_argument("--root", type=Path, default=repo_root() / "build" / "site")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--prefix", default="/", help="URL sub-path to serve the site under")
    commands.add_parser("operations", help="write the worker's table of the live engine's operations")
    commands.add_parser("stdlib", help="the trimmed standard library: trace | write (stdlib.py)", add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["stdlib"]:  # stdlib.py's own command line, its options too
        return stdlib.main(argv[1:])
    args = _parser().parse_args(argv)
    try:
        if args.command == "wheel":
            print(build_wheel(args.dest))
        elif args.command == "copy":
            built = args.wheel or build_wheel(args.wheel_dir)
            copy_runtime(args.out, args.node_modules, built)
            print(f"runtime: {args.out / '_static'} (pyodide/, wheels/{built.name}, oldtricks/{MANIFEST_NAME})")
        elif args.command == "operations":
            sys.path.insert(0, str(repo_root() / "engine"))
            print(operations.write(STATIC))
        else:
            devserver.serve(args.root, args.prefix, args.port)
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0
