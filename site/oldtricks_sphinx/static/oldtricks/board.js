// The viewer's board: its parts laid out in its root (the stepping bar, the table, the move list, what
// happened at the step, the game's panels, live play), and each step drawn on them, where only what
// changed is drawn again. It draws the frame as the engine wrote it: nothing here decides a rule.
//
// Exports: Board (new Board(w) builds the parts into the widget `w` and its root: w.controls, w.help,
// w.infoSlot, w.tableSlot, w.message, w.moveLine, w.events, w.note, w.ruleList, w.panels, w.liveSlot,
// w.liveBoardSlot, w.moveList, w.lessonSlot, w.announcer, w.boardFocus, w.shell; then render(),
// afterLayout(key, job), updateControls()), ruleLink(w, id, known?) -> element.
import { h, merge, morph, put, setHidden } from "./dom.js";
import { cardChip, isCard } from "./cards.js";
import { renderTable, renderInfo, seatName } from "./table.js";
import { buildControls, buildHelp } from "./controls.js";
import { buildMoveList } from "./movelist.js";
import { buildAnnouncer } from "./announce.js";
import { buildBoardFocus } from "./boardkeys.js";
import { studyButton } from "./tostudy.js";
import { t } from "./words.js";
import { STATUSES, statusWord } from "./statuses.js";
import { parts, takeParts } from "./parts.js";

export class Board {
  constructor(w) {
    this.w = w;
    this.drawn = {};  // what the parts drawn only when they change were drawn from (drawnAs)
    this.seatKeys = null;  // what each seat of the table shown was drawn from, and its slots (renderTable)
    this.seatSlots = null;
    this.tablePlayed = false;  // the table shown is one the reader plays on
    this.layoutJobs = null;  // afterLayout's jobs for the next animation frame
    this.build();
  }

  build() {
    const w = this.w, root = w.root;
    root.classList.add("ot-mounted");
    if (!root.hasAttribute("tabindex")) root.tabIndex = 0;
    if (!root.hasAttribute("role")) root.setAttribute("role", "region");
    if (!root.hasAttribute("aria-label")) root.setAttribute("aria-label", t("Game viewer: {title}", {title: w.data.title || w.id}));
    w.controls = buildControls(w);
    const study = studyButton(w);  // a site with a study page: this step, a chapter of the reader's study
    if (study) w.controls.tools.prepend(study);
    w.help = buildHelp(() => w.toggleHelp(false));
    w.infoSlot = h("div", {class: "ot-info-slot"});
    w.tableSlot = h("div", {class: "ot-table-slot"});
    w.message = h("div", {class: "ot-message", "data-role": "message", role: "status", "aria-live": "polite"});
    w.moveLine = h("div", {class: "ot-move", "data-role": "move"});
    // the step's events as shown; a screen reader hears them once, from the announcer's live region
    w.events = h("ul", {class: "ot-events", "data-role": "events"});
    w.note = h("p", {class: "ot-note", "data-role": "note"});
    w.ruleList = h("ul", {class: "ot-rules", "data-role": "rules", "aria-label": t("Rules shown at this step")});
    w.panels = h("div", {class: "ot-panels", "data-role": "panels"});
    w.liveSlot = h("div", {class: "ot-live-slot"});
    w.liveBoardSlot = h("div", {class: "ot-live-board-slot"});
    w.moveList = buildMoveList(w);
    w.lessonSlot = h("div", {class: "ot-lesson-slot"});
    w.announcer = buildAnnouncer(w);
    w.boardFocus = buildBoardFocus(w);
    // Reading order: the stepping bar (first, so that nothing that grows or shrinks from step to
    // step moves it), the table, the move list and what happened at this step (beside the table on
    // wide screens), the game's panels, then live play and the other rules to try.
    w.shell = h("div", {class: "ot-shell"},
      h("div", {class: "ot-head"},
        h("div", {class: "ot-title"}, w.data.title || ""), w.controls.tools),
      w.controls.el,
      h("div", {class: "ot-main"},
        h("div", {class: "ot-board"}, w.infoSlot, w.tableSlot, w.liveBoardSlot, w.message,
          w.announcer.el),
        h("div", {class: "ot-moves-slot"}, w.moveList.el),
        h("div", {class: "ot-side"},
          h("div", {class: "ot-step", role: "group", "aria-label": t("This step")},
            w.moveLine, w.lessonSlot, w.events, w.note, w.ruleList),
          w.panels)),
      w.liveSlot,
      w.help.el);
    root.appendChild(w.shell);
  }

  /** Draw the widget's step (w.frame) and update every part that follows it. */
  render() {
    const w = this.w, f = w.frame;
    takeParts(w);
    const hadFocus = w.root.contains(document.activeElement) && document.activeElement !== w.root;
    const focused = w.boardFocus.before();
    if (!this.drawnAs("info", f.info)) merge(w.infoSlot, renderInfo(f.info));
    this.drawTable(f);
    this.drawStep(f);
    this.drawPanels(f);
    this.updateControls();
    w.moveList.update();
    if (w.readings) w.readings.update(f);  // two readings side by side (compare.js)
    w.live.update(f);
    w.lesson.update(f);
    w.announcer.update();
    w.boardFocus.after(focused);
    if (hadFocus && !w.root.contains(document.activeElement)) w.root.focus({preventScroll: true});
  }

