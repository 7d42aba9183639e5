"""``VectorMus(n)``: n independent matches stepped together, for batched training.

Mus is turn-based, so PettingZoo's parallel form (every agent acting at once) does not fit it. Here each of the
n matches has one seat to move; :meth:`VectorMus.step` takes one action id per match, for that seat, and returns
the stacked observations and masks of the seats to move next, with every seat's reward. A finished (or
truncated) match is replaced at once by a new one drawn from the vector's own generator; its row's ``done`` is
True for that step and the row then shows the new match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import team_of
from .aec import SEED_BITS, Seen, hand_reward, play_id
from .encoding import ENVIDO_CAP, SIZE, Catalogue, IllegalActionIdError, encode


@dataclass(frozen=True, slots=True)
class Batch:
    """One step of a :class:`VectorMus`: row i is match i. ``observations`` (n, SIZE) float32 and ``masks``
    (n, ids) int8 are the seat to move's, ``seats`` (n,) which seat that is; ``rewards`` (n, 4) are each seat's
    reward for the step just played (its team's); ``dones`` (n,) say a match ended (and a new one began)."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    seats: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]


class VectorMus:
    """``n`` independent matches; rule options as keyword arguments (the fields of :class:`Rules`)."""

    def __init__(self, n: int, *, seed: int | None = None, envido_cap: int = ENVIDO_CAP,
                 max_steps: int | None = None, **rules: Any) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise IllegalActionIdError(f"VectorMus needs a whole number of matches, at least 1, not {n!r}")
        self.n = n
        self.rules = Rules(**rules)
        self.catalogue = Catalogue(envido_cap)
        self.max_steps = max_steps
        self.rng = np.random.default_rng(seed)
        self.games: list[Game] = []
        self._seen: list[Seen] = []
        self.steps = np.zeros(n, dtype=np.int64)
        self.reset(seed)

    def _new_game(self) -> Game:
        return Game.new(seed=int(self.rng.integers(0, 2**SEED_BITS)), rules=self.rules,
                        fast_deals=True)

    def reset(self, seed: int | None = None) -> Batch:
        """n new matches (the same ``seed``, the same matches); rewards 0, no row done."""
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.games = [self._new_game() for _ in range(self.n)]
        self.steps[:] = 0
        return self._batch(np.zeros((self.n, 4), dtype=np.float32), np.zeros(self.n, dtype=np.bool_))

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Batch:
        """Each match's seat to move plays its id. An illegal id raises naming its row, and no match moves."""
        if len(actions) != self.n:
            raise IllegalActionIdError(f"VectorMus.step takes {self.n} action ids, one per match, not {len(actions)}")
        played = []
        for row, (game, action) in enumerate(zip(self.games, actions, strict=True)):
            try:
                played.append(play_id(game, self.catalogue, action, self._seen[row])[0])
            except IllegalActionIdError as error:
                raise IllegalActionIdError(f"match {row}: {error}") from None
        rewards = np.zeros((self.n, 4), dtype=np.float32)
        dones = np.zeros(self.n, dtype=np.bool_)
        self.steps += 1
        for row, (before, after) in enumerate(zip(self.games, played, strict=True)):
            reward = hand_reward(before, after)
            rewards[row] = [reward if team_of(seat) == 0 else -reward for seat in range(4)]
            self.games[row] = after
            if after.is_over or (self.max_steps is not None and self.steps[row] >= self.max_steps):
                dones[row] = True
                self.games[row] = self._new_game()
                self.steps[row] = 0
        return self._batch(rewards, dones)

    def _batch(self, rewards: npt.NDArray[np.float32], dones: npt.NDArray[np.bool_]) -> Batch:
        seats = np.array([game.to_move for game in self.games], dtype=np.int64)
        views = [game.observe(int(seat)) for game, seat in zip(self.games, seats, strict=True)]
        masks = [self.catalogue.mask(view) for view in views]
        self._seen = [(game, view, mask) for game, view, mask in zip(self.games, views, masks, strict=True)]
        return Batch(
            observations=np.stack([encode(view) for view in views]) if views else np.zeros((0, SIZE), np.float32),
            masks=np.stack(masks), seats=seats, rewards=rewards, dones=dones,
        )
