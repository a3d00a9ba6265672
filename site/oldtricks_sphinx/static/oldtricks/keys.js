// The viewer's keys, while it has the focus: stepping (← →, Home, End), tricks (↑ ↓, Page Up/Down), play
// (Space), the keyboard help (?, Escape); the keys of the board (boardkeys.js) and of a box that scrolls
// come first.
//
// Exports: onKey(w, event), toggleHelp(w, open?); `w` is the widget (its stepping methods, w.help,
// w.controls, w.boardFocus, w.root).

/** Open or close the keyboard help (by default: the other way round). */
export function toggleHelp(w, open = w.help.el.hidden) {
  w.help.el.hidden = !open;
  const btn = w.controls.el.querySelector('[data-action="help"]');
  if (btn) btn.setAttribute("aria-expanded", String(open));
  if (open) w.help.close.focus({preventScroll: true});
  else if (w.root.contains(document.activeElement) || document.activeElement === document.body) w.root.focus({preventScroll: true});
}

/** The widget's keydown listener (on its root). */
export function onKey(w, e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = e.target && e.target.tagName;
  const inField = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
  if (e.key === "Escape") {
    if (!w.help.el.hidden) { w.toggleHelp(false); e.preventDefault(); }
    return;
  }
  if (inField) {
    // a text field keeps its keys; only those that would scroll the page (or a host page) are held back
    if (tag === "INPUT" && (e.key === "PageUp" || e.key === "PageDown")) e.preventDefault();
    return;
  }
  if (w.boardFocus.onKey(e) || scrollBox(e)) return;
  const trickBack = () => w.userMove(() => w.prevTrick());
  const trickOn = () => w.userMove(() => w.nextTrick());
  // Every key that would scroll the page, or a host page from a frame, has a use here: the viewer
  // keeps the keyboard while it has the focus.
  const actions = {
    ArrowLeft: () => w.userMove(() => w.prev()),
    ArrowRight: () => w.userMove(() => w.next()),
    Home: () => w.userMove(() => w.first()),
    End: () => w.userMove(() => w.last()),
    ArrowUp: trickBack, PageUp: trickBack, ArrowDown: trickOn, PageDown: trickOn,
    "?": () => w.toggleHelp(),
  };
  if (e.key === " " || e.key === "Spacebar") {
    if (tag === "BUTTON" || tag === "SUMMARY") return; // Space presses the focused button
    actions[" "] = () => w.togglePlay();
  }
  const act = actions[e.key];
  if (!act) return;
  e.preventDefault();
  e.stopPropagation(); // the page's own keys (Sphinx: ← → for the previous/next page) do not apply here
  act();
}

/** A key on a box of the viewer that scrolls (a panel with a wide table, a long history), where the
 * box can scroll that way: the box scrolls, by our hand (the browser's own scroll, at the box's end,
 * would go on to the page's); returns whether the key was taken. */
function scrollBox(e) {
  const box = e.target;
  if (!box.matches || !box.matches(".ot-panel, .ot-scroll")) return false;
  const across = e.key === "ArrowLeft" || e.key === "ArrowRight";
  const down = {ArrowUp: -1, ArrowDown: 1, PageUp: -1, PageDown: 1}[e.key];
  if (!across && !down) return false;
  if (across ? box.scrollWidth <= box.clientWidth : box.scrollHeight <= box.clientHeight) return false;
  const step = e.key.startsWith("Page") ? box.clientHeight * 0.9 : 40;
  if (across) box.scrollBy({left: e.key === "ArrowLeft" ? -40 : 40, behavior: "instant"});
  else box.scrollBy({top: down * step, behavior: "instant"});
  e.preventDefault();
  e.stopPropagation();
  return true;
}
