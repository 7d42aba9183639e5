"""The same moment of a game with the cards one seat cannot see dealt anew (mus_widget.engine.redeal).

Seats: 0 South, 1 East, 2 North, 3 West. The seat whose view must not change is South unless a test says.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from mus_widget import Game
from mus_widget.engine.cards import DECK, Hand
from mus_widget.engine.errors import MusError
from mus_widget.engine.phase import Phase
from mus_widget.engine.redeal import hidden_cards, redeal

SOUTH, EAST, NORTH, WEST = 0, 1, 2, 3


def moments(seed: int, count: int) -> Iterator[Game]:
    """Every state of a game of random play (a new one when it ends), ``count`` of them."""
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    for _ in range(count):
        if game.is_over:
            game = Game.new(seed=rng.getrandbits(32))
        yield game
        game = game.apply(rng.choice(game.legal_actions()))


def fitting_hands(game: Game, seat: int, rng: random.Random) -> list[Hand] | None:
    """Other hands for the seats but ``seat``, from the cards it cannot see, that keep the declarations made
    (found by trying); None when a hundred tries find none."""
    hidden = sorted(hidden_cards(game, seat), key=lambda card: card.index)
    for _ in range(100):
        cards = rng.sample(hidden, 12)
        hands = list(game.hands)
        for n, other in enumerate(s for s in range(4) if s != seat):
            hands[other] = Hand(tuple(cards[4 * n: 4 * n + 4]))
        try:
            redeal(game, seat, hands, random.Random(0))
        except MusError:
            continue
        return hands
    return None


def test_the_seat_sees_the_same_and_every_card_is_somewhere_once() -> None:
    rng = random.Random(5)
    tried = 0
    for game in moments(3, 400):
        seat = rng.randrange(4)
        hands = fitting_hands(game, seat, rng)
        if hands is None:
            continue
        tried += 1
        before = game.observe(seat)
        after = redeal(game, seat, hands, rng, seed=rng.getrandbits(32))
        assert after.observe(seat) == before and game.observe(seat) == before, "nor does the old state change"
        assert [str(h) for h in after.hands] == [str(h) for h in hands]
        assert after.to_move == game.to_move and after.phase is game.phase
        if seat == game.to_move:
            assert after.legal_actions() == game.legal_actions()
        placed = [c.index for h in after.hands for c in h.cards] + [c.index for c in after.stock] + \
            [c.index for c in after.discard_pile]
        assert sorted(placed) == [c.index for c in DECK], "hands, stock and the discards on the table: the deck"
        assert len(after.stock) == len(game.stock) and len(after.discard_pile) == len(game.discard_pile)
        for other in range(4):
            assert len(after.waiting[other]) == len(game.waiting[other])
            assert set(after.waiting[other]) <= set(after.hands[other].cards)
            assert len(after.observe(other).discarded) == len(game.observe(other).discarded)
        end = after
        play = random.Random(tried)
        while not end.is_over and end.hand_number == game.hand_number:
            end = end.apply(play.choice(end.legal_actions()))  # the new state plays on by the rules
    assert tried > 300


def test_a_seat_waiting_to_be_served_puts_down_as_many_of_its_new_cards() -> None:
    game = Game.from_deal(["12o 12c 1e 5b", "4o 5o 6o 7o", "10c 11c 3e 2b", "4e 5e 6e 7e"], mano=SOUTH)
    for _ in range(4):
        game = game.apply("mus")
    game = game.apply("discard 5b").apply("discard 4o 5o 6o")  # South and East have put cards down
    assert game.phase is Phase.DISCARD and game.to_move == NORTH
    hands = fitting_hands(game, NORTH, random.Random(1))
    assert hands is not None
    after = redeal(game, NORTH, hands, random.Random(2))
    assert [len(w) for w in after.waiting] == [1, 3, 0, 0]
    assert set(after.waiting[EAST]) <= set(hands[EAST].cards)
    served = after.apply("discard 10c").apply("discard 4e")  # the postre serves: East gets three new cards
    assert len(set(served.hands[EAST].cards) & set(hands[EAST].cards)) == 1


def test_hands_that_do_not_fit_are_refused() -> None:
    game = Game.from_deal(["12o 12c 1e 5b", "4o 4c 6o 7o", "10c 11c 3e 2b", "4e 5e 6e 7e"], mano=SOUTH)
    game = game.apply("no-mus").apply("paso").apply("paso").apply("paso").apply("paso")  # Grande
    game = game.apply("paso").apply("paso").apply("paso").apply("paso")  # Chica; at Pares, South and East have
    assert game.phase is Phase.PARES and game.to_move == SOUTH
    mine = game.hands[SOUTH]
    good = [mine, Hand.parse("4b 4e 6c 7c"), Hand.parse("10o 11o 3o 2o"), Hand.parse("5c 6b 7b 1o")]
    fine = redeal(game, SOUTH, good, random.Random(0))
    assert fine.observe(SOUTH) == game.observe(SOUTH) and fine.hands[EAST] == good[EAST]
    with pytest.raises(MusError, match="two seats"):
        redeal(game, SOUTH, [mine, good[1], Hand.parse("4b 11o 3o 2o"), good[3]], random.Random(0))
    with pytest.raises(MusError, match="can see 12o"):
        redeal(game, SOUTH, [mine, Hand.parse("12o 4b 4e 7c"), good[2], good[3]], random.Random(0))
    with pytest.raises(MusError, match="keeps its own cards"):
        redeal(game, SOUTH, [good[1], mine, good[2], good[3]], random.Random(0))
    with pytest.raises(MusError, match="pares or juego declared"):  # East declared pares: 4 5 6 7 has none
        redeal(game, SOUTH, [mine, Hand.parse("4b 5o 6c 7c"), good[2], Hand.parse("4e 6b 7b 1o")],
               random.Random(0))
    with pytest.raises(MusError, match="four hands"):
        redeal(game, SOUTH, good[:3], random.Random(0))
    assert game.hands[EAST] == Hand.parse("4o 4c 6o 7o"), "the old state is untouched"


def test_a_new_seed_deals_the_hands_to_come_anew() -> None:
    game = Game.from_deal(["12o 12c 1e 5b", "4o 5o 6o 7o", "10c 11c 3e 2b", "4e 5e 6e 7e"], mano=SOUTH, seed=4)
    same = redeal(game, SOUTH, list(game.hands), random.Random(0))
    other = redeal(game, SOUTH, list(game.hands), random.Random(0), seed=5)

    def next_hand(start: Game) -> str:
        start = start.apply("no-mus")
        while start.hand_number == 1:
            start = start.apply("paso" if "paso" in start.legal_actions() else start.legal_actions()[0])
        return " | ".join(str(h) for h in start.hands)

    assert next_hand(same) == next_hand(game) != next_hand(other)
