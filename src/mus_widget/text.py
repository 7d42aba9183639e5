"""Plain-text renderings of the public log and the count, from the message catalogue."""

from __future__ import annotations

from .actions import Action, Kind
from .betting import Outcome
from .i18n import message
from .log import Event
from .scoring import CountRow, Reason, Value


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


def _values(values: dict[str, Value], language: str) -> dict[str, object]:
    """Turn seat, team and lance ids among message values into their names."""
    out: dict[str, object] = dict(values)
    for key in ("seat", "tied_with", "mano"):
        if isinstance(values.get(key), int):
            out[key] = seat_name(int(values[key]), language)
    if isinstance(values.get("team"), int):
        out["team"] = team_name(int(values["team"]), language)
    if isinstance(values.get("lance"), str):
        out["lance"] = message(f"lance.{values['lance']}", language)
    if isinstance(values.get("outcome"), str):
        out["outcome"] = message(f"outcome.{values['outcome']}", language)
    if isinstance(values.get("sena"), str):
        out["sena"] = message(f"sena.{values['sena']}.meaning", language)
    if isinstance(values.get("action"), str):
        out["action"] = action_text(str(values["action"]), language)
    if isinstance(values.get("feature"), str):
        out["feature"] = message(f"feature.{values['feature']}", language, count=values.get("count", 0))
    if "score" in values and "now" not in values:
        out["score_text"] = message("score.keep" if values["score"] else "score.change", language)
    return out


def event_text(event: Event, language: str = "en") -> str:
    """One line of the table log."""
    values: dict[str, Value] = dict(event.detail)
    if event.seat is not None:
        values["seat"] = event.seat
    message_id = f"event.{event.kind}"
    if event.kind == "declare":
        message_id = f"event.declare.{values['lance']}.{'yes' if values['has'] else 'no'}"
    return message(message_id, language, **_values(values, language))


def reason_text(reason: Reason, language: str = "en") -> str:
    """Why a lance went the way it did."""
    return message(reason.id, language, **_values(reason.params, language))


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
