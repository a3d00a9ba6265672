// The move list beside the board: every step of the line in order, the card plays grouped by trick
// (number, leader, the cards in play order, the winner marked), calls, bids and deals as rows of
// their own, a mark where a step has a note. The current step is highlighted; a click or Enter on an
// entry jumps there. Everything shown comes from the frames: the list decides no rule.
//
// Exports: buildMoveList(w) -> {el, update()}, where `w` is the widget (it reads w.frames, w.index,
// w.pattern, w.data.seat_names and w.lines, and calls w.jumpToLine(lineId, index)), and
// moveRows(frames, pattern) -> the rows of one line (tested through the widget).
import { h, put, setHidden } from "./dom.js";
import { cardChip, isCard } from "./cards.js";
import { seatName } from "./table.js";
import { t } from "./words.js";

/**
 * The rows of one line's frames: {kind: "deal"|"call"|"trick", ...}. A trick row holds its plays
 * ({index, card, seat}), its number, leader and winner; a deal or call row holds one index.
 */
export function moveRows(frames, pattern) {
  const rows = [];
  let trick = null;
  frames.forEach((f, index) => {
    const t = f.trick || {};
    if (f.move === null || f.move === undefined) {
      rows.push({kind: "deal", index});
      trick = null;
      return;
    }
    if (isCard(f.move, pattern) && t.number > 0) {
      if (!trick || trick.number !== t.number) {
        trick = {kind: "trick", number: t.number, leader: t.leader, winner: null, plays: []};
        rows.push(trick);
      }
      trick.plays.push({index, card: f.move, seat: f.mover});
      if (t.complete) trick.winner = Number.isInteger(t.winner) ? t.winner : "none";
      return;
    }
    // a call, a bid, a new deal: its own row; a trick it interrupts goes on after it in the same row
    rows.push({kind: f.move === "deal" || f.move === "redeal" ? "deal" : "call", index});
    if (trick && !t.complete && t.number === trick.number) return;
    trick = null;
  });
  return rows;
}

export function buildMoveList(w) {
  return new MoveList(w);
}

/** The list of one viewer: {el, update()}. */
class MoveList {
  constructor(w) {
    this.w = w;
    this.list = h("ol", {class: "ot-ml-rows"});
    const back = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "main-line",
      onclick: () => w.userMove(() => w.toMainLine())}, t("Back to the main line"));
    this.where = h("span", {class: "ot-ml-where"});
    this.bar = h("div", {class: "ot-ml-bar", hidden: true}, this.where, back);
    const el = this.el = h("div", {class: "ot-movelist", "data-role": "movelist", role: "group", "aria-label": t("Moves")},
      this.bar, this.list);
    el.addEventListener("click", (e) => {
      const entry = e.target.closest("[data-step]");
      if (entry && el.contains(entry)) this.jump(entry);
    });
    el.addEventListener("keydown", (e) => this.onKey(e));
    this.focusable = null;
    // The list is drawn when it first comes near the screen (a page of long games holds thousands of
    // moves), then kept up to date; until then update() only remembers that it is due.
    this.drawnKey = null;
    this.drawnUpTo = null;
    this.currentEl = null;
    this.near = typeof IntersectionObserver !== "function";
    if (!this.near) {
      const seen = new IntersectionObserver((items) => {
        if (!items.some((i) => i.isIntersecting)) return;
        seen.disconnect();
        this.near = true;
        this.update();
      }, {rootMargin: "600px"});
      seen.observe(el);
    }
    // each entry by line and index, found once per drawing of the list (a long evening has thousands)
    this.entries = new Map();
  }

  onKey(e) {
    const entry = e.target.closest && e.target.closest("[data-step]");
    if (!entry) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      // move the focus along the list (Enter then jumps); ← and → still step the game
      const all = [...this.el.querySelectorAll("[data-step]")];
      const next = all[all.indexOf(entry) + (e.key === "ArrowDown" ? 1 : -1)];
      if (next) { this.focusEntry(next); next.focus({preventScroll: true}); this.keepInView(next); }
      e.preventDefault();
      e.stopPropagation();
    }
  }

  jump(entry) {
    const line = entry.dataset.line || "main";
    this.w.userMove(() => this.w.jumpToLine(line, Number(entry.dataset.index)));
  }

  focusEntry(entry) {
    if (this.focusable && this.focusable !== entry) this.focusable.tabIndex = -1;
    entry.tabIndex = 0;
    this.focusable = entry;
  }

  keepInView(entry) {
    // scroll the list only, never the page. The entry's top: from the list's padding edge where the
    // list is positioned (beside the board), else from its border edge, as it was measured before
    // the list contained its layout (widget.css), which makes it the entries' offsetParent everywhere
    const el = this.el;
    const own = entry.offsetParent === el;
    const top = own ? entry.offsetTop + (getComputedStyle(el).position === "static" ? el.clientTop : 0)
      : entry.offsetTop - el.offsetTop;
    const bottom = top + entry.offsetHeight;
    if (top < el.scrollTop) el.scrollTop = top - 4;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight + 4;
  }

  update() {
    if (!this.near) return;
    const w = this.w;
    // while a lesson's question waits, nothing after it is listed: the moves ahead hold the answer
    const upTo = w.lesson && w.lesson.pending() ? w.index : null;
    const key = w.lines ? w.lines.version : w.frames;
    if (key !== this.drawnKey || upTo !== this.drawnUpTo) {
      this.drawnKey = key;
      this.drawnUpTo = upTo;
      this.currentEl = null;
      const main = w.lines ? w.lines.main.frames : w.frames;
      put(this.list, rowEls(w, upTo === null ? main : main.slice(0, upTo + 1), "main"));
      this.entries = new Map([...this.list.querySelectorAll("[data-step]")].map((e) => [`${e.dataset.line}|${e.dataset.index}`, e]));
      this.el.dataset.drawn = "true";
    }
    const lineId = w.lines ? w.lines.currentId : "main";
    const side = lineId !== "main" && w.lines.get(lineId);
    setHidden(this.bar, !side);
    if (side) this.where.textContent = t("Side line from step {step}", {step: side.from});
    if (this.currentEl) { this.currentEl.classList.remove("ot-ml-current"); this.currentEl.removeAttribute("aria-current"); }
    const currentEl = this.currentEl = this.entries.get(`${lineId}|${w.index}`) || null;
    if (!currentEl) return;
    currentEl.classList.add("ot-ml-current");
    currentEl.setAttribute("aria-current", "step");
    const hadFocus = this.el.contains(document.activeElement);
    this.focusEntry(currentEl);
    if (hadFocus) currentEl.focus({preventScroll: true});
    // the list scrolls (only when the entry has left its box) in the next frame: reading the boxes
    // now would force a layout in the middle of drawing the step
    w.afterLayout("movelist", () => { if (currentEl === this.currentEl && currentEl.isConnected) this.keepInView(currentEl); });
  }
}

