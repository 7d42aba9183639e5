"""The browser's messages checked against what a table knows (table/checking.py): the same refusals at a
notebook's own table and at a seat of a served one, and an action taken exactly when the engine takes it."""

from __future__ import annotations

import itertools

import pytest

from mus_widget import Game, MusTable
from mus_widget.bots import make_bot
from mus_widget.bots.turns import step
from mus_widget.engine.actions import Action
from mus_widget.engine.errors import MusError
from mus_widget.i18n.catalogues import message
from mus_widget.table.checking import Check
from mus_widget.table.refusal import RefusalError
from mus_widget.table.view_state import Stage

DEAL = ["12o 3c 7e 1b", "11o 11c 4e 5b", "7o 7c 7b 10e", "1o 2c 6e 6b"]
NAMES = ("Ana", "Iker", "Maite", "Jon")


def refusal(check: Check, kind: str, raw: object) -> RefusalError:
    with pytest.raises(RefusalError) as refused:
        check.action(raw) if kind == "act" else check.sena(raw)
    return refused.value


def served(game: Game, seat: int = 0, stage: Stage = "play") -> Check:
    """The check a served seat makes before sending (as the classroom's SeatRelay builds it)."""
    return Check(game.observe(seat), stage, NAMES.__getitem__, "en", over="ui.error.room.over")


@pytest.mark.parametrize(("content", "error_id"), [
    ({"type": "act", "action": 7}, "ui.error.malformed"),
    ({"type": "act", "action": "x" * 500}, "ui.error.malformed"),
    ({"type": "act", "action": "envido two"}, "ui.error.malformed"),
    ({"type": "act", "action": "quiero"}, "ui.error.illegal"),
    ({"type": "act", "action": "discard 12o"}, "ui.error.illegal"),
    ({"type": "sena", "sena": "wink"}, "ui.error.sena"),
])
def test_a_local_table_and_a_served_seat_refuse_a_message_in_the_same_words(content: dict[str, object],
                                                                           error_id: str) -> None:
    table = MusTable(deal=DEAL, mano=0, seed=5, pace=0, names=list(NAMES))
    table.receive(content)
    assert table.error["id"] == error_id
    kind = str(content["type"])
    there = refusal(served(table.game), kind, content.get("action" if kind == "act" else "sena"))
    assert there.message_id == error_id
    assert message(there.message_id, "en", **there.values) == table.error["text"]


def test_out_of_turn_the_count_open_and_the_match_over_are_refused_with_the_seat_to_move_named() -> None:
    game = Game.from_deal(DEAL, mano=1)
    out_of_turn = refusal(served(game), "act", "mus")
    assert out_of_turn.message_id == "ui.error.not_your_turn" and out_of_turn.values == {"name": "Iker"}
    assert refusal(served(game, 1, "count"), "act", "mus").message_id == "ui.error.count_open"
    assert refusal(served(game, 1, "count"), "sena", "nothing").message_id == "ui.error.count_open"
    assert served(game, 1).action("mus") == Action.parse("mus") and served(game).sena("nothing") == "nothing"
    stepping = Check(game.observe(1), "play", NAMES.__getitem__, "en", stepping=True)
    assert refusal(stepping, "act", "mus").message_id == "ui.error.stepping"
    bots = {seat: make_bot("random", seat) for seat in range(4)}
    while not game.is_over:
        game = step(game, bots).game
    assert refusal(served(game), "act", "paso").message_id == "ui.error.room.over"
    local = Check(game.observe(0), "play", NAMES.__getitem__, "en")
    assert refusal(local, "sena", "nothing").message_id == "ui.error.game_over"


def test_an_action_passes_the_check_exactly_when_the_engine_takes_it() -> None:
    # Every amount of an envido in its range passes, not only the amounts the observation lists.
    tried = {"paso", "quiero", "no-quiero", "mus", "no-mus", "ordago", "envido 1", "envido 2", "envido 5",
             "envido 40", "envido 41"}
    passed = set()
    for seed in range(4):
        bots = {seat: make_bot("random", seed * 4 + seat) for seat in range(4)}
        game = Game.new(seed=seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            cards = [str(card) for card in game.hands[seat].cards]
            discards = {"discard " + " ".join(p) for r in (1, 2, 4) for p in itertools.permutations(cards, r)}
            for raw in sorted(tried | discards | {f"discard {cards[0]} {cards[0]}"}):
                try:
                    game.apply(raw, seat=seat)
                    takes = True
                except MusError:
                    takes = False
                try:
                    served(game, seat).action(raw)
                    checked = True
                except RefusalError:
                    checked = False
                assert checked == takes, (raw, game)
                passed |= {raw} if checked else set()
            game = step(game, bots).game
    assert {"envido 5", "envido 40"} <= passed
