// "To my study": the step a viewer shows, on any page of the site, added as a chapter of the reader's
// study in progress, which the study page keeps in this browser (teach/studystore.js) and shows when it
// opens. The chapter is the viewer's game as the page has it: the scenario's spec from the viewer's own
// data, opened at the step and in the view shown; or, on a side line or under another rule, the live
// table as the engine replays it (live operation link_of_table). The study page's engine reads and
// checks it (study_encode); this module decides no rule. A viewer shows the button only where the site
// has a study page (<meta name="oldtricks-study">); the study page's own boards leave it out.
import { h, icon } from "./dom.js";
import { keepChapter, studyPage } from "./teach/addtostudy.js";
import { t } from "./words.js";

/** The chapter of what `w` shows: {spec} from its data, or {link} from the live engine's table. */
async function chapterOf(w) {
  if (typeof w.studyChapter === "function") return w.studyChapter();  // a sandbox's game is its link
  const step = w.stepOf(w.index);
  const live = w.live;
  if (!w.isBook && live && live.active && live.engine) {
    const r = await live.engine.call("link_of_table", {key: w.id, step, viewer: w.view});
    return r && r.ok ? {link: r.link} : {error: (r && r.error) || t("no answer")};
  }
  const spec = {...(w.data.spec || {}), at: step};
  if (Number.isInteger(w.view)) spec.viewer = w.view;
  else delete spec.viewer;
  return {spec};
}

/** Add what `w` shows to the study in progress and say so in the viewer, with a link to the study page. */
export async function toStudy(w) {
  const page = studyPage();
  if (!page) return;
  const chapter = await chapterOf(w);
  if (!chapter || chapter.error) {
    w.setMessage(t("This step could not be added to your study: {error}", {error: chapter && chapter.error}), {kind: "error"});
    return;
  }
  const number = keepChapter(chapter.link || {spec: chapter.spec});
  w.root.dataset.studied = String(number);
  w.setMessage([t("Step {step} is chapter {number} of your study, kept in this browser.", {step: w.stepOf(w.index), number}),
    " ", h("a", {href: `${page}#edit`, "data-role": "to-study-page"}, t("Open the study page"))]);
}

/** The viewer's "To my study" button, or null where the site has no study page. */
export function studyButton(w) {
  if (!studyPage()) return null;
  const label = t("Add this step to my study");
  return h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "to-study", "aria-label": label,
    title: label, onclick: () => toStudy(w)}, icon("study"), h("span", {class: "ot-btn-label"}, t("Study")));
}
