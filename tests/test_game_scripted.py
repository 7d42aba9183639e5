"""Scripted hands played through :class:`mus_widget.Game`, one test per rule point and rule option.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North ("us"), team 1 = East + West ("them").
Every expected count is worked out from RULES.md by hand, in the comments next to the deal.
Default rules: 8 reyes (every 3 is a rey R, every 2 an as A), target 40.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

import pytest

import mus_widget as mw
from mus_widget import Lance, LanceResult, Outcome, Phase
from support.events import whole

SEAT = {"South": 0, "East": 1, "North": 2, "West": 3}


# ----------------------------------------------------------------------------- helpers


def play(g: mw.Game, *moves: str) -> mw.Game:
    """Apply moves written 'North: envido 3' (checked to be North's turn), or bare actions for the seat to move."""
    for move in moves:
        who, sep, action = move.partition(": ")
        g = g.apply(action, seat=SEAT[who]) if sep else g.apply(move)
    return g


def everyone_passes(g: mw.Game) -> mw.Game:
    """Every eligible player says paso in the lance being bet now."""
    phase = g.phase
    while g.phase is phase and g.betting is not None:
        g = g.apply("paso")
    return g


def pass_to_the_count(g: mw.Game) -> mw.Game:
    """Cut the mus if it is being asked, then paso in every lance until the hand is counted."""
    game, hand = g.game_number, g.hand_number
    if g.phase is Phase.MUS:
        g = g.apply("no-mus")
    while not g.is_over and (g.game_number, g.hand_number) == (game, hand):
        g = g.apply("paso")
    return g


class Row(NamedTuple):
    lance: Lance
    outcome: Outcome
    stake: int
    bonus: int
    team: int | None
    points: int
    why: str
    counted: bool = True


def rows(g: mw.Game) -> list[Row]:
    return [Row(r.lance, r.outcome, r.stake, r.bonus, r.team, r.points, r.why.id, r.counted) for r in g.last_count]


G, C, P, J, PUNTO = Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.JUEGO, Lance.PUNTO
PASO, ACCEPTED, REJECTED = Outcome.EN_PASO, Outcome.ACCEPTED, Outcome.REJECTED
ONE_TEAM, NOBODY, ORDAGO = Outcome.ONE_TEAM, Outcome.NOBODY, Outcome.ORDAGO
BEST, TIE, NEGADA, ONE, NONE = "why.best_hand", "why.tie_to_mano", "why.negada", "why.one_team", "why.nobody"

# DEAL_A, mano South:
#   South 12o 12c 11o 11c  R R C C: duples (3), total 40: juego (2)
#   East  1o 1c 4o 5o      A A 5 4: par (1), total 11
#   North 7o 7c 6o 10o     S 7 7 6: par (1), total 30
#   West  3o 11e 10c 1e    R C S A: no pares, total 31: juego (3)
# Grande: South (R R C C beats West's R C S A on the 2nd card)        -> team 0
# Chica:  East  (A A 4 5 beats West's A S C R on the 2nd card)         -> team 1
# Pares:  South's duples beat the pares of East and North              -> team 0, values 3 + 1 = 4
# Juego:  West's 31 beats South's 40                                   -> team 1, values 3 + 0 = 3
DEAL_A = ["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"]

# DEAL_P, mano South: nobody has pares, nobody has juego.
#   South 12o 11o 7o 1o  R C 7 A = 28      East  12c 11c 6c 2c  R C 6 A = 27
#   North 12e 10e 5e 4e  R S 5 4 = 29      West  3b 10b 6b 4b   R S 6 4 = 30
# Grande: South (R C 7 A > East's R C 6 A)  -> team 0
# Chica:  East  (A 6 C R < South's A 7 C R) -> team 1
# Punto:  West's 30                         -> team 1
DEAL_P = ["12o 11o 7o 1o", "12c 11c 6c 2c", "12e 10e 5e 4e", "3b 10b 6b 4b"]

# DEAL_1T, mano South: only team 1 holds pares, nobody has juego.
#   South 12o 11o 7o 1o  R C 7 A = 28, no pares    East 12c 12b 5c 4c  R R 5 4 = 29, par of reyes
#   North 3e 10e 6e 2e   R S 6 A = 27, no pares    West 7c 7b 6b 5b    7 7 6 5 = 25, par of sietes
# Grande: East (R R ...) -> team 1.  Chica: North (A 6 S R < South's A 7 C R) -> team 0.
# Pares:  team 1 alone, values 1 + 1 = 2.  Punto: East's 29 -> team 1.
DEAL_1T = ["12o 11o 7o 1o", "12c 12b 5c 4c", "3e 10e 6e 2e", "7c 7b 6b 5b"]


def deal_a(mano: int = 0, scores: tuple[int, int] = (0, 0), seed: int = 1, **options: Any) -> mw.Game:
    return mw.Game.from_deal(DEAL_A, mano=mano, scores=scores, seed=seed, rules=mw.Rules(**options))


def deal(hands: Sequence[str], scores: tuple[int, int] = (0, 0), **options: Any) -> mw.Game:
    return mw.Game.from_deal(hands, mano=0, scores=scores, seed=1, rules=mw.Rules(**options))


def card_set(g: mw.Game) -> list[str]:
    return [str(c) for h in g.hands for c in h.cards] + [str(c) for c in g.stock] + [str(c) for c in g.discard_pile]


# ----------------------------------------------------------------------------- the mus


def test_south_cuts_the_mus_and_the_mano_opens_grande() -> None:
    g = deal_a()
    assert (g.phase, g.to_move, g.legal_actions()) == (Phase.MUS, 0, ["mus", "no-mus"])
    g = play(g, "South: no-mus")
    assert (g.phase, g.to_move) == (Phase.GRANDE, 0)


def test_the_first_no_mus_cuts_even_late_and_the_mano_still_speaks_first() -> None:
    g = play(deal_a(mano=2), "North: mus", "West: mus", "South: no-mus")
    assert (g.phase, g.to_move) == (Phase.GRANDE, 2)  # North is mano
    assert [(e.seat, e.get("action")) for e in g.log if e.kind == "call"] == [(2, "mus"), (3, "mus"), (0, "no-mus")]


def test_four_mus_then_discards_in_speaking_order_then_the_mus_question_again() -> None:
    g = play(deal_a(mano=1), "East: mus", "North: mus", "West: mus", "South: mus")
    assert (g.phase, g.to_move) == (Phase.DISCARD, 1)
    assert len(g.legal_actions()) == 15  # every non-empty subset of four cards
    assert "discard 1o 1c" in g.legal_actions()
    with pytest.raises(mw.IllegalActionError):
        g.apply("discard 7o", seat=2)  # North waits for East
    throws = {1: "1o 1c", 2: "6o", 3: "3o 11e 10c 1e", 0: "11o 11c 12c"}
    for seat in (1, 2, 3, 0):
        before = g.hands[seat]
        g = g.apply(f"discard {throws[seat]}", seat=seat)
        kept = {c for c in before.cards if str(c) not in throws[seat].split()}
        assert len(g.hands[seat]) == 4
        assert kept <= set(g.hands[seat].cards)
    assert (g.phase, g.to_move, g.observe(1).mus_round) == (Phase.MUS, 1, 2)
    assert g.legal_actions() == ["mus", "no-mus"]
    assert [(e.seat, e.get("count")) for e in g.log if e.kind == "discard"] == [(1, 2), (2, 1), (3, 4), (0, 3)]


def test_others_see_how_many_cards_a_player_discarded_never_which() -> None:
    thrown = {0: {"12o", "11o"}, 1: {"4o"}, 2: {"7o", "7c", "6o"}, 3: {"3o"}}
    g = play(deal_a(), "mus", "mus", "mus", "mus",
             "South: discard 12o 11o", "East: discard 4o", "North: discard 7o 7c 6o", "West: discard 3o")
    for seat in range(4):
        view = g.observe(seat).to_dict()
        shown = set(re.findall(r"\b(?:1[0-2]|[1-7])[oceb]\b", json.dumps(view)))
        # a seat sees its own cards (and may be reminded of its own discards), never another seat's discards
        assert {str(c) for c in g.hands[seat].cards} <= shown <= {str(c) for c in g.hands[seat].cards} | thrown[seat]
        assert not shown & set().union(*(thrown[s] for s in range(4) if s != seat)), seat
        discards = [e for e in view["log"] if e["kind"] == "discard"]
        assert discards == [
            {"kind": "discard", "seat": 0, "phase": "discard", "count": 2},
            {"kind": "discard", "seat": 1, "phase": "discard", "count": 1},
            {"kind": "discard", "seat": 2, "phase": "discard", "count": 3},
            {"kind": "discard", "seat": 3, "phase": "discard", "count": 1},
        ]


def throw(g: mw.Game, size: int) -> str:
    """The discard of the first ``size`` cards of the hand of the seat to move."""
    assert g.to_move is not None
    return "discard " + " ".join(str(c) for c in g.hands[g.to_move].cards[:size])


def mus_round(g: mw.Game, sizes: tuple[int, int, int, int]) -> mw.Game:
    """Four mus, then each player in speaking order throws their first ``sizes[i]`` cards."""
    g = play(g, "mus", "mus", "mus", "mus")
    for size in sizes:
        g = g.apply(throw(g, size))
    return g


def reshuffles(g: mw.Game) -> list[tuple[int, int]]:
    return [(whole(e, "cards"), whole(e, "aside")) for e in g.log if e.kind == "reshuffle"]


@pytest.mark.parametrize(("mano", "sizes"), [
    (0, (2, 1, 3, 1)),
    (1, (4, 4, 4, 4)),
    (2, (1, 1, 1, 1)),
    (3, (3, 4, 1, 2)),
])
def test_everyone_discards_first_then_the_postre_serves_in_speaking_order(mano: int, sizes: tuple[int, ...]) -> None:
    g = play(deal_a(mano=mano), "mus", "mus", "mus", "mus")
    dealt, stock = g.hands, g.stock
    order = [(mano + i) % 4 for i in range(4)]
    for seat, size in zip(order[:3], sizes, strict=False):
        g = g.apply(throw(g, size), seat=seat)
        # put down, not yet replaced: nobody is served before the postre has discarded too
        assert (g.hands, g.stock, g.discard_pile) == (dealt, stock, ())
        assert g.waiting[seat] == dealt[seat].cards[:size]
        assert g.observe(seat).discarding == dealt[seat].cards[:size]
        assert g.phase is Phase.DISCARD and g.to_move == mw.next_seat(seat)
    g = g.apply(throw(g, sizes[3]), seat=order[3])
    top = 0
    for seat, size in zip(order, sizes, strict=True):
        assert g.hands[seat].cards == dealt[seat].cards[size:] + stock[top : top + size]
        top += size
    assert g.stock == stock[top:]
    assert set(g.discard_pile) == {c for seat, size in zip(order, sizes, strict=True) for c in dealt[seat].cards[:size]}
    assert g.waiting == ((), (), (), ()) and not reshuffles(g)
    assert (g.phase, g.to_move) == (Phase.MUS, mano)


def test_the_stock_runs_out_mid_serve_and_all_the_discards_are_reshuffled() -> None:
    # Round 1: 4 x 4 = 16 served -> stock 8, 16 discards on the table.
    # Round 2: South throws 3, East 4, North 4, West 4: 16 + 15 = 31 discards on the table.
    # South is served 3 (stock 5), East 4 (stock 1); North needs 4 with 1 left and West still waits: all 31
    # discards, North's and West's own among them, go under that last card -> 32; North 4, West 4 -> stock 24.
    g = mus_round(deal_a(), (4, 4, 4, 4))
    assert (len(g.stock), len(g.discard_pile)) == (8, 16)
    g = play(g, "mus", "mus", "mus", "mus")
    for size in (3, 4, 4):
        g = g.apply(throw(g, size))
    last_of_stock, west = g.stock[7], g.hands[3].cards
    pool = set(g.discard_pile) | {c for w in g.waiting for c in w} | set(west)
    assert len(pool) == 31
    g = g.apply(throw(g, 4))
    assert reshuffles(g) == [(31, 0)]
    assert last_of_stock in g.hands[2].cards  # the card left in the stock is served first
    assert set(g.hands[2].cards) - {last_of_stock} <= pool and set(g.hands[3].cards) <= pool
    assert (len(g.stock), g.discard_pile) == (24, ())
    assert all(g.observe(seat).discarded == () for seat in range(4)), "no discard is left on the table"
    assert sorted(card_set(g)) == sorted(str(c) for c in mw.DECK)


def test_when_only_the_last_player_is_left_to_serve_their_own_discards_are_set_aside() -> None:
    # Round 1: 4 x 4 = 16 served -> stock 8.  Round 2: South 1 (stock 7), East 1 (6), North 4 (2); West,
    # the last to serve, needs 4 with 2 left: West's 4 are set aside, the other 16 + 6 = 22 discards go
    # under the 2 cards left -> 24; West is served 4 -> stock 20, and only West's 4 stay on the table.
    g = mus_round(deal_a(), (4, 4, 4, 4))
    g = play(g, "mus", "mus", "mus", "mus")
    for size in (1, 1, 4):
        g = g.apply(throw(g, size))
    west = g.hands[3].cards
    left = g.stock[6:]  # after South 1, East 1 and North 4
    assert len(left) == 2
    g = g.apply(throw(g, 4), seat=3)
    assert reshuffles(g) == [(22, 4)]
    assert not set(west) & set(g.hands[3].cards), "West is served from the others' discards"
    assert set(left) <= set(g.hands[3].cards)
    assert (len(g.stock), g.discard_pile) == (20, west)
    assert g.observe(3).discarded == west and g.observe(0).discarded == ()
    assert sorted(card_set(g)) == sorted(str(c) for c in mw.DECK)


def test_a_version_1_record_replays_until_it_reshuffles() -> None:
    short = mus_round(deal_a(), (4, 4, 4, 4))
    old = {**short.record(), "version": 1}
    assert mw.Game.from_record(old).hands == short.hands  # the old order drew the same cards until then
    long = mus_round(mus_round(short, (3, 4, 4, 4)), (1, 1, 1, 1))
    with pytest.raises(mw.RecordError, match=r"action 15 .* reshuffles the discards"):
        mw.Game.from_record({**long.record(), "version": 1})
    assert mw.Game.from_record(long.record()).hands == long.hands


def test_mus_corrido_first_question_of_the_first_hand_allows_only_mus() -> None:
    g = deal_a(mus_corrido_first_hand=True)
    for seat in range(4):
        assert g.legal_actions() == ["mus"]
        with pytest.raises(mw.IllegalActionError, match="no-mus"):
            g.apply("no-mus")
        g = g.apply("mus", seat=seat)
    g = play(g, "discard 12o", "discard 1o", "discard 7o", "discard 3o")
    assert g.legal_actions() == ["mus", "no-mus"]  # from the second question on the mus can be cut
    g = pass_to_the_count(g)
    assert (g.hand_number, g.phase) == (2, Phase.MUS)
    assert g.legal_actions() == ["mus", "no-mus"]  # hand 2 is an ordinary hand


# ----------------------------------------------------------------------------- declarations


def test_pares_and_juego_are_declared_truthfully_in_speaking_order() -> None:
    g = play(deal_a(mano=2), "North: no-mus")
    assert g.observe(0).to_dict()["declarations"] == {"pares": None, "juego": None}
    g = everyone_passes(everyone_passes(g))  # Grande, Chica
    assert g.phase is Phase.PARES
    pares = [(e.seat, e.phase, e.get("has")) for e in g.log if e.kind == "declare"]
    # speaking order from the mano North: North par, West nothing, South duples, East par
    assert pares == [(2, "pares", True), (3, "pares", False), (0, "pares", True), (1, "pares", True)]
    assert g.observe(3).to_dict()["declarations"] == {"pares": [True, True, True, False], "juego": None}
    assert g.betting is not None and g.betting.eligible == (2, 0, 1)
    g = everyone_passes(g)
    juego = [(e.seat, e.phase, e.get("has")) for e in g.log if e.kind == "declare"][4:]
    # North 30 no, West 31 yes, South 40 yes, East 11 no
    assert juego == [(2, "juego", False), (3, "juego", True), (0, "juego", True), (1, "juego", False)]
    assert g.observe(1).to_dict()["declarations"]["juego"] == [True, False, False, True]
    assert g.betting is not None and g.betting.eligible == (3, 0)


# ----------------------------------------------------------------------------- lances skipped or not bet


def test_pares_skipped_when_nobody_holds_and_punto_played_by_all_four() -> None:
    g = play(deal(DEAL_P), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    assert g.results[-1] == LanceResult(P, NOBODY)
    assert g.betting is not None and (g.phase, g.to_move, g.betting.eligible) == (Phase.PUNTO, 0, (0, 1, 2, 3))
    assert [e.get("has") for e in g.log if e.kind == "declare"] == [False] * 8
    g = play(g, "South: paso", "East: paso", "North: paso", "West: paso")
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, NOBODY, 0, 0, None, 0, NONE),
        Row(PUNTO, PASO, 0, 1, 1, 1, BEST),  # punto en paso: 1
    ]
    assert g.scores == (1, 2)


