"""The engine's fast paths do exactly what the plain code they replace did: the shuffle's RNG, the frozen classes'
``__init__``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mus_widget.engine.frozen import fast_init
from mus_widget.engine.match import _rng


@pytest.mark.parametrize(("seed", "game", "hand", "shuffle"), [
    (0, 1, 1, 0), (1, 1, 1, 0), (2026, 3, 7, 2), (-5, 1, 2, 1), (10**39, 9, 40, 3), (-(10**39) + 1, 2, 1, 0),
])
def test_the_shuffles_rng_is_the_one_a_string_seed_makes(seed: int, game: int, hand: int, shuffle: int) -> None:
    plain = random.Random(f"mus:{seed}:{game}:{hand}:{shuffle}")
    fast = _rng(seed, game, hand, shuffle)
    assert fast.getstate() == plain.getstate()
    deck = list(range(40))
    again = list(range(40))
    fast.shuffle(deck)
    plain.shuffle(again)
    assert deck == again and fast.random() == plain.random() and fast.gauss(0, 1) == plain.gauss(0, 1)


@fast_init
@dataclasses.dataclass(frozen=True, slots=True)
class Stake:
    lance: str
    points: int = 1
    seen: bool = dataclasses.field(default=False, init=False)


def test_a_fast_init_class_is_still_a_frozen_dataclass() -> None:
    stake = Stake("grande", 3)
    assert (stake.lance, stake.points, stake.seen) == ("grande", 3, False)
    assert Stake("chica") == Stake("chica", 1) and repr(Stake("chica")) == "Stake(lance='chica', points=1, seen=False)"
    assert Stake(lance="pares", points=2).points == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        stake.points = 4  # type: ignore[misc]
    assert dataclasses.replace(stake, points=5) == Stake("grande", 5)
    with pytest.raises(TypeError):
        Stake()  # type: ignore[call-arg]
    assert "Stake" in Stake.__init__.__qualname__


def test_fast_init_refuses_a_class_whose_init_does_more() -> None:
    @dataclasses.dataclass(frozen=True)
    class Loose:
        value: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError(self.value)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed:
        values: list[int] = dataclasses.field(default_factory=list)

    for cls, why in ((Loose, "not a frozen, slotted"), (Checked, "__post_init__"), (Listed, "default factory")):
        with pytest.raises(TypeError, match=why):
            fast_init(cls)
