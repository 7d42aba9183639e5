"""A teacher steps through a scripted hand in a real browser: ◀ and ▶ (and the arrow keys), the step's note
beside the table, the face-up box, the count explained at the end, and Play on from here; and a student with the
coach on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, fit_widget, open_notebook, run_all
from mus_widget.teaching.scenarios import builtin

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
        return str(self.root.locator(".mus-note > p:last-child").inner_text()).strip()

    def note_from(self) -> str:
        """The heading of a note carried on from an earlier step ("" on the note's own step)."""
        heading = self.root.locator(".mus-note-earlier .mus-note-from")
        return str(heading.inner_text()).strip() if heading.count() else ""

    def face_down(self) -> int:
        return int(self.root.locator(".mus-hand-down").count())


def test_a_teacher_steps_through_a_scenario(browser: Any, lab_server: LabServer, screenshots: Path) -> None:
    scenario = builtin()[0]
    last = len(scenario)
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_notebook(page, lab_server, "steps.ipynb")
        run_all(page)
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

        # To the end: the count, every row explained, the note claiming it; no Next hand while stepping.
        for step in range(1, last + 1):
            table.press("step-forward")
            assert table.counter() == f"Step {step} of {last}"
            if step in (5, last):
                assert table.note() == scenario.note_at(step) and table.note_from() == ""
            written = scenario.note_step(step)
            if written is not None and written < step:
                assert table.note_from() == f"The note of step {written}", (step, written)
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
    finally:
        page.close()


def test_the_coach_tells_the_student_what_the_expert_would_do(
    browser: Any, lab_server: LabServer, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    try:
        open_notebook(page, lab_server, "coached.ipynb")
        run_all(page)
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
    finally:
        page.close()