def test_pares_held_by_one_team_is_not_bet_and_that_team_collects_its_values() -> None:
    g = play(deal(DEAL_1T), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    # no Pares betting: straight on to Punto (nobody has juego)
    assert g.results[-1] == LanceResult(P, ONE_TEAM, team=1)
    assert g.phase is Phase.PUNTO
    g = everyone_passes(g)
    assert rows(g) == [
        Row(G, PASO, 1, 0, 1, 1, BEST),
        Row(C, PASO, 1, 0, 0, 1, BEST),
        Row(P, ONE_TEAM, 0, 2, 1, 2, ONE),  # East's par + West's par = 1 + 1
        Row(PUNTO, PASO, 0, 1, 1, 1, BEST),
    ]
    assert g.scores == (1, 4)


# ----------------------------------------------------------------------------- the count


def test_en_paso_hand_grande_chica_one_pares_juego_their_values() -> None:
    g = pass_to_the_count(deal_a())
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, PASO, 0, 4, 0, 4, BEST),  # South duples 3 + North par 1
        Row(J, PASO, 0, 3, 1, 3, BEST),  # West 31 -> 3, East no juego
    ]
    assert g.scores == (5, 4)
    assert (g.hand_number, g.mano) == (2, 1)
    assert g.last_hand is not None and g.last_hand.hands == tuple(mw.Hand.parse(h) for h in DEAL_A)


