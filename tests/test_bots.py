"""The bots at the table: they play only legal actions, never peek at hidden cards, make only true señas,
explain every decision with the numbers they really used, and can be pitted against each other in the arena.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West. Default rules: 8 reyes
(every 3 is a rey R, every 2 an as A), target 40. The bots are random (uniform legal actions), novice (rules of
thumb) and expert (possible worlds); see src/mus_widget/bots/.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

import mus_widget as mw
from mus_widget import Action, Game, Hand, Kind, Lance, Observation, Phase, Rules
from mus_widget.bots import BOTS, LEVELS, STYLES, Bot, Decision, ExpertBot, NoviceBot, RandomBot, arena, make_bot
from mus_widget.bots.base import TELLING_SENAS, partner_sena
from mus_widget.bots.memory import UNKNOWN, calls_of
from mus_widget.bots.simple import team_chance
from mus_widget.bots.tables import knowledge_for
from mus_widget.bots.turns import Turn, advance, bot_turn, hand_ended, lances_begin, table_talk
from mus_widget.bots.worlds import lance_chance, normalised, sample_worlds
from mus_widget.engine.cards import DECK
from mus_widget.engine.hands import evaluate, lance_winner, rank_of
from mus_widget.engine.log import Event
from mus_widget.engine.senas import sena, true_senas
from mus_widget.i18n.messages import EN
from mus_widget.i18n.text import action_text, reason_text

SOUTH, EAST, NORTH, WEST = 0, 1, 2, 3
SEAT = {"South": SOUTH, "East": EAST, "North": NORTH, "West": WEST}
BOT_LEVELS = ("random", "novice", "expert")

VARIANTS = {
    "default": Rules(),
    "to 30": Rules(target=30),
    "4 reyes": Rules(kings=4),
    "real 31": Rules(real_31=True),
    "answers alone": Rules(team_consent=False),
    "negadas at the count": Rules(negadas_at_count=True),
    "mus corrido": Rules(mus_corrido_first_hand=True),
    "a vaca of 3 games": Rules(games=3),
}

# Who sits where, game after game: the levels mixed within and across the teams.
QUICK_TABLES = (
    ("novice", "random", "random", "novice"),
    ("random", "novice", "novice", "random"),
    ("novice", "novice", "novice", "random"),
    ("random", "random", "random", "novice"),
    ("novice", "random", "novice", "random"),
)
QUICK_GAMES_PER_VARIANT = 20
EXPERT_TABLES = (
    ("expert", "novice", "random", "expert"),
    ("novice", "expert", "expert", "random"),
)


# ----------------------------------------------------------------------------------------------- playing


@dataclass(frozen=True)
class Step:
    """One bot turn as :func:`advance` plays it: the state the bot decided in, its turn, and the public
    events that step added (the action's, and the table talk when the mus was cut), each with the state
    whose hands were held when it happened."""

    before: Game
    turn: Turn
    events: tuple[tuple[Game, tuple[int, int], Event], ...]

    @property
    def obs(self) -> Observation:
        return self.before.observe(self.turn.seat)

    @property
    def decision(self) -> Decision:
        return self.turn.decision


@dataclass(frozen=True)
class Match:
    variant: str
    levels: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]
    end: Game

    def level(self, seat: int) -> str:
        return self.levels[seat]

    @property
    def hands_played(self) -> set[tuple[int, int]]:
        return {(s.before.game_number, s.before.hand_number) for s in self.steps}


def where(game: Game) -> tuple[int, int]:
    """(game number, hand number): which hand of the match a state is in."""
    return game.game_number, game.hand_number


def new_events(before: Game, after: Game) -> tuple[tuple[Game, tuple[int, int], Event], ...]:
    """The events ``after`` added to ``before``'s log, each with the state holding the hands of that moment.

    Señas are made before a bot's action or right after the mus is cut, and neither a seña nor a no-mus
    changes a hand, so ``before`` holds the hands of every event of the hand it was in."""
    if where(before) == where(after):
        assert after.log[: len(before.log)] == before.log, "the log of a hand only grows"
        return tuple((before, where(before), e) for e in after.log[len(before.log) :])
    old = after.last_hand
    assert old is not None and (old.game_number, old.hand_number) == where(before)
    assert old.log[: len(before.log)] == before.log
    return tuple((before, where(before), e) for e in old.log[len(before.log) :]) + tuple(
        (after, where(after), e) for e in after.log
    )


def play_match(variant: str, levels: tuple[str, ...], seed: int) -> Match:
    """A whole match between bots, played by :func:`advance` one turn at a time so that every decision can be
    looked at in the state it was taken in (``advance`` plays the same way in one call)."""
    bots = {seat: make_bot(level, seed * 4 + seat) for seat, level in enumerate(levels)}
    game = Game.new(seed=seed, rules=VARIANTS[variant])
    steps = []
    while not game.is_over:
        before = game
        game, turns = advance(game, bots, limit=1)
        assert len(turns) == 1, f"advance made {len(turns)} turns with a limit of 1"
        steps.append(Step(before, turns[0], new_events(before, game)))
        assert len(steps) < 5000, "the match never ends"
    return Match(variant, levels, seed, tuple(steps), game)


@functools.cache
def quick_matches(variant: str) -> tuple[Match, ...]:
    """Random and novice bots, many matches of one variant."""
    base = 1000 * list(VARIANTS).index(variant)
    return tuple(
        play_match(variant, QUICK_TABLES[i % len(QUICK_TABLES)], base + i) for i in range(QUICK_GAMES_PER_VARIANT)
    )


@functools.cache
def expert_matches() -> tuple[Match, ...]:
    """One match per variant with two experts at the table (a few hundred expert decisions in all)."""
    return tuple(
        play_match(variant, EXPERT_TABLES[i % len(EXPERT_TABLES)], 7 + i) for i, variant in enumerate(VARIANTS)
    )


def all_matches() -> Iterator[Match]:
    for variant in VARIANTS:
        yield from quick_matches(variant)
    yield from expert_matches()


def assert_legal(obs: Observation, action: str) -> None:
    """``action`` is a canonical action that the rules allow ``obs.seat`` now."""
    act = Action.parse(action)
    assert str(act) == action, f"{action!r} is not in canonical notation ({act})"
    assert obs.to_move == obs.seat and obs.legal_actions, f"seat {obs.seat} decided out of turn"
    if obs.betting is not None:
        assert obs.betting.legal().allows(act), f"{action!r} is not legal now: {obs.betting.legal().describe()}"
    elif obs.phase is Phase.DISCARD:
        assert act.kind is Kind.DISCARD, f"{action!r} at the discard"
        assert set(act.cards) <= set(obs.hand.cards), f"{action!r} throws cards that are not in {obs.hand}"
    else:
        assert obs.phase is Phase.MUS, obs.phase
        assert action in obs.legal_actions, f"{action!r} is not among {obs.legal_actions}"


# -------------------------------------------------------------------------------- 1. only legal actions


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_and_novice_bots_play_whole_matches_with_legal_actions_only(variant: str) -> None:
    for match in quick_matches(variant):
        assert match.end.is_over and match.end.winner in (0, 1), f"seed {match.seed}: the match did not end"
        assert match.end.games_won[match.end.winner] == VARIANTS[variant].games_to_win
        for step in match.steps:
            assert step.before.to_move == step.turn.seat
            assert_legal(step.obs, step.decision.action)


@pytest.mark.slow
def test_experts_play_a_match_of_every_variant_with_legal_actions_only() -> None:
    decisions = 0
    for match in expert_matches():
        assert match.end.is_over, f"{match.variant}: the match did not end"
        for step in match.steps:
            assert_legal(step.obs, step.decision.action)
            decisions += match.level(step.turn.seat) == "expert"
    assert 200 <= decisions <= 600, f"{decisions} expert decisions: the expert part should stay a few hundred"


def test_thousands_of_seeded_decisions_were_checked_at_every_level() -> None:
    count: Counter[str] = Counter()
    phases: dict[str, set[str]] = defaultdict(set)
    for match in all_matches():
        for step in match.steps:
            level = match.level(step.turn.seat)
            count[level] += 1
            phases[level].add(step.before.phase.value)
    assert count["random"] >= 2000 and count["novice"] >= 2000 and count["expert"] >= 200, count
    for level in BOT_LEVELS:
        assert {"mus", "discard", "grande", "chica", "pares"} <= phases[level], (level, phases[level])
        assert phases[level] & {"juego", "punto"}, (level, phases[level])


def test_advance_plays_to_the_end_in_one_call_and_the_match_replays_from_its_record() -> None:
    levels = ("novice", "random", "novice", "novice")
    bots = {seat: make_bot(level, 40 * 4 + seat) for seat, level in enumerate(levels)}
    end, turns = advance(Game.new(seed=40), bots)
    assert end.is_over and len(turns) == len(end.actions)
    assert [t.decision.action for t in turns] == list(end.actions)
    assert any(s["sena"] for s in end.record()["senas"]), "the bots talked when the mus was cut"
    replay = Game.from_record(end.record())
    assert replay.actions == end.actions and replay.scores == end.scores and replay.winner == end.winner
    # Turn by turn, the same bots play the same match: same decisions, same señas at the same moments.
    step_by_step = play_match("default", levels, 40)
    assert [step.decision for step in step_by_step.steps] == [turn.decision for turn in turns]
    assert step_by_step.end.record() == end.record()


def test_advance_stops_where_a_seat_without_a_bot_is_to_move() -> None:
    game = Game.from_deal(["12o 3c 11o 1c", "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o"], mano=EAST)
    at_souths_turn, turns = advance(game, {seat: make_bot("novice", seat) for seat in (EAST, NORTH, WEST)})
    assert at_souths_turn.to_move == SOUTH and turns and SOUTH not in {t.seat for t in turns}
    assert [t.seat for t in turns[:3]] == [EAST, NORTH, WEST], "East is mano: East, North, West speak first"
    assert advance(at_souths_turn, {EAST: make_bot("novice")}) == (at_souths_turn, [])


def test_bot_turn_plays_the_seat_to_move_and_times_the_decision() -> None:
    game = Game.from_deal(["12o 3c 11o 1c", "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o"], mano=NORTH)
    times: list[float] = []
    turn = bot_turn(game, make_bot("expert", 2), times.append)
    assert turn.seat == NORTH and len(times) == 1 and times[0] >= 0
    assert turn.game.actions == (turn.decision.action,)
    assert_legal(game.observe(NORTH), turn.decision.action)


# -------------------------------------------------------------------------------- 2. no hidden state


SOUTH_CARDS = "12o 3c 11o 1c"  # R R C A: a par of reyes, 31 (juego); true señas: two_reyes, thirty_one
# East: C C S 7, a par, 37 (juego). North: 7 7 5 4, a par, 23, nothing to claim. West: R C S A, no pares, 31.
REFERENCE_DEAL = (SOUTH_CARDS, "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o")
# East and West trade the 7 and the as of oros: East now holds 31 (C C S A), West 37 (R C S 7); nobody's
# pares or juego changes, so the table hears exactly the same declarations.
SWAPPED_DEAL = (SOUTH_CARDS, "11c 11e 10o 1o", "7c 7e 5o 4o", "12e 11b 10c 7o")


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
                per_hand[(*hand, event.seat)] += 1
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
    for (level, seat), said in by_seat.items():
        if level == "random":
            assert said[True] == 0, f"the random bot at seat {seat} made a seña"
        elif said.total() >= 30:
            # A seat of a talking bot, over many hands: it tells in most, keeps quiet in some.
            assert 0 < said[False] < said[True], (level, seat, said)
    assert {level for level, _ in by_seat} == set(BOT_LEVELS)
    assert sum(said.total() for (level, _), said in by_seat.items() if level == "expert") >= 30


def test_no_sena_before_the_mus_is_cut_even_in_a_first_hand_of_mus_corrido() -> None:
    rules = Rules(mus_corrido_first_hand=True)
    for seed in range(6):
        bots = {seat: make_bot(("novice", "expert")[seat % 2], seed + seat) for seat in range(4)}
        game = Game.new(seed=seed, rules=rules)
        while where(game) == (1, 1) and not game.is_over:
            game, _ = advance(game, bots, limit=1)
        log = game.log if where(game) == (1, 1) else game.last_hand.log
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
    senas = {e.seat: e.get("sena") for e in talked.log if e.kind == "sena"}
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


# -------------------------------------------------------------------------------- 4. explanations


def test_every_decision_has_an_explanation_in_the_catalogue() -> None:
    ids: dict[str, set[str]] = defaultdict(set)
    for match in all_matches():
        for step in match.steps:
            reason = step.decision.reason
            assert reason.id in EN, f"{reason.id!r} is not in the English catalogue"
            text = reason_text(reason)
            assert text.strip() and "{" not in text, text
            ids[match.level(step.turn.seat)].add(reason.id)
    assert ids["random"] == {"explain.random"}
    assert ids["novice"] == {"explain.novice", "explain.novice.mus", "explain.novice.discard"}
    assert {"explain.expert.mus", "explain.expert.discard", "explain.expert.paso"} <= ids["expert"], ids["expert"]
    assert {"explain.expert.quiero", "explain.expert.no_quiero"} & ids["expert"], ids["expert"]


def test_the_random_bot_names_the_action_and_how_many_it_chose_from() -> None:
    for match in all_matches():
        for step in match.steps:
            if match.level(step.turn.seat) == "random":
                assert step.decision.reason.params == {"action": step.decision.action,
                                                       "count": len(step.obs.legal_actions)}


def careful_chance(match: Match, step: Step) -> int:
    """The novice's careful look before staking the game: its share of deals of the unseen cards, calls unread."""
    obs = step.obs
    bot = NoviceBot(match.seed * 4 + step.turn.seat)
    knowledge = knowledge_for(obs.rules)
    worlds = sample_worlds(obs, knowledge, bot.careful, bot.rng(obs, "ordago"), read_calls=False)
    return round(100 * lance_chance(obs, knowledge, normalised(worlds)))


def test_the_novice_names_its_real_chance_at_the_lance() -> None:
    """The chance a novice names is its team's chance at the lance from its hand, who takes part and its
    partner's seña; where it stakes the game (answering an órdago, or calling one itself rather than confirming
    its partner's) it is the chance of its careful look over deals of the unseen cards, unless the other team
    folds to every órdago: then a fair plain chance is reason enough."""
    checked = Counter()
    for match in all_matches():
        # Fresh novices shown every state of the match by seat: their memories are the players' own.
        readers = {seat: NoviceBot(match.seed * 4 + seat) for seat in range(4)}
        for step in match.steps:
            for seat, reader in readers.items():
                reader.memory.update(step.before.observe(seat))
            obs = step.obs
            if match.level(step.turn.seat) != "novice" or obs.betting is None:
                continue
            values = step.decision.reason.params
            assert values["action"] == step.decision.action and values["lance"] == obs.betting.lance.value
            plain = round(100 * team_chance(obs, obs.betting))
            what = (match.variant, match.seed, step.decision)
            confirming = obs.betting.proposal is not None and obs.betting.proposal.kind is Kind.ORDAGO
            folding = readers[step.turn.seat]._they_fold(obs)
            if step.decision.action == "ordago" and not confirming and folding and values["chance"] == plain:
                assert plain >= 100 * NoviceBot.fold_nerve, what
                checked["fold"] += 1
            elif obs.betting.ordago or (step.decision.action == "ordago" and not confirming):
                checked["órdago"] += 1
                if checked["órdago"] % 3 == 0:  # a careful look is 200 deals: redo one in three
                    assert values["chance"] == careful_chance(match, step), what
            else:
                # (an órdago in mind that a beginner's slip turned into another call names the careful chance)
                if values["chance"] != plain:
                    assert plain >= 80 and values["chance"] == careful_chance(match, step), what
                checked["plain"] += 1
    assert checked["plain"] >= 500 and checked["órdago"] >= 60, checked


def expert_steps() -> Iterator[tuple[Match, Step]]:
    for match in expert_matches():
        for step in match.steps:
            if match.level(step.turn.seat) == "expert":
                yield match, step


@pytest.mark.slow
def test_the_expert_names_the_share_of_its_worlds_in_which_it_wins_the_lance() -> None:
    checked = 0
    for match in expert_matches():
        # Fresh experts shown every state of the match by seat: their memories are the players' own, since a
        # memory holds only what the seat's observations showed.
        memories = {seat: ExpertBot(match.seed * 4 + seat) for seat in range(4)}
        for step in match.steps:
            for seat, bot in memories.items():
                bot.memory.update(step.before.observe(seat))
            obs = step.obs
            if match.level(step.turn.seat) != "expert" or obs.betting is None:
                continue
            bot = memories[step.turn.seat]
            knowledge = knowledge_for(obs.rules)
            worlds = normalised(sample_worlds(obs, knowledge, bot.samples, bot.rng(obs, "worlds"), catch=bot.catch,
                                              styles=bot.memory.styles(obs), keepers=bot.keepers(obs)))
            values = step.decision.reason.params
            assert values["lance"] == obs.betting.lance.value and values["action"] == step.decision.action
            assert values["chance"] == round(100 * lance_chance(obs, knowledge, worlds)), (match.variant, step.obs)
            assert 0 <= values["game"] <= 100
            checked += 1
    assert checked >= 100


def test_the_expert_names_what_its_hand_is_worth_at_the_mus_and_the_discard() -> None:
    checked = Counter()
    for match, step in expert_steps():
        obs = step.obs
        if obs.phase not in (Phase.MUS, Phase.DISCARD):
            continue
        scores = knowledge_for(obs.rules).score
        values = step.decision.reason.params
        assert values["action"] == step.decision.action
        assert values["now"] == round(scores[obs.hand.key], 1), (match.variant, str(obs.hand))
        assert min(scores.values()) - 0.05 <= values["after"] <= max(scores.values()) + 0.05
        if obs.phase is Phase.DISCARD:
            assert values["count"] == len(Action.parse(step.decision.action).cards)
        elif step.decision.action == "mus" and "no-mus" in obs.legal_actions and partner_sena(obs) is None:
            # The explanation agrees with the call: mus only when the best discard is worth more.
            assert values["now"] <= values["after"], values
        checked[obs.phase] += 1
    assert checked[Phase.MUS] >= 20 and checked[Phase.DISCARD] >= 10, checked


def grande_win_frequency(mine: Hand, mano: int, rules: Rules, deals: int = 4000) -> float:
    """How often South's team wins Grande when the other 36 cards are dealt at random (no reading of calls):
    an estimate of our own, by the engine's rule for the lance."""
    unseen = [c for c in mw.DECK if c not in mine.cards]
    rng = random.Random(2024)
    wins = 0
    for _ in range(deals):
        rng.shuffle(unseen)
        hands = [mine, *(Hand(tuple(unseen[4 * i : 4 * i + 4])) for i in range(3))]
        wins += lance_winner(Lance.GRANDE, hands, mano, rules) in (SOUTH, NORTH)
    return wins / deals


@pytest.mark.parametrize(
    "cards, rules",
    [
        pytest.param("12o 12c 3e 11o", Rules(), id="three reyes and a caballo"),
        pytest.param("12o 10c 7e 1o", Rules(), id="R S 7 A"),
        pytest.param("12o 10c 7e 1o", Rules(kings=4), id="R S 7 A with 4 reyes"),
        pytest.param("7o 6c 5e 4o", Rules(), id="7 6 5 4"),
        pytest.param("11o 11c 10e 7o", Rules(), id="C C S 7"),
        pytest.param("3o 2c 5e 4o", Rules(kings=4), id="3 2 5 4 with 4 reyes"),
    ],
)
def test_the_experts_chance_at_grande_is_near_the_true_frequency(cards: str, rules: Rules) -> None:
    # South is mano and cuts the mus: the first word at Grande is South's, and nothing has been said.
    mine = Hand.parse(cards)
    rest = [str(c) for c in mw.DECK if c not in mine.cards]
    deal = [cards, " ".join(rest[0:4]), " ".join(rest[4:8]), " ".join(rest[8:12])]
    grande = Game.from_deal(deal, mano=SOUTH, rules=rules).apply("no-mus")
    assert grande.phase is Phase.GRANDE and grande.to_move == SOUTH
    truth = 100 * grande_win_frequency(mine, SOUTH, rules)
    for seed in (1, 2):
        decision = make_bot("expert", seed).decide(grande.observe(SOUTH))
        assert abs(decision.reason.params["chance"] - truth) <= 15, (decision.reason, round(truth))


def most_telling(hand: Hand, rules: Rules) -> str | None:
    """The seña a bot makes for ``hand`` when it has something telling (bots/base.py TELLING_SENAS)."""
    held = true_senas(hand, rules)
    return next((s for s in TELLING_SENAS if s in held), None)


def grande_frequency_given_partner(mine: Hand, said: str, rules: Rules, *, as_a_bot: bool, deals: int = 3000) -> float:
    """How often South's team wins Grande (South mano) when North said ``said``: North's hand is one for which
    the seña is true (and, ``as_a_bot``, the most telling true one), every deal of the 36 unseen cards that
    agrees being equally likely."""
    unseen = [c for c in mw.DECK if c not in mine.cards]
    norths = [
        hand for hand in map(Hand, itertools.combinations(unseen, 4))
        if sena(said).is_true(hand, rules) and (not as_a_bot or most_telling(hand, rules) == said)
    ]
    rng = random.Random(7)
    wins = 0
    for _ in range(deals):
        north = rng.choice(norths)
        rest = [c for c in unseen if c not in north.cards]
        rng.shuffle(rest)
        hands = [mine, Hand(tuple(rest[0:4])), north, Hand(tuple(rest[4:8]))]
        wins += lance_winner(Lance.GRANDE, hands, SOUTH, rules) in (SOUTH, NORTH)
    return wins / deals


def expert_chance_after_partner_sena(south: str, north: str, said: str, seed: int) -> int:
    deal = [south, "11o 10c 6o 2c", north, "11b 10b 7c 4c"]
    grande = Game.from_deal(deal, mano=SOUTH).apply("no-mus").sena(NORTH, said)
    assert sena(said).is_true(grande.hands[NORTH]) and grande.to_move == SOUTH
    return int(make_bot("expert", seed).decide(grande.observe(SOUTH)).reason.params["chance"])


@pytest.mark.parametrize("north, said", [("12b 12e 10e 5c", "two_reyes"), ("12b 11e 10e 1e", "thirty_one")])
def test_the_expert_counts_on_its_partners_sena_at_grande(north: str, said: str) -> None:
    # South is weak at Grande (7 6 5 4) and its partner tells what it holds; the expert reads a bot partner's
    # seña as its most telling claim, and for these two claims that is the claim itself or nearly.
    truth = 100 * grande_frequency_given_partner(Hand.parse("7o 6c 5e 4o"), said, Rules(), as_a_bot=True)
    alone = 100 * grande_win_frequency(Hand.parse("7o 6c 5e 4o"), SOUTH, Rules())
    assert truth > alone + 15, "the seña is worth knowing"
    for seed in (1, 2):
        chance = expert_chance_after_partner_sena("7o 6c 5e 4o", north, said, seed)
        assert abs(chance - truth) <= 15, (chance, round(truth))


@pytest.mark.parametrize("north, said", [
    pytest.param("12b 12e 3o 1e", "three_reyes_and_as", id="three reyes and an as"),
    pytest.param("12b 12e 3o 5c", "three_reyes", id="three reyes"),
])
def test_the_expert_counts_on_a_rare_sena_of_its_partner(north: str, said: str) -> None:
    truth = 100 * grande_frequency_given_partner(Hand.parse("7o 6c 5e 4o"), said, Rules(), as_a_bot=False)
    assert truth > 95, "three reyes beside a partner: Grande is all but won"
    for seed in (1, 2):
        chance = expert_chance_after_partner_sena("7o 6c 5e 4o", north, said, seed)
        assert abs(chance - truth) <= 15, (chance, round(truth))


def test_every_world_the_expert_imagines_agrees_with_the_declarations() -> None:
    # Nobody has pares; East (31) and West (35) have juego, North (19) has not. South, mano with 34, opens Juego.
    deal = ["12o 11o 10o 4c", "12c 11c 10c 1o", "5o 6o 7c 1b", "12e 11e 10e 5c"]
    juego = Game.from_deal(deal, mano=SOUTH).apply("no-mus")
    while juego.phase in (Phase.GRANDE, Phase.CHICA):
        juego = juego.apply("paso")
    seen = juego.observe(SOUTH)
    assert seen.phase is Phase.JUEGO and seen.to_move == SOUTH and seen.betting is not None
    assert seen.pares_declared == (False,) * 4 and seen.juego_declared == (True, True, False, True)
    knowledge = knowledge_for(seen.rules)
    worlds = sample_worlds(seen, knowledge, ExpertBot.samples, random.Random(1))
    disagreeing = [
        world for world in worlds
        if any((knowledge.values[world.keys[seat]].has_pares, knowledge.values[world.keys[seat]].has_juego)
               != (seen.pares_declared[seat], seen.juego_declared[seat]) for seat in (EAST, NORTH, WEST))
    ]
    assert not disagreeing, f"{len(disagreeing)} of {len(worlds)} worlds disagree with what the table heard"


# -------------------------------------------------------------------------------- 5. the arena


def test_the_arena_prints_one_json_line_of_results_last() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mus_widget.arena", "--team0", "novice", "--team1", "random", "--games", "6",
         "--seed", "3"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert set(result) == {"team0", "team1", "games", "team0_wins", "win_rate", "ci95", "hands",
                           "decision_ms_p50", "decision_ms_p95", "faults"}
    assert result["faults"] == [0, 0], "the package's bots make no faults"
    assert (result["team0"], result["team1"], result["games"]) == ("novice", "random", 6)
    assert 0 <= result["team0_wins"] <= 6
    assert result["win_rate"] == pytest.approx(result["team0_wins"] / 6, abs=1e-4)
    low, high = result["ci95"]
    assert 0 <= low <= result["win_rate"] <= high <= 1
    assert [low, high] == pytest.approx(list(arena.wilson(result["team0_wins"], 6)), abs=1e-4)
    assert result["hands"] >= 6
    assert 0 < result["decision_ms_p50"] <= result["decision_ms_p95"]
    # Spread over two processes, the same games give the same results.
    spread = subprocess.run([*run.args, "--jobs", "2"], capture_output=True, text=True, timeout=120, check=True)
    again = json.loads(spread.stdout.strip().splitlines()[-1])
    timing = ("decision_ms_p50", "decision_ms_p95")
    assert {k: v for k, v in again.items() if k not in timing} == {k: v for k, v in result.items() if k not in timing}


@pytest.mark.parametrize(
    "wins, n, low, high",
    [
        # p = 0: centre = half = (z²/2n) / (1 + z²/n) = 0.19208 / 1.38416
        (0, 10, 0.0, 0.27753),
        (10, 10, 0.72247, 1.0),
        # p = 1/2: half = 1.96 √(0.0025 + 3.8416/40000) / 1.038416 = 0.09617
        (50, 100, 0.40383, 0.59617),
        (0, 0, 0.0, 1.0),
    ],
)
def test_wilson_interval_known_values(wins: int, n: int, low: float, high: float) -> None:
    assert arena.wilson(wins, n) == pytest.approx((low, high), abs=5e-5)


class Spy(Bot):
    """A bot that plays like another and writes down the seats it played for."""

    def __init__(self, inner: Bot, level: str) -> None:
        super().__init__(inner.seed)
        self.inner, self.level = inner, level
        self.seats: set[int] = set()
        self.decisions = 0

    def decide(self, obs: Observation) -> Decision:
        self.seats.add(obs.seat)
        self.decisions += 1
        return self.inner.decide(obs)

    def table_talk(self, obs: Observation) -> str | None:
        self.seats.add(obs.seat)  # asked of every bot when the mus is cut, so every spy sees its seat
        return self.inner.table_talk(obs)


def test_the_arena_swaps_the_teams_seats_every_game_and_credits_the_right_team(monkeypatch) -> None:
    made: list[Spy] = []
    real = arena.make_bot

    def spying(level: str, seed: int = 0) -> Bot:
        made.append(Spy(real(level, seed), level))
        return made[-1]

    monkeypatch.setattr(arena, "make_bot", spying)
    seeds = [500, 501, 502, 503, 504, 505]
    rules = Rules(target=20)
    tally = arena.play("novice", "random", seeds, rules)
    assert len(made) == 4 * len(seeds) and tally.games == len(seeds)

    novice_wins = hands = 0
    for game_index, seed in enumerate(seeds):
        spies = made[4 * game_index : 4 * game_index + 4]
        assert all(len(spy.seats) == 1 for spy in spies), [spy.seats for spy in spies]
        novice_seats = {seat for spy in spies if spy.level == "novice" for seat in spy.seats}
        random_seats = {seat for spy in spies if spy.level == "random" for seat in spy.seats}
        assert novice_seats == ({SOUTH, NORTH} if game_index % 2 == 0 else {EAST, WEST}), (game_index, novice_seats)
        assert random_seats == {0, 1, 2, 3} - novice_seats
        # The same game again, with the same bots in the same seats: who won it?
        bots = {seat: real(spy.level, spy.seed) for spy in spies for seat in spy.seats}
        end, _ = advance(Game.new(seed=seed, rules=rules), bots)
        novice_wins += end.winner == (0 if SOUTH in novice_seats else 1)
        hands += end.hand_number
    assert tally.team0_wins == novice_wins
    assert tally.hands == hands
    assert len(tally.times) == sum(spy.decisions for spy in made if spy.level == "novice"), "team0's decisions timed"


# -------------------------------------------------------------------------------- 6. errors


def test_an_unknown_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match="'nope' is not a bot level") as refused:
        make_bot("nope")
    assert all(level in str(refused.value) for level in BOTS)
    assert set(LEVELS) == set(BOT_LEVELS) and set(BOTS) == set(LEVELS) | set(STYLES)
    assert [type(make_bot(level, 3)) for level in BOT_LEVELS] == [RandomBot, NoviceBot, ExpertBot]
    assert make_bot("expert", 3).seed == 3 and make_bot("novice", 3).level == "novice"


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_a_bot_asked_to_decide_out_of_turn_refuses(level: str) -> None:
    game = Game.from_deal(list(REFERENCE_DEAL), mano=EAST)
    bot = make_bot(level)
    for seat in (SOUTH, NORTH, WEST):
        with pytest.raises(ValueError, match=f"seat {seat}, but seat 1 is to move"):
            bot.decide(game.observe(seat))
    over = game
    while not over.is_over:
        over, _ = advance(over, {seat: make_bot("random", seat) for seat in range(4)})
    with pytest.raises(ValueError, match="is to move"):
        bot.decide(over.observe(EAST))
    assert bot.table_talk(over.observe(EAST)) is None, "no seña once the match is over"


