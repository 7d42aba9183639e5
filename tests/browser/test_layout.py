"""The table holds together at every width of output area, at every moment of a hand, in every language and both
themes: measured in a real JupyterLab and Chromium.

One notebook shows, per language, a table at each moment of :mod:`mus_moments` (the mus, the discard, each lance,
a partner's proposal, the count, game over), one with the New game panel open and one stepping a scenario. One
call in the page narrows the output areas to each width in turn and measures every table's boxes there: nothing
beyond the table, nothing spilling out of its panel, no two controls on top of each other, no horizontal
scrollbar, and one height for every moment of the hand (a jump names the heights of the table's parts). axe-core
(the copy the test extra's axe-playwright-python ships: no npm) checks every table at once, light and dark, at a
medium and a narrow width, and screenshots of key moments at three widths go to ``screenshots/`` (gitignored). The
dark theme's rules set colours only, so it is measured at three widths and checked with axe's colour rules at one.
"""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, open_notebook, use_theme
from browser.mus_moments import KINDS, find_moments, notebook_source
from mus_widget.i18n import LANGUAGES

pytestmark = pytest.mark.slow

WIDTHS = (320, 400, 500, 640, 830, 1024, 1280, 1600)
"""Output-area widths, from a phone's column (or a tablet's beside an open sidebar) to a wide screen: the widths a
notebook really gives."""
EVERY_LANGUAGE = (320, 400, 830, 1280)
"""The widths every language is measured at (each translation's longest words, where the column is narrow, and the
laptop's widths); the others measure the languages of :data:`FULL` only: the same grid with more room.
"""
DARK_WIDTHS = (830,)
"""The width measured again in the dark theme: a dark rule sets colours only (test_widget's
test_the_dark_theme_changes_colours_and_nothing_else), so the boxes are the light theme's; one width checks it."""
FULL = ("en", "es")
"""Languages shown at every moment and measured at every width; the others at fewer of each."""
SOME_KINDS = ("mus", "discard", "pares", "proposal", "count", "newgame", "review", "editplay", "steps")
"""The moments of the other languages: each panel with its own words once (the served seat's, the replay's and the
editor's dealing add few words to the pares, the review and the editor's play, which the languages of :data:`FULL`
show too)."""
SHOT_WIDTHS = (320, 830, 1280)
DARK_SHOTS = ("discard", "count", "review", "editplay")
"""The moments pictured in the dark theme too (its boxes are the light theme's: a few to look at its colours)."""
AXE_WIDTHS = {"light": (830, 320), "dark": (830,)}
"""The widths axe checks at in each theme: every rule at a medium and a narrow width in the light theme (every
language at the medium one, those of :data:`FULL`, every moment, at the narrow one); the colour rules at one width
in the dark (a dark rule changes no box), over :data:`FULL`'s tables (the colours are the same in every language)."""
SHOT_MOMENTS = ("mus", "discard", "proposal", "count", "over", "newgame", "served", "watching", "review", "replay",
                "editdeal", "editplay", "steps")
TABLES = [(code, kind) for code in LANGUAGES for kind in (KINDS if code in FULL else SOME_KINDS)]
"""The tables of the notebook, in the order it shows them."""
HAND = ("mus", "discard", "grande", "chica", "pares", "juego", "proposal")
"""The moments of play that must keep one footprint (the count may grow the felt: it never cuts a row)."""
AXE = ("axe_playwright_python", "axe.min.js")
"""axe-core, as the test extra's axe-playwright-python ships it (pip, no npm)."""
COLOUR_RULES = {"light": [], "dark": ["color-contrast", "link-in-text-block"]}
"""The axe rules run in each theme (none listed: all of them). The dark theme changes colours only, so in it the
rules that read colours."""

