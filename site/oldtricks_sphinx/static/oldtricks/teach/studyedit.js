// The teacher's side of the study page: the study's title and notes; chapters added by seed, by hand
// (studyhand.js), from a game link (any sandbox's Copy link, or its "Add to a study"), or from a study file (picker or drop);
// each retitled, moved, removed, noted on any step, and any step made a question with its right moves,
// a hint and words for a wrong card, beside the engine's proposal; then the link copied and the file
// saved. The study lives in the engine's form ({title, notes, chapters: [{link, also, spec, title,
// questions}]}): every change goes through a live operation, which checks it and answers the study anew.
import { h, put } from "../dom.js";
import { copyText, sandboxPages } from "./share.js";
import { drawChapter } from "./studyboard.js";
import { ADDED, DRAFT, saveFile, store, stored } from "./studystore.js";
import { QuestionForm } from "./studyask.js";
import { HandForm } from "./studyhand.js";
import { nt, t } from "../words.js";

const EMPTY = {title: t("My study"), notes: "", chapters: []};

export class StudyEditor {
  constructor(page) {
    this.page = page;
    const kept = stored(DRAFT, EMPTY);
    this.study = kept && Array.isArray(kept.chapters) ? kept : EMPTY;
    this.current = 0;
    this.link = "";
    const limits = page.data.limits || {};
    this.titleField = h("input", {type: "text", class: "ot-text", maxlength: limits.title || 200, "data-role": "study-title",
      "aria-label": t("Title of the study"), onchange: () => this.setHead()});
    this.notesField = h("textarea", {class: "ot-text", rows: 3, maxlength: limits.text || 5000, "data-role": "study-notes",
      "aria-label": t("Notes of the study"), onchange: () => this.setHead()});
    this.gameSelect = h("select", {"data-role": "study-game", "aria-label": t("Game")},
      (page.data.games || []).map((g) => h("option", {value: g.name}, g.title)));
    this.seedField = h("input", {type: "number", min: 0, class: "ot-text ot-study-seed", value: "1", "data-role": "study-seed",
      "aria-label": t("Seed")});
    this.linkIn = h("input", {type: "text", class: "ot-text", "data-role": "study-add-link",
      placeholder: t("v1;g=… (a sandbox's Copy link)"), "aria-label": t("A game link")});
    this.fileIn = h("input", {type: "file", accept: ".toml,text/plain", "data-role": "study-file",
      "aria-label": t("Open a study file"), onchange: () => this.openFile(this.fileIn.files[0])});
    this.hands = new HandForm(this);
    this.list = h("ol", {class: "ot-study-chapters", "data-role": "study-chapters"});
    this.board = h("div", {class: "ot-study-board", "data-role": "study-board"});
    this.chapterTools = h("div", {class: "ot-study-chapter-tools"});
    this.linkOut = h("input", {type: "text", class: "ot-link-field", readonly: true, "data-role": "study-link",
      "aria-label": t("Link to this study"), onfocus: () => this.linkOut.select()});
    this.embedOut = h("textarea", {class: "ot-text ot-study-embed", readonly: true, rows: 3, hidden: true,
      "data-role": "study-embed-code", "aria-label": t("HTML to paste into a course page"),
      onfocus: () => this.embedOut.select()});
    this.el = h("div", {class: "ot-study-editor", "data-role": "study-editor",
      ondragover: (e) => e.preventDefault(), ondrop: (e) => this.drop(e)},
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, t("The study")),
      h("label", {class: "ot-sb-field"}, h("span", {class: "ot-sb-label"}, t("Title")), this.titleField),
      h("label", {class: "ot-sb-field ot-study-wide"}, h("span", {class: "ot-sb-label"}, t("Notes")), this.notesField)),
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, t("Add a chapter")),
      h("div", {class: "ot-sb-row"}, this.gameSelect, h("label", {class: "ot-sb-field"}, h("span", {class: "ot-sb-label"}, t("seed")),
        this.seedField), h("button", {type: "button", class: "ot-btn", "data-action": "study-add-seed", onclick: () => this.addSeed()},
        t("Deal by seed"))),
      this.hands.el,
      h("div", {class: "ot-sb-row"}, this.linkIn, h("button", {type: "button", class: "ot-btn", "data-action": "study-add-link",
        onclick: () => this.addLink()}, t("Add this game"))),
      h("p", {class: "ot-sb-help"}, t("To play moves first, use a sandbox, or any viewer of the site: its “Study” button adds the step it shows."), " ",
        h("a", {href: Object.values(sandboxPages())[0] || "sandbox/index.html"}, t("The sandboxes")))),
    h("div", {class: "ot-study-main"}, this.list, h("div", {class: "ot-study-stage"}, this.board, this.chapterTools)),
    h("div", {class: "ot-sb-share", role: "group", "aria-label": t("Share")},
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-copy-link", onclick: () => this.copy()},
        t("Copy study link")),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-preview", onclick: () => this.preview()},
        t("Work through it")),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-save", onclick: () => this.save()},
        t("Save file")),
      h("label", {class: "ot-btn ot-btn-text ot-study-open"}, t("Open file"), this.fileIn),
      page.data.embed_url ? h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-embed",
        onclick: () => this.embed()}, t("Embed code")) : null,
      this.linkOut),
    this.embedOut);
  }

  get say() { return this.page.say.bind(this.page); }

  async start() {
    const added = stored(ADDED, []);
    store(ADDED, null);
    // each waiting chapter is a game link (a sandbox's) or a viewer's {spec}; one the engine refuses is
    // named and left out, the others are added
    let refused = [];
    for (const item of Array.isArray(added) ? added : []) {
      const chapter = typeof item === "string" ? {link: item} : item && item.spec ? {spec: item.spec} : null;
      if (!chapter) continue;
      const r = await this.page.call("study_encode", {study: this.bare({...this.study, chapters: [...this.study.chapters, chapter]})});
      if (r.ok) this.keep(r);
      else refused = [...refused, r.error];
    }
    if (!this.link && !(await this.update(this.study))) await this.update(EMPTY);
    if (added.length) this.current = this.study.chapters.length - 1;
    await this.draw();
    if (refused.length) this.page.problems(refused);
    else if (added.length) this.say(t("Chapter {number} added: {title}.", {number: this.study.chapters.length, title: this.study.chapters.at(-1).title}));
  }

  /** Send `study` to the engine; on success it becomes the study (the engine's form) and is kept. */
  async update(study, op = "study_encode", extra = {}) {
    const r = await this.page.call(op, {study: this.bare(study), ...extra});
    if (!r.ok) { this.say(r.error, "error"); return false; }
    this.keep(r);
    if (r.said) this.say(r.said);
    return true;
  }

  /** The study as sent to the engine: each chapter its link and other right moves, or a new one's spec. */
  bare(study) {
    return {title: study.title, notes: study.notes,
      chapters: study.chapters.map((c) => (c.link ? {link: c.link, also: c.also || {}} : c))};
  }

  /** The engine's answer `r` ({study, link}) becomes the study, kept in this browser. */
  keep(r) {
    this.study = r.study;
    this.link = r.link || "";
    this.linkOut.value = this.link ? `${location.href.split("#")[0]}#${this.link}` : "";
    store(DRAFT, {title: r.study.title, notes: r.study.notes, chapters: r.study.chapters.map((c) => ({link: c.link, also: c.also}))});
  }

  async draw() {
    this.titleField.value = this.study.title;
    this.notesField.value = this.study.notes;
    const n = this.study.chapters.length;
    this.current = Math.max(0, Math.min(this.current, n - 1));
    put(this.list, this.study.chapters.map((c, i) => h("li", {class: i === this.current ? "ot-study-current" : "", "data-chapter": i},
      h("button", {type: "button", class: "ot-btn ot-btn-text ot-study-pick", "aria-current": i === this.current ? "true" : null,
        onclick: () => { this.current = i; this.draw(); }}, c.title),
      h("span", {class: "ot-study-count"}, c.questions.length ? ` ${c.questions.length} ?` : ""),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-up", "aria-label": t("Move chapter {number} up", {number: i + 1}),
        disabled: i === 0, onclick: () => this.move(i, -1)}, "↑"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-down", "aria-label": t("Move chapter {number} down", {number: i + 1}),
        disabled: i === n - 1, onclick: () => this.move(i, 1)}, "↓"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-remove", "aria-label": t("Remove chapter {number}", {number: i + 1}),
        onclick: () => this.remove(i)}, "×"))));
    if (!n) {
      put(this.board, h("p", {class: "ot-sb-help"}, t("No chapter yet: deal one by seed, or add a game link.")));
      put(this.chapterTools);
      return;
    }
    const chapter = this.study.chapters[this.current];
    const shown = await this.page.call("study_chapter", {link: chapter.link, also: chapter.also});
    if (!shown.ok) { this.say(shown.error, "error"); return; }
    this.widget = await drawChapter(this.board, "study-edit", {...shown, spec: chapter.spec},
      {step: shown.at, ask: false, rules: this.page.data.rules, onLink: () => this.copy()});
    this.drawTools(chapter);
  }

  drawTools(chapter) {
    const title = h("input", {type: "text", class: "ot-text", value: chapter.title, "data-role": "chapter-title",
      "aria-label": t("Title of the chapter")});
    const note = h("textarea", {class: "ot-text", rows: 2, "data-role": "chapter-note", "aria-label": t("Note on this step")});
    const form = new QuestionForm(this);
    put(this.chapterTools,
      h("div", {class: "ot-sb-row"}, title, h("button", {type: "button", class: "ot-btn", "data-action": "chapter-retitle",
        onclick: () => this.edit({title: title.value})}, t("Rename"))),
      h("div", {class: "ot-sb-row"}, note, h("button", {type: "button", class: "ot-btn", "data-action": "chapter-note",
        onclick: () => this.edit({step: this.step(), note: note.value})}, t("Note on this step")),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "chapter-at",
        onclick: () => this.edit({at: this.step()})}, t("Open on this step"))),
      form.el);
  }

  step() { return this.widget ? this.widget.stepOf(this.widget.index) : 0; }
  frame() { return this.widget ? this.widget.frame : null; }

  async edit(fields) {
    const at = this.step();
    if (await this.update(this.study, "study_edit", {chapter: this.current, ...fields})) {
      await this.draw();
      if (this.widget && at <= this.widget.book.length - 1) this.widget.show(this.widget.indexOfStep(at));
    }
  }

  async setHead() {
    if (await this.update({...this.study, title: this.titleField.value, notes: this.notesField.value})) this.say("");
  }

  async addSeed() {
    const game = this.gameSelect.value;
    const title = this.gameSelect.selectedOptions[0]?.textContent || game;
    const seed = Number(this.seedField.value);
    const spec = {game, title: t("{game}, deal {seed}", {game: title, seed}), deal: {dealer: 0, seed}, steps: []};
    await this.add({spec});
  }

  async addLink() {
    const text = this.linkIn.value.trim();
    const link = text.includes("#") ? text.slice(text.indexOf("#") + 1) : text;
    if (await this.add({link: decodeURIComponent(link)})) this.linkIn.value = "";
  }

  async add(chapter) {
    if (!(await this.update({...this.study, chapters: [...this.study.chapters, chapter]}))) return false;
    this.current = this.study.chapters.length - 1;
    await this.draw();
    return true;
  }

  async move(i, by) {
    const chapters = [...this.study.chapters];
    const [c] = chapters.splice(i, 1);
    chapters.splice(i + by, 0, c);
    if (await this.update({...this.study, chapters})) { this.current = i + by; await this.draw(); }
  }

  async remove(i) {
    const chapters = this.study.chapters.filter((_, j) => j !== i);
    if (await this.update({...this.study, chapters})) { this.say(t("Chapter {number} removed.", {number: i + 1})); await this.draw(); }
  }

  async copy() {
    if (!this.link) return;
    const url = `${location.href.split("#")[0]}#${this.link}`;
    this.linkOut.value = url;
    this.say((await copyText(url)) ? t("Study link copied: it opens the study for your students.") : t("Copy this link from the field below."));
  }

  preview() { if (this.link) this.page.openStudent(this.link); }

  /** The HTML a course page pastes: the study's frame (study-embed.html, the student's view alone). */
  embed() {
    if (!this.link) return;
    const src = `${new URL(this.page.data.embed_url, document.baseURI).href.split("#")[0]}#${this.link}`;
    const attr = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    this.embedOut.value = `<iframe src="${attr(src)}" title="${attr(this.study.title)}" width="100%" height="900" `
      + `loading="lazy" style="border: 0; max-width: 64rem"></iframe>`;
    this.embedOut.hidden = false;
    this.embedOut.focus();
    this.say(t("The embed code is below: paste it into a course page, where the study opens for your students."));
  }

  async save() {
    const r = await this.page.call("study_file", {study: this.study});
    if (!r.ok) { this.say(r.error, "error"); return; }
    saveFile(r.name, r.toml);
    this.say(t("Study file {name} made. Check it with: python -m oldtricks check {name}", {name: r.name}));
  }

  drop(event) {
    event.preventDefault();
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) this.openFile(file);
  }

  async openFile(file) {
    if (!file) return;
    const text = await file.text();
    const r = await this.page.call("study_open_file", {text, name: file.name});
    if (!r.ok) { this.say(t("{name} cannot be opened: {error}", {name: file.name, error: r.error}), "error"); return; }
    if (await this.update(r.study)) {
      this.current = 0;
      await this.draw();
      if (r.problems.length) this.page.problems(r.problems);
      else this.say(nt("Opened {name}: {count} chapter.", "Opened {name}: {count} chapters.", r.study.chapters.length, {name: file.name, count: r.study.chapters.length}));
    }
    this.fileIn.value = "";
  }
}
