"""The table on touch screens, in a real browser: a tablet held either way (1024×768 and 768×1024) and a
Chromebook's touch screen (1366×768), in JupyterLab and in the offline classroom site, played by ``tap()`` alone.

Chromium emulates the touch screen (``has_touch``; ``is_mobile`` for the tablets), so no hover ever happens:
every explanation a mouse gets by pointing is there for a tap. A hand is played by taps (a decision, a discard),
a bot's player info opens and closes, a team's counters say what they stand for, the partner's seña says what
it means, a seña of the overview says what it means at a first tap and is made at a second, a row of the count
lights the cards that decide it, the review opens and a tap beside a point of its chart opens that decision, and
the scenario editor opens from the count, selects a step and keeps a note. At every moment every control of the
table is at least 44 × 44 px, and test_layout's measure finds nothing beyond the table, out of its panel or on top
of another control; a notebook of every moment (the moments of test_layout and test_one_screen) is measured the
same way at the three sizes. Screenshots of what each screen shows go to ``screenshots/touch-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from browser.lite_site import Offline, StaticServer, open_site
from browser.mus_lab import LabServer, TablePage, code_notebook, notebook_page, open_notebook
from browser.mus_moments import KINDS, find_moments, notebook_source
from browser.test_layout import MEASURE
from browser.test_lite_site import KERNEL_START_MS, run_new_cell
from mus_widget.i18n.catalogues import message
from support.deals import DEAL

pytestmark = pytest.mark.slow


class Screen(NamedTuple):
    """A touch screen: its name in the screenshots, its size, and whether it is a phone or tablet's browser."""

    name: str
    width: int
    height: int
    mobile: bool


SCREENS = (Screen("tablet-landscape", 1024, 768, True), Screen("tablet-portrait", 768, 1024, True),
           Screen("chromebook", 1366, 768, False))
TAP = 44
"""The smallest a control may be, each way, in CSS px (WCAG 2.5.5's target size)."""

TABLE = (
    "from mus_widget import MusTable\n\n\n"
    "class Says:\n"
    "    def __init__(self, *calls, sena=None):\n"
    "        self.calls, self.sena = calls, sena\n\n"
    "    def decide(self, observation):\n"
    "        return next((c for c in self.calls if c in observation.legal_actions), observation.legal_actions[0])\n\n"
    "    def table_talk(self, observation):\n"
    "        return self.sena\n\n\n"
    f"deal = {json.dumps(list(DEAL))}\n"
    "calls = ('mus', 'paso', 'no-quiero')\n"
    "bots = {1: Says(*calls), 2: Says(*calls, sena='medias'), 3: Says(*calls)}\n"
    "table = MusTable(deal=deal, mano=0, seed=5, pace=0, tips=False, language='en', bots=bots)\ntable"
)
"""A student's table whose bots always take the mus, then pass and refuse: every hand has a discard, a second mus
(the student cuts it), four lances and a count; the partner (North) makes the seña "medias" each hand."""
PARTNER_SENA = "medias"

SMALL = """(root) => {
  // Every control a finger may tap: its box (a checkbox's is its label's, which takes the tap).
  const CONTROLS = 'button, input, select, textarea, a[href], summary, [tabindex]:not([tabindex="-1"])';
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : '';
    return `${el.tagName.toLowerCase()}${cls}${el.dataset.key ? `[${el.dataset.key}]` : ''}`;
  };
  const small = [];
  let seen = 0;
  for (const el of root.querySelectorAll(CONTROLS)) {
    const target = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') || el;
    const style = getComputedStyle(target);
    const box = target.getBoundingClientRect();
    if (style.display === 'none' || style.visibility === 'hidden' || !box.width || !box.height) continue;
    seen += 1;
    if (box.width < TAP - 0.5 || box.height < TAP - 0.5) {
      small.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return { seen, small };
}""".replace("TAP", str(TAP))

NOTE_INSIDE = """(root) => {
  // The notes a tap opened: shown, and inside the table (a note cut off at the table's edge says half).
  const table = root.getBoundingClientRect();
  return [...root.querySelectorAll('.mus-note-open > .mus-hover-note')].map((note) => {
    const box = note.getBoundingClientRect();
    const inside = box.left >= table.left - 1 && box.right <= table.right + 1 && box.top >= table.top - 1
      && box.bottom <= table.bottom + 1;
    return { text: note.innerText, shown: box.width > 0 && box.height > 0, inside };
  });
}"""

