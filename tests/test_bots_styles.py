"""The style bots: the ordago player, the passive player, the bluffer and the caller.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

from mus_widget import Phase
from support.matches import EAST, WEST, lance_calls, style_match

# -------------------------------------------------------------------------------- 7. styles and memory


def test_the_ordago_player_always_makes_the_biggest_call_it_may() -> None:
    calls = [call for seed in (1, 2) for call in lance_calls(style_match("ordago", seed), EAST)]
    assert calls
    for obs, action in calls:
        legal = obs.legal_actions
        assert action == ("ordago" if "ordago" in legal else "quiero" if "quiero" in legal else legal[0]), legal


def test_the_passive_player_never_bets_and_never_accepts() -> None:
    calls = [call for seed in (1, 2) for call in lance_calls(style_match("passive", seed), WEST)]
    assert {action for _, action in calls} == {"paso", "no-quiero"}
    assert all(action == ("paso" if "paso" in obs.legal_actions else "no-quiero") for obs, action in calls)


def test_the_bluffer_bets_every_turn_and_the_caller_accepts_every_bet() -> None:
    for obs, action in lance_calls(style_match("bluffer", 3), EAST):
        assert obs.betting is not None
        if obs.betting.ordago:
            assert action in ("no-quiero", "quiero") and (action == "no-quiero") == ("no-quiero" in obs.legal_actions)
        elif obs.betting.stake < 10:
            assert action.startswith("envido"), (obs.legal_actions, action)
    caller = lance_calls(style_match("caller", 3), EAST)
    assert {action for _, action in caller} <= {"paso", "quiero"} and "quiero" in {a for _, a in caller}


def test_style_bots_play_the_mus_and_the_discard_like_a_novice_who_never_slips() -> None:
    match = style_match("ordago", 4)
    for step in match.steps:
        if step.turn.seat in (EAST, WEST) and step.obs.phase in (Phase.MUS, Phase.DISCARD):
            assert step.decision.reason.id in ("explain.novice.mus", "explain.novice.discard")
