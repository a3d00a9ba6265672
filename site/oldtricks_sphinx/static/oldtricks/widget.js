// oldtricks widget: steps through the frames embedded in each `.oldtricks-widget` element.
// The widget never decides a game rule: it draws frames and forwards the reader's clicks.
//
// The viewer's other jobs are modules of their own: its data (framedata.js), its text forms for print
// (textforms.js), the page's address (routing.js), drawing the page's viewers as they come near
// (mounting.js).
//
// Exports: mount(root) -> Promise<Widget|null>, mountAll(scope = document) -> Promise<Widget[]>,
// widgets (Map id -> Widget), readData(root) -> Promise<data>, loadParts(frames) -> Promise (the
// modules that only some frames need: lesson.js, panels.js).
// Importing this module mounts every widget on the page once the DOM is ready, and arms intent.js.
import { h, merge, morph, put, setHidden } from "./dom.js";
import { cardChip, detectPattern, isCard } from "./cards.js";
import { renderTable, renderInfo, seatName } from "./table.js";
import { buildControls, buildHelp } from "./controls.js";
import { buildMoveList } from "./movelist.js";
import { Lines, parseLine } from "./lines.js";
import { Live } from "./golive.js";
import { startOnIntent } from "./intent.js";
import { buildAnnouncer } from "./announce.js";
import { buildBoardFocus } from "./boardkeys.js";
import { scrollToView } from "./framed.js";
import { studyButton } from "./tostudy.js";
import { nt, t } from "./words.js";
import { STATUSES } from "./statuses.js";
import { readData, prefetchMore } from "./framedata.js";
import { showTextForm, textForms, textFormsForPrint } from "./textforms.js";
import { LINK_DELAY, cancelLink, hashText, linkDue, routeLinkClick, settingsText, writeDueLink } from "./routing.js";
import { mountAll } from "./mounting.js";

