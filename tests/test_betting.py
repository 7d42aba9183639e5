"""The betting of one lance (docs/rules.md, "Betting" and "Decisions where the rules are silent").

First straight on :class:`mus_widget.Betting` (``open`` / ``legal`` / ``step``), then through the game.
Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

from typing import Any

import pytest

import mus_widget as mw
from mus_widget import Action, Betting, Lance, LanceResult, Outcome

ALL = (0, 1, 2, 3)  # Grande, Chica, Punto with the mano in seat 0: everyone, in speaking order
SEAT = {"South": 0, "East": 1, "North": 2, "West": 3}


# ----------------------------------------------------------------------------- helpers


def open_lance(eligible: tuple[int, ...] = ALL, lance: Lance = Lance.GRANDE, max_envido: int = 40,
               team_consent: bool = True) -> Betting:
    return Betting.open(lance, eligible, max_envido, team_consent)


def say(b: Betting | LanceResult, *actions: str) -> Betting | LanceResult:
    """Each action spoken by the seat to move, after checking it is offered as legal."""
    for text in actions:
        assert isinstance(b, Betting), f"the lance was already settled ({b}) before {text!r}"
        act = Action.parse(text)
        assert b.legal().allows(act), f"{text!r} refused for seat {b.to_move}: {b.legal().describe()}"
        b = b.step(b.to_move, act)
    return b


def team_says(b: Betting | LanceResult, action: str) -> Betting | LanceResult:
    """A side's word: the speaker says ``action``; if a partner then has to confirm, the partner says it too."""
    b = say(b, action)
    if isinstance(b, Betting) and b.proposal is not None:
        b = say(b, action)
    return b


def allows(b: Betting, text: str) -> bool:
    return b.legal().allows(Action.parse(text))


# The deal used through the game (mano South):
#   South 12o 12c 11o 11c  R R C C: duples, 40 (juego)     -> best at Grande and Pares
#   East  1o 1c 4o 5o      A A 5 4: par of ases, 11        -> best at Chica
#   North 7o 7c 6o 10o     S 7 7 6: par of sietes, 30
#   West  3o 11e 10c 1e    R C S A: no pares, 31 (juego)   -> best at Juego
# Pares holders: South, East, North. Juego holders: South, West (one per team).
DEAL_A = ["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"]


def new_game(scores: tuple[int, int] = (0, 0), **options: Any) -> mw.Game:
    return mw.Game.from_deal(DEAL_A, mano=0, scores=scores, seed=1, rules=mw.Rules(**options))


def play(g: mw.Game, *moves: str) -> mw.Game:
    """Apply moves written 'North: envido 3' (checked to be North's turn) or a bare action for the seat to move."""
    for move in moves:
        who, sep, action = move.partition(": ")
        g = g.apply(action, seat=SEAT[who]) if sep else g.apply(move)
    return g


def all_paso(g: mw.Game, lance_phase: mw.Phase) -> mw.Game:
    while g.phase is lance_phase:
        g = g.apply("paso")
    return g


def at_pares(**options: Any) -> mw.Game:
    """DEAL_A with the mus cut and Grande and Chica passed: Pares betting among South, East, North."""
    g = play(new_game(**options), "South: no-mus")
    g = all_paso(g, mw.Phase.GRANDE)
    return all_paso(g, mw.Phase.CHICA)


# ----------------------------------------------------------------------------- the opening round


def test_opening_offers_paso_the_smallest_envido_and_ordago() -> None:
    b = open_lance()
    assert b.to_move == 0
    assert b.legal().strings() == ["paso", "envido 2", "ordago"]
    assert not allows(b, "quiero")
    assert not allows(b, "no-quiero")


@pytest.mark.parametrize(
    ("lance", "eligible"),
    [(Lance.GRANDE, ALL), (Lance.CHICA, (2, 3, 0, 1)), (Lance.PARES, (0, 1)), (Lance.JUEGO, (1, 2, 3))],
)
def test_everyone_eligible_passes_and_the_lance_is_en_paso(lance: Lance, eligible: tuple[int, ...]) -> None:
    b: Betting | LanceResult = open_lance(eligible, lance)
    for seat in eligible:
        assert isinstance(b, Betting)
        assert b.to_move == seat  # eligible players speak in speaking order
        b = say(b, "paso")
    assert b == LanceResult(lance, Outcome.EN_PASO)


