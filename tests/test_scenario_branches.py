"""A scenario's branches: "what if East had said quiero" written under the main line's action, read into
alternatives of that step with their own notes, and stepped through at the table like the main line."""

from __future__ import annotations

import pytest

from mus_widget import MusTable
from mus_widget.teaching.scenarios import Scenario, ScenarioError
from test_teaching_widget import refused

REFUSED = """\
title: A refused first bet pays 1
hands: 12o 12c 11o 11c / 1o 1c 4o 5o / 7o 7c 6o 10o / 3o 11e 10c 1e
play: no-mus, envido 2
play: no-quiero
note: East proposes No quiero.
branch: quiero
note: Had East wanted it, West answers too.
note.es: Si Este la quisiera, Oeste también responde.
then: quiero
note: Grande is played for 2 at the count.
branch: ordago
note: East turns the game on Grande.
play: no-quiero
note: West agrees: South–North take Grande's 1 at once.
play: paso, paso, paso, paso, paso, paso, paso, paso, paso
expect: 5 4
"""


def test_branches_are_alternatives_of_the_main_lines_action_with_their_own_steps_and_notes() -> None:
    scenario = Scenario.parse(REFUSED)
    assert len(scenario) == 13 and scenario.actions[:4] == ("no-mus", "envido 2", "no-quiero", "no-quiero")
    wanted, ordago = scenario.branches
    assert repr(scenario) == "<Scenario 'A refused first bet pays 1': 13 steps, 2 branches>"
    assert repr(wanted) == "<Branch at step 2: quiero, quiero>" and ordago.actions == ("ordago",)
    assert wanted.at == ordago.at == 2 and wanted.seat == ordago.seat == 1, "East's answer, after step 2"
    assert wanted.game_at(0) is scenario.game_at(2), "a branch leaves from the main line's step"
    assert wanted.game_at(2).phase.value == "chica" and wanted.game_at(2).to_move == 0, "Grande wanted; Chica begins"
    assert [wanted.note_at(step) for step in range(3)] == [
        "", "Had East wanted it, West answers too.", "Grande is played for 2 at the count."]
    assert wanted.note_at(1, "es") == "Si Este la quisiera, Oeste también responde." and wanted.note_at(2, "es")
    assert ordago.note_at(1) == "East turns the game on Grande."
    assert scenario.note_at(3) == "East proposes No quiero." and scenario.note_at(4).startswith("West agrees")
    assert scenario.branches_of(3) == (wanted, ordago) and scenario.branches_of(4) == ()
    assert scenario.final.scores == (5, 4), "the main line ends as it claims; the branches leave it alone"
    with pytest.raises(IndexError, match="a step of this branch is 0 to 2"):
        wanted.game_at(3)


@pytest.mark.parametrize(("lines", "line", "words"), [
    ("branch: paso", 3, "a branch before any action; expected a 'play:' line first"),
    ("play: no-mus\nthen: mus", 4, "'then:' goes on with a branch, and none is open"),
    ("play: no-mus, envido 2\nbranch: envido 2", 4, "a branch's first action is the main line's own ('envido 2')"),
    ("play: no-mus, envido 2\nbranch: no-quiero", 4, "is not legal for seat 0 (South) in grande"),
    ("play: no-mus, envido 2\nbranch: paso\nsena: north duples", 5, "a seña inside a branch"),
    ("play: no-mus\nbranch: mus\nthen: mus, mus, mus, discard 1o", 5, "action 4 ('discard 1o')"),
], ids=["before-any-action", "then-without-branch", "same-action", "illegal", "sena", "named-place"])
def test_a_branch_that_cannot_be_read_names_its_line_and_cause(lines: str, line: int, words: str) -> None:
    text = "title: t\nhands: 12o 12c 11o 11c / 1o 1c 4o 5o / 7o 7c 6o 10o / 3o 11e 10c 1e\n" + lines + "\n"
    with pytest.raises(ScenarioError) as caught:
        Scenario.parse(text)
    assert caught.value.line == line and words in str(caught.value), str(caught.value)


def test_a_team_answer_missing_in_a_branch_is_named_as_on_the_main_line() -> None:
    text = REFUSED.replace("then: quiero\n", "then: paso\n")
    with pytest.raises(ScenarioError) as caught:
        Scenario.parse(text)
    assert caught.value.line == 9 and caught.value.problem == (
        "East and West must both answer: West's quiero is missing after line 6"), "line 6 is the 'branch:' line"


