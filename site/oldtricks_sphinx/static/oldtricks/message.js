// The viewer's message line, under its table: a short message (a link copied, a step that does not
// exist) or a move the engine refused, with the rule that refused it. The words of a refusal are the
// engine's; this module only shows them.
//
// Exports: setMessage(w, text, {kind, rule, field, known}), refuse(w, refusal); `w` is the widget
// (w.message, w.root, w.ruleLink(id, known)).
import { h, put } from "./dom.js";
import { t } from "./words.js";

/** Show a short message (text, never markup); options: {kind: "info"|"error", rule: id, field: url}. */
export function setMessage(w, text, {kind = "info", rule = null, field = null, known = null} = {}) {
  if (!text) { put(w.message); return; }
  let input = null;
  if (field) input = h("input", {type: "text", class: "ot-link-field", readonly: true, value: field,
    "aria-label": t("Link to this step"), "data-role": "link-field"});
  put(w.message, h("div", {class: `ot-msg ot-msg-${kind}`},
    h("span", {class: "ot-msg-text"}, text),
    rule ? w.ruleLink(rule, known) : null,
    input,
    h("button", {type: "button", class: "ot-msg-close", "aria-label": t("Dismiss message"), title: t("Dismiss"),
      onclick: () => { put(w.message); w.root.focus({preventScroll: true}); }}, "×")));
  if (input) { input.focus({preventScroll: true}); input.select(); }
}

/** Show a refused move: the engine's one form of refusal (oldtricks/core/refusal.py), from a live
 * table, a sandbox or a lesson's frame alike: {text (or error), rule, rule_title, status}. */
export function refuse(w, r) {
  const text = (r && (r.text || r.error)) || t("The engine refused that move.");
  w.setMessage(text, {kind: "error", rule: r && r.rule, known: r && {title: r.rule_title, status: r.status}});
  w.root.dataset.refused = r && r.rule ? r.rule : "";
}
