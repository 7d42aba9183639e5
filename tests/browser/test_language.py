"""The student's language in a real browser: the picker switches the whole table mid-game, and no label of any
language overflows its button on a table 500 px wide."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, fit_widget, notebook_page, open_notebook, run_all
from mus_widget.i18n import LANGUAGES, catalog

pytestmark = pytest.mark.slow

OVERFLOWS = """(index) => {
  const root = document.querySelectorAll('.mus-widget')[index || 0];
  const edge = root.getBoundingClientRect().right + 1;
  const out = [];
  for (const el of root.querySelectorAll('button, .mus-bar, .mus-centre-bet, select, label')) {
    const box = el.getBoundingClientRect();
    if (!box.width) continue;
    const name = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ');
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) out.push(`overflows: ${name}`);
    if (box.right > edge) out.push(`beyond the table: ${name}`);
  }
  return out;
}"""


class Table(TablePage):
    """The table of the language notebook: the picker, the panel, and what overflows."""

    def pick_language(self, code: str) -> None:
        """Open the new-game panel, choose the language (it applies at once) and close the panel."""
        self.root.locator("[data-key='new-game']").click()
        if self.root.get_attribute("lang") == code:
            return
        before = self.version()
        self.root.locator("select[data-key='language']").select_option(code)
        self.page.wait_for_function(
            "([v, lang]) => { const r = document.querySelector('.mus-widget');"
            " return Number(r.dataset.version) > v && r.lang === lang; }", arg=[before, code], timeout=20_000)

    def close_panel(self) -> None:
        self.root.locator("[data-key='cancel']").click()

    def overflows(self) -> list[str]:
        return list(self.page.evaluate(OVERFLOWS))


@pytest.fixture(scope="module")
def table(browser: Any, lab_server: LabServer) -> Any:
    # JupyterLab's file browser folded away: more room for the table.
    size = {"width": 1400, "height": 1100}
    with notebook_page(browser, lab_server, "languages.ipynb", size, fold_files=True) as (page, errors):
        yield Table(page)
        assert not errors, f"errors in the page: {errors}"


def test_the_picker_switches_the_whole_table_mid_game(table: Table, screenshots: Path) -> None:
    root = table.root
    assert root.get_attribute("lang") == "en"
    mus = root.locator(".mus-actions button[data-action='mus']")
    assert mus.locator(".mus-gloss").inner_text() == "change cards"
    hand = root.locator(".mus-me [data-card]").all_inner_texts(), root.locator(".mus-me").get_attribute("class")
    table.pick_language("nl")
    dutch = catalog("nl")
    dialog = root.locator(".mus-dialog")
    assert dialog.locator("h3").inner_text() == dutch["ui.new_game.title"], "the open panel speaks Dutch at once"
    assert root.locator("[data-key='cancel']").inner_text() == dutch["ui.cancel"]
    table.close_panel()
    # The game goes on where it was: the same hand, still the student's mus question; the words are Dutch
    # beside the Spanish ones.
    assert (root.locator(".mus-me [data-card]").all_inner_texts(), root.locator(".mus-me").get_attribute("class")) \
        == hand
    assert mus.locator(".mus-word").inner_text() == "Mus"
    assert mus.locator(".mus-gloss").inner_text() == dutch["gloss.action.mus"]
    assert root.locator("[data-key='new-game']").inner_text() == dutch["ui.new_game"]
    assert dutch["seat.0"] in root.inner_text() or dutch["ui.default_name.you"] in root.inner_text()
    table.click(".mus-actions button[data-action='no-mus']")
    bar = root.locator(".mus-bar").inner_text()
    assert bar.startswith(f"Grande ({dutch['gloss.lance.grande']})"), bar
    paso = root.locator(".mus-actions button[data-action='paso']")
    assert paso.locator(".mus-gloss").inner_text() == "Wachten"
    fit_widget(table.page, 500)
    root.screenshot(path=str(screenshots / "language-nl-500.png"), animations="disabled")
    table.pick_language("en")
    table.close_panel()
    assert paso.locator(".mus-gloss").inner_text() == "pass"


CARD_LABELS = """(root) => [...root.querySelectorAll('.mus-me [data-card]')].map((slot) => [slot.dataset.card,
  (slot.querySelector('[aria-label]') || slot).getAttribute('aria-label')])"""


def test_the_students_cards_are_named_in_the_tables_language(table: Table) -> None:
    """A screen reader reads "king of coins" at an English table, "koning van munten" at a Dutch one."""
    for code in ("nl", "en", "es"):
        table.pick_language(code)
        table.close_panel()
        words = catalog(code)
        labels = table.root.evaluate(CARD_LABELS)
        assert len(labels) == 4
        for card, label in labels:
            number, suit = words[f"ui.card.{card[:-1]}"], words[f"ui.suit.{card[-1]}"]
            assert label == words["ui.card.name"].format(number=number, suit=suit), (code, card, label)
        if code == "en":
            assert all(" of " in label and " de " not in label for _, label in labels), labels
    table.pick_language("en")
    table.close_panel()


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_label_overflows_at_500_px(table: Table, screenshots: Path, code: str) -> None:
    """Every button, the bar and the new-game panel fit in every language, with the table 500 px wide."""
    table.pick_language(code)
    fit_widget(table.page, 500)
    found = [f"new-game panel: {problem}" for problem in table.overflows()]
    table.close_panel()
    seen = {"panel"}
    for _ in range(60):
        root = table.root
        found += table.overflows()
        if root.locator(".mus-actions button").count():
            seen.add("turn")
            if "count" in seen:
                break
            for preferred in ("no-mus", "paso", "no-quiero", "quiero"):
                if root.locator(f".mus-actions button[data-action='{preferred}']").count():
                    table.click(f".mus-actions button[data-action='{preferred}']")
                    break
            else:
                table.click(".mus-actions button[data-action]")
        elif root.locator("[data-key='next-hand']").count():
            seen.add("count")
            root.screenshot(path=str(screenshots / f"language-{code}-count-500.png"), animations="disabled")
            table.click("[data-key='next-hand']")
        elif root.locator("[data-key='play-again']").count():
            seen.add("count")
            root.locator("[data-key='play-again']").click()
            table.click("[data-key='start']")
        else:
            table.page.wait_for_timeout(100)
    assert {"panel", "turn", "count"} <= seen, seen
    assert not found, f"{code}: {sorted(set(found))}"


def test_no_label_of_the_stepping_table_overflows_at_500_px(browser: Any, lab_server: LabServer,
                                                             screenshots: Path) -> None:
    """A teacher's table in each language: the step controls, a branch's "What if …?", "Play on from here", the
    tips, at 500 px."""
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    open_notebook(page, lab_server, "steps-languages.ipynb")
    page.keyboard.press("Control+b")
    run_all(page)
    page.wait_for_function("n => document.querySelectorAll('.mus-widget[data-version]').length === n",
                           arg=len(LANGUAGES), timeout=60_000)
    fit_widget(page, 500)
    found = {}
    for index, code in enumerate(LANGUAGES):
        root = page.locator(".mus-widget").nth(index)
        assert root.get_attribute("lang") == code
        assert root.locator("[data-key='play-on']").inner_text().strip() == catalog(code)["ui.steps.play_on"]
        assert root.locator(".mus-what-if").count() == 1, "West's no quiero has a branch: what if West said quiero"
        problems = page.evaluate(OVERFLOWS, index)
        if problems:
            found[code] = problems
        if code in ("cs", "tr"):
            root.scroll_into_view_if_needed()
            root.screenshot(path=str(screenshots / f"steps-{code}-500.png"), animations="disabled")
    page.close()
    assert not found, found
