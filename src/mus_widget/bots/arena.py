"""Bots against bots: ``mus-widget arena --team0 expert --team1 novice --games 2000 --seed 1``.

Plays full games to the target with the two teams swapping seats every game, and prints as its last line
one JSON object with the win rate of team0, its 95 % interval, how long each team's decisions took and how
many faults each team's bots made. A team is a bot's name (``expert``, ``novice``, ``random``, ``ordago``,
``passive``, ``bluffer``, ``caller``), your own bot as ``path/to/mybot.py:MyBot`` (a class made for every seat
of every game, given its seed when it takes a ``seed`` argument), or a program in any language as
``cmd:./mybot`` (started for every seat of every game; it speaks the JSON lines of :mod:`.program`). Every rule
option can be set (``--kings 4 --real-31 --games-per-match 3``...). From Python, :func:`run` does the same and
takes a class too::

    from mus_widget.arena import run
    print(run(MyBot, "novice", games=20))
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, cast

from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import team_of
from . import BOTS, Bot, make_bot
from .guard import TIME_LIMIT, BotFault, GuardedBot, bot_name
from .program import PREFIX, Command, ProgramBot
from .turns import step

Team = str | Callable[..., object]
"""A team: a bot's name, ``"path/to/file.py:Class"``, ``"cmd:program"``, or a class (or any callable) making
your own bot."""


def load_bot_class(spec: str) -> Callable[..., object]:
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
    return cast(Callable[..., object], made)


def takes_seed(made: Callable[..., object]) -> bool:
    """Whether a bot's class (or maker) takes a ``seed`` argument, so that its games replay."""
    try:
        parameters = inspect.signature(made).parameters
    except (TypeError, ValueError):
        return False
    return "seed" in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


def _label(team: Team) -> str:
    return team if isinstance(team, str) else getattr(team, "__name__", repr(team))


class _Maker:
    """Makes a team's bot for one seat of one game."""

    def __init__(self, team: Team, on_fault: Callable[[BotFault], None], time_limit: float | None) -> None:
        self.own: Callable[..., object] | None = None
        self.seeded = False
        if isinstance(team, str):
            if team.startswith(PREFIX):
                command = Command.parse(team)
                self.own = lambda seed: ProgramBot(command, seed, time_limit=time_limit)
            elif team not in BOTS:
                self.own = load_bot_class(team)
            self.name = team
        else:
            self.own = team
        if self.own is not None:
            self.seeded = takes_seed(self.own)
        self.label = _label(team)
        self.on_fault = on_fault
        self.time_limit = time_limit

    def __call__(self, seed: int) -> Bot:
        if self.own is None:
            return make_bot(self.name, seed)
        try:
            inner = self.own(seed=seed) if self.seeded else self.own()
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
    """How long team0's decisions took, in seconds."""
    team1_times: list[float] = field(default_factory=list)
    """How long team1's decisions took."""
    faults: list[int] = field(default_factory=lambda: [0, 0])
    notes: list[str] = field(default_factory=list)
    """The first faults of the teams' own bots, as reported."""
    records: list[dict[str, Any]] | None = None
    """Every game's record, in order, when asked for (``play(..., records=True)``)."""

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.team0_wins += other.team0_wins
        self.hands += other.hands
        self.times += other.times
        self.team1_times += other.team1_times
        self.faults = [self.faults[0] + other.faults[0], self.faults[1] + other.faults[1]]
        self.notes += other.notes[: max(0, NOTES - len(self.notes))]
        if other.records is not None:
            self.records = (self.records or []) + other.records


NOTES = 5
"""How many faults of the teams' own bots a run tells in full."""


def play(team0: Team, team1: Team, seeds: list[int], rules: Rules, first: int = 0, *,
         time_limit: float | None = TIME_LIMIT, records: bool = False,
         progress: Callable[[int], None] | None = None) -> Tally:
    """Play one game per seed; ``first`` is the number of the first game in the whole run, and in every
    other game (the odd numbers) team0's bots take seats 1 and 3. With ``records`` the tally keeps every
    game's record; ``progress`` is told of each game as it ends (with 1)."""
    tally = Tally(records=[] if records else None)

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
        try:
            while not game.is_over:
                seat = game.to_move
                assert seat is not None
                turn = step(game, bots, tally.team1_times.append if sides[seat] else tally.times.append)
                game = turn.game
                hands += turn.ended and not game.is_over
        finally:
            for bot in bots.values():
                close(bot)
        tally.games += 1
        tally.hands += hands + 1
        if tally.records is not None:
            tally.records.append(game.record())
        assert game.winner is not None
        tally.team0_wins += int((game.winner == 0) != swap)
        if progress is not None:
            progress(1)
    return tally


