"""Bots from outside: a program in another language through the arena's command line (JSON lines), a bot
class given its seed, every rule option on the command line, both teams timed, and a bot that answers for
its team with :func:`team_answer`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mus_widget import Game, Rules
from mus_widget.bots import arena
from mus_widget.bots.program import Command, ProgramBot, ProgramError
from mus_widget.bots.team import team_answer
from support.deals import REFERENCE_DEAL
from support.matches import EAST, NORTH, SOUTH, WEST

LUCKY = Path(__file__).parent / "support" / "bots" / "lucky.mjs"
"""A bot in JavaScript: a legal action drawn from its seed."""


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing: .ci/run installs nodejs")
        pytest.skip("node is not installed")
    return found


def arena_line(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mus_widget", "arena", *args], capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.mark.slow
def test_a_bot_in_javascript_plays_through_the_arena_and_its_games_replay(tmp_path: Path) -> None:
    team = f"cmd:{node()} {LUCKY}"
    runs = []
    for name in ("first", "second"):
        done = arena_line("--team0", team, "--team1", "novice", "--games", "2", "--seed", "5", "--target", "15",
                          "--records", str(tmp_path / f"{name}.jsonl"))
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout.splitlines()[-1]))
    assert runs[0]["faults"] == [0, 0], "every answer of the program was legal"
    first, second = ((tmp_path / f"{name}.jsonl").read_text().splitlines() for name in ("first", "second"))
    assert len(first) == 2 and first == second, "the same seed, the same games"
    for line in first:
        end = Game.from_record(json.loads(line))
        assert end.is_over
    assert runs[0]["team0_wins"] == runs[1]["team0_wins"]


def test_the_program_is_told_its_seat_seed_and_rules_and_sees_only_its_own_seat(tmp_path: Path) -> None:
    heard = tmp_path / "heard.jsonl"
    script = tmp_path / "listener.py"
    script.write_text(textwrap.dedent(f"""
        import json, sys
        with open({str(heard)!r}, "a") as heard:
            for line in sys.stdin:
                message = json.loads(line)
                heard.write(line)
                heard.flush()
                if message["type"] == "decide":
                    legal = message["observation"]["legal_actions"]
                    print(json.dumps({{"action": "no-mus" if "no-mus" in legal else legal[0]}}), flush=True)
                elif message["type"] == "talk":
                    print(json.dumps({{"sena": "nothing"}}), flush=True)
    """))
    bot = ProgramBot(Command((sys.executable, str(script))), seed=41)
    game = Game.from_deal(list(REFERENCE_DEAL), mano=EAST)
    try:
        assert bot.decide(game.observe(EAST)) == "no-mus"
        assert bot.table_talk(game.apply("no-mus").observe(EAST)) == "nothing"
    finally:
        bot.close()
    messages = [json.loads(line) for line in heard.read_text().splitlines()]
    assert [m["type"] for m in messages] == ["start", "decide", "talk", "end"]
    assert messages[0] == {"type": "start", "protocol": 1, "seat": EAST, "seed": 41, "rules": Rules().to_dict()}
    seen = messages[1]["observation"]
    assert seen["hand"] == REFERENCE_DEAL[EAST]
    assert not any(hand in json.dumps(messages) for seat, hand in enumerate(REFERENCE_DEAL) if seat != EAST)


def test_a_program_that_answers_nonsense_or_ends_is_named_for_it(tmp_path: Path) -> None:
    script = tmp_path / "babbler.py"
    script.write_text("import sys\nsys.stdin.readline(); sys.stdin.readline()\nprint('quiero?', flush=True)\n")
    game = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH)
    bot = ProgramBot(f"cmd:{sys.executable} {script}")
    try:
        with pytest.raises(ProgramError, match=r"answered decide with 'quiero\?', not a JSON object"):
            bot.decide(game.observe(SOUTH))
        with pytest.raises(ProgramError, match="ended without answering decide"):
            bot.decide(game.observe(SOUTH))
    finally:
        bot.close()
    with pytest.raises(ValueError, match="names no program"):
        Command.parse("cmd:  ")


def test_a_faulty_program_is_reported_and_the_fallback_plays_on(tmp_path: Path) -> None:
    script = tmp_path / "stubborn.py"
    script.write_text("import json, sys\nfor line in sys.stdin:\n"
                      "    if json.loads(line)['type'] in ('decide', 'talk'):\n"
                      "        print(json.dumps({'action': 'quiero'}), flush=True)\n")
    result = arena.run(f"cmd:{sys.executable} {script}", "random", games=1, seed=2, target=10)
    assert result.games == 1 and result.faults[0] > 0 and result.faults[1] == 0
    assert "chose an action that is not legal" in result.notes[0]


SEEDED = '''
class Seeded:
    """Plays the first legal action, and writes down the seed it was made with."""

    made: list[int] = []

    def __init__(self, seed: int) -> None:
        self.seed = seed
        Seeded.made.append(seed)

    def decide(self, observation):
        legal = observation.legal_actions
        return "no-mus" if "no-mus" in legal else legal[self.seed % len(legal)]
'''


def test_a_bot_class_that_takes_a_seed_is_given_one_and_its_games_replay(tmp_path: Path) -> None:
    (tmp_path / "seeded.py").write_text(SEEDED)
    spec = f"{tmp_path / 'seeded.py'}:Seeded"
    once = arena.run(spec, "novice", games=2, seed=3, target=10, records=True)
    made = arena.load_bot_class(spec).made  # type: ignore[attr-defined]
    game_seeds = [3 * 1_000_003 + i for i in range(2)]
    assert made == [seed * 4 + seat for number, seed in enumerate(game_seeds)
                    for seat in ((SOUTH, NORTH) if number % 2 == 0 else (EAST, WEST))], "each seat its own seed"
    again = arena.run(spec, "novice", games=2, seed=3, target=10, records=True)
    assert once.records == again.records and len(once.records) == 2


@pytest.mark.slow
def test_the_command_line_sets_every_rule_option_and_the_match_length(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    done = arena_line("--team0", "random", "--team1", "random", "--games", "1", "--seed", "4", "--target", "12",
                      "--kings", "4", "--real-31", "--no-team-consent", "--negadas-at-count",
                      "--mus-corrido-first-hand", "--games-per-match", "3", "--records", str(records))
    assert done.returncode == 0, done.stderr
    record = json.loads(records.read_text())
    assert record["rules"] == {"target": 12, "kings": 4, "real_31": True, "team_consent": False,
                               "negadas_at_count": True, "mus_corrido_first_hand": True, "games": 3}
    end = Game.from_record(record)
    assert end.is_over and max(end.games_won) == 2, "a vaca: best of three"
    refused = arena_line("--team0", "random", "--team1", "random", "--games", "1", "--games-per-match", "2")
    assert refused.returncode == 2 and "Rules.games must be odd" in refused.stderr


def test_both_teams_decisions_are_timed() -> None:
    result = arena.run("novice", "expert", games=1, seed=7, target=10).to_dict()
    assert 0 < result["decision_ms_p50"] <= result["decision_ms_p95"]
    assert 0 < result["team1_decision_ms_p50"] <= result["team1_decision_ms_p95"]
    assert result["team1_decision_ms_p50"] > result["decision_ms_p50"], "the expert thinks longer than the novice"


# -------------------------------------------------------------------------------- answering as a team


def grande_after(*calls: str) -> Game:
    """South is mano and cuts the mus; the Grande goes as ``calls`` say."""
    game = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH).apply("no-mus")
    for call in calls:
        game = game.apply(call)
    return game


@pytest.mark.parametrize("calls, wish, said", [
    # East proposes to take South's envido: West may not refuse it, only take it or raise.
    (("envido 2", "quiero"), "no-quiero", "quiero"),
    (("envido 2", "quiero"), "paso", "quiero"),
    (("envido 2", "quiero"), "envido 3", "envido 3"),
    # East proposes a raise to 4: West confirms it unless it wants more.
    (("envido 2", "envido 4"), "quiero", "envido 4"),
    (("envido 2", "envido 4"), "envido 2", "envido 4"),
    (("envido 2", "envido 4"), "envido 99", "envido 40"),
    # East proposes to refuse: West says what it likes.
    (("envido 2", "no-quiero"), "quiero", "quiero"),
    (("envido 2", "no-quiero"), "paso", "no-quiero"),
    # An órdago East proposes to take: West can only take it.
    (("ordago", "quiero"), "no-quiero", "quiero"),
    (("ordago", "quiero"), "ordago", "quiero"),
    # Answering alone, first: every wish that is legal stands, a paso is a no quiero.
    (("envido 2",), "paso", "no-quiero"),
    (("ordago",), "ordago", "quiero"),
])
def test_a_seat_that_thinks_of_its_own_hand_answers_legally_for_its_team(calls: tuple[str, ...], wish: str,
                                                                          said: str) -> None:
    game = grande_after(*calls)
    answer = team_answer(game.observe(game.to_move or 0), wish)
    assert str(answer) == said
    game.apply(str(answer))  # legal: no error


def test_outside_the_betting_the_wish_comes_back_as_it_is() -> None:
    game = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH)
    assert str(team_answer(game.observe(SOUTH), "paso")) == "paso"


# -------------------------------------------------------------------------------- what a refusal pays


def test_the_observation_says_what_a_refusal_pays_and_the_count_agrees() -> None:
    first = grande_after("envido 2")
    betting = first.observe(EAST).betting
    assert betting is not None and (betting.previous, betting.refusal) == (0, 1)
    assert first.observe(EAST).to_dict()["betting"]["refusal"] == 1
    refused = first.apply("no-quiero").apply("no-quiero")
    assert refused.observe(SOUTH).results[-1].stake == 1
    raised = grande_after("envido 2", "envido 5", "envido 5")
    betting = raised.observe(NORTH).betting
    assert betting is not None and (betting.stake, betting.previous, betting.refusal) == (7, 2, 2)
    assert raised.apply("no-quiero").apply("no-quiero").observe(WEST).results[-1].stake == 2
    assert grande_after().observe(SOUTH).betting is not None
    assert grande_after().observe(SOUTH).betting.refusal == 0  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------------- programs that flood

FLOODS = {
    # One endless line: read whole, it once took the arena to gigabytes and hung it.
    "endless-line": "import sys\nsys.stdin.readline()\nwhile True:\n    sys.stdout.buffer.write(b'x' * 65536)\n",
    # Lines nobody asked for, without end.
    "many-lines": "import sys\nsys.stdin.readline()\nwhile True:\n    sys.stdout.write('{}\\n' * 4096)\n",
    # One line just past the cap, then an answer: the line is the fault, not the answer.
    "long-line": "import sys\nsys.stdin.readline()\nsys.stdout.write('x' * 1_000_001 + '\\n{\"action\": \"mus\"}\\n')\n"
                 "sys.stdout.flush()\nsys.stdin.read()\n",
}
FLOOD_FAULTS = {
    "endless-line": "wrote a line longer than 1,000,000 bytes",
    "many-lines": "flooded its output: 16 lines written and not asked for",
    "long-line": "wrote a line longer than 1,000,000 bytes",
}


@pytest.mark.parametrize("kind", sorted(FLOODS))
def test_a_program_that_floods_its_output_is_stopped_at_the_cap_and_named_for_it(tmp_path: Path, kind: str) -> None:
    script = tmp_path / "flood.py"
    script.write_text(FLOODS[kind])
    game = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH)
    bot = ProgramBot(f"cmd:{sys.executable} {script}", time_limit=30.0)
    start = time.monotonic()
    try:
        said = []
        for _ in range(3):  # a line it wrote before the cap may be taken for an answer; then the fault, for good
            with pytest.raises(ProgramError) as caught:
                bot.decide(game.observe(SOUTH))
            said.append(str(caught.value))
        assert FLOOD_FAULTS[kind] in said[-1] and said[-1] == said[-2], said
    finally:
        bot.close()
    assert time.monotonic() - start < 20 and bot._process.poll() is not None  # stopped long before the limit


def test_a_program_that_does_not_answer_is_given_up_on_and_its_late_answer_dropped(tmp_path: Path) -> None:
    script = tmp_path / "late.py"
    script.write_text("import json, sys, time\nfor line in sys.stdin:\n    kind = json.loads(line)['type']\n"
                      "    if kind == 'decide':\n        time.sleep(0.8)\n"
                      "        print(json.dumps({'action': 'late'}), flush=True)\n"
                      "    if kind == 'talk':\n        print(json.dumps({'sena': None}), flush=True)\n")
    game = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH)
    bot = ProgramBot(f"cmd:{sys.executable} {script}", time_limit=0.3)
    try:
        with pytest.raises(ProgramError, match=r"no answer to decide within 0\.3 s"):
            bot.decide(game.observe(SOUTH))
        time.sleep(1.0)
        assert bot.table_talk(game.observe(SOUTH)) is None  # the late 'late' is skipped, not taken for this
    finally:
        start = time.monotonic()
        bot.close()
    assert time.monotonic() - start < 5


def test_the_arena_reports_a_flooding_program_and_finishes(tmp_path: Path) -> None:
    """``mus-widget arena --team1 "cmd:python flood.py" --games 2 --seed 1`` hung with no error before."""
    script = tmp_path / "flood.py"
    script.write_text(FLOODS["endless-line"])
    start = time.monotonic()
    result = arena.run("random", f"cmd:{sys.executable} {script}", games=2, seed=1, target=10, time_limit=5.0)
    assert result.games == 2 and result.faults[0] == 0 and result.faults[1] > 0
    assert "wrote a line longer than 1,000,000 bytes" in result.notes[0]
    assert time.monotonic() - start < 60
    if sys.platform == "linux":  # ru_maxrss in KiB: read whole, the flood took the arena past 5 GB
        import resource
        assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2_000_000
