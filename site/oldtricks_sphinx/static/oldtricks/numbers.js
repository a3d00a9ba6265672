// The numbers behind each statistics plot (site/oldtricks_sphinx/plotnumbers.py): a rules page's fold
// <details class="ot-stats-numbers" data-numbers="numbers/PAGE.html#PLOT"> holds a link to the table
// on the page's numbers page. When the reader first opens a fold, that page is fetched (once for all
// the folds) and the plot's table takes the link's place; where it cannot be, the link stays.
(() => {
  const pages = new Map();
  const fetchPage = (url) => {
    if (!pages.has(url)) {
      const page = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
        return new DOMParser().parseFromString(await response.text(), "text/html");
      });
      page.catch(() => pages.delete(url)); // a later opening tries again
      pages.set(url, page);
    }
    return pages.get(url);
  };
  const fill = async (fold) => {
    const url = new URL(fold.dataset.numbers, document.baseURI);
    const id = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    const table = (await fetchPage(url.href)).getElementById(id)?.querySelector(".ot-stats-table");
    if (!table) throw new Error(`no table #${id} on ${url.href}`);
    fold.querySelector(".ot-stats-away")?.replaceWith(document.importNode(table, true));
  };
  // "toggle" does not bubble: listen in the capture phase, for every fold of the page
  document.addEventListener(
    "toggle",
    (event) => {
      const fold = event.target;
      if (!(fold instanceof HTMLDetailsElement) || !fold.open || !fold.dataset.numbers) return;
      if (fold.dataset.filled) return;
      fold.dataset.filled = "pending";
      fill(fold).then(
        () => (fold.dataset.filled = "yes"),
        (err) => {
          delete fold.dataset.filled;
          console.warn("oldtricks: the numbers stay a link:", err);
        },
      );
    },
    true,
  );
})();
