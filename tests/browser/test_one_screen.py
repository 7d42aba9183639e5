"""The whole decision point on one screen, as a student on a laptop sees it: JupyterLab in a 1280×800 window
with its file browser open, and in a 1600×1000 one; English and Dutch; light and dark.

One notebook shows a table at every moment of a hand (the mus, the discard, each lance, a partner's proposal,
the count, game over), the scenario editor at its deal and at its play, and a stepping table, per language.
Each table in turn is scrolled to the top of the notebook, and its boxes are measured against the notebook's
visible area: the score bar, the felt, the four seats with their bubbles, the student's cards and the turn bar
with its buttons and slider (the editor's slots, deck, choices, steps and note) all inside it. At the
count every hand is face up, inside the visible area and under no row of the count, and the count's last row is
whole inside the count's box. Screenshots of every moment go to ``screenshots/one-screen-*.png``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, open_notebook, use_theme
from browser.mus_moments import EDITING, MOMENTS, find_moments, notebook_source

pytestmark = pytest.mark.slow

LANGUAGES = ("en", "nl")
KINDS = (*MOMENTS, *EDITING, "steps")
TABLES = [(code, kind) for code in LANGUAGES for kind in KINDS]
SIZES = ((1280, 800), (1600, 1000))

MEASURE = """(index) => {
  const root = document.querySelectorAll('.mus-widget')[index];
  root.scrollIntoView({ block: 'start' });
  const area = root.closest('.jp-WindowedPanel-outer, .jp-Notebook').getBoundingClientRect();
  const problems = [];
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : '';
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 24);
    return `${el.tagName.toLowerCase()}${cls} "${text}"`;
  };
  const seen = (el) => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const inside = (b, frame) => b.left >= frame.left - 1 && b.right <= frame.right + 1
    && b.top >= frame.top - 1 && b.bottom <= frame.bottom + 1;
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const must = [
    '.mus-topbar', '.mus-felt', '.mus-seat', '.mus-seat .mus-plate', '.mus-seat .mus-hand', '.mus-face-wrap',
    '.mus-bubble:not(.mus-bubble-empty)', '.mus-decl', '.mus-turn', '.mus-turn button', '.mus-slider',
    '.mus-centre-bet', '.mus-count-hand', '.mus-count-foot button', '.mus-steps button',
    // the scenario editor: its stages, the seats' slots and the deck, the choices, the steps and the note
    '.mus-editor-head button', '.mus-editor-options', '.mus-editor-slot', '.mus-editor-card',
    '.mus-editor-deal-bar button',
    '.mus-editor-turn button', '.mus-editor-steps', '.mus-editor-note textarea', '.mus-editor-line-buttons button',
  ];
  let checked = 0;
  for (const el of root.querySelectorAll(must.join(', '))) {
    if (!seen(el)) continue;
    checked += 1;
    if (!inside(el.getBoundingClientRect(), area)) problems.push(`outside the visible notebook: ${describe(el)}`);
  }
  const count = root.querySelector('.mus-count');
  if (count) {
    const rows = [...count.querySelectorAll('.mus-count-lance')];
    const hands = [...root.querySelectorAll('.mus-count-hand')];
    if (hands.length !== 4) problems.push(`${hands.length} hands shown at the count`);
    for (const hand of hands) {
      for (const row of rows) {
        if (meet(hand.getBoundingClientRect(), row.getBoundingClientRect())) {
          problems.push(`a count row covers ${describe(hand)}`);
        }
      }
    }
    const last = rows[rows.length - 1];
    if (last && !inside(last.getBoundingClientRect(), count.getBoundingClientRect())) {
      problems.push('the count\\'s last row is cut');
    }
    const lastText = count.lastElementChild;
    if (lastText && !inside(lastText.getBoundingClientRect(), area)) problems.push(`cut: ${describe(lastText)}`);
  }
  const felt = root.querySelector('.mus-felt, .mus-dialog-host').getBoundingClientRect();
  return { problems, checked, felt: Math.round(felt.height), visible: Math.round(area.height),
           top: Math.round(root.getBoundingClientRect().top - area.top) };
}"""


def _notebook(moments: dict[str, Any]) -> dict[str, Any]:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"s{i}", "metadata": {}, "outputs": [],
                   "source": notebook_source(moments, code, KINDS)} for i, code in enumerate(LANGUAGES)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def page(browser: Any, lab_server: LabServer) -> Any:
    (lab_server.notebooks / "one-screen.ipynb").write_text(json.dumps(_notebook(find_moments())))
    width, height = SIZES[0]
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_notebook(page, lab_server, "one-screen.ipynb")
    assert page.locator(".jp-FileBrowser").first.is_visible(), "JupyterLab's file browser is open by default"
    page.locator(".jp-Cell .jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    for shown, _ in enumerate(LANGUAGES, start=1):
        page.keyboard.press("Shift+Enter")
        page.wait_for_function("n => document.querySelectorAll('.mus-widget[data-version]').length === n",
                               arg=shown * len(KINDS), timeout=180_000)
    page.emulate_media(reduced_motion="reduce")
    yield page
    late = "[anywidget] Failed to initialize model."
    assert not [e for e in errors if e != late], f"errors in the page: {errors}"
    page.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_moment_fits_the_visible_notebook(page: Any, screenshots: Path, size: tuple[int, int],
                                                 theme: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    use_theme(page, f"JupyterLab {theme.title()}")
    page.wait_for_timeout(300)
    assert page.locator(".jp-FileBrowser").first.is_visible()
    found: dict[str, Any] = {}
    for index, (code, kind) in enumerate(TABLES):
        result = page.evaluate(MEASURE, index)
        assert result["checked"] >= 7, (code, kind, result)
        assert result["top"] <= 2, f"{code} {kind}: the table did not scroll to the top ({result})"
        if result["problems"]:
            found[f"{code} {kind}"] = result
        if code == "en" or kind == "count":
            page.screenshot(path=str(screenshots / f"one-screen-{kind}-{code}-{theme}-{size[0]}.png"))
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_pointing_at_a_count_row_lights_the_cards_that_decide_it(page: Any) -> None:
    """Hover a lance of the count: the cards it marks are lit, the others fade; leaving it clears the light."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    root = page.locator(".mus-widget").nth(TABLES.index(("en", "count")))
    root.scroll_into_view_if_needed()
    rows = root.locator(".mus-count-lance")
    assert rows.count() >= 1
    marks = root.locator(".mus-card-mark")
    assert marks.count() >= 1, "the deciding cards carry their lances' initials"
    rows.first.hover()
    lit = root.locator(".mus-count-cards .mus-lit")
    page.wait_for_function("(el) => el.querySelector('.mus-count-cards .mus-lit')", arg=root.element_handle())
    assert lit.count() >= 1 and root.locator(".mus-count-cards .mus-unlit").count() >= 1
    root.locator(".mus-count-foot").hover()
    page.wait_for_function("(el) => !el.querySelector('.mus-count-cards .mus-lit')", arg=root.element_handle())
