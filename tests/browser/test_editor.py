"""A teacher makes lessons by clicking (#28), in a real browser: deals a hand from the deck's picture, plays it seat by
seat with notes and one "what if" branch, copies the scenario text (read back from the clipboard), and a fresh table
steps it with the same notes at the same steps; and a hand just played at a live table becomes a lesson from its
count, and the table goes back to its game."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, code_notebook, notebook_page, open_notebook, run_all
from mus_widget.table.widget import MusTable
from mus_widget.teaching.authoring import Draft
from mus_widget.teaching.scenarios import Scenario

pytestmark = pytest.mark.slow

HANDS = ["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"]
PLAY_TO_THE_COUNT = """
table = mw.MusTable(seed=5, pace=0, language="en")
while not table.counting:
    legal = table.game.legal_actions()
    table.receive({"type": "act", "action": "no-mus" if "no-mus" in legal else legal[0]})
table
"""
NOTEBOOKS = {
    "editor.ipynb": code_notebook("import mus_widget as mw",
                                  "editor = mw.ScenarioEditor(language='en', seed=4)\neditor"),
    "fresh.ipynb": code_notebook(
        "import mus_widget as mw",
        "mw.MusTable.from_scenario(open('lesson.txt', encoding='utf-8').read(), language='en')"),
    "live.ipynb": code_notebook("import mus_widget as mw", PLAY_TO_THE_COUNT),
    "raise.ipynb": code_notebook(
        "import mus_widget as mw",
        f"draft = mw.Draft(title='Raised').dealt_hands({HANDS!r}).played('no-mus').played('paso')\n"
        "mw.ScenarioEditor(draft, language='en')"),
}


@pytest.fixture(scope="module")
def lab(chromium: Path) -> Iterator[LabServer]:
    server = LabServer(NOTEBOOKS)
    try:
        yield server
    finally:
        server.stop()


class Editor(TablePage):
    """The editor on the page: every click and note waits for the kernel's answer (a newer state)."""

    def press(self, key: str) -> None:
        self.click(f"[data-key='{key}']")

    def write(self, key: str, text: str) -> None:
        """Type a note in the box ``key`` and leave it (the note is kept when the box is left)."""
        before = self.version()
        box = self.root.locator(f"[data-key='{key}']")
        box.fill(text)
        box.press("Tab")
        self.wait_newer(before)

    def select(self, step: int, branch: int | None = None) -> None:
        self.press(f"step-{'m' if branch is None else branch}-{step}")


def expected_lesson() -> Draft:
    """The lesson the clicks below make, built by the model."""
    draft = Draft(title="A refused envido").dealt_hands(HANDS).noted(0, "North and East both hold a rey.")
    for action in ("no-mus", "paso", "envido 2", "no-quiero", "no-quiero"):
        draft = draft.played(action)
    draft = draft.noted(3, "East bets two at Grande.")
    draft = draft.branched(3, "quiero").noted(1, "Had North wanted it, the envido would go to the count.", 0)
    draft = draft.played("quiero", 0).noted(2, "South agrees: it goes to the count.", 0)
    return draft.played("paso").played("paso")


