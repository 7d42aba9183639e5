"""Letting bots play: apply their decisions (and señas) to a game until a human is to move."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..game import Game
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


def advance(game: Game, bots: Mapping[int, Bot], limit: int = 10_000) -> tuple[Game, list[Turn]]:
    """Play the bots' turns until the match is over or a seat without a bot is to move."""
    turns: list[Turn] = []
    while not game.is_over and game.to_move in bots and len(turns) < limit:
        turn = bot_turn(game, bots[game.to_move])
        turns.append(turn)
        game = turn.game
    return game, turns