MEASURE = """async ({ widths, tolerance, only }) => {
  const roots = [...document.querySelectorAll('.mus-widget')];
  const PANELS = '.mus-topbar, .mus-felt, .mus-plate, .mus-turn, .mus-count, .mus-tips, .mus-log, .mus-steps,'
    + ' .mus-note, .mus-coach, .mus-dialog, .mus-senas, .mus-side, .mus-action, .mus-bubble, .mus-score, .mus-folds,'
    + ' .mus-editor-side, .mus-editor-turn, .mus-editor-seat, .mus-editor-deck, .mus-editor-options';
  const CONTROLS = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';
  const PARTS = ['.mus-topbar', '.mus-felt', '.mus-turn-slot', '.mus-side', '.mus-main'];
  const within = (a, b) => a.left >= b.left - tolerance && a.right <= b.right + tolerance
    && a.top >= b.top - tolerance && a.bottom <= b.bottom + tolerance;
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : '';
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls}${el.dataset.key ? `[${el.dataset.key}]` : ''} "${text}"`;
  };
  // One table: every element's box and style read once (no layout is forced between the reads).
  const measure = (root, index) => {
    const problems = [];
    const say = (what) => problems.push(what);
    const info = new Map();
    const of = (el) => {
      let known = info.get(el);
      if (!known) {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        known = { box, scrolls: /(auto|scroll)/.test(style.overflowY),
                  seen: style.display !== 'none' && style.visibility !== 'hidden' && style.opacity !== '0'
                    && box.width > 0 && box.height > 0 };
        info.set(el, known);
      }
      return known;
    };
    const scrolledAway = (el, panel) => {
      for (let up = el.parentElement; up && up !== panel; up = up.parentElement) if (of(up).scrolls) return true;
      return false;
    };
    const box = root.getBoundingClientRect();
    const host = root.closest('.jp-OutputArea-output') || root.parentElement;
    if (host.scrollWidth > host.clientWidth + tolerance) say(`horizontal scrollbar (${host.scrollWidth})`);
    if (box.width > host.getBoundingClientRect().width + tolerance) say('the table is wider than its output');
    const all = [...root.querySelectorAll('*')].filter((el) => !el.closest('.mus-live, .mus-hover-note, svg')
      && of(el).seen);
    for (const el of all) {
      if (!scrolledAway(el, root) && !within(of(el).box, box)) say(`beyond the table: ${describe(el)}`);
      if (el.clientWidth && el.scrollWidth > el.clientWidth + tolerance) say(`spills sideways: ${describe(el)}`);
      // (a bubble's tail sticks out of it on purpose)
      const down = el.clientHeight && el.scrollHeight > el.clientHeight + tolerance;
      if (down && !of(el).scrolls && !el.matches('.mus-bubble')) say(`spills down: ${describe(el)}`);
    }
    for (const panel of all.filter((el) => el.matches(PANELS) && !of(el).scrolls)) {
      const frame = of(panel).box;
      for (const el of all) {
        if (el === panel || !panel.contains(el) || scrolledAway(el, panel)) continue;
        if (!within(of(el).box, frame)) say(`out of ${describe(panel)}: ${describe(el)}`);
      }
    }
    // A control's visible part: its box cut by every box that scrolls it (a log's line scrolled out of its box
    // overlaps nothing).
    const shown = (el) => {
      let { left, right, top, bottom } = of(el).box;
      for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
        if (!of(up).scrolls) continue;
        const frame = of(up).box;
        left = Math.max(left, frame.left); right = Math.min(right, frame.right);
        top = Math.max(top, frame.top); bottom = Math.min(bottom, frame.bottom);
      }
      return { left, right, top, bottom };
    };
    const controls = all.filter((el) => el.matches(CONTROLS)).map((el) => [el, shown(el)])
      .filter(([, b]) => b.right - b.left > tolerance && b.bottom - b.top > tolerance);
    for (let i = 0; i < controls.length; i += 1) {
      const a = controls[i][1];
      for (let j = i + 1; j < controls.length; j += 1) {
        if (controls[i][0].contains(controls[j][0]) || controls[j][0].contains(controls[i][0])) continue;
        const b = controls[j][1];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > tolerance && h > tolerance) say(`overlap: ${describe(controls[i][0])} and ${describe(controls[j][0])}`);
      }
    }
    const parts = Object.fromEntries(PARTS.map((sel) => {
      const el = root.querySelector(sel);
      return [sel.slice(5), el ? Math.round(el.getBoundingClientRect().height) : 0];
    }));
    return { index, lang: root.lang, width: Math.round(box.width), height: Math.round(box.height), parts,
             problems: [...new Set(problems)].sort() };
  };
  let style = document.getElementById('mus-width');
  if (!style) { style = document.createElement('style'); style.id = 'mus-width'; document.head.append(style); }
  const out = {};
  for (const width of widths) {
    style.textContent = `.jp-OutputArea-output { flex: 0 0 ${width}px !important; width: ${width}px !important;
      max-width: ${width}px !important; min-width: 0 !important; overflow-x: auto !important; }`;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const chosen = only && only[width];
    out[width] = chosen ? chosen.map((i) => measure(roots[i], i)) : roots.map(measure);
  }
  return out;
}"""