# ----------------------------------------------------------------------------- who answers


@pytest.mark.parametrize(
    ("eligible", "moves", "answerer"),
    [
        pytest.param(ALL, ["envido 2"], 1, id="South bets, East answers"),
        pytest.param(ALL, ["paso", "envido 2"], 2, id="East bets after a paso, North answers"),
        pytest.param(ALL, ["paso", "paso", "paso", "envido 2"], 0, id="West bets, round to South"),
        pytest.param((2, 3, 0, 1), ["envido 2"], 3, id="mano North bets, West answers"),
        pytest.param((0, 2, 3), ["envido 2"], 3, id="pares: East holds nothing, West answers"),
        pytest.param((1, 2, 3), ["paso", "paso", "envido 2"], 2, id="pares: West bets, South out, East mate"),
        pytest.param(ALL, ["envido 2", "envido 3", "envido 3"], 0, id="West confirms a raise, South answers"),
        pytest.param((0, 1, 2), ["paso", "paso", "envido 2", "envido 2"], 2, id="East's raise alone, North answers"),
    ],
)
def test_answering_proposer_is_the_first_eligible_opponent_after_the_last_speaker(
    eligible: tuple[int, ...], moves: list[str], answerer: int
) -> None:
    b = say(open_lance(eligible, Lance.PARES), *moves)
    assert isinstance(b, Betting)
    assert b.answering
    assert b.to_move == answerer
    assert b.proposal is None
    assert b.bettor_team != answerer % 2


# ----------------------------------------------------------------------------- the team answer protocol
# South bets envido 2 at Grande; East proposes the answer of team 1, West (East's partner) has the final word.


def test_the_proposer_hands_the_word_to_the_partner() -> None:
    b = say(open_lance(), "envido 2", "no-quiero")
    assert isinstance(b, Betting)
    assert (b.to_move, b.proposer, str(b.proposal)) == (3, 1, "no-quiero")
    assert (b.bettor_team, b.stake) == (0, 2)


def test_partner_of_a_no_quiero_proposal_may_say_anything() -> None:
    b = say(open_lance(), "envido 2", "no-quiero")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["quiero", "no-quiero", "envido 2", "ordago"]


@pytest.mark.parametrize(
    ("final_word", "expected"),
    [
        pytest.param("no-quiero", LanceResult(Lance.GRANDE, Outcome.REJECTED, 1, 0), id="confirm no-quiero"),
        pytest.param("quiero", LanceResult(Lance.GRANDE, Outcome.ACCEPTED, 2), id="override with quiero"),
    ],
)
def test_no_quiero_proposal_settled_by_the_partner(final_word: str, expected: LanceResult) -> None:
    # Rejected first bet: team 0 takes the negada of 1. Accepted: the stake of 2 goes to the count.
    assert say(open_lance(), "envido 2", "no-quiero", final_word) == expected


@pytest.mark.parametrize(
    ("final_word", "stake", "ordago"),
    [("envido 3", 5, False), ("ordago", 2, True)],
)
def test_no_quiero_proposal_overridden_by_a_raise(final_word: str, stake: int, ordago: bool) -> None:
    # West raises for team 1: 2 + 3 = 5 on the table (an órdago adds no points); South answers it now.
    b = say(open_lance(), "envido 2", "no-quiero", final_word)
    assert isinstance(b, Betting)
    assert (b.bettor_team, b.stake, b.previous, b.ordago) == (1, stake, 2, ordago)
    assert (b.to_move, b.proposal) == (0, None)


def test_partner_of_a_quiero_proposal_may_confirm_or_raise_but_not_reject() -> None:
    b = say(open_lance(), "envido 2", "quiero")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["quiero", "envido 2", "ordago"]
    assert not allows(b, "no-quiero")
    assert not allows(b, "paso")


