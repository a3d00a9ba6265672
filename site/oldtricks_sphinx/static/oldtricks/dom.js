// Tiny DOM helpers shared by the oldtricks widget modules. Text is always inserted as text nodes.

export const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Append children (nodes, strings as text, nested arrays; null/false skipped). */
export function append(el, children) {
  for (const child of children || []) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", "data-action": "next", onclick: f}, "Next"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace the children of el. */
export function put(el, ...children) {
  clear(el);
  return append(el, children);
}

// Elements that may carry a listener: never changed in place (the listener would be the old one),
// only kept when equal to the new one, attribute for attribute, or else replaced.
const ACTIVE = new Set(["BUTTON", "A", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "DETAILS"]);

/**
 * Make `old` (in the page) look like `neu` (just built, not in the page), keeping every part of `old`
 * that is already the same: a kept node keeps its layout, so a step that changes one hand lays out
 * that hand, not the whole table. Where the two differ, `old` takes `neu`'s attributes and its
 * children are matched one by one (replaced all at once when their number differs). Returns the
 * node now in the page.
 */
export function morph(old, neu) {
  if (neu.nodeName === "OT-KEEP") return old;  // drawn from the same data as the one shown (table.js)
  if (old.isEqualNode(neu)) return old;
  if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName || old.nodeType !== Node.ELEMENT_NODE
      || ACTIVE.has(old.nodeName.toUpperCase())) {
    old.replaceWith(neu);
    return neu;
  }
  for (const a of [...old.attributes]) if (!neu.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of neu.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  const before = old.childNodes, after = [...neu.childNodes];
  if (keyed(before) && keyed(after)) {
    morphKeyed(old, after);
    return old;
  }
  if (before.length !== after.length) {
    keepShown(old, neu);
    old.replaceChildren(...neu.childNodes);
    return old;
  }
  for (let i = 0; i < after.length; i++) morph(before[i], after[i]);
  return old;
}

/** Whether every node of the list is an element with a `data-key`, each key once (and the list is not empty). */
function keyed(nodes) {
  if (!nodes.length) return false;
  const keys = new Set();
  for (const node of nodes) {
    if (node.nodeType !== Node.ELEMENT_NODE || !node.hasAttribute("data-key")) return false;
    keys.add(node.getAttribute("data-key"));
  }
  return keys.size === nodes.length;
}

/**
 * Children that say who they are (`data-key`, unique among them: the cards of a hand, the plays of a
 * trick): each new child is morphed into the old one of its key, so a card played from a hand takes
 * its one slot away and the others stay as they are laid out, where matching by position would draw
 * every card after it again. Old children whose key is gone are removed first; a node is moved only
 * when the order changed.
 */
function morphKeyed(old, after) {
  const byKey = new Map();
  for (const child of old.children) byKey.set(child.getAttribute("data-key"), child);
  const kept = new Map();
  for (const neu of after) {
    const key = neu.getAttribute("data-key");
    const match = byKey.get(key);
    if (match) { kept.set(neu, match); byKey.delete(key); }
  }
  for (const gone of byKey.values()) gone.remove();
  let cursor = old.firstChild;
  for (const neu of after) {
    const match = kept.get(neu);
    if (match && match === cursor) {  // in its place already (morph may replace it there)
      cursor = cursor.nextSibling;
      morph(match, neu);
    } else {
      if (!match && neu.nodeName === "OT-KEEP") throw new Error(`oldtricks: no node ${neu.dataset.key} shown to keep`);
      old.insertBefore(match ? morph(match, neu) : neu, cursor);
    }
  }
}

/** Put back, in place of each stand-in <ot-keep data-seat=N> of `neu`, the seat box shown in `old`,
 * and of each <ot-keep data-in=SELECTOR data-key=K>, the child of key K of what SELECTOR finds in `old`
 * (a card of a hand, a card in play). */
function keepShown(old, neu) {
  for (const stand of neu.querySelectorAll("ot-keep:not([data-in])")) {
    const shown = old.querySelector(`[data-seat-box="${stand.dataset.seat}"]`);
    if (!shown) throw new Error(`oldtricks: no seat ${stand.dataset.seat} shown to keep`);
    stand.replaceWith(shown);
  }
  for (const stand of neu.querySelectorAll("ot-keep[data-in]")) {
    const within = old.querySelector(stand.dataset.in);
    const shown = within && [...within.children].find((el) => el.dataset.key === stand.dataset.key);
    if (!shown) throw new Error(`oldtricks: no ${stand.dataset.key} in ${stand.dataset.in} shown to keep`);
    stand.replaceWith(shown);
  }
}

/** Replace the children of el with `children` (as put does), keeping those already the same: see
 * morph. For parts drawn again at every step that a step mostly leaves as they were (the panels). */
export function merge(el, ...children) {
  const now = [...append(document.createElement("div"), children).childNodes];
  if (now.length !== el.childNodes.length) {
    el.replaceChildren(...now);
    return el;
  }
  const before = [...el.childNodes];
  now.forEach((node, i) => morph(before[i], node));
  return el;
}

/** Hide or show el; an element already so is left untouched (setting `hidden` again to the same value
 * still costs a style invalidation, at every step for the parts a step leaves as they were). */
export function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A small inline icon (24x24 viewBox, drawn with currentColor). */
export function icon(name) {
  const paths = {
    first: "M6 5h2v14H6zM19 5v14l-9-7z",
    prev: "M16 5v14l-9-7z",
    next: "M8 5v14l9-7z",
    last: "M16 5h2v14h-2zM5 5v14l9-7z",
    play: "M7 4v16l13-8z",
    pause: "M6 5h4v14H6zM14 5h4v14h-4z",
    link: "M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8.5 19.5a4.5 4.5 0 0 1-3.2-7.7l2.1-2.1a1 1 0 1 1 1.4 1.4l-2.1 2.1a2.5 2.5 0 0 0 3.5 3.5l2.1-2.1a1 1 0 1 1 1.4 1.4l-2.1 2.1a4.5 4.5 0 0 1-3.1 1.4zM16 14.9a1 1 0 0 1-.7-1.7l2.1-2.1a2.5 2.5 0 0 0-3.5-3.5l-2.1 2.1a1 1 0 1 1-1.4-1.4l2.1-2.1a4.5 4.5 0 0 1 6.4 6.4l-2.1 2.1a1 1 0 0 1-.8.2z",
    help: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 16.5a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm1.3-5.2v.7h-2.5v-1c0-1.6 1-2.3 1.8-2.9.6-.4 1-.7 1-1.3 0-.7-.6-1.2-1.5-1.2-.9 0-1.6.5-1.8 1.4L8 8.4C8.5 6.5 10 5.5 12.1 5.5c2.3 0 3.9 1.3 3.9 3.2 0 1.5-.9 2.3-1.8 2.9-.5.4-.9.7-.9 1.7z",
    close: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z",
    live: "M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-2 4.5 6 3.5-6 3.5z",
    back: "M11 5 4 12l7 7v-4.5h5a4 4 0 0 0 4-4V9h-2v1.5a2 2 0 0 1-2 2h-5V5z",
    study: "M6 3h11a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm0 2v14h11V5zm2 2h7v2H8zm0 4h7v2H8z",
  };
  return s("svg", {class: "ot-icon", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false"},
    s("path", {d: paths[name] || "", fill: "currentColor"}));
}
