"""A finished hand reopened at the table (issue #26): stepped from its deal to its count with every card face up,
while the live game waits where it was; nothing else is taken meanwhile, and Back to the game plays on."""

from __future__ import annotations

from typing import Any

import pytest

import mus_widget as mw
from mus_widget import MusTable
from mus_widget.teaching.scenarios import builtin


def careful(t: MusTable) -> str:
    """The student's move: the mus asked for, one card changed at each discard, then paso or the cheapest answer."""
    legal = t.game.legal_actions()
    if "mus" in legal:
        return "mus"
    if t.game.phase is mw.Phase.DISCARD:
        return f"discard {t.game.observe(t.seat).hand.cards[0]}"
    return next((a for a in ("paso", "no-quiero", "quiero") if a in legal), legal[0])


def to_the_count(t: MusTable) -> dict[str, Any]:
    while not t.counting:
        t.receive({"type": "act", "action": careful(t)})
        assert not t.error, t.error
    return t.state


@pytest.fixture
def counted() -> MusTable:
    """A table of novices at the count of its first hand, which had at least one discard."""
    t = MusTable(seed=11, pace=0, bots="novice", names=["Ana", "Bea", "Carla", "Dani"])
    to_the_count(t)
    last = t.game.last_hand
    assert last is not None and any(e.kind == "discard" for e in last.log), "the hand had a discard"
    return t


def test_the_hand_just_counted_reopens_at_its_count_with_every_hand_face_up(counted: MusTable) -> None:
    live = counted.game
    last = live.last_hand
    assert last is not None
    count = counted.state["count"]
    counted.receive({"type": "replay", "hand": 1})
    assert not counted.error
    state = counted.state
    assert state["replay"] == {"hand": 1, "index": state["replay"]["count"], "count": state["replay"]["count"],
                              "decision": None}, "its count (no decision of the student is there)"
    assert state["stage"] == "count" and state["count"] == count, "its count, as it was counted"
    final = [str(h) for h in last.hands] if last.hands else None
    shown = [" ".join(p["cards"]) for p in state["players"]]
    assert all(p["cards"] and len(p["cards"]) == 4 for p in state["players"]), "every hand face up"
    if final is not None:
        assert shown == final, "the hands as the hand ended, not the next deal's"
    assert state["turn"] is None and counted.game is live, "the live game waits"


def test_stepping_back_to_the_deal_shows_the_cards_dealt_before_the_discard(counted: MusTable) -> None:
    counted.receive({"type": "replay", "hand": 1})
    end = counted.state["replay"]["count"]
    counted.receive({"type": "replay_step", "to": 0})
    deal = counted.state
    assert deal["replay"]["index"] == 0 and deal["stage"] == "play" and deal["phase"] == "mus"
    assert deal["log"] == ["Game 1, hand 1: Ana is mano."], "the hand from its deal"
    dealt = counted._play.steps().game_at(0).hands
    assert [p["cards"] for p in deal["players"]] == [[str(c) for c in h.cards] for h in dealt]
    counted.receive({"type": "replay_step", "to": end - 1})
    assert counted.state["stage"] == "play" and counted.state["turn"] is None, "nobody is offered a turn"


@pytest.mark.parametrize("message", [
    {"type": "act", "action": "paso"},
    {"type": "next_hand"},
    {"type": "sena", "sena": "two_reyes"},
    {"type": "replay_step", "to": 999},
    {"type": "replay_step", "to": True},
    {"type": "replay", "hand": 1, "at": "3"},
])
def test_while_a_hand_is_reopened_nothing_else_is_taken(counted: MusTable, message: dict[str, Any]) -> None:
    counted.receive({"type": "replay", "hand": 1})
    before, live = counted.state, counted.game
    counted.receive(message)
    assert counted.error and counted.error["text"], message
    assert counted.state == before and counted.game is live


def test_back_to_the_game_returns_to_its_count_and_plays_on(counted: MusTable) -> None:
    count = counted.state
    counted.receive({"type": "replay", "hand": 1})
    counted.receive({"type": "replay_step", "to": 2})
    counted.receive({"type": "replay_close"})
    assert counted.state["replay"] is None and counted.state["count"] == count["count"]
    counted.receive({"type": "next_hand"})
    assert not counted.error and counted.state["hand"] == 2
    to_the_count(counted)
    counted.receive({"type": "replay", "hand": 1})
    replay = counted.state["replay"]
    assert replay is not None and replay["hand"] == 1 and not counted.error, "an earlier hand reopens from the log"


def test_only_a_finished_hand_of_this_game_reopens() -> None:
    t = MusTable(seed=11, pace=0, bots="novice")
    for hand in (None, 0, "1", 1):
        t.receive({"type": "replay", "hand": hand})
        assert t.error and t.state["replay"] is None, hand
    assert t.error and "Hand 1 is not over" in t.error["text"]
    t.receive({"type": "replay_close"})
    assert t.error["text"] == "No finished hand is open."


def test_a_stepping_table_has_no_hand_to_reopen() -> None:
    scenario = builtin()[0]
    t = MusTable.from_scenario(scenario, step=len(scenario))
    t.receive({"type": "replay", "hand": 1})
    assert t.error and t.state["replay"] is None


def test_trying_again_plays_on_from_the_students_decision_as_it_was(counted: MusTable) -> None:
    """The student's first call after the discard, played again: the same cards, scores and history, and the bots
    play on from there."""
    record = counted.game.record()
    steps = counted._play.steps()
    mine = next(step for step in range(len(steps)) if steps.game_at(step).to_move == counted.seat
                and steps.game_at(step).phase is mw.Phase.GRANDE)
    then = steps.game_at(mine)
    counted.receive({"type": "try_again", "step": mine})
    assert not counted.error
    assert counted.game is then and counted.state["turn"] is not None and not counted.counting
    assert counted.game.record()["actions"] == record["actions"][:mine]
    played = counted.state["turn"]
    assert played is not None and "envido 2" in counted.game.legal_actions()
    counted.receive({"type": "act", "action": "envido 2"})
    assert not counted.error and counted.game.record()["actions"][mine] == "envido 2", "the other call, played"


def test_trying_again_is_only_from_a_decision_of_the_students(counted: MusTable) -> None:
    steps = counted._play.steps()
    theirs = next(step for step in range(len(steps)) if steps.game_at(step).to_move != counted.seat)
    before, live = counted.state, counted.game
    for step in (theirs, -1, len(steps), "3", None):
        counted.receive({"type": "try_again", "step": step})
        assert counted.error and counted.state == before and counted.game is live, step
