// oldtricks live engine: module Web Worker hosting Pyodide and the engine wheel.
//
// Started by live.js as `new Worker(new URL("./worker.js", import.meta.url), {type: "module"})`
// (Pyodide 314 refuses classic workers). Everything is fetched from the URLs that live.js passes
// in the "init" message: no CDN, no other host.
//
// Messages in:   {id, op, args}
//   op "init"       args {pyodide: absolute URL of the folder holding pyodide.mjs (trailing /),
//                         wheel: absolute URL of the engine wheel, sizes?: {file: bytes},
//                         stdlib?: URL of the standard library zip (default: Pyodide's own place),
//                         cache?: name of the Cache Storage cache of this runtime's version, where
//                                 the memory snapshot is kept (snapshot.js); without it, none is}
//                   -> result {python, pyodide, engine, snapshot: "restored" | "none", snapshot_wanted?,
//                              ms: {snapshot_read, python, wheel?, unpacked?, engine, snapshot_imports?,
//                                   snapshot_made?}: ms since init began when the kept snapshot was
//                              read, Python ready, (a fresh start) the engine wheel downloaded, then
//                              unpacked, the engine imported; and what making the snapshot added to
//                              this start (its imports, then in all). Restored from the snapshot, the
//                              engine's files are written 1.5 s later.}
//   op "make_snapshot" args as "init": a fresh start that makes the memory snapshot and keeps it
//                   -> result as "init", snapshot: "made" | "not stored" (once kept, or refused)
//   op "engine_files" -> {ok, written}: the engine's files are on the worker's file system (see init)
//   every op of ENGINE_OPERATIONS (operations.js: oldtricks.live.api.OPERATIONS, with what each takes and
//   gives; open_table and play among them), args (object, or a JSON string) -> oldtricks.live.api.call(op,
//   args_json). An op not in OPERATIONS below is an error.
//   Results are the JSON.parse of the string the Python function returns.
// Messages out:  {id, ok: true, result} | {id, ok: false, error, traceback?}
//                {event: "progress", fraction, label}   while "init" runs (fraction 0..1)
//                {event: "fatal", error}                the interpreter is unusable: terminate me
// A Python exception never kills the worker: it becomes {id, ok: false, error, traceback}.

import { ENGINE_OPERATIONS } from "./operations.js";
import { openSnapshot, prepareSnapshot, storeSnapshot, IMPORT_ALL } from "./snapshot.js";

let pyodide = null;
let live = null;
let initPromise = null;
let fatal = null;

const post = (message) => self.postMessage(message);
// After a start from the kept snapshot, how long the engine's files wait to be written (see init).
const UNPACK_LATER_MS = 1500;

// ---- progress ---------------------------------------------------------------------------------
// Stages (fractions): 0 → 0.80 runtime download (bytes of pyodide.asm.wasm, python_stdlib.zip,
// pyodide-lock.json, counted as they stream; sizes from the manifest, else Content-Length),
// 0.80 → 0.90 Python start ("Starting Python"), 0.90 → 0.98 engine install
// (wheel fetch + unpack + import), 1.0 ready.
const DOWNLOAD_SHARE = 0.8;
let lastPost = 0;
let lastFraction = -1;
function progress(fraction, label, force = false) {
  const now = performance.now();
  if (!force && fraction - lastFraction < 0.01 && now - lastPost < 100) return;
  lastPost = now;
  lastFraction = fraction;
  post({ event: "progress", fraction: Math.min(1, Math.max(0, fraction)), label });
}

// Wrap fetch so that the big runtime downloads report streamed progress. Pyodide fetches
// pyodide.asm.wasm (instantiateStreaming), python_stdlib.zip and pyodide-lock.json with the global
// fetch; the caller gets the network's own Response, and a clone of it is read to count bytes.
function trackDownloads(baseURL, sizes) {
  const tracked = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
  const loaded = Object.fromEntries(tracked.map((name) => [name, 0]));
  const total = Object.fromEntries(tracked.map((name) => [name, Number(sizes?.[name]) || 0]));
  const report = () => {
    const sum = (o) => tracked.reduce((acc, name) => acc + o[name], 0);
    const expected = sum(total);
    if (expected > 0) {
      const done = sum(loaded) >= expected;
      progress(
        (DOWNLOAD_SHARE * Math.min(sum(loaded), expected)) / expected,
        done ? "Starting Python" : "Downloading the Python runtime",
        done,
      );
    }
  };
  const originalFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const name = tracked.find((n) => url.startsWith(baseURL) && url.split(/[?#]/)[0].endsWith("/" + n));
    if (!name || !response.ok || !response.body) return response;
    if (!total[name]) total[name] = Number(response.headers.get("content-length")) || 0;
    // Count the bytes on a copy, and hand the original on untouched: the wasm compiler then reads
    // the network stream itself (re-wrapping the body in a JS stream slowed start-up by up to ~100 ms).
    const counter = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await counter.read();
        if (done) return;
        loaded[name] += value.byteLength;
        report();
      }
    })().catch(() => {}); // a failed download fails the original too, and is reported there
    return response;
  };
  return () => {
    self.fetch = originalFetch;
  };
}

