// A page shown in a frame (an embed page in a course page) must never move its host page: element.
// scrollIntoView() and a focus() that scrolls scroll every scrollable page up the chain of frames, the
// host's too. So the viewers scroll only their own page, through scrollToView, and focus with
// {preventScroll: true}.
//
// Exports: FRAMED (whether this page is shown in a frame), scrollToView(el, block).

export const FRAMED = (() => {
  try {
    return window.self !== window.top;
  } catch (err) {
    return true; // a cross-origin parent that cannot even be compared
  }
})();

/** Bring `el` into view as el.scrollIntoView({block}) does ("start" or "nearest"), instantly; in a
 * frame, by scrolling the frame's own page only. */
export function scrollToView(el, block = "start") {
  if (!FRAMED) {
    el.scrollIntoView({block, behavior: "instant"});
    return;
  }
  const box = el.getBoundingClientRect();
  const height = window.innerHeight;
  let by = 0;
  if (block === "start") by = box.top;
  else if (box.top < 0) by = box.top;  // "nearest": the least move that shows it (its top, if taller)
  else if (box.bottom > height) by = Math.min(box.top, box.bottom - height);
  if (by) window.scrollBy({top: by, behavior: "instant"});
}
