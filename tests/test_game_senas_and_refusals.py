"""Señas, which take no turn, and the actions and señas a game refuses without changing."""

from __future__ import annotations

from typing import Any

import pytest

import mus_widget as mw
from mus_widget import Phase
from support.scripted_hands import deal_a, play


def test_senas_are_logged_with_seat_and_phase_and_take_no_turn() -> None:
    g = deal_a()
    g1 = g.sena(2, "duples")  # North, during the mus question, South to speak
    assert g.log[-1].kind == "deal"  # the old state is untouched
    assert (g1.to_move, g1.phase, g1.legal_actions()) == (0, Phase.MUS, ["mus", "no-mus"])
    assert g1.log[-1] == mw.Event("sena", 2, "mus", (("sena", "duples"),))
    g2 = play(g1, "South: no-mus", "South: envido 2")
    g3 = g2.sena(0, "need_mus").sena(1, "thirty_one")  # East answers now, South and East gesture
    assert g3.to_move == 1
    assert g3.legal_actions() == g2.legal_actions()
    assert [(e.seat, e.phase, e.get("sena")) for e in g3.log if e.kind == "sena"] == [
        (2, "mus", "duples"), (0, "grande", "need_mus"), (1, "grande", "thirty_one")]
    assert g3.observe(3).to_dict()["log"][-1] == {"kind": "sena", "seat": 1, "phase": "grande", "sena": "thirty_one"}
    assert g3.record()["senas"] == [
        {"at": 0, "seat": 2, "sena": "duples"},
        {"at": 2, "seat": 0, "sena": "need_mus"},
        {"at": 2, "seat": 1, "sena": "thirty_one"},
    ]
    assert mw.Game.from_record(g3.record()).log == g3.log


def _snapshot(g: mw.Game) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return g.record(), [g.observe(s).to_dict() for s in range(4)]


@pytest.mark.parametrize(
    ("setup", "action", "seat", "words"),
    [
        pytest.param([], "paso", None, ["'paso'", "seat 0", "mus", "mus, no-mus"], id="paso in the mus"),
        pytest.param(["no-mus"], "quiero", None, ["'quiero'", "seat 0", "grande", "paso", "envido 2..40", "ordago"],
                     id="quiero with nothing to answer"),
        pytest.param(["no-mus", "envido 2", "quiero"], "no-quiero", None,
                     ["'no-quiero'", "seat 3", "grande", "quiero", "envido 2..40", "ordago"],
                     id="partner rejecting a quiero proposal"),
        pytest.param(["mus", "mus", "mus", "mus"], "discard 7o", None,
                     ["'discard 7o'", "seat 0", "discard", "12o 12c 11o 11c"], id="discarding a card not held"),
        pytest.param(["no-mus"], "paso", 2, ["'paso'", "seat 2", "grande", "seat 0"], id="out of turn"),
    ],
)
def test_illegal_action_names_action_seat_phase_and_legal_actions_and_changes_nothing(
    setup: list[str], action: str, seat: int | None, words: list[str]
) -> None:
    g = play(deal_a(), *setup)
    before = _snapshot(g)
    with pytest.raises(mw.IllegalActionError) as refused:
        g.apply(action, seat=seat)
    assert isinstance(refused.value, ValueError)
    for word in words:
        assert word in str(refused.value), (word, str(refused.value))
    assert _snapshot(g) == before


@pytest.mark.parametrize("action", ["envido 1", "pass", "discard 13o"])
def test_malformed_action_changes_nothing(action: str) -> None:
    g = play(deal_a(), "no-mus")
    before = _snapshot(g)
    with pytest.raises(mw.MalformedActionError) as refused:
        g.apply(action)
    assert isinstance(refused.value, ValueError)
    assert action in str(refused.value)
    assert _snapshot(g) == before


def test_malformed_action_message_names_seat_phase_and_legal_actions() -> None:
    g = play(deal_a(), "no-mus")
    with pytest.raises(mw.MalformedActionError) as refused:
        g.apply("envido 1")
    message = str(refused.value)
    for word in ("envido 1", "seat 0", "grande", "paso", "ordago"):
        assert word in message, (word, message)


def test_a_discard_of_no_cards_cannot_be_built() -> None:
    with pytest.raises(mw.MalformedActionError, match="1 to 4"):
        mw.Action(mw.Kind.DISCARD, cards=())


def test_a_discard_naming_a_card_twice_cannot_be_built() -> None:
    twice = mw.Card.parse("12o")
    with pytest.raises(mw.MalformedActionError, match="repeats"):
        mw.Action(mw.Kind.DISCARD, cards=(twice, twice))


def test_a_discard_of_a_card_not_held_is_refused_and_changes_nothing() -> None:
    g = play(deal_a(), "mus", "mus", "mus", "mus")
    before = _snapshot(g)
    assert g.to_move is not None
    foreign = next(c for c in mw.DECK if c not in g.hands[g.to_move])
    with pytest.raises(mw.IllegalActionError, match="discard 1 to 4 of your cards"):
        g.apply(mw.Action(mw.Kind.DISCARD, cards=(foreign,)))
    assert _snapshot(g) == before


def test_senas_during_the_discards_and_refused_senas() -> None:
    g = play(deal_a(), "mus", "mus", "mus", "mus", "South: discard 12o")
    g = g.sena(0, "two_reyes")  # East is discarding
    assert (g.phase, g.to_move) == (Phase.DISCARD, 1)
    assert g.log[-1] == mw.Event("sena", 0, "discard", (("sena", "two_reyes"),))
    with pytest.raises(mw.MalformedActionError, match="wink"):
        g.sena(1, "wink")  # not an id of the catalogue
    over = play(deal_a(scores=(39, 0)), "no-mus", "envido 2", "no-quiero", "no-quiero")
    assert over.is_over
    with pytest.raises(mw.IllegalActionError, match="over"):
        over.sena(2, "nothing")
