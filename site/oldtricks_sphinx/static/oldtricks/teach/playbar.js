// The sandbox's play bar, in the viewer's place for live play: whose turn it is, the moves that are
// not cards (buttons from the frame's legal moves), which seats the engine plays, and the note of
// the step shown. The table's cards are clickable for a seat the reader plays (playContext).
import { h, put } from "../dom.js";
import { cardChip, cardName, isCard } from "../cards.js";
import { seatName } from "../table.js";
import { t } from "../words.js";

export const NOTE_LIMIT = 5000; // as links keep them (oldtricks.scenarios.links)

export class PlayBar {
  /** sb: the sandbox ({widget, bots: Set, level, levels, busy, play(move), advance(), setBots(seats),
   * setLevel(level), saveNote(text)}). */
  constructor(sb) {
    this.sb = sb;
    this.noteStep = null;
    this.turn = h("span", {class: "ot-live-status", "data-role": "sb-turn"});
    this.moves = h("div", {class: "ot-moves", "data-role": "moves", role: "group", "aria-label": t("Moves")});
    this.bots = h("div", {class: "ot-sb-bots", "data-role": "bots", role: "group", "aria-label": t("Seats the engine plays")});
    this.levelSelect = h("select", {class: "ot-select", "data-role": "level", "aria-label": t("Level of the engine's bots"),
      onchange: () => this.sb.setLevel(this.levelSelect.value)}, [["simple", t("simple")], ["strong", t("strong")]].map(([n, label]) => h("option", {value: n}, label)));
    this.levelNote = h("span", {class: "ot-sb-level-note ot-muted", "data-role": "level-note"});
    this.level = h("div", {class: "ot-sb-bots"},
      h("label", {class: "ot-sb-check"}, h("span", {class: "ot-sb-label"}, t("Its bots:")), " ", this.levelSelect), this.levelNote);
    this.noteLabel = h("span", {class: "ot-sb-label"}, t("Note"));
    this.noteText = h("textarea", {class: "ot-text ot-sb-note", "data-role": "note-text", rows: 2, maxlength: NOTE_LIMIT,
      "aria-label": t("Note on this step")});
    this.noteSave = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "save-note",
      onclick: () => this.sb.saveNote(this.noteText.value)}, t("Save note"));
    // whose turn it is and the moves that are not cards: under the table, beside the hand to play (on a
    // phone, on the same screen); the rest of the bar after the move list and the panels
    this.boardEl = h("div", {class: "ot-sb-play ot-sb-board", "data-role": "sb-board"}, h("div", {class: "ot-live-row"}, this.turn), this.moves);
    this.el = h("div", {class: "ot-live ot-sb-play"},
      this.bots,
      this.level,
      h("div", {class: "ot-sb-note-row"}, h("label", {class: "ot-sb-field ot-sb-note-field"}, this.noteLabel, this.noteText),
        this.noteSave));
  }

  names(f) {
    const w = this.sb.widget;
    return (f.seats || []).map((s, i) => s.name || seatName(f, i, w && w.data.seat_names));
  }

  /** {seat, legal, busy, onMove, pile} when a seat the reader plays is to move at this frame. */
  playContext(f) {
    if (f.outcome || !Number.isInteger(f.turn) || this.sb.bots.has(f.turn)) return null;
    const legal = f.legal || [];
    const sd = (f.seats || [])[f.turn];
    const pile = sd && sd.hand && sd.hand.layout === "pile" && sd.hand.face === "down" && legal.length === 1 ? legal[0] : null;
    return {seat: f.turn, legal: new Set(legal), busy: this.sb.busy, pile, onMove: (m) => this.sb.play(m)};
  }

  update(f) {
    const sb = this.sb;
    const w = sb.widget;
    const names = this.names(f);
    this.renderBots(names);
    this.levelSelect.value = sb.level;
    this.levelSelect.disabled = sb.busy;
    // what the level does, in the engine's words
    this.levelNote.textContent = sb.levels ? sb.levels[sb.level] || "" : "";
    for (const el of [this.el, this.boardEl]) {
      if (sb.busy) el.setAttribute("aria-busy", "true");
      else el.removeAttribute("aria-busy");
    }
    const step = Number.isInteger(f.step) ? f.step : 0;
    if (this.noteStep !== step || document.activeElement !== this.noteText) {
      this.noteText.value = f.note || "";
      this.noteStep = step;
    }
    this.noteLabel.textContent = t("Note on step {step}", {step});
    this.noteSave.disabled = sb.busy;
    put(this.moves);
    if (f.outcome) {
      this.turn.textContent = t("The game is over. Step back to play another move from there.");
      return;
    }
    if (!Number.isInteger(f.turn)) { this.turn.textContent = ""; return; }
    const who = names[f.turn] || t("Seat {seat}", {seat: f.turn});
    if (sb.bots.has(f.turn)) {
      this.turn.textContent = t("{seat} is to play, and the engine plays {seat}.", {seat: who});
      put(this.moves, h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "advance",
        disabled: sb.busy, onclick: () => sb.advance()}, t("Let the engine play {seat}", {seat: who})));
      return;
    }
    this.turn.textContent = (f.legal || []).some((m) => !isCard(m, w.pattern))
      ? t("{seat} is to play: click a highlighted card or a move.", {seat: who})
      : t("{seat} is to play: click a highlighted card.", {seat: who});
    const ctx = this.playContext(f);
    const sd = f.seats[f.turn];
    const shown = w.view === null || (w.view === f.turn && sd.hand.face === "up");
    const buttons = [];
    if (ctx.pile) {
      buttons.push(this.button(ctx.pile, t("Turn up the top card"), t("Turn up the top card of {seat}'s pile", {seat: who})));
    } else {
      for (const m of f.legal || []) {
        const card = isCard(m, w.pattern);
        if (card && shown && (sd.hand.cards || []).includes(m)) continue; // on the table already
        buttons.push(card ? this.button(m, cardChip(m, w.pattern), t("Play the {card}", {card: cardName(m, w.pattern)})) : this.button(m, m, m));
      }
    }
    if (buttons.length) put(this.moves, h("span", {class: "ot-moves-head"}, `${who}:`), buttons);
  }

  button(move, content, label) {
    return h("button", {type: "button", class: "ot-btn ot-btn-text ot-move-btn", "data-move": move,
      "aria-label": label, disabled: this.sb.busy, onclick: () => this.sb.play(move)}, content);
  }

  renderBots(names) {
    const key = names.join("|") + "#" + [...this.sb.bots].sort().join(",");
    if (this.botsKey === key) return;
    this.botsKey = key;
    put(this.bots, h("span", {class: "ot-sb-label"}, t("The engine plays:")), names.map((name, i) => {
      const box = h("input", {type: "checkbox", "data-seat": i, checked: this.sb.bots.has(i),
        onchange: () => this.sb.setBots(Array.from(this.bots.querySelectorAll("input[type=checkbox]"))
          .filter((b) => b.checked).map((b) => Number(b.dataset.seat)))});
      return h("label", {class: "ot-sb-check"}, box, " ", name);
    }));
  }
}
