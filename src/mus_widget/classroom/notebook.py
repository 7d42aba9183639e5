"""A served table in a notebook: ``MusTable(server="ws://…", table="3B", name="Ana")`` plays one seat of a table
the classroom server holds, with the same table UI as a table of bots; and the teacher's face-up view of any
table. Both are :class:`~mus_widget.table.relayed.RelayedTable` widgets with a relay of this module.

The seat's token is kept in the seat file (:class:`~mus_widget.classroom.live.SeatFile`), so the same call after a
kernel restart sits the student back in their seat, cards and all.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from typing import Any, Final

from ..engine.log import HandSummary
from ..engine.observation import Observation
from ..engine.seats import SEATS, team_of
from ..i18n.catalogues import LANGUAGES, default_language, message
from ..i18n.names import check_name
from ..table.checking import Check
from ..table.contract import ChatLine, Room, SeatView, ServedSetup
from ..table.intents import Handler
from ..table.refusal import RefusalError, short
from ..table.relayed import Host, RelayedTable
from ..table.view_state import Player, Stage, TableView, view_state, with_hand
from ..teaching.coach import Advice, Coach
from .hubtoken import hub_user
from .joining import join_error, unreachable
from .live import Frame, Link, SeatFile, running_loop, seat_key
from .protocol import ENGINE_ERRORS, MAX_CHAT, ClassroomError

CHAT_KEPT: Final = 100
"""Chat lines and table events a view keeps (the latest)."""
ERRORS: Final = {"flood": "ui.error.room.flood", "chat_too_fast": "ui.error.room.chat_too_fast",
                 "bad_chat": "ui.error.room.bad_chat", "paused": "ui.error.room.paused"}
"""The server's refusals a student may cause by playing, by kind; the others say ``ui.error.room.refused``."""
HERE_EVERY: Final = 10.0
"""Seconds between the signs of life of a view of a seat (its page shows the table)."""
VIEW_GONE_AFTER: Final = 90.0
"""Seconds without a sign of life from a view of a seat before the kernel forgets it, and tells the server when
no view is left that no page shows the table. A view closing says so at once where it can (a page closed or
left); a notebook closed in JupyterLab cannot (its kernel connection goes first), so this is its time. Longer
than a minute: a browser wakes the timers of a tab long in the background only once a minute."""


def _players(info: Sequence[dict[str, Any]], games_won: Sequence[int], own: int | None,
             language: str) -> tuple[Player, Player, Player, Player]:
    """Who sits where, as the table shows it: bots named by their seat, humans by their name and presence."""
    out = []
    games = sum(games_won)
    for seat in SEATS:
        entry = info[seat] if seat < len(info) else {"kind": "open"}
        won = games_won[team_of(seat)]
        kind = entry.get("kind")
        if kind == "bot":
            name = message("ui.room.bot", language, seat=message(f"seat.{seat}", language))
            out.append(Player(name, str(entry.get("level")), games, won))
        elif kind == "human":
            presence = ("here" if seat == own else "away" if entry.get("away")
                        else "here" if entry.get("connected") else "gone")
            out.append(Player(str(entry.get("name")), None, games, won, presence))
        else:
            name = message("ui.room.open_seat", language, seat=message(f"seat.{seat}", language))
            out.append(Player(name, None, games, won, "open"))
    return (out[0], out[1], out[2], out[3])


def _line(entry: dict[str, Any], language: str, own: int | None) -> ChatLine:
    """A line of the room for the browser: a chat line as typed (the browser sets it as text), or a table
    event in the table's language."""
    if entry["kind"] == "teacher":
        return {"kind": "teacher", "seat": None, "name": message("ui.room.teacher", language), "text": entry["text"],
                "mine": False}
    if entry["kind"] == "chat":
        return {"kind": "chat", "seat": entry["seat"], "name": entry["name"], "text": entry["text"],
                "mine": entry["seat"] is not None and entry["seat"] == own}
    event = entry["event"]
    return {"kind": "event", "seat": entry["seat"], "name": entry["name"], "mine": False,
            "text": message(f"ui.room.event.{event}", language, name=entry["name"])}


