"""The classroom protocol: JSON text frames between a seat's client and the game server, their limits, and
the errors both sides name the same way.

Every frame is one JSON object with a ``type``. A request may carry an ``id`` (a whole number the client picks);
the server's answer to it (``ok``, ``error`` or a typed reply) echoes that ``id``, an error too whenever the
``id`` could be read (even from a frame refused as too large). Frames the server sends on its own (``state``,
``chat``, ``table``, ``face_up``) have none. docs/classroom.md lists every frame.

On a JupyterHub's classroom the WebSocket handshake may carry ``Authorization: token <hub token>`` (:mod:`.hub`):
the frames stay the same, a ``join`` of that connection may then leave out its ``name`` and ``token``, a
``quiz`` its ``token`` (:mod:`.quizzes`), and its teacher's requests their ``teacher_key``.
"""

from __future__ import annotations

import base64
import difflib
import hashlib
import json
import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from ..engine import errors as engine_errors
from ..engine.errors import MusError
from ..engine.record import SEED_DIGITS
from ..i18n.names import MAX_NAME as _MAX_NAME
from ..i18n.names import PlayerNameError, check_name, hidden_character

MAX_FRAME: Final = 8192
"""The largest frame a client may send, in characters; a longer one is refused with a ``too_large`` error."""
TRANSPORT_MAX_FRAME: Final = 65536
"""Past this the WebSocket layer itself closes the connection (code 1009) without reading the frame."""
MAX_CHAT: Final = 200
"""The longest chat line, in characters, after surrounding spaces are stripped."""
MAX_NAME: Final = _MAX_NAME
"""The longest player's name, in characters (the rule of every table: :func:`~mus_widget.i18n.names.check_name`)."""
MAX_HUB_USERNAME: Final = 255
"""The longest hub username a table seats (JupyterHub's own limit)."""
HUB_DIGEST: Final = 6
"""Letters of the digest that ends the name of a hub user whose username is longer than a name (30 bits: two
users of one hub whose long usernames begin alike still sit under two names)."""
MAX_DIGITS: Final = SEED_DIGITS
"""The most digits of a number in a frame: a seed's most. A longer one is refused (``bad_frame``), not read."""
MAX_TABLE_NAME: Final = 32
TABLE_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")

MAX_CODE: Final = 32
"""The longest join code of a table, in characters."""
MIN_CODE_CHARS: Final = 10
"""The fewest letters or digits a join code may hold when it is set (dashes and spaces between groups do not
count): ten chosen at random from :data:`CODE_ALPHABET` are 32**10, about 1.1e15 codes, far over
:data:`MIN_CODE_SPACE`; a person's choice is weaker than random, hence the margin."""
TERM_SECONDS: Final = 20 * 7 * 24 * 3600
"""A school term, 20 weeks (12,096,000 seconds): how long a table's code must hold against guessing."""
GUESS_RATE: Final = 10_000
"""Guesses a second at one table that the design allows for at most: within a table's budget 20 a minute
(:data:`~mus_widget.classroom.connections.TABLE_WRONG_CODES`), past it one per new connection, which is as fast
as the server completes WebSocket handshakes (measured at about 1,100 a second, 16 to 64 connections at a time
on the 2-core development machine, the server's core busy); this is nine times that, for a faster machine."""
MIN_CODE_SPACE: Final = 2 * GUESS_RATE * TERM_SECONDS
"""The fewest codes a join code must be drawn from: guessing at :data:`GUESS_RATE` for a whole term covers less
than half of them (rate x term < space / 2): 2.4e11, about 2**38."""
CODE_ALPHABET: Final = "0123456789abcdefghjkmnpqrstvwxyz"
"""The 32 characters of :func:`new_join_code`'s random groups: digits and lowercase letters without i, l, o and u
(Crockford's base 32), so nothing read off a printed card is mistaken for another."""
CODE_WORDS: Final = (
    "oros", "copas", "espadas", "bastos", "sota", "caballo", "rey", "pito", "pares", "juego", "punto", "grande",
    "chica", "envido", "ordago", "mus", "duples", "medias", "mano", "postre", "tanto", "amarraco", "piedra", "vaca",
    "ronda", "baza", "lance", "sena", "corte", "descarte", "quiero", "paso",
)
"""The 32 words of Mus that begin a code of :func:`new_join_code`, for a code a class reads aloud."""
CODE_GROUPS: Final = 2
CODE_GROUP: Final = 4
"""A code of :func:`new_join_code` is a word and two groups of four characters: ``oros-7k3q-m9xp``."""
CODE_SPACE: Final = len(CODE_WORDS) * len(CODE_ALPHABET) ** (CODE_GROUPS * CODE_GROUP)
"""How many codes :func:`new_join_code` draws from: 32 * 32**8 = 2**45, about 3.5e13 (145 times
:data:`MIN_CODE_SPACE`: at :data:`GUESS_RATE`, half of them take 56 years)."""
FREED_CLOSE: Final = 4001
"""The close code of a seat's connection when the teacher frees the seat (the client stops reconnecting)."""
MOVED_CLOSE: Final = 4002
"""The close code of a table's connections when another server process of the class serves it now (the client
reconnects, and is told where: ``elsewhere``)."""
MAX_LOCKED: Final = 4
"""The most names a table may be locked to (a table seats four)."""

