"""How the tests' and benchmarks' scripted students choose a move."""

from __future__ import annotations

import random
from collections.abc import Sequence


def careless(legal: Sequence[str], rng: random.Random) -> str:
    """A legal action as a student in a hurry might choose: mostly mus and paso, an órdago now and then."""
    actions = list(legal)
    if "no-mus" in actions and rng.random() < 0.5:
        return "no-mus"
    weights = [0.03 if a == "ordago" else 2.0 if a in ("paso", "mus", "quiero") else 1.0 for a in actions]
    return rng.choices(actions, weights)[0]
