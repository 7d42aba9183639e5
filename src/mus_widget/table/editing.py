"""The scenario editor, an editing mode of the table: a :class:`~mus_widget.teaching.authoring.Draft` made by
clicking. Two stages: the deal (cards from a picture of the deck into the seats' slots, the title, mano, scores
and rules) and the play (any legal action of the seat to move, every hand face up, a note on any step, "what
if…" branches). The browser sends ``{"type": "edit", "op": ...}`` messages; each is checked by the draft and
refused whole (:class:`RefusalError`) before anything changes."""

from __future__ import annotations

import pathlib
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, cast

from ..engine.actions import Action
from ..engine.errors import MusError
from ..engine.game import Game
from ..engine.rules import Rules
from ..teaching.authoring import Draft, DraftError, PlayedHand
from ..teaching.scenario_text import agrees
from .contract import ActionView, EditorBranch, EditorStep, EditorView, RulesView, SeatView
from .refusal import RefusalError, short
from .view_state import Player, TableView, seat_turn, view_state

EditStage = Literal["deal", "play"]
MAX_FILE: Final = 80
_FILE: Final = re.compile(r"[\w][\w .-]*")


@dataclass(frozen=True, slots=True)
class Editing:
    """The editor's session: the draft, the stage shown, the line being played (None: the main line; else a
    branch's index) and its step selected, whether a new branch is being chosen at that step ("what if…"),
    whether a live game waits behind it (``back``), the file name to save to and what was saved last."""

    draft: Draft
    stage: EditStage = "deal"
    line: int | None = None
    step: int = 0
    what_if: bool = False
    back: bool = False
    file: str = "lesson.txt"
    saved: str = ""
    skipped: int = 0
    """How many actions (mus rounds and discards) of a hand taken from a game were left out."""

    @classmethod
    def of_hand(cls, draft: Draft, hand: PlayedHand, back: bool) -> Editing:
        """A hand of a game, at the play stage on its last step."""
        return cls(draft, "play" if draft.complete else "deal", None, len(draft.actions), back=back,
                   skipped=hand.skipped)

    def shown(self) -> Game | None:
        """The state at the selected step (before the replaced action while choosing a branch); None while the
        deal is incomplete."""
        if not self.draft.complete:
            return None
        if self.what_if:
            return self.draft.game_at(self.step - 1)
        return self.draft.game_at(self.step, self.line)


