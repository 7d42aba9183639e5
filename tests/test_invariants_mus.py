"""Mus after mus under the referee: the forty cards through every serve and reshuffle, and the mus corrido."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus_widget as mw
from support.invariants import Referee
from support.random_play import random_deal


@given(seed=st.integers(0, 2**40), sizes=st.lists(st.integers(1, 4), min_size=4, max_size=24), mano=st.integers(0, 3))
def test_long_mus_keeps_the_forty_cards_through_every_reshuffle(seed: int, sizes: list[int], mano: int) -> None:
    """Mus after mus with discards of drawn sizes (4-card discards empty the 24-card stock in two rounds):
    after every action the referee finds the 40 cards exactly once among hands, stock and discards, every
    hand four distinct cards, and each serve and reshuffle as the rules say."""
    rng = random.Random(seed)
    game = mw.Game.from_deal(random_deal(rng), mano=mano, seed=seed)
    referee = Referee(game)
    for size in sizes:
        for action in ("mus", "mus", "mus", "mus") if game.phase is mw.Phase.MUS else ():
            nxt = game.apply(action)
            referee.step(game, action, nxt)
            game = nxt
        assert game.to_move is not None
        action = "discard " + " ".join(map(str, rng.sample(game.hands[game.to_move].cards, size)))
        nxt = game.apply(action)
        referee.step(game, action, nxt)
        game = nxt


def test_the_referee_checks_the_serve() -> None:
    """A forged serve (the postre drawing back its own discards, or served before the postre discarded) is refused."""
    game = mw.Game.from_deal(["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"], seed=1)
    for action in ("mus", "mus", "mus", "mus", "discard 12o"):
        game = game.apply(action)
    nxt = game.apply("discard 1o")
    forged = replace(nxt, _deal=replace(nxt._deal, hands=(game.hands[0], mw.Hand.parse("1c 4o 5o 6e"), *nxt.hands[2:])))
    with pytest.raises(AssertionError, match="until served"):
        Referee(game).step(game, "discard 1o", forged)
    game = nxt.apply("discard 7o").apply("discard 3o")
    played = game.apply("mus").apply("mus").apply("mus").apply("mus")
    for action in ("discard 12c 11o 11c", "discard 1c 4o 5o", "discard 7c 6o 10o"):
        played = played.apply(action)
    postre = played.hands[3]
    nxt = played.apply("discard " + " ".join(map(str, postre.cards)))
    Referee(played).step(played, "discard " + " ".join(map(str, postre.cards)), nxt)
    stock = tuple(c for c in nxt.stock if c not in postre.cards) + nxt.hands[3].cards
    forged = replace(nxt, _deal=replace(nxt._deal, hands=(*nxt.hands[:3], postre), stock=stock))
    with pytest.raises(AssertionError):
        Referee(played).step(played, "discard " + " ".join(map(str, postre.cards)), forged)


def test_mus_corrido_first_hand_allows_only_mus_at_first() -> None:
    game = mw.Game.new(seed=5, rules=mw.Rules(mus_corrido_first_hand=True))
    assert game.legal_actions() == ["mus"]
    with pytest.raises(mw.IllegalActionError):
        game.apply("no-mus")
    for _ in range(4):
        game = game.apply("mus")
    for _ in range(4):
        game = game.apply(game.legal_actions()[0])
    assert game.phase is mw.Phase.MUS and "no-mus" in game.legal_actions()