REQUESTS: Final = frozenset({"create", "join", "act", "sena", "say", "record", "list", "watch", "free_seat", "lock",
                             "unlock", "set_code", "tell", "tell_all", "rematch", "archive", "seat_bot",
                             "presence", "quiz", "quizzes"})
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
    "flood",          # too many frames too fast (this one was dropped), or too many wrong join codes
    "unknown_table",
    "table_exists",
    "too_many_tables",  # a student's new table on a server that has as many as students may open
    "table_full",     # no free human seat
    "seat_taken",     # the seat asked for has a player (rejoin with its token)
    "name_taken",     # a player of that name already sits at the table (rejoin with their token)
    "bad_code",       # a join without the table's join code or with a wrong one, or a code set too weak
    "locked",         # the table is locked to named students, and this name is not one of them
    "seat_open",      # free_seat of a seat that has no player
    "bad_token",      # the token is not this table's (or this seat's) token
    "not_joined",     # act, sena or say before joining a seat on this connection
    "forbidden",      # a teacher's request without the teacher key (nor from a hub user of the teachers' group)
    "bad_hub_token",  # the hub knows no user by the token the handshake carried (wrong, expired, a service's)
    "hub_forbidden",  # the hub user's token gives no access to the classroom service
    "hub_required",   # a new seat on a hub's classroom, from a connection that sent no hub token
    "hub_name",       # a name that is not the hub user's own
    "hub_unavailable",  # the hub could not be asked whose token it is (the connection is closed: try again)
    "bad_name",
    "bad_chat",       # an empty chat line (or teacher's line), one over MAX_CHAT, or with a character names refuse
    "chat_too_fast",
    "too_many_joins",        # a seat (or an address) joined too often, or a connection guessed too many join
                             # codes: the connection is closed
    "too_many_connections",  # a seat (or an address) holds as many connections as it may: the same
    "server_error",   # the server failed on the request (a bug, counted in its log)
    "storage_failed",  # the database could not store the request (a full disk...): nothing of it was kept
    "paused",         # an action while the match waits for a team whose every player is away
    "elsewhere",      # the table is served by another server process of the class: its ``address`` says which
    "bad_quiz",       # a quiz answer for an unknown kind, a seed out of range, rules that are not rules, or an answer
                      # that is not one of the exercise's: nothing recorded
    "unknown_student",  # a quiz answer with neither a hub identity nor a seat's token: nothing recorded
)
"""The kinds of error frame that are not an engine error."""


