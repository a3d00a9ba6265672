// The engine-driving half of "Play from here" and "Try another rule" (golive.js draws the controls).
// golive.js imports this module on the reader's first click that needs the engine: it loads the
// engine (./live.js, Pyodide in a Worker), opens the scenario, forwards moves and swaps the frames
// it gets back. The engine decides everything. Each export takes the viewer's Live (golive.js).
import { reducedMotion } from "./dom.js";
import { seatName } from "./table.js";
import { scrollToView } from "./framed.js";
import { t, underRules } from "./words.js";
export { dealTableHere } from "./dealtable.js";  // the driver's, by name (golive.js drive())

function liveModuleUrl(root) {
  const given = root.dataset.liveModule;
  return given ? new URL(given, document.baseURI).href : new URL("./live.js", import.meta.url).href;
}

function ensureEngine(live) {
  if (live.engine) return Promise.resolve(live.engine);
  if (!live.loading) {
    live.showLoading(true);
    live.loading = import(liveModuleUrl(live.w.root))
      .then((mod) => mod.getEngine({onProgress: (fraction, label) => {
        if (typeof fraction === "number" && fraction >= 0) live.progress.value = Math.min(1, fraction);
        if (label) live.progressLabel.textContent = String(label);
      }}))
      .then((engine) => { live.engine = engine; return engine; })
      .finally(() => {
        live.loading = null;
        live.showLoading(false);
        live.w.render();
      });
    live.w.render();
  }
  return live.loading;
}

function overrides(live) {
  const out = {};
  for (const [k, v] of Object.entries(live.chosen)) if (String(v) !== String(live.book[k])) out[k] = v;
  return out;
}

/** Load the engine and open the scenario with the chosen options; true on success. */
async function open(live, force = false) {
  const w = live.w;
  const chosen = overrides(live);
  const key = JSON.stringify(chosen);
  if (!force && live.opened === key) return true;
  let engine;
  try {
    engine = await ensureEngine(live);
  } catch (err) {
    w.setMessage(t("The live engine could not be loaded ({error}). The book still works.", {error: err && err.message ? err.message : err}), {kind: "error"});
    return false;
  }
  live.busy = true;
  w.render();
  try {
    const r = await engine.open(w.id, w.data.spec, chosen);
    if (!r || !r.ok || !Array.isArray(r.frames) || !r.frames.length) {
      w.setMessage((r && r.error) || t("The live engine could not open this scenario."), {kind: "error", rule: r && r.rule});
      return false;
    }
    live.opened = key;
    live.engineLine = "main";
    live.stopped = r.stopped ? String(r.stopped) : "";
    live.refused = r.refused || null;
    w.root.dataset.ready = "live";
    w.setFrames(r.frames, Math.min(w.index, r.frames.length - 1));
    return true;
  } catch (err) {
    w.setMessage(t("The live engine failed: {error}", {error: err && err.message ? err.message : err}), {kind: "error"});
    return false;
  } finally {
    live.busy = false;
    w.render();
  }
}

/** The rule behind the refusal that stopped the scripted moves, for the message's rule link. */
function refusedRule(live) {
  const r = live.refused;
  return r && r.rule ? {rule: r.rule, known: {title: r.rule_title, status: r.status}} : {};
}

function stoppedNote(live) {
  return live.stopped ? " " + t("The scripted moves stop early, {why}", {why: live.stopped}) : "";
}

export async function goLive(live) {
  const w = live.w;
  w.stopPlay();
  const turn = w.frame.turn;
  if (!(await open(live))) return;
  await live.loadLevels();
  live.active = true;
  live.seat = Number.isInteger(w.frame.turn) ? w.frame.turn : Number.isInteger(turn) ? turn : 0;
  w.setMessage((w.frame.outcome ? t("Live: the game is over at this step; step back to play a different move.")
    : t("Live: you play {seat}. Click a highlighted card or a move button.", {seat: seatName(w.frame, live.seat, w.data.seat_names)}))
    + stoppedNote(live), refusedRule(live));
  w.render();
  // the reader's eyes and keys go to the board: a card (or a bid, a call) to play if there is one,
  // else the viewer
  scrollToView(w.tableSlot, "nearest");  // in a frame, the frame's page only
  const card = w.tableSlot.querySelector("button.ot-legal") || w.liveBoardSlot.querySelector("button[data-move]");
  if (card) card.focus({preventScroll: true});
  else w.root.focus({preventScroll: true});
}

