// The viewers' text forms where the viewers' modules never start (a browser without modules, a
// script file that could not be fetched): a classic script, deferred, apart from widget.js. Each text
// form comes in a <noscript> (scenario.py), which a browser running scripts does not show; if 4 s
// after the page has loaded widget.js has not marked <html data-ot-started>, each form is put in the
// page, as a reader without JavaScript would have it.
(function () {
  var WAIT_MS = 4000;
  function show() {
    if (document.documentElement.hasAttribute("data-ot-started")) return;
    var roots = document.querySelectorAll(".oldtricks-widget");
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      var source = root.querySelector(":scope > noscript");
      if (source && !root.querySelector(":scope > .ot-static")) {
        source.insertAdjacentHTML("afterend", source.textContent);
      }
      root.classList.add("ot-unstarted");
    }
  }
  if (document.readyState === "complete") setTimeout(show, WAIT_MS);
  else window.addEventListener("load", function () { setTimeout(show, WAIT_MS); });
})();
