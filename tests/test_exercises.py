"""Exercises: seeded deals, one right answer checked against the engine, a verdict that says why."""

from __future__ import annotations

import html

import pytest

import mus_widget as mw
from mus_widget.engine.seats import next_seat
from mus_widget.i18n import LANGUAGES
from mus_widget.table.quiz import Quiz
from mus_widget.teaching.exercises import KINDS, exercise
from support.shown import shown

SEEDS = range(25)
LANCES = {"grande": mw.Lance.GRANDE, "chica": mw.Lance.CHICA, "pares": mw.Lance.PARES, "juego": mw.Lance.JUEGO,
          "punto": mw.Lance.PUNTO}


@pytest.mark.parametrize("kind", KINDS)
def test_one_right_answer_and_every_wrong_one_is_told_the_right_one(kind: str) -> None:
    for seed in SEEDS:
        ex = exercise(kind, seed)
        keys = [key for key, _ in ex.labels()]
        assert len(keys) == len(set(keys)) >= 2 and ex.answer in keys, ex
        right = ex.check(ex.answer)
        assert right.right and right.text == "Right!" and right.why
        label = dict(ex.labels())[ex.answer]
        for key in keys:
            if key != ex.answer:
                wrong = ex.check(key)
                assert not wrong.right and wrong.text == f"Not quite: the answer is {label}.", (ex, key)
                assert wrong.why == right.why


@pytest.mark.parametrize("kind", KINDS)
def test_an_exercise_replays_from_its_seed_and_moves_on(kind: str) -> None:
    assert exercise(kind, 11) == exercise(kind, 11)
    assert exercise(kind, 11).next() == exercise(kind, 12)
    assert len({exercise(kind, s).hands for s in range(6)}) > 1


@pytest.mark.parametrize("kind", LANCES)
def test_who_wins_a_lance_is_the_engines_winner_and_the_reason_names_it(kind: str) -> None:
    lance = LANCES[kind]
    for seed in SEEDS:
        ex = exercise(kind, seed)
        assert ex.mano is not None
        winner = mw.lance_winner(lance, ex.hands, ex.mano)
        assert ex.answer == ("nobody" if winner is None else str(winner))
        why = ex.explanation()
        assert why.startswith(lance.value.capitalize())
        if winner is not None and "only" not in why:
            assert mw.Observation is not None and ["South", "East", "North", "West"][winner] in why


def test_punto_is_asked_only_when_nobody_has_juego_and_juego_when_both_teams_have_it() -> None:
    """Then the reason compares the best hand of each team: the answer is never a guess between partners."""
    for seed in SEEDS:
        assert all(mw.evaluate(h).total < 31 for h in exercise("punto", seed).hands)
        juego = exercise("juego", seed).hands
        assert {mw.team_of(s) for s in range(4) if mw.evaluate(juego[s]).total >= 31} == {0, 1}
        pares = exercise("pares", seed).hands
        assert len({mw.team_of(s) for s in range(4) if mw.evaluate(pares[s]).pares is not mw.ParesKind.NONE}) != 1
        assert "only South–North" not in (why := exercise("pares", seed).explanation()) and "only East–West" not in why


POINTS = {1: 1, 2: 1, 3: 10, 4: 4, 5: 5, 6: 6, 7: 7, 10: 10, 11: 10, 12: 10}


def test_the_total_of_a_hand_is_counted_card_by_card() -> None:
    for seed in SEEDS:
        ex = exercise("juego_of", seed)
        total = sum(POINTS[c.number] for c in ex.hands[0].cards)
        assert ex.answer == str(total)
        assert ("that is juego" in ex.explanation()) == (total >= 31)


@pytest.mark.parametrize("kings", [8, 4])
def test_reyes_count_threes_only_with_eight_reyes(kings: int) -> None:
    rules = mw.Rules(kings=kings)
    for seed in SEEDS:
        ex = exercise("reyes", seed, rules)
        cards = ex.hands[0].cards
        assert ex.answer == str(sum(c.number == 12 or (kings == 8 and c.number == 3) for c in cards))
        assert f"With {kings} reyes" in ex.text()


def test_pares_of_a_hand() -> None:
    for seed in SEEDS:
        ex = exercise("pares_of", seed)
        kind = mw.evaluate(ex.hands[0]).pares
        assert ex.answer == ("none" if kind is mw.ParesKind.NONE else kind.name.lower())


