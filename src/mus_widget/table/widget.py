"""``MusTable``: the Mus table as an anywidget, for a student who plays one seat against three bots.

The browser only ever holds the student seat's view (:mod:`mus_widget.table.view_state`) and the table's options.
It sends intents as custom messages; the table validates each with the engine, applies it, lets the bots
play up to the student's next decision and syncs the new view. A refused message changes nothing but the
``error`` trait, which the browser shows.

Bots' moves reach the screen one at a time, ``pace`` seconds apart, through the kernel's asyncio loop
(``call_later``), so the kernel is never blocked waiting for an animation; with ``pace=0`` (or outside a
running loop) they are all played at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import pathlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import anywidget
import traitlets

from ..bots import LEVELS, Bot, make_bot
from ..bots.driver import bot_turn, lances_begin, table_talk
from ..engine.actions import Action, Kind
from ..engine.cards import Hand
from ..engine.errors import IllegalActionError, MalformedActionError, MusError, RulesError
from ..engine.game import Game
from ..engine.phase import Phase
from ..engine.rules import TARGETS, Rules
from ..engine.scoring import Reason
from ..engine.seats import SEATS, check_seat, team_of
from ..engine.senas import SENAS
from ..i18n.catalogues import LANGUAGES, default_language, language_name, message
from ..i18n.text import action_text
from ..teaching.coach import Advice, advise, coach_bot
from ..teaching.scenarios import Scenario
from .view_state import Player, Stage, Steps, TableView, messages_for, view_state

STATIC: Final = pathlib.Path(__file__).parent / "static"
DEFAULT_PACE: Final = 0.9
"""Seconds between two bots' moves on screen: time to read a speech bubble."""
PACES: Final = (("instant", 0.0), ("fast", 0.4), ("normal", DEFAULT_PACE), ("slow", 1.6))
"""The bot speeds offered by the new-game panel."""
DEFAULT_LEVEL: Final = "novice"
MAX_NAME: Final = 24
MAX_SEED: Final = 2**53 - 1
"""Seeds the browser can hold exactly (a JavaScript number)."""
LANCE_PHASES: Final = frozenset({Phase.GRANDE, Phase.CHICA, Phase.PARES, Phase.JUEGO, Phase.PUNTO})
RULE_FLAGS: Final = ("real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand")

log = logging.getLogger(__name__)


class RefusalError(Exception):
    """A message the table does not take: a catalogue id and its values, shown in the widget."""

    def __init__(self, message_id: str, **values: object) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.values = values


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays what, by which rules: what a new game starts from."""

    seat: int
    names: tuple[str, str, str, str]
    levels: tuple[str | None, str | None, str | None, str | None]
    """The bot level of each seat; None at the student's seat."""
    rules: Rules
    seed: int | None
    deal: tuple[Hand, ...] | None = None
    mano: int = 0