def test_accepted_bets_pay_the_stake_and_the_hand_values() -> None:
    g = play(
        deal_a(), "South: no-mus",
        # Grande: South envido 2, team 1 wants it.
        "South: envido 2", "East: quiero", "West: quiero",
        # Chica: East envido 3, North proposes quiero and South confirms.
        "South: paso", "East: envido 3", "North: quiero", "South: quiero",
        # Pares (South, East, North): East raises 2 alone (West holds nothing): 4 on the table.
        "South: envido 2", "East: envido 2", "North: quiero", "South: quiero",
        # Juego (South, West): envido 5 wanted.
        "South: envido 5", "West: quiero",
    )
    assert rows(g) == [
        Row(G, ACCEPTED, 2, 0, 0, 2, BEST),
        Row(C, ACCEPTED, 3, 0, 1, 3, BEST),
        Row(P, ACCEPTED, 4, 4, 0, 8, BEST),  # 2 + 2, plus duples 3 + par 1
        Row(J, ACCEPTED, 5, 3, 1, 8, BEST),  # 5, plus West's 31
    ]
    assert g.scores == (10, 11)


def test_punto_accepted_at_2_the_winner_scores_3() -> None:
    g = play(deal(DEAL_P), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    g = play(g, "South: envido 2", "East: quiero", "West: quiero")
    assert rows(g)[3] == Row(PUNTO, ACCEPTED, 2, 1, 1, 3, BEST)  # West's 30: 2 + 1
    assert g.scores == (1, 1 + 3)


def test_rejected_pares_bet_pays_the_negada_at_once_and_the_bettors_own_pares_at_the_count() -> None:
    g = play(deal_a(), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    # East (a par of ases) bets; team 0 with South's duples rejects it.
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert g.scores == (0, 1)  # first bet rejected: 1, at once
    assert [(e.get("team"), e.get("points")) for e in g.log if e.kind == "negada"] == [(1, 1)]
    assert g.phase is Phase.JUEGO
    g = everyone_passes(g)
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, REJECTED, 1, 1, 1, 1, NEGADA),  # East's par 1; the negada is on the board already
        Row(J, PASO, 0, 3, 1, 3, BEST),
    ]
    assert g.last_count[2].why.params["negada"] == 1
    assert g.scores == (1, 6)


