"""Learning from a game in a real browser (issue #26): a finished hand reopened from the count and from the log,
stepped with the buttons and the keys (no press lost), and the live game found where it waited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, code_notebook, notebook_page

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
    with notebook_page(browser, lab_server, "review.ipynb", {"width": 1280, "height": 800}) as (page, errors):
        table = TablePage(page)
        table.root.locator("[data-key='replay-hand']").wait_for(timeout=30_000)
        yield table
        assert not errors, errors


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


A_GAME = TWO_HANDS.replace(
    'table = MusTable(seed=11, pace=0, bots="novice", names=["Ana", "Bea", "Carla", "Dani"])\n'
    'for hand in range(2):\n'
    '    if hand:\n'
    '        table.receive({"type": "next_hand"})\n'
    '    while not table.counting:\n'
    '        table.receive({"type": "act", "action": careful(table)})\n',
    'from mus_widget import Rules\n'
    'table = MusTable(seed=4, pace=0, bots="novice", names=["Ana", "Bea", "Carla", "Dani"], rules=Rules(target=10))\n'
    'while table.state["stage"] != "over":\n'
    '    table.receive({"type": "next_hand"} if table.counting else {"type": "act", "action": careful(table)})\n')


def test_the_review_opens_a_decision_from_the_chart_and_tries_it_again(browser: Any, lab_server: LabServer,
                                                                        screenshots: Path) -> None:
    """A game played to its end: the review fills in while the student looks (graded in the background), a
    point of the chart opens its decision in its hand with the grade and why, and Try again from here deals the
    student that moment again, to play the other call."""
    assert "while table.state" in A_GAME
    (lab_server.notebooks / "reviewed.ipynb").write_text(json.dumps(code_notebook(A_GAME)))
    with notebook_page(browser, lab_server, "reviewed.ipynb", {"width": 1280, "height": 800}) as (page, errors):
        table = TablePage(page)
        root = table.root
        root.locator("[data-key='review-game']").wait_for(timeout=30_000)
        root.locator("[data-key='review-game']").click()
        review = root.locator(".mus-review")
        review.wait_for()
        root.locator(".mus-review-counts").wait_for(timeout=60_000)  # every decision graded
        assert root.locator("[data-key='review-close']").evaluate("(el) => el === document.activeElement")
        points = root.locator(".mus-review-chart [data-decision]")
        assert points.count() >= 5
        items = root.locator(".mus-review-item")
        assert items.count() >= 1 and items.first.locator(".mus-review-why").inner_text().strip()
        # The 0-100 % axis says what the line is, upright beside its percentages, as large as they are at least,
        # and inside the chart; a screen reader reads it with the chart.
        axis = root.locator(".mus-review-chart .mus-review-axis")
        assert axis.text_content() == "Chance of winning the game" and axis.is_visible()
        box, chart = axis.bounding_box(), root.locator(".mus-review-chart svg").bounding_box()
        assert box and chart and box["height"] > 3 * box["width"], "turned upright along the axis"
        assert box["width"] >= 11, "as large as the percentages beside it, at least"
        assert chart["y"] <= box["y"] and box["y"] + box["height"] <= chart["y"] + chart["height"], "inside the chart"
        assert "Chance of winning the game" in root.locator("svg.mus-review-chart").aria_snapshot()
        review.screenshot(path=str(screenshots / "review.png"), animations="disabled")
        last = points.nth(points.count() - 1)
        row = last.get_attribute("data-decision")
        last.dispatch_event("click")
        decision = root.locator(".mus-replay .mus-decision")
        decision.wait_for(timeout=10_000)
        assert root.locator(".mus-review").count() == 0
        assert decision.locator(".mus-badge").inner_text().strip() in ("good", "inaccuracy", "mistake", "blunder")
        assert decision.locator(".mus-decision-why").inner_text().strip()
        assert root.locator("[data-key='try-again']").evaluate("(el) => el === document.activeElement")
        root.screenshot(path=str(screenshots / "review-decision.png"), animations="disabled")
        assert row is not None
        before = table.version()
        root.locator("[data-key='try-again']").click()
        table.wait_newer(before)
        root.locator(".mus-turn").wait_for(timeout=10_000)
        assert root.locator(".mus-replay").count() == 0 and root.get_attribute("data-stage") == "play"
        buttons = root.locator(".mus-turn .mus-actions button[data-action]:not([data-key='act-raise'])")
        before = table.version()
        buttons.first.click()
        sure = root.locator("[data-key='confirm-yes']")
        if sure.count():
            sure.click()
        table.wait_newer(before)
        assert not root.locator(".mus-error").count(), "the other call is played and the bots play on"
    assert not errors, errors
