// oldtricks widget: steps through the frames embedded in each `.oldtricks-widget` element.
// The widget never decides a game rule: it draws frames and forwards the reader's clicks.
//
// Widget holds a viewer's frames, the line and the step shown, and steps through them (by the reader's
// hand or the play timer). The viewer's other jobs are modules of their own: its data (framedata.js),
// its board, built and drawn step by step (board.js), its message line (message.js), its keys (keys.js),
// the parts only some frames need (parts.js), its text forms for print (textforms.js), the page's address
// and each viewer's link (routing.js), drawing the page's viewers as they come near (mounting.js).
// Widget's methods are what the other modules call (and teach/sandbox.js, teach/studyboard.js override).
//
// Exports: Widget, mount(root) -> Promise<Widget|null>, mountAll(scope = document) -> Promise<Widget[]>,
// widgets (Map id -> Widget), readData(root) -> Promise<data>, loadParts(frames) -> Promise (the
// modules that only some frames need: lesson.js, panels.js).
// Importing this module mounts every widget on the page once the DOM is ready, and arms intent.js.
import { h } from "./dom.js";
import { detectPattern } from "./cards.js";
import { Lines, parseLine } from "./lines.js";
import { Live } from "./golive.js";
import { startOnIntent } from "./intent.js";
import { t } from "./words.js";
import { readData, prefetchMore } from "./framedata.js";
import { showTextForm, textForms, textFormsForPrint } from "./textforms.js";
import { copyLink, linkFragment, openAt, routeLinkClick, writeLink, writeLinkSoon } from "./routing.js";
import { mountAll } from "./mounting.js";
import { Board, ruleLink } from "./board.js";
import { refuse, setMessage } from "./message.js";
import { onKey, toggleHelp } from "./keys.js";
import { NO_LESSON, loadParts } from "./parts.js";

export { applyPatch, decodeFrames, prefetchMore, readData } from "./framedata.js";
export { mountAll } from "./mounting.js";
export { loadParts } from "./parts.js";

export const widgets = new Map();
// the viewers' module has started: textform.js need not put the text forms in (it waits for this mark)
document.documentElement.setAttribute("data-ot-started", "");

export class Widget {
  constructor(root, data) {
    this.root = root;
    this.id = root.dataset.scenario || root.id || "";
    this.data = data;
    if (!this.id) this.id = this.data.id;
    this.bookPattern = this.data.pattern === "french" ? "french" : "german";
    this.pattern = this.bookPattern;
    this.rules = this.data.rules || {};
    this.book = Array.isArray(this.data.frames) ? this.data.frames : [];
    if (!this.book.length) throw new Error("no frames");
    this.frames = this.book;
    this.index = 0;
    // The author's choices (the directive's :viewer: and :step:); a link's #ID@N overrides the step.
    this.view = Number.isInteger(this.data.viewer) ? this.data.viewer
      : Number.isInteger(this.book[0].viewer) ? this.book[0].viewer : null;
    this.authorView = this.view;
    this.startIndex = Math.max(0, this.indexOfStep(Number.isInteger(this.data.step) ? this.data.step : 0));
    this.timer = null;
    this.playTarget = null;
    this.hidden = new Set();  // seats whose hand the reader hid
    this.readings = null;  // two readings side by side, once the reader chose another rule (compare.js)
    this.divergeStep = null;  // and the step where they part, as the engine found it
    this.settingWriters = {};  // other modules' parts of a link: name -> () => "key=value" | ""
    this.settingReaders = {};  // and how each is read back: key -> (value) => void
    this.lines = new Lines(this.book);
    // a side line the reader played is kept in the link, and replayed by the live engine from it
    this.settingWriters.line = () => { const t = this.lines.linkText(); return t ? `line=${t}` : ""; };
    this.settingReaders.line = (value) => { this.pendingLine = parseLine(value); };
    this.board = new Board(this);  // its parts, built into root, and each step drawn on them
    root.addEventListener("keydown", (e) => onKey(this, e));
    this.live = new Live(this);
    this.lesson = NO_LESSON;
    this.liveSlot.appendChild(this.live.el);
    this.liveBoardSlot.appendChild(this.live.boardEl);
    this.setFrames(this.book, this.startIndex);
    // steppable once the first frame is drawn whole: after its lesson and panels, if they were not there yet
    if (this.partsDrawn) this.partsDrawn.then(() => { root.dataset.ready = "static"; });
    else root.dataset.ready = "static";
  }

