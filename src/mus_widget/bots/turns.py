"""A turn at the table, and what follows it: one pipeline for every table (the arena's, a notebook's, the
classroom server's). A seat's action (a bot's decision with its seña, or a player's action) is applied, the
bots make their table talk when it cut the mus, and every bot is shown the end of a hand when it ended one;
the :class:`Turn` holds the moves that produced (each action and seña with its seat), to store or to send.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.phase import Phase
from ..engine.seats import speaking_order
from ..engine.senas import sena as find_sena
from .base import Bot, Decision

Clock = Callable[[float], None]
"""Told the seconds a bot took to decide."""


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted move: an action (canonical notation) or a seña (its id), by ``seat``; ``at`` is the number
    of actions of the match before it."""

    kind: str
    """``action`` or ``sena``."""
    seat: int
    text: str
    at: int


@dataclass(frozen=True, slots=True)
class Turn:
    """One seat's turn and what followed it: the ``moves`` it made (its seña, its action, then the table talk
    if it cut the mus), the ``game`` after them, the bot's ``decision`` (None for a player's move), whether
    the mus was just ``cut`` and whether a hand ``ended`` (the bots were shown it)."""

    seat: int
    decision: Decision | None
    game: Game
    moves: tuple[Move, ...]
    cut: bool = False
    ended: bool = False

    @property
    def actions(self) -> int:
        """How many of the moves are actions."""
        return sum(move.kind == "action" for move in self.moves)


def lances_begin(before: Game, after: Game) -> bool:
    """Whether ``after`` is the first moment of a hand's lances (the mus was just cut)."""
    return before.phase is Phase.MUS and after.phase not in (Phase.MUS, Phase.DISCARD, Phase.GAME_OVER) and (
        before.hand_number == after.hand_number and before.game_number == after.game_number
    )


def hand_ended(before: Game, after: Game) -> bool:
    """Whether a hand ended between ``before`` and ``after`` (a new one was dealt, or the match is over)."""
    return (before.game_number, before.hand_number) != (after.game_number, after.hand_number) or (
        after.is_over and not before.is_over)


def hand_over(game: Game, bots: Mapping[int, Bot]) -> None:
    """Show every bot its seat's view of ``game`` once a hand has ended: the observation carries that hand
    (``last_hand``), which is how bots remember the earlier hands of a game."""
    for seat, bot in bots.items():
        bot.hand_over(game.observe(seat))


def talk(game: Game, bots: Mapping[int, Bot], at: int) -> tuple[Game, list[Move]]:
    """Every bot, in speaking order, makes the seña it wants to make now: the game after, and those señas."""
    said: list[Move] = []
    for seat in speaking_order(game.mano):
        bot = bots.get(seat)
        if bot is not None and not game.is_over:
            sena = bot.table_talk(game.observe(seat))
            if sena is not None:
                game = game.sena(seat, sena)
                said.append(Move("sena", seat, find_sena(sena).id, at))
    return game, said


def table_talk(game: Game, bots: Mapping[int, Bot]) -> Game:
    """The game after every bot, in speaking order, made the seña it wants to make now."""
    return talk(game, bots, len(game.actions))[0]


def play(game: Game, seat: int, move: Decision | Action | str, bots: Mapping[int, Bot], *,
         told: Mapping[int, Bot] | None = None, at: int | None = None) -> Turn:
    """``seat`` plays ``move`` (a bot's decision: its seña first, if any, then its action; or an action);
    then, when it cut the mus, ``bots`` make their table talk, and when it ended a hand, the bots ``told``
    (by default ``bots``) are shown it. ``at`` is the number of actions before (by default the game's).
    Raises the engine's errors for an illegal move, before anything is shown to a bot."""
    at = len(game.actions) if at is None else at
    moves: list[Move] = []
    after = game
    decision = move if isinstance(move, Decision) else None
    action = move.action if isinstance(move, Decision) else move
    if decision is not None and decision.sena is not None:
        after = after.sena(seat, decision.sena)
        moves.append(Move("sena", seat, find_sena(decision.sena).id, at))
    after = after.apply(action, seat=seat)
    moves.append(Move("action", seat, str(action if isinstance(action, Action) else Action.parse(action)), at))
    cut = lances_begin(game, after)
    if cut:
        after, said = talk(after, bots, at + 1)
        moves += said
    ended = hand_ended(game, after)
    if ended:
        hand_over(after, bots if told is None else told)
    return Turn(seat, decision, after, tuple(moves), cut, ended)


def say(game: Game, seat: int, sena_id: str, *, at: int | None = None) -> Turn:
    """``seat`` makes the seña ``sena_id`` (table talk: no turn is taken, nothing follows)."""
    at = len(game.actions) if at is None else at
    return Turn(seat, None, game.sena(seat, sena_id), (Move("sena", seat, find_sena(sena_id).id, at),))


def decide(game: Game, bot: Bot, clock: Clock | None = None) -> Decision:
    """What ``bot`` decides at the seat to move, from that seat's observation; ``clock`` is told how long it
    took."""
    seat = game.to_move
    assert seat is not None
    start = time.perf_counter()
    decision = bot.decide(game.observe(seat))
    if clock is not None:
        clock(time.perf_counter() - start)
    return decision


def bot_turn(game: Game, bot: Bot, clock: Clock | None = None) -> Turn:
    """Let ``bot`` play the seat to move, its seña first (if any), then its action; nothing follows (no other
    bot at the table)."""
    return play(game, game.to_move or 0, decide(game, bot, clock), {})


def step(game: Game, bots: Mapping[int, Bot], clock: Clock | None = None) -> Turn:
    """The turn of the bot to move, then what follows it: the table talk when it cut the mus, and every bot
    shown the end of the hand when it ended one."""
    return play(game, game.to_move or 0, decide(game, bots[game.to_move or 0], clock), bots)


def advance(game: Game, bots: Mapping[int, Bot], limit: int = 10_000) -> tuple[Game, list[Turn]]:
    """Play the bots' turns until the match is over or a seat without a bot is to move; when the mus is
    cut, every bot gets its moment of table talk, and when a hand ends every bot is shown it."""
    turns: list[Turn] = []
    while not game.is_over and game.to_move is not None and game.to_move in bots and len(turns) < limit:
        turn = step(game, bots)
        game = turn.game
        turns.append(turn)
    return game, turns


__all__ = ["Clock", "Move", "Turn", "advance", "bot_turn", "decide", "hand_ended", "hand_over", "lances_begin",
           "play", "say", "step", "table_talk", "talk"]