/** The Analysis toggle was turned on: go live if need be, then ask for the step shown. */
export async function analysisOn(live) {
  if (!live.active) await goLive(live);
  live.w.render();
  return analyseHere(live);
}

/** Ask the engine for the analysis of the step shown (the moves of its line from the deal), once. */
export async function analyseHere(live) {
  const w = live.w;
  if (!live.analysing || !live.active || !live.engine) return;
  const key = live.analysisKey();
  if (live.analyses.has(key) || live.analysisPending === key) return;
  live.analysisPending = key;
  const ask = {key: w.id, moves: w.lines.movesOf(w.lines.currentId, w.index)};
  // first what the solver is about to do, in the engine's words (answered at once), shown while it works
  const plan = await live.engine.call("analysis_plan", ask).catch(() => null);
  if (plan && plan.ok && plan.text) { live.plans.set(key, String(plan.text)); w.render(); }
  // then a first look, the moves valued a few tricks ahead (in a moment), shown until the whole deal is valued
  const look = await live.engine.call("first_look", ask).catch(() => null);
  if (look && look.ok && look.analysis) { live.looks.set(key, look.analysis); w.render(); }
  let r;
  try {
    r = await live.engine.call("analyse", ask);
  } catch (err) {
    r = {ok: false, error: t("the live engine failed: {error}", {error: err && err.message ? err.message : err})};
  }
  live.analyses.set(key, r || {ok: false, error: "the engine did not answer"});
  if (live.analysisPending === key) live.analysisPending = null;
  w.render();
}

/** The analysis's best continuation from the step shown, as a side line the reader steps through
 * (the engine replays it: `line_to`), shown at its first move; the move list shows it beside the line
 * it leaves, and the link keeps it (lines.js). */
export async function bestLine(live) {
  const w = live.w;
  const got = live.analyses.get(live.analysisKey());
  if (!got || !got.ok || !got.analysis.moves.length || live.busy || !live.engine) return;
  const best = got.analysis.moves[0];
  const lineId = w.lines.currentId, from = w.index;
  w.stopPlay();
  live.busy = true;
  w.render();
  let r;
  try {
    r = await live.engine.call("line_to", {key: w.id, moves: w.lines.movesOf(lineId, from).concat([best.move, ...best.line])});
  } catch (err) {
    r = {ok: false, error: err && err.message ? err.message : String(err)};
  }
  live.busy = false;
  if (!r || !r.ok || !Array.isArray(r.frames)) {
    w.render();
    w.setMessage(t("The best line could not be played: {error}", {error: (r && r.error) || t("the engine did not answer")}), {kind: "error"});
    return;
  }
  const line = w.lines.play(lineId, from, r.frames.slice(from + 1));
  live.engineLine = line.id;
  w.showLine(line.id, from + 1, {hash: true});
  w.setMessage(t("The best line from step {step}, as a side line: step through it; “Back to the main line” returns.", {step: w.stepOf(from)}));
}

export async function play(live, move) {
  const w = live.w;
  if (live.busy || !live.engine) return;
  w.stopPlay();
  const f = w.frame;
  const bots = (f.seats || []).map((s, i) => i).filter((i) => i !== live.seat);
  live.busy = true;
  w.render();
  let r;
  try {
    r = await engineAt(live) || await live.engine.play(w.id, f.step, move, bots, live.level);
  } catch (err) {
    r = {ok: false, error: t("The live engine failed: {error}", {error: err && err.message ? err.message : err}), rule: null};
  }
  live.busy = false;
  if (!r || !r.ok || !Array.isArray(r.frames)) {
    w.render();
    w.refuse(r);
    return;
  }
  w.setMessage("");
  if (r.follows) followLine(live);
  else showBotMoves(live, r.frames);
}

/** The reader played the line's own next move (the engine said so: `follows`): no side line; the
 * viewer goes on along the line it shows, through the other seats' moves as the line has them, to
 * the reader's next turn (or the line's end, where the bots play on). */
