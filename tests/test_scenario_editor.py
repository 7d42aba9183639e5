"""The scenario editor as the table runs it (table/editing.py, mw.ScenarioEditor): each message from the browser is
checked whole and a refused one changes nothing but the error; the lesson's text is saved beside the notebook and
never over a file unless asked; a live table switches into the editor on a finished hand and back to its game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mus_widget as mw
from mus_widget.teaching.authoring import Draft
from mus_widget.teaching.scenarios import Scenario

HANDS = ["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"]


def edit(editor: mw.MusTable, **content: Any) -> None:
    editor.receive({"type": "edit", **content})


def dealt() -> mw.ScenarioEditor:
    editor = mw.ScenarioEditor(language="en", seed=1, pace=0)
    for seat, hand in enumerate(HANDS):
        for slot, card in enumerate(hand.split()):
            edit(editor, op="card", seat=seat, slot=slot, card=card)
    return editor


def test_a_lesson_is_dealt_played_noted_and_branched_by_messages() -> None:
    editor = dealt()
    assert editor.editor["dealt"] == 16 and editor.editor["stage"] == "deal"
    edit(editor, op="title", title="A refused envido")
    edit(editor, op="stage", stage="play")
    for action in ("no-mus", "paso", "envido 2", "no-quiero", "no-quiero"):
        assert editor.editor["turn"] is not None
        edit(editor, op="act", action=action)
    edit(editor, op="select", step=4)
    edit(editor, op="what_if", on=True)
    assert editor.editor["excluded"] == "no-quiero" and editor.editor["mover"] == 2
    edit(editor, op="act", action="quiero")
    edit(editor, op="note", branch=0, step=1, text="Had North  wanted\nit.")
    assert not editor.error
    scenario = editor.scenario
    (branch,) = scenario.branches
    assert (branch.at, branch.actions, branch.note_at(1)) == (3, ("quiero",), "Had North wanted it.")
    assert editor.editor["line"] == 0 and editor.editor["step"] == 1
    # The felt shows the branch's step from South's chair, every hand face up, nobody's turn offered there.
    assert all(player["cards"] for player in editor.state["players"]) and editor.state["turn"] is None
    editor.close()


@pytest.mark.parametrize(("content", "error"), [
    ({"op": "act", "action": "quiero"}, "ui.error.editor"),
    ({"op": "act", "action": "envido two"}, "ui.error.editor.amount"),
    ({"op": "act", "action": 7}, "ui.error.editor"),
    ({"op": "card", "seat": 0, "slot": 0, "card": "13o"}, "ui.error.editor"),
    ({"op": "card", "seat": 4, "slot": 0, "card": "1o"}, "ui.error.editor"),
    ({"op": "note", "step": 40, "text": "x"}, "ui.error.editor"),
    ({"op": "options", "scores": [40, 0]}, "ui.error.editor"),
    ({"op": "options", "rules": {"kings": 5}}, "ui.error.editor"),
    ({"op": "options", "rules": {"speed": 1}}, "ui.error.editor"),
    ({"op": "what_if", "on": "yes"}, "ui.error.editor"),
    ({"op": "stage", "stage": "count"}, "ui.error.editor"),
    ({"op": "drop_branch", "branch": 0}, "ui.error.editor"),
    ({"op": "save", "file": "../escape.txt"}, "ui.error.editor.file"),
    ({"op": "dance"}, "ui.error.message"),
])
def test_a_refused_message_changes_nothing_but_the_error(content: dict[str, Any], error: str) -> None:
    editor = dealt()
    edit(editor, op="stage", stage="play")
    edit(editor, op="act", action="no-mus")
    before, state = dict(editor.editor), dict(editor.state)
    edit(editor, **content)
    assert editor.error["id"] == error
    assert editor.editor == before and editor.state == state
    editor.close()


def test_the_live_game_is_refused_while_the_editor_is_open() -> None:
    editor = dealt()
    editor.receive({"type": "act", "action": "mus"})
    assert editor.error["id"] == "ui.error.editing"
    editor.receive({"type": "lesson_close"})  # a standalone editor has no game to go back to
    assert editor.error["id"] == "ui.error.editing"
    editor.close()


def test_saving_writes_beside_the_notebook_and_never_over_a_file_unless_asked(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    editor = dealt()
    edit(editor, op="save", file="grande.txt")
    assert (tmp_path / "grande.txt").read_text(encoding="utf-8") == editor.text
    assert editor.editor["saved"] == "grande.txt"
    edit(editor, op="stage", stage="play")
    edit(editor, op="act", action="no-mus")
    edit(editor, op="save", file="grande.txt")
    assert editor.error["id"] == "ui.error.editor.exists"
    assert Scenario.parse((tmp_path / "grande.txt").read_text(encoding="utf-8")).actions == ()
    edit(editor, op="save", file="grande.txt", overwrite=True)
    assert Scenario.parse((tmp_path / "grande.txt").read_text(encoding="utf-8")).actions == ("no-mus",)
    with pytest.raises(FileExistsError):
        editor.save(tmp_path / "grande.txt")
    assert editor.save(tmp_path / "other.txt").read_text(encoding="utf-8") == editor.text
    editor.close()


def played_to_the_count() -> mw.MusTable:
    table = mw.MusTable(seed=5, pace=0, language="en")
    while not table.counting:
        legal = table.game.legal_actions()
        table.receive({"type": "act", "action": "no-mus" if "no-mus" in legal else legal[0]})
    return table


def test_a_live_table_makes_a_lesson_of_its_hand_and_goes_back_to_its_game() -> None:
    table = played_to_the_count()
    game = table.game
    table.receive({"type": "lesson"})
    assert table.lesson == Draft.from_game(game) and table.editor["back"] and table.editor["over"]
    assert table.state["stage"] == "count"
    table.receive({"type": "next_hand"})
    assert table.error["id"] == "ui.error.editing" and table.game is game
    table.close_lesson()
    assert table.editor == {} and table.lesson is None and table.counting and table.game is game
    with pytest.raises(ValueError, match="cannot be made a lesson"):
        table.make_lesson(hand=7)
    table.receive({"type": "replay", "hand": 1})
    table.make_lesson(hand=1, game=1)
    assert table._play.replay is None and table.lesson is not None
    table.close()


def test_an_editor_opens_on_a_game_a_record_or_a_live_table() -> None:
    table = played_to_the_count()
    expected = Draft.from_game(table.game)
    for editor in (mw.ScenarioEditor.from_game(table.game, pace=0), mw.ScenarioEditor.from_table(table, pace=0),
                   mw.ScenarioEditor.from_record(table.game.record(), hand=1, pace=0)):
        assert editor.draft == expected and editor.editor["stage"] == "play" and not editor.editor["back"]
        assert repr(editor) == f"<ScenarioEditor {expected.title!r}: 16/16 cards, {len(expected.actions)} steps>"
        editor.close()
    table.close()


def test_the_static_picture_shows_the_lesson_not_the_game_waiting_behind_it() -> None:
    editor = mw.ScenarioEditor(language="en", seed=1, pace=0)
    edit(editor, op="title", title="Half dealt")
    edit(editor, op="card", seat=0, slot=0, card="7o")
    picture = editor.picture()
    assert picture.text == "A lesson being made: “Half dealt”, 1 of 16 cards dealt." and "South: 7o" in picture.html
    assert 'data-seat="0"' not in picture.html, "no felt before the deal is complete"
    editor.close()
    editor = dealt()
    edit(editor, op="stage", stage="play")
    edit(editor, op="act", action="no-mus")
    picture = editor.picture()
    assert 'data-seat="0"' in picture.html and "A lesson being made" not in picture.html
    assert all(card in picture.html for card in HANDS[1].split()), "every hand of the lesson face up"
    editor.close()


def test_the_amount_typed_is_the_amount_played_and_one_out_of_range_is_refused_in_words() -> None:
    editor = dealt()
    edit(editor, op="stage", stage="play")
    edit(editor, op="act", action="no-mus")
    assert editor.editor["turn"]["raise"] == [2, 40]
    before = editor.editor
    for typed in ("envido 45", "envido 1", "envido ", "envido -3"):
        edit(editor, op="act", action=typed)
        assert editor.error["id"] == "ui.error.editor.amount", typed
        assert "2 to 40" in editor.error["text"], editor.error["text"]
        assert editor.editor == before, "a refused amount changes nothing"
    edit(editor, op="act", action="envido 5")
    assert not editor.error
    assert editor.draft.actions == ("no-mus", "envido 5")
    step = editor.editor["steps"][-1]
    assert (step["seat"], step["action"], step["agrees"]) == (0, {"kind": "envido", "amount": 5, "text": "envido 5"},
                                                              False)
    editor.close()


def test_a_partners_agreement_is_listed_and_written_as_one_and_reads_back_the_same() -> None:
    editor = dealt()
    edit(editor, op="stage", stage="play")
    for action in ("no-mus", "paso", "envido 2", "envido 2"):
        edit(editor, op="act", action=action)
    # North raised by 2: South is offered North's raise as an agreement (the table's "Agree"), or another answer.
    turn = editor.editor["turn"]
    assert editor.editor["mover"] == 0 and turn["proposed"]["text"] == "envido 2" and turn["proposer"] == 2
    edit(editor, op="act", action="envido 2")
    steps = editor.editor["steps"]
    assert [s["agrees"] for s in steps[1:]] == [False, False, False, False, True]
    assert editor.text.splitlines()[-1] == "play: no-mus, paso, envido 2, envido 2, agree"
    assert Scenario.parse(editor.text).actions == editor.draft.actions
    editor.close()


def test_a_branchs_steps_are_numbered_as_its_own() -> None:
    editor = dealt()
    edit(editor, op="stage", stage="play")
    for action in ("no-mus", "paso", "envido 2", "no-quiero", "no-quiero"):
        edit(editor, op="act", action=action)
    edit(editor, op="select", step=4)
    edit(editor, op="what_if", on=True)
    edit(editor, op="act", action="quiero")
    edit(editor, op="act", action="quiero")
    steps = editor.editor["steps"]
    assert [s["number"] for s in steps] == ["0", "1", "2", "3", "4", "5"]
    (branch,) = steps[4]["branches"]
    assert [(s["number"], s["agrees"]) for s in branch["steps"]] == [("3·1", False), ("3·2", True)]
    assert "branch: quiero, agree" in editor.text
    editor.close()


def test_a_refused_save_changes_nothing_and_a_good_one_clears_the_refusal(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    editor = dealt()
    edit(editor, op="stage", stage="play")
    edit(editor, op="save", file="tie-grande.txt")
    assert editor.editor["saved"] == "tie-grande.txt" and not editor.error
    edit(editor, op="save", file="tie-grande.txt")
    assert editor.error["id"] == "ui.error.editor.exists" and editor.editor["saved"] == "tie-grande.txt"
    edit(editor, op="save", file="tie-grande.txt", overwrite=True)
    assert not editor.error
    editor.close()