  drawTable(f) {
    const w = this.w;
    const play = w.lesson.playContext(f) || w.live.playContext(f);
    // the analysis's values on the cards (golive.js; a sandbox's play bar, teach/playbar.js, has none)
    // Stepping through the book, the new table is merged into the one shown: the hands that did not
    // change keep their layout, and the seats drawn from the same data as before are not even built
    // (keys: what each seat is drawn from). A table the reader plays on is drawn afresh (its cards'
    // listeners belong to the step).
    const shown = w.tableSlot.firstElementChild;
    const merging = !play && shown && w.tableSlot.childNodes.length === 1 && !this.tablePlayed;
    const keys = play ? null : new Map(), slots = play ? null : new Map();
    const table = renderTable(f, {pattern: w.pattern, view: w.view, rules: w.rules,
      hidden: w.hidden, toggleHand: (seat) => w.toggleHand(seat), seatNames: w.data.seat_names, play,
      values: w.live.cardValues ? w.live.cardValues(f) : null, keys, kept: merging ? this.seatKeys : null,
      slots, keptSlots: merging ? this.seatSlots : null});
    if (merging) morph(shown, table);
    else put(w.tableSlot, table);
    this.seatKeys = keys;
    this.seatSlots = slots;
    this.tablePlayed = !!play;
  }

  /** The score panels change at a trick's end, not at every card: drawn again only then, and what is
   * the same keeps its layout. */
  drawPanels(f) {
    const w = this.w;
    if (this.drawnAs("panels", f.panels, `${w.pattern}${parts.panels ? "" : " (not loaded)"}`)) return;
    merge(w.panels, parts.panels ? (f.panels || []).map((p) => parts.panels.renderPanel(p, w.pattern)) : null);
    const scrolls = w.panels.querySelectorAll(".ot-scroll");
    if (scrolls.length) this.afterLayout("panels", () => { for (const el of scrolls) el.scrollTop = el.scrollHeight; });
  }

  /** What happened at the step: its number and move, the engine's events, the note, the rules shown. */
  drawStep(f) {
    const w = this.w;
    const step = w.stepOf(w.index);
    const head = [h("span", {class: "ot-step-no"}, t("Step {step}", {step}))];
    if (f.move !== null && f.move !== undefined) {
      const who = f.mover === null || f.mover === undefined ? "" : seatName(f, f.mover, w.data.seat_names);
      head.push(" · ", who ? `${who}: ` : "", isCard(f.move, w.pattern) ? cardChip(f.move, w.pattern) : h("span", {class: "ot-call"}, f.move));
    } else if (step === 0) {
      head.push(" · ", t("after the deal"));
    }
    put(w.moveLine, head);
    // the events, note and rules that a step leaves as they were are not written again (a write, even
    // of the same, costs the list and what follows it a style and layout pass)
    if (!this.drawnAs("events", f.events)) put(w.events, (f.events || []).map((e) => h("li", {}, e)));
    if (w.note.textContent !== (f.note || "")) w.note.textContent = f.note || "";
    setHidden(w.note, !f.note);
    if (!this.drawnAs("rules", f.ids)) put(w.ruleList, (f.ids || []).map((id) => h("li", {}, w.ruleLink(id))));
    setHidden(w.ruleList, !(f.ids || []).length);
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

  /** The stepping bar: the step shown, of how many, the trick, the view, whether it plays. */
  updateControls() {
    const w = this.w, f = w.frame;
    // while a lesson's question waits, the counter keeps quiet about what follows (a gamebook)
    const ahead = w.lesson.pending() ? null : w.stepOf(w.frames.length - 1);
    w.controls.update({index: w.index, count: w.frames.length, step: w.stepOf(w.index),
      lastStep: ahead, playing: !!w.timer, tricks: w.tricks,
      trick: f.trick ? f.trick.number : 0, view: w.view,
      seats: (f.seats || []).map((s, i) => s.name || seatName(f, i, w.data.seat_names))});
  }
}

/** A link to a ledger rule of the widget `w`, with its status label; `known` ({title, status}) stands
 * in when the page does not hold the rule (a live move refused by a rule no viewer of the page names). */
export function ruleLink(w, id, known = null) {
  const rule = w.rules[id] || (known && known.title ? known : null);
  if (!rule) return h("span", {class: "ot-rule ot-status-unknown"}, h("span", {class: "ot-rule-title"}, id));
  const status = STATUSES.includes(rule.status) ? rule.status : "unknown";
  const label = [h("span", {class: "ot-rule-title"}, rule.title || id),
    h("span", {class: `ot-status ot-status-${status}`}, statusWord(status))];
  return rule.url
    ? h("a", {class: `ot-rule ot-status-${status}`, href: rule.url, title: id}, label)
    : h("span", {class: `ot-rule ot-status-${status}`, title: id}, label);
}