class _Room:
    """The chat and table events of one table, as a view of it has heard them."""

    def __init__(self, table: str) -> None:
        self.table = table
        self.lines: list[dict[str, Any]] = []
        self.heard = 0
        """How many chat lines this view has heard in all (the lines kept are the last few): the browser marks
        the folded chat with the lines heard since it was last open."""
        self.open = True
        self.freed = False
        """Whether the teacher freed this view's seat (the bar then says so, and how to sit down again)."""

    def chat(self, line: Frame) -> None:
        """A chat line as the server sent it (in a ``chat`` frame, or in the history of the first frame): a
        player's, or the teacher's to the table."""
        entry = {"kind": "teacher" if line.get("teacher") else "chat", "seat": line.get("seat"),
                 "name": str(line.get("name", "")), "text": str(line.get("text", ""))}
        self.lines = [*self.lines, entry][-CHAT_KEPT:]
        self.heard += 1

    def take(self, frame: Frame) -> bool:
        """Take a frame of the room (a chat line, a player's coming and going, the link dropped or back);
        False for any other frame."""
        kind = frame.get("type")
        if kind == "chat":
            self.chat(frame)
        elif kind == "table":
            self.event(frame)
        elif kind == "link":
            self.open = bool(frame.get("open"))
            self.freed = self.freed or bool(frame.get("freed"))
        else:
            return False
        return True

    def event(self, frame: Frame) -> None:
        event = frame.get("event")
        if event in ("joined", "disconnected", "closed", "away", "back", "freed", "paused", "resumed", "standins"):
            names = frame.get("names")
            name = ", ".join(str(n) for n in names) if isinstance(names, list) else str(frame.get("name", ""))
            self.lines = [*self.lines, {"kind": "event", "event": event, "seat": frame.get("seat"),
                                        "name": name}][-CHAT_KEPT:]

    def view(self, language: str, own: int | None, max_chat: int) -> Room:
        return {"table": self.table, "chat": [_line(e, language, own) for e in self.lines], "max_chat": max_chat,
                "heard": self.heard, "link": "freed" if self.freed else "open" if self.open else "lost"}


class _Linked:
    """What both relays share: the link to the server, and the table that shows what comes along it."""

    _host: Host | None = None
    link: Link

    def start(self, host: Host) -> None:
        self._host = host

    def close(self) -> None:
        self._host = None
        self.link.close()

    def _changed(self) -> None:
        if self._host is not None:
            self._host.changed()