def test_accepted_ordago_wins_the_game_for_the_better_hand_whatever_the_score() -> None:
    g = play(deal_a(scores=(3, 38)), "South: no-mus", "South: ordago", "East: quiero", "West: quiero")
    # South's R R C C is the best Grande: team 0 wins though 3 to 38.
    assert g.is_over
    assert (g.phase, g.winner, g.to_move, g.games_won) == (Phase.GAME_OVER, 0, None, (1, 0))
    assert rows(g) == [Row(G, ORDAGO, 0, 0, 0, 0, BEST)]
    assert g.scores == (3, 38)
    assert g.last_hand is not None and g.last_hand.hands == tuple(mw.Hand.parse(h) for h in DEAL_A)
    assert g.legal_actions() == []
    with pytest.raises(mw.IllegalActionError):
        g.apply("paso")


def test_ordago_won_by_the_side_that_did_not_bet_it() -> None:
    g = play(deal_a(scores=(30, 2)), "South: no-mus")
    g = everyone_passes(g)
    g = play(g, "South: ordago", "East: quiero", "West: quiero")  # Chica: East's A A 4 5 is best
    assert (g.is_over, g.winner) == (True, 1)
    assert rows(g) == [Row(C, ORDAGO, 0, 0, 1, 0, BEST)]