CHART_POINT = """(root) => {
  // A fingertip beside the last decision's marker on the review's chart: 14 px right and 9 px down of its middle.
  const markers = root.querySelectorAll('.mus-review-chart [data-decision]');
  const marker = markers[markers.length - 1];
  const box = (marker.querySelector('circle, rect, polygon') || marker).getBoundingClientRect();
  return { x: box.left + box.width / 2 + 14, y: box.top + box.height / 2 + 9, row: marker.dataset.decision,
           on: document.elementFromPoint(box.left + box.width / 2 + 14, box.top + box.height / 2 + 9)
             .closest('[data-decision]') !== null };
}"""


def layout_problems(page: Any) -> list[list[str]]:
    """test_layout's measure of every table on the page at the width the page gives its output now: what is
    beyond a table, out of its panel, spilling, or a control on top of another."""
    page.evaluate("() => document.getElementById('mus-width')?.remove()")  # the page's own width, not one set before
    width = page.evaluate("() => Math.floor(document.querySelector('.mus-widget').closest('.jp-OutputArea-output')"
                          ".getBoundingClientRect().width)")
    found = page.evaluate(MEASURE, {"widths": [width], "tolerance": 1})[str(width)]
    page.evaluate("() => document.getElementById('mus-width')?.remove()")
    return [result["problems"] for result in found]