def close(bot: Bot) -> None:
    """End a bot that holds something (a program of its own) once its game is over."""
    inner = bot.inner if isinstance(bot, GuardedBot) else bot
    ending = getattr(inner, "close", None)
    if callable(ending):
        ending()


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
    """Team0's decisions: the median milliseconds."""
    decision_ms_p95: float
    faults: tuple[int, int]
    """The faults of each team's own bots (always 0 for the package's bots)."""
    notes: tuple[str, ...] = ()
    """The first few faults, told in full."""
    records: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)
    """Every game's record, in order, when :func:`run` was asked for them."""
    team1_decision_ms_p50: float = 0.0
    """Team1's decisions, likewise."""
    team1_decision_ms_p95: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.team0_wins / max(self.games, 1)

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.team0_wins, self.games)

    def __str__(self) -> str:
        low, high = self.ci95
        faults = (f"; the teams' own bots made {self.faults[0]} and {self.faults[1]} faults"
                  if any(self.faults) else "")
        return (f"Team 0 ({self.team0}) won {self.team0_wins} of {self.games} games against team 1 ({self.team1}): "
                f"{100 * self.win_rate:.1f} % (95 % interval {100 * low:.1f}–{100 * high:.1f} %){faults}")

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
            "team1_decision_ms_p50": self.team1_decision_ms_p50,
            "team1_decision_ms_p95": self.team1_decision_ms_p95,
            "faults": list(self.faults),
        }


def _job(args: tuple[Team, Team, list[int], Rules, int, float | None, bool]) -> tuple[int, Tally]:
    """Play a task's games in a worker process; the task's first game's number comes back with its tally."""
    team0, team1, seeds, rules, first, time_limit, records = args
    return first, play(team0, team1, seeds, rules, first, time_limit=time_limit, records=records)


def run(team0: Team, team1: Team, games: int = 200, seed: int = 1, *, rules: Rules | None = None,
        target: int = 40, jobs: int = 1, time_limit: float | None = TIME_LIMIT, records: bool = False,
        progress: Callable[[int], None] | None = None, client: Any = None) -> Result:
    """Play ``games`` games between two teams (names, ``"path.py:Class"``, ``"cmd:program"`` or classes), the
    seats swapping every game. ``jobs`` spreads them over processes (teams given as classes play in this one);
    ``client``, a Dask ``distributed.Client``, over its cluster instead (:mod:`.distributed`); with ``records``
    the result keeps every game's record; ``progress`` is told how many games just ended, in whichever process
    (the command line's bar)."""
    for team in (team0, team1):
        _Maker(team, lambda fault: None, time_limit)  # a bad name, file or command is refused here, before any game
    rules = Rules(target=target) if rules is None else rules
    seeds = [seed * 1_000_003 + i for i in range(games)]
    # One game a task, so that each game is counted as it ends; the tallies are added in the games' order.
    tasks = [(team0, team1, [game_seed], rules, i, time_limit, records) for i, game_seed in enumerate(seeds)]
    if client is not None:
        from .distributed import as_they_end
        tally = _gathered(as_they_end(client, _job, tasks), progress)
    elif jobs > 1 and isinstance(team0, str) and isinstance(team1, str) and games > 1:
        with multiprocessing.Pool(jobs) as pool:
            tally = _gathered(pool.imap_unordered(_job, tasks), progress)
    else:
        tally = play(team0, team1, seeds, rules, time_limit=time_limit, records=records, progress=progress)
    ms, team1_ms = ([t * 1000 for t in times] for times in (tally.times, tally.team1_times))
    return Result(
        _label(team0), _label(team1), tally.games, tally.team0_wins, tally.hands,
        _median(ms), round(_percentile(ms, 0.95), 3), (tally.faults[0], tally.faults[1]), tuple(tally.notes),
        tuple(tally.records or ()), _median(team1_ms), round(_percentile(team1_ms, 0.95), 3),
    )


def _gathered(parts: Iterable[tuple[int, Tally]], progress: Callable[[int], None] | None) -> Tally:
    """The tasks' tallies, told to ``progress`` as they end and added in the games' order."""
    done: dict[int, Tally] = {}
    for number, part in parts:
        done[number] = part
        if progress is not None:
            progress(part.games)
    tally = Tally()
    for number in sorted(done):
        tally.add(done[number])
    return tally


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3) if values else 0.0