class MusTable(anywidget.AnyWidget):
    """A Mus table in a notebook: the student plays ``seat`` (0 South by default) against three bots.

    Options, all by keyword:

    - ``seat``: the student's seat, 0 South, 1 East, 2 North, 3 West (partners sit opposite).
    - ``names``: four names by seat, or a mapping seat → name; the rest get the catalogue's defaults.
    - ``bots``: a level (``"random"``, ``"novice"``, ``"expert"``) for every bot, or a mapping seat → level
      or :class:`~mus_widget.bots.Bot`, or four entries by seat (None at the student's); default novice.
    - ``rules``: a :class:`Rules` (target, 8 or 4 reyes and the other variants).
    - ``seed``: the deals and the bots' choices replay exactly from it; None draws a new one.
    - ``language``: the language of every text (:data:`mus_widget.i18n.LANGUAGES`); None follows the
      kernel's locale when the table speaks it, else English. The new-game panel switches it mid-game.
    - ``tips``: show the tips boxes.
    - ``reveal``: every hand face up, for a teacher at the front of the class (then the browser does get
      the other hands: never give such a table to a student who should not see them).
    - ``pace``: seconds between two bot moves on screen; 0 shows them at once.
    - ``deal`` and ``mano``: a scripted first deal (four hands by seat, e.g. ``"12o 3c 7e 1b"``) and its mano,
      for lessons and tests; later deals come from the seed.
    - ``coach``: on the student's turn, show what the expert bot would do in the student's seat, why, and the
      team's chance at the lance (worked out from the student's own view only). Off by default.
    - ``scenario``: a :class:`~mus_widget.teaching.scenarios.Scenario` (or its text) to step through, ◀ and ▶, from
      ``step``, with its own deal, rules and seed; ``face_up`` shows every hand (a teacher's choice, like
      ``reveal``), and ``teacher`` lets the face-up box be ticked and unticked on the table. See
      :meth:`from_scenario`.

    ``table.game`` is the engine's state (Python only). A new ``MusTable`` is a new game; displaying the
    same table twice gives two views of the same game.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    state = traitlets.Dict().tag(sync=True)
    """The student seat's view: :func:`mus_widget.table.view_state.view_state`."""
    messages = traitlets.Dict().tag(sync=True)
    """The catalogue texts the browser needs, in the table's language."""
    setup = traitlets.Dict().tag(sync=True)
    """The options of the current game and the choices the new-game panel offers (never the seed)."""
    tips = traitlets.Bool(True).tag(sync=True)
    coach = traitlets.Bool(False).tag(sync=True)
    """Show the coach on the student's turn: the expert's action, its reason and the chance at the lance."""
    language = traitlets.Unicode("en").tag(sync=True)
    pace = traitlets.Float(DEFAULT_PACE).tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    """The last refusal: ``{"seq", "id", "text"}``; empty once an intent is taken."""

    def __init__(
        self,
        *,
        seat: int = 0,
        names: Sequence[str] | Mapping[int, str] | None = None,
        bots: str | Sequence[str | Bot | None] | Mapping[int, str | Bot] | None = None,
        rules: Rules = Rules(),
        seed: int | None = None,
        language: str | None = None,
        tips: bool = True,
        reveal: bool = False,
        pace: float = DEFAULT_PACE,
        deal: Sequence[Hand | str] | None = None,
        mano: int = 0,
        coach: bool = False,
        scenario: Scenario | str | None = None,
        step: int = 0,
        face_up: bool = True,
        teacher: bool = True,
        **kwargs: Any,
    ) -> None:
        check_seat(seat)
        language = default_language() if language is None else language
        _check_language(language)
        _check_pace(pace)
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {rules!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be a whole number or None, not {seed!r}")
        if not all(isinstance(flag, bool) for flag in (tips, reveal, coach, face_up, teacher)):
            raise TypeError("tips, reveal, coach, face_up and teacher are True or False")
        steps = _scenario_option(scenario, step)
        levels, given = _bots_option(bots, seat)
        if steps is not None:
            if deal is not None:
                raise ValueError("a scenario brings its own deal: give either scenario or deal")
            first = steps.game_at(0)
            rules, seed, mano = first.rules, first.seed, first.mano
            deal = first.hands
        setup = Setup(
            seat=seat,
            names=_names_option(names, seat, language),
            levels=levels,
            rules=rules,
            seed=seed,
            deal=None if deal is None else tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in deal),
            mano=check_seat(mano),
        )
        super().__init__(tips=tips, language=language, pace=float(pace), coach=coach, **kwargs)
        self._reveal = reveal
        self._version = 0
        self._error_seq = 0
        self._generation = 0
        self._handle: asyncio.TimerHandle | None = None
        self._games_played = 0
        self._team_wins = [0, 0]
        self._coach_bot = coach_bot(0)
        self._advice: tuple[Game, Advice] | None = None
        self._stepping: _Stepping | None = None
        self._restarting = False
        self._start(setup, given, None if steps is None else _Stepping(steps, step, face_up, teacher))
        self.on_msg(self._on_msg)
        self.observe(self._on_coach, names=["coach"])

    @classmethod
    def from_scenario(
        cls, scenario: Scenario | str, *, step: int = 0, face_up: bool = True, teacher: bool = True, **options: Any
    ) -> MusTable:
        """A table stepping through a scripted hand: ◀ and ▶ go through its actions, the step's note shows
        beside the table and the count, explained, at the end. ``scenario`` is a
        :class:`~mus_widget.teaching.scenarios.Scenario` or its text; ``face_up`` shows every hand (the teacher's
        choice: then the browser holds every hand), and ``teacher`` puts the face-up box on the table.
        "Play on from here" (or :meth:`play_on`) lets the student play on from the step shown, against the
        bots. Other options are those of :class:`MusTable` (``seat``, ``names``, ``bots``, ``tips``, ...); the
        players are named by their seats (South, East, North, West) unless ``names`` says otherwise, as the
        notes of a scenario speak of seats."""
        if options.get("names") is None:
            language = options.get("language", "en")
            _check_language(language)
            options["names"] = [message(f"seat.{s}", language) for s in SEATS]
        return cls(scenario=scenario, step=step, face_up=face_up, teacher=teacher, **options)

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, **options: Any) -> MusTable:
        """A table stepping through any game from its record (``Game.record()``), as :meth:`from_scenario`."""
        return cls.from_scenario(Scenario.from_record(record), **options)

    # ------------------------------------------------------------------------------------------ public

    @property
    def game(self) -> Game:
        """The engine's state of the game at this table (Python only: never sent to the browser)."""
        return self._game

    @property
    def seat(self) -> int:
        """The student's seat."""
        return self._setup.seat

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat."""
        return dict(self._bots)

    @property
    def names(self) -> tuple[str, str, str, str]:
        return self._setup.names

    @property
    def counting(self) -> bool:
        """Whether the count of the last hand is open, waiting for the student's Next hand."""
        return self._stage == "count"

    @property
    def scenario(self) -> Scenario | None:
        """The scenario being stepped through; None once the table plays (or if it never stepped)."""
        return None if self._stepping is None else self._stepping.scenario

    @property
    def step(self) -> int | None:
        """The step of the scenario shown (0 is the deal); None when the table is not stepping."""
        return None if self._stepping is None else self._stepping.index

    def go_to(self, step: int) -> None:
        """Show step ``step`` of the scenario (what ◀ and ▶ do). Raises :class:`ValueError` if there is none."""
        self._python_intent({"type": "step", "to": step})

    def play_on(self) -> None:
        """Stop stepping: the student plays on from the step shown, against the bots."""
        self._python_intent({"type": "play_on"})

    def receive(self, content: object) -> None:
        """Handle one intent from the front end, as ``model.send`` delivers it: ``{"type": "act", "action":
        "envido 5"}``, ``{"type": "sena", "sena": "duples"}``, ``{"type": "next_hand"}``,
        ``{"type": "new_game", ...options}`` or ``{"type": "prefs", "tips": false}``. A refused intent
        changes nothing but :attr:`error`."""
        try:
            if not isinstance(content, dict):
                raise RefusalError("ui.error.message", type=type(content).__name__)
            kind = content.get("type")
            handler = self._handlers().get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise RefusalError("ui.error.message", type=_short(kind))
            handler(content)
        except RefusalError as refusal:
            self._refuse(refusal)

    def new_game(self, **options: Any) -> None:
        """Start a new game at this table with the options of the new-game panel (the current ones where
        not given): ``seat``, ``names``, ``bots``, ``rules`` (a dict of :class:`Rules` options), ``seed``,
        ``tips``, ``coach``, ``language``, ``pace``. Raises :class:`ValueError` for an option the table refuses."""
        self._python_intent(options, self._new_game)

    def _python_intent(
        self, content: dict[str, Any], handler: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        """An intent from Python: a refusal raises :class:`ValueError` with the catalogue's text."""
        try:
            if handler is None:
                self._handlers()[content["type"]](content)
            else:
                handler(content)
        except RefusalError as refusal:
            raise ValueError(message(refusal.message_id, self.language, **refusal.values)) from None

    def __repr__(self) -> str:
        return f"<MusTable seat={self.seat} {self._game!r}>"

    # ------------------------------------------------------------------------------------------ set up

    def _start(self, setup: Setup, given: Mapping[int, Bot] | None = None, stepping: _Stepping | None = None) -> None:
        """A new game from ``setup``: new deal, new bots, count closed, bots play to the student's turn; or,
        with ``stepping``, the scenario's step shown and nobody playing."""
        self._generation += 1
        self._setup = setup
        self._stepping = stepping
        if stepping is not None:
            self._game = stepping.scenario.game_at(stepping.index)
        elif setup.deal is not None:
            seed = setup.seed if setup.seed is not None else secrets.randbits(48)
            self._game = Game.from_deal(setup.deal, setup.mano, seed=seed, rules=setup.rules)
        else:
            self._game = Game.new(seed=setup.seed, rules=setup.rules)
        seed = self._game.seed
        self._coach_bot = coach_bot(seed * 4 + setup.seat)
        self._advice = None
        self._bots: dict[int, Bot] = {}
        for s, level in enumerate(setup.levels):
            if given is not None and s in given:
                self._bots[s] = given[s]
            elif level is not None:
                self._bots[s] = make_bot(level, seed * 4 + s)
        self._stage: Stage = "play" if stepping is None else stepping.stage()
        self._notes_now: list[tuple[int, Reason]] = []
        self._notes_last: tuple[tuple[Reason, ...], ...] = ((), (), (), ())
        with self.hold_sync():
            self.messages = messages_for(self.language)
            self.setup = self._setup_state()
            self._clear_error()
            self._play_bots()
            self._sync()

    def _setup_state(self) -> dict[str, Any]:
        s = self._setup
        return {
            "seat": s.seat,
            "names": list(s.names),
            "bots": [None if b is None else b.level for b in (self._bots.get(i) for i in SEATS)],
            "rules": s.rules.to_dict(),
            "levels": list(LEVELS),
            "languages": [[code, language_name(code)] for code in LANGUAGES],
            "paces": [[name, value] for name, value in PACES],
            "targets": sorted({30, 35, 40, s.rules.target}),
            "coach": self.coach,
        }

    # ------------------------------------------------------------------------------------------ messages

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.receive(content)

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], None]]:
        return {
            "act": self._act,
            "sena": self._sena,
            "next_hand": self._next_hand,
            "new_game": self._new_game,
            "prefs": self._prefs,
            "step": self._step,
            "face_up": self._face_up,
            "play_on": self._play_on,
        }

    def _not_stepping(self) -> None:
        if self._stepping is not None:
            raise RefusalError("ui.error.stepping")

    def _stepper(self) -> _Stepping:
        if self._stepping is None:
            raise RefusalError("ui.error.not_stepping")
        return self._stepping

    def _step(self, content: dict[str, Any]) -> None:
        stepping = self._stepper()
        to = content.get("to")
        count = len(stepping.scenario)
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to <= count:
            raise RefusalError("ui.error.step", step=_short(to), count=count)
        with self.hold_sync():
            self._clear_error()
            self._stepping = stepping = _Stepping(stepping.scenario, to, stepping.face_up, stepping.toggle)
            self._game = stepping.scenario.game_at(to)
            self._stage = stepping.stage()
            self._sync()

    def _face_up(self, content: dict[str, Any]) -> None:
        stepping = self._stepper()
        on = content.get("on")
        if not isinstance(on, bool):
            raise RefusalError("ui.error.option", option=self._text("ui.steps.face_up"), value=_short(on))
        if not stepping.toggle:
            raise RefusalError("ui.error.face_up")
        with self.hold_sync():
            self._clear_error()
            self._stepping = _Stepping(stepping.scenario, stepping.index, on, stepping.toggle)
            self._sync()

    def _play_on(self, _content: dict[str, Any]) -> None:
        stepping = self._stepper()
        if self._game.is_over:
            raise RefusalError("ui.error.game_over")
        with self.hold_sync():
            self._clear_error()
            self._stepping = None
            self._stage = stepping.stage()
            self._play_bots()
            self._sync()

    def _act(self, content: dict[str, Any]) -> None:
        raw = content.get("action")
        game = self._game
        if not isinstance(raw, str) or len(raw) > 80:
            raise RefusalError("ui.error.malformed", action=_short(raw))
        self._not_stepping()
        try:
            action = Action.parse(raw)
        except MalformedActionError:
            raise RefusalError("ui.error.malformed", action=_short(raw)) from None
        if game.is_over:
            raise RefusalError("ui.error.game_over")
        if self._stage == "count":
            raise RefusalError("ui.error.count_open")
        if game.to_move != self.seat:
            raise RefusalError("ui.error.not_your_turn", name=self._name(game.to_move))
        try:
            after = game.apply(action, seat=self.seat)
        except (IllegalActionError, MalformedActionError):
            raise RefusalError("ui.error.illegal", action=self._said(action), legal=self._legal_text()) from None
        with self.hold_sync():
            self._clear_error()
            self._move(after)
            self._play_bots()
            self._sync()

    def _sena(self, content: dict[str, Any]) -> None:
        sena_id = content.get("sena")
        if not isinstance(sena_id, str) or sena_id not in SENAS:
            raise RefusalError("ui.error.sena", sena=_short(sena_id))
        self._not_stepping()
        if self._game.is_over:
            raise RefusalError("ui.error.game_over")
        if self._stage == "count":
            raise RefusalError("ui.error.count_open")
        with self.hold_sync():
            self._clear_error()
            self._game = self._game.sena(self.seat, sena_id)
            self._sync()

    def _next_hand(self, _content: dict[str, Any]) -> None:
        self._not_stepping()
        if self._stage != "count":
            raise RefusalError("ui.error.no_count")
        if self._game.is_over:
            raise RefusalError("ui.error.game_over")
        with self.hold_sync():
            self._clear_error()
            self._stage = "play"
            self._play_bots()
            self._sync()

    def _prefs(self, content: dict[str, Any]) -> None:
        tips, language, pace = content.get("tips"), content.get("language"), content.get("pace")
        coach = content.get("coach")
        if tips is not None and not isinstance(tips, bool):
            raise RefusalError("ui.error.option", option=self._text("ui.option.tips"), value=_short(tips))
        if coach is not None and not isinstance(coach, bool):
            raise RefusalError("ui.error.option", option=self._text("ui.option.coach"), value=_short(coach))
        if language is not None and not (isinstance(language, str) and language in LANGUAGES):
            raise RefusalError("ui.error.option", option=self._text("ui.option.language"), value=_short(language))
        if pace is not None and not _is_pace(pace):
            raise RefusalError("ui.error.option", option=self._text("ui.option.pace"), value=_short(pace))
        with self.hold_sync():
            self._clear_error()
            if tips is not None:
                self.tips = tips
            if coach is not None:
                self.coach = coach
            if pace is not None:
                self.pace = float(pace)
            if language is not None and language != self.language:
                self._setup = replace(self._setup, names=_renamed(self._setup.names, self._setup.seat,
                                                                  self.language, language))
                self.language = language
                self.messages = messages_for(language)
                self.setup = self._setup_state()
                self._sync()

    def _new_game(self, content: Mapping[str, Any]) -> None:
        """Validate every option before touching anything; then start the new game."""
        unknown = sorted(set(content) - {"type", "seat", "names", "bots", "rules", "seed", "tips", "coach",
                                           "language", "pace"})
        if unknown:
            raise RefusalError("ui.error.option", option=_short(unknown[0]), value=_short(content[unknown[0]]))
        current = self._setup
        seat = content.get("seat", current.seat)
        if isinstance(seat, bool) or seat not in SEATS:
            raise RefusalError("ui.error.option", option=self._text("ui.option.seat"), value=_short(seat))
        language = content.get("language", self.language)
        if not isinstance(language, str) or language not in LANGUAGES:
            raise RefusalError("ui.error.option", option=self._text("ui.option.language"), value=_short(language))
        names = self._names_from(content.get("names"), seat, language)
        levels = self._levels_from(content.get("bots"), seat)
        rules = self._rules_from(content.get("rules"))
        seed = content.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise RefusalError("ui.error.option", option=self._text("ui.option.seed"), value=_short(seed))
        tips = content.get("tips", self.tips)
        if not isinstance(tips, bool):
            raise RefusalError("ui.error.option", option=self._text("ui.option.tips"), value=_short(tips))
        coach = content.get("coach", self.coach)
        if not isinstance(coach, bool):
            raise RefusalError("ui.error.option", option=self._text("ui.option.coach"), value=_short(coach))
        pace = content.get("pace", self.pace)
        if not _is_pace(pace):
            raise RefusalError("ui.error.option", option=self._text("ui.option.pace"), value=_short(pace))
        with self.hold_sync():
            self.tips = tips
            self._restarting = True
            try:
                self.coach = coach
            finally:
                self._restarting = False
            self.pace = float(pace)
            self.language = language
            self._start(Setup(seat, names, levels, rules, seed))

    def _names_from(self, value: object, seat: int, language: str) -> tuple[str, str, str, str]:
        if value is None:
            return self._setup.names if seat == self._setup.seat else _default_names(seat, language)
        if not isinstance(value, list) or len(value) != 4 or not all(isinstance(n, str) for n in value):
            raise RefusalError("ui.error.option", option=self._text("ui.option.names"), value=_short(value))
        defaults = _default_names(seat, language)
        names = [n.strip() or defaults[i] for i, n in enumerate(value)]
        for name in names:
            if len(name) > MAX_NAME or not name.isprintable():
                raise RefusalError("ui.error.option", option=self._text("ui.option.names"), value=_short(name))
        return (names[0], names[1], names[2], names[3])

    def _levels_from(self, value: object, seat: int) -> tuple[str | None, str | None, str | None, str | None]:
        if value is None:
            old = self._setup.levels
            levels = [None if s == seat else (old[s] or DEFAULT_LEVEL) for s in SEATS]
        else:
            if not isinstance(value, list) or len(value) != 4:
                raise RefusalError("ui.error.option", option=self._text("ui.option.bots"), value=_short(value))
            levels = []
            for s, level in enumerate(value):
                if s == seat:
                    levels.append(None)
                elif isinstance(level, str) and level in LEVELS:
                    levels.append(level)
                else:
                    raise RefusalError("ui.error.option", option=self._text("ui.option.bots"), value=_short(level))
        return (levels[0], levels[1], levels[2], levels[3])

    def _rules_from(self, value: object) -> Rules:
        if value is None:
            return self._setup.rules
        if not isinstance(value, dict):
            raise RefusalError("ui.error.option", option=self._text("ui.rules"), value=_short(value))
        options = self._setup.rules.to_dict()
        for key, option in value.items():
            label = f"ui.option.{key}"
            if key not in options:
                raise RefusalError("ui.error.option", option=_short(key), value=_short(option))
            if key in RULE_FLAGS:
                good = isinstance(option, bool)
            elif key == "target":
                good = isinstance(option, int) and not isinstance(option, bool) and option in TARGETS
            elif key == "kings":
                good = option in (4, 8) and not isinstance(option, bool)
            else:
                good = option in (1, 3) and not isinstance(option, bool)
            if not good:
                raise RefusalError("ui.error.option", option=self._text(label), value=_short(option))
            options[key] = option
        try:
            return Rules.from_dict(options)
        except RulesError:
            raise RefusalError("ui.error.option", option=self._text("ui.rules"), value=_short(value)) from None

    # ------------------------------------------------------------------------------------------ playing

    def _move(self, after: Game) -> None:
        """Make ``after`` the game: the bots' table talk when the mus is cut, the count when a hand ends."""
        before = self._game
        if lances_begin(before, after):
            after = table_talk(after, self._bots)
        self._game = after
        ended = (before.game_number, before.hand_number) != (after.game_number, after.hand_number)
        if ended or (after.is_over and not before.is_over):
            self._stage = "count"
            shown = after.last_hand is not None and after.last_hand.hands is not None
            notes: list[list[Reason]] = [[], [], [], []]
            if shown:
                for seat, reason in self._notes_now:
                    notes[seat].append(reason)
            self._notes_last = tuple(tuple(n) for n in notes)
            self._notes_now = []
            if after.games_won != before.games_won:
                self._games_played += 1
                self._team_wins[0 if after.games_won[0] > before.games_won[0] else 1] += 1

    def _bot_to_move(self) -> bool:
        game = self._game
        return (
            self._stepping is None and not game.is_over and self._stage == "play" and game.to_move is not None
            and game.to_move in self._bots
        )

    def _bot_step(self) -> None:
        """One bot's turn (its seña, if any, then its action)."""
        game = self._game
        phase = game.phase
        turn = bot_turn(game, self._bots[game.to_move or 0])
        if phase in LANCE_PHASES:
            self._notes_now.append((turn.seat, turn.decision.reason))
        self._move(turn.game)

    def _play_bots(self) -> None:
        """Let the bots play up to the student's next decision (or the count): all at once at pace 0 or
        without a running event loop, else one move every ``pace`` seconds on the kernel's loop."""
        self._generation += 1
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if not self._bot_to_move():
            return
        loop = _running_loop()
        if self.pace <= 0 or loop is None:
            while self._bot_to_move():
                self._bot_step()
            return
        self._handle = loop.call_later(self.pace, self._tick, self._generation)

    def _tick(self, generation: int) -> None:
        """A paced bot move, unless something newer (a new game, the student's move) came in between."""
        self._handle = None
        if generation != self._generation or not self._bot_to_move():
            return
        try:
            self._bot_step()
        except (MusError, ValueError) as error:  # a bot broke a rule: stop and say so, keep the kernel alive
            log.exception("bot move failed")
            self._refuse(RefusalError("ui.error.message", type=_short(str(error))))
            return
        self._sync()
        loop = _running_loop()
        if self._bot_to_move() and loop is not None:
            self._handle = loop.call_later(self.pace, self._tick, generation)

    # ------------------------------------------------------------------------------------------ syncing

    def _players(self) -> tuple[Player, Player, Player, Player]:
        s = self._setup
        out = []
        for seat in SEATS:
            bot = self._bots.get(seat)
            out.append(Player(s.names[seat], None if bot is None else bot.level, self._games_played,
                              self._team_wins[team_of(seat)]))
        return (out[0], out[1], out[2], out[3])

    def _sync(self) -> None:
        """Send the student's view of the game as it is now."""
        self._version += 1
        game = self._game
        stepping = self._stepping
        face_up = self._reveal if stepping is None else stepping.face_up
        table = TableView(
            players=self._players(),
            language=self.language,
            stage=self._stage,
            version=self._version,
            notes=self._notes_last,
            reveal=game.hands if face_up else None,
            coach=self._coaching(),
            steps=None if stepping is None else stepping.view(self.language),
        )
        self.state = view_state(game.observe(self.seat), table)

    def _coaching(self) -> Advice | None:
        """The coach's advice when it is on and the student is to decide (worked out once per state, from the
        student's observation only)."""
        game = self._game
        if not self.coach or self._stepping is not None or self._stage != "play" or game.to_move != self.seat:
            return None
        if self._advice is None or self._advice[0] is not game:
            self._advice = (game, advise(game.observe(self.seat), self._coach_bot))
        return self._advice[1]

    def _on_coach(self, _change: object) -> None:
        """The coach was switched on or off: show it (or not) at once; a new game syncs by itself."""
        if self._restarting:
            return
        with self.hold_sync():
            self.setup = self._setup_state()
            self._sync()

    def _refuse(self, refusal: RefusalError) -> None:
        self._error_seq += 1
        try:
            text = message(refusal.message_id, self.language, **refusal.values)
        except MusError:
            text = message("ui.error.message", self.language, type=refusal.message_id)
        self.error = {"seq": self._error_seq, "id": refusal.message_id, "text": text}

    def _clear_error(self) -> None:
        if self.error:
            self.error = {}

    # ------------------------------------------------------------------------------------------ texts

    def _text(self, message_id: str) -> str:
        return message(message_id, self.language)

    def _name(self, seat: int | None) -> str:
        return "—" if seat is None else self._setup.names[seat]

    def _said(self, action: Action) -> str:
        return action_text(action, self.language)

    def _legal_text(self) -> str:
        """The student's legal actions in words, a range of envidos as ``Envido 2–40``."""
        game = self._game
        if game.phase is Phase.DISCARD:
            return message("ui.bar.discard", self.language)
        betting = game.betting
        if betting is None:
            return ", ".join(action_text(a, self.language) for a in game.legal_actions())
        legal = betting.legal()
        words = [action_text(kind.value, self.language) for kind in legal.kinds if kind is not Kind.ORDAGO]
        if legal.confirm:
            words.append(action_text(f"envido {legal.confirm}", self.language))
        if legal.raise_from:
            low = action_text(f"envido {legal.raise_from}", self.language)
            words.append(f"{low}–{legal.raise_to}" if legal.raise_to > legal.raise_from else low)
        if Kind.ORDAGO in legal.kinds:
            words.append(action_text("ordago", self.language))
        return ", ".join(words)


