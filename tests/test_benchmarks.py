"""The benchmark scripts run and print the JSON line their readers rely on (tiny sizes: figures are not tested)."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mus_widget.i18n.progress import QUIET_HELP

pytestmark = pytest.mark.slow  # each runs a script in a process of its own, the soaks and arenas for seconds

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(path.name for path in (ROOT / "benchmarks").glob("*.py"))
"""Every module of benchmarks/, each of which answers --help."""
WITHOUT_A_BAR = {
    "hostile_clients.py": "the attackers classroom_abuse.py runs: run directly, it says so and does nothing",
}
"""The modules of benchmarks/ with no progress bar, and why."""
WITH_A_BAR = tuple(script for script in SCRIPTS if script not in WITHOUT_A_BAR)
"""The benchmarks that count their work on a progress bar at a terminal, each of which takes --quiet."""


def last_json(script: str, *args: str) -> Any:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_engine_benchmark_prints_its_figures() -> None:
    figures = last_json("engine.py", "--deals", "300", "--hands", "40")
    assert figures["deals_per_second"] > 0 and figures["hands_per_second"] > 0
    assert 0 < figures["peak_memory_mb"] < 1000


def test_novice_against_random_tells_how_games_end() -> None:
    figures = last_json("novice_vs_random.py", "--games", "6", "--seed", "3", "--jobs", "1")
    assert figures["games"] == 6
    for name in ("novice", "partner_told", "everything_told"):
        ends = figures[name]["ends"]
        assert sum(ends.values()) == 6
        won = sum(n for end, n in ends.items() if end.startswith("won"))
        assert figures[name]["win_rate"] == round(won / 6, 4)
    # Told every hand, the novice stakes the game only on a sure thing: the experiment really tells it.
    assert figures["everything_told"]["ends"].get("lost on the novice's órdago", 0) == 0
    assert figures["everything_told"]["ends"].get("won on the novice's órdago", 0) > 0


def test_the_experts_games_against_random_are_told_the_same_way() -> None:
    figures = last_json("novice_vs_random.py", "--level", "expert", "--games", "4", "--seed", "3", "--jobs", "1")
    assert figures["level"] == "expert" and set(figures) == {"games", "seed", "level", "expert"}
    ends = figures["expert"]["ends"]
    assert sum(ends.values()) == 4 and not any("novice" in end for end in ends), ends


def test_the_classroom_benchmark_plays_its_tables_to_the_end() -> None:
    figures = last_json("classroom.py", "--tables", "2", "--bot-tables", "1", "--think", "0")
    assert figures["tables"] == 2 and figures["clients"] == 8 and figures["bot_tables"] == 1
    assert figures["actions"] > 0 and figures["errors"] == 0
    assert 0 < figures["p50_ms"] <= figures["p95_ms"] <= figures["max_ms"]


def test_the_expert_latency_benchmark_times_early_and_late_decisions() -> None:
    figures = last_json("expert_latency.py", "--games", "1", "--target", "10", "--after", "2")
    assert figures["games"] == 1 and figures["decisions"] > figures["late_decisions"] > 0
    assert 0 < figures["cpu_ms_p50"] <= figures["cpu_ms_p95"]
    assert 0 < figures["cpu_late_ms_p50"] <= figures["cpu_late_ms_p95"]


def test_the_abuse_soak_keeps_every_acknowledged_move_of_its_honest_tables() -> None:
    figures = last_json("classroom_abuse.py", "--quick", "--tables", "2")
    assert set(figures) >= {"tables", "seconds", "acked_moves", "p50_ms", "p95_ms", "peak_memory_mb", "lost_moves",
                            "attacks", "targets", "targets_met"}
    assert figures["tables"] == 2 and figures["acked_moves"] > 0 and figures["lost_moves"] == 0
    assert figures["targets"] == {"p95_ms": 100.0, "peak_memory_mb": 200.0, "lost_moves": 0}
    assert 0 < figures["p50_ms"] <= figures["p95_ms"] and 0 < figures["peak_memory_mb"] < 1000
    attacks = figures["attacks"]
    assert attacks["storm_joined"] > 0 and attacks["unread_opened"] > 0 and attacks["junk_error"] > 0, attacks


def test_the_beginner_benchmark_tells_how_often_the_bots_stake_the_game_before_and_after() -> None:
    figures = last_json("beginner.py", "--games", "3", "--seed", "2", "--levels", "novice")
    assert figures["games"] == 3 and figures["cap"] == 0.15 and "expert" not in figures
    for name in ("before", "after"):
        got = figures["novice"][name]
        assert got["games"] == 3 and got["hands"] >= 3 and 0 <= got["ordago_hands"] <= got["hands"]
        assert got["ordago_share"] == round(got["ordago_hands"] / got["hands"], 4)
    assert figures["novice"]["after"]["ordago_share"] <= 0.15


def test_the_honest_calls_benchmark_tabulates_both_bots_calls() -> None:
    figures = last_json("honest_calls.py", "--games", "2", "--seed", "3")
    assert figures["games"] == 2 and figures["calls"]["expert"] > 0 and figures["calls"]["novice"] > 0
    for situation, words in figures["table"].items():
        for tenth in range(10):
            assert abs(sum(row[tenth] for row in words.values()) - 1) < 0.01, (situation, tenth)


def test_the_review_benchmark_times_a_ten_hand_game_and_measures_its_noise_and_flag_rates() -> None:
    figures = last_json("review.py", "--games", "1", "--noise-games", "1", "--seeds", "2", "--seed", "2")
    speed = figures["speed"]
    assert speed["hands"] == 10 and speed["decisions"] > 10
    assert 0 < speed["decision_cpu_ms_p50"] <= speed["decision_cpu_ms_p95"] <= speed["decision_cpu_ms_max"]
    assert 0 < speed["after_game_last_decision_cpu_s"] <= speed["after_game_last_hand_cpu_s"]
    noise = figures["noise"]
    assert noise["decisions"] > 0 and noise["seeds"] == 2 and noise["flagged_within_twice_the_noise"] == 0
    assert set(figures["rates"]) == {"random", "novice", "expert"}
    assert all(rate["games"] == 1 and 0 <= rate["mistake_or_blunder"] <= rate["flagged"] <= 1
               for rate in figures["rates"].values())


def test_the_table_review_benchmark_tells_how_soon_the_review_is_complete() -> None:
    figures = last_json("table_review.py", "--games", "1", "--hands", "2", "--think", "0.05")
    assert figures["games"] == 1 and figures["worker"] is True, "graded in the kernel's worker thread"
    assert 0 <= figures["after_game_s_max"] < 60
    assert 0 < figures["click_ms_p50"] <= figures["click_ms_p95"]
    assert 0 < figures["review_off_click_ms_p50"] <= figures["review_off_click_ms_p95"]


def test_the_expert_records_benchmark_digests_the_records_it_writes(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    figures = last_json("expert_records.py", "--novice", "1", "--expert", "0", "--seed", "2", "--out", str(out))
    assert figures["games"] == {"novice": 1, "expert": 0} and figures["expert_wins"]["novice"] in (0, 1)
    assert figures["sha256"] == hashlib.sha256(out.read_bytes()).hexdigest()
    assert json.loads(out.read_text().splitlines()[0])["actions"], "one game's record a line"


def test_the_review_costs_benchmark_plays_decisions_of_every_grade_out() -> None:
    figures = last_json("review_costs.py", "--games", "2", "--per-grade", "1", "--playouts", "2",
                        "--expert-samples", "16", "--seed", "1")
    assert figures["games"] == 2 and figures["playouts"] == 2 and figures["decisions"] > 10
    grades = figures["grades"]
    assert list(grades) == ["good", "inaccuracy", "mistake", "blunder"]
    fields = {"population", "same_call", "n", "stated_mean", "played_mean", "error_mean", "error_ci95",
              "played_se_median", "contradicted", "contradicted_share"}
    assert sum(row["population"] for row in grades.values()) == figures["decisions"]
    for grade, row in grades.items():
        assert set(row) == fields, grade
        assert 0 <= row["n"] <= 1 and row["same_call"] <= row["population"] and row["contradicted"] <= row["n"]
    played = figures["played"]
    assert played and len(played) == sum(row["n"] for row in grades.values())
    for decision in played:
        row = grades[decision["grade"]]
        assert decision["action"] != decision["best"] and -100 <= decision["played"] <= 100
        assert row["stated_mean"] == round(decision["cost"], 2) and row["played_mean"] == decision["played"]
        assert abs(row["error_mean"] - (decision["cost"] - decision["played"])) < 0.02
        assert row["error_ci95"][0] <= row["error_mean"] <= row["error_ci95"][1]
    flagged = sum(row["population"] for grade, row in grades.items() if grade != "good")
    assert figures["flagged_share"] == round(flagged / figures["decisions"], 4)


@functools.cache
def help_of(script: str) -> str:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"], cwd=ROOT,
                            capture_output=True, text=True, check=True, timeout=120)
    return result.stdout


def test_every_benchmark_is_checked() -> None:
    assert {"classroom.py", "classroom_abuse.py", "lesson_walkthrough.py", "lite.py", "ui_latency.py", "memory.py",
            "review.py", "review_costs.py", "table_review.py", "beginner.py", "expert_latency.py"} <= set(WITH_A_BAR)
    assert set(WITHOUT_A_BAR) <= set(SCRIPTS), "every exception is a module of benchmarks/"


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_benchmarks_help_is_plain_words_and_explains_every_option(script: str) -> None:
    from test_cli import RST, unexplained

    text = help_of(script)
    assert text.startswith("usage: ") and not RST.findall(text), f"{script} --help shows {RST.findall(text)}"
    assert unexplained(text) == [], script


@pytest.mark.parametrize("script", WITH_A_BAR)
def test_every_benchmark_takes_quiet(script: str) -> None:
    text = help_of(script)
    assert "[--quiet]" in text.split("\n\n")[0], f"{script}'s usage line has no --quiet"
    assert " ".join(QUIET_HELP.split()) in " ".join(text.split()), script


def test_the_attackers_say_in_one_line_that_the_soak_runs_them() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "hostile_clients.py")], cwd=ROOT,
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 2 and result.stdout == "", result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "classroom_abuse.py" in lines[0] and "Traceback" not in result.stderr, lines


def test_a_benchmark_counts_its_games_at_a_terminal_only() -> None:
    from support.terminal import run_at_terminal

    command = [sys.executable, str(ROOT / "benchmarks" / "expert_latency.py"), "--games", "2", "--target", "10",
               "--after", "2"]
    piped = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=300)
    assert "matches:" not in piped.stderr, "no bar where standard error is a pipe"
    seen = run_at_terminal(command, cwd=str(ROOT), timeout=300)
    counts = re.findall(r"matches: (\d) of 2 \|", seen.terminal)
    assert counts and counts[0] == "0" and counts[-1] == "2", seen.terminal
    assert json.loads(seen.stdout.strip().splitlines()[-1])["games"] == 2, "the JSON line is on standard output"
    quiet = run_at_terminal([*command, "--quiet"], cwd=str(ROOT), timeout=300)
    assert "matches:" not in quiet.terminal


AT_A_TERMINAL = [
    ("classroom.py", ("--tables", "2", "--think", "0", "--client-processes", "2"), "tables finished", 2),
    ("memory.py", ("--hands", "20"), "hands", 20),
]
"""Benchmarks run small at a terminal: what their bar counts and to what total. The classroom's tables finish in
the clients' processes, which tell the parent as each does."""


