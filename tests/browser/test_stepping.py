"""A teacher steps through a scripted hand in a real browser: ◀ and ▶ (and the arrow keys, Home and End), the
step's note beside the table at its own step only, the face-up box, the count explained at the end beside the final
hands, Play on from here; a branch gone down and back; a replay of several hands jumped through by its hand list,
and every quick press counted; and a student with the coach on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, fit_widget, notebook_page
from mus_widget.teaching.scenarios import builtin, library

pytestmark = pytest.mark.slow


class Stepper(TablePage):
    """The table on the page, stepped by clicks and keys; every move waits for the table's new state."""

    def press(self, key: str) -> None:
        """Click the control ``key`` (its data-key)."""
        self.click(f"[data-key='{key}']")

    def key(self, name: str) -> None:
        before = self.version()
        self.root.locator(".mus-steps-count").click()  # focus inside the table, on no control
        self.page.keyboard.press(name)
        self.wait_newer(before)

    def counter(self) -> str:
        return str(self.root.locator(".mus-steps-count").inner_text()).strip()

    def note(self) -> str:
        """The note beside the table ("" when the step shown has none)."""
        note = self.root.locator(".mus-note")
        return str(note.inner_text()).strip() if note.count() else ""

    def at_step(self, step: int, count: int) -> None:
        """Wait until the counter shows ``step`` (of ``count``)."""
        self.page.wait_for_function(
            "text => document.querySelector('.mus-widget .mus-steps-count').textContent.trim() === text",
            arg=f"Step {step} of {count}", timeout=20_000)

    def at_once(self, script: str) -> None:
        """Run ``script`` on the table's root (``el``) in one go: nothing from the kernel can come in between."""
        self.root.evaluate(f"el => {{ {script} }}")

    def face_down(self) -> int:
        return int(self.root.locator(".mus-hand-down").count())