RULE_HELP: dict[str, str] = {
    "target": "points a game is played to (10 to 100; default 40)",
    "kings": "8 (every 3 a rey, every 2 an as) or 4 (default 8)",
    "real_31": "three 7s and a figure beat every other 31",
    "team_consent": "a first answer to a bet is only a proposal that the partner confirms (default on)",
    "negadas_at_count": "refused bets are scored with the count, not at once",
    "mus_corrido_first_hand": "the first mus question of each game's first hand must be answered mus",
    "games": "games a match is played to: 1, or best of 3 (a vaca), 5, 7 or 9 (default 1)",
}
"""The command line's words for each option of :class:`Rules` (docs/rules.md says what each means)."""


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """An option for every field of :class:`Rules`: numbers as ``--target 30``, flags as ``--real-31`` and
    ``--no-real-31``; the match length as ``--games-per-match`` (the arena's ``--games`` counts the matches)."""
    default = Rules()
    for option in fields(Rules):
        value = getattr(default, option.name)
        flag = "--games-per-match" if option.name == "games" else "--" + option.name.replace("_", "-")
        if isinstance(value, bool):
            parser.add_argument(flag, dest=f"rule_{option.name}", action=argparse.BooleanOptionalAction,
                                default=value, help=RULE_HELP[option.name])
        else:
            parser.add_argument(flag, dest=f"rule_{option.name}", metavar="N", type=int, default=value,
                                help=RULE_HELP[option.name])


def rules_of(args: argparse.Namespace) -> Rules:
    """The :class:`Rules` the command line chose; a :class:`RulesError` (a ValueError) says what is out of range."""
    return Rules(**{option.name: getattr(args, f"rule_{option.name}") for option in fields(Rules)})


DESCRIPTION = f"""\
Bots against bots: mus-widget arena --team0 expert --team1 novice --games 200 --seed 1

Plays whole games (or matches) to the target score, the two teams swapping seats every game. While it plays,
a progress bar on standard error counts the games and says about how long is left. At the end it says on
standard error who won how many games and the 95 % interval of that share, and prints on standard output one
line of JSON: the share team0 won and its 95 % interval, how long each team's decisions took and how many
faults each team's own bots made.

A team is one of the package's bots:
  {', '.join(BOTS)};
your own bot as path/to/mybot.py:MyBot (a class made for every seat of every game, given its seed if it takes a
seed argument); or a program in any language as cmd:./mybot (started for every seat of every game; it reads and
writes JSON lines, see docs/bots.md). Every rule can be set (--kings 4 --real-31 --games-per-match 3 ...)."""
"""What ``mus-widget arena --help`` says first: the module's docstring in plain words."""


def main(argv: list[str] | None = None) -> int:
    """``mus-widget arena``: play the games, show their progress, tell the result in words and as JSON."""
    from ..i18n.progress import Progress, add_quiet

    parser = argparse.ArgumentParser(prog="mus-widget arena", description=DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    teams = f"a bot ({', '.join(BOTS)}), path/to/mybot.py:MyBot or cmd:./mybot"
    parser.add_argument("--team0", required=True, metavar="TEAM", help=teams)
    parser.add_argument("--team1", required=True, metavar="TEAM", help=teams)
    parser.add_argument("--games", type=int, default=200, metavar="N",
                        help="how many games to play, or matches when --games-per-match is more than 1 "
                             "(default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, metavar="N",
                        help="where the deals start: the same seed deals the same games (default %(default)s)")
    add_rules_options(parser)
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="how many processes to share the games between (default %(default)s)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play the games on the Dask cluster of this scheduler (tcp://host:port) instead of "
                             "--jobs processes: the same result for the same seeds (docs/ai.md)")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, metavar="SECONDS",
                        help="seconds your own bot may take per decision (default %(default)s)")
    parser.add_argument("--records", type=Path, metavar="FILE",
                        help="write every game's record to FILE, one JSON object a line (Game.from_record reads one)")
    add_quiet(parser)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    client = None
    if args.scheduler:
        from .distributed import connect
        try:
            client = connect(args.scheduler)
        except ValueError as error:
            parser.error(str(error))
    with Progress(args.games, "arena games", quiet=args.quiet) as bar:
        try:
            result = run(args.team0, args.team1, args.games, args.seed, rules=rules_of(args), jobs=args.jobs,
                         time_limit=args.time_limit, records=args.records is not None, progress=bar.advance,
                         client=client)
        except ValueError as error:
            bar.close()
            parser.error(str(error))
        finally:
            if client is not None:
                client.close()
    elapsed = time.perf_counter() - start
    if args.records is not None:
        args.records.write_text("".join(json.dumps(record) + "\n" for record in result.records), encoding="utf-8")
    for note in result.notes:
        print(f"fault: {note}", file=sys.stderr)
    print(f"{result}; {result.hands} hands in {elapsed:.0f} s", file=sys.stderr)
    print(json.dumps(result.to_dict()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