@pytest.mark.parametrize(
    ("final_word", "expected"),
    [
        ("quiero", LanceResult(Lance.GRANDE, Outcome.ACCEPTED, 2)),
        ("envido 2", (1, 4, False)),  # 2 + 2
        ("envido 7", (1, 9, False)),  # 2 + 7
        ("ordago", (1, 2, True)),
    ],
)
def test_quiero_proposal_confirmed_or_raised(final_word: str, expected: tuple[int, int, bool] | LanceResult) -> None:
    b = say(open_lance(), "envido 2", "quiero", final_word)
    if isinstance(expected, LanceResult):
        assert b == expected
    else:
        assert isinstance(b, Betting)
        assert (b.bettor_team, b.stake, b.ordago) == expected
        assert b.to_move == 0


def test_partner_of_an_envido_proposal_confirms_it_or_raises_higher() -> None:
    b = say(open_lance(), "envido 2", "envido 3")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["envido 3", "envido 4", "ordago"]
    for refused in ("quiero", "no-quiero", "paso", "envido 2"):
        assert not allows(b, refused), refused
    assert allows(b, "envido 40")


@pytest.mark.parametrize(
    ("final_word", "stake", "ordago"),
    [("envido 3", 5, False), ("envido 4", 6, False), ("envido 10", 12, False), ("ordago", 2, True)],
)
def test_envido_proposal_confirmed_or_raised_higher(final_word: str, stake: int, ordago: bool) -> None:
    # Confirm: 2 + 3 = 5; raise higher: 2 + 4 = 6, 2 + 10 = 12; órdago: the whole game.
    b = say(open_lance(), "envido 2", "envido 3", final_word)
    assert isinstance(b, Betting)
    assert (b.bettor_team, b.stake, b.previous, b.ordago, b.to_move) == (1, stake, 2, ordago, 0)


def test_partner_of_an_ordago_proposal_can_only_confirm_it() -> None:
    b = say(open_lance(), "envido 2", "ordago")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["ordago"]
    for refused in ("quiero", "no-quiero", "envido 3", "paso"):
        assert not allows(b, refused), refused
    b = say(b, "ordago")
    assert isinstance(b, Betting)
    assert (b.bettor_team, b.ordago, b.to_move) == (1, True, 0)


def test_an_ordago_can_only_be_answered_quiero_or_no_quiero() -> None:
    b = say(open_lance(), "ordago")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["quiero", "no-quiero"]
    for refused in ("envido 2", "ordago", "paso"):
        assert not allows(b, refused), refused
    after_quiero = say(b, "quiero")
    assert isinstance(after_quiero, Betting)
    assert after_quiero.legal().strings() == ["quiero"]
    after_no_quiero = say(b, "no-quiero")
    assert isinstance(after_no_quiero, Betting)
    assert after_no_quiero.legal().strings() == ["quiero", "no-quiero"]


@pytest.mark.parametrize(
    ("proposal", "final_word", "outcome"),
    [
        ("quiero", "quiero", Outcome.ORDAGO),
        ("no-quiero", "quiero", Outcome.ORDAGO),
        ("no-quiero", "no-quiero", Outcome.REJECTED),
    ],
)
def test_ordago_answered_by_the_team(proposal: str, final_word: str, outcome: Outcome) -> None:
    result = say(open_lance(), "ordago", proposal, final_word)
    assert isinstance(result, LanceResult)
    assert result.outcome is outcome
    if outcome is Outcome.REJECTED:
        assert (result.stake, result.team) == (1, 0)  # órdago as the first bet, rejected: 1


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("no-quiero", LanceResult(Lance.PARES, Outcome.REJECTED, 1, 0)),
        ("quiero", LanceResult(Lance.PARES, Outcome.ACCEPTED, 2)),
        ("envido 3", (1, 5, False)),
        ("ordago", (1, 2, True)),
    ],
)
def test_single_eligible_player_per_team_the_proposers_word_is_final(
    answer: str, expected: tuple[int, int, bool] | LanceResult
) -> None:
    # Pares held only by South and East: East's partner West holds nothing, so East answers alone.
    b = say(open_lance((0, 1), Lance.PARES), "envido 2", answer)
    if isinstance(expected, LanceResult):
        assert b == expected
    else:
        assert isinstance(b, Betting)
        assert (b.bettor_team, b.stake, b.ordago) == expected
        assert (b.to_move, b.proposal) == (0, None)


