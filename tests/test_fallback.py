"""The fallback: when anywidget stops delivering to a widget's model, the front end asks for a plain ipywidgets model
beside it that carries the same traits and messages (its browser side is tested in tests/browser/test_table.py)."""

from __future__ import annotations

from typing import Any

import comm
import pytest

import mus_widget as mw
from mus_widget.table.base import FALLBACK_SUFFIX, BaseWidget


def front_end(widget: BaseWidget, content: dict[str, Any]) -> None:
    """A message from the browser, as the comm delivers it."""
    widget._on_front_end(widget, content, [])


def recorded(widget: BaseWidget) -> list[dict[str, Any]]:
    """The custom messages the widget's fallback sends from now on."""
    assert widget._fallback is not None
    sent: list[dict[str, Any]] = []
    widget._fallback.send = lambda content, buffers=None: sent.append(content)
    return sent


def test_a_table_and_a_quiz_open_their_comms_with_their_first_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's model is born with the first view: no later message is needed to draw it."""
    opened: list[dict[str, Any]] = []

    def create_comm(**kwargs: Any) -> comm.base_comm.BaseComm:
        opened.append(kwargs)
        return comm.DummyComm(**kwargs)

    monkeypatch.setattr(comm, "create_comm", create_comm)
    table = mw.MusTable(seed=4, pace=0)
    quiz = mw.Quiz("grande", seed=183, language="en")
    ours = [kwargs for kwargs in opened if kwargs.get("comm_id") in (table.model_id, quiz.model_id)]
    assert [kwargs["comm_id"] for kwargs in ours] == [table.model_id, quiz.model_id]  # each once (and its layout's)
    born = [kwargs["data"]["state"] for kwargs in ours]
    assert born[0]["state"] == table.state and born[0]["state"]["players"][0]["cards"]
    assert born[0]["messages"] == table.messages and born[0]["_id"] == table.model_id
    assert born[1]["state"] == quiz.state and born[1]["state"]["answers"] and born[1]["_id"] == quiz.model_id


def test_a_deaf_table_gets_a_wire_that_follows_every_move() -> None:
    table = mw.MusTable(seed=4, pace=0, tips=False)
    assert not table.falling_back
    front_end(table, {"type": "fallback"})
    fallback = table._fallback
    assert fallback is not None and fallback.model_id == f"{table.model_id}{FALLBACK_SUFFIX}"
    assert fallback.get_state()["state"] == table.state and fallback.get_state()["messages"] == table.messages
    assert "_esm" not in fallback.get_state() and fallback.get_state()["_id"] == table.model_id

    # The student's move and the bots' answers reach the fallback; so does the pong to a ping.
    sent = recorded(table)
    before = table.state["v"]
    table.receive({"type": "act", "action": table.state["turn"]["actions"][0]})
    assert table.state["v"] > before and fallback.get_state()["state"] == table.state
    front_end(table, {"type": "ping", "seq": 7})
    assert sent == [{"type": "pong", "seq": 7}]

    # Every view of the table shares the one fallback.
    front_end(table, {"type": "fallback"})
    assert table._fallback is fallback


def test_the_wire_goes_when_the_model_turns_out_to_hear_or_the_table_closes() -> None:
    table = mw.MusTable(seed=4, pace=0)
    front_end(table, {"type": "fallback"})
    fallback = table._fallback
    assert fallback is not None
    front_end(table, {"type": "drop_fallback"})
    assert not table.falling_back and fallback.comm is None

    front_end(table, {"type": "fallback"})
    fallback = table._fallback
    assert fallback is not None
    table.close()
    assert fallback.comm is None and table.comm is None
    front_end(table, {"type": "fallback"})
    assert not table.falling_back


def test_a_deaf_quiz_gets_its_verdict_over_the_wire() -> None:
    quiz = mw.Quiz("grande", seed=183, language="en")
    front_end(quiz, {"type": "fallback"})
    assert quiz._fallback is not None and quiz._fallback.get_state()["state"] == quiz.state
    front_end(quiz, {"type": "answer", "key": quiz.exercise.answer})
    verdict = quiz._fallback.get_state()["state"]["verdict"]
    assert verdict is not None and verdict["right"]
