"""axe-core (pinned in package.json, read from node_modules): no violation of any rule, at any impact, light
and dark. Every built page is checked by test_every_page.py (with these functions); here, the check
itself, and the board in the states a page does not start in: a lesson answered wrong, a viewer gone live,
a sandbox being played, the target sizes and landmarks of a rules page's every viewer."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import REPO, SWEEP_SHARE, SiteServer, embedded, open_folds, sweeping_all, wait_mounted

pytestmark = pytest.mark.browser

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

# A page's viewers are one widget, each drawn from its own frames: in the README's test command, the whole
# page is audited but for its viewers past the first of every VIEWERS_AUDITED (every one under `nox -s sweep`).
# The widget's other states are audited below (live, lessons, sandboxes) and on every embed page sampled.
VIEWERS_AUDITED = 1 if sweeping_all() else SWEEP_SHARE

# The viewers left out stand aside while axe runs, each behind an empty box of its size (the page's layout,
# and so every colour axe reads behind a text, unchanged), and come back as they were: an excluded element
# still costs axe its whole tree (the clips page's 34 viewers are 18,000 of its 21,000 elements), a box none.
RUN = """async ([selector, only, off, every]) => {
  const scope = selector ? document.querySelector(selector) : document;
  const others = selector ? [] : [...document.querySelectorAll(".oldtricks-widget")].filter((_, i) => i % every);
  const aside = others.map((el) => {
    const {width, height} = el.getBoundingClientRect();
    const box = Object.assign(document.createElement("div"), {className: "ot-axe-aside"});
    box.style.cssText = `width:${width}px;height:${height}px`;
    el.replaceWith(box);
    return [el, box];
  });
  try {
    const rules = Object.fromEntries(off.map((id) => [id, {enabled: false}]));
    const result = await axe.run(scope, {resultTypes: ["violations"], rules, ...(only ? {runOnly: only} : {})});
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, nodes: v.nodes.length,
      first: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
    }));
  } finally {
    for (const [el, box] of aside) box.replaceWith(el);
  }
}"""


def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (package.json pins axe-core)", pytrace=False)
    return AXE.read_text(encoding="utf-8")


# The rules whose verdict can change with the theme: the colours are all that differ between the two.
THEMED = ["color-contrast", "link-in-text-block"]


def violations(
    page: Any,
    selector: str | None = None,
    only: list[str] | None = None,
    off: list[str] | None = None,
    every: int = VIEWERS_AUDITED,
) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (its viewers but one in ``every``: VIEWERS_AUDITED),
    or within one element of it, of every rule or ``only`` those, but those ``off`` (axe injected once per
    document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    result: list[dict[str, Any]] = page.evaluate(RUN, [selector, only, off or [], every])
    return result


def report(found: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for where, items in found.items():
        for v in items:
            lines.append(f"{where}: {v['id']} ({v['impact']}, {v['nodes']} nodes)")
            lines.extend(f"    {text}" for text in v["first"])
    return "\n".join(lines)


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, live_page: Any) -> str:
    """The reader's colour scheme (Furo follows it: its default theme is "auto")."""
    live_page.emulate_media(color_scheme=request.param)
    return str(request.param)


def test_the_dark_check_sees_a_contrast_violation(live_page: Any, site_server: SiteServer) -> None:
    """The page turned dark after loading is checked in its dark colours: text dark on dark is found."""
    live_page.emulate_media(color_scheme="light")
    live_page.goto(site_server.url + "index.html")
    live_page.evaluate("""() => {
      const p = document.createElement("p");
      p.textContent = "dark only";
      p.style.color = "#222222";  // readable on the light page, not on the dark one
      document.querySelector("article").append(p);
    }""")
    assert violations(live_page, only=THEMED) == []
    live_page.emulate_media(color_scheme="dark")
    ids = {v["id"] for v in violations(live_page, only=THEMED)}
    assert "color-contrast" in ids, ids


def test_the_axe_check_sees_a_violation(live_page: Any, site_server: SiteServer) -> None:
    """The check itself can fail: an unlabelled button and a list without items are reported."""
    live_page.goto(site_server.url + "index.html")
    live_page.evaluate("""() => {
      const article = document.querySelector("article");
      article.append(document.createElement("button"));
      const list = document.createElement("div"); list.setAttribute("role", "list"); article.append(list);
      list.append(document.createElement("span"));  // a list whose child is no list item
      list.firstChild.textContent = "not an item";
    }""")
    ids = {v["id"] for v in violations(live_page)}
    assert {"button-name", "aria-required-children"} <= ids, ids