# ----------------------------------------------------------------------------- team_consent=False


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("quiero", LanceResult(Lance.GRANDE, Outcome.ACCEPTED, 2)),
        ("envido 3", (1, 5, False)),
        ("ordago", (1, 2, True)),
    ],
)
def test_without_team_consent_quiero_raise_or_ordago_stand_alone(
    answer: str, expected: tuple[int, int, bool] | LanceResult
) -> None:
    b = say(open_lance(team_consent=False), "envido 2", answer)
    if isinstance(expected, LanceResult):
        assert b == expected
    else:
        assert isinstance(b, Betting)
        assert (b.bettor_team, b.stake, b.ordago) == expected
        # straight back to team 0, West never spoke: North is the first of team 0 after East
        assert (b.to_move, b.proposal) == (2, None)


@pytest.mark.parametrize(
    ("final_word", "expected"),
    [
        ("no-quiero", LanceResult(Lance.GRANDE, Outcome.REJECTED, 1, 0)),
        ("quiero", LanceResult(Lance.GRANDE, Outcome.ACCEPTED, 2)),
    ],
)
def test_without_team_consent_a_no_quiero_lets_the_partner_speak(final_word: str, expected: LanceResult) -> None:
    b = say(open_lance(team_consent=False), "envido 2", "no-quiero")
    assert isinstance(b, Betting)
    assert b.to_move == 3
    assert b.legal().strings() == ["quiero", "no-quiero", "envido 2", "ordago"]
    assert say(b, final_word) == expected


def test_without_team_consent_quiero_beats_no_quiero_on_an_ordago() -> None:
    b = say(open_lance(team_consent=False), "ordago", "no-quiero")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["quiero", "no-quiero"]
    settled = say(b, "quiero")
    assert isinstance(settled, LanceResult) and settled.outcome is Outcome.ORDAGO


# ----------------------------------------------------------------------------- the stake


def test_the_stake_is_the_total_on_the_table() -> None:
    b = team_says(open_lance(), "envido 2")
    assert isinstance(b, Betting)
    assert (b.stake, b.previous) == (2, 0)  # envido 2 -> 2
    b = team_says(b, "envido 3")
    assert isinstance(b, Betting)
    assert (b.stake, b.previous) == (5, 2)  # answered envido 3 -> 5
    b = team_says(b, "envido 2")
    assert isinstance(b, Betting)
    assert (b.stake, b.previous) == (7, 5)  # answered envido 2 -> 7
    assert team_says(b, "quiero") == LanceResult(Lance.GRANDE, Outcome.ACCEPTED, 7)


@pytest.mark.parametrize("eligible", [ALL, (0, 1)], ids=["team answers", "one player per team"])
@pytest.mark.parametrize(
    ("bets", "accepted_stake"),
    [(("envido 2",), 2), (("envido 2", "envido 3"), 5), (("envido 2", "envido 3", "envido 2"), 7)],
)
def test_accepted_bet_settles_the_whole_stake(eligible: tuple[int, ...], bets: tuple[str, ...], accepted_stake: int
                                             ) -> None:
    b: Betting | LanceResult = open_lance(eligible, Lance.PARES)
    for bet in bets:
        b = team_says(b, bet)
    assert team_says(b, "quiero") == LanceResult(Lance.PARES, Outcome.ACCEPTED, accepted_stake)


@pytest.mark.parametrize("eligible", [ALL, (0, 1)], ids=["team answers", "one player per team"])
@pytest.mark.parametrize(
    ("bets", "negada", "bettor"),
    [
        pytest.param(("envido 2",), 1, 0, id="first envido 2 rejected pays 1"),
        pytest.param(("envido 2", "envido 3"), 2, 1, id="2 -> 5 rejected pays 2"),
        pytest.param(("envido 2", "envido 3", "envido 2"), 5, 0, id="2 -> 5 -> 7 rejected pays 5"),
        pytest.param(("envido 2", "envido 2", "envido 3", "envido 5"), 7, 1, id="2 -> 4 -> 7 -> 12 pays 7"),
        pytest.param(("ordago",), 1, 0, id="ordago as first bet pays 1"),
        pytest.param(("envido 2", "ordago"), 2, 1, id="ordago over a 2 pays 2"),
        pytest.param(("envido 2", "envido 3", "ordago"), 5, 0, id="ordago over a 5 pays 5"),
    ],
)
def test_rejected_raise_pays_the_stake_before_it(eligible: tuple[int, ...], bets: tuple[str, ...], negada: int,
                                                 bettor: int) -> None:
    b: Betting | LanceResult = open_lance(eligible, Lance.PARES)
    for bet in bets:
        b = team_says(b, bet)
    assert team_says(b, "no-quiero") == LanceResult(Lance.PARES, Outcome.REJECTED, negada, bettor)


