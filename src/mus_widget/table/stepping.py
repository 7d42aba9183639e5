"""The stepping mode: a scenario (or a game's record) shown one action at a time, ◀ and ▶ (Home and End, a hand
of the list), nobody playing, every hand face up when the teacher chooses; the scenario's branches ("what if
North had said quiero") entered from the step they answer and stepped like the main line; "Play on from here"
leaves it for a game against the bots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.game import Game
from ..engine.log import HandSummary
from ..i18n.catalogues import message
from ..i18n.text import action_text
from ..teaching.scenarios import Branch, Scenario
from .refusal import RefusalError, short
from .view_state import Stage, Steps, with_hand


@dataclass(frozen=True, slots=True)
class Stepping:
    """A scenario being stepped through: the step shown (of the main line, or of the branch ``branch`` by its
    place among the scenario's branches), whether every hand is face up, whether the teacher may turn them."""

    scenario: Scenario
    index: int
    face_up: bool
    toggle: bool
    branch: int | None = None

    @property
    def line(self) -> Scenario | Branch:
        """The line shown: the scenario's main line or the branch."""
        return self.scenario if self.branch is None else self.scenario.branches[self.branch]

    def game(self) -> Game:
        """The state at the step shown."""
        return self.line.game_at(self.index)

    def stage(self) -> Stage:
        """``count`` at a step whose action ended a hand (its count is shown, explained), else ``play``."""
        if self.index == 0:
            return "play"
        now, before = self.line.game_at(self.index), self.line.game_at(self.index - 1)
        return "count" if now.last_hand is not before.last_hand else "play"

    def history(self) -> tuple[HandSummary, ...]:
        """The hands over by the step shown, oldest first: the log's history as if the game had been played to it
        (along the main line to where the branch leaves it, then along the branch)."""
        out: tuple[HandSummary, ...] = ()
        line = self.line
        main = self.index if isinstance(line, Scenario) else line.at
        for index in range(main + 1):
            out = with_hand(out, self.scenario.game_at(index).last_hand)
        if isinstance(line, Branch):
            for index in range(1, self.index + 1):
                out = with_hand(out, line.game_at(index).last_hand)
        return out

    def view(self, language: str, names: Sequence[str]) -> Steps:
        """What the stepping controls show, the title and note in ``language`` where the scenario has them, the
        hands to jump to (each with its mano among ``names``, by seat), and the branches: the one shown, or those
        that answer the main line's step shown."""
        scenario, line = self.scenario, self.line
        if isinstance(line, Branch):
            assert self.branch is not None
            shown: tuple[int, str] | None = (self.branch, what_if(line, language, names))
            offered: tuple[tuple[int, str], ...] = ()
        else:
            shown = None
            offered = tuple((scenario.branches.index(branch), what_if(branch, language, names))
                            for branch in scenario.branches_of(self.index))
        return Steps(self.index, len(line), scenario.title_in(language), line.note_at(self.index, language),
                     self.face_up, self.toggle, () if shown else self.hands(language, names), offered, shown)

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
        """At step ``step`` of the line shown (what ◀ and ▶ ask for); refused for a step it does not have."""
        count = len(self.line)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= count:
            raise RefusalError("ui.error.step", step=short(step), count=count)
        return replace(self, index=step)

    def into(self, branch: object) -> Stepping:
        """At the first step of the scenario's branch ``branch`` (by its place among them), or, with None, back on
        the main line at the step the branch shown answers; refused for a branch the scenario does not have."""
        if branch is None:
            line = self.line
            return self if isinstance(line, Scenario) else replace(self, branch=None, index=line.at + 1)
        count = len(self.scenario.branches)
        if isinstance(branch, bool) or not isinstance(branch, int) or not 0 <= branch < count:
            raise RefusalError("ui.error.branch", branch=short(branch), count=count)
        return replace(self, branch=branch, index=1)

    def turned(self, on: object, language: str) -> Stepping:
        """With every hand face up (``on``) or not; refused unless the teacher may turn them."""
        if not isinstance(on, bool):
            raise RefusalError("ui.error.option", option=message("ui.steps.face_up", language), value=short(on))
        if not self.toggle:
            raise RefusalError("ui.error.face_up")
        return replace(self, face_up=on)


def what_if(branch: Branch, language: str, names: Sequence[str]) -> str:
    """A branch as the stepping controls name it: "What if North played Quiero?" (``names`` by seat)."""
    return message("ui.steps.what_if", language, name=names[branch.seat],
                   action=action_text(branch.actions[0], language))


def scenario_option(scenario: Scenario | str | None, step: int) -> Scenario | None:
    """The ``scenario`` option of ``MusTable(...)``, parsed from its text if need be; ``step`` must be one of it."""
    if scenario is None:
        return None
    parsed = Scenario.parse(scenario) if isinstance(scenario, str) else scenario
    if not isinstance(parsed, Scenario):
        raise TypeError(f"scenario must be a Scenario or its text, not {scenario!r}")
    parsed.game_at(step)  # raises IndexError for a step the scenario does not have
    return parsed


__all__ = ["Stepping", "scenario_option", "what_if"]