def test_the_viewers_left_out_are_those_past_the_share(live_page: Any, site_server: SiteServer) -> None:
    """A violation in a viewer of the share is found in every run; in a viewer past it, only when every
    viewer is audited (`nox -s sweep`)."""
    live_page.goto(site_server.url + "druzbart.html")
    wait_mounted(live_page, everything=False)
    open_folds(live_page)  # a viewer in a closed fold (or an unselected tab) is out of axe's sight anyway
    live_page.evaluate(
        """(share) => {
      const seen = [...document.querySelectorAll(".oldtricks-widget")].map((el, i) => [el, i])
        .filter(([el]) => el.checkVisibility());
      const audited = seen.find(([, i]) => i % share === 0), past = seen.find(([, i]) => i % share);
      for (const [[el], name] of [[audited, "bare-audited"], [past, "bare-past"]]) {
        el.append(Object.assign(document.createElement("button"), {className: name}));
      }
    }""",
        SWEEP_SHARE,
    )

    def bare(every: int) -> set[str]:
        return {n.split(":")[0] for v in violations(live_page, only=["button-name"], every=every) for n in v["first"]}

    before = live_page.evaluate_handle("() => [...document.querySelectorAll('.oldtricks-widget')]")
    height = live_page.evaluate("() => document.documentElement.scrollHeight")
    assert bare(1) == {".bare-audited", ".bare-past"}
    assert bare(SWEEP_SHARE) == {".bare-audited"}
    # the viewers set aside for the audit are back, the same elements in their places, the page as long
    same = "(before) => { const now = [...document.querySelectorAll('.oldtricks-widget')];"
    same += " return now.length === before.length && now.every((el, i) => el === before[i]); }"
    assert live_page.evaluate(same, before)
    assert live_page.locator(".ot-axe-aside").count() == 0
    assert live_page.evaluate("() => document.documentElement.scrollHeight") == height


LESSON_PAGE, LESSON = "bettelmann.html", "bettelmann/last-three"


def test_axe_finds_nothing_in_a_lesson_answered_wrong(live_page: Any, site_server: SiteServer, scheme: str) -> None:
    frames = embedded((site_server.root / LESSON_PAGE).read_text(encoding="utf-8"))[LESSON]["frames"]
    asked = next(f for f in frames if f["ask"])
    live_page.goto(f"{site_server.url}{LESSON_PAGE}#{LESSON}@{asked['step']}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{LESSON}"]')
    root.locator('[data-action="hint"]').click()
    wrong = next(m for m in asked["legal"] if m != asked["ask"]["answer"])
    root.locator(f'.ot-hand button[data-card="{wrong}"]').click()
    assert asked["ask"]["wrong"] in root.locator('[data-role="lesson-reply"]').text_content()
    found = violations(live_page, f'.oldtricks-widget[id="{LESSON}"]')
    assert not found, report({f"{LESSON} in a lesson ({scheme})": found})


def test_axe_finds_nothing_in_a_sandbox_being_played(live_page: Any, site_server: SiteServer, scheme: str) -> None:
    """The sandbox with the live engine answering: the engine plays North's turn."""
    live_page.goto(site_server.url + "sandbox/bettelmann.html")
    live_page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=120_000)
    live_page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    step = live_page.locator(".oldtricks-widget.ot-sb-widget").get_attribute("data-step")
    live_page.locator('[data-action="advance"]').click()
    live_page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    assert live_page.locator(".oldtricks-widget.ot-sb-widget").get_attribute("data-step") != step
    found = violations(live_page)
    assert not found, report({f"sandbox/bettelmann.html being played ({scheme})": found})


def both_schemes(page: Any, selector: str | None, where: str) -> dict[str, list[dict[str, Any]]]:
    """axe-core's violations within `selector`: every rule in light, then the rules that read colours in
    dark (Furo follows the reader's scheme, so the page is not loaded again): {where (scheme): violations},
    those with any."""
    found = {}
    for scheme, only in (("light", None), ("dark", THEMED)):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        items = violations(page, selector, only)
        if items:
            found[f"{where} ({scheme})"] = items
    return found


LIVE_MS = 90_000


