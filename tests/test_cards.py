"""The canonical notation: cards and hands written the way players write them (``12o 3c 7e 1b``)."""

from __future__ import annotations

import pytest

import mus_widget as mw
from mus_widget import DECK, Card, Hand, NotationError, Suit

H = mw.Hand.parse

# Written out from RULES.md, not taken from the package: numbers 1-7, sota 10, caballo 11, rey 12, four suits.
SUIT_LETTERS = {"o": Suit.OROS, "c": Suit.COPAS, "e": Suit.ESPADAS, "b": Suit.BASTOS}
CARD_NUMBERS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
EVERY_TOKEN = [f"{number}{letter}" for letter in SUIT_LETTERS for number in CARD_NUMBERS]

# What `from mus_widget import *` puts in a notebook: enough to run a repr.
STAR_NAMES = {name: getattr(mw, name) for name in mw.__all__}


# --- cards ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", EVERY_TOKEN)
def test_every_card_round_trips_through_its_notation(token: str) -> None:
    card = Card.parse(token)
    assert str(card) == token
    assert card.number == int(token[:-1])
    assert card.suit is SUIT_LETTERS[token[-1]]
    assert card.suit.letter == token[-1]


def test_the_rey_of_oros_is_twelve_of_oros() -> None:
    rey_de_oros = Card.parse("12o")
    assert rey_de_oros == Card(12, Suit.OROS)
    assert rey_de_oros != Card.parse("12c")
    assert rey_de_oros != Card.parse("11o")


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        pytest.param("12O", "12o", id="capital suit letter"),
        pytest.param("3C", "3c", id="copas in capitals"),
        pytest.param("7E", "7e", id="espadas in capitals"),
        pytest.param("1B", "1b", id="bastos in capitals"),
        pytest.param(" 10o ", "10o", id="surrounding spaces"),
    ],
)
def test_a_card_is_read_whatever_the_case_and_printed_canonically(written: str, canonical: str) -> None:
    card = Card.parse(written)
    assert str(card) == canonical
    assert card == Card.parse(canonical)
    assert card is Card.parse(canonical)


@pytest.mark.parametrize("token", EVERY_TOKEN)
def test_a_card_repr_runs_back_to_the_same_card(token: str) -> None:
    card = Card.parse(token)
    assert repr(card) == f"Card.parse({token!r})"
    assert eval(repr(card), STAR_NAMES) == card


# --- hands ---------------------------------------------------------------------------------------


def test_a_hand_keeps_the_order_the_player_wrote() -> None:
    assert str(H("12o 3c 7e 1b")) == "12o 3c 7e 1b"
    assert str(H("1b 7e 3c 12o")) == "1b 7e 3c 12o"
    assert [str(card) for card in H("5o 11c 2e 6b")] == ["5o", "11c", "2e", "6b"]


def test_a_hand_written_in_capitals_prints_canonically() -> None:
    hand = H("12O 3C 7E 1B")
    assert str(hand) == "12o 3c 7e 1b"
    assert hand == H("12o 3c 7e 1b")


def test_a_hand_holds_its_four_cards() -> None:
    hand = H("12o 3c 7e 1b")
    assert len(hand) == 4
    assert Card.parse("3c") in hand
    assert Card.parse("3o") not in hand
    assert hand.numbers == (12, 3, 7, 1)


def test_the_same_cards_in_another_order_are_the_same_hand() -> None:
    dealt = H("12o 3c 7e 1b")
    sorted_by_the_player = H("1b 7e 3c 12o")
    assert dealt == sorted_by_the_player
    assert hash(dealt) == hash(sorted_by_the_player)
    assert len({dealt, sorted_by_the_player, H("3c 12o 1b 7e")}) == 1


def test_one_different_card_makes_a_different_hand() -> None:
    assert H("12o 3c 7e 1b") != H("12o 3c 7e 1o")
    # Same numbers, other suits: suits never matter at the table, but they are other cards.
    assert H("12o 3c 7e 1b") != H("12c 3o 7e 1b")
    assert H("12o 3c 7e 1b") != "12o 3c 7e 1b"


