"""The review of a game: every decision of one seat weighed by the expert from that seat's view, honestly.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West. South is the reviewed
student; bots stand in for students of every level.
"""

from __future__ import annotations

import functools
import html
import json
import statistics
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import mus_widget as mw
from mus_widget import Game
from mus_widget.bots import make_bot
from mus_widget.bots.turns import Move, advance, step
from mus_widget.classroom.sqlite_store import SQLiteStorage
from mus_widget.i18n.catalogues import LANGUAGES, message
from mus_widget.teaching.grading import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    NOISE_FACTOR,
    DecisionKind,
    Grade,
    call_text,
    grade_of,
)
from mus_widget.teaching.review import Review, Reviewer, review
from mus_widget.teaching.review_chart import HEIGHT, chart_svg
from support.matches import EAST, NORTH, SOUTH, WEST

REVIEW_SEED = 7001
"""The review's own seed: its worlds are never those the playing bots drew."""


@functools.cache
def played(level: str, seed: int) -> dict[str, Any]:
    """A game with South played by ``level`` and the three other seats by novices, to its end."""
    bots = {SOUTH: make_bot(level, 4 * seed), **{s: make_bot("novice", 4 * seed + s) for s in (EAST, NORTH, WEST)}}
    game, _ = advance(Game.new(seed=seed), bots)
    return game.record()


@functools.cache
def reviewed(level: str, seed: int) -> Review:
    return review(played(level, seed), seat=SOUTH, seed=REVIEW_SEED + seed)


def scripted(deal: list[str], mano: int, scores: tuple[int, int], actions: list[str]) -> Game:
    game = Game.from_deal(deal, mano=mano, scores=scores)
    for action in actions:
        game = game.apply(action)
    return game


# ------------------------------------------------------------------------------- the blunders every player knows

# East is mano and bets Grande with the game one point away; North proposes no quiero and South confirms it.
NEGADA_DEAL = ["12o 12c 12e 11b", "1o 4c 6e 7b", "1c 4e 6b 7o", "10e 4b 6o 7c"]
NEGADA_ACTIONS = ["no-mus", "envido 2", "no-quiero", "no-quiero"]
# Everyone passes to Punto; South, the postre, holds 30 (the best punto a hand without juego can hold) and passes
# too, at 38 to 38: a bet the others must take (refusing would give South the game) would have won it.
PUNTO_DEAL = ["12o 11c 5e 5b", "1o 4c 6e 7b", "1c 4e 6b 7o", "1e 4b 6o 7c"]
PUNTO_ACTIONS = ["no-mus"] + ["paso"] * 12


def test_a_no_quiero_that_hands_over_the_game_is_a_blunder() -> None:
    game = scripted(NEGADA_DEAL, EAST, (30, 39), NEGADA_ACTIONS)
    assert game.winner == 1, "the negada took East–West to 40"
    (row,) = review(game.record(), seat=SOUTH).rows
    assert (row.kind, row.action, row.grade) == (DecisionKind.CALL, "no-quiero", Grade.BLUNDER)
    assert row.chance == 0.0 and row.cost >= BLUNDER
    assert row.reason.id == "review.call.hands_over"
    assert row.why() == (f"No quiero with 3 reyes as postre hands East–West the negada of 1, which takes them to 40: "
                         f"the game is lost. {call_text(row.best)} keeps "
                         f"{round(100 * row.best_chance)} % to win it.")
    assert "la negada de 1, que lo lleva a 40: la partida está perdida" in row.why("es")


def test_a_paso_with_the_best_hand_as_postre_at_the_last_lance_is_a_blunder() -> None:
    game = scripted(PUNTO_DEAL, EAST, (38, 38), PUNTO_ACTIONS)
    rows = review(game.record(), seat=SOUTH).rows
    assert [r.phase.value for r in rows] == ["grande", "chica", "punto"]
    punto = rows[-1]
    assert punto.action == "paso" and punto.best != "paso" and punto.grade is Grade.BLUNDER
    assert punto.reason.id == "review.call.last_word"
    assert punto.why().startswith("Paso with 30 as postre at the last lance, with nobody left to speak after you: ")
    assert "so a bet risks little" in punto.why()
    assert punto.hindsight is not None and punto.hindsight.lance_won


def test_the_blunder_sentences_read_in_every_language() -> None:
    game = scripted(PUNTO_DEAL, EAST, (38, 38), PUNTO_ACTIONS)
    punto = review(game.record(), seat=SOUTH).rows[-1]
    texts = {code: punto.why(code) for code in LANGUAGES}
    assert len(set(texts.values())) == len(texts)
    assert "30 siendo postre" in texts["es"] and "30 als postre" in texts["nl"] and "30, jako postre" in texts["cs"]


