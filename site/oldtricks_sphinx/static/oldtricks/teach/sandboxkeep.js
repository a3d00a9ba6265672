// The sandbox's game kept: its link, in the address and the link field (following each change), per game
// in the browser's storage (localStorage "oldtricks.sandbox.v1.<game>": {link, bots}), copied, as a
// scenario file, and dropped to start over. The engine writes the link and the file.
//
// Exports: linkUrl(sb), linkChanged(sb), syncLink(sb) -> Promise<link | "">, savedGame(sb) -> {link, bots}
// | null, copyLink(sb), download(sb), startOver(sb); `sb` is the Sandbox (sandbox.js: its methods url,
// changed, sync, saved, copyLink, download and startOver call them).
import { h } from "../dom.js";
import { copyText } from "./share.js";
import { TABLE } from "./sandbox.js";
import { t } from "../words.js";

const STORE = "oldtricks.sandbox.v1.";

/** The address of the game shown, on this page. */
export function linkUrl(sb) {
  return `${location.href.split("#")[0]}#${sb.link}`;
}

/** Something changed (a move, a note, the step or view): the link follows, soon. */
export function linkChanged(sb) {
  clearTimeout(sb.syncTimer);
  sb.syncTimer = setTimeout(() => sb.sync(), 120);
}

/** The link of the game shown, from the engine, into the link field, the address and the browser's
 * storage now; resolves to it ("" if none could be made). */
export async function syncLink(sb) {
  clearTimeout(sb.syncTimer);
  const w = sb.widget;
  if (!w) return "";
  const r = await sb.call("link_of_table", {key: TABLE, step: w.stepOf(w.index), viewer: w.view});
  if (!r.ok) { w.setMessage(t("No link could be made: {error}", {error: r.error}), {kind: "error"}); return ""; }
  sb.link = r.link;
  sb.linkField.value = sb.url();
  sb.root.dataset.link = r.link;
  try {
    history.replaceState(history.state, "", `#${r.link}`);
  } catch (err) { /* the link field still holds it */ }
  try {
    localStorage.setItem(STORE + sb.game, JSON.stringify({link: r.link, bots: [...sb.bots]}));
  } catch (err) { /* storage full or blocked: the address still holds the game */ }
  return r.link;
}

/** The game this sandbox kept in the browser's storage, if any. */
export function savedGame(sb) {
  try {
    const data = JSON.parse(localStorage.getItem(STORE + sb.game) || "null");
    return data && typeof data.link === "string" ? data : null;
  } catch (err) {
    return null;
  }
}

export async function copyLink(sb) {
  if (!(await sb.sync())) return;
  const url = sb.url();
  const copied = await copyText(url);
  sb.widget.setMessage(copied ? t("Link copied: it opens this game at this step.") : t("Copy this link:"), {field: url});
}

export async function download(sb) {
  const w = sb.widget;
  if (!w) return;
  const r = await sb.call("scenario_toml", {key: TABLE, viewer: w.view});
  if (!r.ok) { w.setMessage(t("No scenario file could be made: {error}", {error: r.error}), {kind: "error"}); return; }
  const url = URL.createObjectURL(new Blob([r.toml], {type: "application/toml"}));
  const a = h("a", {href: url, download: r.name, hidden: true});
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  w.setMessage(t("Scenario file {name} made. Check it with: {command}", {name: r.name, command: `python -m oldtricks check ${r.name}`}));
}

/** Drop the saved game and deal afresh; the first click asks, the second (within 5 s) does it. */
export async function startOver(sb) {
  const btn = sb.startOverBtn;
  if (!btn.dataset.armed) {
    btn.dataset.armed = "1";
    btn.textContent = t("Discard this game? Click again");
    setTimeout(() => { delete btn.dataset.armed; btn.textContent = t("Start over"); }, 5000);
    return;
  }
  delete btn.dataset.armed;
  btn.textContent = t("Start over");
  try {
    localStorage.removeItem(STORE + sb.game);
  } catch (err) { /* nothing kept */ }
  sb.say("");
  await sb.fresh();
}
