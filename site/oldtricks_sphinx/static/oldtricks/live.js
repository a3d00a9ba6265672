// oldtricks live engine: main-thread client (ES module).
//
//   import { getEngine } from "./live.js";
//   const engine = await getEngine({ onProgress: (fraction, label) => … });   // fraction 0..1
//   await engine.open(key, spec, options)      -> {ok: true, frames: [...]} | {ok: false, error, rule}
//   await engine.play(key, step, move, bots)   -> same shape; frames for steps step+1 onward
//   await engine.call(op, args)                -> whatever oldtricks.live.api.call(op, args_json) returns, parsed
//
// One engine (one module Worker running Pyodide) per page, memoised: every getEngine() call
// returns the same promise; each call's onProgress is subscribed and first receives the latest
// progress. open/play never reject: a Python exception or a dead worker resolves to
// {ok: false, error, rule: null, traceback?}. call() rejects with an Error (message = last line
// of the Python traceback, .traceback = all of it). If loading fails, or the worker dies, the
// memo is cleared and the next getEngine() starts afresh.
//
// Where the runtime is — every URL relative, so the site works under any sub-path, offline:
//   Each of the two locations is taken from the first of these that gives it:
//   1. <meta name="oldtricks-runtime" content="URL of the Pyodide folder, trailing slash">
//      <meta name="oldtricks-wheel"   content="URL of the engine wheel">
//      relative to the page (document.baseURI);
//   2. <html data-oldtricks-runtime="…" data-oldtricks-wheel="…">, relative to the page;
//   3. the manifest written at build time next to this module, ./runtime.json:
//      {"pyodide": "../pyodide/", "wheel": "../wheels/oldtricks-0.1.0-py3-none-any.whl",
//       "stdlib": "../pyodide/python_stdlib.zip", "cache": "oldtricks-<version>", "sizes": {…}}
//      relative to the manifest itself. It is fetched only when 1 and 2 leave something out. Its
//      "stdlib" (the trimmed standard library) goes to loadPyodide as stdLibURL; without it, Pyodide
//      takes python_stdlib.zip from the runtime's folder. Its "cache" (the service worker's cache of
//      this runtime's version) is where the worker keeps the engine's memory snapshot (snapshot.js).
// The worker is ./worker.js next to this module.

import { t } from "./words.js";

const MANIFEST_URL = new URL("./runtime.json", import.meta.url);
const WORKER_URL = new URL("./worker.js", import.meta.url);

let enginePromise = null;

function fromPage(name) {
  const meta = document.querySelector(`meta[name="oldtricks-${name}"]`);
  const value = meta?.getAttribute("content") || document.documentElement.getAttribute(`data-oldtricks-${name}`);
  return value ? new URL(value, document.baseURI).href : null;
}

async function locateRuntime() {
  let pyodide = fromPage("runtime");
  let wheel = fromPage("wheel");
  let sizes = null;
  let stdlib = null;
  let keep = null;
  let cache = null;
  if (!pyodide || !wheel) {
    const response = await fetch(MANIFEST_URL, { cache: "no-cache" });
    if (!response.ok) throw new Error(`oldtricks: runtime manifest ${MANIFEST_URL.href}: HTTP ${response.status}`);
    const manifest = await response.json();
    pyodide ??= manifest.pyodide && new URL(manifest.pyodide, MANIFEST_URL).href;
    wheel ??= manifest.wheel && new URL(manifest.wheel, MANIFEST_URL).href;
    sizes = manifest.sizes || null;
    stdlib = manifest.stdlib ? new URL(manifest.stdlib, MANIFEST_URL).href : null;
    cache = typeof manifest.cache === "string" ? manifest.cache : null;
    if (manifest.service_worker) {
      keep = {
        worker: new URL(manifest.service_worker, MANIFEST_URL).href,
        urls: (manifest.keep || []).map((url) => new URL(url, MANIFEST_URL).href),
      };
    }
    if (!pyodide || !wheel) throw new Error(`oldtricks: ${MANIFEST_URL.href} must give "pyodide" and "wheel"`);
  }
  if (!pyodide.endsWith("/")) pyodide += "/";
  return { where: { pyodide, wheel, sizes, stdlib, cache }, keep };
}

