"""The message catalogue: every user-visible text, keyed by a stable id. English is the reference."""

from __future__ import annotations

import string
from typing import Final

from .errors import MusError

EN: Final[dict[str, str]] = {
    # seats and teams
    "seat.0": "South",
    "seat.1": "East",
    "seat.2": "North",
    "seat.3": "West",
    "team.0": "South–North",
    "team.1": "East–West",
    # lances and outcomes
    "lance.grande": "Grande",
    "lance.chica": "Chica",
    "lance.pares": "Pares",
    "lance.juego": "Juego",
    "lance.punto": "Punto",
    "outcome.en_paso": "en paso",
    "outcome.accepted": "quiero",
    "outcome.rejected": "no quiero",
    "outcome.ordago": "órdago accepted",
    "outcome.one_team": "one team only",
    "outcome.nobody": "nobody",
    "pares.par": "par",
    "pares.medias": "medias",
    "pares.duples": "duples",
    # actions
    "action.mus": "Mus",
    "action.no-mus": "No mus",
    "action.discard": "Discard {count}",
    "action.paso": "Paso",
    "action.envido": "Envido {amount}",
    "action.quiero": "Quiero",
    "action.no-quiero": "No quiero",
    "action.ordago": "Órdago",
    # the public log
    "event.deal": "Game {game}, hand {hand}: {mano} is mano.",
    "event.call": "{seat}: {action}",
    "event.discard": "{seat} discards {count}.",
    "event.reshuffle": "The stock has run out: {cards} discards are shuffled into a new stock.",
    "event.mus_round": "Mus question number {round}.",
    "event.declare.pares.yes": "{seat}: pares, yes.",
    "event.declare.pares.no": "{seat}: pares, no.",
    "event.declare.juego.yes": "{seat}: juego, yes.",
    "event.declare.juego.no": "{seat}: juego, no.",
    "event.sena": "{seat} makes a seña: {sena}.",
    "event.lance": "{lance}: {outcome}.",
    "event.negada": "{team} take the negada of {points} at {lance}.",
    "event.game_over": "{team} win the game ({scores}).",
    "event.match_over": "{team} win the match.",
    # why a lance was won, at the count
    "why.best_hand": "{lance}: {seat} has the best hand ({hand}).",
    "why.tie_to_mano": "{lance}: {seat} ({hand}) ties with {tied_with} and is nearer the mano.",
    "why.negada": "{lance}: {team} bet and the bet was refused, so they take it ({negada}).",
    "why.one_team": "{lance}: only {team} hold it; {seat} has the best hand ({hand}).",
    "why.nobody": "{lance}: nobody holds it.",
    "count.row": "{lance} — stake {stake}, bonus {bonus}: {team} +{points}.",
    "count.row.not_counted": "{lance} — not counted, the game was already won.",
    "count.row.nobody": "{lance} — nobody.",
    "count.row.ordago": "{lance} — órdago: {team} win the game.",
    # why a bot did what it did
    "explain.random": "{action}: picked at random among {count} legal actions.",
    "explain.novice": "{action} at {lance}: {feature}, about {chance} % for the team.",
    "explain.novice.mus": "{action}: the hand is {score_text}.",
    "explain.novice.discard": "{action}: keeps the reyes and the pairs.",
    "explain.expert.mus": "{action}: the hand is worth {now} now, about {after} after the best discard.",
    "explain.expert.discard": "{action}: the hand is worth {now} now, about {after} on average after the draw.",
    "explain.expert.paso": "{action} at {lance}: {chance} % to win it against the hands still possible; no bet.",
    "explain.expert.envido": "{action} at {lance}: {chance} % to win it against the hands still possible.",
    "explain.expert.quiero": "{action} at {lance}: {chance} % to win it against the hands still possible.",
    "explain.expert.no_quiero": "{action} at {lance}: only {chance} % to win it against the hands still possible.",
    "explain.expert.ordago": "{action} at {lance}: {chance} % to win it; {game} % to win the game this way.",
    "feature.reyes": "{count} reyes",
    "feature.reyes.one": "1 rey",
    "feature.ases": "{count} ases",
    "feature.ases.one": "1 as",
    "feature.duples": "duples",
    "feature.medias": "medias",
    "feature.par": "a par",
    "feature.no_pares": "no pares",
    "feature.total": "{count} points",
    "score.keep": "good enough to keep",
    "score.change": "worth changing",
    # señas: the face and what it means
    "sena.nothing.gesture": "Straight mouth",
    "sena.nothing.meaning": "Nothing",
    "sena.need_mus.gesture": "Closed eyes",
    "sena.need_mus.meaning": "I need mus!",
    "sena.two_reyes.gesture": "Bite the middle of the lower lip",
    "sena.two_reyes.meaning": "Two reyes",
    "sena.three_reyes.gesture": "Bite the side of the lower lip",
    "sena.three_reyes.meaning": "Three reyes",
    "sena.two_ases.gesture": "Show the tongue",
    "sena.two_ases.meaning": "Two ases",
    "sena.three_ases.gesture": "Tongue to one side",
    "sena.three_ases.meaning": "Three ases",
    "sena.duples.gesture": "Raise the eyebrows",
    "sena.duples.meaning": "Duples",
    "sena.medias.gesture": "Twist the cheek",
    "sena.medias.meaning": "Medias",
    "sena.thirty_one.gesture": "Wink",
    "sena.thirty_one.meaning": "31",
    "sena.three_reyes_and_as.gesture": "Kiss",
    "sena.three_reyes_and_as.meaning": "Three reyes and an as",
}

CATALOGUES: Final = {"en": EN}


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in a catalogue text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def message(message_id: str, language: str = "en", **values: object) -> str:
    """The text of ``message_id`` with its placeholders filled; unknown ids and missing values raise.

    Where the catalogue has a ``.one`` form of the id and ``count`` is 1, that form is used.
    """
    catalogue = CATALOGUES.get(language, EN)
    if values.get("count") == 1 and f"{message_id}.one" in catalogue:
        message_id = f"{message_id}.one"
    text = catalogue.get(message_id, EN.get(message_id))
    if text is None:
        raise MusError(f"no message {message_id!r} in the catalogue")
    missing = placeholders(text) - set(values)
    if missing:
        raise MusError(f"message {message_id!r} needs {sorted(missing)}, got {sorted(values)}")
    return text.format(**values)