# ----------------------------------------------------------------------------- envido amounts


@pytest.mark.parametrize("target", [40, 30])
def test_envido_runs_from_2_to_the_target(target: int) -> None:
    opening = open_lance(max_envido=target)
    answering = say(open_lance(max_envido=target), "envido 2")
    assert isinstance(answering, Betting)
    for b in (opening, answering):
        assert allows(b, "envido 2")
        assert allows(b, f"envido {target}")
        assert not allows(b, f"envido {target + 1}")
    proposal = say(open_lance(max_envido=target), "envido 2", "envido 3")
    assert isinstance(proposal, Betting)
    assert allows(proposal, f"envido {target}")
    assert not allows(proposal, f"envido {target + 1}")


def test_a_proposed_raise_of_the_whole_target_leaves_only_confirm_or_ordago() -> None:
    b = say(open_lance(max_envido=40), "envido 2", "envido 40")
    assert isinstance(b, Betting)
    assert b.legal().strings() == ["envido 40", "ordago"]


@pytest.mark.parametrize(
    "text",
    [
        "envido 1", "envido 0", "envido", "envido two", "envido -2", "envido 2.5", "envido ²",
    ],
)
def test_envido_below_2_or_without_a_number_is_malformed(text: str) -> None:
    with pytest.raises(mw.MalformedActionError, match="envido"):
        Action.parse(text)


def test_an_envido_of_0_cannot_even_be_built_as_an_action() -> None:
    with pytest.raises(mw.MalformedActionError, match="at least 2"):
        Action(mw.Kind.ENVIDO, amount=0)
    with pytest.raises(mw.MalformedActionError):
        Action(mw.Kind.PASO, amount=2)


def test_nothing_to_confirm_means_no_envido_is_allowed_by_confirmation() -> None:
    # Legal(confirm=0) is "nothing to confirm": only the raise range may allow an envido.
    assert not mw.engine.betting.Legal((mw.Kind.QUIERO,)).allows(Action.parse("envido 2"))
    assert mw.engine.betting.Legal((mw.Kind.ORDAGO,), confirm=3).allows(Action.parse("envido 3"))


def test_envido_41_is_illegal_at_target_40_and_envido_1_malformed_in_the_game() -> None:
    g = play(new_game(), "South: no-mus")
    with pytest.raises(mw.IllegalActionError, match="envido 41"):
        g.apply("envido 41")
    with pytest.raises(mw.MalformedActionError):
        g.apply("envido 1")
    g = g.apply("envido 40")
    assert g.betting is not None
    assert g.betting.stake == 40


# ----------------------------------------------------------------------------- through the game


def test_team_answer_through_the_game() -> None:
    g = play(new_game(), "South: no-mus", "South: envido 2", "East: no-quiero")
    # West has the final word of team 1 and is offered everything.
    assert g.to_move == 3
    assert g.legal_actions() == ["quiero", "no-quiero", "envido 2", "ordago"]
    g = play(g, "West: quiero")
    assert g.results == (LanceResult(Lance.GRANDE, Outcome.ACCEPTED, 2),)
    assert (g.phase, g.to_move, g.scores) == (mw.Phase.CHICA, 0, (0, 0))  # accepted: settled at the count


def test_a_quiero_proposal_cannot_become_no_quiero_in_the_game() -> None:
    g = play(new_game(), "South: no-mus", "South: envido 2", "East: quiero")
    assert g.legal_actions() == ["quiero", "envido 2", "ordago"]
    with pytest.raises(mw.IllegalActionError, match="no-quiero"):
        g.apply("no-quiero", seat=3)
    with pytest.raises(mw.IllegalActionError):
        g.apply("quiero", seat=1)  # the proposer has had their say: it is West's turn


