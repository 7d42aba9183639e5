"""Mus for reinforcement learning: a PettingZoo AEC environment (:class:`MusEnv`, made by :func:`env`), a batch
of matches stepped together (:class:`VectorMus`) and :func:`policy_team` to play a policy in the arena.

Needs the ``env`` extra: ``pip install "mus-widget[env]"`` (PettingZoo, Gymnasium, NumPy). docs/ai.md lists the
action ids, the observation's slots and the rewards.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - the test extra installs them
    raise ImportError(f"mus_widget.env needs the env extra (pip install 'mus-widget[env]'): {missing}") from missing

from .aec import AGENTS, MusEnv, env, hand_reward, raw_env, view_text
from .encoding import ENVIDO_CAP, LAYOUT, OFFSETS, SIZE, Catalogue, IllegalActionIdError, encode
from .policy import policy_team
from .vector import Batch, VectorMus

__all__ = [
    "AGENTS", "ENVIDO_CAP", "LAYOUT", "OFFSETS", "SIZE", "Batch", "Catalogue", "IllegalActionIdError", "MusEnv",
    "VectorMus", "encode", "env", "hand_reward", "policy_team", "raw_env", "view_text",
]
