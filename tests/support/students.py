"""How the tests' and benchmarks' scripted students choose a move, and a beginner who fears the órdago."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mus_widget.bots import Bot, Manners, NoviceBot, make_bot
from mus_widget.bots.turns import step
from mus_widget.engine.actions import Kind
from mus_widget.engine.game import Game
from mus_widget.engine.observation import Observation
from mus_widget.engine.seats import SEATS, team_of


def careless(legal: Sequence[str], rng: random.Random) -> str:
    """A legal action as a student in a hurry might choose: mostly mus and paso, an órdago now and then."""
    actions = list(legal)
    if "no-mus" in actions and rng.random() < 0.5:
        return "no-mus"
    weights = [0.03 if a == "ordago" else 2.0 if a in ("paso", "mus", "quiero") else 1.0 for a in actions]
    return rng.choices(actions, weights)[0]


class Beginner(NoviceBot):
    """A student who plays the cards like the novice but fears the game: refuses every órdago and makes none (where
    the novice would make one it bets, or takes the bet on the table)."""

    level = "beginner"

    def _wish(self, obs: Observation, grade: int) -> tuple[Kind, float]:
        betting = obs.betting
        assert betting is not None
        if betting.ordago:
            return Kind.NO_QUIERO, 0.0
        wish, chance = super()._wish(obs, grade)
        if wish is Kind.ORDAGO:
            wish = Kind.ENVIDO if betting.bettor_team is None else Kind.QUIERO
        return wish, chance


BEGINNER_SEAT = 0
"""The beginner's seat at :func:`beginner_at_table` (the table's default student seat, South)."""


@dataclass(frozen=True, slots=True)
class BeginnerGame:
    """How one game at a student's table went for the :class:`Beginner`: the hands played, those in which an
    opponent bet an órdago (opening a lance with it or raising to it), and whether the beginner's team won."""

    hands: int
    ordago_hands: int
    won: bool
    endless: bool = False
    """Whether it was stopped unfinished at the limit of actions (bots re-raising a bet for ever)."""


def beginner_at_table(seed: int, level: str, manners: Manners | None, limit: int = 2000) -> BeginnerGame:
    """A game as a ``MusTable`` deals it (``Game.new(seed)``, the default rules) with the :class:`Beginner`
    South and, made as the table makes them, bots of ``level`` keeping ``manners`` in the other seats; stopped
    after ``limit`` actions (experts without manners may re-raise a bet worth the game for ever)."""
    game = Game.new(seed=seed)
    bots: dict[int, Bot] = {seat: make_bot(level, game.seed * 4 + seat, manners) for seat in SEATS
                            if seat != BEGINNER_SEAT}
    bots[BEGINNER_SEAT] = Beginner(game.seed * 4 + BEGINNER_SEAT)
    hands = ordago_hands = 0
    while not game.is_over and len(game.actions) < limit:
        turn = step(game, bots)
        game = turn.game
        if turn.ended:
            last = game.last_hand
            assert last is not None
            hands += 1
            ordago_hands += any(
                e.kind == "call" and e.seat is not None and team_of(e.seat) != team_of(BEGINNER_SEAT)
                and e.action is not None and e.action.kind is Kind.ORDAGO
                for e in last.log
            )
    return BeginnerGame(hands, ordago_hands, game.winner == team_of(BEGINNER_SEAT), not game.is_over)
