"""Several classroom server processes on one PostgreSQL database, and that database going away: real
processes, a real SIGKILL, a real PostgreSQL stopped with ``pg_ctl stop -m immediate`` and started again.

Two processes share a database: a student who connects to the one that does not serve her table is sent to the
one that does (``elsewhere``); that one is killed mid-game, the other takes the table over once its lease ends,
and the student's client, back where it began, plays on there with every acknowledged move kept. The database
stopped mid-game: a move is refused ``storage_failed`` (the teacher told too), nothing half written, and once
it is back the table plays on with nothing acknowledged lost."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from classroom_support import TEACHER_KEY, ServerProcess, game_at, play_until, stored_moves
from support.ports import free_port
from support.postgres import Cluster, query
from support.waiting import eventually, until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.bots.turns import play
from mus_widget.classroom.connections import Session
from mus_widget.classroom.live import Link
from mus_widget.classroom.postgres_store import PostgresStorage
from mus_widget.classroom.server import ClassroomServer
from mus_widget.classroom.storage import Owner, StorageFailedError

LEASE = "2"
"""Seconds a process's lease lasts in these tests (15 by default): a dead process's tables move within it."""
BOTS = {1: "novice", 2: "novice", 3: "novice"}


def shared(folder: Path, url: str) -> ServerProcess:
    folder.mkdir()
    return ServerProcess(folder, away_after=30.0, options=("--lease", LEASE), db=url)


def acted(ana: remote.RemoteSeat, rng: random.Random, moves: int, acknowledged: list[str]) -> None:
    """Ana plays ``moves`` of her turns (the bots theirs), each action the server acknowledged noted."""
    for _ in range(moves):
        obs = ana.wait_turn(timeout=30)
        if obs.is_over:
            return
        action = rng.choice(obs.legal_actions)
        ana.act(action)
        acknowledged.append(action)


def hers(record: dict[str, Any]) -> list[str]:
    """Every action of seat 0 the record holds, in order (Ana's: no stand-in plays for her in these tests)."""
    return [move["text"] for move in record["moves"] if move["seat"] == 0 and move["kind"] == "action"]


@pytest.fixture()
def two_servers(tmp_path: Path, postgres: Cluster) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = postgres.new_database()
    first = shared(tmp_path / "a", url).start()
    try:
        second = shared(tmp_path / "b", url).start()
    except BaseException:
        first.stop()
        raise
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_a_killed_process_s_table_is_taken_over_by_the_other_and_no_acknowledged_move_is_lost(
    two_servers: tuple[ServerProcess, ServerProcess]
) -> None:
    first, second = two_servers
    remote.create(first.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, seed=4)
    ana = remote.join(second.url, "3B", name="Ana")  # asked at the other process: sent where the table is
    assert ana.url == first.url
    frames: list[dict[str, Any]] = []
    arrived = threading.Condition()

    def deliver(frame: dict[str, Any]) -> None:
        with arrived:
            frames.append(frame)
            arrived.notify_all()

    watch = Link(second.url, lambda: {"type": "watch", "table": "3B", "teacher_key": TEACHER_KEY}, deliver, None)
    assert watch.url == first.url and watch.first["type"] == "face_up"
    acknowledged: list[str] = []
    rng = random.Random(4)
    acted(ana, rng, 4, acknowledged)
    seen = ana.seq
    before = remote.record(second.url, "3B", teacher_key=TEACHER_KEY)  # read from the database, by either
    assert len(stored_moves(before)) >= seen

    first.kill()  # SIGKILL, mid-game: the bots of the table may be thinking
    eventually("Ana's connection closed", lambda: ana.closed, 10)
    ana = remote.join(second.url, "3B", token=ana.token)  # back where it began: served there once the lease ends
    assert ana.url == second.url and ana.seq >= len(stored_moves(before))
    after = remote.record(second.url, "3B", teacher_key=TEACHER_KEY)
    assert stored_moves(after)[:len(stored_moves(before))] == stored_moves(before)
    assert hers(after) == acknowledged  # every acknowledged move, and none she was not told of
    assert game_at(after, seen).observe(0).to_dict() == game_at(before, seen).observe(0).to_dict()

    acted(ana, rng, 3, acknowledged)  # the game carries on at the other process
    with arrived:  # the teacher's view followed the table there too
        assert arrived.wait_for(lambda: any(f.get("type") == "face_up" and f.get("seq", 0) >= ana.seq
                                            for f in frames), 30)
    assert watch.url == second.url
    watch.close()
    ana.close()
    final = remote.record(second.url, "3B", teacher_key=TEACHER_KEY)
    assert hers(final) == acknowledged and len(acknowledged) >= 5
    mw.Game.from_record(final)
    log = second.child.read_log(20000)
    assert "table '3B' is served by this process now" in log and "Traceback" not in log

    first.start()  # back on its address: the table stays where it is served now, and the student is sent there
    ana = remote.join(first.url, "3B", token=ana.token)
    assert ana.url == second.url
    ana.close()


def test_a_table_is_served_by_one_process_and_a_teacher_anywhere_reaches_it(
    two_servers: tuple[ServerProcess, ServerProcess]
) -> None:
    first, second = two_servers
    remote.create(first.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, seed=4)
    with pytest.raises(remote.ClassroomError) as taken:  # one name, one table, whichever process is asked
        remote.create(second.url, "3b", teacher_key=TEACHER_KEY, seed=5)
    assert taken.value.kind == "table_exists"
    remote.tell(second.url, "3B", "Buenos días", teacher_key=TEACHER_KEY)  # sent to the process that serves it
    record = remote.record(second.url, "3B", teacher_key=TEACHER_KEY)
    assert [line["text"] for line in record["chat"]] == ["Buenos días"]
    assert [(t["table"], t.get("served_at")) for t in remote.tables(first.url, teacher_key=TEACHER_KEY)] == [
        ("3B", None)]
    eventually("the table shared with the other process's teachers", lambda: [
        (t["table"], t.get("served_at")) for t in remote.tables(second.url, teacher_key=TEACHER_KEY)] == [
        ("3B", first.url)], 5)
    assert query(second.database, "SELECT table_name, address FROM leases") == [("3B", first.url)]


def test_a_teacher_s_room_at_either_process_lists_the_whole_class_acts_anywhere_and_follows_a_takeover(
    two_servers: tuple[ServerProcess, ServerProcess]
) -> None:
    first, second = two_servers
    remote.create(first.url, "3A", bots=BOTS, teacher_key=TEACHER_KEY, seed=4)
    remote.create(second.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=5)
    ana = remote.join(first.url, "3A", name="Ana")
    bea = remote.join(second.url, "3B", name="Bea")
    iker = remote.join(second.url, "3B", name="Iker")
    bea.say("¿Quién reparte?")

    async def teach() -> None:
        room = mw.Classroom(first.url, teacher_key=TEACHER_KEY, every=0.2, language="en")

        def listed() -> dict[str, dict[str, Any]]:
            return {str(t["table"]): t for t in room.tables}

        def people(table: str) -> list[str]:
            return [p["name"] for p in listed().get(table, {}).get("players", []) if p.get("kind") == "human"]

        await until("both processes' tables in the room", lambda: people("3B") == ["Bea", "Iker"], 10)
        assert listed()["3B"]["served_at"] == second.url and "served_at" not in listed()["3A"]
        assert people("3A") == ["Ana"] and any("Bea" in row["summary"] for row in room.state["tables"]
                                               if row["table"] == "3B")
        await until("the other process's chat in the class's chat",
                    lambda: [(line["table"], line["text"]) for line in room.class_chat] == [("3B", "¿Quién reparte?")])

        room.tell("3B", "Silencio, por favor")  # sent to this process, answered elsewhere, made there
        await until("Bea hears the teacher", lambda: any(line.text == "Silencio, por favor" for line in bea.chat))
        room.free_seat("3B", 2)  # Iker's seat, at the other process
        await until("Iker's seat freed there", lambda: people("3B") == ["Bea"], 10)
        room.tell_all("Five minutes left")  # every table of the class, whichever process serves it
        await until("everyone hears it", lambda: all(any(line.text == "Five minutes left" for line in seat.chat)
                                                     for seat in (ana, bea)))
        assert room.state["refused"] == ""

        first.kill()  # the process the room is connected to: the room finds the class at the other
        await until("the room at the other process, with every table", lambda: room.link.url == second.url
                    and set(listed()) == {"3A", "3B"} and not room.state["lost"]
                    and not any(t.get("served_at") for t in room.tables), 30)
        assert people("3A") == ["Ana"] and people("3B") == ["Bea"]
        room.tell("3A", "Seguid")  # the table taken over is served here now
        record = remote.record(second.url, "3A", teacher_key=TEACHER_KEY)
        await until("the line stored at 3A", lambda: "Seguid" in [line["text"] for line in remote.record(
            second.url, "3A", teacher_key=TEACHER_KEY)["chat"]], 10)
        assert "Five minutes left" in [line["text"] for line in record["chat"]]
        everything = {("3B", "¿Quién reparte?"), ("3B", "Silencio, por favor"), ("3A", "Five minutes left"),
                      ("3B", "Five minutes left"), ("3A", "Seguid")}
        await until("the class's chat whole at the other process",
                    lambda: {(line["table"], line["text"]) for line in room.class_chat} == everything)
        lines = [(line["table"], line["text"]) for line in room.class_chat]
        assert sorted(lines) == sorted(everything), lines  # each line once, though heard from both processes
        room.close()

    asyncio.run(teach())
    for seat in (ana, bea, iker):
        seat.close()


def test_the_database_going_away_refuses_moves_clearly_and_the_tables_resume_when_it_returns(
    tmp_path: Path
) -> None:
    cluster = Cluster.create()  # a cluster of its own: stopping it troubles no other test
    try:
        server = ServerProcess(tmp_path, away_after=30.0, options=("--lease", LEASE), db=cluster.new_database())
        server.start()
        try:
            remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
            ana = remote.join(server.url, "3B", name="Ana")
            bea = remote.join(server.url, "3B", name="Bea")
            teacher = remote.watch(server.url, "3B", teacher_key=TEACHER_KEY)
            rng = random.Random(4)
            play_until({0: ana, 2: bea}, rng, lambda o: ana.seq >= 4 and o.to_move == 0)
            before = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)
            seq = ana.seq

            cluster.stop("immediate")  # every PostgreSQL process ended at once, as in a crash
            obs = ana.observe()
            with pytest.raises(remote.ClassroomError) as refused:
                ana.act(obs.legal_actions[0])
            assert refused.value.kind == "storage_failed" and "nothing of it was kept" in str(refused.value)
            assert "Traceback" not in str(refused.value)
            assert ana.seq == seq and ana.observe().legal_actions == obs.legal_actions  # nothing changed
            teacher.wait_for(lambda w: any(e.get("event") == "storage_failed" for e in w.events), timeout=10,
                             what="the teacher told")
            (listed,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
            assert listed["storage_failed"] and listed["seq"] == seq
            with pytest.raises(remote.ClassroomError, match="storage_failed"):
                ana.act(obs.legal_actions[0])  # again, while it is away: the same clear refusal

            cluster.start()
            moved: list[str] = []
            eventually("a move stored once the database is back", lambda: _tries(ana, moved), 20, every=0.5)
            teacher.wait_for(lambda w: any(e.get("event") == "storage_ok" for e in w.events), timeout=10,
                             what="the teacher told storage works again")
            play_until({0: ana, 2: bea}, rng, lambda o: ana.seq >= seq + 6)
            seen = ana.seq
            for seat in (ana, bea, teacher):
                seat.close()
            server.kill()
            server.start()  # every acknowledged move in the database, and nothing half written
            after = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)
            moves = stored_moves(after)
            assert moves[:len(stored_moves(before))] == stored_moves(before) and len(moves) >= seen
            if moved:  # Ana's move, refused twice, stored once when the database was back: right after the others
                assert moves[len(stored_moves(before))] == ("action", moved[0])
            numbers = [n for (n,) in query(server.database, "SELECT n FROM moves ORDER BY n")]
            assert numbers == list(range(len(numbers)))
            mw.Game.from_record(after)
            log = server.child.read_log(50000)
            assert "Traceback" not in log and "stores table '3B'" in log, log
        finally:
            server.stop()
    finally:
        cluster.destroy()


