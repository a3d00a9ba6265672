// The stepping bar (first/prev/play/next/last, counter, jump to trick, view, copy link, help)
// and the keyboard help overlay.
import { h, icon, put } from "./dom.js";
import { t } from "./words.js";

function button(action, label, iconName, onclick, extra = {}) {
  return h("button", {type: "button", class: `ot-btn ot-btn-${action}`, "data-action": action,
    "aria-label": label, title: label, onclick, ...extra}, icon(iconName));
}

/**
 * Build the control bar. `w` is the widget: the bar calls w.first(), w.prev(), w.next(), w.last(),
 * w.togglePlay(), w.jumpToIndex(i), w.setView(v), w.copyLink(), w.toggleHelp().
 * Returns {el, tools, update(state)} (tools: the copy-link and help buttons, placed in the header) where state = {index, count, step, lastStep, playing, tricks, trick, view, seats}.
 */
export function buildControls(w) {
  const first = button("first", t("First step (Home)"), "first", () => w.userMove(() => w.first()));
  const prev = button("prev", t("Previous step (Left arrow)"), "prev", () => w.userMove(() => w.prev()));
  const play = button("play", t("Play (Space)"), "play", () => w.togglePlay(), {"aria-pressed": "false"});
  const next = button("next", t("Next step (Right arrow)"), "next", () => w.userMove(() => w.next()));
  const last = button("last", t("Last step (End)"), "last", () => w.userMove(() => w.last()));
  const counter = h("span", {class: "ot-counter", "data-role": "counter"}, t("step {step} / {last}", {step: 0, last: 0}));
  const jump = h("select", {class: "ot-select", "data-role": "jump", "aria-label": t("Jump to trick"),
    onchange: () => { if (jump.value !== "") w.userMove(() => w.jumpToIndex(Number(jump.value))); }});
  const view = h("select", {class: "ot-select", "data-role": "view", "aria-label": t("Whose view"),
    onchange: () => w.setView(view.value === "all" ? null : Number(view.value))});
  const copy = h("button", {type: "button", class: "ot-btn ot-btn-text", "data-action": "copy-link",
    "aria-label": t("Copy a link to this step"), title: t("Copy a link to this step"), onclick: () => w.copyLink()},
  icon("link"), h("span", {class: "ot-btn-label"}, t("Link")));
  const help = button("help", t("Keyboard shortcuts (?)"), "help", () => w.toggleHelp(), {"aria-expanded": "false"});

  const el = h("div", {class: "ot-controls", role: "group", "aria-label": t("Step through the game")},
    h("div", {class: "ot-nav"}, first, prev, play, next, last),
    counter,
    h("label", {class: "ot-field"}, h("span", {class: "ot-field-label"}, t("Trick")), jump),
    h("label", {class: "ot-field"}, h("span", {class: "ot-field-label"}, t("View")), view));
  const tools = h("div", {class: "ot-tools"}, copy, help);

  const bar = {first, prev, play, next, last, counter, jump, view, jumpKey: "", viewKey: "", playing: null};
  return {el, tools, update: (st) => updateBar(bar, st)};
}

/** Show the state `st` on the bar's controls; what did not change (the play button, the lists of
 * tricks and views) is left as it was. */
function updateBar(bar, st) {
  const {first, prev, play, next, last, counter, jump, view} = bar;
  const atStart = st.index <= 0, atEnd = st.index >= st.count - 1;
  first.disabled = atStart;
  prev.disabled = atStart;
  next.disabled = atEnd;
  last.disabled = atEnd;
  play.disabled = st.count < 2;
  if (st.playing !== bar.playing) {  // at each step only when it changes: a step draws no more than it must
    bar.playing = st.playing;
    put(play, icon(st.playing ? "pause" : "play"));
    play.setAttribute("aria-pressed", String(st.playing));
    play.setAttribute("aria-label", st.playing ? t("Pause (Space)") : t("Play (Space)"));
    play.title = play.getAttribute("aria-label");
  }
  counter.textContent = st.lastStep === null ? t("step {step}", {step: st.step})
    : t("step {step} / {last}", {step: st.step, last: st.lastStep});
  const jk = st.tricks.map((k) => `${k.number}:${k.index}`).join(",");
  if (jk !== bar.jumpKey) {
    bar.jumpKey = jk;
    put(jump, h("option", {value: ""}, st.tricks.length ? "–" : t("none")),
      st.tricks.map((k) => h("option", {value: k.index}, t("Trick {number}", {number: k.number}))));
  }
  jump.disabled = !st.tricks.length;
  const current = st.tricks.filter((k) => k.number === st.trick)[0];
  // a select's value is set only when it changes: setting it, even to the same, restyles its options
  const jumpTo = current ? String(current.index) : "";
  if (jump.value !== jumpTo) jump.value = jumpTo;
  const vk = st.seats.join("|");
  if (vk !== bar.viewKey) {
    bar.viewKey = vk;
    put(view, h("option", {value: "all"}, t("All hands")),
      st.seats.map((name, i) => h("option", {value: String(i)}, t("{seat}'s view", {seat: name}))));
  }
  const viewed = st.view === null ? "all" : String(st.view);
  if (view.value !== viewed) view.value = viewed;
}

const KEYS = [
  ["← / →", t("previous / next step")],
  ["Home / End", t("first / last step")],
  ["↑ / ↓, Page Up / Page Down", t("back to this trick's start (or the one before) / on to the next trick")],
  ["Tab", t("to the next part of the viewer: a hand, or the row of moves, is one stop")],
  [t("← / → on a card"), t("the next / previous card or move to play")],
  [t("Home / End on a card"), t("the first / last card or move")],
  ["Space", t("play / pause")],
  ["?", t("show or hide this help")],
  ["Esc", t("close this help")],
];

/** The keyboard help overlay (hidden at first). */
export function buildHelp(onClose) {
  const close = h("button", {type: "button", class: "ot-btn ot-help-close", "aria-label": t("Close help"),
    title: t("Close (Esc)"), onclick: onClose}, icon("close"));
  const el = h("div", {class: "ot-help", role: "dialog", "aria-label": t("Keyboard shortcuts"), hidden: true},
    h("div", {class: "ot-help-head"}, h("strong", {}, t("Keyboard shortcuts")), close),
    h("ul", {class: "ot-keys"}, KEYS.map(([k, v]) => h("li", {}, h("span", {class: "ot-key"}, h("kbd", {}, k)), h("span", {}, v)))),
    h("p", {class: "ot-muted"}, t("Keys work while this game viewer has the focus. Every step has its own link.")));
  return {el, close};
}
