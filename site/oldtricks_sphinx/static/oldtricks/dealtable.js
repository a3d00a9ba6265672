// A deal's double-dummy table in the viewer's analysis, as the engine wrote it (the live operation
// double_dummy_table, asked where the engine says a deal's play begins, a slice of its work at a time while
// the reader stays there: dealTableHere, below, which the live driver liveplay.js hands on): its measure,
// a row per first leader (Drużbart, Clock Druzbart) or trump suit (Drogue), a column per side or maker,
// its note, the row of the deal as dealt marked. The words and the numbers are the engine's; this file
// lays them out.
import { h } from "./dom.js";
import { t } from "./words.js";

/** What to show of the engine's answer `got`: a line while the engine works it out, then the table
 * (nothing before it is asked, where the game has no table or where the engine failed). */
export function dealTable(got) {
  if (got === undefined) return null;
  if (got === "pending") {
    return h("p", {class: "ot-muted", "data-role": "ddtable-pending"}, t("Double-dummy table of the deal: the engine is working it out…"));
  }
  if (!got || !got.ok || !got.table) return null;
  const dd = got.table;
  return h("figure", {class: "ot-ddtable-live", "data-role": "ddtable", tabindex: "-1"},
    h("figcaption", {}, h("strong", {}, t("Double-dummy table of the deal: ")), dd.measure + "."),
    h("table", {class: "ot-ddtable"},
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, dd.corner), dd.columns.map((c) => h("th", {scope: "col"}, c)))),
      h("tbody", {}, dd.rows.map((row, i) =>
        h("tr", {class: i === dd.marked ? "ot-ddtable-marked" : null, "data-row": dd.row_keys[i]},
          h("th", {scope: "row"}, row), dd.cells[i].map((v) => h("td", {}, String(v))))))),
    dd.note ? h("p", {class: "ot-muted"}, dd.note) : null);
}

// The nodes each search of a deal's table may take in one request: a few tenths of a second in the browser,
// so a step the reader takes while the table is worked out waits that long at most
export const TABLE_SLICE = 25000;

/** The deal's double-dummy table, at a step where the engine says a deal's play begins, with Analysis on:
 * asked unbidden, a slice of the engine's work per request (double_dummy_table with `nodes`: the engine
 * keeps its searches from slice to slice), the next slice asked while the reader stays at the step; shown
 * under the analysis once the engine has worked it out. A reader who steps away stops the slices (the steps
 * wait one slice at most); back at the step, the engine goes on where it stopped. */
export async function dealTableHere(live) {
  const w = live.w, key = live.analysisKey(), got = live.analyses.get(key);
  if (!got || !got.ok || !got.deal_begins || live.dealTables.has(key) || !live.engine) return;
  live.dealTables.set(key, "pending");
  w.render();
  const ask = {key: w.id, moves: w.lines.movesOf(w.lines.currentId, w.index), start: true, nodes: TABLE_SLICE};
  for (;;) {
    const dd = await live.engine.call("double_dummy_table", ask).catch(() => null);
    if (dd && dd.ok && dd.done === false) {
      if (live.analysing && live.active && live.analysisKey() === key) continue;
      live.dealTables.delete(key);  // the reader left the step: asked again, where it stopped, on coming back
      return;
    }
    live.dealTables.set(key, dd && dd.ok && dd.table ? dd : null);
    w.render();
    return;
  }
}
