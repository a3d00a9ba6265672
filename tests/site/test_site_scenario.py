"""The ``{scenario}`` directive: the embedded data, its safety, the text form, and its errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import SCENARIOS, Builder, frames_of, line_of, write_scenario
from oldtricks.scenarios.framepack import pack, unpack
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec, load
from oldtricks_sphinx.scenario import embed_json

TIE_DEAL = """
[deal]
dealer = 0
hands = [
  "9A KB 8B OL UL 7B AB UH OH KL TB KH UB KA TL TA",
  "9H 8L TH 9B UA 7H AA 9L OB 7L 8H OA AL 7A AH 8A",
]
"""

# one page, two viewers: the German and the French pack
TWO_PACKS = {
    "index.md": "# Two packs\n\n```{scenario} bettelmann/basics\n```\n\n```{scenario} bettelmann/pack-french\n```\n"
}


def test_embed_holds_the_replayed_frames(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Ties

        ```{scenario} bettelmann/tie-pierer
        :step: 2
        :viewer: North
        ```
        """
        }
    )
    assert built.status == 0, built.warnings
    [widget] = built.widgets()
    assert widget["attrs"] == {
        "class": "oldtricks-widget",
        "id": "bettelmann/tie-pierer",
        "data-scenario": "bettelmann/tie-pierer",
        "tabindex": "0",
    }
    data = widget["data"]
    sc = load(SCENARIOS / "bettelmann/tie-pierer.toml", SCENARIOS)
    rp = replay(sc)
    assert set(widget["raw"]) == {"packed"}  # packed by default
    assert frames_of(data) == rp.frames()
    # the spec the live engine replays: the file's, without its prose and its build-time checks
    assert data["spec"] == {k: v for k, v in sc.spec().items() if k not in ("description", "demonstrates", "expect")}
    assert replay(from_spec(data["spec"])).frames() == rp.frames()
    assert (data["id"], data["title"], data["game"], data["pattern"]) == (sc.id, sc.title, "bettelmann", "german")
    assert data["options"] == [s.as_json(rp.game.options[s.key]) for s in rp.game.option_specs]
    assert [o["value"] for o in data["options"] if o["key"] == "tie"] == ["pierer"]
    assert data["seat_names"] == ["South", "North"]
    assert (data["viewer"], data["step"]) == (1, 2)
    # every id the viewer can show has a status and title; no page states them here, so no URL
    for rule_id in [*sc.demonstrates, *(i for f in rp.frames() for i in f["ids"])]:
        assert data["rules"][rule_id]["status"] in {"documented", "disputed", "suggested", "assumed"}
        assert data["rules"][rule_id]["url"] is None
    # compact JSON, exactly as embed_json writes it
    assert widget["json"] == embed_json(widget["raw"])
    assert "\n" not in widget["json"]


def test_frames_can_be_embedded_unpacked(build: Builder) -> None:
    built = build(
        {"index.md": "# Basics\n\n```{scenario} bettelmann/basics\n```\n"}, conf={"oldtricks_pack_frames": False}
    )
    assert built.status == 0, built.warnings
    [widget] = built.widgets()
    assert set(widget["raw"]) == {"games", "rules", "viewers"}
    assert "patched" not in widget["raw"] and widget["raw"]["viewers"]["bettelmann/basics"]["frames"][1]["step"] == 1
    assert widget["data"]["frames"] == replay(load(SCENARIOS / "bettelmann/basics.toml", SCENARIOS)).frames()


def test_packed_data_is_reproducible() -> None:
    data = {"frames": replay(load(SCENARIOS / "bettelmann/basics.toml", SCENARIOS)).frames()}
    assert pack(data) == pack(json.loads(json.dumps(data)))
    assert unpack(pack(data)) == data


def test_page_block_packs_every_viewer_once(build: Builder) -> None:
    built = build(TWO_PACKS)
    assert built.status == 0, built.warnings
    first, second = built.widgets()
    assert first["raw"] is second["raw"] and built.html().count('id="oldtricks-page"') == 1
    page = unpack(first["raw"]["packed"])
    assert page["patched"] is True and set(page["viewers"]) == {"bettelmann/basics", "bettelmann/pack-french"}
    for w in (first, second):
        sid = w["attrs"]["data-scenario"]
        want = replay(load(SCENARIOS / f"{sid}.toml", SCENARIOS)).frames()
        stored = page["viewers"][sid]["frames"]
        assert stored[0] == want[0] and stored[1] != want[1]  # later frames are stored as patches
        assert w["data"]["frames"] == want