function followLine(live) {
  const w = live.w;
  const frames = w.frames;
  let target = w.index + 1;
  while (target < frames.length - 1 && !frames[target].outcome && frames[target].turn !== live.seat) target++;
  w.show(w.index + 1, {hash: true});
  if (target > w.index) {
    if (reducedMotion()) w.show(target, {hash: true});
    else w.startPlay(target, live.pace);
  }
}

/** Make the engine's table the line shown, up to the step shown (when it holds another line): null
 * when done, else the engine's refusal. */
async function engineAt(live) {
  const w = live.w;
  if (live.engineLine === w.lines.currentId) return null;
  const r = await live.engine.call("line_to", {key: w.id, moves: w.lines.movesOf(w.lines.currentId, w.index)});
  if (!r || !r.ok) return r || {ok: false, error: "the engine did not answer"};
  live.engineLine = w.lines.currentId;
  return null;
}

/** Reopen a side line from a link at `step`: `parts` ([{from, moves}, …], lines.js parseLine) are the
 * line's levels, outermost first: each leaves the line before it (the first, the main line) after
 * index `from` with these moves, and is replayed by the live engine and nested as it was played. */
export async function openLine(live, parts, step) {
  const w = live.w;
  if (!(await open(live))) return;
  let parent = "main", line = null;
  for (const {from, moves} of parts) {
    const before = w.lines.get(parent).frames;
    if (from >= before.length) { w.setMessage(t("The side line of this link cannot be played: step {step} is not in the line it leaves", {step: from}), {kind: "error"}); return; }
    let r;
    try {
      r = await live.engine.call("line_to", {key: w.id, moves: w.lines.movesOf(parent, from).concat(moves)});
    } catch (err) {
      r = {ok: false, error: err && err.message ? err.message : String(err)};
    }
    if (!r || !r.ok) { w.setMessage(t("The side line of this link cannot be played: {error}", {error: (r && r.error) || t("no answer")}), {kind: "error"}); return; }
    line = w.lines.play(parent, from, r.frames.slice(from + 1));
    parent = line.id;
  }
  live.engineLine = line.id;
  live.active = true;
  const at = step === null ? line.frames.length - 1 : line.frames.findIndex((f) => f.step === step);
  const index = at >= 0 ? at : line.frames.length - 1;
  const f = line.frames[index];
  live.seat = Number.isInteger(f.turn) ? f.turn : 0;
  w.showLine(line.id, index);
  w.setMessage(t("A side line from step {step}, replayed by the live engine: “Back to the main line” returns to the scenario's line.", {step: parts[0].from}));
}

/** Take the engine's frames after the current step; the bots' moves among them are played out at
 * the reader's pace (live.pace ms a move; the Play button pauses, Next steps). */
function showBotMoves(live, more) {
  const w = live.w;
  const start = w.index + 1;
  const animate = more.length > 1 && !reducedMotion();
  live.botsMoving = animate;
  // a move anywhere but at the end of a side line starts a side line there (lines.js)
  const line = w.lines.play(w.lines.currentId, w.index, more);
  live.engineLine = line.id;
  const frames = line.frames;
  w.showLine(line.id, Math.min(start, frames.length - 1));
  live.botsMoving = false;
  w.writeHash();
  if (animate) w.startPlay(frames.length - 1, live.pace);
  else if (more.length > 1) w.show(frames.length - 1, {hash: true});
}

/** When a bot's seat is to move, the bots play on by themselves: at the last step of a line, or
 * (`here`) wherever the reader just took a seat, which starts a side line there. */
export async function botsPlay(live, here = false) {
  const w = live.w;
  const f = w.frame;
  if (!live.active || live.busy || !live.engine || f.outcome || !Number.isInteger(f.turn) || f.turn === live.seat) return;
  if (!here && w.index !== w.frames.length - 1) return;  // an earlier step: the reader is looking back
  const bots = (f.seats || []).map((s, i) => i).filter((i) => i !== live.seat);
  live.busy = true;
  w.render();
  let r;
  try {
    r = await engineAt(live) || await live.engine.call("advance", {key: w.id, step: f.step, bots, level: live.level});
  } catch (err) {
    r = {ok: false, error: t("The live engine failed: {error}", {error: err && err.message ? err.message : err})};
  }
  live.busy = false;
  if (!r || !r.ok || !Array.isArray(r.frames)) { w.render(); w.setMessage((r && r.error) || t("The bots could not move."), {kind: "error"}); return; }
  if (!r.frames.length) { w.render(); return; }
  // the first bot move is shown at once, the rest at the reader's pace
  showBotMoves(live, r.frames);
}

