// Playing with the keyboard at the board: the focus stays at the table while the reader plays. Each
// draw replaces the table's buttons, so a card the reader had focused is focused again in the new
// table; while the engine moves (the cards are disabled) the viewer holds the focus, and when the
// reader's turn comes back it goes to a card (or move) the reader may play.
//
// Each hand, and the row of move buttons (bids, calls), is one Tab stop (a roving tabindex, as the
// WAI-ARIA practices describe for a toolbar): its active button has tabindex 0, the others -1, so
// Tab passes a hand in one press; the arrow keys (and Home / End) move within it instead of stepping
// the game. The active button is remembered per group by its card or move, so it stays the Tab stop
// when the step is drawn again.
//
// A control of the viewer that has the focus and becomes disabled (Next at the last step, a live
// control while the engine works) hands the focus to the viewer (on the board: to a card to play).
//
// Exports: buildBoardFocus(w) -> {before() -> saved, after(saved), onKey(event) -> handled}; `w` is
// the widget (w.root, w.tableSlot, w.liveBoardSlot). The widget calls before() and after() around a
// draw and onKey() first in its key handler.

const GROUPS = ".ot-hand, [data-role=moves]";
const KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];

/** What identifies a board button or link across draws: its card, move or action, its link, and
 * the seat it belongs to. */
function keyOf(el) {
  const d = el.dataset || {};
  const href = el.tagName === "A" ? el.getAttribute("href") : null;
  if (!(d.card || d.move || d.action || d.pile || href)) return null;
  const box = el.closest("[data-seat-box]");
  return {card: d.card, move: d.move, action: d.action, pile: d.pile, seat: d.seat, href,
    box: box ? box.dataset.seatBox : null};
}

function sameKey(el, key) {
  if (!key) return false;
  const k = keyOf(el);
  return !!k && Object.keys(key).every((name) => k[name] === key[name]);
}

function find(scope, key) {
  for (const el of scope.querySelectorAll("button, a[href]")) if (sameKey(el, key)) return el;
  return null;
}

/** A group's name across draws: the seat whose hand it is, or the move row. */
function groupName(group) {
  if (group.matches("[data-role=moves]")) return "moves";
  const box = group.closest("[data-seat-box]");
  return `hand ${box ? box.dataset.seatBox : ""}`;
}

export function buildBoardFocus(w) {
  return new BoardFocus(w);
}

class BoardFocus {
  constructor(w) {
    this.w = w;
    this.atBoard = false;  // the reader's focus was last at the board (not elsewhere in the viewer)
    this.active = new Map();  // group name -> key of its Tab stop
    w.root.addEventListener("focusin", (e) => {
      if (e.target === w.root) return;  // the viewer itself: it holds the place
      this.atBoard = this.inBoard(e.target);
      const group = this.atBoard && e.target.tagName === "BUTTON" && e.target.closest(GROUPS);
      if (group && group !== e.target) this.rove();  // a click or an arrow moved the group's stop here
    });
    // The browser would drop the focus of a disabled control to the page's body, where the next key turns
    // the page (the theme's ← and →) or scrolls it, or the host page from a frame. The change is seen
    // here in a microtask, before the browser lets the focus go.
    new MutationObserver((records) => {
      const el = document.activeElement;
      if (!el || !el.disabled || !records.some((r) => r.target === el)) return;
      if (this.atBoard && this.inBoard(el)) this.refocus(null);
      else w.root.focus({preventScroll: true});
    }).observe(w.root, {subtree: true, attributeFilter: ["disabled"]});
  }

  inBoard(el) { return !!el && (this.w.tableSlot.contains(el) || this.w.liveBoardSlot.contains(el)); }
  groups() { return [this.w.tableSlot, this.w.liveBoardSlot].flatMap((s) => [...s.querySelectorAll(GROUPS)]); }

  /** Give each group's active button tabindex 0 and the others -1: the focused one, else the one
   * remembered, else the first the reader may play, else the first. */
  rove() {
    for (const group of this.groups()) {
      const buttons = [...group.querySelectorAll("button")];
      if (!buttons.length) continue;  // a hand not in play, or a pile that is itself the button
      const usable = buttons.filter((b) => !b.disabled);
      const name = groupName(group);
      const stop = buttons.find((b) => b === document.activeElement)
        || usable.find((b) => sameKey(b, this.active.get(name)))
        || usable.find((b) => b.classList.contains("ot-legal")) || usable[0] || buttons[0];
      for (const b of buttons) b.tabIndex = b === stop ? 0 : -1;
      if (!stop.disabled) this.active.set(name, keyOf(stop));
    }
  }

  before() {
    const el = document.activeElement;
    return this.atBoard && this.inBoard(el) ? keyOf(el) : null;
  }

  after(saved) {
    if (this.atBoard) this.refocus(saved);
    this.rove();
  }

  refocus(saved) {
    const w = this.w, el = document.activeElement;
    const lost = !el || el === document.body || el === w.root || !el.isConnected || (this.inBoard(el) && el.disabled);
    if (!lost) return;
    const same = saved && [w.tableSlot, w.liveBoardSlot].map((s) => find(s, saved)).find((b) => b && !b.disabled);
    const next = same || w.tableSlot.querySelector("button.ot-legal:not(:disabled)")
      || w.liveBoardSlot.querySelector("[data-move]:not(:disabled)");
    if (next) next.focus({preventScroll: true});
    else if (el !== w.root) w.root.focus({preventScroll: true});
  }

  /** ← → ↑ ↓ on a button of a hand or of the move row: the next or previous one of its group (no
   * wrapping round); Home and End: its first and last. */
  onKey(e) {
    if (!KEYS.includes(e.key)) return false;
    const group = e.target && e.target.tagName === "BUTTON" && this.inBoard(e.target) && e.target.closest(GROUPS);
    if (!group) return false;
    const buttons = [...group.querySelectorAll("button:not(:disabled)")];
    const at = buttons.indexOf(e.target);
    const next = e.key === "Home" ? buttons[0] : e.key === "End" ? buttons[buttons.length - 1]
      : buttons[at + (e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1)];
    if (next) next.focus({preventScroll: true});
    e.preventDefault();
    e.stopPropagation();
    return true;
  }
}
