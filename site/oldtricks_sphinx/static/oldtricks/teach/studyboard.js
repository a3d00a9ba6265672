// A chapter of a study on a board: the site's viewer (widget.js) on the frames the engine wrote for the
// chapter (live operation study_chapter). Its address stays the study's: the viewer writes no step
// link, and its Link button copies the study's link (the page's own).
import { h, put } from "../dom.js";
import { Widget, loadParts } from "../widget.js";

class StudyWidget extends Widget {
  writeHash() {}
  writeHashSoon() {}
  copyLink() { this.onLink?.(); }
}

/** Draw chapter `chapter` (study_chapter's answer) in `slot`, as viewer `id`, opened at `step`; `ask`
 * false leaves its questions out (the teacher's board). Returns the viewer. */
export async function drawChapter(slot, id, chapter, {step = 0, ask = true, rules = {}, onLink = null} = {}) {
  const frames = ask ? chapter.frames : chapter.frames.map((f) => (f.ask ? {...f, ask: null} : f));
  const data = {id, title: chapter.title, game: chapter.game, pattern: chapter.pattern, spec: chapter.spec || null,
    frames, options: [], rules, seat_names: chapter.seat_names, viewer: null, step, played_on: {}};
  await loadParts(frames).catch(() => {});
  const root = h("div", {class: "oldtricks-widget ot-study-widget", id, "data-scenario": id, tabindex: "0"});
  put(slot, root);
  const w = new StudyWidget(root, data);
  w.onLink = onLink;
  if (w.live && w.live.el) w.live.el.remove();  // a chapter is read as written: no live play here
  if (w.live && w.live.boardEl) w.live.boardEl.remove();
  root.querySelector('[data-action="to-study"]')?.remove();  // the study's own chapter: already in it
  w.render();
  return w;
}
