"""Reviews a teacher can file: a review names its table and match, ``review_summary`` is keyed by table and
student, and the grades made while the students played are reused, not weighed again."""

from __future__ import annotations

import html
import random
import time
from typing import Any

import pytest

import mus_widget as mw
from mus_widget.bots import make_bot
from mus_widget.bots.turns import advance
from mus_widget.engine.game import Game
from mus_widget.engine.rules import Rules
from mus_widget.teaching import review as review_module
from mus_widget.teaching.review import GRADES, Reviewer

SAMPLES = 16
CREATED = 1764770000.5  # 2025-12-03 13:53:20 UTC


def match(seed: int) -> Game:
    bots = {seat: make_bot("novice", 4 * seed + seat) for seat in range(4)}
    game, _ = advance(Game.new(seed=seed, rules=Rules(target=10)), bots)
    return game


def classroom(game: Game, table: str, names: list[str | None], created: float = CREATED) -> dict[str, Any]:
    return {**game.record(), "table": table, "names": names, "created": created}


def test_a_review_names_its_table_and_match() -> None:
    done = mw.review(classroom(match(1), "3B", ["Ana", None, "Bea", None]), seat=0, samples=SAMPLES)
    assert (done.table, done.match) == ("3B", "2025-12-03 13:53")
    assert done.place == "Table 3B, match of 2025-12-03 13:53" and "(Table 3B" in repr(done)
    page = html.unescape(done._repr_html_())
    assert "Review of Ana's decisions" in page and "Table 3B, match of 2025-12-03 13:53" in page
    assert done.in_language("es").place == "Mesa 3B, partida del 2025-12-03 13:53"
    plain = mw.review(match(1).record(), seat=0, samples=SAMPLES)
    assert plain.table is None and plain.place is None and "Table" not in html.unescape(plain._repr_html_())


def test_the_summary_is_keyed_by_table_and_student() -> None:
    records = [classroom(match(2), "3B", ["Ana", None, "Bea", None]),
               classroom(match(3), "3C", [None, "Ana", None, "Carla"], CREATED + 3600)]
    summary = mw.review_summary(records, samples=SAMPLES)
    assert [(p.table, p.player) for p in summary.players] == [("3B", "Ana"), ("3B", "Bea"), ("3C", "Ana"),
                                                              ("3C", "Carla")]
    assert set(summary.by_table) == {("3B", "Ana"), ("3B", "Bea"), ("3C", "Ana"), ("3C", "Carla")}
    at_3c = summary.player("Ana", "3C")
    assert at_3c.table == "3C" and at_3c.heading() == "Ana at table 3C" and at_3c.games == 1
    assert summary.player("Ana").table == "3B", "the first table she sat at"
    with pytest.raises(KeyError, match="no player 'Ana' at table '3D'"):
        summary.player("Ana", "3D")
    page = html.unescape(summary._repr_html_())
    assert "Ana at table 3B" in page and "Ana at table 3C" in page and 'data-table="3C"' in page
    costly = [c for p in summary.players for c in p.costliest]
    assert costly, "the novices made some mistakes"
    assert "Record 1" not in page and "Record 2" not in page
    assert all(f"Table {c.review.table}, hand {c.row.hand}" in page for c in costly)
    spanish = html.unescape(mw.review_summary(records, samples=SAMPLES, language="es")._repr_html_())
    assert "Ana en la mesa 3C" in spanish


def test_grades_made_as_the_game_went_are_reused_by_the_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    GRADES.clear()
    bots = {seat: make_bot("novice", 40 + seat) for seat in range(4)}
    game = Game.new(seed=9, rules=Rules(target=10))
    at_the_table = Reviewer(game, 2, samples=SAMPLES)
    while not game.is_over:  # the student's table grades as the game goes
        game, _ = advance(game, bots, limit=1)
        at_the_table.extend(game)
        for row in at_the_table.pending():
            at_the_table.grade(row)
    graded = at_the_table.review()
    assert graded.decisions > 0

    def weighed_again(*_: object, **__: object) -> None:
        raise AssertionError("a decision graded at the table was weighed again")

    monkeypatch.setattr(review_module._Assessor, "evaluate", weighed_again)
    hits = GRADES.hits
    summary = mw.review_summary([classroom(game, "3B", [None, None, "Bea", None])], samples=SAMPLES)
    [bea] = summary.reviews
    assert GRADES.hits - hits == bea.decisions == graded.decisions
    assert all(a is b for a, b in zip(bea.rows, graded.rows, strict=True)), "the very grades, not new ones"
    with pytest.raises(AssertionError, match="weighed again"):  # another seed is another review: weighed anew
        mw.review_summary([classroom(game, "3B", [None, None, "Bea", None])], samples=SAMPLES, seed=1)


def test_the_teachers_kernel_grades_the_class_as_it_plays_and_the_summary_reuses_it(
        server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("websockets")
    from classroom_support import TEACHER_KEY, play_until
    from mus_widget import remote
    from mus_widget.classroom.marking import LiveGrading

    remote.create(server.url, "3B", rules=Rules(target=10), bots={1: "novice", 2: "novice", 3: "novice"},
                  teacher_key=TEACHER_KEY, seed=4)
    GRADES.clear()
    grading = LiveGrading(server.url, TEACHER_KEY, every=0.1, samples=SAMPLES)
    try:
        with remote.join(server.url, "3B", name="Ana") as ana:
            play_until({0: ana}, random.Random(1), lambda obs: obs.hand_number >= 3)
            record = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)
            made = Reviewer(record, 0, samples=SAMPLES).decisions
            assert made > 0
            deadline = time.monotonic() + 60
            while grading.graded < made and time.monotonic() < deadline:
                time.sleep(0.05)
            assert grading.graded >= made and grading.running
    finally:
        grading.stop()
    assert not grading.running

    def weighed_again(*_: object, **__: object) -> None:
        raise AssertionError("a decision graded during the lesson was weighed again")

    monkeypatch.setattr(review_module._Assessor, "evaluate", weighed_again)
    summary = mw.review_summary([record], samples=SAMPLES)
    assert [(p.table, p.player, p.decisions) for p in summary.players] == [("3B", "Ana", made)]


def test_closing_the_room_stops_the_grading_it_started(server: Any) -> None:
    pytest.importorskip("websockets")
    from classroom_support import TEACHER_KEY

    room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, language="en")
    grading = room.grade_as_they_play(every=0.1, samples=SAMPLES)
    assert grading.running
    room.close()
    assert not grading.running, "no thread of the room's grades on once the room is closed"
