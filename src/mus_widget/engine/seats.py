"""Seats and teams: who sits where and who plays with whom.

Seats are numbered 0..3 counter-clockwise (0 South, 1 East, 2 North, 3 West); partners sit opposite.
Always go through these helpers, never through seat arithmetic at the call site.
"""

from __future__ import annotations

from typing import Final

from .errors import SeatError, quoted

SEATS: Final = (0, 1, 2, 3)
TEAMS: Final = (0, 1)
SEAT_NAMES: Final = ("South", "East", "North", "West")


def next_seat(seat: int) -> int:
    """The seat that speaks after ``seat`` (counter-clockwise)."""
    return (seat + 1) % 4


def previous_seat(seat: int) -> int:
    """The seat that speaks before ``seat``; the postre is the seat before the mano."""
    return (seat + 3) % 4


def partner(seat: int) -> int:
    """The partner of ``seat``, sitting opposite."""
    return (seat + 2) % 4


def team_of(seat: int) -> int:
    """Team 0 holds seats 0 and 2, team 1 seats 1 and 3."""
    return seat % 2


def other_team(team: int) -> int:
    """The opposing team."""
    return 1 if team == 0 else 0


def team_seats(team: int) -> tuple[int, int]:
    """The two seats of ``team``."""
    return (team, team + 2)


_ORDERS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    ((mano + 0) % 4, (mano + 1) % 4, (mano + 2) % 4, (mano + 3) % 4) for mano in SEATS
)


def speaking_order(mano: int) -> tuple[int, int, int, int]:
    """The four seats in speaking order: the mano first, the postre last (one shared tuple per mano)."""
    return _ORDERS[mano]


def check_seat(seat: object) -> int:
    """Return ``seat`` if it names a seat, else raise :class:`SeatError` (a ``ValueError``)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in SEATS:
        raise SeatError(f"{quoted(seat)} is not a seat: seats are 0 (South), 1 (East), 2 (North), 3 (West)")
    return seat


def position_of(seat: int, mano: int) -> int:
    """Where ``seat`` speaks in a hand with this mano: 0 for the mano, 3 for the postre."""
    return (seat - mano) % 4
