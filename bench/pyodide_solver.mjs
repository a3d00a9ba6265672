// The solver bench's deals solved in Pyodide under Node.js: the browser's runtime, without a browser.
//
//   node bench/pyodide_solver.mjs GAME DEALS [WARM]
//
// (bench/solver_bench.py --pyodide N runs it and sets its times beside CPython's.)
// Loads Pyodide from node_modules/pyodide (the copy the site ships), mounts the checkout in its file system
// and imports engine/ and bench/ from it (no bytecode written back) (nothing is fetched: the package needs no network for the
// standard library), solves WARM deals first (seeds past the measured ones: the WebAssembly engine
// compiles hot code in the background at first), then prints one line of JSON: the CPU seconds of
// each of DEALS analyse() calls, seeds 1..DEALS, as bench/solver_bench.py times them in CPython.
// CPU time is Node's own (process.cpuUsage, every thread of the process); Pyodide's time.process_time
// reads the wall clock, which on a shared machine counts other work too.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [game, deals, warm = "2"] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
pyodide.FS.mkdirTree("/checkout");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/checkout");
pyodide.globals.set("cpu_seconds", () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
});
pyodide.globals.set("game", game);
pyodide.globals.set("deals", Number(deals));
pyodide.globals.set("warm", Number(warm));
const times = pyodide.runPython(`
import json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/checkout/engine", "/checkout/bench"]
from solver_bench import position, solve_times
solve_times(game, warm, deals + 1)  # not measured: seeds after the measured ones
json.dumps(solve_times(game, deals, 1, cpu_seconds))
`);
console.log(times);