class ClassroomError(MusError):
    """The server refused a request for a reason of the classroom (not of the rules): ``kind`` is one of
    :data:`CLASSROOM_ERRORS`, the message says what and why."""

    def __init__(self, kind: str, message: str, request_id: int | None = None, *,
                 suggestion: str | None = None, address: str | None = None) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.detail = message
        self.request_id = request_id
        """The refused frame's ``id``, when :func:`decode` could read it (the answer echoes it)."""
        self.suggestion = suggestion
        """A close name the request may have meant (``unknown_table``: "did you mean 3B?"), or None."""
        self.address = address
        """Where the table is served (``elsewhere``: another server process of the class), or None."""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows for it in a cell: one line, not the client's frames (a student's mistake is no
        bug)."""
        return [f"\x1b[0;31m{type(self).__name__}\x1b[0m: {self}"]


def error_frame(kind: str, message: str, request_id: object = None, suggestion: str | None = None,
                address: str | None = None) -> dict[str, Any]:
    """The frame that tells a client its request changed nothing, and why (and a close name it may have meant, or
    the address of the server process that serves the table)."""
    frame: dict[str, Any] = {"type": "error", "kind": kind, "message": message}
    if request_id is not None:
        frame["id"] = request_id
    if suggestion is not None:
        frame["suggestion"] = suggestion
    if address is not None:
        frame["address"] = address
    return frame


def error_from_frame(frame: dict[str, Any]) -> MusError:
    """The exception a client raises for an error frame: the engine's own class for a refused action, else a
    :class:`ClassroomError` of the frame's kind."""
    kind = str(frame.get("kind", "bad_frame"))
    message = str(frame.get("message", ""))
    engine = ENGINE_ERRORS.get(kind)
    if engine is not None:
        return engine(message)
    suggestion, address = frame.get("suggestion"), frame.get("address")
    return ClassroomError(kind, message, suggestion=suggestion if isinstance(suggestion, str) else None,
                          address=address if isinstance(address, str) else None)


