"""A small synchronous client of the classroom server, for scripts and tests (``mus_widget.remote``).

``join`` sits at a served table and returns a :class:`RemoteSeat`: the seat's own :class:`Observation` (the
engine's class, rebuilt from the server's JSON), its legal actions, ``act``/``sena``/``say``, and ``wait_turn``.
A thread reads the server's frames as they come, so the latest state, chat and table events are always at hand.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ..engine.actions import Action
from ..engine.observation import Observation
from ..engine.rules import Rules
from .hubtoken import handshake_headers
from .joining import join_error, unreachable
from .protocol import MAX_CHAT, MAX_FRAME, ClassroomError, encode, error_from_frame, plain_text, player_name
from .routing import routed

TIMEOUT = 10.0
"""Seconds a request waits for the server's answer by default."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of a table's chat: plain text, exactly as typed (a renderer escapes it); the teacher's lines
    (:func:`tell`) have no seat and no name."""

    seat: int | None
    name: str
    text: str
    teacher: bool = False

    @classmethod
    def of(cls, frame: dict[str, Any]) -> ChatLine:
        """The line of a ``chat`` frame (or of the chat a ``joined`` or ``face_up`` answer carries)."""
        return cls(frame.get("seat"), str(frame.get("name", "")), str(frame["text"]), bool(frame.get("teacher")))


class _Link:
    """One WebSocket connection to the server: requests wait for the answer with their id; every other frame
    goes to :meth:`on_frame` on the reader thread."""

    def __init__(self, url: str, timeout: float = TIMEOUT, hub_token: str | None = None) -> None:
        self.url = url
        self.timeout = timeout
        self.ws: ClientConnection = connect(url, proxy=None, compression=None, open_timeout=timeout,
                                            max_size=2**22, legacy=True,
                                            additional_headers=handshake_headers(url, hub_token))
        self.cond = threading.Condition()
        self.replies: dict[int, dict[str, Any]] = {}
        self.ids = itertools.count(1)
        self.closed = False
        self.reader = threading.Thread(target=self._read, name=f"mus-remote {url}", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for message in self.ws:
                frame = json.loads(message)
                with self.cond:
                    request_id = frame.get("id")
                    if isinstance(request_id, int):
                        self.replies[request_id] = frame
                    else:
                        self.on_frame(frame)
                    self.cond.notify_all()
        except (ConnectionClosed, OSError):
            pass
        finally:
            with self.cond:
                self.closed = True
                self.cond.notify_all()

    def on_frame(self, frame: dict[str, Any]) -> None:
        """A frame the server sent on its own (called on the reader thread, holding ``cond``)."""

    def request(self, frame: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """Send ``frame`` and return the server's answer; an error frame raises its exception. A frame the
        server would refuse as too large is refused here, as it would be (``too_large``), and never sent: past
        the transport's limit the server would close the connection instead of answering."""
        request_id = next(self.ids)
        text = encode({**frame, "id": request_id})
        if len(text) > MAX_FRAME:
            raise ClassroomError("too_large", f"a frame is at most {MAX_FRAME} characters, this one has {len(text)}",
                                 request_id)
        self.ws.send(text)
        with self.cond:
            if not self.cond.wait_for(lambda: request_id in self.replies or self.closed, timeout or self.timeout):
                raise TimeoutError(f"no answer from {self.url} to {frame['type']!r} in {timeout or self.timeout} s")
            reply = self.replies.pop(request_id, None)
        if reply is None:
            raise ConnectionError(f"the connection to {self.url} closed before it answered {frame['type']!r}")
        if reply.get("type") == "error":
            raise error_from_frame(reply)
        return reply

    def wait(self, ready: Callable[[], bool], timeout: float | None, what: str) -> None:
        """Block until ``ready()`` (checked under ``cond``) or raise ``TimeoutError``/``ConnectionError``."""
        with self.cond:
            if not self.cond.wait_for(lambda: ready() or self.closed, timeout):
                raise TimeoutError(f"{what}: still waiting after {timeout} s")
            if not ready():
                raise ConnectionError(f"the connection to {self.url} closed while waiting: {what}")

    def close(self) -> None:
        self.ws.close()
        self.reader.join(timeout=self.timeout)