AXE_RUN = """async ({ indexes, rules }) => {
  const roots = [...document.querySelectorAll('.mus-widget')];
  const only = rules.length ? { runOnly: { type: 'rule', values: rules } } : {};
  const result = await axe.run({ include: indexes.map((i) => roots[i]) },
                               { resultTypes: ['violations'], elementRef: true, ...only });
  const found = {};
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const node of v.nodes) {
      const index = roots.indexOf(node.element.closest('.mus-widget'));
      (found[index] ||= []).push(`${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.failureSummary}`);
    }
  }
  return found;
}"""


def _notebook(moments: dict[str, Any]) -> dict[str, Any]:
    cells = [notebook_source(moments, code, KINDS if code in FULL else SOME_KINDS) for code in LANGUAGES]
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"l{i}", "metadata": {}, "outputs": [],
                   "source": source} for i, source in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


SCROLL_TO = """(index) => {
  const root = document.querySelectorAll('.mus-widget')[index];
  root.scrollIntoView({ block: 'start' });
  const box = root.getBoundingClientRect();
  return { x: box.left, y: box.top, width: box.width, height: box.height };
}"""


def narrow_output(page: Any, width: int) -> None:
    """Make every output area ``width`` px wide (the notebook column a student's screen gives the table)."""
    page.evaluate(MEASURE, {"widths": [width], "tolerance": 1, "only": {width: []}})  # narrowed, nothing measured