// ---- startup ----------------------------------------------------------------------------------
// mode "use": restore the kept snapshot if there is one, else start afresh (a plain start: making a
// snapshot costs the start ~1.2 s of imports under load, so live.js has it made apart, see below);
// "make": start afresh with _makeSnapshot, import every engine module, keep the snapshot, and answer
// once it is kept (live.js runs this in a second, short-lived worker after the page went live).
async function init({ pyodide: runtimeURL, wheel: wheelURL, sizes, stdlib, cache }, mode = "use") {
  if (!runtimeURL || !wheelURL) throw new Error("init needs {pyodide, wheel} URLs");
  const base = new URL(runtimeURL, self.location.href).href.replace(/\/?$/, "/");
  progress(0, "Downloading the Python runtime", true);
  const untrack = trackDownloads(base, sizes);
  const wheelBytes = fetchWheel(wheelURL);
  // A memory snapshot kept by an earlier start (this page's or another's) skips Python's start and
  // the engine's import: ~0.3 s instead of ~2.5 s (issue 19). Read while pyodide.asm.mjs loads.
  const t0 = performance.now();
  const ms = {}; // where this start's time went (info.ms), for the bench
  const stored = openSnapshot(mode === "use" ? cache : null, base);
  let started;
  try {
    started = await startPython(base, stdlib, stored, mode, ms, t0);
  } finally {
    untrack();
  }
  let snapshot = started.snapshot;
  ms.python = performance.now() - t0;
  progress(DOWNLOAD_SHARE + 0.1, "Installing the engine", true);
  if (!(await installEngine(snapshot, wheelBytes, ms, t0))) {
    await stored.drop();
    pyodide = live = null;
    return init({ pyodide: runtimeURL, wheel: wheelURL, sizes, stdlib, cache }, "fresh");
  }
  ms.engine = performance.now() - t0;
  let madeMs = 0;
  if (started.making) ({ snapshot, madeMs } = await keepSnapshot(cache, base, ms));
  const info = JSON.parse(
    pyodide.runPython(
      "import json, sys, oldtricks\n" +
        "json.dumps({'python': sys.version.split()[0], 'engine': getattr(oldtricks, '__version__', None)})",
    ),
  );
  info.pyodide = pyodide.version;
  info.snapshot = snapshot;
  // whether a snapshot should be made for the next start (live.js then has one made apart)
  if (snapshot === "none" && mode !== "make") info.snapshot_wanted = await prepareSnapshot(cache);
  if (snapshot === "made") ms.snapshot_made = madeMs; // what making it added to this start
  info.ms = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v)]));
  progress(1, "Ready", true);
  return info;
}