/** An entry of the list: a button that jumps to frame `index` of line `lineId`. */
function entry(w, f, index, lineId, content, extra = "") {
  const step = Number.isInteger(f.step) ? f.step : index;
  // where two readings part (compare.js sets w.divergeStep from the engine's answer): marked on the main line
  const parts = lineId === "main" && w.divergeStep === step;
  return h("button", {type: "button", class: `ot-ml-move${extra}${parts ? " ot-ml-parting" : ""}`, "data-step": step,
    "data-index": index, "data-line": lineId, tabindex: -1, "aria-label": null, "data-parting": parts ? "true" : null}, content,
  f.note ? h("span", {class: "ot-ml-note", title: t("This step has a note"), "aria-label": t("has a note"), role: "img"}, "✎") : null,
  parts ? h("span", {class: "ot-ml-parts", title: t("The two readings part here"), "aria-label": t("the readings part here"), role: "img"}, "⑂") : null);
}

/** The rows of line `lineId` (its `frames`, from index `from` on), with the side lines that leave it. */
function rowEls(w, frames, lineId, from = 0) {
  const names = (seat) => seatName(frames[0], seat, w.data.seat_names);
  const out = [];
  for (const row of moveRows(frames, w.pattern)) {
    if (row.kind === "trick") {
      const plays = row.plays.filter((p) => p.index >= from);
      if (plays.length) out.push(trickRow(w, frames, lineId, row, plays, names));
      continue;
    }
    if (row.index < from) continue;
    const f = frames[row.index];
    let content;
    if (f.move === null || f.move === undefined) {
      content = [h("span", {class: "ot-ml-who"}, t("Deal")), h("span", {class: "ot-ml-text"}, row.index === 0 ? t("the cards are dealt") : "")];
    } else {
      // the engine's own words for a call (they name the player); the move itself if it said nothing
      const said = (f.events || [])[0];
      content = said ? h("span", {class: "ot-ml-text", title: (f.events || []).join(" ")}, said)
        : [h("span", {class: "ot-ml-who"}, names(f.mover)), h("span", {class: "ot-ml-text"}, f.move)];
    }
    out.push(h("li", {class: `ot-ml-row ot-ml-${row.kind}`}, entry(w, f, row.index, lineId, content), branchesAt(w, lineId, [row.index])));
  }
  return out;
}

/** A trick's row: its number and leader, its `plays` (those of the line shown), who won it. */
function trickRow(w, frames, lineId, row, plays, names) {
  const head = [t("Trick {number}", {number: row.number})];
  if (Number.isInteger(row.leader)) head.push(t("{seat} leads", {seat: names(row.leader)}));
  const won = row.winner === null ? null : row.winner === "none" ? t("no winner") : t("won by {seat}", {seat: names(row.winner)});
  return h("li", {class: "ot-ml-row ot-ml-trick", "data-trick": row.number},
    h("span", {class: "ot-ml-head"}, head.join(" · ")),
    h("span", {class: "ot-ml-plays"}, plays.map((p) => {
      const f = frames[p.index];
      const win = row.winner === p.seat;
      return entry(w, f, p.index, lineId, [h("span", {class: "ot-ml-who"}, names(p.seat)), cardChip(p.card, w.pattern),
        win ? h("span", {class: "ot-ml-win", title: t("wins the trick")}, t("wins")) : null], win ? " ot-ml-winner" : "");
    })),
    won ? h("span", {class: "ot-ml-result"}, won) : null,
    branchesAt(w, lineId, plays.map((p) => p.index)));
}

/** The side lines that leave this line at one of these indexes, as nested lists (chess-study style). */
function branchesAt(w, lineId, indexes) {
  const lines = (w.lines ? w.lines.childrenOf(lineId) : []).filter((b) => indexes.includes(b.from));
  if (!lines.length) return null;
  return lines.map((b) => h("ol", {class: "ot-ml-branch", "data-branch": b.id, "aria-label": t("Side line from step {step}", {step: b.from})},
    rowEls(w, b.frames, b.id, b.from + 1)));
}