def test_a_teacher_deals_plays_notes_branches_copies_and_steps_a_lesson(browser: Any, lab: LabServer,
                                                                        screenshots: Path) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  permissions=["clipboard-read", "clipboard-write"])
    with contextlib.closing(context), notebook_page(context, lab, "editor.ipynb") as (page, errors):
        editor = Editor(page)
        root = editor.root
        root.locator(".mus-editor-dealing").wait_for()

        # The deal: sixteen clicks on the deck fill the seats' slots in order; a title.
        before = editor.version()
        root.locator("[data-key='editor-title']").fill("A refused envido")
        root.locator("[data-key='editor-title']").press("Tab")
        editor.wait_newer(before)
        for card in " ".join(HANDS).split():
            editor.press(f"deck-{card}")
        assert root.locator(".mus-editor-dealt-count").inner_text().strip() == "16 of 16 cards dealt"
        south = [root.locator(f"[data-key='slot-0-{i}']").get_attribute("data-card") for i in range(4)]
        assert south == HANDS[0].split()
        root.screenshot(path=str(screenshots / "editor-deal-1400.png"), animations="disabled")

        # A swap: North's 12o and East's 12e change places, and back.
        editor.root.locator("[data-key='slot-2-0']").click()
        editor.press("slot-1-0")
        assert root.locator("[data-key='slot-1-0']").get_attribute("data-card") == "12o"
        editor.root.locator("[data-key='slot-2-0']").click()
        editor.press("slot-1-0")
        assert root.locator("[data-key='slot-1-0']").get_attribute("data-card") == "12e"

        # The play, seat by seat, every hand face up; a note on the deal and on East's envido.
        editor.press("editor-to-play")
        root.locator(".mus-editor-side").wait_for()
        assert root.locator(".mus-hand-down").count() == 0
        editor.select(0)
        editor.write("note-m-0", "North and East both hold a rey.")
        # East's envido 2 is the amount box's button; South's no quiero confirms North's: "Agree".
        for key in ("no-mus", "paso", "envido", "no-quiero", "agree"):
            editor.press(f"do-{key}")
        assert root.locator("[data-key='step-m-5'] .mus-editor-step-text").inner_text().strip() == "South: Agree"
        editor.select(3)
        editor.write("note-m-3", "East bets two at Grande.")

        # What if North had wanted it: a branch in place of step 4 (North's no-quiero), two steps with notes;
        # then on with the main line.
        editor.select(4)
        editor.press("editor-what-if")
        assert root.locator("[data-key='do-no-quiero']").is_disabled()
        editor.press("do-quiero")
        # North's quiero is a proposal: South is offered it as the live table words it, Agree, not a second Quiero.
        assert root.locator("[data-key='do-agree']").inner_text().strip() == "Agree"
        assert root.locator("[data-key='do-quiero']").count() == 0
        editor.write("note-0-1", "Had North wanted it, the envido would go to the count.")
        editor.press("do-agree")
        editor.write("note-0-2", "South agrees: it goes to the count.")
        # The branch is numbered as its own line, and the note's label says which line.
        branch = root.locator(".mus-editor-branch")
        assert branch.locator(".mus-editor-step-n").all_inner_texts() == ["3·1", "3·2"]
        assert branch.locator(".mus-editor-step-text").all_inner_texts()[1].startswith("South: Agree")
        label = root.locator(".mus-editor-note > span").inner_text().strip()
        assert label == "Note on step 3·2, in the branch “What if North played Quiero?”", label
        editor.press("editor-main-line")
        assert root.locator(".mus-editor-note > span").inner_text().strip() == "Note on step 5 of the main line"
        editor.press("do-paso")
        editor.press("do-paso")
        assert root.locator(".mus-editor-branch").count() == 1
        # The step selected (the last) is in view in the list of steps.
        seen = root.evaluate("""el => {
          const on = el.querySelector('.mus-editor-step-on').getBoundingClientRect();
          const list = el.querySelector('.mus-editor-steps').getBoundingClientRect();
          return [on.top, on.bottom, list.top, list.bottom];
        }""")
        assert seen[2] - 1 <= seen[0] and seen[1] <= seen[3] + 1, seen
        root.screenshot(path=str(screenshots / "editor-play-1400.png"), animations="disabled")

        text_before = root.locator(".mus-editor-source").input_value()

        # Copy: the clipboard holds the text the model writes, which parses with the same notes and branch.
        root.locator("[data-key='editor-copy']").click()
        page.wait_for_function("() => document.querySelector('.mus-editor-status').textContent.includes('Copied')")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        expected = expected_lesson()
        assert copied == expected.text == text_before
        scenario = Scenario.parse(copied)
        assert [scenario.note_at(s) for s in range(len(scenario) + 1)] == list(expected.notes)
        assert [(b.at, b.actions) for b in scenario.branches] == [(3, ("quiero", "quiero"))]
        assert "play: agree, paso, paso" in copied and "then: agree" in copied, copied
        assert not errors, errors

        # Save to file: beside the notebook; saved again, the widget says the file exists and nothing changes.
        editor.press("editor-save")
        saved = root.locator(".mus-editor-save .mus-editor-status").inner_text().strip()
        assert saved.startswith("Saved as lesson.txt"), saved
        assert (lab.notebooks / "lesson.txt").read_text(encoding="utf-8") == copied
        before = editor.version()
        # The banner that comes with the refusal leaves the panels under it as they were: the list of steps
        # keeps its scroll and the Save button its focus.
        scrolled = root.evaluate("el => { const list = el.querySelector('.mus-editor-steps');"
                                 " list.scrollTop = list.scrollHeight; return list.scrollTop; }")
        assert scrolled > 0, "the list of steps should scroll at this size"
        root.locator("[data-key='editor-save']").click()
        # One status line for saving: the refusal takes the place of "Saved as lesson.txt", and no banner repeats it.
        root.locator(".mus-editor-save .mus-editor-status[data-error='ui.error.editor.exists']").wait_for()
        statuses = root.locator(".mus-editor-save .mus-editor-status").all_inner_texts()
        assert len(statuses) == 1 and statuses[0].startswith("lesson.txt already exists"), statuses
        assert root.locator(".mus-error").count() == 0
        assert editor.version() == before and root.locator(".mus-editor-source").input_value() == copied
        kept = root.evaluate("el => [el.querySelector('.mus-editor-steps').scrollTop,"
                             " document.activeElement && document.activeElement.dataset.key]")
        assert kept == [scrolled, "editor-save"], kept
        root.screenshot(path=str(screenshots / "editor-refused-1400.png"), animations="disabled")

        # A fresh table steps the saved text: the same note at the same step, none elsewhere.
        open_notebook(page, lab, "fresh.ipynb")
        run_all(page)
        fresh = Editor(page)
        fresh.root.locator(".mus-steps").wait_for()
        # A lesson's table shows the lesson: no tips, no New game, no Review.
        for key in ("new-game", "review", "tips-on"):
            assert fresh.root.locator(f"[data-key='{key}']").count() == 0, key
        assert fresh.root.locator(".mus-tips").count() == 0
        for step in range(len(scenario) + 1):
            note = fresh.root.locator(".mus-note")
            shown = note.inner_text().strip() if note.count() else ""
            assert shown == scenario.note_at(step), step
            if step < len(scenario):
                fresh.press("step-forward")
        assert not errors, errors


