// The teacher's side of the study page: the study's title and notes; chapters added by seed, from a
// game link (any sandbox's Copy link, or its "Add to a study"), or from a study file (picker or drop);
// each retitled, moved, removed, noted on any step, and any step made a question with its right moves,
// a hint and words for a wrong card, beside the engine's proposal; then the link copied and the file
// saved. The study lives in the engine's form ({title, notes, chapters: [{link, also, spec, title,
// questions}]}): every change goes through a live operation, which checks it and answers the study anew.
import { h, put } from "../dom.js";
import { copyText, sandboxPages } from "./share.js";
import { drawChapter } from "./studyboard.js";
import { ADDED, DRAFT, saveFile, store, stored } from "./studystore.js";
import { QuestionForm } from "./studyask.js";

const EMPTY = {title: "My study", notes: "", chapters: []};

export class StudyEditor {
  constructor(page) {
    this.page = page;
    const kept = stored(DRAFT, EMPTY);
    this.study = kept && Array.isArray(kept.chapters) ? kept : EMPTY;
    this.current = 0;
    this.link = "";
    const limits = page.data.limits || {};
    this.titleField = h("input", {type: "text", class: "ot-text", maxlength: limits.title || 200, "data-role": "study-title",
      "aria-label": "Title of the study", onchange: () => this.setHead()});
    this.notesField = h("textarea", {class: "ot-text", rows: 3, maxlength: limits.text || 5000, "data-role": "study-notes",
      "aria-label": "Notes of the study", onchange: () => this.setHead()});
    this.gameSelect = h("select", {"data-role": "study-game", "aria-label": "Game"},
      (page.data.games || []).map((g) => h("option", {value: g.name}, g.title)));
    this.seedField = h("input", {type: "number", min: 0, class: "ot-text ot-study-seed", value: "1", "data-role": "study-seed",
      "aria-label": "Seed"});
    this.linkIn = h("input", {type: "text", class: "ot-text", "data-role": "study-add-link",
      placeholder: "v1;g=… (a sandbox's Copy link)", "aria-label": "A game link"});
    this.fileIn = h("input", {type: "file", accept: ".toml,text/plain", "data-role": "study-file",
      "aria-label": "Open a study file", onchange: () => this.openFile(this.fileIn.files[0])});
    this.list = h("ol", {class: "ot-study-chapters", "data-role": "study-chapters"});
    this.board = h("div", {class: "ot-study-board", "data-role": "study-board"});
    this.chapterTools = h("div", {class: "ot-study-chapter-tools"});
    this.linkOut = h("input", {type: "text", class: "ot-link-field", readonly: true, "data-role": "study-link",
      "aria-label": "Link to this study", onfocus: () => this.linkOut.select()});
    this.el = h("div", {class: "ot-study-editor", "data-role": "study-editor",
      ondragover: (e) => e.preventDefault(), ondrop: (e) => this.drop(e)},
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, "The study"),
      h("label", {class: "ot-sb-field"}, h("span", {class: "ot-sb-label"}, "Title"), this.titleField),
      h("label", {class: "ot-sb-field ot-study-wide"}, h("span", {class: "ot-sb-label"}, "Notes"), this.notesField)),
    h("fieldset", {class: "ot-sb-group"}, h("legend", {}, "Add a chapter"),
      h("div", {class: "ot-sb-row"}, this.gameSelect, h("label", {class: "ot-sb-field"}, h("span", {class: "ot-sb-label"}, "seed"),
        this.seedField), h("button", {type: "button", class: "ot-btn", "data-action": "study-add-seed", onclick: () => this.addSeed()},
        "Deal by seed")),
      h("div", {class: "ot-sb-row"}, this.linkIn, h("button", {type: "button", class: "ot-btn", "data-action": "study-add-link",
        onclick: () => this.addLink()}, "Add this game")),
      h("p", {class: "ot-sb-help"}, "To deal by hand or play moves first, use a ",
        h("a", {href: Object.values(sandboxPages())[0] || "sandbox/index.html"}, "sandbox"),
        " and its “Add to a study”.")),
    h("div", {class: "ot-study-main"}, this.list, h("div", {class: "ot-study-stage"}, this.board, this.chapterTools)),
    h("div", {class: "ot-sb-share", role: "group", "aria-label": "Share"},
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-copy-link", onclick: () => this.copy()},
        "Copy study link"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-preview", onclick: () => this.preview()},
        "Work through it"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-save", onclick: () => this.save()},
        "Save file"),
      h("label", {class: "ot-btn ot-btn-text ot-study-open"}, "Open file", this.fileIn),
      this.linkOut));
  }

  get say() { return this.page.say.bind(this.page); }

  async start() {
    const added = stored(ADDED, []);
    store(ADDED, null);
    const chapters = [...this.study.chapters, ...added.filter((l) => typeof l === "string").map((link) => ({link}))];
    if (!(await this.update({...this.study, chapters}))) await this.update(EMPTY);
    if (added.length) this.current = this.study.chapters.length - 1;
    await this.draw();
    if (added.length) this.say(`Chapter ${this.study.chapters.length} added from the sandbox.`);
  }

  /** Send `study` to the engine; on success it becomes the study (the engine's form) and is kept. */
  async update(study, op = "study_encode", extra = {}) {
    const bare = {title: study.title, notes: study.notes,
      chapters: study.chapters.map((c) => (c.link ? {link: c.link, also: c.also || {}} : c))};
    const r = await this.page.call(op, {study: bare, ...extra});
    if (!r.ok) { this.say(r.error, "error"); return false; }
    this.study = r.study;
    this.link = r.link || "";
    this.linkOut.value = this.link ? `${location.href.split("#")[0]}#${this.link}` : "";
    store(DRAFT, {title: r.study.title, notes: r.study.notes, chapters: r.study.chapters.map((c) => ({link: c.link, also: c.also}))});
    if (r.said) this.say(r.said);
    return true;
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
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-up", "aria-label": `Move chapter ${i + 1} up`,
        disabled: i === 0, onclick: () => this.move(i, -1)}, "↑"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-down", "aria-label": `Move chapter ${i + 1} down`,
        disabled: i === n - 1, onclick: () => this.move(i, 1)}, "↓"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-remove", "aria-label": `Remove chapter ${i + 1}`,
        onclick: () => this.remove(i)}, "×"))));
    if (!n) {
      put(this.board, h("p", {class: "ot-sb-help"}, "No chapter yet: deal one by seed, or add a game link."));
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
      "aria-label": "Title of the chapter"});
    const note = h("textarea", {class: "ot-text", rows: 2, "data-role": "chapter-note", "aria-label": "Note on this step"});
    const form = new QuestionForm(this);
    put(this.chapterTools,
      h("div", {class: "ot-sb-row"}, title, h("button", {type: "button", class: "ot-btn", "data-action": "chapter-retitle",
        onclick: () => this.edit({title: title.value})}, "Rename")),
      h("div", {class: "ot-sb-row"}, note, h("button", {type: "button", class: "ot-btn", "data-action": "chapter-note",
        onclick: () => this.edit({step: this.step(), note: note.value})}, "Note on this step"),
      h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "chapter-at",
        onclick: () => this.edit({at: this.step()})}, "Open on this step")),
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
    const spec = {game, title: `${title}, deal ${seed}`, deal: {dealer: 0, seed}, steps: []};
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
    if (await this.update({...this.study, chapters})) { this.say(`Chapter ${i + 1} removed.`); await this.draw(); }
  }

  async copy() {
    if (!this.link) return;
    const url = `${location.href.split("#")[0]}#${this.link}`;
    this.linkOut.value = url;
    this.say((await copyText(url)) ? "Study link copied: it opens the study for your students." : "Copy this link from the field below.");
  }

  preview() { if (this.link) this.page.openStudent(this.link); }

  async save() {
    const r = await this.page.call("study_file", {study: this.study});
    if (!r.ok) { this.say(r.error, "error"); return; }
    saveFile(r.name, r.toml);
    this.say(`Study file ${r.name} made. Check it with: python -m oldtricks check ${r.name}`);
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
    if (!r.ok) { this.say(`${file.name} cannot be opened: ${r.error}`, "error"); return; }
    if (await this.update(r.study)) {
      this.current = 0;
      await this.draw();
      if (r.problems.length) this.page.problems(r.problems);
      else this.say(`Opened ${file.name}: ${r.study.chapters.length} chapters.`);
    }
    this.fileIn.value = "";
  }
}
