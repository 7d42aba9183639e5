"""A served table's life after its match, against a real server process: a rematch at the same table asked for
by a player or by the teacher (same seats, tokens and join code; the finished match archived and reviewable),
a table archived out of the live list, a bot given a seat nobody took, and a line to every table at once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from classroom_support import TEACHER_KEY, ServerProcess, play_until
from support.postgres import BACKENDS, new_database
from support.waiting import until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom import client
from mus_widget.classroom.protocol import ClassroomError


@pytest.fixture(params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """conftest's ``server`` (students away after a second of silence), on each database: SQLite, PostgreSQL."""
    process = ServerProcess(tmp_path, away_after=1.0, db=new_database(request, request.param, tmp_path)).start()
    try:
        yield process
    finally:
        process.stop()


def teacher(server: ServerProcess, frame: dict[str, Any]) -> dict[str, Any]:
    return client.request(server.url, {**frame, "teacher_key": TEACHER_KEY}, 10.0)


def listing(server: ServerProcess) -> dict[str, Any]:
    return teacher(server, {"type": "list"})


def finished_table(server: ServerProcess, name: str = "3B") -> remote.RemoteSeat:
    """Ana alone with three quick bots, her match played to its end (a target of 10 points)."""
    remote.create(server.url, name, rules=mw.Rules(target=10), bots={1: "random", 2: "random", 3: "random"},
                  teacher_key=TEACHER_KEY, seed=3, code="oros-7k3q-m9xp")
    ana = remote.join(server.url, name, name="Ana", code="oros-7k3q-m9xp")
    play_until({0: ana}, random.Random(1), lambda obs: False)
    return ana


def test_a_player_asks_for_a_rematch_and_the_finished_match_is_archived_and_reviewable(server: ServerProcess) -> None:
    remote.create(server.url, "3N", bots={1: "random", 2: "random", 3: "random"}, teacher_key=TEACHER_KEY, seed=4)
    with remote.join(server.url, "3N", name="Ana") as early:  # seed 4: her turn first, so the match is surely on
        with pytest.raises(ClassroomError) as refused:
            early.request({"type": "rematch"})
        assert refused.value.kind == "not_over"
    ana = finished_table(server)
    assert ana.observe().is_over
    old_seq = ana.seq
    old = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)
    reply = ana.request({"type": "rematch"})
    assert reply["archived_as"] == "3B #1" and not reply["is_over"] and reply["seq"] == old_seq
    # The new match's first state, or a later one: the bots may end the new match (an órdago seen) before this
    # thread looks, and a state past the rematch's seq is the new match's all the same.
    ana.wait(lambda: not ana._state["observation"]["is_over"] or ana.seq > old_seq,  # type: ignore[index]
             10, "the new match's state")
    obs = ana.observe()
    assert obs.game_number == 1 and ana.seq >= old_seq, "a new match, and the seq never goes back"
    (live,) = [t for t in listing(server)["tables"] if t["table"] == "3B"]
    assert live["code"] and live["players"][0]["name"] == "Ana"
    archived = listing(server)["archived"]
    assert [a["table"] for a in archived] == ["3B #1"] and archived[0]["is_over"]
    kept = remote.record(server.url, "3B #1", teacher_key=TEACHER_KEY)
    assert kept["actions"] == old["actions"] and kept["names"][0] == "Ana"
    mw.Game.from_record(kept)  # it replays, so it reviews
    token = ana.token
    ana.close()
    back = remote.join(server.url, "3B", token=token)  # the same token, the same seat, no code needed
    assert back.seat == 0
    back.close()


def test_the_teacher_asks_for_a_rematch_and_a_restart_keeps_both_matches(server: ServerProcess) -> None:
    ana = finished_table(server)
    seq = ana.seq
    ana.close()
    reply = remote.rematch(server.url, "3B", teacher_key=TEACHER_KEY)
    assert reply["archived_as"] == "3B #1"
    server.kill()
    server.start()
    (live,) = listing(server)["tables"]
    assert live["seq"] >= seq and not live["is_over"] and live["players"][0]["name"] == "Ana"
    assert [a["table"] for a in listing(server)["archived"]] == ["3B #1"]
    ana = remote.join(server.url, "3B", token=ana.token)
    play_until({0: ana}, random.Random(2), lambda obs: False)
    assert ana.observe().is_over
    assert teacher(server, {"type": "rematch", "table": "3B"})["archived_as"] == "3B #2"
    ana.close()