@pytest.mark.parametrize(("script", "args", "what", "total"), AT_A_TERMINAL, ids=[row[0] for row in AT_A_TERMINAL])
def test_a_benchmark_counts_what_it_sees_finish_and_keeps_its_lines_on_standard_output(
        script: str, args: tuple[str, ...], what: str, total: int) -> None:
    from support.terminal import run_at_terminal

    command = [sys.executable, str(ROOT / "benchmarks" / script), *args]
    seen = run_at_terminal(command, cwd=str(ROOT), timeout=300)
    assert seen.returncode == 0, seen.terminal
    counts = [int(n) for n in re.findall(rf"{what}: (\d+) of {total} \|", seen.terminal)]
    assert counts and counts[0] == 0 and counts[-1] == total and counts == sorted(counts), seen.terminal
    assert "MB traced" not in seen.terminal and "{" not in seen.terminal, "printed lines go to standard output"
    figures = json.loads(seen.stdout.strip().splitlines()[-1])
    assert figures.get("tables", figures.get("hands")) == total
    if script == "memory.py":
        assert seen.stdout.count("MB traced") == 10, seen.stdout
    quiet = run_at_terminal([*command, "--quiet"], cwd=str(ROOT), timeout=300)
    assert quiet.returncode == 0 and f"{what}:" not in quiet.terminal, quiet.terminal


def test_the_class_review_benchmark_times_the_summary_of_grades_made_as_the_games_went() -> None:
    figures = last_json("class_review.py", "--students", "3", "--tables", "2", "--target", "10", "--samples", "16",
                        "--cold")
    assert figures["students"] == 3 and figures["players"] == 3 and figures["decisions"] > 0
    assert figures["reused"] == figures["decisions"], "every grade made at the tables is reused"
    assert figures["summary_s"] >= 0 and figures["summary_cold_s"] >= 0
