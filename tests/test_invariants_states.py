"""States are values: nothing can assign to one or change it later, and the referee refuses forged ones."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, fields, replace

import pytest

import mus_widget as mw
from support.invariants import Referee, snapshot
from support.random_play import RULE_VARIANTS, STYLES, choose


def test_the_referee_is_not_a_tautology() -> None:
    """Forged states (points from nowhere, a card twice, a game going on past the target) are refused."""
    game = mw.Game.new(seed=11)
    nxt = game.apply("no-mus")
    Referee(game).step(game, "no-mus", nxt)
    forged = replace(nxt, _match=replace(nxt._match, scores=(3, 0)))
    with pytest.raises(AssertionError, match="not explained"):
        Referee(game).step(game, "no-mus", forged)
    forged = replace(nxt, _deal=replace(nxt._deal, stock=(*nxt.stock[:-1], nxt.hands[0].cards[0])))
    with pytest.raises(AssertionError, match="twice or missing"):
        Referee(game).step(game, "no-mus", forged)
    forged = replace(nxt, _match=replace(nxt._match, scores=(40, 0)))
    with pytest.raises(AssertionError, match="game goes on"):
        Referee(game).step(game, "no-mus", forged)


def test_a_game_and_its_parts_cannot_be_changed() -> None:
    """Assigning or deleting any attribute of a state, or of the parts it shares with the states around it,
    raises: the only way to another state is a step, or a constructor."""
    game = mw.Game.new(seed=3).apply("no-mus").apply("envido 2")
    for name in [f.name for f in fields(game)]:
        with pytest.raises(FrozenInstanceError):
            setattr(game, name, None)
        with pytest.raises(FrozenInstanceError):
            delattr(game, name)
    # Other names: AttributeError, or TypeError before Python 3.12 (a frozen slotted dataclass's quirk)
    for name in ("scores", "phase", "log", "anything"):
        with pytest.raises((AttributeError, TypeError)):
            setattr(game, name, None)
        with pytest.raises((AttributeError, TypeError)):
            delattr(game, name)
    for part in (game._match, game._deal):
        for name in [f.name for f in fields(part)]:
            with pytest.raises(FrozenInstanceError):
                setattr(part, name, None)
    assert game.scores == (0, 0) and game.phase is mw.Phase.GRANDE and game.actions == ("no-mus", "envido 2")


def parts(game: mw.Game) -> tuple[object, ...]:
    """A state's fields (by identity: the chains are shared) and the values in its match and deal parts."""
    return (
        tuple(id(getattr(game, f.name)) for f in fields(game)),
        tuple(getattr(game._match, f.name) for f in fields(game._match)),
        tuple(getattr(game._deal, f.name) for f in fields(game._deal)),
    )


def test_no_later_step_changes_an_earlier_state() -> None:
    """Every state of whole matches (señas, discards, reshuffles, vacas) is as it was made once the match is
    over: the parts and chains a step shares with the states before it are never changed by a later one."""
    rng = random.Random(8)
    for seed in range(12):
        game = mw.Game.new(seed=seed, rules=RULE_VARIANTS[seed % len(RULE_VARIANTS)])
        taken = []
        while not game.is_over:
            taken.append((game, parts(game), snapshot(game), game.record()))
            if rng.random() < 0.1:
                game = game.sena(rng.randrange(4), rng.choice(mw.CATALOGUE).id)
            else:
                game = game.apply(choose(game, rng, STYLES[seed % len(STYLES)]))
        for state, held, seen, record in taken:
            assert (parts(state), snapshot(state), state.record()) == (held, seen, record)
