"""Mus as a PettingZoo AEC environment: agents ``seat_0``..``seat_3``, one fixed ``Discrete`` action space, an
observation ``Box`` with an ``action_mask``, team rewards (docs/ai.md says what each slot and reward means).

Unlike PettingZoo's usual wrappers (which end the game or warn on an illegal move), an illegal action id raises
:class:`IllegalActionIdError` naming the id, the seat, the phase and the legal ids, and the state is unchanged.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..engine.errors import quoted
from ..engine.game import Game
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.seats import SEAT_NAMES, team_of
from .encoding import ENVIDO_CAP, SIZE, Catalogue, IllegalActionIdError, encode

AGENTS: Final = ("seat_0", "seat_1", "seat_2", "seat_3")
SEED_BITS: Final = 63
"""A game's seed is drawn from the environment's own generator, ``np_random``, with this many bits."""
RENDER_MODES: Final = ("human", "ansi")


def hand_reward(before: Game, after: Game) -> float:
    """Team 0's reward for the step from ``before`` to ``after`` (team 1 gets its negative): +1 or -1 when a game
    is won, else (team 0's points - team 1's points scored in the step) / target."""
    if after.games_won != before.games_won:
        return 1.0 if after.games_won[0] > before.games_won[0] else -1.0
    gained = (after.scores[0] - before.scores[0]) - (after.scores[1] - before.scores[1])
    return gained / after.rules.target


def check_action_id(action: object, size: int) -> int:
    """``action`` as an int id of a catalogue of ``size`` (NumPy integers accepted), or a clear error."""
    if isinstance(action, np.integer):
        action = int(action)
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < size:
        raise IllegalActionIdError(f"action {quoted(action)} is not an action id: the ids are 0 to {size - 1}")
    return action


Seen: TypeAlias = tuple[Game, Observation, npt.NDArray[np.int8]]
"""A state, its mover's observation and that observation's mask, as last given to an agent (kept so that the
step that follows does not work them out again)."""


def play_id(game: Game, catalogue: Catalogue, action: object, seen: Seen | None = None) -> tuple[Game, Observation]:
    """The state after the seat to move plays the id ``action`` (and the mover's observation before it); an
    illegal id raises :class:`IllegalActionIdError`, and ``game`` is immutable, so nothing changes. ``seen``, if it
    is of this very state and its mover, spares observing it again."""
    action_id = check_action_id(action, catalogue.size)
    seat = game.to_move
    if seat is None:
        raise IllegalActionIdError(f"action id {action_id} cannot be played: the match is over")
    if seen is not None and seen[0] is game and seen[1].seat == seat:
        _, obs, mask = seen
    else:
        obs = game.observe(seat)
        mask = catalogue.mask(obs)
    if not mask[action_id]:
        legal = [int(i) for i in np.flatnonzero(mask)]
        raise IllegalActionIdError(
            f"action id {action_id} ({catalogue.describe(action_id)}) is not legal for seat_{seat} "
            f"({SEAT_NAMES[seat]}) in {game.phase.value}: the legal ids now are {legal} "
            f"({', '.join(catalogue.describe(i) for i in legal)})")
    made = catalogue.action(action_id, obs)
    return (game.sena(seat, made) if isinstance(made, str) else game.apply(made, seat)), obs


class MusEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type hints
    """A match of Mus as an AEC environment. Rule options are keyword arguments (the fields of :class:`Rules`);
    ``envido_cap`` is the largest envido with an id, ``max_steps`` truncates a match after so many steps."""

    metadata: Final = {"render_modes": list(RENDER_MODES), "name": "mus_v0", "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None, *, envido_cap: int = ENVIDO_CAP, max_steps: int | None = None,
                 **rules: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise IllegalActionIdError(f"render_mode must be one of {RENDER_MODES} or None, not {quoted(render_mode)}")
        self.rules = Rules(**rules)
        self.catalogue = Catalogue(envido_cap)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = list(AGENTS)
        n = self.catalogue.size
        self.action_spaces = {agent: spaces.Discrete(n) for agent in AGENTS}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
        }) for agent in AGENTS}
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self.game: Game | None = None
        self._seen: Seen | None = None
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; the same ``seed`` gives the same match (its game seed comes from ``np_random``)."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.game = Game.new(seed=int(self.np_random.integers(0, 2**SEED_BITS)), rules=self.rules,
                             fast_deals=True)
        self.steps = 0
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        game = self._game()
        return AGENTS[game.to_move] if game.to_move is not None else self.agent_selection

    def _game(self) -> Game:
        if self.game is None:
            raise IllegalActionIdError("the environment has no match yet: call reset() first")
        return self.game

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation vector and action mask, from ``Game.observe`` of its seat only."""
        game = self._game()
        obs = game.observe(AGENTS.index(agent))
        mask = self.catalogue.mask(obs)
        self._seen = (game, obs, mask.copy())  # the agent may change its copy of the mask: the step checks ours
        return {"observation": encode(obs), "action_mask": mask}

    def step(self, action: object) -> None:
        """The agent to move plays ``action`` (an id); an illegal id raises and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self._game()
        after, _ = play_id(before, self.catalogue, action, self._seen)
        self.game = after
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        reward = hand_reward(before, after)
        for name in AGENTS:
            self.rewards[name] = reward if team_of(AGENTS.index(name)) == 0 else -reward
        if after.is_over:
            self.terminations = dict.fromkeys(AGENTS, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(AGENTS, True)
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the text of the selected agent's view; ``human``: in a notebook, the picture of its hand and
        that text (printed elsewhere). Only what that seat may see."""
        if self.render_mode is None:
            return None
        obs = self._game().observe(AGENTS.index(self.agent_selection))
        text = view_text(obs, self.catalogue)
        if self.render_mode == "ansi":
            return text
        try:
            from IPython.display import display
        except ImportError:
            print(text)
            return None
        from ..teaching.pictures import show_hand

        display(show_hand(obs.hand, rules=obs.rules))  # type: ignore[no-untyped-call]
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: a match is plain Python values."""


def view_text(obs: Observation, catalogue: Catalogue) -> str:
    """One seat's view as a few lines of text: who, the hand, the phase, the scores, whose turn, the legal ids."""
    mask = catalogue.mask(obs)
    legal = ", ".join(f"{i}: {catalogue.describe(int(i))}" for i in np.flatnonzero(mask))
    turn = "over" if obs.to_move is None else f"seat_{obs.to_move} ({SEAT_NAMES[obs.to_move]}) to move"
    calls = [f"seat_{e.seat} {e.get('action') or e.get('sena') or e.kind}" for e in obs.log
             if e.kind in ("call", "sena", "discard") and e.seat is not None][-8:]
    return "\n".join([
        f"seat_{obs.seat} ({SEAT_NAMES[obs.seat]}), team {obs.team}: {obs.hand}",
        f"game {obs.game_number}, hand {obs.hand_number}, {obs.phase.value}, mano seat_{obs.mano}; {turn}",
        f"scores {obs.scores[0]}-{obs.scores[1]} to {obs.rules.target}",
        f"last calls: {'; '.join(calls) or 'none'}",
        f"legal ids: {legal or 'none'}",
    ])


def env(render_mode: str | None = None, **options: Any) -> MusEnv:
    """A new :class:`MusEnv` (PettingZoo's usual name for an environment's maker); ``options`` as for it."""
    return MusEnv(render_mode, **options)


raw_env = MusEnv
