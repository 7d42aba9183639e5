"""A finished hand reopened at the table: its steps face up from the deal to its count, ◀ and ▶, while the live
game waits where it was ("Back to the game" returns to it)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.cards import Hand
from ..engine.game import Game
from ..teaching.scenarios import Scenario
from .refusal import RefusalError, short
from .view_state import Stage


@dataclass(frozen=True, slots=True)
class Replay:
    """Hand ``hand`` of game ``game_number`` of ``scenario`` (the table's game so far, a step per action): its
    steps run from ``start`` (its deal) to ``end`` (the action that ended it, where its count shows); ``index``
    is the step shown, counted from ``start``."""

    scenario: Scenario
    game_number: int
    hand: int
    start: int
    end: int
    index: int

    @classmethod
    def of(cls, scenario: Scenario, game_number: int, hand: object, at: int | None = None) -> Replay:
        """Hand ``hand`` of game ``game_number``, shown at absolute step ``at`` (its count by default); refused
        for a hand that is not over."""
        end = _end_of(scenario, game_number, hand)
        if end is None:
            raise RefusalError("ui.error.replay", hand=short(hand))
        start = end - 1
        while start > 0 and scenario.game_at(start).last_hand is scenario.game_at(start - 1).last_hand:
            start -= 1
        where = end if at is None else at
        if not start <= where <= end:
            raise RefusalError("ui.error.step", step=short(at), count=end - start)
        return cls(scenario, game_number, hand, start, end, where - start)  # type: ignore[arg-type]

    @property
    def count(self) -> int:
        """The hand's number of steps: one per action."""
        return self.end - self.start

    @property
    def step(self) -> int:
        """The step shown, counted in the whole game (an index of its record's actions)."""
        return self.start + self.index

    def to(self, step: object) -> Replay:
        """At step ``step`` of the hand (what ◀, ▶, Home and End ask for); refused for a step it does not have."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.count:
            raise RefusalError("ui.error.step", step=short(step), count=self.count)
        return replace(self, index=step)

    def shown(self) -> Game:
        """The engine's state at the step shown."""
        return self.scenario.game_at(self.step)

    def stage(self) -> Stage:
        """``count`` at the action that ended the hand, else ``play``."""
        return "count" if self.step == self.end else "play"

    def reveal(self) -> tuple[Hand, ...]:
        """Every hand as it was at the step shown: at the count, as the hand ended (the state after it already
        holds the next deal)."""
        return self.scenario.game_at(self.end - 1 if self.step == self.end else self.step).hands


def _end_of(scenario: Scenario, game_number: int, hand: object) -> int | None:
    """The step whose action ended hand ``hand`` of game ``game_number``; None if that hand is not over."""
    if isinstance(hand, bool) or not isinstance(hand, int):
        return None
    for step in range(1, len(scenario) + 1):
        last = scenario.game_at(step).last_hand
        if (last is not None and last is not scenario.game_at(step - 1).last_hand
                and last.game_number == game_number and last.hand_number == hand):
            return step
    return None


__all__ = ["Replay"]
