"""The review at the table (issue #26): the student's decisions graded in the background as the game goes on (in a
worker thread, off the kernel's thread), synced as they come, each opened in its hand with its grade, and a
decision tried again, at the table and as a new table."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import mus_widget as mw
from mus_widget import MusTable, Rules
from mus_widget.table import reviewing
from mus_widget.table.contract import ReviewView
from mus_widget.teaching.scenarios import Scenario


def careful(t: MusTable) -> str:
    """The student's move: the mus asked for, one card changed at each discard, then paso or the cheapest answer."""
    legal = t.game.legal_actions()
    if "mus" in legal:
        return "mus"
    if t.game.phase is mw.Phase.DISCARD:
        return f"discard {t.game.observe(t.seat).hand.cards[0]}"
    return next((a for a in ("paso", "no-quiero", "quiero") if a in legal), legal[0])


def play_to_the_end(t: MusTable) -> None:
    """The careful student plays the whole game, reading every count."""
    while t.state["stage"] != "over":
        if t.counting:
            t.receive({"type": "next_hand"})
        else:
            t.receive({"type": "act", "action": careful(t)})
        assert not t.error, t.error


def short_game() -> MusTable:
    return MusTable(seed=4, pace=0, bots="novice", names=["Ana", "Bea", "Carla", "Dani"], rules=Rules(target=10))


def test_the_review_of_the_table_grades_every_decision_of_the_student() -> None:
    t = short_game()
    play_to_the_end(t)
    review = t.review()
    record = t.game.record()
    assert review.complete and review.seat == 0 and review.player == "Ana"
    steps = Scenario.from_record(record)
    mine = [i for i in range(len(record["actions"])) if steps.game_at(i).to_move == 0]
    assert [row.at for row in review.rows] == mine, "every decision of the student's, and only those"
    assert all(record["actions"][row.at] == row.action for row in review.rows)


def test_the_review_is_graded_in_the_background_and_synced_as_it_comes() -> None:
    """With the kernel's loop running, the grades come from the worker thread while the student plays; once
    the game is over every decision is graded, the same grades as ``table.review()`` gives."""
    synced: list[ReviewView] = []

    async def game() -> MusTable:
        t = short_game()
        t.observe(lambda change: synced.append(change["new"]), names=["decisions"])
        while t.state["stage"] != "over":
            t.receive({"type": "next_hand"} if t.counting else {"type": "act", "action": careful(t)})
            await asyncio.sleep(0)
        deadline = time.monotonic() + 120
        while not (t._review.complete and t._review.total and t.decisions.get("done") == t._review.total) \
                and time.monotonic() < deadline:  # what was synced last says every decision of the whole game
            await asyncio.sleep(0.1)
        return t

    t = asyncio.run(game())
    final = synced[-1]
    assert final["complete"] and final["done"] == final["total"] > 0
    assert len(synced) >= 2 and synced[0]["done"] < final["done"], "it was synced as the grades came in"
    assert final["chart"].startswith("<svg") and 'data-decision="0"' in final["chart"]
    assert '<text class="mus-review-axis"' in final["chart"] and ">Chance of winning the game</text>" in final["chart"]
    review = t.review()
    assert [(r["at"], r["grade"], r["cost"]) for r in final["rows"]] == [
        (row.at, row.grade.value, round(row.cost, 1)) for row in review.rows], "the same grades, however graded"
    t.close()


@pytest.fixture(scope="module")
def over() -> MusTable:
    t = short_game()
    play_to_the_end(t)
    return t


def test_a_decision_opens_in_its_hand_with_its_grade(over: MusTable) -> None:
    review = over.review()
    row = review.rows[-1]
    over.receive({"type": "replay", "game": row.game, "hand": row.hand, "at": row.at})
    assert not over.error
    replay: Any = over.state["replay"]
    assert replay["hand"] == row.hand
    decision = replay["decision"]
    assert decision is not None and decision["at"] == row.at and decision["grade"] == row.grade.value
    assert decision["why"] == row.why("en") and decision["action"]
    over.receive({"type": "replay_step", "to": replay["index"] + 1} if replay["index"] < replay["count"]
                 else {"type": "replay_step", "to": replay["index"] - 1})
    assert over.state["replay"] and over.state["replay"]["decision"] is None, "only at the decision's own step"
    over.receive({"type": "replay_close"})


