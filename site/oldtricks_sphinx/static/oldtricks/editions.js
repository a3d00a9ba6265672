// The language switcher (editions.py writes it at the top of every page): a link to the same page of
// another edition takes the address's #… along (a viewer's step, a rule's box), so the reader lands at
// the same place; the choice is remembered. Only the English front page follows a remembered choice,
// once per visit, and never when the reader came from another page of the site: a shared link or an
// embed keeps the language it was made in, and there is no loop (choosing English remembers English).
(() => {
  "use strict";
  const KEY = "oldtricks-language";
  const remember = (language) => {
    try {
      localStorage.setItem(KEY, language);
    } catch {
      // storage refused (private mode, file:): the switcher still works, unremembered
    }
  };
  const recalled = () => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  };
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-ot-language]") : null;
    if (!link) return;
    remember(link.dataset.otLanguage);
    if (location.hash && !link.hash) {
      event.preventDefault();
      location.assign(link.href + location.hash);
    }
  });
  const here = document.documentElement.lang || "en";
  const nav = document.querySelector(".ot-editions");
  const choice = recalled();
  const front = nav && nav.dataset.otFront === "true";
  const fromSite = document.referrer && new URL(document.referrer).origin === location.origin;
  if (front && here === "en" && choice && choice !== "en" && !fromSite) {
    const link = nav.querySelector(`a[data-ot-language="${CSS.escape(choice)}"]`);
    if (link) location.replace(link.href + location.hash);
  }
})();