@pytest.mark.parametrize("text", ["12o 3c 7e 1b", "1b 7e 3c 12o", "10o 11c 12e 2b", "4O 5C 6E 7B"])
def test_a_hand_repr_runs_back_to_an_equal_hand(text: str) -> None:
    hand = H(text)
    assert repr(hand) == f"Hand.parse({str(hand)!r})"
    again = eval(repr(hand), STAR_NAMES)
    assert again == hand
    assert str(again) == str(hand)


# --- mistakes in the notation --------------------------------------------------------------------


def test_notation_errors_are_value_errors() -> None:
    assert issubclass(NotationError, ValueError)
    with pytest.raises(ValueError, match="9o"):
        Card.parse("9o")


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("9o", id="there are no nines"),
        pytest.param("8c", id="there are no eights"),
        pytest.param("13o", id="no thirteen"),
        pytest.param("0e", id="no zero"),
        pytest.param("12x", id="no suit x"),
        pytest.param("12", id="suit missing"),
        pytest.param("o", id="number missing"),
        pytest.param("o12", id="suit first"),
        pytest.param("12 o", id="space inside"),
        pytest.param("", id="empty"),
    ],
)
def test_a_bad_card_is_named_in_the_error(token: str) -> None:
    with pytest.raises(NotationError) as raised:
        Card.parse(token)
    assert repr(token) in str(raised.value)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param("12o 3c 9o 1b", "'9o'", id="one card is not a card"),
        pytest.param("12o 3c 7e 12x", "'12x'", id="bad suit letter"),
        pytest.param("12o 3c 7e", "12o 3c 7e", id="too few cards"),
        pytest.param("12o 3c 7e 1b 5o", "12o 3c 7e 1b 5o", id="too many cards"),
        pytest.param("", "''", id="no cards at all"),
        pytest.param("12o 3c 12o 1b", "12o", id="a repeated card"),
        pytest.param("12o 3c 12O 1b", "12o", id="a repeated card in other case"),
    ],
)
def test_a_bad_hand_is_refused_naming_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(NotationError) as raised:
        H(text)
    assert named in str(raised.value)


def test_a_repeated_card_is_called_out_as_repeated() -> None:
    with pytest.raises(NotationError, match=r"12o appears twice"):
        H("12o 3c 12o 1b")


def test_a_hand_built_from_three_cards_is_refused() -> None:
    with pytest.raises(NotationError, match="4 cards"):
        Hand((Card.parse("12o"), Card.parse("3c"), Card.parse("7e")))


@pytest.mark.parametrize(
    ("number", "suit"),
    [
        pytest.param(8, Suit.OROS, id="no eights"),
        pytest.param(12, "o", id="a letter is not a Suit"),
    ],
)
def test_a_card_that_does_not_exist_cannot_be_built(number: object, suit: object) -> None:
    with pytest.raises(NotationError):
        Card(number, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [pytest.param(True, id="True"), pytest.param(12.0, id="12.0")])
def test_a_card_number_must_be_a_whole_number_not_a_bool_or_float(number: object) -> None:
    with pytest.raises(NotationError):
        Card(number, Suit.OROS)  # type: ignore[arg-type]


# --- the deck ------------------------------------------------------------------------------------


def test_the_deck_has_forty_distinct_cards() -> None:
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert sorted(str(card) for card in DECK) == sorted(EVERY_TOKEN)


def test_every_card_sits_at_its_own_index_in_the_deck() -> None:
    assert sorted(card.index for card in DECK) == list(range(40))
    for card in DECK:
        assert DECK[card.index] is card


@pytest.mark.parametrize("token", EVERY_TOKEN)
def test_a_parsed_card_is_the_deck_card(token: str) -> None:
    card = Card.parse(token)
    assert DECK[card.index] is card
    assert DECK[Card.parse(token.upper()).index] is card
