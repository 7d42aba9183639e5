"""The stepping mode: a scenario (or a game's record) shown one action at a time, ◀ and ▶ (Home and End, a hand
of the list), nobody playing, every hand face up when the teacher chooses; "Play on from here" leaves it for a
game against the bots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.log import HandSummary
from ..i18n.catalogues import message
from ..teaching.scenarios import Scenario
from .refusal import RefusalError, short
from .view_state import Stage, Steps, with_hand


@dataclass(frozen=True, slots=True)
class Stepping:
    """A scenario being stepped through: the step shown, whether every hand is face up, whether the teacher
    may turn them on the table."""

    scenario: Scenario
    index: int
    face_up: bool
    toggle: bool

    def stage(self) -> Stage:
        """``count`` at a step whose action ended a hand (its count is shown, explained), else ``play``."""
        if self.index == 0:
            return "play"
        now, before = self.scenario.game_at(self.index), self.scenario.game_at(self.index - 1)
        return "count" if now.last_hand is not before.last_hand else "play"

    def history(self) -> tuple[HandSummary, ...]:
        """The hands over by the step shown, oldest first: the log's history as if the game had been played to it."""
        out: tuple[HandSummary, ...] = ()
        for index in range(self.index + 1):
            out = with_hand(out, self.scenario.game_at(index).last_hand)
        return out

    def view(self, language: str, names: Sequence[str]) -> Steps:
        """What the stepping controls show, the title and note in ``language`` where the scenario has them, and
        the hands to jump to (each with its mano among ``names``, by seat)."""
        scenario = self.scenario
        return Steps(self.index, len(scenario), scenario.title_in(language), scenario.note_at(self.index, language),
                     self.face_up, self.toggle, self.hands(language, names))

    def hands(self, language: str, names: Sequence[str]) -> tuple[tuple[int, str], ...]:
        """The hands of the scenario, each as its first step and its name ("Hand 3 · mano Iker"); the game's
        number too when the match is of several games."""
        scenario = self.scenario
        several = scenario.final.rules.games > 1
        out = []
        for step in scenario.hand_starts:
            dealt = scenario.game_at(max(step - 1, 0))  # the hand as dealt: before its first action
            values = {"game": dealt.game_number, "hand": dealt.hand_number, "mano": names[dealt.mano]}
            out.append((step, message("ui.steps.game_hand" if several else "ui.steps.hand", language, **values)))
        return tuple(out)

    def to(self, step: object) -> Stepping:
        """At step ``step`` (what ◀ and ▶ ask for); refused for a step the scenario does not have."""
        count = len(self.scenario)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= count:
            raise RefusalError("ui.error.step", step=short(step), count=count)
        return replace(self, index=step)

    def turned(self, on: object, language: str) -> Stepping:
        """With every hand face up (``on``) or not; refused unless the teacher may turn them."""
        if not isinstance(on, bool):
            raise RefusalError("ui.error.option", option=message("ui.steps.face_up", language), value=short(on))
        if not self.toggle:
            raise RefusalError("ui.error.face_up")
        return replace(self, face_up=on)


def scenario_option(scenario: Scenario | str | None, step: int) -> Scenario | None:
    """The ``scenario`` option of ``MusTable(...)``, parsed from its text if need be; ``step`` must be one of it."""
    if scenario is None:
        return None
    parsed = Scenario.parse(scenario) if isinstance(scenario, str) else scenario
    if not isinstance(parsed, Scenario):
        raise TypeError(f"scenario must be a Scenario or its text, not {scenario!r}")
    parsed.game_at(step)  # raises IndexError for a step the scenario does not have
    return parsed


__all__ = ["Stepping", "scenario_option"]
