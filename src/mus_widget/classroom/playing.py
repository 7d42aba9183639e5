"""The play at the served tables: each table's bots thinking in a worker process, every move committed (stored)
before anyone hears of it, and the players' comings and goings (a lost connection told after a grace, a stand-in
bot for a player away, the match paused while a whole team is away)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from websockets.asyncio.server import ServerConnection

from ..bots import Bot, Decision
from ..bots.turns import Turn, hand_over, play
from ..engine.errors import MusError
from ..engine.observation import Observation
from .connections import Connections, Session
from .persistence import Persistence
from .protocol import ClassroomError, find_name, required_text
from .storage import LeaseLostError, StorageFailedError
from .tables import Player, Table, replay

log = logging.getLogger("mus_widget.classroom")

STANDIN_PACE = 3.0
"""Seconds a stand-in's turn lasts at least, by default (``--standin-pace``): the rest of a match played for a
student who is away goes at a person's pace, never in a blink."""
PAUSE_LIMIT = 120.0
"""Seconds a match waits at most, by default (``--pause-limit``), for a team whose every player is away: then
stand-ins play for them (a student whose partner is a bot went home; the other team plays on), until one of
them is back."""
RETRY_FIRST = 0.25
RETRY_MOST = 8.0
"""Seconds a table's bots wait before they try again a move the database failed to store: doubling from the
first to the most; any write that succeeds meanwhile (a student's move, anywhere) wakes them at once."""
PRESENCE_GRACE = 5.0
"""Seconds a seat's last connection may be gone before the table hears that its player lost the connection:
a player back within them (a reconnection, a storm of them) makes no line in the chat and no redraw. Longer
than a seat's joins are apart once its burst is spent, so a storm held to that pace stays silent too."""


