"""A served table as the server holds it: its game, who sits where (players, bots and stand-ins), who watches,
and how a stored move replays. Plain state: what happens at the tables over time is :mod:`.playing`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection

from ..bots import Bot
from ..bots.turns import Move, play, say
from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.log import HandSummary
from ..engine.seats import SEATS, team_of
from .frames import StateWriter
from .protocol import RateLimit

SEAT_JOINS_BURST = 20
SEAT_JOINS_RATE = 1 / 3
"""A seat may be joined 20 times at once, then 20 times a minute (a rejoin storm is refused ``too_many_joins``)."""
SEAT_CONNECTIONS = 4
"""Connections that may play one seat at once (two notebooks and a script of the same student, say)."""


def replay(game: Game, move: Move, told: Mapping[int, Bot]) -> Game:
    """The game after one stored move, as a restarted server replays it (``told``: the bots shown a hand that
    ends); the engine's error if it does not replay."""
    if move.kind == "action":
        return play(game, move.seat, move.text, {}, told=told).game
    if move.kind != "sena":
        raise RecordError(f"a stored move is an 'action' or a 'sena', not {move.kind!r}")
    if move.at != len(game.actions):
        raise RecordError(f"seat {move.seat}'s seña {move.text!r} is stored after action {move.at}, but it was "
                          f"made after action {len(game.actions)}")
    return say(game, move.seat, move.text).game


def chat_line(seat: int | None, name: str, text: str, stamp: float) -> dict[str, Any]:
    """A chat frame: a player's line, or the teacher's (no seat, no name, ``teacher``: true), written at
    ``stamp`` (``time``, seconds since 1970)."""
    line: dict[str, Any] = {"type": "chat", "seat": seat, "name": name, "text": text, "time": round(stamp, 3)}
    if seat is None:
        line["teacher"] = True
    return line


@dataclass(eq=False)
class Player:
    """A human seat: its player's name, the hash of its token, its open connections, and since when it has had
    none (``away`` once a stand-in bot plays it)."""

    name: str
    token_hash: str
    connections: set[ServerConnection] = field(default_factory=set)
    closed: set[ServerConnection] = field(default_factory=set)
    """The connections (of :attr:`connections`) whose kernel says no page shows the table: a student who closed
    the notebook while its kernel lives on is as gone as one whose connection dropped."""
    gone_since: float | None = None
    away: bool = False
    epoch: int = 0
    """Bumped whenever the player comes or goes, so a stale away-timer does nothing."""
    present: bool = False
    """Whether the table was last told the player is connected (``joined`` or ``back``, not ``disconnected``
    since): comings and goings within :data:`~.playing.PRESENCE_GRACE` change nothing the table sees."""
    since: float = field(default_factory=time.monotonic)
    """Since when (``time.monotonic``) the player has been at the table this time (their latest coming back):
    a turn is theirs to answer for only from then on."""
    join_limit: RateLimit = field(default_factory=lambda: RateLimit(rate=SEAT_JOINS_RATE, burst=SEAT_JOINS_BURST))
    chat_limit: RateLimit = field(default_factory=lambda: RateLimit(rate=0.5, burst=4))
    sena_limit: RateLimit = field(default_factory=lambda: RateLimit(rate=1.0, burst=4))

    def here(self) -> bool:
        """Whether a page of the player's shows the table: a connection that has not said its page closed."""
        return len(self.closed) < len(self.connections)

    def leave(self, connection: ServerConnection) -> None:
        """``connection`` closed (or was closed): it plays this seat no more."""
        self.connections.discard(connection)
        self.closed.discard(connection)


