// Start the live engine when the reader shows they may want it, not when the page loads: a pointer
// over, or focus on, a live control ("Play from here", "Try another rule", a lesson's answers, or
// any element marked data-live-intent), or "Try another rule" opened. Pyodide takes seconds to
// start; begun on intent, it is often ready by the click. Never when the browser asks to save data
// (navigator.connection.saveData): then the engine loads on the click that needs it, as before.
//
//   import { startOnIntent } from "./intent.js";
//   startOnIntent();        // once per page: listens on the document, starts the engine at most once
//
// The engine is the one live.js keeps per page (getEngine() is memoised), so the click later finds
// it loading or ready. A viewer's data-live-module (a test's stand-in engine) is honoured.
export const INTENT = '[data-action="go-live"], [data-role="options"], .ot-lesson, [data-live-intent]';
const EVENTS = ["pointerover", "focusin", "toggle"]; // toggle: a <details> opened by keyboard too

let armed = false;

/** True when the browser asks pages to spare the reader's data. */
export function savingData() {
  return Boolean(globalThis.navigator?.connection?.saveData);
}

function moduleUrl(control) {
  const given = control.closest(".oldtricks-widget")?.dataset.liveModule;
  return given ? new URL(given, document.baseURI).href : new URL("./live.js", import.meta.url).href;
}

/** Listen for the reader's first sign of intent on this page; start the engine then. */
export function startOnIntent() {
  if (armed || savingData()) return;
  armed = true;
  const onIntent = (event) => {
    const control = event.target instanceof Element ? event.target.closest(INTENT) : null;
    if (!control || (event.type === "toggle" && !control.open)) return;
    for (const type of EVENTS) document.removeEventListener(type, onIntent, true);
    import(moduleUrl(control))
      .then((live) => live.getEngine())
      .catch(() => {}); // the click that needs the engine reports a failure, and tries again
  };
  for (const type of EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
}
