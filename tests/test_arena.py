"""The arena pits bots against each other: one JSON line of results, Wilson intervals, the teams' seats
swapped every game.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from mus_widget import Game, Observation, Rules
from mus_widget.bots import Bot, Decision, arena, make_bot
from mus_widget.bots.turns import advance
from support.matches import EAST, NORTH, SOUTH, WEST
from support.terminal import run_at_terminal

ARENA = [sys.executable, "-m", "mus_widget.arena", "--team0", "novice", "--team1", "random", "--games", "4",
         "--target", "10", "--seed", "3"]
"""A short arena run: four games to 10 points."""
WORDS = re.compile(r"^Team 0 \(novice\) won (\d) of 4 games against team 1 \(random\): (\d+\.\d) % "
                   r"\(95 % interval (\d+\.\d)–(\d+\.\d) %\); \d+ hands in \d+ s$", re.M)
"""The arena's result in words, on standard error."""
BAR = re.compile(r"arena games: (\d) of 4 \|[^|\r]*\| \d\d:\d\d so far, about (?:\d\d:\d\d|\?) left")

# -------------------------------------------------------------------------------- 5. the arena


@pytest.mark.slow
def test_the_arena_prints_one_json_line_of_results_last() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mus_widget.arena", "--team0", "novice", "--team1", "random", "--games", "6",
         "--seed", "3"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert set(result) == {"team0", "team1", "games", "team0_wins", "win_rate", "ci95", "hands",
                           "decision_ms_p50", "decision_ms_p95", "team1_decision_ms_p50", "team1_decision_ms_p95",
                           "faults"}
    assert result["faults"] == [0, 0], "the package's bots make no faults"
    assert (result["team0"], result["team1"], result["games"]) == ("novice", "random", 6)
    assert 0 <= result["team0_wins"] <= 6
    assert result["win_rate"] == pytest.approx(result["team0_wins"] / 6, abs=1e-4)
    low, high = result["ci95"]
    assert 0 <= low <= result["win_rate"] <= high <= 1
    assert [low, high] == pytest.approx(list(arena.wilson(result["team0_wins"], 6)), abs=1e-4)
    assert result["hands"] >= 6
    assert 0 < result["decision_ms_p50"] <= result["decision_ms_p95"]
    # Spread over two processes, the same games give the same results.
    spread = subprocess.run([*run.args, "--jobs", "2"], capture_output=True, text=True, timeout=120, check=True)
    again = json.loads(spread.stdout.strip().splitlines()[-1])
    timing = ("decision_ms_p50", "decision_ms_p95", "team1_decision_ms_p50", "team1_decision_ms_p95")
    assert {k: v for k, v in again.items() if k not in timing} == {k: v for k, v in result.items() if k not in timing}


@pytest.mark.parametrize(
    "wins, n, low, high",
    [
        # p = 0: centre = half = (z²/2n) / (1 + z²/n) = 0.19208 / 1.38416
        (0, 10, 0.0, 0.27753),
        (10, 10, 0.72247, 1.0),
        # p = 1/2: half = 1.96 √(0.0025 + 3.8416/40000) / 1.038416 = 0.09617
        (50, 100, 0.40383, 0.59617),
        (0, 0, 0.0, 1.0),
    ],
)
def test_wilson_interval_known_values(wins: int, n: int, low: float, high: float) -> None:
    assert arena.wilson(wins, n) == pytest.approx((low, high), abs=5e-5)


class Spy(Bot):
    """A bot that plays like another and writes down the seats it played for."""

    def __init__(self, inner: Bot, level: str) -> None:
        super().__init__(inner.seed)
        self.inner, self.level = inner, level
        self.seats: set[int] = set()
        self.decisions = 0

    def decide(self, obs: Observation) -> Decision:
        self.seats.add(obs.seat)
        self.decisions += 1
        return self.inner.decide(obs)

    def table_talk(self, obs: Observation) -> str | None:
        self.seats.add(obs.seat)  # asked of every bot when the mus is cut, so every spy sees its seat
        return self.inner.table_talk(obs)


