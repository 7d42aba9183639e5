"""The contract between Python and the browser: every synced dict the front end reads, as a ``TypedDict``.

The views (``js/``) read the synced traits of a table (``state``, ``setup``, ``room``, ``error``; ``messages`` is
the catalogue, ``dict[str, str]``) and the quiz's ``state``. Their shapes are written down here, once, and
``js/contract.js`` declares the same keys as JSDoc ``@typedef``\\ s, which TypeScript's ``checkJs`` holds every read of
the views to (``npm run typecheck``). mypy holds the builders to these types (:func:`~.view_state.view_state`,
the setup and room of a table, the refusal, the quiz); ``tests/test_contract.py`` plays real tables and checks
that each dict sent has exactly the keys declared here, and that the two halves declare the same keys.

A key is ``NotRequired`` only where it really may be absent (an action's ``amount`` is an envido's alone); a key
that is always sent but may be null is ``X | None``. A union (:data:`Turn`, :data:`Setup`) is one shape per kind;
``js/contract.js`` declares it as one typedef whose keys not in every shape are optional.

This module deliberately has no ``from __future__ import annotations``: a ``TypedDict`` reads its annotations at
class creation to tell its required keys from the others. At run time a ``TypedDict`` is a plain dict: nothing
here costs anything.
"""

import sys
from typing import Literal, TypeAlias

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:  # Python 3.10's TypedDict knows no NotRequired (anywidget brings typing_extensions)
    from typing_extensions import NotRequired, TypedDict

# ---------------------------------------------------------------------------------------------- the table's state


class ActionView(TypedDict):
    """An action as :meth:`~mus_widget.engine.actions.Action.to_dict` gives it to the buttons: its kind's word,
    its canonical text (what a button sends back), an envido's amount, a discard's cards."""

    kind: str
    text: str
    amount: NotRequired[int]
    cards: NotRequired[list[str]]


class Bubble(TypedDict):
    """A seat's speech bubble: its last word in the current round, its place in the log, and whether it is a
    proposal awaiting the partner (a question)."""

    text: str
    at: int
    ask: bool


class PlayerView(TypedDict):
    """One seat as the student's view shows it."""

    name: str
    level: str | None
    """The bot's level; None for a person (the student, or a human at a served table)."""
    record: list[int]
    """Games finished at this table, and of those the games this player's team won."""
    presence: str | None
    """At a served table, a person's ``here``, ``gone``, ``away`` or ``open``; else None."""
    cards: list[str] | None
    """The cards, where the student may see them (their own, shown at the count, or face up); else None."""
    bubble: Bubble | None
    sena: str | None
    """The seat's last seña this hand."""
    pares: bool | None
    """Whether the seat said it has pares (None: not said yet)."""
    juego: bool | None
    why: list[str]
    """A bot's reasons for its calls in the last hand, once its hand was shown (never the student's own)."""


class MusTurn(TypedDict):
    """The student's turn at the mus question."""

    kind: Literal["mus"]
    actions: list[str]
    round: int
    choices: list[ActionView]


class DiscardTurn(TypedDict):
    """The student's turn to discard (the cards are picked on the table)."""

    kind: Literal["discard"]
    actions: list[str]


BetTurn = TypedDict("BetTurn", {  # functional: "raise" is a keyword
    "kind": Literal["bet"],
    "lance": str,
    "stake": int,
    "ordago_on": bool,
    "actions": list[str],
    "confirm": int | None,
    "raise": list[int] | None,
    "ordago": bool,
    "proposal": str | None,
    "proposer": int | None,
    "choices": list[ActionView],
    "proposed": ActionView | None,
})
"""The student's turn in a lance: the calls, an envido to confirm (``confirm``), the slider's range (``raise``, low
and high), órdago, and the partner's proposal when the student answers for the team (``proposal`` as text,
``proposed`` as an action, ``proposer`` the partner's seat)."""


Turn: TypeAlias = MusTurn | DiscardTurn | BetTurn
"""What the student may do now, one shape per ``kind``."""


class BetView(TypedDict):
    """The lance being bet, as the middle of the felt shows it."""

    lance: str
    stake: int
    ordago: bool
    bettor_team: int | None
    eligible: list[int]


