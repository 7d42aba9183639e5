"""A table a student reads at a glance (issue #25): the log's history of the game's earlier hands and their
counts, the bots' reasons readable until the next count, and the speech bubbles of a lance, played through the
table's handler as a student would."""

from __future__ import annotations

import dataclasses
from typing import Any

import mus_widget as mw
from mus_widget import MusTable
from mus_widget.bots import Bot, Decision
from mus_widget.engine.log import HandSummary
from mus_widget.table.contract import HistoryLine, TableState
from mus_widget.table.view_state import HISTORY_HANDS, Player, Stage, TableView, view_state, with_hand
from support.deals import DEAL

PLAYERS = (Player("Ana", None), Player("Bea", "novice"), Player("Carla", "novice"), Player("Dani", "novice"))


class Passer(Bot):
    """A test bot: no mus, paso, quiero; its reason names the hand it was given in ("among 2" in hand 1,
    "among 3" in hand 2)."""

    level = "novice"

    def decide(self, obs: mw.Observation) -> Decision:
        legal = obs.legal_actions
        action = next((a for a in ("no-mus", "paso", "quiero") if a in legal), legal[0])
        return Decision(action, mw.Reason("explain.random", (("action", action), ("count", obs.hand_number + 1))))


def table(**options: Any) -> MusTable:
    return MusTable(deal=DEAL, mano=0, seed=5, pace=0, bots={s: Passer() for s in (1, 2, 3)},
                    names=["Ana", "Bea", "Carla", "Dani"], **options)


def to_the_count(t: MusTable) -> dict[str, Any]:
    """The student cuts the mus and passes until the count opens."""
    while not t.counting:
        legal = t.game.legal_actions()
        t.receive({"type": "act", "action": next(a for a in ("no-mus", "paso", "quiero") if a in legal)})
        assert not t.error, t.error
    return t.state


def counted_lines(state: TableState) -> list[HistoryLine]:
    """The open count's lines for the log."""
    count = state["count"]
    assert count is not None, "the count is open"
    return count["lines"]


def test_the_history_keeps_every_earlier_hand_of_the_game_with_its_count() -> None:
    t = table()
    assert t.history == [] and t.state["log"] == ["Game 1, hand 1: Ana is mano."]
    first = to_the_count(t)
    assert t.history == [], "the counted hand is in the log, not twice"
    assert first["log"][0] == "Game 1, hand 1: Ana is mano." and first["log"][-1] == "Juego: one team only."
    lines = first["count"]["lines"]
    assert lines == [{"kind": "count", "text": text, "hand": 1} for text in (
        "Grande: Ana & Carla +1", "Chica: Bea & Dani +1", "Pares: Bea & Dani +4", "Juego: Ana & Carla +3",
    )], "after the hand's events, one line per row of the count"
    t.receive({"type": "next_hand"})
    second = t.state
    history = t.history
    assert history[0] == {"kind": "hand", "text": "Hand 1 · mano: Ana", "hand": 1}
    assert [line["text"] for line in history[1:-4]] == first["log"][1:], "then the hand's events as they were said"
    assert {line["kind"] for line in history[1:-4]} == {"event"}
    assert history[-4:] == lines, "then its count"
    assert second["log"][0] == "Game 1, hand 2: Bea is mano.", "this hand's lines are the log's alone"
    assert second["log"][1:3] == ["Bea: No mus", "Bea: Paso"], "the bots played up to Ana"
    to_the_count(t)
    assert t.history == history, "the history is the hands before the one shown, at its count too"
    t.receive({"type": "next_hand"})
    assert [line["text"] for line in t.history if line["kind"] == "hand"] == [
        "Hand 1 · mano: Ana", "Hand 2 · mano: Bea"]
    t.receive({"type": "prefs", "language": "es"})
    assert t.history[0] == {"kind": "hand", "text": "Mano 1 · es mano Ana", "hand": 1}
    assert t.history[-1]["kind"] == "count"
    assert t.history[-1]["text"].startswith("Juego: Ana & Carla +")
    t.new_game()
    assert t.history == [], "a new game begins a new history"