class Finger(TablePage):
    """The table on a touch screen, reached by taps only; ``where`` and ``screen`` name its screenshots."""

    def __init__(self, page: Any, where: str, screen: Screen, screenshots: Path, patience_ms: int = 30_000) -> None:
        super().__init__(page)
        self.where, self.screen, self.screenshots, self.patience_ms = where, screen, screenshots, patience_ms
        self.checked: list[str] = []

    def wait_newer(self, version: int) -> None:
        """Wait until the table shows a state newer than ``version`` (Pyodide's kernel may take a while)."""
        self.page.wait_for_function("([root, v]) => Number(root.dataset.version) > v",
                                    arg=[self.root.element_handle(), version], timeout=self.patience_ms)

    def tap(self, selector: str) -> None:
        """Tap a control that asks the kernel, and wait for its answer (a game-deciding call's Yes too)."""
        before = self.version()
        self.root.locator(selector).first.tap()
        sure = self.root.locator("[data-key='confirm-yes']")
        if sure.count():
            sure.tap()
        self.wait_newer(before)

    def tap_here(self, selector: str) -> None:
        """Tap a control the table answers itself (no kernel)."""
        self.root.locator(selector).first.tap()

    def check(self, moment: str, see: str = ".mus-app", expected: str = "") -> None:
        """At this moment every control is finger-sized and nothing spills or overlaps (but for the problems that
        start with ``expected``, there by design); a screenshot of the screen with ``see`` scrolled into view (the
        screen as it is: a capture beyond it would lose the touch emulation's layout)."""
        sizes = self.root.evaluate(SMALL)
        assert sizes["seen"] >= 3, (moment, sizes)
        assert not sizes["small"], f"{self.screen.name} {moment}: controls under {TAP} px: {sizes['small']}"
        problems = [p for p in layout_problems(self.page)[0] if not (expected and p.startswith(expected))]
        assert not problems, f"{self.screen.name} {moment}: {problems[:12]}"
        self.shot(moment, see)
        self.checked.append(moment)

    def shot(self, moment: str, see: str) -> None:
        self.root.locator(see).first.scroll_into_view_if_needed()
        self.page.wait_for_timeout(150)
        self.page.screenshot(path=str(self.screenshots / f"touch-{self.where}-{self.screen.name}-{moment}.png"))

    def notes(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.root.evaluate(NOTE_INSIDE)
        return found


def reveal_by_tap(finger: Finger) -> None:
    """At the student's first bet of a hand: a bot's player info, a team's counters and the partner's seña, each
    shown by a tap and gone at the next; then the señas overview, where a first tap on a face says what it means
    and a second makes it."""
    root = finger.root
    # A bot's player info: the "i" opens it, its × closes it.
    finger.tap_here("[data-key='info-1']")
    info = root.locator(".mus-info")
    info.wait_for()
    assert "Level:" in info.inner_text()
    # (the popover hangs under its seat, over the felt, by design: its seat "spills down")
    finger.check("player-info", ".mus-info", expected="spills down: section.mus-seat")
    finger.tap_here("[data-key='info-close-1']")
    info.wait_for(state="detached")

    # The counters say what they stand for; a tap elsewhere on the table puts it away.
    finger.tap_here("[data-key='score-0']")
    [note] = finger.notes()
    assert note["shown"] and note["inside"] and "amarraco" in note["text"], note
    finger.tap_here(".mus-centre")
    assert finger.notes() == []

    # The partner's seña, ringed in red: a tap says what it means, a second tap puts it away.
    partner = root.locator("[data-key='face-2']")
    assert partner.get_attribute("data-sena") == PARTNER_SENA and "mus-ringed" in (partner.get_attribute("class") or "")
    partner.tap()
    [note] = finger.notes()
    assert message(f"sena.{PARTNER_SENA}.meaning", "en") in note["text"] and note["shown"] and note["inside"], note
    assert "your partner's seña" in note["text"]
    finger.shot("partner-sena", "[data-key='face-2']")
    partner.tap()
    assert finger.notes() == []

    # The señas: the face opens them; a first tap on one says what it means (and that a second makes it), a tap
    # on another says what that one means instead, and a second tap on it makes it.
    finger.tap_here("[data-key='face']")
    root.locator(".mus-senas").wait_for()
    finger.check("senas", ".mus-senas")
    honest = root.locator(".mus-sena-true")
    options = root.locator(".mus-sena-option")
    chosen = honest.first if honest.count() else options.first
    sena = chosen.get_attribute("data-sena")
    first = root.locator(f".mus-sena-option:not([data-sena='{sena}'])").first
    before = finger.version()
    first.tap()
    [note] = finger.notes()
    assert "Tap it again to make this seña" in note["text"] and note["shown"] and note["inside"], note
    finger.shot("sena-explained", ".mus-senas")
    chosen.tap()
    [note] = finger.notes()
    assert message(f"sena.{sena}.meaning", "en") in note["text"], note
    assert finger.version() == before and root.locator(".mus-senas").count() == 1, "a first tap makes no seña"
    chosen.tap()
    finger.wait_newer(before)
    assert root.locator(".mus-senas").count() == 0
    assert root.locator("[data-key='face']").get_attribute("data-sena") == sena
    assert "makes a seña" in root.locator(".mus-log-lines").inner_text()


def play_a_hand(finger: Finger) -> None:
    """Play the hand on the table to its count by taps: Mus, a discard of one card, No mus, then Paso (or No
    quiero) at every lance; the first bet shows what :func:`reveal_by_tap` checks."""
    root = finger.root
    discarded = revealed = False
    turn = root.locator(".mus-turn .mus-actions button[data-action], .mus-hand-pick, .mus-count")
    for _ in range(20):
        turn.first.wait_for(timeout=30_000)
        if root.locator(".mus-count").count():
            return
        if root.locator(".mus-hand-pick").count():
            card = root.locator(".mus-hand-pick button").first
            card.tap()
            assert card.get_attribute("aria-pressed") == "true"
            assert root.locator("[data-key='act-discard']").inner_text().strip() == "Discard 1"
            finger.check("discard")
            finger.tap("[data-key='act-discard']")
            discarded = True
        elif root.locator("[data-key='act-mus']").count():
            if not discarded:
                finger.check("mus")
            finger.tap("[data-key='act-no-mus']" if discarded else "[data-key='act-mus']")
        else:
            if not revealed:
                finger.check("bet")
                reveal_by_tap(finger)
                revealed = True
            actions = [root.locator(f".mus-actions button[data-action='{a}']") for a in ("paso", "no-quiero", "quiero")]
            finger.tap(next(f"[data-key='{a.first.get_attribute('data-key')}']" for a in actions if a.count()))
    raise AssertionError("the hand did not reach its count in twenty turns")


def count_review_and_lesson(finger: Finger) -> None:
    """At the count: a tapped row lights its cards; the review opens and a tap beside a point of its chart opens
    that decision; the scenario editor opens from the count, a tapped step is selected and keeps a note."""
    root, page = finger.root, finger.page
    root.locator(".mus-count").wait_for()
    row = root.locator("[data-key='count-row-0']")
    row.tap()
    page.wait_for_function("(el) => el.querySelector('.mus-count-cards .mus-lit')", arg=root.element_handle())
    assert root.locator(".mus-count-cards .mus-unlit").count() >= 1, "the other cards fade"
    finger.check("count", ".mus-count-hands")
    root.locator("[data-key='count-row-1']").tap()
    assert root.locator(".mus-count-lance.mus-lit").get_attribute("data-key") == "count-row-1"

    # The review: open, graded (in the kernel's background, or the page's idle time offline).
    review = root.locator("[data-key='review']:not([disabled])")
    review.wait_for(timeout=60_000)
    review.tap()
    root.locator(".mus-review-counts").wait_for(timeout=180_000)
    finger.check("review", ".mus-review")
    point = root.evaluate(CHART_POINT)
    assert not point["on"], "the tap lands beside the marker, not on it"
    page.touchscreen.tap(point["x"], point["y"])
    decision = root.locator(".mus-replay .mus-decision")
    decision.wait_for(timeout=30_000)
    assert decision.locator(".mus-decision-why").inner_text().strip()
    finger.check("decision", ".mus-replay")
    finger.tap_here("[data-key='back-to-review']")
    root.locator(".mus-review").wait_for()
    finger.tap_here("[data-key='review-close']")
    root.locator("[data-key='make-lesson']").wait_for(timeout=30_000)

    # The scenario editor, from the count: a step tapped is selected; a note written in its box is kept.
    before = finger.version()
    finger.tap("[data-key='make-lesson']")
    root.locator(".mus-editor-side").wait_for()
    assert finger.version() > before
    finger.tap("[data-key='step-m-2']")
    assert root.locator("[data-key='step-m-2']").get_attribute("aria-current") == "step"
    note = root.locator("[data-key='note-m-2']")
    note.tap()
    page.keyboard.insert_text("Student passes: nothing worth a bet.")
    finger.tap("[data-key='step-m-1']")  # leaving the box keeps its note, then selects the step tapped
    page.wait_for_function(
        "(el) => (el.querySelector('[data-key=\"step-m-2\"]')?.textContent || '').includes('nothing worth a bet')",
        arg=root.element_handle(), timeout=20_000)
    finger.check("editor", ".mus-editor-side")
    finger.tap("[data-key='editor-back']")
    root.locator("[data-key='next-hand']").wait_for(timeout=30_000)


def play_by_tap(finger: Finger) -> None:
    """A hand from its first turn to its count by taps, then the count, the review and the editor."""
    assert finger.page.evaluate("() => matchMedia('(any-pointer: coarse)').matches && !matchMedia('(hover: hover)')"
                                ".matches"), "the browser should be a touch screen without hover"
    play_a_hand(finger)
    count_review_and_lesson(finger)
    assert finger.checked == ["mus", "discard", "bet", "player-info", "senas", "count", "review", "decision",
                              "editor"], finger.checked


def fold_file_browser(page: Any) -> None:
    """Fold JupyterLab's file browser away (Ctrl+B), as a student on a tablet would, for the notebook's room."""
    browser = page.locator(".jp-FileBrowser").first
    for _ in range(3):
        if not browser.is_visible():
            return
        page.keyboard.press("Control+b")
        page.wait_for_timeout(300)
    raise AssertionError("the file browser would not fold")


def touch_context(browser: Any, screen: Screen, window: tuple[int, int] | None = None) -> Any:
    """A browser context as on ``screen``: a touch screen (no hover), still (reduced motion: the boxes are measured
    where they rest, not in the middle of a score's pop); its window ``window`` big to begin with, if given."""
    width, height = window or (screen.width, screen.height)
    return browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=screen.mobile,
                               reduced_motion="reduce")


