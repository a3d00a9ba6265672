// What a rules page shows on demand: the readings of one deal as tabs (tabs.py writes the markup) and a
// section's examples folded under one line (folds.py). A classic script, deferred, run before widget.js,
// so that a link to a viewer in a hidden panel or a closed fold (`page.html#id@step`) has shown it
// before the viewers look for it.
// Tabs: ARIA tablist / tab / tabpanel; Left and Right (Up and Down), Home and End move between the tabs,
// and a tab opens as it takes focus. Folds: a button with aria-expanded over content hidden
// "until-found" (find-in-page opens it). Without this script every panel and every fold shows (pages.css).
// A viewer waiting in a hidden panel or a closed fold is drawn by mounting.js when it shows and comes near
// the screen. Nothing here is remembered: a page opens with its folds as written (closed but one) and
// every first tab shown, unless a link names something inside, or the site's search sent the reader
// here (the folds that hold the words sought open).
(function () {
  var groups = document.querySelectorAll("[data-ot-tabs]");
  var folds = document.querySelectorAll("[data-ot-fold]");
  if (!groups.length && !folds.length) return;

  function tabsOf(group) {
    return Array.prototype.slice.call(group.querySelectorAll(":scope > .ot-tablist > .ot-tab"));
  }

  function panelOf(tab) {
    return document.getElementById(tab.getAttribute("aria-controls"));
  }

  function select(group, chosen, focus) {
    var tabs = tabsOf(group);
    for (var i = 0; i < tabs.length; i++) {
      var tab = tabs[i], on = tab === chosen, panel = panelOf(tab);
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      if (panel) panel.hidden = !on;
    }
    if (focus) chosen.focus();
  }

  function onKey(group, event) {
    var tabs = tabsOf(group), at = tabs.indexOf(event.target), next = null;
    if (at < 0) return;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = tabs[(at + 1) % tabs.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = tabs[(at - 1 + tabs.length) % tabs.length];
    else if (event.key === "Home") next = tabs[0];
    else if (event.key === "End") next = tabs[tabs.length - 1];
    if (!next) return;
    event.preventDefault();
    select(group, next, true);
  }

  for (var g = 0; g < groups.length; g++) {
    (function (group) {
      var list = group.querySelector(":scope > .ot-tablist");
      list.setAttribute("role", "tablist");
      list.setAttribute("aria-label", list.getAttribute("data-ot-label") || "");
      var tabs = tabsOf(group);
      for (var i = 0; i < tabs.length; i++) {
        var tab = tabs[i], panel = panelOf(tab);
        tab.setAttribute("role", "tab");
        if (panel) {
          panel.setAttribute("role", "tabpanel");
          panel.setAttribute("aria-labelledby", tab.id);
          panel.tabIndex = -1;
        }
        tab.addEventListener("click", function (event) { select(group, event.currentTarget, false); });
      }
      list.addEventListener("keydown", function (event) { onKey(group, event); });
      select(group, tabs[0], false);
      group.classList.add("ot-tabs-ready");
    })(groups[g]);
  }

  // -- folds --------------------------------------------------------------------------------------
  function foldParts(fold) {
    return {button: fold.querySelector(":scope > .ot-fold-toggle"), body: fold.querySelector(":scope > .ot-fold-body")};
  }

  function isOpen(fold) {
    return foldParts(fold).button.getAttribute("aria-expanded") === "true";
  }

  function setFold(fold, open, quiet) {
    var parts = foldParts(fold);
    parts.button.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) parts.body.removeAttribute("hidden");
    else parts.body.setAttribute("hidden", "until-found");
    // widget.js stops a viewer that plays by itself in a fold that closes (the link it kept writing
    // would name a viewer the reader put away)
    if (!open && !quiet) fold.dispatchEvent(new CustomEvent("ot-fold-closed", {bubbles: true}));
  }

  for (var f = 0; f < folds.length; f++) {
    (function (fold) {
      var parts = foldParts(fold);
      setFold(fold, fold.getAttribute("data-ot-fold") === "open", true);  // as the page was written
      parts.button.addEventListener("click", function () { setFold(fold, !isOpen(fold)); });
      // find-in-page found text in the closed fold: the browser shows it; the button says so
      parts.body.addEventListener("beforematch", function () { setFold(fold, true); });
      fold.classList.add("ot-fold-ready");
    })(folds[f]);
  }

  // -- links into what is hidden --------------------------------------------------------------------
  function decoded(text) {
    try {
      return decodeURIComponent(text);
    } catch (e) {
      return text;
    }
  }

  // The element a fragment names (`id@step` names the viewer `id`; a panel's or a fold's own id names it).
  function targetOf(raw) {
    var target = raw ? document.getElementById(raw) : null;
    if (!target && raw.lastIndexOf("@") >= 0) target = document.getElementById(raw.slice(0, raw.lastIndexOf("@")));
    return target;
  }

  // Show the element: open each closed fold and each hidden panel it stands in, outermost first.
  function reveal(target) {
    var chain = [];
    for (var el = target; el; el = el.parentElement) {
      if (el.classList && (el.classList.contains("ot-tabpanel") || el.hasAttribute("data-ot-fold"))) chain.unshift(el);
    }
    for (var k = 0; k < chain.length; k++) {
      var part = chain[k];
      if (part.hasAttribute("data-ot-fold")) {
        if (!isOpen(part)) setFold(part, true);
        continue;
      }
      var tab = document.getElementById(part.id + "-tab");
      var group = part.closest("[data-ot-tabs]");
      if (tab && group && part.hidden) select(group, tab, false);
    }
  }

  function openFor() {
    var raw = decoded(location.hash.replace(/^#/, ""));
    var target = targetOf(raw);
    if (!target) return;
    reveal(target);
    if (target.classList.contains("ot-tabpanel") || target.hasAttribute("data-ot-fold")) {
      target.scrollIntoView({block: "start"});
    }
  }

  // A link on this page to what is hidden shows it before the browser follows it (or, for a link to a
  // viewer, before widget.js routes it: its listener, on the window, comes after this one).
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href*='#']") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (link.origin !== location.origin || link.pathname !== location.pathname || !link.hash) return;
    var target = targetOf(decoded(link.hash.slice(1)));
    if (!target) return;
    reveal(target);
  });

  // A page opened from the site's search: searchtools.js left the words sought for sphinx_highlight.js,
  // which marks them once the page is ready (and forgets them). Each closed fold whose text holds one of
  // them opens first, so that the marks in it show; the words are read, never removed, here.
  function openForSearch() {
    var sought;
    try {
      sought = localStorage.getItem("sphinx_highlight_terms") || new URLSearchParams(location.search).get("highlight");
    } catch (e) {
      return;  // no storage allowed: nothing was left for this page either
    }
    var words = (sought || "").toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return;
    for (var i = 0; i < folds.length; i++) {
      var text = foldParts(folds[i]).body.textContent.toLowerCase();
      for (var w = 0; w < words.length; w++) {
        if (text.indexOf(words[w]) >= 0) {
          if (!isOpen(folds[i])) setFold(folds[i], true);
          break;
        }
      }
    }
  }

  openForSearch();
  openFor();
  window.addEventListener("hashchange", openFor);
})();
