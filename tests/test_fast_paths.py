"""The engine's fast paths do exactly what the plain code they replace did: the shuffle's RNG and the mano's
draw, the frozen classes' ``__init__``, the betting transitions kept on each betting state (and their bound),
the discards made once a hand."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle
import random
from collections.abc import Iterator

import pytest

import mus_widget as mw
from mus_widget.engine import transitions
from mus_widget.engine.frozen import fast_init
from mus_widget.engine.match import _rng, _seat_drawn
from support.random_play import RULE_VARIANTS, STYLES, choose


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


def test_the_mano_drawn_is_the_one_randrange_draws() -> None:
    """A match's first mano is ``randrange(4)`` of its RNG, drawn without randrange's own layers."""
    for seed in (*range(200), 10**39, -(10**39) + 1):
        assert _seat_drawn(_rng(seed, 1, 1, -1)) == random.Random(f"mus:{seed}:1:1:-1").randrange(4)


def played(seeds: range) -> list[tuple[object, ...]]:
    """Random matches of each rule variant and style (raises of any size, señas): every state's record,
    log, observations and legal actions, as plain values."""
    seen: list[tuple[object, ...]] = []
    for seed in seeds:
        rng = random.Random(seed)
        game = mw.Game.new(seed=seed, rules=RULE_VARIANTS[seed % len(RULE_VARIANTS)])
        while not game.is_over:
            seen.append((game.legal_actions(), game.log, game.observe(seed % 4).to_dict()))
            if rng.random() < 0.05:
                game = game.sena(rng.randrange(4), rng.choice(mw.CATALOGUE).id)
            else:
                action = choose(game, rng, STYLES[seed % len(STYLES)])
                game = game.apply(mw.Action.parse(action) if rng.random() < 0.3 else action)
        seen.append((game.record(), game.log, game.last_count, game.last_hand))
    return seen


@pytest.fixture
def fresh_transitions(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No transition kept yet, the whole budget left (whatever other tests in this process played)."""
    transitions.opening.cache_clear()
    monkeypatch.setattr(transitions._Budget, "left", transitions.KEPT_TRANSITIONS)
    yield
    transitions.opening.cache_clear()


@pytest.mark.usefixtures("fresh_transitions")
def test_betting_calls_kept_or_worked_out_give_the_same_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call read from the transitions kept on a betting state leads where working it out leads: the same
    matches played with every transition kept, then again with none kept (fresh openings, no budget)."""
    played(range(24))  # keep what these matches meet
    assert transitions._Budget.left < transitions.KEPT_TRANSITIONS
    kept = played(range(24))
    transitions.opening.cache_clear()
    monkeypatch.setattr(transitions._Budget, "left", 0)
    assert played(range(24)) == kept
    assert transitions.opening(mw.Lance.GRANDE, (0, 1, 2, 3), 40, True)._next is None  # nothing was kept


@pytest.mark.usefixtures("fresh_transitions")
def test_the_transitions_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the budget nothing more is kept, and play goes on the same."""
    monkeypatch.setattr(transitions._Budget, "left", 5)
    played(range(3))
    assert transitions._Budget.left == 0


@pytest.mark.usefixtures("fresh_transitions")
def test_a_betting_pickles_and_copies_without_its_caches() -> None:
    """A betting state sent to another process (an observation to a bot's pool) or copied carries its fields,
    not the transitions and legal calls kept on it."""
    betting = mw.Game.new(seed=3).apply("no-mus").apply("envido 2").betting
    assert betting is not None and betting.legal() is not None
    mw.Game.new(seed=3).apply("no-mus").apply("envido 2").apply("quiero")  # the same shared state: a call kept
    assert betting._next is not None and "quiero" in betting._next
    for copied in (pickle.loads(pickle.dumps(betting)), copy.deepcopy(betting)):
        assert copied == betting and (copied._next, copied._legal) == (None, None)
        assert copied.legal() == betting.legal()


def test_a_hands_discards_are_its_subsets_in_order() -> None:
    """Every discard of a hand, fewest cards first and in the order of ``itertools.combinations``, each text
    naming the cards it holds in hand order."""
    rng = random.Random(5)
    for _ in range(50):
        hand = mw.Hand(tuple(rng.sample(mw.DECK, 4)))
        expected = {"discard " + " ".join(str(c) for c in combo): combo
                    for size in range(1, 5) for combo in itertools.combinations(hand.cards, size)}
        assert list(hand.discards().items()) == list(expected.items())
        assert hand.discards() is hand.discards()
