"""Whole matches at random under the referee: every rule variant, every playing style, near the target."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus_widget as mw
from support.random_play import MAX_STEPS, RULE_VARIANTS, STYLES, Style, choose, play_checked, random_deal, styles
from support.strategies import rules_options


@given(seed=st.integers(0, 2**40), rules=rules_options, style=styles)
def test_random_matches_keep_every_invariant(seed: int, rules: mw.Rules, style: Style) -> None:
    play_checked(mw.Game.new(seed=seed, rules=rules), random.Random(seed), style)


@given(
    seed=st.integers(0, 2**32),
    rules=rules_options,
    style=styles,
    lead=st.integers(0, 12),
    trail=st.integers(0, 40),
    mano=st.integers(0, 3),
)
@pytest.mark.slow
def test_scripted_deals_near_the_target_keep_every_invariant(
    *, seed: int, rules: mw.Rules, style: Style, lead: int, trail: int, mano: int
) -> None:
    """Games from from_deal starting close to the target: the end of the game is exercised on every hand."""
    top = rules.target - 1
    scores = (max(0, top - lead), min(top, trail))
    rng = random.Random(seed)
    game = mw.Game.from_deal(random_deal(rng), mano=mano, scores=scores, seed=seed, rules=rules)
    assert game.scores == scores
    play_checked(game, rng, style)


@pytest.mark.slow
def test_a_thousand_seeded_matches_keep_every_invariant() -> None:
    """A plain loop, the same every run: 1,000 seeds over the rule variants and playing styles."""
    seen: set[str] = set()
    over = 0
    for seed in range(1000):
        rules = RULE_VARIANTS[seed % len(RULE_VARIANTS)]
        style = STYLES[(seed // len(RULE_VARIANTS)) % len(STYLES)]
        referee = play_checked(mw.Game.new(seed=seed, rules=rules), random.Random(seed), style, twice=seed % 4 == 0)
        seen |= referee.seen
        over += referee.steps < MAX_STEPS
    assert over == 1000
    # the loop really went everywhere (a guard against a random player that never gets anywhere)
    assert seen >= {p.value for p in mw.Phase}
    assert seen >= {"ended by a negada", "ended by an ordago", "counted", "won mid-count", "reshuffle"}
    assert "reshuffle, own discards set aside" in seen
    outcomes = {
        f"{lance}:{outcome}"
        for lance in ("grande", "chica", "pares", "juego", "punto")
        for outcome in ("en_paso", "accepted", "rejected", "ordago")
    }
    outcomes |= {"pares:one_team", "pares:nobody", "juego:one_team"}
    assert seen >= outcomes, sorted(outcomes - seen)


def test_envido_amounts_run_from_two_to_the_target() -> None:
    for rules in (mw.Rules(), mw.Rules(target=30)):
        game = mw.Game.new(seed=3, rules=rules).apply("no-mus")
        assert "envido 2" in game.legal_actions()
        assert (bet := game.apply(f"envido {rules.target}").betting) is not None and bet.stake == rules.target
        with pytest.raises(mw.IllegalActionError, match=f"envido {rules.target + 1}"):
            game.apply(f"envido {rules.target + 1}")


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=repr)
def test_each_rule_variant_plays_to_the_end(rules: mw.Rules) -> None:
    """Every variant of the brief plays whole matches under the referee, in every playing style."""
    for n, style in enumerate(STYLES):
        seed = 1000 + n
        referee = play_checked(mw.Game.new(seed=seed, rules=rules), random.Random(seed), style)
        assert referee.steps < MAX_STEPS


def test_a_vaca_starts_each_game_at_zero() -> None:
    rules = mw.Rules(games=3, target=10)
    game = mw.Game.new(seed=2, rules=rules)
    rng = random.Random(2)
    games_seen = {1}
    while not game.is_over:
        prev = game
        game = game.apply(choose(game, rng, STYLES[0]))
        if game.game_number != prev.game_number:
            assert game.scores == (0, 0) and sum(game.games_won) == sum(prev.games_won) + 1
            games_seen.add(game.game_number)
    assert max(game.games_won) == 2 and games_seen >= {1, 2}
