"""Limits that hold the same everywhere (issue 27, item 9): every rule option has a range, refused past it by
``Rules``, ``Rules.from_dict``, ``Game.from_record``, ``MusTable.from_record``, a scenario and the classroom
server alike; and replaying a record costs time linear in its length, so a long record steps at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess
from mus_widget import remote
from mus_widget.engine.rules import GAMES, KINGS, TARGETS
from mus_widget.teaching.scenarios import Scenario, ScenarioError
from support.timing import best_cpu_time

OUT_OF_RANGE: list[dict[str, Any]] = [
    {"games": 10**30 + 1}, {"games": 11}, {"games": 2}, {"games": 0}, {"games": -1}, {"target": 9},
    {"target": 101}, {"target": 10**50}, {"kings": 6}, {"kings": 0}, {"real_31": 1}, {"team_consent": None},
]
IN_RANGE: list[dict[str, Any]] = [
    {"games": 1}, {"games": 3}, {"games": 9}, {"target": 10}, {"target": 100}, {"kings": 4}, {"real_31": True},
]


def a_record(**rules: Any) -> dict[str, Any]:
    """A short valid record, its rules then changed to ``rules`` (what a hand-edited record file may hold)."""
    record = mw.Game.new(seed=3).apply("mus").record()
    record["rules"].update(rules)
    return record


def test_the_ranges_are_those_of_the_rules_page() -> None:
    assert (TARGETS[0], TARGETS[-1]) == (10, 100) and set(KINGS) == {4, 8}
    assert list(GAMES) == [1, 3, 5, 7, 9]
    page = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text()
    for row in ("| a whole number from 10 to 100 |", "| 8 or 4 |", "| odd, from 1 to 9 |"):
        assert row in page


@pytest.mark.parametrize("options", OUT_OF_RANGE)
def test_an_option_out_of_range_is_refused_wherever_rules_come_in(options: dict[str, Any]) -> None:
    (name, value), = options.items()
    with pytest.raises(mw.RulesError, match=f"Rules.{name} must be"):
        mw.Rules(**options)
    with pytest.raises(mw.RulesError, match=f"Rules.{name}"):
        mw.Rules.from_dict(options)
    with pytest.raises(mw.RecordError, match=f"Rules.{name}"):
        mw.Game.from_record(a_record(**options))
    with pytest.raises(mw.RecordError, match=f"Rules.{name}"):
        mw.MusTable.from_record(json.dumps(a_record(**options)))
    if name in ("target", "kings", "games") and 0 <= value < 1000:  # what a scenario's rules line can say
        with pytest.raises(ScenarioError, match=f"Rules.{name} must be"):
            Scenario.parse(f"seed: 1\nrules: {name} {value}\nplay: mus\n")


@pytest.mark.parametrize("options", IN_RANGE)
def test_an_option_in_range_plays_everywhere(options: dict[str, Any]) -> None:
    rules = mw.Rules.from_dict(options)
    assert mw.Game.from_record(a_record(**options)).rules == rules
    assert mw.MusTable.from_record(a_record(**options)).scenario.final.rules == rules  # type: ignore[union-attr]


def test_a_huge_number_is_named_by_its_length_not_printed() -> None:
    with pytest.raises(mw.RulesError, match="not a number of about 5001 digits"):
        mw.Rules(games=10**5000)


@pytest.fixture(scope="module")
def server(module_server: ServerProcess) -> ServerProcess:
    """The module's one server (tests/conftest.py)."""
    return module_server


def test_the_server_refuses_the_same_options_and_creates_no_table(server: ServerProcess) -> None:
    with connect(server.url, proxy=None, compression=None) as ws:
        for n, options in enumerate(OUT_OF_RANGE):
            ws.send(json.dumps({"type": "create", "table": f"L{n}", "rules": options, "teacher_key": TEACHER_KEY,
                                "id": n}))
            reply = json.loads(ws.recv(timeout=10))
            (name, value), = options.items()
            if isinstance(value, int) and abs(value) >= 10**40:  # too long for any field of a frame: not read
                assert (reply["kind"], reply["id"]) == ("bad_frame", n) and "at most 40 digits" in reply["message"]
                continue
            assert (reply["type"], reply["kind"], reply["id"]) == ("error", "RulesError", n)
            assert f"Rules.{name} must be" in reply["message"]
        ws.send(json.dumps({"type": "create", "table": "Vaca", "rules": {"games": 9}, "teacher_key": TEACHER_KEY}))
        assert json.loads(ws.recv(timeout=10))["type"] == "created"
    assert [t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)] == ["Vaca"]


# ------------------------------------------------------------------------------------------------ replays


def mus_rounds(actions: int) -> dict[str, Any]:
    """A valid record of ``actions`` actions: everyone asks for mus and discards one card, again and again (the
    record of issue 27 that took 162 s to step through at 50,000 actions)."""
    game = mw.Game.new(seed=1)
    for _ in range(actions):
        legal = game.legal_actions()
        game = game.apply("mus" if "mus" in legal else next(a for a in legal if a.startswith("discard")))
    return game.record()


def replay_cost(record: dict[str, Any], tries: int) -> float:
    """The processor time ``Scenario.from_record`` (what ``MusTable.from_record`` steps through) takes, at best."""
    return best_cpu_time(lambda: Scenario.from_record(record), tries)


@pytest.mark.slow
def test_stepping_through_a_record_costs_time_linear_in_its_length() -> None:
    short, long = mus_rounds(1_500), mus_rounds(12_000)
    ratio = replay_cost(long, 2) / replay_cost(short, 3)
    # Eight times the actions: linear costs about 8 to 10 times as much; the quadratic replay cost about 40.
    assert ratio < 20, f"12,000 actions cost {ratio:.1f} times 1,500: the replay is not linear"
    table = mw.MusTable.from_record(long)
    assert table.scenario is not None and len(table.scenario) == 12_000
    assert table.scenario.final.actions == tuple(long["actions"])