class CountRow(TypedDict):
    """One lance of the count: its stake, bonus, winner and points, and why."""

    explain: str | None
    lance: str
    outcome: str
    stake: int
    bonus: int
    team: int | None
    winner: str | None
    """The winning team by its players' names; None where nobody took the lance."""
    points: int
    counted: bool
    why: str
    marks: list[list[str]]
    """Per seat, the cards that decide this row (four lists of cards)."""


class HistoryLine(TypedDict):
    """A line of the game's earlier hands: a hand's heading, an event of it, or a line of its count."""

    kind: Literal["hand", "event", "count"]
    text: str
    hand: int
    """The number of the hand the line belongs to (a finished hand's heading reopens it)."""


class Count(TypedDict):
    """The last hand's count, open until the student presses Next hand."""

    rows: list[CountRow]
    notes: list[str]
    scores: list[int]
    shown: bool
    over: str | None
    lines: list[HistoryLine]
    """The count's lines for the log, one per row, after the hand's events."""


class Winner(TypedDict):
    team: int
    text: str


class Coach(TypedDict):
    """The coach's box on the student's turn: the expert's action, in words, its reason, and the chance."""

    action: str
    said: str
    why: str
    chance: str | None


class StepHand(TypedDict):
    """A hand of a scenario to jump to: its first step and its name ("Hand 3 · mano Iker")."""

    step: int
    text: str


class StepBranch(TypedDict):
    """A branch of a scenario: its place among the scenario's branches and its name ("What if North played
    Quiero?")."""

    number: int
    text: str


class Steps(TypedDict):
    """Stepping through a scenario: the step shown (0 is the deal, or where the branch shown leaves the main
    line) of ``count``, its title and the step's own note, whether the hands are face up and the teacher may turn
    them, whether the game is over, its hands, the branches that answer the step shown and the branch shown."""

    index: int
    count: int
    title: str
    note: str
    face_up: bool
    toggle: bool
    over: bool
    hands: list[StepHand]
    branches: list[StepBranch]
    branch: StepBranch | None


class ReviewRowView(TypedDict):
    """A decision of the student's, graded by the expert from what the student could see then: the actions before
    it (``at``), where it was, the call and the expert's, the chance of the game it cost (percentage points), the
    grade and the sentence why; hindsight (every card known) apart."""

    row: int
    at: int
    game: int
    hand: int
    moment: str
    action: str
    best: str
    cost: float
    grade: Literal["good", "inaccuracy", "mistake", "blunder"]
    grade_text: str
    why: str
    hindsight: str | None


class ReviewView(TypedDict):
    """The ``review`` trait: the student's decisions graded so far (``done`` of ``total``) and the chart (SVG drawn
    in Python, its decisions marked ``data-decision``)."""

    done: int
    total: int
    complete: bool
    rows: list[ReviewRowView]
    chart: str


class Replay(TypedDict):
    """A finished hand reopened face up while the live game waits: its number, the step shown (0 is its deal)
    of ``count`` (the last shows its count), and the student's decision there if one was graded."""

    hand: int
    index: int
    count: int
    decision: ReviewRowView | None


class TableState(TypedDict):
    """The ``state`` trait of a table: the student seat's view (:func:`~mus_widget.table.view_state.view_state`)."""

    v: int
    """The version: one more at every sync."""
    seat: int
    partner: int
    watch: bool
    """A teacher following a served table face up: nobody's turn is offered."""
    stage: Literal["play", "count", "over"]
    phase: str
    game: int
    hand: int
    games: int
    games_won: list[int]
    target: int
    scores: list[int]
    mano: int
    to_move: int | None
    teams: list[str]
    players: list[PlayerView]
    bet: BetView | None
    last: str | None
    turn: Turn | None
    true_senas: list[str]
    log: list[str]
    count: Count | None
    winner: Winner | None
    moment: str
    tips: list[str]
    coach: Coach | None
    steps: Steps | None
    replay: Replay | None


class SeatView(TableState):
    """The student seat's view as :func:`~mus_widget.table.view_state.view_state` makes it: the ``state`` trait,
    and the ``history`` trait synced apart from it (it changes once a hand, the state at every move)."""

    history: list[HistoryLine]
    """The game's earlier hands and their counts."""