class SeatRelay(_Linked):
    """One seat of a served table, for a :class:`RelayedTable`: the seat's latest observation and players from
    the server's ``state`` frames, the chat, the count of the last hand (open until Next hand, as at any
    table), and the intents checked against the observation before they go to the server, which checks them
    again and has the last word."""

    def __init__(self, url: str, table: str, name: str | None = None, *, seat: int | None = None,
                 token: str | None = None, code: str | None = None, seats: SeatFile | None = None) -> None:
        self.url = url
        self.code = code
        """The table's join code, for sitting down afresh (a rejoin by token needs none)."""
        self.freed = False
        """Whether the teacher has freed this seat (the view then stops: the seat is someone else's to take)."""
        self.seats = SeatFile() if seats is None else seats
        if name is not None:
            check_name(name, "name")
        if token is None and name is not None:
            token = self.seats.token(url, table, name)
        self._observation: Observation | None = None
        self._players: list[dict[str, Any]] = []
        self._stage: Stage = "play"
        self._history: tuple[HandSummary, ...] = ()
        """The hands over that this view has seen, for the log (a view that comes back starts afresh)."""
        self._waiting: int | None = None
        self._views: dict[str, float] = {}
        """The views of this seat open in a page, by the id each picked, and when each was last heard of."""
        self._shown = True
        """Whether the server was last told a page shows the table (so far as it knows: a seat played from a
        script, which never had a view, is shown by its script)."""
        self._told_id: int | None = None
        self._looking: asyncio.TimerHandle | None = None
        self._closed = False
        self._loop = running_loop()
        self.chat_room = _Room(table)
        self.table, self.name, self.token = table, name, token
        try:
            self.link = self._open(seat)
        except ClassroomError as error:
            if error.kind != "bad_token" or name is None:
                raise
            self.seats.forget(url, table, name)  # a new database, or a seat given up: sit down afresh
            self.token = None
            self.link = self._open(seat)
        joined = self.link.first
        self.seat: int = joined["seat"]
        self.name = joined["name"]
        self.token = joined["token"]
        if self.token is not None:  # none after a rejoin by hub identity, which is the way back itself
            self.seats.keep(url, table, self.name, self.seat, self.token)
        for line in joined.get("chat", []):
            self.chat_room.chat(line)
        for frame in self.link.early:
            self._frame(frame)
        self._coach = Coach(self.seat)

    def _open(self, seat: int | None) -> Link:
        def greeting() -> Frame:
            if self.token is not None:
                return {"type": "join", "table": self.table, "name": self.name, "seat": None, "token": self.token,
                        "here": self._shown}
            return {"type": "join", "table": self.table, "name": self.name, "seat": seat, "token": None,
                    "code": self.code}

        return Link(self.url, greeting, self._frame, running_loop())

    def __repr__(self) -> str:
        return f"<SeatRelay {self.url} table={self.table!r} seat={getattr(self, 'seat', None)} name={self.name!r}>"

    @property
    def observation(self) -> Observation:
        """The seat's latest observation, as the server sent it."""
        if self._observation is None:
            raise ConnectionError(f"no state from {self.url} yet")
        return self._observation

    @property
    def players(self) -> list[dict[str, Any]]:
        """Who sits where, as the server said last (``kind`` human, bot or open)."""
        return list(self._players)

    # ------------------------------------------------------------------ the relay

    def setup(self) -> ServedSetup:
        return {"served": True, "watching": False, "seat": self.seat, "table": self.table, "here_every": HERE_EVERY}

    def view(self, language: str, version: int, *, coach: bool) -> SeatView:
        obs = self.observation
        players = _players(self._players, obs.games_won, self.seat, language)
        table = TableView(players=players, language=language, stage=self._stage, version=version,
                          coach=self._coaching() if coach else None, history=self._history)
        return view_state(obs, table)

    def room(self, language: str) -> Room:
        return self.chat_room.view(language, self.seat, MAX_CHAT)

    def handlers(self, language: str) -> dict[str, Handler]:
        return {"act": lambda c: self._act(c, language), "sena": lambda c: self._sena(c, language),
                "next_hand": self._next_hand, "say": self._say, "rematch": self._rematch, "here": self._here}

    def close(self) -> None:
        self._closed = True
        if self._looking is not None:
            self._looking.cancel()
        super().close()

    # ------------------------------------------------------------------ frames from the server

    def _frame(self, frame: Frame) -> None:
        kind = frame.get("type")
        if kind == "state":
            before = self._observation
            self._observation = Observation.from_dict(frame["observation"])
            self._players = list(frame.get("players", []))
            self._waiting = None
            obs = self._observation
            if before is not None and before.is_over and not obs.is_over:  # a rematch: a new match, a new log
                self._history, self._stage = (), "play"
            self._history = with_hand(self._history, obs.last_hand)
            if (before is not None and obs.last_hand is not None
                    and (before.game_number, before.hand_number) != (obs.game_number, obs.hand_number)):
                self._stage = "count"
        elif kind == "joined":  # joined again after the connection came back
            self.token = frame["token"]
        elif kind == "error":
            if frame.get("id") is not None and frame.get("id") == self._told_id:
                return  # the presence of a seat the teacher has just freed: the freeing says it all
            if frame.get("greeting") and frame.get("kind") == "bad_token":
                self._freed(frame)  # freed while this view was away: its token is void
            else:
                self._refused(frame)
                return
        elif (kind == "table" and frame.get("event") == "freed" and frame.get("seat") == self.seat) or (
                kind == "link" and frame.get("freed")):  # or closed by the server as freed (the event lost)
            self._freed(frame)
        elif not self.chat_room.take(frame):  # "ok": what it changed comes in its own frames
            return
        self._changed()

    def _freed(self, frame: Frame) -> None:
        """The teacher freed this seat: its token is void, so forget it, stop the link (no rejoining with it)
        and say so once, in the room bar (``link`` "freed": the seat was freed, run the cell again to sit down
        afresh), never as a dropped connection being retried."""
        if frame.get("type") == "table":
            self.chat_room.take(frame)
        if self.freed:
            return
        self.freed = True
        if self.name is not None:
            self.seats.forget(self.url, self.table, self.name)
        self.link.close()
        self.chat_room.open = False
        self.chat_room.freed = True

    def _refused(self, frame: Frame) -> None:
        self._waiting = None
        error = str(frame.get("kind", ""))
        if error in ENGINE_ERRORS:
            refusal = RefusalError("ui.error.room.moved_on")
        elif error in ERRORS:
            refusal = RefusalError(ERRORS[error], max=MAX_CHAT)
        else:
            refusal = RefusalError("ui.error.room.refused", kind=short(error))
        if self._host is not None:
            self._host.refuse(refusal)

    # ------------------------------------------------------------------ intents

    def _send(self, kind: str, fields: dict[str, Any]) -> int:
        request_id = self.link.next_id()
        try:
            self.link.send({"type": kind, "id": request_id, **fields})
        except ConnectionError:
            raise RefusalError("ui.error.room.offline") from None
        return request_id

    def _check(self, language: str) -> Check:
        """What this seat knows now (the server's last observation, the count open or not), to check a
        message against before it goes to the server."""
        return Check(self.observation, self._stage, lambda seat: self._name(seat, language), language,
                     over="ui.error.room.over")

    def _act(self, content: dict[str, Any], language: str) -> None:
        action = self._check(language).action(content.get("action"))
        if self._waiting is not None:
            raise RefusalError("ui.error.room.wait")
        self._waiting = self._send("act", {"action": str(action)})
        if self._host is not None:
            self._host.taken()

    def _sena(self, content: dict[str, Any], language: str) -> None:
        sena_id = self._check(language).sena(content.get("sena"))
        self._send("sena", {"sena": sena_id})
        if self._host is not None:
            self._host.taken()

    def _next_hand(self, _content: dict[str, Any]) -> None:
        if self._stage != "count":
            raise RefusalError("ui.error.no_count")
        self._stage = "play"
        if self._host is not None:
            self._host.taken()

    def _rematch(self, _content: dict[str, Any]) -> None:
        """*Play again* once the match is over: the server starts a new match at this table, the same players."""
        if self._observation is None or not self._observation.is_over:
            raise RefusalError("ui.error.room.wait")
        self._send("rematch", {})
        if self._host is not None:
            self._host.taken()

    def _say(self, content: dict[str, Any]) -> None:
        text = content.get("text")
        if not isinstance(text, str) or not text.strip() or len(text.strip()) > MAX_CHAT:
            raise RefusalError("ui.error.room.bad_chat", max=MAX_CHAT)
        self._send("say", {"text": text.strip()})
        if self._host is not None:
            self._host.taken()

    # ------------------------------------------------------------------ presence: is a page showing the table?

    def _here(self, content: dict[str, Any]) -> None:
        """A view's sign of life (``open``: it shows the table) or farewell (the page or the view closing)."""
        view, shown = content.get("view"), content.get("open")
        if not isinstance(view, str) or not 0 < len(view) <= 40 or not isinstance(shown, bool):
            raise RefusalError("ui.error.message", type="here")
        now = time.monotonic()
        if shown:
            self._views[view] = now
        else:
            self._views.pop(view, None)
        self.look(now)

    def look(self, now: float) -> None:
        """Forget the views silent for :data:`VIEW_GONE_AFTER` seconds, and tell the server when the seat went
        from shown to not shown, or back; while views are open, look again now and then."""
        self._views = {view: seen for view, seen in self._views.items() if now - seen <= VIEW_GONE_AFTER}
        shown = bool(self._views)
        if shown != self._shown:
            self._shown = shown
            self._told_id = self.link.next_id()
            with contextlib.suppress(ConnectionError):  # the link is down: its next greeting says it
                self.link.send({"type": "presence", "id": self._told_id, "here": shown})
        if self._views and self._looking is None and self._loop is not None and not self._closed:
            # The kernel's loop may run on another thread than the one that delivers the views' messages (as
            # in ipykernel 7): a timer set from there would not wake it.
            self._loop.call_soon_threadsafe(self._arm)

    def _arm(self) -> None:
        if self._views and self._looking is None and self._loop is not None and not self._closed:
            self._looking = self._loop.call_later(HERE_EVERY, self._look_again)

    def _look_again(self) -> None:
        self._looking = None
        if not self._closed:
            self.look(time.monotonic())

    def _name(self, seat: int, language: str) -> str:
        obs = self.observation
        return _players(self._players, obs.games_won, self.seat, language)[seat].name

    def _coaching(self) -> Advice | None:
        obs = self._observation
        if obs is None or self._stage != "play" or obs.to_move != self.seat or obs.is_over:
            return None
        return self._coach.advice(obs)