@dataclass(eq=False)
class Table:
    """One served table: the game, who sits where, and who watches."""

    name: str
    game: Game
    levels: dict[int, str]
    """The seats given to bots at creation, and their levels."""
    bots: dict[int, Bot]
    """The bots of those seats."""
    standins: dict[int, Bot]
    """For every other seat, the bot that plays it while its player is away. Like the table's own bots, it
    is shown every hand as it ends, from the first, so it plays as a bot that sat there all along would."""
    players: dict[int, Player] = field(default_factory=dict)
    moves: int = 0
    """Moves (actions and señas) stored so far: the ``seq`` of the table's frames."""
    n_actions: int = 0
    chat: list[dict[str, Any]] = field(default_factory=list)
    watchers: set[ServerConnection] = field(default_factory=set)
    fault: str | None = None
    """Why the database failed to store the table's latest move, until a write succeeds again."""
    writer: StateWriter = field(default_factory=StateWriter)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    code_hash: str | None = None
    """The SHA-256 of the table's join code: a student sits down only with the code (None: without one)."""
    locked: tuple[str, ...] | None = None
    """The only names that may sit down (None: any name)."""
    hands: list[HandSummary] = field(default_factory=list)
    """Every hand of the match over so far, oldest first: the whole match's log, face up, for the teacher."""
    paused: bool = False
    """Whether the match waits because every player of a team is away (as the table was last told)."""
    stood_in: bool = False
    """Whether the match waited its longest for a team that is away (``--pause-limit``), so stand-ins play for
    them, until one of them is back."""
    pause_timer: asyncio.TimerHandle | None = None
    """The end of the pause under way, when stand-ins take over (None: no pause under way)."""
    turn_since: float = field(default_factory=time.monotonic)
    """Since when (``time.monotonic``) the seat to move has been to move: the latest action, or the server's
    start."""

    def team_away(self) -> bool:
        """Whether every player of a team is away (a team of bots, or of free seats, has none to be away)."""
        for team in (0, 1):
            people = [player for seat, player in self.players.items() if team_of(seat) == team]
            if people and all(player.away for player in people):
                return True
        return False

    @property
    def told(self) -> dict[int, Bot]:
        """The bots shown every hand as it ends: the table's own and the stand-ins (so bots with a memory of
        the earlier hands learn, as at a local table)."""
        return {**self.bots, **self.standins}

    def standing_in(self, seat: int) -> bool:
        """Whether a stand-in bot plays ``seat`` now (its player is away)."""
        player = self.players.get(seat)
        return seat not in self.bots and player is not None and player.away

    def bot_for(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` now: the table's own, or a stand-in for a player who is away."""
        bot = self.bots.get(seat)
        if bot is None:
            player = self.players.get(seat)
            if player is not None and player.away:
                bot = self.standins[seat]
        return bot

    def seated(self) -> dict[int, Bot]:
        """The bots playing now, by seat (they make the table talk when the mus is cut)."""
        return {seat: bot for seat in SEATS if (bot := self.bot_for(seat)) is not None}

    def audience(self) -> Iterable[ServerConnection]:
        """Every connection at the table: its players' and its watchers'."""
        for player in self.players.values():
            yield from player.connections
        yield from self.watchers

    def players_info(self) -> list[dict[str, Any]]:
        """Who sits at each seat, as the table's clients show it."""
        out: list[dict[str, Any]] = []
        for seat in range(4):
            if seat in self.levels:
                out.append({"seat": seat, "kind": "bot", "level": self.levels[seat]})
            elif seat in self.players:
                p = self.players[seat]
                out.append({"seat": seat, "kind": "human", "name": p.name, "connected": p.present,
                            "away": p.away, "closed": bool(p.connections) and not p.here()})
            else:
                out.append({"seat": seat, "kind": "open"})
        return out

    def face_up(self) -> dict[str, Any]:
        """The table as a watcher first sees it: every seat's observation."""
        return {"type": "face_up", "table": self.name, "seq": self.moves,
                "observations": [self.game.observe(seat).to_dict() for seat in range(4)],
                "players": self.players_info()}

    def summary(self) -> dict[str, Any]:
        """The table as the teacher's list shows it; ``waiting`` is how many seconds the seat to move has been
        to move (None when nobody is)."""
        game = self.game
        now = time.monotonic()
        waiting = None if game.to_move is None else round(now - self.turn_since, 1)
        player = None if game.to_move is None else self.players.get(game.to_move)
        turn_for = None if player is None or waiting is None else round(now - max(self.turn_since, player.since), 1)
        return {
            "table": self.name, "seq": self.moves, "phase": game.phase.value, "to_move": game.to_move,
            "waiting": waiting, "turn_for": turn_for,
            "scores": list(game.scores), "games_won": list(game.games_won), "game_number": game.game_number,
            "hand_number": game.hand_number, "is_over": game.is_over, "winner": game.winner,
            "players": self.players_info(), "paused": self.paused, "code": self.code_hash is not None,
            "locked": None if self.locked is None else list(self.locked),
            **({"storage_failed": self.fault} if self.fault is not None else {}),
        }
