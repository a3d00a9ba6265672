// Draws one frame as a card table: seats around, the trick in the middle, centre groups, outcome.
// Nothing here decides a rule: everything shown comes from the frame.
import { h } from "./dom.js";
import { cardImage, cardName, isCard } from "./cards.js";
import { nt, t } from "./words.js";

// Seat 0 at the bottom, then clockwise.
const LAYOUTS = {
  1: ["b"], 2: ["b", "t"], 3: ["b", "tl", "tr"], 4: ["b", "l", "t", "r"],
  5: ["b", "l", "tl", "tr", "r"], 6: ["b", "bl", "tl", "t", "tr", "br"],
};
const RING = ["b", "bl", "l", "tl", "t", "tr", "r", "br"];

export function positions(n) {
  if (LAYOUTS[n]) return LAYOUTS[n];
  return Array.from({length: n}, (_, i) => RING[Math.floor((i * RING.length) / n) % RING.length]);
}

export function seatName(frame, seat, fallback) {
  const s = frame && frame.seats && frame.seats[seat];
  if (s && s.name) return s.name;
  if (fallback && fallback[seat]) return fallback[seat];
  return seat === null || seat === undefined ? "" : t("Seat {seat}", {seat});
}

const OUTCOME_WORD = {win: t("Game over"), draw: t("Draw"), endless: t("Endless game"), capped: t("Stopped")};

/** Badges for a seat's marks (clip, dealer, black nose...), linked to their rule when known. */
function markEl(mark, rules, key) {
  const kind = String(mark.kind || "info").replace(/[^a-z0-9-]/gi, "");
  const count = Number.isInteger(mark.count) && mark.count !== 1 ? ` ×${mark.count}` : "";
  const parts = [h("span", {class: "ot-mark-dot", "aria-hidden": "true"}), `${mark.label}${count}`];
  const rule = mark.rule && rules && rules[mark.rule];
  const attrs = {class: `ot-mark ot-mark-${kind}`, title: rule ? `${mark.label}: ${rule.title || mark.rule}` : mark.label,
    "data-key": key};
  return rule && rule.url ? h("a", {...attrs, href: rule.url}, parts) : h("span", attrs, parts);
}

function wonText(won) {
  if (!won) return "";
  const tricks = won.tricks || 0, count = won.count || 0;
  return `${nt("{count} trick", "{count} tricks", tricks, {count: tricks})} · ${nt("{count} card", "{count} cards", count, {count})}`;
}

/** One card element of a hand; a button when it is the reader's turn at this seat. The frame's legal
 * moves are highlighted; any other card may be tried too, and the engine says why it is refused. */
function handCard(card, seat, shown, ctx) {
  const text = shown ? card : "??";
  const face = cardImage(text, ctx.pattern, shown);
  const play = ctx.play;
  if (play && shown && play.seat === seat) {
    // a lesson's question keeps the legal moves to itself (null): every card is offered alike
    if (play.legal === null) return choiceCard(card, seat, face, play, cardName(card, ctx.pattern));
    const legal = play.legal.has(card);
    const name = cardName(card, ctx.pattern);
    // Named by its content, the card image (its alt text the card's name) between hidden words,
    // not by an aria-label: a label would differ from the rank letter the button shows.
    return h("button", {type: "button", class: `ot-card ${legal ? "ot-legal" : "ot-illegal"}`, "data-card": text,
      "data-seat": seat, "data-legal": legal ? "true" : "false", disabled: play.busy, onclick: () => play.onMove(card),
      title: legal ? t("Play the {card}", {card: name}) : t("Try the {card} (not among the legal moves)", {card: name})},
    h("span", {class: "ot-vh"}, legal ? t("Play the ") : t("Try the ")), face,
    legal ? null : h("span", {class: "ot-vh"}, t(" (not among the legal moves)")));
  }
  return h("span", {class: "ot-card", "data-card": text, "data-seat": seat}, face);
}

function choiceCard(card, seat, face, play, name) {
  return h("button", {type: "button", class: "ot-card ot-choice", "data-card": card, "data-seat": seat,
    disabled: play.busy, onclick: () => play.onMove(card), title: t("Play the {card}", {card: name})},
  h("span", {class: "ot-vh"}, t("Play the ")), face);
}

