"""What the bots read of the mus and the discard: the plain discard, the hands it would have left, and who
keeps its good cards.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

import random

import pytest

from mus_widget import Game, Hand, Rules
from mus_widget.bots import make_bot
from mus_widget.bots.knowledge import knowledge_for
from mus_widget.bots.turns import advance
from mus_widget.bots.worlds import sample_worlds
from mus_widget.engine.cards import DECK
from mus_widget.engine.hands import evaluate, rank_of
from mus_widget.engine.log import Event
from support.matches import EAST, SOUTH, WEST, style_match


@pytest.mark.parametrize("cards, thrown", [
    ("12o 3c 5e 4b", "5e 4b"),        # two reyes kept (a 3 is a rey), the rest thrown
    ("12o 7c 7e 1b", "1b"),           # a rey and a par of sietes kept
    ("6o 5c 4e 1b", "6o 5c 4e 1b"),   # nothing worth keeping
    ("1o 2c 6e 6b", "1o"),            # a par of ases (a 2 is an as) and one of seises: the first as
    ("12o 12c 7e 7b", "7e"),          # nothing to throw: the weakest of the least repeated
])
def test_the_plain_discard_keeps_reyes_and_pairs(cards: str, thrown: str) -> None:
    from mus_widget.bots.keepers import plain_throw
    from mus_widget.bots.simple import plain_discard

    hand = Hand.parse(cards)
    assert plain_discard(hand, 8).action == "discard " + thrown
    ranks = tuple(rank_of(c.number, 8) for c in hand.cards)
    assert [str(hand.cards[i]) for i in plain_throw(ranks)] == thrown.split()


def mus_log(*entries: tuple[str, int, object]) -> tuple[Event, ...]:
    """A hand's public log from (kind, seat, what) entries: mus calls and discard counts."""
    out = [Event("deal", None, "mus", (("game", 1), ("hand", 1), ("mano", 0)))]
    for kind, seat, what in entries:
        if kind == "call":
            out.append(Event("call", seat, "mus", (("action", str(what)),)))
        else:
            out.append(Event("discard", seat, "discard", (("count", int(str(what))),)))
    return tuple(out)


def test_the_mus_records_read_the_last_discard_and_the_last_round_of_the_mus() -> None:
    from mus_widget.bots.keepers import MusRecord, mus_records

    log = mus_log(("call", 0, "mus"), ("call", 1, "mus"), ("call", 2, "mus"), ("call", 3, "mus"),
                  ("discard", 0, 2), ("discard", 1, 4), ("discard", 2, 1), ("discard", 3, 3),
                  ("call", 0, "mus"), ("call", 1, "no-mus"))
    assert mus_records(log) == {
        0: MusRecord(2, "mus"), 1: MusRecord(4, "no-mus"), 2: MusRecord(1, None), 3: MusRecord(3, None),
    }
    assert mus_records(mus_log(("call", 0, "no-mus")))[0] == MusRecord(None, "no-mus")


REYES = {c.index for c in DECK if rank_of(c.number, 8) == 12}


def hand_keeps(indices: list[int]) -> bool:
    from mus_widget.bots.keepers import keeps_hand

    return keeps_hand(evaluate(Hand(tuple(DECK[i] for i in indices)), Rules()))


