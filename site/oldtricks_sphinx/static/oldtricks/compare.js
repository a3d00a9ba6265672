// Two readings side by side: the viewer's board shows the deal under the option the reader chose,
// and a second board beside it (under it on a narrow screen: widget.css) shows the same step as the
// scenario is written; each board has a caption that says which reading it is. The engine says where
// the two part and why (oldtricks/analysis/readings.py, live ops `compare` and `find_parting`); this module
// only draws its answer, marks that step (the viewer's data-diverge-step, the move list) and jumps
// there. It is imported when the reader first chooses another rule: viewers that never compare
// carry none of its nodes.
//
// Exports: showReadings(live, label) -> Promise (live: the viewer's Live, golive.js; label: the
// chosen option in words), Readings (the panel, kept as w.readings while it is shown) and capitalized. The
// sandbox (teach/sandbox.js) turns it round: its board is the game as played, the second board the
// same moves under the rule chosen in its form (Readings' `first`, `second` and `onFind`).
import { h, morph, put } from "./dom.js";
import { detectPattern } from "./cards.js";
import { renderTable } from "./table.js";
import { t } from "./words.js";

/** `text` with its first letter a capital (a caption that begins with a rule's words: "Under …"). */
export const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export class Readings {
  /** `first`, `second`: the boards' captions (default: under the chosen rule; "As written");
   * `onFind`: what "find a deal where they differ" does (default: the live table's search). */
  constructor(live, {first = null, second = t("As written"), onFind = null} = {}) {
    this.live = live;
    this.w = live.w;
    this.firstLabel = first;
    this.secondLabel = second;
    this.onFind = onFind;
    this.other = this.w.book;    // the frames as written, shown on the second board
    this.said = null;            // the engine's answer: {diverge, text, rule, rule_title, status}
    this.label = "";
    this.seed = null;            // the seed of a deal the engine found, kept in the link
    this.summary = h("p", {class: "ot-readings-text", "data-role": "readings-text"});
    this.actions = h("div", {class: "ot-readings-actions"});
    this.caption = h("p", {class: "ot-readings-caption"});
    this.first = h("p", {class: "ot-readings-first"});  // the first board's caption, above it
    this.board = h("div", {class: "ot-readings-board", role: "group", "aria-label": second});
    this.el = h("section", {class: "ot-readings", "data-role": "readings", "aria-label": t("Two readings side by side")},
      this.summary, this.actions, this.caption, this.board);
    this.w.tableSlot.before(this.first);
    this.w.tableSlot.after(this.el);
    this.w.root.classList.add("ot-comparing");
  }

  /** Show the engine's answer (and, for a deal it found, both readings' frames), then jump to where they part. */
  take(said, label, {other = null} = {}) {
    const w = this.w;
    this.said = said;
    this.label = label;
    if (other) this.other = other;
    this.pattern = detectPattern(this.other) || w.pattern;
    const step = Number.isInteger(said.diverge) ? said.diverge : null;
    w.root.dataset.divergeStep = step === null ? "none" : String(step);
    w.divergeStep = step;
    // the engine's words; the rule it names, as a link to the rule's box
    put(this.summary, h("span", {}, said.text || ""), said.rule && said.rule_lead
      ? [" ", said.rule_lead, " ", w.ruleLink(said.rule, {title: said.rule_title, status: said.status})] : null);
    const buttons = [];
    if (step !== null) {
      buttons.push(h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "to-parting",
        onclick: () => w.userMove(() => this.jump())}, t("Go to step {step}, where they part", {step})));
    } else {
      buttons.push(h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "find-parting",
        onclick: () => (this.onFind ? this.onFind() : this.find())}, t("Find a deal where they differ")));
      this.seed = null;
    }
    put(this.actions, buttons);
    w.lines.version++;  // the move list marks the step where they part
    if (step !== null) this.jump();
    else w.render();
  }

  jump() {
    const w = this.w;
    const i = w.indexOfStep(this.said.diverge);
    w.show(i >= 0 ? i : w.frames.length - 1, {hash: true});
  }

  /** Draw the second board at the step the viewer shows. */
  update(f) {
    const w = this.w;
    const step = Number.isInteger(f.step) ? f.step : w.index;
    const other = this.other.find((x) => x.step === step);
    const parted = Number.isInteger(w.divergeStep) && step >= w.divergeStep;
    const where = parted ? (step === w.divergeStep ? t("they part here") : t("they parted at step {step}", {step: w.divergeStep}))
      : t("the same board so far");
    // the label is the chosen rule as golive.js says it: "under “Equal ranks: …”"
    const under = this.firstLabel || capitalized(this.label);
    const first = w.lines.currentId === "main" ? under : t("A side line played {rule}", {rule: this.label});
    put(this.first, h("strong", {}, first), ` · ${t("step {step}", {step})}`);
    put(this.caption, h("strong", {}, this.secondLabel), " · ", `${t("step {step}", {step})} · `,
      parted && step === w.divergeStep ? h("span", {class: "ot-readings-here", "data-role": "parts-here"}, where) : where, ".");
    this.el.classList.toggle("ot-readings-parted", parted);
    w.root.classList.toggle("ot-parted", parted);
    if (!other) {
      const last = this.other[this.other.length - 1];
      put(this.board, h("p", {class: "ot-muted"}, t("{reading}, the game does not reach step {step}: it stops at step {last}.", {reading: this.secondLabel, step, last: last ? last.step : 0})));
      return;
    }
    const table = renderTable(other, {pattern: this.pattern, view: w.view, rules: w.rules, hidden: w.hidden,
      toggleHand: null, seatNames: w.data.seat_names, play: null});
    // as on the first board (widget.js): what the step did not change keeps its nodes and layout
    const shown = this.board.firstElementChild;
    if (shown && this.board.childNodes.length === 1 && shown.classList.contains("ot-table")) morph(shown, table);
    else put(this.board, table);
  }

  /** Ask the engine for a seeded deal where the two readings part within the first tricks (from seed
   * `first`, at most `tries` of them: the engine's own count when null), and show it. */
  async find(first = 1, tries = null) {
    const live = this.live, w = this.w;
    if (live.busy || !live.engine) return;
    live.busy = true;
    put(this.actions, h("span", {class: "ot-muted", "data-role": "finding"}, t("The engine is dealing and playing out deals…")));
    w.render();
    let r;
    try {
      r = await live.engine.call("find_parting", tries === null ? {key: w.id, first} : {key: w.id, first, tries});
    } catch (err) {
      r = {ok: false, error: err && err.message ? err.message : String(err)};
    }
    live.busy = false;
    if (!r || !r.ok || !Array.isArray(r.frames) || !r.frames.length) {
      put(this.actions, h("span", {class: "ot-muted", "data-role": "not-found"}, (r && r.error) || t("No deal was found.")));
      w.render();
      return;
    }
    live.engineLine = "main";  // the engine's table is now the found deal, under the chosen rule
    w.setFrames(r.frames, 0);
    this.seed = r.seed;
    this.take(r, this.label, {other: r.book});
    w.setMessage(t("Deal {seed}, dealt and played by the engine: the two readings part at step {step}.", {seed: r.seed, step: r.diverge}));
  }

  close() {
    const w = this.w;
    this.el.remove();
    this.first.remove();
    w.root.classList.remove("ot-comparing", "ot-parted");
    delete w.root.dataset.divergeStep;
    w.divergeStep = null;
    w.readings = null;
    w.lines.version++;
  }
}

/** From a link: the deal the engine finds from `seed` (the same deal the link's reader was shown). */
export async function findFrom(live, label, seed) {
  const w = live.w;
  if (!w.readings) w.readings = new Readings(live);
  w.readings.label = label;
  await w.readings.find(seed, 1);
}

/** After another rule was chosen (the engine's table is open under it): compare it with the scenario
 * as written, side by side. */
export async function showReadings(live, label) {
  const w = live.w;
  let said;
  try {
    said = await live.engine.call("compare", {key: w.id});
  } catch (err) {
    said = {ok: false, error: err && err.message ? err.message : String(err)};
  }
  if (!said || !said.ok) {
    w.setMessage(t("The two readings could not be compared: {error}", {error: (said && said.error) || t("no answer")}), {kind: "error"});
    return;
  }
  if (!w.readings) w.readings = new Readings(live);
  w.readings.other = w.book;
  w.readings.seed = null;
  w.readings.take(said, label);
}
