// A deal's double-dummy table in the viewer's analysis, as the engine wrote it (the live operation
// double_dummy_table, asked where the engine says a deal's play begins, a slice of its work at a time while
// the reader stays there: liveplay.js): its measure, a row per first
// leader (Drużbart, Clock Druzbart) or trump suit (Drogue), a column per side or maker, its note, the
// row of the deal as dealt marked. The words and the numbers are the engine's; this file lays them out.
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