class WatchRelay(_Linked):
    """A teacher's face-up view of a served table, for a :class:`RelayedTable`: all four observations from the
    server's ``face_up`` frames, every hand shown, nobody's turn offered, the chat read-only."""

    def __init__(self, url: str, table: str, *, teacher_key: str | None) -> None:
        self.url = url
        self.table = table
        self.chat_room = _Room(table)
        self._face: Frame = {}
        self._hands: tuple[HandSummary, ...] = ()
        """Every hand of the match over so far (the server's list when the watch began, then each new one)."""
        self.link = Link(url, lambda: {"type": "watch", "table": table, "teacher_key": teacher_key}, self._frame,
                         running_loop())
        self._face = self.link.first
        self._hands = tuple(HandSummary.from_dict(hand) for hand in self._face.get("hands", []))
        self._heard_hand(self._face)
        for line in self._face.get("chat", []):
            self.chat_room.chat(line)
        for frame in self.link.early:
            self._frame(frame)

    def __repr__(self) -> str:
        return f"<WatchRelay {self.url} table={self.table!r}>"

    def observations(self) -> list[Observation]:
        """What each seat sees now (together, the table face up)."""
        return [Observation.from_dict(o) for o in self._face["observations"]]

    @property
    def players(self) -> list[dict[str, Any]]:
        return list(self._face.get("players", []))

    def setup(self) -> ServedSetup:
        return {"served": True, "watching": True, "seat": 0, "table": self.table, "here_every": 0.0}

    def view(self, language: str, version: int, *, coach: bool) -> SeatView:
        observations = self.observations()
        first = observations[0]
        players = _players(self.players, first.games_won, None, language)
        hands = tuple(o.hand for o in observations)
        return view_state(first, TableView(players=players, language=language, version=version, reveal=hands,
                                           watch=True, history=self._hands, whole_match=True))

    def _heard_hand(self, face: Frame) -> None:
        """Keep the last hand of a ``face_up`` frame if it is newer than the latest hand kept."""
        data = face["observations"][0].get("last_hand")
        if data is None:
            return
        last = HandSummary.from_dict(data)
        kept = self._hands[-1] if self._hands else None
        if kept is None or (last.game_number, last.hand_number) > (kept.game_number, kept.hand_number):
            self._hands = (*self._hands, last)

    @property
    def hands(self) -> tuple[HandSummary, ...]:
        """Every hand of the match over so far, oldest first: what the view's log draws before the hand on
        the table."""
        return self._hands

    def room(self, language: str) -> Room:
        return self.chat_room.view(language, None, 0)

    def handlers(self, language: str) -> dict[str, Handler]:
        return {}

    def _frame(self, frame: Frame) -> None:
        kind = frame.get("type")
        if kind == "face_up":
            if "hands" in frame:  # watching again after the connection came back: the server's list anew
                self._hands = tuple(HandSummary.from_dict(hand) for hand in frame["hands"])
            if int(frame.get("seq", -1)) >= int(self._face.get("seq", -1)):
                self._face = frame
                self._heard_hand(frame)
        elif not self.chat_room.take(frame):
            return
        self._changed()


