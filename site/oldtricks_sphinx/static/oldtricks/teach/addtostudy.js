// A chapter for the study page, kept in this browser: a game's link (`v1;…`) or its spec ({spec}), from a
// viewer's "To my study" (tostudy.js) or a sandbox. It waits in studystore.js's ADDED until the study
// page opens, whose engine reads it and adds it to the study in progress. The build names the study page
// on every page: <meta name="oldtricks-study" content="study.html"> (relative to the page).
import { ADDED, DRAFT, store, stored } from "./studystore.js";

export function studyPage() {
  const meta = document.querySelector('meta[name="oldtricks-study"]');
  return meta ? new URL(meta.getAttribute("content") || "", document.baseURI).href.split("#")[0] : null;
}

/** Keep `chapter` (a game link, or {spec}) for the study page, as the study's next chapter; returns its
 * number there (the chapters of the study in progress, then those waiting). */
export function keepChapter(chapter) {
  const added = [...stored(ADDED, []), chapter];
  store(ADDED, added);
  const draft = stored(DRAFT, null);
  return (draft && Array.isArray(draft.chapters) ? draft.chapters.length : 0) + added.length;
}
