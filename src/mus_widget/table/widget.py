"""``MusTable``: the Mus table as an anywidget, for a student who plays one seat against three bots.

The browser only ever holds the student seat's view (:mod:`mus_widget.table.view_state`) and the table's options.
It sends intents as custom messages; the table validates each with the engine, applies it, lets the bots
play up to the student's next decision and syncs the new view. A refused message changes nothing but the
``error`` trait, which the browser shows.

This module holds the widget itself: traits, construction, syncing and the public API; its parts live beside
it (see :mod:`mus_widget.table`).
"""

from __future__ import annotations

import logging
import pathlib
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, NoReturn, cast

import traitlets

from ..bots import LEVELS, Bot
from ..bots.guard import BotFault
from ..engine.cards import Hand
from ..engine.errors import MusError
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import SEATS
from ..i18n.catalogues import LANGUAGES, default_language, language_name, message
from ..i18n.text import message_values
from ..teaching.authoring import Draft, DraftError, played_hand
from ..teaching.grading import Graded
from ..teaching.pictures import Picture
from ..teaching.review import Review
from ..teaching.scenarios import Scenario
from .base import BaseWidget, Synced, SyncedList, synced_dict, synced_list
from .contract import (
    EditorView,
    ErrorView,
    HistoryLine,
    ReviewView,
    Room,
    RulesView,
    SeatView,
    Setup,
    TableSetup,
    TableState,
)
from .editing import Editing, EditIntents, editor_view
from .intents import Handler, Intents
from .options import DEFAULT_PACE, PACES, NewGame, Prefs, check_language, check_pace, renamed, setup_from
from .pacing import Pacer
from .play import Play
from .refusal import RefusalError, short
from .review_rows import review_view
from .reviewing import Clicks, TableReview
from .served import served_table
from .snapshot import lesson_snapshot, table_snapshot
from .stepping import Stepping, scenario_option
from .view_state import messages_for

log = logging.getLogger(__name__)

STATIC: Final = pathlib.Path(__file__).parent / "static"