@pytest.fixture(scope="module")
def lab(lab_server: LabServer) -> LabServer:
    (lab_server.notebooks / "touch.ipynb").write_text(json.dumps(code_notebook(TABLE)))
    return lab_server


@pytest.mark.parametrize("mobile", [True, False], ids=["tablets", "chromebook"])
def test_hands_are_played_and_explained_by_taps_in_jupyterlab(browser: Any, lab: LabServer, mobile: bool,
                                                              screenshots: Path) -> None:
    """The tablets' browser (one page, a hand on each screen in turn: the window takes each one's size) and the
    Chromebook's (no mobile browser, a touch screen all the same)."""
    screens = [screen for screen in SCREENS if screen.mobile == mobile]
    # Opened in a wide window, where JupyterLab's toolbar shows the kernel's state (a narrow one folds it away),
    # then played at each screen's size.
    context = touch_context(browser, screens[0], window=(1366, 1024))
    try:
        with notebook_page(context, lab, "touch.ipynb") as (page, errors):
            fold_file_browser(page)
            for hand, screen in enumerate(screens):
                page.set_viewport_size({"width": screen.width, "height": screen.height})
                finger = Finger(page, "lab", screen, screenshots)
                if hand:
                    finger.tap("[data-key='next-hand']")
                play_by_tap(finger)
            assert not errors, errors
    finally:
        context.close()