class RemoteSeat(_Link):
    """A seat at a served table, as :func:`join` returns it."""

    def __init__(self, url: str, table: str, *, name: str | None, seat: int | None, token: str | None,
                 code: str | None = None, timeout: float = TIMEOUT, hub_token: str | None = None) -> None:
        self._state: dict[str, Any] | None = None
        self._observation: Observation | None = None
        self.chat: list[ChatLine] = []
        """The table's chat so far (the latest lines at joining, then every line)."""
        self.events: list[dict[str, Any]] = []
        """Table events (``joined``, ``disconnected``, ``away``, ``back``, ``freed``...) since joining."""
        if name is not None:
            player_name(name)  # refused here as the server would refuse it, before connecting
        super().__init__(url, timeout, hub_token)
        try:
            reply = self.request({"type": "join", "table": table, "name": name, "seat": seat, "token": token,
                                  "code": code})
        except BaseException:
            self.close()
            raise
        self.table: str = reply["table"]
        self.seat: int = reply["seat"]
        self.token: str | None = reply["token"]
        """The secret that lets this player rejoin their seat: ``join(url, table, token=seat.token)`` (None after a
        rejoin by hub identity, which is itself the way back)."""
        self.name: str = reply["name"]
        with self.cond:
            self.chat[:0] = [ChatLine.of(c) for c in reply["chat"]]
        self.wait(lambda: self._state is not None, timeout, "the seat's first state")

    def __repr__(self) -> str:
        return f"<RemoteSeat {self.url} table={self.table!r} seat={self.seat} name={self.name!r} seq={self.seq}>"

    def __enter__(self) -> RemoteSeat:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def on_frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "state":
            self._state, self._observation = frame, None
        elif kind == "chat":
            self.chat.append(ChatLine.of(frame))
        elif kind == "table":
            self.events.append(frame)

    @property
    def seq(self) -> int:
        """How many moves the table had stored when this seat's latest state was sent."""
        return -1 if self._state is None else int(self._state["seq"])

    @property
    def players(self) -> list[dict[str, Any]]:
        """Who sits where: ``kind`` human (name, connected, away), bot (level) or open."""
        assert self._state is not None
        return list(self._state["players"])

    def observe(self) -> Observation:
        """This seat's latest observation: the engine's own class, never another seat's cards."""
        with self.cond:
            if self._observation is None:
                assert self._state is not None
                self._observation = Observation.from_dict(self._state["observation"])
            return self._observation

    def legal_actions(self) -> list[str]:
        """The seat's legal actions now, empty when it is not to move."""
        return list(self.observe().legal_actions)

    def act(self, action: str | Action, timeout: float | None = None) -> None:
        """Play ``action``; the engine's ``IllegalActionError`` or ``MalformedActionError`` if it is not legal
        now (nothing changes). When this returns the server has stored it and :meth:`observe` shows it."""
        self.request({"type": "act", "action": str(action)}, timeout)

    def sena(self, sena_id: str, timeout: float | None = None) -> None:
        """Make the seña ``sena_id`` (an id of ``mus_widget.CATALOGUE``), seen by the whole table."""
        self.request({"type": "sena", "sena": sena_id}, timeout)

    def say(self, text: str, timeout: float | None = None) -> None:
        """Send a chat line to the table: plain text, at most 200 characters, a line every few seconds. A line
        the server would refuse (``bad_chat``: empty, too long, a bidi or invisible character) is refused here
        the same way, before it is sent."""
        self.request({"type": "say", "text": chat_text(text, "chat line")}, timeout)

    def wait_turn(self, timeout: float | None = None) -> Observation:
        """Block until this seat is to move or the match is over; its observation then."""
        self.wait(lambda: self._state is not None and (
            self._state["observation"]["to_move"] == self.seat or self._state["observation"]["is_over"]),
            timeout, f"seat {self.seat}'s turn at {self.table!r}")
        return self.observe()

    def wait_seq(self, seq: int, timeout: float | None = None) -> Observation:
        """Block until the table has stored at least ``seq`` moves; the observation then."""
        self.wait(lambda: self.seq >= seq, timeout, f"move {seq} at {self.table!r}")
        return self.observe()


