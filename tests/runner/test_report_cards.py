"""report.md and report.html show each finding as a card (the rule and what the oracle decided, the
board before, the numbered steps, the differences, the replay command, the further examples) and
the rule verdicts per rules area; report.html stays one well-formed, self-contained page, laid out
as meant in a real browser (headless chromium, when installed)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import attrs
import pytest
from hypothesis import settings

from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner import certify
from mtg_conformance.runner.certify import area_of_rule
from mtg_conformance.runner.cli import main
from mtg_conformance.runner.report_cards import step_text
from mtg_conformance.runner.report_html import render_html
from mtg_conformance.runner.report_md import cell, render_md
from mtg_conformance.runner.results import Coverage, Example, Finding, PropertyOutcome, PropertyVerdict, judge

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@pytest.fixture(scope="module", autouse=True)
def _keep_hypothesis_profile():
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


@pytest.fixture(scope="module")
def pool_persists(tmp_path_factory):
    """A whole certificate of a mutant whose mana pools never empty (CR 106.4), on MANA-005."""
    out = tmp_path_factory.mktemp("cards")
    assert main(["certify", "--engine", "mutant:pool-persists", "--out", str(out), "--profile", "ci",
                 "-k", "MANA-005"]) == 1
    return out, json.loads((out / "report.json").read_text())


class Page(HTMLParser):
    """report.html parsed strictly: every element closed in order, ids, links, and the text and
    attributes under each element with a class."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.open, self.problems, self.ids, self.links, self.elements = [], [], [], [], []
        self.feed(text)
        self.close()
        self.problems += [f"<{tag}> never closed" for tag, _ in self.open]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a":
            self.links.append(attrs.get("href", ""))
        element = {"tag": tag, "attrs": attrs, "text": "", "inside": [e for _, e in self.open]}
        self.elements.append(element)
        if tag not in VOID:
            self.open.append((tag, element))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.open or self.open[-1][0] != tag:
            self.problems.append(f"</{tag}> closes <{self.open[-1][0] if self.open else 'nothing'}>")
            return
        self.open.pop()

    def handle_data(self, data):
        for _, element in self.open:
            element["text"] += data

    def all(self, tag: str, css: str = "", inside: dict | None = None) -> list[dict]:
        return [e for e in self.elements if e["tag"] == tag
                and (not css or css in e["attrs"].get("class", "").split())
                and (inside is None or any(i is inside for i in e["inside"]))]


def self_contained_problems(page: str) -> list[str]:
    """What in report.html's markup (not its escaped text) would load anything from elsewhere or
    run anything."""
    parsed, problems = Page(page), []
    for e in parsed.elements:
        tag, attrs = e["tag"], e["attrs"]
        if tag in ("script", "link", "iframe", "object", "embed", "img", "base"):
            problems.append(f"<{tag}>")
        problems += [f"{tag} {name}=" for name in attrs if name.startswith("on") or name in ("src", "srcset")]
        if tag == "a" and not attrs.get("href", "").startswith(("#", "https://", "http://")):
            problems.append(f"a href={attrs.get('href')!r}")
        if re.search(r"url\(|@import", attrs.get("style", "") + (e["text"] if tag == "style" else ""), re.I):
            problems.append(f"{tag}: url( or @import")
    return problems


def _decided(says: str) -> str:
    return says.split(": ", 1)[1].replace(" -> ", " → ")


