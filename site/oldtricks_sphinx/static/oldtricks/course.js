// A game's lessons page: marks the questions this reader has answered (progress.js) and says how
// many ("4 of 15 questions answered"). The list itself is built into the page; this only adds the marks.
import { solvedLessons, resetLessons } from "./progress.js";
import { nt, t } from "./words.js";

function mark(course) {
  const solved = solvedLessons();
  const items = [...course.querySelectorAll("[data-lesson]")];
  let done = 0;
  for (const key of items) {
    const item = key.closest("li");
    const isSolved = solved.has(key.dataset.lesson);
    if (isSolved) done += 1;
    item.classList.toggle("ot-course-solved", isSolved);
    const markEl = item.querySelector(".ot-course-mark");
    if (markEl) markEl.textContent = isSolved ? ` ${t("solved")}` : "";
  }
  const progress = course.querySelector(".ot-course-progress");
  progress.dataset.role = "lesson-progress";
  progress.textContent = nt("{done} of {count} question answered", "{done} of {count} questions answered", items.length,
    {done, count: items.length});
  let again = course.querySelector("[data-action=reset-lessons]");
  if (!again) {
    again = document.createElement("button");
    again.type = "button";
    again.className = "ot-btn ot-btn-text";
    again.dataset.action = "reset-lessons";
    again.textContent = t("Start again");
    again.addEventListener("click", () => { resetLessons(); mark(course); });
    progress.after(again);
  }
  again.style.display = done ? "" : "none";  // .ot-btn's display would override [hidden]
}

function markAll() {
  for (const course of document.querySelectorAll("[data-role=lesson-course]")) mark(course);
}

markAll();
// answered in another tab (a rules page opened from this list): refresh the marks
window.addEventListener("storage", markAll);
window.addEventListener("pageshow", markAll);