# -------------------------------------------------------------------------------- 7. styles and memory


def lance_calls(match: Match, seat: int) -> list[tuple[Observation, str]]:
    """Every call ``seat`` made in the lances of a match, with what it saw."""
    return [(step.obs, step.decision.action) for step in match.steps
            if step.turn.seat == seat and step.obs.betting is not None]


def style_match(style: str, seed: int) -> Match:
    """The style at East and West against two novices, a whole match."""
    return play_match("default", ("novice", style, "novice", style), seed)


def test_the_ordago_player_always_makes_the_biggest_call_it_may() -> None:
    calls = [call for seed in (1, 2) for call in lance_calls(style_match("ordago", seed), EAST)]
    assert calls
    for obs, action in calls:
        legal = obs.legal_actions
        assert action == ("ordago" if "ordago" in legal else "quiero" if "quiero" in legal else legal[0]), legal


def test_the_passive_player_never_bets_and_never_accepts() -> None:
    calls = [call for seed in (1, 2) for call in lance_calls(style_match("passive", seed), WEST)]
    assert {action for _, action in calls} == {"paso", "no-quiero"}
    assert all(action == ("paso" if "paso" in obs.legal_actions else "no-quiero") for obs, action in calls)


def test_the_bluffer_bets_every_turn_and_the_caller_accepts_every_bet() -> None:
    for obs, action in lance_calls(style_match("bluffer", 3), EAST):
        assert obs.betting is not None
        if obs.betting.ordago:
            assert action in ("no-quiero", "quiero") and (action == "no-quiero") == ("no-quiero" in obs.legal_actions)
        elif obs.betting.stake < 10:
            assert action.startswith("envido"), (obs.legal_actions, action)
    caller = lance_calls(style_match("caller", 3), EAST)
    assert {action for _, action in caller} <= {"paso", "quiero"} and "quiero" in {a for _, a in caller}


