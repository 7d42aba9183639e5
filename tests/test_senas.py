"""Señas: a player looks at their four cards and may only make the gestures that are true for them.

The claims are those of docs/rules.md ("Decisions where the rules are silent"): exactly two/three reyes or
ases by rank (with 8 reyes a 3 is a rey and a 2 an as), duples or medias, a total of 31, exactly three reyes
and one as; ``need_mus`` for neither pares nor juego; ``nothing`` when none of the card claims holds.
"""

from __future__ import annotations

import pytest
from _pytest.mark.structures import ParameterSet

import mus_widget as mw
from mus_widget import MalformedActionError, Rules
from mus_widget.engine.senas import sena

H = mw.Hand.parse

DEFAULT = Rules()
FOUR_REYES = Rules(kings=4)

# In the order of the gesture table of RULES.md.
GUIDE_ORDER = (
    "nothing",
    "need_mus",
    "two_reyes",
    "three_reyes",
    "two_ases",
    "three_ases",
    "duples",
    "medias",
    "thirty_one",
    "three_reyes_and_as",
)


def claim(sena_id: str, hand: str, holds: bool, point: str, rules: Rules = DEFAULT) -> ParameterSet:
    return pytest.param(sena_id, hand, rules, holds, id=f"{sena_id}: {point}")


CLAIMS = [
    claim("nothing", "4o 5c 6e 7b", True, "four small cards claim nothing"),
    claim("nothing", "4o 4c 5o 6o", True, "a par of cuatros is no claim of the catalogue"),
    claim("nothing", "12o 11o 10o 7o", True, "37 is juego but not 31"),
    claim("nothing", "12o 12c 4o 5o", False, "two reyes is a claim"),
    claim("nothing", "12o 11o 10o 1o", False, "31 is a claim"),
    claim("nothing", "4o 4c 5o 5c", False, "duples is a claim"),
    claim("need_mus", "4o 5c 6e 7b", True, "no pares, no juego"),
    claim("need_mus", "12o 11o 5o 4c", True, "29 and no pares"),
    claim("need_mus", "4o 4c 5o 6o", False, "a par is something to play"),
    claim("need_mus", "12o 11o 10o 7o", False, "37 is juego"),
    claim("two_reyes", "12o 12c 4o 5o", True, "two 12s"),
    claim("two_reyes", "3o 12c 4o 5o", True, "a 3 counts as a rey with 8 reyes"),
    claim("two_reyes", "3o 3c 4o 5o", True, "two 3s are two reyes with 8 reyes"),
    claim("two_reyes", "3o 3c 4o 5o", False, "with 4 reyes two 3s are no reyes", FOUR_REYES),
    claim("two_reyes", "12o 12c 12e 5o", False, "three reyes are not exactly two"),
    claim("two_reyes", "12o 11c 4o 5o", False, "one rey"),
    claim("three_reyes", "12o 12c 3o 5o", True, "12 12 3"),
    claim("three_reyes", "12o 12c 3o 5o", False, "with 4 reyes 12 12 3 is two reyes", FOUR_REYES),
    claim("three_reyes", "12o 12c 12e 12b", False, "four reyes are not exactly three"),
    claim("three_reyes", "12o 12c 4o 5o", False, "two reyes"),
    claim("two_ases", "1o 2c 4o 5o", True, "an as and a 2 with 8 reyes"),
    claim("two_ases", "1o 1c 4o 5o", True, "two 1s"),
    claim("two_ases", "1o 2c 4o 5o", False, "with 4 reyes a 2 is no as", FOUR_REYES),
    claim("two_ases", "1o 1c 1e 5o", False, "three ases are not exactly two"),
    claim("three_ases", "1o 1c 2e 7o", True, "1 1 2"),
    claim("three_ases", "1o 1c 2o 2c", False, "four ases are not exactly three"),
    claim("three_ases", "1o 1c 2e 7o", False, "with 4 reyes 1 1 2 is two ases", FOUR_REYES),
    claim("duples", "4o 4c 5o 5c", True, "two pairs"),
    claim("duples", "12o 12c 3o 3c", True, "four reyes by rank are duples"),
    claim("duples", "4o 4c 4e 5o", False, "medias are not duples"),
    claim("duples", "12o 12c 3o 3c", True, "with 4 reyes 12 12 3 3 are still two pairs", FOUR_REYES),
    claim("duples", "12o 12c 3o 1c", False, "with 4 reyes 12 12 3 1 is only a par", FOUR_REYES),
    claim("medias", "4o 4c 4e 5o", True, "three cuatros"),
    claim("medias", "3o 12c 12e 1o", True, "3 12 12 are three reyes"),
    claim("medias", "4o 4c 4e 4b", False, "four cuatros are duples"),
    claim("medias", "4o 4c 5o 6o", False, "a par"),
    claim("thirty_one", "12o 11o 10o 1o", True, "rey caballo sota as"),
    claim("thirty_one", "12o 11o 10o 2c", True, "a 2 is worth 1 with 8 reyes"),
    claim("thirty_one", "7o 7c 7e 3o", True, "7 7 7 and a 3 worth 10"),
    claim("thirty_one", "12o 11o 10o 2c", False, "with 4 reyes a 2 is worth 2: 32", FOUR_REYES),
    claim("thirty_one", "12o 11o 10o 4c", False, "34"),
    claim("thirty_one", "11o 10o 5o 5c", False, "30"),
    claim("three_reyes_and_as", "12o 12c 3o 1o", True, "12 12 3 1"),
    claim("three_reyes_and_as", "12o 3c 3e 2o", True, "12 3 3 2 with 8 reyes"),
    claim("three_reyes_and_as", "12o 3c 3e 2o", False, "with 4 reyes 12 3 3 2 has one rey", FOUR_REYES),
    claim("three_reyes_and_as", "12o 12c 12e 4o", False, "three reyes but no as"),
    claim("three_reyes_and_as", "12o 12c 1o 1c", False, "two reyes and two ases"),
    claim("three_reyes_and_as", "12o 12c 12e 12b", False, "four reyes"),
]