def test_text_form_lists_deal_tricks_and_outcome(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Run out

        ```{scenario} bettelmann/run-out-loses
        ```
        """
        },
        buildername="text",
    )
    assert built.status == 0, built.warnings
    text = built.text()
    rp = replay(load(SCENARIOS / "bettelmann/run-out-loses.toml", SCENARIOS))
    first = rp.frames()[0]
    assert "oldtricks-data" not in text
    for seat in first["seats"]:
        assert f"{seat['name']}" in text and " ".join(seat["hand"]["cards"][:3]) in text
    assert "Trick 1:" in text
    assert "Outcome: " + rp.frames()[-1]["outcome"]["text"] in " ".join(text.split())


def test_html_text_form_is_on_the_text_page_linked_from_the_widget_and_packed_for_print(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Basics

        ```{scenario} bettelmann/basics
        ```

        ```{scenario} bettelmann/pack-french
        ```
        """
        }
    )
    assert built.status == 0, built.warnings
    page = built.html()
    # in the page: each viewer's <noscript> links to its text form on the page's text page...
    start = page.index('<div class="oldtricks-widget"')
    assert page.index('id="oldtricks-page"') < start
    assert 'class="ot-static docutils container' not in page and "Trick 4:" not in page
    links = re.findall(r'<noscript><p class="ot-static-away">[^<]*<a href="([^"]+)">', page)
    assert links == ["text/index.html#bettelmann/basics", "text/index.html#bettelmann/pack-french"]
    # ... and the forms follow the last viewer, packed, for print (widget.js puts them in)
    block = re.search(r'<script type="application/json" id="oldtricks-text">(.*?)</script>', page)
    assert block is not None and block.start() > page.rindex('<div class="oldtricks-widget"')
    forms = unpack(json.loads(block.group(1))["packed"])["forms"]
    assert list(forms) == ["bettelmann/basics", "bettelmann/pack-french"]
    assert forms["bettelmann/basics"].startswith('<div class="ot-static docutils container">')
    assert "Trick 4:" in forms["bettelmann/basics"]
    assert "The scenario stops here, after 4 tricks;" in forms["bettelmann/basics"]
    # the text page: every form under its viewer's id, as in the packed copy, with links back
    text = built.html("text/index")
    for sid, form in forms.items():
        at = text.index(f'<section class="ot-text-form" id="{sid}"')
        assert text.index(form, at) > at
        assert f'href="../index.html#{sid}"' in text
    assert "<script" not in text  # a page for readers without scripts


def test_unknown_scenario_fails_with_page_and_line(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Missing

        ```{scenario} bettelmann/no-such-deal
        ```
        """
        }
    )
    assert built.status == 1
    assert re.search(r"index\.md:3: ERROR: unknown scenario 'bettelmann/no-such-deal'", built.warnings), built.warnings
    assert "bettelmann/tie-pierer" in built.warnings  # the known ids are listed
    assert not built.widgets()


def test_malformed_id_cannot_leave_the_scenarios_folder(build: Builder) -> None:
    built = build({"index.md": "# X\n\n```{scenario} ../scenarios/bettelmann/basics\n```\n"})
    assert built.status == 1
    assert "index.md:3: ERROR: unknown scenario '../scenarios/bettelmann/basics'" in built.warnings


def test_illegal_move_names_page_and_scenario_line(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    path = write_scenario(
        folder,
        "demo/broken",
        f"""
        title = "Broken"
        game = "bettelmann"
        {TIE_DEAL}
        [[step]]
        move = "AH"
        note = "North must turn up his top card, the Nine of Hearts."
        """,
    )
    built = build({"index.md": "# Broken\n\nText.\n\n```{scenario} demo/broken\n```\n"}, scenarios=folder)
    assert built.status == 1
    where = f"{path}:{line_of(path, '[[step]]')}:"
    assert re.search(r"index\.md:5: ERROR: scenario 'demo/broken' is broken: ", built.warnings), built.warnings
    assert where in built.warnings and "'AH' is not legal" in built.warnings, built.warnings


def test_toml_error_names_scenario_line(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    path = write_scenario(
        folder,
        "demo/bad-toml",
        """
        title = "Bad"
        game = "bettelmann"
        demonstrates = ["bettelmann.rank"
        """,
    )
    built = build({"index.md": "# Bad\n\n```{scenario} demo/bad-toml\n```\n"}, scenarios=folder)
    assert built.status == 1
    assert "index.md:3: ERROR: scenario 'demo/bad-toml' is broken: " in built.warnings
    assert f"{path}:" in built.warnings and "not valid TOML" in built.warnings


def test_unknown_ledger_id_in_scenario_names_its_line(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    path = write_scenario(
        folder,
        "demo/unknown-id",
        f"""
        title = "Unknown id"
        game = "bettelmann"
        demonstrates = ["bettelmann.no-such-rule"]
        {TIE_DEAL}
        """,
    )
    built = build({"index.md": "# U\n\n```{scenario} demo/unknown-id\n```\n"}, scenarios=folder)
    assert built.status == 1
    assert f"{path}:{line_of(path, 'demonstrates')}: unknown ledger id 'bettelmann.no-such-rule'" in built.warnings


def test_bad_options_fail_with_page_line(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Options

        ```{scenario} bettelmann/basics
        :step: 99
        ```

        ```{scenario} bettelmann/tie-pierer
        :viewer: East
        ```
        """
        }
    )
    assert built.status == 1
    assert "index.md:3: ERROR: :step: 99 is past the end" in built.warnings, built.warnings
    assert "index.md:7: ERROR: :viewer: must be 'all'" in built.warnings, built.warnings