function handEl(seatData, ctx) {
  const hand = seatData.hand || {layout: "fan", cards: [], count: 0, face: "up"};
  const seat = seatData.seat;
  const cards = (hand.cards || []).slice();
  while (cards.length < (hand.count || 0)) cards.push("??");
  const mine = ctx.view === seat;
  const seen = ctx.view === null || ctx.view === undefined ? true : mine && hand.face === "up";
  const shown = seen && !(ctx.hidden && ctx.hidden.has(seat));  // the reader may hide any hand
  const owner = seatData.name;
  if (!cards.length) return h("div", {class: "ot-hand ot-empty"}, t("no cards"));
  if (hand.layout === "pile" && !(shown && cards.some((c) => c !== "??"))) {
    // A face-down stack: a few backs offset, and the count.
    const stack = h("div", {class: "ot-stack", "aria-hidden": "true"});
    cards.forEach((card, i) => {
      const depth = Math.min(i, 3);
      const el = h("span", {class: "ot-card", "data-card": "??", "data-seat": seat,
        style: `--d:${depth}; z-index:${cards.length - i}`}, cardImage("??", ctx.pattern, false));
      stack.appendChild(el);
    });
    const label = nt("{seat}'s pile: {count} card, face down", "{seat}'s pile: {count} cards, face down", cards.length,
      {seat: owner, count: cards.length});
    const pile = ctx.play && ctx.play.seat === seat && ctx.play.pile
      ? h("button", {type: "button", class: "ot-hand ot-pile ot-legal", "data-pile": "top", "data-seat": seat,
        "data-legal": "true", "aria-label": t("Turn up the top card of {seat}'s pile", {seat: owner}),
        disabled: ctx.play.busy, onclick: () => ctx.play.onMove(ctx.play.pile)}, stack, h("span", {class: "ot-count"}, String(cards.length)))
      : h("div", {class: "ot-hand ot-pile", role: "img", "aria-label": label}, stack, h("span", {class: "ot-count"}, String(cards.length)));
    return pile;
  }
  const playable = shown && ctx.play && ctx.play.seat === seat ? " ot-playable" : "";  // its cards are buttons
  const list = h("div", {class: `ot-hand ot-fan${hand.layout === "pile" ? " ot-pile-open" : ""}${playable}`, role: "list",
    "aria-label": hand.layout === "pile"
      ? t("{seat}'s face-down pile shown open, top card first ({count})", {seat: owner, count: cards.length})
      : t("{seat}'s hand ({count})", {seat: owner, count: cards.length})});
  const key = cardKeys();
  const values = ctx.values && ctx.values.seat === seat ? ctx.values.byCard : null;
  const drawn = ctx.slots ? new Map() : null;  // each slot's key -> what it is drawn from
  const shownSlots = ctx.keptSlots && !ctx.play ? ctx.keptSlots.get(seat) : null;
  cards.forEach((card, i) => {
    const hidden = !shown || card === "??";
    const slotKey = key(hidden ? "??" : card);
    const top = hand.layout === "pile" && i === 0;
    const value = values && !hidden && values.has(card) ? values.get(card) : null;
    const from = drawn || shownSlots ? `${hidden ? "??" : card}|${ctx.pattern}|${top}|${value ? JSON.stringify(value) : ""}` : null;
    if (drawn) drawn.set(slotKey, from);
    // a card shown as it is drawn now is not built again (its picture not even cloned): dom.js morph
    // keeps the slot shown for the <ot-keep> that stands in for it
    if (shownSlots && shownSlots.get(slotKey) === from) {
      list.appendChild(keepEl(seat, `[data-seat-box="${seat}"] .ot-hand`, slotKey));
      return;
    }
    list.appendChild(h("span", {class: "ot-slot", role: "listitem", "data-key": slotKey},
      handCard(card, seat, !hidden, ctx),
      top ? h("span", {class: "ot-top-tag", "aria-hidden": "true"}, t("top")) : null,
      value ? valueBadge(value) : null));
  });
  if (drawn) ctx.slots.set(seat, drawn);
  return list;
}

/** The analysis's value of a card, on the card (as a chess engine's arrows on the board): the number
 * the engine gave, the best filled as the engine marked it, its words in the tooltip. The analysis's
 * list says the same in words, so the badge is not read out twice. */
function valueBadge(v) {
  return h("span", {class: `ot-value${v.best ? " ot-value-best" : ""}${v.first ? " ot-value-first" : ""}`, "data-value": v.value,
    "data-best": v.best ? "true" : "false", "data-first": v.first ? "true" : "false", title: v.text, "aria-hidden": "true"}, String(v.value));
}

/** Keys for a row of cards (dom.js morph matches them by key: a card played leaves the others in
 * place): the card itself, or for cards not shown, "??" and their number among those. */
function cardKeys() {
  let hidden = 0;
  return (card) => card === "??" ? `??${hidden++}` : card;
}

