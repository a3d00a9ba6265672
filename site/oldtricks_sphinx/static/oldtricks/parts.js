// The parts of the viewer that only some frames need. Lessons (lesson.js) and the games' panels
// (panels.js) are drawn only for frames that carry an `ask` or `panels`: each module is imported when
// the first viewer with such frames mounts (or, for frames the engine makes later, when they are first
// drawn), never with widget.js itself.
//
// Exports: parts ({lesson, panels}: the modules, once imported), loadParts(frames) -> Promise,
// takeParts(w), NO_LESSON.

export const parts = {lesson: null, panels: null};  // the modules, once imported
const partLoads = {};
const partNeeded = {lesson: (f) => !!(f && f.ask), panels: (f) => !!(f && f.panels && f.panels.length)};
const partImports = {lesson: () => import("./lesson.js"), panels: () => import("./panels.js")};
const missingParts = (frames) => Object.keys(parts).filter((k) => !parts[k] && frames.some(partNeeded[k]));

/** Import the parts that `frames` need and have not been imported; resolves when they are there. */
export function loadParts(frames) {
  return Promise.all(missingParts(frames).map((k) => partLoads[k] ??= partImports[k]().then(
    (mod) => { parts[k] = mod; }, (err) => { delete partLoads[k]; throw err; })));
}

/** A viewer's lesson while none of its frames asks a question: nothing to wait for, nothing to draw. */
export const NO_LESSON = {blocks: () => false, pending: () => false, playContext: () => null, update: () => {}};

/** Let the widget `w` use the parts its frames need; import those not there yet and draw it again
 * when they are (w.partsDrawn: that drawing, while it is due). */
export function takeParts(w) {
  if (w.lesson === NO_LESSON && parts.lesson && w.book.some(partNeeded.lesson)) {
    w.lesson = new parts.lesson.Lesson(w);
    w.lessonSlot.appendChild(w.lesson.el);
  }
  if (w.partsDrawn || !missingParts(w.frames).length) return;
  w.partsDrawn = loadParts(w.frames).then(() => w.render(), (err) => {
    console.warn("oldtricks: a part of the viewer could not be loaded", err);
  }).finally(() => { w.partsDrawn = null; });
}