def test_a_teacher_steps_through_a_scenario(browser: Any, lab_server: LabServer, screenshots: Path) -> None:
    scenario = builtin()[0]
    last = len(scenario)
    with notebook_page(browser, lab_server, "steps.ipynb", {"width": 1400, "height": 1100}) as (page, errors):
        table = Stepper(page)
        root = table.root
        root.locator(".mus-steps").wait_for()

        # Step 0: the deal, every hand face up, the note beside the table, no turn panel, ◀ disabled.
        assert table.counter() == f"Step 0 of {last}"
        assert root.locator(".mus-steps-title").inner_text().strip() == scenario.title
        assert table.note() == scenario.note_at(0)
        assert table.face_down() == 0 and root.locator(".mus-card-slot").count() == 16
        assert root.locator(".mus-turn").count() == 0
        assert root.locator("[data-key='step-back']").is_disabled()
        # A lesson's table shows the lesson: no beginner's tips, no New game, no Review.
        for key in ("new-game", "review", "tips-on"):
            assert root.locator(f"[data-key='{key}']").count() == 0, key
        assert root.locator(".mus-tips").count() == 0
        fit_widget(page, 1200)
        root.screenshot(path=str(screenshots / "steps-deal-light-1200.png"), animations="disabled")

        # ▶ plays the first action; the right arrow key the next; ◀ goes back.
        table.press("step-forward")
        assert table.counter() == f"Step 1 of {last}"
        assert "South: No mus" in root.locator(".mus-log-lines").inner_text()
        table.key("ArrowRight")
        assert table.counter() == f"Step 2 of {last}"
        assert root.locator(".mus-bubble:not(.mus-bubble-empty)").count() >= 1
        table.press("step-back")
        assert table.counter() == f"Step 1 of {last}"
        table.key("ArrowLeft")
        assert table.counter() == f"Step 0 of {last}"

        # The face-up box turns the others' hands face down and back up: the teacher's choice.
        before = table.version()
        root.locator("[data-key='face-up']").uncheck()
        table.wait_newer(before)
        assert table.face_down() == 3
        before = table.version()
        root.locator("[data-key='face-up']").check()
        table.wait_newer(before)
        assert table.face_down() == 0

        # To the end: each note at its own step only (after the deal, step 5 and the last), the count, every row
        # explained, the note claiming it; no Next hand while stepping.
        noted = [step for step in range(last + 1) if scenario.note_at(step)]
        assert noted == [0, 5, last], noted
        for step in range(1, last + 1):
            table.press("step-forward")
            assert table.counter() == f"Step {step} of {last}"
            assert table.note() == scenario.note_at(step), step
            assert (root.locator(".mus-note").count() == 1) == (step in noted), step
        assert root.locator("[data-key='step-forward']").is_disabled()
        count = root.locator(".mus-count")
        assert count.locator("tr.mus-count-row").count() == 4
        text = count.inner_text()
        assert ("the highest cards tie; North's second card, rey (3c: a 3 counts as a rey), beats East's"
                " caballo (11o)") in text
        score = root.locator(".mus-count-foot .mus-count-score").inner_text()
        assert score == "Score: South & North 2, East & West 4", score
        assert root.locator("[data-key='next-hand']").count() == 0
        assert table.note() == scenario.note_at(last) and "Count: South–North 2, East–West 4." in table.note()
        # The final hands show beside the count's rows, not under them.
        hands = root.locator(".mus-count-hands")
        assert hands.locator(".mus-count-hand").count() == 4 and hands.locator(".mus-card-slot").count() == 16
        box, rows = hands.bounding_box(), root.locator(".mus-count-table").bounding_box()
        assert box is not None and rows is not None
        assert box["y"] + box["height"] <= rows["y"] + 1 or rows["x"] >= box["x"] + box["width"] - 1, (box, rows)
        root.screenshot(path=str(screenshots / "steps-count-light-1200.png"), animations="disabled")

        # Back to the start of Chica, then play on from there: the stepper goes, the student decides, the bots
        # answer.
        for _ in range(4):
            table.press("step-back")
        assert root.locator(".mus-count").count() == 0 and table.counter() == f"Step 5 of {last}"
        table.press("play-on")
        root.locator(".mus-turn").wait_for(timeout=20_000)
        assert root.locator(".mus-steps").count() == 0 and root.locator(".mus-note").count() == 0
        assert table.face_down() == 3, "playing on, the others' hands are hidden again"
        assert "Chica" in root.locator(".mus-bar").inner_text()
        before = table.version()
        root.locator(".mus-actions button[data-action='paso']").click()
        table.wait_newer(before)
        assert "South: Paso" in root.locator(".mus-log-lines").inner_text()
        assert not errors, errors


def test_a_teacher_goes_down_a_branch_and_back(browser: Any, lab_server: LabServer, screenshots: Path) -> None:
    """What if West had said quiero: the step that has a branch offers it; in the branch its note, its steps and
    the way back to the main line, where the step it answers shows again."""
    scenario = library()["first-bet-refused"]
    last = len(scenario)
    with notebook_page(browser, lab_server, "branched.ipynb", {"width": 1400, "height": 1100}) as (page, errors):
        table = Stepper(page)
        root = table.root
        root.locator(".mus-steps").wait_for()
        assert table.counter() == f"Step 3 of {last}"
        assert root.locator(".mus-what-if").count() == 0, "the branch answers step 4, West's no quiero"
        table.press("step-forward")
        what_if = root.locator("[data-key='what-if-0']")
        assert what_if.inner_text().strip() == "What if West played Quiero?"
        assert root.locator(".mus-steps-branches").get_attribute("aria-label") == "Other ways this step could have gone"
        assert "West agrees" in table.note()

        table.press("what-if-0")
        # The counter names the branch and counts its own steps, not the main line's.
        assert table.counter() == "What if West played Quiero? — step 1 of 1"
        assert table.note() == scenario.branches[0].note_at(1)
        assert root.locator(".mus-log-lines").inner_text().strip().endswith("West: Quiero\nGrande: quiero.")
        assert root.locator("[data-key='step-forward']").is_disabled()
        fit_widget(page, 1200)
        root.screenshot(path=str(screenshots / "steps-branch-light-1200.png"), animations="disabled")

        table.key("ArrowLeft")
        assert table.counter() == "What if West played Quiero? — step 0 of 1" and table.note() == "", \
            "step 0 is where the branch leaves"
        table.press("main-line")
        assert table.counter() == f"Step 4 of {last}"
        assert "West agrees" in table.note() and root.locator("[data-key='what-if-0']").count() == 1
        table.key("ArrowRight")
        assert table.counter() == f"Step 5 of {last}", "the arrows step the main line again"
        assert not errors, errors