def test_style_bots_play_the_mus_and_the_discard_like_a_novice_who_never_slips() -> None:
    match = style_match("ordago", 4)
    for step in match.steps:
        if step.turn.seat in (EAST, WEST) and step.obs.phase in (Phase.MUS, Phase.DISCARD):
            assert step.decision.reason.id in ("explain.novice.mus", "explain.novice.discard")


def test_a_bot_remembers_the_hands_it_saw_end_and_forgets_them_in_a_new_game() -> None:
    def four_hands(seed: int) -> tuple[Game, dict[int, Bot]]:
        bots = {seat: make_bot(level, seat) for seat, level in enumerate(("expert", "ordago", "novice", "ordago"))}
        game = Game.new(seed=seed, rules=Rules(target=100))
        while game.hand_number < 4 and not game.is_over:
            game, _ = advance(game, bots, limit=1)
        return game, bots

    # An accepted órdago may end a game in its first hands; the first of these seeds whose game lasts.
    game, bots = next(played for seed in range(21, 41) if (played := four_hands(seed))[0].hand_number == 4)
    expert = bots[SOUTH]
    assert expert.memory.hands == 3 and bots[NORTH].memory.hands == 3
    styles = expert.memory.styles(game.observe(SOUTH))
    # East and West órdago at every turn: that is no honest player's way; North is the expert's partner.
    assert styles[EAST].honest < 0.05 and styles[WEST].honest < 0.05
    assert styles[EAST].share("open", "ordago") > 0.6
    fresh = Game.new(seed=22)
    expert.memory.update(fresh.observe(SOUTH))
    assert expert.memory.hands == 0, "a new game, a clean memory"
    assert all(style.calls == 0 for style in expert.memory.styles(fresh.observe(SOUTH)))


