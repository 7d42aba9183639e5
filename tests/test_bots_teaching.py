"""At a student's table the bots keep table manners: a beginner who refuses every órdago is not bullied out of
the game (docs/bots.md, "At the student's table"; ``benchmarks/beginner.py`` has the figures)."""

from __future__ import annotations

import pytest

from mus_widget import MusTable, Rules
from mus_widget.bots import TEACHING, Bot, Manners, arena, make_bot
from support.students import beginner_at_table

SEEDS = range(12)
"""A dozen games at the table's own rules: a few seconds with novice opponents."""


def test_against_a_team_that_folds_an_ordago_waits_for_its_share_of_the_hands() -> None:
    manners = Manners(ordago_share=0.15, folding=0.8)
    # Nobody has answered an órdago yet, so nobody knows whether this team takes them: it may well fold.
    assert not manners.may_ordago(hands=0, ordago_hands=0, answered=0, refused=0)
    assert not manners.may_ordago(hands=5, ordago_hands=0, answered=0, refused=0)
    assert manners.may_ordago(hands=6, ordago_hands=0, answered=0, refused=0)  # the 7th hand: 1 in 7 is 14 %
    # It refused the one it answered: the next waits until 2 of the hands are at most 15 %.
    assert not manners.may_ordago(hands=12, ordago_hands=1, answered=1, refused=1)
    assert manners.may_ordago(hands=13, ordago_hands=1, answered=1, refused=1)
    # A team that took one of the three órdagos it answered (over the games of a vaca) does not fold.
    assert manners.may_ordago(hands=3, ordago_hands=3, answered=3, refused=2)
    with pytest.raises(ValueError):
        Manners(ordago_share=1.5)


@pytest.mark.slow
def test_a_beginner_who_refuses_every_ordago_still_plays_its_hands_to_the_count() -> None:
    bullied = [beginner_at_table(seed, "novice", None) for seed in SEEDS]
    taught = [beginner_at_table(seed, "novice", TEACHING) for seed in SEEDS]
    share_bullied = sum(g.ordago_hands for g in bullied) / sum(g.hands for g in bullied)
    share_taught = sum(g.ordago_hands for g in taught) / sum(g.hands for g in taught)
    # Novices that play to win stake the game in a third of the hands or more against a team that always folds...
    assert share_bullied >= 0.3, share_bullied
    # ...at the student's table in at most 15 % of them, in every game and so over all of them.
    assert share_taught <= TEACHING.ordago_share, share_taught
    for game in taught:
        assert game.ordago_hands <= TEACHING.ordago_share * game.hands, game
    # They still punish the fold now and then: the teaching is gradual, not toothless.
    assert sum(g.ordago_hands for g in taught) > 0


def test_the_bots_of_a_mus_table_keep_teaching_manners_and_the_arenas_play_to_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = MusTable(pace=0, seed=1, bots=[None, "novice", "expert", "novice"], tips=False)
    try:
        assert sorted(table.bots) == [1, 2, 3]
        assert all(bot.manners == TEACHING for bot in table.bots.values())
    finally:
        table.close()

    made: list[Bot] = []
    real = make_bot

    def spying(level: str, seed: int = 0, manners: Manners | None = None) -> Bot:
        made.append(real(level, seed, manners))
        return made[-1]

    assert make_bot("novice", 3).manners is None  # unless asked for, a bot plays to win
    monkeypatch.setattr(arena, "make_bot", spying)
    arena.play("novice", "expert", [7], Rules(target=10))
    assert len(made) == 4 and all(bot.manners is None for bot in made)



def test_experts_that_hold_back_an_ordago_do_not_raise_the_stake_to_the_game_instead() -> None:
    # In this game, experts without the órdago re-raised a bet at Pares for ever once it was worth the game.
    game = beginner_at_table(1_000_010, "expert", TEACHING)
    assert game.hands >= 6 and game.ordago_hands <= TEACHING.ordago_share * game.hands
