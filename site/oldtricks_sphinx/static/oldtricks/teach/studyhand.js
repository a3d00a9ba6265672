// The study editor's "Deal by hand": one field of cards per seat of the game chosen above (its seats and
// their names as the engine gives them: game_info), filled from the seed's deal if the teacher wants a
// start; the chapter is added as any other (study_encode), so the engine checks the hands and a card
// dealt twice, a card left out or a card not of the pack comes back in its words.
import { h, put } from "../dom.js";
import { t } from "../words.js";

export class HandForm {
  /** editor: the study editor ({page, gameSelect, seedField, say(text, kind), add(chapter)}). */
  constructor(editor) {
    this.editor = editor;
    this.game = null;
    this.seats = h("div", {class: "ot-sb-seats", "data-role": "study-hands"});
    this.el = h("details", {class: "ot-study-hand-box", "data-role": "study-hand-box",
      ontoggle: () => { if (this.el.open) this.load(); }},
    h("summary", {}, t("Deal by hand")),
    h("p", {class: "ot-sb-help"}, t("One field per seat: its cards as the rules pages write them (rank then suit, such as UA or TH), separated by spaces; the engine checks the deal.")),
    this.seats,
    h("div", {class: "ot-sb-row"},
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-hands-fill", onclick: () => this.fill()},
        t("Start from this seed's deal")),
      h("button", {type: "button", class: "ot-btn", "data-action": "study-add-hands", onclick: () => this.add()},
        t("Add this deal"))));
    editor.gameSelect.addEventListener("change", () => { if (this.el.open) this.load(); });
  }

  /** The fields of the game chosen above, one per seat, named as the engine names the seats. */
  async load() {
    const game = this.editor.gameSelect.value;
    if (this.game === game) return true;
    const r = await this.editor.page.call("game_info", {game, options: {}});
    if (!r.ok) { this.editor.say(r.error, "error"); return false; }
    this.game = game;
    put(this.seats, r.seat_names.map((name, i) => h("label", {class: "ot-sb-field ot-sb-hand-field"},
      h("span", {class: "ot-sb-label"}, name),
      h("textarea", {class: "ot-text ot-sb-hand", rows: 2, spellcheck: "false", autocomplete: "off", "data-role": "study-hand",
        "data-seat": i, "aria-label": t("{seat}'s cards", {seat: name})}))));
    return true;
  }

  fields() { return Array.from(this.seats.querySelectorAll('[data-role="study-hand"]')); }

  /** Each seat's cards as the engine deals them from the seed field's seed, to change by hand. */
  async fill() {
    if (!(await this.load())) return;
    const game = this.game;
    const spec = {game, title: game, deal: {dealer: 0, seed: Number(this.editor.seedField.value) || 0}, steps: []};
    const opened = await this.editor.page.engine.open("study-hands", spec, {});
    const r = opened.ok ? await this.editor.page.call("deal_hands", {key: "study-hands"}) : opened;
    if (!r.ok) { this.editor.say(r.error, "error"); return; }
    this.fields().forEach((field, i) => { field.value = r.hands[i] || ""; });
  }

  async add() {
    this.editor.say("");  // the last try's message goes at once: what this one says comes when it is done
    if (!(await this.load())) return;
    const select = this.editor.gameSelect;
    const title = select.selectedOptions[0]?.textContent || this.game;
    const hands = this.fields().map((field) => field.value.trim().split(/\s+/).filter(Boolean).join(" "));
    const spec = {game: this.game, title: t("{game}, dealt by hand", {game: title}), deal: {dealer: 0, hands}, steps: []};
    if (await this.editor.add({spec})) this.editor.say(t("Chapter {number} added: {title}.", {number: this.editor.study.chapters.length, title: spec.title}));
  }
}