def test_the_memory_comes_from_the_observations_alone_and_decisions_stay_deterministic() -> None:
    levels = ("expert", "random", "expert", "random")

    def played(seed: int) -> tuple[list[Decision], list[int]]:
        bots = {seat: make_bot(level, seed * 4 + seat) for seat, level in enumerate(levels)}
        _, turns = advance(Game.new(seed=seed), bots)
        return [t.decision for t in turns], [bots[s].memory.hands for s in range(4)]

    first, remembered = played(31)
    assert played(31) == (first, remembered), "the same seed and the same history: the same decisions"
    assert max(remembered) >= 1
    # A bot is shown every hand's end by the driver; told nothing, it folds the hand before from any
    # observation it gets (each carries ``last_hand``), so what it remembers is what its seat saw.
    bots = {seat: make_bot(level, seat) for seat, level in enumerate(levels)}
    game = Game.new(seed=5)
    while game.hand_number < 2 and not game.is_over:
        game, _ = advance(game, bots, limit=1)
    if not game.is_over:
        quiet = make_bot("expert", 0)
        quiet.table_talk(game.observe(SOUTH))
        assert quiet.memory.hands == 1 == bots[SOUTH].memory.hands


def test_the_novice_bets_every_lance_against_a_team_that_refuses_every_bet() -> None:
    match = style_match("passive", 6)
    # Novices shown every state of the match: what each seat's novice remembered when it opened a lance.
    readers = {seat: NoviceBot(seat) for seat in (SOUTH, NORTH)}
    opened: Counter[tuple[bool, bool]] = Counter()
    for step in match.steps:
        for seat, reader in readers.items():
            reader.memory.update(step.before.observe(seat))
        obs = step.obs
        if step.turn.seat in readers and obs.betting is not None and obs.betting.bettor_team is None:
            bluffing = readers[step.turn.seat]._opening_nerve(obs) == 0.0
            opened[(bluffing, step.decision.action != "paso")] += 1
    assert opened[(True, True)] >= 5, opened
    # Once they have refused nearly every bet, the novice bets (a beginner's slip aside).
    assert opened[(True, False)] <= 0.1 * (opened[(True, True)] + opened[(True, False)]), opened
    assert match.end.winner == 0


