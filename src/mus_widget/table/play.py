"""The game at a table: its setup, the engine's state, the bots, the stage, the scenario being stepped through
and the bots' reasons kept for the count; the student's moves (:meth:`Play.act`, :meth:`Play.say`) and the
bots' (:meth:`Play.bot_step`) go through the bots' turn pipeline (:mod:`mus_widget.bots.turns`)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Final

from ..bots import TEACHING, Bot, make_bot
from ..bots.guard import BotFault, seat_bot
from ..bots.turns import Turn, play, say, step
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.log import HandSummary
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason
from ..engine.seats import SEATS, team_of
from ..teaching.coach import Advice, Coach
from ..teaching.grading import Graded
from ..teaching.scenarios import Scenario
from .contract import SeatView
from .options import Setup
from .refusal import RefusalError, short
from .replay import Replay
from .stepping import Stepping
from .view_state import Player, ReplayView, Stage, TableView, view_state, with_hand

LANCE_PHASES: Final = frozenset({Phase.GRANDE, Phase.CHICA, Phase.PARES, Phase.JUEGO, Phase.PUNTO})


class Play:
    """The game at a table, Python only; :meth:`view` is all of it the browser gets. The record of games
    won here (``games_played``, ``team_wins``) outlives :meth:`start`."""

    setup: Setup
    stepping: Stepping | None
    game: Game
    bots: dict[int, Bot]
    stage: Stage
    notes_last: tuple[tuple[Reason, ...], ...]
    """The bots' reasons in the lances of the last hand, by seat: shown from its count to the next (only when
    its hands were shown)."""
    history: tuple[HandSummary, ...]
    """The hands of this game over so far, oldest first: the log's history (:func:`with_hand`)."""
    replay: Replay | None
    """A finished hand reopened face up while the live game waits; None when the table shows the live game."""

    def __init__(self, setup: Setup, given: Mapping[int, object] | None = None, stepping: Stepping | None = None,
                 on_fault: Callable[[BotFault], None] | None = None) -> None:
        self.games_played = 0
        self.team_wins = [0, 0]
        self.graded: Callable[[int], Graded | None] = lambda _step: None
        """The student's decision graded at a step of the game's record, if it is (the table's review)."""
        self.on_fault = on_fault
        """Told of every fault of a bot of the student's own (it raised, chose an illegal action, was too slow)."""
        self.start(setup, given, stepping)

    def start(self, setup: Setup, given: Mapping[int, object] | None = None, stepping: Stepping | None = None) -> None:
        """A new game from ``setup``, with new bots (those ``given`` by seat, else of the setup's levels) and
        the count closed; or, with ``stepping``, the scenario's step shown. The setup's bots keep the
        :data:`~mus_widget.bots.TEACHING` manners. A bot of the student's own plays behind a guard: its faults go
        to :attr:`on_fault` and a novice plays those turns."""
        self.setup = setup
        self.stepping = stepping
        if stepping is not None:
            self.game = stepping.scenario.game_at(stepping.index)
        elif setup.deal is not None:
            seed = setup.seed if setup.seed is not None else secrets.randbits(48)
            self.game = Game.from_deal(setup.deal, setup.mano, seed=seed, rules=setup.rules)
        else:
            self.game = Game.new(seed=setup.seed, rules=setup.rules)
        seed = self.game.seed
        self._coach = Coach(seed * 4 + setup.seat)
        self.bots = {}
        for s, level in enumerate(setup.levels):
            if given is not None and s in given:
                self.bots[s] = seat_bot(given[s], seed=seed * 4 + s, on_fault=self._fault)
            elif level is not None:
                self.bots[s] = make_bot(level, seed * 4 + s, TEACHING)
        self.stage = "play" if stepping is None else stepping.stage()
        self.history = () if stepping is None else stepping.history()
        self._notes_now: list[tuple[int, Reason]] = []
        self.notes_last = ((), (), (), ())
        self.replay = None
        self._steps: Scenario | None = None
        self.decided = False
        """Whether the student has made a decision in this game (its review has something to grade)."""

    @property
    def seat(self) -> int:
        """The student's seat."""
        return self.setup.seat

    def show_step(self, stepping: Stepping) -> None:
        """Show ``stepping``'s step of its scenario."""
        self.stepping = stepping
        self.game = stepping.scenario.game_at(stepping.index)
        self.stage = stepping.stage()
        self.history = stepping.history()

    def open_replay(self, hand: object, at: int | None = None, game_number: int | None = None) -> None:
        """Reopen hand ``hand`` of game ``game_number`` (the game shown by default; refused unless the hand is
        over), at step ``at`` of the match's record (its count by default)."""
        game = self.game
        shown = game.last_hand.game_number if self.stage == "count" and game.last_hand else game.game_number
        number = shown if game_number is None else game_number
        self.replay = Replay.of(self.steps(), number, hand, at)

    def try_again(self, step: object) -> None:
        """Play on from step ``step`` of the game's record (an action of the student's), as it was then: the same
        cards, scores and history, the live game left behind; the bots (new, of the same levels) play on."""
        scenario = self.steps()
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(scenario):
            raise RefusalError("ui.error.step", step=short(step), count=len(scenario))
        game = scenario.game_at(step)
        if game.to_move != self.seat:
            raise RefusalError("ui.error.try_again", step=step)
        levels = self.setup.levels

        def fresh(seat: int, bot: Bot) -> Bot:
            level = levels[seat]
            return bot if level is None else make_bot(level, game.seed * 4 + seat, TEACHING)

        self.bots = {seat: fresh(seat, bot) for seat, bot in self.bots.items()}
        self.game = game
        self.stage = "play"
        self.decided = True
        self.replay = None
        self._notes_now = []
        self.notes_last = ((), (), (), ())
        self.history = ()
        for index in range(step + 1):
            self.history = with_hand(self.history, scenario.game_at(index).last_hand)

    def steps(self) -> Scenario:
        """The game so far as a scenario, a step per action (made again only when the game has moved on)."""
        record = self.game.record()
        if self._steps is None or len(self._steps) != len(record["actions"]):
            self._steps = Scenario.from_record(record)
        return self._steps

    def act(self, action: Action) -> None:
        """The student plays ``action`` (the engine's errors if it is not legal), and what follows it."""
        self._taken(play(self.game, self.seat, action, self.bots))
        self.decided = True

    def say(self, sena_id: str) -> None:
        """The student makes the seña ``sena_id``."""
        self.game = say(self.game, self.seat, sena_id).game

    def _taken(self, turn: Turn) -> None:
        """Make the turn's game the table's; when it ended a hand, open the count."""
        before, after = self.game, turn.game
        self.game = after
        if turn.ended:
            self.stage = "count"
            self.history = with_hand(self.history, after.last_hand)
            shown = after.last_hand is not None and after.last_hand.hands is not None
            notes: list[list[Reason]] = [[], [], [], []]
            if shown:
                for seat, reason in self._notes_now:
                    notes[seat].append(reason)
            self.notes_last = tuple(tuple(n) for n in notes)
            self._notes_now = []
            if after.games_won != before.games_won:
                self.games_played += 1
                self.team_wins[0 if after.games_won[0] > before.games_won[0] else 1] += 1

    def _fault(self, fault: BotFault) -> None:
        if self.on_fault is not None:
            self.on_fault(fault)

    def bot_to_move(self) -> bool:
        """Whether a bot is to play now (never while stepping or with the count open)."""
        game = self.game
        return (
            self.stepping is None and self.replay is None and not game.is_over and self.stage == "play"
            and game.to_move is not None
            and game.to_move in self.bots
        )

    def bot_step(self) -> None:
        """One bot's turn (its seña, if any, then its action)."""
        phase = self.game.phase
        turn = step(self.game, self.bots)
        if phase in LANCE_PHASES and turn.decision is not None:
            self._notes_now.append((turn.seat, turn.decision.reason))
        self._taken(turn)

    def view(self, language: str, version: int, *, reveal: bool, coach: bool) -> SeatView:
        """The student's view of the game as it is now (:func:`~mus_widget.table.view_state.view_state`): every
        hand face up with ``reveal`` or when the stepping says so, the coach's advice with ``coach``."""
        replay = self.replay
        if replay is not None:
            shown = ReplayView(replay.hand, replay.index, replay.count, self.graded(replay.step))
            return view_state(replay.shown().observe(self.seat), TableView(
                players=self._players(), language=language, stage=replay.stage(), version=version,
                reveal=replay.reveal(), history=self.history, replay=shown,
            ))
        stepping = self.stepping
        face_up = reveal if stepping is None else stepping.face_up
        obs = self.game.observe(self.seat)
        table = TableView(
            players=self._players(),
            language=language,
            stage=self.stage,
            version=version,
            notes=self.notes_last,
            reveal=self.game.hands if face_up else None,
            coach=self._coaching(obs) if coach else None,
            steps=None if stepping is None else stepping.view(language, self.setup.names),
            history=self.history,
        )
        return view_state(obs, table)

    def _players(self) -> tuple[Player, Player, Player, Player]:
        out = []
        for seat in SEATS:
            bot = self.bots.get(seat)
            out.append(Player(self.setup.names[seat], None if bot is None else bot.level, self.games_played,
                              self.team_wins[team_of(seat)]))
        return (out[0], out[1], out[2], out[3])

    def _coaching(self, obs: Observation) -> Advice | None:
        """The coach's advice when the student is to decide (worked out once per state, from the student's
        observation only)."""
        game = self.game
        if self.stepping is not None or self.stage != "play" or game.to_move != self.seat:
            return None
        return self._coach.advice(obs, game)


__all__ = ["Play"]
