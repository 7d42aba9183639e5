"""Scripted hands for teachers: a small text format (read and written by :mod:`.scenario_text`), the scenarios
stepped through, and a library of example hands.

A scenario is a deal (four hands, the mano, the scores, the rule options) and, optionally, the actions
played from it, with a note per step. A teacher writes one in a notebook cell::

    title: Grande: the second card decides
    hands: 7o 6c 5e 4b / 12e 11o 10c 1b / 12o 3c 7e 1o / 6o 5c 4e 2b
    mano: south
    note: North and East both hold a rey on top. Which card decides Grande?
    play: no-mus, paso, paso, paso, paso
    note: Grande en paso: North's second rey beats East's caballo.
    play: paso, paso, paso, paso
    note: The count: South–North 2, East–West 4.
    expect: 2 4

and ``MusTable.from_scenario(text)`` steps through it, ◀ and ▶, or ``Scenario.parse(text)`` gives the engine
states, ``scenario.game_at(i)``.

The format
----------
One ``key: value`` per line; blank lines and lines starting with ``#`` are skipped; keys are case-insensitive.

``title:``
    The scenario's title (default "Scenario").
``hands:``
    The four hands by seat, South / East / North / West, separated by ``/``: ``12o 3c 7e 1b / ...``.
    Or one line per seat: ``south:``, ``east:``, ``north:``, ``west:``.
``mano:``
    The seat that is mano: ``south``, ``east``, ``north``, ``west`` (or 0 to 3). Default south.
``scores:``
    The scores when the hand starts, South–North then East–West: ``scores: 38 30``. Default 0 0.
``seed:``
    A whole number: the deals after the scripted one come from it (default 0). Without ``hands:`` the
    first deal and the first mano come from it too, as in ``Game.new(seed)``.
``deals:``
    ``classic`` (the default: the deals ``Game.new(seed)`` has always dealt) or ``fast`` (the deals of
    ``Game.new(seed, fast_deals=True)`` and the training environment: another card order for the same seed).
``rules:``
    Rule options separated by commas: ``target 30, kings 4, real_31, team_consent off``. A bare option name
    turns it on; values are whole numbers or on/off (yes/no, true/false). The options are those of
    :class:`~mus_widget.Rules`: target, kings, real_31, team_consent, negadas_at_count,
    mus_corrido_first_hand, games.
``play:``
    Actions in the notation of docs/rules.md, separated by commas: ``no-mus, envido 2, quiero``. Each action is a
    step. An action may start with the seat that plays it (``north envido 2``), which is then checked. The
    table's own words are read too: case and accents aside (``Órdago``), with spaces (``no quiero``, ``no mus``)
    and an envido's amount written on to it (``envido2``); ``envido`` without its amount and ``no`` alone are
    not actions.
``note:``
    The note of the step reached so far: before any ``play:`` line, the deal (step 0); after one, the step of
    that line's last action. A note shows at its own step only.
``branch:``
    An alternative to the main line's last action read so far (the last action of the latest ``play:`` line):
    from the step before it, these actions instead ("what if North had said quiero"); its first action must
    differ from the main line's. ``then:`` goes on with the branch; a ``note:`` after a ``branch:`` or ``then:``
    line is the note of that line's last action in the branch. The next ``play:`` line goes on with the main
    line. Several ``branch:`` lines in a row are several alternatives of the same action. A branch has no
    branches of its own and no señas. To branch at an action inside a line, end the ``play:`` line there::

        play: no-mus, paso, envido 2
        play: no-quiero
        note: West refuses; the envido's 1 goes to South–North.
        branch: quiero
        note: Had West wanted it, the envido would go to the count.
        then: paso, paso
        play: paso, paso
``sena:``
    A seña made at this point, by a seat: ``sena: north duples`` (the ids of :mod:`mus_widget.engine.senas`).
    Señas take no turn and are not steps.
``expect:``
    What the scenario claims at its end, checked when it is read: the scores, and optionally the team that
    has won: ``expect: 9 4`` or ``expect: 0 0, east-west win``.

The header lines (title to rules) come before the first ``play:`` or ``sena:`` line. Every action is
replayed through the engine as the scenario is read, so an illegal action, like any other mistake, is a
:class:`ScenarioError` naming the line (and the action of a ``play:`` line), the cause and what was expected
there: a team's second answer missing, actions after the hand is over. In a notebook it shows as that message
and the line, without the package's traceback.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from ..engine.game import Game
from .scenario_text import Expectation, ScenarioError, parse_scenario, rules_line, scenario_text


@dataclass(frozen=True, slots=True, eq=False)
class Branch:
    """An alternative of a scenario's main line ("what if North had said quiero"): from the main line's step
    ``at``, ``actions`` instead of what followed there, a note per step and the state at every step. Its step 0
    is the main line's step ``at``; its step 1 is its first action, the one that differs."""

    at: int
    actions: tuple[str, ...]
    notes: tuple[str, ...]
    games: tuple[Game, ...]
    translations: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """By language code: the notes by step, ``""`` where a note has no translation."""

    def __len__(self) -> int:
        """The number of its steps: one per action."""
        return len(self.actions)

    @property
    def seat(self) -> int:
        """The seat that plays its first action."""
        mover = self.games[0].to_move
        assert mover is not None
        return mover

    def game_at(self, step: int) -> Game:
        """The engine state after the branch's step ``step`` (0: the main line's step :attr:`at`)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.actions):
            raise IndexError(f"a step of this branch is 0 to {len(self.actions)}, not {step!r}")
        return self.games[step]

    def note_at(self, step: int, language: str = "en") -> str:
        """The note of the branch's step ``step`` ("" if none), in ``language`` where it is translated."""
        self.game_at(step)
        return _note_in(self.notes, self.translations.get(language, ()), step)

    def __repr__(self) -> str:
        return f"<Branch at step {self.at}: {', '.join(self.actions)}>"


