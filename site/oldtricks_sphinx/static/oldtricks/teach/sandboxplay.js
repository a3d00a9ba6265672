// The game played on the sandbox's table: the reader's move, the moves of the seats the engine plays, a note
// on a step, each sent to the engine (which decides whether a move is legal and what follows), the sandbox
// busy meanwhile; the table kept in view as it grows.
//
// Exports: run(sb, work), play(sb, move), keepInView(sb, fromTop?), advance(sb), extend(sb, frames),
// saveNote(sb, text); `sb` is the Sandbox (sandbox.js), whose methods of the same names call them.
import { TABLE } from "./sandbox.js";
import { t } from "../words.js";

const ADVANCE = 200; // moves the engine plays on one click when it plays every seat (some games never end)

/** Run `work` with the sandbox busy (its viewer drawn so before and after). */
export async function run(sb, work) {
  if (sb.busy || !sb.widget) return;
  sb.busy = true;
  sb.widget.render();
  try {
    await work();
  } finally {
    sb.busy = false;
    sb.widget.render();
  }
}

export async function play(sb, move) {
  await sb.run(async () => {
    const w = sb.widget;
    const r = await sb.engine.play(TABLE, w.frame.step, move, [...sb.bots], sb.level);
    if (!r || !r.ok || !Array.isArray(r.frames)) {
      w.refuse(r);
      return;
    }
    w.setMessage("");
    sb.extend(r.frames);
    await sb.keepInView();  // still busy: the board is idle once it is in view
  });
}

/** After the reader's move, the seat to play, its hand and the moves under the table on the screen
 * again, if they left it (on a phone the table is taller than the screen, and grows as the auction
 * gives way to the play); `fromTop` ("Play now") first brings the table's top in. Measured once the new
 * frame is drawn: a seat whose marks wrap anew (its turn flag come) is taller than before it. Instant:
 * each scroll starts where the one before it ends (the theme's smooth scrolling would leave the next
 * "nearest" measured from where the page was, and the reader's hand below the screen). */
export async function keepInView(sb, fromTop = false) {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  if (fromTop) sb.viewerSlot.scrollIntoView({block: "start", behavior: "instant"});
  const seat = sb.widget && sb.widget.root.querySelector(".ot-seat.ot-you");
  if (!seat) return;
  seat.scrollIntoView({block: "nearest", behavior: "instant"});
  if (fromTop || sb.bar.moves.childElementCount) {
    sb.bar.boardEl.scrollIntoView({block: "nearest", behavior: "instant"});
  }
}

export function advance(sb) {
  return sb.run(async () => {
    const w = sb.widget;
    const r = await sb.call("advance", {key: TABLE, step: w.frame.step, bots: [...sb.bots], level: sb.level, limit: ADVANCE});
    if (!r.ok) { w.setMessage(r.error, {kind: "error"}); return; }
    sb.extend(r.frames);
  });
}

export function extend(sb, more) {
  const w = sb.widget;
  if (w.readings) w.readings.close();  // the game moved on: its two readings are no longer the same game
  const frames = w.frames.slice(0, w.index + 1).concat(more);
  sb.setFrames(frames, frames.length - 1);
  sb.changed();
}

export function saveNote(sb, text) {
  return sb.run(async () => {
    const w = sb.widget;
    const r = await sb.call("table_note", {key: TABLE, step: w.frame.step, text});
    if (!r.ok) { w.setMessage(r.error, {kind: "error"}); return; }
    w.frames[w.index] = r.frame;
    sb.bar.noteStep = null;
    w.setMessage(text.trim() ? t("Note saved on step {step}.", {step: r.frame.step}) : t("Note removed from step {step}.", {step: r.frame.step}));
    sb.changed();
  });
}
