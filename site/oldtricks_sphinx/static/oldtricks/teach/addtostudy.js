// "Add to a study" (the sandbox): the game as its link, at its step, waits in this browser for the study
// page (studystore.js, ADDED), which opens and adds it as a chapter. The build names the study page on
// every page: <meta name="oldtricks-study" content="study.html"> (relative to the page).
import { ADDED, store, stored } from "./studystore.js";

export function studyPage() {
  const meta = document.querySelector('meta[name="oldtricks-study"]');
  return meta ? new URL(meta.getAttribute("content") || "", document.baseURI).href.split("#")[0] : null;
}

/** Send the game `link` (`v1;…`) to the study page, as its next chapter. */
export function addToStudy(link) {
  const page = studyPage();
  if (!page || !link) return false;
  store(ADDED, [...stored(ADDED, []), link]);
  location.href = `${page}#edit`;
  return true;
}
