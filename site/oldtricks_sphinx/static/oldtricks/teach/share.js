// Share links of the sandbox: the engine writes the link (oldtricks.scenarios.links, `v1;g=…`), holding the whole
// game (options, deal, moves, step, viewer, notes); it opens in the game's sandbox page. (A viewer on
// any other page links to what it shows on its own page: widget.js, copyLink.) The build lists those
// pages on every page: <meta name="oldtricks-sandboxes" content='{"bettelmann":
// "sandbox/bettelmann.html", …}'> (URLs relative to the page).
//
// Exports: sandboxPages() -> {game: absolute URL}, sandboxUrl(game) -> URL | null,
// copyText(text) -> Promise<bool>.

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
