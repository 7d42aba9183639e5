"""The count and the end of a game: bets paid, the órdago, the target reached, the negadas."""

from __future__ import annotations

import pytest

import mus_widget as mw
from mus_widget import Phase
from support.scripted_hands import (
    ACCEPTED,
    BEST,
    DEAL_A,
    NEGADA,
    ORDAGO,
    PASO,
    REJECTED,
    C,
    G,
    J,
    P,
    Row,
    deal_a,
    everyone_passes,
    pass_to_the_count,
    play,
    rows,
)


def test_en_paso_hand_grande_chica_one_pares_juego_their_values() -> None:
    g = pass_to_the_count(deal_a())
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, PASO, 0, 4, 0, 4, BEST),  # South duples 3 + North par 1
        Row(J, PASO, 0, 3, 1, 3, BEST),  # West 31 -> 3, East no juego
    ]
    assert g.scores == (5, 4)
    assert (g.hand_number, g.mano) == (2, 1)
    assert g.last_hand is not None and g.last_hand.hands == tuple(mw.Hand.parse(h) for h in DEAL_A)


def test_accepted_bets_pay_the_stake_and_the_hand_values() -> None:
    g = play(
        deal_a(), "South: no-mus",
        # Grande: South envido 2, team 1 wants it.
        "South: envido 2", "East: quiero", "West: quiero",
        # Chica: East envido 3, North proposes quiero and South confirms.
        "South: paso", "East: envido 3", "North: quiero", "South: quiero",
        # Pares (South, East, North): East raises 2 alone (West holds nothing): 4 on the table.
        "South: envido 2", "East: envido 2", "North: quiero", "South: quiero",
        # Juego (South, West): envido 5 wanted.
        "South: envido 5", "West: quiero",
    )
    assert rows(g) == [
        Row(G, ACCEPTED, 2, 0, 0, 2, BEST),
        Row(C, ACCEPTED, 3, 0, 1, 3, BEST),
        Row(P, ACCEPTED, 4, 4, 0, 8, BEST),  # 2 + 2, plus duples 3 + par 1
        Row(J, ACCEPTED, 5, 3, 1, 8, BEST),  # 5, plus West's 31
    ]
    assert g.scores == (10, 11)


def test_rejected_pares_bet_pays_the_negada_at_once_and_the_bettors_own_pares_at_the_count() -> None:
    g = play(deal_a(), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    # East (a par of ases) bets; team 0 with South's duples rejects it.
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert g.scores == (0, 1)  # first bet rejected: 1, at once
    assert [(e.get("team"), e.get("points")) for e in g.log if e.kind == "negada"] == [(1, 1)]
    assert g.phase is Phase.JUEGO
    g = everyone_passes(g)
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, REJECTED, 1, 1, 1, 1, NEGADA),  # East's par 1; the negada is on the board already
        Row(J, PASO, 0, 3, 1, 3, BEST),
    ]
    assert g.last_count[2].why.params["negada"] == 1
    assert g.scores == (1, 6)


def test_accepted_ordago_wins_the_game_for_the_better_hand_whatever_the_score() -> None:
    g = play(deal_a(scores=(3, 38)), "South: no-mus", "South: ordago", "East: quiero", "West: quiero")
    # South's R R C C is the best Grande: team 0 wins though 3 to 38.
    assert g.is_over
    assert (g.phase, g.winner, g.to_move, g.games_won) == (Phase.GAME_OVER, 0, None, (1, 0))
    assert rows(g) == [Row(G, ORDAGO, 0, 0, 0, 0, BEST)]
    assert g.scores == (3, 38)
    assert g.last_hand is not None and g.last_hand.hands == tuple(mw.Hand.parse(h) for h in DEAL_A)
    assert g.legal_actions() == []
    with pytest.raises(mw.IllegalActionError):
        g.apply("paso")


def test_ordago_won_by_the_side_that_did_not_bet_it() -> None:
    g = play(deal_a(scores=(30, 2)), "South: no-mus")
    g = everyone_passes(g)
    g = play(g, "South: ordago", "East: quiero", "West: quiero")  # Chica: East's A A 4 5 is best
    assert (g.is_over, g.winner) == (True, 1)
    assert rows(g) == [Row(C, ORDAGO, 0, 0, 1, 0, BEST)]


def test_the_count_stops_the_moment_a_team_reaches_the_target() -> None:
    g = pass_to_the_count(deal_a(scores=(38, 37)))
    # Grande +1 -> 39-37; Chica +1 -> 39-38; Pares +4 -> 43: team 0 wins there; West's juego (3) would
    # have taken team 1 to 41 but is not counted.
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, PASO, 0, 4, 0, 4, BEST),
        Row(J, PASO, 0, 3, 1, 0, BEST, counted=False),
    ]
    assert g.scores == (43, 38)
    assert (g.is_over, g.winner) == (True, 0)


def test_a_negada_that_reaches_the_target_ends_the_game_mid_hand() -> None:
    g = play(deal_a(scores=(39, 20)), "South: no-mus", "South: envido 2", "East: no-quiero", "West: no-quiero")
    assert g.scores == (40, 20)
    assert (g.is_over, g.winner) == (True, 0)
    assert g.last_count == ()  # no count for that hand
    assert g.last_hand is not None and g.last_hand.hands is None  # and no hands shown


def test_negadas_at_count_add_the_negada_in_the_count_row() -> None:
    g = play(deal_a(negadas_at_count=True), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert g.scores == (0, 0)  # nothing at once
    assert not [e for e in g.log if e.kind == "negada"]
    g = everyone_passes(g)
    assert rows(g)[2] == Row(P, REJECTED, 1, 1, 1, 2, NEGADA)  # negada 1 + East's par 1
    assert g.scores == (1, 6)


def test_negada_at_once_wins_mid_hand_before_the_count() -> None:
    # 39-39. Team 0 has the better Grande (to be counted later); East's Chica bet is rejected: team 1 has 40 now.
    g = play(deal_a(scores=(39, 39)), "South: no-mus")
    g = everyone_passes(g)
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert (g.is_over, g.winner, g.scores) == (True, 1, (39, 40))


def test_negadas_at_count_are_counted_in_lance_order() -> None:
    # Same hand with negadas at the count: Grande is counted before Chica, so team 0 reaches 40 first.
    g = play(deal_a(scores=(39, 39), negadas_at_count=True), "South: no-mus")
    g = everyone_passes(g)
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert not g.is_over
    g = everyone_passes(everyone_passes(g))  # Pares, Juego
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, REJECTED, 1, 0, 1, 0, NEGADA, counted=False),
        Row(P, PASO, 0, 4, 0, 0, BEST, counted=False),
        Row(J, PASO, 0, 3, 1, 0, BEST, counted=False),
    ]
    assert (g.is_over, g.winner, g.scores) == (True, 0, (40, 39))
