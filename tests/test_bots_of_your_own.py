"""A bot of your own at the table: in notation or as a decision, guarded against raising, illegal actions,
slowness, and played in the arena from a file or a class.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import mus_widget as mw
from mus_widget import Game, Observation, Phase
from mus_widget.bots import Bot, Decision, arena, make_bot
from mus_widget.bots.guard import BotFault
from mus_widget.bots.turns import advance
from mus_widget.i18n.text import action_text, reason_text
from support.deals import REFERENCE_DEAL
from support.matches import EAST, NORTH, SOUTH, WEST, decided

# -------------------------------------------------------------------------------- 8. a bot of your own


class Plain:
    """A student's five-line bot: no base class, the action in notation."""

    def decide(self, observation):  # type: ignore[no-untyped-def]
        if "no-mus" in observation.legal_actions:
            return "no-mus"
        return observation.legal_actions[0]


class Explains:
    """A bot that says why, with a Decision and a seña."""

    name = "Explainer"

    def decide(self, observation: Observation) -> Decision:
        action = observation.legal_actions[-1] if observation.betting is None else "paso" if (
            "paso" in observation.legal_actions) else observation.legal_actions[0]
        return Decision(action, mw.Reason("explain.own", (("action", action), ("bot", self.name))))

    def table_talk(self, observation: Observation) -> str | None:
        return "nothing" if observation.phase is not Phase.MUS else None


class Raises:
    def decide(self, observation: Observation) -> str:
        if observation.betting is not None:
            raise RuntimeError("I do not know how to bet yet")
        return observation.legal_actions[0]


class Illegal:
    def decide(self, observation: Observation) -> object:
        return "quiero" if observation.phase is Phase.MUS else None


class Slow:
    def __init__(self) -> None:
        self.asked = 0

    def decide(self, observation: Observation) -> str:
        self.asked += 1
        if self.asked == 2:
            import time
            time.sleep(0.5)
        return observation.legal_actions[0]


def own_table(bot: object, **guard: object) -> tuple[dict[int, Bot], list[BotFault]]:
    """``bot`` at East, novices elsewhere; the faults reported."""
    from mus_widget.bots.guard import GuardedBot

    faults: list[BotFault] = []
    guarded = GuardedBot(bot, seed=1, on_fault=faults.append, **guard)  # type: ignore[arg-type]
    return {SOUTH: make_bot("novice", 0), EAST: guarded, NORTH: make_bot("novice", 2), WEST: make_bot("novice", 3)
            }, faults


def test_a_bot_of_your_own_returns_the_action_in_notation_and_plays_a_whole_game() -> None:
    bots, faults = own_table(Plain())
    end, turns = advance(Game.new(seed=41), bots)
    assert end.is_over and not faults
    east = [t for t in turns if t.seat == EAST]
    assert east and all(decided(t).reason.id == "explain.own" for t in east)
    assert reason_text(decided(east[0]).reason) == f"{action_text(decided(east[0]).action)}: chosen by Plain."


def test_a_bot_of_your_own_may_return_a_decision_and_make_senas() -> None:
    bots, faults = own_table(Explains())
    end, _ = advance(Game.new(seed=42), bots)
    assert end.is_over and not faults
    senas = [s for s in end.record()["senas"] if s["seat"] == EAST]
    assert senas and {s["sena"] for s in senas} == {"nothing"}


def test_a_bot_that_raises_is_reported_by_name_and_a_novice_plays_for_it() -> None:
    bots, faults = own_table(Raises())
    end, turns = advance(Game.new(seed=43), bots)
    assert end.is_over, "the game goes on to its end"
    assert faults and all(f.kind == "raised" and f.bot == "Raises" and f.seat == EAST for f in faults)
    assert "RuntimeError: I do not know how to bet yet" in str(faults[0])
    assert str(faults[0]).startswith("Raises (seat 1")
    fell_back = [t for t in turns if decided(t).reason.id == "explain.own.fallback"]
    assert len(fell_back) == len(faults)
    assert all(decided(t).action == f.played for t, f in zip(fell_back, faults, strict=True))


def test_a_bot_that_returns_an_illegal_action_or_nothing_is_reported_and_the_game_goes_on() -> None:
    bots, faults = own_table(Illegal())
    end, _ = advance(Game.new(seed=44), bots)
    assert end.is_over
    kinds = {f.kind for f in faults}
    assert kinds == {"illegal", "returned"}
    illegal = next(f for f in faults if f.kind == "illegal")
    assert "'quiero' is not legal in mus now; the legal actions are mus, no-mus" in str(illegal)
    assert "returned None" in next(str(f) for f in faults if f.kind == "returned")


def test_a_bot_too_slow_is_reported_and_the_fallback_plays_that_turn() -> None:
    slow = Slow()
    bots, faults = own_table(slow, time_limit=0.2)
    advance(Game.new(seed=45), bots, limit=40)
    assert [f.kind for f in faults][:1] == ["slow"] and "no answer within 0.2 s" in str(faults[0])
    assert {f.kind for f in faults} <= {"slow", "busy"}, "asked again while still thinking, it is skipped"
    import time
    time.sleep(0.6)  # its slow answer comes in (and is dropped): from now on it plays its own turns again
    asked = slow.asked
    decision = bots[EAST].decide(Game.from_deal(list(REFERENCE_DEAL), mano=EAST).observe(EAST))
    assert slow.asked == asked + 1 and decision.reason.id == "explain.own"


def test_where_no_thread_can_start_a_bot_of_your_own_is_asked_on_the_kernels_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide (the offline site) starts no thread: the guard asks the bot directly there, with no time limit."""
    import threading

    from mus_widget.bots import guard

    def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(guard, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    bots, faults = own_table(Plain())
    end, turns = advance(Game.new(seed=41), bots)
    assert end.is_over and not faults
    assert all(decided(t).reason.id == "explain.own" for t in turns if t.seat == EAST)


def test_an_object_without_decide_is_refused_at_once() -> None:
    from mus_widget.bots.guard import GuardedBot

    with pytest.raises(TypeError, match="object has no method decide"):
        GuardedBot(object())


def test_the_arena_plays_a_bot_from_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "mybot.py"
    path.write_text("class MyBot:\n    def decide(self, observation):\n        return observation.legal_actions[0]\n")
    run = subprocess.run(
        [sys.executable, "-m", "mus_widget.arena", "--team0", "novice", "--team1", f"{path}:MyBot", "--games", "4",
         "--seed", "2"], capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert (result["team1"], result["games"], result["faults"]) == (f"{path}:MyBot", 4, [0, 0])
    missing = subprocess.run([*run.args[:6], f"{path}:Nope", "--games", "1"], capture_output=True, text=True,
                             timeout=60, check=False)
    assert missing.returncode == 2 and "has no class Nope" in missing.stderr


def test_the_arena_runs_from_python_with_a_class_and_counts_its_faults() -> None:
    result = arena.run(Raises, "random", games=4, seed=3)
    assert result.games == 4 and result.team0 == "Raises" and result.faults[0] > 0 and result.faults[1] == 0
    assert result.notes and result.notes[0].startswith("Raises (seat ")
    assert str(result).startswith("Team 0 (Raises) won ") and "against team 1 (random)" in str(result)
