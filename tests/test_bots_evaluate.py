"""The expert weighs every option of a turn, from one seat's observation only, the way it decides.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

import pytest

from mus_widget import Action, Game, Kind, Phase
from mus_widget.bots import ExpertBot, make_bot
from mus_widget.bots.evaluation import Evaluation, batch_error, same_call
from mus_widget.bots.turns import step
from mus_widget.engine.actions import envido
from support.deals import REFERENCE_DEAL, SWAPPED_DEAL
from support.matches import EAST, NORTH, SOUTH, WEST


def moments(seed: int, hands: int = 3) -> list[Game]:
    """Every state of a game (an expert at South, novices elsewhere) in which South is to move."""
    bots = {SOUTH: make_bot("expert", seed), **{s: make_bot("novice", seed + s) for s in (EAST, NORTH, WEST)}}
    game, out = Game.new(seed=seed), []
    while not game.is_over and game.hand_number <= hands:
        if game.to_move == SOUTH:
            out.append(game)
        game = step(game, bots).game
    return out


def grande_facing_a_bet(deal: tuple[str, ...] = REFERENCE_DEAL) -> Game:
    """East is mano and bets Grande; North proposes no quiero; South answers for the team."""
    game = Game.from_deal(list(deal), mano=EAST, seed=3)
    for action in ("no-mus", "envido 2", "no-quiero"):
        game = game.apply(action)
    assert game.to_move == SOUTH
    return game


@pytest.mark.slow
def test_deciding_is_evaluating_and_taking_the_choice() -> None:
    for seed in (1, 2):
        for game in moments(seed):
            seen = game.observe(SOUTH)
            decision = ExpertBot(7).decide(seen)
            evaluation = ExpertBot(7).evaluate(seen, batches=4)
            assert (evaluation.choice.text, evaluation.reason) == (decision.action, decision.reason), game.phase
            assert evaluation.chosen.action == evaluation.choice


def test_in_a_lance_every_legal_call_is_weighed_each_envido_amount_included() -> None:
    seen = grande_facing_a_bet().observe(SOUTH)
    evaluation = ExpertBot(1).evaluate(seen)
    weighed = {str(o.action) for o in evaluation.options}
    assert seen.betting is not None
    legal = seen.betting.legal()
    every = {"quiero", "no-quiero", "ordago", *(f"envido {a}" for a in range(legal.raise_from, legal.raise_to + 1))}
    assert weighed == every
    assert all(0.0 <= o.chance <= 1.0 for o in evaluation.options)
    assert evaluation.lance_chance is not None and 0.0 <= evaluation.lance_chance <= 1.0


def test_asked_for_some_calls_it_weighs_its_own_candidates_and_those() -> None:
    seen = grande_facing_a_bet().observe(SOUTH)
    evaluation = ExpertBot(1).evaluate(seen, ["envido 17"])
    assert evaluation.of("envido 17").action == envido(17)
    assert {"quiero", "no-quiero", "ordago"} <= {str(o.action) for o in evaluation.options}
    with pytest.raises(KeyError, match="envido 23 was not weighed"):
        evaluation.of("envido 23")


def test_piedras_are_points_except_where_the_game_is_staked() -> None:
    evaluation = ExpertBot(1).evaluate(grande_facing_a_bet().observe(SOUTH))
    assert evaluation.of("ordago").piedras is None
    # Refusing a first bet pays its negada of 1, whatever the cards.
    assert evaluation.of("no-quiero").piedras == pytest.approx(-1.0)
    assert evaluation.of("quiero").piedras is not None


def test_at_the_discards_every_discard_is_weighed_and_the_choice_is_the_best() -> None:
    game = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH, seed=2)
    for action in ("mus", "mus", "mus", "mus"):
        game = game.apply(action)
    assert game.phase is Phase.DISCARD and game.to_move == SOUTH
    seen = game.observe(SOUTH)
    evaluation = ExpertBot(3).evaluate(seen)
    assert len(evaluation.options) == 15 and all(o.action.kind is Kind.DISCARD for o in evaluation.options)
    assert all(set(o.action.cards) <= set(seen.hand.cards) for o in evaluation.options)
    assert evaluation.chosen.piedras == max(o.piedras or 0.0 for o in evaluation.options)
    reversed_cards = Action(Kind.DISCARD, cards=tuple(reversed(evaluation.choice.cards)))
    assert same_call(evaluation.of(reversed_cards).action, evaluation.choice)


def test_at_the_mus_both_calls_are_weighed() -> None:
    seen = Game.from_deal(list(REFERENCE_DEAL), mano=SOUTH).observe(SOUTH)
    evaluation = ExpertBot(3).evaluate(seen)
    assert {str(o.action) for o in evaluation.options} == {"mus", "no-mus"}
    assert evaluation.lance_chance is None


def test_the_same_seed_weighs_the_same_another_draws_other_worlds() -> None:
    seen = grande_facing_a_bet().observe(SOUTH)
    assert ExpertBot(4).evaluate(seen, batches=4) == ExpertBot(4).evaluate(seen, batches=4)
    chances = {ExpertBot(seed).evaluate(seen).of("quiero").chance for seed in range(4)}
    assert len(chances) > 1


def test_batches_measure_how_far_each_option_may_be_off() -> None:
    seen = grande_facing_a_bet().observe(SOUTH)
    evaluation = ExpertBot(4).evaluate(seen, batches=8)
    assert evaluation.chosen.error == 0.0
    assert any(o.error > 0.0 for o in evaluation.options)
    assert all(o.error == 0.0 for o in ExpertBot(4).evaluate(seen).options)
    with pytest.raises(ValueError, match="batches"):
        ExpertBot(4).evaluate(seen, batches=1)
    # The batch means: equal batches give the standard error of their mean.
    assert batch_error([1.0, 3.0]) == pytest.approx(1.0)
    assert batch_error([2.0, 2.0, 2.0]) == 0.0


def test_the_evaluation_is_the_same_whatever_the_cards_the_seat_cannot_see() -> None:
    """East and West trade two cards that change none of their declarations: South sees the same table."""
    reference, swapped = grande_facing_a_bet(REFERENCE_DEAL), grande_facing_a_bet(SWAPPED_DEAL)
    assert reference.observe(SOUTH) == swapped.observe(SOUTH)
    assert reference.hands != swapped.hands
    one: Evaluation = ExpertBot(9).evaluate(reference.observe(SOUTH), batches=8)
    assert ExpertBot(9).evaluate(swapped.observe(SOUTH), batches=8) == one
    # What reads the hidden cards (hindsight) does see the difference: the check above would catch a leak.
    assert ExpertBot(9).hindsight(reference.observe(SOUTH), reference.hands) != \
        ExpertBot(9).hindsight(swapped.observe(SOUTH), swapped.hands)


def test_hindsight_weighs_one_world_the_real_one() -> None:
    game = grande_facing_a_bet()
    known = ExpertBot(2).hindsight(game.observe(SOUTH), game.hands)
    assert known.lance_chance in (0.0, 1.0)
    at_the_mus = Game.from_deal(list(REFERENCE_DEAL))
    with pytest.raises(ValueError, match="a lance"):
        ExpertBot(2).hindsight(at_the_mus.observe(SOUTH), at_the_mus.hands)
