"""The trace of the standard library the live engine imports (``python site/oldtricks_runtime stdlib
trace``, see stdlib.py): the pinned Pyodide started under Node.js with the engine wheel installed as
worker.js installs it, every scenario replayed and every live operation called, and the zip's modules
that were imported listed. Imported by stdlib.py when it traces."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["TRACE_SCRIPT", "TraceError", "trace", "trace_requests"]


class TraceError(RuntimeError):
    """The trace cannot run (no Node.js, no Pyodide, no wheel), or it failed."""


# ---- the trace ----------------------------------------------------------------------------------
# Node.js script: argv = pyodide folder, wheel, requests JSON (a list of [function, args...]).
# It starts Pyodide and installs the engine exactly as worker.js does, then runs the requests in
# turn (a request's own failure is part of the trace: the error paths import too).
TRACE_SCRIPT = r"""
import { readFileSync } from "node:fs";
const [runtime, wheel, requestsFile] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {}, stderr: () => {} });
const sitePackages = pyodide.runPython(
  "import site, sys\n" +
    "next((p for p in site.getsitepackages() if p in sys.path), site.getsitepackages()[0])",
);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
const live = pyodide.pyimport("oldtricks.live.api");
pyodide.runPython(
  "import json, sys, oldtricks\n" +
    "json.dumps({'python': sys.version.split()[0], 'engine': getattr(oldtricks, '__version__', None)})",
);
let answered = 0;
const requests = JSON.parse(readFileSync(requestsFile, "utf-8"));
for (const [fn, ...args] of requests) {
  let text;
  if (fn === "frames-then-play") {
    // open a table, then play the first legal move of each step that has one, and an illegal move
    const [key, spec] = args;
    const opened = JSON.parse(live.open_table(key, JSON.stringify(spec), "{}"));
    const frames = opened.frames || [];
    const seats = (frames[0] && frames[0].seats ? frames[0].seats : []).map((_, i) => i);
    for (const [step, frame] of frames.entries()) {
      if (frame.turn === null || frame.turn === undefined || !(frame.legal || []).length) continue;
      live.play(key, step, String(frame.legal[0]), JSON.stringify(seats.filter((s) => s !== frame.turn)));
      live.open_table(key, JSON.stringify(spec), "{}");
      live.play(key, step, "not-a-move", "[]");
      break;
    }
    text = opened.ok ? "ok" : "failed";
  } else if (fn === "raise") {
    try { pyodide.runPython(args[0]); } catch (err) { text = String(err.message).split("\n").pop(); }
  } else {
    text = live[fn](...args);
  }
  if (typeof text === "string") answered += 1;
}
// A module frozen into the interpreter has a __file__ in the zip too, but is loaded from the
// interpreter itself (its spec's origin is "frozen"): it is listed apart.
const found = JSON.parse(pyodide.runPython(`
import json, sys
root = ${JSON.stringify("__ZIP_ROOT__")}
found, frozen = set(), set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith(root):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        (frozen if origin == "frozen" else found).add(path[len(root):])
json.dumps({"members": sorted(found), "frozen": sorted(frozen)})
`));
process.stdout.write(JSON.stringify({ answered, requests: requests.length, ...found }));
"""


def trace_requests(scenarios: Path) -> list[list[object]]:
    """The live requests the trace makes: every scenario opened and played into, and every ``call``
    operation, each with good and with bad arguments."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))
    from oldtricks.scenarios.scenario import discover, load

    not_replayed = ("description", "demonstrates", "expect")  # as the site's replay_spec leaves out
    requests: list[list[object]] = []
    first: dict[str, str] = {}
    for index, path in enumerate(discover([scenarios])):
        spec = {k: v for k, v in load(path, scenarios).spec().items() if k not in not_replayed}
        key = f"t{index}"
        first.setdefault(str(spec["game"]), key)
        requests.append(["frames-then-play", key, spec])
        requests.append(["open_table", key, json.dumps(spec), "{}"])
    for game, key in first.items():
        for op, args in (
            ("table_spec", {"key": key}),
            ("table_spec", {"key": key, "viewer": None}),
            ("link_of_table", {"key": key}),
            ("table_note", {"key": key, "step": 0, "text": "a note"}),
            ("table_note", {"key": key, "step": 0, "text": ""}),
            ("advance", {"key": key, "step": 0, "bots": [0, 1, 2, 3]}),
            ("deal_hands", {"key": key}),
            ("game_info", {"game": game, "options": {}}),
            ("scenario_toml", {"key": key}),
            ("frames", {"key": key}),
        ):
            requests.append(["call", op, json.dumps(args)])
    study_spec = {"game": "bettelmann", "title": "t", "deal": {"seed": 5}, "steps": [{"moves": ["7A"], "ask": True}]}
    study_file = 'title = "s"\n[[chapter]]\ntitle = "c"\ngame = "bettelmann"\n[chapter.deal]\nseed = 5\n'
    study = {"study": {"title": "s", "chapters": [{"spec": study_spec}]}}
    for op, study_args in (  # studies: a study file is TOML, read in the browser (tomllib)
        ("study_encode", study),
        ("study_open_file", {"text": study_file, "name": "s.toml"}),
        ("study_file", study),
        ("study_handout", study),
    ):
        requests.append(["call", op, json.dumps(study_args)])
    for op, text in (
        ("version", "{}"),
        ("games", "{}"),
        ("link_decode", json.dumps({"link": "v1;nonsense"})),
        ("table_spec", json.dumps({"key": "missing"})),
        ("no_such_op", "{}"),
        ("games", "{not json"),
    ):
        requests.append(["call", op, text])
    requests.append(["open_table", "bad", json.dumps({"game": "nonesuch"}), "{}"])
    requests.append(["play", "missing", 0, "x", "[]"])
    requests.append(["raise", "raise ValueError('a Python error, formatted as worker.js reports it')"])
    return requests


def trace(node_modules: Path, wheel: Path, scenarios: Path, zip_root: str) -> tuple[list[str], list[str]]:
    """The zip members imported in a real Pyodide run of the engine (see stdlib.py's docstring), and
    apart those of modules frozen into the interpreter, which it loads from itself, not from the zip
    (``zip_root``: where Pyodide mounts the zip). Raises :class:`TraceError` saying what failed."""
    node = shutil.which("node")
    if node is None:
        raise TraceError("the trace runs Pyodide under Node.js: `node` is not on PATH")
    runtime = Path(node_modules) / "pyodide"
    if not (runtime / "pyodide.mjs").is_file():
        raise TraceError(f"no Pyodide in {runtime}: run `npm ci`")
    if not Path(wheel).is_file():
        raise TraceError(f"engine wheel not found: {wheel}")
    requests = trace_requests(scenarios)
    with tempfile.TemporaryDirectory(prefix="oldtricks-trace-") as tmp:
        script = Path(tmp) / "trace.mjs"
        script.write_text(TRACE_SCRIPT.replace("__ZIP_ROOT__", zip_root), encoding="utf-8")
        (Path(tmp) / "requests.json").write_text(json.dumps(requests), encoding="utf-8")
        proc = subprocess.run(
            [node, str(script), str(runtime.resolve()) + "/", str(wheel), str(Path(tmp) / "requests.json")],
            capture_output=True,
            text=True,
            check=False,
        )
    if proc.returncode != 0:
        raise TraceError(f"the Pyodide trace failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    result = json.loads(proc.stdout)
    if result["answered"] != result["requests"]:
        raise TraceError(f"the trace answered {result['answered']} of {result['requests']} requests")
    return list(result["members"]), list(result["frozen"])
