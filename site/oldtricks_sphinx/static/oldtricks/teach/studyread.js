// The student's side of the study page: a study opened from its link, chapter by chapter, its questions
// asked as in the lessons (lesson.js: nothing ahead is shown until the move is found; a wrong legal card
// is played on with best play beside the right line, as the engine wrote it: study_played_on), any of
// the teacher's right moves accepted. Progress is kept in this browser as the lessons' is (progress.js),
// by chapter: each chapter's viewer is named after the study's link and the chapter's number.
import { h, put } from "../dom.js";
import { forgetLessons, solvedLessons } from "../progress.js";
import { drawChapter } from "./studyboard.js";
import { DRAFT, saveFile, store } from "./studystore.js";
import { nt, t } from "../words.js";

/** A short name for a study link (FNV-1a of its text), so its chapters' progress is its own. */
function keyOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

export class StudyReader {
  constructor(page, link) {
    this.page = page;
    this.link = link;
    this.key = keyOf(link);
    this.current = 0;
    this.heading = h("h2", {class: "ot-study-title", "data-role": "study-heading"});
    this.notes = h("p", {class: "ot-study-notes", "data-role": "study-notes-text"});
    this.progress = h("p", {class: "ot-study-progress", "data-role": "study-progress", "aria-live": "polite"});
    this.nav = h("ol", {class: "ot-study-chapters", "data-role": "study-nav"});
    this.chapterTitle = h("h3", {class: "ot-study-chapter-title", "data-role": "chapter-heading"});
    this.board = h("div", {class: "ot-study-board", "data-role": "study-board"});
    this.board.addEventListener("oldtricks-solved", () => this.drawProgress());
    // the handout the engine writes (study_handout), printed instead of the page; text only
    this.handout = h("pre", {class: "ot-study-handout", "data-role": "study-handout"});
    this.el = h("div", {class: "ot-study-reader", "data-role": "study-reader"},
      this.heading, this.notes, this.progress,
      h("div", {class: "ot-study-main"}, this.nav, h("div", {class: "ot-study-stage"}, this.chapterTitle, this.board)),
      h("div", {class: "ot-sb-share", role: "group", "aria-label": t("This study")},
        page.data.embedded ? null : h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-edit-copy",
          onclick: () => this.editCopy()}, t("Edit a copy")),
        h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-start-again", onclick: () => this.again()},
          t("Start again")),
        h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-print", onclick: () => this.print()},
          t("Print a handout")),
        h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "study-text-page", onclick: () => this.textPage()},
          t("Text page"))),
      this.handout);
  }

  async start() {
    const r = await this.page.call("study_read", {link: this.link});
    if (!r.ok) {
      this.page.say(t("This study link cannot be opened: {error}", {error: r.error}), "error");
      put(this.el);
      return;
    }
    this.study = r.study;
    this.page.problems(r.problems);
    this.heading.textContent = this.study.title;
    this.notes.textContent = this.study.notes;
    this.notes.hidden = !this.study.notes;
    await this.show(0);
  }

  id(i) { return `study-${this.key}-${i + 1}`; }

  solved(i) {
    const all = solvedLessons();
    return this.study.chapters[i].questions.filter((q) => all.has(`${this.id(i)}@${q.step}`)).length;
  }

  drawProgress() {
    if (!this.study) return;
    const chapters = this.study.chapters;
    const asked = chapters.reduce((n, c) => n + c.questions.length, 0);
    const done = chapters.reduce((n, _, i) => n + this.solved(i), 0);
    this.progress.textContent = nt("{done} of {count} question answered", "{done} of {count} questions answered", asked, {done, count: asked});
    put(this.nav, chapters.map((c, i) => h("li", {class: i === this.current ? "ot-study-current" : "", "data-chapter": i},
      h("button", {type: "button", class: "ot-btn ot-btn-text ot-study-pick", "aria-current": i === this.current ? "true" : null,
        onclick: () => this.show(i)}, c.title),
      h("span", {class: "ot-study-count", "data-role": "chapter-progress"},
        c.questions.length ? ` ${this.solved(i)}/${c.questions.length}` : ""))));
  }

  async show(i) {
    this.current = i;
    this.drawProgress();
    const chapter = this.study.chapters[i];
    if (!chapter) { put(this.board, h("p", {class: "ot-sb-help"}, t("This study has no chapter that can be read."))); return; }
    this.chapterTitle.textContent = `${i + 1}. ${chapter.title}`;
    const shown = await this.page.call("study_chapter", {link: chapter.link, also: chapter.also});
    if (!shown.ok) { this.page.say(shown.error, "error"); return; }
    // where the teacher opened it, or at its first question if that comes before
    const first = Math.min(shown.at, ...chapter.questions.map((q) => q.step));
    const w = await drawChapter(this.board, this.id(i), {...shown, spec: chapter.spec},
      {step: first, rules: this.page.data.rules, onLink: () => this.page.say(t("The study's link: {url}", {url: location.href}))});
    // each question played on with best play, in the background, as the engine values it
    let valued = 0;
    this.board.dataset.valued = "0";
    for (const q of chapter.questions) {
      this.page.call("study_played_on", {link: chapter.link, also: chapter.also, step: q.step}).then((r) => {
        if (!r.ok || this.current !== i) return;
        w.data.played_on[String(q.step)] = r.played_on;
        this.board.dataset.valued = String(valued += 1);
      });
    }
  }

  editCopy() {
    store(DRAFT, {title: this.study.title, notes: this.study.notes,
      chapters: this.study.chapters.map((c) => ({link: c.link, also: c.also}))});
    this.page.openEditor();
  }

  async print() {
    const r = await this.page.call("study_handout", {study: this.study});
    if (!r.ok) { this.page.say(r.error, "error"); return; }
    this.handout.textContent = r.text;
    window.print();
  }

  /** The study as a page of its own with no script (the engine writes it, every text escaped), saved as a
   * file the teacher opens offline or puts on any site. */
  async textPage() {
    const r = await this.page.call("study_handout", {study: this.study});
    if (!r.ok) { this.page.say(r.error, "error"); return; }
    saveFile(r.name, r.page, "text/html");
    this.page.say(t("Text page {name} made: the study as text, with no script, to open in any browser or put on any site.", {name: r.name}));
  }

  again() {
    forgetLessons(`study-${this.key}-`);
    this.show(this.current);
  }
}
