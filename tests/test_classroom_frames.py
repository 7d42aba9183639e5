"""The classroom server's state frames, written once for the four seats: each seat's frame reads back as exactly
``observe(seat).to_dict()`` of that seat, at every moment of played-out matches, and the face-up frame as all four."""

from __future__ import annotations

import json
import random

import mus_widget as mw
from classroom_support import careless
from mus_widget.classroom.frames import StateWriter, merged
from mus_widget.engine.senas import CATALOGUE

PLAYERS = [{"seat": s, "kind": "human", "name": f"P{s}", "connected": True, "away": False} for s in range(4)]


def test_every_seats_frame_is_its_own_observation_at_every_moment_of_a_match() -> None:
    senas = [s.id for s in CATALOGUE]
    moments = hands = 0
    for seed in range(6):
        rng = random.Random(seed)
        writer = StateWriter()
        game = mw.Game.new(seed=seed, rules=mw.Rules(target=15 if seed % 2 else 25))
        seq = 0
        while True:
            seats = rng.sample(range(4), rng.randint(1, 4))
            states, faces = writer.frames(game, "3B", seq, PLAYERS, seats=seats, face_up=seed % 3 == 0)
            assert sorted(states) == sorted(seats)
            for seat, frame in states.items():
                got = json.loads(frame)
                assert got == {"type": "state", "table": "3B", "seq": seq, "observation": game.observe(seat).to_dict(),
                               "players": PLAYERS}
            if faces is not None:
                assert json.loads(faces) == {"type": "face_up", "table": "3B", "seq": seq, "players": PLAYERS,
                                             "observations": [game.observe(s).to_dict() for s in range(4)]}
            moments += 1
            if game.is_over:
                break
            before = game.hand_number
            if rng.random() < 0.05:
                game = game.sena(rng.randrange(4), rng.choice(senas))
            else:
                game = game.apply(careless(game.observe(game.to_move or 0), rng))
            hands += game.hand_number != before
            seq += 1
    assert moments > 200 and hands > 5


def test_merged_objects_keep_every_key() -> None:
    assert json.loads(merged(b'{"a":1}', b"{}", b'{"b":[2],"c":"}"}')) == {"a": 1, "b": [2], "c": "}"}
    assert repr(StateWriter()) == "<StateWriter no hand over yet>"