class EditIntents:
    """The editor's messages, applied to ``get()``'s session and set with ``put``; ``rng`` deals the random
    cards; ``folder`` is where a file is saved (the notebook's)."""

    def __init__(self, get: Callable[[], Editing | None], put: Callable[[Editing | None], None],
                 rng: random.Random, folder: Callable[[], pathlib.Path]) -> None:
        self._get = get
        self._put = put
        self._rng = rng
        self._folder = folder

    def edit(self, content: dict[str, Any]) -> None:
        """One ``{"type": "edit", "op": ...}`` message: checked whole, then applied."""
        editing = self._get()
        if editing is None:
            raise RefusalError("ui.error.not_editing")
        op = content.get("op")
        handler = _OPS.get(op) if isinstance(op, str) else None
        if handler is None:
            raise RefusalError("ui.error.message", type=short(op))
        try:
            changed = handler(self, editing, content)
        except DraftError as error:
            raise RefusalError("ui.error.editor", reason=str(error)) from None
        except MusError as error:
            raise RefusalError("ui.error.editor", reason=str(error)) from None
        self._put(changed)

    # ------------------------------------------------------------------------------------------ the deal

    def _title(self, e: Editing, c: dict[str, Any]) -> Editing:
        return replace(e, draft=e.draft.titled(_text(c.get("title"))))

    def _card(self, e: Editing, c: dict[str, Any]) -> Editing:
        return replace(e, draft=e.draft.dealt(_int(c.get("seat")), _int(c.get("slot")), _text(c.get("card"))))

    def _clear(self, e: Editing, c: dict[str, Any]) -> Editing:
        return replace(e, draft=e.draft.undealt(_int(c.get("seat")), _int(c.get("slot"))))

    def _random(self, e: Editing, _c: dict[str, Any]) -> Editing:
        return replace(e, draft=e.draft.filled(self._rng))

    def _options(self, e: Editing, c: dict[str, Any]) -> Editing:
        draft = e.draft
        if "mano" in c:
            draft = draft.with_mano(_int(c["mano"]))
        if "scores" in c:
            scores = c["scores"]
            if not isinstance(scores, list) or len(scores) != 2:
                raise DraftError(f"the scores are two numbers, not {short(scores)}")
            draft = draft.with_scores((_int(scores[0]), _int(scores[1])))
        if "rules" in c:
            options = c["rules"]
            if not isinstance(options, dict) or not set(options) <= set(Rules().to_dict()):
                raise DraftError(f"rule options are those of Rules, not {short(options)}")
            draft = draft.with_rules(Rules.from_dict({**draft.rules.to_dict(), **options}))
        return replace(e, draft=draft)

    def _stage(self, e: Editing, c: dict[str, Any]) -> Editing:
        stage = c.get("stage")
        if stage not in ("deal", "play"):
            raise DraftError(f"the stages are deal and play, not {short(stage)}")
        if stage == "play" and not e.draft.complete:
            raise DraftError(f"{16 - e.draft.dealt_count} card(s) are still to deal before the play")
        return replace(e, stage=cast(EditStage, stage), what_if=False)

    # ------------------------------------------------------------------------------------------ the play

    def _act(self, e: Editing, c: dict[str, Any]) -> Editing:
        action = _text(c.get("action"))
        draft = e.draft
        shown = e.shown()
        if shown is not None:
            _check_amount(shown, action)
        if e.what_if:
            draft = draft.branched(e.step - 1, action)
            line = draft.branch_index(e.step - 1, action)
            return replace(e, draft=draft, line=line, step=1, what_if=False)
        if e.step != len(draft.games(e.line)) - 1:
            raise DraftError(f"step {e.step} is not the last of its line: go to its last step to play on")
        draft = draft.played(action, e.line)
        return replace(e, draft=draft, step=e.step + 1)

    def _undo(self, e: Editing, _c: dict[str, Any]) -> Editing:
        draft = e.draft.undone(e.line)
        if e.line is not None and len(draft.branches) < len(e.draft.branches):
            return replace(e, draft=draft, line=None, step=e.draft.branches[e.line].at + 1, what_if=False)
        last = len(draft.games(e.line)) - 1
        return replace(e, draft=draft, step=min(e.step, last), what_if=False)

    def _select(self, e: Editing, c: dict[str, Any]) -> Editing:
        line = c.get("branch")
        line = None if line is None else _int(line)
        step = _int(c.get("step"))
        e.draft.game_at(step, line)
        if line is not None and step == 0:  # a branch's step 0 is the main line's step it leaves
            return replace(e, line=None, step=e.draft.branches[line].at, what_if=False)
        return replace(e, line=line, step=step, what_if=False)

    def _note(self, e: Editing, c: dict[str, Any]) -> Editing:
        line = c.get("branch")
        line = None if line is None else _int(line)
        return replace(e, draft=e.draft.noted(_int(c.get("step")), _text(c.get("text"), 1000), line))

    def _what_if(self, e: Editing, c: dict[str, Any]) -> Editing:
        on = c.get("on")
        if not isinstance(on, bool):
            raise DraftError(f"'what if' is on or off, not {short(on)}")
        if on and (e.line is not None or e.step < 1):
            raise DraftError("a branch leaves the main line at one of its actions: select a step of it first")
        return replace(e, what_if=on)

    def _drop_branch(self, e: Editing, c: dict[str, Any]) -> Editing:
        branch = _int(c.get("branch"))
        draft = e.draft.without_branch(branch)
        if e.line is None:
            return replace(e, draft=draft)
        at = e.draft.branches[e.line].at
        line = None if e.line == branch else e.line - (e.line > branch)
        return replace(e, draft=draft, line=line, step=at + 1 if line is None else e.step)

    def _save(self, e: Editing, c: dict[str, Any]) -> Editing:
        name = _text(c.get("file"), MAX_FILE).strip()
        overwrite = c.get("overwrite", False)
        if not isinstance(overwrite, bool):
            raise DraftError(f"overwrite is true or false, not {short(overwrite)}")
        if not _FILE.fullmatch(name) or name in (".", ".."):
            raise RefusalError("ui.error.editor.file", file=short(name))
        path = self._folder() / name
        if path.exists() and not overwrite:
            raise RefusalError("ui.error.editor.exists", file=short(name))
        path.write_text(e.draft.text, encoding="utf-8")
        return replace(e, file=name, saved=name)


_OPS: Final[dict[str, Callable[[EditIntents, Editing, dict[str, Any]], Editing]]] = {
    "title": EditIntents._title,
    "card": EditIntents._card,
    "clear": EditIntents._clear,
    "random": EditIntents._random,
    "options": EditIntents._options,
    "stage": EditIntents._stage,
    "act": EditIntents._act,
    "undo": EditIntents._undo,
    "select": EditIntents._select,
    "note": EditIntents._note,
    "what_if": EditIntents._what_if,
    "drop_branch": EditIntents._drop_branch,
    "save": EditIntents._save,
}