# ---------------------------------------------------------------------------------------------- helpers


@dataclass(frozen=True, slots=True)
class _Stepping:
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

    def view(self, language: str) -> Steps:
        """What the stepping controls show, the title and note in ``language`` where the scenario has them."""
        scenario = self.scenario
        return Steps(self.index, len(scenario), scenario.title_in(language), scenario.note_at(self.index, language),
                     self.face_up, self.toggle)


def _scenario_option(scenario: Scenario | str | None, step: int) -> Scenario | None:
    if scenario is None:
        return None
    parsed = Scenario.parse(scenario) if isinstance(scenario, str) else scenario
    if not isinstance(parsed, Scenario):
        raise TypeError(f"scenario must be a Scenario or its text, not {scenario!r}")
    parsed.game_at(step)  # raises IndexError for a step the scenario does not have
    return parsed


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _short(value: object) -> str:
    """A value from the browser, made safe and short enough to quote in an error."""
    text = value if isinstance(value, str) else json.dumps(value, default=repr)[:60]
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 40 else text[:39] + "…"


def _is_pace(value: object) -> bool:
    return (
        isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 10
    )


def _check_pace(pace: object) -> None:
    if not _is_pace(pace):
        raise ValueError(f"pace is seconds between bot moves, from 0 to 10, not {pace!r}")