/** The engine wheel's bytes, its download started now: it overlaps with the runtime's and Python's start. */
function fetchWheel(wheelURL) {
  const wheelBytes = fetch(new URL(wheelURL, self.location.href).href, { cache: "no-cache" }).then(
    async (response) => {
      if (!response.ok) throw new Error(`engine wheel: HTTP ${response.status} for ${response.url}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  );
  wheelBytes.catch(() => {}); // awaited later; avoid an unhandled rejection meanwhile
  return wheelBytes;
}

/** Start Python (`pyodide`): from the kept memory snapshot if there is one that works, else afresh (in
 * mode "make", making a snapshot). Returns {snapshot: "restored" | "none", making}. */
async function startPython(base, stdlib, stored, mode, ms, t0) {
  const options = {
    indexURL: base,
    // the standard library trimmed to what the engine imports (site/oldtricks_runtime/stdlib.py)
    ...(stdlib ? { stdLibURL: new URL(stdlib, self.location.href).href } : {}),
    // Python output goes to the console as log/warn, never console.error (tests treat that as failure).
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
  const { loadPyodide } = await import(base + "pyodide.mjs");
  const present = await stored.present;
  ms.snapshot_read = performance.now() - t0;
  if (present) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: stored.bytes });
      return { snapshot: "restored", making: false };
    } catch (err) {
      // stale, truncated or unreadable: start as if none were kept, and keep a new one
      console.warn("oldtricks: the kept memory snapshot is unusable, starting afresh:", err?.message ?? err);
      pyodide = null;
      await stored.drop();
    }
  }
  const making = mode === "make";
  pyodide = await loadPyodide({ ...options, ...(making ? { _makeSnapshot: true } : {}) });
  return { snapshot: "none", making };
}

/** The engine (`live`) in the Python started: imported at once from a restored snapshot (its files
 * written a moment later), else the wheel unpacked and imported. False: the restored engine fails. */
async function installEngine(snapshot, wheelBytes, ms, t0) {
  // Every step here counts against the reader's wait, so the cheap way each time: `site` is loaded
  // already (sysconfig is not); only the folder that changed is forgotten by the import system
  // (importlib.invalidate_caches() would load importlib.metadata, ~50 ms); the engine's version is
  // its __version__ (importlib.metadata.version() costs ~150 ms).
  const sitePackages = pyodide.runPython(
    "import site, sys\n" +
      "next((p for p in site.getsitepackages() if p in sys.path), site.getsitepackages()[0])",
  );
  const unpack = (wheel) => {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
    pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
  };
  if (snapshot === "restored") {
    // Every module of the engine was imported before the snapshot was made (IMPORT_ALL), so the restored
    // engine answers without its files, which the snapshot does not hold (the file system is not in it).
    // They are written a moment after the page is live, for what reads them later, off the reader's wait
    // (waiting for the wheel and unpacking it took 70-150 ms). Check the restored engine answers before
    // trusting it: a damaged snapshot falls back to a fresh start.
    progress(0.95, "Importing the engine", true);
    try {
      live = pyodide.pyimport("oldtricks.live.api");
      pyodide.runPython("import oldtricks.live.api, oldtricks.core.registry");
    } catch (err) {
      console.warn("oldtricks: the restored engine fails, starting afresh:", err?.message ?? err);
      return false;
    }
    setTimeout(async () => {
      try {
        unpack(await wheelBytes);
      } catch (err) {
        console.warn("oldtricks: the engine's files could not be written:", err?.message ?? err);
      }
    }, UNPACK_LATER_MS);
    return true;
  }
  const wheel = await wheelBytes;
  ms.wheel = performance.now() - t0;
  unpack(wheel);
  ms.unpacked = performance.now() - t0;
  progress(0.95, "Importing the engine", true);
  live = pyodide.pyimport("oldtricks.live.api");
  return true;
}

/** Before any table is opened: the snapshot is the engine just imported, every module of it, so that a
 * restored start imports nothing. The instance goes on as it is (the snapshot is a copy). Returns
 * {snapshot: "made" | "not stored", madeMs: what making it took}. */
async function keepSnapshot(cache, base, ms) {
  const started = performance.now();
  try {
    pyodide.runPython(IMPORT_ALL);
    ms.snapshot_imports = performance.now() - started;
    const bytes = pyodide.makeMemorySnapshot();
    const madeMs = performance.now() - started;
    await storeSnapshot(cache, base, bytes);
    return { snapshot: "made", madeMs };
  } catch (err) {
    console.warn("oldtricks: no memory snapshot kept:", err?.message ?? err);
    return { snapshot: "not stored", madeMs: 0 };
  }
}

// ---- dispatch ---------------------------------------------------------------------------------
const json = (value, fallback) => (typeof value === "string" ? value : JSON.stringify(value ?? fallback));
const engine = (op, args) => live.call(op, json(args, {}));

// Every operation the worker answers besides "init" and "make_snapshot", one row each: the engine's, named
// in operations.js (written from oldtricks.live.api.OPERATIONS, the one table of them) and answered by
// oldtricks.live.api.call; and the worker's own, which look at the worker itself.
const OPERATIONS = {
  ...Object.fromEntries(Object.keys(ENGINE_OPERATIONS).map((op) => [op, engine])),
  // whether the engine's files are on the worker's file system yet (after a restore they come later: init)
  engine_files: () =>
    pyodide.runPython("import json, os, oldtricks; json.dumps({'ok': True, 'written': os.path.isfile(oldtricks.__file__)})"),
};

function dispatch(op, args = {}) {
  if (!live) throw new Error("engine not initialised: send {op: 'init'} first");
  if (!Object.hasOwn(OPERATIONS, op)) throw new Error(`unknown operation ${JSON.stringify(String(op))}`);
  const text = OPERATIONS[op](String(op), args);
  if (typeof text !== "string") {
    if (text && typeof text.destroy === "function") text.destroy();
    throw new Error(`the operation ${op} must answer a JSON string`);
  }
  return JSON.parse(text);
}

function describe(err) {
  // PythonError: message is the whole traceback; keep its last line as the error.
  const text = String(err && err.message !== undefined ? err.message : err);
  if (err && err.constructor && err.constructor.name === "PythonError") {
    const lines = text.trim().split("\n");
    return { error: lines[lines.length - 1], traceback: text };
  }
  return { error: text };
}

function isFatal(err) {
  // Pyodide marks its state unusable after a fatal error (e.g. a wasm trap); later calls throw.
  return Boolean(err && err.pyodide_fatal_error) ||
    /Pyodide has suffered a fatal error|Pyodide already (fatally failed|exited)/.test(String(err && err.message));
}

self.addEventListener("message", async (event) => {
  const { id, op, args } = event.data || {};
  if (fatal) {
    post({ id, ok: false, error: `engine is dead: ${fatal}` });
    return;
  }
  try {
    let result;
    if (op === "init" || op === "make_snapshot") {
      initPromise ??= init(args || {}, op === "init" ? "use" : "make");
      result = await initPromise;
    } else {
      if (initPromise) await initPromise;
      result = dispatch(op, args);
    }
    post({ id, ok: true, result });
  } catch (err) {
    const failure = describe(err);
    if (op === "init") initPromise = null; // a later init may retry
    post({ id, ok: false, ...failure });
    if (isFatal(err)) {
      fatal = failure.error;
      post({ event: "fatal", error: failure.error });
    }
  }
});

self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  console.warn("[oldtricks worker] unhandled rejection:", event.reason);
});
