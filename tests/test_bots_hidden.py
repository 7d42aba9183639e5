"""The bots never peek at hidden cards: a bot decides the same whatever the cards it cannot see.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

import random

import pytest

import mus_widget as mw
from mus_widget import Game, Hand, Phase, Rules
from mus_widget.bots import make_bot
from mus_widget.bots.base import partner_sena
from mus_widget.engine.hands import evaluate
from mus_widget.engine.senas import true_senas
from support.deals import REFERENCE_DEAL, SWAPPED_DEAL
from support.matches import BOT_LEVELS, EAST, NORTH, SEAT, SOUTH, WEST

# -------------------------------------------------------------------------------- 2. no hidden state


def other_deals(deal: tuple[str, ...], count: int, seed: int) -> list[tuple[str, ...]]:
    """Deals in which South keeps its cards and the others get other cards of the 36 South cannot see, each
    seat keeping its pares and juego declarations (and North whether it has anything to claim)."""
    rules = Rules()
    south = Hand.parse(deal[SOUTH])
    unseen = [c for c in mw.DECK if c not in south.cards]

    def looks(hand: Hand, seat: int) -> tuple[bool, ...]:
        value = evaluate(hand, rules)
        claims_nothing = "nothing" in true_senas(hand, rules)
        return (value.has_pares, value.has_juego) + ((claims_nothing,) if seat == NORTH else ())

    wanted = {seat: looks(Hand.parse(deal[seat]), seat) for seat in (EAST, NORTH, WEST)}
    rng = random.Random(seed)
    out: list[tuple[str, ...]] = []
    while len(out) < count:
        rng.shuffle(unseen)
        hands = {seat: Hand(tuple(unseen[4 * i : 4 * i + 4])) for i, seat in enumerate((EAST, NORTH, WEST))}
        if all(looks(hands[seat], seat) == wanted[seat] for seat in hands):
            out.append((deal[SOUTH], str(hands[EAST]), str(hands[NORTH]), str(hands[WEST])))
    return out


CHECK = "check"
# South is mano: South speaks first at the mus, and discards first when all four want mus.
SOUTH_MANO_SCRIPT = (CHECK + " the first mus question", "South: mus", "East: mus", "North: mus", "West: mus",
                     CHECK + " the discard")
# East is mano and South the postre; North answers with a seña once the mus is cut.
EAST_MANO_SCRIPT = (
    "East: mus", "North: mus", "West: mus", CHECK + " the mus after three mus",
    "South: no-mus", "North: seña nothing",
    "East: paso", "North: paso", "West: paso", CHECK + " Grande after three pasos",
    "South: paso",
    "East: paso", "North: paso", "West: envido 2", CHECK + " Chica, facing West's envido",
    "South: no-quiero", "North: no-quiero",
    # Pares: East, North and South hold, West does not.
    "East: paso", "North: paso", CHECK + " Pares after two pasos",
    "South: paso",
    # Juego: East, West and South hold; East bets and South answers alone (North has no juego).
    "East: envido 2", CHECK + " Juego, facing East's envido",
)


def walk(deal: tuple[str, ...], mano: int, seed: int, script: tuple[str, ...]) -> dict[str, Game]:
    """Play ``script`` on ``deal``; the states at each check, by name."""
    game = Game.from_deal(list(deal), mano=mano, seed=seed)
    checks = {}
    for step in script:
        if step.startswith(CHECK):
            assert game.to_move == SOUTH, f"{step}: seat {game.to_move} is to move, not South"
            checks[step[len(CHECK) + 1 :]] = game
            continue
        who, _, what = step.partition(": ")
        if what.startswith("seña "):
            game = game.sena(SEAT[who], what.removeprefix("seña "))
        else:
            game = game.apply(what, seat=SEAT[who])
    return checks


def same_table_other_cards(mano: int, script: tuple[str, ...]) -> list[dict[str, Game]]:
    """The script played on the reference deal, on the swapped deal, and on generated deals, each with its
    own seed (so the stock differs too)."""
    deals = [REFERENCE_DEAL, SWAPPED_DEAL, *other_deals(REFERENCE_DEAL, 3, seed=mano)]
    return [walk(deal, mano, seed, script) for seed, deal in enumerate(deals)]


def public(game: Game) -> tuple[object, ...]:
    """What the whole table has seen: the log, the score, the betting, the declarations."""
    obs = game.observe(SOUTH)
    return (obs.log, obs.scores, obs.betting, obs.pares_declared, obs.juego_declared, obs.phase, obs.to_move)


@pytest.mark.parametrize("mano, script", [(SOUTH, SOUTH_MANO_SCRIPT), (EAST, EAST_MANO_SCRIPT)], ids=["South mano",
                                                                                                       "East mano"])
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(level: str, mano: int, script: tuple[str, ...]
                                                                 ) -> None:
    tables = same_table_other_cards(mano, script)
    bot = make_bot(level, 11)
    for moment, reference in tables[0].items():
        others = [table[moment] for table in tables[1:]]
        # The states really differ only in what South cannot see.
        assert all(public(other) == public(reference) for other in others), moment
        assert all(other.hands[SOUTH] == reference.hands[SOUTH] for other in others), moment
        assert all(other.hands[1:] != reference.hands[1:] for other in others), moment
        assert all(other.stock != reference.stock for other in others), moment
        seen = reference.observe(SOUTH)
        decision, talk = bot.decide(seen), bot.table_talk(seen)
        for other in others:
            assert make_bot(level, 11).decide(other.observe(SOUTH)) == decision, f"{level} at {moment}"
            assert bot.decide(other.observe(SOUTH)) == decision, f"{level} at {moment}, the same bot again"
            assert bot.table_talk(other.observe(SOUTH)) == talk, f"{level}'s seña at {moment}"


def test_the_hidden_state_checks_reach_every_kind_of_moment() -> None:
    phases = {moment: game.phase for moment, game in walk(REFERENCE_DEAL, EAST, 0, EAST_MANO_SCRIPT).items()}
    phases |= {moment: game.phase for moment, game in walk(REFERENCE_DEAL, SOUTH, 0, SOUTH_MANO_SCRIPT).items()}
    assert set(phases.values()) == {Phase.MUS, Phase.DISCARD, Phase.GRANDE, Phase.CHICA, Phase.PARES, Phase.JUEGO}
    juego = walk(REFERENCE_DEAL, EAST, 0, EAST_MANO_SCRIPT)["Juego, facing East's envido"]
    assert juego.betting is not None and juego.betting.eligible == (EAST, WEST, SOUTH)
    assert juego.observe(SOUTH).pares_declared == (True, True, True, False)
    assert partner_sena(juego.observe(SOUTH)) == "nothing"


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_the_same_seed_and_observation_give_the_same_decision(level: str) -> None:
    for moment, game in walk(REFERENCE_DEAL, EAST, 0, EAST_MANO_SCRIPT).items():
        seen = game.observe(SOUTH)
        first = make_bot(level, 5).decide(seen)
        assert make_bot(level, 5).decide(seen) == first, moment
        assert make_bot(level, 5).decide(game.observe(SOUTH)) == first, moment
        assert make_bot(level, 5).table_talk(seen) == make_bot(level, 5).table_talk(seen), moment


def test_another_bot_seed_may_decide_otherwise() -> None:
    grande = walk(REFERENCE_DEAL, EAST, 0, EAST_MANO_SCRIPT)["Grande after three pasos"].observe(SOUTH)
    # The random bot picks among paso, envido and ordago; the expert samples other worlds.
    assert len({make_bot("random", seed).decide(grande).action for seed in range(30)}) == 3
    assert len({make_bot("expert", seed).decide(grande).reason for seed in range(6)}) > 1
    # With nothing telling in the hand, a novice keeps quiet in some hands and says "nothing" in others.
    plain = Game.from_deal(["4c 5e 6e 10e", *REFERENCE_DEAL[1:]], mano=SOUTH).apply("no-mus").observe(SOUTH)
    assert {make_bot("novice", seed).table_talk(plain) for seed in range(30)} == {"nothing", None}