def test_the_markdown_card_shows_what_an_author_needs(pool_persists):
    out, report = pool_persists
    markdown = (out / "report.md").read_text()
    finding, = report["findings"]
    example = finding["examples"][0]
    card = markdown.split("#### 1. ")[1].split("\n### ")[0]
    assert card.startswith("CR 106.4: Mana pools empty")
    assert f"> **What went wrong:** {cell(finding['message'])}" in card
    assert f"**The oracle decided** (CR 106.4): {cell(_decided(example['decision']))}" in card
    assert "**Board before** (Turn " in card and "| Permanent | Card | Controller | State |" in card
    for permanent in example["scenario"]["battlefield"]:
        assert f"| {cell(permanent['id'])} | {cell(permanent['card'])} | player {permanent['controller']} |" in card
    names = {p["id"]: p["card"] for p in example["scenario"]["battlefield"]}
    steps = [step_text(action, names) for action in example["program"]]
    for n, step in enumerate(steps, 1):
        assert (f"{n}. **{cell(step)}** ← diverged" if n == len(steps) else f"{n}. {cell(step)}") in card
    assert f"**Differences after step {len(steps)}**" in card and "| Field | Engine | Oracle |" in card
    for where, engine, oracle in example["differences"]:
        assert f"| {cell(where)} | {cell(json.dumps(engine))} | {cell(json.dumps(oracle))} |" in card
    assert (f"**Replay:** `mtg-conformance replay vectors/{example['vector']} --engine mutant:pool-persists`"
            in card)
    assert "**More examples**" not in card or len(finding["examples"]) > 1


def test_the_html_card_shows_what_an_author_needs(pool_persists):
    out, report = pool_persists
    page = Page((out / "report.html").read_text())
    finding, = report["findings"]
    example = finding["examples"][0]
    card, = page.all("section", "finding")
    assert card["attrs"]["id"] == "finding-1" and "#finding-1" in page.links
    title, = page.all("h3", inside=card)
    assert title["text"].startswith("1. CR 106.4: Mana pools empty")
    sentence, = page.all("p", "sentence", card)
    assert finding["message"] in sentence["text"]
    decision, = page.all("p", "decision", card)
    assert decision["text"] == f"The oracle decided (CR 106.4): {_decided(example['decision'])}"
    board, = page.all("div", "board", card)
    cells = [c["text"] for c in page.all("td", inside=board)]
    for permanent in example["scenario"]["battlefield"]:
        assert permanent["id"] in cells and permanent["card"] in cells
    steps = page.all("li", inside=page.all("ol", "steps", card)[0])
    assert len(steps) == len(example["program"])
    assert [s["attrs"].get("class") for s in steps] == [None] * (len(steps) - 1) + ["diverged"]
    assert steps[0]["text"].startswith(example["program"][0]["type"])
    differences, = page.all("table", "diffs", card)
    rows = [[c["text"] for c in page.all("td", inside=row)] for row in page.all("tr", inside=differences)][1:]
    assert rows == [[where, json.dumps(e), json.dumps(o)] for where, e, o in example["differences"]]
    replay, = page.all("code", inside=page.all("p", "replay", card)[0])
    assert replay["text"] == f"mtg-conformance replay vectors/{example['vector']} --engine mutant:pool-persists"
    assert len(page.all("details", inside=card)) == len(finding["examples"]) - 1


def test_the_html_report_is_well_formed_and_self_contained(pool_persists):
    out, _ = pool_persists
    text = (out / "report.html").read_text()
    page = Page(text)
    assert page.problems == []
    assert text.startswith("<!DOCTYPE html>") and len(page.all("html")) == len(page.all("body")) == 1
    assert len(page.ids) == len(set(page.ids))
    assert {link[1:] for link in page.links if link.startswith("#")} <= set(page.ids)
    assert self_contained_problems(text) == []
    assert "http://" not in text and "https://" not in text    # the mutant has no homepage to link


def test_the_self_containment_check_can_fail():
    for bad in ("<script>x</script>", '<img src="https://x/y.png">', "<style>a{background:url(x.png)}</style>",
                '<link rel="stylesheet" href="x.css">', '<p onclick="x()">', "<iframe></iframe>",
                '<a href="javascript:x()">a</a>', '<span style="background:url(x.png)"></span>'):
        assert self_contained_problems(bad), bad


