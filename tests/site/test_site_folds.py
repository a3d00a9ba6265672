"""``{examples}`` and ``{fold}``: a part of a page folded under one line, a button that tabs.js brings to
life over content it hides; the line names the tabs and viewers inside; ``:open:`` starts it open."""

from __future__ import annotations

import re

from conftest import Builder

COLONS = {"myst_enable_extensions": ["colon_fence"]}

PAGE = """\
# T

::::::{examples}
The same deal both ways:

:::::{tabs}
::::{tab} Winner leads (default)
```{scenario} bettelmann/basics
```
::::

::::{tab} Same player leads
```{scenario} bettelmann/next-lead-fixed
```
::::
:::::

```{scenario} bettelmann/many-players
```
::::::

::::{examples} Watch the ties
:open:
```{scenario} bettelmann/tie-pierer
```
::::

:::{fold} The same as a table
| a | b |
|---|---|
| 1 | 2 |
:::
"""


def test_a_fold_is_a_button_over_its_content_named_for_what_it_holds(build: Builder) -> None:
    built = build({"index.md": PAGE}, conf=COLONS)
    assert built.status == 0, built.warnings
    out = built.html()
    folds = re.findall(
        r'<div class="ot-fold" data-ot-fold="(\w+)" id="([\w-]+)">\s*<button type="button" class="ot-fold-toggle"'
        r' aria-expanded="(\w+)" aria-controls="([\w-]+)">([^<]*)</button>\s*<div class="ot-fold-body" id="([\w-]+)">',
        out,
    )
    assert [(state, expanded) for state, _, expanded, *_ in folds] == [
        ("closed", "false"),
        ("open", "true"),
        ("closed", "false"),
    ], folds
    for _, fid, _, controls, _, body in folds:
        assert controls == body == f"{fid}-body"
    # the line: each tab's label, then each viewer outside tabs by its title; or the author's words
    lines = [line for *_, line, _ in folds]
    assert lines == [
        "Watch: Winner leads (default) · Same player leads · Three players",
        "Watch the ties",
        "The same as a table",
    ]
    first = out[out.index('data-ot-fold="closed"') : out.index('data-ot-fold="open"')]
    assert all(f'id="bettelmann/{sid}"' in first for sid in ("basics", "next-lead-fixed", "many-players"))
    assert "<table" in out[out.rindex("data-ot-fold") :]
    assert "oldtricks/tabs.js" in out and out.index("oldtricks/tabs.js") < out.index("oldtricks/widget.js")


def test_a_page_with_folds_and_no_tabs_loads_tabs_js(build: Builder) -> None:
    built = build({"index.md": "# T\n\n:::{fold} More\nText.\n:::\n"}, conf=COLONS)
    assert built.status == 0, built.warnings
    assert built.html().count("oldtricks/tabs.js") == 1


def test_examples_hold_a_viewer_and_a_fold_has_its_line(build: Builder) -> None:
    for body, message in [
        ("::::{examples}\nOnly words.\n::::\n", "an {examples} block holds at least one viewer ({scenario})"),
        ("::::{fold}\nText.\n::::\n", "1 argument(s) required, 0 supplied"),
    ]:
        built = build({"index.md": "# T\n\n" + body}, conf=COLONS)
        assert built.status == 1 and message in built.warnings, built.warnings
        assert "index.md:3" in built.warnings, built.warnings
