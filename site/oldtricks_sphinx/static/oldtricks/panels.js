// Game-specific boxes beside the table: score tables, chalk lines, tripods, auctions, clips.
// They draw the panel data as given; nothing is computed from it but layout.
import { h, s } from "./dom.js";
import { cardChip, isCard } from "./cards.js";
import { t } from "./words.js";

function cell(value, pattern, tag = "td") {
  const text = value === null || value === undefined ? "" : String(value);
  return h(tag, {}, text.length === 2 && text !== "??" && isCard(text, pattern) ? cardChip(text, pattern) : text);
}

function tablePanel(data, pattern, history) {
  const cols = data.columns || [];
  const rows = data.rows || [];
  const table = h("table", {class: "ot-grid"},
    cols.length ? h("thead", {}, h("tr", {}, cols.map((c) => h("th", {scope: "col"}, String(c))))) : null,
    h("tbody", {}, rows.map((row, i) => h("tr", {class: history && i === rows.length - 1 ? "ot-last" : null},
      (row || []).map((v) => cell(v, pattern))))));
  if (!rows.length) return h("p", {class: "ot-muted"}, history ? "nothing yet" : "empty");
  return history ? h("div", {class: "ot-scroll", tabindex: 0, role: "region", "aria-label": "history"}, table) : table;
}

// A side's lines as the engine counts them: all ever chalked (total), those chalked back for lost
// matadors (the last drawn), and those left; the oldest are the ones erased.
function tally(side) {
  const total = Math.max(0, side.total | 0);
  const left = Math.max(0, Math.min(total, side.left | 0));
  const chalked = Math.max(0, Math.min(total, side.chalked | 0));
  return {total, left, chalked, erased: total - left};
}

function strokeClass(i, {total, chalked, erased}) {
  if (i < erased) return "ot-erased";
  return i >= total - chalked ? "ot-chalk ot-chalked-back" : "ot-chalk";
}

function countText({total, left, chalked}) {
  return chalked ? t("{left} of {total} left ({chalked} chalked back)", {left, total, chalked}) : t("{left} of {total} left", {left, total});
}

// A slate: one row of chalk strokes per side; the erased ones drawn faint, those chalked back for lost
// matadors in another colour.
function linesPanel(data) {
  const sides = data.sides || [];
  const rows = sides.map((side) => {
    const count = tally(side);
    const {total} = count;
    const gap = 7, group = 5;
    const width = Math.max(20, total * gap + Math.floor((total - 1) / group) * 5 + 8);
    const strokes = [];
    for (let i = 0; i < total; i++) {
      const x = 6 + i * gap + Math.floor(i / group) * 5;
      const wobble = ((i * 37) % 5) - 2;
      strokes.push(s("path", {d: `M${x} 4 L${x + wobble * 0.6} 24`, class: strokeClass(i, count)}));
    }
    return h("div", {class: "ot-slate-row"},
      h("span", {class: "ot-slate-label"}, side.label),
      s("svg", {class: "ot-slate-lines", viewBox: `0 0 ${width} 28`, width, height: 28, "aria-hidden": "true"}, ...strokes),
      h("span", {class: "ot-slate-count"}, countText(count)));
  });
  return h("div", {class: "ot-slate"}, rows);
}

// Three sides drawn as the three legs of a chalk tripod, one tick per line.
function tripodPanel(data) {
  const sides = (data.sides || []).slice(0, 3);
  const apex = [110, 16];
  const feet = [[28, 150], [110, 158], [192, 150]];
  const parts = [];
  sides.forEach((side, k) => {
    const [fx, fy] = feet[k];
    const count = tally(side);
    const {total} = count;
    parts.push(s("path", {d: `M${apex[0]} ${apex[1]} L${fx} ${fy}`, class: "ot-chalk ot-leg"}));
    const dx = fx - apex[0], dy = fy - apex[1];
    const len = Math.hypot(dx, dy);
    const [ux, uy] = [dx / len, dy / len];
    const [px, py] = [-uy * 7, ux * 7];
    for (let i = 0; i < total; i++) {
      const t = 0.22 + (0.7 * (i + 0.5)) / Math.max(total, 1);
      const cx = apex[0] + dx * t, cy = apex[1] + dy * t;
      parts.push(s("path", {d: `M${(cx - px).toFixed(1)} ${(cy - py).toFixed(1)} L${(cx + px).toFixed(1)} ${(cy + py).toFixed(1)}`,
        class: strokeClass(i, count)}));
    }
    parts.push(s("text", {x: fx, y: fy + 16, "text-anchor": k === 0 ? "start" : k === 2 ? "end" : "middle",
      class: "ot-slate-text"}, side.label));
  });
  return h("div", {class: "ot-slate ot-tripod"},
    s("svg", {viewBox: "0 0 220 180", class: "ot-tripod-svg", "aria-hidden": "true"}, ...parts),
    h("ul", {class: "ot-tripod-key"}, sides.map((side) => {
      return h("li", {}, h("span", {class: "ot-slate-label"}, side.label), ` ${countText(tally(side))}`);
    })));
}