  // -- frames and steps ------------------------------------------------------------------------
  /** Show these frames as the main line (its side lines dropped), at `index`. */
  setFrames(frames, index) {
    this.lines = new Lines(frames);
    this.drawLine(frames, index);
  }

  /** Show line `id` of this.lines (the main line or a side line) at `index`. */
  showLine(id, index, {hash = false} = {}) {
    this.lines.currentId = id;
    this.drawLine(this.lines.get(id).frames, index);
    if (hash) this.writeHash();
  }

  drawLine(frames, index) {
    this.frames = frames;
    this.pattern = detectPattern(frames) || this.bookPattern;
    const seen = new Set();
    this.tricks = [];
    frames.forEach((f, i) => {
      const n = f.trick && f.trick.number;
      if (n > 0 && !seen.has(n)) { seen.add(n); this.tricks.push({number: n, index: i}); }
    });
    this.show(index);
  }

  get frame() { return this.frames[this.index]; }
  get isBook() { return this.frames === this.book; }
  stepOf(i) { const f = this.frames[i]; return f && Number.isInteger(f.step) ? f.step : i; }
  indexOfStep(step) {
    const i = this.frames.findIndex((f) => f.step === step);
    return i >= 0 ? i : (step >= 0 && step < this.frames.length && !this.frames.some((f) => Number.isInteger(f.step)) ? step : -1);
  }

  show(i, {hash = false} = {}) {
    this.index = Math.max(0, Math.min(this.frames.length - 1, i | 0));
    if (this.timer && this.index >= (this.playTarget ?? this.frames.length - 1)) this.stopPlay();
    if (hash) this.writeHashSoon();
    // before drawing: the root's attribute then costs no second style pass after the step is drawn
    this.root.dataset.step = String(this.stepOf(this.index));
    this.render();
    if (this.live && this.live.afterShow) this.live.afterShow();
  }

  userMove(fn) { this.stopPlay(); fn(); }
  first() { this.show(0, {hash: true}); }
  last() { this.show(this.frames.length - 1, {hash: true}); }
  prev() { this.show(this.index - 1, {hash: true}); }
  next() { if (!this.lesson.blocks()) this.show(this.index + 1, {hash: true}); }
  /** Back to the first step of this trick (from there, of the one before; before the first, step 0); on
   * to the first step of the next trick (after the last, the last step). */
  prevTrick() { this.show(Math.max(0, ...this.tricks.map((t) => t.index).filter((i) => i < this.index)), {hash: true}); }
  nextTrick() {
    const ahead = this.tricks.find((t) => t.index > this.index);
    if (!this.lesson.blocks()) this.show(ahead ? ahead.index : this.frames.length - 1, {hash: true});
  }
  jumpToIndex(i) { this.show(i, {hash: true}); }
  /** Jump to frame `i` of a line of the move list ("main": the frames shown). */
  jumpToLine(lineId, i) {
    if (lineId === this.lines.currentId) this.jumpToIndex(i);
    else if (this.lines.get(lineId)) this.showLine(lineId, i, {hash: true});
  }

  /** Leave a side line for the main line, at the step where the side line left it. */
  toMainLine() {
    let line = this.lines.current;
    while (line.parent !== null && line.parent !== "main") line = this.lines.get(line.parent);
    if (line.parent !== null) this.showLine("main", line.from, {hash: true});
  }
  setView(v) { this.view = v; this.render(); this.writeHash(); }
  /** Show or hide one seat's hand (the reader's choice, kept in the link). */
  toggleHand(seat) {
    if (this.hidden.has(seat)) this.hidden.delete(seat);
    else this.hidden.add(seat);
    this.render();
    this.writeHash();
    const btn = this.tableSlot.querySelector(`[data-action="toggle-hand"][data-seat="${seat}"]`);
    if (btn) btn.focus({preventScroll: true});
  }

