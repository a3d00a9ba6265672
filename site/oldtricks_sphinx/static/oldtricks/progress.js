// The reader's lesson progress, kept in this browser (localStorage) under one key: the questions
// answered, each as "scenario-id@step" (the same as the link to that step). Nothing leaves the browser.
// Where storage is refused (private windows, a blocked site) progress is simply not kept.
const KEY = "oldtricks-lessons-v1";

/** The set of questions this reader has answered. */
export function solvedLessons() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "[]");
    return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

/** Remember that the question at `step` of scenario `id` was answered. */
export function markSolved(id, step) {
  const solved = solvedLessons();
  solved.add(`${id}@${step}`);
  try {
    localStorage.setItem(KEY, JSON.stringify([...solved].sort()));
  } catch {
    // storage refused: nothing to keep
  }
}

/** Forget every answer (the course page's "Start again"). */
export function resetLessons() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage refused: nothing was kept
  }
}

/** Forget the answers to the questions of the viewers whose id starts with `prefix` (a study's "Start again"). */
export function forgetLessons(prefix) {
  const kept = [...solvedLessons()].filter((k) => !k.startsWith(prefix));
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // storage refused: nothing was kept
  }
}