class ServedTable(RelayedTable):
    """A seat of a served table in a notebook (what ``mus_widget.MusTable(server=..., table=..., name=...)``
    returns); see :func:`served_table`."""

    _relay: SeatRelay

    @property
    def seat(self) -> int:
        """This student's seat at the table."""
        return self._relay.seat

    @property
    def observation(self) -> Observation:
        """The seat's latest observation, as the server sent it (the server holds the game)."""
        return self._relay.observation

    @property
    def token(self) -> str:
        """The seat's secret: ``MusTable(server=..., table=..., token=...)`` sits you back here (the seat file
        keeps it for you)."""
        return self._relay.token or ""

    def close(self) -> None:
        """Close the view and its connection; the seat stays yours (a bot plays it if you stay away)."""
        relay = getattr(self, "_relay", None)
        if relay is not None and relay.name is not None:
            key = seat_key(relay.url, relay.table, relay.name)
            if OPEN.get(key) is self:
                del OPEN[key]
        super().close()

    def __repr__(self) -> str:
        d = self._relay
        return f"<ServedTable {d.url} table={d.table!r} seat={d.seat} name={d.name!r}>"


class FaceUpTable(RelayedTable):
    """A teacher's face-up, read-only view of a served table (:meth:`Classroom.follow`)."""

    _relay: WatchRelay

    @property
    def hands(self) -> tuple[HandSummary, ...]:
        """Every hand of the match over so far, oldest first (the log draws them all, the earlier games' too)."""
        return self._relay.hands

    def __repr__(self) -> str:
        return f"<FaceUpTable {self._relay.url} table={self._relay.table!r}>"


