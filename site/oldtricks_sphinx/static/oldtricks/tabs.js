// The readings of one deal as tabs (tabs.py writes the markup): a classic script, deferred, run before
// widget.js, so that a link to a viewer in a hidden panel (`page.html#id@step`) has opened its panel
// before the viewers look for it. ARIA tablist / tab / tabpanel; Left and Right (Up and Down), Home and
// End move between the tabs, and a tab opens as it takes focus. Without this script every panel shows,
// one after another, under its label (pages.css). A viewer waiting in a hidden panel is drawn by
// widget.js when its panel opens and it comes near the screen (an IntersectionObserver sees it appear).
(function () {
  var groups = document.querySelectorAll("[data-ot-tabs]");
  if (!groups.length) return;

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

  function hashText() {
    try {
      return decodeURIComponent(location.hash.replace(/^#/, ""));
    } catch (e) {
      return location.hash.replace(/^#/, "");
    }
  }

  // The element a link names (`#id@step` names the viewer `id`; a panel's own id names the panel), and
  // the tab of each hidden panel it stands in, outermost first.
  function openFor() {
    var raw = hashText();
    if (!raw) return;
    var target = document.getElementById(raw);
    if (!target && raw.lastIndexOf("@") >= 0) target = document.getElementById(raw.slice(0, raw.lastIndexOf("@")));
    var chain = [];
    for (var el = target; el; el = el.parentElement) {
      if (el.classList && el.classList.contains("ot-tabpanel")) chain.unshift(el);
    }
    for (var k = 0; k < chain.length; k++) {
      var tab = document.getElementById(chain[k].id + "-tab");
      var group = chain[k].closest("[data-ot-tabs]");
      if (tab && group && chain[k].hidden) select(group, tab, false);
    }
    if (target && target.classList.contains("ot-tabpanel")) target.scrollIntoView({block: "start"});
  }

  openFor();
  window.addEventListener("hashchange", openFor);
})();
