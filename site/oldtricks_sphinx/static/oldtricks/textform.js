// The viewers' text forms where the viewers' modules never start (a browser without modules, a
// script file that could not be fetched): a classic script, deferred, apart from widget.js. A rules
// page holds every viewer's text form once, packed, after its last viewer (textpage.py), and each
// viewer's <noscript> a link to its form on the page's text page (an embed page: the form itself).
// If 4 s after the page has loaded widget.js has not marked <html data-ot-started>, each form is put
// in the page, unpacked where the browser can (DecompressionStream), else the <noscript>'s link.
(function () {
  var WAIT_MS = 4000;
  function put(forms) {
    var roots = document.querySelectorAll(".oldtricks-widget");
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      var source = root.querySelector(":scope > noscript");
      var html = forms && forms[root.getAttribute("data-scenario") || root.id];
      if (source && !root.querySelector(":scope > .ot-static, :scope > .ot-static-away")) {
        source.insertAdjacentHTML("afterend", typeof html === "string" ? html : source.textContent);
      }
      root.classList.add("ot-unstarted");
    }
  }
  function show() {
    if (document.documentElement.hasAttribute("data-ot-started")) return;
    var block = document.getElementById("oldtricks-text");
    if (!block || typeof DecompressionStream === "undefined") return put(null);
    try {
      var packed = JSON.parse(block.textContent).packed;
      var bytes = Uint8Array.from(atob(packed), function (c) { return c.charCodeAt(0); });
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      new Response(stream).json().then(function (data) { put(data.forms); }, function () { put(null); });
    } catch (err) {
      put(null);
    }
  }
  if (document.readyState === "complete") setTimeout(show, WAIT_MS);
  else window.addEventListener("load", function () { setTimeout(show, WAIT_MS); });
})();
