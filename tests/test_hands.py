"""Who wins each lance, and what a hand is worth at the count (RULES.md, "The four lances").

Each table row is one deal: the four hands of seats 0..3, the mano, and the seat that must win.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence

import pytest
from _pytest.mark.structures import ParameterSet
from hypothesis import given
from hypothesis import strategies as st

import mus_widget as mw
from mus_widget import Lance, ParesKind, Rules
from mus_widget.engine.hands import distinct_rank_hands

H = mw.Hand.parse

DEFAULT = Rules()
FOUR_REYES = Rules(kings=4)
REAL_31 = Rules(real_31=True)
FOUR_REYES_REAL_31 = Rules(kings=4, real_31=True)


def deal(*seats: str) -> tuple[mw.Hand, ...]:
    """The four hands of seats 0..3; a real deal never shows the same card twice."""
    hands = tuple(H(text) for text in seats)
    cards = [card for hand in hands for card in hand]
    assert len(hands) == 4
    assert len(set(cards)) == 16, f"the deal {seats} repeats a card"
    return hands


def play(s0: str, s1: str, s2: str, s3: str, *, mano: int, wins: int | None, point: str, rules: Rules = DEFAULT
         ) -> ParameterSet:
    return pytest.param(deal(s0, s1, s2, s3), mano, wins, rules, id=point)


# --- Grande: sorted high to low, card by card, higher wins ---------------------------------------

GRANDE = [
    play("12o 4c 5e 6b", "11o 11c 11e 11b", "7o 7c 7e 7b", "10o 10c 10e 10b", mano=1, wins=0,
         point="one rey beats four caballos"),
    play("12o 10c 7e 6b", "12c 11o 1e 1b", "12e 7o 6c 5o", "10o 10e 4b 4c", mano=0, wins=1,
         point="second card decides"),
    play("12o 11o 7o 1c", "12c 11c 6o 6c", "12e 11e 5o 5c", "10o 10c 10e 10b", mano=1, wins=0,
         point="third card decides"),
    play("12o 11o 10o 5c", "12c 11c 10c 4e", "7e 6e 5e 4o", "1o 1c 1e 1b", mano=1, wins=0,
         point="last card decides"),
    play("12o 11o 7c 6c", "12c 11c 7e 6e", "10o 10c 5e 5b", "1o 1c 4o 4c", mano=1, wins=1,
         point="tie goes to the mano"),
    play("12o 11o 7c 6c", "12c 11c 7e 6e", "10o 10c 5e 5b", "1o 1c 4o 4c", mano=0, wins=0,
         point="same deal, other mano: the other tied hand wins"),
    play("12o 11o 7c 6c", "10o 10c 5e 5b", "12c 11c 7e 6e", "1o 1c 4o 4c", mano=1, wins=2,
         point="tie: seat nearer the mano in speaking order wins when the mano is not among the tied"),
    play("12o 11o 7c 6c", "10o 10c 5e 5b", "12c 11c 7e 6e", "1o 1c 4o 4c", mano=3, wins=0,
         point="tie: speaking order wraps round from the mano 3 to seat 0"),
    play("12o 11o 7o 6o", "12c 11c 7c 6c", "12e 11e 7e 6e", "12b 11b 7b 6b", mano=2, wins=2,
         point="four equal hands: the mano wins"),
    play("3o 4c 5c 6c", "11o 11c 11e 10b", "7o 7c 6o 5o", "1o 1c 4o 4e", mano=1, wins=0,
         point="3 counts as rey with 8 reyes"),
    play("3o 11o 7c 6c", "12c 11c 7e 6e", "10o 10c 5e 5b", "1o 1c 4o 4e", mano=1, wins=1,
         point="a 3 ties a 12: the mano wins"),
    play("12o 11o 10o 2c", "12c 11c 10c 1e", "7o 6o 5o 4o", "7c 6c 5c 4c", mano=1, wins=1,
         point="2 counts as as: 12 11 10 2 only ties 12 11 10 1"),
    play("3o 4c 5c 6c", "11o 11c 11e 10b", "7o 7c 6o 5o", "1o 1c 4o 4e", mano=1, wins=1, rules=FOUR_REYES,
         point="4 reyes: a 3 is only a 3"),
    play("12o 11o 10o 2c", "12c 11c 10c 1e", "7o 6o 5o 4o", "7c 6c 5c 4c", mano=1, wins=0, rules=FOUR_REYES,
         point="4 reyes: a 2 beats an as"),
]

# --- Chica: sorted low to high, card by card, lower wins -----------------------------------------

CHICA = [
    play("1o 7c 7e 12o", "4o 4c 5e 5b", "11o 11c 10c 10e", "6o 6c 7o 5c", mano=1, wins=0,
         point="the lowest card decides"),
    play("1o 4o 12o 11c", "1c 5c 6c 7c", "10o 10c 10e 10b", "4c 4e 4b 5o", mano=1, wins=0,
         point="second card decides"),
    play("1o 4o 5o 7o", "1c 4c 5c 6c", "12o 12c 11o 11c", "10o 10c 10e 7c", mano=0, wins=1,
         point="last card decides"),
    play("1o 4o 5o 6o", "12o 12c 11o 11c", "1c 4c 5c 6c", "10o 10c 10e 7c", mano=2, wins=2,
         point="tie goes to the mano"),
    play("12o 12c 11o 11c", "1o 4o 5o 6o", "10o 10c 10e 7c", "1c 4c 5c 6c", mano=2, wins=3,
         point="tie: seat nearer the mano in speaking order wins when the mano is not among the tied"),
    play("12o 12c 11o 11c", "1o 4o 5o 6o", "10o 10c 10e 7c", "1c 4c 5c 6c", mano=0, wins=1,
         point="same tie, mano 0: seat 1 speaks before seat 3"),
    play("2o 4c 5c 6c", "1c 4e 5e 6e", "12o 12c 11o 11c", "10o 10c 10e 7c", mano=0, wins=0,
         point="2 counts as as: 2 4 5 6 ties 1 4 5 6, the mano wins"),
    play("3o 1c 4c 5c", "1o 4o 5o 11c", "12o 12c 11o 11e", "10o 10c 10e 7c", mano=0, wins=1,
         point="3 counts as rey: the worst card at chica"),
    play("2o 4c 5c 6c", "1c 4e 5e 6e", "12o 12c 11o 11c", "10o 10c 10e 7c", mano=0, wins=1, rules=FOUR_REYES,
         point="4 reyes: an as is lower than a 2"),
    play("3o 1c 4c 5c", "1o 4o 5o 11c", "12o 12c 11o 11e", "10o 10c 10e 7c", mano=0, wins=0, rules=FOUR_REYES,
         point="4 reyes: a 3 is a low card"),
]

# --- Pares: duples > medias > par, then the rank of the set --------------------------------------

PARES = [
    play("7o 7c 7e 7b", "12o 12c 1o 1c", "11o 11c 11e 11b", "4o 5o 6o 10o", mano=0, wins=1,
         point="RRAA beats 7777 and CCCC"),
    play("7o 7c 7e 7b", "11o 11c 11e 11b", "4o 5o 6o 10o", "4c 5c 6c 10c", mano=0, wins=1,
         point="CCCC beats 7777"),
    play("12o 12c 11o 11c", "4o 5o 6o 10o", "12e 12b 3o 3c", "1o 1c 1e 7o", mano=0, wins=2,
         point="RRRR beats RRCC"),
    play("12o 12c 12e 1o", "4o 4c 5o 5c", "6o 7o 10o 11o", "6c 7c 10c 11c", mano=0, wins=1,
         point="duples beat medias"),
    play("12o 12c 11o 10o", "4o 4c 4e 5o", "6o 7o 10c 11c", "6c 7c 10e 11e", mano=0, wins=1,
         point="medias beat par"),
    play("11o 11c 7o 6o", "4o 5o 6c 10o", "12o 12c 4c 5c", "1o 7c 10c 6e", mano=0, wins=2,
         point="the higher par wins"),
    play("5o 5c 5e 1o", "6o 6c 6e 1c", "12o 11o 10o 7o", "12c 11c 10c 7c", mano=0, wins=1,
         point="the higher medias win"),
    play("11o 11c 10o 10c", "12o 12c 1o 1c", "4o 5o 6o 7o", "4c 5c 6c 7c", mano=0, wins=1,
         point="duples: the higher pair decides first"),
    play("12o 12c 4o 4c", "12e 12b 5o 5c", "1o 6o 7o 10e", "1c 6c 7c 10b", mano=0, wins=1,
         point="duples: the lower pair decides when the higher ties"),
    play("12o 12c 1o 4o", "12e 3b 7o 6o", "5o 6c 7c 10o", "1c 4c 5c 11o", mano=0, wins=0,
         point="tie goes to the mano: the other cards do not count"),
    play("11o 11c 4o 5o", "12o 10o 7o 6o", "11e 11b 4c 5c", "12c 10c 7c 6c", mano=1, wins=2,
         point="tie: seat nearer the mano in speaking order wins when the mano is not among the tied"),
    play("12o 11o 10o 7o", "12c 11c 10c 7c", "12e 11e 10e 7e", "4o 4c 5o 6o", mano=0, wins=3,
         point="only the postre holds: the postre wins"),
    play("12o 11o 10o 7o", "6o 5o 4o 1o", "12c 11c 10c 7c", "6c 5c 4c 1c", mano=0, wins=None,
         point="nobody holds pares"),
    play("3o 12c 4o 5o", "11o 11c 6o 7o", "1o 10o 6c 7c", "1c 10c 6e 7e", mano=1, wins=0,
         point="3 counts as rey with 8 reyes: 3 12 is a par of reyes"),
    play("3o 3c 4o 5o", "12o 12c 6o 7o", "1o 10o 6c 7c", "1c 10c 6e 7e", mano=0, wins=0,
         point="3 3 ties 12 12: the mano wins"),
    play("2o 1c 4o 5o", "12o 11o 10o 7o", "12c 11c 10c 7c", "12e 11e 10e 7e", mano=1, wins=0,
         point="2 counts as as: 2 1 is a par of ases"),
    play("2o 2c 4o 5o", "1o 1c 6o 7o", "12o 11o 10o 7c", "12c 11c 10c 6c", mano=1, wins=1,
         point="2 2 ties 1 1: the mano wins"),
    play("3o 12c 4o 5o", "11o 11c 6o 7o", "1o 10o 6c 7c", "1c 10c 6e 7e", mano=1, wins=1, rules=FOUR_REYES,
         point="4 reyes: 3 12 is no par"),
    play("3o 3c 4o 5o", "12o 12c 6o 7o", "1o 10o 6c 7c", "1c 10c 6e 7e", mano=0, wins=1, rules=FOUR_REYES,
         point="4 reyes: 3 3 loses to 12 12"),
    play("2o 1c 4o 5o", "12o 11o 10o 7o", "12c 11c 10c 7c", "12e 11e 10e 7e", mano=1, wins=None,
         rules=FOUR_REYES, point="4 reyes: 2 1 is no par"),
    play("2o 2c 4o 5o", "1o 1c 6o 7o", "12o 11o 10o 7c", "12c 11c 10c 6c", mano=1, wins=0, rules=FOUR_REYES,
         point="4 reyes: 2 2 beats 1 1"),
]

# --- Juego: 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33 -------------------------------------------------

JUEGO = [
    play("12o 11o 10o 7o", "12c 11c 10c 3e", "12b 11b 6o 6c", "12e 11e 10e 1o", mano=0, wins=3,
         point="31 beats 32 beats 40 beats 37"),
    play("12o 11o 10o 7o", "12c 11c 10c 3e", "12b 11b 6o 6c", "1c 4o 5o 6e", mano=0, wins=2,
         point="32 beats 40 and 37"),
    play("12o 11o 10o 7o", "12c 11c 10c 3e", "1e 4c 5c 6b", "1c 4o 5o 6e", mano=0, wins=1,
         point="40 beats 37"),
    # The order, pair by pair: the worse total in the mano's hand, the better one in the postre's.
    play("12b 11b 6o 6c", "1b 4o 5o 6e", "1c 4c 5c 7c", "12e 11e 10e 1o", mano=0, wins=3,
         point="31 beats 32"),
    play("12c 11c 10c 3e", "1o 4o 5o 6e", "1c 4c 5c 7c", "12b 11b 6o 6c", mano=0, wins=3,
         point="32 beats 40"),
    play("12o 11o 10o 7o", "1c 4c 5c 6c", "1e 4e 5e 6e", "12c 11c 10c 3e", mano=0, wins=3,
         point="40 beats 37"),
    play("12o 11o 10o 6o", "1b 4b 5b 6b", "1e 4e 5e 7e", "12c 11c 10c 7c", mano=0, wins=3,
         point="37 beats 36"),
    play("12o 11o 10o 5o", "1b 4b 5b 7b", "1e 4e 5e 7e", "12c 11c 10c 6c", mano=0, wins=3,
         point="36 beats 35"),
    play("12o 11o 10o 4o", "1b 4b 6b 7b", "1e 4e 6e 7e", "12c 11c 10c 5c", mano=0, wins=3,
         point="35 beats 34"),
    play("12o 11o 7o 6o", "1b 4b 5b 7b", "1e 4e 5e 7e", "12c 11c 10c 4c", mano=0, wins=3,
         point="34 beats 33"),
    play("12o 11o 7o 6o", "12c 11c 5c 5e", "1b 4b 6b 7b", "1e 4e 6e 7e", mano=1, wins=0,
         point="33 is juego: it beats a 30"),
    play("12o 11o 10o 7o", "12e 11e 10e 1o", "1c 4c 5c 6c", "12b 11b 10b 2o", mano=2, wins=3,
         point="two 31s: the one nearer the mano wins"),
    play("12o 11o 10o 7o", "12e 11e 10e 1o", "1c 4c 5c 6c", "12b 11b 10b 2o", mano=1, wins=1,
         point="two 31s: the mano's 31 wins"),
    play("12o 11o 5o 4o", "12c 11c 5c 4c", "7o 7c 6o 6c", "1o 1c 2o 2c", mano=0, wins=None,
         point="nobody has juego"),
    play("12o 11o 10o 2c", "12c 11c 6o 6c", "1o 4o 5o 7o", "1e 4e 5e 7e", mano=1, wins=0,
         point="2 counts as as: 12 11 10 2 is 31"),
    play("3o 11o 10o 1o", "12c 11c 6e 6c", "1e 4o 5o 7o", "1b 4e 5e 7e", mano=1, wins=0,
         point="3 counts as rey: 3 11 10 1 is 31"),
    play("7o 7c 7e 11o", "12o 11c 10c 1e", "1o 4o 5o 6o", "1c 4c 5c 6c", mano=1, wins=1,
         point="7 7 7 11 is a plain 31 without real_31: the mano's 31 wins the tie"),
    play("7o 7c 7e 11o", "12o 11c 10c 1e", "1o 4o 5o 6o", "1c 4c 5c 6c", mano=1, wins=0, rules=REAL_31,
         point="real 31: 7 7 7 + a figure beats the mano's 31"),
    play("7o 7c 7e 3o", "12o 11c 10c 1e", "1o 4o 5o 6o", "1c 4c 5c 6c", mano=1, wins=0, rules=REAL_31,
         point="real 31: 7 7 7 3 is real, a 3 being a rey"),
    play("7o 7c 7e 12o", "12c 11c 10c 1e", "1o 4o 5o 6o", "1b 4c 5c 6c", mano=1, wins=0,
         rules=FOUR_REYES_REAL_31, point="real 31 with 4 reyes: 7 7 7 12 beats the mano's 31"),
    play("12b 11b 6o 6c", "7o 7c 7e 11o", "1o 4o 5o 6e", "1c 4c 5c 6b", mano=0, wins=1, rules=REAL_31,
         point="real 31 still beats a 32"),
    play("12o 11o 10o 2c", "12c 11c 6o 6c", "1o 4o 5o 7o", "1e 4e 5e 7e", mano=1, wins=1, rules=FOUR_REYES,
         point="4 reyes: 12 11 10 2 is 32 and ties the mano's 32"),
    play("3o 11o 10o 1o", "12c 11c 6e 6c", "1e 4o 5o 7o", "1b 4e 5e 7e", mano=1, wins=1, rules=FOUR_REYES,
         point="4 reyes: a 3 is worth 3, 3 11 10 1 has no juego"),
]

# --- Punto: nobody has juego, the highest total wins ----------------------------------------------

PUNTO = [
    play("12o 11o 5o 5c", "12c 11c 4o 4c", "7o 7c 7e 6o", "1o 1c 2o 2c", mano=1, wins=0,
         point="30 is the best punto"),
    play("12o 11o 5o 4o", "12c 11c 5c 4c", "7o 6o 1o 1c", "7c 6c 1e 1b", mano=1, wins=1,
         point="tie goes to the mano"),
    play("12o 11o 5o 4o", "7o 6o 1o 1c", "12c 11c 5c 4c", "7c 6c 1e 1b", mano=1, wins=2,
         point="tie: seat nearer the mano in speaking order wins when the mano is not among the tied"),
    play("12o 11o 5o 4o", "7o 6o 1o 1c", "12c 11c 5c 4c", "7c 6c 1e 1b", mano=3, wins=0,
         point="same tie, mano 3: seat 0 speaks before seat 2"),
    play("11o 10o 2c 6o", "11c 10c 1e 6c", "4o 5o 1o 7o", "4c 5c 1c 7c", mano=1, wins=1,
         point="a 2 is worth 1 with 8 reyes: 27 ties the mano's 27"),
    play("3o 11o 5o 4o", "12c 11c 4c 4e", "1o 6o 7o 5c", "1c 6c 7c 5e", mano=1, wins=0,
         point="a 3 is worth 10 with 8 reyes: 29 beats 28"),
    play("11o 10o 2c 6o", "11c 10c 1e 6c", "4o 5o 1o 7o", "4c 5c 1c 7c", mano=1, wins=0, rules=FOUR_REYES,
         point="4 reyes: a 2 is worth 2, 28 beats 27"),
    play("3o 11o 5o 4o", "12c 11c 4c 4e", "1o 6o 7o 5c", "1c 6c 7c 5e", mano=1, wins=1, rules=FOUR_REYES,
         point="4 reyes: a 3 is worth 3, 22 loses to 28"),
]

TABLES = {Lance.GRANDE: GRANDE, Lance.CHICA: CHICA, Lance.PARES: PARES, Lance.JUEGO: JUEGO, Lance.PUNTO: PUNTO}
ARGS = ("hands", "mano", "winner", "rules")


@pytest.mark.parametrize(ARGS, GRANDE)
def test_grande(hands: Sequence[mw.Hand], mano: int, winner: int, rules: Rules) -> None:
    assert mw.lance_winner(Lance.GRANDE, hands, mano=mano, rules=rules) == winner


@pytest.mark.parametrize(ARGS, CHICA)
def test_chica(hands: Sequence[mw.Hand], mano: int, winner: int, rules: Rules) -> None:
    assert mw.lance_winner(Lance.CHICA, hands, mano=mano, rules=rules) == winner


@pytest.mark.parametrize(ARGS, PARES)
def test_pares(hands: Sequence[mw.Hand], mano: int, winner: int | None, rules: Rules) -> None:
    assert mw.lance_winner(Lance.PARES, hands, mano=mano, rules=rules) == winner


@pytest.mark.parametrize(ARGS, JUEGO)
def test_juego(hands: Sequence[mw.Hand], mano: int, winner: int | None, rules: Rules) -> None:
    assert mw.lance_winner(Lance.JUEGO, hands, mano=mano, rules=rules) == winner


@pytest.mark.parametrize(ARGS, PUNTO)
def test_punto(hands: Sequence[mw.Hand], mano: int, winner: int, rules: Rules) -> None:
    assert mw.lance_winner(Lance.PUNTO, hands, mano=mano, rules=rules) == winner


EVERY_DEAL = [
    pytest.param(lance, *row.values, id=f"{lance.value}: {row.id}") for lance, table in TABLES.items() for row in table
]


@pytest.mark.parametrize(("lance", *ARGS), EVERY_DEAL)
def test_lance_winners_agrees_with_lance_winner_on_every_deal(
    lance: Lance, hands: Sequence[mw.Hand], mano: int, winner: int | None, rules: Rules
) -> None:
    one_by_one = tuple(mw.lance_winner(each, hands, mano=mano, rules=rules) for each in Lance)
    assert one_by_one[list(Lance).index(lance)] == winner
    assert mw.lance_winners(hands, mano, rules) == one_by_one


def test_a_hand_of_the_tables_is_played_in_lance_order() -> None:
    hands = deal("12o 12c 1o 1c", "7o 7c 7e 7b", "11o 11c 11e 11b", "4o 5o 6o 10o")
    # Grande: seat 0 (R R A A) beats C C C C only by the first card; Chica: seat 0's ases;
    # Pares: R R A A; Juego: C C C C is 40, 7 7 7 7 is 28, R R A A is 22, 4 5 6 S is 25.
    assert mw.lance_winners(hands, mano=1) == (0, 0, 0, 2, 2)


# --- what a hand is worth ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rules", "pares", "pares_points"),
    [
        pytest.param("12o 12c 4o 5o", DEFAULT, ParesKind.PAR, 1, id="par of reyes: 1"),
        pytest.param("4o 4c 12o 5o", DEFAULT, ParesKind.PAR, 1, id="par of cuatros: 1"),
        pytest.param("7o 7c 7e 1o", DEFAULT, ParesKind.MEDIAS, 2, id="medias: 2"),
        pytest.param("4o 4c 5o 5c", DEFAULT, ParesKind.DUPLES, 3, id="duples: 3"),
        pytest.param("11o 11c 11e 11b", DEFAULT, ParesKind.DUPLES, 3, id="four equal cards are duples: 3"),
        pytest.param("1o 4o 5o 6o", DEFAULT, ParesKind.NONE, 0, id="no pares: 0"),
        pytest.param("3o 12c 4o 5o", DEFAULT, ParesKind.PAR, 1, id="3 and 12 are a par of reyes"),
        pytest.param("3o 3c 12o 1o", DEFAULT, ParesKind.MEDIAS, 2, id="3 3 12 are medias of reyes"),
        pytest.param("3o 3c 1o 2o", DEFAULT, ParesKind.DUPLES, 3, id="3 3 1 2 are duples of reyes and ases"),
        pytest.param("3o 12c 4o 5o", FOUR_REYES, ParesKind.NONE, 0, id="4 reyes: 3 and 12 are no par"),
        pytest.param("3o 3c 1o 2o", FOUR_REYES, ParesKind.PAR, 1, id="4 reyes: 3 3 1 2 is a par of treses"),
        pytest.param("2o 2c 2e 1o", FOUR_REYES, ParesKind.MEDIAS, 2, id="4 reyes: 2 2 2 1 are medias of doses"),
    ],
)
def test_pares_points(hand: str, rules: Rules, pares: ParesKind, pares_points: int) -> None:
    value = mw.evaluate(H(hand), rules)
    assert value.pares is pares
    assert value.pares_points == pares_points
    assert value.has_pares == (pares_points > 0)


@pytest.mark.parametrize(
    ("hand", "rules", "total", "juego_points"),
    [
        pytest.param("12o 11o 10o 1c", DEFAULT, 31, 3, id="31 scores 3"),
        pytest.param("12o 11o 10o 2c", DEFAULT, 31, 3, id="12 11 10 2 is 31 and scores 3"),
        pytest.param("7o 7c 7e 12o", DEFAULT, 31, 3, id="7 7 7 12 is 31 and scores 3"),
        pytest.param("7o 7c 7e 12o", REAL_31, 31, 3, id="real 31 scores 3 like any 31"),
        pytest.param("12o 11o 6o 6c", DEFAULT, 32, 2, id="32 scores 2"),
        pytest.param("12o 12c 3o 3c", DEFAULT, 40, 2, id="40 scores 2"),
        pytest.param("12o 11o 10o 7o", DEFAULT, 37, 2, id="37 scores 2"),
        pytest.param("12o 11o 7o 6o", DEFAULT, 33, 2, id="33 scores 2"),
        pytest.param("12o 11o 5o 5c", DEFAULT, 30, 0, id="30 is no juego"),
        pytest.param("7o 6o 5o 4o", DEFAULT, 22, 0, id="7 to 4 count their face"),
        pytest.param("1o 1c 2o 2c", DEFAULT, 4, 0, id="four ases are the lowest total"),
        pytest.param("3o 3c 1o 2o", DEFAULT, 22, 0, id="with 8 reyes a 3 is worth 10 and a 2 is worth 1"),
        pytest.param("10o 11c 12e 3b", DEFAULT, 40, 2, id="sota caballo rey and a 3 are worth 10 each"),
        pytest.param("3o 3c 1o 2o", FOUR_REYES, 9, 0, id="4 reyes: a 3 is worth 3 and a 2 is worth 2"),
        pytest.param("12o 11o 10o 3o", FOUR_REYES, 33, 2, id="4 reyes: 12 11 10 3 is 33"),
        pytest.param("12o 11o 10o 2o", FOUR_REYES, 32, 2, id="4 reyes: 12 11 10 2 is 32"),
    ],
)
def test_totals_and_juego_points(hand: str, rules: Rules, total: int, juego_points: int) -> None:
    value = mw.evaluate(H(hand), rules)
    assert value.total == total
    assert value.juego_points == juego_points
    assert value.has_juego == (juego_points > 0)


def test_suits_and_order_never_change_a_hands_value() -> None:
    assert mw.evaluate(H("12o 3c 7e 1b")) == mw.evaluate(H("1c 7o 12b 3e"))


def test_the_ranks_with_8_reyes_read_a_3_as_a_rey_and_a_2_as_an_as() -> None:
    assert mw.evaluate(H("2c 3o 7e 11o")).ranks == (12, 11, 7, 1)
    assert mw.evaluate(H("2c 3o 7e 11o"), FOUR_REYES).ranks == (11, 7, 3, 2)


# --- all 91,390 hands -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def every_hand() -> list[mw.HandValue]:
    return [mw.evaluate(mw.Hand(cards)) for cards in itertools.combinations(mw.DECK, 4)]


def percent(count: int, of: int, digits: int) -> float:
    return round(100 * count / of, digits)


def test_over_every_hand_the_figures_of_the_rules_hold(every_hand: list[mw.HandValue]) -> None:
    n = len(every_hand)
    assert n == math.comb(40, 4) == 91_390
    kinds = Counter(value.pares for value in every_hand)
    assert percent(n - kinds[ParesKind.NONE], n, 1) == 56.6
    assert percent(kinds[ParesKind.PAR], n, 1) == 47.9
    assert percent(kinds[ParesKind.MEDIAS], n, 2) == 4.87
    assert percent(kinds[ParesKind.DUPLES], n, 2) == 3.81
    assert percent(sum(value.has_juego for value in every_hand), n, 2) == 26.75
    assert percent(sum(value.total == 31 for value in every_hand), n, 2) == 9.17


def test_over_every_hand_totals_run_from_4_to_40_without_38_or_39(every_hand: list[mw.HandValue]) -> None:
    totals = {value.total for value in every_hand}
    assert min(totals) == 4
    assert max(totals) == 40
    assert {38, 39}.isdisjoint(totals)
    assert {t for t in totals if t >= 31} == {31, 32, 33, 34, 35, 36, 37, 40}


def test_distinct_hands_by_rank() -> None:
    assert distinct_rank_hands() == 330
    assert distinct_rank_hands(FOUR_REYES) == 715


# --- against a slow reference written from RULES.md -----------------------------------------------

# RULES.md: "Rank, high to low: R(12, 3) > C(11) > S(10) > 7 > 6 > 5 > 4 > A(1, 2)"; with 4 reyes 3 and 2
# keep their own rank. Each ladder lists the card numbers best first, equal cards grouped.
LADDER: dict[int, list[tuple[int, ...]]] = {
    8: [(12, 3), (11,), (10,), (7,), (6,), (5,), (4,), (1, 2)],
    4: [(12,), (11,), (10,), (7,), (6,), (5,), (4,), (3,), (2,), (1,)],
}
# "R, C, S = 10; 7..4 = face value; A = 1" (and with 4 reyes a 3 is worth 3, a 2 is worth 2).
POINTS = {
    8: {12: 10, 11: 10, 10: 10, 7: 7, 6: 6, 5: 5, 4: 4, 3: 10, 2: 1, 1: 1},
    4: {12: 10, 11: 10, 10: 10, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2, 1: 1},
}
JUEGO_BEST_FIRST = [31, 32, 40, 37, 36, 35, 34, 33]


def ref_height(number: int, rules: Rules) -> int:
    """How good a card is at Grande: the higher the better (equal ranks give equal heights)."""
    ladder = LADDER[rules.kings]
    for place, group in enumerate(ladder):
        if number in group:
            return len(ladder) - place
    raise AssertionError(number)


def ref_total(hand: mw.Hand, rules: Rules) -> int:
    return sum(POINTS[rules.kings][card.number] for card in hand)


def ref_pares(hand: mw.Hand, rules: Rules) -> tuple[int, ...] | None:
    """(kind, rank of the set...) with kind par 1, medias 2, duples 3; None without pares."""
    counts = Counter(ref_height(card.number, rules) for card in hand)
    sets = sorted((height for height, n in counts.items() if n >= 2), reverse=True)
    if not sets:
        return None
    if len(sets) == 2:
        return (3, sets[0], sets[1])
    (height,) = sets
    n = counts[height]
    if n == 4:
        return (3, height, height)
    return (2, height) if n == 3 else (1, height)


def ref_key(lance: Lance, hand: mw.Hand, rules: Rules) -> tuple[int, ...] | None:
    """A key where bigger is better, or None when the hand does not take part."""
    heights = sorted(ref_height(card.number, rules) for card in hand)
    total = ref_total(hand, rules)
    if lance is Lance.GRANDE:
        return tuple(reversed(heights))
    if lance is Lance.CHICA:
        return tuple(-h for h in heights)
    if lance is Lance.PARES:
        return ref_pares(hand, rules)
    if lance is Lance.JUEGO:
        if total < 31:
            return None
        sevens = sum(card.number == 7 for card in hand)
        real = rules.real_31 and total == 31 and sevens == 3
        return (-JUEGO_BEST_FIRST.index(total), int(real))
    return (total,)


def ref_winner(lance: Lance, hands: Sequence[mw.Hand], mano: int, rules: Rules) -> int | None:
    winner, best = None, None
    for step in range(4):
        seat = (mano + step) % 4
        key = ref_key(lance, hands[seat], rules)
        if key is not None and (best is None or key > best):
            winner, best = seat, key
    return winner


@pytest.mark.parametrize(("lance", *ARGS), EVERY_DEAL)
def test_the_reference_agrees_with_the_tables(
    lance: Lance, hands: Sequence[mw.Hand], mano: int, winner: int | None, rules: Rules
) -> None:
    assert ref_winner(lance, hands, mano, rules) == winner


VARIANTS = st.sampled_from([DEFAULT, FOUR_REYES, REAL_31, FOUR_REYES_REAL_31])


@given(shuffled=st.permutations(mw.DECK), mano=st.integers(0, 3), rules=VARIANTS)
def test_random_deals_match_the_reference(shuffled: list[mw.Card], mano: int, rules: Rules) -> None:
    hands = [mw.Hand(tuple(shuffled[4 * seat : 4 * seat + 4])) for seat in range(4)]
    expected = tuple(ref_winner(lance, hands, mano, rules) for lance in Lance)
    for lance, winner in zip(Lance, expected, strict=True):
        assert mw.lance_winner(lance, hands, mano=mano, rules=rules) == winner, lance
    assert mw.lance_winners(hands, mano, rules) == expected


@given(shuffled=st.permutations(mw.DECK), rules=VARIANTS)
def test_random_hands_are_valued_like_the_reference(shuffled: list[mw.Card], rules: Rules) -> None:
    hand = mw.Hand(tuple(shuffled[:4]))
    value = mw.evaluate(hand, rules)
    total = ref_total(hand, rules)
    pares = ref_pares(hand, rules)
    assert value.total == total
    assert value.pares_points == (pares[0] if pares else 0)
    assert value.juego_points == (3 if total == 31 else 2 if total > 31 else 0)
