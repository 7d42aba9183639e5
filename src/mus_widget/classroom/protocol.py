"""The classroom protocol: JSON text frames between a seat's client and the game server, their limits, and
the errors both sides name the same way.

Every frame is one JSON object with a ``type``. A request may carry an ``id`` (a whole number the client picks);
the server's answer to it (``ok``, ``error`` or a typed reply) echoes that ``id``. Frames the server sends on
its own (``state``, ``chat``, ``table``, ``face_up``) have none. docs/classroom.md lists every frame.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Final

from ..engine import errors as engine_errors
from ..engine.errors import MusError

MAX_FRAME: Final = 8192
"""The largest frame a client may send, in characters; a longer one is refused with a ``too_large`` error."""
TRANSPORT_MAX_FRAME: Final = 65536
"""Past this the WebSocket layer itself closes the connection (code 1009) without reading the frame."""
MAX_CHAT: Final = 200
"""The longest chat line, in characters, after surrounding spaces are stripped."""
MAX_NAME: Final = 24
MAX_TABLE_NAME: Final = 32
TABLE_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")

REQUESTS: Final = frozenset({"create", "join", "act", "sena", "say", "record", "list", "watch"})
"""The frame types a client may send."""

ENGINE_ERRORS: Final[dict[str, type[MusError]]] = {
    cls.__name__: cls
    for cls in (
        engine_errors.MusError,
        engine_errors.NotationError,
        engine_errors.RulesError,
        engine_errors.MalformedActionError,
        engine_errors.IllegalActionError,
        engine_errors.RecordError,
        engine_errors.SeatError,
    )
}
"""The engine's errors by class name: the ``kind`` of an error frame for a refused action, re-raised as the same
class by the client."""

CLASSROOM_ERRORS: Final = (
    "bad_frame",      # not JSON, not an object, an unknown type, a missing or mistyped field
    "too_large",      # a frame over MAX_FRAME
    "flood",          # too many frames too fast: this one was dropped
    "unknown_table",
    "table_exists",
    "too_many_tables",  # a student's new table on a server that has as many as students may open
    "table_full",     # no free human seat
    "seat_taken",     # the seat asked for has a player (rejoin with its token)
    "bad_token",      # the token is not this table's (or this seat's) token
    "not_joined",     # act, sena or say before joining a seat on this connection
    "forbidden",      # a teacher's request without the teacher key
    "bad_name",
    "bad_chat",       # an empty chat line, one over MAX_CHAT, or with control characters
    "chat_too_fast",
)
"""The kinds of error frame that are not an engine error."""


class ClassroomError(MusError):
    """The server refused a request for a reason of the classroom (not of the rules): ``kind`` is one of
    :data:`CLASSROOM_ERRORS`, the message says what and why."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.detail = message


def error_frame(kind: str, message: str, request_id: object = None) -> dict[str, Any]:
    """The frame that tells a client its request changed nothing, and why."""
    frame: dict[str, Any] = {"type": "error", "kind": kind, "message": message}
    if request_id is not None:
        frame["id"] = request_id
    return frame


def error_from_frame(frame: dict[str, Any]) -> MusError:
    """The exception a client raises for an error frame: the engine's own class for a refused action, else a
    :class:`ClassroomError` of the frame's kind."""
    kind = str(frame.get("kind", "bad_frame"))
    message = str(frame.get("message", ""))
    engine = ENGINE_ERRORS.get(kind)
    return engine(message) if engine is not None else ClassroomError(kind, message)


def encode(frame: object) -> str:
    """JSON text, compact, non-ASCII kept as is."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def decode(text: str | bytes) -> dict[str, Any]:
    """A client's frame as a JSON object with a known ``type``; :class:`ClassroomError` for anything else."""
    if isinstance(text, bytes):
        raise ClassroomError("bad_frame", "frames are JSON text, not binary")
    if len(text) > MAX_FRAME:
        raise ClassroomError("too_large", f"a frame is at most {MAX_FRAME} characters, this one has {len(text)}")
    try:
        frame = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ClassroomError("bad_frame", f"not JSON: {error}") from None
    if not isinstance(frame, dict):
        raise ClassroomError("bad_frame", f"a frame is a JSON object, not {type(frame).__name__}")
    kind = frame.get("type")
    if kind not in REQUESTS:
        raise ClassroomError("bad_frame", f"unknown frame type {kind!r}; the types are {', '.join(sorted(REQUESTS))}")
    request_id = frame.get("id")
    if request_id is not None and (isinstance(request_id, bool) or not isinstance(request_id, int)):
        raise ClassroomError("bad_frame", f"a frame's id is a whole number, not {request_id!r}")
    return frame


def text_field(frame: dict[str, Any], name: str, *, optional: bool = False) -> str | None:
    value = frame.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ClassroomError("bad_frame", f"a {frame['type']!r} frame needs {name!r} as text, not {value!r}")
    return value


def required_text(frame: dict[str, Any], name: str) -> str:
    value = text_field(frame, name)
    assert value is not None
    return value


def seat_field(frame: dict[str, Any], name: str = "seat") -> int | None:
    value = frame.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in range(4):
        raise ClassroomError("bad_frame", f"{name!r} is a seat, 0 to 3, or null, not {value!r}")
    return value


def table_name(value: str) -> str:
    """A table's name as given, if it is a short name of letters, digits, spaces and ``_.-``."""
    if len(value) > MAX_TABLE_NAME or not TABLE_NAME.fullmatch(value):
        raise ClassroomError(
            "bad_name", f"a table's name is 1 to {MAX_TABLE_NAME} letters, digits, spaces or _.- , not {value!r}"
        )
    return value


def plain_text(value: str, limit: int, what: str, kind: str) -> str:
    """``value`` stripped, as plain text: no control characters, at most ``limit`` characters. Nothing is
    escaped here: HTML in a name or a chat line stays the same text, and every renderer escapes it."""
    text = value.strip()
    if not text:
        raise ClassroomError(kind, f"an empty {what}")
    if len(text) > limit:
        raise ClassroomError(kind, f"a {what} is at most {limit} characters, not {len(text)}")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text):
        raise ClassroomError(kind, f"a {what} is plain text without control characters")
    return text


@dataclass(slots=True)
class RateLimit:
    """A token bucket: ``burst`` events at once, ``rate`` a second sustained."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def allow(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self, now: float) -> bool:
        """Whether the bucket has filled up again by ``now`` (it has been idle long enough to forget)."""
        return self.tokens < 0 or self.tokens + (now - self.stamp) * self.rate >= self.burst
