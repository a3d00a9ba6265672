// Playing with the keyboard at the board: the focus stays at the table while the reader plays. Each
// draw replaces the table's buttons, so a card the reader had focused is focused again in the new
// table; while the engine moves (the cards are disabled) the viewer holds the focus, and when the
// reader's turn comes back it goes to a card (or move) the reader may play. The arrow keys move
// between the cards of a hand, or the move buttons, instead of stepping the game.
//
// Exports: buildBoardFocus(w) -> {before() -> saved, after(saved), onKey(event) -> handled}; `w` is
// the widget (w.root, w.tableSlot, w.liveBoardSlot). The widget calls before() and after() around a
// draw and onKey() first in its key handler.

const GROUPS = ".ot-hand, [data-role=moves]";

/** What identifies a board button across draws: its card, move or action, and seat. */
function keyOf(el) {
  const d = el.dataset || {};
  return d.card || d.move || d.action ? {card: d.card, move: d.move, action: d.action, seat: d.seat} : null;
}

function find(scope, key) {
  for (const el of scope.querySelectorAll("button")) {
    const d = el.dataset;
    if (d.card === key.card && d.move === key.move && d.action === key.action && d.seat === key.seat) return el;
  }
  return null;
}

export function buildBoardFocus(w) {
  let atBoard = false;  // the reader's focus was last at the board (not elsewhere in the viewer)
  const inBoard = (el) => !!el && (w.tableSlot.contains(el) || w.liveBoardSlot.contains(el));
  w.root.addEventListener("focusin", (e) => {
    if (e.target !== w.root) atBoard = inBoard(e.target);  // the viewer itself: it holds the place
  });

  function before() {
    const el = document.activeElement;
    return atBoard && inBoard(el) ? keyOf(el) : null;
  }

  function after(saved) {
    if (!atBoard) return;
    const el = document.activeElement;
    const lost = !el || el === document.body || el === w.root || !el.isConnected || (inBoard(el) && el.disabled);
    if (!lost) return;
    const same = saved && [w.tableSlot, w.liveBoardSlot].map((s) => find(s, saved)).find((b) => b && !b.disabled);
    const next = same || w.tableSlot.querySelector("button.ot-legal:not(:disabled)")
      || w.liveBoardSlot.querySelector("[data-move]:not(:disabled)");
    if (next) next.focus({preventScroll: true});
    else if (el !== w.root) w.root.focus({preventScroll: true});
  }

  /** ← → ↑ ↓ on a card of a hand or a move button: the next or previous one of its group. */
  function onKey(e) {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) return false;
    const group = e.target && e.target.tagName === "BUTTON" && inBoard(e.target) && e.target.closest(GROUPS);
    if (!group) return false;
    const buttons = [...group.querySelectorAll("button:not(:disabled)")];
    const forward = e.key === "ArrowRight" || e.key === "ArrowDown";
    const next = buttons[buttons.indexOf(e.target) + (forward ? 1 : -1)];
    if (next) next.focus({preventScroll: true});
    e.preventDefault();
    e.stopPropagation();
    return true;
  }
  return {before, after, onKey};
}