function seatEl(frame, seatData, pos, ctx) {
  const seat = seatData.seat;
  const out = frame.outcome;
  const classes = ["ot-seat", `ot-pos-${pos}`];
  if (frame.turn === seat) classes.push("ot-to-move");
  if (out && (out.winners || []).includes(seat)) classes.push("ot-winner");
  if (out && (out.losers || []).includes(seat)) classes.push("ot-loser");
  if (Number.isInteger(seatData.team)) classes.push(`ot-team-${seatData.team % 4}`);
  if (ctx.play && ctx.play.seat === seat) classes.push("ot-you");
  const status = [];
  if (frame.turn === seat) status.push(t("to play"));
  if (classes.includes("ot-winner")) status.push("winner");
  // A named group, not a <section>: a page holds many viewers with the same seat names, and a
  // section with a name is a landmark, which must be unique on its page.
  return h("div", {class: classes.join(" "), style: `grid-area:${pos}`, "data-seat-box": seat, role: "group",
    "aria-label": [seatData.name, ...status].join(", ")},
  // keyed (dom.js morph): the turn flag coming and going leaves the name, marks and button as they are
  h("div", {class: "ot-seat-head"},
    h("span", {class: "ot-seat-name", "data-key": "name"}, seatData.name),
    ctx.play && ctx.play.seat === seat ? h("span", {class: "ot-you-flag", "data-key": "you"}, t("you")) : null,
    frame.turn === seat ? h("span", {class: "ot-turn-flag", "data-key": "turn"}, t("to play")) : null,
    (seatData.marks || []).map((m) => markEl(m, ctx.rules, `mark ${m.kind}|${m.label}`)),
    // the toggle before the count (pushed to the right): in a narrow seat it shares the marks' line
    // rather than take a line of its own after the count
    ctx.toggleHand ? handToggle(seatData, ctx) : null,
    h("span", {class: "ot-won", title: t("won so far"), "data-key": "won"}, wonText(seatData.won))),
  handEl(seatData, ctx));
}

/** All that a seat's box is drawn from, as one string (a table the reader plays on is never kept). */
function seatKey(frame, seatData, pos, ctx) {
  const seat = seatData.seat;
  const out = frame.outcome;
  return JSON.stringify([seatData, pos, frame.turn === seat, !!(out && (out.winners || []).includes(seat)),
    !!(out && (out.losers || []).includes(seat)), ctx.view ?? null, !!(ctx.hidden && ctx.hidden.has(seat)),
    ctx.pattern, !!ctx.toggleHand, ctx.values && ctx.values.seat === seat ? ctx.values.key : null]);
}

/** A stand-in for a seat's box drawn as it is shown; or, given where it is (a selector in the table
 * shown) and its key, for a child of that: a card of a hand, a card in play (dom.js morph keeps them). */
function keepEl(seat, within = null, key = null) {
  const el = document.createElement("ot-keep");
  el.dataset.seat = String(seat);
  if (within !== null) { el.dataset.in = within; el.dataset.key = key; }
  return el;
}

/** The show/hide button of one hand (as in a bridge hand viewer): hiding is the reader's choice only. */
function handToggle(seatData, ctx) {
  const hidden = !!(ctx.hidden && ctx.hidden.has(seatData.seat));
  const label = hidden ? t("Show {seat}'s hand", {seat: seatData.name}) : t("Hide {seat}'s hand", {seat: seatData.name});
  return h("button", {type: "button", class: "ot-hand-toggle", "data-key": "toggle", "data-action": "toggle-hand", "data-seat": seatData.seat,
    "aria-pressed": String(hidden), "aria-label": label, title: label, onclick: () => ctx.toggleHand(seatData.seat)},
  hidden ? t("show") : t("hide"));
}

