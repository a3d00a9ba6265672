// The study page's memory and files: the teacher's study in progress and the chapters sent from a
// sandbox, kept in localStorage; the address's text; a file offered to save.
import { h } from "../dom.js";

export const DRAFT = "oldtricks.study.v1.draft";
export const ADDED = "oldtricks.study.v1.add";

export function hashText() {
  const raw = location.hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch (err) {
    return raw;
  }
}

export function stored(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value === null ? fallback : value;
  } catch (err) {
    return fallback;
  }
}

export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (err) { /* storage refused: the link still holds the study */ }
}

/** A file offered to the reader to save (a study file, or a page: `type` "text/html"). */
export function saveFile(name, text, type = "application/toml") {
  const url = URL.createObjectURL(new Blob([text], {type}));
  const a = h("a", {href: url, download: name, hidden: true});
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
