// "Play from here" and "Try this with option ...": the widget's side of the live engine.
// The engine (./live.js, Pyodide in a Worker) decides everything. This file draws the controls
// (they are there before the engine is), offers the moves of a live frame, and hands the clicks
// that need the engine to liveplay.js, imported on first use, which loads the engine, forwards
// moves and swaps the frames it gets back. The engine's module path can be overridden with
// data-live-module.
import { h, icon, put, setHidden } from "./dom.js";
import { cardChip, isCard } from "./cards.js";
import { analysisHead, analysisRows, cardValuesOf, isOn, lookValues } from "./analysisview.js";
import { dealTable } from "./dealtable.js";
import { playOrder, seatName } from "./table.js";
import { statusWord } from "./statuses.js";
import { nt, t } from "./words.js";

function optionValues(opt) {
  if (opt.choices && opt.choices.length) {
    return opt.choices.map((c) => ({value: c.value, label: `${c.label}${c.status ? ` (${statusWord(c.status)})` : ""}`, choice: c}));
  }
  if (Number.isInteger(opt.low) && Number.isInteger(opt.high) && opt.high - opt.low <= 60) {
    const out = [];
    for (let v = opt.low; v <= opt.high; v++) out.push({value: v, label: String(v), choice: null});
    return out;
  }
  return [];
}

// How fast the bots' moves are shown, ms a move (the Play button pauses them, Next steps), and its word.
const paces = () => [[1500, t("slow")], [700, t("steady")], [250, t("fast")]];

/** The seats in the order of play as the engine gives it (frame.play_order: to the right in
 * Drogue), from the first seat that moves in the book. */
function seatOrder(book, frame) {
  const order = playOrder(frame);
  const first = book.find((f) => Number.isInteger(f.mover) && order.includes(f.mover));
  const at = first ? order.indexOf(first.mover) : 0;
  return [...order.slice(at), ...order.slice(0, at)];
}

/** A link's rules (`KEY:VALUE,…`): {key: value} of the options offered and their values, or null. */
function parseRules(text, options) {
  const out = {};
  for (const part of String(text || "").split(",")) {
    const at = part.indexOf(":");
    const opt = at > 0 && options.find((o) => o.key === part.slice(0, at));
    if (!opt) return null;
    let raw;
    try { raw = decodeURIComponent(part.slice(at + 1)); } catch (e) { return null; }
    const v = optionValues(opt).find((x) => String(x.value) === raw);
    if (v) out[opt.key] = v.value;
    else if (/^\d{1,9}$/.test(raw) && Number(raw) >= opt.low && Number(raw) <= opt.high) out[opt.key] = Number(raw);
    else return null;
  }
  return Object.keys(out).length ? out : null;
}

export class Live {
  constructor(w) {
    this.w = w;
    this.engine = null;
    this.loading = null;
    this.active = false;   // the reader is playing against the engine
    this.opened = null;    // JSON of the overrides the engine has open, or null
    this.seat = null;      // seat the reader plays
    this.busy = false;
    this.pace = 700;       // ms between the engine's moves as they are shown
    this.level = "simple"; // the bots' level (oldtricks.analysis.levels): the engine says what each does
    this.levels = null;    // {level: words}, from the engine once it is loaded
    this.options = Array.isArray(w.data.options) ? w.data.options : [];
    this.book = Object.fromEntries(this.options.map((o) => [o.key, o.value ?? o.default]));
    this.chosen = {...this.book};
    this.builtOptions = null;
    this.analysing = false;     // the Analysis toggle: the solver's values of the legal moves, by the engine
    this.analyses = new Map();  // analysisKey() -> the engine's answer to "analyse"
    this.plans = new Map();     // analysisKey() -> what the engine says it is doing meanwhile ("analysis_plan")
    this.looks = new Map();     // analysisKey() -> its first look, a few tricks ahead ("first_look"), meanwhile
    this.dealTables = new Map(); // analysisKey() -> "pending", then the deal's table where its play begins (liveplay.js)
    this.analysisPending = null;
    // a link keeps the other rules chosen (shown side by side with the book) and a deal the engine
    // found where the readings part (`;rules=KEY:VALUE,…;seed=N`)
    w.settingWriters.rules = () => this.rulesLinkText();
    w.settingReaders.rules = (value) => { w.pendingRules = parseRules(value, this.options); };
    w.settingReaders.seed = (value) => { w.pendingSeed = /^\d{1,10}$/.test(value) ? Number(value) : null; };
    // and the Analysis toggle (`;analysis=on`), turned on again once what the link names is open
    w.settingWriters.analysis = () => (this.analysing ? "analysis=on" : "");
    w.settingReaders.analysis = (value) => { w.pendingAnalysis = value === "on"; };
    this.build();
  }