@pytest.fixture(scope="module")
def moments(browser: Any, lab_server: LabServer) -> Iterator[Any]:
    """A touch screen's page of a table at every moment (test_layout's moments, in English), the New game panel
    and the review opened by taps."""
    notebook = code_notebook(notebook_source(find_moments(), "en", KINDS))
    (lab_server.notebooks / "touch-moments.ipynb").write_text(json.dumps(notebook))
    context = touch_context(browser, SCREENS[0])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_notebook(page, lab_server, "touch-moments.ipynb")
        fold_file_browser(page)
        page.locator(".jp-Cell .jp-InputPrompt").first.click()
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        page.wait_for_function("n => document.querySelectorAll('.mus-widget[data-version]').length === n",
                               arg=len(KINDS), timeout=180_000)
        tables = page.locator(".mus-widget")
        tables.nth(KINDS.index("newgame")).locator("[data-key='new-game']").tap()
        tables.nth(KINDS.index("newgame")).locator(".mus-dialog").wait_for()
        tables.nth(KINDS.index("review")).locator("[data-key='review']").tap()
        tables.nth(KINDS.index("review")).locator(".mus-review-counts").wait_for()
        yield page
        late = "[anywidget] Failed to initialize model."
        assert not [e for e in errors if e != late], errors
    finally:
        context.close()


@pytest.mark.parametrize("screen", SCREENS, ids=[screen.name for screen in SCREENS])
def test_every_moment_has_finger_sized_controls_and_holds_together(moments: Any, screen: Screen,
                                                                  screenshots: Path) -> None:
    page = moments
    page.set_viewport_size({"width": screen.width, "height": screen.height})
    page.wait_for_timeout(400)
    problems = layout_problems(page)
    found = {}
    for index, kind in enumerate(KINDS):
        table = page.locator(".mus-widget").nth(index)
        sizes = table.evaluate(SMALL)
        if sizes["small"] or problems[index]:
            found[kind] = {"small": sizes["small"], "layout": problems[index][:8]}
    for kind in ("newgame", "served", "steps", "editdeal", "editplay", "replay"):
        page.evaluate("(i) => document.querySelectorAll('.mus-widget')[i].scrollIntoView({ block: 'start' })",
                      KINDS.index(kind))
        page.wait_for_timeout(150)
        page.screenshot(path=str(screenshots / f"touch-moments-{screen.name}-{kind}.png"))
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_the_editor_deals_by_taps(moments: Any) -> None:
    """The scenario editor's deal: a tapped empty slot, then a tapped card of the deck, deals that card there."""
    editor = moments.locator(".mus-widget").nth(KINDS.index("editdeal"))
    slot = editor.locator("[data-key='slot-2-0']")
    slot.tap()
    assert slot.get_attribute("aria-pressed") == "true"
    editor.locator("[data-key='deck-4o']").tap()
    editor.locator("[data-key='slot-2-0'][data-card='4o']").wait_for(timeout=20_000)
    assert editor.locator("[data-key='deck-4o'] .mus-editor-holder").inner_text() == "N"


def test_hands_are_played_and_explained_by_taps_in_the_offline_site(browser: Any, site: StaticServer,
                                                                    screenshots: Path) -> None:
    """One page of the offline site (the kernel starts once), a hand on each screen in turn: the window takes
    each screen's size, and the next hand is played there by taps."""
    context = touch_context(browser, SCREENS[0])
    offline = Offline(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # (the widget manager reports a view's failure to take a state as a console error, not a page error)
    page.on("console", lambda line: errors.append(line.text) if line.type == "error" else None)
    try:
        open_site(page, site, KERNEL_START_MS)
        fold_file_browser(page)
        run_new_cell(page, TABLE)
        page.wait_for_selector(".mus-widget[data-version]", timeout=KERNEL_START_MS)
        for hand, screen in enumerate(SCREENS):
            page.set_viewport_size({"width": screen.width, "height": screen.height})
            finger = Finger(page, "lite", screen, screenshots, patience_ms=120_000)
            if hand:
                finger.tap("[data-key='next-hand']")
            play_by_tap(finger)
        assert offline.blocked == [], f"requests left localhost: {offline.blocked}"
        assert not errors, errors
    finally:
        context.close()
