"""The observation → synced-state mapping (mus_widget.table.view_state), without a kernel or a browser."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

import mus_widget as mw
from leaks import cards_in
from mus_widget.engine.scoring import Reason
from mus_widget.i18n import LanguageError
from mus_widget.i18n.messages import EN
from mus_widget.table.view_state import MOMENTS, Player, TableView, messages_for, moment
from mus_widget.table.view_state import view_state as typed_view_state
from support.deals import DEAL

PLAYERS = (Player("Ana", None), Player("Bea", "novice", 3, 1), Player("Carla", "expert"), Player("Dani", "random"))
TABLE = TableView(players=PLAYERS)


def view_state(obs: mw.Observation, table: TableView) -> dict[str, Any]:
    """The synced state as the browser reads it, plain JSON (its keys are the contract's: tests/test_contract.py),
    so that a test indexes its optional parts freely."""
    return cast("dict[str, Any]", typed_view_state(obs, table))


def team_answer_game() -> mw.Game:
    """East (mano) bets at Grande, North proposes No quiero, South must confirm or override."""
    game = mw.Game.from_deal(DEAL, mano=1)
    game = game.apply("no-mus")
    game = game.apply("envido 2")
    return game.apply("no-quiero")


def test_the_state_holds_the_seats_own_hand_and_no_other() -> None:
    game = mw.Game.from_deal(DEAL, mano=0)
    state = view_state(game.observe(0), TABLE)
    assert state["players"][0]["cards"] == ["12o", "3c", "7e", "1b"]
    assert [p["cards"] for p in state["players"][1:]] == [None, None, None]
    assert cards_in(state) == {"12o", "3c", "7e", "1b"}
    assert state["seat"] == 0 and state["partner"] == 2 and state["mano"] == 0 and state["to_move"] == 0
    assert state["stage"] == "play" and state["phase"] == "mus" and state["moment"] == "mus"
    assert json.loads(json.dumps(state)) == state


def test_names_levels_and_records_are_public() -> None:
    state = view_state(mw.Game.from_deal(DEAL).observe(0), TABLE)
    assert [p["name"] for p in state["players"]] == ["Ana", "Bea", "Carla", "Dani"]
    assert [p["level"] for p in state["players"]] == [None, "novice", "expert", "random"]
    assert state["players"][1]["record"] == [3, 1]
    assert state["teams"] == ["Ana & Carla", "Bea & Dani"]
    assert state["log"] == ["Game 1, hand 1: Ana is mano."]


def test_the_mus_turn_and_the_discard_turn() -> None:
    game = mw.Game.from_deal(DEAL, mano=0)
    assert view_state(game.observe(0), TABLE)["turn"] == {"kind": "mus", "actions": ["mus", "no-mus"], "round": 1,
                                                          "choices": [{"kind": "mus", "text": "mus"},
                                                                      {"kind": "no-mus", "text": "no-mus"}]}
    for _ in range(4):
        game = game.apply("mus")
    state = view_state(game.observe(0), TABLE)
    assert state["turn"] == {"kind": "discard", "actions": ["discard"]}
    assert state["moment"] == "discard"
    assert len(json.dumps(state)) < 3000, "fifteen discard strings are not synced"
    assert view_state(game.observe(1), TableView(players=PLAYERS))["turn"] is None


def test_between_discarding_and_serving_the_student_holds_only_the_cards_kept() -> None:
    game = mw.Game.from_deal(DEAL, mano=0)
    for action in ("mus", "mus", "mus", "mus", "discard 7e 1b", "discard 4e"):
        game = game.apply(action)
    state = view_state(game.observe(0), TABLE)
    assert state["players"][0]["cards"] == ["12o", "3c"], "the two put down wait for the postre"
    assert cards_in(state) == {"12o", "3c"}
    assert [p["bubble"]["text"] for p in state["players"][:2]] == ["Discard 2", "Discard 1"]
    assert "Discard" not in json.dumps(state["players"][2:]), "North and West have not discarded yet"
    for action in ("discard 10e", "discard 1o 2c"):
        game = game.apply(action)
    served = view_state(game.observe(0), TABLE)["players"][0]["cards"]
    assert served[:2] == ["12o", "3c"] and len(served) == 4 and not {"7e", "1b"} & set(served)


def test_an_opening_turn_has_paso_a_slider_range_and_ordago() -> None:
    game = mw.Game.from_deal(DEAL, mano=0, rules=mw.Rules(target=30)).apply("no-mus")
    turn = view_state(game.observe(0), TABLE)["turn"]
    assert turn["kind"] == "bet" and turn["lance"] == "grande" and turn["stake"] == 0
    assert turn["actions"] == ["paso"]
    assert turn["raise"] == [2, 30] and turn["ordago"] is True and turn["confirm"] == 0
    assert turn["proposal"] is None


def test_answering_a_bet_offers_quiero_no_quiero_a_raise_and_ordago() -> None:
    game = mw.Game.from_deal(DEAL, mano=1).apply("no-mus").apply("envido 3")
    obs = game.observe(2)
    state = view_state(obs, TABLE)
    assert state["turn"]["actions"] == ["quiero", "no-quiero"]
    assert state["turn"]["stake"] == 3 and state["turn"]["raise"] == [2, 40]
    assert state["moment"] == "betting"
    assert state["players"][1]["bubble"] == {"at": 2, "text": "Envido 3", "ask": False}
    assert state["bet"] == {"lance": "grande", "stake": 3, "ordago": False, "bettor_team": 1, "eligible": [1, 2, 3, 0]}


def test_a_partners_proposal_is_a_question_the_student_confirms_or_overrides() -> None:
    state = view_state(team_answer_game().observe(0), TABLE)
    turn = state["turn"]
    assert turn["proposal"] == "no-quiero" and turn["proposer"] == 2
    assert turn["actions"] == ["quiero", "no-quiero"] and turn["raise"] == [2, 40] and turn["ordago"]
    assert state["players"][2]["bubble"]["text"] == "¿No quiero?" and state["players"][2]["bubble"]["ask"]
    assert state["moment"] == "team_answer"


def test_an_ordago_to_answer_has_no_slider() -> None:
    game = mw.Game.from_deal(DEAL, mano=1).apply("no-mus").apply("ordago")
    state = view_state(game.observe(2), TABLE)
    assert state["turn"]["actions"] == ["quiero", "no-quiero"] and state["turn"]["raise"] is None
    assert state["turn"]["ordago_on"] and not state["turn"]["ordago"]
    assert state["moment"] == "ordago"


def test_declarations_appear_beside_each_player() -> None:
    game = mw.Game.from_deal(DEAL, mano=0).apply("no-mus")
    for _ in range(8):  # Grande and Chica en paso
        game = game.apply("paso")
    assert game.phase in (mw.Phase.PARES, mw.Phase.JUEGO, mw.Phase.PUNTO)
    state = view_state(game.observe(0), TABLE)
    assert [p["pares"] for p in state["players"]] == [True, True, True, True]
    assert state["last"] == "Chica: en paso."


def test_the_count_shows_rows_why_and_every_hand_and_then_closes() -> None:
    game = mw.Game.from_deal(DEAL, mano=0).apply("no-mus")
    while game.hand_number == 1:
        game = game.apply("paso")
    notes = ((), (Reason("explain.random", (("action", "paso"), ("count", 3))),), (), ())
    counting = TableView(players=PLAYERS, stage="count", notes=notes)
    state = view_state(game.observe(0), counting)
    assert state["stage"] == "count" and state["hand"] == 1 and state["turn"] is None and state["to_move"] is None
    count = state["count"]
    assert [row["lance"] for row in count["rows"]] == ["grande", "chica", "pares", "juego"]
    assert all(row["why"] and row["winner"] for row in count["rows"])
    assert count["rows"][0]["winner"] == "Ana & Carla" and "Ana has the best hand" in count["rows"][0]["why"]
    assert [p["cards"] for p in state["players"]] == [h.split() for h in DEAL]
    assert state["players"][1]["why"] == ["Paso: picked at random among 3 legal actions."]
    assert state["moment"] == "count"
    after = view_state(game.observe(0), TableView(players=PLAYERS, notes=notes))
    assert after["count"] is None and after["hand"] == 2
    assert after["players"][1]["why"] == ["Paso: picked at random among 3 legal actions."], (
        "the last counted hand's reasons stay readable while the next hand is played")
    assert cards_in(after) == {str(c) for c in game.hands[0].cards}


def test_reveal_shows_every_hand_to_a_teacher() -> None:
    game = mw.Game.from_deal(DEAL, mano=0)
    state = view_state(game.observe(0), TableView(players=PLAYERS, reveal=game.hands))
    assert [p["cards"] for p in state["players"]] == [h.split() for h in DEAL]


def test_the_catalogue_the_browser_gets() -> None:
    texts = messages_for("en")
    assert texts["ui.agree"] == "Agree" and texts["action.ordago"] == "Órdago"
    assert not any(key.startswith(("explain.", "event.", "why.")) for key in texts)
    for moment_id in MOMENTS:
        assert f"tip.{moment_id}.1" in texts, moment_id
    assert all(key in EN for key in texts)
    assert texts["gloss.action.paso"] == "pass"
    with pytest.raises(LanguageError, match="'xx'"):
        messages_for("xx")


def test_a_raise_is_called_the_same_in_the_log_the_bubble_and_the_buttons() -> None:
    """Bea bets 2; Carla proposes to raise 3 more and Ana confirms it: "3 más" everywhere, as the buttons say."""
    game = mw.Game.from_deal(DEAL, mano=1).apply("no-mus").apply("envido 2").apply("envido 3")
    asked = view_state(game.observe(0), TableView(players=PLAYERS, language="en"))
    assert asked["log"][-2:] == ["Bea: Envido 2", "Carla proposes 3 más"]
    assert asked["players"][2]["bubble"]["text"] == "¿3 más?" and asked["players"][2]["bubble"]["ask"]
    game = game.apply("envido 3")
    raised = view_state(game.observe(0), TableView(players=PLAYERS, language="es"))
    assert raised["log"][-2:] == ["Carla propone 3 más", "Ana: 3 más"]
    assert raised["players"][0]["bubble"]["text"] == "3 más"
    assert raised["bet"]["stake"] == 5


def test_moment_follows_the_decision_at_hand() -> None:
    game = mw.Game.from_deal(DEAL, mano=0)
    assert moment(game.observe(0)) == "mus"
    assert moment(game.apply("no-mus").observe(0)) == "grande"
    assert moment(team_answer_game().observe(0)) == "team_answer"


@pytest.mark.parametrize("language", ["en"])
def test_every_seat_name_and_lance_in_the_log_is_rendered(language: str) -> None:
    game = team_answer_game().apply("quiero")
    state = view_state(game.observe(0), TableView(players=PLAYERS, language=language))
    # Carla's first answer is a proposal (her partner speaks last for the team), and the log says so.
    assert state["log"][:4] == ["Game 1, hand 1: Bea is mano.", "Bea: No mus", "Bea: Envido 2",
                                "Carla proposes No quiero"]
    assert not any("{" in line for line in state["log"]), "every placeholder is filled"