class Watcher(_Link):
    """A teacher's face-up view of one table: every seat's observation, updated as the table plays."""

    def __init__(self, url: str, table: str, teacher_key: str | None, timeout: float = TIMEOUT) -> None:
        self._frame: dict[str, Any] = {}
        self.chat: list[ChatLine] = []
        self.events: list[dict[str, Any]] = []
        """Table events since watching began (``joined``, ``disconnected``, ``away``, ``back``...)."""
        super().__init__(url, timeout)
        try:
            reply = self.request({"type": "watch", "table": table, "teacher_key": teacher_key})
        except BaseException:
            self.close()
            raise
        self.table = table
        with self.cond:
            if int(reply["seq"]) >= int(self._frame.get("seq", -1)):
                self._frame = reply

    def on_frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "face_up":
            self._frame = frame
        elif kind == "chat":
            self.chat.append(ChatLine.of(frame))
        elif kind == "table":
            self.events.append(frame)

    def wait_for(self, ready: Callable[[Watcher], bool], timeout: float | None = None, what: str = "") -> None:
        """Block until ``ready(self)`` holds (checked on every frame)."""
        self.wait(lambda: bool(self._frame) and ready(self), timeout, what or f"a moment at {self.table!r}")

    @property
    def seq(self) -> int:
        return int(self._frame["seq"])

    def observations(self) -> list[Observation]:
        """What each of the four seats sees now (together: the table face up)."""
        with self.cond:
            return [Observation.from_dict(o) for o in self._frame["observations"]]

    @property
    def players(self) -> list[dict[str, Any]]:
        return list(self._frame["players"])


def join(url: str, table: str, name: str | None = None, *, seat: int | None = None, token: str | None = None,
         code: str | None = None, timeout: float = TIMEOUT, hub_token: str | None = None) -> RemoteSeat:
    """Sit at ``table``: a free seat (or ``seat``) under ``name``, with the table's join ``code`` if it has one,
    or, with ``token``, the seat it belongs to (after a dropped connection or a kernel restart; no code needed).
    Raises :class:`ClassroomError` (``unknown_table``, ``table_full``, ``seat_taken``, ``bad_token``,
    ``bad_code``, ``locked``, ``name_taken`` when a player of that name sits there already, ``bad_name`` for a
    name with control, bidi or other format characters or over 24 characters...). On a JupyterHub the kernel's hub
    token goes to the hub's classroom (:mod:`.hubtoken`; ``hub_token`` gives one), and the student sits under her
    hub name: ``name`` may be left out, and no other name is hers (``hub_name``, ``bad_hub_token``...)."""
    try:
        return routed(url, lambda where: RemoteSeat(where, table, name=name, seat=seat, token=token, code=code,
                                                    timeout=timeout, hub_token=hub_token))
    except ClassroomError as error:  # a wrong table, code or name: one clear line, no client frames under it
        raise join_error(error, table=table, name=name, code=code) from None
    except TimeoutError:
        raise
    except OSError:  # refused, or no such host
        raise unreachable(url) from None


def chat_text(text: str, what: str) -> str:
    """``text`` as the server takes a line of the chat (stripped, at most :data:`MAX_CHAT` characters, none that
    names refuse), checked before it is sent; the :class:`ClassroomError` the server would answer (``bad_chat``)
    else, so an oversized line never leaves as a frame the server would have to cut off."""
    if not isinstance(text, str):
        raise ClassroomError("bad_chat", f"a {what} is text, not {type(text).__name__}")
    return plain_text(text, MAX_CHAT, what, "bad_chat")


