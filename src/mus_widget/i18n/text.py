"""Plain-text renderings of the public log and the count, from the message catalogue."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..engine.actions import Action, Kind
from ..engine.betting import Outcome
from ..engine.log import Event
from ..engine.scoring import CountRow, Reason, Value
from .catalogues import message


def seat_name(seat: int, language: str = "en") -> str:
    return message(f"seat.{seat}", language)


def team_name(team: int, language: str = "en") -> str:
    return message(f"team.{team}", language)


def action_text(action: str | Action, language: str = "en") -> str:
    """An action as players say it: ``envido 2`` → "Envido 2", ``discard 1o 2c`` → "Discard 2"."""
    act = action if isinstance(action, Action) else Action.parse(action)
    if act.kind is Kind.ENVIDO:
        return message("action.envido", language, amount=act.amount)
    if act.kind is Kind.DISCARD:
        return message("action.discard", language, count=len(act.cards))
    return message(f"action.{act.kind.value}", language)


def call_text(event: Event, language: str = "en") -> str:
    """A call of the log as the buttons name it: a raise of a bet on the table is "5 más", not "Envido 5"."""
    action = Action.parse(str(event.get("action")))
    if action.kind is Kind.ENVIDO and event.get("raise"):
        return message("action.raise", language, amount=action.amount)
    return action_text(action, language)


Namer = Callable[[int], object]
"""Names a seat (or a team) in a message; given something that is no seat, it may return it unchanged."""


def message_values(
    values: Mapping[str, Value], language: str, seat: Namer | None = None, team: Namer | None = None
) -> dict[str, object]:
    """Turn seat, team, lance, outcome, seña, action and feature ids among message values into words; seats
    and teams by ``seat`` and ``team`` (by default their names in ``language``, such as "South")."""
    name_seat = seat or (lambda s: seat_name(int(s), language))
    name_team = team or (lambda t: team_name(int(t), language))
    out: dict[str, object] = dict(values)
    for key in ("seat", "tied_with", "mano"):
        value = values.get(key)
        if isinstance(value, int):
            out[key] = name_seat(value)
    for key in ("team", "team_a", "team_b"):
        team_id = values.get(key)
        if isinstance(team_id, int):
            out[key] = name_team(team_id)
    for key, prefix in (("lance", "lance."), ("outcome", "outcome.")):
        value = values.get(key)
        if isinstance(value, str):
            out[key] = message(prefix + value, language)
    sena = values.get("sena")
    if isinstance(sena, str):
        out["sena"] = message(f"sena.{sena}.meaning", language)
    for key in ("action", "bet"):
        action = values.get(key)
        if isinstance(action, str):
            out[key] = action_text(action, language)
    feature = values.get("feature")
    if isinstance(feature, str):
        out["feature"] = message(f"feature.{feature}", language, count=values.get("count", 0))
    if "score" in values and "now" not in values:
        out["score_text"] = message("score.keep" if values["score"] else "score.change", language)
    return out


def event_text(event: Event, language: str = "en", seat: Namer | None = None, team: Namer | None = None) -> str:
    """One line of the table log (players named by ``seat`` and ``team``, as in :func:`message_values`)."""
    values: dict[str, Value] = dict(event.detail)
    if event.seat is not None:
        values["seat"] = event.seat
    message_id = f"event.{event.kind}"
    said: str | None = None
    if event.kind == "call":
        # A first answer that the partner still confirms is a proposal, and reads as one.
        message_id = "event.call.proposal" if values.pop("proposal", False) else "event.call"
        for key in ("action", "raise"):
            values.pop(key, None)
        said = call_text(event, language)
    if event.kind == "declare":
        message_id = f"event.declare.{values['lance']}.{'yes' if values['has'] else 'no'}"
    if event.kind == "game_over":
        # Every score names its team; an accepted órdago wins whatever the points say.
        message_id = "event.game_over.ordago" if values.pop("ordago", 0) else "event.game_over"
        values["team_a"], values["team_b"] = 0, 1
    words = message_values(values, language, seat, team)
    if said is not None:
        words["action"] = said
    return message(message_id, language, **words)


def reason_text(reason: Reason, language: str = "en") -> str:
    """Why a lance went the way it did."""
    return message(reason.id, language, **message_values(reason.params, language))


def row_text(row: CountRow, language: str = "en") -> str:
    """One row of the count, with the reason after it."""
    lance = message(f"lance.{row.lance.value}", language)
    if row.team is None:
        return message("count.row.nobody", language, lance=lance)
    if not row.counted:
        return message("count.row.not_counted", language, lance=lance)
    if row.outcome is Outcome.ORDAGO:
        line = message("count.row.ordago", language, lance=lance, team=team_name(row.team, language))
        return f"{line} {reason_text(row.why, language)}"
    line = message(
        "count.row", language, lance=lance, stake=row.stake, bonus=row.bonus,
        team=team_name(row.team, language), points=row.points,
    )
    return f"{line} {reason_text(row.why, language)}"
