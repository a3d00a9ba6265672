// What a screen reader hears as the game moves on: one polite live region per viewer, given each
// step once, when it is first shown (the reader stepping, the play timer, the engine's bots), never
// again when the same step is drawn again (a busy flag, a message, a hand hidden). The words are the
// frames': who moved, the card by its name, and the engine's events for the step. Nothing here
// decides a rule. The region stays silent until the reader first reaches into the viewer (a key, a
// click, the focus): a page opening with forty viewers, or at a linked step, says nothing.
//
// Exports: buildAnnouncer(w) -> {el, update()}; `w` is the widget (w.frames, w.index, w.pattern,
// w.data.seat_names). update() is called after every draw.
import { h } from "./dom.js";
import { cardName, isCard } from "./cards.js";
import { seatName } from "./table.js";
import { t } from "./words.js";

// A jump of more steps than this (End, a trick chosen in the list) says only where it landed.
const MOST = 12;

/** The words for one step: "Step 5. West: Ober of Leaves. West wins the trick." */
export function stepWords(f, index, pattern, seatNames) {
  const step = Number.isInteger(f.step) ? f.step : index;
  const parts = [t("Step {step}.", {step})];
  if (f.move !== null && f.move !== undefined) {
    const who = Number.isInteger(f.mover) ? seatName(f, f.mover, seatNames) : "";
    const what = isCard(f.move, pattern) ? cardName(f.move, pattern) : String(f.move);
    parts.push(`${who ? `${who}: ` : ""}${what}.`);
  } else if (step === 0) {
    parts.push(t("After the deal."));
  }
  for (const e of f.events || []) parts.push(String(e));
  if (f.outcome && f.outcome.text) parts.push(String(f.outcome.text));
  return parts.join(" ");
}

export function buildAnnouncer(w) {
  const el = h("div", {class: "ot-vh", "data-role": "announce", role: "log", "aria-live": "polite",
    "aria-relevant": "additions", "aria-label": t("What happened")});
  let shownFrame = null, shownIndex = -1, armed = false;
  for (const type of ["focusin", "pointerdown", "keydown"]) {
    w.root.addEventListener(type, () => { armed = true; }, {capture: true, passive: true, once: true});
  }

  function update() {
    const frames = w.frames, index = w.index, f = frames[index];
    if (f === shownFrame) return;  // the same step drawn again: already said
    // the steps passed since the one said last, when they continue it (a step on, the bots' moves)
    let from = index;
    if (shownFrame && index > shownIndex && frames[shownIndex] === shownFrame && index - shownIndex <= MOST) {
      from = shownIndex + 1;
    }
    if (!armed) { shownFrame = f; shownIndex = index; return; }
    const said = [];
    for (let i = from; i <= index; i++) said.push(stepWords(frames[i], i, w.pattern, w.data.seat_names));
    shownFrame = f;
    shownIndex = index;
    // one item per update, the older ones dropped: the region holds only what is new to hear
    el.replaceChildren(h("p", {}, said.join(" ")));
  }
  return {el, update};
}
