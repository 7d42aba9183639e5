"""The mus and the discards: who asks and who cuts, the serve, the reshuffle, the mus corrido."""

from __future__ import annotations

import json
import re

import pytest

import mus_widget as mw
from mus_widget import Phase
from support.events import whole
from support.scripted_hands import deal_a, pass_to_the_count, play


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


def card_set(g: mw.Game) -> list[str]:
    """Every card of the game: in hands, in the stock, on the table."""
    return [str(c) for h in g.hands for c in h.cards] + [str(c) for c in g.stock] + [str(c) for c in g.discard_pile]


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