def test_a_refused_bet_and_a_game_won_read_in_the_count_lines() -> None:
    rules = mw.Rules(team_consent=False)
    game = mw.Game.from_deal(DEAL, mano=0, rules=rules)
    for action in ("no-mus", "envido 2", "no-quiero", "no-quiero"):
        game = game.apply(action)
    while not game.is_over and game.hand_number == 1:
        game = game.apply("paso")
    state = view_state(game.observe(0), TableView(players=PLAYERS, stage="count"))
    texts = [line["text"] for line in counted_lines(state)]
    assert texts == ["Grande: Ana & Carla +0 (no quiero, negada of 1 already scored)", "Chica: Bea & Dani +1",
                     "Pares: Bea & Dani +4", "Juego: Ana & Carla +3"]
    obs = game.observe(0)
    assert obs.last_hand is not None
    won = dataclasses.replace(obs.last_hand, count=tuple(
        dataclasses.replace(row, counted=False) if row.lance is mw.Lance.JUEGO else row for row in obs.last_hand.count))
    late = view_state(dataclasses.replace(obs, last_hand=won), TableView(players=PLAYERS, stage="count"))
    assert counted_lines(late)[-1]["text"] == "Juego: Ana & Carla +3 (not counted)", "after the game was won"
    at_count = dataclasses.replace(rules, negadas_at_count=True)
    game = mw.Game.from_deal(DEAL, mano=0, rules=at_count)
    for action in ("no-mus", "envido 2", "no-quiero", "no-quiero"):
        game = game.apply(action)
    while not game.is_over and game.hand_number == 1:
        game = game.apply("paso")
    counted = counted_lines(view_state(game.observe(0), TableView(players=PLAYERS, stage="count")))
    assert counted[0]["text"] == "Grande: Ana & Carla +1 (no quiero, negada of 1)"
    ordago = mw.Game.from_deal(DEAL, mano=0, rules=rules)
    for action in ("no-mus", "ordago", "quiero"):
        ordago = ordago.apply(action)
    over = view_state(ordago.observe(0), TableView(players=PLAYERS, stage="count"))
    assert over["stage"] == "over" and counted_lines(over) == [
        {"kind": "count", "text": "Grande: Ana & Carla win the órdago", "hand": 1}]


def test_a_history_keeps_each_hand_once_and_only_of_this_game() -> None:
    game = mw.Game.from_deal(DEAL, mano=0, seed=3)
    summaries: list[HandSummary] = []
    while len(summaries) < HISTORY_HANDS + 3 and not game.is_over:
        before = game.last_hand
        game = game.apply("paso" if "paso" in game.legal_actions() else
                          "no-mus" if "no-mus" in game.legal_actions() else game.legal_actions()[0])
        if game.last_hand is not before and game.last_hand is not None:
            summaries.append(game.last_hand)
    history: tuple[HandSummary, ...] = ()
    for summary in summaries[:2]:
        history = with_hand(history, summary)
        history = with_hand(history, HandSummary.from_dict(summary.to_dict()))  # a served seat's copy: the same
    assert history == tuple(summaries[:2])
    again = dataclasses.replace(summaries[0], scores=(0, 0))
    assert with_hand(history, again) == (again,), "a hand number that goes back is a game begun again"
    later = dataclasses.replace(summaries[0], game_number=2)
    assert with_hand(history, later) == (later,), "the next game of a match begins a new history"
    numbered = [dataclasses.replace(summaries[0], hand_number=n) for n in range(1, HISTORY_HANDS + 6)]
    for summary in numbered:
        history = with_hand(history, summary)
    assert history == tuple(numbered[-HISTORY_HANDS:]), "the latest hands, at most HISTORY_HANDS"