function centreEl(frame, pos, ctx) {
  const trick = frame.trick || {};
  const names = (seat) => seatName(frame, seat, ctx.seatNames);
  const head = [];
  if (trick.number) head.push(t("Trick {number}", {number: trick.number}));
  if (trick.leader !== null && trick.leader !== undefined && trick.number) head.push(t("led by {seat}", {seat: names(trick.leader)}));
  if (trick.winner !== null && trick.winner !== undefined) head.push(t("won by {seat}", {seat: names(trick.winner)}));
  // A list only when cards lie on the table: an empty list is invalid ARIA (a list needs items).
  const box = h("div", {class: `ot-trick ot-trick-${(frame.seats || []).length}`, "data-role": "trick",
    role: (frame.table || []).length ? "list" : "group", "aria-label": head.join(", ") || t("No trick yet")});
  const drawn = ctx.slots ? new Map() : null;  // each card in play's seat -> what it is drawn from
  const shown = ctx.keptSlots && !ctx.play ? ctx.keptSlots.get("trick") : null;
  for (const play of frame.table || []) {
    const winner = trick.winner === play.seat && trick.winner !== null;
    const fresh = play.seat === frame.mover && play.card === frame.move ? " ot-new" : "";
    const from = drawn || shown ? JSON.stringify([play.card, pos[play.seat] || "b", winner, fresh, names(play.seat), ctx.pattern]) : null;
    if (drawn) drawn.set(String(play.seat), from);
    if (shown && shown.get(String(play.seat)) === from) {  // as it is shown: not built again
      box.appendChild(keepEl(play.seat, '[data-role="trick"]', String(play.seat)));
      continue;
    }
    box.appendChild(h("div", {class: `ot-played ot-at-${pos[play.seat] || "b"}${winner ? " ot-win" : ""}${fresh}`,
      role: "listitem", "data-played": play.card, "data-by": play.seat, "data-key": play.seat,
      "aria-label": winner ? t("{seat}: {card}, wins the trick", {seat: names(play.seat), card: cardName(play.card, ctx.pattern)})
        : `${names(play.seat)}: ${cardName(play.card, ctx.pattern)}`},
    h("span", {class: "ot-card"}, cardImage(play.card, ctx.pattern, play.card !== "??")),
    winner ? h("span", {class: "ot-win-tag", "aria-hidden": "true"}, t("wins")) : null));
  }
  if (drawn) ctx.slots.set("trick", drawn);
  if (!(frame.table || []).length) box.appendChild(h("div", {class: "ot-trick-empty"}, trick.number ? "" : t("no cards played yet")));
  const groups = (frame.centre || []).map((g) => {
    const key = cardKeys();
    return h("div", {class: "ot-group", role: "group", "aria-label": g.label},
      h("div", {class: "ot-group-label"}, g.label, ` (${(g.cards || []).length})`),
      h("div", {class: "ot-group-cards"}, (g.cards || []).map((c) => h("span", {class: "ot-card", "data-centre-card": c,
        "data-key": key(c)}, cardImage(c, ctx.pattern, c !== "??" && isCard(c, ctx.pattern))))));
  });
  return h("div", {class: "ot-centre", style: "grid-area:c"},
    h("div", {class: "ot-trick-head"}, head.join(" · ") || "\u00a0"), box, groups);
}

function outcomeEl(out) {
  if (!out) return null;
  const kind = ["win", "draw", "endless", "capped"].includes(out.kind) ? out.kind : "win";
  return h("div", {class: `ot-outcome ot-outcome-${kind}`, "data-role": "outcome"},
    h("strong", {}, OUTCOME_WORD[kind] || t("Game over")), " ", out.text || "",
    out.cycle !== null && out.cycle !== undefined ? h("span", {class: "ot-cycle"}, ` (cycle ${out.cycle})`) : null);
}

/** The seats in the order of play, as the engine gives it (frame.play_order, from seat 0), or in
 * seat order when the frame has none that fits. */
export function playOrder(frame) {
  const n = (frame.seats || []).length;
  const order = Array.isArray(frame.play_order) ? frame.play_order : [];
  const whole = order.length === n && [...order].sort((a, b) => a - b).every((s, i) => s === i);
  return whole ? order : Array.from({length: n}, (_, i) => i);
}

/** The whole table for a frame. ctx: {pattern, view, hidden (Set of seats whose hand the reader
 * hid), toggleHand(seat), rules, seatNames, play, values (the analysis's values of the cards of the
 * hand to play, golive.js cardValues), and to merge the table into the one shown (dom.js morph):
 * keys and slots (Maps this drawing fills: what each seat, and each card of a seat's hand or in
 * play, is drawn from), kept and keptSlots (the same of the table shown)}. Each seat keeps its place round the table; the
 * seats come in the page in the order of play, so that Tab and a screen reader go round the table
 * as the play does (to the right in Drogue). */
export function renderTable(frame, ctx) {
  const seats = frame.seats || [];
  const pos = positions(seats.length);
  const felt = h("div", {class: `ot-felt ot-n${Math.min(seats.length, 6)}`});
  for (const i of playOrder(frame)) {
    // A seat drawn as it is already shown is not built again: a <ot-keep> stands in for it, and
    // morph (dom.js) keeps the shown one (a card step changes one or two seats of four).
    const key = ctx.keys ? seatKey(frame, seats[i], pos[i] || "b", ctx) : null;
    if (key !== null) ctx.keys.set(i, key);
    const same = key !== null && ctx.kept && ctx.kept.get(i) === key;
    if (same && ctx.slots && ctx.keptSlots && ctx.keptSlots.has(i)) ctx.slots.set(i, ctx.keptSlots.get(i));
    felt.appendChild(same ? keepEl(i) : seatEl(frame, seats[i], pos[i] || "b", ctx));
  }
  felt.appendChild(centreEl(frame, pos, ctx));
  return h("div", {class: "ot-table"}, outcomeEl(frame.outcome), felt);
}

/** Short facts above the table. */
export function renderInfo(info) {
  if (!info || !info.length) return null;
  return h("ul", {class: "ot-info", "aria-label": t("About this position")}, info.map(([k, v]) => h("li", {class: "ot-info-item"},
    h("span", {class: "ot-info-key"}, k), " ", h("span", {class: "ot-info-value"}, v))));
}
