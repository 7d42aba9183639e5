"""Letting bots play: apply their decisions (and señas) to a game until a human is to move."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.phase import Phase
from ..engine.seats import speaking_order
from .base import Bot, Decision


@dataclass(frozen=True, slots=True)
class Turn:
    """One bot turn: who, what it decided, and the state after it."""

    seat: int
    decision: Decision
    game: Game


def bot_turn(game: Game, bot: Bot, clock: Callable[[float], None] | None = None) -> Turn:
    """Let ``bot`` play the seat to move: its seña first (if any), then its action."""
    seat = game.to_move
    assert seat is not None
    start = time.perf_counter()
    decision = bot.decide(game.observe(seat))
    if clock is not None:
        clock(time.perf_counter() - start)
    if decision.sena is not None:
        game = game.sena(seat, decision.sena)
    return Turn(seat, decision, game.apply(decision.action, seat=seat))


def lances_begin(before: Game, after: Game) -> bool:
    """Whether ``after`` is the first moment of a hand's lances (the mus was just cut)."""
    return before.phase is Phase.MUS and after.phase not in (Phase.MUS, Phase.DISCARD, Phase.GAME_OVER) and (
        before.hand_number == after.hand_number and before.game_number == after.game_number
    )


def table_talk(game: Game, bots: Mapping[int, Bot]) -> Game:
    """Let every bot, in speaking order, make the seña it wants to make now."""
    for seat in speaking_order(game.mano):
        bot = bots.get(seat)
        if bot is not None and not game.is_over:
            sena = bot.table_talk(game.observe(seat))
            if sena is not None:
                game = game.sena(seat, sena)
    return game


def hand_ended(before: Game, after: Game) -> bool:
    """Whether a hand ended between ``before`` and ``after`` (a new one was dealt, or the match is over)."""
    return (before.game_number, before.hand_number) != (after.game_number, after.hand_number) or (
        after.is_over and not before.is_over)


def hand_over(game: Game, bots: Mapping[int, Bot]) -> None:
    """Show every bot its seat's view of ``game`` once a hand has ended: the observation carries that hand
    (``last_hand``), which is how bots remember the earlier hands of a game."""
    for seat, bot in bots.items():
        bot.hand_over(game.observe(seat))


def step(game: Game, bots: Mapping[int, Bot], clock: Callable[[float], None] | None = None) -> tuple[Game, Turn]:
    """One bot's turn, then what follows it: the table talk when it cut the mus, and every bot shown the
    end of the hand when it ended one."""
    turn = bot_turn(game, bots[game.to_move or 0], clock)
    after = turn.game
    if lances_begin(game, after):
        after = table_talk(after, bots)
    if hand_ended(game, after):
        hand_over(after, bots)
    return after, turn


def advance(game: Game, bots: Mapping[int, Bot], limit: int = 10_000) -> tuple[Game, list[Turn]]:
    """Play the bots' turns until the match is over or a seat without a bot is to move; when the mus is
    cut, every bot gets its moment of table talk, and when a hand ends every bot is shown it."""
    turns: list[Turn] = []
    while not game.is_over and game.to_move is not None and game.to_move in bots and len(turns) < limit:
        game, turn = step(game, bots)
        turns.append(turn)
    return game, turns
