"""The table as a teacher's and a coach's tool, without a browser: the count explained, the coach on the student's
turn (from the student's own view only), stepping through scenarios and records, and playing on from a step."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import mus_widget as mw
from leaks import cards_in
from mus_widget import MusTable
from mus_widget.teaching.coach import advise, coach_bot
from mus_widget.teaching.scenarios import ScenarioError, builtin
from support.deals import DEAL


def hands_shown(state: dict[str, Any]) -> list[list[str] | None]:
    return [p["cards"] for p in state["players"]]


def refused(table: MusTable, content: dict[str, Any], error_id: str) -> None:
    before = (json.dumps(table.state), table.game)
    table.receive(content)
    assert table.error["id"] == error_id, table.error
    assert "{" not in table.error["text"]
    assert (json.dumps(table.state), table.game) == before


# ---------------------------------------------------------------------------------------------- the count


def test_the_count_table_explains_every_row_with_the_players_names() -> None:
    table = MusTable(deal=DEAL, mano=0, seed=5, pace=0, bots=[None, "random", "random", "random"],
                     names=["Ana", "Bea", "Carla", "Dani"])
    while not table.counting:
        legal = table.game.legal_actions()
        table.receive({"type": "act", "action": next(a for a in ("no-mus", "paso", "quiero", *legal) if a in legal)})
        assert not table.error, table.error
    rows = table.state["count"]["rows"]
    explanations = mw.explain(table.game)
    assert [row["explain"] for row in rows] == [
        e.text(names=["Ana", "Bea", "Carla", "Dani"], teams=["Ana & Carla", "Bea & Dani"]) for e in explanations
    ]
    assert all(row["explain"] and "{" not in row["explain"] for row in rows)
    assert table.state["count"]["notes"] == []


def test_a_negada_that_wins_the_game_is_explained_beside_an_empty_count() -> None:
    game = mw.Game.from_deal(DEAL, mano=0, scores=(39, 0)).apply("no-mus").apply("envido 2")
    game = game.apply("no-quiero").apply("no-quiero")
    from mus_widget.table.view_state import Player, TableView, view_state

    players = (Player("Ana", None), Player("Bea", "novice"), Player("Carla", "novice"), Player("Dani", "novice"))
    state = view_state(game.observe(0), TableView(players=players, stage="count"))
    count = state["count"]
    assert count is not None and count["rows"] == []
    assert count["notes"][0].startswith("Grande: no quiero to the first bet, so Ana & Carla take the lance")


# ---------------------------------------------------------------------------------------------- the coach


def test_the_coach_is_off_by_default() -> None:
    table = MusTable(deal=DEAL, mano=0, seed=5, pace=0)
    assert not table.coach and table.state["turn"] is not None and table.state["coach"] is None
    assert table.setup["coach"] is False


def test_the_coach_says_what_the_expert_would_do_why_and_the_chance_at_the_lance() -> None:
    table = MusTable(deal=DEAL, mano=0, seed=5, pace=0, coach=True)
    mus = table.state["coach"]
    assert mus is not None and mus["action"] in ("mus", "no-mus") and mus["chance"] is None
    assert mus["why"].startswith(mus["said"] + ":")
    table.receive({"type": "act", "action": "no-mus"})
    coach = table.state["coach"]
    expected = coach_bot(5 * 4 + 0).decide(table.game.observe(0))
    assert coach["action"] == expected.action
    assert coach["chance"] == f"Your team's chance at Grande: {expected.reason.params['chance']} %"
    assert coach["why"].startswith(f"{coach['said']} at Grande: {expected.reason.params['chance']} % to win it")
    assert re.fullmatch(r"Your team's chance at Grande: \d{1,3} %", coach["chance"])


def test_the_coach_sees_the_students_view_only() -> None:
    # Two deals that look the same from South: South's cards, the calls. The others' hands differ completely.
    weak = ["12o 11o 7o 1o", "4c 5c 6c 7c", "4e 5e 6e 7e", "4b 5b 6b 7b"]
    strong = ["12o 11o 7o 1o", "12c 12b 3c 3b", "4e 5e 6e 7e", "12e 3e 3o 11c"]
    games = [mw.Game.from_deal(deal, mano=0).apply("no-mus") for deal in (weak, strong)]
    observations = [game.observe(0) for game in games]
    assert observations[0] == observations[1]
    advice = [advise(obs, coach_bot(1)) for obs in observations]
    assert advice[0] == advice[1]
    # What the coach shows is about the student's seat; the real hands would say 100 % and 0 %.
    assert advice[0].chance is not None and 0 < advice[0].chance < 100
    assert mw.lance_winner(mw.Lance.GRANDE, games[0].hands, 0) == 0 != mw.lance_winner(
        mw.Lance.GRANDE, games[1].hands, 0)


@pytest.mark.slow
def test_coached_games_never_show_an_unseen_card() -> None:
    coached = 0
    for seed in range(8):
        table = MusTable(seed=seed, pace=0, bots="novice", coach=True)
        seen: set[str] = set()
        for _ in range(40):
            game = table.game
            seen |= {str(c) for c in game.hands[0].cards}
            if game.last_hand is not None and game.last_hand.hands is not None:
                seen |= {str(c) for hand in game.last_hand.hands for c in hand.cards}
            state = table.state
            assert not cards_in(state) - seen, seed
            if game.is_over:
                break
            if table.counting:
                table.receive({"type": "next_hand"})
                continue
            assert state["coach"] is not None and state["turn"] is not None
            coached += 1
            table.receive({"type": "act", "action": state["coach"]["action"]})
            assert not table.error, table.error
    assert coached >= 40


def test_the_coach_is_switched_from_the_panel_and_the_preferences() -> None:
    table = MusTable(deal=DEAL, mano=0, seed=5, pace=0)
    table.receive({"type": "prefs", "coach": True})
    assert table.coach and table.state["coach"] is not None and table.setup["coach"] is True
    table.receive({"type": "prefs", "coach": False})
    assert table.state["coach"] is None
    table.receive({"type": "new_game", "seed": 8, "coach": True, "pace": 0})
    assert table.coach and (table.state["coach"] is not None) == (table.state["turn"] is not None)
    refused(table, {"type": "new_game", "coach": "yes"}, "ui.error.option")
    refused(table, {"type": "prefs", "coach": 1}, "ui.error.option")


# ---------------------------------------------------------------------------------------------- stepping


def test_a_scenario_opens_in_stepping_mode_with_every_hand_face_up_and_its_note() -> None:
    scenario = builtin()[0]
    table = MusTable.from_scenario(scenario, pace=0)
    state = table.state
    assert table.scenario is scenario and table.step == 0
    assert state["steps"] == {"index": 0, "count": len(scenario), "title": scenario.title,
                              "note": scenario.note_at(0), "face_up": True, "toggle": True,
                              "over": False, "hands": [{"step": 0, "text": "Hand 1 · mano South"}],
                              "branches": [], "branch": None}
    assert hands_shown(state) == [str(h).split() for h in scenario.game_at(0).hands]
    assert state["turn"] is None and state["coach"] is None
    assert table.game is scenario.game_at(0), "nobody has played: the bots wait"


def test_stepping_forward_to_the_count_and_back() -> None:
    table = MusTable.from_scenario(builtin()[0].text, pace=0)
    scenario = table.scenario
    assert scenario is not None and scenario.title == builtin()[0].title
    for step in range(1, len(scenario) + 1):
        table.receive({"type": "step", "to": step})
        assert not table.error and table.step == step and table.game is scenario.game_at(step)
        assert table.state["steps"]["note"] == scenario.note_at(step)
    state = table.state
    assert state["stage"] == "count" and [row["lance"] for row in state["count"]["rows"]] == [
        "grande", "chica", "pares", "juego"]
    assert "second card, rey (3c: a 3 counts as a rey), beats" in state["count"]["rows"][0]["explain"]
    assert state["scores"] == [2, 4]
    for step in reversed(range(len(scenario))):
        table.receive({"type": "step", "to": step})
        assert table.game is scenario.game_at(step) and table.state["stage"] == "play"
    assert table.state["log"] == ["Game 1, hand 1: South is mano."]
    assert table.state["teams"] == ["South & North", "East & West"]


def test_face_down_steps_show_only_the_students_hand_until_the_count() -> None:
    scenario = builtin()[0]
    table = MusTable.from_scenario(scenario, face_up=False, pace=0)
    own = str(scenario.game_at(0).hands[0]).split()
    assert hands_shown(table.state) == [own, None, None, None] and cards_in(table.state) == set(own)
    table.receive({"type": "step", "to": 5})
    assert cards_in(table.state) == set(own)
    table.receive({"type": "face_up", "on": True})
    assert all(hands_shown(table.state)) and table.state["steps"]["face_up"]
    table.receive({"type": "face_up", "on": False})
    table.receive({"type": "step", "to": len(scenario)})
    assert all(hands_shown(table.state)), "the count shows every hand"


def test_a_locked_table_keeps_the_hands_as_the_teacher_set_them() -> None:
    table = MusTable.from_scenario(builtin()[0], face_up=False, teacher=False, pace=0)
    assert table.state["steps"]["toggle"] is False
    refused(table, {"type": "face_up", "on": True}, "ui.error.face_up")


def test_while_stepping_nobody_plays() -> None:
    table = MusTable.from_scenario(builtin()[0], pace=0)
    refused(table, {"type": "act", "action": "no-mus"}, "ui.error.stepping")
    refused(table, {"type": "sena", "sena": "nothing"}, "ui.error.stepping")
    refused(table, {"type": "next_hand"}, "ui.error.stepping")
    refused(table, {"type": "step", "to": 99}, "ui.error.step")
    refused(table, {"type": "step", "to": -1}, "ui.error.step")
    refused(table, {"type": "step", "to": True}, "ui.error.step")
    refused(table, {"type": "face_up", "on": "yes"}, "ui.error.option")
    with pytest.raises(ValueError, match="There is no step 99"):
        table.go_to(99)
    playing = MusTable(deal=DEAL, pace=0, seed=5)
    refused(playing, {"type": "step", "to": 1}, "ui.error.not_stepping")
    refused(playing, {"type": "play_on"}, "ui.error.not_stepping")


def test_play_on_from_any_step_the_bots_take_their_seats() -> None:
    scenario = builtin()[10]  # the partner overrides a no quiero: East is mano
    table = MusTable.from_scenario(scenario, step=2, pace=0)
    assert table.game.to_move == 2, "North answers East's envido"
    table.play_on()
    assert table.scenario is None and table.state["steps"] is None
    assert table.game.to_move == 0 and table.state["turn"] is not None, "North's bot answered; South decides"
    assert [p["cards"] is None for p in table.state["players"]] == [False, True, True, True]
    table.receive({"type": "act", "action": table.game.legal_actions()[0]})
    assert not table.error and table.game is not scenario.game_at(3)


def test_play_on_from_a_count_opens_the_next_hand_with_next_hand() -> None:
    scenario = builtin()[0]
    table = MusTable.from_scenario(scenario, step=len(scenario), pace=0)
    assert table.state["stage"] == "count"
    table.receive({"type": "play_on"})
    assert table.counting and table.state["count"] is not None
    table.receive({"type": "next_hand"})
    assert table.state["hand"] == 2 and not table.error


def test_a_finished_game_cannot_be_played_on_but_a_new_game_can_start() -> None:
    ordago = next(s for s in builtin() if "órdago" in s.title)
    table = MusTable.from_scenario(ordago, step=len(ordago), pace=0)
    assert table.state["stage"] == "over" and table.state["steps"]["over"]
    refused(table, {"type": "play_on"}, "ui.error.game_over")
    table.receive({"type": "new_game", "seed": 3, "pace": 0})
    assert table.scenario is None and table.state["steps"] is None and not table.game.is_over


def test_any_finished_game_steps_from_its_record() -> None:
    played = MusTable(seed=11, pace=0, bots="random")
    rng = random.Random(11)
    while not played.game.is_over:
        if played.counting:
            played.receive({"type": "next_hand"})
        else:
            legal = [a for a in played.game.legal_actions() if a != "ordago"] or played.game.legal_actions()
            played.receive({"type": "act", "action": rng.choice(legal)})
    record = played.game.record()
    table = MusTable.from_record(record, pace=0)
    assert table.scenario is not None and len(table.scenario) == len(record["actions"])
    table.go_to(len(table.scenario))
    assert table.game.record() == record and table.state["stage"] == "over"
    assert table.state["winner"] is not None


def test_a_bad_scenario_is_refused_with_its_line() -> None:
    with pytest.raises(ScenarioError, match="line 2"):
        MusTable.from_scenario("title: x\nhands: 12o")
    with pytest.raises(IndexError):
        MusTable.from_scenario(builtin()[0], step=99)
    with pytest.raises(TypeError):
        MusTable(scenario=42)  # type: ignore[arg-type]  # the wrong type, on purpose
    with pytest.raises(ValueError, match="its own deal"):
        MusTable(scenario=builtin()[0], deal=DEAL)


def test_every_builtin_steps_on_the_table_with_small_states() -> None:
    for scenario in builtin():
        table = MusTable.from_scenario(scenario, pace=0)
        for step in range(len(scenario) + 1):
            table.go_to(step)
            assert table.game is scenario.game_at(step)
            assert len(json.dumps(table.state, ensure_ascii=False).encode()) < 8 * 1024
        assert table.state["count"] is not None, "the count, explained, at the end"


def test_a_teachers_table_shows_the_scenarios_own_translation_and_switches_with_the_language() -> None:
    text = ("title: Grande en paso\ntitle.es: Grande en paso (en español)\nhands: " + " / ".join(DEAL) + "\n"
            "play: no-mus, paso, paso\nnote: Everybody passes.\nnote.es: Todos pasan.")
    table = MusTable.from_scenario(text, language="es", pace=0)
    table.receive({"type": "step", "to": 3})
    steps = table.state["steps"]
    assert (steps["title"], steps["note"]) == ("Grande en paso (en español)", "Todos pasan.")
    table.receive({"type": "prefs", "language": "nl"})
    steps = table.state["steps"]
    assert (steps["title"], steps["note"]) == ("Grande en paso", "Everybody passes."), "as written, untranslated"
    assert table.state["steps"]["index"] == 3, "the switch keeps the step"