def _finding(rule: str, prop: str, n: int, engine_value) -> Finding:
    scenario = {"contract": 1, "players": [{"life": 20, "hand": ["Mox"], "library": []},
                                           {"life": 3, "hand": [], "library": ["Plains"]}],
                "battlefield": [{"id": "p0", "card": "Llanowar Elves", "controller": 1, "owner": 0,
                                 "tapped": True, "phased_out": "directly"},
                                {"id": "p1", "card": "Holy Strength", "controller": 0,
                                 "attached_to": {"permanent": "p0"}}],
                "active_player": 1, "step": "main1", "turn": 4}
    examples = tuple(Example(prop, f"{prop}-{i}.json", f"sentence {i}", scenario,
                             ({"type": "cast", "player": 0, "card": "Mox", "id": "p2"},
                              {"type": "phase_out", "permanents": ["p0", "p2"]}, {"type": "check_sba"})[:i + 1],
                             (("permanents.p1.phased_out", engine_value, True), ("players[0].life", 20, 19)),
                             f"{rule}: p1 is attached to p0 -> phases out with it", ("Mox",) * i, "phase_out")
                     for i in range(n))
    return Finding(f"{rule}:kind", (rule,), "kind", examples[0].message, examples[0].vector, (prop,), 7,
                   examples[0].size, examples, {prop: 7})


def _results(engine_value="<img src=x onerror=alert(1)> *x* | `y`"):
    return judge([
        PropertyOutcome(PropertyVerdict("PHASE-002", "t", ("702.26g", "702.26h"), "fail",
                                        findings=("702.26g:kind",)),
                        (_finding("702.26g", "PHASE-002", 3, engine_value),)),
        PropertyOutcome(PropertyVerdict("MANA-005", "t", ("106.4",), "pass", "", 10,
                                        Coverage(10, 0, {}, {"106.4": 2}, {"106.4": 2}))),
    ])


def rendered_md(text: str) -> Page:
    """report.md as GitHub renders it: CommonMark with tables, raw HTML allowed (markdown-it-py
    comes with import-linter's rich)."""
    markdown_it = pytest.importorskip("markdown_it")
    return Page(markdown_it.MarkdownIt("commonmark", {"html": True}).enable("table").render(text))


def table_shapes(text: str) -> list[set]:
    """For each Markdown table, the numbers of cells its rows have (one number: a well-formed table)."""
    blocks = re.findall(r"(?:^\|.*\|\n)+", text + "\n", re.MULTILINE)
    return [{len(re.split(r"(?<!\\)\|", row)) for row in block.splitlines()} for block in blocks]


def test_report_md_renders_as_github_would(pool_persists):
    out, report = pool_persists
    text = (out / "report.md").read_text()
    finding, = report["findings"]
    example = finding["examples"][0]
    assert table_shapes(text) and all(len(shape) == 1 for shape in table_shapes(text))
    page = rendered_md(text)
    assert page.problems == [] and page.all("em") == [] and page.all("a") == []
    heading, = page.all("h4")
    assert heading["text"].startswith("1. CR 106.4: Mana pools empty")
    cells = [c["text"] for c in page.all("td")]
    assert finding["id"] in cells and finding["message"] in cells       # the findings index, literally
    differences, = [t for t in page.all("table") if [h["text"] for h in page.all("th", inside=t)]
                    == ["Field", "Engine", "Oracle"]]
    rows = [[c["text"] for c in page.all("td", inside=row)] for row in page.all("tr", inside=differences)][1:]
    assert rows == [[where, json.dumps(e), json.dumps(o)] for where, e, o in example["differences"]]
    steps = page.all("li", inside=page.all("ol")[0])
    assert len(steps) == len(example["program"]) and steps[-1]["text"].endswith("← diverged")


def test_what_the_engine_reports_stays_literal_in_rendered_markdown():
    found = _results()
    report = certify.build("stdio:x", {"name": "e", "version": "1"}, "ci", found, {}, True)
    text = render_md(report, found)
    assert all(len(shape) == 1 for shape in table_shapes(text))
    page = rendered_md(text)
    assert page.all("img") == [] and page.all("em") == []
    assert '"<img src=x onerror=alert(1)> *x* | `y`"' in [c["text"] for c in page.all("td")]


