"""Two builds of the site stepped in turn: the main thread's CPU ms per step of each, in the same run.

The browser bench's ``stepping`` measure (bench/browser_stepping.py: STEP_LOOP, 40 Next clicks drawn in one
task, each laid out, the CPU not slowed; ThreadTime, the lowest of three passes) on one viewer of two
built sites, served side by side: run after run, at desktop (1280 px) and phone (390 px) sizes, each
run in a new context, the two sites in alternating order, so that the machine's load (two cores shared
with other work) weighs on both alike. Prints each site's median and the ratio of the second to the first.

    python bench/stepping_ab.py BASE_SITE NEW_SITE [--runs 7] [--page drogue-clips.html] [--viewer ID]

A site is a folder built by ``nox -s site`` (build/site), e.g. one copied aside before a change.
Uses Debian's Chromium and Playwright, as the browser bench does (.nox/browser/bin/python).
"""

from __future__ import annotations

import argparse
import statistics
import threading
from pathlib import Path
from typing import Any

from browser_common import PHONE, PREFIX, _load_runtime, devserver, plain_server
from browser_stepping import DESKTOP, VIEWERS, _step_ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", type=Path, nargs=2, help="the two built sites: the baseline, then the new one")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--page", default="drogue-clips.html")
    parser.add_argument("--viewer", default=None, help="a scenario id (default: the page's first viewer)")
    args = parser.parse_args(argv)
    for site in args.sites:
        if not (site / args.page).is_file():
            parser.error(f"{site / args.page} does not exist: build the site first (nox -s site)")
    viewer = args.viewer or VIEWERS.findall((args.sites[0] / args.page).read_text(encoding="utf-8"))[0]
    runtime = _load_runtime()
    servers = [plain_server(runtime, site) for site in args.sites]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    urls = [f"http://127.0.0.1:{s.server_address[1]}{PREFIX}{args.page}#{viewer}@0" for s in servers]
    sizes: dict[str, dict[str, Any]] = {"desktop": DESKTOP, "phone": PHONE}
    cpu: dict[tuple[str, int], list[float]] = {(size, k): [] for size in sizes for k in (0, 1)}
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=devserver.CHROMIUM, args=devserver.CHROMIUM_ARGS)
            for run in range(args.runs):
                for size, options in sizes.items():
                    for k in (0, 1) if run % 2 == 0 else (1, 0):
                        context = browser.new_context(**options)
                        page = context.new_page()
                        cdp = context.new_cdp_session(page)
                        cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
                        # the wall clock slowed is not wanted here: the CPU time only (slowdown 1)
                        cpu[(size, k)].append(_step_ms(page, cdp, urls[k], viewer, 1)[1])
                        context.close()
            browser.close()
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    print(f"{args.page}#{viewer}, {args.runs} runs; main thread's CPU ms per step (lowest of three passes each run)")
    for size in sizes:
        base, new = (statistics.median(cpu[(size, k)]) for k in (0, 1))
        print(f"{size:8} {args.sites[0]}: {base:5.2f}   {args.sites[1]}: {new:5.2f}   ratio {new / base:.3f}")
        for k in (0, 1):
            print(f"         {k}: {[round(v, 2) for v in cpu[(size, k)]]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
