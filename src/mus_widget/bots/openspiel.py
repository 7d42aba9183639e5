"""Mus as an OpenSpiel game (``pip install 'mus-widget[spiel]'``): :func:`register` makes ``python_mus`` known
to ``pyspiel``, so that OpenSpiel's algorithms and tests run on it::

    from mus_widget.bots.openspiel import register
    import pyspiel
    register()
    game = pyspiel.load_game("python_mus", {"target": 10})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

Each state wraps a :class:`~.spiel.SpielState`: its one chance node is the root, a seed among ``deals`` that
deals every hand and every draw of the game (the engine shuffles from seeded RNGs). Only this module imports
``pyspiel`` and numpy; nothing else of the package imports it.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyspiel

from ..engine.rules import Rules
from .spiel import DEALS, INFORMATION_SIZE, OBSERVATION_SIZE, SpielState, num_actions

NAME: Final = "python_mus"
MAX_GAME_LENGTH: Final = 100_000
"""OpenSpiel wants a bound; the engine has none (every mus round may end in mus again), so it is far above any
game played."""
DEFAULTS: Final[dict[str, Any]] = {"deals": DEALS, "target": Rules().target}


def _game_type() -> Any:
    kind = pyspiel.GameType
    return kind(
        short_name=NAME, long_name="Mus (mus-widget)", dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC, information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM, reward_model=kind.RewardModel.TERMINAL, max_num_players=4,
        min_num_players=4, provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True, parameter_specification=DEFAULTS)


class MusGame(pyspiel.Game):  # type: ignore[misc]
    """Mus for OpenSpiel; parameters ``deals`` (the root's chance outcomes) and ``target``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**DEFAULTS, **(params or {})}
        self.rules = Rules(target=int(values["target"]))
        self.deals = int(values["deals"])
        info = pyspiel.GameInfo(num_distinct_actions=num_actions(self.rules), max_chance_outcomes=self.deals,
                                num_players=4, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(), info, values)

    def new_initial_state(self) -> MusState:
        return MusState(self, SpielState.initial(self.rules, self.deals))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MusObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MusObserver(recall)


class MusState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable :class:`SpielState`."""

    def __init__(self, game: MusGame, view: SpielState) -> None:
        super().__init__(game)
        self.view = view

    def current_player(self) -> int:
        return self.view.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.view.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.view.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.view = self.view.child(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.view.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.view.is_terminal()

    def returns(self) -> list[float]:
        return self.view.returns()

    def __str__(self) -> str:
        return self.view.serialize()


class MusObserver:
    """OpenSpiel's observer: the information state (``perfect_recall``) or the observation, as a string and as
    a tensor."""

    def __init__(self, perfect_recall: bool) -> None:
        self.recall = perfect_recall
        self.tensor = np.zeros(INFORMATION_SIZE if perfect_recall else OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MusState, player: int) -> None:
        view = state.view
        values = view.information_state_tensor(player) if self.recall else view.observation_tensor(player)
        self.tensor[:] = values

    def string_from(self, state: MusState, player: int) -> str:
        view = state.view
        return view.information_state_string(player) if self.recall else view.observation_string(player)


def register() -> None:
    """Make ``python_mus`` known to ``pyspiel`` (once; again does nothing)."""
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(), MusGame)


__all__ = ["NAME", "MusGame", "MusObserver", "MusState", "register"]