def test_axe_finds_nothing_in_a_viewer_gone_live_and_showing_two_readings(
    live_page: Any, site_server: SiteServer
) -> None:
    """A viewer played live (South to move, the cards buttons), then under another rule beside the
    book (compare.js): axe on the viewer alone, light and dark."""
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{LESSON_PAGE}#bettelmann/last-three-off@0")
    wait_mounted(live_page, everything=False)
    sid = "bettelmann/last-three-off"
    viewer = f'.oldtricks-widget[id="{sid}"]'
    root = live_page.locator(viewer)
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector(f'{viewer}[data-ready="live"]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => !document.getElementById('{sid}').hasAttribute('aria-busy')")
    assert root.locator("button.ot-legal, button[data-move]").count() > 0, "nothing to play: not a live table"
    found = both_schemes(live_page, viewer, f"{sid} live")
    root.locator('details[data-role="options"] summary').click()
    root.locator('select[data-option="last_three"]').select_option("on")
    live_page.wait_for_function(
        f"() => document.getElementById('{sid}').dataset.divergeStep !== undefined", timeout=LIVE_MS
    )
    live_page.wait_for_function(f"() => !document.getElementById('{sid}').hasAttribute('aria-busy')")
    assert root.locator(".ot-readings, [data-role='readings']").count() > 0, "no second reading drawn"
    found |= both_schemes(live_page, viewer, f"{sid} two readings")
    assert not found, report(found)


PLAYED = """() => {
  const b = document.querySelector('.ot-sb-widget button.ot-legal:not(:disabled),'
    + ' .ot-sb-play [data-move]:not(:disabled), .ot-sb-play [data-action="advance"]:not(:disabled)');
  if (b) b.click();
  return !!b;
}"""


@pytest.mark.parametrize("game", ["clock", "drogue", "druzbart", "todundleben"])
def test_axe_finds_nothing_in_each_sandbox_being_played(live_page: Any, site_server: SiteServer, game: str) -> None:
    """Each sandbox but Bettelmann's (above), a move played in it: axe on the sandbox, light and dark."""
    live_page.goto(f"{site_server.url}sandbox/{game}.html")
    live_page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=LIVE_MS)
    live_page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    step = live_page.locator(".oldtricks-widget.ot-sb-widget").get_attribute("data-step")
    assert live_page.evaluate(PLAYED), "nothing to play in the sandbox"
    live_page.wait_for_function(
        f"() => document.querySelector('.oldtricks-widget.ot-sb-widget').dataset.step !== '{step}'", timeout=LIVE_MS
    )
    live_page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    found = both_schemes(live_page, ".oldtricks-sandbox", f"sandbox/{game}.html being played")
    assert not found, report(found)


RULES_PAGES = ["bettelmann.html", "druzbart.html", "drogue.html", "drogue-clips.html"]
# Two rules that axe runs only when asked (target-size) or that a page passes only with every viewer drawn
# (region): every control at least 24 x 24 px or with room around it (WCAG 2.5.8), all content in a landmark.
TARGETS = ["target-size", "region"]

# Every viewer of the page at its first question's step (the cards are buttons there), or at its last step
# (the seats carry their marks, links to their rules), or half way.
AT_EACH = """async (where) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  for (const w of (await import(src)).widgets.values()) {
    const asked = w.frames.findIndex((f) => f.ask);
    w.show(where === "question" ? Math.max(0, asked) : where === "last" ? w.frames.length - 1 : w.frames.length >> 1);
  }
}"""


# Each page at each width with each viewer at each of the three steps: six passes a page under `nox -s
# sweep`; the README's test command makes two a page, the four pages between them making all six.
PASSES = [(size, where) for size in ((1280, 800), (390, 844)) for where in ("question", "half", "last")]


def passes_of(name: str) -> list[tuple[tuple[int, int], str]]:
    """The passes made on rules page ``name`` this run (sitepages.sweep_share)."""
    if sweeping_all():
        return PASSES
    i = RULES_PAGES.index(name)
    return [PASSES[i % len(PASSES)], PASSES[(i + len(PASSES) // 2) % len(PASSES)]]


def test_the_rules_pages_share_every_pass() -> None:
    made = {p for name in RULES_PAGES for p in passes_of(name)}
    assert made == set(PASSES), sorted(set(PASSES) - made)
    assert all({size for size, _ in passes_of(name)} == {(1280, 800), (390, 844)} for name in RULES_PAGES)


@pytest.mark.long
@pytest.mark.sweep
@pytest.mark.parametrize("name", RULES_PAGES)
def test_every_target_is_large_enough_and_in_a_landmark_on_a_rules_page(
    live_page: Any, site_server: SiteServer, name: str
) -> None:
    live_page.goto(site_server.url + name)
    wait_mounted(live_page, everything=False)
    open_folds(live_page)
    wait_mounted(live_page)  # every viewer drawn
    found: dict[str, list[dict[str, Any]]] = {}
    for (width, height), where in passes_of(name):
        live_page.set_viewport_size({"width": width, "height": height})
        live_page.evaluate(AT_EACH, where)
        items = violations(live_page, only=TARGETS)
        if items:
            found[f"{name} at {width} px, each viewer at its {where} step"] = items
    assert not found, "axe-core found violations:\n" + report(found)