/** The reader chose another seat to play: say so, and let the bots move if it is their turn. */
export function seatChosen(live) {
  const w = live.w;
  w.setMessage(t("Live: you play {seat}; the engine plays the others.", {seat: seatName(w.frame, live.seat, w.data.seat_names)}));
  w.render();
  return botsPlay(live, true);
}

/** The reader chose the bots' level: the engine's words for it, and the bots play on at that level. */
export async function levelChosen(live) {
  const w = live.w;
  await live.loadLevels();
  w.render();
  return botsPlay(live, true);
}

export async function changeOption(live, key, value) {
  const w = live.w;
  const o = live.optionEls.find((x) => x.key === key);
  const prev = live.chosen[key];
  const v = o && o.values.find((x) => String(x.value) === String(value));
  live.chosen[key] = v ? v.value : (o && o.opt.choices && o.opt.choices.length ? value : Number(value));
  if (o) o.showRule();
  w.stopPlay();
  const ok = await open(live, true);
  if (!ok) {
    live.chosen[key] = prev;
    if (o) { o.control.value = String(prev); o.showRule(); }
    return;
  }
  live.active = true;
  if (live.seat === null) live.seat = Number.isInteger(w.frame.turn) ? w.frame.turn : 0;
  const title = o ? o.opt.title || key : key;
  const label = v ? v.label : String(value);
  w.setMessage(t("Showing this scenario with option “{option}: {value}”, computed by the live engine.", {option: title, value: label}) + stoppedNote(live),
    refusedRule(live));
  if (!Object.keys(overrides(live)).length) {
    if (w.readings) w.readings.close();  // the rules as written again: one reading
    w.render();
    return;
  }
  // both readings side by side, imported on first use: the engine says where they part
  const readings = await import("./compare.js");
  await readings.showReadings(live, rulesLabel(live));
  w.writeHash();
}

/** The rules chosen other than the book's, in words: "under “Title: label” and …". */
function rulesLabel(live) {
  const names = live.optionEls.filter((x) => String(live.chosen[x.key]) !== String(live.book[x.key]))
    .map((x) => { const c = x.values.find((y) => String(y.value) === String(live.chosen[x.key])); return `“${x.opt.title || x.key}: ${c ? c.label : live.chosen[x.key]}”`; });
  return underRules(names);
}

/** Reopen other rules side by side from a link (`rules`: {key: value}), on the deal the engine found
 * from `seed` when the link names one, at `step` (null: where the readings part). */
export async function openRules(live, rules, seed, step) {
  const w = live.w;
  Object.assign(live.chosen, rules);
  for (const o of live.builtOptions || []) { o.control.value = String(live.chosen[o.key]); o.showRule(); }
  if (!(await open(live, true))) {
    live.chosen = {...live.book};
    for (const o of live.builtOptions || []) { o.control.value = String(live.book[o.key]); o.showRule(); }
    return;
  }
  live.active = true;
  if (live.seat === null) live.seat = Number.isInteger(w.frame.turn) ? w.frame.turn : 0;
  const readings = await import("./compare.js");
  if (seed === null) await readings.showReadings(live, rulesLabel(live));
  else await readings.findFrom(live, rulesLabel(live), seed);
  if (step !== null) {
    const i = w.indexOfStep(step);
    if (i >= 0) w.show(i, {hash: true});
  }
}

export function backToBook(live) {
  const w = live.w;
  w.stopPlay();
  live.active = false;
  live.opened = null;
  live.chosen = {...live.book};
  for (const o of live.builtOptions || []) { o.control.value = String(live.book[o.key]); o.showRule(); }
  if (w.readings) w.readings.close();
  w.setFrames(w.book, Math.min(w.index, w.book.length - 1));
  w.writeHash();
  w.setMessage(t("Back to the book: the scenario as written."));
}
