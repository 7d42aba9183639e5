"""What a storm of rejoins and a crowd of readers that never read do to a served table, against a real server
process: the co-players hear of it in a few frames, the chat keeps its lines, the slow readers are closed and
the server's memory stays bounded, and honest clients at a classroom's pace never meet a limit."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from classroom_support import TEACHER_KEY, ServerProcess, careless, play_until, raw, reply_to

pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.connections import SEND_BUFFER
from mus_widget.classroom.live import SeatFile
from mus_widget.classroom.notebook import SeatRelay
from mus_widget.classroom.playing import PRESENCE_GRACE
from mus_widget.classroom.tables import SEAT_CONNECTIONS, SEAT_JOINS_BURST


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("storms")), away_after=30.0).start()
    yield process
    process.stop()


def close_code(ws: ClientConnection) -> tuple[int | None, str | None]:
    """How the server closed ``ws``: its close code and reason."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=15)
    received = closed.value.rcvd
    return (received.code, received.reason) if received is not None else (None, None)


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no {field} for process {pid}")


class Counter:
    """A co-player on a raw connection that counts the table's pushes (``state`` and ``table``) as they come."""

    def __init__(self, server: ServerProcess, table: str, name: str) -> None:
        self.ws = raw(server)
        self.joined = reply_to(self.ws, {"type": "join", "table": table, "name": name, "id": 1})
        self.pushes: list[tuple[float, str]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for message in self.ws:
                frame = json.loads(message)
                if frame.get("type") in ("state", "table"):
                    self.pushes.append((time.monotonic(), frame["type"]))
        except ConnectionClosed:
            pass

    def between(self, start: float, end: float) -> list[str]:
        return [kind for stamp, kind in self.pushes if start <= stamp <= end]

    def close(self) -> None:
        self.ws.close()
        self.thread.join(5)


@pytest.mark.slow
def test_a_rejoin_storm_reaches_the_co_players_as_a_few_frames_and_the_chat_keeps_its_lines(
    server: ServerProcess, tmp_path: Path
) -> None:
    remote.create(server.url, "Storm", teacher_key=TEACHER_KEY, seed=5)
    ana = remote.join(server.url, "Storm", name="Ana")
    bea = Counter(server, "Storm", "Bea")
    cai = SeatRelay(server.url, "Storm", "Cai", seats=SeatFile(tmp_path / "seats.json"))
    ana.say("¿jugamos a grande?")
    dan = remote.join(server.url, "Storm", name="Dan")
    dan.say("venga, que empiezo yo")
    ana.close()
    until_heard = time.monotonic() + 10
    while [line["kind"] for line in cai.chat_room.lines].count("chat") < 2 and time.monotonic() < until_heard:
        time.sleep(0.05)
    lines_before = list(cai.chat_room.lines)
    assert [line["kind"] for line in lines_before].count("chat") == 2

    start = time.monotonic()
    joined = refused = 0
    while time.monotonic() - start < 4.0:  # Ana's token, connect, join, close, flat out
        ws = raw(server)
        reply = reply_to(ws, {"type": "join", "table": "Storm", "token": ana.token, "id": 7})
        if reply["type"] == "joined":
            joined += 1
            ws.close()
        else:
            assert (reply["kind"], reply["id"]) == ("too_many_joins", 7), reply
            assert close_code(ws) == (1008, "too_many_joins")
            refused += 1
    end = time.monotonic()
    time.sleep(PRESENCE_GRACE + 0.5)

    assert joined <= SEAT_JOINS_BURST + 2 and refused > joined, "the seat is joined 20 times, then a few a minute"
    storm = bea.between(start, time.monotonic())
    assert len(storm) <= 3 + 2 * (end - start), f"{len(storm)} pushes to a co-player in a {end - start:.1f} s storm"
    events = cai.chat_room.lines[len(lines_before):]
    assert [line["event"] for line in events] == ["disconnected"], "Ana went once, when the storm ended"
    assert [line for line in cai.chat_room.lines if line["kind"] == "chat"] == [
        line for line in lines_before if line["kind"] == "chat"], "the chat's real lines are all still there"
    dan.close()
    with remote.join(server.url, "Storm", token=dan.token) as again:
        assert [line.text for line in again.chat] == ["¿jugamos a grande?", "venga, que empiezo yo"]
    cai.close()
    bea.close()


def test_a_seat_holds_a_few_connections_and_an_address_a_bounded_number(server: ServerProcess,
                                                                       tmp_path: Path) -> None:
    remote.create(server.url, "Crowd", teacher_key=TEACHER_KEY, seed=6)
    with remote.join(server.url, "Crowd", name="Eva") as eva:
        held, kinds = [], []
        for n in range(100):
            ws = raw(server)
            reply = reply_to(ws, {"type": "join", "table": "Crowd", "token": eva.token, "id": n})
            if reply["type"] == "joined":
                held.append(ws)
            else:
                kinds.append((reply["kind"], reply["id"] == n, close_code(ws)))
        assert len(held) == SEAT_CONNECTIONS - 1, "Eva's own connection and three more"
        assert set(kinds) == {("too_many_connections", True, (1008, "too_many_connections"))}
        for ws in held:
            ws.close()

    small = ServerProcess(tmp_path, options=("--max-connections-per-address", "6")).start()
    try:
        remote.create(small.url, "T", teacher_key=TEACHER_KEY)
        open_ = [raw(small) for _ in range(6)]
        extra = raw(small)
        reply = reply_to(extra, {"type": "join", "table": "T", "name": "Fer", "id": 3})
        assert (reply["kind"], reply["id"]) == ("too_many_connections", 3)
        assert close_code(extra) == (1008, "too_many_connections")
        open_.pop().close()
        time.sleep(0.3)
        with remote.join(small.url, "T", name="Fer") as fer:
            assert fer.seat == 0, "a connection closed makes room for another"
        for ws in open_:
            ws.close()
    finally:
        small.stop()


class Unread:
    """A WebSocket that completes the handshake, sends one frame and then reads nothing (until told to), with
    a receive buffer of 4 KiB so that what the server sends waits on the server's side."""

    def __init__(self, port: int, frame: dict[str, Any]) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                          .encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        data, mask = json.dumps(frame).encode(), os.urandom(4)
        length = bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0x80 | 126]) + struct.pack("!H", len(data))
        self.sock.sendall(b"\x81" + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exactly(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise EOFError
            out += chunk
        return out

    def read_to_close(self) -> tuple[int, str, int]:
        """Read everything the server sent: the close frame's code and reason, and how many frames came first."""
        self.sock.settimeout(15)
        frames = 0
        while True:
            opcode, size = self._exactly(2)
            size &= 0x7F
            if size == 126:
                (size,) = struct.unpack("!H", self._exactly(2))
            elif size == 127:
                (size,) = struct.unpack("!Q", self._exactly(8))
            payload = self._exactly(size)
            if opcode & 0x0F == 8:
                (code,) = struct.unpack("!H", payload[:2])
                return code, payload[2:].decode(), frames
            frames += 1

    def close(self) -> None:
        self.sock.close()


@pytest.mark.slow
def test_readers_that_fall_behind_are_closed_and_the_servers_memory_stays_bounded(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, away_after=30.0).start()
    assert server.child.process is not None
    pid = server.child.process.pid
    try:
        remote.create(server.url, "Fast", teacher_key=TEACHER_KEY, seed=8, rules=mw.Rules(games=9, target=100))
        seats = {seat: remote.join(server.url, "Fast", name=name) for seat, name in enumerate(["Gil", "Hugo",
                                                                                               "Ines", "Juan"])}
        unread = [Unread(server.port, {"type": "watch", "table": "Fast", "teacher_key": TEACHER_KEY, "id": 1})
                  for _ in range(40)]
        unread += [Unread(server.port, {"type": "join", "table": "Fast", "token": seats[0].token, "id": 1})
                   for _ in range(SEAT_CONNECTIONS - 1)]
        before = rss_mb(pid)
        peak = before
        start = time.monotonic()
        rng = random.Random(8)

        def dropped() -> bool:
            return "closed so far for reading too slowly" in server.child.read_log(20000)

        def flat_out(_: mw.Observation) -> bool:
            nonlocal peak
            peak = max(peak, rss_mb(pid))
            time.sleep(0.012)  # each seat's connection stays under its 20 frames a second
            return time.monotonic() - start > 15 or (time.monotonic() - start > 4 and dropped())

        play_until(seats, rng, flat_out, careless)
        assert dropped(), "the readers that never read were closed"
        code, reason, frames = unread[0].read_to_close()
        assert (code, reason) == (1008, f"too slow: over {SEND_BUFFER} bytes unread") and frames > 0
        moves = seats[0].seq
        play_until(seats, rng, lambda _: seats[0].seq > moves + 20)
        peak = max(peak, rss_mb(pid), rss_mb(pid, "VmHWM"))
        assert peak - before < 40, f"the server grew from {before:.0f} to {peak:.0f} MB with 43 readers behind"
        assert all(s.observe().to_move is not None or s.observe().is_over for s in seats.values())
        for reader in unread:
            reader.close()
        for s in seats.values():
            s.close()
    finally:
        server.stop()


def test_honest_clients_at_a_classroom_pace_never_meet_a_limit(server: ServerProcess, tmp_path: Path) -> None:
    remote.create(server.url, "Honest", teacher_key=TEACHER_KEY, seed=9)
    names = ["Kim", "Leo", "Mar", "Noa"]
    seats = {seat: remote.join(server.url, "Honest", name=name) for seat, name in enumerate(names)}
    watcher = remote.watch(server.url, "Honest", teacher_key=TEACHER_KEY)
    for _ in range(3):  # every student runs the cell again, kernel restarts and all, twice a notebook open
        for seat, old in list(seats.items()):
            old.close()
            seats[seat] = remote.join(server.url, "Honest", token=old.token)
            second = remote.join(server.url, "Honest", token=old.token)
            second.close()
    rng = random.Random(9)
    moves = seats[0].seq
    play_until(seats, rng, lambda obs: seats[0].seq > moves + 30)
    for student in seats.values():
        student.say("¡buena!")
    watcher.wait_for(lambda w: w.seq > moves + 30, 10, "the watcher sees the moves")
    assert not [e for e in watcher.events if e["event"] in ("disconnected", "back")], "no one seemed to go"
    for student in seats.values():
        student.close()
    watcher.close()