export { applyPatch, decodeFrames, prefetchMore, readData } from "./framedata.js";
export { mountAll } from "./mounting.js";

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
    this.drawn = {};  // what the parts drawn only when they change were drawn from (drawnAs)
    this.lines = new Lines(this.book);
    // a side line the reader played is kept in the link, and replayed by the live engine from it
    this.settingWriters.line = () => { const t = this.lines.linkText(); return t ? `line=${t}` : ""; };
    this.settingReaders.line = (value) => { this.pendingLine = parseLine(value); };
    this.build();
    this.live = new Live(this);
    this.lesson = NO_LESSON;
    this.liveSlot.appendChild(this.live.el);
    this.liveBoardSlot.appendChild(this.live.boardEl);
    this.setFrames(this.book, this.startIndex);
    // steppable once the first frame is drawn whole: after its lesson and panels, if they were not there yet
    if (this.partsDrawn) this.partsDrawn.then(() => { root.dataset.ready = "static"; });
    else root.dataset.ready = "static";
  }

  build() {
    const root = this.root;
    root.classList.add("ot-mounted");
    if (!root.hasAttribute("tabindex")) root.tabIndex = 0;
    if (!root.hasAttribute("role")) root.setAttribute("role", "region");
    if (!root.hasAttribute("aria-label")) root.setAttribute("aria-label", t("Game viewer: {title}", {title: this.data.title || this.id}));
    this.controls = buildControls(this);
    const study = studyButton(this);  // a site with a study page: this step, a chapter of the reader's study
    if (study) this.controls.tools.prepend(study);
    this.help = buildHelp(() => this.toggleHelp(false));
    this.infoSlot = h("div", {class: "ot-info-slot"});
    this.tableSlot = h("div", {class: "ot-table-slot"});
    this.message = h("div", {class: "ot-message", "data-role": "message", role: "status", "aria-live": "polite"});
    this.moveLine = h("div", {class: "ot-move", "data-role": "move"});
    // the step's events as shown; a screen reader hears them once, from the announcer's live region
    this.events = h("ul", {class: "ot-events", "data-role": "events"});
    this.note = h("p", {class: "ot-note", "data-role": "note"});
    this.ruleList = h("ul", {class: "ot-rules", "data-role": "rules", "aria-label": t("Rules shown at this step")});
    this.panels = h("div", {class: "ot-panels", "data-role": "panels"});
    this.liveSlot = h("div", {class: "ot-live-slot"});
    this.liveBoardSlot = h("div", {class: "ot-live-board-slot"});
    this.moveList = buildMoveList(this);
    this.lessonSlot = h("div", {class: "ot-lesson-slot"});
    this.announcer = buildAnnouncer(this);
    this.boardFocus = buildBoardFocus(this);
    // Reading order: the stepping bar (first, so that nothing that grows or shrinks from step to
    // step moves it), the table, the move list and what happened at this step (beside the table on
    // wide screens), the game's panels, then live play and the other rules to try.
    this.shell = h("div", {class: "ot-shell"},
      h("div", {class: "ot-head"},
        h("div", {class: "ot-title"}, this.data.title || ""), this.controls.tools),
      this.controls.el,
      h("div", {class: "ot-main"},
        h("div", {class: "ot-board"}, this.infoSlot, this.tableSlot, this.liveBoardSlot, this.message,
          this.announcer.el),
        h("div", {class: "ot-moves-slot"}, this.moveList.el),
        h("div", {class: "ot-side"},
          h("div", {class: "ot-step", role: "group", "aria-label": t("This step")},
            this.moveLine, this.lessonSlot, this.events, this.note, this.ruleList),
          this.panels)),
      this.liveSlot,
      this.help.el);
    root.appendChild(this.shell);
    root.addEventListener("keydown", (e) => this.onKey(e));
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

  // -- drawing ---------------------------------------------------------------------------------
  render() {
    const f = this.frame;
    this.takeParts();
    const hadFocus = this.root.contains(document.activeElement) && document.activeElement !== this.root;
    const focused = this.boardFocus.before();
    if (!this.drawnAs("info", f.info)) merge(this.infoSlot, renderInfo(f.info));
    const play = this.lesson.playContext(f) || this.live.playContext(f);
    // the analysis's values on the cards (golive.js; a sandbox's play bar, teach/playbar.js, has none)
    // Stepping through the book, the new table is merged into the one shown: the hands that did not
    // change keep their layout, and the seats drawn from the same data as before are not even built
    // (keys: what each seat is drawn from). A table the reader plays on is drawn afresh (its cards'
    // listeners belong to the step).
    const shown = this.tableSlot.firstElementChild;
    const merging = !play && shown && this.tableSlot.childNodes.length === 1 && !this.tablePlayed;
    const keys = play ? null : new Map(), slots = play ? null : new Map();
    const table = renderTable(f, {pattern: this.pattern, view: this.view, rules: this.rules,
      hidden: this.hidden, toggleHand: (seat) => this.toggleHand(seat), seatNames: this.data.seat_names, play,
      values: this.live.cardValues ? this.live.cardValues(f) : null, keys, kept: merging ? this.seatKeys : null,
      slots, keptSlots: merging ? this.seatSlots : null});
    if (merging) morph(shown, table);
    else put(this.tableSlot, table);
    this.seatKeys = keys;
    this.seatSlots = slots;
    this.tablePlayed = !!play;
    this.renderStep(f);
    // the score panels change at a trick's end, not at every card: drawn again only then, and what is
    // the same keeps its layout
    if (!this.drawnAs("panels", f.panels, `${this.pattern}${parts.panels ? "" : " (not loaded)"}`)) {
      merge(this.panels, parts.panels ? (f.panels || []).map((p) => parts.panels.renderPanel(p, this.pattern)) : null);
      const scrolls = this.panels.querySelectorAll(".ot-scroll");
      if (scrolls.length) this.afterLayout("panels", () => { for (const el of scrolls) el.scrollTop = el.scrollHeight; });
    }
    this.updateControls();
    this.moveList.update();
    if (this.readings) this.readings.update(f);  // two readings side by side (compare.js)
    this.live.update(f);
    this.lesson.update(f);
    this.announcer.update();
    this.boardFocus.after(focused);
    if (hadFocus && !this.root.contains(document.activeElement)) this.root.focus({preventScroll: true});
  }

  /** Whether `data`, a part of the frame (with `extra`: what else its drawing depends on), draws as the
   * part shown already does: the same object (the frames of the book share what a step left as it
   * was), or the same JSON (frames from the live engine). If not, it is remembered as drawn now. */
  drawnAs(part, data, extra = "") {
    const was = this.drawn[part];
    if (was && was.data === data && was.extra === extra) return true;
    const json = `${JSON.stringify(data ?? null)}|${extra}`;
    this.drawn[part] = {data, extra, json};
    return !!was && was.json === json;
  }

  /** Work that reads the layout (a list scrolled to its latest row): done in the next animation
   * frame, when the browser lays the page out anyway, and not in the middle of drawing a step, where
   * a read forces a layout of the half-drawn viewer and the rest of the drawing a second one. One job
   * per key and frame: the latest wins. */
  afterLayout(key, job) {
    if (!this.layoutJobs) {
      this.layoutJobs = new Map();
      requestAnimationFrame(() => {
        const jobs = this.layoutJobs;
        this.layoutJobs = null;
        for (const run of jobs.values()) run();
      });
    }
    this.layoutJobs.set(key, job);
  }

  /** Use the parts these frames need; import those not there yet and draw again when they are. */
  takeParts() {
    if (this.lesson === NO_LESSON && parts.lesson && this.book.some(partNeeded.lesson)) {
      this.lesson = new parts.lesson.Lesson(this);
      this.lessonSlot.appendChild(this.lesson.el);
    }
    if (this.partsDrawn || !missingParts(this.frames).length) return;
    this.partsDrawn = loadParts(this.frames).then(() => this.render(), (err) => {
      console.warn("oldtricks: a part of the viewer could not be loaded", err);
    }).finally(() => { this.partsDrawn = null; });
  }

  renderStep(f) {
    const step = this.stepOf(this.index);
    const head = [h("span", {class: "ot-step-no"}, t("Step {step}", {step}))];
    if (f.move !== null && f.move !== undefined) {
      const who = f.mover === null || f.mover === undefined ? "" : seatName(f, f.mover, this.data.seat_names);
      head.push(" · ", who ? `${who}: ` : "", isCard(f.move, this.pattern) ? cardChip(f.move, this.pattern) : h("span", {class: "ot-call"}, f.move));
    } else if (step === 0) {
      head.push(" · after the deal");
    }
    put(this.moveLine, head);
    // the events, note and rules that a step leaves as they were are not written again (a write, even
    // of the same, costs the list and what follows it a style and layout pass)
    if (!this.drawnAs("events", f.events)) put(this.events, (f.events || []).map((e) => h("li", {}, e)));
    if (this.note.textContent !== (f.note || "")) this.note.textContent = f.note || "";
    setHidden(this.note, !f.note);
    if (!this.drawnAs("rules", f.ids)) put(this.ruleList, (f.ids || []).map((id) => h("li", {}, this.ruleLink(id))));
    setHidden(this.ruleList, !(f.ids || []).length);
  }

  /** A link to a ledger rule, with its status label; `known` ({title, status}) stands in when the
   * page does not hold the rule (a live move refused by a rule no viewer of the page names). */
  ruleLink(id, known = null) {
    const rule = this.rules[id] || (known && known.title ? known : null);
    if (!rule) return h("span", {class: "ot-rule ot-status-unknown"}, h("span", {class: "ot-rule-title"}, id));
    const status = STATUSES.includes(rule.status) ? rule.status : "unknown";
    const parts = [h("span", {class: "ot-rule-title"}, rule.title || id),
      h("span", {class: `ot-status ot-status-${status}`}, status)];
    return rule.url
      ? h("a", {class: `ot-rule ot-status-${status}`, href: rule.url, title: id}, parts)
      : h("span", {class: `ot-rule ot-status-${status}`, title: id}, parts);
  }

  updateControls() {
    const f = this.frame;
    // while a lesson's question waits, the counter keeps quiet about what follows (a gamebook)
    const ahead = this.lesson.pending() ? null : this.stepOf(this.frames.length - 1);
    this.controls.update({index: this.index, count: this.frames.length, step: this.stepOf(this.index),
      lastStep: ahead, playing: !!this.timer, tricks: this.tricks,
      trick: f.trick ? f.trick.number : 0, view: this.view,
      seats: (f.seats || []).map((s, i) => s.name || seatName(f, i, this.data.seat_names))});
  }

  /** Show a short message (text, never markup); options: {kind: "info"|"error", rule: id, field: url}. */
  setMessage(text, {kind = "info", rule = null, field = null, known = null} = {}) {
    if (!text) { put(this.message); return; }
    let input = null;
    if (field) input = h("input", {type: "text", class: "ot-link-field", readonly: true, value: field,
      "aria-label": t("Link to this step"), "data-role": "link-field"});
    put(this.message, h("div", {class: `ot-msg ot-msg-${kind}`},
      h("span", {class: "ot-msg-text"}, text),
      rule ? this.ruleLink(rule, known) : null,
      input,
      h("button", {type: "button", class: "ot-msg-close", "aria-label": t("Dismiss message"), title: t("Dismiss"),
        onclick: () => { put(this.message); this.root.focus({preventScroll: true}); }}, "×")));
    if (input) { input.focus({preventScroll: true}); input.select(); }
  }

  /** Show a refused move: the engine's one form of refusal (oldtricks/refusal.py), from a live
   * table, a sandbox or a lesson's frame alike: {text (or error), rule, rule_title, status}. */
  refuse(r) {
    const text = (r && (r.text || r.error)) || t("The engine refused that move.");
    this.setMessage(text, {kind: "error", rule: r && r.rule, known: r && {title: r.rule_title, status: r.status}});
    this.root.dataset.refused = r && r.rule ? r.rule : "";
  }

  // -- links -----------------------------------------------------------------------------------
  /** The link's fragment: `ID@STEP`, then what the reader set (`;view=SEAT`, `;hide=SEAT.SEAT`). */
  hashText() {
    return `${this.id}@${this.stepOf(this.index)}${settingsText(this)}`;
  }

  stepUrl() {
    return `${location.href.split("#")[0]}#${this.hashText()}`;
  }

  writeHash() {
    if (linkDue.w) cancelLink();
    try {
      history.replaceState(history.state, "", `#${this.hashText()}`);
    } catch (e) { /* e.g. a sandboxed page: the link still works through copy-link */ }
  }

  /** Write the link once the reader stops stepping (LINK_DELAY ms after the last step), not at every
   * step: history.replaceState saves the page's scroll position and state, a quarter of a step's time
   * on a rules page (bench/browser_bench.py, stepping), and before the step is drawn it delays the
   * drawing; a run of steps (a key held, the play timer) writes one link. */
  writeHashSoon() {
    if (linkDue.w) clearTimeout(linkDue.timer);
    else linkDue.was = location.hash;
    linkDue.w = this;
    linkDue.timer = setTimeout(writeDueLink, LINK_DELAY);
  }

  /** The link to what is shown, on this page: the step, and the side line, the other rules, the view,
   * the hidden hands and the analysis (settingsText); only a sandbox links into the sandbox. */
  copyLink() {
    const url = this.stepUrl();
    this.writeHash();
    const fallback = () => this.setMessage(t("Copy this link:"), {field: url});
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(() => this.setMessage(t("Link copied: {url}", {url})), fallback);
    } else {
      fallback();
    }
  }

  /** Open at a step named by a link (null: the author's step); out of range: a message and step 0.
   * The Analysis toggle the link names is turned on with the line or the rules it names. */
  openAt(stepText, scroll) {
    this.pendingAnalysis = false;
    const opened = this.openLinked(stepText, scroll);
    if (this.pendingAnalysis && this.live.toggleAnalysis) {
      // on at once, without writing the address (it is the link's until what it names is open): a side
      // line or other rules go live by themselves and the analysis follows; a step of the book goes live
      this.pendingAnalysis = false;
      this.live.analysing = true;
      if (opened === undefined) this.live.drive("analysisOn");
      else this.render();
    }
  }

  openLinked(stepText, scroll) {
    this.pendingLine = this.pendingRules = this.pendingSeed = null;
    if (stepText !== null) stepText = this.takeSettings(stepText);
    if (this.pendingRules && !this.pendingLine) {
      // other rules side by side (and a deal the engine found for them): the live engine opens them
      const [rules, seed] = [this.pendingRules, this.pendingSeed];
      this.pendingRules = this.pendingSeed = null;
      const opened = this.live.drive("openRules", rules, seed, /^\d+$/.test(stepText) ? Number(stepText) : null);
      if (scroll) this.bringIntoView();
      return opened;
    }
    if (this.pendingLine) {
      // a side line: the live engine replays it (the book is shown at its branching step meanwhile),
      // under the other rules the link names, if any
      const line = this.pendingLine;
      const [rules, seed] = [this.pendingRules, this.pendingSeed];
      this.pendingLine = this.pendingRules = this.pendingSeed = null;
      const at = /^\d+$/.test(stepText) ? Number(stepText) : null;
      let opened;
      if (rules && seed !== null) {
        // a side line of a deal the engine found for other rules (the bots played on from its end):
        // that deal first, then the line on it
        opened = this.live.drive("openRules", rules, seed, null).then(() => this.live.drive("openLine", line, at));
      } else {
        if (rules) Object.assign(this.live.chosen, rules);
        this.show(Math.max(0, Math.min(this.book.length - 1, line[0].from)));
        opened = this.live.drive("openLine", line, at);
      }
      if (scroll) this.bringIntoView();
      return opened;
    }
    const step = stepText === null ? this.stepOf(this.startIndex) : /^\d+$/.test(stepText) ? Number(stepText) : NaN;
    const i = Number.isNaN(step) ? -1 : this.indexOfStep(step);
    this.stopPlay();
    if (i < 0) {
      const n = this.frames.length;
      this.show(0);
      this.setMessage(nt("step {step} does not exist; this scenario has {count} step (0–{last})",
        "step {step} does not exist; this scenario has {count} steps (0–{last})", n,
        {step: stepText, count: n, last: this.stepOf(n - 1)}));
    } else {
      this.show(i);
    }
    if (scroll) this.bringIntoView();
  }

  /** The viewer scrolled to the top of the window (in a frame, the frame's page only), with the focus. */
  bringIntoView() {
    scrollToView(this.root, "start");
    this.root.focus({preventScroll: true});
  }

  /** Apply the settings a link carries after its step (`5;view=0;hide=1.3`); returns the step text. */
  takeSettings(text) {
    const [step, ...pairs] = String(text).split(";");
    const seats = (this.frame.seats || []).length;
    const seat = (v) => /^\d+$/.test(v) && Number(v) < seats ? Number(v) : null;
    for (const pair of pairs) {
      const [key, value = ""] = pair.split("=");
      if (key === "view") this.view = value === "all" ? null : seat(value);
      else if (key === "hide") this.hidden = new Set(value.split(".").map(seat).filter((v) => v !== null));
      else if (this.settingReaders[key]) this.settingReaders[key](value);
    }
    return step;
  }

  // -- keyboard and help -----------------------------------------------------------------------
  toggleHelp(open = this.help.el.hidden) {
    this.help.el.hidden = !open;
    const btn = this.controls.el.querySelector('[data-action="help"]');
    if (btn) btn.setAttribute("aria-expanded", String(open));
    if (open) this.help.close.focus({preventScroll: true});
    else if (this.root.contains(document.activeElement) || document.activeElement === document.body) this.root.focus({preventScroll: true});
  }

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName;
    const inField = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
    if (e.key === "Escape") {
      if (!this.help.el.hidden) { this.toggleHelp(false); e.preventDefault(); }
      return;
    }
    if (inField) {
      // a text field keeps its keys; only those that would scroll the page (or a host page) are held back
      if (tag === "INPUT" && (e.key === "PageUp" || e.key === "PageDown")) e.preventDefault();
      return;
    }
    if (this.boardFocus.onKey(e) || scrollBox(e)) return;
    const trickBack = () => this.userMove(() => this.prevTrick());
    const trickOn = () => this.userMove(() => this.nextTrick());
    // Every key that would scroll the page, or a host page from a frame, has a use here: the viewer
    // keeps the keyboard while it has the focus.
    const actions = {
      ArrowLeft: () => this.userMove(() => this.prev()),
      ArrowRight: () => this.userMove(() => this.next()),
      Home: () => this.userMove(() => this.first()),
      End: () => this.userMove(() => this.last()),
      ArrowUp: trickBack, PageUp: trickBack, ArrowDown: trickOn, PageDown: trickOn,
      "?": () => this.toggleHelp(),
    };
    if (e.key === " " || e.key === "Spacebar") {
      if (tag === "BUTTON" || tag === "SUMMARY") return; // Space presses the focused button
      actions[" "] = () => this.togglePlay();
    }
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault();
    e.stopPropagation(); // the page's own keys (Sphinx: ← → for the previous/next page) do not apply here
    act();
  }
}