def test_the_novice_ordagos_a_fair_hand_once_the_other_team_folds_to_every_ordago() -> None:
    # The bluffer bets every turn but refuses every órdago: once two of its refusals are seen, a novice with a
    # fair chance at the lance stakes the game, and the bluffer hands over the stake instead.
    readers = {seat: NoviceBot(seat) for seat in (SOUTH, NORTH)}
    calls: Counter[tuple[bool, bool]] = Counter()
    for seed in (3, 4):
        match = style_match("bluffer", seed)
        for step in match.steps:
            for seat, reader in readers.items():
                reader.memory.update(step.before.observe(seat))
            obs = step.obs
            if step.turn.seat in readers and obs.betting is not None and "ordago" in obs.legal_actions \
                    and not obs.betting.ordago and obs.betting.proposal is None \
                    and team_chance(obs, obs.betting) >= NoviceBot.fold_nerve:
                folding = readers[step.turn.seat]._they_fold(obs)
                calls[(folding, step.decision.action == "ordago")] += 1
    assert calls[(True, True)] >= 5, calls
    assert calls[(True, False)] <= 0.1 * (calls[(True, True)] + calls[(True, False)]), calls
    assert calls[(False, True)] <= 0.5 * calls[(False, False)], "before that, only its strongest hands"