class Tables:
    """The layout notebook's page: a table per moment per language."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def index(self, code: str, kind: str) -> int:
        return TABLES.index((code, kind))

    def root(self, code: str, kind: str) -> Any:
        return self.page.locator(".mus-widget").nth(self.index(code, kind))

    def measure(self, widths: tuple[int, ...]) -> dict[int, list[dict[str, Any]]]:
        """The tables measured at each width, in one call (the page narrows its outputs to each in turn): every
        table at :data:`EVERY_LANGUAGE`'s widths, those of :data:`FULL`'s languages at the others."""
        full = [i for i, (code, _) in enumerate(TABLES) if code in FULL]
        only = {width: full for width in widths if width not in EVERY_LANGUAGE}
        found = self.page.evaluate(MEASURE, {"widths": list(widths), "tolerance": 1, "only": only})
        return {int(width): results for width, results in found.items()}

    def shot(self, folder: Path, code: str, kind: str, width: int, theme: str) -> Path:
        """The table scrolled to the top of the notebook and captured as it is (the page is still: reduced motion)."""
        box = self.page.evaluate(SCROLL_TO, self.index(code, kind))
        path = folder / f"layout-{kind}-{code}-{theme}-{width}.png"
        self.page.screenshot(path=str(path), clip=box)
        return path


@pytest.fixture(scope="module")
def tables(browser: Any, lab_server: LabServer) -> Any:
    (lab_server.notebooks / "layout.ipynb").write_text(json.dumps(_notebook(find_moments())))
    page = browser.new_page(viewport={"width": 1900, "height": 1400})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"[:600])
            if message.type in ("error", "warning") else None)
    open_notebook(page, lab_server, "layout.ipynb")
    page.keyboard.press("Control+b")
    # One language's cell at a time (Shift+Enter runs it and moves on), so a busy machine meets each cell's
    # tables in turn. (Fifty tables at once used to leave some undrawn: anywidget drops every message to a model
    # whose module took over 2 s to load, and a table's first view came in such a message; it now comes with the
    # model itself: TableWidget.open, and test_table's test_a_table_whose_module_loads_late_still_draws.)
    page.locator(".jp-Cell .jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    for code in LANGUAGES:
        page.keyboard.press("Shift+Enter")
        shown = len([t for t in TABLES if LANGUAGES.index(t[0]) <= LANGUAGES.index(code)])
        try:
            page.wait_for_function("n => document.querySelectorAll('.mus-widget[data-version]').length === n",
                                   arg=shown, timeout=180_000)
        except Exception as error:
            drawn = page.evaluate("() => [...document.querySelectorAll('.mus-widget')].map((r) => r.dataset.version"
                                  " || (r.querySelector('.mus-app-host').childElementCount ? 'no version' : 'empty'))")
            status = page.locator(".jp-Notebook-ExecutionIndicator").first.get_attribute("data-status")
            outputs = [text[:200] for text in page.locator(".jp-OutputArea-output").all_inner_texts()
                       if "Mus" not in text[:10]]
            page.screenshot(path=str(Path("screenshots") / "layout-undrawn.png"))
            raise AssertionError(f"{code}: {shown} tables expected, the page has {drawn}; kernel {status}; other"
                                 f" outputs: {outputs}; errors: {errors}; console: {console[-30:]}") from error
    found = Tables(page)
    for code in LANGUAGES:
        found.root(code, "newgame").locator("[data-key='new-game']").click()
        found.root(code, "newgame").locator(".mus-dialog").wait_for()
        found.root(code, "review").locator("[data-key='review']").click()
        found.root(code, "review").locator(".mus-review-counts").wait_for()
    yield found
    # anywidget gives up on a model whose module took over 2 s to load (it rejects the model's readiness, and from
    # then on drops the messages to it); the tables still draw (their first view comes with the model) and this
    # notebook sends them nothing more, so that one error is no failure here; any other is.
    late = "[anywidget] Failed to initialize model."
    assert not [e for e in errors if e != late], f"errors in the page: {errors}"
    page.close()


def test_every_moment_reads_as_its_moment(tables: Tables) -> None:
    """The notebook shows what the test thinks it shows: a table per moment, in its language."""
    for code in LANGUAGES:
        full = code in FULL
        kinds = KINDS if full else SOME_KINDS
        assert tables.root(code, "mus").locator(".mus-actions [data-action='mus']").count() == 1, code
        assert tables.root(code, "discard").locator(".mus-hand-pick").count() == 1, code
        assert tables.root(code, "proposal").locator("[data-key='act-agree']").count() == 1, code
        assert tables.root(code, "count").locator(".mus-count-foot [data-key='next-hand']").count() == 1, code
        assert tables.root(code, "newgame").locator(".mus-dialog").count() == 1, code
        assert tables.root(code, "steps").locator(".mus-steps").count() == 1, code
        assert "editdeal" not in kinds or tables.root(code, "editdeal").locator(
            ".mus-editor-dealing .mus-editor-deck").count() == 1, code
        assert tables.root(code, "editplay").locator(".mus-editor-side .mus-editor-branch").count() == 1, code
        assert tables.root(code, "review").locator(".mus-review-chart [data-decision]").count() >= 5, code
        assert "replay" not in kinds or tables.root(code, "replay").locator(
            ".mus-replay .mus-decision [data-key='try-again']").count() == 1, code
        if full:
            assert tables.root(code, "over").get_attribute("data-stage") == "over", code
        for lance in ("grande", "chica", "pares", "juego") if full else ("pares",):
            assert tables.root(code, lance).locator(".mus-turn").count() == 1, (code, lance)
        assert tables.root(code, "mus").get_attribute("lang") == code


def test_nothing_spills_overlaps_or_jumps_at_any_width(tables: Tables, screenshots: Path) -> None:
    found: dict[str, list[str]] = {}
    heights: dict[str, dict[str, int]] = {}
    parts: dict[str, dict[str, dict[str, int]]] = {}
    counts: dict[str, dict[str, int]] = {}
    for theme, widths in (("light", WIDTHS), ("dark", DARK_WIDTHS)):
        use_theme(tables.page, f"JupyterLab {theme.title()}")
        for width, results in tables.measure(widths).items():
            for result in results:
                code, kind = TABLES[result["index"]]
                assert result["lang"] == code, result
                assert result["width"] <= width, result
                if result["problems"]:
                    found[f"{code} {kind} {width} {theme}"] = result["problems"]
                if kind in HAND:
                    heights.setdefault(f"{code} {width} {theme}", {})[kind] = result["height"]
                    parts.setdefault(f"{code} {width} {theme}", {})[kind] = result["parts"]
                elif kind in ("count", "over"):
                    counts.setdefault(f"{code} {width} {theme}", {})[kind] = result["height"]
        # Still pictures: the widget stops its animations for reduced motion.
        tables.page.emulate_media(reduced_motion="reduce")
        for width in SHOT_WIDTHS:
            narrow_output(tables.page, width)
            for kind in SHOT_MOMENTS if theme == "light" else DARK_SHOTS:
                tables.shot(screenshots, "en", kind, width, theme)
            tables.shot(screenshots, "tr", "count", width, theme)
        tables.page.emulate_media(reduced_motion="no-preference")
    use_theme(tables.page, "JupyterLab Light")
    jumps = {key: {kind: [height, parts[key][kind]] for kind, height in moments.items()}
             for key, moments in heights.items() if max(moments.values()) - min(moments.values()) > 1}
    # The count takes at least the room of play (it may grow it, never shrink it).
    shrunk = {key: moments for key, moments in counts.items()
              if key in heights and min(moments.values()) < max(heights[key].values()) - 1}
    assert not shrunk, f"the count shrinks the table: {shrunk}"
    report = screenshots / "layout-problems.json"
    report.write_text(json.dumps({"problems": found, "height jumps": jumps}, indent=1, ensure_ascii=False))
    assert not found and not jumps, _summary(found, jumps, report)


def _summary(found: dict[str, list[str]], jumps: dict[str, dict[str, Any]], report: Path) -> str:
    """A few lines per failing table and width; the whole list is in ``report``."""
    lines = [f"{len(found)} tables with problems, {len(jumps)} with height jumps; the full list: {report}"]
    lines += [f"{key}: {len(problems)} problems, e.g. {problems[0]}" for key, problems in found.items()]
    lines += [f"height through a hand, {key}: { {kind: h for kind, (h, _) in values.items()} }"
              for key, values in jumps.items()]
    return "\n".join(lines)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_violation(tables: Tables, theme: str) -> None:
    """axe-core over every table at once (one run per width): every rule in the light theme at a medium and a
    narrow width, the colour rules in the dark at the medium one."""
    package, name = AXE
    assert find_spec(package), f"{package} is missing: pip install -e '.[test]'"
    axe = files(package) / name
    assert axe.is_file(), f"{axe} is missing"
    page = tables.page
    use_theme(page, f"JupyterLab {theme.title()}")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe.read_text(encoding="utf-8"))
    found = {}
    full = [i for i, (code, _) in enumerate(TABLES) if code in FULL]
    for width in AXE_WIDTHS[theme]:
        narrow_output(page, width)
        every = theme == "light" and width == AXE_WIDTHS["light"][0]
        indexes = list(range(len(TABLES))) if every else full
        for index, violations in page.evaluate(AXE_RUN, {"indexes": indexes, "rules": COLOUR_RULES[theme]}).items():
            code, kind = TABLES[int(index)]
            found[f"{code} {kind} {width}"] = violations
    use_theme(page, "JupyterLab Light")
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)[:6000]


def test_the_slider_under_the_buttons_takes_arrow_keys_and_drags_to_ordago(tables: Tables) -> None:
    narrow_output(tables.page, 830)
    root = tables.root("en", "grande")
    root.scroll_into_view_if_needed()
    slider = root.locator("input.mus-slider")
    raise_button = root.locator("[data-key='act-raise']")
    buttons = root.locator(".mus-actions").bounding_box()
    track = slider.bounding_box()
    assert buttons and track and track["y"] >= buttons["y"] + buttons["height"] - 1, "the slider is under the buttons"
    stops = [int(stop) for stop in (slider.get_attribute("data-stops") or "").split(",")]
    low = stops[0]
    assert stops[:8] == list(range(low, low + 8)), "a point at a time at first: a short drag moves little"
    assert stops == sorted(set(stops)) and len(stops) <= 8 + 10, stops
    slider.focus()
    tables.page.keyboard.press("ArrowRight")
    tables.page.keyboard.press("ArrowRight")
    assert slider.input_value() == "2", "JupyterLab took the arrow keys"
    assert raise_button.get_attribute("data-action") == f"envido {low + 2}"
    assert root.locator(".mus-slider-ends").inner_text().strip().endswith("Órdago")
    y = track["y"] + track["height"] / 2
    tables.page.mouse.move(track["x"] + 30, y)
    tables.page.mouse.down()
    tables.page.mouse.move(track["x"] + track["width"] * 0.6, y, steps=4)
    tables.page.mouse.move(track["x"] + track["width"] + 20, y, steps=4)
    tables.page.mouse.up()
    assert raise_button.get_attribute("data-action") == "ordago", "a drag to the end reaches Órdago"
    assert raise_button.locator(".mus-word").inner_text().strip() == "Órdago"


def test_an_ordago_waits_for_a_second_step_by_keyboard_and_by_mouse(tables: Tables, screenshots: Path) -> None:
    page = tables.page
    narrow_output(page, 830)
    root = tables.root("en", "grande")
    root.scroll_into_view_if_needed()
    slider = root.locator("input.mus-slider")
    slider.fill(slider.get_attribute("max") or "")
    raise_button = root.locator("[data-key='act-raise']")
    assert raise_button.get_attribute("data-action") == "ordago"
    version = root.get_attribute("data-version")
    confirm, not_yet = root.locator(".mus-confirm"), root.locator("[data-key='confirm-no']")
    focused = "(el) => el === document.activeElement"

    # Enter on a focused Órdago asks first, and the focus goes to Not yet, ringed: a second Enter thinks again.
    raise_button.focus()
    page.keyboard.press("Enter")
    confirm.wait_for()
    assert confirm.inner_text().startswith("Órdago stakes the whole game on this lance. Sure?")
    assert root.locator("[data-key='confirm-yes']").inner_text().strip() == "Yes: Órdago"
    assert not_yet.evaluate(focused), "the safe answer has the focus"
    assert not_yet.evaluate("(el) => getComputedStyle(el).outlineStyle") != "none", "with a visible ring"
    root.screenshot(path=str(screenshots / "ordago-confirm-830.png"), animations="disabled")
    page.keyboard.press("Enter")
    assert confirm.count() == 0 and raise_button.evaluate(focused), "back on Órdago, nothing played"
    assert root.get_attribute("data-version") == version and raise_button.is_enabled()

    # By mouse the same: a click asks, and a second click on Órdago itself only asks again; Escape thinks again.
    raise_button.click()
    confirm.wait_for()
    raise_button.click()
    assert confirm.is_visible() and root.get_attribute("data-version") == version, "only Yes plays it"
    page.keyboard.press("Escape")
    assert confirm.count() == 0 and root.get_attribute("data-version") == version


def test_scores_name_their_teams_and_an_ordago_win_reads_as_a_win(tables: Tables) -> None:
    over = tables.root("en", "over")
    log = over.locator(".mus-log-lines").inner_text()
    teams = over.locator(".mus-score-team").all_inner_texts()
    assert "with the accepted órdago" in log, log[-400:]
    foot = over.locator(".mus-count-foot").inner_text()
    assert all(team in foot for team in teams), foot
    count = tables.root("es", "count").locator(".mus-count-foot .mus-count-score").inner_text()
    assert count.startswith("Marcador: ") and all(t in count for t in tables.root("es", "count").locator(
        ".mus-score-team").all_inner_texts()), count
    counters = tables.root("en", "proposal").locator(".mus-score").first
    points = int(counters.locator("strong").inner_text())
    tip = counters.locator(".mus-counters").get_attribute("aria-label") or ""
    assert counters.locator(".mus-amarraco").count() == points // 5
    assert counters.locator(".mus-piedra").count() == points % 5
    assert "amarracos (5 points each)" in tip and "A game to 40 is 8 amarracos" in tip, tip
    names = [tables.root("en", "proposal").locator(".mus-counters").nth(i).get_attribute("aria-label") or ""
             for i in (0, 1)]
    teams = tables.root("en", "proposal").locator(".mus-score-team").all_inner_texts()
    assert names[0] != names[1], names
    assert all(name.startswith(f"{team}: ") for name, team in zip(names, teams, strict=True)), names


@pytest.mark.parametrize(("kind", "first"), [("grande", ".mus-actions button"), ("proposal", "[data-key='act-agree']"),
                                             ("discard", ".mus-hand-pick button"), ("count", "[data-key='next-hand']")])
def test_tab_reaches_the_actions_first(tables: Tables, kind: str, first: str) -> None:
    """Tabbing into a table lands on what the student decides with, before the score bar and the seats."""
    narrow_output(tables.page, 830)
    root = tables.root("en", kind)
    root.scroll_into_view_if_needed()
    root.evaluate("(el) => el.focus()")
    tables.page.keyboard.press("Tab")
    focused = tables.page.evaluate("(sel) => document.activeElement.matches(sel) && document.activeElement.outerHTML",
                                   first)
    assert focused, tables.page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")


COVERS = """(root) => {
  const info = root.querySelector('.mus-info');
  if (!info) return 'no popover';
  const a = info.getBoundingClientRect();
  const table = root.getBoundingClientRect();
  if (a.left < table.left - 1 || a.right > table.right + 1) return `beyond the table: ${JSON.stringify(a)}`;
  for (const card of root.querySelectorAll('.mus-me .mus-card-slot, .mus-me .mus-card-button')) {
    const b = card.getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) return `covers ${card.dataset.card || card.innerText}`;
  }
  return '';
}"""


@pytest.mark.parametrize("width", [640, 830, 1280])
def test_a_players_info_never_covers_the_students_cards(tables: Tables, width: int) -> None:
    narrow_output(tables.page, width)
    root = tables.root("en", "pares")
    found = {}
    for button in root.locator(".mus-info-button").all():
        button.scroll_into_view_if_needed()
        button.click()
        found[button.get_attribute("data-key")] = root.evaluate(COVERS)
        button.click()
    assert len(found) == 3 and not any(found.values()), found
