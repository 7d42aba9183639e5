"""Bots against bots: ``mus-widget arena --team0 expert --team1 novice --games 2000 --seed 1``.

Plays full games to the target with the two teams swapping seats every game, and prints as its last line
one JSON object with the win rate of team0, its 95 % interval, how long team0's decisions took and how many
faults each team's bots made. A team is a bot's name (``expert``, ``novice``, ``random``, ``ordago``,
``passive``, ``bluffer``, ``caller``) or your own bot as ``path/to/mybot.py:MyBot`` (a class whose
constructor takes no arguments; one is made for every seat of every game). From Python, :func:`run` does
the same and takes a class too::

    from mus_widget.arena import run
    print(run(MyBot, "novice", games=20))
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import team_of
from . import BOTS, Bot, make_bot
from .guard import TIME_LIMIT, BotFault, GuardedBot, bot_name
from .turns import step

Team = str | Callable[[], object]
"""A team: a bot's name, ``"path/to/file.py:Class"``, or a class (or any callable) making your own bot."""


def load_bot_class(spec: str) -> Callable[[], object]:
    """The class named by ``"path/to/file.py:Class"`` (or ``"package.module:Class"``), loaded from its file;
    a ValueError says what is wrong."""
    where, colon, name = spec.rpartition(":")
    if not colon or not where or not name:
        raise ValueError(f"{spec!r} is not a bot: give a name ({', '.join(BOTS)}) or path/to/file.py:Class")
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise ValueError(f"{spec!r}: there is no file {where}")
        module_name = f"mus_widget_own_bot_{abs(hash(str(path.resolve())))}"
        module = sys.modules.get(module_name)
        if module is None:
            found = importlib.util.spec_from_file_location(module_name, path)
            assert found is not None and found.loader is not None
            module = importlib.util.module_from_spec(found)
            sys.modules[module_name] = module
            try:
                found.loader.exec_module(module)
            except Exception as error:
                del sys.modules[module_name]
                raise ValueError(f"{spec!r}: {where} does not run: {type(error).__name__}: {error}") from error
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as error:
            raise ValueError(f"{spec!r}: cannot import {where}: {error}") from error
    made = getattr(module, name, None)
    if made is None or not callable(made):
        raise ValueError(f"{spec!r}: {where} has no class {name}")
    return cast(Callable[[], object], made)


def _label(team: Team) -> str:
    return team if isinstance(team, str) else getattr(team, "__name__", repr(team))


class _Maker:
    """Makes a team's bot for one seat of one game."""

    def __init__(self, team: Team, on_fault: Callable[[BotFault], None], time_limit: float | None) -> None:
        self.own: Callable[[], object] | None = None
        if isinstance(team, str):
            if team not in BOTS:
                self.own = load_bot_class(team)
            self.name = team
        else:
            self.own = team
        self.label = _label(team)
        self.on_fault = on_fault
        self.time_limit = time_limit

    def __call__(self, seed: int) -> Bot:
        if self.own is None:
            return make_bot(self.name, seed)
        try:
            inner = self.own()
        except Exception as error:
            raise ValueError(f"{self.label}() does not make a bot: {type(error).__name__}: {error}") from error
        return GuardedBot(inner, name=bot_name(inner), seed=seed, time_limit=self.time_limit,
                          on_fault=self.on_fault)


@dataclass
class Tally:
    games: int = 0
    team0_wins: int = 0
    hands: int = 0
    times: list[float] = field(default_factory=list)
    faults: list[int] = field(default_factory=lambda: [0, 0])
    notes: list[str] = field(default_factory=list)
    """The first faults of the teams' own bots, as reported."""

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.team0_wins += other.team0_wins
        self.hands += other.hands
        self.times += other.times
        self.faults = [self.faults[0] + other.faults[0], self.faults[1] + other.faults[1]]
        self.notes += other.notes[: max(0, NOTES - len(self.notes))]


NOTES = 5
"""How many faults of the teams' own bots a run tells in full."""


