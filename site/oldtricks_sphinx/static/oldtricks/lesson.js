// Lessons: at a step whose frame carries `ask`, the reader must find the next move before the viewer
// goes on, as in a gamebook (Lichess's): while the question waits nothing ahead shows (the move list
// stops at the question, the counter has no total) and no card is marked legal. The engine wrote the
// question into the frame: the answer, the author's explanation for another legal choice, a hint and
// why each other card would be refused; and, into the viewer's data (`played_on`, by step), every
// other legal move played on with best play and what it costs, in its own words. This module only
// compares the reader's click with that answer and shows what the engine wrote; it decides no rule.
import { h, put } from "./dom.js";
import { cardName, isCard } from "./cards.js";
import { markSolved } from "./progress.js";
import { t } from "./words.js";

export class Lesson {
  constructor(w) {
    this.w = w;
    this.solved = new Set();   // indexes of book frames whose question was answered or revealed
    this.text = h("p", {class: "ot-lesson-text", "data-role": "lesson-text"});
    this.reply = h("p", {class: "ot-lesson-reply", "data-role": "lesson-reply", role: "status", "aria-live": "polite"});
    this.hintBtn = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "hint", onclick: () => this.hint()}, t("Hint"));
    this.showBtn = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "reveal", onclick: () => this.reveal()},
      t("Show me"));
    this.line = h("div", {class: "ot-lesson-lines", "data-role": "lesson-lines", hidden: true});
    this.el = h("div", {class: "ot-lesson", "data-role": "lesson", hidden: true},
      this.text, this.reply, this.line, h("div", {class: "ot-lesson-buttons"}, this.hintBtn, this.showBtn));
  }

  /** Is the reader asked to find the move at this frame (and has not yet)? */
  pending(index = this.w.index) {
    const f = this.w.frames[index];
    return !!(this.w.isBook && f && f.ask && !this.solved.has(index));
  }

  /** The table's play context while a question is open: the seat to move, its legal moves, and our check. */
  playContext(f) {
    if (!this.pending()) return null;
    return {seat: f.turn, legal: null, busy: false, pile: null, onMove: (m) => this.answer(m)};
  }

  /** Called before the viewer steps forward from a pending question: say so, and refuse. */
  blocks() {
    if (!this.pending()) return false;
    this.say(t("Find the move first: click a card, or choose “Show me”."), "ot-lesson-wait");
    return true;
  }

  answer(move) {
    const f = this.w.frame;
    const ask = f.ask;
    const pattern = this.w.pattern;
    const name = (m) => (isCard(m, pattern) ? t("the {card}", {card: cardName(m, pattern)}) : `“${m}”`);
    const named = name(move);
    if (move === ask.answer || (ask.answers || []).includes(move)) {  // a study's question may have several
      this.solved.add(this.w.index);
      if (this.w.isBook) markSolved(this.w.id, this.w.stepOf(this.w.index));
      // whoever counts answers (a study's progress) hears it once the answer is kept
      this.w.root.dispatchEvent(new CustomEvent("oldtricks-solved", {bubbles: true}));
      this.rightMove = move;
      if (move === ask.answer) {
        this.w.show(this.w.index + 1, {hash: true});
        this.say(t("Right: {move}.", {move: named}), "ot-lesson-right");
      } else {
        // another right move: the board stays on the question (the book's next step is the line's own
        // move, not the reader's); the reader's move's line is shown, and Next goes on with the book
        this.askedAt = this.w.index;
        this.w.render();
        this.say(t("Right: {move}. This chapter's line goes on with {line}: step on to follow it; below, your move played on.",
          {move: named, line: name(ask.answer)}), "ot-lesson-right");
      }
      this.showLines(f);
      return;
    }
    if ((f.legal || []).includes(move)) {
      this.say(ask.wrong ? t("Not {move}. {why}", {move: named, why: ask.wrong}) : t("{move} may be played, but it is not the move here. Try again.", {move: named}),
        "ot-lesson-wrong");
      this.showLines(f, move);
    } else {
      this.showLines(null);
      // the engine wrote, into the question's frame, why each other card would be refused
      const said = (ask.refusals || []).find((r) => r.move === move);
      this.say("", "ot-lesson-wrong");
      if (said) this.w.refuse(said);
      else this.say(t("{move} may not be played here.", {move: named}), "ot-lesson-wrong");
    }
  }

  hint() {
    const ask = this.w.frame.ask;
    this.say(ask && ask.hint ? ask.hint : t("Look at what is already on the table."), "ot-lesson-hint");
  }

  reveal() {
    const answer = this.w.frame.ask.answer;
    this.rightMove = answer;
    this.solved.add(this.w.index);
    this.w.show(this.w.index + 1, {hash: true});
    const pattern = this.w.pattern;
    this.say(t("The move was {move}.", {move: isCard(answer, pattern) ? t("the {card}", {card: cardName(answer, pattern)}) : answer}), "ot-lesson-hint");
    this.showLines(this.w.frames[this.w.index - 1]);
  }

  /** What the engine played on at question `f`: after a wrong legal `tried` move, that move's line and
   * what it costs (the right move unnamed); once answered, the right move's line beside the last try. */
  showLines(f, tried = null) {
    const said = f && this.w.data.played_on && this.w.data.played_on[String(f.step)];
    if (!said) { this.line.hidden = true; put(this.line); if (!f) this.lastTry = null; return; }
    const one = (part, kind) => h("div", {class: `ot-lesson-line ot-lesson-line-${kind}`, "data-line": kind},
      h("p", {class: "ot-lesson-line-text"}, part.text),
      h("p", {class: "ot-lesson-line-head"}, part.head),
      h("ol", {class: "ot-lesson-line-words"}, (part.words || []).map((w) => h("li", {}, w))));
    const tryOf = (move) => (said.tries || []).find((t) => t.move === move) || null;
    if (tried !== null) this.lastTry = tryOf(tried);
    // once answered, the line of the right move the reader played (a study's question may have several)
    const right = (said.rights && said.rights[this.rightMove]) || said.answer;
    const shown = tried !== null ? [this.lastTry && one(this.lastTry, "tried")]
      : [this.lastTry && one(this.lastTry, "tried"), one(right, "answer")];
    put(this.line, shown.filter(Boolean));
    this.line.hidden = !this.line.firstChild;
  }

  say(text, kind) {
    this.reply.textContent = text;  // text only: lesson texts come from scenario files and links
    this.reply.className = `ot-lesson-reply ${kind}`;
  }

  /** Redraw for the frame now shown: the question while it is open; the reply just after it. */
  update(f) {
    const i = this.w.index;
    if (this.pending(i)) {
      if (this.askedAt !== i) { this.reply.textContent = ""; this.askedAt = i; this.showLines(null); }
      const who = (f.seats[f.turn] || {}).name || "the player to move";
      this.text.textContent = t("Your move: what should {seat} play here?", {seat: who});
      this.hintBtn.hidden = this.showBtn.hidden = this.el.hidden = false;
      return;
    }
    // just answered: the step after the question, or the question itself after another right move
    const justAnswered = (this.askedAt === i - 1 && this.solved.has(i - 1)) || (this.askedAt === i && this.solved.has(i));
    this.text.textContent = "";
    this.hintBtn.hidden = this.showBtn.hidden = true;
    this.el.hidden = !justAnswered;
    if (!justAnswered) { this.reply.textContent = ""; this.askedAt = undefined; this.showLines(null); }
  }
}