def _tries(ana: remote.RemoteSeat, acknowledged: list[str]) -> bool:
    """Ana tries a move on her turn: whether it was stored (noted as acknowledged)."""
    obs = ana.observe()
    if obs.to_move != 0:
        return True  # the bots moved first: storage works again
    try:
        ana.act(obs.legal_actions[0])
    except remote.ClassroomError as error:
        assert error.kind == "storage_failed", json.dumps(str(error))
        return False
    acknowledged.append(obs.legal_actions[0])
    return True


def test_a_move_whose_commit_was_in_doubt_is_read_back_and_the_next_move_is_made_on_the_table_as_stored(
    postgres: Cluster
) -> None:
    # The connection lost while a commit was on its way: the server cannot know whether the move was stored, so
    # it answered storage_failed and marked the table in doubt (Storage.doubtful). Here the move had been stored.
    url = postgres.new_database()
    owner = Owner("ws://127.0.0.1:1", "ws://127.0.0.1:1", 15.0)
    storage = PostgresStorage(url, owner)

    async def in_doubt() -> tuple[str, int, int]:
        server = ClassroomServer(storage, TEACHER_KEY, owner=owner)
        try:
            server.load()
            server.create(Session(None), {"type": "create", "table": "3B", "seed": 4,  # type: ignore[arg-type]
                                          "teacher_key": TEACHER_KEY})
            table = server.playing.tables["3B"]
            seat = table.game.to_move
            assert seat is not None
            action = table.game.observe(seat).legal_actions[0]
            turn = play(table.game, seat, action, {}, told={}, at=0)
            storage.add_moves("3B", 0, list(turn.moves))  # stored, though the server took it for lost
            storage.doubtful.add("3B")
            with pytest.raises(StorageFailedError) as refused:  # made on the table as it was: refused, not stored
                server.playing.commit(table, turn)
            assert table.moves == len(turn.moves) and "3B" not in storage.doubtful
            seat = table.game.to_move
            assert seat is not None
            server.playing.commit(table, play(table.game, seat, table.game.observe(seat).legal_actions[0], {},
                                              told={}, at=table.n_actions))
            return str(refused.value), table.moves, len(table.game.actions)
        finally:
            await server.close()

    try:
        refused, moves, actions = asyncio.run(in_doubt())
    finally:
        storage.close()
    assert "had been stored" in refused and "nothing of it was kept" in refused
    numbers = [n for (n,) in query(url, "SELECT n FROM moves ORDER BY n")]
    assert numbers == list(range(moves)) and actions == 2


