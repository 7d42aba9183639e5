"""The words of a seat's synced state: catalogue texts in the table's language with the players' names in place of
seats and teams, shared by the seat's view (:mod:`.view_state`) and its count (:mod:`.count_view`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.errors import MusError
from ..engine.log import Event
from ..engine.scoring import Reason, Value
from ..engine.seats import team_seats
from ..i18n.catalogues import message
from ..i18n.text import event_text, message_values, reason_text
from ..teaching.explain import Explanation


class Texts:
    """Catalogue texts with players' names in place of seat names."""

    def __init__(self, names: Sequence[str], language: str) -> None:
        self.names = list(names)
        self.language = language

    def team(self, team: int) -> str:
        a, b = team_seats(team)
        return message("ui.team", self.language, a=self.names[a], b=self.names[b])

    def name_seat(self, seat: int) -> object:
        """A seat's player by name (anything that is no seat, unchanged)."""
        return self.names[seat] if not isinstance(seat, bool) and 0 <= seat < 4 else seat

    def name_team(self, team: int) -> object:
        """A team by its players' names (anything that is no team, unchanged)."""
        return self.team(team) if not isinstance(team, bool) and team in (0, 1) else team

    def values(self, values: Mapping[str, Value]) -> dict[str, object]:
        """Turn the ids among message values into words, with players' names for seats and teams."""
        return message_values(values, self.language, self.name_seat, self.name_team)

    def event(self, event: Event) -> str:
        try:
            return event_text(event, self.language, self.name_seat, self.name_team)
        except (MusError, ValueError, KeyError):
            return event_text(event, self.language)

    def explanation(self, explanation: Explanation) -> str:
        """Why a lance of the count went as it did, with the players' names."""
        return explanation.text(self.language, self.names, [self.team(0), self.team(1)])

    def reason(self, reason: Reason) -> str:
        try:
            return message(reason.id, self.language, **self.values(reason.params))
        except (MusError, ValueError, KeyError):
            return reason_text(reason, self.language)
