"""Random play for the invariant tests: a random player of a few styles, random deals, the rule variants, and
whole matches played under the referee, checking too that ``apply`` is a pure function that leaves the old state
alone."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

import mus_widget as mw
from support.invariants import Referee, snapshot

MAX_STEPS = 4000
"""Actions a match may take before :func:`play_checked` stops following it."""

RULE_VARIANTS = (
    mw.Rules(),
    mw.Rules(target=30),
    mw.Rules(kings=4),
    mw.Rules(real_31=True),
    mw.Rules(team_consent=False),
    mw.Rules(negadas_at_count=True),
    mw.Rules(mus_corrido_first_hand=True),
    mw.Rules(games=3),
    mw.Rules(target=30, kings=4, team_consent=False, negadas_at_count=True, games=3),
    mw.Rules(target=10, mus_corrido_first_hand=True, real_31=True, games=3),
)
"""Each rule option alone, and two mixes of them."""


@dataclass(frozen=True)
class Style:
    """How a random player leans: how often it asks for mus, bets an órdago, accepts, bets big."""

    p_mus: float
    ordago: float
    quiero: float
    wide: float


STYLES = (
    Style(p_mus=0.5, ordago=0.05, quiero=1.0, wide=0.1),
    Style(p_mus=0.9, ordago=0.0, quiero=0.5, wide=0.05),
    Style(p_mus=0.3, ordago=1.0, quiero=2.0, wide=0.5),
    Style(p_mus=0.7, ordago=0.2, quiero=0.2, wide=1.0),
)

styles = st.builds(
    Style,
    p_mus=st.sampled_from([0.2, 0.5, 0.8, 0.95]),
    ordago=st.sampled_from([0.0, 0.02, 0.2, 1.0]),
    quiero=st.sampled_from([0.2, 1.0, 3.0]),
    wide=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
)
"""Playing styles for hypothesis to draw."""


def choose(game: mw.Game, rng: random.Random, style: Style) -> str:
    """A random legal action; an envido raise gets a random amount anywhere in its legal range."""
    legal = game.legal_actions()
    if game.phase is mw.Phase.MUS:
        if "no-mus" in legal and rng.random() >= style.p_mus:
            return "no-mus"
        return "mus"
    if game.phase is mw.Phase.DISCARD:
        return rng.choice(legal)
    weight = {"paso": 2.0, "quiero": style.quiero, "no-quiero": 1.0, "ordago": style.ordago}
    action = rng.choices(legal, [weight.get(a, 1.0) for a in legal])[0]
    if action.startswith("envido"):
        amount = int(action.split()[1])
        proposal = game.betting.proposal if game.betting is not None else None
        confirming = proposal is not None and proposal.kind is mw.Kind.ENVIDO and proposal.amount == amount
        if not confirming:
            top = game.rules.target  # docs: an envido goes from its smallest up to the game's target
            if rng.random() < style.wide:
                amount = rng.randint(amount, top)
            else:
                amount = rng.randint(amount, min(top, amount + 3))
        action = f"envido {amount}"
    return action


def random_deal(rng: random.Random) -> list[str]:
    """Four random hands of four, South's first, for ``Game.from_deal``."""
    cards = rng.sample(mw.DECK, 16)
    return [" ".join(str(c) for c in cards[i : i + 4]) for i in range(0, 16, 4)]


def play_checked(game: mw.Game, rng: random.Random, style: Style, twice: bool = True) -> Referee:
    """Play a match to the end (or MAX_STEPS), checking every step; return the referee for coverage."""
    referee = Referee(game)
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        action = choose(game, rng, style)
        before = snapshot(game)
        nxt = game.apply(action)
        assert snapshot(game) == before, f"apply({action!r}) changed the old state"
        if twice:
            again = game.apply(action)
            assert again.record() == nxt.record()
            assert snapshot(again) == snapshot(nxt), f"apply({action!r}) twice gave two different states"
        referee.step(game, action, nxt)
        game = nxt
    return referee
