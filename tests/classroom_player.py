"""A student's script in its own process: join a served table, play careless legal actions until the match is
over, and write every frame the seat received to a file (the tests look there for leaks).

    python tests/classroom_player.py URL TABLE NAME --seed 3 [--delay 0.1] [--frames FILE]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from classroom_support import careless
from mus_widget.classroom.client import RemoteSeat


class RecordingSeat(RemoteSeat):
    """A seat that keeps every frame the server sent it on its own."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.frames: list[dict[str, Any]] = []
        super().__init__(*args, **kwargs)

    def on_frame(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        super().on_frame(frame)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("table")
    parser.add_argument("name")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--frames", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seat = RecordingSeat(args.url, args.table, name=args.name, seat=None, token=None)
    print(json.dumps({"seat": seat.seat, "token": seat.token}), flush=True)
    actions = 0
    while True:
        obs = seat.wait_turn(timeout=120)
        if obs.is_over:
            break
        time.sleep(args.delay)
        seat.act(careless(obs, rng))
        actions += 1
    if args.frames is not None:
        args.frames.write_text(json.dumps(seat.frames))
    print(json.dumps({"over": True, "seq": seat.seq, "scores": list(obs.scores), "winner": obs.winner,
                      "actions": actions}), flush=True)
    seat.close()


if __name__ == "__main__":
    main()