def hands_played(levels: tuple[str, str, str, str], seed: int, hands: int) -> tuple[Game, dict[int, Bot]]:
    """A game to 100 points between these levels, played by the driver until its hand ``hands`` (or its end)."""
    bots = {seat: make_bot(level, seat) for seat, level in enumerate(levels)}
    game = Game.new(seed=seed, rules=Rules(target=100))
    while game.hand_number < hands and not game.is_over:
        game, _ = advance(game, bots, limit=1)
    return game, bots


def test_the_expert_reads_an_ordago_player_as_no_stronger_than_its_cards() -> None:
    # After three hands of órdagos at every turn, an órdago from East says little of East's cards; from a
    # player not seen yet (read as honest) it says they are very strong.
    game, bots = hands_played(("expert", "ordago", "expert", "ordago"), 23, 4)
    expert = bots[SOUTH]
    assert isinstance(expert, ExpertBot)
    seen = game.observe(SOUTH)
    styles = expert.memory.styles(seen)
    assert styles[EAST].likelihood("ordago", 0.1, "open") > 0.5 * styles[EAST].likelihood("ordago", 0.99, "open")
    assert UNKNOWN.likelihood("ordago", 0.1, "open") < 0.05 * UNKNOWN.likelihood("ordago", 0.99, "open")


def test_a_team_refuses_only_when_both_partners_refuse() -> None:
    from mus_widget.bots.memory import ANSWER, ORDAGO, TEAM_SHARES, TeamAnswer, team_answers_of

    game = Game.from_deal(["12o 3c 7e 1b", "11o 11c 4e 5b", "7o 7c 7b 10e", "1o 2c 6e 6b"], mano=SOUTH)
    game = game.apply("no-mus").apply("envido 2")    # South cuts the mus and bets at Grande
    game = game.apply("envido 4").apply("envido 4")  # East raises and West confirms
    game = game.apply("quiero").apply("quiero")      # South and North take it
    game = game.apply("ordago")                      # South órdagos at Chica
    game = game.apply("no-quiero").apply("quiero")   # East would refuse; West takes it, so the team does
    assert game.is_over
    assert team_answers_of(game.log) == [TeamAnswer(1, "envido", ANSWER), TeamAnswer(0, "quiero", ANSWER),
                                         TeamAnswer(1, "quiero", ORDAGO)]
    # What South remembers of East-West: East refused the órdago, but the team took it.
    styles = ExpertBot(0).memory.styles(game.observe(SOUTH))
    assert styles[EAST].share(ORDAGO, "no-quiero") > 0.5
    assert styles[EAST].team[ORDAGO]["quiero"] > TEAM_SHARES[ORDAGO]["quiero"] + 0.15
    assert styles[EAST].team == styles[WEST].team


def test_before_a_team_has_answered_it_is_taken_to_answer_as_two_honest_players_together() -> None:
    from mus_widget.bots.memory import HONEST_SHARES, TEAM_SHARES, together

    half = {"quiero": 0.5, "no-quiero": 0.5}
    assert together(half, half) == {"quiero": 0.75, "no-quiero": 0.25}
    alone = dict.fromkeys(("quiero", "no-quiero", "envido", "ordago"), 0.25)
    assert together(alone, alone) == {"quiero": 0.3125, "no-quiero": 0.0625, "envido": 0.3125, "ordago": 0.3125}
    for situation, shares in TEAM_SHARES.items():
        assert sum(shares.values()) == pytest.approx(1.0)
        honest = HONEST_SHARES[situation]
        assert shares["no-quiero"] == pytest.approx(honest["no-quiero"] ** 2)
    assert UNKNOWN.team == TEAM_SHARES



def test_a_team_of_random_players_takes_three_in_four_ordagos_though_each_takes_half() -> None:
    from mus_widget.bots.memory import team_answers_of

    # Alone, a random player refuses half the órdagos and a quarter of the bets; its partner is asked next,
    # so the team takes three in four órdagos and refuses one bet in sixteen. The expert reads the team.
    team: Counter[tuple[str, str]] = Counter()
    first: Counter[tuple[str, str]] = Counter()
    for seed in range(600):
        bots = {seat: make_bot("random", seed * 4 + seat) for seat in range(4)}
        game = Game.new(seed=seed)
        while not game.is_over:
            before = game
            game, _ = advance(game, bots, limit=1)
            if hand_ended(before, game):
                assert game.last_hand is not None
                log = game.last_hand.log
                team.update((answer.situation, answer.word) for answer in team_answers_of(log))
                first.update((call.situation, call.word) for call in calls_of(log)
                             if call.situation != "open" and call.with_partner)

    def share(counts: Counter[tuple[str, str]], situation: str, word: str) -> float:
        return counts[(situation, word)] / sum(n for (s, _), n in counts.items() if s == situation)

    assert abs(share(first, "ordago", "quiero") - 0.5) < 0.05 and abs(share(team, "ordago", "quiero") - 0.75) < 0.05
    assert abs(share(first, "answer", "no-quiero") - 0.25) < 0.05
    assert abs(share(team, "answer", "no-quiero") - 1 / 16) < 0.03


