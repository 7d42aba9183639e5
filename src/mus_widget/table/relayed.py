"""A table whose game is held elsewhere: :class:`RelayedTable` draws the same table as :class:`MusTable`, but a
:class:`Relay` (a seat at a classroom server, or a teacher's face-up watch) owns the game, checks and forwards
the intents, and tells the table when there is something new to show.

The table layer defines only what it needs from such a relay; the classroom layer provides the relays
(:mod:`mus_widget.classroom.notebook`), so nothing here knows about servers or connections.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..i18n.catalogues import default_language
from .contract import Room, SeatView, Setup
from .intents import Handler
from .options import Prefs, check_language
from .refusal import RefusalError
from .view_state import messages_for
from .widget import TableWidget


class Host(Protocol):
    """What a relay may tell its table; always on the kernel's thread (the one that runs the cells)."""

    def changed(self) -> None:
        """Something new to show (a move, a seña, a chat line, a player coming or going)."""

    def taken(self) -> None:
        """An intent was taken: the last refusal goes, and the table shows the state as it is."""

    def refuse(self, refusal: RefusalError) -> None:
        """An intent was refused, perhaps later, when the game's holder answered: show why."""


class Relay(Protocol):
    """The game of a :class:`RelayedTable`: its view, the intents it takes, and its room."""

    def start(self, host: Host) -> None:
        """Begin telling ``host`` of changes (on the kernel's thread)."""

    def view(self, language: str, version: int, *, coach: bool) -> SeatView:
        """The seat's view of the game now, as :func:`~mus_widget.table.view_state.view_state` makes it."""
        ...

    def room(self, language: str) -> Room:
        """The room beside the table: ``table`` (its name), ``chat`` (lines of ``kind``, ``seat``, ``name``,
        ``text``, ``mine``), ``max_chat`` (0: this view may not chat), ``heard`` (chat lines heard in all), ``link``
        (``open`` or ``lost``)."""
        ...

    def setup(self) -> Setup:
        """The table's facts for the front end (``seat``, ``names``, ``watching``...); the new-game panel is
        never offered at a relayed table."""
        ...

    def handlers(self, language: str) -> dict[str, Handler]:
        """The intents the relay takes, by ``type`` (``act``, ``sena``, ``next_hand``, ``say``...)."""
        ...

    def close(self) -> None:
        """No more changes: let the game's holder go."""


class RelayedTable(TableWidget):
    """The table of a game held by ``relay``: the same view as :class:`MusTable` (the seat's cards, the
    partner's señas ringed, player info, the log) with the room beside it (the chat), and the same refusals in
    the widget. ``tips``, ``coach`` and ``language`` are the student's own preferences, as at any table."""

    def __init__(self, relay: Relay, *, language: str | None = None, tips: bool = True, coach: bool = False,
                 **kwargs: Any) -> None:
        language = default_language() if language is None else language
        check_language(language)
        if not isinstance(tips, bool) or not isinstance(coach, bool):
            raise TypeError("tips and coach are True or False")
        super().__init__(tips=tips, language=language, coach=coach, pace=0.0, **kwargs)
        self._relay = relay
        self._version = 0
        self.messages = messages_for(language)
        self.setup = relay.setup()
        self._sync()
        self.observe(lambda _change: self._sync(), names=["coach"])
        self._first_view_made()
        relay.start(self)

    @property
    def relay(self) -> Relay:
        return self._relay

    def close(self) -> None:
        """Close the table and let its relay go (a served seat's connection closes; the seat stays yours)."""
        relay = getattr(self, "_relay", None)
        if relay is not None:
            relay.close()
        super().close()

    def __repr__(self) -> str:
        return f"<RelayedTable {self._relay!r}>"

    # ------------------------------------------------------------------------------------------ the host

    def changed(self) -> None:
        self._sync()

    def taken(self) -> None:
        with self.hold_sync():
            self._clear_error()
            self._sync()

    def refuse(self, refusal: RefusalError) -> None:
        self._refuse(refusal)

    # ------------------------------------------------------------------------------------------ intents

    def _handlers(self) -> dict[str, Handler]:
        return {**self._relay.handlers(self.language), "prefs": self._prefs}

    def _prefs_taken(self, prefs: Prefs, was: str) -> None:
        """Show the view again: the coach and the language change it."""
        self._sync()

    def _sync(self) -> None:
        """Send the view and the room as they are now (a trait only syncs when it changed)."""
        self._version += 1
        with self.hold_sync():
            self._send_view(self._relay.view(self.language, self._version, coach=self.coach))
            self.room = self._relay.room(self.language)


__all__ = ["Host", "Relay", "RelayedTable"]
