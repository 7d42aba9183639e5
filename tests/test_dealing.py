"""The dealer of the expert's possible worlds: a hand of a set of keys, dealt exactly as often as four cards
drawn at random until they make one of them, from the cards the hands before it in the world left."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mus_widget import Rules
from mus_widget.bots.dealing import Dealer, key_of
from mus_widget.bots.keepers import MusRecord, keeping, plain_for
from mus_widget.bots.knowledge import knowledge_for
from mus_widget.engine.cards import DECK
from mus_widget.engine.hands import rank_of

KNOWLEDGE = knowledge_for(Rules())
VALUES = KNOWLEDGE.values
REYES = [c.index for c in DECK if rank_of(c.number, 8) == 12]
# South holds four cards and threw none: the other seats' hands come from the other 36.
POOL = [c.index for c in DECK if c.index not in (0, 10, 20, 30)]
TWO_REYES_OR_MORE = frozenset(key for key, v in VALUES.items() if v.ranks.count(12) >= 2)
JUEGO_WITHOUT_PARES = frozenset(key for key, v in VALUES.items() if v.has_juego and not v.has_pares)
PARES = frozenset(key for key, v in VALUES.items() if v.has_pares)


def chi_square(a: Counter[int], b: Counter[int]) -> tuple[float, int]:
    """Pearson's statistic for two samples of the same size having one distribution, and its degrees of
    freedom, over the keys seen at least five times on average."""
    statistic, kinds = 0.0, 0
    for key in a.keys() | b.keys():
        expected = (a[key] + b[key]) / 2
        if expected >= 5:
            statistic += (a[key] - expected) ** 2 / expected + (b[key] - expected) ** 2 / expected
            kinds += 1
    return statistic, kinds - 1


@pytest.mark.parametrize("allowed", [TWO_REYES_OR_MORE, JUEGO_WITHOUT_PARES, PARES],
                         ids=["two reyes or more", "juego without pares", "pares"])
@pytest.mark.slow
def test_a_hand_of_a_set_of_keys_is_dealt_as_often_as_rejection_deals_it(allowed: frozenset[int]) -> None:
    # East was dealt six of the eight reyes: North's hand comes from what is left.
    dealt = REYES[:6]
    left = [c for c in POOL if c not in dealt]
    rng = random.Random(7)
    dealer = Dealer(POOL, KNOWLEDGE, rng)
    exact: Counter[int] = Counter()
    rejected: Counter[int] = Counter()
    for _ in range(12_000):
        dealer.new_world()
        dealer.take(dealt)
        hand = dealer.of_keys(allowed)
        assert hand is not None and len(set(hand)) == 4 and not set(hand) & set(dealt)
        exact[key_of(hand)] += 1
        while key_of(drawn := rng.sample(left, 4)) not in allowed:
            pass
        rejected[key_of(drawn)] += 1
    statistic, freedom = chi_square(exact, rejected)
    assert freedom >= 10
    assert statistic < freedom + 4 * (2 * freedom) ** 0.5, "one distribution (within four standard deviations)"


def test_a_set_the_cards_left_cannot_make_is_not_dealt() -> None:
    four_reyes = frozenset(key for key in TWO_REYES_OR_MORE if VALUES[key].ranks.count(12) == 4)
    dealer = Dealer(POOL, KNOWLEDGE, random.Random(3))
    assert dealer.of_keys(four_reyes) is not None, "the 36 unseen cards hold all eight reyes"
    dealer.take(REYES[:5])
    assert dealer.of_keys(four_reyes) is None, "three reyes are left"
    dealer.new_world()
    hand = dealer.of_keys(four_reyes)
    assert hand is not None and set(hand) <= set(REYES), "a new world puts every card back"


def test_the_same_seed_deals_the_same_worlds_and_no_card_twice_in_one() -> None:
    def worlds(seed: int) -> list[list[int]]:
        dealer = Dealer(POOL, KNOWLEDGE, random.Random(seed))
        out = []
        for _ in range(200):
            dealer.new_world()
            cards: list[int] = []
            for allowed in (PARES, None, JUEGO_WITHOUT_PARES):
                hand = (dealer.of_keys(allowed) or []) if allowed is not None else dealer.any_four()
                dealer.take(hand)
                cards += hand
            out.append(cards)
        return out

    first = worlds(11)
    assert all(len(cards) == 12 == len(set(cards)) and set(cards) <= set(POOL) for cards in first)
    assert worlds(11) == first


def test_a_seat_that_cut_the_mus_at_once_holds_a_hand_the_plain_mus_keeps() -> None:
    plain = plain_for(Rules())
    keeps = keeping(MusRecord(None, "no-mus"), PARES, plain)
    assert keeps.before is None and keeps.now == plain.kept_keys & PARES
    asked = keeping(MusRecord(3, "mus"), None, plain)
    assert asked.thrown == 3 and asked.now is not None and not asked.now & plain.kept_keys
    assert asked.before is not None and all(plain.thrown[key][0] == 3 for key in asked.before)
