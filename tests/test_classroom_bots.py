"""Bots at served tables remember the earlier hands of the match as they do at a local table: the server shows
each of them every hand as it ends (``Bot.hand_over``), stand-ins too, and a restarted server rebuilds that
memory from the record, so every bot decision in a served match is the one a local bot fed the same hands makes."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess, careless, play_until, stored_moves
from mus_widget import remote
from mus_widget.bots import TEACHING, Bot, make_bot
from mus_widget.bots.turns import Move, hand_ended, hand_over, lances_begin
from mus_widget.classroom.server import ClassroomServer
from mus_widget.classroom.sqlite_store import SQLiteStorage
from mus_widget.engine.seats import speaking_order
from mus_widget.engine.senas import sena as find_sena


def stubborn(obs: mw.Observation, rng: random.Random) -> str:
    """A student who never bets and refuses every bet: after a few hands an adaptive bot bets every lance
    against them (each refusal is a point), so what a bot remembers shows in what it does."""
    legal = obs.legal_actions
    for action in ("paso", "no-quiero", "no-mus"):
        if action in legal:
            return action
    return careless(obs, rng)


def replay_as_a_local_table(record: dict[str, object], bots: dict[int, Bot]) -> int:
    """Replay ``record`` as a local table would play it with ``bots`` (shown every hand as it ends), checking
    that each bot move in it is the move the local bot makes; the number of bot decisions checked."""
    game = mw.Game.from_record({**record, "actions": [], "senas": []})
    moves = stored_moves(record)
    at = checked = 0

    def take(kind: str) -> object:
        nonlocal at
        assert at < len(moves) and moves[at][0] == kind, f"move {at}: expected a {kind}, stored {moves[at:at + 1]}"
        at += 1
        return moves[at - 1][1]

    while at < len(moves):
        seat = game.to_move
        assert seat is not None
        before = game
        if seat in bots:
            decision = bots[seat].decide(game.observe(seat))
            if decision.sena is not None:
                expected = {"at": len(game.actions), "seat": seat, "sena": find_sena(decision.sena).id}
                assert take("sena") == expected, f"the bot of seat {seat} made another seña at move {at}"
                game = game.sena(seat, decision.sena)
            assert take("action") == str(mw.Action.parse(decision.action)), (
                f"the bot of seat {seat} decided otherwise at move {at - 1}, hand {game.hand_number}")
            after = game.apply(decision.action)
            checked += 1
        else:
            after = game.apply(str(take("action")))
        if lances_begin(before, after):
            for talker in speaking_order(after.mano):
                if talker in bots:
                    said = bots[talker].table_talk(after.observe(talker))
                    if said is not None:
                        assert take("sena") == {"at": len(after.actions), "seat": talker, "sena": find_sena(said).id}
                        after = after.sena(talker, said)
        if hand_ended(before, after):
            hand_over(after, bots)
        game = after
    assert game.is_over
    return checked


def play(seats: dict[int, remote.RemoteSeat], rng: random.Random, until: int | None) -> mw.Observation:
    """The students play stubbornly (the bots on the server) until hand ``until`` begins or the match is over."""
    return play_until(seats, rng, lambda obs: until is not None and obs.hand_number >= until, choose=stubborn)


@pytest.mark.slow
def test_served_bots_learn_the_earlier_hands_as_local_bots_do_across_a_killed_server(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, away_after=120.0).start()
    try:
        seed, levels = 31, {1: "novice", 3: "novice"}
        remote.create(server.url, "L1", rules=mw.Rules(target=40), bots=levels, teacher_key=TEACHER_KEY, seed=seed)
        seats = {s.seat: s for s in (remote.join(server.url, "L1", name="Ana"),
                                     remote.join(server.url, "L1", name="Bea"))}
        rng = random.Random(2)
        obs = play(seats, rng, until=5)
        assert not obs.is_over, "the match lasts past the restart"
        tokens = {seat: s.token for seat, s in seats.items()}
        server.kill()
        for s in seats.values():
            s.close()
        server.start()
        seats = {seat: remote.join(server.url, "L1", token=token) for seat, token in tokens.items()}
        assert play(seats, rng, until=None).is_over
        for s in seats.values():
            s.close()
        record = remote.record(server.url, "L1", teacher_key=TEACHER_KEY)
    finally:
        server.stop()
    local = {seat: make_bot(level, seed + seat, TEACHING) for seat, level in levels.items()}
    assert replay_as_a_local_table(record, local) >= 20
    assert all(bot.memory.hands >= 5 for bot in local.values())

    # Against this student, what the bots remember changes what they do: bots that forget every hand before the
    # last (as a bot without hand_over, or one restarted with an empty memory) would have played otherwise.
    forgetful = {seat: make_bot(level, seed + seat, TEACHING) for seat, level in levels.items()}
    for bot in forgetful.values():
        def forget(obs: mw.Observation, bot: Bot = bot) -> None:
            bot.memory.reset()
        bot.hand_over = forget  # type: ignore[method-assign]
    try:
        replay_as_a_local_table(record, forgetful)
    except AssertionError:
        pass
    else:
        raise AssertionError("the record does not tell a bot with a memory from one without")


def test_a_reopened_table_shows_its_bots_and_stand_ins_every_hand_of_the_record(tmp_path: Path) -> None:
    seed, levels = 12, {1: "novice", 2: "expert"}
    rng = random.Random(seed)
    game = mw.Game.new(seed=seed, rules=mw.Rules(target=30))
    local = {seat: make_bot(level, seed + seat, TEACHING) for seat, level in levels.items()}
    standins = {seat: make_bot("novice", seed + 10 + seat, TEACHING) for seat in (0, 3)}
    moves = []
    while game.hand_number < 6 and not game.is_over:
        seat = game.to_move
        assert seat is not None
        action = careless(game.observe(seat), rng)
        moves.append(Move("action", seat, action, len(game.actions)))
        after = game.apply(action)
        if hand_ended(game, after):
            hand_over(after, local)
            hand_over(after, standins)
        game = after
    storage = SQLiteStorage(tmp_path / "r.sqlite")
    storage.create_table("R1", mw.Game.new(seed=seed, rules=mw.Rules(target=30)), levels)
    storage.add_moves("R1", 0, moves)

    async def reopen() -> None:
        server = ClassroomServer(storage, TEACHER_KEY, standin="novice")
        try:
            server.load()
            table = server.playing.tables["R1"]
            assert table.game.actions == game.actions and table.moves == len(moves)
            for mine, theirs in ((table.bots, local), (table.standins, standins)):
                assert sorted(mine) == sorted(theirs)
                for seat, bot in mine.items():
                    obs = game.observe(seat)
                    assert bot.memory.hands == theirs[seat].memory.hands == 5
                    assert bot.memory.styles(obs) == theirs[seat].memory.styles(obs)
        finally:
            await server.close()
            storage.close()

    asyncio.run(reopen())
