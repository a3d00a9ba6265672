// The study page (a `.oldtricks-study` element, written by the {study} directive): a teacher makes a
// study — several deals, each a chapter with a title, notes and questions — and shares it as one link
// (`#s1;…`, oldtricks.scenarios.study) or one file; a student opens the link and works through it. The engine
// reads, checks and writes every study (the live operations study_*); this module draws the forms and
// forwards clicks. Every text a study carries is shown as text (dom.js writes text nodes only).
//
// The address says what the page shows: `#s1;…` a study to work through (studyread.js), anything else
// the teacher's study in progress (studyedit.js), kept in localStorage ("oldtricks.study.v1.draft").
// Chapters sent from a sandbox ("Add to a study", addtostudy.js) wait in "oldtricks.study.v1.add".
import { h, put } from "../dom.js";
import { getEngine } from "../live.js";
import { StudyEditor } from "./studyedit.js";
import { StudyReader } from "./studyread.js";
import { hashText } from "./studystore.js";
import { t } from "../words.js";

class StudyPage {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.engine = null;
    this.progress = h("progress", {max: 1, "aria-label": t("Loading the rules engine")});
    this.status = h("span", {class: "ot-sb-status-text", "aria-live": "polite"},
      t("Loading the rules engine (about 12 MB, once, from this site)…"));
    this.loading = h("div", {class: "ot-sb-loading", "data-role": "loading"}, this.progress, " ", this.status);
    this.message = h("div", {class: "ot-sb-message", "data-role": "study-message", role: "alert"});
    this.slot = h("div", {class: "ot-study-slot"});
    root.classList.add("ot-sb-mounted");
    put(root, h("div", {class: "ot-sb-shell"}, this.loading, this.message, this.slot));
    window.addEventListener("hashchange", () => this.route());
  }

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
      h("button", {type: "button", class: "ot-msg-close", "aria-label": t("Dismiss message"), onclick: () => put(this.message)}, "×")));
  }

  /** What could not be read of a study: each problem on its own line, the readable chapters still shown. */
  problems(list) {
    if (!list || !list.length) return;
    put(this.message, h("div", {class: "ot-msg ot-msg-error", "data-role": "study-problems"},
      h("span", {class: "ot-msg-text"}, t("Part of this study cannot be read; the chapters that can are shown."),
        h("ul", {}, list.map((p) => h("li", {}, p))))));
  }

  async start() {
    try {
      this.engine = await getEngine({onProgress: (fraction, label) => {
        if (typeof fraction === "number") this.progress.value = fraction;
        if (label) this.status.textContent = `${label}…`;
      }});
    } catch (err) {
      this.loading.hidden = true;
      this.say(t("The rules engine could not be loaded ({error}).", {error: err && err.message ? err.message : err}), "error");
      this.root.dataset.ready = "error";
      return;
    }
    this.loading.hidden = true;
    await this.route();
  }

  async route() {
    const text = hashText();
    if (this.shown === text) return;
    this.shown = text;
    this.say("");
    const study = /^s\d+;/.test(text);
    if (!study && this.data.embedded) {  // a frame shows a study from its address, and nothing else
      put(this.slot);
      this.say(t("This frame shows a study from its address: the study page's embed code gives it."), "error");
      this.root.dataset.ready = "ready";
      return;
    }
    const view = study ? new StudyReader(this, text) : new StudyEditor(this);
    this.view = view;
    put(this.slot, view.el);
    this.root.dataset.ready = "busy";
    await view.start();
    this.root.dataset.ready = "ready";
  }

  /** Show the study of `link` to work through (the address holds it). */
  openStudent(link) {
    location.hash = link;
  }

  /** Show the editor (the address no longer holds a study). */
  openEditor() {
    location.hash = "edit";
  }
}

function mountAll() {
  for (const root of document.querySelectorAll(".oldtricks-study")) {
    if (root.__oldtricksStudy) continue;
    let data;
    try {
      data = JSON.parse(root.querySelector("script.oldtricks-study-data").textContent);
    } catch (err) {
      root.dataset.ready = "error";
      continue;
    }
    const page = new StudyPage(root, data);
    root.__oldtricksStudy = page;
    page.start();
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
