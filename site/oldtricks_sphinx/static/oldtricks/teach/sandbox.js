// The sandbox (a `.oldtricks-sandbox` element, written by the {sandbox} directive): deal any game by
// seed or by hand, choose its rules and the seats the engine plays, play, write a note on any step,
// then copy a link or download a scenario file. The engine decides everything — deals, legal moves,
// the bots' moves, links (`v1;…`, oldtricks.scenarios.links) and files (oldtricks.scenarios.export); this module draws
// the forms and forwards clicks.
//
// The game in progress lives in the engine as table "sandbox"; the page keeps its link in the
// address (`#v1;…`, so a reload or a copied address shows the same thing) and, per game, in
// localStorage ("oldtricks.sandbox.v1.<game>": {link, bots}). On load: a link in the address, else
// the saved game, else a fresh deal. A link that cannot be read is reported in the page. The address
// `#play-<game>` (the front door's "Play now") deals afresh with the reader in the first seat: see playNow.
//
// The play on its table (sandboxplay.js), the form's rules compared with the game's (sandboxrules.js), and
// the game's link, file and keeping (sandboxkeep.js) are modules of their own; the Sandbox's methods of
// the same jobs hand over to them.
//
// Exports: sandboxes (Map game -> Sandbox), Sandbox, TABLE.
import { h, put } from "../dom.js";
import { Widget, loadParts } from "../widget.js";
import { getEngine } from "../live.js";
import { sandboxPages } from "./share.js";
import { SetupForm, randomSeed } from "./setup.js";
import { PlayBar } from "./playbar.js";
import { studyPage } from "./addtostudy.js";
import { toStudy } from "../tostudy.js";
import { STATUSES } from "../statuses.js";
import { t } from "../words.js";
import * as playing from "./sandboxplay.js";
import * as comparing from "./sandboxrules.js";
import * as keeping from "./sandboxkeep.js";

export const TABLE = "sandbox"; // the engine's key of the sandbox's table
const PLAY_NOW = "play-"; // + the game: the address of "Play now" (the label before each {sandbox}): see playNow
export const sandboxes = new Map();
const owners = new WeakMap();

/** The viewer, with its link, its address and its view reported to the sandbox. */
class SandboxWidget extends Widget {
  copyLink() { owners.get(this)?.copyLink(); }
  writeHash() { owners.get(this)?.changed(); }
  setView(v) { super.setView(v); owners.get(this)?.changed(); }
  /** Its chapter for a study (tostudy.js): the game's link, at the step and in the view shown. */
  async studyChapter() { const link = await owners.get(this)?.sync(); return link ? {link} : {error: "no link"}; }
}

function hashText() {
  const raw = location.hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch (err) {
    return raw;
  }
}