@pytest.mark.parametrize("thrown, said, holds, at_least", [
    # Three thrown: the one card kept was a rey (every other single is thrown).
    (3, "mus", lambda hand: len(REYES & set(hand)) >= 1, 1.0),
    # One thrown and still a mus hand: a rey and a par were kept, and the card drawn made neither
    # duples nor medias, so exactly one rey.
    (1, "mus", lambda hand: len(REYES & set(hand)) == 1, 1.0),
    # Cutting the mus without a discard: medias or better, 31 or 32, three reyes or three ases.
    (None, "no-mus", hand_keeps, 1.0),
    # Four thrown: no rey was kept, so two reyes or more are rarer than in four random cards (24 %).
    (4, "mus", lambda hand: len(REYES & set(hand)) <= 1, 0.8),
])
def test_a_hand_is_dealt_as_the_plain_mus_and_discard_would_have_left_it(
        thrown: int | None, said: str, holds: object, at_least: float) -> None:
    from mus_widget.bots.dealing import Dealer
    from mus_widget.bots.keepers import MusRecord, draw_kept, keeping, plain_for

    plain = plain_for(Rules())
    keeps = keeping(MusRecord(thrown, said), None, plain)

    def deal(seed: int) -> list[int] | None:
        return draw_kept(Dealer(list(range(40)), knowledge_for(Rules()), random.Random(seed)), keeps, plain)

    hands = [deal(seed) for seed in range(400)]
    drawn = [hand for hand in hands if hand is not None]
    assert len(drawn) >= 380, "a few tries find such a hand nearly always"
    assert all(len(set(hand)) == 4 for hand in drawn)
    assert sum(bool(holds(hand)) for hand in drawn) >= at_least * len(drawn)  # type: ignore[operator]
    assert [deal(seed) for seed in range(400)] == hands, "the same seed, the same hands"


def test_the_experts_worlds_deal_a_seat_that_threw_three_cards_a_rey() -> None:
    from mus_widget.bots.keepers import mus_records

    knowledge = knowledge_for(Rules())
    checked = 0
    for seed in range(1, 8):
        for step in style_match("ordago", seed).steps:
            obs = step.obs
            if step.turn.seat != SOUTH or obs.betting is None or mus_records(obs.log)[EAST].thrown != 3:
                continue
            if obs.pares_declared is not None or obs.juego_declared is not None:
                continue  # the declarations narrow the deal too; keep to what the discard says
            worlds = sample_worlds(obs, knowledge, 60, random.Random(seed), keepers=(0.0, 1.0, 0.0, 0.0))
            assert all(12 in knowledge.values[w.keys[EAST]].ranks for w in worlds)
            again = sample_worlds(obs, knowledge, 60, random.Random(seed), keepers=(0.0, 1.0, 0.0, 0.0))
            assert again == worlds, "the same seed and observation, the same worlds"
            uniform = sample_worlds(obs, knowledge, 60, random.Random(seed))
            assert sum(12 in knowledge.values[w.keys[EAST]].ranks for w in uniform) < 55
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("said, kept, reads", [
    ("no-mus", True, "plain"), ("mus", False, "plain"), ("no-mus", False, "not plain"), ("mus", True, "not plain"),
])
def test_a_shown_hand_tells_whether_its_mus_call_followed_the_cards(said: str, kept: bool, reads: str) -> None:
    from mus_widget.bots.memory import plain_evidence

    assert (plain_evidence(said, kept) > 0) == (reads == "plain")


@pytest.mark.parametrize("style, seed, plain", [
    ("random", 41, False), ("random", 43, False), ("ordago", 41, True), ("passive", 41, True), ("novice", 43, True),
])
@pytest.mark.slow
def test_the_expert_learns_from_shown_hands_who_keeps_its_good_cards(style: str, seed: int, plain: bool) -> None:
    # A random player cuts the mus with weak hands and asks for it with strong ones; the plain mus never does.
    bots = {s: make_bot(level, s) for s, level in enumerate(("expert", style, "expert", style))}
    game = Game.new(seed=seed, rules=Rules(target=100))
    while game.hand_number < 12 and not game.is_over:
        game, _ = advance(game, bots, limit=1)
    expert = bots[SOUTH]
    seen = game.observe(SOUTH)
    assert expert.memory.hands >= 2
    for seat in (EAST, WEST):
        chance = expert.memory.keeper(seen, seat)
        assert (chance > 0.9) if plain else (chance < 0.5), (style, seat, chance)
    assert expert.memory.keeper(Game.new(seed=42).observe(SOUTH), EAST) == pytest.approx(0.8), "a new game: the prior"
