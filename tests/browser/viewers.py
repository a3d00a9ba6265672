"""Waiting for a page's viewers as a reader meets them, and reading them: ``wait_mounted`` (those near
the screen, or every one, each scrolled to), ``open_folds``, ``reveal``, ``widget``, ``frames_shown``.
Imported through conftest.py."""

from __future__ import annotations

from typing import Any

MOUNTED = """() => {
  const roots = [...document.querySelectorAll(".oldtricks-widget")];
  return roots.every((el) => el.dataset.ready === "static" || el.dataset.ready === "live"
    || el.dataset.ready === "error");
}"""

# The page's first pass is over (widget.js marks <html data-ot-settled>), and every viewer has started,
# failed, or waits to come near the screen.
SETTLED = """() => {
  const roots = [...document.querySelectorAll(".oldtricks-widget")];
  return !roots.length || (document.documentElement.hasAttribute("data-ot-settled") && roots.every((el) =>
    ["static", "live", "error", "pending"].includes(el.dataset.ready)));
}"""

# What a reader scrolling down the page and opening everything does: each viewer still waiting to come
# near the screen is brought into view (its fold and its tab opened, if they are closed) until it is
# drawn; each fold is then closed again and each tab group put back on the tab it showed, and the focus
# where it was; then the page goes back to where it was: the element the link names (or the one in the
# middle of the window) where it was in the window, though viewers above it grew.
SCROLL_THROUGH = """async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const waiting = [...document.querySelectorAll('.oldtricks-widget[data-ready="pending"]')];
  if (!waiting.length) return;
  let named = null;
  try { named = decodeURIComponent(location.hash.slice(1)); } catch (e) { named = location.hash.slice(1); }
  const at = named.lastIndexOf("@");
  const viewer = at >= 0 ? named.slice(0, at) : named;
  const anchor = (named && (document.getElementById(named) || document.getElementById(viewer)))
    || document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2) || document.body;
  const top = anchor.getBoundingClientRect().top;
  const focused = document.activeElement;  // a tab changed hides what had the focus: it is given back
  const shown = new Map();  // a tab group -> its tab selected before: a viewer in a closed tab is opened
  const opened = new Set();  // the folds opened here, closed again at the end
  for (const root of waiting) {
    const fold = root.closest("[data-ot-fold]");
    const toggle = fold && fold.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]');
    if (toggle) { toggle.click(); opened.add(toggle); }
    const panel = root.closest(".ot-tabpanel[hidden]");
    if (panel) {
      const group = panel.closest("[data-ot-tabs]");
      if (!shown.has(group)) shown.set(group, group.querySelector(':scope > .ot-tablist > [aria-selected="true"]'));
      document.getElementById(panel.id + "-tab").click();
    }
    root.scrollIntoView({block: "center", behavior: "instant"});
    for (let i = 0; i < 300 && root.dataset.ready === "pending"; i++) await frame();
  }
  for (const tab of shown.values()) if (tab) tab.click();
  for (const toggle of opened) toggle.click();
  const moved = shown.size || opened.size;
  if (moved && focused && focused !== document.activeElement) focused.focus({preventScroll: true});
  await frame();
  window.scrollBy({top: anchor.getBoundingClientRect().top - top, behavior: "instant"});
  await frame();
}"""


# The viewer the address names (`#id@step`, `#id`), or null: the one a test opened the page on.
NAMED_VIEWER = """() => {
  let named = location.hash.slice(1);
  try { named = decodeURIComponent(named); } catch (e) { /* left as written */ }
  const at = named.lastIndexOf("@");
  const el = named && (document.getElementById(at >= 0 ? named.slice(0, at) : named) || document.getElementById(named));
  return el && el.classList.contains("oldtricks-widget") ? el.id : null;
}"""

# The named viewer started (or failed to); brought into view first if it still waits to come near.
NAMED_READY = """async (sid) => {
  const root = document.getElementById(sid);
  if (root.dataset.ready === "pending") root.scrollIntoView({block: "center", behavior: "instant"});
  for (let i = 0; i < 600 && !["static", "live", "error"].includes(root.dataset.ready); i++) {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  return root.dataset.ready;
}"""


def wait_mounted(page: Any, timeout: float = 15_000, everything: bool | None = None) -> None:
    """Until the page's viewers near the screen have started (or failed to); with ``everything``, the
    others too, each scrolled to as a reader would, the page then put back where it was. By default
    everything unless the address names a viewer: then that one (drawing a rules page's thirty viewers
    costs a test seconds it does not use; a test that uses another viewer says ``everything=True``)."""
    page.wait_for_function(SETTLED, timeout=timeout)
    if everything is None:
        named = page.evaluate(NAMED_VIEWER)
        if named:
            state = page.evaluate(NAMED_READY, named)
            assert state in ("static", "live", "error"), f"the viewer {named} the address names is {state}"
            return
        everything = True
    if everything:
        page.evaluate(SCROLL_THROUGH)
        page.wait_for_function(MOUNTED, timeout=timeout)


# A rules page's examples wait in folds (folds.py, tabs.js): a closed fold's button opens it.
OPEN_FOLDS = """(sid) => {
  const folds = sid ? [document.getElementById(sid).closest("[data-ot-fold]")].filter(Boolean)
    : [...document.querySelectorAll("[data-ot-fold]")];
  let opened = 0;
  for (const fold of folds) {
    const toggle = fold.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]');
    if (toggle) { toggle.click(); opened++; }
  }
  return opened;
}"""


def open_folds(page: Any, sid: str | None = None) -> int:
    """Open every closed fold of the page (or only the one that holds viewer ``sid``), as a reader
    clicking each "Watch" line; the number opened."""
    return int(page.evaluate(OPEN_FOLDS, sid))


# What a reader does to see one viewer: its fold opened, the tab of each tab panel it stands in chosen
# (outermost first), the viewer scrolled to; then it is drawn.
REVEAL = """async (sid) => {
  const root = document.getElementById(sid);
  const toggle = root.closest("[data-ot-fold]")?.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]');
  if (toggle) toggle.click();
  const panels = [];
  for (let p = root.closest(".ot-tabpanel"); p; p = p.parentElement.closest(".ot-tabpanel")) panels.unshift(p);
  for (const p of panels) if (p.hidden) document.getElementById(p.id + "-tab").click();
  root.scrollIntoView({block: "center", behavior: "instant"});
  for (let i = 0; i < 600 && root.dataset.ready === "pending"; i++) {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  return root.dataset.ready;
}"""


def reveal(page: Any, sid: str) -> str:
    """Show viewer ``sid`` as a reader would (fold, tab, scroll) and wait until it is drawn; its state."""
    return str(page.evaluate(REVEAL, sid))


def widget(page: Any, sid: str) -> Any:
    """The viewer of scenario ``sid`` on the page."""
    return page.locator(f'.oldtricks-widget[id="{sid}"]')


# The page's own widget module: imported by the URL its script tag names, it is the same module
# instance, whose `widgets` map holds the mounted viewers.
FRAMES_SHOWN = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  return (await import(src)).widgets.get(sid).frames;
}"""


def frames_shown(page: Any, sid: str) -> list[dict[str, Any]]:
    """The frames the mounted viewer shows."""
    return list(page.evaluate(FRAMES_SHOWN, sid))