def test_the_arena_swaps_the_teams_seats_every_game_and_credits_the_right_team(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Spy] = []
    real = make_bot

    def spying(level: str, seed: int = 0) -> Bot:
        made.append(Spy(real(level, seed), level))
        return made[-1]

    monkeypatch.setattr(arena, "make_bot", spying)
    seeds = [500, 501, 502, 503, 504, 505]
    rules = Rules(target=20)
    tally = arena.play("novice", "random", seeds, rules)
    assert len(made) == 4 * len(seeds) and tally.games == len(seeds)

    novice_wins = hands = 0
    for game_index, seed in enumerate(seeds):
        spies = made[4 * game_index : 4 * game_index + 4]
        assert all(len(spy.seats) == 1 for spy in spies), [spy.seats for spy in spies]
        novice_seats = {seat for spy in spies if spy.level == "novice" for seat in spy.seats}
        random_seats = {seat for spy in spies if spy.level == "random" for seat in spy.seats}
        assert novice_seats == ({SOUTH, NORTH} if game_index % 2 == 0 else {EAST, WEST}), (game_index, novice_seats)
        assert random_seats == {0, 1, 2, 3} - novice_seats
        # The same game again, with the same bots in the same seats: who won it?
        bots = {seat: real(spy.level, spy.seed) for spy in spies for seat in spy.seats}
        end, _ = advance(Game.new(seed=seed, rules=rules), bots)
        novice_wins += end.winner == (0 if SOUTH in novice_seats else 1)
        hands += end.hand_number
    assert tally.team0_wins == novice_wins
    assert tally.hands == hands
    assert len(tally.times) == sum(spy.decisions for spy in made if spy.level == "novice"), "team0's decisions timed"
    assert len(tally.team1_times) == sum(spy.decisions for spy in made if spy.level == "random"), "and team1's"


def test_two_experts_never_raise_a_bet_worth_the_game_for_ever() -> None:
    """The arena's first game of ``--seed 2`` once had two experts re-raise "envido 2" without end: each saw a
    raise of a bet that already took either team to the target worth as much as a quiero."""
    seed = 2 * 1_000_003
    bots = {seat: make_bot("expert", seed * 4 + seat) for seat in range(4)}
    end, turns = advance(Game.new(seed=seed), bots, limit=2_000)
    assert end.is_over and len(turns) < 500, f"{len(turns)} turns and the game is not over"


def test_the_arena_tells_its_result_in_words_and_shows_no_bar_on_a_pipe() -> None:
    run = subprocess.run(ARENA, capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(run.stdout)
    words = WORDS.search(run.stderr)
    assert words is not None, run.stderr
    assert int(words[1]) == result["team0_wins"] and float(words[2]) == round(100 * result["win_rate"], 1)
    assert [float(words[3]), float(words[4])] == pytest.approx([100 * x for x in result["ci95"]], abs=0.051)
    assert "arena games" not in run.stderr and "left" not in run.stderr, "no bar where standard error is a pipe"
    assert run.stdout.count("\n") == 1, "standard output is the JSON line alone"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_at_a_terminal_the_arena_counts_the_games_as_they_end(jobs: str) -> None:
    """With two processes too: the bar counts the games each finishes."""
    seen = run_at_terminal([*ARENA, "--jobs", jobs])
    assert seen.returncode == 0, seen.terminal
    counts = [int(n) for n in BAR.findall(seen.terminal)]
    assert counts[0] == 0 and counts[-1] == 4 and counts == sorted(counts), seen.terminal
    assert re.search(r"about \d\d:\d\d left", seen.terminal), "an estimate of the time left"
    assert WORDS.search(seen.terminal.replace("\r\n", "\n")) is not None, seen.terminal
    assert json.loads(seen.stdout)["games"] == 4, "the JSON line is on standard output as ever"


def test_quiet_turns_the_bar_off_at_a_terminal() -> None:
    seen = run_at_terminal([*ARENA, "--quiet"])
    assert seen.returncode == 0 and not BAR.search(seen.terminal) and "so far" not in seen.terminal, seen.terminal
    assert WORDS.search(seen.terminal.replace("\r\n", "\n")) is not None and json.loads(seen.stdout)["games"] == 4


def test_the_result_in_words_names_both_teams_and_the_interval() -> None:
    result = arena.Result("expert", "novice", 200, 131, 900, 1.0, 2.0, (0, 0))
    assert str(result) == ("Team 0 (expert) won 131 of 200 games against team 1 (novice): 65.5 % "
                           "(95 % interval 58.7–71.7 %)")
    faulty = arena.Result("mine.py:Mine", "novice", 10, 1, 40, 1.0, 2.0, (3, 0))
    assert str(faulty).endswith("; the teams' own bots made 3 and 0 faults")