def test_the_count_stops_the_moment_a_team_reaches_the_target() -> None:
    g = pass_to_the_count(deal_a(scores=(38, 37)))
    # Grande +1 -> 39-37; Chica +1 -> 39-38; Pares +4 -> 43: team 0 wins there; West's juego (3) would
    # have taken team 1 to 41 but is not counted.
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, PASO, 1, 0, 1, 1, BEST),
        Row(P, PASO, 0, 4, 0, 4, BEST),
        Row(J, PASO, 0, 3, 1, 0, BEST, counted=False),
    ]
    assert g.scores == (43, 38)
    assert (g.is_over, g.winner) == (True, 0)


def test_a_negada_that_reaches_the_target_ends_the_game_mid_hand() -> None:
    g = play(deal_a(scores=(39, 20)), "South: no-mus", "South: envido 2", "East: no-quiero", "West: no-quiero")
    assert g.scores == (40, 20)
    assert (g.is_over, g.winner) == (True, 0)
    assert g.last_count == ()  # no count for that hand
    assert g.last_hand is not None and g.last_hand.hands is None  # and no hands shown


def test_negadas_at_count_add_the_negada_in_the_count_row() -> None:
    g = play(deal_a(negadas_at_count=True), "South: no-mus")
    g = everyone_passes(everyone_passes(g))
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert g.scores == (0, 0)  # nothing at once
    assert not [e for e in g.log if e.kind == "negada"]
    g = everyone_passes(g)
    assert rows(g)[2] == Row(P, REJECTED, 1, 1, 1, 2, NEGADA)  # negada 1 + East's par 1
    assert g.scores == (1, 6)


