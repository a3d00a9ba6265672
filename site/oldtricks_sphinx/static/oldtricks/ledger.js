// The Rules ledger page: sort the table by any column, filter it by game, status, source and words.
// The table is complete without this script; it only hides rows and reorders them. The choices in
// the menus are read from the table itself, so nothing about the rules is decided here. Its words are the
// edition's (words.js); a status is named in the menu as the table's own labels name it.

import { nt, t } from "./words.js";
import { STATUSES } from "./statuses.js";

const COLUMNS = {rule: 0, game: 1, status: 2, sources: 4};

function cellText(row, index) {
  return (row.cells[index]?.textContent || "").trim();
}

function works(row) {
  return [...row.cells[COLUMNS.sources].querySelectorAll(".ot-ledger-work")]
    .map((el) => el.textContent.trim().replace(/,\s*(?:pp?|S|s)\.\s*\d.*$/, ""));  // the work, without its pages
}

function menu(label, every, values, role, shown = (value) => value) {
  const select = document.createElement("select");
  select.dataset.role = role;
  select.append(new Option(every, ""));
  for (const value of values) select.append(new Option(shown(value), value));
  const wrap = document.createElement("label");
  wrap.className = "ot-ledger-filter";
  wrap.append(`${label} `, select);
  return {wrap, select};
}

function setup(box) {
  const table = box.querySelector("table.ot-ledger-table");
  if (!table || box.dataset.ready) return;
  box.dataset.ready = "1";
  const body = table.tBodies[0];
  const rows = [...body.rows];
  rows.forEach((row, i) => { row.dataset.order = String(i); });
  const apply = filters(box, table, rows);
  sortButtons(table, body, rows);
  apply();
}

/** The filters' bar above the table (game, status, source, words, the count shown); returns the
 * function that shows the rows they let through. */
function filters(box, table, rows) {
  const distinct = (pick) => [...new Set(rows.flatMap(pick))].sort((a, b) => a.localeCompare(b));

  const game = menu(t("Game"), t("every game"), distinct((r) => [cellText(r, COLUMNS.game)]), "ledger-game");
  const label = (value) => table.querySelector(`tbody .ot-status.ot-status-${value}`)?.textContent.trim() || value;
  const status = menu(t("Status"), t("every status"), STATUSES, "ledger-status", label);
  const source = menu(t("Source"), t("every source"), distinct(works), "ledger-source");
  const words = document.createElement("input");
  words.type = "search";
  words.placeholder = t("words or id");
  words.dataset.role = "ledger-words";
  const wordsLabel = document.createElement("label");
  wordsLabel.className = "ot-ledger-filter";
  wordsLabel.append(`${t("Find")} `, words);
  const count = document.createElement("p");
  count.className = "ot-ledger-count";
  count.dataset.role = "ledger-count";
  count.setAttribute("role", "status");
  count.setAttribute("aria-live", "polite");
  // the place the build kept for the filters (no layout shift); made here for an older page
  let bar = box.querySelector(".ot-ledger-bar");
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "ot-ledger-bar";
    box.insertBefore(bar, table);
  }
  bar.append(game.wrap, status.wrap, source.wrap, wordsLabel, count);

  const apply = () => {
    const needle = words.value.trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const keep = (!game.select.value || cellText(row, COLUMNS.game) === game.select.value)
        // by the label's class, which keeps the English word in every edition (its text is translated)
        && (!status.select.value || row.cells[COLUMNS.status].querySelector(`.ot-status-${status.select.value}`))
        && (!source.select.value || works(row).includes(source.select.value))
        && (!needle || row.textContent.toLowerCase().includes(needle));
      row.hidden = !keep;
      if (keep) shown += 1;
    }
    const total = rows.length;
    count.textContent = nt("{shown} of {count} rule shown", "{shown} of {count} rules shown", total, {shown, count: total});
  };
  for (const control of [game.select, status.select, source.select]) control.addEventListener("change", apply);
  words.addEventListener("input", apply);
  return apply;
}

/** Sorting: a button in each header; a second press reverses; "Rule" in ledger order restores it. */
function sortButtons(table, body, rows) {
  const heads = [...table.tHead.rows[0].cells];
  let sorted = {index: -1, up: true};
  heads.forEach((cell, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "ot-ledger-sort";
    button.textContent = cell.textContent.trim();
    // in the header's own paragraph, where its words were: the header keeps its height, and its width
    // (pages.css keeps the sort mark's room from the start): no row moves when the buttons come
    const place = cell.querySelector("p") || cell;
    place.textContent = "";
    place.append(button);
    cell.setAttribute("aria-sort", "none");
    button.addEventListener("click", () => {
      const up = sorted.index === index ? !sorted.up : true;
      sorted = {index, up};
      const key = (row) => (index === COLUMNS.rule ? Number(row.dataset.order) : cellText(row, index));
      const ordered = [...rows].sort((a, b) => {
        const ka = key(a), kb = key(b);
        const by = typeof ka === "number" ? ka - kb : ka.localeCompare(kb) || Number(a.dataset.order) - Number(b.dataset.order);
        return up ? by : -by;
      });
      body.append(...ordered);
      heads.forEach((h, i) => h.setAttribute("aria-sort", i === index ? (up ? "ascending" : "descending") : "none"));
    });
  });
}

for (const box of document.querySelectorAll(".ot-ledger")) setup(box);
