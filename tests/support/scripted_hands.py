"""The scripted hands of the game's tests, and the way to play them: seats by name, moves as a player says them,
the count's rows to compare.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North ("us"), team 1 = East + West ("them").
Every expected count is worked out from RULES.md by hand, in the comments next to the deal.
Default rules: 8 reyes (every 3 is a rey R, every 2 an as A), target 40.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import mus_widget as mw
from mus_widget import Lance, Outcome, Phase

SEAT = {"South": 0, "East": 1, "North": 2, "West": 3}


def play(g: mw.Game, *moves: str) -> mw.Game:
    """Apply moves written 'North: envido 3' (checked to be North's turn), or bare actions for the seat to move."""
    for move in moves:
        who, sep, action = move.partition(": ")
        g = g.apply(action, seat=SEAT[who]) if sep else g.apply(move)
    return g


def everyone_passes(g: mw.Game) -> mw.Game:
    """Every eligible player says paso in the lance being bet now."""
    phase = g.phase
    while g.phase is phase and g.betting is not None:
        g = g.apply("paso")
    return g


def pass_to_the_count(g: mw.Game) -> mw.Game:
    """Cut the mus if it is being asked, then paso in every lance until the hand is counted."""
    game, hand = g.game_number, g.hand_number
    if g.phase is Phase.MUS:
        g = g.apply("no-mus")
    while not g.is_over and (g.game_number, g.hand_number) == (game, hand):
        g = g.apply("paso")
    return g


class Row(NamedTuple):
    """A row of a hand's count as a test writes it down (``why`` is the id of its reason)."""

    lance: Lance
    outcome: Outcome
    stake: int
    bonus: int
    team: int | None
    points: int
    why: str
    counted: bool = True


def rows(g: mw.Game) -> list[Row]:
    """The rows of the last count."""
    return [Row(r.lance, r.outcome, r.stake, r.bonus, r.team, r.points, r.why.id, r.counted) for r in g.last_count]


# The words of the rows, short, so that a count reads as a table.
G, C, P, J, PUNTO = Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.JUEGO, Lance.PUNTO
PASO, ACCEPTED, REJECTED = Outcome.EN_PASO, Outcome.ACCEPTED, Outcome.REJECTED
ONE_TEAM, NOBODY, ORDAGO = Outcome.ONE_TEAM, Outcome.NOBODY, Outcome.ORDAGO
BEST, TIE, NEGADA, ONE, NONE = "why.best_hand", "why.tie_to_mano", "why.negada", "why.one_team", "why.nobody"

# DEAL_A, mano South:
#   South 12o 12c 11o 11c  R R C C: duples (3), total 40: juego (2)
#   East  1o 1c 4o 5o      A A 5 4: par (1), total 11
#   North 7o 7c 6o 10o     S 7 7 6: par (1), total 30
#   West  3o 11e 10c 1e    R C S A: no pares, total 31: juego (3)
# Grande: South (R R C C beats West's R C S A on the 2nd card)        -> team 0
# Chica:  East  (A A 4 5 beats West's A S C R on the 2nd card)         -> team 1
# Pares:  South's duples beat the pares of East and North              -> team 0, values 3 + 1 = 4
# Juego:  West's 31 beats South's 40                                   -> team 1, values 3 + 0 = 3
DEAL_A = ["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"]


def deal_a(mano: int = 0, scores: tuple[int, int] = (0, 0), seed: int = 1, **options: Any) -> mw.Game:
    """DEAL_A dealt with the mano, scores, seed and rule options given."""
    return mw.Game.from_deal(DEAL_A, mano=mano, scores=scores, seed=seed, rules=mw.Rules(**options))


def deal(hands: Sequence[str], scores: tuple[int, int] = (0, 0), **options: Any) -> mw.Game:
    """Any four hands, South's first, dealt with South as the mano."""
    return mw.Game.from_deal(hands, mano=0, scores=scores, seed=1, rules=mw.Rules(**options))