def _watch_parent(parent: int) -> None:
    """In a bot worker: exit as soon as the server that started it is gone (even killed with SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="mus-bot-parent", daemon=True).start()


def decide(bot: bytes, observation: Observation) -> Decision:
    """A bot's decision, made in a worker process on a copy of the bot (its seed and its memory of the earlier
    hands, which the server keeps), so its thinking never holds the event loop's interpreter lock. The copy is
    pickled on the event loop (``pickle.dumps(bot)``), not later by the pool's feeder thread, so it is the bot
    of this moment even if the table moves on before it is sent."""
    thinker: Bot = pickle.loads(bot)
    return thinker.decide(observation)


class Playing:
    """The served tables, by name, and what happens at them between requests."""

    def __init__(self, connections: Connections, persistence: Persistence, *, away_after: float, standin: str,
                 standin_pace: float, bot_workers: int, pause_limit: float = PAUSE_LIMIT) -> None:
        """``away_after``: the seconds a player may be gone before ``standin`` (a bot level) plays their seat,
        each turn lasting ``standin_pace`` seconds at least; ``pause_limit``: the seconds a match waits at most
        for a team whose every player is away, before stand-ins play for them too; ``bot_workers``: the
        processes the bots think in."""
        self.connections = connections
        self.persistence = persistence
        self.away_after = away_after
        self.pause_limit = pause_limit
        self.standin = standin
        self.standin_pace = standin_pace
        self.tables: dict[str, Table] = {}
        self.pool = ProcessPoolExecutor(max_workers=bot_workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_watch_parent, initargs=(os.getpid(),))
        self.tasks: set[asyncio.Task[None]] = set()
        self.loops: dict[str, asyncio.Task[None]] = {}
        """Each served table's bot loop, by name."""
        self.finder: Callable[[str], Table | None] | None = None
        """Where a table this process does not serve is looked for (:meth:`.leases.Leases.find`, on a database
        several processes share): the table, served here from now on; None if there is none."""

    def table(self, frame: dict[str, Any]) -> Table:
        """The served table the frame names (``table``); ``unknown_table`` if there is none, or it is set aside."""
        name = required_text(frame, "table")
        table = self.tables.get(name)
        if table is None:
            found, close = find_name(name, [*self.tables, *self.persistence.set_aside])
            set_aside = self.persistence.set_aside
            if found in set_aside:
                raise ClassroomError("unknown_table", f"table {found!r} is set aside, its stored rows do not "
                                                      f"replay: {set_aside[found]}")
            if found is not None:
                return self.tables[found]
            if self.finder is not None and (table := self.finder(name)) is not None:
                return table
            raise ClassroomError("unknown_table", f"there is no table {name!r}"
                                 + (f"; did you mean {close!r}?" if close else ""), suggestion=close)
        return table

    def open(self, table: Table) -> None:
        """Serve ``table``: list it and start its bots."""
        self.tables[table.name] = table
        task = asyncio.get_running_loop().create_task(self._bot_loop(table))
        self.tasks.add(task)
        self.loops[table.name] = task
        task.add_done_callback(self._bot_loop_ended)
        table.wake.set()

    def retire(self, table: Table) -> None:
        """Serve ``table`` no more (archived): out of the list, its bots stopped."""
        if self.tables.get(table.name) is table:
            del self.tables[table.name]
        if table.pause_timer is not None:
            table.pause_timer.cancel()
            table.pause_timer = None
        task = self.loops.pop(table.name, None)
        if task is not None:
            task.cancel()

    def _bot_loop_ended(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's bot loop stopped", exc_info=task.exception())

    async def close(self) -> None:
        """Stop every table's bots and the worker processes."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ moves

    def commit(self, table: Table, turn: Turn) -> None:
        """Replay the turn's moves as a restart would, store them (committed), then make that game the table's
        state, show the bots the hand if it ended, and tell everyone. The turn is made with ``told={}``: if the
        moves do not replay or the write fails, nothing has changed, the bots' memory included."""
        game = table.game
        for move in turn.moves:
            game = replay(game, move, {})
        standins = frozenset(i for i, move in enumerate(turn.moves) if table.standing_in(move.seat))
        self.persistence.stored(table, self.persistence.storage.add_moves, table.name, table.moves,
                                list(turn.moves), standins)
        table.game = game
        table.moves += len(turn.moves)
        table.n_actions += turn.actions
        if turn.actions:
            table.turn_since = time.monotonic()
        if turn.ended:
            hand_over(game, table.told)
            if game.last_hand is not None:
                table.hands.append(game.last_hand)
        self.connections.publish(table)

    async def _bot_loop(self, table: Table) -> None:
        """Play the table's bot turns whenever woken, one decision at a time in the worker process."""
        loop = asyncio.get_running_loop()
        retry: float | None = None
        while True:
            if retry is None:
                await table.wake.wait()
            else:  # the last write failed: try again after a while, or at once when a write succeeds
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(table.wake.wait(), retry)
            table.wake.clear()
            while not table.paused:
                game = table.game
                seat = game.to_move
                bot = None if seat is None else table.bot_for(seat)
                if bot is None or seat is None:
                    break
                try:
                    decision = await loop.run_in_executor(self.pool, decide, pickle.dumps(bot), game.observe(seat))
                except Exception:
                    log.exception("the bot of seat %s at table %r failed", seat, table.name)
                    break
                if table.standing_in(seat):  # at a person's pace, from the moment the turn came
                    await asyncio.sleep(table.turn_since + self.standin_pace - time.monotonic())
                async with table.lock:
                    now = table.game
                    if table.paused:
                        break
                    if now.to_move != seat or table.bot_for(seat) is not bot:
                        continue
                    try:
                        turn = play(now, seat, decision, table.seated(), told={}, at=table.n_actions)
                    except MusError:
                        continue  # the table moved on (a seña came in) in a way the decision did not see
                    try:
                        self.commit(table, turn)
                    except StorageFailedError:
                        retry = RETRY_FIRST if retry is None else min(RETRY_MOST, retry * 2)
                        break
                    except LeaseLostError:  # another process serves the table now (this one retired it)
                        return
                    except MusError as error:  # a bot's move that would not replay is not stored: a bug
                        log.error("the move of the bot of seat %s at table %r does not replay, so it was not "
                                  "stored: %s", seat, table.name, error)
                        break
                    retry = None

    # ------------------------------------------------------------------ comings and goings

    def schedule_away(self, table: Table, seat: int) -> None:
        """Have a stand-in play ``seat`` if its player is still gone after :attr:`away_after` seconds."""
        player = table.players[seat]
        asyncio.get_running_loop().call_later(self.away_after, self._away, table, seat, player, player.epoch)

    def _still_gone(self, table: Table, seat: int, player: Player, epoch: int) -> bool:
        """Whether ``player`` still holds ``seat`` (the teacher may have freed it) and has not come back since
        ``epoch``."""
        return table.players.get(seat) is player and player.epoch == epoch and not player.here()

    def _away(self, table: Table, seat: int, player: Player, epoch: int) -> None:
        if not self._still_gone(table, seat, player, epoch) or player.away:
            return  # back, or gone for good (the teacher freed the seat)
        self._gone(table, seat, player, epoch)
        player.away = True
        self.connections.announce(table, {"type": "table", "event": "away", "seat": seat, "name": player.name,
                                          "level": self.standin})
        self.connections.publish(table)
        self.pause_or_resume(table)
        table.wake.set()

    def pause_or_resume(self, table: Table) -> None:
        """Pause the match when every player of a team is away (no bot nor stand-in plays on: the match waits
        for them, :attr:`pause_limit` seconds at most), and resume it when one of them is back (or their seats
        are freed); the table hears which."""
        if not table.team_away():
            table.stood_in = False  # a player of the team is back: the next pause waits its whole limit again
        paused = table.team_away() and not table.stood_in
        self._time_pause(table, paused)
        if paused == table.paused:
            return
        table.paused = paused
        self.connections.announce(table, {"type": "table", "event": "paused" if paused else "resumed"})
        if not paused:
            table.wake.set()

    def _time_pause(self, table: Table, paused: bool) -> None:
        """Start the clock of a pause as it begins (stand-ins after :attr:`pause_limit` seconds), and stop it
        when the match goes on before."""
        if paused and table.pause_timer is None:
            table.pause_timer = asyncio.get_running_loop().call_later(self.pause_limit, self._pause_over, table)
        elif not paused and table.pause_timer is not None:
            table.pause_timer.cancel()
            table.pause_timer = None

    def _pause_over(self, table: Table) -> None:
        """The match has waited :attr:`pause_limit` seconds for a team that is still away: stand-ins play for
        them (as for a player away while a partner is there) until one of them is back, and the table hears
        ``standins``, naming whom they play for."""
        table.pause_timer = None
        if not table.paused or self.tables.get(table.name) is not table:
            return
        table.stood_in, table.paused = True, False
        seats = sorted(seat for seat, player in table.players.items() if player.away)
        self.connections.announce(table, {"type": "table", "event": "standins", "seats": seats,
                                          "names": [table.players[seat].name for seat in seats],
                                          "waited": self.pause_limit})
        table.wake.set()

    def leave(self, session: Session) -> None:
        """A connection closed: it watches no more, and a seat left with no connection is gone (told after
        :data:`PRESENCE_GRACE`, a stand-in after :attr:`away_after`)."""
        table, seat = session.table, session.seat
        if table is None:
            return
        table.watchers.discard(session.connection)
        player = session.player()
        if seat is None or player is None:
            return
        was_here = player.here()
        player.leave(session.connection)
        if was_here and not player.here():
            self.went(table, seat, player)

    def presence(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        """A seat's kernel says whether a page shows its table (``presence``, ``here``): a page closed while the
        kernel lives on counts as the connection gone (told after :data:`PRESENCE_GRACE`, a stand-in after
        :attr:`away_after`), a page open again as the player back."""
        table, seat, player = session.table, session.seat, session.player()
        here = frame.get("here")
        if not isinstance(here, bool):
            raise ClassroomError("bad_frame", "a 'presence' frame needs 'here', true or false")
        if table is None or seat is None or player is None:
            raise ClassroomError("not_joined", "join a seat before a 'presence' frame")
        connection = session.connection
        if here and connection in player.closed:
            self.arrive(table, seat, player, connection, "back")
        elif not here and connection not in player.closed:
            was_here = player.here()
            player.closed.add(connection)
            if was_here and not player.here():
                self.went(table, seat, player)
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}

    def arrive(self, table: Table, seat: int, player: Player, connection: ServerConnection, event: str) -> None:
        """``connection`` shows the player's seat now (a join, a rejoin, a page open again): a turn waiting for
        a player who was gone starts now, a stand-in stops, and the table hears ``event`` unless it never heard
        the player go."""
        told = player.present and not player.away
        if not player.here():
            player.since = time.monotonic()
        player.connections.add(connection)
        player.closed.discard(connection)
        player.gone_since, player.away, player.present = None, False, True
        player.epoch += 1
        if told:  # the table never heard the player go: nothing to tell it, nothing to redraw
            self.connections.publish_to(table, seat, connection)
        else:
            self.connections.announce(table, {"type": "table", "event": event, "seat": seat, "name": player.name})
            self.pause_or_resume(table)
            self.connections.publish(table)

    def went(self, table: Table, seat: int, player: Player) -> None:
        """No page of the player's shows the seat any more: told after :data:`PRESENCE_GRACE`, a stand-in after
        :attr:`away_after`, unless they are back before."""
        player.gone_since = time.monotonic()
        player.epoch += 1
        self.schedule_away(table, seat)
        asyncio.get_running_loop().call_later(PRESENCE_GRACE, self._gone, table, seat, player, player.epoch)

    def _gone(self, table: Table, seat: int, player: Player, epoch: int) -> None:
        """Tell the table a player lost the connection, if they still hold the seat and are still gone since
        ``epoch``."""
        if not self._still_gone(table, seat, player, epoch) or not player.present:
            return
        player.present = False
        event = "closed" if player.connections else "disconnected"  # a page closed, or the connection lost
        self.connections.announce(table, {"type": "table", "event": event, "seat": seat, "name": player.name})
