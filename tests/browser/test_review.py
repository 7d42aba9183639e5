"""Learning from a game in a real browser (issue #26): a finished hand reopened from the count and from the log,
stepped with the buttons and the keys (no press lost), and the live game found where it waited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, code_notebook, open_notebook, run_all

pytestmark = pytest.mark.slow

TWO_HANDS = """\
from mus_widget import MusTable

def careful(t):
    legal = t.game.legal_actions()
    if "mus" in legal:
        return "mus"
    if t.game.phase.value == "discard":
        return f"discard {t.game.observe(t.seat).hand.cards[0]}"
    return next((a for a in ("paso", "no-quiero", "quiero") if a in legal), legal[0])

table = MusTable(seed=11, pace=0, bots="novice", names=["Ana", "Bea", "Carla", "Dani"])
for hand in range(2):
    if hand:
        table.receive({"type": "next_hand"})
    while not table.counting:
        table.receive({"type": "act", "action": careful(table)})
table"""


def step_text(table: TablePage) -> str:
    return str(table.root.locator(".mus-replay .mus-steps-count").inner_text()).strip()


def wait_step(table: TablePage, index: int, count: int) -> None:
    table.page.wait_for_function(
        "(text) => document.querySelector('.mus-widget .mus-replay .mus-steps-count')?.textContent.trim() === text",
        arg=f"Step {index} of {count}", timeout=10_000)


@pytest.fixture
def counted(browser: Any, lab_server: LabServer) -> Any:
    (lab_server.notebooks / "review.ipynb").write_text(json.dumps(code_notebook(TWO_HANDS)))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_notebook(page, lab_server, "review.ipynb")
    run_all(page)
    table = TablePage(page)
    table.root.locator("[data-key='replay-hand']").wait_for(timeout=30_000)
    yield table
    assert not errors, errors
    page.close()


def test_a_counted_hand_reopens_steps_by_keys_without_losing_a_press_and_waits(counted: TablePage,
                                                                               screenshots: Path) -> None:
    table, root = counted, counted.root
    count_rows = root.locator(".mus-count tbody").count()
    root.locator("[data-key='replay-hand']").click()
    root.locator(".mus-replay").wait_for()
    assert root.locator("[data-key='replay-close']").evaluate("(el) => el === document.activeElement")
    total = int(step_text(table).split()[-1])
    assert step_text(table) == f"Step {total} of {total}", "it opens at its count"
    assert root.locator(".mus-count tbody").count() == count_rows
    assert root.locator(".mus-count-hands [data-card]").count() == 16, "every hand face up beside the count"
    root.screenshot(path=str(screenshots / "replay-count.png"), animations="disabled")
    # Three quick presses: three steps back, none lost while the first is on its way.
    for _ in range(3):
        table.page.keyboard.press("ArrowLeft")
    wait_step(table, total - 3, total)
    assert root.locator(".mus-turn").count() == 0, "nobody is offered a turn in a finished hand"
    assert root.locator(".mus-seat [data-card]").count() == 16, "every hand face up on the felt"
    table.page.keyboard.press("Home")
    wait_step(table, 0, total)
    assert "hand 2" in root.locator(".mus-log-lines").inner_text().lower()
    root.screenshot(path=str(screenshots / "replay-deal.png"), animations="disabled")
    root.locator("[data-key='replay-forward']").click()
    wait_step(table, 1, total)
    table.page.keyboard.press("End")
    wait_step(table, total, total)
    root.locator("[data-key='replay-close']").click()
    root.locator("[data-key='next-hand']").wait_for()
    assert root.locator(".mus-replay").count() == 0 and root.locator(".mus-count tbody").count() == count_rows


def test_an_earlier_hand_reopens_from_the_log(counted: TablePage) -> None:
    root = counted.root
    root.locator("[data-key='next-hand']").click()
    heading = root.locator(".mus-log-replay").first
    heading.wait_for(timeout=20_000)
    assert heading.get_attribute("title") == "Replay hand 1"
    heading.click()
    root.locator(".mus-replay").wait_for()
    assert root.locator(".mus-replay-title").inner_text().startswith("Hand 1 again")
    root.locator("[data-key='replay-close']").click()
    root.locator(".mus-replay").wait_for(state="detached")
