// oldtricks live engine: the memory snapshot of a started engine, kept in the reader's browser.
//
// Pyodide's start (instantiating the wasm, initialising Python, importing the engine) takes some 2.5 s;
// restoring a memory snapshot of an interpreter that had done all that takes some 0.3 s (issue 19).
// A snapshot is 30 MB or more, far over the runtime's size targets, so none is shipped: after the first
// start in a browser, a second worker makes one (loadPyodide({_makeSnapshot: true}), every engine module
// imported, makeMemorySnapshot(); worker.js's op "make_snapshot", started by live.js) and keeps it in
// Cache Storage; later starts, on this page or another, in this visit or a later one, offline too,
// restore it (loadPyodide({_loadSnapshot})).
//
// Where: the Cache Storage cache of the runtime's version ("cache" in runtime.json: the service worker's
// own cache, "oldtricks-<Pyodide version>-<digest of the runtime's files and the engine wheel>"), under
// SNAPSHOT_NAME next to pyodide.mjs. A new build has another digest, so another cache: a snapshot is
// never restored into another runtime or engine, and the service worker's activation deletes the older
// caches with their snapshots. The entry's X-Oldtricks-Bytes header gives its length: a truncated
// entry is refused before Pyodide reads it (Pyodide itself checks the snapshot's magic number and
// build id). Whatever goes wrong (no Cache Storage, storage full or refused, a private window, a
// damaged entry) costs at most a normal start: the caller falls back to one, and the entry is dropped.
//
// Used by worker.js only (esbuild bundles it into worker.js).

/** Bump when what the worker puts in a snapshot changes (IMPORT_ALL, the state it is taken in). */
const SNAPSHOT_NAME = "oldtricks-snapshot-1.bin";
const LENGTH_HEADER = "X-Oldtricks-Bytes";
// Free storage below which no snapshot is made (it takes ~32 MB; leave the browser room for the rest).
const ROOM_BYTES = 128 * 1024 * 1024;

/** Python run before the snapshot: every module of the engine wheel imported (the game packages,
 * analysis, the strong bots), so that a restored engine imports nothing more. A module that cannot be
 * imported is left out here: it fails later the way it would have without the snapshot. */
export const IMPORT_ALL = `
import os, oldtricks
def _modules(package, folder):
    # not pkgutil: the trimmed standard library holds only what the engine imports
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        # the site's wheel holds bytecode (NAME.pyc, bytecode.py); an unbundled test site may hold sources
        stem, ext = os.path.splitext(name)
        if ext in (".py", ".pyc") and stem != "__init__":
            yield package + "." + stem
        elif os.path.isfile(os.path.join(path, "__init__.pyc")) or os.path.isfile(os.path.join(path, "__init__.py")):
            yield package + "." + name
            yield from _modules(package + "." + name, path)
for _name in _modules("oldtricks", oldtricks.__path__[0]):
    try:
        __import__(_name)
    except Exception:
        pass
del _modules, _name
`;

const NONE = "no snapshot kept";

const keyOf = (base) => new URL(SNAPSHOT_NAME, base).href;

const storage = () => (typeof caches === "undefined" ? null : caches);

/**
 * The snapshot kept for this runtime, if any: {present: Promise<boolean>, bytes: Promise<Uint8Array>,
 * drop(): Promise<void>}. `bytes` rejects when `present` is false; both never throw otherwise.
 */
export function openSnapshot(cacheName, base) {
  const store = storage();
  const key = keyOf(base);
  const bytes = (async () => {
    if (!store || !cacheName || !(await store.has(cacheName))) throw new Error(NONE);
    const response = await (await store.open(cacheName)).match(key);
    if (!response) throw new Error(NONE);
    const expected = Number(response.headers.get(LENGTH_HEADER));
    const data = new Uint8Array(await response.arrayBuffer());
    if (!expected || data.byteLength !== expected) {
      throw new Error(`snapshot of ${data.byteLength} bytes, ${expected || "unknown"} expected`);
    }
    return data;
  })();
  bytes.catch(() => {}); // read by the caller only when present
  return {
    present: bytes.then(
      () => true,
      (err) => {
        if (err.message !== NONE) {
          console.warn("oldtricks: the kept memory snapshot is unreadable:", err.message);
          return dropSnapshot(cacheName, key).then(() => false);
        }
        return false;
      },
    ),
    bytes,
    drop: () => dropSnapshot(cacheName, key),
  };
}

async function dropSnapshot(cacheName, key) {
  try {
    const store = storage();
    if (store && cacheName && (await store.has(cacheName))) await (await store.open(cacheName)).delete(key);
  } catch {
    // nothing kept, or nothing to be done about it: the next start tries again
  }
}

/** Whether this start should make a snapshot: somewhere to keep it, room, and no request to save data. */
export async function prepareSnapshot(cacheName) {
  if (!storage() || !cacheName) return false;
  if (self.navigator?.connection?.saveData) return false;
  try {
    const { quota, usage } = (await self.navigator?.storage?.estimate?.()) ?? {};
    if (Number.isFinite(quota) && Number.isFinite(usage) && quota - usage < ROOM_BYTES) return false;
  } catch {
    // no estimate: try, and let the put fail
  }
  return true;
}

/** Keep `data` (makeMemorySnapshot()'s bytes) for this runtime; the snapshots of other versions go.
 * Rejects when the browser refuses to keep it (quota, private window): the engine runs on regardless. */
export async function storeSnapshot(cacheName, base, data) {
  const store = storage();
  const key = keyOf(base);
  const cache = await store.open(cacheName);
  const headers = { "Content-Type": "application/octet-stream", [LENGTH_HEADER]: String(data.byteLength) };
  try {
    await cache.put(key, new Response(data, { headers }));
  } catch (err) {
    await cache.delete(key).catch(() => {});
    throw err;
  }
  // Where no service worker runs to delete older caches, at least their snapshots go.
  const prefix = cacheName.slice(0, cacheName.indexOf("-") + 1); // "oldtricks-"
  for (const name of await store.keys()) {
    if (name !== cacheName && prefix && name.startsWith(prefix)) await dropSnapshot(name, key);
  }
}