def test_against_a_team_that_ordagos_whatever_it_holds_the_score_weighs_less() -> None:
    from mus_widget.bots.expert import Reading, game_chance
    from mus_widget.bots.memory import Style

    edge = 3.2
    better_player = 1 / (1 + math.exp(-edge))  # what the edge is worth when a single call decides the game
    # A taken órdago ends the game whatever the score: while the count needs many hands, one is likely first.
    for ours, theirs in ((5, 25), (25, 5), (15, 30)):
        by_points = game_chance(ours, theirs, 40, edge)
        settled = game_chance(ours, theirs, 40, edge, settled=0.35)
        assert abs(settled - better_player) < abs(by_points - better_player), (ours, theirs, by_points, settled)
    assert game_chance(5, 25, 40, edge, settled=0.35) > game_chance(5, 25, 40, edge) + 0.1
    # Near the end the next count may well decide it: the score weighs nearly as much as ever.
    late = game_chance(36, 38, 40, edge, settled=0.35) - game_chance(36, 38, 40, edge)
    early = game_chance(5, 25, 40, edge, settled=0.35) - game_chance(5, 25, 40, edge)
    assert 0 < late < early / 2, (late, early)
    assert game_chance(40, 10, 40, edge, settled=0.35) == 1.0 and game_chance(10, 40, 40, edge, 0.35) == 0.0

    bold = Style(0.0, {"open": {"paso": 0.0, "envido": 0.0, "ordago": 1.0},
                       "answer": {"quiero": 0.0, "no-quiero": 0.0, "envido": 0.0, "ordago": 1.0},
                       "ordago": {"quiero": 1.0, "no-quiero": 0.0}}, 20)
    assert Reading.of([bold, bold]).settled > 0.5
    # An honest team's órdagos come with the cards for them: the score weighs as much as ever.
    assert Reading.of([UNKNOWN, UNKNOWN]).settled == 0.0


@pytest.mark.parametrize("cards, situation, word, reads", [
    ("12o 12c 3e 3b", "open", "paso", "style"),        # four reyes and no bet at Grande: not an honest pass
    ("12o 12c 3e 3b", "answer", "no-quiero", "style"),  # nor refusing a bet with them
    ("12o 12c 3e 3b", "answer", "quiero", "honest"),
    ("12o 12c 3e 3b", "open", "envido", "honest"),
    ("4o 5c 6e 7b", "open", "paso", "honest"),         # nothing at Grande: a pass is what it is worth
    ("4o 5c 6e 7b", "answer", "no-quiero", "honest"),
    ("4o 5c 6e 7b", "open", "envido", "style"),         # a bet with nothing
    ("4o 5c 6e 7b", "open", "ordago", "style"),
])
def test_a_shown_hand_tells_whether_a_call_followed_the_cards(cards: str, situation: str, word: str,
                                                                reads: str) -> None:
    from mus_widget.bots.memory import WORDS, Call, shown_evidence

    nothing_seen = {s: dict.fromkeys(words, 0) for s, words in WORDS.items()}
    call = Call(EAST, word, situation, 0, 2, True)  # at Grande, against both opponents, the partner in it
    evidence = shown_evidence(call, Hand.parse(cards).key, knowledge_for(Rules()), nothing_seen)
    assert (evidence > 0.15) if reads == "honest" else (evidence < -0.5), evidence


def test_the_expert_reads_a_team_that_never_bets_from_its_shown_hands_before_its_shares_tell() -> None:
    from mus_widget.bots.memory import honesty, shown_honesty

    game, bots = hands_played(("expert", "passive", "expert", "passive"), 14, 4)
    expert = bots[SOUTH]
    seen = game.observe(SOUTH)
    east, west = expert.memory.counts(seen, EAST), expert.memory.counts(seen, WEST)
    shares = {
        "open": {"paso": east.openings + west.openings - east.opened - west.opened,
                 "envido": east.opened + west.opened, "ordago": 0},
        "answer": {"quiero": east.answers + west.answers - east.refused - west.refused,
                   "no-quiero": east.refused + west.refused, "envido": 0, "ordago": 0},
        "ordago": {"quiero": 0, "no-quiero": 0},
    }
    assert honesty(shares) > 0.5, "after three hands, what they said alone could still be an honest team's"
    styles = expert.memory.styles(seen)
    # But they passed and refused holding strong hands, and the count showed them.
    assert styles[EAST].honest < 0.2 and styles[WEST].honest < 0.2, (styles[EAST].honest, styles[WEST].honest)
    assert shown_honesty(2.0) == shown_honesty(0.0) == 1.0 > shown_honesty(-1.0) > shown_honesty(-4.0) > 0.0


def test_a_seat_not_heard_yet_in_a_situation_is_read_there_like_its_partner() -> None:
    from mus_widget.bots.memory import HONEST_SHARES

    bots = {seat: make_bot(level, seat) for seat, level in enumerate(("expert", "passive", "expert", "passive"))}
    game = Game.new(seed=14, rules=Rules(target=100))
    memory = bots[SOUTH].memory
    while not game.is_over:
        game, _ = advance(game, bots, limit=1)
        seen = game.observe(SOUTH)
        east, west = memory.counts(seen, EAST), memory.counts(seen, WEST)
        if east.answers and not west.answers:
            break
    assert east.refused == east.answers and west.openings, "East refused a bet; West has only opened lances"
    styles = memory.styles(seen)
    # West answers bets with East (a team answers together): read like East, not like an average player.
    assert styles[WEST].share("answer", "no-quiero") == styles[EAST].share("answer", "no-quiero")
    assert styles[WEST].share("answer", "no-quiero") > HONEST_SHARES["answer"]["no-quiero"] + 0.1


def test_the_shown_hands_of_novices_agree_with_their_calls_hand_after_hand() -> None:
    bots = {seat: make_bot(level, seat) for seat, level in enumerate(("expert", "novice", "expert", "novice"))}
    for seat in (EAST, WEST):
        # Novices on their plain rules only: the experts of a 100-point game bet more than honest players,
        # and once they have refused two órdagos a novice would órdago every fair hand (a style of its own).
        bots[seat].fold_after = 10**6  # type: ignore[attr-defined]
    game = Game.new(seed=18, rules=Rules(target=100))
    read = []
    while game.hand_number < 10 and not game.is_over:
        hand = game.hand_number
        game, _ = advance(game, bots, limit=1)
        if game.hand_number != hand:
            read.append(bots[SOUTH].memory.shown(game.observe(SOUTH), EAST))
    assert len(read) >= 6, "an accepted órdago may end the game early"
    assert min(read) > 0.9, read
    assert read[-1] == 1.0


