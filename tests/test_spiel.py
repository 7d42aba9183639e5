"""The OpenSpiel-style view (mus_widget.bots.spiel) and, where pyspiel imports, Mus registered with OpenSpiel."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from mus_widget.bots.spiel import (
    CHANCE,
    INFORMATION_SIZE,
    OBSERVATION_SIZE,
    TERMINAL,
    SpielState,
    action_id,
    action_text,
    deal_outcomes,
    draw_outcomes,
    legal_ids,
    num_actions,
)
from mus_widget.engine.game import Game
from mus_widget.engine.rules import Rules

RULES = Rules(target=10)


def played(seed: int, steps: int | None = None, deals: int = 64) -> list[SpielState]:
    """Every state of a random game from the root (``steps`` actions at most after the deal)."""
    rng = random.Random(seed)
    states = [SpielState.initial(RULES, deals)]
    states.append(states[-1].child(rng.randrange(deals)))
    while not states[-1].is_terminal() and (steps is None or len(states) < steps + 2):
        states.append(states[-1].child(rng.choice(states[-1].legal_actions())))
    return states


def test_the_root_is_one_chance_node_over_the_seeds_and_the_seed_deals_the_game() -> None:
    root = SpielState.initial(RULES, deals=8)
    assert root.current_player() == CHANCE and root.chance_outcomes() == deal_outcomes(8)
    assert [p for _, p in root.chance_outcomes()] == [1 / 8] * 8
    assert sum(p for _, p in deal_outcomes()) == pytest.approx(1)
    child = root.child(5)
    assert child.game is not None and child.game.seed == 5
    assert child.game.hands == Game.new(seed=5, rules=RULES).hands
    with pytest.raises(ValueError, match="0 to 7"):
        root.child(8)
    with pytest.raises(AssertionError):
        child.chance_outcomes()


def test_action_ids_map_to_the_engines_actions_and_back() -> None:
    assert num_actions(RULES) == 21 + 9
    for state in played(3)[1:]:
        game = state.game
        assert game is not None
        if game.is_over:
            assert state.current_player() == TERMINAL and state.legal_actions() == []
            continue
        ids = legal_ids(game)
        assert ids == sorted(ids) and all(0 <= i < num_actions(RULES) for i in ids)
        for text in game.legal_actions():
            assert action_text(game, action_id(game, text)) == text
        for i in ids:
            game.apply(action_text(game, i))  # every id said legal is legal to the engine


def test_information_state_is_everything_seen_in_order_and_grows_by_appending() -> None:
    states = played(7)
    for before, after in itertools.pairwise(states[1:]):
        for seat in range(4):
            old, new = before.information_state_string(seat), after.information_state_string(seat)
            assert new.startswith(old)
    last = states[-1]
    assert last.is_terminal() and sorted(last.returns()) == [-1.0, -1.0, 1.0, 1.0]
    first = states[1].information_state_string(0).splitlines()
    assert first[0] == "seat 0" and first[1] == f"hand {states[1].game.hands[0]}"  # type: ignore[union-attr]
    assert all(str(states[1].game.hands[s]) not in states[1].information_state_string(0)  # type: ignore[union-attr]
               for s in (1, 2, 3))


def test_hidden_cards_stay_hidden_in_the_views_of_a_seat() -> None:
    """Two deals that give seat 0 the same cards and differ elsewhere look the same to seat 0 at the start."""
    a = Game.from_deal(["1o 1c 1e 1b", "12o 12c 12e 12b", "7o 6o 5o 4o", "3c 2c 11c 10c"], mano=0, rules=RULES)
    b = Game.from_deal(["1o 1c 1e 1b", "3c 2c 11c 10c", "12o 12c 12e 12b", "7o 6o 5o 4o"], mano=0, rules=RULES)
    views = [SpielState.dealt(game, deals=8) for game in (a, b)]
    assert views[0].information_state_string(0) == views[1].information_state_string(0)
    assert views[0].observation_string(0) == views[1].observation_string(0)
    assert views[0].observation_tensor(0) == views[1].observation_tensor(0)
    assert views[0].information_state_tensor(0) == views[1].information_state_tensor(0)
    assert views[0].observation_string(1) != views[1].observation_string(1)


def test_tensors_have_fixed_sizes_and_show_the_seats_cards() -> None:
    for state in played(11, steps=40):
        for seat in range(4):
            observation = state.observation_tensor(seat)
            assert len(observation) == OBSERVATION_SIZE and observation[seat] == 1.0
            assert len(state.information_state_tensor(seat)) == INFORMATION_SIZE
            if state.game is not None:
                hand = state.game.hands[seat]
                assert [i for i in range(40) if observation[4 + i]] == sorted(c.index for c in hand.cards)


def test_draws_are_chance_outcomes_over_the_cards_a_seat_cannot_see() -> None:
    game = Game.new(seed=2, rules=RULES)
    while game.phase.value != "discard":
        game = game.apply("mus")
    seat = game.to_move
    assert seat is not None and draw_outcomes(game, seat) == {}
    cards = game.hands[seat].cards
    game = game.apply(f"discard {cards[0]} {cards[1]}")
    chances = draw_outcomes(game, seat)
    assert len(chances) == 36 and set(chances.values()) == {Fraction(2, 36)} and sum(chances.values()) == 2
    assert not set(chances) & set(cards)


@pytest.mark.parametrize("seed", [1, 4])
def test_serialize_round_trips_every_state(seed: int) -> None:
    for state in played(seed):
        text = state.serialize()
        again = SpielState.deserialize(text)
        assert again == state and again.serialize() == text
        assert [again.information_state_string(s) for s in range(4)] == [state.information_state_string(s)
                                                                           for s in range(4)]
    assert SpielState.deserialize(SpielState.initial(RULES, 8).serialize()).current_player() == CHANCE
    scripted = SpielState.dealt(Game.from_deal(["1o 1c 1e 1b", "12o 12c 12e 12b", "7o 6o 5o 4o", "3c 2c 11c 10c"],
                                               rules=RULES)).child(0)
    assert SpielState.deserialize(scripted.serialize()) == scripted


def test_openspiel_plays_mus_in_its_own_random_simulation_test() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'mus-widget[spiel]'")
    from mus_widget.bots.openspiel import NAME, register

    register()
    register()
    assert NAME in pyspiel.registered_names()
    game = pyspiel.load_game(NAME, {"target": 10, "deals": 100})
    assert game.num_players() == 4 and game.num_distinct_actions() == num_actions(RULES)
    assert game.max_chance_outcomes() == 100
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 100
    state.apply_action(7)
    assert state.information_state_string(0) == played_from(7).information_state_string(0)
    assert len(state.information_state_tensor(0)) == INFORMATION_SIZE
    assert len(state.observation_tensor(2)) == OBSERVATION_SIZE
    assert state.legal_actions() == played_from(7).legal_actions()


def played_from(seed: int) -> SpielState:
    return SpielState.initial(RULES, 100).child(seed)
