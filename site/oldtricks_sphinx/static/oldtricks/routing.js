// The page's address and its viewers: a link to a step (`#id@N`) opens it, a step's link is written
// into the address, Back and Forward come back to it (routeHash on hashchange). A viewer's link is its
// step and what the reader set (`#id@N;view=0;hide=1.3;line=…`): opened by openAt, written by writeLink.
//
// Exports: routeHash(scroll, landing?), routeLinkClick(event), cancelLink(), writeDueLink(), linkDue,
// LINK_DELAY, hashText(hash?), parseHash(raw), holdTarget(id), settingsText(w), readerHasMoved(),
// and for the widget `w` (widget.js's methods of the same names call them): linkFragment(w),
// writeLink(w), writeLinkSoon(w), copyLink(w), openAt(w, stepText, scroll).
import { FRAMED, scrollToView } from "./framed.js";
import { nt, t } from "./words.js";
import { drawKeepingPlace, isNear, isShown } from "./mounting.js";
import { mount, widgets } from "./widget.js";

// The link a step is due to write (writeLinkSoon): one for the page, the latest step's.
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

/** The link's fragment: `ID@STEP`, then what the reader set (`;view=SEAT`, `;hide=SEAT.SEAT`). */
export function linkFragment(w) {
  return `${w.id}@${w.stepOf(w.index)}${settingsText(w)}`;
}

/** Write the link of what `w` shows into the address now. */
export function writeLink(w) {
  if (linkDue.w) cancelLink();
  try {
    history.replaceState(history.state, "", `#${w.hashText()}`);
  } catch (e) { /* e.g. a sandboxed page: the link still works through copy-link */ }
}

/** Write the link once the reader stops stepping (LINK_DELAY ms after the last step), not at every
 * step: history.replaceState saves the page's scroll position and state, a quarter of a step's time
 * on a rules page (bench/browser_bench.py, stepping), and before the step is drawn it delays the
 * drawing; a run of steps (a key held, the play timer) writes one link. */
export function writeLinkSoon(w) {
  if (linkDue.w) clearTimeout(linkDue.timer);
  else linkDue.was = location.hash;
  linkDue.w = w;
  linkDue.timer = setTimeout(writeDueLink, LINK_DELAY);
}

/** The link to what is shown, on this page: the step, and the side line, the other rules, the view,
 * the hidden hands and the analysis (settingsText); only a sandbox links into the sandbox. */
export function copyLink(w) {
  const url = w.stepUrl();
  w.writeHash();
  const fallback = () => w.setMessage(t("Copy this link:"), {field: url});
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(url).then(() => w.setMessage(t("Link copied: {url}", {url})), fallback);
  } else {
    fallback();
  }
}

/** Open `w` at a step named by a link (null: the author's step); out of range: a message and step 0.
 * The Analysis toggle the link names is turned on with the line or the rules it names. */
export function openAt(w, stepText, scroll) {
  w.pendingAnalysis = false;
  const opened = openLinked(w, stepText, scroll);
  if (w.pendingAnalysis && w.live.toggleAnalysis) {
    // on at once, without writing the address (it is the link's until what it names is open): a side
    // line or other rules go live by themselves and the analysis follows; a step of the book goes live
    w.pendingAnalysis = false;
    w.live.analysing = true;
    if (opened === undefined) w.live.drive("analysisOn");
    else w.render();
  }
}

function openLinked(w, stepText, scroll) {
  w.pendingLine = w.pendingRules = w.pendingSeed = null;
  if (stepText !== null) stepText = takeSettings(w, stepText);
  if (w.pendingRules && !w.pendingLine) {
    // other rules side by side (and a deal the engine found for them): the live engine opens them
    const [rules, seed] = [w.pendingRules, w.pendingSeed];
    w.pendingRules = w.pendingSeed = null;
    const opened = w.live.drive("openRules", rules, seed, /^\d+$/.test(stepText) ? Number(stepText) : null);
    if (scroll) bringIntoView(w);
    return opened;
  }
  if (w.pendingLine) {
    const opened = openLine(w, stepText);
    if (scroll) bringIntoView(w);
    return opened;
  }
  const step = stepText === null ? w.stepOf(w.startIndex) : /^\d+$/.test(stepText) ? Number(stepText) : NaN;
  const i = Number.isNaN(step) ? -1 : w.indexOfStep(step);
  w.stopPlay();
  if (i < 0) {
    const n = w.frames.length;
    w.show(0);
    w.setMessage(nt("step {step} does not exist; this scenario has {count} step (0–{last})",
      "step {step} does not exist; this scenario has {count} steps (0–{last})", n,
      {step: stepText, count: n, last: w.stepOf(n - 1)}));
  } else {
    w.show(i);
  }
  if (scroll) bringIntoView(w);
}

/** A side line: the live engine replays it (the book is shown at its branching step meanwhile),
 * under the other rules the link names, if any. */
function openLine(w, stepText) {
  const line = w.pendingLine;
  const [rules, seed] = [w.pendingRules, w.pendingSeed];
  w.pendingLine = w.pendingRules = w.pendingSeed = null;
  const at = /^\d+$/.test(stepText) ? Number(stepText) : null;
  if (rules && seed !== null) {
    // a side line of a deal the engine found for other rules (the bots played on from its end):
    // that deal first, then the line on it
    return w.live.drive("openRules", rules, seed, null).then(() => w.live.drive("openLine", line, at));
  }
  if (rules) Object.assign(w.live.chosen, rules);
  w.show(Math.max(0, Math.min(w.book.length - 1, line[0].from)));
  return w.live.drive("openLine", line, at);
}

/** The viewer scrolled to the top of the window (in a frame, the frame's page only), with the focus. */
function bringIntoView(w) {
  scrollToView(w.root, "start");
  w.root.focus({preventScroll: true});
}

/** Apply the settings a link carries after its step (`5;view=0;hide=1.3`); returns the step text. */
function takeSettings(w, text) {
  const [step, ...pairs] = String(text).split(";");
  const seats = (w.frame.seats || []).length;
  const seat = (v) => /^\d+$/.test(v) && Number(v) < seats ? Number(v) : null;
  for (const pair of pairs) {
    const [key, value = ""] = pair.split("=");
    if (key === "view") w.view = value === "all" ? null : seat(value);
    else if (key === "hide") w.hidden = new Set(value.split(".").map(seat).filter((v) => v !== null));
    else if (w.settingReaders[key]) w.settingReaders[key](value);
  }
  return step;
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