def test_the_expert_bets_every_lance_it_opens_against_a_team_it_reads_as_never_accepting() -> None:
    # A refused bet pays a point and the lance (with its pares or juego); a pass gives the lance to the
    # better cards. So against a team read as refusing whatever it holds, every lance is worth a bet.
    match = play_match("default", ("expert", "passive", "expert", "passive"), 14)
    readers = {seat: ExpertBot(seat) for seat in (SOUTH, NORTH)}  # what each expert remembered, turn by turn
    opened: Counter[tuple[bool, bool]] = Counter()
    for step in match.steps:
        for seat, reader in readers.items():
            reader.memory.update(step.before.observe(seat))
        obs, seat = step.obs, step.turn.seat
        far = max(obs.scores) <= obs.rules.target - 5  # near the end a pass may be as good as a point
        if seat in readers and obs.betting is not None and obs.betting.bettor_team is None and far:
            styles = readers[seat].memory.styles(obs)
            read = all(styles[s].honest < 0.1 for s in obs.betting.eligible if s in (EAST, WEST))
            opened[(read, step.decision.action != "paso")] += 1
    assert opened[(True, True)] >= 8, opened
    assert opened[(True, False)] == 0, opened
    assert match.end.winner == 0


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


# -------------------------------------------------------------------------------- 8. a bot of your own


class Plain:
    """A student's five-line bot: no base class, the action in notation."""

    def decide(self, observation):  # type: ignore[no-untyped-def]
        if "no-mus" in observation.legal_actions:
            return "no-mus"
        return observation.legal_actions[0]


class Explains:
    """A bot that says why, with a Decision and a seña."""

    name = "Explainer"

    def decide(self, observation: Observation) -> Decision:
        action = observation.legal_actions[-1] if observation.betting is None else "paso" if (
            "paso" in observation.legal_actions) else observation.legal_actions[0]
        return Decision(action, mw.Reason("explain.own", (("action", action), ("bot", self.name))))

    def table_talk(self, observation: Observation) -> str | None:
        return "nothing" if observation.phase is not Phase.MUS else None


class Raises:
    def decide(self, observation: Observation) -> str:
        if observation.betting is not None:
            raise RuntimeError("I do not know how to bet yet")
        return observation.legal_actions[0]


class Illegal:
    def decide(self, observation: Observation) -> object:
        return "quiero" if observation.phase is Phase.MUS else None


class Slow:
    def __init__(self) -> None:
        self.asked = 0

    def decide(self, observation: Observation) -> str:
        self.asked += 1
        if self.asked == 2:
            import time
            time.sleep(0.5)
        return observation.legal_actions[0]


def own_table(bot: object, **guard: object) -> tuple[dict[int, Bot], list[object]]:
    """``bot`` at East, novices elsewhere; the faults reported."""
    from mus_widget.bots.guard import GuardedBot

    faults: list[object] = []
    guarded = GuardedBot(bot, seed=1, on_fault=faults.append, **guard)  # type: ignore[arg-type]
    return {SOUTH: make_bot("novice", 0), EAST: guarded, NORTH: make_bot("novice", 2), WEST: make_bot("novice", 3)
            }, faults


def test_a_bot_of_your_own_returns_the_action_in_notation_and_plays_a_whole_game() -> None:
    bots, faults = own_table(Plain())
    end, turns = advance(Game.new(seed=41), bots)
    assert end.is_over and not faults
    east = [t for t in turns if t.seat == EAST]
    assert east and all(t.decision.reason.id == "explain.own" for t in east)
    assert reason_text(east[0].decision.reason) == f"{action_text(east[0].decision.action)}: chosen by Plain."


def test_a_bot_of_your_own_may_return_a_decision_and_make_senas() -> None:
    bots, faults = own_table(Explains())
    end, _ = advance(Game.new(seed=42), bots)
    assert end.is_over and not faults
    senas = [s for s in end.record()["senas"] if s["seat"] == EAST]
    assert senas and {s["sena"] for s in senas} == {"nothing"}


def test_a_bot_that_raises_is_reported_by_name_and_a_novice_plays_for_it() -> None:
    bots, faults = own_table(Raises())
    end, turns = advance(Game.new(seed=43), bots)
    assert end.is_over, "the game goes on to its end"
    assert faults and all(f.kind == "raised" and f.bot == "Raises" and f.seat == EAST for f in faults)
    assert "RuntimeError: I do not know how to bet yet" in str(faults[0])
    assert str(faults[0]).startswith("Raises (seat 1")
    fell_back = [t for t in turns if t.decision.reason.id == "explain.own.fallback"]
    assert len(fell_back) == len(faults)
    assert all(t.decision.action == f.played for t, f in zip(fell_back, faults, strict=True))


def test_a_bot_that_returns_an_illegal_action_or_nothing_is_reported_and_the_game_goes_on() -> None:
    bots, faults = own_table(Illegal())
    end, _ = advance(Game.new(seed=44), bots)
    assert end.is_over
    kinds = {f.kind for f in faults}
    assert kinds == {"illegal", "returned"}
    illegal = next(f for f in faults if f.kind == "illegal")
    assert "'quiero' is not legal in mus now; the legal actions are mus, no-mus" in str(illegal)
    assert "returned None" in next(str(f) for f in faults if f.kind == "returned")


def test_a_bot_too_slow_is_reported_and_the_fallback_plays_that_turn() -> None:
    slow = Slow()
    bots, faults = own_table(slow, time_limit=0.2)
    advance(Game.new(seed=45), bots, limit=40)
    assert [f.kind for f in faults][:1] == ["slow"] and "no answer within 0.2 s" in str(faults[0])
    assert {f.kind for f in faults} <= {"slow", "busy"}, "asked again while still thinking, it is skipped"
    import time
    time.sleep(0.6)  # its slow answer comes in (and is dropped): from now on it plays its own turns again
    asked = slow.asked
    decision = bots[EAST].decide(Game.from_deal(list(REFERENCE_DEAL), mano=EAST).observe(EAST))
    assert slow.asked == asked + 1 and decision.reason.id == "explain.own"


def test_an_object_without_decide_is_refused_at_once() -> None:
    from mus_widget.bots.guard import GuardedBot

    with pytest.raises(TypeError, match="object has no method decide"):
        GuardedBot(object())


def test_the_arena_plays_a_bot_from_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "mybot.py"
    path.write_text("class MyBot:\n    def decide(self, observation):\n        return observation.legal_actions[0]\n")
    run = subprocess.run(
        [sys.executable, "-m", "mus_widget.arena", "--team0", "novice", "--team1", f"{path}:MyBot", "--games", "4",
         "--seed", "2"], capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert (result["team1"], result["games"], result["faults"]) == (f"{path}:MyBot", 4, [0, 0])
    missing = subprocess.run([*run.args[:6], f"{path}:Nope", "--games", "1"], capture_output=True, text=True,
                             timeout=60, check=False)
    assert missing.returncode == 2 and "has no class Nope" in missing.stderr


def test_the_arena_runs_from_python_with_a_class_and_counts_its_faults() -> None:
    result = arena.run(Raises, "random", games=4, seed=3)
    assert result.games == 4 and result.team0 == "Raises" and result.faults[0] > 0 and result.faults[1] == 0
    assert result.notes and result.notes[0].startswith("Raises (seat ")
    assert str(result).startswith("Raises vs random: ")
