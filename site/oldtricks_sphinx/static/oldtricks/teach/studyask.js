// A question on the teacher's board: at the step shown, the right moves (one or several, among the
// legal moves the engine lists in the frame), a hint and the words for a wrong card, beside the engine's
// proposal (live operation study_propose: why each other card would be refused, and what each other
// legal move costs with best play). Saved through the editor (study_edit), which checks it.
import { h, put } from "../dom.js";
import { cardName, isCard } from "../cards.js";
import { t } from "../words.js";

export class QuestionForm {
  constructor(editor) {
    this.editor = editor;
    this.body = h("div", {class: "ot-study-question-body"});
    this.el = h("fieldset", {class: "ot-sb-group ot-study-question", "data-role": "question-form"},
      h("legend", {}, t("Question")),
      h("button", {type: "button", class: "ot-btn", "data-action": "question-here", onclick: () => this.open()},
        t("Ask for the move at this step")),
      this.body);
  }

  named(move) {
    const pattern = this.editor.widget ? this.editor.widget.pattern : "german";
    return isCard(move, pattern) ? `${move} (${cardName(move, pattern)})` : move;
  }

  open() {
    const ed = this.editor;
    const frame = ed.frame();
    const step = ed.step();
    const chapter = ed.study.chapters[ed.current];
    if (!frame || !frame.legal || !frame.legal.length) {
      put(this.body, h("p", {class: "ot-sb-help"}, t("Nobody has a move at this step: step to one where a move is due.")));
      return;
    }
    const asked = chapter.questions.find((q) => q.step === step);
    const w = ed.widget;
    const next = w.book[w.index + 1];
    const right = new Set(asked ? asked.answers : next && w.isBook ? [next.move] : []);
    this.boxes = frame.legal.map((move) => h("input", {type: "checkbox", value: move, checked: right.has(move),
      "data-move": move}));
    this.hint = h("input", {type: "text", class: "ot-text", value: asked ? asked.hint : "", "data-role": "question-hint",
      "aria-label": t("Hint")});
    this.wrong = h("textarea", {class: "ot-text", rows: 2, "data-role": "question-wrong", "aria-label": t("Words for a wrong card")});
    this.wrong.value = asked ? asked.wrong : "";
    this.proposal = h("div", {class: "ot-study-proposal", "data-role": "question-proposal", "aria-live": "polite"});
    this.step = step;
    put(this.body,
      h("p", {class: "ot-sb-help"}, t("Step {step}: the right moves (one or several).", {step})),
      h("div", {class: "ot-study-moves", role: "group", "aria-label": t("Right moves")},
        this.boxes.map((box) => h("label", {class: "ot-study-move"}, box, " ", this.named(box.value)))),
      h("label", {class: "ot-sb-field ot-study-wide"}, h("span", {class: "ot-sb-label"}, t("Hint")), this.hint),
      h("label", {class: "ot-sb-field ot-study-wide"}, h("span", {class: "ot-sb-label"}, t("Words for a wrong card")), this.wrong),
      h("div", {class: "ot-sb-row"},
        h("button", {type: "button", class: "ot-btn", "data-action": "question-propose", onclick: () => this.propose()},
          t("The engine’s proposal")),
        h("button", {type: "button", class: "ot-btn", "data-action": "question-save", onclick: () => this.save()}, t("Save the question")),
        asked ? h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "question-remove",
          onclick: () => ed.edit({step, ask: null})}, t("Remove the question")) : null),
      this.proposal);
  }

  answers() { return this.boxes.filter((b) => b.checked).map((b) => b.value); }

  async propose() {
    const ed = this.editor;
    const answers = this.answers();
    if (!answers.length) { put(this.proposal, h("p", {}, t("Tick the right moves first."))); return; }
    put(this.proposal, h("p", {class: "ot-sb-help"}, t("The engine is valuing every other move with best play…")));
    const chapter = ed.study.chapters[ed.current];
    const r = await ed.page.call("study_propose", {spec: chapter.spec, step: this.step, answers});
    if (!r.ok) { put(this.proposal, h("p", {class: "ot-msg-error"}, r.error)); return; }
    const use = (text) => h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "question-use",
      onclick: () => { this.wrong.value = text; }}, t("Use these words"));
    put(this.proposal,
      r.tries.length ? h("ul", {class: "ot-study-tries", "data-role": "proposal-tries"},
        r.tries.map((t) => h("li", {"data-move": t.move}, h("strong", {}, this.named(t.move)), ": ", t.text, " ", use(t.text))))
        : h("p", {class: "ot-sb-help"}, t("The solver cannot value this position: write your own words.")),
      r.refusals.length ? h("details", {class: "ot-study-refusals"}, h("summary", {}, t("Cards that may not be played here")),
        h("ul", {"data-role": "proposal-refusals"}, r.refusals.map((x) => h("li", {}, x.text)))) : null);
  }

  save() {
    const answers = this.answers();
    if (!answers.length) { this.editor.say(t("Tick at least one right move."), "error"); return; }
    this.editor.edit({step: this.step, ask: {answers, hint: this.hint.value, wrong: this.wrong.value}});
  }
}
