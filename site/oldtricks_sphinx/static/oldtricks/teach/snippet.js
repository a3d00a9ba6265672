// {embed} examples: the HTML to paste into a course page, with the embed page's full address as this
// browser sees the site (the build only knows relative URLs). Text only: textContent.
for (const pre of document.querySelectorAll("pre.ot-embed-snippet[data-embed-src]")) {
  const code = pre.querySelector("code") || pre;
  const rel = pre.dataset.embedSrc;
  const abs = new URL(rel, document.baseURI).href;
  code.textContent = code.textContent.replace(`src="${rel}"`, `src="${abs}"`);
}