def test_the_next_mano_is_the_next_seat_counter_clockwise() -> None:
    for seed in SEEDS:
        ex = exercise("next_mano", seed)
        assert ex.mano is not None
        assert ex.answer == str(next_seat(ex.mano))


def test_a_negada_is_one_for_a_first_bet_else_the_stake_before_the_refused_raise() -> None:
    seen = set()
    for seed in range(60):
        ex = exercise("negada", seed)
        calls = [int(call.split(":")[1]) for call in str(ex.question.params["calls"]).split(";")]
        stakes = [sum(calls[: i + 1]) for i in range(len(calls))]
        assert ex.answer == str(1 if len(calls) == 1 else stakes[-2])
        seen.add(len(calls))
    assert seen == {1, 2, 3}
    # RULES.md: 2 → 5 → 7 rejected pays 5 (raises of 3 and then 2).
    assert [2, 5, 7][-2] == 5


def test_the_count_en_paso_is_what_the_engine_scores() -> None:
    for seed in range(10):
        ex = exercise("count", seed)
        assert ex.mano is not None
        game = mw.Game.from_deal(ex.hands, mano=ex.mano).apply("no-mus")
        while game.last_hand is None:
            legal = game.legal_actions()
            game = game.apply("paso" if "paso" in legal else legal[0])
        team = ex.question.params["team"]
        assert isinstance(team, int)
        assert ex.answer == str(game.scores[team])
        assert ex.explanation().endswith(f"score {game.scores[team]} in all.")


def test_exactly_one_offered_sena_is_true() -> None:
    for seed in SEEDS:
        ex = exercise("sena", seed)
        true = set(mw.true_senas(ex.hands[0]))
        assert [key for key, _ in ex.labels() if key in true] == [ex.answer]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_exercise_reads_in_every_language(code: str) -> None:
    for kind in KINDS:
        for seed in range(3):
            ex = exercise(kind, seed)
            texts = [ex.text(code), ex.explanation(code), *(label for _, label in ex.labels(code)),
                     ex.check(ex.answer, code).text]
            assert all(text and "{" not in text for text in texts), (kind, seed, texts)
            assert "<svg" in ex.picture(code)._repr_html_()


def test_wrong_input_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="kinds are grande"):
        exercise("poker")
    with pytest.raises(TypeError):
        exercise("grande", True)
    with pytest.raises(ValueError, match="the answers are 0, 1, 2, 3"):
        exercise("chica", 1).check("5")


def test_a_quiz_marks_the_right_button_and_the_wrong_one_and_moves_on() -> None:
    quiz = Quiz("grande", seed=2, language="en")
    assert quiz.state["right"] is None and quiz.state["verdict"] is None, "the browser learns the answer after"
    wrong = next(key for key, _ in quiz.exercise.labels() if key != quiz.exercise.answer)
    verdict = quiz.answer(wrong)
    assert not verdict.right and quiz.state["right"] == quiz.exercise.answer and quiz.state["chosen"] == wrong
    assert "Not quite" in quiz.state["verdict"]["text"]
    quiz.another()
    assert quiz.exercise.seed == 3 and quiz.state["verdict"] is None and quiz.verdict is None
    assert quiz.answer(quiz.exercise.answer).right


def test_a_click_in_the_browser_answers_and_a_bad_one_changes_nothing() -> None:
    quiz = Quiz("chica", seed=4, language="en")
    pongs: list[object] = []
    quiz.send = pongs.append  # type: ignore[method-assign,assignment]  # a list's append takes no buffers
    quiz._on_front_end(quiz, {"type": "answer", "key": "not an answer"}, [])
    quiz._on_front_end(quiz, ["answer"], [])
    assert quiz.verdict is None
    quiz._on_front_end(quiz, {"type": "ping", "seq": 7}, [])
    assert pongs == [{"type": "pong", "seq": 7}]
    quiz._on_front_end(quiz, {"type": "answer", "key": quiz.exercise.answer}, [])
    assert quiz.verdict is not None and quiz.verdict.right
    quiz._on_front_end(quiz, {"type": "another"}, [])
    assert quiz.exercise.seed == 5


