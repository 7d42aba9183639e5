"""Whole matches between bots, played one turn at a time so that the tests of the bots can look at every
decision in the state it was taken in, and the seats, levels and rule variants they are played with.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from mus_widget import Action, Game, Kind, Observation, Phase, Rules
from mus_widget.bots import Decision, make_bot
from mus_widget.bots.turns import Turn, advance
from mus_widget.engine.log import Event

SOUTH, EAST, NORTH, WEST = 0, 1, 2, 3
SEAT = {"South": SOUTH, "East": EAST, "North": NORTH, "West": WEST}
BOT_LEVELS = ("random", "novice", "expert")

VARIANTS = {
    "default": Rules(),
    "to 30": Rules(target=30),
    "4 reyes": Rules(kings=4),
    "real 31": Rules(real_31=True),
    "answers alone": Rules(team_consent=False),
    "negadas at the count": Rules(negadas_at_count=True),
    "mus corrido": Rules(mus_corrido_first_hand=True),
    "a vaca of 3 games": Rules(games=3),
}

# Who sits where, game after game: the levels mixed within and across the teams.
QUICK_TABLES = (
    ("novice", "random", "random", "novice"),
    ("random", "novice", "novice", "random"),
    ("novice", "novice", "novice", "random"),
    ("random", "random", "random", "novice"),
    ("novice", "random", "novice", "random"),
)
QUICK_GAMES_PER_VARIANT = 20
EXPERT_TABLES = (
    ("expert", "novice", "random", "expert"),
    ("novice", "expert", "expert", "random"),
)


# ----------------------------------------------------------------------------------------------- playing


@dataclass(frozen=True)
class Step:
    """One bot turn as :func:`advance` plays it: the state the bot decided in, its turn, and the public
    events that step added (the action's, and the table talk when the mus was cut), each with the state
    whose hands were held when it happened."""

    before: Game
    turn: Turn
    events: tuple[tuple[Game, tuple[int, int], Event], ...]

    @property
    def obs(self) -> Observation:
        return self.before.observe(self.turn.seat)

    @property
    def decision(self) -> Decision:
        return decided(self.turn)


@dataclass(frozen=True)
class Match:
    variant: str
    levels: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]
    end: Game

    def level(self, seat: int) -> str:
        return self.levels[seat]

    @property
    def hands_played(self) -> set[tuple[int, int]]:
        return {(s.before.game_number, s.before.hand_number) for s in self.steps}


def where(game: Game) -> tuple[int, int]:
    """(game number, hand number): which hand of the match a state is in."""
    return game.game_number, game.hand_number


def new_events(before: Game, after: Game) -> tuple[tuple[Game, tuple[int, int], Event], ...]:
    """The events ``after`` added to ``before``'s log, each with the state holding the hands of that moment.

    Señas are made before a bot's action or right after the mus is cut, and neither a seña nor a no-mus
    changes a hand, so ``before`` holds the hands of every event of the hand it was in."""
    if where(before) == where(after):
        assert after.log[: len(before.log)] == before.log, "the log of a hand only grows"
        return tuple((before, where(before), e) for e in after.log[len(before.log) :])
    old = after.last_hand
    assert old is not None and (old.game_number, old.hand_number) == where(before)
    assert old.log[: len(before.log)] == before.log
    return tuple((before, where(before), e) for e in old.log[len(before.log) :]) + tuple(
        (after, where(after), e) for e in after.log
    )


def play_match(variant: str, levels: tuple[str, ...], seed: int) -> Match:
    """A whole match between bots, played by :func:`advance` one turn at a time so that every decision can be
    looked at in the state it was taken in (``advance`` plays the same way in one call)."""
    bots = {seat: make_bot(level, seed * 4 + seat) for seat, level in enumerate(levels)}
    game = Game.new(seed=seed, rules=VARIANTS[variant])
    steps = []
    while not game.is_over:
        before = game
        game, turns = advance(game, bots, limit=1)
        assert len(turns) == 1, f"advance made {len(turns)} turns with a limit of 1"
        steps.append(Step(before, turns[0], new_events(before, game)))
        assert len(steps) < 5000, "the match never ends"
    return Match(variant, levels, seed, tuple(steps), game)


@functools.cache
def quick_matches(variant: str) -> tuple[Match, ...]:
    """Random and novice bots, many matches of one variant."""
    base = 1000 * list(VARIANTS).index(variant)
    return tuple(
        play_match(variant, QUICK_TABLES[i % len(QUICK_TABLES)], base + i) for i in range(QUICK_GAMES_PER_VARIANT)
    )


@functools.cache
def expert_matches() -> tuple[Match, ...]:
    """One match per variant with two experts at the table (a few hundred expert decisions in all)."""
    return tuple(
        play_match(variant, EXPERT_TABLES[i % len(EXPERT_TABLES)], 7 + i) for i, variant in enumerate(VARIANTS)
    )


def all_matches() -> Iterator[Match]:
    for variant in VARIANTS:
        yield from quick_matches(variant)
    yield from expert_matches()


def assert_legal(obs: Observation, action: str) -> None:
    """``action`` is a canonical action that the rules allow ``obs.seat`` now."""
    act = Action.parse(action)
    assert str(act) == action, f"{action!r} is not in canonical notation ({act})"
    assert obs.to_move == obs.seat and obs.legal_actions, f"seat {obs.seat} decided out of turn"
    if obs.betting is not None:
        assert obs.betting.legal().allows(act), f"{action!r} is not legal now: {obs.betting.legal().describe()}"
    elif obs.phase is Phase.DISCARD:
        assert act.kind is Kind.DISCARD, f"{action!r} at the discard"
        assert set(act.cards) <= set(obs.hand.cards), f"{action!r} throws cards that are not in {obs.hand}"
    else:
        assert obs.phase is Phase.MUS, obs.phase
        assert action in obs.legal_actions, f"{action!r} is not among {obs.legal_actions}"


def lance_calls(match: Match, seat: int) -> list[tuple[Observation, str]]:
    """Every call ``seat`` made in the lances of a match, with what it saw."""
    return [(step.obs, step.decision.action) for step in match.steps
            if step.turn.seat == seat and step.obs.betting is not None]


def style_match(style: str, seed: int) -> Match:
    """The style at East and West against two novices, a whole match."""
    return play_match("default", ("novice", style, "novice", style), seed)


def decided(turn: Turn) -> Decision:
    """The decision of a bot's turn (a turn of :func:`advance` is always a bot's)."""
    assert turn.decision is not None, f"seat {turn.seat}'s turn was a player's move, not a bot's"
    return turn.decision