export class Sandbox {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.game = data.game;
    this.rules = data.rules || {};
    this.engine = null;
    this.widget = null;
    this.bots = new Set();
    this.level = "simple";  // the level of the seats the engine plays (oldtricks.analysis.levels)
    this.levels = null;     // {level: words}, from the engine
    this.busy = false;
    this.link = "";
    this.syncTimer = null;
    this.build();
  }

  build() {
    const root = this.root;
    root.classList.add("ot-sb-mounted");
    const pages = sandboxPages();
    const games = (this.data.games || []).filter((g) => pages[g.name]);
    this.progress = h("progress", {max: 1, "data-role": "progress", "aria-label": t("Loading the rules engine")});
    this.status = h("span", {class: "ot-sb-status-text", "data-role": "sb-status", "aria-live": "polite"},
      t("Loading the rules engine (about 12 MB, once, from this site)…"));
    this.message = h("div", {class: "ot-sb-message", "data-role": "sandbox-message", role: "alert"});
    this.setup = new SetupForm(this);
    this.setupBox = h("details", {class: "ot-sb-setup-box", open: true, "data-role": "setup-box"},
      h("summary", {}, t("Deal and rules")), this.setup.el);
    this.viewerSlot = h("div", {class: "ot-sb-viewer", "data-role": "viewer"});
    this.bar = new PlayBar(this);
    this.linkField = h("input", {type: "text", class: "ot-link-field", readonly: true, "data-role": "sandbox-link",
      "aria-label": t("Link to this game and step"), onfocus: () => this.linkField.select()});
    this.startOverBtn = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "start-over",
      onclick: () => this.startOver()}, t("Start over"));
    this.tools = h("div", {class: "ot-sb-share", role: "group", "aria-label": t("Share")},
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "sb-copy-link", onclick: () => this.copyLink()},
        t("Copy link")),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "download", onclick: () => this.download()},
        t("Download scenario file")),
      studyPage() ? h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "add-to-study",
        onclick: () => this.widget && toStudy(this.widget)}, t("Add to a study")) : null,
      this.startOverBtn,
      this.linkField);
    this.tools.hidden = true;
    this.setupBox.hidden = true;
    put(root, h("div", {class: "ot-sb-shell"},
      games.length > 1 ? h("nav", {class: "ot-sb-games", "aria-label": t("Sandboxes"), "data-role": "games"},
        h("span", {class: "ot-sb-label"}, t("Sandboxes:")),
        games.map((g) => g.name === this.game ? h("strong", {"aria-current": "page"}, g.title)
          : h("a", {href: pages[g.name]}, g.title))) : null,
      h("div", {class: "ot-sb-loading", "data-role": "loading"}, this.progress, " ", this.status),
      this.message,
      this.setupBox,
      this.viewerSlot,
      this.tools));
    window.addEventListener("hashchange", () => {
      const text = hashText();
      if (text === PLAY_NOW + this.game) this.playNow();
      else if (text && text !== this.link) {
        this.say("");  // a message about the game shown before (its own errors come after)
        this.openLink(text);
      }
    });
  }

  // -- engine ---------------------------------------------------------------------------------
  async call(op, args) {
    try {
      return await this.engine.call(op, args);
    } catch (err) {
      return {ok: false, error: err && err.message ? err.message : String(err)};
    }
  }

  say(text, kind = "info") {
    if (!text) { put(this.message); return; }
    put(this.message, h("div", {class: `ot-msg ot-msg-${kind}`}, h("span", {class: "ot-msg-text"}, text),
      h("button", {type: "button", class: "ot-msg-close", "aria-label": "Dismiss message", onclick: () => put(this.message)}, "×")));
  }

  async start() {
    // A link for another game goes to that game's sandbox before the engine loads here for nothing
    // (the engine reads the link there; this only looks at its "g=" part to pick the page).
    const named = /^v1;(?:[^;]*;)*?g=([a-z]+)(?:;|$)/.exec(hashText());
    const pages = sandboxPages();
    if (named && named[1] !== this.game && pages[named[1]]) {
      location.replace(`${pages[named[1]]}#${hashText()}`);
      return;
    }
    try {
      this.engine = await getEngine({onProgress: (fraction, label) => {
        if (typeof fraction === "number") this.progress.value = fraction;
        if (label) this.status.textContent = `${label}…`;
      }});
    } catch (err) {
      this.status.textContent = "";
      this.progress.hidden = true;
      this.say(t("The rules engine could not be loaded ({error}), so the sandbox cannot start.", {error: err && err.message ? err.message : err}), "error");
      this.root.dataset.ready = "error";
      return;
    }
    const levels = await this.call("levels", {});
    if (levels.ok) this.levels = levels.levels;
    await this.first();
    this.reveal();  // already, unless no game could be drawn: then the form, under the message that says why
  }

  /** The first game shown: "Play now", else the link in the address, else the game this sandbox kept,
   * else a fresh deal (a link that cannot be read says why and gives way to the next). */
  async first() {
    const link = hashText();
    if (link === PLAY_NOW + this.game) return this.playNow();
    if (link && await this.openLink(link)) return;
    const saved = this.saved();
    if (saved && await this.openLink(saved.link, saved.bots)) return;
    await this.fresh();
  }

  /** The loading line gives way to the form and the share tools, once, when the first game is drawn:
   * the form is shown filled in, not empty and then filled (the page would move twice). */
  reveal() {
    if (!this.setupBox.hidden) return;
    this.root.querySelector('[data-role="loading"]').hidden = true;
    this.setupBox.hidden = false;
    this.tools.hidden = false;
  }

  ruleLink(id) {
    const rule = id && this.rules[id];
    if (!rule) return null;
    const status = STATUSES.includes(rule.status) ? rule.status : "assumed";
    const attrs = {class: `ot-rule ot-status-${status}`, title: id};
    const text = h("span", {class: "ot-rule-title"}, rule.title || id);
    return rule.url ? h("a", {...attrs, href: rule.url}, text) : h("span", attrs, text);
  }

  // -- opening a game ---------------------------------------------------------------------------
  /** Open a link (`v1;…`). Returns false, with a message, when it cannot be read. */
  async openLink(link, bots = null) {
    const r = await this.call("link_decode", {link});
    if (!r || !r.ok) {
      this.say(t("This link cannot be opened: {error}.", {error: (r && r.error) || t("the engine did not answer")}), "error");
      return false;
    }
    const spec = r.spec;
    const pages = sandboxPages();
    if (spec.game !== this.game && pages[spec.game]) {
      location.replace(`${pages[spec.game]}#${link}`); // the game's own sandbox
      return true;
    }
    return this.open(spec, spec.at, Number.isInteger(spec.viewer) ? spec.viewer : null, bots);
  }

  async fresh(viewer = null) {
    const info = await this.call("game_info", {game: this.game, options: {}});
    const spec = {game: this.game, title: info.title || this.data.title, options: {},
      deal: {dealer: 0, seed: randomSeed()}, steps: []};
    return this.open(spec, 0, viewer, null);
  }

  /** "Play now" (the address `#play-<game>`): a fresh deal under the game's own rules, the reader in the first
   * seat and seeing only that hand, the engine in every other seat and playing them up to the reader's
   * first move, the table in view. The address then holds the game's link, as after any deal. */
  async playNow() {
    history.replaceState(history.state, "", location.pathname + location.search);
    const earlier = this.saved();  // the game this sandbox kept: the fresh deal takes its place
    if (!(await this.fresh(0))) return;
    if (earlier && /(^|;)m=/.test(earlier.link || "")) {
      this.say([t("A new deal. The game you had under way here is kept in this link:"), " ",
        h("a", {href: `#${earlier.link}`, "data-role": "earlier-game"}, t("open it again")), "."]);
    }
    this.root.dataset.ready = "seating";  // "ready" again once seated and in view
    this.setupBox.open = false;
    const turn = this.widget.frame.turn;
    if (Number.isInteger(turn) && this.bots.has(turn)) await this.advance();
    await this.keepInView(true);  // the table from its top, then down to the reader's hand and the moves
    this.root.dataset.ready = "ready";
  }

  /** Replay `spec` as the sandbox's table and show it at step `at`, seen by `viewer`. */
  async open(spec, at, viewer, bots) {
    this.busy = true;
    const r = await this.engine.open(TABLE, spec, {});
    this.busy = false;
    if (!r || !r.ok || !Array.isArray(r.frames) || !r.frames.length) {
      const error = (r && r.error) || t("the engine could not deal it");
      if (this.widget) {
        this.setup.setError(error);
        return false;
      }
      this.say(t("This game cannot be shown: {error}.", {error}), "error");
      return false;
    }
    if (r.stopped) this.say(t("The moves stop early: {reason}", {reason: r.stopped}), "error");
    const info = await this.call("game_info", {game: spec.game, options: r.options});
    if (!info.ok) {
      this.say(t("This game cannot be shown: {error}.", {error: info.error}), "error");
      return false;
    }
    this.game = spec.game;
    this.options = r.options || {};  // the game's rules as dealt: the form's choices are compared with them
    await loadParts(r.frames).catch(() => {}); // the game's panels, drawn with the table (else a moment later)
    this.reveal();
    this.setup.show(spec, info);
    const seats = r.frames[0].seats.length;
    const wanted = Array.isArray(bots) ? bots : Array.from({length: seats - 1}, (_, i) => i + 1);
    this.bots = new Set(wanted.filter((s) => Number.isInteger(s) && s >= 0 && s < seats));
    this.show(spec, info, r.frames, at, viewer);
    this.setupBox.open = r.frames.length <= 1; // a game under way: the table first
    this.root.dataset.ready = "ready";
    this.changed();
    return true;
  }

  show(spec, info, frames, at, viewer) {
    const step = Number.isInteger(at) ? at : frames.length - 1;
    const data = {id: TABLE, title: spec.title || info.title, game: spec.game, pattern: info.pattern, spec, frames,
      options: [], rules: this.rules, seat_names: frames[0].seats.map((s) => s.name), viewer, step};
    const root = h("div", {class: "oldtricks-widget ot-sb-widget", "data-scenario": TABLE, tabindex: "0"});
    put(this.viewerSlot, root);
    const w = new SandboxWidget(root, data);
    w.live.el.remove(); // the viewer's own live play gives way to the sandbox's play bar
    w.live.boardEl.remove();
    w.live = this.bar;
    w.liveSlot.appendChild(this.bar.el);
    w.liveBoardSlot.appendChild(this.bar.boardEl);
    owners.set(w, this);
    this.widget = w;
    w.render();
  }

  setFrames(frames, index) {
    const w = this.widget;
    w.book = frames;
    w.setFrames(frames, index);
  }

  // -- play (sandboxplay.js) --------------------------------------------------------------------
  run(work) { return playing.run(this, work); }
  play(move) { return playing.play(this, move); }
  keepInView(fromTop = false) { return playing.keepInView(this, fromTop); }
  advance() { return playing.advance(this); }
  extend(more) { return playing.extend(this, more); }

  setLevel(level) {
    this.level = level;
    if (this.widget) this.widget.render();
  }

  setBots(seats) {
    this.bots = new Set(seats);
    if (this.widget) this.widget.render();
    this.changed();
  }

  saveNote(text) { return playing.saveNote(this, text); }

  // -- the deal form ------------------------------------------------------------------------------
  async optionsChanged() {
    const r = await this.call("game_info", {game: this.setup.info.game, options: this.setup.options()});
    if (!r.ok) { this.setup.setError(r.error); return; }
    this.setup.setError("");
    this.setup.setInfo(r);
    await this.compareRules();
  }

  // the rules chosen in the form against the game's own (sandboxrules.js)
  compareRules() { return comparing.compareRules(this); }
  findParting(label) { return comparing.findParting(this, label); }

  async deal() {
    const spec = this.setup.spec();
    if (spec.deal.seed !== undefined && !Number.isInteger(spec.deal.seed)) {
      this.setup.setError(t("The seed must be a whole number (0 or more)."));
      return;
    }
    const view = this.widget ? this.widget.view : null;
    const bots = [...this.bots];
    if (await this.open(spec, 0, view, bots)) this.say("");
  }

  async fillHands() {
    const spec = {...this.setup.spec(), deal: {dealer: this.setup.values().dealer, seed: Number(this.setup.values().seed) || 0}};
    const opened = await this.engine.open("sandbox-deal", spec, {});
    if (!opened.ok) { this.setup.setError(opened.error); return; }
    const r = await this.call("deal_hands", {key: "sandbox-deal"});
    if (!r.ok) { this.setup.setError(r.error); return; }
    this.setup.setHands(r.hands);
    this.setup.setError("");
  }

  // -- links, files, memory (sandboxkeep.js) ------------------------------------------------------
  url() { return keeping.linkUrl(this); }
  changed() { return keeping.linkChanged(this); }
  sync() { return keeping.syncLink(this); }
  saved() { return keeping.savedGame(this); }
  copyLink() { return keeping.copyLink(this); }
  download() { return keeping.download(this); }
  startOver() { return keeping.startOver(this); }
}

async function mountAll() {
  for (const root of document.querySelectorAll(".oldtricks-sandbox")) {
    if (root.__oldtricksSandbox) continue;
    let data;
    try {
      data = JSON.parse(root.querySelector("script.oldtricks-sandbox-data").textContent);
    } catch (err) {
      root.dataset.ready = "error";
      continue;
    }
    const sb = new Sandbox(root, data);
    root.__oldtricksSandbox = sb;
    sandboxes.set(data.game, sb);
    sb.start();
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