def _check_language(language: object) -> None:
    if not isinstance(language, str) or language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")


def _default_names(seat: int, language: str) -> tuple[str, str, str, str]:
    """You, your partner opposite, and the opponents on your right and left."""
    roles = ("you", "right", "partner", "left")
    names = [message(f"ui.default_name.{roles[(s - seat) % 4]}", language) for s in SEATS]
    return (names[0], names[1], names[2], names[3])


def _renamed(names: tuple[str, str, str, str], seat: int, old: str, new: str) -> tuple[str, str, str, str]:
    """The names after a switch of language: a default name becomes the new language's default."""
    was, now = _default_names(seat, old), _default_names(seat, new)
    out = [now[s] if names[s] == was[s] else names[s] for s in SEATS]
    return (out[0], out[1], out[2], out[3])


def _names_option(
    names: Sequence[str] | Mapping[int, str] | None, seat: int, language: str
) -> tuple[str, str, str, str]:
    out = list(_default_names(seat, language))
    if names is None:
        return (out[0], out[1], out[2], out[3])
    items = names.items() if isinstance(names, Mapping) else enumerate(names)
    if not isinstance(names, Mapping) and len(names) != 4:
        raise ValueError(f"names are four, one per seat, not {names!r}")
    for s, name in items:
        check_seat(s)
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise ValueError(f"a name is 1 to {MAX_NAME} characters, not {name!r}")
        out[s] = name.strip()
    return (out[0], out[1], out[2], out[3])