# ------------------------------------------------------------------------------------- nothing hidden is read

# The same table for South (the same declarations: nobody but South has pares, nobody has juego), other cards for
# the others: here East, the mano, holds 30 too and wins Punto on the tie.
PUNTO_OTHER_DEAL = ["12o 11c 5e 5b", "12e 10c 6o 4e", "1c 4b 6b 7o", "1e 4o 6c 7c"]


def test_the_review_reads_nothing_the_seat_could_not_see() -> None:
    one = scripted(PUNTO_DEAL, EAST, (38, 38), PUNTO_ACTIONS[:-1])
    other = scripted(PUNTO_OTHER_DEAL, EAST, (38, 38), PUNTO_ACTIONS[:-1])
    assert one.observe(SOUTH) == other.observe(SOUTH) and one.hands != other.hands
    first, second = (review(g.apply("paso").record(), seat=SOUTH) for g in (one, other))
    for a, b in zip(first.rows, second.rows, strict=True):
        assert (a.options, a.chance, a.best_chance, a.cost, a.noise, a.grade, a.reason) == \
            (b.options, b.chance, b.best_chance, b.cost, b.noise, b.grade, b.reason)
    # Hindsight reads every card, and tells the two apart: the comparison above would catch any leak.
    assert first.rows[-1].hindsight != second.rows[-1].hindsight
    assert first.rows[-1].hindsight is not None and second.rows[-1].hindsight is not None
    assert first.rows[-1].hindsight.lance_won and not second.rows[-1].hindsight.lance_won


# East, the mano, holds three reyes (3, 3, 12); South none, North none either.
SENA_DEAL = ["4e 1e 6o 10e", "3b 3c 12b 6c", "10o 11c 11b 2b", "5b 6b 2o 12o"]


def test_the_review_reads_every_sena_the_seat_saw_the_opponents_too() -> None:
    """Every player sees every seña and bots make only true ones: after East's "three reyes", South's quiero to
    East's órdago at Grande, with no rey, loses the game. Before the review read the opponents' señas it weighed
    hands East could not hold and gave the quiero a quarter of a chance (benchmarks/review_costs.py found such
    quieros costing tens of points more when played out than the review said)."""

    def quiero(sena: str | None) -> mw.Graded:
        game = Game.from_deal(SENA_DEAL, mano=EAST).apply("no-mus")
        if sena is not None:
            game = game.sena(EAST, sena)
        game = game.apply("ordago").apply("no-quiero").apply("quiero")  # North proposes no quiero, South takes it
        (row,) = review(game.record(), seat=SOUTH, seed=REVIEW_SEED).rows
        assert (row.action, row.best, row.grade) == ("quiero", "no-quiero", Grade.BLUNDER)
        return row

    told, untold = quiero("three_reyes"), quiero(None)
    assert told.chance < 0.03 and untold.chance > 0.15
    assert told.cost > untold.cost + 15


# ------------------------------------------------------------------------------------------ honest grades


@pytest.mark.slow
def test_the_experts_own_decisions_are_graded_good_with_fresh_samples() -> None:
    rows = [row for seed in (1, 2, 3) for row in reviewed("expert", seed).rows]
    good = sum(row.grade is Grade.GOOD for row in rows) / len(rows)
    assert len(rows) >= 60 and good >= 0.95, f"{good:.1%} of {len(rows)}"


@pytest.mark.slow
def test_random_is_flagged_far_more_often_than_the_novice_and_the_novice_more_than_the_expert() -> None:
    def bad(level: str) -> float:
        rows = [row for seed in (1, 2, 3, 4) for row in reviewed(level, seed).rows]
        return sum(row.grade in (Grade.MISTAKE, Grade.BLUNDER) for row in rows) / len(rows)

    rates = {level: bad(level) for level in ("random", "novice", "expert")}
    # Twice, not three times: the review reads the opponents' señas, which the novice does not, and counts what
    # that costs it (on these four games 11.3 % against 4.9 %; over 20 games, 13.0 % against 4.9 %).
    assert rates["random"] >= 2 * rates["novice"] > 0, rates
    assert rates["novice"] > rates["expert"], rates


@pytest.mark.slow
def test_a_decision_is_never_flagged_within_its_own_noise() -> None:
    """Each decision of two games graded with four seeds: wherever one flags it, its cost there is more than
    twice the spread of the cost over the four."""
    records = [played("random", 1), played("novice", 2)]
    flagged = 0
    for record in records:
        reviews = [review(record, seat=SOUTH, seed=900 + s) for s in range(4)]
        for rows in zip(*(r.rows for r in reviews), strict=True):
            spread = statistics.stdev(100 * (r.best_chance - r.chance) for r in rows)
            for row in rows:
                if row.grade.flagged:
                    flagged += 1
                    assert row.cost > 2 * spread, (row, spread)
    assert flagged >= 5


