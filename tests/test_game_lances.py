"""The lances: pares and juego declared, a lance nobody or one team holds, the punto."""

from __future__ import annotations

from mus_widget import LanceResult, Phase
from support.scripted_hands import (
    ACCEPTED,
    BEST,
    NOBODY,
    NONE,
    ONE,
    ONE_TEAM,
    PASO,
    PUNTO,
    C,
    G,
    P,
    Row,
    deal,
    deal_a,
    everyone_passes,
    play,
    rows,
)

# DEAL_P, mano South: nobody has pares, nobody has juego.
#   South 12o 11o 7o 1o  R C 7 A = 28      East  12c 11c 6c 2c  R C 6 A = 27
#   North 12e 10e 5e 4e  R S 5 4 = 29      West  3b 10b 6b 4b   R S 6 4 = 30
# Grande: South (R C 7 A > East's R C 6 A)  -> team 0
# Chica:  East  (A 6 C R < South's A 7 C R) -> team 1
# Punto:  West's 30                         -> team 1
DEAL_P = ["12o 11o 7o 1o", "12c 11c 6c 2c", "12e 10e 5e 4e", "3b 10b 6b 4b"]

# DEAL_1T, mano South: only team 1 holds pares, nobody has juego.
#   South 12o 11o 7o 1o  R C 7 A = 28, no pares    East 12c 12b 5c 4c  R R 5 4 = 29, par of reyes
#   North 3e 10e 6e 2e   R S 6 A = 27, no pares    West 7c 7b 6b 5b    7 7 6 5 = 25, par of sietes
# Grande: East (R R ...) -> team 1.  Chica: North (A 6 S R < South's A 7 C R) -> team 0.
# Pares:  team 1 alone, values 1 + 1 = 2.  Punto: East's 29 -> team 1.
DEAL_1T = ["12o 11o 7o 1o", "12c 12b 5c 4c", "3e 10e 6e 2e", "7c 7b 6b 5b"]


def test_pares_and_juego_are_declared_truthfully_in_speaking_order() -> None:
    g = play(deal_a(mano=2), "North: no-mus")
    assert g.observe(0).to_dict()["declarations"] == {"pares": None, "juego": None}
    g = everyone_passes(everyone_passes(g))  # Grande, Chica
    assert g.phase is Phase.PARES
    pares = [(e.seat, e.phase, e.get("has")) for e in g.log if e.kind == "declare"]
    # speaking order from the mano North: North par, West nothing, South duples, East par
    assert pares == [(2, "pares", True), (3, "pares", False), (0, "pares", True), (1, "pares", True)]
    assert g.observe(3).to_dict()["declarations"] == {"pares": [True, True, True, False], "juego": None}
    assert g.betting is not None and g.betting.eligible == (2, 0, 1)
    g = everyone_passes(g)
    juego = [(e.seat, e.phase, e.get("has")) for e in g.log if e.kind == "declare"][4:]
    # North 30 no, West 31 yes, South 40 yes, East 11 no
    assert juego == [(2, "juego", False), (3, "juego", True), (0, "juego", True), (1, "juego", False)]
    assert g.observe(1).to_dict()["declarations"]["juego"] == [True, False, False, True]
    assert g.betting is not None and g.betting.eligible == (3, 0)


# ----------------------------------------------------------------------------- lances skipped or not bet


def test_pares_skipped_when_nobody_holds_and_punto_played_by_all_four() -> None:
    g = play(deal(DEAL_P), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    assert g.results[-1] == LanceResult(P, NOBODY)
    assert g.betting is not None and (g.phase, g.to_move, g.betting.eligible) == (Phase.PUNTO, 0, (0, 1, 2, 3))
    assert [e.get("has") for e in g.log if e.kind == "declare"] == [False] * 8
    g = play(g, "South: paso", "East: paso", "North: paso", "West: paso")
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, NOBODY, 0, 0, None, 0, NONE),
        Row(PUNTO, PASO, 0, 1, 1, 1, BEST),  # punto en paso: 1
    ]
    assert g.scores == (1, 2)


def test_pares_held_by_one_team_is_not_bet_and_that_team_collects_its_values() -> None:
    g = play(deal(DEAL_1T), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    # no Pares betting: straight on to Punto (nobody has juego)
    assert g.results[-1] == LanceResult(P, ONE_TEAM, team=1)
    assert g.phase is Phase.PUNTO
    g = everyone_passes(g)
    assert rows(g) == [
        Row(G, PASO, 1, 0, 1, 1, BEST),
        Row(C, PASO, 1, 0, 0, 1, BEST),
        Row(P, ONE_TEAM, 0, 2, 1, 2, ONE),  # East's par + West's par = 1 + 1
        Row(PUNTO, PASO, 0, 1, 1, 1, BEST),
    ]
    assert g.scores == (1, 4)


def test_punto_accepted_at_2_the_winner_scores_3() -> None:
    g = play(deal(DEAL_P), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    g = play(g, "South: envido 2", "East: quiero", "West: quiero")
    assert rows(g)[3] == Row(PUNTO, ACCEPTED, 2, 1, 1, 3, BEST)  # West's 30: 2 + 1
    assert g.scores == (1, 1 + 3)