class TableWidget(BaseWidget):
    """The table's front end and what every table shares, whoever holds its game: the synced traits, the
    intents from the browser (each refused with a catalogue text in :attr:`error`, changing nothing) and the
    static picture; showing that picture before the view, the ping and the fallback come with
    :class:`BaseWidget`. :class:`MusTable` plays its game here; :class:`~mus_widget.table.relayed.RelayedTable`
    shows a game held elsewhere (a classroom server)."""

    # Inline text, read once: anywidget keeps a widget whose _esm is a file path alive through its file watcher,
    # so a closed table would never be freed.
    _esm = (STATIC / "widget.js").read_text(encoding="utf-8")
    _css = (STATIC / "widget.css").read_text(encoding="utf-8")

    state: Synced[TableState] = synced_dict()
    """The student seat's view: :func:`mus_widget.table.view_state.view_state` (a
    :class:`~mus_widget.table.contract.TableState`)."""
    history: SyncedList[HistoryLine] = synced_list()
    """The log's lines of the game's earlier hands and their counts, synced apart from :attr:`state` (it changes
    once a hand, the state at every move)."""
    messages = traitlets.Dict().tag(sync=True)
    """The catalogue texts the browser needs, in the table's language."""
    setup: Synced[Setup] = synced_dict()
    """The options of the current game and the choices the new-game panel offers (never the seed): a
    :data:`~mus_widget.table.contract.Setup`."""
    tips = traitlets.Bool(True).tag(sync=True)
    coach = traitlets.Bool(False).tag(sync=True)
    """Show the coach on the student's turn: the expert's action, its reason and the chance at the lance."""
    language = traitlets.Unicode("en").tag(sync=True)
    pace = traitlets.Float(DEFAULT_PACE).tag(sync=True)
    error: Synced[ErrorView | dict[str, NoReturn]] = synced_dict()
    """The last refusal (a :class:`~mus_widget.table.contract.ErrorView`); empty once an intent is taken."""
    room: Synced[Room] = synced_dict()
    """A served table's room: its name, the chat and the connection (:mod:`mus_widget.table.relayed`, a
    :class:`~mus_widget.table.contract.Room`); empty at a table of one student and three bots."""
    decisions: Synced[ReviewView | dict[str, NoReturn]] = synced_dict()
    """The student's decisions graded so far by the expert and the chart (:mod:`mus_widget.table.reviewing`, a
    :class:`~mus_widget.table.contract.ReviewView`), synced as the grades come in; empty where nothing is
    reviewed (a served table)."""

    editor: Synced[EditorView | dict[str, NoReturn]] = synced_dict()
    """The scenario editor while the table is in it (:mod:`mus_widget.table.editing`, an
    :class:`~mus_widget.table.contract.EditorView`); empty while the table shows its game."""

    _error_seq = 0
    """How many refusals this table has shown: the ``seq`` of the next one."""

    def _send_view(self, view: SeatView) -> None:
        """Sync a view: the history (a trait only syncs when it changed: once a hand) and the state, together."""
        state = cast(TableState, {key: value for key, value in view.items() if key != "history"})
        with self.hold_sync():
            self.history = view["history"]
            self.state = state

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
                raise RefusalError("ui.error.message", type=short(kind))
            handler(content)
        except RefusalError as refusal:
            self._refuse(refusal)

    def picture(self) -> Picture:
        """The table as it is now, as a static picture of what the browser holds (:mod:`.snapshot`)."""
        return table_snapshot(self.state, self.language)

    def _handlers(self) -> dict[str, Handler]:
        """The handler of each intent this table takes, by its ``type``."""
        raise NotImplementedError

    def _prefs(self, content: dict[str, Any]) -> None:
        """Take the student's preferences: the tips, the coach and the language here, the rest where a table
        keeps them (:meth:`_prefs_taken`)."""
        prefs = Prefs.parse(content, self.language)
        with self.hold_sync():
            self._clear_error()
            if prefs.tips is not None:
                self.tips = prefs.tips
            if prefs.coach is not None:
                self.coach = prefs.coach
            was = self.language
            if prefs.language is not None and prefs.language != was:
                self.language = prefs.language
                self.messages = messages_for(prefs.language)
            self._prefs_taken(prefs, was)

    def _prefs_taken(self, prefs: Prefs, was: str) -> None:
        """What else the table does with ``prefs``, its language having been ``was``."""
        raise NotImplementedError

    def _python_intent(self, content: dict[str, Any], handler: Callable[[dict[str, Any]], None] | None = None) -> None:
        """An intent from Python: a refusal raises :class:`ValueError` with the catalogue's text."""
        try:
            (self._handlers()[content["type"]] if handler is None else handler)(content)
        except RefusalError as refusal:
            raise ValueError(message(refusal.message_id, self.language, **refusal.values)) from None

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


