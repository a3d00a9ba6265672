// Embed pages (embed/<id>.html, one viewer, no theme): `#@3` or `#3` opens step 3, as `#<id>@3` does.
// A module script that stands before widget.js, so it runs first (module scripts run in page order)
// and widget.js finds the full form when it reads the address.
const root = document.querySelector(".oldtricks-widget[data-scenario]");
const short = /^#@?(\d+)$/.exec(location.hash);
if (root && short) {
  try {
    history.replaceState(history.state, "", `#${root.dataset.scenario}@${short[1]}`);
  } catch (err) {
    // an opaque or sandboxed frame: the viewer opens at its author's step
  }
}