def test_a_new_table_from_a_graded_decision_plays_on_from_that_moment(over: MusTable) -> None:
    review = over.review()
    row = review.rows[len(review.rows) // 2]
    again = MusTable.from_decision(review, row, pace=0)
    assert again.step is None and again.seat == review.seat and again.names == over.names
    assert again.game.record()["actions"] == over.game.record()["actions"][: row.at]
    assert again.game.to_move == review.seat and again.state["turn"] is not None
    other = next(a for a in again.game.legal_actions() if a != row.action)
    again.receive({"type": "act", "action": other})
    assert not again.error and again.game.record()["actions"][row.at] == other


def test_without_processes_the_review_grades_in_the_idle_time_between_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in Pyodide (no processes): one decision graded at a time on the kernel's own loop, each after a pause
    that lets clicks in, with as many worlds as the expert decides on."""
    monkeypatch.setattr(reviewing, "_IN_PAGE", True)

    async def game() -> MusTable:
        t = short_game()
        while t.state["stage"] != "over":
            t.receive({"type": "next_hand"} if t.counting else {"type": "act", "action": careful(t)})
            await asyncio.sleep(0)
        deadline = time.monotonic() + 120
        while not (t.decisions.get("complete") and t.decisions.get("total")) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return t

    t = asyncio.run(game())
    assert reviewing._Worker.get() is None
    assert t._review.samples == reviewing.IN_PAGE_SAMPLES
    assert t.decisions["complete"] and t.decisions["done"] == t.decisions["total"] == len(t.review().rows)
    t.close()


def test_a_table_only_looked_at_grades_nothing() -> None:
    """Nothing is sent to the worker before the student's first decision (a lesson's table costs no process)."""

    async def looked_at() -> tuple[bool, bool]:
        t = MusTable(seed=4, pace=0, bots="novice", seat=1)  # the bots play up to the student's first turn
        await asyncio.sleep(0.2)
        idle = not t._review._busy
        t.receive({"type": "act", "action": careful(t)})
        asked = t._review._busy or t._review.done > 0
        t.close()
        return idle, asked

    idle, asked = asyncio.run(looked_at())
    assert idle and asked


def test_the_worker_grades_in_the_quiet_after_a_click() -> None:
    """The worker thread shares the interpreter with the clicks: it starts a grade only once the table has had
    no click for ``QUIET`` seconds."""
    table = MusTable(seed=3, pace=0)
    before = time.monotonic()
    table.receive({"type": "act", "action": careful(table)})
    assert before <= reviewing.Clicks.last <= time.monotonic(), "the click is noted when it ends"
    reviewing.Clicks.wait_for_quiet()
    waited = time.monotonic() - reviewing.Clicks.last
    assert reviewing.QUIET <= waited < reviewing.QUIET + 0.2, waited
    table.close()


def test_a_table_collected_while_the_review_thread_takes_a_task_closes_without_waiting_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's close submits to the review thread; the garbage collector may run it inside another table's
    submit, whose lock is held and not re-entrant (a suite once hung there): then the closed table waits for the
    thread's next task instead."""
    pool = reviewing._Worker.get()
    assert pool is not None
    closed = reviewing.TableReview("collected", 0, lambda: None)
    reviewing._WORKER_REVIEWERS["collected"] = object()  # type: ignore[assignment]

    def refuse(*_: object) -> None:
        raise AssertionError("submitted while a submit was under way in this thread")

    monkeypatch.setattr(pool, "submit", refuse)
    reviewing._Worker.submitting.on = True
    try:
        closed.close()  # as __del__ would, inside a submit
    finally:
        reviewing._Worker.submitting.on = False
    monkeypatch.undo()
    assert "collected" in reviewing._CLOSED
    reviewing._Worker.submit(pool, reviewing._forget_closed).result(timeout=10)  # the thread's next task
    assert "collected" not in reviewing._WORKER_REVIEWERS and "collected" not in reviewing._CLOSED
