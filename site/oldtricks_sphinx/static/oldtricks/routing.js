// The page's address and its viewers: a link to a step (`#id@N`) opens it, a step's link is written
// into the address, Back and Forward come back to it (routeHash on hashchange).
//
// Exports: routeHash(scroll, landing?), routeLinkClick(event), cancelLink(), writeDueLink(), linkDue,
// LINK_DELAY, hashText(hash?), parseHash(raw), holdTarget(id), settingsText(w), readerHasMoved().
import { FRAMED, scrollToView } from "./framed.js";
import { t } from "./words.js";
import { drawKeepingPlace, isNear, isShown } from "./mounting.js";
import { mount, widgets } from "./widget.js";

// The link a step is due to write (Widget.writeHashSoon): one for the page, the latest step's.
export const LINK_DELAY = 120;
export const linkDue = {w: null, timer: 0, was: ""};
export function cancelLink() { clearTimeout(linkDue.timer); linkDue.w = null; }
export function writeDueLink() {
  const w = linkDue.w;
  linkDue.w = null;
  // the reader followed a link meanwhile (its hashchange may not have come yet): that link stays
  if (w && location.hash === linkDue.was) w.writeHash();
}
// a link still due when the reader leaves the page is written then (the history entry keeps it)
window.addEventListener("pagehide", writeDueLink);

export function hashText(hash = location.hash) {
  try {
    return decodeURIComponent(hash.replace(/^#/, ""));
  } catch (e) {
    return hash.replace(/^#/, ""); // a malformed %-escape: use it as written
  }
}

/** Open the viewer and step named by the hash (`#ID@N`, or `#ID`). On the first load (`landing`),
 * a hash naming any other element (a rule box further down) is scrolled to again: the browser
 * scrolled there before the viewers above it had grown. */
export function routeHash(scroll, landing = false) {
  const raw = hashText();
  if (!raw) return;
  const {id, step} = parseHash(raw);
  const w = widgets.get(id);
  if (w) {
    // A framed viewer opening never scrolls or takes focus: its host page stays where its reader is.
    w.openAt(step, scroll && !(landing && (readerMoved || FRAMED)));
    return;
  }
  const waiting = document.getElementById(id);
  if (waiting && waiting.classList.contains("ot-pending")) {  // a viewer not drawn yet: draw it, then open
    if (scroll) scrollToView(waiting, "start");
    // ... in view and with the focus, unless the reader has gone elsewhere meanwhile (or closed its fold)
    mount(waiting).then((late) => { if (late) late.openAt(step, scroll && !FRAMED && isNear(late.root)); });
    return;
  }
  const target = document.getElementById(raw);
  if (target) {
    if (landing && !readerMoved && !FRAMED) target.scrollIntoView({block: "start", behavior: "instant"});
    return;
  }
  if (step !== null && id) {
    const say = (w) => w && w.setMessage(t("The link names a game \"{id}\" that is not on this page.", {id}));
    if (widgets.size) {
      say(widgets.values().next().value);
      return;
    }
    // none drawn yet (the viewers near the top wait in closed folds): the first one shown is drawn to
    // say it, else the page's first
    const roots = [...document.querySelectorAll(".oldtricks-widget")];
    const root = roots.find(isShown) || roots[0];
    if (root) drawKeepingPlace(root).then(say);
  }
}

/** A click on a link to a viewer of this page (`#id@step`, `#id`: a rule box's "Shown in") is routed
 * here, once: the address takes the link as a new entry of the history, as the browser would, and the
 * viewer opens at its step, in view, with the focus. The browser does not follow the link itself: its
 * hashchange comes as a task of its own, later, and under load came after the reader had moved on
 * (had closed the fold the link opened, which the late event opened again). tabs.js has shown the
 * viewer on the same click (opened its fold, chosen its tab): its listener is on the document, this
 * one on the window, after it. Back and Forward still come as a hashchange (routeHash). */
export function routeLinkClick(event) {
  const link = event.target.closest ? event.target.closest("a[href*='#']") : null;
  if (!link || event.defaultPrevented || event.button !== 0) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;  // a new tab or window
  if ((link.target && link.target !== "_self") || link.origin !== location.origin
    || link.pathname !== location.pathname || link.search !== location.search || !link.hash) return;
  const root = document.getElementById(parseHash(hashText(link.hash)).id);
  if (!root || !root.classList.contains("oldtricks-widget")) return;
  event.preventDefault();
  cancelLink();
  try {
    if (link.hash === location.hash) history.replaceState(history.state, "", link.hash);
    else history.pushState(null, "", link.hash);
  } catch (err) { /* an opaque or sandboxed page: the viewer opens all the same */ }
  routeHash(true);
}

/** Keep the link's target in view while the viewers above it grow (a frame at a time, not each viewer). */
export function holdTarget(id) {
  if (FRAMED) return;
  const target = document.getElementById(id);
  if (target) target.scrollIntoView({block: "start", behavior: "instant"});
}

/** What the reader set that a link keeps: the view when it is not the author's, the hands hidden,
 * and what other modules add (w.settingWriters: functions returning "key=value" or ""). */
export function settingsText(w) {
  const out = [];
  if (w.view !== w.authorView) out.push(`view=${w.view === null ? "all" : w.view}`);
  if (w.hidden.size) out.push(`hide=${[...w.hidden].sort((a, b) => a - b).join(".")}`);
  for (const write of Object.values(w.settingWriters)) { const t = write(); if (t) out.push(t); }
  return out.map((t) => `;${t}`).join("");
}

/** `ID@N` -> {id: ID, step: "N"}; `ID` -> {id: ID, step: null} (the author's step). */
export function parseHash(raw) {
  const at = raw.lastIndexOf("@");
  return at >= 0 ? {id: raw.slice(0, at), step: raw.slice(at + 1)} : {id: raw, step: null};
}

// Whether the reader has scrolled or pressed a key since the page opened: then a late re-scroll to
// the link's target would yank the page away from where the reader went.
let readerMoved = false;
export const readerHasMoved = () => readerMoved;
for (const type of ["wheel", "touchmove", "keydown", "mousedown"]) {
  window.addEventListener(type, () => { readerMoved = true; }, {capture: true, passive: true, once: true});
}
