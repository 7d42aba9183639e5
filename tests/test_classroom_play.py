"""Classroom games end to end: the server as a real process on 127.0.0.1, students as real client processes;
the server and a student killed with SIGKILL in the middle of a hand, and the game going on exactly."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mus_widget as mw
from classroom_support import PLAYER, TEACHER_KEY, ServerProcess, game_at, play_until
from leaks import cards_in
from mus_widget import remote


def players(server: ServerProcess, table: str, names: list[str], tmp_path: Path,
            delay: float = 0.0) -> list[subprocess.Popen[str]]:
    return [
        subprocess.Popen(
            [sys.executable, str(PLAYER), server.url, table, name, "--seed", str(i), "--delay", str(delay),
             "--frames", str(tmp_path / f"{name}.json")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for i, name in enumerate(names)
    ]


def visible_cards(observation: dict[str, object]) -> set[str]:
    """The cards an observation names, the previous hand's (shown at its showdown) left out."""
    return cards_in({key: value for key, value in observation.items() if key != "last_hand"})


def test_four_students_in_four_processes_play_a_whole_match_and_nobody_sees_another_hand(
    server: ServerProcess, tmp_path: Path
) -> None:
    remote.create(server.url, "4A", rules=mw.Rules(target=20), teacher_key=TEACHER_KEY, seed=11)
    names = ["Ana", "Bea", "Carlos", "Dani"]
    procs = players(server, "4A", names, tmp_path)
    outputs = [proc.communicate(timeout=120) for proc in procs]
    for proc, (_, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
    joined = [json.loads(out.splitlines()[0]) for out, _ in outputs]
    ends = [json.loads(out.splitlines()[-1]) for out, _ in outputs]
    assert sorted(j["seat"] for j in joined) == [0, 1, 2, 3]
    assert len({j["token"] for j in joined}) == 4
    record = remote.record(server.url, "4A", teacher_key=TEACHER_KEY)
    final = mw.Game.from_record(record)
    assert final.is_over
    assert all(end["over"] and end["scores"] == list(final.scores) and end["winner"] == final.winner
               for end in ends)
    assert sum(end["actions"] for end in ends) == len(record["actions"])

    # What each process received: its own cards only, until the showdown shows them all.
    checked = 0
    for name, info in zip(names, joined, strict=True):
        seat = info["seat"]
        for frame in json.loads((tmp_path / f"{name}.json").read_text()):
            if frame["type"] != "state":
                continue
            truth = game_at(record, frame["seq"])
            seen = frame["observation"]
            assert mw.Hand.parse(seen["hand"]) == truth.hands[seat]
            allowed = {str(c) for c in truth.hands[seat]} | set(seen["discarded"].split())
            assert visible_cards(seen) <= allowed, f"{name} saw {visible_cards(seen) - allowed} at {frame['seq']}"
            checked += 1
    assert checked > 4 * 10


@pytest.mark.slow
def test_the_server_killed_mid_hand_comes_back_at_the_same_action_and_the_match_plays_on(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, away_after=60.0).start()
    try:
        remote.create(server.url, "5C", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=23)
        seats = {s.seat: s for s in (remote.join(server.url, "5C", name="Ana"),
                                     remote.join(server.url, "5C", name="Bea"))}
        rng = random.Random(5)
        before = play_until(seats, rng, lambda o: o.phase in (mw.Phase.CHICA, mw.Phase.PARES, mw.Phase.JUEGO)
                            and o.to_move in seats)
        assert not before.is_over
        seq, tokens = seats[0].seq, {seat: s.token for seat, s in seats.items()}
        acknowledged = {seat: s.wait_seq(seq, timeout=10) for seat, s in seats.items()}
        assert all(s.seq == seq for s in seats.values())

        server.kill()
        for s in seats.values():
            s.close()
        server.start()

        seats = {seat: remote.join(server.url, "5C", token=token) for seat, token in tokens.items()}
        for seat, s in seats.items():
            assert s.seq == seq
            assert s.observe() == acknowledged[seat], "the restarted table is where it was, to the action"
        with pytest.raises(mw.IllegalActionError):
            seats[0 if before.to_move == 2 else 2].act(before.legal_actions[0] if before.legal_actions else "paso")
        final = play_until(seats, rng, lambda o: False)
        record = remote.record(server.url, "5C", teacher_key=TEACHER_KEY)
        replayed = mw.Game.from_record(record)
        assert replayed.is_over and replayed.scores == final.scores and replayed.winner == final.winner
        assert replayed.games_won == final.games_won
        for s in seats.values():
            s.close()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_student_killed_mid_hand_finds_the_match_paused_and_rejoins_with_the_token(
    server: ServerProcess, tmp_path: Path
) -> None:
    remote.create(server.url, "2B", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY,
                  seed=4)
    watcher = remote.watch(server.url, "2B", teacher_key=TEACHER_KEY)
    (student,) = players(server, "2B", ["Eva"], tmp_path, delay=0.3)
    assert student.stdout is not None
    joined = json.loads(student.stdout.readline())
    assert joined["seat"] == 0
    watcher.wait_for(lambda w: w.seq >= 3 and w.observations()[0].to_move == 0, 30, "Eva's turn, mid-hand")
    student.kill()
    student.wait(10)

    def events(w: remote.Watcher, event: str) -> list[dict[str, object]]:
        return [e for e in w.events if e["event"] == event]

    # Eva is the only person of her team: once she is away, the match waits for her (no stand-in plays on).
    watcher.wait_for(lambda w: bool(events(w, "paused")) and w.players[0]["away"] is True, 20, "the match paused")
    assert events(watcher, "away")[0]["seat"] == 0 and watcher.players[0]["away"] is True
    seq = watcher.seq
    (listed,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
    assert listed["paused"] is True and listed["to_move"] == 0
    time.sleep(2.0)
    assert watcher.seq == seq and remote.tables(server.url, teacher_key=TEACHER_KEY)[0]["seq"] == seq

    with remote.join(server.url, "2B", token=joined["token"]) as again:
        assert again.seat == 0 and again.name == "Eva" and again.seq == seq, "the match where she left it"
        record = remote.record(server.url, "2B", teacher_key=TEACHER_KEY)
        assert again.observe().hand == game_at(record, again.seq).hands[0], "her own cards again"
        assert again.observe().to_move == 0 and not again.observe().is_over
        assert again.players[0] == {"seat": 0, "kind": "human", "name": "Eva", "connected": True, "away": False,
                                    "closed": False}
        watcher.wait_for(lambda w: bool(events(w, "back")) and bool(events(w, "resumed")), 10, "back, resumed")
        assert remote.tables(server.url, teacher_key=TEACHER_KEY)[0]["paused"] is False
        again.act(again.legal_actions()[0])
        assert again.seq > seq and {m["by"] for m in remote.record(
            server.url, "2B", teacher_key=TEACHER_KEY)["moves"] if m["seat"] == 0} == {"player"}
    watcher.close()