def test_negada_at_once_wins_mid_hand_before_the_count() -> None:
    # 39-39. Team 0 has the better Grande (to be counted later); East's Chica bet is rejected: team 1 has 40 now.
    g = play(deal_a(scores=(39, 39)), "South: no-mus")
    g = everyone_passes(g)
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert (g.is_over, g.winner, g.scores) == (True, 1, (39, 40))


def test_negadas_at_count_are_counted_in_lance_order() -> None:
    # Same hand with negadas at the count: Grande is counted before Chica, so team 0 reaches 40 first.
    g = play(deal_a(scores=(39, 39), negadas_at_count=True), "South: no-mus")
    g = everyone_passes(g)
    g = play(g, "South: paso", "East: envido 2", "North: no-quiero", "South: no-quiero")
    assert not g.is_over
    g = everyone_passes(everyone_passes(g))  # Pares, Juego
    assert rows(g) == [
        Row(G, PASO, 1, 0, 0, 1, BEST),
        Row(C, REJECTED, 1, 0, 1, 0, NEGADA, counted=False),
        Row(P, PASO, 0, 4, 0, 0, BEST, counted=False),
        Row(J, PASO, 0, 3, 1, 0, BEST, counted=False),
    ]
    assert (g.is_over, g.winner, g.scores) == (True, 0, (40, 39))


