// Share links for a line the reader played: the engine writes the link (oldtricks.links, `v1;g=…`),
// holding the whole line (game, options, deal, moves, step, viewer, notes); it opens in the game's
// sandbox page. The build lists those pages on every page: <meta name="oldtricks-sandboxes"
// content='{"bettelmann": "sandbox/bettelmann.html", …}'> (URLs relative to the page).
//
// Exports: sandboxPages() -> {game: absolute URL}, sandboxUrl(game) -> URL | null,
// copyText(text) -> Promise<bool>, copyBranchLink(widget) (the viewer's Link button while live).

export function sandboxPages() {
  const meta = document.querySelector('meta[name="oldtricks-sandboxes"]');
  let pages = {};
  try {
    pages = meta ? JSON.parse(meta.getAttribute("content") || "{}") : {};
  } catch (err) {
    pages = {};
  }
  const out = {};
  for (const [game, url] of Object.entries(pages)) {
    if (typeof url === "string") out[game] = new URL(url, document.baseURI).href.split("#")[0];
  }
  return out;
}

/** The sandbox page for a game's links: its own, else any (every sandbox opens every game). */
export function sandboxUrl(game) {
  const pages = sandboxPages();
  return pages[game] || Object.values(pages)[0] || null;
}

export async function copyText(text) {
  if (!navigator.clipboard || !window.isSecureContext) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (err) {
    return false;
  }
}

/** The Link button of a viewer showing a live line (the reader played, or switched a rule). */
export async function copyBranchLink(w) {
  const engine = w.live && w.live.engine;
  const base = sandboxUrl(w.data.game);
  if (!engine || !base) {
    w.setMessage(base ? "The live engine is not loaded." : "This site has no sandbox page, so a line you played cannot be linked.",
      {kind: "error"});
    return;
  }
  let r;
  try {
    r = await engine.call("link_of_table", {key: w.id, step: w.stepOf(w.index), viewer: w.view});
  } catch (err) {
    r = {ok: false, error: err && err.message ? err.message : String(err)};
  }
  if (!r || !r.ok) {
    w.setMessage(`No link could be made: ${(r && r.error) || "the engine did not answer"}`, {kind: "error"});
    return;
  }
  const url = `${base}#${r.link}`;
  const copied = await copyText(url);
  w.setMessage(copied ? "Link to the line you played copied; it opens in the sandbox:" : "Copy this link to the line you played (it opens in the sandbox):",
    {field: url});
}