def test_stepping_shows_the_history_of_the_step_shown() -> None:
    game = mw.Game.from_deal(DEAL, mano=0, seed=3)
    while game.hand_number < 3 or len(game.log) < 3:
        legal = game.legal_actions()
        game = game.apply(next(a for a in ("no-mus", "paso", "quiero") if a in legal))
    t = MusTable.from_record(game.record(), pace=0)
    scenario = t.scenario
    assert scenario is not None
    ends = [step for step in range(1, len(scenario) + 1)
            if scenario.game_at(step).last_hand is not scenario.game_at(step - 1).last_hand]
    assert len(ends) == 2
    t.go_to(ends[0])
    assert t.state["stage"] == "count" and t.history == [], "the counted hand is the log's"
    t.go_to(ends[0] + 1)
    assert [line["kind"] for line in t.history][:1] == ["hand"] and t.history[-1]["kind"] == "count"
    t.go_to(ends[1])
    assert [line["text"] for line in t.history if line["kind"] == "hand"] == ["Hand 1 · mano: South"]
    t.go_to(ends[1] + 1)
    assert [line["text"] for line in t.history if line["kind"] == "hand"] == [
        "Hand 1 · mano: South", "Hand 2 · mano: East"]
    t.go_to(1)
    assert t.history == [], "stepping back takes the later hands away"
    t.go_to(ends[1] + 1)
    t.play_on()
    assert len([line for line in t.history if line["kind"] == "hand"]) == 2, "playing on keeps it"


# ---------------------------------------------------------------------------------------------- reasons


def test_the_bots_reasons_stay_until_the_next_count() -> None:
    t = table()
    assert all(p["why"] == [] for p in t.state["players"]), "nothing before a hand is counted"
    first = to_the_count(t)
    assert first["players"][1]["why"][0] == "Paso: picked at random among 2 legal actions."
    assert first["players"][0]["why"] == [], "the student's own calls have no reasons"
    t.receive({"type": "next_hand"})
    playing = t.state
    assert playing["stage"] == "play" and playing["hand"] == 2
    assert [p["why"] for p in playing["players"]] == [p["why"] for p in first["players"]], "readable in hand 2"
    second = to_the_count(t)
    assert second["players"][1]["why"] and all("among 3" in why for why in second["players"][1]["why"]), (
        "replaced at the next count")


def test_reasons_about_hands_never_shown_are_never_sent() -> None:
    game = mw.Game.from_deal(DEAL, mano=0).apply("no-mus")
    while game.hand_number == 1:
        game = game.apply("paso")
    notes = ((), (mw.Reason("explain.random", (("action", "paso"), ("count", 3))),), (), ())
    obs = game.observe(0)
    assert obs.last_hand is not None
    unseen = dataclasses.replace(obs, last_hand=dataclasses.replace(obs.last_hand, hands=None))
    stages: tuple[Stage, ...] = ("count", "play")
    for stage in stages:
        state = view_state(unseen, TableView(players=PLAYERS, notes=notes, stage=stage))
        assert all(p["why"] == [] for p in state["players"]), stage
        shown = view_state(obs, TableView(players=PLAYERS, notes=notes, stage=stage))
        assert shown["players"][1]["why"] == ["Paso: picked at random among 3 legal actions."], stage


# ---------------------------------------------------------------------------------------------- bubbles


def test_each_seats_last_word_stays_until_the_lance_ends_and_then_its_outcome() -> None:
    game = mw.Game.from_deal(DEAL, mano=0).apply("no-mus")
    table_view = TableView(players=PLAYERS)
    game = game.apply("paso").apply("paso")
    state = view_state(game.observe(0), table_view)
    assert [p["bubble"] and p["bubble"]["text"] for p in state["players"]] == ["Paso", "Paso", None, None]
    game = game.apply("paso")
    state = view_state(game.observe(0), table_view)
    assert [p["bubble"] and p["bubble"]["text"] for p in state["players"]] == ["Paso", "Paso", "Paso", None], (
        "a word stays when the next player speaks")
    assert state["last"] is None
    game = game.apply("paso")  # West passes too: Grande is over, en paso, and Chica begins with Ana to decide
    state = view_state(game.observe(0), table_view)
    assert [p["bubble"] for p in state["players"]] == [None, None, None, None], "a new lance, new words"
    assert state["last"] == "Grande: en paso." and state["turn"] is not None, "the outcome waits for Ana's decision"
    game = game.apply("envido 2")
    state = view_state(game.observe(0), table_view)
    said = state["players"][0]["bubble"]
    assert state["last"] == "Grande: en paso." and said is not None and said["text"] == "Envido 2"