def test_the_teacher_archives_a_table_out_of_the_live_list_and_its_name_is_free_again(server: ServerProcess) -> None:
    ana = finished_table(server)
    actions = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)["actions"]
    reply = remote.archive(server.url, "3B", teacher_key=TEACHER_KEY)
    assert reply["archived_as"] == "3B #1"
    assert listing(server)["tables"] == [] and listing(server)["archived"][0]["table"] == "3B #1"
    assert remote.record(server.url, "3B #1", teacher_key=TEACHER_KEY)["actions"] == actions
    with pytest.raises(ClassroomError) as gone:
        remote.join(server.url, "3B", token=ana.token)
    assert gone.value.kind == "unknown_table"
    remote.create(server.url, "3B", teacher_key=TEACHER_KEY)
    server.kill()
    server.start()
    assert [t["table"] for t in listing(server)["tables"]] == ["3B"]
    assert [a["table"] for a in listing(server)["archived"]] == ["3B #1"]
    ana.close()


def test_a_bot_takes_a_seat_nobody_took_and_the_table_plays_on(server: ServerProcess) -> None:
    remote.create(server.url, "3C", bots={1: "random", 3: "random"}, teacher_key=TEACHER_KEY, seed=4)
    ana = remote.join(server.url, "3C", name="Ana", seat=0)
    with pytest.raises(ClassroomError) as taken:
        remote.seat_bot(server.url, "3C", 0, teacher_key=TEACHER_KEY)
    assert taken.value.kind == "seat_taken"
    reply = remote.seat_bot(server.url, "3C", 2, "novice", teacher_key=TEACHER_KEY)
    assert reply["players"][2] == {"seat": 2, "kind": "bot", "level": "novice"}
    play_until({0: ana}, random.Random(5), lambda obs: obs.hand_number >= 2)
    moves = remote.record(server.url, "3C", teacher_key=TEACHER_KEY)["moves"]
    assert any(m["seat"] == 2 and m["kind"] == "action" and m["by"] == "bot" for m in moves), "seat 2 plays"
    seq = ana.seq
    ana.close()
    server.kill()
    server.start()
    (live,) = listing(server)["tables"]
    assert live["seq"] >= seq and live["players"][2]["kind"] == "bot"


def test_the_teacher_writes_one_line_to_every_table(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots={1: "random", 2: "random", 3: "random"}, teacher_key=TEACHER_KEY)
    remote.create(server.url, "3C", bots={1: "random", 2: "random", 3: "random"}, teacher_key=TEACHER_KEY)
    ana, iker = remote.join(server.url, "3B", name="Ana"), remote.join(server.url, "3C", name="Iker")
    assert remote.tell_all(server.url, "Five minutes left", teacher_key=TEACHER_KEY) == 2
    def heard(chat: list[remote.ChatLine]) -> Callable[[], bool]:
        return lambda: any(line.text == "Five minutes left" for line in chat)

    for seat in (ana, iker):
        seat.wait(heard(seat.chat), 10, "the line")
    ana.close()
    iker.close()


def test_play_again_at_a_served_table_starts_the_rematch(server: ServerProcess, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The widget's *Play again* at a finished served match (it once opened the new-game panel, which a served
    table does not have: ``setup.names is not iterable``) sends ``rematch``: the same seat, a new match."""
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(tmp_path / "seats.json"))
    ana = finished_table(server)
    token = ana.token
    ana.close()

    async def play_again() -> None:
        table = mw.MusTable(server=server.url, table="3B", token=token, tips=False)
        await until("the finished match", lambda: table.observation.is_over)
        assert table.setup == {"served": True, "watching": False, "seat": 0, "table": "3B", "here_every": 10.0}
        finished = table.observation
        table.receive({"type": "rematch"})
        # Any state after the finished one is the new match's: the random bots may even have ended it (an órdago
        # taken at once) before this loop looks, on a busy machine.
        await until("a new match at the same seat", lambda: table.observation != finished or table.error != {})
        assert table.error == {} and table.seat == 0 and table.observation.game_number == 1
        assert table.observation.last_hand != finished.last_hand or not table.observation.is_over
        table.close()

    asyncio.run(play_again())
    assert [a["table"] for a in listing(server)["archived"]] == ["3B #1"]