// A bridge-viewer auction box: one column per seat, calls flowing left to right.
function auctionPanel(data) {
  const seats = data.seats || [];
  const n = Math.max(seats.length, 1);
  const rows = [];
  let row = null, col = n;
  for (const call of data.calls || []) {
    const c = Number.isInteger(call.seat) ? call.seat % n : 0;
    if (!row || c <= col) {
      row = new Array(n).fill(null);
      rows.push(row);
    }
    row[c] = call;
    col = c;
  }
  const last = (data.calls || [])[(data.calls || []).length - 1];
  return h("div", {class: "ot-auction-wrap"},
    h("table", {class: "ot-grid ot-auction"},
      h("thead", {}, h("tr", {}, seats.map((n) => h("th", {scope: "col"}, String(n))))),
      h("tbody", {}, rows.length ? rows.map((r) => h("tr", {}, r.map((call) => h("td",
        {title: call && call.text ? call.text : null, class: call && call === last ? "ot-last" : null},
        call ? String(call.call) : "")))) : h("tr", {}, h("td", {colspan: n, class: "ot-muted"}, "no calls yet")))),
    last && last.text ? h("p", {class: "ot-auction-last"}, `${seats[last.seat % n] || ""}: ${last.text}`) : null);
}

function peg() {
  return s("svg", {class: "ot-peg", viewBox: "0 0 10 24", "aria-hidden": "true"},
    s("rect", {x: 1, y: 1, width: 3.5, height: 22, rx: 1.5}),
    s("rect", {x: 5.5, y: 1, width: 3.5, height: 22, rx: 1.5}),
    s("rect", {x: 0, y: 10, width: 10, height: 3, rx: 1, class: "ot-peg-spring"}));
}

function clipsPanel(data) {
  const rows = data.rows || [];
  const count = (n) => {
    const k = Math.max(0, n | 0);
    return h("span", {class: "ot-pegs"}, k ? Array.from({length: Math.min(k, 5)}, peg) : null,
      h("span", {class: k ? "" : "ot-muted"}, k > 5 || !k ? String(k) : h("span", {class: "ot-vh"}, String(k))));
  };
  return h("table", {class: "ot-grid ot-clips"},
    h("thead", {}, h("tr", {}, [t("Player"), t("Clips"), t("Buttonhole"), t("Penalty"), t("Black nose")].map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, rows.map((r) => h("tr", {},
      h("th", {scope: "row"}, r.name || t("Seat {seat}", {seat: r.seat})),
      h("td", {}, count(r.clips)), h("td", {}, count(r.buttonhole)), h("td", {}, count(r.penalty)),
      h("td", {}, r.black_nose ? h("span", {class: "ot-nose"}, h("span", {class: "ot-nose-dot", "aria-hidden": "true"}), "yes")
        : h("span", {class: "ot-muted"}, "no"))))));
}

const DRAW = {
  table: (d, p) => tablePanel(d, p, false),
  history: (d, p) => tablePanel(d, p, true),
  lines: linesPanel,
  tripod: tripodPanel,
  auction: auctionPanel,
  clips: clipsPanel,
  text: (d) => h("p", {class: "ot-panel-text"}, d && d.text !== undefined ? String(d.text) : ""),
};

export function renderPanel(panel, pattern) {
  const kind = DRAW[panel.kind] ? panel.kind : "text";
  let body;
  try {
    body = DRAW[kind](panel.data || {}, pattern);
  } catch (err) {
    body = h("p", {class: "ot-muted"}, "(this panel could not be drawn)");
  }
  // A named group rather than a landmark (viewers on a page repeat the same panels), focusable
  // because a wide table or a long text scrolls inside it and the keyboard must reach it.
  return h("div", {class: `ot-panel ot-panel-${kind}`, role: "group", tabindex: 0, "aria-label": panel.title || kind},
    panel.title ? h("div", {class: "ot-panel-title"}, panel.title) : null, body);
}