def test_a_table_offers_the_branches_at_the_step_they_answer_and_steps_through_one() -> None:
    scenario = Scenario.parse(REFUSED)
    table = MusTable.from_scenario(scenario, step=3, pace=0, names=["Ana", "Bea", "Carlos", "Dani"])
    steps = table.state["steps"]
    assert steps["branches"] == [{"number": 0, "text": "What if Bea played Quiero?"},
                                 {"number": 1, "text": "What if Bea played Órdago?"}] and steps["branch"] is None
    table.receive({"type": "step", "to": 4})
    assert table.state["steps"]["branches"] == [], "a branch is offered at the step it answers only"
    table.go_to(3)

    table.go_into(0)
    steps = table.state["steps"]
    assert table.branch == 0 and table.step == 1 and table.game is scenario.branches[0].game_at(1)
    assert steps["branch"] == {"number": 0, "text": "What if Bea played Quiero?"} and steps["branches"] == []
    assert steps["count"] == 2 and steps["note"] == "Had East wanted it, West answers too." and steps["hands"] == []
    assert table.state["log"][-1] == "Bea proposes Quiero"
    table.receive({"type": "step", "to": 2})
    assert table.game is scenario.branches[0].game_at(2) and table.state["steps"]["note"].startswith("Grande is")
    table.receive({"type": "step", "to": 0})
    assert table.game is scenario.game_at(2) and table.branch == 0, "step 0 of a branch is where it leaves"
    refused(table, {"type": "step", "to": 3}, "ui.error.step")

    table.go_into(None)
    assert table.branch is None and table.step == 3 and table.game is scenario.game_at(3)
    assert table.state["steps"]["note"] == "East proposes No quiero." and len(table.state["steps"]["branches"]) == 2


def test_a_branch_that_does_not_exist_is_refused_and_nothing_changes() -> None:
    table = MusTable.from_scenario(Scenario.parse(REFUSED), step=3, pace=0)
    for branch in (2, -1, True, "0", 0.0):
        refused(table, {"type": "step_branch", "branch": branch}, "ui.error.branch")
    with pytest.raises(ValueError, match="There is no branch 5: this scenario has 2"):
        table.go_into(5)
    before = {**table.state, "v": None}
    table.go_into(None)
    assert {**table.state, "v": None} == before, "on the main line already: nothing to go back to"


def test_play_on_from_a_branch_plays_the_game_the_branch_reached() -> None:
    scenario = Scenario.parse(REFUSED)
    table = MusTable.from_scenario(scenario, step=3, pace=0)
    table.go_into(0)
    table.go_to(2)
    table.play_on()
    assert table.scenario is None and table.state["steps"] is None
    assert table.game.actions[:5] == ("no-mus", "envido 2", "quiero", "quiero", "paso") or \
        table.game.actions[:4] == ("no-mus", "envido 2", "quiero", "quiero")
    assert table.state["turn"] is not None, "South opens Chica"


def test_the_branches_speak_the_tables_language() -> None:
    table = MusTable.from_scenario(Scenario.parse(REFUSED), step=3, pace=0, language="es")
    assert table.state["steps"]["branches"][0]["text"] == "¿Y si Este hubiera jugado Quiero?"
    table.go_into(0)
    assert table.state["steps"]["note"] == "Si Este la quisiera, Oeste también responde."


def test_agree_is_the_partners_proposal_played_again_and_the_old_writing_still_reads() -> None:
    agreed = REFUSED.replace("then: quiero", "then: agree")
    agreed = agreed.replace("play: no-quiero\nnote: West", "play: Agree\nnote: West")
    old, new = Scenario.parse(REFUSED), Scenario.parse(agreed)
    assert new.actions == old.actions and [b.actions for b in new.branches] == [b.actions for b in old.branches]
    assert [new.note_at(s) for s in range(len(new) + 1)] == [old.note_at(s) for s in range(len(old) + 1)]


def test_agree_with_no_proposal_waiting_is_refused_with_its_reason() -> None:
    with pytest.raises(ScenarioError) as caught:
        Scenario.parse(REFUSED.replace("play: no-mus, envido 2", "play: no-mus, agree"))
    assert caught.value.line == 3 and caught.value.position == 2
    assert "'agree' confirms a partner's proposal, and none is waiting here" in str(caught.value)


def test_a_branch_is_counted_as_its_own_line_at_the_stepping_table() -> None:
    table = MusTable.from_scenario(REFUSED, step=4, language="en")
    table.receive({"type": "step_branch", "branch": 0})
    steps = table.state["steps"]
    assert (steps["index"], steps["count"], steps["branch"]["text"]) == (1, 2, "What if East played Quiero?")
    table.close()


def test_a_lessons_table_shows_the_lesson_only_unless_the_author_asks() -> None:
    lesson = MusTable.from_scenario(REFUSED, language="en")
    assert lesson.setup["lesson"] is True and lesson.tips is False
    full = MusTable.from_scenario(REFUSED, language="en", game_controls=True)
    assert full.setup["lesson"] is False and full.tips is True
    tipped = MusTable.from_scenario(REFUSED, language="en", tips=True)
    assert tipped.setup["lesson"] is True and tipped.tips is True
    with pytest.raises(TypeError):
        MusTable.from_scenario(REFUSED, game_controls="yes")  # type: ignore[arg-type]
    for table in (lesson, full, tipped):
        table.close()