def test_partner_of_a_proposed_raise_sees_confirm_and_the_next_raise() -> None:
    g = play(new_game(), "South: no-mus", "South: envido 2", "East: envido 3")
    assert g.legal_actions() == ["envido 3", "envido 4", "ordago"]
    g = play(g, "West: envido 5")  # West raises higher than East proposed: 2 + 5 = 7
    assert g.betting is not None
    assert (g.to_move, g.betting.bettor_team, g.betting.stake, g.betting.previous) == (0, 1, 7, 2)
    g = play(g, "South: no-quiero", "North: no-quiero")
    assert g.scores == (0, 2)  # team 1's raise rejected: the stake before it, 2, at once


@pytest.mark.parametrize(
    ("moves", "scores"),
    [
        pytest.param(["South: envido 2", "East: no-quiero", "West: no-quiero"], (1, 0), id="first bet: 1"),
        pytest.param(
            ["South: envido 2", "East: envido 3", "West: envido 3", "South: envido 2", "North: envido 2",
             "West: no-quiero", "East: no-quiero"], (5, 0), id="2-5-7: 5"),
        pytest.param(["South: ordago", "East: no-quiero", "West: no-quiero"], (1, 0), id="ordago first: 1"),
        pytest.param(
            ["South: envido 2", "East: ordago", "West: ordago", "South: no-quiero", "North: no-quiero"],
            (0, 2), id="ordago over 2: 2"),
    ],
)
def test_negada_is_scored_at_once_in_the_game(moves: list[str], scores: tuple[int, int]) -> None:
    g = play(new_game(), "South: no-mus", *moves)
    assert g.scores == scores
    assert g.phase is mw.Phase.CHICA
    negada = [e for e in g.log if e.kind == "negada"]
    assert len(negada) == 1
    assert negada[0].get("points") == max(scores)


def test_pares_answer_goes_round_skipping_non_holders() -> None:
    g = at_pares()
    assert g.phase is mw.Phase.PARES
    assert g.betting is not None
    assert g.betting.eligible == (0, 1, 2)  # West holds no pares
    g = play(g, "South: paso", "East: paso", "North: envido 2")
    # After North: West holds nothing, South is North's partner -> East answers, and alone.
    assert g.to_move == 1
    g = play(g, "East: envido 3")  # East's raise is team 1's word: 2 + 3 = 5
    assert g.betting is not None
    assert (g.to_move, g.betting.stake, g.betting.proposal) == (2, 5, None)
    g = play(g, "North: no-quiero")  # North proposes; South, who holds pares, has the last word
    assert g.to_move == 0
    g = play(g, "South: quiero")
    assert g.results[-1] == LanceResult(Lance.PARES, Outcome.ACCEPTED, 5)
    assert g.phase is mw.Phase.JUEGO


def test_juego_with_one_holder_per_team_is_answered_alone() -> None:
    g = play(at_pares(), "South: paso", "East: paso", "North: paso")
    assert g.phase is mw.Phase.JUEGO
    assert g.betting is not None
    assert g.betting.eligible == (0, 3)  # South 40 and West 31
    g = play(g, "South: envido 2", "West: no-quiero")
    # West's no-quiero is final: team 0 takes 1 at once and the hand goes to the count.
    assert g.hand_number == 2
    assert g.last_hand is not None
    assert g.last_hand.results[-1] == LanceResult(Lance.JUEGO, Outcome.REJECTED, 1, 0)


@pytest.mark.parametrize(
    ("moves", "phase", "to_move"),
    [
        (["East: quiero"], mw.Phase.CHICA, 0),
        (["East: envido 2"], mw.Phase.GRANDE, 2),  # East's raise stands; North, after East, answers
        (["East: no-quiero"], mw.Phase.GRANDE, 3),
    ],
)
def test_without_team_consent_in_the_game(moves: list[str], phase: mw.Phase, to_move: int) -> None:
    g = play(new_game(team_consent=False), "South: no-mus", "South: envido 2", *moves)
    assert (g.phase, g.to_move) == (phase, to_move)