def test_further_examples_are_folded_and_listed():
    found = _results()
    report = certify.build("stdio:x", {"name": "e", "version": "1"}, "ci", found, {}, True)
    page, markdown = Page(render_html(report, found)), render_md(report, found)
    card, = page.all("section", "finding")
    summaries = [s["text"] for s in page.all("summary", inside=card)]
    assert [s.split(" — ")[0] for s in summaries] == ["Example 2: PHASE-002, 2 steps", "Example 3: PHASE-002, 3 steps"]
    assert [len(page.all("li", inside=d)) for d in page.all("details", inside=card)] == [2, 3]
    more = markdown.split("**More examples**\n\n")[1].split("\n\n")[0].splitlines()
    assert len(more) == 2 and all(line.startswith("- PHASE-002: 1. cast") for line in more)
    assert "`mtg-conformance replay vectors/PHASE-002-2.json --engine stdio:x`" in more[1]
    # the board: owner, tapped, phased out, attached, with card names; a card cast names its id
    assert ("| p0 | Llanowar Elves | player 1 | tapped, phased out (directly), owned by player 0 |"
            in markdown)
    assert "| p1 | Holy Strength | player 0 | attached to p0 (Llanowar Elves) |" in markdown
    assert "phase\\_out — permanents: p0 (Llanowar Elves), p2 (Mox)" in markdown
    assert "| player 1 (active) | 3 | — | 1 card (top: Plains) |" in markdown


def test_a_folded_finding_is_named_with_its_cases_on_the_card_it_was_folded_into():
    real = _finding("702.26g", "PHASE-002", 1, False)
    coincidence = _finding("702.26b", "PHASE-003", 1, False)
    coincidence = attrs.evolve(coincidence, cases=2, per_property={"PHASE-003": 2},
                               examples=tuple(attrs.evolve(e, other_reading=real.id) for e in coincidence.examples))
    found = judge([PropertyOutcome(PropertyVerdict("PHASE-002", "t", ("702.26g",), "fail", findings=(real.id,)),
                                   (real,)),
                   PropertyOutcome(PropertyVerdict("PHASE-003", "t", ("702.26b",), "fail",
                                                   findings=(coincidence.id,)), (coincidence,))])
    report = certify.build("stdio:x", {"name": "e", "version": "1"}, "ci", found, {}, True)
    assert [f["folded"] for f in report["findings"]] == [{coincidence.id: 2}]
    also = f"Also counted here: {coincidence.id} (2 cases)"
    assert also in render_md(report, found)
    page = Page(render_html(report, found))
    card, = page.all("section", "finding")
    assert [p["text"][:len(also)] for p in page.all("p", "also", inside=card)] == [also]


def test_what_the_engine_reports_stays_inert_in_both_reports():
    found = _results()
    report = certify.build("stdio:x", {"name": "e", "version": "1"}, "ci", found, {}, True)
    page, markdown = render_html(report, found), render_md(report, found)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert Page(page).problems == [] and self_contained_problems(page) == []
    row = [line for line in markdown.splitlines() if line.startswith("| permanents.p1.phased\\_out |")][0]
    assert row == r'| permanents.p1.phased\_out | "&lt;img src=x onerror=alert(1)&gt; \*x\* \| \`y\`" | true |'