# ----------------------------------------------------------------------------- rule options


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


# ----------------------------------------------------------------------------- señas


def test_senas_are_logged_with_seat_and_phase_and_take_no_turn() -> None:
    g = deal_a()
    g1 = g.sena(2, "duples")  # North, during the mus question, South to speak
    assert g.log[-1].kind == "deal"  # the old state is untouched
    assert (g1.to_move, g1.phase, g1.legal_actions()) == (0, Phase.MUS, ["mus", "no-mus"])
    assert g1.log[-1] == mw.Event("sena", 2, "mus", (("sena", "duples"),))
    g2 = play(g1, "South: no-mus", "South: envido 2")
    g3 = g2.sena(0, "need_mus").sena(1, "thirty_one")  # East answers now, South and East gesture
    assert g3.to_move == 1
    assert g3.legal_actions() == g2.legal_actions()
    assert [(e.seat, e.phase, e.get("sena")) for e in g3.log if e.kind == "sena"] == [
        (2, "mus", "duples"), (0, "grande", "need_mus"), (1, "grande", "thirty_one")]
    assert g3.observe(3).to_dict()["log"][-1] == {"kind": "sena", "seat": 1, "phase": "grande", "sena": "thirty_one"}
    assert g3.record()["senas"] == [
        {"at": 0, "seat": 2, "sena": "duples"},
        {"at": 2, "seat": 0, "sena": "need_mus"},
        {"at": 2, "seat": 1, "sena": "thirty_one"},
    ]
    assert mw.Game.from_record(g3.record()).log == g3.log


# ----------------------------------------------------------------------------- refused actions


def _snapshot(g: mw.Game) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return g.record(), [g.observe(s).to_dict() for s in range(4)]


