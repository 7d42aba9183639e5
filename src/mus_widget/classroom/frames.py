"""The server's ``state`` and ``face_up`` frames, written once per move for all the seats of a table.

A move sends each of a table's four seats its own observation. Most of it is the same for every seat
(``Observation.public_dict``: the log, the previous hand, the scores), so it is serialised once and each seat's
frame adds only its own part (``own_dict``: its cards and legal actions); the previous hand, the largest part,
is serialised once per hand. The frames are UTF-8 JSON text, byte for byte what ``json.loads`` reads back as
``{"type": "state", "table", "seq", "observation": observe(seat).to_dict(), "players"}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import orjson

from ..engine.game import Game
from ..engine.log import HandSummary


def merged(*objects: bytes) -> bytes:
    """JSON objects' texts made one object (their keys are disjoint)."""
    return b"{" + b",".join(text[1:-1] for text in objects if text != b"{}") + b"}"


class StateWriter:
    """Writes one table's frames; keeps the JSON of the previous hand until the next hand ends."""

    def __init__(self) -> None:
        self._last_hand: tuple[HandSummary | None, bytes] = (None, b'{"last_hand":null}')

    def __repr__(self) -> str:
        last = self._last_hand[0]
        return f"<StateWriter {'no hand over yet' if last is None else f'hand {last.hand_number} over'}>"

    def observations(self, game: Game, seats: Iterable[int]) -> dict[int, bytes]:
        """``observe(seat).to_dict()`` of each of ``seats`` as JSON."""
        views = {seat: game.observe(seat) for seat in seats}
        if not views:
            return {}
        first = next(iter(views.values()))
        last = first.last_hand
        if last is not self._last_hand[0]:
            self._last_hand = (last, orjson.dumps({"last_hand": None if last is None else last.to_dict()}))
        public = replace(first, last_hand=None).public_dict()
        del public["last_hand"]
        shared = merged(orjson.dumps(public), self._last_hand[1])
        return {seat: merged(orjson.dumps(view.own_dict()), shared) for seat, view in views.items()}

    def frames(self, game: Game, table: str, seq: int, players: list[dict[str, Any]], *, seats: Iterable[int],
               face_up: bool) -> tuple[dict[int, bytes], bytes | None]:
        """Each of ``seats``' ``state`` frame, and the ``face_up`` frame of all four if ``face_up``."""
        seats = list(seats)
        wanted = set(seats) | (set(range(4)) if face_up else set())
        observations = self.observations(game, sorted(wanted))
        head = b'"table":' + orjson.dumps(table) + b',"seq":' + str(seq).encode()
        tail = b'"players":' + orjson.dumps(players) + b"}"
        states = {seat: b'{"type":"state",' + head + b',"observation":' + observations[seat] + b"," + tail
                  for seat in seats}
        faces = None
        if face_up:
            faces = (b'{"type":"face_up",' + head + b',"observations":['
                     + b",".join(observations[seat] for seat in range(4)) + b"]," + tail)
        return states, faces
