"""The count (tanteo): each settled lance becomes a row with its stake, bonus, winner and why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .betting import LanceResult, Outcome
from .cards import Hand
from .frozen import fast_init
from .hands import HandValue, Lance
from .seats import speaking_order, team_of, team_seats

Value = int | float | str | bool


@fast_init
@dataclass(frozen=True, slots=True)
class Reason:
    """Why something happened, as a message id and its values (rendered by the message catalogue)."""

    id: str
    values: tuple[tuple[str, Value], ...] = ()

    @property
    def params(self) -> dict[str, Value]:
        return dict(self.values)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "values": dict(self.values)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Reason:
        """The reason :meth:`to_dict` wrote, its values in the same order."""
        return cls(data["id"], tuple(data["values"].items()))


@fast_init
@dataclass(frozen=True, slots=True)
class CountRow:
    """One line of the count.

    ``stake`` is what was bet (1 for a Grande or Chica en paso; the negada for a rejected bet), ``bonus`` the
    hand values of Pares or Juego or the point of Punto, ``points`` what the row added to the score at the
    count (a negada scored at once is not added again), and ``counted`` is false for rows after the game
    was already won.
    """

    lance: Lance
    outcome: Outcome
    stake: int
    bonus: int
    team: int | None
    why: Reason
    points: int
    counted: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "lance": self.lance.value,
            "outcome": self.outcome.value,
            "stake": self.stake,
            "bonus": self.bonus,
            "team": self.team,
            "why": self.why.to_dict(),
            "points": self.points,
            "counted": self.counted,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CountRow:
        """The row :meth:`to_dict` wrote."""
        return cls(
            Lance(data["lance"]), Outcome(data["outcome"]), data["stake"], data["bonus"], data["team"],
            Reason.from_dict(data["why"]), data["points"], data["counted"],
        )


_INDEX = {lance: i for i, lance in enumerate(Lance)}


def best_seat(lance: Lance, values: Sequence[HandValue], seats: Sequence[int]) -> int:
    """Of ``seats``, given in speaking order, the one whose hand is best at ``lance``; a tie goes to the
    earlier, the player nearer the mano."""
    i = _INDEX[lance]
    best = seats[0]
    for seat in seats[1:]:
        if values[seat].strengths[i] > values[best].strengths[i]:
            best = seat
    return best


def card_winner(lance: Lance, values: Sequence[HandValue], hands: Sequence[Hand], mano: int) -> tuple[int, Reason]:
    """The seat with the best hand at ``lance`` (ties to the mano) and the reason it won.

    Only meaningful when somebody holds the lance (any hand for Grande, Chica and Punto).
    """
    i = _INDEX[lance]
    order = speaking_order(mano)
    strengths = [values[seat].strengths[i] for seat in order]
    top = max(strengths)
    place = strengths.index(top)  # the first best in speaking order, as best_seat finds it
    best = order[place]
    tied = [order[k] for k in range(place + 1, 4) if strengths[k] == top]
    detail: list[tuple[str, Value]] = [("lance", lance.value), ("seat", best), ("hand", str(hands[best]))]
    value = values[best]
    if lance is Lance.PARES:
        detail.append(("pares", value.pares.name.lower()))
    elif lance in (Lance.JUEGO, Lance.PUNTO):
        detail.append(("total", value.total))
    if tied:
        return best, Reason("why.tie_to_mano", (*detail, ("tied_with", tied[0])))
    return best, Reason("why.best_hand", tuple(detail))


def hand_bonus(lance: Lance, team: int, values: Sequence[HandValue]) -> int:
    """What ``team`` collects besides the stake: its holders' pares or juego values, or Punto's point."""
    if lance is Lance.PARES:
        return sum(values[s].pares_points for s in team_seats(team))
    if lance is Lance.JUEGO:
        return sum(values[s].juego_points for s in team_seats(team))
    if lance is Lance.PUNTO:
        return 1
    return 0


def count_row(
    result: LanceResult, hands: Sequence[Hand], values: Sequence[HandValue], mano: int, negadas_at_count: bool
) -> CountRow:
    """The row of the count for one settled lance (before any target check)."""
    lance, outcome = result.lance, result.outcome
    if outcome is Outcome.NOBODY:
        return CountRow(lance, outcome, 0, 0, None, Reason("why.nobody", (("lance", lance.value),)), 0)
    if outcome is Outcome.REJECTED:
        assert result.team is not None
        team = result.team
        why = Reason("why.negada", (("lance", lance.value), ("team", team), ("negada", result.stake)))
    else:
        seat, why = card_winner(lance, values, hands, mano)
        team = team_of(seat)
        if outcome is Outcome.ONE_TEAM:
            why = Reason("why.one_team", (*why.values, ("team", team)))
    bonus = hand_bonus(lance, team, values)
    if outcome is Outcome.EN_PASO:
        stake = 1 if lance in (Lance.GRANDE, Lance.CHICA) else 0
    elif outcome in (Outcome.ACCEPTED, Outcome.REJECTED):
        stake = result.stake
    else:
        stake = 0
    paid_already = outcome is Outcome.REJECTED and not negadas_at_count
    return CountRow(lance, outcome, stake, bonus, team, why, bonus if paid_already else stake + bonus)
