// Drawing the page's viewers: those near the screen, or named by the address, first; the others when
// the reader comes near them.
//
// Exports: mountAll(scope = document, {all}) -> Promise<Widget[]>, isNear(el).
import { FRAMED } from "./framed.js";
import { cancelLink, hashText, holdTarget, parseHash, readerHasMoved, routeHash } from "./routing.js";
import { mount } from "./widget.js";

// Give the browser a turn (paint, input) between viewers.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// A viewer is drawn when it comes within a screen of the visible part of the page (issue of DOM size:
// a rules page holds 20 to 40 viewers, some 600 nodes each once drawn; a reader sees two or three).
// Until then it keeps its reserved height (widget.css) and waits, marked data-ready="pending".
const NEAR = "100% 0px";
let nearby = null;
let hashListener = false;

function drawWhenNear(root) {
  if (typeof IntersectionObserver !== "function") return false;
  if (!nearby) {
    nearby = new IntersectionObserver((items) => {
      for (const item of items) {
        if (!item.isIntersecting) continue;
        nearby.unobserve(item.target);
        drawKeepingPlace(item.target);
      }
    }, {rootMargin: NEAR});
  }
  root.classList.add("ot-pending");
  root.dataset.ready = "pending";
  nearby.observe(root);
  return true;
}

/** Draw a waiting viewer (resolves to its Widget, or null). One that starts above the top of the
 * window grows upwards as the reader sees it: what is below it (what the reader reads) stays where it was. */
export async function drawKeepingPlace(root) {
  const before = root.getBoundingClientRect();
  const w = await mount(root);
  root.classList.remove("ot-pending");
  if (before.top >= 0 || FRAMED) return w;
  // its bottom is where the text after it starts: how far that moved, after any anchoring the browser did
  const moved = root.getBoundingClientRect().bottom - before.bottom;
  if (Math.abs(moved) >= 1) window.scrollBy({top: moved, behavior: "instant"});
  return w;
}

/** Whether the element is shown: not in a closed tab, or a closed fold (whose content keeps a box of no
 * height). */
export function isShown(el) {
  return Boolean(el.checkVisibility ? el.checkVisibility() : el.getClientRects().length);
}

/** Whether the element is shown and within a screen of the visible part of the page now. */
export function isNear(el) {
  if (!isShown(el)) return false;  // drawn when it shows
  const box = el.getBoundingClientRect();
  const screen = window.innerHeight || document.documentElement.clientHeight || 800;
  return box.bottom > -screen && box.top < 2 * screen;
}

/** Mount the `.oldtricks-widget`s under scope that are near the screen or named by the URL hash, then
 * open the step the hash names; the others are drawn when the reader comes near them.
 * One at a time, in page order, yielding every few viewers: the first viewer can be stepped as soon
 * as it is drawn, rather than when the whole page's viewers have been unpacked. `{all: true}` draws
 * every viewer now. */
export async function mountAll(scope = document, {all = false} = {}) {
  const roots = Array.from(scope.querySelectorAll(".oldtricks-widget"));
  const linked = parseHash(hashText());
  // While the viewers grow, the browser keeps chasing the link's target with smooth scrolls (the
  // theme asks for smooth scrolling), and a smooth scroll still running would carry the page past
  // the final, instant one below: scroll instantly until the page has landed.
  const html = document.documentElement;
  const smooth = !hashListener && linked.id ? html.style.scrollBehavior : null;
  if (smooth !== null) html.style.scrollBehavior = "auto";
  const mounted = [];
  let since = performance.now();
  for (const root of roots) {
    if (root.__oldtricks === undefined && !all && root.id !== linked.id && !isNear(root) && drawWhenNear(root)) {
      continue;
    }
    const w = await mount(root);
    root.classList.remove("ot-pending");
    if (w) mounted.push(w);
    if (w && w.id === linked.id && linked.step !== null) w.openAt(linked.step, false); // no flash of another step
    if (performance.now() - since > 40) {
      if (smooth !== null && !readerHasMoved()) holdTarget(linked.id);
      await nextTask();
      since = performance.now();
    }
  }
  const landing = !hashListener;
  if (!hashListener) {
    hashListener = true;
    // a link followed wins over a step's link not yet written (writeHashSoon)
    window.addEventListener("hashchange", () => { cancelLink(); routeHash(true); });
  }
  routeHash(true, landing);
  if (smooth !== null) requestAnimationFrame(() => { html.style.scrollBehavior = smooth; });
  return mounted;
}