@dataclass(frozen=True, slots=True, eq=False)
class Scenario:
    """A scripted hand: its ``title``, its source ``text``, the ``actions`` (one per step), a note per step
    (``""`` for none) and the engine state at every step (:meth:`game_at`; step 0 is the deal)."""

    title: str
    text: str
    actions: tuple[str, ...]
    notes: tuple[str, ...]
    expect: Expectation | None
    games: tuple[Game, ...]
    translations: dict[str, tuple[str, tuple[str, ...]]] = dataclasses.field(default_factory=dict)
    """By language code: the title and the notes (by step, ``""`` where the note has no translation) given on
    ``title.<code>:`` and ``note.<code>:`` lines."""
    hand_starts: tuple[int, ...] = (0,)
    """The first step of each hand played: 0 (the deal) for the first; for each later hand with an action, the
    step of its first action (the step before it shows the count of the hand before)."""
    branches: tuple[Branch, ...] = ()
    """The alternatives of the main line's actions, in the order written (``branch:`` lines)."""

    def __len__(self) -> int:
        """The number of steps: one per action."""
        return len(self.actions)

    def game_at(self, step: int) -> Game:
        """The engine state after step ``step`` (0: the deal, before any action; ``len(self)``: the end)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.actions):
            raise IndexError(f"a step of this scenario is 0 to {len(self.actions)}, not {step!r}")
        return self.games[step]

    def note_at(self, step: int, language: str = "en") -> str:
        """The note of ``step`` ("" if it has none: a note shows at its own step only), in ``language`` where
        the scenario translates it, else as written."""
        self.game_at(step)
        return _note_in(self.notes, self.translations.get(language, ("", ()))[1], step)

    def branches_of(self, step: int) -> tuple[Branch, ...]:
        """The alternatives of the main line's action of step ``step`` (they leave from the step before it)."""
        self.game_at(step)
        return tuple(branch for branch in self.branches if branch.at == step - 1)

    def title_in(self, language: str = "en") -> str:
        """The title in ``language`` where the scenario translates it, else as written."""
        return self.translations.get(language, ("", ()))[0] or self.title

    @property
    def final(self) -> Game:
        """The state at the end of the scenario."""
        return self.games[-1]

    def record(self) -> dict[str, Any]:
        """The record of the scenario's game (``Game.from_record`` replays it)."""
        return self.final.record()

    def __repr__(self) -> str:
        branches = f", {len(self.branches)} branches" if self.branches else ""
        return f"<Scenario {self.title!r}: {len(self)} steps{branches}>"

    # ------------------------------------------------------------------------------------------ reading

    @classmethod
    def parse(cls, text: str) -> Scenario:
        """Read a scenario in the format of this module, in time linear in its length; raises
        :class:`ScenarioError` naming the line."""
        parsed = parse_scenario(text)
        branches = tuple(Branch(b.at, b.actions, b.notes, b.games, b.translations) for b in parsed.branches)
        return cls(parsed.title, parsed.text, parsed.actions, parsed.notes, parsed.expect, parsed.games,
                   parsed.translations, parsed.hand_starts, branches)

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, title: str | None = None) -> Scenario:
        """A finished (or unfinished) game as a scenario, to step through: each action a step.

        Time and memory linear in the record's length (each action is replayed three times: checked, written
        as text, read back; the steps share their states): 50,000 actions in about 3 s of one core."""
        game = Game.from_record(record)
        return cls.parse(scenario_text(game, title))


def _note_in(notes: tuple[str, ...], translated: tuple[str, ...], step: int) -> str:
    """The note of ``step``: its translation where there is one, else as written."""
    return (translated[step] if step < len(translated) else "") or notes[step]


# ---------------------------------------------------------------------------------------------- the library

LIBRARY: Final = "scenario_library"
"""The package folder of the built-in scenarios, one ``.txt`` file each, in teaching order."""


@functools.cache
def builtin() -> tuple[Scenario, ...]:
    """The built-in library: one example hand per rule point, from the deal to the count."""
    return tuple(library().values())


def library() -> dict[str, Scenario]:
    """The built-in library by name: ``"grande-second-card"``, ``"chica"``, ``"raise-refused"``..."""
    folder = resources.files(__package__) / LIBRARY
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".txt"))
    return {name[3:-4]: Scenario.parse((folder / name).read_text(encoding="utf-8")) for name in names}


__all__ = ["Branch", "Expectation", "Scenario", "ScenarioError", "builtin", "library", "rules_line", "scenario_text"]