def request(url: str, frame: dict[str, Any], timeout: float = TIMEOUT) -> dict[str, Any]:
    """One request (a frame) on a connection of its own, made where the table is served
    (:func:`.routing.routed`); its answer, or the :class:`ClassroomError` it was refused with."""

    def attempt(where: str) -> dict[str, Any]:
        link = _Link(where, timeout)
        try:
            return link.request(frame)
        finally:
            link.close()

    return routed(url, attempt)


def create(url: str, table: str, rules: Rules = Rules(), bots: Mapping[int, str] | None = None, *,
           teacher_key: str | None = None, seed: int | None = None, code: str | None = None,
           timeout: float = TIMEOUT) -> dict[str, Any]:
    """Create ``table`` with ``rules``; ``bots`` maps seats to bot levels (``{1: "expert", 3: "expert"}``),
    the other seats wait for students, who sit down only with the join ``code`` if one is given. Returns the
    table's summary. Without ``teacher_key`` (a student creating the table) the server may refuse
    (``forbidden``, ``too_many_tables``, ``flood``), and only the teacher may choose the ``seed``."""
    frame: dict[str, Any] = {"type": "create", "table": table, "rules": rules.to_dict(),
                             "bots": {str(seat): level for seat, level in (bots or {}).items()}, "seed": seed,
                             "code": code}
    if teacher_key is not None:
        frame["teacher_key"] = teacher_key
    return request(url, frame, timeout)