def served_table(server: str, table: str, name: str | None = None, *, seat: int | None = None,
                 token: str | None = None, code: str | None = None, seats: SeatFile | None = None,
                 **options: Any) -> ServedTable:
    """Sit at ``table`` of the classroom server ``server`` (``ws://…``) as ``name`` and play there with the
    table UI. The first time, a free seat (or ``seat``), with the table's join ``code`` if it has one;
    afterwards, and after a kernel restart, the same seat again, by the token the seat file keeps for
    ``server``, ``table`` and ``name`` (or by ``token``). Options: ``language``, ``tips``, ``coach`` as at any
    table; the rules, the bots and the seed are the table's, set by the teacher. Raises
    :class:`ClassroomError` (``unknown_table``, ``table_full``, ``seat_taken``, ``bad_code``, ``locked``,
    ``name_taken``...) and :class:`ConnectionError` when the server cannot be reached. On a JupyterHub whose
    classroom is ``server`` (:mod:`.hubtoken`), ``name`` may be left out: the student sits under her hub name."""
    unknown = set(options) - {"language", "tips", "coach"}
    if unknown:
        raise TypeError(f"a served table takes language, tips and coach; the rest is the table's: {sorted(unknown)}")
    name = hub_user(server) if name is None and token is None else name  # on a hub: the hub user's own name
    if name is None and token is None:
        raise TypeError("a served table needs the player's name (or the seat's token)")
    if name is not None:
        _close_open(seat_key(server, table, name))
    try:
        relay = SeatRelay(server, table, name, seat=seat, token=token, code=code, seats=seats)
    except ClassroomError as error:  # the student's mistake: one line in the cell, in their language
        raise join_error(error, table=table, name=name, code=code, language=_language(options)) from None
    except ConnectionError:
        raise unreachable(server, _language(options)) from None
    served = ServedTable(relay, **options)
    OPEN[seat_key(server, table, relay.name or "")] = served
    return served


def _language(options: dict[str, Any]) -> str:
    language = options.get("language")
    return language if isinstance(language, str) and language in LANGUAGES else default_language()


OPEN: dict[str, ServedTable] = {}
"""The served table of each seat in this kernel, the latest last: running the cell again closes the one it made
before (its connection would otherwise live on), as does :meth:`ServedTable.close`; quizzes report there."""


def _close_open(key: str) -> None:
    table = OPEN.pop(key, None)
    if table is not None:
        table.close()


__all__ = ["FaceUpTable", "SeatRelay", "ServedTable", "WatchRelay", "served_table"]