def test_a_teacher_jumps_through_a_replay_of_three_hands(browser: Any, lab_server: LabServer,
                                                        screenshots: Path) -> None:
    """Home and End, the hand list, and quick presses: two ◀ clicks, two arrow keys, each pair sent before the
    kernel can answer the first, move two steps each."""
    last = 37
    with notebook_page(browser, lab_server, "three-hands.ipynb", {"width": 1400, "height": 1100}) as (page, errors):
        table = Stepper(page)
        root = table.root
        root.locator(".mus-steps").wait_for()
        assert table.counter() == f"Step 0 of {last}"

        # The hand list: each hand with its mano; choosing one goes to its first step.
        hands = root.locator("[data-key='step-hand']")
        assert hands.locator("option").all_inner_texts() == [
            "Hand 1 · mano South", "Hand 2 · mano East", "Hand 3 · mano North"]
        assert hands.get_attribute("aria-label") == "Go to a hand"
        before = table.version()
        hands.select_option(label="Hand 2 · mano East")
        table.wait_newer(before)
        table.at_step(14, last)
        assert root.locator(".mus-hand-number").inner_text() == "Game 1 · hand 2"
        assert "South: No mus" in root.locator(".mus-log-lines").inner_text(), "hand 1 is in the log's history"
        fit_widget(page, 1200)
        root.screenshot(path=str(screenshots / "steps-hands-light-1200.png"), animations="disabled")

        # End goes to the last step, Home to the deal.
        root.locator(".mus-steps-count").click()
        page.keyboard.press("End")
        table.at_step(last, last)
        assert hands.input_value() == "23", "the list follows the step shown: hand 3"
        page.keyboard.press("Home")
        table.at_step(0, last)
        assert hands.input_value() == "0"

        # Two clicks on ▶ in one go, then two right arrows: four steps; two ◀ clicks back: two.
        forward = "const b = el.querySelector(\"[data-key='step-forward']\"); b.click(); b.click();"
        table.at_once(forward)
        table.at_step(2, last)
        arrows = "".join("el.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));"
                         for _ in range(2))
        table.at_once(arrows)
        table.at_step(4, last)
        back = "const b = el.querySelector(\"[data-key='step-back']\"); b.click(); b.click();"
        table.at_once(back)
        table.at_step(2, last)
        page.wait_for_timeout(300)
        assert table.counter() == f"Step 2 of {last}", "no press is counted twice either"
        assert not errors, errors


def test_the_coach_tells_the_student_what_the_expert_would_do(
    browser: Any, lab_server: LabServer, screenshots: Path
) -> None:
    with notebook_page(browser, lab_server, "coached.ipynb", {"width": 1400, "height": 1100}) as (page, _):
        table = Stepper(page)
        root = table.root
        coach = root.locator(".mus-coach")
        coach.wait_for()
        said = coach.locator(".mus-coach-action").inner_text()
        assert said.startswith("The expert would say: ")
        action = coach.get_attribute("data-action")
        assert action in ("mus", "no-mus")
        assert not coach.locator(".mus-coach-chance").count(), "no lance is being bet at the mus"
        # The student cuts the mus; at Grande the coach gives the team's chance at the lance.
        before = table.version()
        root.locator(".mus-actions button[data-action='no-mus']").first.click()
        table.wait_newer(before)
        coach.wait_for()
        assert coach.locator(".mus-coach-chance").inner_text().startswith("Your team's chance at Grande: ")
        assert coach.locator(".mus-coach-why").inner_text().strip()
        fit_widget(page, 1200)
        root.screenshot(path=str(screenshots / "coach-light-1200.png"), animations="disabled")