def play(team0: Team, team1: Team, seeds: list[int], rules: Rules, first: int = 0, *,
         time_limit: float | None = TIME_LIMIT) -> Tally:
    """Play one game per seed; ``first`` is the number of the first game in the whole run, and in every
    other game (the odd numbers) team0's bots take seats 1 and 3."""
    tally = Tally()

    def fault_of(team: int) -> Callable[[BotFault], None]:
        def report(fault: BotFault) -> None:
            tally.faults[team] += 1
            if len(tally.notes) < NOTES:
                tally.notes.append(str(fault))
        return report

    makers = (_Maker(team0, fault_of(0), time_limit), _Maker(team1, fault_of(1), time_limit))
    for number, seed in enumerate(seeds, start=first):
        swap = number % 2 == 1
        sides = {seat: (team_of(seat) == 0) == swap for seat in range(4)}  # True: team1's bot sits there
        bots = {seat: makers[int(sides[seat])](seed * 4 + seat) for seat in range(4)}
        game = Game.new(seed=seed, rules=rules)
        hands = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            turn = step(game, bots, None if sides[seat] else tally.times.append)
            game = turn.game
            hands += turn.ended and not game.is_over
        tally.games += 1
        tally.hands += hands + 1
        assert game.winner is not None
        tally.team0_wins += int((game.winner == 0) != swap)
    return tally


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of an arena run: team0's wins and its 95 % interval, and how long its decisions took."""

    team0: str
    team1: str
    games: int
    team0_wins: int
    hands: int
    decision_ms_p50: float
    decision_ms_p95: float
    faults: tuple[int, int]
    """The faults of each team's own bots (always 0 for the package's bots)."""
    notes: tuple[str, ...] = ()
    """The first few faults, told in full."""

    @property
    def win_rate(self) -> float:
        return self.team0_wins / max(self.games, 1)

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.team0_wins, self.games)

    def __str__(self) -> str:
        low, high = self.ci95
        faults = f"; faults {self.faults[0]} and {self.faults[1]}" if any(self.faults) else ""
        return (f"{self.team0} vs {self.team1}: {self.team0_wins} of {self.games} games "
                f"({100 * self.win_rate:.1f} %, 95 % interval {100 * low:.1f}-{100 * high:.1f} %){faults}")

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "team0": self.team0,
            "team1": self.team1,
            "games": self.games,
            "team0_wins": self.team0_wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "hands": self.hands,
            "decision_ms_p50": self.decision_ms_p50,
            "decision_ms_p95": self.decision_ms_p95,
            "faults": list(self.faults),
        }


def _job(args: tuple[Team, Team, list[int], Rules, int, float | None]) -> Tally:
    team0, team1, seeds, rules, first, time_limit = args
    return play(team0, team1, seeds, rules, first, time_limit=time_limit)


def run(team0: Team, team1: Team, games: int = 200, seed: int = 1, *, rules: Rules | None = None,
        target: int = 40, jobs: int = 1, time_limit: float | None = TIME_LIMIT) -> Result:
    """Play ``games`` games between two teams (names, ``"path.py:Class"`` or classes), the seats swapping
    every game. ``jobs`` spreads them over processes (teams given as classes play in this one)."""
    for team in (team0, team1):
        if isinstance(team, str) and team not in BOTS:
            load_bot_class(team)  # a bad name or file is refused here, before any game
    rules = Rules(target=target) if rules is None else rules
    seeds = [seed * 1_000_003 + i for i in range(games)]
    tally = Tally()
    if jobs > 1 and isinstance(team0, str) and isinstance(team1, str) and games > 1:
        size = -(-len(seeds) // jobs)
        chunks = [(team0, team1, seeds[i : i + size], rules, i, time_limit) for i in range(0, len(seeds), size)]
        with multiprocessing.Pool(jobs) as pool:
            for part in pool.map(_job, chunks):
                tally.add(part)
    else:
        tally = play(team0, team1, seeds, rules, time_limit=time_limit)
    ms = [t * 1000 for t in tally.times]
    return Result(
        _label(team0), _label(team1), tally.games, tally.team0_wins, tally.hands,
        round(statistics.median(ms), 3) if ms else 0.0, round(_percentile(ms, 0.95), 3),
        (tally.faults[0], tally.faults[1]), tuple(tally.notes),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mus-widget arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    teams = f"a bot ({', '.join(BOTS)}) or path/to/mybot.py:MyBot"
    parser.add_argument("--team0", required=True, help=teams)
    parser.add_argument("--team1", required=True, help=teams)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread the games over")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT,
                        help="seconds your own bot may take per decision (default %(default)s)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        result = run(args.team0, args.team1, args.games, args.seed, target=args.target, jobs=args.jobs,
                     time_limit=args.time_limit)
    except ValueError as error:
        parser.error(str(error))
    elapsed = time.perf_counter() - start
    for note in result.notes:
        print(f"fault: {note}", file=sys.stderr)
    print(f"{result}; {result.hands} hands, {elapsed:.0f} s", file=sys.stderr)
    print(json.dumps(result.to_dict()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