# ---------------------------------------------------------------------------------------------- the other traits


class RulesView(TypedDict):
    """:meth:`~mus_widget.engine.rules.Rules.to_dict`: the rule options of the game."""

    target: int
    kings: int
    real_31: bool
    team_consent: bool
    negadas_at_count: bool
    mus_corrido_first_hand: bool
    games: int


class TableSetup(TypedDict):
    """The ``setup`` of a table of bots: the current game's options and the choices of the new-game panel."""

    seat: int
    names: list[str]
    bots: list[str | None]
    rules: RulesView
    levels: list[str]
    languages: list[list[str]]
    """``[code, name]`` of each language."""
    paces: list[list[str | float]]
    """``[name, seconds]`` of each bot speed."""
    targets: list[int]
    coach: bool
    lesson: bool
    """A lesson's stepping table (``MusTable.from_scenario``): no New game, no Review, no tips button."""


class ServedSetup(TypedDict):
    """The ``setup`` of a relayed table (a seat at a served table, or a teacher's face-up watch of one)."""

    served: bool
    watching: bool
    seat: int
    table: str
    here_every: float
    """Seconds between a view's signs of life to the kernel (a student's seat: is a page showing it?); 0 for none."""


Setup: TypeAlias = TableSetup | ServedSetup


class ChatLine(TypedDict):
    """A line of a served table's room: a chat line as typed (a player's, or the teacher's to the table), or a
    table event in the table's language."""

    kind: Literal["chat", "event", "teacher"]
    seat: int | None
    name: str
    text: str
    mine: bool


class Room(TypedDict):
    """The ``room`` of a served table (empty at a table of bots)."""

    table: str
    chat: list[ChatLine]
    max_chat: int
    """The longest line this view may write; 0: it may not chat."""
    heard: int
    """Chat lines heard in all (the browser marks a folded chat with those heard since it was open)."""
    link: Literal["open", "lost", "freed"]
    """``open``; ``lost``: the connection dropped, reconnecting; ``freed``: the teacher freed the seat (no
    reconnecting)."""


class ErrorView(TypedDict):
    """The ``error`` trait: the last refusal (empty once an intent is taken)."""

    seq: int
    id: str
    text: str


class EditorStep(TypedDict):
    """A step of a line of the scenario editor: the seat that played its action and the action (None at the deal,
    step 0), its note, and on the main line the branches that replace its action."""

    step: int
    number: str
    """The step's number as shown: ``"4"`` on the main line, ``"3·1"`` for a branch's first step (the main line's
    step it leaves, then its own)."""
    seat: int | None
    action: ActionView | None
    agrees: bool
    """Whether the action was the partner's agreement with a proposal ("Agree", as the live table words it)."""
    note: str
    branches: list["EditorBranch"]
    """Empty on a branch's steps: a branch has no branches of its own."""


class EditorBranch(TypedDict):
    """A branch of the scenario editor's main line: its index in the draft and its steps (from 1)."""

    index: int
    steps: list[EditorStep]


class EditorView(TypedDict):
    """The ``editor`` trait: the scenario editor (:mod:`mus_widget.table.editing`) while the table is in it."""

    stage: Literal["deal", "play"]
    title: str
    mano: int
    scores: list[int]
    rules: RulesView
    deal: list[list[str | None]]
    """Four slots per seat, by seat: a card, or None where none is dealt yet."""
    dealt: int
    names: list[str]
    steps: list[EditorStep]
    line: int | None
    """The line selected: None for the main line, else a branch's index."""
    step: int
    what_if: bool
    """A branch is being chosen at the selected step: its action replaces the main line's ``excluded``."""
    excluded: str | None
    mover: int | None
    turn: Turn | None
    """The choices of the seat to move, at the end of the line selected (or of a branch being chosen)."""
    hand: list[str]
    """The cards of the seat to move (a discard is picked from them)."""
    over: bool
    note: str
    text: str
    """The scenario text ("" while cards are still to deal)."""
    back: bool
    """A live game waits behind the editor ("Back to the game")."""
    file: str
    saved: str
    skipped: int
    """Actions (mus rounds, discards) of a hand taken from a game that the lesson leaves out."""