def _bots_option(
    bots: str | Sequence[str | Bot | None] | Mapping[int, str | Bot] | None, seat: int
) -> tuple[tuple[str | None, str | None, str | None, str | None], dict[int, Bot]]:
    """The bot level per seat and the bots given as objects."""
    chosen: dict[int, str | Bot] = {}
    if isinstance(bots, str):
        chosen = {s: bots for s in SEATS if s != seat}
    elif isinstance(bots, Mapping):
        chosen = dict(bots)
    elif bots is not None:
        if len(bots) != 4:
            raise ValueError(f"bots are four entries by seat (None at the student's), not {bots!r}")
        chosen = {s: b for s, b in enumerate(bots) if b is not None}
    levels: list[str | None] = []
    given: dict[int, Bot] = {}
    for s in SEATS:
        entry = chosen.pop(s, None)
        if s == seat:
            if entry is not None:
                raise ValueError(f"seat {s} is the student's: it has no bot")
            levels.append(None)
        elif entry is None:
            levels.append(DEFAULT_LEVEL)
        elif isinstance(entry, Bot):
            given[s] = entry
            levels.append(entry.level or DEFAULT_LEVEL)
        elif isinstance(entry, str) and entry in LEVELS:
            levels.append(entry)
        else:
            raise ValueError(f"{entry!r} is not a bot level; the levels are {', '.join(LEVELS)}")
    if chosen:
        raise ValueError(f"{sorted(chosen)!r} are not seats: seats are 0 to 3")
    return (levels[0], levels[1], levels[2], levels[3]), given


__all__ = ["DEFAULT_PACE", "MusTable", "RefusalError", "Setup"]
