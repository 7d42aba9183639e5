"""The bots explain every decision with the numbers they really used: the novice's chance at the lance,
the share of the expert's worlds, near the true frequencies.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West. Default rules: 8 reyes
(every 3 is a rey R, every 2 an as A), target 40.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Iterator

import pytest

import mus_widget as mw
from mus_widget import Action, Game, Hand, Kind, Lance, Phase, Rules
from mus_widget.bots import ExpertBot, NoviceBot, make_bot
from mus_widget.bots.base import TELLING_SENAS, partner_sena
from mus_widget.bots.knowledge import knowledge_for
from mus_widget.bots.simple import team_chance
from mus_widget.bots.worlds import lance_chance, normalised, sample_worlds
from mus_widget.engine.hands import lance_winner
from mus_widget.engine.senas import sena, true_senas
from mus_widget.i18n import LANGUAGES
from mus_widget.i18n.messages import EN
from mus_widget.i18n.text import reason_text
from support.matches import EAST, NORTH, SOUTH, WEST, Match, Step, all_matches, expert_matches

# -------------------------------------------------------------------------------- 4. explanations


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_random_bot_names_the_action_and_how_many_it_chose_from() -> None:
    for match in all_matches():
        for step in match.steps:
            if match.level(step.turn.seat) == "random":
                assert step.decision.reason.params == {"action": step.decision.action,
                                                       "count": len(step.obs.legal_actions)}


def number(value: object) -> float:
    """A number of an explanation's parameters (which hold words too)."""
    assert isinstance(value, (int, float)), value
    return value


def careful_chance(match: Match, step: Step) -> int:
    """The novice's careful look before staking the game: its share of deals of the unseen cards, calls unread."""
    obs = step.obs
    bot = NoviceBot(match.seed * 4 + step.turn.seat)
    knowledge = knowledge_for(obs.rules)
    worlds = sample_worlds(obs, knowledge, bot.careful, bot.rng(obs, "ordago"), read_calls=False)
    return round(100 * lance_chance(obs, knowledge, normalised(worlds)))


@pytest.mark.slow
def test_the_novice_names_its_real_chance_at_the_lance() -> None:
    """The chance a novice names is its team's chance at the lance from its hand, who takes part and its
    partner's seña; where it stakes the game (answering an órdago, or calling one itself rather than confirming
    its partner's) it is the chance of its careful look over deals of the unseen cards, unless the other team
    folds to every órdago: then a fair plain chance is reason enough."""
    checked: Counter[str] = Counter()
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
            worlds = bot.worlds(obs)
            assert len(worlds) == bot.samples
            values = step.decision.reason.params
            assert values["lance"] == obs.betting.lance.value and values["action"] == step.decision.action
            assert values["chance"] == round(100 * lance_chance(obs, knowledge, worlds)), (match.variant, step.obs)
            assert 0 <= number(values["game"]) <= 100
            checked += 1
    assert checked >= 100


def test_the_expert_names_what_its_hand_is_worth_at_the_mus_and_the_discard() -> None:
    checked: Counter[Phase] = Counter()
    for match, step in expert_steps():
        obs = step.obs
        if obs.phase not in (Phase.MUS, Phase.DISCARD):
            continue
        scores = knowledge_for(obs.rules).score
        values = step.decision.reason.params
        assert values["action"] == step.decision.action
        assert values["now"] == round(scores[obs.hand.key], 1), (match.variant, str(obs.hand))
        assert min(scores.values()) - 0.05 <= number(values["after"]) <= max(scores.values()) + 0.05
        if obs.phase is Phase.DISCARD:
            assert values["count"] == len(Action.parse(step.decision.action).cards)
        elif step.decision.action == "mus" and "no-mus" in obs.legal_actions and partner_sena(obs) is None:
            # The explanation agrees with the call: mus only when the best discard is worth more.
            assert number(values["now"]) <= number(values["after"]), values
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
        assert abs(number(decision.reason.params["chance"]) - truth) <= 15, (decision.reason, round(truth))


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


def test_a_strong_lance_left_unbet_says_what_a_bet_would_have_been_worth() -> None:
    """The expert passes with the better hand only when betting pays less; it says so, with both figures."""
    strong = [step.decision.reason for match in all_matches() for step in match.steps
              if match.level(step.turn.seat) == "expert" and step.decision.action == "paso"
              and isinstance(step.decision.reason.params.get("chance"), int)
              and number(step.decision.reason.params["chance"]) >= 50]
    assert strong, "the matches hold a strong lance the expert passed"
    for reason in strong:
        assert reason.id == "explain.expert.paso.strong", reason
        params = reason.params
        assert str(params["bet"]).startswith(("envido", "ordago")), params
        assert number(params["bet_game"]) <= number(params["game"]), params
        for language in LANGUAGES:
            text = reason_text(reason, language)
            assert "{" not in text and str(params["bet_game"]) in text, (language, text)
    english = reason_text(strong[0])
    assert "a bet pays less" in english and ("Envido" in english or "Órdago" in english), english