def record(url: str, table: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The table's game record as stored, in ``Game.record()``'s format (``Game.from_record`` replays it)."""
    reply = request(url, {"type": "record", "table": table, "teacher_key": teacher_key}, timeout)
    result: dict[str, Any] = reply["record"]
    return result


def tables(url: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """Every table of the server: seats and players, scores, phase, whose turn it is (and ``storage_failed``,
    why, while the server cannot store its moves); then each table set aside at start, as ``{"table": name,
    "set_aside": why}`` (its stored rows do not replay)."""
    reply = request(url, {"type": "list", "teacher_key": teacher_key}, timeout)
    result: list[dict[str, Any]] = reply["tables"]
    return result


def free_seat(url: str, table: str, seat: int, *, teacher_key: str | None = None,
              timeout: float = TIMEOUT) -> dict[str, Any]:
    """Give ``seat`` back (a squatter's, or a student's who left): its token stops working, its connections are
    closed, and the next student to join may sit there. Returns the table's summary; ``seat_open`` if nobody
    sits there."""
    return request(url, {"type": "free_seat", "table": table, "seat": seat, "teacher_key": teacher_key}, timeout)


def lock(url: str, table: str, names: Sequence[str], *, teacher_key: str | None = None,
         timeout: float = TIMEOUT) -> dict[str, Any]:
    """Keep ``table``'s free seats for ``names`` (1 to 4; "Ana" and "ana" are one name): anyone else is refused
    (``locked``). The players seated keep their seats. Returns the table's summary."""
    return request(url, {"type": "lock", "table": table, "names": list(names), "teacher_key": teacher_key}, timeout)


def unlock(url: str, table: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
    """Let any name take ``table``'s free seats again. Returns the table's summary."""
    return request(url, {"type": "unlock", "table": table, "teacher_key": teacher_key}, timeout)


def set_code(url: str, table: str, code: str | None, *, teacher_key: str | None = None,
             timeout: float = TIMEOUT) -> dict[str, Any]:
    """Give ``table`` a join ``code`` that every new player needs (at least 10 letters or digits, at most 32
    characters: :func:`~mus_widget.classroom.protocol.new_join_code` makes one), or none (``None``); the players
    seated rejoin by their tokens either way. Returns the table's summary; ``bad_code`` for a weak code."""
    return request(url, {"type": "set_code", "table": table, "code": code, "teacher_key": teacher_key}, timeout)


def tell(url: str, table: str, text: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> None:
    """Write ``text`` (plain text, 1 to 200 characters) to everyone at ``table``: a line of the table's chat
    from the teacher (no seat, ``teacher``), stored with the chat. A line the server would refuse (``bad_chat``:
    empty, over 200 characters, a bidi or invisible character) is refused before anything is sent."""
    text = chat_text(text, "message")
    request(url, {"type": "tell", "table": table, "text": text, "teacher_key": teacher_key}, timeout)


def tell_all(url: str, text: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> int:
    """Write ``text`` to everyone at **every** table at once, as :func:`tell` writes to one; the number of
    tables told (refused before sending as :func:`tell` refuses). Where several server processes share the
    class, each the server names (``elsewhere``) tells its own tables."""
    text = chat_text(text, "message")
    frame = {"type": "tell_all", "text": text, "teacher_key": teacher_key}
    reply = request(url, frame, timeout)
    told: int = reply["tables"]
    for address in reply.get("elsewhere", []):
        told += int(request(address, frame, timeout)["tables"])
    return told


def rematch(url: str, table: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
    """Start a new match at ``table`` once its match is over: the same players in the same seats (their tokens
    still work), the same bots, code and lock, a new seed; the finished match is archived (``archived_as``,
    ``3B #1``). Returns the new match's summary; ``not_over`` while the match is on."""
    return request(url, {"type": "rematch", "table": table, "teacher_key": teacher_key}, timeout)


def archive(url: str, table: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
    """Take ``table`` out of the live list: its record is kept, reviewable, as ``archived_as`` (``3B #1``), its
    players' connections are closed and its name is free again. Returns ``{"table", "archived_as"}``."""
    return request(url, {"type": "archive", "table": table, "teacher_key": teacher_key}, timeout)


def seat_bot(url: str, table: str, seat: int, level: str = "novice", *, teacher_key: str | None = None,
             timeout: float = TIMEOUT) -> dict[str, Any]:
    """Give an empty ``seat`` of ``table`` a bot of ``level``, so a table waiting on it plays on. Returns the
    table's summary; ``seat_taken`` if a player or a bot sits there."""
    return request(url, {"type": "seat_bot", "table": table, "seat": seat, "level": level, "teacher_key": teacher_key},
                 timeout)


def quiz(url: str, kind: str, seed: int, answer: str, *, rules: Rules = Rules(), token: str | None = None,
         timeout: float = TIMEOUT) -> dict[str, Any]:
    """Report a student's ``answer`` (a choice's key) to the quiz question ``kind`` on the deal of ``seed`` under
    ``rules`` (what ``mw.Quiz`` does by itself, :mod:`.quizclient`), as the player of the seat whose ``token`` it
    is, or on a JupyterHub's classroom as the kernel's hub user. The server checks the answer and records it if it
    is her first to that question: returns ``name`` (whose it is), ``counted`` (whether this one was the first)
    and ``right`` (whether her first answer was right). ``unknown_student`` with no identity, ``bad_token``,
    ``bad_quiz`` for a question or answer that is not one."""
    frame: dict[str, Any] = {"type": "quiz", "kind": kind, "seed": seed, "rules": rules.to_dict(), "answer": answer}
    if token is not None:
        frame["token"] = token
    return request(url, frame, timeout)


def quizzes(url: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """Per student who answered any quiz, ``name``, ``answered`` (the questions she answered) and ``right`` (how
    many of her first answers were right), in the order they first answered (the teacher's)."""
    students: list[dict[str, Any]] = request(url, {"type": "quizzes", "teacher_key": teacher_key}, timeout)["students"]
    return students


def watch(url: str, table: str, *, teacher_key: str | None = None, timeout: float = TIMEOUT) -> Watcher:
    """Follow ``table`` face up (the teacher's view)."""
    return routed(url, lambda where: Watcher(where, table, teacher_key, timeout))


__all__ = ["ChatLine", "ClassroomError", "RemoteSeat", "Watcher", "archive", "create", "free_seat", "join", "lock",
           "quiz", "quizzes", "record", "rematch", "seat_bot", "set_code", "tables", "tell", "tell_all", "unlock",
           "watch"]
