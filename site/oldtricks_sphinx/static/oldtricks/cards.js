// Card faces and backs for German (Acorns, Leaves, Hearts, Bells) and French packs, each drawn once per
// page as an SVG picture and shown as one <img> of it.
// A card text is rank then suit ("UA", "TH", "JC"); "??" is a card the viewer cannot see.
import { h, s } from "./dom.js";
import { pt, t } from "./words.js";

export const RANKS = {
  german: {"6": "Six", "7": "Seven", "8": "Eight", "9": "Nine", T: "Ten", U: "Unter", O: "Ober", K: "King", A: "Ace"},
  french: {"2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace"},
};
export const SUITS = {
  german: {A: "Acorns", L: "Leaves", H: "Hearts", B: "Bells"},
  french: {C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades"},
};
const COURT = new Set(["U", "O", "K", "J", "Q"]);
// Index colours (dark enough to read on white); shapes use their own palette below.
const INK = {
  german: {A: "#7a4a1e", L: "#2a7a35", H: "#c62828", B: "#a86400"},
  french: {C: "#1a1a1a", D: "#c62828", H: "#c62828", S: "#1a1a1a"},
};

function pat(pattern) {
  return pattern === "french" ? "french" : "german";
}

/** Is text a card of this pattern (or "??")? */
export function isCard(text, pattern) {
  if (text === "??") return true;
  if (typeof text !== "string" || text.length !== 2) return false;
  const p = pat(pattern);
  return text[0] in RANKS[p] && text[1] in SUITS[p];
}

/** "Unter of Acorns"; "hidden card" for "??". */
export function cardName(text, pattern) {
  if (!isCard(text, pattern)) return String(text);
  if (text === "??") return t("hidden card");
  const p = pat(pattern);
  // the engine's card names in the page's language (its catalogs: oldtricks/core/cards.py); a German-suited card's
  // name is one message, its suit agreeing with its rank ("niżnik żołędny")
  if (p === "german") return pt("German card", `${RANKS.german[text[0]]} of ${SUITS.german[text[1]]}`);
  return t("{rank} of {suit}", {rank: pt("rank", RANKS[p][text[0]]), suit: pt("French suit", SUITS[p][text[1]])});
}

export function suitName(suit, pattern) {
  return SUITS[pat(pattern)][suit] || suit;
}

/** Rank as printed in the index: T shows as 10. */
export function rankIndex(rank) {
  return rank === "T" ? "10" : rank;
}

const HEART = "M50 90C28 70 4 52 4 29 4 14 15 4 28 4c10 0 18 6 22 15C54 10 62 4 72 4c13 0 24 10 24 25 0 23-24 41-46 61z";

/** Shapes of one suit in a 100x100 box. */
function suitShapes(suit, pattern) {
  if (pat(pattern) === "french") {
    const red = "#c62828", black = "#1a1a1a";
    switch (suit) {
      case "H": return [s("path", {d: HEART, fill: red})];
      case "D": return [s("path", {d: "M50 2 86 50 50 98 14 50z", fill: red})];
      case "S": return [s("path", {fill: black, d: "M50 4C40 22 6 38 6 62c0 13 10 22 22 22 9 0 15-4 19-10-1 10-6 17-14 22h34c-8-5-13-12-14-22 4 6 10 10 19 10 12 0 22-9 22-22C94 38 60 22 50 4z"})];
      default: return [
        s("circle", {cx: 50, cy: 28, r: 21, fill: black}),
        s("circle", {cx: 27, cy: 60, r: 21, fill: black}),
        s("circle", {cx: 73, cy: 60, r: 21, fill: black}),
        s("path", {d: "M45 50h10c0 20 4 34 14 46H31c10-12 14-26 14-46z", fill: black}),
      ];
    }
  }
  switch (suit) {
    case "H": return [s("path", {d: HEART, fill: "#d32f2f", stroke: "#8e1b1b", "stroke-width": 3})];
    case "L": return [
      s("path", {fill: "#3a9a46", stroke: "#1c5e26", "stroke-width": 3,
        d: "M50 4C66 18 92 34 92 58c0 16-12 26-26 26-6 0-11-2-14-5l3 17H45l3-17c-3 3-8 5-14 5C20 84 8 74 8 58 8 34 34 18 50 4z"}),
      s("path", {d: "M50 14v66M50 40 32 30M50 40l18-10M50 58 26 48M50 58l24-10", stroke: "#1c5e26",
        "stroke-width": 3, fill: "none", "stroke-linecap": "round"}),
    ];
    case "A": return [
      s("rect", {x: 46, y: 3, width: 8, height: 14, rx: 2, fill: "#5a3518"}),
      s("path", {d: "M28 48c0 26 10 44 22 48 12-4 22-22 22-48z", fill: "#c98a3c", stroke: "#6b4226", "stroke-width": 3}),
      s("path", {d: "M18 50c0-22 14-36 32-36s32 14 32 36z", fill: "#6b4226", stroke: "#4a2c14", "stroke-width": 3}),
      s("path", {d: "M26 40h48M30 30h40M38 22h24M36 22l-6 26M50 16v32M64 22l6 26", stroke: "#a8713c",
        "stroke-width": 2.5, fill: "none"}),
    ];
    default: return [ // Bells: a round sleigh bell with a band and a slot
      s("circle", {cx: 50, cy: 8, r: 6, fill: "none", stroke: "#8a5a00", "stroke-width": 4}),
      s("circle", {cx: 50, cy: 54, r: 40, fill: "#f2b01e", stroke: "#8a5a00", "stroke-width": 3}),
      s("path", {d: "M12 44q38 12 76 0v10q-38 12-76 0z", fill: "#c0392b"}),
      s("circle", {cx: 50, cy: 72, r: 6, fill: "#5a3a00"}),
      s("path", {d: "M50 76v16", stroke: "#5a3a00", "stroke-width": 4}),
      s("ellipse", {cx: 36, cy: 34, rx: 8, ry: 5, fill: "#fff", opacity: 0.45}),
    ];
  }
}

// Each suit's shapes are drawn once per document, as a <symbol> in one hidden sprite, and every suit icon
// of a text line shows them with a <use> (a card carries its own copy: see cardImage).
const SPRITE = "ot-suit-sprite";

function symbolId(suit, pattern) {
  return `ot-suit-${pat(pattern)}-${suit}`;
}

function ensureSymbol(suit, pattern) {
  const id = symbolId(suit, pattern);
  if (typeof document === "undefined" || document.getElementById(id)) return id;
  let sprite = document.getElementById(SPRITE);
  if (!sprite) {
    sprite = s("svg", {id: SPRITE, "aria-hidden": "true", focusable: "false", width: 0, height: 0,
      class: "ot-sprite"});
    (document.body || document.documentElement).appendChild(sprite);
  }
  sprite.appendChild(s("symbol", {id, viewBox: "0 0 100 100", overflow: "visible"}, ...suitShapes(suit, pattern)));
  return id;
}

/** The suit's shapes at (x, y), `size` wide, in a card picture: a <use> of the picture's own symbol. */
function suitAt(x, y, size) {
  return s("use", {href: "#suit", x, y, width: size, height: size});
}

/** A small suit symbol as its own inline SVG (for text lines). */
export function suitIcon(suit, pattern) {
  return s("svg", {class: "ot-suit", viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false"},
    s("use", {href: `#${ensureSymbol(suit, pattern)}`, width: 100, height: 100}));
}

let latticePath = null;
function lattice() {
  if (latticePath) return latticePath;
  const parts = [];
  for (let y = 10; y <= 74; y += 8) {
    for (let x = (y / 8) % 2 ? 12 : 8; x <= 52; x += 8) {
      parts.push(`M${x} ${y - 3}l3 3-3 3-3-3z`);
    }
  }
  latticePath = parts.join("");
  return latticePath;
}

function backShapes() {
  return [
    s("rect", {x: 0.5, y: 0.5, width: 59, height: 83, rx: 4.5, fill: "#2f4f8f", stroke: "#1c3160"}),
    s("rect", {x: 4, y: 4, width: 52, height: 76, rx: 3, fill: "none", stroke: "#fff", "stroke-opacity": 0.55}),
    s("path", {d: lattice(), fill: "#fff", "fill-opacity": 0.28}),
  ];
}

// The corner's rank, in the card's units (60 wide). The picture is an image that the page's CSS cannot
// reach into, so it is drawn at the size a phone needs in every card: a phone's card is 50 px wide
// (widget.css), where 16 units are 13.3 px and the rank and its suit stand 12 px tall or more (issue 14,
// item 9; tests/browser/test_phone.py measures them as drawn).
export const CORNER_FONT = 16;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

function index(rank, ink, transform = null) {
  const label = rankIndex(rank);
  return s("g", {class: "corner", transform},
    s("text", {x: 9.5, y: 15, "text-anchor": "middle", "font-size": CORNER_FONT, "font-weight": 700, fill: ink,
      "letter-spacing": label.length > 1 ? -1 : 0}, label),
    suitAt(3.5, 18.5, 12));
}

// Each card is one <img> of its picture, a data: URL made once per page and pattern, cloned at every
// step: a step redraws every card on the table, and an image is one node to create, compare (dom.js
// morph), style and lay out, where an inline SVG was ten or so, each with its <use> shadow tree (drawing
// the cards as empty SVGs took a quarter off a step's CPU time; bench/browser_bench.py, stepping).
// The card's name is the image's alt text, so a card button is still named by its content.
const drawnCards = new Map();

/** The card as an image (its alt text the card's name). face=false draws the back. */
export function cardImage(text, pattern, face = true) {
  const key = `${pat(pattern)}|${text}|${face}`;
  let made = drawnCards.get(key);
  if (!made) {
    const known = face && text !== "??" && isCard(text, pattern);
    const picture = new XMLSerializer().serializeToString(drawCard(known ? text : null, pattern));
    made = h("img", {class: "ot-card-img", src: `data:image/svg+xml,${encodeURIComponent(picture)}`,
      alt: known ? cardName(text, pattern) : t("hidden card"), width: 60, height: 84, draggable: "false"});
    drawnCards.set(key, made);
  }
  return made.cloneNode(false);
}

/** The picture of a card (null: its back), a standalone SVG document: its suit's shapes in its own
 * <defs>, its font named in it. */
function drawCard(text, pattern) {
  const svg = s("svg", {viewBox: "0 0 60 84", width: 60, height: 84, "font-family": FONT});
  if (!text) {
    for (const el of backShapes()) svg.appendChild(el);
    return svg;
  }
  const p = pat(pattern);
  const [rank, suit] = text;
  const ink = INK[p][suit];
  svg.appendChild(s("defs", {}, s("symbol", {id: "suit", viewBox: "0 0 100 100", overflow: "visible"},
    ...suitShapes(suit, p))));
  svg.appendChild(s("rect", {x: 0.5, y: 0.5, width: 59, height: 83, rx: 4.5, fill: "#fdfcf7", stroke: "#8a8a80"}));
  svg.appendChild(index(rank, ink));
  svg.appendChild(index(rank, ink, "rotate(180 30 42)"));
  if (COURT.has(rank)) {
    svg.appendChild(s("rect", {x: 16, y: 14, width: 28, height: 56, rx: 3, fill: ink, "fill-opacity": 0.08,
      stroke: ink, "stroke-opacity": 0.6}));
    svg.appendChild(s("text", {x: 30, y: 42, "text-anchor": "middle", "font-size": 22, "font-weight": 700,
      fill: ink}, rank));
    svg.appendChild(suitAt(21, 47, 18));
  } else if (rank === "A") {
    svg.appendChild(suitAt(11, 23, 38));
  } else {
    svg.appendChild(suitAt(15, 27, 30));
  }
  return svg;
}

/** A card inline in text: "10" + suit symbol, labelled with its name. */
export function cardChip(text, pattern) {
  if (text === "??" || !isCard(text, pattern)) return h("span", {class: "ot-chip"}, text === "??" ? "a hidden card" : text);
  const p = pat(pattern);
  return h("span", {class: `ot-chip ot-ink-${p}-${text[1]}`, title: cardName(text, p)},
    h("span", {class: "ot-vh"}, cardName(text, p)),
    h("span", {"aria-hidden": "true"}, rankIndex(text[0])),
    suitIcon(text[1], p));
}

/**
 * The pattern of the cards in these frames ("german" | "french"), or null when they do not tell
 * (a live option may switch a game's pack, while the page names the book's pattern).
 */
export function detectPattern(frames) {
  const f = frames && frames[0];
  if (!f) return null;
  const cards = [];
  for (const seat of f.seats || []) cards.push(...((seat.hand && seat.hand.cards) || []));
  for (const t of f.table || []) cards.push(t.card);
  for (const g of f.centre || []) cards.push(...(g.cards || []));
  for (const c of cards) {
    if (typeof c !== "string" || c.length !== 2 || c === "??") continue;
    if ("UO".includes(c[0]) || "ALB".includes(c[1])) return "german";
    if ("JQ2345".includes(c[0]) || "CDS".includes(c[1])) return "french";
  }
  return null;
}