// The site's service worker (oldtricks-sw.js, written by the build) keeps the runtime, and the pages
// read, for the next page and for reading offline. It is registered when the engine first starts,
// and the engine's worker waits for it (at most KEEPER_WAIT_MS, once: later pages find it running)
// so that the runtime's first download goes through it and is kept as it comes. Where service
// workers are off (or blocked, or the page is not served over http), nothing changes.
const KEEPER_WAIT_MS = 400;

async function startKeeper(keep) {
  if (!keep || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return null;
  const scope = new URL("./", keep.worker).href;
  const registration = navigator.serviceWorker.register(keep.worker, { scope });
  registration.catch((err) => {
    console.warn("oldtricks: the runtime is not kept for the next page:", err && err.message ? err.message : err);
  });
  if (navigator.serviceWorker.controller) return { registration };
  const controlled = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
  const refused = registration.then(() => new Promise(() => {}), () => {}); // ends the wait only if refused
  await Promise.race([controlled, refused, new Promise((resolve) => setTimeout(resolve, KEEPER_WAIT_MS))]);
  return { registration }; // wrapped: a rejected registration must not fail the engine
}

/** Once live: ask the service worker to keep what it has not seen go by (this page, loaded before
 * it ran; the runtime, if the engine's worker started before it did). When it has, the page is
 * marked <html data-ot-kept="VERSION">: from then on it goes live offline. */
async function keepForLater(keep, { registration }) {
  try {
    navigator.serviceWorker.addEventListener("message", (event) => {
      const message = event.data || {};
      if (message.op === "kept" && typeof message.version === "string") {
        document.documentElement.dataset.otKept = message.version;
      }
    });
    const active = (await registration).active || (await navigator.serviceWorker.ready).active;
    const page = [
      location.href.split("#")[0],
      ...performance.getEntriesByType("resource").map((e) => e.name),
      ...Array.from(document.images, (img) => img.currentSrc || img.src), // the plots not yet scrolled to
    ];
    active?.postMessage({ op: "keep", urls: [...keep.urls, ...page] });
  } catch {
    // reported where it was registered
  }
}

// The engine's memory snapshot, for the next start (snapshot.js), is made apart from the reader's
// engine: in a second worker, once the page has been live a while, which ends when it is kept. Made by
// the reader's engine itself it would add the import of every engine module (~1.2 s under load) to
// the first start.
const SNAPSHOT_DELAY_MS = 2000;

function makeSnapshot(where) {
  const maker = new Worker(WORKER_URL, { type: "module", name: "oldtricks-snapshot" });
  const done = (state) => {
    maker.terminate();
    document.documentElement.dataset.otSnapshot = state;
  };
  maker.addEventListener("message", (event) => {
    const message = event.data || {};
    if (message.id !== 1) return; // its progress
    done(message.ok && message.result.snapshot === "made" ? "stored" : "not stored");
  });
  maker.addEventListener("error", (event) => {
    event.preventDefault();
    done("not stored");
  });
  maker.postMessage({ id: 1, op: "make_snapshot", args: where });
}

// The loading's steps in the page's words: this module and the worker name them in English, the source text.
const STEPS = {
  "Starting": () => t("Starting"),
  "Locating the runtime": () => t("Locating the runtime"),
  "Downloading the Python runtime": () => t("Downloading the Python runtime"),
  "Starting Python": () => t("Starting Python"),
  "Installing the engine": () => t("Installing the engine"),
  "Importing the engine": () => t("Importing the engine"),
  "Ready": () => t("Ready"),
};
const stepWords = (label) => (Object.hasOwn(STEPS, label) ? STEPS[label]() : label);

/** The loading's progress: emit(fraction, label) passes it on to every listener subscribed (the label in
 * the page's words), never backwards; a listener subscribed late first receives the latest. */
function progress() {
  const listeners = new Set();
  let latest = [0, "Starting"];
  const emit = (fraction, label) => {
    fraction = Math.max(latest[0], Math.min(1, Number(fraction) || 0)); // monotonic
    if (fraction === latest[0] && label === latest[1]) return;
    latest = [fraction, label];
    for (const listener of listeners) {
      try {
        listener(fraction, stepWords(label));
      } catch (err) {
        console.warn("oldtricks: onProgress threw", err);
      }
    }
  };
  const subscribe = (listener) => {
    listeners.add(listener);
    listener(latest[0], stepWords(latest[1]));
  };
  return { emit, subscribe };
}

/** The module Worker and the calls waiting for its answers: spawn() starts it, send(op, args) asks it
 * (a promise of its answer), die(reason) ends it and rejects every call waiting (then onDie()). */
function channel(emit, onDie) {
  const pending = new Map();
  let nextId = 1;
  let dead = null;
  let worker = null; // started once the runtime is located (and its keeper, the service worker, is up)

  const die = (reason) => {
    if (dead) return;
    dead = reason;
    worker?.terminate();
    onDie();
    for (const { reject } of pending.values()) reject(new Error(`oldtricks engine stopped: ${reason}`));
    pending.clear();
  };

  const spawn = () => {
    worker = new Worker(WORKER_URL, { type: "module", name: "oldtricks-live" });
    worker.addEventListener("message", (event) => {
      const message = event.data || {};
      if (message.event === "progress") return emit(message.fraction, message.label);
      if (message.event === "fatal") return die(message.error);
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.ok) {
        entry.resolve(message.result);
      } else {
        const error = new Error(message.error || "oldtricks engine error");
        error.traceback = message.traceback;
        entry.reject(error);
      }
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      die(event.message || "worker failed to start (could not load worker.js or pyodide.mjs?)");
    });
    worker.addEventListener("messageerror", () => die("unreadable message from the worker"));
  };

  const send = (op, args) =>
    new Promise((resolve, reject) => {
      if (dead) return reject(new Error(`oldtricks engine stopped: ${dead}`));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args });
    });

  return { spawn, send, die };
}

