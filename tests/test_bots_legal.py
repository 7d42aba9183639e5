"""The bots play only legal actions, in every variant and at every level, and refuse to decide out of turn.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West. The bots are random
(uniform legal actions), novice (rules of thumb) and expert (possible worlds); see src/mus_widget/bots/.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from mus_widget import Game
from mus_widget.bots import BOTS, LEVELS, STYLES, ExpertBot, NoviceBot, RandomBot, make_bot
from mus_widget.bots.turns import advance, bot_turn
from support.deals import REFERENCE_DEAL
from support.matches import (
    BOT_LEVELS,
    EAST,
    NORTH,
    SOUTH,
    VARIANTS,
    WEST,
    all_matches,
    assert_legal,
    decided,
    expert_matches,
    play_match,
    quick_matches,
)

# -------------------------------------------------------------------------------- 1. only legal actions


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_and_novice_bots_play_whole_matches_with_legal_actions_only(variant: str) -> None:
    for match in quick_matches(variant):
        assert match.end.is_over and match.end.winner in (0, 1), f"seed {match.seed}: the match did not end"
        assert match.end.games_won[match.end.winner] == VARIANTS[variant].games_to_win
        for step in match.steps:
            assert step.before.to_move == step.turn.seat
            assert_legal(step.obs, step.decision.action)


@pytest.mark.slow
def test_experts_play_a_match_of_every_variant_with_legal_actions_only() -> None:
    decisions = 0
    for match in expert_matches():
        assert match.end.is_over, f"{match.variant}: the match did not end"
        for step in match.steps:
            assert_legal(step.obs, step.decision.action)
            decisions += match.level(step.turn.seat) == "expert"
    assert 200 <= decisions <= 600, f"{decisions} expert decisions: the expert part should stay a few hundred"


@pytest.mark.slow
def test_thousands_of_seeded_decisions_were_checked_at_every_level() -> None:
    count: Counter[str] = Counter()
    phases: dict[str, set[str]] = defaultdict(set)
    for match in all_matches():
        for step in match.steps:
            level = match.level(step.turn.seat)
            count[level] += 1
            phases[level].add(step.before.phase.value)
    assert count["random"] >= 2000 and count["novice"] >= 2000 and count["expert"] >= 200, count
    for level in BOT_LEVELS:
        assert {"mus", "discard", "grande", "chica", "pares"} <= phases[level], (level, phases[level])
        assert phases[level] & {"juego", "punto"}, (level, phases[level])


def test_advance_plays_to_the_end_in_one_call_and_the_match_replays_from_its_record() -> None:
    levels = ("novice", "random", "novice", "novice")
    bots = {seat: make_bot(level, 40 * 4 + seat) for seat, level in enumerate(levels)}
    end, turns = advance(Game.new(seed=40), bots)
    assert end.is_over and len(turns) == len(end.actions)
    assert [decided(t).action for t in turns] == list(end.actions)
    assert any(s["sena"] for s in end.record()["senas"]), "the bots talked when the mus was cut"
    replay = Game.from_record(end.record())
    assert replay.actions == end.actions and replay.scores == end.scores and replay.winner == end.winner
    # Turn by turn, the same bots play the same match: same decisions, same señas at the same moments.
    step_by_step = play_match("default", levels, 40)
    assert [step.decision for step in step_by_step.steps] == [turn.decision for turn in turns]
    assert step_by_step.end.record() == end.record()


def test_advance_stops_where_a_seat_without_a_bot_is_to_move() -> None:
    game = Game.from_deal(["12o 3c 11o 1c", "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o"], mano=EAST)
    at_souths_turn, turns = advance(game, {seat: make_bot("novice", seat) for seat in (EAST, NORTH, WEST)})
    assert at_souths_turn.to_move == SOUTH and turns and SOUTH not in {t.seat for t in turns}
    assert [t.seat for t in turns[:3]] == [EAST, NORTH, WEST], "East is mano: East, North, West speak first"
    assert advance(at_souths_turn, {EAST: make_bot("novice")}) == (at_souths_turn, [])


def test_bot_turn_plays_the_seat_to_move_and_times_the_decision() -> None:
    game = Game.from_deal(["12o 3c 11o 1c", "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o"], mano=NORTH)
    times: list[float] = []
    turn = bot_turn(game, make_bot("expert", 2), times.append)
    assert turn.seat == NORTH and len(times) == 1 and times[0] >= 0
    assert turn.game.actions == (decided(turn).action,)
    assert_legal(game.observe(NORTH), decided(turn).action)


# -------------------------------------------------------------------------------- 6. errors


def test_an_unknown_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match="'nope' is not a bot level") as refused:
        make_bot("nope")
    assert all(level in str(refused.value) for level in BOTS)
    assert set(LEVELS) == set(BOT_LEVELS) and set(BOTS) == set(LEVELS) | set(STYLES)
    assert [type(make_bot(level, 3)) for level in BOT_LEVELS] == [RandomBot, NoviceBot, ExpertBot]
    assert make_bot("expert", 3).seed == 3 and make_bot("novice", 3).level == "novice"


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_a_bot_asked_to_decide_out_of_turn_refuses(level: str) -> None:
    game = Game.from_deal(list(REFERENCE_DEAL), mano=EAST)
    bot = make_bot(level)
    for seat in (SOUTH, NORTH, WEST):
        with pytest.raises(ValueError, match=f"seat {seat}, but seat 1 is to move"):
            bot.decide(game.observe(seat))
    over = game
    while not over.is_over:
        over, _ = advance(over, {seat: make_bot("random", seat) for seat in range(4)})
    with pytest.raises(ValueError, match="is to move"):
        bot.decide(over.observe(EAST))
    assert bot.table_talk(over.observe(EAST)) is None, "no seña once the match is over"
