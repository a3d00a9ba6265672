// The sandbox's "Deal and rules" form: title, the game's options (with their status labels), dealer,
// the deal by seed or by hand (one field of cards per seat), and the players' names. It only gathers
// values: the engine says how many seats the options give, deals, and refuses bad hands in its words.
import { h, put } from "../dom.js";
import { STATUSES, statusWord } from "../statuses.js";
import { t } from "../words.js";

let forms = 0;

export function statusPill(status) {
  const s = STATUSES.includes(status) ? status : "assumed";
  return h("span", {class: `ot-status ot-status-${s}`, "data-status": s}, statusWord(s));
}

export class SetupForm {
  /** sb: the sandbox ({ruleLink(id), optionsChanged(), deal(), fillHands()}). */
  constructor(sb) {
    this.sb = sb;
    this.info = null;      // game_info of the game and options shown: {game, title, seats, seat_names, pattern, options}
    this.controls = [];    // [{opt, control, values}]
    const n = ++forms;
    this.uid = `ot-sb-${n}`;
    this.title = h("input", {type: "text", class: "ot-text", "data-role": "title", maxlength: 200, autocomplete: "off"});
    this.optionList = h("div", {class: "ot-sb-options", "data-role": "options"});
    this.dealer = h("select", {class: "ot-select", "data-role": "dealer", "aria-label": t("Dealer")});
    const mode = (value, label) => {
      const input = h("input", {type: "radio", name: `ot-deal-mode-${n}`, value, "data-role": `mode-${value}`,
        onchange: () => this.showMode()});
      return {input, el: h("label", {class: "ot-sb-radio"}, input, " ", label)};
    };
    this.bySeed = mode("seed", t("Shuffle with a seed"));
    this.byHand = mode("hands", t("Pick the hands"));
    this.seed = h("input", {type: "number", class: "ot-number", min: 0, step: 1, "data-role": "seed", "aria-label": t("Seed")});
    this.newSeed = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "new-seed",
      onclick: () => { this.seed.value = String(randomSeed()); }}, t("New seed"));
    this.fill = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "fill-hands",
      onclick: () => this.sb.fillHands()}, t("Start from the shuffled deal"));
    this.seedRow = h("div", {class: "ot-sb-row"}, this.seed, this.newSeed);
    this.handsHelp = h("p", {class: "ot-sb-help"},
      t("One field per seat: the cards as on the rules pages (rank then suit, e.g. UA for the Unter of Acorns, 10H or TH for the Ten of Hearts), separated by spaces; a pile is listed top card first. The engine checks the deal."),
      " ", this.fill);
    this.seats = h("div", {class: "ot-sb-seats", "data-role": "seats"});
    this.error = h("div", {class: "ot-sb-error", "data-role": "setup-error", role: "alert"});
    this.dealBtn = h("button", {type: "submit", class: "ot-btn ot-btn-text ot-sb-primary", "data-action": "deal"}, t("Deal"));
    this.el = h("form", {class: "ot-sb-setup", "data-role": "setup", novalidate: true,
      onsubmit: (e) => { e.preventDefault(); this.sb.deal(); }},
    h("label", {class: "ot-sb-field ot-sb-title"}, h("span", {class: "ot-sb-label"}, t("Title")), this.title),
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, t("Rules")), this.optionList),
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, t("Deal")),
      h("div", {class: "ot-sb-row"}, h("label", {class: "ot-sb-field"}, h("span", {class: "ot-sb-label"}, t("Dealer")), this.dealer)),
      h("div", {class: "ot-sb-row", role: "radiogroup", "aria-label": t("How to deal")}, this.bySeed.el, this.byHand.el),
      this.seedRow, this.handsHelp),
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, t("Players")), this.seats),
    this.error,
    h("div", {class: "ot-sb-row"}, this.dealBtn,
      h("span", {class: "ot-sb-help"}, t("Dealing starts a new game: the moves played so far are dropped."))));
  }

  get mode() { return this.byHand.input.checked ? "hands" : "seed"; }

  showMode() {
    const hands = this.mode === "hands";
    this.seedRow.hidden = hands;
    this.handsHelp.hidden = !hands;
    for (const el of this.seats.querySelectorAll('[data-role="hand-field"]')) el.hidden = !hands;
  }

  setError(text) { this.error.textContent = text || ""; }

  /** Show the game and options of `info` (from game_info); values already typed are kept. */
  setInfo(info) {
    const keep = this.info ? this.values() : null;
    this.info = info;
    this.controls = info.options.map((opt) => this.optionControl(opt));
    put(this.optionList, this.controls.map((c) => c.el));
    const names = keep ? keep.names : [];
    const hands = keep ? keep.hands : [];
    put(this.seats, info.seat_names.map((name, i) => {
      const nameInput = h("input", {type: "text", class: "ot-text", "data-role": "name", "data-seat": i, maxlength: 40,
        placeholder: name, autocomplete: "off", "aria-label": t("Name of seat {seat} ({name})", {seat: i, name})});
      nameInput.value = names[i] || "";
      const hand = h("textarea", {class: "ot-text ot-sb-hand", "data-role": "hand", "data-seat": i, rows: 2,
        spellcheck: "false", autocomplete: "off", "aria-label": t("{name}'s cards", {name})});
      hand.value = hands[i] || "";
      return h("div", {class: "ot-sb-seat", "data-seat": i},
        h("span", {class: "ot-sb-seat-name"}, t("Seat {seat}", {seat: i})),
        h("label", {class: "ot-sb-field"}, h("span", {class: "ot-sb-label"}, t("Name")), nameInput),
        h("label", {class: "ot-sb-field ot-sb-hand-field", "data-role": "hand-field"}, h("span", {class: "ot-sb-label"}, t("Cards")), hand));
    }));
    const dealer = keep ? keep.dealer : 0;
    put(this.dealer, info.seat_names.map((name, i) => h("option", {value: String(i)}, name)));
    this.dealer.value = String(Math.min(dealer, info.seats - 1));
    this.showMode();
  }

  optionControl(opt) {
    const status = h("span", {class: "ot-sb-status"});
    const onchange = () => { show(); this.sb.optionsChanged(); };
    let control, values = [];
    if (opt.choices && opt.choices.length) {
      values = opt.choices;
      control = h("select", {class: "ot-select", "data-option": opt.key, onchange},
        opt.choices.map((c) => h("option", {value: String(c.value)}, c.label)));
    } else {
      control = h("input", {type: "number", class: "ot-number", "data-option": opt.key, min: opt.low, max: opt.high,
        step: 1, onchange});
    }
    control.value = String(opt.value ?? opt.default);
    const show = () => {
      const choice = values.find((c) => String(c.value) === control.value);
      put(status, statusPill(choice ? choice.status : opt.status), " ", this.sb.ruleLink(choice ? choice.rule : opt.rule));
    };
    show();
    control.id = `${this.uid}-${opt.key}`;
    const el = h("div", {class: "ot-sb-option"},
      h("label", {class: "ot-sb-label", for: control.id}, opt.title || opt.key),
      h("div", {class: "ot-sb-option-value"}, control, status));
    return {opt, control, values, el};
  }

  /** The options as chosen, with their own types; `changed`: only those that differ from the default. */
  options(changed = false) {
    const out = {};
    for (const {opt, control, values} of this.controls) {
      const choice = values.find((c) => String(c.value) === control.value);
      const value = choice ? choice.value : Number(control.value);
      if (!changed || String(value) !== String(opt.default)) out[opt.key] = value;
    }
    return out;
  }

  values() {
    const seats = Array.from(this.seats.querySelectorAll(".ot-sb-seat"));
    return {
      title: this.title.value.trim(),
      dealer: Number(this.dealer.value) || 0,
      mode: this.mode,
      seed: this.seed.value.trim(),
      names: seats.map((s) => s.querySelector('[data-role="name"]').value.trim()),
      hands: seats.map((s) => s.querySelector('[data-role="hand"]').value.trim()),
    };
  }

  /** The spec to deal (steps empty): what the engine replays. */
  spec() {
    const v = this.values();
    const info = this.info;
    const spec = {game: info.game, title: v.title || info.title, options: this.options(true), steps: []};
    spec.deal = v.mode === "hands" ? {dealer: v.dealer, hands: v.hands}
      : {dealer: v.dealer, seed: /^\d+$/.test(v.seed) ? Number(v.seed) : NaN};
    if (v.names.some(Boolean)) spec.names = v.names.map((name, i) => name || info.seat_names[i]);
    return spec;
  }

  /** Show a spec (a deal opened from a link, a saved game, a fresh deal). */
  show(spec, info) {
    this.info = null;
    this.setInfo(info);
    this.title.value = spec.title || info.title;
    const deal = spec.deal || {};
    this.dealer.value = String(deal.dealer || 0);
    const hands = Array.isArray(deal.hands);
    this.byHand.input.checked = hands;
    this.bySeed.input.checked = !hands;
    this.seed.value = hands ? String(randomSeed()) : String(deal.seed ?? 0);
    const names = Array.isArray(spec.names) ? spec.names : [];
    for (const el of this.seats.querySelectorAll('[data-role="name"]')) {
      const i = Number(el.dataset.seat);
      el.value = names[i] && names[i] !== info.seat_names[i] ? names[i] : "";
    }
    if (hands) this.setHands(deal.hands);
    this.showMode();
    this.setError("");
  }

  setHands(hands) {
    for (const el of this.seats.querySelectorAll('[data-role="hand"]')) el.value = hands[Number(el.dataset.seat)] || "";
  }
}

export function randomSeed() {
  return Math.floor(Math.random() * 1_000_000);
}