def test_the_rule_verdicts_are_drawn_per_rules_area():
    found = _results()
    report = certify.build("stdio:x", {"name": "e", "version": "1"}, "ci", found, {}, True)
    markdown = render_md(report, found)
    rows = markdown.split("### CR rules by area\n\n")[1].split("\n\n")[0].splitlines()[2:]
    assert rows == ["| mana | 1 | 🟩 | 1 |  |  |  |  |  |",
                    "| phasing | 2 | 🟥🟨 |  | 1 | 1 |  |  | 702.26g |"]
    page = Page(render_html(report, found))
    phasing = [a for a in page.all("div", "area") if a["text"].startswith("phasing")][0]
    segments = [(s["attrs"]["class"], s["attrs"]["style"]) for s in page.all("span", inside=page.all(
        "div", "bar", phasing)[0])]
    assert segments == [("v-fail", "width:50.000%"), ("v-not_exercised", "width:50.000%")]
    chips = page.all("a", "chip", phasing)
    assert [(c["text"], c["attrs"]["href"]) for c in chips] == [("702.26g", "#finding-1")]
    table = render_md(report, found).split("### CR rules\n\n")[1].splitlines()
    assert table[0].startswith("| Area | CR rule |") and table[2].startswith("| mana | 106.4 |")


def test_a_rule_belongs_to_the_area_citing_it_most_closely_else_to_the_properties_checking_it():
    props = all_properties()
    assert area_of_rule("702.26d") == "phasing" and area_of_rule("800.4a") == "leaving"
    assert area_of_rule("106.1a") == "mana_drawbacks" and area_of_rule("106.12") == "mana"
    assert area_of_rule("1060.1") == "" and area_of_rule("999.9") == ""
    assert area_of_rule("999.9", [props["PHASE-002"], props["MANA-005"], props["PHASE-001"]]) == "phasing"
    assert area_of_rule("999.9", [props["LOCKSTEP-001"], props["MANA-005"]]) == "mana"
    assert area_of_rule("999.9", [props["LOCKSTEP-001"]]) == "game"


LAYOUT = """<script>
addEventListener('load', () => {
  const box = e => e.getBoundingClientRect();
  const cards = [...document.querySelectorAll('section.finding')].map(card => {
    const board = box(card.querySelector('.board')), what = box(card.querySelector('.what'));
    return {height: box(card).height, board_width: board.width, what_width: what.width,
            side_by_side: board.right <= what.left + 1 && Math.abs(board.top - what.top) < 2};
  });
  const bars = [...document.querySelectorAll('.area .bar')].map(bar =>
    [...bar.children].map(s => Math.round(100 * box(s).width / box(bar).width)));
  const out = document.createElement('pre');
  out.id = 'layout';
  out.textContent = JSON.stringify({cards, bars, overflow: document.documentElement.scrollWidth - innerWidth});
  document.body.appendChild(out);
});
</script>"""


def _laid_out(page: Path, width: int, probe: Path) -> dict:
    """What LAYOUT measures of `page` in headless chromium `width` px wide."""
    probe.write_text(page.read_text().replace("</body>", LAYOUT + "</body>"))
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--window-size={width},900",
                          "--dump-dom", probe.as_uri()], capture_output=True, text=True, timeout=120).stdout
    return json.loads(Page(dom).all("pre")[-1]["text"])


@pytest.mark.skipif(not shutil.which("chromium"), reason="chromium is not installed (Debian: apt-get install chromium)")
def test_a_browser_lays_the_cards_out(pool_persists, tmp_path):
    """Rendered by headless chromium (a copy of report.html with a measuring script added; the
    report has none): at 1100 px each card is drawn with its board beside the steps, at 600 px
    below them; at neither does anything run off the page (a wide table scrolls in its own box);
    each area's bar is split as its counts say."""
    out, report = pool_persists
    wide, narrow = (_laid_out(out / "report.html", width, tmp_path / "probe.html") for width in (1100, 600))
    assert len(wide["cards"]) == len(narrow["cards"]) == len(report["findings"]) == 1
    assert all(c["height"] > 200 and c["board_width"] > 300 and c["side_by_side"] for c in wide["cards"])
    assert not any(c["side_by_side"] for c in narrow["cards"])
    assert wide["overflow"] <= 0 and narrow["overflow"] <= 0
    assert wide["bars"] == [[100]]          # one area (mana), its one rule failing
