"""``ScenarioEditor``: the scenario editor as a widget of its own, a table that opens in its editing mode (the same
front end and contract as :class:`~mus_widget.table.widget.MusTable`, which switches into it in place for a hand
just played)."""

from __future__ import annotations

import pathlib
from typing import Any

from ..engine.game import Game
from ..engine.seats import SEATS
from ..i18n.catalogues import default_language, message
from ..teaching.authoring import Draft, played_hand
from ..teaching.scenarios import Scenario
from .editing import Editing
from .options import check_language
from .widget import MusTable


class ScenarioEditor(MusTable):
    """A lesson made by clicking: deal a hand from a picture of the deck (or at random), set its mano, scores
    and rules, play it seat by seat with every hand face up, write a note on any step and add "what if…"
    branches; :attr:`text` is the scenario (``MusTable.from_scenario(editor.text)`` steps it) and
    :meth:`save` writes it to a file.

    ``draft`` is where to start (a :class:`~mus_widget.teaching.authoring.Draft`; an empty deal by default);
    ``language`` as for :class:`MusTable`; ``seed`` draws the random deals. The seats are named by their
    places (South, East, North, West), as a scenario's notes speak of them."""

    def __init__(self, draft: Draft | None = None, *, language: str | None = None, seed: int | None = None,
                 **options: Any) -> None:
        if draft is not None and not isinstance(draft, Draft):
            raise TypeError(f"draft must be a Draft, not {draft!r}")
        language = default_language() if language is None else language
        check_language(language)
        options.setdefault("names", [message(f"seat.{s}", language) for s in SEATS])
        super().__init__(language=language, seed=seed, **options)
        start = Draft() if draft is None else draft
        self._edited(Editing(start, "play" if start.complete else "deal", None, len(start.actions)))

    @classmethod
    def from_game(cls, game: Game, hand: int | None = None, game_number: int | None = None,
                  **options: Any) -> ScenarioEditor:
        """An editor on hand ``hand`` of ``game`` (:meth:`Draft.from_game`: by default the last hand over)."""
        span = played_hand(game, hand, game_number)
        editor = cls(Draft.from_game(game, hand, game_number), **options)
        editor._edited(Editing.of_hand(editor.draft, span, back=False))
        return editor

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, hand: int | None = None, game_number: int | None = None,
                    **options: Any) -> ScenarioEditor:
        """An editor on hand ``hand`` of a game's record (``Game.record()``, or a classroom record)."""
        return cls.from_game(Game.from_record(record), hand, game_number, **options)

    @classmethod
    def from_table(cls, table: MusTable, hand: int | None = None, game_number: int | None = None,
                   **options: Any) -> ScenarioEditor:
        """An editor on a hand of a live table's game (the table plays on undisturbed)."""
        options.setdefault("language", table.language)
        return cls.from_game(table.game, hand, game_number, **options)

    @property
    def draft(self) -> Draft:
        """The lesson as it stands; set it to replace the lesson (shown at once)."""
        editing = self._play.editing
        assert editing is not None  # an editor never leaves its editing mode
        return editing.draft

    @draft.setter
    def draft(self, draft: Draft) -> None:
        if not isinstance(draft, Draft):
            raise TypeError(f"draft must be a Draft, not {draft!r}")
        self._edited(Editing(draft, "play" if draft.complete else "deal", None, len(draft.actions)))

    @property
    def text(self) -> str:
        """The scenario text of the lesson; :class:`~mus_widget.teaching.authoring.DraftError` while cards are
        still to deal."""
        return self.draft.text

    @property
    def scenario(self) -> Scenario:
        """The lesson as a :class:`Scenario` (``Scenario.parse(editor.text)``)."""
        return Scenario.parse(self.text)

    def save(self, path: str | pathlib.Path, overwrite: bool = False) -> pathlib.Path:
        """Write the scenario text to ``path`` (beside the notebook when relative); refuses to replace a file
        unless ``overwrite``. Returns the path written."""
        target = pathlib.Path(path)
        if target.exists() and not overwrite:
            raise FileExistsError(f"{target} exists: save(..., overwrite=True) replaces it")
        text = self.text
        target.write_text(text, encoding="utf-8")
        return target

    def __repr__(self) -> str:
        draft = self.draft
        return f"<ScenarioEditor {draft.title!r}: {draft.dealt_count}/16 cards, {len(draft.actions)} steps>"


__all__ = ["ScenarioEditor"]
