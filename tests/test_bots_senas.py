"""The bots make only true señas, in time, one a hand at most; talking bots tell in some hands only.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

import mus_widget as mw
from mus_widget import Game, Hand, Rules
from mus_widget.bots import make_bot
from mus_widget.bots.turns import advance, lances_begin, table_talk
from mus_widget.engine.senas import sena, true_senas
from support.deals import REFERENCE_DEAL
from support.matches import BOT_LEVELS, EAST, NORTH, SOUTH, VARIANTS, WEST, Match, all_matches, where

# -------------------------------------------------------------------------------- 3. true señas


def test_every_sena_a_bot_makes_is_true_timely_and_one_per_hand_at_most() -> None:
    made = 0
    for match in all_matches():
        rules = VARIANTS[match.variant]
        per_hand: Counter[tuple[int, int, int]] = Counter()
        for step in match.steps:
            for state, hand, event in step.events:
                if event.kind != "sena":
                    continue
                assert event.seat is not None
                sena_id = str(event.get("sena"))
                held = state.hands[event.seat]
                what = f"{match.variant} seed {match.seed}: seat {event.seat} ({match.level(event.seat)})"
                assert sena(sena_id).is_true(held, rules), f"{what} made {sena_id!r} holding {held}"
                assert event.phase not in ("mus", "discard"), f"{what} made {sena_id!r} before the mus was cut"
                seat_hand = (*hand, event.seat)
                per_hand[seat_hand] += 1
                made += 1
        assert max(per_hand.values(), default=0) <= 1, f"{match.variant} seed {match.seed}: {per_hand}"
    assert made >= 300, f"only {made} señas: too few to tell anything"


def hands_with_senas(match: Match) -> dict[int, list[bool]]:
    """For every seat, one entry per hand of the match: whether that seat made a seña in it."""
    said = {(*hand, e.seat) for step in match.steps for _, hand, e in step.events if e.kind == "sena"}
    return {seat: [(*hand, seat) in said for hand in sorted(match.hands_played)] for seat in range(4)}


def test_talking_bots_tell_in_some_hands_and_keep_quiet_in_others_and_random_bots_never_tell() -> None:
    by_seat: dict[tuple[str, int], Counter[bool]] = defaultdict(Counter)
    for match in all_matches():
        for seat, said in hands_with_senas(match).items():
            by_seat[(match.level(seat), seat)].update(said)
    for (level, seat), told in by_seat.items():
        if level == "random":
            assert told[True] == 0, f"the random bot at seat {seat} made a seña"
        elif told.total() >= 30:
            # A seat of a talking bot, over many hands: it tells in most, keeps quiet in some.
            assert 0 < told[False] < told[True], (level, seat, told)
    assert {level for level, _ in by_seat} == set(BOT_LEVELS)
    assert sum(said.total() for (level, _), said in by_seat.items() if level == "expert") >= 30


def test_no_sena_before_the_mus_is_cut_even_in_a_first_hand_of_mus_corrido() -> None:
    rules = Rules(mus_corrido_first_hand=True)
    for seed in range(6):
        bots = {seat: make_bot(("novice", "expert")[seat % 2], seed + seat) for seat in range(4)}
        game = Game.new(seed=seed, rules=rules)
        while where(game) == (1, 1) and not game.is_over:
            game, _ = advance(game, bots, limit=1)
        log = game.log if where(game) == (1, 1) or game.last_hand is None else game.last_hand.log
        calls = [e.get("action") for e in log if e.kind == "call" and e.phase == "mus"]
        assert calls[:4] == ["mus"] * 4, "mus corrido: the first question is answered mus by all"
        cut = next(i for i, e in enumerate(log) if e.kind == "call" and e.get("action") == "no-mus")
        senas = [i for i, e in enumerate(log) if e.kind == "sena"]
        assert senas, f"seed {seed}: no seña at all in the first hand"
        assert min(senas) > cut, f"seed {seed}: a seña at event {min(senas)}, before the cut at {cut}"


def test_table_talk_is_asked_of_every_bot_once_the_mus_is_cut() -> None:
    game = Game.from_deal(list(REFERENCE_DEAL), mano=EAST)
    bots = {seat: make_bot("novice", seat) for seat in range(4)}
    assert all(bot.table_talk(game.observe(seat)) is None for seat, bot in bots.items()), "no seña at the mus"
    cut = game.apply("no-mus")
    assert lances_begin(game, cut) and not lances_begin(cut, cut.apply("paso"))
    talked = table_talk(cut, bots)
    senas = {e.seat: str(e.get("sena")) for e in talked.log if e.kind == "sena" and e.seat is not None}
    # South holds two reyes and 31 and tells the more telling, 31; West holds 31 too. East (a par, 37) and
    # North (a par, 23) have nothing to claim: they say so, or keep quiet.
    assert senas[SOUTH] == "thirty_one" and senas[WEST] == "thirty_one"
    assert senas.get(EAST, "nothing") == "nothing" and senas.get(NORTH, "nothing") == "nothing"
    assert all(sena(s).is_true(cut.hands[seat]) for seat, s in senas.items())
    assert table_talk(talked, bots) == talked, "one seña per hand: asked again, nobody says more"


def deal_around(south: str) -> list[str]:
    """South's cards and, for the others, the first unseen cards of the deck in order."""
    mine = Hand.parse(south)
    rest = [str(c) for c in mw.DECK if c not in mine.cards]
    return [south, " ".join(rest[0:4]), " ".join(rest[4:8]), " ".join(rest[8:12])]


@pytest.mark.parametrize("level", ["novice", "expert"])
@pytest.mark.parametrize("cards, telling", [("12o 12c 3e 5o", "three_reyes"), ("1o 1c 2e 5o", "three_ases")])
def test_a_bot_with_three_reyes_or_three_ases_tells_that_rather_than_only_medias(level: str, cards: str,
                                                                                 telling: str) -> None:
    cut = Game.from_deal(deal_around(cards), mano=SOUTH).apply("no-mus")
    assert {telling, "medias"} <= set(true_senas(cut.hands[SOUTH]))
    assert make_bot(level, 1).table_talk(cut.observe(SOUTH)) == telling