def _check_amount(game: Game, action: str) -> None:
    """An envido whose amount is not one the seat to move may bet or confirm is refused in words, with the range
    allowed (the box of the amount holds whatever was typed: ``envido 45``, ``envido `` or ``envido -1``)."""
    words = action.split()
    betting = game.betting
    if not words or words[0].lower() != "envido" or betting is None:
        return
    legal = betting.legal()
    if not legal.raise_from:
        return
    amount = words[1] if len(words) == 2 else " ".join(words[1:])
    if amount.isdigit() and (legal.raise_from <= int(amount) <= legal.raise_to or int(amount) == legal.confirm):
        return
    raise RefusalError("ui.error.editor.amount", amount=short(amount), low=legal.raise_from, high=legal.raise_to)


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DraftError(f"a whole number was expected, not {short(value)}")
    return value


def _text(value: object, longest: int = 200) -> str:
    if not isinstance(value, str) or len(value) > longest:
        raise DraftError(f"text of at most {longest} characters was expected, not {short(value)}")
    return value


# ---------------------------------------------------------------------------------------------- the view


def editor_view(editing: Editing, names: Sequence[str]) -> EditorView:
    """What the editor shows (the ``editor`` trait): the draft's deal and options, its steps with their notes
    and branches, the step selected, the choices of the seat to move there, the scenario text."""
    draft = editing.draft
    games = draft.games() if draft.complete else ()
    steps: list[EditorStep] = [_step(games, 0, None, draft.notes[0], "0")]
    for i, action in enumerate(draft.actions, start=1):
        steps.append(_step(games, i, action, draft.notes[i], str(i)))
    for index, branch in enumerate(draft.branches):
        line = draft.games(index)
        made: EditorBranch = {"index": index, "steps": [
            _step(line, i, action, branch.notes[i - 1], branch_step(branch.at, i))
            for i, action in enumerate(branch.actions, start=1)]}
        steps[branch.at + 1]["branches"].append(made)
    shown = editing.shown()
    at_end = shown is not None and not editing.what_if and editing.step == len(draft.games(editing.line)) - 1
    over = shown is not None and draft.hand_over(editing.line) and at_end
    choosing = shown is not None and (editing.what_if or (at_end and not over))
    turn = seat_turn(shown.observe(shown.to_move)) if choosing and shown is not None and shown.to_move is not None \
        else None
    note = ("" if shown is None or (editing.line is not None and editing.step == 0) or editing.what_if
            else draft.note_at(editing.step, editing.line))
    return {
        "stage": editing.stage,
        "title": draft.title,
        "mano": draft.mano,
        "scores": list(draft.scores),
        "rules": cast(RulesView, draft.rules.to_dict()),
        "deal": [[None if card is None else str(card) for card in slots] for slots in draft.cards],
        "dealt": draft.dealt_count,
        "names": list(names),
        "steps": steps,
        "line": editing.line,
        "step": editing.step,
        "what_if": editing.what_if,
        "excluded": draft.actions[editing.step - 1] if editing.what_if else None,
        "mover": None if turn is None or shown is None else shown.to_move,
        "turn": turn,
        "hand": [] if turn is None or shown is None or shown.to_move is None
                else [str(c) for c in shown.hands[shown.to_move].cards],
        "over": over,
        "note": note,
        "text": draft.text if draft.complete else "",
        "back": editing.back,
        "file": editing.file,
        "saved": editing.saved,
        "skipped": editing.skipped,
    }


def branch_step(at: int, step: int) -> str:
    """The number a branch's step shows: the main line's step it leaves, then its own ("3·1", "3·2")."""
    return f"{at}·{step}"


def _step(games: Sequence[Game], step: int, action: str | None, note: str, number: str) -> EditorStep:
    """A step of a line: its number as shown, the seat that played its action (None at the deal) and the action,
    whether that was the partner's agreement, its note."""
    seat = None if action is None else games[step - 1].to_move
    return {"step": step, "number": number, "seat": seat,
            "action": None if action is None else cast(ActionView, Action.parse(action).to_dict()),
            "agrees": action is not None and agrees(games[step - 1], action),
            "note": note, "branches": []}


def editor_table(editing: Editing, players: tuple[Player, Player, Player, Player], language: str,
                 version: int) -> SeatView | None:
    """The table's ``state`` while editing: the step selected from South's chair, every hand face up; the
    count at a step that ended the hand. None while the deal is incomplete (the table shows the deal panel)."""
    shown = editing.shown()
    if shown is None:
        return None
    draft = editing.draft
    games = draft.games(editing.line)
    ended = editing.step > 0 and not editing.what_if and games[editing.step].last_hand is not games[
        editing.step - 1].last_hand
    reveal = games[editing.step - 1].hands if ended else shown.hands
    return view_state(shown.observe(0), TableView(players=players, language=language,
                                                   stage="count" if ended else "play", version=version,
                                                   reveal=reveal, watch=True))


__all__ = ["EditIntents", "Editing", "branch_step", "editor_table", "editor_view"]