  /** The rules chosen other than the book's, for a link ("" when none is open). */
  rulesLinkText() {
    if (!this.opened) return "";
    const other = Object.entries(this.chosen).filter(([k, v]) => String(v) !== String(this.book[k]));
    if (!other.length) return "";
    const seed = this.w.readings && this.w.readings.seed;
    return `rules=${other.map(([k, v]) => `${k}:${encodeURIComponent(String(v))}`).join(",")}${seed ? `;seed=${seed}` : ""}`;
  }

  build() {
    const w = this.w;
    this.goBtn = h("button", {type: "button", class: "ot-btn ot-btn-text ot-go", "data-action": "go-live",
      "aria-label": t("Play from here against the live engine"), onclick: () => this.goLive()},
    icon("live"), h("span", {class: "ot-btn-label"}, t("Play from here")));
    this.bookBtn = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "book", hidden: true,
      "aria-label": t("Back to the book: show the scenario as written"), onclick: () => this.backToBook()},
    icon("back"), h("span", {class: "ot-btn-label"}, t("Back to the book")));
    this.analysisBtn = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "analysis",
      "aria-pressed": "false", "aria-label": t("Analysis: each legal move's value with best play, by the live engine"),
      onclick: () => this.toggleAnalysis()}, icon("help"), h("span", {class: "ot-btn-label"}, t("Analysis")));
    this.progress = h("progress", {"data-role": "progress", max: 1, hidden: true, "aria-label": t("Loading the live engine")});
    this.progressLabel = h("span", {class: "ot-progress-label", "aria-live": "polite"});
    this.seatSelect = h("select", {class: "ot-select", "data-role": "seat", "aria-label": t("Seat you play"),
      onchange: () => { this.seat = Number(this.seatSelect.value); this.drive("seatChosen"); }});
    this.paceSelect = h("select", {class: "ot-select", "data-role": "pace", "aria-label": t("Pace of the engine's moves"),
      onchange: () => { this.pace = Number(this.paceSelect.value); }},
    paces().map(([ms, label]) => h("option", {value: String(ms)}, label)));
    this.paceSelect.value = String(this.pace);
    this.levelSelect = h("select", {class: "ot-select", "data-role": "level", "aria-label": t("Level of the engine's bots"),
      onchange: () => { this.level = this.levelSelect.value; this.drive("levelChosen"); }},
    [["simple", t("simple")], ["strong", t("strong")]].map(([name, label]) => h("option", {value: name}, label)));
    this.levelNote = h("span", {class: "ot-live-level ot-muted", "data-role": "level-note"});
    this.seatField = h("span", {class: "ot-live-seat", hidden: true},
      h("label", {class: "ot-field"}, h("span", {class: "ot-field-label"}, t("You play")), this.seatSelect),
      h("label", {class: "ot-field"}, h("span", {class: "ot-field-label"}, t("Bots")), this.levelSelect),
      h("label", {class: "ot-field"}, h("span", {class: "ot-field-label"}, t("Engine")), this.paceSelect));
    this.status = h("span", {class: "ot-live-status", "data-role": "live-status"});
    this.moves = h("div", {class: "ot-moves", "data-role": "moves", role: "group", "aria-label": t("Your move")});
    this.analysisEl = h("div", {class: "ot-analysis", "data-role": "analysis", hidden: true});
    const n = this.options.length;
    // The other rules take room: folded away until the reader asks for them, and their controls built
    // then (a rules page has dozens of viewers; most are never asked).
    this.optionsList = h("div", {class: "ot-options-list", role: "group", "aria-label": t("Try other rules")});
    this.optionsBox = n ? h("details", {class: "ot-options", "data-role": "options",
      ontoggle: () => { if (this.optionsBox.open) void this.optionEls; }},
    h("summary", {class: "ot-options-head"}, nt("Try another rule — {count} option", "Try another rule — {count} options", n, {count: n})),
    h("p", {class: "ot-options-help ot-muted"},
      t("Each choice replays this deal under that rule, computed by the live engine (loaded on first use).")),
    this.optionsList)
      : null;
    this.el = h("div", {class: "ot-live"},
      h("div", {class: "ot-live-row"}, this.goBtn, this.bookBtn, this.analysisBtn,
        h("span", {class: "ot-progress"}, this.progress, this.progressLabel)),
      this.optionsBox);
    // what live play needs at hand sits at the board, under the table: the seat, the pace, the moves
    this.boardEl = h("div", {class: "ot-live-board", "data-role": "live-board"},
      h("div", {class: "ot-live-row"}, this.seatField, this.status), this.levelNote, this.moves, this.analysisEl);
  }

  /** The option controls, built on first use. */
  get optionEls() {
    if (!this.builtOptions) {
      this.builtOptions = this.options.map((opt) => this.buildOption(opt));
      put(this.optionsList, this.builtOptions.map((o) => o.el));
      for (const o of this.builtOptions) o.control.disabled = !!this.loading || this.busy;
    }
    return this.builtOptions;
  }

  buildOption(opt) {
    const values = optionValues(opt);
    const onchange = () => this.changeOption(opt.key, control.value);
    let control;
    if (values.length) {
      control = h("select", {class: "ot-select", "data-option": opt.key, "aria-label": opt.title || opt.key, onchange},
        values.map((v) => h("option", {value: String(v.value)}, v.label)));
    } else {
      control = h("input", {type: "number", class: "ot-number", "data-option": opt.key, min: opt.low, max: opt.high,
        "aria-label": opt.title || opt.key, onchange});
    }
    control.value = String(this.chosen[opt.key]);
    const rule = h("span", {class: "ot-option-rule"});
    const showRule = () => {
      const v = values.find((x) => String(x.value) === control.value);
      const id = v && v.choice ? v.choice.rule : opt.rule;
      put(rule, id ? this.w.ruleLink(id) : null);
    };
    showRule();
    return {key: opt.key, el: h("span", {class: "ot-option"},
      h("label", {class: "ot-field"}, h("span", {class: "ot-field-label"}, opt.title || opt.key), control), rule),
    control, values, showRule, opt};
  }

  // -- what the table may offer ---------------------------------------------------------------
  /** {seat, legal:Set, busy, onMove, pile} when the reader may move at this frame, else null. */
  playContext(f) {
    if (!this.active || f.outcome || f.turn === null || f.turn !== this.seat) return null;
    const sd = (f.seats || [])[f.turn];
    const legal = f.legal || [];
    const pile = sd && sd.hand && sd.hand.layout === "pile" && sd.hand.face === "down" && legal.length === 1 ? legal[0] : null;
    return {seat: this.seat, legal: new Set(legal), busy: this.busy, pile, onMove: (m) => this.play(m)};
  }

  update(f) {
    const w = this.w;
    const names = (f.seats || []).map((s, i) => s.name || seatName(f, i, w.data.seat_names));
    if (this.seatSelect.options.length !== names.length) {
      put(this.seatSelect, seatOrder(w.book, f).map((i) => h("option", {value: String(i)}, names[i])));
    }
    // at every step, each part is written only when it changes (a write of the same still restyles it)
    if (this.seat !== null && this.seatSelect.value !== String(this.seat)) this.seatSelect.value = String(this.seat);
    setHidden(this.seatField, !this.active);
    if (this.levelSelect.value !== this.level) this.levelSelect.value = this.level;
    // the engine's own words for the level chosen (shown once it has said them)
    const words = this.levels && this.levels[this.level] || "";
    const levelWords = !this.active || !this.levels ? ""
      : this.level === "strong" ? t("strong bots: {words}", {words}) : t("simple bots: {words}", {words});
    if (this.levelNote.textContent !== levelWords) this.levelNote.textContent = levelWords;
    setHidden(this.levelNote, !this.levelNote.textContent);
    setHidden(this.goBtn, this.active);
    this.goBtn.disabled = !!this.loading || this.busy;
    setHidden(this.bookBtn, !this.active && w.isBook);
    for (const o of this.builtOptions || []) o.control.disabled = !!this.loading || this.busy;
    if (this.loading || this.busy) this.w.root.setAttribute("aria-busy", "true");
    else this.w.root.removeAttribute("aria-busy");
    put(this.moves);
    if (this.analysisBtn.getAttribute("aria-pressed") !== String(this.analysing)) {
      this.analysisBtn.setAttribute("aria-pressed", String(this.analysing));
    }
    this.analysisBtn.disabled = !!this.loading;
    this.showAnalysis(f, names);
    const status = !this.active ? (w.isBook ? "" : "computed by the live engine")
      : t("Live: you play {seat}, the engine plays the others.", {seat: names[this.seat] || ""});
    if (this.status.textContent !== status) this.status.textContent = status;
    if (!this.active) return;
    if (f.outcome) { put(this.moves, h("span", {class: "ot-muted"}, t("The game is over. Step back to try another move."))); return; }
    if (f.turn === null || f.turn === undefined) return;
    if (this.botsMoving || (w.timer && w.playTarget !== null)) {
      put(this.moves, h("span", {class: "ot-muted"}, t("The engine is playing the other seats…")));
      return;
    }
    if (f.turn !== this.seat) {
      put(this.moves, h("span", {class: "ot-muted"},
        t("{seat} is to play here. Choose {seat} under “You play” to make this move, or step on.", {seat: names[f.turn]})));
      return;
    }
    const ctx = this.playContext(f);
    const sd = f.seats[f.turn];
    const shown = w.view === null || (w.view === f.turn && sd.hand.face === "up");
    const buttons = [];
    if (ctx.pile) {
      buttons.push(this.moveButton(ctx.pile, t("Play: turn up the top card")));
    } else {
      for (const m of f.legal || []) {
        const inHand = isCard(m, w.pattern) && m !== "??" && shown && (sd.hand.cards || []).includes(m);
        if (inHand) continue;
        buttons.push(isCard(m, w.pattern)
          ? this.moveButton(m, [h("span", {class: "ot-vh"}, t("Play the ")), cardChip(m, w.pattern)])
          : this.moveButton(m, m));
      }
    }
    put(this.moves, h("span", {class: "ot-moves-head"}, buttons.length ? t("Your move:") : t("Your move: click a highlighted card.")), buttons);
  }

  // -- analysis ------------------------------------------------------------------------------
  /** What names the position shown: the rules open and the moves from the deal. */
  analysisKey() {
    const w = this.w;
    return `${this.opened}|${w.lines.movesOf(w.lines.currentId, w.index).join(" ")}`;
  }

  toggleAnalysis() {
    this.analysing = !this.analysing;
    this.w.writeHash();
    if (this.analysing) return this.drive("analysisOn");
    this.w.render();
    return Promise.resolve(false);
  }

  /** The values to show on the cards of the hand to play, as the engine gave them: {seat, key, byCard:
   * Map(card -> {value, best, text, first})}, or null while the analysis is off or not there for this
   * step. Until the whole deal is valued, its first look's values (a few tricks ahead), marked ``first``. */
  cardValues(f) {
    if (!this.analysing || !this.active) return null;
    const key = this.analysisKey(), got = this.analyses.get(key);
    const holder = got ? (got.ok ? got : null) : this.looks.has(key) ? {analysis: this.looks.get(key), first: true} : null;
    if (!holder || holder.analysis.step !== f.step) return null;
    if (holder.first) return lookValues(holder.analysis, this.w.pattern);
    holder.values ??= cardValuesOf(holder.analysis, this.w.pattern, false);
    return holder.values;
  }

  /** The engine's analysis of the step shown, as it wrote it: each legal move with its value and what
   * that means, best first; the move the line plays next marked; the best line in the engine's words. */
  showAnalysis(f, names) {
    const el = this.analysisEl;
    setHidden(el, !this.analysing || !this.active);
    if (el.hidden) return;
    const w = this.w;
    el.dataset.step = String(f.step);
    const got = this.analyses.get(this.analysisKey());
    if (!got) {
      const plan = this.plans.get(this.analysisKey()), look = this.looks.get(this.analysisKey());
      el.dataset.state = look ? "first" : "pending";
      const working = h("p", {class: "ot-muted", "data-role": "analysis-plan"},
        plan ? t("Analysis: {plan}", {plan}) : t("Analysis: asking the engine what it will take…"));
      // the first look (the moves valued a few tricks ahead, the measure saying so) while the solver works
      if (look) put(el, analysisHead(look, names, true), analysisRows(this.w, look), working);
      else put(el, working);
      if (this.driver && this.engine) this.drive("analyseHere");
      return;
    }
    if (!got.ok) {
      el.dataset.state = "none";
      put(el, h("p", {class: "ot-muted"}, t("Analysis: {error}", {error: got.error})));
      return;
    }
    el.dataset.state = "done";
    const a = got.analysis;
    put(el,
      analysisHead(a, names, false),
      a.note ? h("p", {class: "ot-muted"}, a.note) : null,
      analysisRows(w, a),
      got.line_words && got.line_words.length
        ? h("p", {class: "ot-analysis-line", "data-role": "best-line"}, h("strong", {}, t("Best line: ")), got.line_words.join(" "))
        : null,
      a.moves.length && a.moves[0].line.length && !isOn(w, a.moves[0])
        ? h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "best-line", disabled: this.busy,
          onclick: () => this.drive("bestLine")}, t("Step through the best line"))
        : null,
      dealTable(this.dealTables.get(this.analysisKey())));
    // where a deal's play begins, its double-dummy table, worked out a slice at a time while the reader stays
    if (got.deal_begins && !this.dealTables.has(this.analysisKey()) && this.driver && this.engine) this.drive("dealTableHere");
  }

  /** A move as a button named by what it shows (a card chip says its card's name to screen readers). */
  moveButton(move, content) {
    return h("button", {type: "button", class: "ot-btn ot-btn-text ot-move-btn", "data-move": move,
      disabled: this.busy, onclick: () => this.play(move)}, content);
  }

  // -- the engine ----------------------------------------------------------------------------
  // liveplay.js drives it: loaded with the reader's first click that needs it, while the controls
  // wait as they do while the engine itself loads.
  goLive() { this.w.stopPlay(); return this.drive("goLive"); }
  /** The bot levels in the engine's words, asked once the engine is loaded. */
  async loadLevels() {
    if (this.levels || !this.engine) return;
    const r = await this.engine.call("levels", {});
    if (r && r.ok) this.levels = r.levels;
  }
  play(move) { return this.drive("play", move); }
  changeOption(key, value) { return this.drive("changeOption", key, value); }
  backToBook() { this.w.stopPlay(); return this.drive("backToBook"); }
  /** After a step is drawn: the bots move by themselves when it is their turn at the end of the line. */
  afterShow() {
    const f = this.w.frame;
    if (this.driver && this.active && !this.busy && !this.w.timer && !f.outcome && Number.isInteger(f.turn)
      && f.turn !== this.seat && this.w.index === this.w.frames.length - 1) {
      this.botTimer = this.botTimer || setTimeout(() => { this.botTimer = null; this.drive("botsPlay"); }, this.pace);
    }
  }

  async drive(name, ...args) {
    if (!this.driver) {
      if (this.loading) return false;
      this.showLoading(true);
      this.loading = import("./liveplay.js");
      this.w.render();
      try {
        this.driver = await this.loading;
      } catch (err) {
        this.w.setMessage(t("The live engine could not be loaded ({error}). The book still works.", {error: err && err.message ? err.message : err}), {kind: "error"});
        return false;
      } finally {
        this.loading = null;
        this.showLoading(false);  // shown again at once by the engine's loading, in the same task
        if (!this.driver) this.w.render();
      }
    }
    return this.driver[name](this, ...args);
  }

  /** The progress bar and its label while the engine loads (the engine then reports its progress). */
  showLoading(on) {
    this.progress.hidden = !on;
    if (on) this.progress.removeAttribute("value");
    this.progressLabel.textContent = on ? t("Loading the live engine…") : "";
  }
}
