// A page's viewers' data, as the build stores it (scenario.py, engine/oldtricks/scenarios/framepack.py): read
// once per page, unpacked, and each viewer's frames rebuilt from their patches.
//
// Exports: readData(root) -> Promise<data>, prefetchMore() -> Promise, applyPatch(old, patch),
// decodeFrames(stored) -> frames, unpacked(block) -> Promise (a packed block's JSON).

/**
 * Read a viewer's data. A page holds its viewers' data once, before its first viewer:
 * `<script type="application/json" id="oldtricks-page">` with each game's options and the rules the
 * viewers name (shared), and each viewer's own data by scenario id. The build stores it compressed
 * (`packed`: raw DEFLATE, base64) with every frame after a viewer's first as a patch against the frame
 * before it (engine/oldtricks/scenarios/framepack.py); both are undone here. Frames are shared between steps
 * where they did not change: treat them as read-only.
 */
export async function readData(root) {
  const id = root.dataset.scenario || root.id;
  const page = await pageData();
  if (!page.viewers[id] && page.more) await loadMore(page);
  const own = page.viewers[id];
  if (!own) throw new Error(`this page holds no data for scenario ${JSON.stringify(id)}`);
  const data = {...own};
  if (page.patched) data.frames = decodeFrames(own.frames);
  const values = data.option_values || {};
  data.options = data.options || (page.games[data.game] || []).map((o) => ({...o, value: values[o.key] ?? o.default}));
  data.rules = data.rules || Object.fromEntries((data.rule_ids || []).filter((r) => page.rules[r]).map((r) => [r, page.rules[r]]));
  return data;
}

let shared = null;
function pageData() {
  if (!shared) shared = (async () => {
    const el = document.getElementById("oldtricks-page");
    const block = el ? JSON.parse(el.textContent) : {};
    const page = {games: {}, rules: {}, viewers: {}, ...(await unpacked(block))};
    // the later viewers' data, in a file of its own (scenario.py, write_more): fetched once, when needed
    page.more = typeof block.more === "string" ? new URL(block.more, document.baseURI).href : null;
    return page;
  })();
  return shared;
}

export async function unpacked(block) {
  if (typeof block.packed !== "string") return block;
  const bytes = Uint8Array.from(atob(block.packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(stream).text());
}

let more = null;
/** The page's later viewers' data, added to the page's (once; a failed fetch is tried again later). */
function loadMore(page) {
  if (!more) more = (async () => {
    const response = await fetch(page.more);
    if (!response.ok) throw new Error(`${page.more}: HTTP ${response.status}`);
    Object.assign(page.viewers, (await unpacked(await response.json())).viewers || {});
  })().catch((err) => { more = null; throw err; });
  return more;
}

/** Fetch the later viewers' data before the reader scrolls to them (once the first ones are drawn). */
export async function prefetchMore() {
  const page = await pageData();
  if (page.more) await loadMore(page).catch(() => {}); // a viewer that needs it tries again
}

/** Undo a patch of engine/oldtricks/scenarios/framepack.py (which documents the forms): the value `patch` makes of `old`. */
export function applyPatch(old, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  if ("~s" in patch) {
    const [head, start, length, tail] = patch["~s"];
    return head.concat(old.slice(start, start + length), tail);
  }
  if ("~l" in patch) {
    const items = old.slice();
    for (const [i, item] of Object.entries(patch["~l"])) items[Number(i)] = applyPatch(old[Number(i)], item);
    return items;
  }
  if ("~d" in patch || "~x" in patch) {
    const out = {...old};
    for (const [key, item] of Object.entries(patch["~d"] || {})) {
      // defineProperty rather than `out[key] =`, which for a key "__proto__" would not make an own key
      Object.defineProperty(out, key, {value: Object.hasOwn(old, key) ? applyPatch(old[key], item) : item,
        writable: true, enumerable: true, configurable: true});
    }
    for (const key of patch["~x"] || []) delete out[key];
    return out;
  }
  return patch;
}

/** A viewer's frames from their stored form: the first whole, each later one a patch of the one before. */
export function decodeFrames(stored) {
  const frames = [];
  for (const item of stored) frames.push(frames.length ? applyPatch(frames[frames.length - 1], item) : item);
  return frames;
}