def test_the_grade_follows_the_thresholds_and_never_the_noise() -> None:
    assert grade_of(INACCURACY - 0.1, 0.0) is Grade.GOOD
    assert grade_of(INACCURACY, 0.0) is Grade.INACCURACY
    assert grade_of(MISTAKE, 0.0) is Grade.MISTAKE
    assert grade_of(BLUNDER, 0.0) is Grade.BLUNDER
    # A cost within NOISE_FACTOR standard errors of the evaluation's noise is no cost it can tell.
    assert grade_of(BLUNDER + 10, (BLUNDER + 10) / NOISE_FACTOR) is Grade.GOOD
    assert grade_of(BLUNDER + 10, (BLUNDER + 10) / NOISE_FACTOR - 0.1) is Grade.BLUNDER


# ---------------------------------------------------------------------------------------- the reviewer


def test_grading_one_decision_at_a_time_in_any_order_gives_the_same_review() -> None:
    record = played("novice", 5)
    whole = review(record, seat=SOUTH, seed=3)
    reviewer = Reviewer(record, SOUTH, seed=3)
    assert reviewer.pending() == tuple(range(whole.decisions)) and not reviewer.so_far().complete
    for row in reversed(reviewer.pending()):
        reviewer.grade(row)
    assert reviewer.pending() == () and reviewer.review() == whole
    assert whole.complete and [r.row for r in whole.rows] == list(range(len(whole.rows)))


def test_a_game_dealt_fast_is_reviewed_from_its_own_deals() -> None:
    """A record of fast deals (version 3, as the training environment writes) is replayed with its own cards:
    every decision of South's is there and each grades."""
    bots = {seat: make_bot("novice", seat) for seat in (SOUTH, EAST, NORTH, WEST)}
    game, _ = advance(Game.new(seed=8, fast_deals=True), bots)
    record = game.record()
    assert record["version"] == 3
    reviewer = Reviewer(record, SOUTH, seed=1)
    assert reviewer.decisions == sum(1 for s in range(len(record["actions"])) if Game.from_record(
        {**record, "actions": record["actions"][:s], "senas": []}).to_move == SOUTH)
    reviewer.grade(0)
    assert reviewer.so_far().rows[0].row == 0


@pytest.mark.slow
def test_a_game_still_being_played_is_reviewed_as_it_goes() -> None:
    record = played("novice", 6)
    whole = review(record, seat=SOUTH, seed=4)
    reviewer = Reviewer({**record, "actions": [], "senas": []}, SOUTH, seed=4)
    for at in range(1, len(record["actions"]) + 1):
        reviewer.extend({**record, "actions": record["actions"][:at],
                         "senas": [s for s in record["senas"] if s["at"] <= at]})
        for row in reviewer.pending():
            reviewer.grade(row)
    assert reviewer.so_far() == whole
    with pytest.raises(mw.RecordError, match="not the one being reviewed"):
        reviewer.extend(played("novice", 7))


def test_each_decision_opens_again_at_its_moment() -> None:
    record = played("random", 3)
    done = reviewed("random", 3)
    replayed = Game.from_record(record)
    assert done.points[-1].chance in (0.0, 1.0) and replayed.is_over
    for row in done.rows:
        moment = Game.from_record(done.prefix(row))
        assert moment.to_move == SOUTH and moment.hand_number == row.hand
        assert str(moment.observe(SOUTH).hand) == row.cards
        assert moment.apply(row.action).actions == tuple(record["actions"][: row.at + 1])


def test_the_rows_go_to_pandas_as_flat_records() -> None:
    done = reviewed("novice", 1)
    records = done.to_records()
    assert len(records) == len(done.rows)
    for record in records:
        assert all(value is None or isinstance(value, int | float | str) for value in record.values()), record
        assert record["grade"] in {g.value for g in Grade} and 0 <= record["chance"] <= 100
    assert json.loads(json.dumps(records)) == records
    assert repr(done).startswith("review(record, seat=0, samples=240, seed=")


def test_a_classroom_record_is_reviewed_like_any_other(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "class.db")
    start = Game.new(seed=12)
    storage.create_table("3B", start, {EAST: "novice", NORTH: "novice", WEST: "novice"})
    bots = {seat: make_bot("novice", seat) for seat in range(4)}
    game, moves = start, list[Move]()
    while not game.is_over and game.hand_number <= 2:
        turn = step(game, bots)
        moves += turn.moves
        game = turn.game
    storage.add_moves("3B", 0, moves)
    stored = storage.record("3B")
    assert stored is not None and Game.from_record(stored).actions == game.actions
    done = review({**stored, "names": ["Ana", None, "Iker", None]}, seat=SOUTH)
    assert done.player == "Ana" and done.rows and done.complete
    storage.close()


