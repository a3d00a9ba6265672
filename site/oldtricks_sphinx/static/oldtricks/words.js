// The widget's own words (buttons, counters, labels for screen readers) in the page's language. They are
// messages of the engine's catalogs (oldtricks/core/widgetwords.py lists them, in English, the source text);
// a German or Polish edition carries their translations in <script type="application/json"
// id="oldtricks-words">, written by the build (site/oldtricks_sphinx/language.py). The English edition
// carries none: each message is its own English. The widget writes no sentence of its own: t() looks the
// message up and fills its {placeholders}.

let words = null;

function loaded() {
  if (words === null) {
    const el = typeof document === "undefined" ? null : document.getElementById("oldtricks-words");
    try {
      words = el ? JSON.parse(el.textContent) : {};
    } catch {
      words = {};
    }
  }
  return words;
}

/** `message` in the page's language, its {name} placeholders filled from `params`. */
export function t(message, params = {}) {
  const all = loaded();
  const text = Object.hasOwn(all, message) ? all[message] : message;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The form of `singular`/`plural` for `n` in the page's language (Polish has three), its placeholders filled.
 * The build exports which form each number takes, from the catalog's Plural-Forms (``plural``: the form of
 * 0..199; a larger number takes that of 100 + n % 100, as in German, English and Polish). */
export function nt(singular, plural, n, params = {}) {
  const all = loaded();
  const forms = all[`${singular}\u0000${plural}`];
  const rule = all.plural;
  const index = Array.isArray(rule) ? rule[n < rule.length ? n : 100 + (n % 100)] : (n === 1 ? 0 : 1);
  const text = Array.isArray(forms) ? forms[index] ?? forms[forms.length - 1] : (index === 0 ? singular : plural);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** `message` read in `context` ("rank", "German suit" ...), as gettext's pgettext. */
export function pt(context, message) {
  const all = loaded();
  const key = `${context}\u0004${message}`;
  return Object.hasOwn(all, key) ? all[key] : message;
}

/** `items` as one list in the page's words: "a and b", "a and b and c" (each pair by the catalog's "and"). */
export function listed(items) {
  return items.reduce((first, second) => t("{first} and {second}", {first, second}));
}

/** Other rules than the book's, as a board's caption says them: "under “Title: choice” and …" (`named`: the
 * rules' “Title: choice” texts). */
export function underRules(named) {
  return t("under {rules}", {rules: listed(named)});
}