def test_a_finished_live_hand_becomes_a_lesson_and_the_table_goes_back_to_its_game(browser: Any, lab: LabServer,
                                                                                    screenshots: Path) -> None:
    table = MusTable(seed=5, pace=0, language="en")
    while not table.counting:
        legal = table.game.legal_actions()
        table.receive({"type": "act", "action": "no-mus" if "no-mus" in legal else legal[0]})
    expected = Draft.from_game(table.game)
    table.close()
    with notebook_page(browser, lab, "live.ipynb", {"width": 1400, "height": 1000}) as (page, _):
        live = Editor(page)
        root = live.root
        root.locator("[data-key='make-lesson']").wait_for()
        live.press("make-lesson")
        root.locator(".mus-editor-side").wait_for()
        assert root.locator(".mus-editor-steps > li").count() == len(expected.actions) + 1
        assert root.locator(".mus-editor-source").input_value() == expected.text
        assert root.locator(".mus-editor-over").count() == 1
        root.screenshot(path=str(screenshots / "editor-from-live-1400.png"), animations="disabled")
        live.press("editor-back")
        root.locator("[data-key='next-hand']").wait_for()
        assert root.locator(".mus-editor").count() == 0


def test_the_amount_typed_is_the_amount_recorded_and_a_partners_answer_reads_agree(browser: Any, lab: LabServer,
                                                                                  screenshots: Path) -> None:
    with notebook_page(browser, lab, "raise.ipynb", {"width": 1400, "height": 1000}) as (page, errors):
        editor = Editor(page)
        root = editor.root
        box = root.locator("[data-key='editor-amount']")
        button = root.locator("[data-key='do-envido']")
        box.wait_for()
        assert button.inner_text().strip() == "Envido 2"

        # Typing 5: the button follows at each keystroke, before the kernel hears anything; Tab and a click
        # elsewhere leave it be.
        before = editor.version()
        box.click()
        page.keyboard.press("Control+A")
        page.keyboard.type("5")
        assert button.inner_text().strip() == "Envido 5"
        box.press("Tab")
        root.locator(".mus-editor-mover").click()
        assert button.inner_text().strip() == "Envido 5" and editor.version() == before

        # 45 is out of range: Enter is refused in words naming the range, and nothing is recorded.
        box.fill("45")
        assert button.inner_text().strip() == "Envido 45"
        box.press("Enter")
        refusal = root.locator(".mus-error[data-error='ui.error.editor.amount']")
        refusal.wait_for()
        assert "2 to 40" in refusal.inner_text(), refusal.inner_text()
        assert editor.version() == before and root.locator("[data-key='step-m-3']").count() == 0
        root.screenshot(path=str(screenshots / "editor-amount-refused-1400.png"), animations="disabled")

        # 5 and Enter: East's envido 5 is recorded as typed.
        box.fill("5")
        box.press("Enter")
        editor.wait_newer(before)
        assert root.locator("[data-key='step-m-3'] .mus-editor-step-text").inner_text().strip() == "East: Envido 5"

        # North raises 3 with the button; South is offered North's raise as Agree, and it is listed as Agree.
        box.fill("3")
        editor.press("do-envido")
        assert root.locator("[data-key='step-m-4'] .mus-editor-step-text").inner_text().strip() == "North: Envido 3"
        agree = root.locator("[data-key='do-agree']")
        assert agree.inner_text().strip() == "Agree" and agree.get_attribute("data-action") == "envido 3"
        root.screenshot(path=str(screenshots / "editor-agree-1400.png"), animations="disabled")
        editor.press("do-agree")
        assert root.locator("[data-key='step-m-5'] .mus-editor-step-text").inner_text().strip() == "South: Agree"
        text = root.locator(".mus-editor-source").input_value()
        assert text.splitlines()[-1] == "play: no-mus, paso, envido 5, envido 3, agree", text
        assert Scenario.parse(text).actions[-3:] == ("envido 5", "envido 3", "envido 3")
        assert not errors, errors
