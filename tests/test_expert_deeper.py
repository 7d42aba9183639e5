"""The expert looks a level past its own call: after its paso the other team may bet, its bet may be raised or
answered with an órdago; and it reads calls as honest players make them (``HONEST_CALLS``).

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

import dataclasses
import math

from mus_widget import Game
from mus_widget.bots import ExpertBot
from mus_widget.bots.chances import Outlook, Reading, game_chance, their_answer
from mus_widget.bots.memory import ANSWER, HONEST_CALLS, OPEN, ORDAGO, Style, called_chance
from mus_widget.engine.actions import Action, Kind, envido
from mus_widget.engine.phase import Phase
from support.matches import SOUTH

PASO = Action(Kind.PASO)
HONEST = Reading.of([])


def pares_of_south() -> tuple[ExpertBot, Game]:
    """South, mano, opens Pares with medias of reyes; everyone holds pares."""
    deal = ["12o 12c 12e 4c", "11o 11c 5e 6e", "10o 10c 7e 7c", "1o 1c 5o 6o"]
    game = Game.from_deal(deal, mano=SOUTH).apply("no-mus")
    while game.phase in (Phase.GRANDE, Phase.CHICA):
        game = game.apply("paso")
    assert game.phase is Phase.PARES and game.to_move == SOUTH
    return ExpertBot(seed=1), game


def test_a_paso_before_the_other_team_speaks_is_priced_by_what_it_then_bets() -> None:
    bot, game = pares_of_south()
    obs = game.observe(SOUTH)
    opening = obs.betting
    assert opening is not None and opening.position == 0  # East and West still speak after South
    closing = dataclasses.replace(opening, position=len(opening.eligible) - 1)  # as if the last to speak

    # Holding the better pares against a strong hand, a paso lets them bet into it: we take the bet.
    winning = [Outlook(1.0, True, 2, 1, 0.95)]
    assert bot._value(obs, opening, PASO, winning, HONEST) > bot._value(obs, closing, PASO, winning, HONEST)
    # Holding the worse, their bet after our paso takes a point more than the lance en paso would.
    losing = [Outlook(1.0, False, 1, 2, 0.95)]
    assert bot._value(obs, opening, PASO, losing, HONEST) < bot._value(obs, closing, PASO, losing, HONEST)
    # Against a hand too weak to bet, it makes no difference who speaks after.
    weak = [Outlook(1.0, True, 2, 1, 0.05)]
    assert abs(bot._value(obs, opening, PASO, weak, HONEST) - bot._value(obs, closing, PASO, weak, HONEST)) < 0.01


def test_a_bet_into_the_better_hand_may_come_back_as_an_ordago_we_then_take() -> None:
    bot, game = pares_of_south()
    obs = game.observe(SOUTH)
    betting = obs.betting
    assert betting is not None
    # We hold the better pares, they a strong hand: they may answer our bet with an órdago, and in the only world
    # there is we take it and win the game, which no taken bet of 2 is worth.
    better = [Outlook(1.0, True, 2, 1, 0.97)]
    assert called_chance("ordago", 0.97, ANSWER) > 0.5
    # Taken, the bet would have won 2 and the pares; even a bet of 12 taken is worth less.
    twelve = dataclasses.replace(betting, bettor_team=1, stake=12, previous=10)
    assert bot._value(obs, betting, envido(2), better, HONEST) > bot._value(obs, twelve, Action(Kind.QUIERO),
                                                                             better, HONEST)


def test_honest_players_bet_now_and_then_with_nothing_but_ordago_only_with_a_strong_hand() -> None:
    for situation, words in HONEST_CALLS.items():
        for tenth in range(10):
            assert abs(sum(row[tenth] for row in words.values()) - 1) < 0.01, (situation, tenth)
    # Read between the middles of the tenths, flat beyond the first and last.
    assert called_chance("ordago", 0.0, OPEN) == HONEST_CALLS[OPEN]["ordago"][0]
    assert called_chance("ordago", 0.99, OPEN) == HONEST_CALLS[OPEN]["ordago"][9]
    row = HONEST_CALLS[OPEN]["envido"]
    assert abs(called_chance("envido", 0.8, OPEN) - (row[7] + row[8]) / 2) < 1e-9

    def strong_over_weak(word: str, situation: str) -> float:
        return called_chance(word, 0.95, situation) / called_chance(word, 0.2, situation)

    assert strong_over_weak("envido", OPEN) < 4, "an envido says little"
    assert strong_over_weak("ordago", OPEN) > 40, "an órdago says much"
    assert strong_over_weak("quiero", ORDAGO) > 20, "an órdago is taken only with a strong hand"


def test_a_point_more_never_lowers_the_chance_of_the_game() -> None:
    # The better player's edge counts for less as the end nears, but getting nearer is never worse: an expert
    # that thought so would give a point away near the target.
    for edge in (1.2, 2.0, 3.2):
        for settled in (0.0, 0.2, 0.59):
            for ours in range(40):
                for theirs in range(40):
                    here = game_chance(ours, theirs, 40, edge, settled)
                    assert game_chance(ours + 1, theirs, 40, edge, settled) >= here, (edge, settled, ours, theirs)
                    assert game_chance(ours, theirs + 1, 40, edge, settled) <= here, (edge, settled, ours, theirs)
    # At level scores the edge is worth ``edge`` in logit terms with the whole game ahead, half of it a quarter in.
    for edge in (1.2, 3.2):
        assert abs(game_chance(0, 0, 40, edge) - 1 / (1 + math.exp(-edge))) < 1e-9
        assert abs(game_chance(30, 30, 40, edge) - 1 / (1 + math.exp(-edge / 2))) < 1e-9


def test_a_team_that_refuses_whatever_the_score_refuses_even_when_refusing_loses_the_game() -> None:
    # Honest players take a bet whose refusal would hand us the game; a style answers as it always does.
    shares = {"open": {"paso": 1.0}, "answer": {"quiero": 0.02, "no-quiero": 0.98, "envido": 0.0, "ordago": 0.0},
              "ordago": {"quiero": 0.02, "no-quiero": 0.98}}
    folding = Reading.of([Style(0.0, shares, 30)])
    assert their_answer(0.3, False, True, HONEST) == (1.0, 0.0, 0.0)
    assert their_answer(0.3, True, True, HONEST)[0] == 1.0
    assert their_answer(0.3, False, True, folding)[0] == folding.answer["quiero"] < 0.05
    assert their_answer(0.3, True, True, folding)[0] == folding.ordago["quiero"] < 0.05