/** A key on a box of the viewer that scrolls (a panel with a wide table, a long history), where the
 * box can scroll that way: the box scrolls, by our hand (the browser's own scroll, at the box's end,
 * would go on to the page's); returns whether the key was taken. */
function scrollBox(e) {
  const box = e.target;
  if (!box.matches || !box.matches(".ot-panel, .ot-scroll")) return false;
  const across = e.key === "ArrowLeft" || e.key === "ArrowRight";
  const down = {ArrowUp: -1, ArrowDown: 1, PageUp: -1, PageDown: 1}[e.key];
  if (!across && !down) return false;
  if (across ? box.scrollWidth <= box.clientWidth : box.scrollHeight <= box.clientHeight) return false;
  const step = e.key.startsWith("Page") ? box.clientHeight * 0.9 : 40;
  if (across) box.scrollBy({left: e.key === "ArrowLeft" ? -40 : 40, behavior: "instant"});
  else box.scrollBy({top: down * step, behavior: "instant"});
  e.preventDefault();
  e.stopPropagation();
  return true;
}

// Lessons (lesson.js) and the games' panels (panels.js) are drawn only for frames that carry an
// `ask` or `panels`: each module is imported when the first viewer with such frames mounts (or, for
// frames the engine makes later, when they are first drawn).
const parts = {lesson: null, panels: null};  // the modules, once imported
const partLoads = {};
const partNeeded = {lesson: (f) => !!(f && f.ask), panels: (f) => !!(f && f.panels && f.panels.length)};
const partImports = {lesson: () => import("./lesson.js"), panels: () => import("./panels.js")};
const missingParts = (frames) => Object.keys(parts).filter((k) => !parts[k] && frames.some(partNeeded[k]));

/** Import the parts that `frames` need and have not been imported; resolves when they are there. */
export function loadParts(frames) {
  return Promise.all(missingParts(frames).map((k) => partLoads[k] ??= partImports[k]().then(
    (mod) => { parts[k] = mod; }, (err) => { delete partLoads[k]; throw err; })));
}

/** A viewer's lesson while none of its frames asks a question: nothing to wait for, nothing to draw. */
const NO_LESSON = {blocks: () => false, pending: () => false, playContext: () => null, update: () => {}};

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
