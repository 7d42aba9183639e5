"""The PettingZoo environment (issue 38): PettingZoo's own API and seed tests, no hidden information in a vector,
illegal ids refused with nothing changed, team rewards, the batch runner and a policy in the arena."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="mus_widget.env needs the env extra: pip install 'mus-widget[env]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

import mus_widget as mw
from mus_widget.arena import run
from mus_widget.engine.errors import RulesError
from mus_widget.env import (
    AGENTS,
    LAYOUT,
    SIZE,
    Catalogue,
    IllegalActionIdError,
    MusEnv,
    VectorMus,
    encode,
    env,
    policy_team,
)
from mus_widget.env.aec import play_id
from mus_widget.env.encoding import DISCARD_BASE, ENVIDO_BASE, MUS, NO_MUS, PASO, QUIERO, SENA_BASE


@pytest.mark.parametrize("options", [{}, {"team_consent": False, "kings": 4, "target": 30, "games": 3}])
def test_pettingzoo_api_and_seed_tests_pass(options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # a Dict observation with its mask, as PettingZoo's classic games
        api_test(env(**options), num_cycles=400)
        seed_test(lambda: env(**options), num_cycles=200)


def test_the_action_ids_cover_every_legal_action_and_only_legal_ones() -> None:
    catalogue = Catalogue(envido_cap=100)
    rng = random.Random(3)
    for seed in range(4):
        game = mw.Game.new(seed=seed, rules=mw.Rules(target=30))
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            obs = game.observe(seat)
            mask = catalogue.mask(obs)
            ids = [int(i) for i in np.flatnonzero(mask)]
            texts = {str(catalogue.action(i, obs)) for i in ids if not SENA_BASE <= i < ENVIDO_BASE}
            assert set(game.legal_actions()) <= texts  # envido ranges show as their smallest
            for i in ids:
                play_id(game, catalogue, i)  # every id the mask allows is accepted by the engine
            for i in set(range(catalogue.size)) - set(ids):
                with pytest.raises(IllegalActionIdError):
                    play_id(game, catalogue, i)
            game = play_id(game, catalogue, rng.choice([i for i in ids if not SENA_BASE <= i < ENVIDO_BASE]))[0]


def test_the_catalogue_is_fixed() -> None:
    catalogue = Catalogue()
    assert (MUS, NO_MUS, DISCARD_BASE, PASO, QUIERO, SENA_BASE, ENVIDO_BASE) == (0, 1, 2, 17, 18, 21, 31)
    assert catalogue.size == 31 + 9 and catalogue.describe(39) == "envido 10"
    assert catalogue.describe(DISCARD_BASE + 4) == "discard cards 0 2"  # mask 0b0101
    assert Catalogue(100).size == 130
    with pytest.raises(IllegalActionIdError, match="envido_cap"):
        Catalogue(101)
    assert sum(n for _, n, _ in LAYOUT) == SIZE


def _same_public_play(own: str, others_a: list[str], others_b: list[str], seed: int) -> int:
    """Play the same ids in two games that differ only in the hidden hands of seats 1..3, comparing seat 0's
    vector at every step of Grande and Chica (before anything is declared or shown); the steps compared."""
    catalogue = Catalogue()
    a = mw.Game.from_deal([own, *others_a], mano=1, seed=seed)
    b = mw.Game.from_deal([own, *others_b], mano=1, seed=seed)
    rng = random.Random(seed)
    compared = 0
    a, b = a.apply("no-mus"), b.apply("no-mus")
    while a.phase in (mw.Phase.GRANDE, mw.Phase.CHICA) and a.hand_number == 1:
        assert np.array_equal(encode(a.observe(0)), encode(b.observe(0)))
        assert np.array_equal(catalogue.mask(a.observe(0)), catalogue.mask(b.observe(0)))
        compared += 1
        seat = a.to_move
        assert seat is not None
        action = rng.choice([int(i) for i in np.flatnonzero(catalogue.mask(a.observe(seat)))])
        a, b = play_id(a, catalogue, action)[0], play_id(b, catalogue, action)[0]
    return compared


def test_other_seats_hidden_cards_never_reach_a_seats_vector() -> None:
    own = "12o 12c 11o 11c"
    first = ["1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"]
    second = ["4c 5c 6c 7e", "1b 4b 5b 6b", "12b 11b 10b 7b"]
    assert sum(_same_public_play(own, first, second, seed) for seed in range(12)) > 30
    # ...and the vector does show the seat's own cards: another own hand is another vector.
    here = mw.Game.from_deal([own, *first], mano=1)
    there = mw.Game.from_deal(["12o 12c 11o 7c", "1o 1c 4o 5o", "11c 7o 6o 10o", "3o 11e 10c 1e"], mano=1)
    assert not np.array_equal(encode(here.observe(0)), encode(there.observe(0)))
    assert np.array_equal(encode(here.observe(2))[:4], [0, 0, 1, 0])


def test_an_illegal_id_raises_naming_it_and_changes_nothing() -> None:
    table = env()
    table.reset(seed=5)
    game, agent = table.game, table.agent_selection
    seat = AGENTS.index(agent)
    with pytest.raises(IllegalActionIdError) as raised:
        table.step(PASO)  # no paso in the mus phase
    message = str(raised.value)
    assert isinstance(raised.value, ValueError)
    assert f"action id {PASO} (paso)" in message and f"seat_{seat}" in message and "in mus" in message
    assert "the legal ids now are [0, 1, 21," in message
    for bad in (-1, 40, 2.0, "mus", None):
        with pytest.raises(IllegalActionIdError, match=r"not an action id|not legal"):
            table.step(bad)
    assert table.game is game and table.agent_selection == agent and table.steps == 0
    assert table._cumulative_rewards == dict.fromkeys(AGENTS, 0.0)
    # The step checks the observation it gave the agent, not the agent's copy of the mask, however changed.
    table.observe(agent)["action_mask"][PASO] = 1
    with pytest.raises(IllegalActionIdError, match="not legal"):
        table.step(PASO)
    assert table.game is game
    table.step(MUS)
    assert table.game is not None and table.game is not game and table.game.actions == ("mus",)


def test_reset_with_a_seed_is_reproducible_and_rules_are_constructor_arguments() -> None:
    def played(seed: int) -> dict[str, object]:
        table = env(kings=4, target=20, real_31=True)
        table.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(60):
            if table.terminations[table.agent_selection]:
                break
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(int(rng.choice(np.flatnonzero(mask))))
        assert table.game is not None and table.game.rules == mw.Rules(kings=4, target=20, real_31=True)
        return table.game.record()

    assert played(7) == played(7) and played(7) != played(8)
    record = played(7)  # dealt fast (a hash a shuffle, record version 3), and it replays to the same match
    assert record["version"] == 3 and mw.Game.from_record(record).record() == record
    assert all(game.record()["version"] == 3 for game in VectorMus(2, seed=1).games)
    with pytest.raises(RulesError):
        env(kings=5)


def test_rewards_are_the_teams_points_then_the_game() -> None:
    table = env(target=10)
    table.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(AGENTS, 0.0)
    for agent in table.agent_iter(5000):
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert table.rewards["seat_0"] == table.rewards["seat_2"] == -table.rewards["seat_1"] \
            == -table.rewards["seat_3"]
    assert table.agents == []
    assert table.game is not None and table.game.is_over
    winner = table.game.winner
    assert winner is not None
    # each agent got all its team's rewards: the points over the target, then +1 or -1 for the game
    assert totals["seat_0"] == pytest.approx(totals["seat_2"]) and totals["seat_1"] == pytest.approx(-totals["seat_0"])
    assert (totals["seat_0"] > 0) == (winner == 0)


def test_render_shows_only_the_selected_seats_view() -> None:
    table = env(render_mode="ansi")
    table.reset(seed=1)
    assert table.game is not None
    seat = table.game.to_move
    assert seat is not None
    text = table.render()
    assert isinstance(text, str) and str(table.game.hands[seat]) in text and "legal ids: 0: mus" in text
    assert all(str(table.game.hands[other]) not in text for other in range(4) if other != seat)
    with pytest.raises(IllegalActionIdError, match="render_mode"):
        MusEnv(render_mode="rgb_array")


def test_the_batch_runner_steps_n_matches_and_starts_new_ones() -> None:
    def rollout(seed: int) -> list[float]:
        batch_env = VectorMus(3, seed=seed, target=10)
        batch = batch_env.reset(seed)
        rng = np.random.default_rng(seed)
        assert batch.observations.shape == (3, SIZE) and batch.masks.shape == (3, batch_env.catalogue.size)
        sums = np.zeros(4)
        finished = 0
        for _ in range(600):
            actions = [int(rng.choice(np.flatnonzero(mask))) for mask in batch.masks]
            batch = batch_env.step(actions)
            sums += batch.rewards.sum(axis=0)
            finished += int(batch.dones.sum())
        assert finished > 0 and sums[0] == pytest.approx(-sums[1])
        return [*sums, finished]

    assert rollout(4) == rollout(4)
    batch_env = VectorMus(2, seed=1)
    games = list(batch_env.games)
    with pytest.raises(IllegalActionIdError, match="match 1: action id 17"):
        batch_env.step([0, PASO])
    assert batch_env.games == games


def first_legal(vector: np.ndarray, mask: np.ndarray) -> int:
    """A policy: a seña when it may (the lowest), then the first legal id that is no seña."""
    ids = [int(i) for i in np.flatnonzero(mask)]
    senas = [i for i in ids if SENA_BASE <= i < ENVIDO_BASE]
    if senas and vector[SIZE - 40:].sum() == 0:
        return senas[0]
    return next(i for i in ids if not SENA_BASE <= i < ENVIDO_BASE)


def test_a_policy_plays_in_the_arena() -> None:
    result = run(policy_team(first_legal), "random", games=2, seed=3, time_limit=None, records=True)
    assert result.games == 2 and result.faults == (0, 0)
    assert result.team0 == "policy_team(first_legal)"
    assert any(record["senas"] for record in result.records)  # its señas were made too