function startEngine() {
  const { emit, subscribe } = progress();
  const { spawn, send, die } = channel(emit, () => {
    if (enginePromise === promise) enginePromise = null;
  });
  const asResult = (err) => ({ ok: false, error: err.message, rule: null, traceback: err.traceback });

  const engine = {
    info: null,
    open: (key, spec, options = {}) => send("open_table", { key, spec, options }).catch(asResult),
    play: (key, step, move, bots = [], level = "simple") => send("play", { key, step, move, bots, level }).catch(asResult),
    call: (op, args = {}) => send(op, args),
    terminate: () => die("terminated"),
  };

  const promise = (async () => {
    try {
      emit(0, "Locating the runtime");
      const { where, keep } = await locateRuntime();
      const keeper = await startKeeper(keep);
      spawn();
      engine.info = await send("init", where);
      // the engine writes in the page's language (<html lang>: the edition's); one it does not speak: it stays in English
      const lang = document.documentElement.lang || "en";
      const said = await send("language", { lang });
      engine.info.lang = said.ok ? said.lang : "en";
      // <html data-ot-snapshot>: "restored" (this start came from a kept memory snapshot) or "none"
      // (then "stored" or "not stored" once one was made for the next start, or could not be kept)
      document.documentElement.dataset.otSnapshot = engine.info.snapshot;
      if (engine.info.snapshot_wanted) setTimeout(() => makeSnapshot(where), SNAPSHOT_DELAY_MS);
      emit(1, "Ready");
      if (keeper) keepForLater(keep, keeper);
      return engine;
    } catch (err) {
      die(err.message);
      throw err;
    }
  })();
  promise.subscribe = subscribe;
  return promise;
}

/**
 * The page's live engine, loading it on first call.
 * @param {{onProgress?: (fraction: number, label: string) => void}} [options]
 */
export async function getEngine({ onProgress } = {}) {
  enginePromise ??= startEngine();
  const promise = enginePromise;
  if (typeof onProgress === "function") promise.subscribe(onProgress);
  return promise;
}