def encode(frame: object) -> str:
    """JSON text, compact, non-ASCII kept as is."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


class _LongNumber(str):
    """A JSON number with more than :data:`MAX_DIGITS` digits, kept as its digits (Python refuses to read one of
    over 4,300 digits, and no field takes one this long) so that :func:`decode` refuses it by name."""

    __slots__ = ()


def _number(digits: str) -> int | _LongNumber:
    return int(digits) if len(digits.lstrip("-")) <= MAX_DIGITS else _LongNumber(digits)


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _flaw(frame: dict[str, Any]) -> str | None:
    """What makes a frame's values unreadable, if anything: a number too long, or text with a lone surrogate
    (``"\\ud800"``: valid JSON, but not text; no string of the server could hold it)."""
    stack: list[object] = [frame]
    while stack:
        value = stack.pop()
        if isinstance(value, _LongNumber):
            return f"a number has at most {MAX_DIGITS} digits, not {len(value.lstrip('-'))}"
        if isinstance(value, str):
            found = _SURROGATE.search(value)
            if found is not None:
                return f"text holds U+{ord(found[0]):04X}, a lone surrogate, which is no character"
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return None


def decode(text: str | bytes) -> dict[str, Any]:
    """A client's frame as a JSON object with a known ``type`` whose every number and text can be read;
    :class:`ClassroomError` for anything else, carrying the frame's ``id`` whenever it could be read. A frame
    over :data:`MAX_FRAME` is still read for its ``id`` (the transport caps it at :data:`TRANSPORT_MAX_FRAME`),
    so a client waiting for the answer hears ``too_large`` at once."""
    if isinstance(text, bytes):
        raise ClassroomError("bad_frame", "frames are JSON text, not binary")
    too_large = len(text) > MAX_FRAME

    def refused(problem: str, request_id: int | None = None) -> ClassroomError:
        if too_large:
            return ClassroomError("too_large", f"a frame is at most {MAX_FRAME} characters, this one has "
                                               f"{len(text)}", request_id)
        return ClassroomError("bad_frame", problem, request_id)

    try:
        frame = json.loads(text, parse_int=_number)
    except (json.JSONDecodeError, RecursionError) as error:
        raise refused(f"not JSON: {error}") from None
    if not isinstance(frame, dict):
        raise refused(f"a frame is a JSON object, not {type(frame).__name__}")
    request_id = frame.get("id")
    if request_id is not None and (isinstance(request_id, bool) or not isinstance(request_id, int)):
        raise refused(f"a frame's id is a whole number of at most {MAX_DIGITS} digits, not {_brief(request_id)}")
    flaw = _flaw(frame)
    if too_large or flaw is not None:
        raise refused(flaw or "", request_id)
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise refused(f"unknown frame type {_brief(kind)}; the types are {', '.join(sorted(REQUESTS))}", request_id)
    return frame


def _brief(value: object) -> str:
    """A value quoted in an error, cut short."""
    text = f"a {len(value.lstrip('-'))}-digit number" if isinstance(value, _LongNumber) else repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def text_field(frame: dict[str, Any], name: str, *, optional: bool = False) -> str | None:
    value = frame.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ClassroomError("bad_frame", f"a {frame['type']!r} frame needs {name!r} as text, not {_brief(value)}")
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
        raise ClassroomError("bad_frame", f"{name!r} is a seat, 0 to 3, or null, not {_brief(value)}")
    return value


def player_name(value: str) -> str:
    """A player's name, trimmed, by the rule of every table (:func:`~mus_widget.i18n.names.check_name`: no
    control, bidi or other format characters, at most :data:`MAX_NAME` characters); ``bad_name`` else."""
    try:
        return check_name(value, "name")
    except PlayerNameError as error:
        raise ClassroomError("bad_name", str(error)) from None


def hub_name(username: str) -> str:
    """The name a JupyterHub user sits down under: her username, or one longer than :data:`MAX_NAME` (an e-mail
    address, say) cut short and ended by a digest of the whole (``maria.fernandez.…k3q7xa``), so every username
    has one name of its own and she comes back to her seat by it; ``bad_name`` for one no table shows."""
    name = unicodedata.normalize("NFC", username.strip())
    if len(name) <= MAX_NAME:
        return player_name(name)
    hidden = hidden_character(name)
    if hidden is not None or len(name) > MAX_HUB_USERNAME:
        raise ClassroomError("bad_name", f"the hub username {name[:60]!r} is no name a table shows: "
                                         f"{'it holds ' + hidden if hidden else 'it is too long'}")
    digest = base64.b32encode(hashlib.sha256(name.encode("utf-8")).digest()).decode("ascii")[:HUB_DIGEST].lower()
    return f"{name[:MAX_NAME - HUB_DIGEST - 1].rstrip()}…{digest}"


def name_key(name: str) -> str:
    """The form in which two players' names are the same name at a table ("Ana", "ANA", "ａｎａ")."""
    return unicodedata.normalize("NFKC", name).casefold()


