"""A live link to the classroom server for a notebook: a WebSocket on a thread of its own that (re)connects,
greets the server (``join`` or ``watch``), and hands every frame to the kernel's asyncio loop with
``call_soon_threadsafe``, so a push reaches the widget without the student running a cell and the widget's
comm is only ever touched on the kernel's thread. Also the seat file, where a student's seat tokens wait for
the next kernel.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import InvalidURI, WebSocketException
from websockets.sync.client import ClientConnection, connect

from .hubtoken import handshake_headers
from .protocol import FREED_CLOSE, ClassroomError, encode, error_from_frame, name_key, table_key

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for the server when (re)connecting, and for the answer to the greeting."""
RETRY = (0.2, 0.5, 1.0, 2.0, 3.0)
"""Seconds between attempts to reconnect after the connection dropped (the last repeats)."""

Frame = dict[str, Any]


class Link:
    """One live connection to ``url``. ``greeting()`` is the first frame after every (re)connection; each frame
    the server sends (the greeting's answer too, marked ``{"greeting": True}``) goes to ``deliver`` on ``loop``
    (on the link's thread when there is no loop: a script, a test). The first greeting is answered before
    the constructor returns, and an error to it raises (an unknown table, a full table...); later ones are
    delivered like any frame. A dropped connection is retried until :meth:`close`; meanwhile ``deliver``
    gets ``{"type": "link", "open": False}``, and ``{"type": "link", "open": True}`` once it is back."""

    def __init__(self, url: str, greeting: Callable[[], Frame], deliver: Callable[[Frame], None],
                 loop: asyncio.AbstractEventLoop | None) -> None:
        self.url = url
        """The server process connected to: ``home``, or the one an ``elsewhere`` answer named (:mod:`.leases`)."""
        self.home = url
        self.fallbacks: list[str] = []
        """Other server processes of the class to try in turn with ``home`` while the process connected to cannot
        be reached (the teacher's room sets them: its list names where each table is served)."""
        self._headers = handshake_headers(url)
        """The handshake's headers: the kernel's hub token, if ``url`` is its hub's classroom (:mod:`.hubtoken`)."""
        self._greeting = greeting
        self._deliver = deliver
        self._loop = loop
        self._ids = itertools.count(1)
        self._greeted = threading.Event()
        self._first: Frame | None = None
        self.early: list[Frame] = []
        """The frames that came before the first greeting's answer (the seat's first state): the caller reads
        them at once, as the kernel's loop is busy running the cell that makes the table."""
        self._ws: ClientConnection | None = None
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self.greet_id = 0
        ws = self._connect()  # the first connection fails loudly, in the cell that made the table
        self._thread = threading.Thread(target=self._run, args=(ws,), name=f"mus-classroom {url}", daemon=True)
        self._thread.start()
        if not self._greeted.wait(CONNECT_TIMEOUT):
            self.close()
            raise TimeoutError(f"{url} did not answer in {CONNECT_TIMEOUT} s")
        first = self._first
        if first is None:
            self.close()
            raise ConnectionError(f"the connection to {url} closed before it answered")
        if first.get("type") == "error":
            self.close()
            raise error_from_frame(first)

    def __repr__(self) -> str:
        return f"<Link {self.url} {'closed' if self._closed.is_set() else 'open' if self._ws else 'reconnecting'}>"

    @property
    def first(self) -> Frame:
        """The server's answer to the first greeting (``joined``, ``face_up``...)."""
        assert self._first is not None
        return self._first

    def next_id(self) -> int:
        return next(self._ids)

    def send(self, frame: Frame) -> None:
        """Send a frame now (from any thread); :class:`ConnectionError` while the link is down."""
        with self._lock:
            ws = self._ws
        if ws is None:
            raise ConnectionError(f"not connected to {self.url}")
        try:
            ws.send(encode(frame))
        except (WebSocketException, OSError) as error:
            raise ConnectionError(f"the connection to {self.url} dropped: {error}") from None

    def close(self) -> None:
        """Close the connection and stop reconnecting; no frame is delivered after this returns."""
        self._closed.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            ws.close()
        thread = getattr(self, "_thread", None)
        if thread is not None and thread is not threading.current_thread():
            thread.join(CONNECT_TIMEOUT)

    # ------------------------------------------------------------------ the link's thread

    def _connect(self) -> ClientConnection:
        try:
            ws = connect(self.url, proxy=None, compression=None, open_timeout=CONNECT_TIMEOUT, max_size=2**22,
                         legacy=True, additional_headers=self._headers)
        except InvalidURI as error:
            raise ValueError(f"{self.url!r} is not a ws:// address: {error}") from None
        except (OSError, WebSocketException, TimeoutError) as error:
            raise ConnectionError(f"cannot reach the classroom server at {self.url}: {error}") from None
        self.greet_id = self.next_id()
        try:
            ws.send(encode({**self._greeting(), "id": self.greet_id}))
        except (OSError, WebSocketException) as error:
            ws.close()
            raise ConnectionError(f"the connection to {self.url} dropped at once: {error}") from None
        with self._lock:
            self._ws = ws
        if self._closed.is_set():  # closed meanwhile: this connection is not wanted
            ws.close()
        return ws

    def _run(self, ws: ClientConnection | None) -> None:
        attempts = 0
        while not self._closed.is_set():
            if ws is None:
                try:
                    ws = self._connect()
                except (ConnectionError, ValueError):  # the server is not back yet: try again soon, where we
                    # began and at the other processes in turn (a process named by an ``elsewhere`` that died)
                    candidates = list(dict.fromkeys([self.home, *self.fallbacks, self.url]))
                    self.url = candidates[attempts % len(candidates)]
                    self._closed.wait(RETRY[min(attempts, len(RETRY) - 1)])
                    attempts += 1
                    continue
                attempts = 0
                self._hand({"type": "link", "open": True})
            moved = self._read(ws)
            with self._lock:
                self._ws = None
            freed = ws.close_code == FREED_CLOSE
            ws = None
            if moved:  # the table is served by another process: greet it there at once
                continue
            self._greeted.set()  # a first connection that closed at once: the constructor says so
            if freed:  # the teacher freed the seat: its token is void, there is nothing to reconnect to
                self._hand({"type": "link", "open": False, "freed": True})
                return
            if not self._closed.is_set():
                self._hand({"type": "link", "open": False})

    def _read(self, ws: ClientConnection) -> bool:
        """Hand on the frames ``ws`` brings until it closes; whether the greeting was answered ``elsewhere`` (the
        table is served by the process at the answer's ``address``: :attr:`url` is that now)."""
        try:
            for message in ws:
                frame = json.loads(message)
                if not isinstance(frame, dict):
                    continue
                if frame.get("id") == self.greet_id:
                    if frame.get("kind") == "elsewhere" and isinstance(frame.get("address"), str):
                        self.url = frame["address"]
                        return True
                    frame["greeting"] = True
                    if not self._greeted.is_set():
                        self._first = frame
                        self._greeted.set()
                        if frame.get("type") == "error":
                            self._closed.set()  # refused at once: the constructor raises, nothing to retry
                            return False
                        continue
                if not self._greeted.is_set():
                    self.early.append(frame)
                    continue
                self._hand(frame)
        except (WebSocketException, OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(Exception):
                ws.close()
        return False

    def _hand(self, frame: Frame) -> None:
        if self._closed.is_set():
            return
        if self._loop is None:
            self._deliver_open(frame)
            return
        try:
            self._loop.call_soon_threadsafe(self._deliver_open, frame)
        except RuntimeError:  # the kernel's loop is closed: the kernel is going
            self._closed.set()

    def _deliver_open(self, frame: Frame) -> None:
        if self._closed.is_set():
            return
        try:
            self._deliver(frame)
        except Exception:  # a frame the view could not take must not stop the link (nor the kernel's loop)
            log.exception("a frame from %s could not be shown: %.200r", self.url, frame)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The loop of the running kernel (cells run inside it), or None in a plain script."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# ---------------------------------------------------------------------------------------------- the seat file


def seats_path() -> Path:
    """Where a student's seat tokens are kept between kernels: ``$MUS_WIDGET_SEATS`` if set, else
    ``seats.json`` in the user's data folder (``$XDG_DATA_HOME/mus-widget``, ``~/.local/share/mus-widget``;
    ``%APPDATA%\\mus-widget`` on Windows; ``~/Library/Application Support/mus-widget`` on macOS)."""
    given = os.environ.get("MUS_WIDGET_SEATS")
    if given:
        return Path(given)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mus-widget" / "seats.json"


def seat_key(url: str, table: str, name: str) -> str:
    """The seat file's key of a seat: the server, and the table and the name as the server compares them ("Ana"
    at "3B" is "ana" at "3b")."""
    return json.dumps([url.rstrip("/"), table_key(table), name_key(name)], ensure_ascii=False)


class SeatFile:
    """The seat file: for each server, table and player's name, the seat and its secret token (the file is
    readable by its owner only). A kernel that starts again finds its seat here and rejoins with it."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = seats_path() if path is None else path

    def __repr__(self) -> str:
        return f"SeatFile({str(self.path)!r})"

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def token(self, url: str, table: str, name: str) -> str | None:
        data = self._read()
        entry = data.get(seat_key(url, table, name))
        if entry is None:  # a seat file written before names were compared, keyed by the name as typed
            entry = data.get(json.dumps([url.rstrip("/"), table, name], ensure_ascii=False))
        token = entry.get("token") if isinstance(entry, dict) else None
        return token if isinstance(token, str) else None

    def tokens(self, url: str) -> list[str]:
        """The tokens of every seat kept for the server ``url``, the seat kept last at the end (a quiz given
        ``server=`` reports with the last, :mod:`.quizclient`)."""
        found = []
        for key, entry in self._read().items():
            try:
                where = json.loads(key)[0]
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            token = entry.get("token") if isinstance(entry, dict) else None
            if where == url.rstrip("/") and isinstance(token, str):
                found.append(token)
        return found

    def keep(self, url: str, table: str, name: str, seat: int, token: str) -> None:
        self._write(seat_key(url, table, name), {"seat": seat, "token": token})

    def forget(self, url: str, table: str, name: str) -> None:
        self._write(seat_key(url, table, name), None)
        raw = json.dumps([url.rstrip("/"), table, name], ensure_ascii=False)
        if raw in self._read():
            self._write(raw, None)

    def _write(self, key: str, entry: dict[str, Any] | None) -> None:
        data = self._read()
        data.pop(key, None)
        if entry is not None:
            data[key] = entry  # last: the seat kept last is the file's last
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(data, file, ensure_ascii=False, indent=1)
        os.replace(partial, self.path)


__all__ = ["ClassroomError", "Link", "SeatFile", "running_loop", "seats_path"]