@pytest.mark.parametrize(
    ("setup", "action", "seat", "words"),
    [
        pytest.param([], "paso", None, ["'paso'", "seat 0", "mus", "mus, no-mus"], id="paso in the mus"),
        pytest.param(["no-mus"], "quiero", None, ["'quiero'", "seat 0", "grande", "paso", "envido 2..40", "ordago"],
                     id="quiero with nothing to answer"),
        pytest.param(["no-mus", "envido 2", "quiero"], "no-quiero", None,
                     ["'no-quiero'", "seat 3", "grande", "quiero", "envido 2..40", "ordago"],
                     id="partner rejecting a quiero proposal"),
        pytest.param(["mus", "mus", "mus", "mus"], "discard 7o", None,
                     ["'discard 7o'", "seat 0", "discard", "12o 12c 11o 11c"], id="discarding a card not held"),
        pytest.param(["no-mus"], "paso", 2, ["'paso'", "seat 2", "grande", "seat 0"], id="out of turn"),
    ],
)
def test_illegal_action_names_action_seat_phase_and_legal_actions_and_changes_nothing(
    setup: list[str], action: str, seat: int | None, words: list[str]
) -> None:
    g = play(deal_a(), *setup)
    before = _snapshot(g)
    with pytest.raises(mw.IllegalActionError) as refused:
        g.apply(action, seat=seat)
    assert isinstance(refused.value, ValueError)
    for word in words:
        assert word in str(refused.value), (word, str(refused.value))
    assert _snapshot(g) == before


@pytest.mark.parametrize("action", ["envido 1", "pass", "discard 13o"])
def test_malformed_action_changes_nothing(action: str) -> None:
    g = play(deal_a(), "no-mus")
    before = _snapshot(g)
    with pytest.raises(mw.MalformedActionError) as refused:
        g.apply(action)
    assert isinstance(refused.value, ValueError)
    assert action in str(refused.value)
    assert _snapshot(g) == before


def test_malformed_action_message_names_seat_phase_and_legal_actions() -> None:
    g = play(deal_a(), "no-mus")
    with pytest.raises(mw.MalformedActionError) as refused:
        g.apply("envido 1")
    message = str(refused.value)
    for word in ("envido 1", "seat 0", "grande", "paso", "ordago"):
        assert word in message, (word, message)


def test_a_discard_of_no_cards_cannot_be_built() -> None:
    with pytest.raises(mw.MalformedActionError, match="1 to 4"):
        mw.Action(mw.Kind.DISCARD, cards=())


def test_a_discard_naming_a_card_twice_cannot_be_built() -> None:
    twice = mw.Card.parse("12o")
    with pytest.raises(mw.MalformedActionError, match="repeats"):
        mw.Action(mw.Kind.DISCARD, cards=(twice, twice))


def test_a_discard_of_a_card_not_held_is_refused_and_changes_nothing() -> None:
    g = play(deal_a(), "mus", "mus", "mus", "mus")
    before = _snapshot(g)
    assert g.to_move is not None
    foreign = next(c for c in mw.DECK if c not in g.hands[g.to_move])
    with pytest.raises(mw.IllegalActionError, match="discard 1 to 4 of your cards"):
        g.apply(mw.Action(mw.Kind.DISCARD, cards=(foreign,)))
    assert _snapshot(g) == before


def test_senas_during_the_discards_and_refused_senas() -> None:
    g = play(deal_a(), "mus", "mus", "mus", "mus", "South: discard 12o")
    g = g.sena(0, "two_reyes")  # East is discarding
    assert (g.phase, g.to_move) == (Phase.DISCARD, 1)
    assert g.log[-1] == mw.Event("sena", 0, "discard", (("sena", "two_reyes"),))
    with pytest.raises(mw.MalformedActionError, match="wink"):
        g.sena(1, "wink")  # not an id of the catalogue
    over = play(deal_a(scores=(39, 0)), "no-mus", "envido 2", "no-quiero", "no-quiero")
    assert over.is_over
    with pytest.raises(mw.IllegalActionError, match="over"):
        over.sena(2, "nothing")
