// The ledger's statuses, strongest first: engine/oldtricks/core/options.py STATUSES, which a test holds this
// list to (tests/site/test_site_ledger.py). Imported wherever a page names or sorts by one.
import { t } from "./words.js";

export const STATUSES = ["documented", "disputed", "suggested", "assumed"];

// each status in the page's words, as the rule boxes print it
const WORDS = {documented: () => t("documented"), disputed: () => t("disputed"), suggested: () => t("suggested"),
  assumed: () => t("assumed")};

/** A status in the page's words (another word as it is). */
export function statusWord(status) {
  return Object.hasOwn(WORDS, status) ? WORDS[status]() : String(status);
}
