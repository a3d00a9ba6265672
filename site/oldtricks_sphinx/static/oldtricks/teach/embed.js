// Embed pages (embed/<id>.html, one viewer, no theme): `#@3` or `#3` opens step 3, as `#<id>@3` does.
// A module script that stands before widget.js, so it runs first (module scripts run in page order)
// and widget.js finds the full form when it reads the address.
const root = document.querySelector(".oldtricks-widget[data-scenario]");
const short = /^#@?(\d+)$/.exec(location.hash);
let framed = true;
try { framed = window.self !== window.top; } catch (err) { /* a cross-origin parent: framed */ }
if (framed && /^#[^@]+$/.test(location.hash)) {
  // A bare `#<id>` in a frame: the browser would scroll to that element when the page has been parsed
  // (now, once the module scripts have run), and a frame's scroll to its fragment also scrolls the host
  // page. Dropped from the address, it scrolls nothing; the viewer opens at its author's step, as the
  // bare id of the viewer asks.
  try {
    history.replaceState(history.state, "", location.href.split("#")[0]);
  } catch (err) {
    // an opaque or sandboxed frame: nothing to do
  }
} else if (root && short) {
  try {
    history.replaceState(history.state, "", `#${root.dataset.scenario}@${short[1]}`);
  } catch (err) {
    // an opaque or sandboxed frame: the viewer opens at its author's step
  }
}
