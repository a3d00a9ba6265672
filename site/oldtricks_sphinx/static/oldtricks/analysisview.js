// The viewer's analysis as the engine wrote it, laid out: the values by card for the badges table.js
// draws on the cards (a first look's marked as such), the panel's heading and its list of legal moves,
// best first, and whether the line shown already follows the best one. golive.js puts them in the panel.
import { h } from "./dom.js";
import { cardChip, isCard } from "./cards.js";
import { t } from "./words.js";

/** An analysis's values by card for table.js's badges (``first``: a first look's, a few tricks ahead). */
export function cardValuesOf(a, pattern, first) {
  const moves = a.moves.filter((m) => isCard(m.move, pattern));
  return {seat: a.to_move, key: JSON.stringify(moves),
    byCard: new Map(moves.map((m) => [m.move, {value: m.value, best: !!m.best, text: m.text, first}]))};
}

const lookCache = new WeakMap();  // a first look -> its values by card, built once

export function lookValues(look, pattern) {
  if (!lookCache.has(look)) lookCache.set(look, cardValuesOf(look, pattern, true));
  return lookCache.get(look);
}

/** Whether the line shown goes on as `best` does (its move, then its line), as far as both go. */
export function isOn(w, best) {
  const moves = [best.move, ...best.line];
  const ahead = w.frames.slice(w.index + 1, w.index + 1 + moves.length).map((f) => f.move);
  return ahead.length > 0 && ahead.every((m, i) => m === moves[i]);
}

/** The analysis's heading: who is to play and what the values measure (a first look's: over how many tricks). */
export function analysisHead(a, names, first) {
  const said = {seat: names[a.to_move] || "", measure: a.measure};
  return h("p", {class: "ot-analysis-head"},
    first ? t("First look: {seat} to play. Values: {measure}.", said) : t("Analysis: {seat} to play. Values: {measure}.", said));
}

/** Each legal move with its value and what that means, best first; the move the line plays next marked. */
export function analysisRows(w, a) {
  const next = w.frames[w.index + 1], played = next ? next.move : null;
  return h("ol", {class: "ot-analysis-list", "aria-label": t("Legal moves, best first")}, a.moves.map((m, i) =>
    h("li", {class: `ot-analysis-move${i === 0 ? " ot-analysis-best" : ""}`, "data-move": m.move, "data-value": String(m.value)},
      h("span", {class: "ot-analysis-card"}, isCard(m.move, w.pattern) ? cardChip(m.move, w.pattern) : m.move),
      h("span", {class: "ot-analysis-value"}, String(m.value)),
      h("span", {class: "ot-analysis-text"}, m.text),
      m.move === played ? h("span", {class: "ot-analysis-played", "data-role": "played"}, t("played next")) : null)));
}
