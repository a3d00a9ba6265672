// The viewers' text forms: for print, and for a viewer that cannot start.
//
// Exports: textForms() -> Promise<{id: html}>, showTextForm(root, forms?), textFormsForPrint().
import { unpacked } from "./framedata.js";

// Each viewer's text form (the deal, every trick, the outcome) is written by the build (fallback.py).
// A rules page holds them once, packed, after its last viewer (`<script type="application/json"
// id="oldtricks-text">`, textpage.py), and each viewer's <noscript> links to its form on the page's
// text page; an embed page keeps its one form in its <noscript>. They are unpacked once the first
// viewers are drawn, and put in the page (once, after the <noscript>) when wanted: print shows the text
// forms and not the viewers (pages.css), and a viewer that cannot start shows its text instead.
let texts = null;
let textsReady = null; // the unpacked forms, once they are: what a synchronous beforeprint can use
export function textForms() {
  if (!texts) texts = (async () => {
    const el = document.getElementById("oldtricks-text");
    const forms = el ? (await unpacked(JSON.parse(el.textContent))).forms || {} : {};
    textsReady = forms;
    return forms;
  })().catch((err) => { console.warn("oldtricks: cannot read the text forms", err); return (textsReady = {}); });
  return texts;
}

export function showTextForm(root, forms = textsReady) {
  if (root.querySelector(":scope > .ot-static")) return;
  const source = root.querySelector(":scope > noscript");
  const html = forms ? forms[root.dataset.scenario || root.id] : undefined;
  const away = root.querySelector(":scope > .ot-static-away");
  if (html !== undefined) {
    if (away) away.remove();
    if (source) source.insertAdjacentHTML("afterend", html);
    else root.insertAdjacentHTML("afterbegin", html);
  } else if (source && !away) {
    source.insertAdjacentHTML("afterend", source.textContent);  // the form inline, or the link to it
  }
}

export function textFormsForPrint() {
  const all = (forms) => { for (const root of document.querySelectorAll(".oldtricks-widget")) showTextForm(root, forms); };
  // beforeprint lays the page out as soon as its listeners return: the forms are unpacked ahead
  window.addEventListener("beforeprint", () => { all(textsReady); textForms().then(all); });
  const print = window.matchMedia ? window.matchMedia("print") : null;
  if (print && print.matches) textForms().then(all);
  else if (print) print.addEventListener("change", (e) => { if (e.matches) textForms().then(all); });
}