# ---------------------------------------------------------------------------------------------- the quiz


class QuizVerdict(TypedDict):
    right: bool
    text: str
    why: str


class QuizRecord(TypedDict):
    """What the classroom server made of the latest answer: whether it holds an answer of the student's to the
    question (this one or her first), and the line that says so."""

    recorded: bool
    text: str


class QuizState(TypedDict):
    """The ``state`` trait of a :class:`~mus_widget.table.quiz.Quiz`."""

    language: str
    kind: str
    seed: int
    picture: str
    """Trusted markup, drawn by Python."""
    question: str
    answers: list[list[str]]
    """``[key, label]`` of each answer."""
    chosen: str | None
    right: str | None
    """The right answer's key, once the student has answered."""
    verdict: QuizVerdict | None
    record: QuizRecord | None
    """Once the classroom server said what it made of the answer; None before, and for a quiz that reports to
    no server."""
    another: str
    lost: str
    snapshot: str


class ClassroomStudent(TypedDict):
    """A seated student in a table of the teacher's list, with the labels of their buttons."""

    seat: int
    name: str
    free: str
    confirm: str
    """The question *Free the seat* asks before it frees it."""
    review: str


class ClassroomTable(TypedDict):
    """A table of the teacher's list (:class:`~mus_widget.classroom.teacher.Classroom`)."""

    table: str
    summary: str
    """Trusted markup, drawn by Python (every text escaped there)."""
    idle: bool
    trouble: bool
    """Whether the table needs the teacher (idle, waiting on an empty seat, paused...): listed first."""
    over: bool
    open_seat: int | None
    """The empty seat the table waits on, or None."""
    seat_bot: str
    """The label of the button that gives that seat a bot ("" when there is none)."""
    followable: bool
    writable: bool
    students: list[ClassroomStudent]
    tell: str
    """The placeholder of the box that writes to the table."""


class ClassroomArchived(TypedDict):
    """An archived table of the teacher's list: its line and its students' review buttons."""

    table: str
    summary: str
    """Trusted markup, drawn by Python (every text escaped there)."""
    students: list[ClassroomStudent]


class ClassroomState(TypedDict):
    """The ``state`` trait of the teacher's list."""

    language: str
    title: str
    lost: str
    """Says the connection to the server dropped ("" while it holds)."""
    none: str
    """Says there are no tables yet ("" when there are)."""
    tables: list[ClassroomTable]
    archived: list[ClassroomArchived]
    expected: str
    """Says who of the expected students has not joined yet ("" when nobody, or none expected)."""
    refused: str
    """The server's latest refusal of a request of the list ("" for none)."""
    levels: list[list[str]]
    """``[level, label]`` of each choice for a seat of a new table (``""``: a student)."""
    seat_names: list[str]
    following: str | None
    texts: dict[str, str]
    max_chat: int


class ClassChat(TypedDict):
    """The ``chat`` trait of the teacher's list: the class's chat, drawn."""

    html: str
    """Trusted markup, drawn by Python (every text escaped there)."""
    lines: int


class ClassroomReview(TypedDict):
    """The ``review_view`` trait of the teacher's list: a student's review opened in the room, or the class's
    results (``table`` "" and ``seat`` -1)."""

    table: str
    seat: int
    title: str
    progress: str
    """How far the grading is ("" once complete)."""
    html: str
    """The review drawn (trusted markup, drawn by Python), "" until it is complete."""
    close: str
    """The text of its Close button."""


__all__ = [
    "ActionView", "BetTurn", "BetView", "Bubble", "ChatLine", "ClassChat", "ClassroomArchived", "ClassroomReview",
    "ClassroomState", "ClassroomStudent", "ClassroomTable", "Coach", "Count", "CountRow", "DiscardTurn", "EditorBranch",
    "EditorStep", "EditorView", "ErrorView",
    "HistoryLine", "MusTurn", "PlayerView", "QuizRecord", "QuizState", "QuizVerdict", "Replay", "ReviewRowView",
    "ReviewView",
    "Room", "RulesView", "ServedSetup", "Setup", "StepBranch", "StepHand", "Steps", "TableSetup", "TableState", "Turn",
    "Winner",
]