class MusTable(TableWidget):
    """A Mus table in a notebook: the student plays ``seat`` (0 South by default) against three bots.

    Options, all by keyword:

    - ``seat``: the student's seat, 0 South, 1 East, 2 North, 3 West (partners sit opposite).
    - ``names``: four names by seat, or a mapping seat → name; the rest get the catalogue's defaults.
    - ``bots``: a level (``"random"``, ``"novice"``, ``"expert"``) or a style (``"ordago"``, ``"passive"``,
      ``"bluffer"``, ``"caller"``) for every bot, or a mapping seat → level, style or bot object, or four
      entries by seat (None at the student's); default novice. A bot object is one of
      :mod:`mus_widget.bots` or your own: anything with a method ``decide(observation)`` that returns an action
      such as ``"paso"`` (``MusTable(bots={1: MyBot()})``). When your own bot raises, chooses an action that
      is not legal or takes more than 2 seconds, the widget says so, naming it, and a novice plays that turn.
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

    With ``server="ws://…"``, ``table="3B"`` and ``name="Ana"`` it is a seat at a table of the classroom server
    instead (a :class:`~mus_widget.classroom.notebook.ServedTable`, the same table UI with the chat beside the
    log): the server holds the game, the other seats are other students' notebooks or the teacher's bots.
    Only ``seat`` (the seat to ask for the first time), ``token``, ``code`` (the table's join code, if the
    teacher gave it one), ``language``, ``tips`` and ``coach`` go with it; the rules and the bots are the
    table's. Run the same cell again after a kernel restart: the seat file (docs/classroom.md) brings the
    student back to their seat.
    """

    _lesson_only: bool = False
    """A lesson's stepping table (:meth:`from_scenario`): the game's own controls hidden."""

    def __new__(cls, *args: Any, server: str | None = None, table: str | None = None, name: str | None = None,
                token: str | None = None, code: str | None = None, **options: Any) -> Any:
        """A table of three bots, or with ``server`` a seat at a classroom table (:mod:`.served`)."""
        if server is None:
            if table is not None or name is not None or token is not None or code is not None:
                raise TypeError("table=, name=, token= and code= are for a served table: give its server= too")
            return super().__new__(cls, *args, **options)
        if table is None:
            raise TypeError("a served table needs table= (its name on the server)")
        return served_table(server, table, name, token=token, code=code, **options)

    def __init__(
        self,
        *,
        server: str | None = None,
        table: str | None = None,
        name: str | None = None,
        token: str | None = None,
        code: str | None = None,
        seat: int = 0,
        names: Sequence[str] | Mapping[int, str] | None = None,
        bots: str | Sequence[object] | Mapping[int, object] | None = None,
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
        language = default_language() if language is None else language
        check_language(language)
        check_pace(pace)
        if not all(isinstance(flag, bool) for flag in (tips, reveal, coach, face_up, teacher)):
            raise TypeError("tips, reveal, coach, face_up and teacher are True or False")
        steps = scenario_option(scenario, step)
        setup, given = setup_from(seat=seat, names=names, bots=bots, rules=rules, seed=seed, language=language,
                                  deal=deal, mano=mano, scenario=None if steps is None else steps.game_at(0))
        super().__init__(tips=tips, language=language, pace=float(pace), coach=coach, **kwargs)
        self._reveal = reveal
        self._version = 0
        self._restarting = False
        self._play = Play(setup, given, None if steps is None else Stepping(steps, step, face_up, teacher),
                          on_fault=self._bot_fault)
        self._review = TableReview(secrets.token_hex(8), setup.seat, self._reviewed)
        self._play.graded = self._review.at
        self._pacer = Pacer(self._play, lambda: self.pace, self._sync, self._refuse)
        self._intents = Intents(self._play, self._show, lambda: self.language)
        self._edits = EditIntents(lambda: self._play.editing, self._edited,
                                  random.Random(f"editor:{self._play.game.seed}"), pathlib.Path.cwd)
        self._shown_new()
        self.observe(self._on_coach, names=["coach"])
        self._first_view_made()

    @classmethod
    def from_scenario(
        cls, scenario: Scenario | str, *, step: int = 0, face_up: bool = True, teacher: bool = True,
        game_controls: bool = False, **options: Any
    ) -> MusTable:
        """A table stepping through a scripted hand: ◀ and ▶ go through its actions, the step's note shows
        beside the table and the count, explained, at the end. ``scenario`` is a
        :class:`~mus_widget.teaching.scenarios.Scenario` or its text; ``face_up`` shows every hand (the teacher's
        choice: then the browser holds every hand), and ``teacher`` puts the face-up box on the table.
        "Play on from here" (or :meth:`play_on`) lets the student play on from the step shown, against the
        bots. Other options are those of :class:`MusTable` (``seat``, ``names``, ``bots``, ``tips``, ...); the
        players are named by their seats (South, East, North, West) unless ``names`` says otherwise, as the
        notes of a scenario speak of seats. The table shows the lesson only: no beginner's tips, no New game and
        no Review, unless ``game_controls=True`` (``tips=True`` alone brings back the tips)."""
        if not isinstance(game_controls, bool):
            raise TypeError("game_controls is True or False")
        if options.get("names") is None:
            language = options.get("language", "en")
            check_language(language)
            options["names"] = [message(f"seat.{s}", language) for s in SEATS]
        options.setdefault("tips", game_controls)
        table = cls(scenario=scenario, step=step, face_up=face_up, teacher=teacher, **options)
        table._lesson_only = not game_controls
        table.setup = table._setup_state()
        return table

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, **options: Any) -> MusTable:
        """A table stepping through any game from its record (``Game.record()``), as :meth:`from_scenario`; in
        time linear in the record's length (:meth:`Scenario.from_record`: 50,000 actions in about 4 s); a game's
        own controls stay (``game_controls=False`` hides them, as for a lesson)."""
        options.setdefault("game_controls", True)
        return cls.from_scenario(Scenario.from_record(record), **options)

    @classmethod
    def from_decision(cls, review: Review, decision: Graded | int, **options: Any) -> MusTable:
        """A new table at the moment of one graded ``decision`` of ``review`` (a :class:`Graded` or its row): the
        same cards, scores and history, the reviewed seat the student's and to move, the bots playing on from
        there. Options are those of :class:`MusTable` (the record's names unless ``names`` says otherwise)."""
        graded = review.rows[decision] if isinstance(decision, int) else decision
        options.setdefault("seat", review.seat)
        if review.names is not None:
            options.setdefault("names", list(review.names))
        table = cls.from_record(review.prefix(graded), step=graded.at, face_up=False, teacher=False, **options)
        table.play_on()
        return table

    # ------------------------------------------------------------------------------------------ public

    @property
    def game(self) -> Game:
        """The engine's state of the game at this table (Python only: never sent to the browser)."""
        return self._play.game

    @property
    def seat(self) -> int:
        """The student's seat."""
        return self._play.seat

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat."""
        return dict(self._play.bots)

    @property
    def names(self) -> tuple[str, str, str, str]:
        return self._play.setup.names

    @property
    def counting(self) -> bool:
        """Whether the count of the last hand is open, waiting for the student's Next hand."""
        return self._play.stage == "count"

    @property
    def scenario(self) -> Scenario | None:
        """The scenario being stepped through; None once the table plays (or if it never stepped)."""
        stepping = self._play.stepping
        return None if stepping is None else stepping.scenario

    @property
    def step(self) -> int | None:
        """The step shown of the scenario's line shown (0 is the deal, or where the branch leaves the main line);
        None when the table is not stepping."""
        stepping = self._play.stepping
        return None if stepping is None else stepping.index

    @property
    def branch(self) -> int | None:
        """The scenario's branch shown (its place among ``scenario.branches``); None on the main line."""
        stepping = self._play.stepping
        return None if stepping is None else stepping.branch

    def go_to(self, step: int) -> None:
        """Show step ``step`` of the line shown (what ◀ and ▶ do). Raises :class:`ValueError` if there is none."""
        self._python_intent({"type": "step", "to": step})

    def go_into(self, branch: int | None) -> None:
        """Show the first step of the scenario's branch ``branch`` ("What if …?"), or with None the main line
        again, at the step the branch answers. Raises :class:`ValueError` if there is no such branch."""
        self._python_intent({"type": "step_branch", "branch": branch})

    def play_on(self) -> None:
        """Stop stepping: the student plays on from the step shown, against the bots."""
        self._python_intent({"type": "play_on"})

    def picture(self) -> Picture:
        """The table as it is now, as a static picture (:mod:`.snapshot`); a lesson being dealt, as its title and
        the cards dealt so far (the game waiting behind the editor is not what the page shows)."""
        editing = self._play.editing
        if editing is not None and editing.shown() is None:
            draft = editing.draft
            hands = [[str(card) for card in slots if card is not None] for slots in draft.cards]
            return lesson_snapshot(draft.title, hands, self.language)
        return super().picture()

    @property
    def lesson(self) -> Draft | None:
        """The lesson being made in the scenario editor (a :class:`~mus_widget.teaching.authoring.Draft`: its
        ``text`` is the scenario); None while the table shows its game."""
        editing = self._play.editing
        return None if editing is None else editing.draft

    def make_lesson(self, hand: int | None = None, game: int | None = None) -> None:
        """Open the scenario editor on hand ``hand`` of game ``game`` (by default the last hand over), as the
        count's "Make a lesson of this hand" does; the game waits. Raises :class:`ValueError` for a hand the
        game does not have."""
        self._python_intent({"type": "lesson", "hand": hand, "game": game})

    def close_lesson(self) -> None:
        """Back to the game from the scenario editor opened by :meth:`make_lesson`."""
        self._python_intent({"type": "lesson_close"})

    def review(self) -> Review:
        """The student's decisions in this game so far, each graded by the expert from what the student could
        see then (:func:`mus_widget.review`): those the table graded in the background, the rest now."""
        return self._review.now(self.names, self.language)

    def new_game(self, **options: Any) -> None:
        """Start a new game at this table with the options of the new-game panel (the current ones where
        not given): ``seat``, ``names``, ``bots``, ``rules`` (a dict of :class:`Rules` options), ``seed``,
        ``tips``, ``coach``, ``language``, ``pace``. Raises :class:`ValueError` for an option the table refuses."""
        self._python_intent(options, self._new_game)

    def close(self) -> None:
        """Close the table: its views go, and no bot moves any more, not even one already scheduled."""
        pacer = getattr(self, "_pacer", None)  # None when __init__ refused its options before making one
        if pacer is not None:
            pacer.stop()
            self._review.close()
        super().close()

    def __repr__(self) -> str:
        return f"<MusTable seat={self.seat} {self.game!r}>"

    # ------------------------------------------------------------------------------------------ intents

    def receive(self, content: object) -> None:
        """Handle one intent from the front end (:meth:`TableWidget.receive`); the review's worker waits for
        the quiet after it before its next grade."""
        Clicks.now()
        try:
            super().receive(content)
        finally:
            Clicks.now()

    def _handlers(self) -> dict[str, Handler]:
        if self._play.editing is not None:
            editing: dict[str, Handler] = {"edit": self._edits.edit, "lesson_close": self._lesson_close,
                                           "prefs": self._prefs}
            return {kind: editing.get(kind, self._not_now) for kind in (*self._intents.handlers(), "new_game",
                                                                         "lesson", *editing)}
        return {**self._intents.handlers(), "new_game": self._new_game, "prefs": self._prefs,
                "lesson": self._lesson}

    def _not_now(self, _content: dict[str, Any]) -> None:
        raise RefusalError("ui.error.editing")

    def _lesson(self, content: dict[str, Any]) -> None:
        """Open the scenario editor on a hand of the game (the last one over by default), the game waiting."""
        play = self._play
        if play.stepping is not None:
            raise RefusalError("ui.error.stepping")
        hand, game = content.get("hand"), content.get("game")
        for value in (hand, game):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise RefusalError("ui.error.lesson", hand=short(value))
        try:
            span = played_hand(play.game, hand, game)
            draft = Draft.from_game(play.game, hand, game)
        except DraftError:
            raise RefusalError("ui.error.lesson", hand=short(hand)) from None
        play.replay = None
        play.editing = Editing.of_hand(draft, span, back=True)
        self._show(False)

    def _lesson_close(self, _content: dict[str, Any]) -> None:
        """Back to the game from the editor: it plays on from where it waited."""
        play = self._play
        if play.editing is None or not play.editing.back:
            raise RefusalError("ui.error.editing")
        play.editing = None
        self._show(True)

    def _edited(self, editing: Editing | None) -> None:
        self._play.editing = editing
        self._show(False)

    def _new_game(self, content: dict[str, Any]) -> None:
        """Check every option before touching anything; then start the new game."""
        current = NewGame(self._play.setup, self.tips, self.coach, self.language, self.pace)
        chosen = NewGame.parse(content, current)
        with self.hold_sync():
            self.tips = chosen.tips
            self._restarting = True
            try:
                self.coach = chosen.coach
            finally:
                self._restarting = False
            self.pace = chosen.pace
            self.language = chosen.language
            self._play.start(chosen.setup)
            self._shown_new()

    def _prefs_taken(self, prefs: Prefs, was: str) -> None:
        """The bot speed, and on a change of language (from ``was``) the default names and the options."""
        if prefs.pace is not None:
            self.pace = prefs.pace
        if self.language != was:
            play = self._play
            play.setup = replace(play.setup, names=renamed(play.setup.names, play.seat, was, self.language))
            self.setup = self._setup_state()
            self._sync()
            if self._review.done:
                self._reviewed()

    # ------------------------------------------------------------------------------------------ syncing

    def _shown_new(self) -> None:
        """Show a game just started: its texts and options, no error; the bots play to the student's turn."""
        with self.hold_sync():
            self.messages = messages_for(self.language)
            self.setup = self._setup_state()
            self._clear_error()
            self._pacer.play()
            self._sync()

    def _show(self, bots: bool) -> None:
        """Show an intent taken: no error; the bots play on if ``bots``."""
        with self.hold_sync():
            self._clear_error()
            if bots:
                self._pacer.play()
            self._sync()

    def _setup_state(self) -> TableSetup:
        s = self._play.setup
        bots = self._play.bots
        return {
            "seat": s.seat,
            "names": list(s.names),
            "bots": [None if b is None else b.level for b in (bots.get(i) for i in SEATS)],
            "rules": cast(RulesView, s.rules.to_dict()),  # its keys: tests/test_contract.py
            "levels": list(LEVELS),
            "languages": [[code, language_name(code)] for code in LANGUAGES],
            "paces": [[name, value] for name, value in PACES],
            "targets": sorted({30, 35, 40, s.rules.target}),
            "coach": self.coach,
            "lesson": self._lesson_only,
        }

    def _sync(self) -> None:
        """Send the student's view of the game as it is now; what is new of the game goes to the review."""
        self._version += 1
        editing = self._play.editing
        self.editor = {} if editing is None else editor_view(editing, self.names)
        self._send_view(self._play.view(self.language, self._version, reveal=self._reveal, coach=self.coach))
        if self._play.stepping is None:
            self._review.follow(self._play.game, self._play.decided)

    def _reviewed(self) -> None:
        """More of the student's decisions were graded (in the background): show them."""
        review = self._review
        self.decisions = review_view(review.so_far(self.names, self.language), review.total, review.complete,
                                     self.language)

    def _on_coach(self, _change: object) -> None:
        """The coach was switched on or off: show it (or not) at once; a new game syncs by itself."""
        if self._restarting:
            return
        with self.hold_sync():
            self.setup = self._setup_state()
            self._sync()

    def _bot_fault(self, fault: BotFault) -> None:
        """A bot of the student's own got a turn wrong: say so in the widget, naming it (the game goes on)."""
        log.warning("%s", fault)
        name = self._play.setup.names[fault.seat]
        values = message_values({"action": fault.played} if fault.played else {}, self.language)
        detail = fault.detail if len(fault.detail) <= 160 else fault.detail[:159] + "…"
        self._refuse(RefusalError(f"ui.error.bot.{fault.kind}", bot=short(fault.bot), name=name, detail=detail,
                                  said=fault.said, **values))


__all__ = ["STATIC", "MusTable", "TableWidget"]
