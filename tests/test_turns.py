"""One turn at the table and what follows it (bots/turns.py): every table plays through :func:`play`."""

from __future__ import annotations

from mus_widget import Game, Observation
from mus_widget.bots import Bot, Decision, make_bot
from mus_widget.bots.guard import BotFault, seat_bot
from mus_widget.bots.turns import Move, advance, play, say, step, table_talk
from mus_widget.engine.errors import IllegalActionError
from mus_widget.engine.scoring import Reason
from mus_widget.teaching.coach import Coach

SOUTH, EAST, NORTH, WEST = 0, 1, 2, 3
DEAL = ["12o 3c 11o 1c", "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o"]
"""South and West hold 31 and say so when the mus is cut; East and North have nothing to claim."""


class Told(Bot):
    """A novice that keeps every observation it is shown at a hand's end."""

    level = "novice"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.inner = make_bot("novice", seed)
        self.shown: list[Observation] = []

    def decide(self, obs: Observation) -> Decision:
        return self.inner.decide(obs)

    def table_talk(self, obs: Observation) -> str | None:
        return self.inner.table_talk(obs)

    def hand_over(self, obs: Observation) -> None:
        self.shown.append(obs)


def test_a_players_no_mus_brings_the_bots_table_talk_as_moves_after_the_action() -> None:
    game = Game.from_deal(DEAL, mano=EAST)
    bots = {seat: make_bot("novice", seat) for seat in (SOUTH, NORTH, WEST)}
    turn = play(game, EAST, "no-mus", bots)
    assert turn.cut and not turn.ended and turn.decision is None and turn.seat == EAST
    assert turn.moves[0] == Move("action", EAST, "no-mus", 0)
    # In speaking order from the mano (East): North, West, South.
    assert [m for m in turn.moves[1:] if m.text != "nothing"] == [Move("sena", WEST, "thirty_one", 1),
                                                                  Move("sena", SOUTH, "thirty_one", 1)]
    assert turn.game.record() == table_talk(game.apply("no-mus"), bots).record(), "as the bots talking after the cut"
    assert turn.actions == 1


def test_a_bots_decision_makes_its_sena_first_then_its_action_both_at_the_same_count() -> None:
    game = Game.from_deal(DEAL, mano=SOUTH)
    decision = Decision("mus", Reason("explain.own", ()), sena="thirty_one")
    turn = play(game, SOUTH, decision, {}, at=7)
    assert turn.moves == (Move("sena", SOUTH, "thirty_one", 7), Move("action", SOUTH, "mus", 7))
    assert turn.decision is decision and not turn.cut
    assert say(turn.game, NORTH, "nothing").moves == (Move("sena", NORTH, "nothing", 1),)


def test_the_end_of_a_hand_is_shown_to_the_bots_told_and_an_illegal_move_shows_nothing() -> None:
    bots = {seat: Told(seat) for seat in range(4)}
    game = Game.new(seed=3)
    while game.hand_number == 1:
        before = game
        turn = step(game, bots)
        game = turn.game
    assert turn.ended and all(len(bot.shown) == 1 for bot in bots.values())
    assert [bot.shown[0].hand_number for bot in bots.values()] == [2] * 4
    # The same last action, told nobody: a benchmark that plays each hand alone.
    quiet = {seat: Told(seat) for seat in range(4)}
    again = play(before, turn.seat, turn.decision or "paso", quiet, told={})
    assert again.ended and again.game.record() == game.record() and not any(b.shown for b in quiet.values())
    to_move = game.to_move
    assert to_move is not None
    try:
        play(game, to_move, "quiero", bots)
    except IllegalActionError:
        pass
    else:
        raise AssertionError("quiero at the first mus question is not legal")
    assert all(len(bot.shown) == 1 for bot in bots.values()), "nothing shown"


def test_a_faulty_bot_of_your_own_plays_through_the_same_turns_with_the_fallback() -> None:
    class Stubborn:
        def decide(self, obs: Observation) -> str:
            return "quiero"

    faults: list[BotFault] = []
    bots = {seat: make_bot("novice", seat) for seat in range(4)}
    bots[EAST] = seat_bot(Stubborn(), seed=1, time_limit=None, on_fault=faults.append)
    game = Game.from_deal(DEAL, mano=EAST)
    turn = step(game, bots)
    assert turn.seat == EAST and faults and faults[0].kind == "illegal" and faults[0].played == turn.moves[-1].text
    assert turn.decision is not None and turn.decision.reason.id == "explain.own.fallback"
    end, turns = advance(game, bots)
    assert end.is_over and all(t.moves[0].seat == t.seat for t in turns)


def test_the_coach_works_its_advice_out_once_per_state() -> None:
    coach = Coach(5)
    asked: list[Observation] = []
    decide = coach.bot.decide

    def counted(obs: Observation) -> Decision:
        asked.append(obs)
        return decide(obs)

    coach.bot.decide = counted  # type: ignore[method-assign]
    game = Game.from_deal(DEAL, mano=SOUTH)
    first = coach.advice(game.observe(SOUTH), game)
    assert coach.advice(game.observe(SOUTH), game) is first and len(asked) == 1, "the same game: asked once"
    obs = game.observe(SOUTH)
    assert coach.advice(obs) == first and coach.advice(obs) == first and len(asked) == 2, "by the observation"
    assert first == Coach(5).advice(game.observe(SOUTH)), "the same seed, the same advice"