def table_key(name: str) -> str:
    """The form in which two tables' names are the same name ("3B", "3b", "３Ｂ", a decomposed accent): NFKC,
    case-folded, the spaces around trimmed and those inside run together."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def find_name(wanted: str, names: Iterable[str]) -> tuple[str | None, str | None]:
    """``(the name of names that is wanted, None)`` when one is the same name (:func:`table_key`), else
    ``(None, the closest name)`` when one is close (difflib, on the compared forms; a missing space or a typo),
    else ``(None, None)``."""
    by_key: dict[str, str] = {}
    for name in names:
        by_key.setdefault(table_key(name), name)
    key = table_key(wanted)
    if key in by_key:
        return by_key[key], None
    squeezed = {k.replace(" ", ""): v for k, v in by_key.items()}
    if key.replace(" ", "") in squeezed:
        return None, squeezed[key.replace(" ", "")]
    close = difflib.get_close_matches(key, list(by_key), n=1, cutoff=0.6)
    return None, by_key[close[0]] if close else None


def join_code(value: str) -> str:
    """A table's join code as it is set, stripped: at most :data:`MAX_CODE` characters of plain text without format
    characters (a code is typed, so nothing invisible), :data:`MIN_CODE_CHARS` of them letters or digits (so it
    outlasts a term of guessing); ``bad_code`` else. A code is only checked when it is set: a join compares it."""
    code = plain_text(value, MAX_CODE, "join code", "bad_code")
    if any(unicodedata.category(ch) == "Cf" for ch in code):
        raise ClassroomError("bad_code", "a join code holds no invisible format characters")
    check_strength(code)
    return code


def check_strength(code: str) -> None:
    """Refuse (``bad_code``) a join code of fewer than :data:`MIN_CODE_CHARS` letters or digits, saying the rule:
    a shorter one could be guessed within a term at the rate the server allows."""
    count = sum(ch.isalnum() for ch in code)
    if count < MIN_CODE_CHARS:
        raise ClassroomError("bad_code", f"a join code needs at least {MIN_CODE_CHARS} letters or digits (dashes and "
                                         f"spaces do not count), not {count}, so that it cannot be guessed within a "
                                         f"school term; new_join_code() makes one, such as {new_join_code()!r}")


def new_join_code() -> str:
    """A fresh join code, random (:mod:`secrets`) and readable: a word of Mus and two groups of four characters of
    :data:`CODE_ALPHABET`, lowercase, joined by dashes (``oros-7k3q-m9xp``), one of :data:`CODE_SPACE`."""
    groups = ("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUP)) for _ in range(CODE_GROUPS))
    return "-".join((secrets.choice(CODE_WORDS), *groups))


def table_name(value: str) -> str:
    """A table's name as given, if it is a short name of letters, digits, spaces and ``_.-``."""
    if len(value) > MAX_TABLE_NAME or not TABLE_NAME.fullmatch(value):
        raise ClassroomError(
            "bad_name", f"a table's name is 1 to {MAX_TABLE_NAME} letters, digits, spaces or _.- , not {_brief(value)}"
        )
    return value


def plain_text(value: str, limit: int, what: str, kind: str) -> str:
    """``value`` stripped, as plain text shown to others: at most ``limit`` characters, and none that names
    refuse (:func:`~mus_widget.i18n.names.hidden_character`: a control, bidi or other invisible format character,
    a line separator, a tag character; the joiners kept), so no line reverses or hides what comes after it in
    the others' chat. Nothing is escaped here: HTML in a chat line stays the same text, and every renderer
    escapes it."""
    text = value.strip()
    if not text:
        raise ClassroomError(kind, f"an empty {what}")
    if len(text) > limit:
        raise ClassroomError(kind, f"a {what} is at most {limit} characters, not {len(text)}")
    hidden = hidden_character(text)
    if hidden is not None:
        raise ClassroomError(kind, f"a {what} holds {hidden}: text shown to others takes no control, direction "
                                   f"or invisible characters")
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

    def empty(self, now: float) -> bool:
        """Whether :meth:`allow` would refuse at ``now`` (without taking anything from the bucket)."""
        if self.tokens < 0:
            return self.burst < 1
        return min(self.burst, self.tokens + (now - self.stamp) * self.rate) < 1

    def full(self, now: float) -> bool:
        """Whether the bucket has filled up again by ``now`` (it has been idle long enough to forget)."""
        return self.tokens < 0 or self.tokens + (now - self.stamp) * self.rate >= self.burst


@dataclass
class AddressLimits:
    """One :class:`RateLimit` per key (a client address, or a table's name), each of ``rate`` and ``burst``; past
    ``KEPT`` keys those whose buckets have filled up again are forgotten, so a crowd of keys cannot grow the map
    for good."""

    rate: float
    burst: float
    buckets: dict[str, RateLimit] = field(default_factory=dict)

    KEPT: ClassVar[int] = 256

    def of(self, host: str, now: float) -> RateLimit:
        """The bucket of ``host``."""
        if len(self.buckets) > self.KEPT:
            self.buckets = {h: b for h, b in self.buckets.items() if not b.full(now)}
        return self.buckets.setdefault(host, RateLimit(rate=self.rate, burst=self.burst))
