"""An environment policy at the table or in the arena: :func:`policy_team` turns a function
``policy(observation_vector, action_mask) -> action id`` into a bot class with ``decide(observation)``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.base import Decision
from ..engine.log import Event
from ..engine.observation import Observation
from ..engine.scoring import Reason
from .aec import check_action_id
from .encoding import ENVIDO_CAP, Catalogue, IllegalActionIdError, encode

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
"""A function of an observation vector and its action mask returning an action id (an int or NumPy integer)."""


def policy_team(policy: Policy, *, envido_cap: int = ENVIDO_CAP, name: str | None = None) -> type:
    """A bot class playing ``policy`` (one made for every seat): ``mus_widget.arena.run(policy_team(fn), "novice")``.
    The policy sees exactly the environment's vector and mask. When it picks a seña, the bot asks it again with
    that seña made (as the environment would) and returns both in one :class:`Decision`."""
    catalogue = Catalogue(envido_cap)

    class PolicyBot:
        """A bot deciding by an environment policy."""

        def decide(self, obs: Observation) -> Decision:
            sena: str | None = None
            for _ in range(2):
                mask = catalogue.mask(obs)
                action_id = check_action_id(policy(encode(obs), mask), catalogue.size)
                if not mask[action_id]:
                    legal = [int(i) for i in np.flatnonzero(mask)]
                    raise IllegalActionIdError(
                        f"the policy chose action id {action_id} ({catalogue.describe(action_id)}), not legal for "
                        f"seat_{obs.seat} in {obs.phase.value}: the legal ids are {legal}")
                made = catalogue.action(action_id, obs)
                if not isinstance(made, str):
                    return Decision(made.text, Reason("explain.own", (("action", made.text), ("bot", bot_name))),
                                    sena)
                sena = made
                told = Event("sena", obs.seat, obs.phase.value, (("sena", made),))
                obs = dataclasses.replace(obs, log=(*obs.log, told))
            raise IllegalActionIdError(f"the policy made a second seña ({sena}) for seat_{obs.seat} in one turn")

    bot_name: str = name or str(getattr(policy, "__name__", "policy"))
    PolicyBot.__name__ = PolicyBot.__qualname__ = f"policy_team({bot_name})"
    return PolicyBot