  togglePlay() { if (this.timer) this.stopPlay(); else this.startPlay(); }

  /** Auto-step every `ms` until index `target` (default: the end). */
  startPlay(target = null, ms = 1000) {
    this.stopPlay();
    if (target === null && this.index >= this.frames.length - 1) this.show(0, {hash: true});
    this.playTarget = target;
    this.timer = setInterval(() => {
      if (this.index >= (this.playTarget ?? this.frames.length - 1)) this.stopPlay();
      else if (this.lesson.blocks()) this.stopPlay();
      else this.show(this.index + 1, {hash: true});
    }, ms);
    this.updateControls();
  }

  stopPlay() {
    if (this.timer) clearInterval(this.timer);
    const was = this.timer;
    this.timer = null;
    this.playTarget = null;
    if (was) this.updateControls();
  }

  // -- drawing (board.js, message.js) ------------------------------------------------------------
  render() { this.board.render(); }
  afterLayout(key, job) { this.board.afterLayout(key, job); }
  updateControls() { this.board.updateControls(); }
  ruleLink(id, known = null) { return ruleLink(this, id, known); }
  setMessage(text, options) { setMessage(this, text, options); }
  refuse(r) { refuse(this, r); }

  // -- links (routing.js) -----------------------------------------------------------------------
  hashText() { return linkFragment(this); }
  stepUrl() { return `${location.href.split("#")[0]}#${this.hashText()}`; }
  writeHash() { writeLink(this); }
  writeHashSoon() { writeLinkSoon(this); }
  copyLink() { copyLink(this); }
  openAt(stepText, scroll) { openAt(this, stepText, scroll); }

  // -- keyboard and help (keys.js) --------------------------------------------------------------
  toggleHelp(open) { toggleHelp(this, open); }
}

/** Mount one widget (once). Resolves to the Widget, or null when its data cannot be read. */
export function mount(root) {
  if (!root.__oldtricks) root.__oldtricks = mountNow(root);
  return root.__oldtricks;
}

async function mountNow(root) {
  try {
    const data = await readData(root);
    await loadParts(Array.isArray(data.frames) ? data.frames : []).catch(() => {}); // if not, the viewer tries again
    const w = new Widget(root, data);
    widgets.set(w.id, w);
    return w;
  } catch (err) {
    root.dataset.ready = "error";
    showTextForm(root, await textForms());  // the scenario as text, where the viewer could not start
    const note = h("p", {class: "ot-message ot-msg-error", "data-role": "message", role: "status"},
      t("This game viewer could not be started: its data is missing or damaged."));
    root.appendChild(note);
    console.warn("oldtricks: cannot mount", root.id || root, err);
    return null;
  }
}


// The page's first pass is over (the viewers near the screen drawn, the link's step opened): marked on
// <html data-ot-settled> for what waits on it (an embedding host's script, the browser tests).
const firstPass = () => mountAll().finally(() => {
  document.documentElement.setAttribute("data-ot-settled", "");
  setTimeout(prefetchMore, 0); // after the first viewers are drawn, before the reader scrolls to the rest
  setTimeout(textForms, 0); // and the text forms, ready for print
});
// A fold closed by the reader (tabs.js) stops the viewers in it that play by themselves: they would go on
// writing their step into the page's address.
document.addEventListener("ot-fold-closed", (event) => {
  for (const w of widgets.values()) if (event.target.contains(w.root)) w.stopPlay();
});
window.addEventListener("click", routeLinkClick);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", firstPass);
else firstPass();
textFormsForPrint();
startOnIntent(); // the live engine starts loading on the reader's first sign of wanting it (intent.js)
