"""The rule options: the target, 4 or 8 reyes, the real 31, the vaca, and the mano moving round."""

from __future__ import annotations

import pytest

import mus_widget as mw
from mus_widget import Phase
from support.scripted_hands import (
    ACCEPTED,
    BEST,
    ONE,
    ONE_TEAM,
    PASO,
    PUNTO,
    TIE,
    C,
    G,
    J,
    P,
    Row,
    deal,
    deal_a,
    everyone_passes,
    pass_to_the_count,
    play,
    rows,
)


def test_target_30_ends_the_game_at_30() -> None:
    g = deal_a(scores=(28, 0), target=30)
    g = play(g, "South: no-mus")
    with pytest.raises(mw.IllegalActionError):
        g.apply("envido 31")  # amounts run up to the target
    assert (bet := g.apply("envido 30").betting) is not None and bet.stake == 30
    g = pass_to_the_count(g)
    # Grande 29, Chica (team 1), Pares +4 -> 33 >= 30: won at Pares.
    assert [r.counted for r in g.last_count] == [True, True, True, False]
    assert (g.is_over, g.winner, g.scores) == (True, 0, (33, 1))
    with pytest.raises(mw.NotationError):
        deal_a(scores=(30, 0), target=30)  # a game already won cannot be dealt


# DEAL_K, mano South:
#   South 3o 3c 3e 2c   8 reyes: R R R A, medias, 31 (juego)   4 reyes: 3 3 3 2, medias of 3, total 11
#   East  12o 11o 5o 4o R C 5 4 = 29                           North 7o 6o 1e 10e  S 7 6 A = 24
#   West  11c 10c 6c 4c C S 6 4 = 30
DEAL_K = ["3o 3c 3e 2c", "12o 11o 5o 4o", "7o 6o 1e 10e", "11c 10c 6c 4c"]


@pytest.mark.parametrize(
    ("kings", "expected", "scores"),
    [
        pytest.param(8, [
            Row(G, PASO, 1, 0, 0, 1, BEST),  # South R R R A beats East R C 5 4
            Row(C, PASO, 1, 0, 0, 1, BEST),  # North A 6 7 S beats South A R R R on the 2nd card
            Row(P, ONE_TEAM, 0, 2, 0, 2, ONE),  # only South holds: medias 2
            Row(J, ONE_TEAM, 0, 3, 0, 3, ONE),  # only South has juego: 31 -> 3
        ], (7, 0), id="8 reyes"),
        pytest.param(4, [
            Row(G, PASO, 1, 0, 1, 1, BEST),  # East 12 11 5 4 is best; South's 3 3 3 2 is worst
            Row(C, PASO, 1, 0, 0, 1, BEST),  # North's A beats South's 2
            Row(P, ONE_TEAM, 0, 2, 0, 2, ONE),  # medias of treses
            Row(PUNTO, PASO, 0, 1, 1, 1, BEST),  # nobody has juego (South 11): West's 30
        ], (3, 2), id="4 reyes"),
    ],
)
def test_kings_option_changes_ranks_and_points(kings: int, expected: list[Row], scores: tuple[int, int]) -> None:
    g = pass_to_the_count(deal(DEAL_K, kings=kings))
    assert rows(g) == expected
    assert g.scores == scores


# DEAL_R, mano South:
#   South 12o 11o 10o 1o  R C S A = 31          East 7o 7c 7e 12c  7 7 7 R = 31, the real 31; medias
#   North 4o 5o 6o 1c     A 4 5 6 = 16          West 4c 5c 6c 2c   A 4 5 6 = 16
# Grande: South (C beats 7 on the 2nd card). Chica: North and West tie, North is nearer the mano.
# Pares: East alone (medias 2). Juego: South's 31 vs East's real 31, bet 2 and wanted.
DEAL_R = ["12o 11o 10o 1o", "7o 7c 7e 12c", "4o 5o 6o 1c", "4c 5c 6c 2c"]


@pytest.mark.parametrize(
    ("real_31", "juego_row", "scores"),
    [
        # without the option the two 31s tie and South, the mano, wins: 2 + 3
        (False, Row(J, ACCEPTED, 2, 3, 0, 5, TIE), (1 + 1 + 5, 2)),
        # with it East's 7 7 7 R beats every other 31: 2 + 3
        (True, Row(J, ACCEPTED, 2, 3, 1, 5, BEST), (1 + 1, 2 + 5)),
    ],
)
def test_real_31_beats_other_31s_only_with_the_option(real_31: bool, juego_row: Row, scores: tuple[int, int]) -> None:
    g = play(deal(DEAL_R, real_31=real_31), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    assert g.phase is Phase.JUEGO  # Pares was East's alone
    g = play(g, "South: envido 2", "East: quiero")
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 0, 1, TIE),
        Row(P, ONE_TEAM, 0, 2, 1, 2, ONE),
        juego_row,
    ]
    assert g.last_count[1].why.params["tied_with"] == 3
    assert g.scores == scores


def _grande_winning_team(g: mw.Game) -> int:
    """An independent Grande judge for the seeded deals: reyes 12 and 3, ases 1 and 2, ties to the mano."""
    def key(seat: int) -> list[int]:
        return sorted((12 if n in (3, 12) else 1 if n in (1, 2) else n for n in g.hands[seat].numbers), reverse=True)

    best = g.mano
    for i in range(1, 4):
        seat = (g.mano + i) % 4
        if key(seat) > key(best):
            best = seat
    return best % 2


def test_a_vaca_is_best_of_three_games() -> None:
    g = deal_a(scores=(30, 20), seed=5, games=3)
    # Game 1: South's órdago at Grande, wanted: team 0 wins the game.
    g = play(g, "South: no-mus", "South: ordago", "East: quiero", "West: quiero")
    assert (g.is_over, g.winner, g.games_won) == (False, None, (1, 0))
    assert (g.game_number, g.hand_number, g.scores, g.phase) == (2, 1, (0, 0), Phase.MUS)
    won = [0]
    while not g.is_over:
        # Each further game: the mano bets órdago at Grande and the other team wants it.
        team = _grande_winning_team(g)
        g = play(g, "no-mus", "ordago", "quiero", "quiero")
        won.append(team)
        assert g.games_won == (won.count(0), won.count(1))
        assert g.is_over == (max(g.games_won) == 2)
        if not g.is_over:
            assert (g.scores, g.hand_number) == ((0, 0), 1)
    assert won == [0, 1, 0]  # seed 5: the vaca goes the full three games
    assert (g.winner, g.game_number) == (0, 3)


def test_the_mano_moves_one_seat_each_hand() -> None:
    g = deal_a(mano=3)
    for hand, mano in enumerate([3, 0, 1, 2, 3], start=1):
        assert (g.hand_number, g.mano, g.to_move) == (hand, mano, mano)
        assert g.log[0].kind == "deal"
        assert g.log[0].get("mano") == mano
        g = pass_to_the_count(g)
        assert not g.is_over


def test_new_game_draws_the_first_mano_from_the_seed_reproducibly() -> None:
    a, b = mw.Game.new(seed=7), mw.Game.new(seed=7)
    assert a.mano == b.mano
    assert a.to_move == a.mano
    assert a.hands == b.hands
    assert a.stock == b.stock
    assert mw.Game.from_record(a.record()).mano == a.mano
    assert len({mw.Game.new(seed=s).mano for s in range(12)}) > 1  # the seed does choose
    assert pass_to_the_count(a).mano == (a.mano + 1) % 4