def test_a_database_not_a_classroom_s_or_out_of_reach_is_refused_at_start_in_one_line(postgres: Cluster) -> None:
    foreign = postgres.new_database()
    query(foreign, "CREATE TABLE invoices (number INTEGER, total REAL)")
    nowhere = f"postgresql://postgres:secret@127.0.0.1:{free_port()}/musclass"
    for url, problem in [(foreign, "a PostgreSQL database but not a classroom's"),
                         (nowhere, "cannot reach the database")]:
        done = subprocess.run([sys.executable, "-m", "mus_widget.serve", "--port", "0", "--db", url, "--teacher-key",
                               TEACHER_KEY], check=False, capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert problem in done.stderr and len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
        assert "secret" not in done.stderr, "the password is never shown"
    assert query(foreign, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'") == [
        ("invoices",)], "left as it was"


def test_a_shared_database_made_before_the_summaries_were_shared_opens_and_gains_their_columns(
    postgres: Cluster
) -> None:
    url = postgres.new_database()
    PostgresStorage(url).close()  # a classroom database as this version makes it, then its leases made older
    query(url, "ALTER TABLE leases DROP COLUMN summary, DROP COLUMN shared")
    query(url, "INSERT INTO tables VALUES ('3B', '{}', '{}', 0)")
    query(url, "INSERT INTO leases VALUES ('3B', 'ws://127.0.0.1:1', 'ws://127.0.0.1:1', now())")
    owner = Owner("ws://127.0.0.1:2", "ws://127.0.0.1:2", 15.0)
    storage = PostgresStorage(url, owner)
    try:
        assert storage.claim(owner) == ["3B"]  # the old lease had ended: taken, its row kept
        storage.share(owner, {"3B": json.dumps({"table": "3B", "seq": 7})})
        assert storage.shared_elsewhere(Owner("ws://127.0.0.1:3", "ws://127.0.0.1:3", 15.0))[0].summary == (
            '{"table": "3B", "seq": 7}')
        assert storage.shared_elsewhere(owner) == [], "a process's own tables are not elsewhere"
    finally:
        storage.close()