def test_a_scenario_is_embedded_once(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Twice

        ```{scenario} bettelmann/basics
        ```

        ```{scenario} bettelmann/basics
        ```
        """
        }
    )
    assert built.status == 1
    assert "index.md:6: ERROR: scenario 'bettelmann/basics' is already embedded at index:3" in built.warnings


def test_json_embed_is_script_safe(build: Builder, tmp_path: Path) -> None:
    evil = "</script><img src=x onerror=alert(1)><!-- & \u2028"
    folder = tmp_path / "scenarios"
    write_scenario(
        folder,
        "demo/evil",
        f"""
        title = {json.dumps("Title </SCRIPT> " + evil)}
        game = "bettelmann"
        description = {json.dumps(evil)}
        {TIE_DEAL}
        [[step]]
        note = {json.dumps(evil)}
        """,
    )
    built = build({"index.md": "# Evil\n\n```{scenario} demo/evil\n```\n"}, scenarios=folder)
    assert built.status == 0, built.warnings
    page = built.html()
    assert "<img" not in page and "<!--" not in page.split('class="oldtricks-widget"')[1]
    [widget] = built.widgets()
    body = widget["json"]
    assert not re.search(r"[<>&\u2028]", body)
    assert frames_of(widget["data"])[0]["note"] == evil
    assert widget["data"]["title"].endswith(evil) and "description" not in widget["data"]["spec"]
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page  # the text form shows it, escaped


def test_scenario_role_links_to_the_embed(build: Builder) -> None:
    built = build(
        {
            "index.md": """
            # Home

            ```{toctree}
            games/ties
            ```

            See {scenario}`bettelmann/tie-pierer` and {scenario}`this one <bettelmann/tie-pierer>`.
            """,
            "games/ties.md": "# Ties\n\n```{scenario} bettelmann/tie-pierer\n```\n",
        }
    )
    assert built.status == 0, built.warnings
    page = built.html()
    assert 'href="games/ties.html#bettelmann/tie-pierer"><span>Equal ranks wait' in page
    assert 'href="games/ties.html#bettelmann/tie-pierer"><span>this one</span>' in page


def test_scenario_role_unknown_id_fails(build: Builder) -> None:
    built = build({"index.md": "# Home\n\nSee {scenario}`bettelmann/nope`.\n"})
    assert built.status == 1
    assert "index.md:3: ERROR: unknown scenario 'bettelmann/nope'" in built.warnings


def test_html_text_form_draws_the_hands_as_cards(build: Builder) -> None:
    built = build(TWO_PACKS)
    assert built.status == 0, built.warnings
    page = built.html("text/index")  # the page's text forms (textpage.py)
    # every card of the deal is a small card picture; French cards keep their suit symbol
    german = load(SCENARIOS / "bettelmann/basics.toml", SCENARIOS).hands
    assert german is not None
    for card in german[0].split():
        assert f"<i class=g{card[1]}>{card}</i>" in page
    assert "<i class=fS>J♠</i>" in page
    # pages.css draws them: each class used has its rule
    css = (Path(__file__).parents[2] / "site/oldtricks_sphinx/static/oldtricks/pages.css").read_text(encoding="utf-8")
    for suit in ("gA", "gL", "gH", "gB", "fH", "fD"):
        assert f".ot-static .{suit}" in css
    # the tricks stay plain text (a picture per played card would double the page)
    assert "Trick 1: North 9H, South UL. South wins." in page


def test_text_form_lists_every_deal_of_a_longer_game(build: Builder) -> None:
    """A game of several deals: each later deal opens with its hands, and every trick of every deal is
    listed (Drużbart numbers tricks afresh in each deal)."""
    built = build({"index.md": "# Game\n\n```{scenario} druzbart/game\n```\n"}, buildername="text")
    assert built.status == 0, built.warnings
    text = " ".join(built.text().split())
    frames = replay(load(SCENARIOS / "druzbart/game.toml", SCENARIOS)).frames()
    starts = [f for i, f in enumerate(frames) if i and f["trick"]["number"] == 0 and frames[i - 1]["trick"]["number"]]
    assert len(starts) == 1, "the scenario should hold two deals"
    second = text.index("Deal 2")
    for seat in starts[0]["seats"]:  # the second deal's hands, after its heading
        assert " ".join(seat["hand"]["cards"][:3]) in text[second:]
    done = [f for f in frames if f["trick"].get("complete")]
    tricks_in_deal_two = {f["trick"]["number"] for f in done if frames.index(f) > frames.index(starts[0])}
    for number in tricks_in_deal_two:
        assert f"Trick {number}:" in text[second:]
    assert text.count("Trick 1:") == 2