def test_the_quiz_shows_as_a_picture_where_there_is_no_kernel() -> None:
    quiz = Quiz("grande", seed=2, language="en")
    picture, view = shown(quiz)
    assert "application/vnd.jupyter.widget-view+json" in view and "text/html" not in view
    page = picture["text/html"]
    assert "<svg" in page and quiz.exercise.text("en") in page and "A snapshot of the quiz" in page
    assert all(label in page for _, label in quiz.exercise.labels("en"))
    assert "<script" not in page and "http" not in page.replace("http://www.w3.org/2000/svg", "")


def test_the_picture_does_not_give_the_answer_away_until_the_answer() -> None:
    for kind in ("pares_of", "juego_of", "pares", "juego"):
        quiz = Quiz(kind, seed=5, language="en")
        caption = mw.teaching.pictures.hand_caption(quiz.exercise.hands[0], quiz.exercise.rules)
        for drawn in (quiz.state["picture"], quiz.picture().html):
            assert caption not in drawn and "juego" not in drawn.replace("Juego", "")
        quiz.answer(quiz.exercise.answer)
        assert caption in quiz.state["picture"], "once answered, the hands say what they hold"


def test_a_handouts_answer_key_ticks_the_right_answer_and_says_why_while_the_live_quiz_still_asks() -> None:
    quiz = Quiz("pares_of", seed=5, language="en", answer_key=True)
    ex = quiz.exercise
    right = dict(ex.labels("en"))[ex.answer]
    picture, _ = shown(quiz)
    page = picture["text/html"]
    assert quiz.picture().html in page, "the key is the picture displayed before the view"
    assert f'<li data-right style="font-weight:700">✓ {html.escape(right)}</li>' in page
    assert page.count("<li") == len(ex.labels("en")) and page.count("✓") == 1, "one answer ticked"
    assert f"<b>Answer key: {html.escape(right)}.</b> {html.escape(ex.explanation('en'))}" in page
    assert html.escape(mw.teaching.pictures.hand_caption(ex.hands[0], ex.rules)) in page, "the hand says what it holds"
    assert "A snapshot of the quiz" not in page
    assert str(quiz.picture()).endswith(f"Answer key: {right}.")
    assert quiz.state["right"] is None and quiz.state["verdict"] is None, "the browser learns the answer after"
    assert repr(quiz) == "Quiz('pares_of', seed=5, language='en', answer_key=True)"

    plain = Quiz("pares_of", seed=5, language="en")
    assert "✓" not in plain.picture().html and "Answer key" not in plain.picture().html
    assert plain.picture(answer_key=True).html == quiz.picture().html, "any quiz's key, on demand"
    assert quiz.picture(answer_key=False).html == plain.picture().html
    spanish = Quiz("pares_of", seed=5, language="es", answer_key=True).picture().html
    assert f"Solución: {html.escape(dict(ex.labels('es'))[ex.answer])}." in spanish


def test_a_quiz_without_a_seed_draws_one_and_names_it() -> None:
    seeds = {Quiz("chica", language="en").exercise.seed for _ in range(5)}
    assert len(seeds) > 1
    assert repr(Quiz("chica", seed=4, language="en")) == "Quiz('chica', seed=4, language='en')"


def test_a_quiz_speaks_the_students_language() -> None:
    quiz = Quiz("pares", seed=1, language="es")
    assert quiz.state["another"] == mw.i18n.catalog("es")["exercise.another"]
    assert quiz.answer(quiz.exercise.answer).text == mw.i18n.catalog("es")["exercise.right"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_static_question_is_in_its_language_with_every_answer(code: str) -> None:
    """``exercise(...).show(language)`` is the question for an exported page: the hands, the question and the
    answers, lettered, in that language; displayed as is, it is the English one."""
    ex = exercise("chica", seed=12)
    shown = ex.show(code)
    assert ex.text(code) in shown.html and all(f"<li>{label}</li>" in shown.html for _, label in ex.labels(code))
    assert str(shown).splitlines() == [ex.text(code)] + [f"{letter}) {label}" for letter, (_, label) in
                                                         zip("abcdefgh", ex.labels(code), strict=False)]
    assert ex._repr_html_() == ex.show("en").html
    if code != "en":
        assert ex.text(code) != ex.text("en")