@pytest.mark.parametrize(("sena_id", "hand", "rules", "holds"), CLAIMS)
def test_a_sena_is_true_exactly_when_the_hand_holds_its_claim(
    sena_id: str, hand: str, rules: Rules, holds: bool
) -> None:
    cards = H(hand)
    assert sena(sena_id).is_true(cards, rules) is holds
    assert (sena_id in mw.true_senas(cards, rules)) is holds


@pytest.mark.parametrize("sena_id", [s.id for s in mw.CATALOGUE])
def test_every_sena_of_the_catalogue_is_played_both_true_and_false(sena_id: str) -> None:
    rows = [row.values for row in CLAIMS]
    answers = {holds for each, _, rules, holds in rows if each == sena_id and rules == DEFAULT}
    assert answers == {True, False}


def test_the_catalogue_is_the_game_guides_in_its_order() -> None:
    assert tuple(s.id for s in mw.CATALOGUE) == GUIDE_ORDER


@pytest.mark.parametrize("sena_id", GUIDE_ORDER)
def test_a_sena_is_found_by_its_id(sena_id: str) -> None:
    found = sena(sena_id)
    assert found.id == sena_id
    assert found in mw.CATALOGUE


@pytest.mark.parametrize(
    ("hand", "rules", "expected"),
    [
        pytest.param(
            "12o 12c 3o 1o", DEFAULT, ("three_reyes", "medias", "thirty_one", "three_reyes_and_as"),
            id="three reyes and an as make 31 and medias",
        ),
        pytest.param("4o 5c 6e 7b", DEFAULT, ("nothing", "need_mus"), id="a hand that needs mus"),
        pytest.param("12o 12c 1o 2c", DEFAULT, ("two_reyes", "two_ases", "duples"), id="reyes and ases"),
        pytest.param("1o 1c 2e 12o", DEFAULT, ("three_ases", "medias"), id="three ases and a rey"),
        pytest.param("12o 12c 1o 2c", FOUR_REYES, ("two_reyes",), id="4 reyes: the 2 is no as"),
        pytest.param("4o 4c 5o 6o", DEFAULT, ("nothing",), id="a small par claims nothing but needs no mus"),
    ],
)
def test_true_senas_lists_ids_in_catalogue_order(hand: str, rules: Rules, expected: tuple[str, ...]) -> None:
    found = mw.true_senas(H(hand), rules)
    assert found == expected
    assert found == tuple(s.id for s in mw.CATALOGUE if s.is_true(H(hand), rules))


def test_a_dealt_hand_gets_its_senas_in_catalogue_order() -> None:
    for start in range(0, 40, 4):
        hand = mw.Hand(mw.DECK[start : start + 4])
        found = mw.true_senas(hand)
        assert list(found) == sorted(found, key=GUIDE_ORDER.index)


def test_an_unknown_sena_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(MalformedActionError) as raised:
        sena("nope")
    message = str(raised.value)
    assert "'nope'" in message
    for known in GUIDE_ORDER:
        assert known in message


def test_an_unknown_sena_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nope"):
        sena("nope")