# ------------------------------------------------------------------------------------------ the pictures


def test_the_chart_marks_every_decision_by_its_grade_for_the_table_to_open() -> None:
    done = reviewed("random", 2)
    svg = ET.fromstring(done.chart())
    ns = "{http://www.w3.org/2000/svg}"
    marks = [g for g in svg.iter(f"{ns}g") if g.get("data-decision") is not None]
    assert [int(g.get("data-decision", "")) for g in marks] == [row.row for row in done.rows]
    for mark, row in zip(marks, done.rows, strict=True):
        assert f"mus-grade-{row.grade.value}" in mark.get("class", "")
        title = mark.find(f"{ns}title")
        assert title is not None and f"Hand {row.hand}" in (title.text or "")
    assert svg.get("class") == "mus-review-chart" and "--jp-" in done.chart()
    hands = [c for c in svg.iter(f"{ns}circle") if c.get("data-hand") is not None]
    assert len(hands) == len(done.points)
    assert any(row.grade is Grade.BLUNDER for row in done.rows)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_charts_percentages_say_what_they_are_in_every_language(language: str) -> None:
    """The 0-100 % axis is named for what the line is, the chance of winning the game, as text a screen reader
    reads: upright along the axis, left of the percentages, and short enough for the chart's height."""
    done = reviewed("random", 2)
    svg = ET.fromstring(chart_svg(done.points, done.rows, done.seat, language=language))
    ns = "{http://www.w3.org/2000/svg}"
    (axis,) = [text for text in svg.iter(f"{ns}text") if text.get("class") == "mus-review-axis"]
    assert axis.text == message("review.chart.axis", language)
    assert message("review.chart.axis", "en") == "Chance of winning the game", "what the line is: chart_svg's doc"
    assert axis.get("transform", "").startswith("rotate(-90 ")
    percents = [float(t.get("x", "0")) for t in svg.iter(f"{ns}text") if "%" in (t.text or "")]
    size = 12
    assert len(percents) == 3 and float(axis.get("x", "0")) + size / 2 < min(percents) - 4 * 6.5, "left of 100 %"
    assert len(axis.text or "") * size * 0.6 <= HEIGHT - 2 * 4, "it fits the chart's height"


def test_the_static_picture_holds_the_chart_the_counts_and_every_decision() -> None:
    done = reviewed("random", 2)
    page = done._repr_html_()
    assert page.count('class="mus-review-row') == len(done.rows) and "<svg" in page
    assert "Decisions by kind and lance" in page and "Review of South's decisions" in html.unescape(page)
    spanish = html.unescape(done.in_language("es")._repr_html_())
    assert "Decisiones por tipo y lance" in spanish and "Revisión de las decisiones de Sur" in spanish


@pytest.mark.slow
def test_a_teacher_sums_up_every_player_over_many_records() -> None:
    records = [{**played("random", 1), "names": ["Ana", None, "Iker", None]},
               {**played("novice", 1), "names": ["Iker", None, "Ana", None]}]
    summary = mw.review_summary(records, seed=5)
    assert [p.player for p in summary.players] == ["Ana", "Iker"]
    ana = summary.player("Ana")
    assert ana.games == 2 and ana.decisions == sum(len(r.rows) for r in summary.reviews if r.player == "Ana")
    assert 0 < len(ana.costliest) <= 3
    assert [c.row.cost for c in ana.costliest] == sorted((c.row.cost for c in ana.costliest), reverse=True)
    worst = ana.costliest[0]
    moment = Game.from_record(worst.prefix())
    assert moment.to_move == worst.review.seat
    page = summary._repr_html_()
    assert f'data-record="{worst.record}"' in page and "Costliest decisions" in page
    with pytest.raises(KeyError, match="no player 'Xabier'"):
        summary.player("Xabier")


def test_an_old_record_is_reviewed_only_as_far_as_it_deals_the_same_cards() -> None:
    game = Game.new(seed=3)
    for _ in range(2):  # two rounds of four discards of four: the second runs out of stock and reshuffles
        for _ in range(4):
            game = game.apply("mus")
        for _ in range(4):
            game = game.apply("discard " + str(game.hands[game.to_move or 0]))
    with pytest.raises(mw.RecordError, match="reshuffles the discards"):
        review({**game.record(), "version": 1}, seat=SOUTH)
    assert review(game.record(), seat=SOUTH).complete
