"""The table's synced state: one seat's :class:`Observation` mapped to the plain JSON the browser draws (its shape,
key by key, is :class:`~mus_widget.table.contract.TableState`).

This module is the only road from the game to the browser, and it takes an observation, never a game: what
it cannot see it cannot leak. Besides the observation it takes the table's public facts (:class:`TableView`:
names, bot levels, records, the language, whether the count is open, the hands of the game already over) and,
only for a teacher's table that asked for it, every hand (``reveal``). Bots' reasons are public talk once the
hands they were about have been shown, and are only used then. Texts are rendered here from the message
catalogue, with the players' names (:mod:`.texts`); the count, when it is open, by :mod:`.count_view`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, cast

from ..engine.actions import Action, Kind, envido
from ..engine.betting import Betting, LanceResult
from ..engine.cards import Hand
from ..engine.log import Event, HandSummary
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason, Value
from ..engine.seats import partner
from ..engine.senas import true_senas
from ..i18n.catalogues import catalog, message
from ..i18n.messages import EN
from ..i18n.text import action_text, call_text
from ..teaching.coach import Advice
from ..teaching.grading import Graded
from .contract import (
    ActionView,
    BetView,
    Bubble,
    HistoryLine,
    PlayerView,
    SeatView,
    Turn,
)
from .contract import Coach as CoachView
from .count_view import count_lines, count_view
from .review_rows import decision_view
from .texts import Texts

Stage = Literal["play", "count"]
"""``play``: the current hand; ``count``: the last hand's count is open until the student presses Next hand."""

MESSAGE_PREFIXES: Final = (
    "ui.", "tip.", "lance.", "action.", "sena.", "seat.", "outcome.", "pares.", "gloss.", "review.column.",
    "review.grade.",
)
"""The parts of the catalogue the browser needs for its own labels."""

MOMENTS: Final = (
    "mus", "discard", "grande", "chica", "pares", "juego", "punto", "betting", "team_answer", "ordago", "count",
    "senas",
)
"""The moments a tips box knows; ``tip.<moment>.<n>`` are its tips."""

HISTORY_HANDS: Final = 30
"""The most hands of a game the history keeps (the latest): a game to 40 is over in about 30 hands at most, and
each hand is some 30 to 40 lines (about 1.7 kB of the ``history`` trait)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's public facts: the name, the bot level (None for the student) and the team's record here."""

    name: str
    level: str | None
    games: int = 0
    """Games finished at this table."""
    won: int = 0
    """Of those, games this player's team won."""
    presence: str | None = None
    """At a served table, a human seat's state: ``here``, ``gone`` (disconnected), ``away`` (a bot plays it
    until they come back) or ``open`` (nobody has sat there yet); None at a table of one student and bots."""


@dataclass(frozen=True, slots=True)
class TableView:
    """What the view shows besides the observation.

    ``notes`` are the bots' reasons for their calls in the lances of the last hand, by seat; they are shown
    only when that hand's cards were shown at its count, from its count until the next hand's count.
    ``reveal`` holds every hand of the current deal for a teacher's table (``MusTable(reveal=True)``); None
    everywhere else. ``history`` holds the hands already over (:func:`with_hand` keeps it), shown in the log
    before the hand on the table.
    """

    players: tuple[Player, Player, Player, Player]
    language: str = "en"
    stage: Stage = "play"
    version: int = 0
    notes: tuple[tuple[Reason, ...], ...] = ((), (), (), ())
    reveal: tuple[Hand, ...] | None = None
    coach: Advice | None = None
    """The coach's advice for the student's turn (worked out from the student's observation only)."""
    steps: Steps | None = None
    """Where a teacher stepping through a scenario is; None at a table being played."""
    watch: bool = False
    """A teacher following a served table face up: nobody's turn is offered (the view only watches)."""
    history: tuple[HandSummary, ...] = ()
    """The hands over so far, oldest first (those of the game shown, before the hand shown, are drawn)."""
    whole_match: bool = False
    """Whether the log draws every hand of ``history`` before the hand shown, the earlier games' too (a
    teacher's face-up view of a served table), not only the game's latest :data:`HISTORY_HANDS`."""
    replay: ReplayView | None = None
    """Where the student is in a finished hand reopened face up; None while the table shows the live game."""


@dataclass(frozen=True, slots=True)
class ReplayView:
    """A finished hand reopened: its number, the step shown (0 is its deal) of ``count`` steps (the last shows
    its count)."""

    hand: int
    index: int
    count: int
    decision: Graded | None = None
    """The student's decision at the step shown, as the review graded it (None if none is graded there)."""


@dataclass(frozen=True, slots=True)
class Steps:
    """Stepping through a scenario: the step shown (0 is the deal) of ``count`` steps, the scenario's title,
    the step's note, whether the hands are face up, whether the teacher may turn them (``toggle``), the
    hands to jump to, each as its first step and its name, the branches that answer the step shown, and the
    branch shown (each as its place among the scenario's branches and its name, "What if North played Quiero?")."""

    index: int
    count: int
    title: str
    note: str
    face_up: bool
    toggle: bool = True
    hands: tuple[tuple[int, str], ...] = ()
    branches: tuple[tuple[int, str], ...] = ()
    branch: tuple[int, str] | None = None


def messages_for(language: str) -> dict[str, str]:
    """The catalogue entries the browser needs, in ``language`` (English where a text is missing)."""
    catalogue = catalog(language)
    out = {key: catalogue.get(key, text) for key, text in EN.items() if key.startswith(MESSAGE_PREFIXES)}
    out.update((key, text) for key, text in catalogue.items() if key.startswith(MESSAGE_PREFIXES))
    return out


# ---------------------------------------------------------------------------------------------- the mapping


def view_state(obs: Observation, table: TableView) -> SeatView:
    """The synced state for the student's seat ``obs.seat``: plain JSON, cards in canonical notation.

    Every card in it is the student's own, or was shown at a showdown, or comes from ``table.reveal``.
    """
    texts = Texts([p.name for p in table.players], table.language)
    seat = obs.seat
    last = obs.last_hand
    counting = table.stage == "count" and last is not None
    log = last.log if counting and last is not None else obs.log
    shown = last.hands if counting and last is not None else None
    scores = last.scores if counting and last is not None else obs.scores
    mano = last.mano if counting and last is not None else obs.mano
    playing = not counting and not obs.is_over
    declared = _declarations(log)
    senas = _last_senas(log)
    bubbles = _bubbles(obs, texts) if playing else {}
    notes = table.notes if last is not None and last.hands is not None else ((), (), (), ())
    players: list[PlayerView] = []
    for s, player in enumerate(table.players):
        if shown is not None:
            cards: list[str] | None = _cards(shown[s])
        elif table.reveal is not None:
            cards = _cards(table.reveal[s])
        elif s == seat:  # the cards put down for a discard leave the hand until the postre serves
            cards = [str(card) for card in obs.hand.cards if card not in obs.discarding]
        else:
            cards = None
        players.append({
            "name": player.name,
            "level": player.level,
            "record": [player.games, player.won],
            "presence": player.presence,
            "cards": cards,
            "bubble": bubbles.get(s),
            "sena": senas.get(s),
            "pares": declared.get(("pares", s)),
            "juego": declared.get(("juego", s)),
            "why": [texts.reason(r) for r in notes[s]] if s != seat else [],
        })
    stepping = table.steps
    replay = table.replay
    turn = (seat_turn(obs)
            if playing and obs.to_move == seat and stepping is None and replay is None and not table.watch else None)
    return {
        "v": table.version,
        "seat": seat,
        "partner": partner(seat),
        "watch": table.watch,
        "stage": "over" if obs.is_over else table.stage if counting else "play",
        "phase": obs.phase.value,
        "game": last.game_number if counting and last is not None else obs.game_number,
        "hand": last.hand_number if counting and last is not None else obs.hand_number,
        "games": obs.rules.games,
        "games_won": list(obs.games_won),
        "target": obs.rules.target,
        "scores": list(scores),
        "mano": mano,
        "to_move": obs.to_move if playing else None,
        "teams": [texts.team(0), texts.team(1)],
        "players": players,
        "bet": _bet(obs.betting) if playing else None,
        "last": _last_result(obs.results, texts) if playing else None,
        "turn": turn,
        "true_senas": list(true_senas(obs.hand, obs.rules)),
        "log": [texts.event(e) for e in log],
        "history": _history(table.history, last if counting else None, obs, texts, whole_match=table.whole_match),
        "count": count_view(last, texts, obs.rules) if counting and last is not None else None,
        "winner": None if obs.winner is None else {
            "team": obs.winner,
            "text": message("ui.match_over" if obs.rules.games > 1 else "ui.winner", table.language,
                            team=texts.team(obs.winner)),
        },
        "moment": "count" if not playing else moment(obs),
        "tips": tip_moments(obs, counting) if counting or playing else [],
        "coach": _coach(table.coach, texts) if turn is not None and table.coach is not None else None,
        "steps": None if stepping is None else {
            "index": stepping.index,
            "count": stepping.count,
            "title": stepping.title,
            "note": stepping.note,
            "face_up": stepping.face_up,
            "toggle": stepping.toggle,
            "over": obs.is_over,
            "hands": [{"step": step, "text": text} for step, text in stepping.hands],
            "branches": [{"number": number, "text": text} for number, text in stepping.branches],
            "branch": None if stepping.branch is None else {"number": stepping.branch[0], "text": stepping.branch[1]},
        },
        "replay": None if replay is None else {
            "hand": replay.hand, "index": replay.index, "count": replay.count,
            "decision": None if replay.decision is None else decision_view(replay.decision, table.language),
        },
    }


def tip_moments(obs: Observation, counting: bool = False) -> list[str]:
    """The moments whose tips the tips box offers now, the most pressing first: answering a bet at Pares
    gives the betting tips, then those of Pares; a partner's proposal, the team answer, then betting."""
    if counting:
        return ["count"]
    if obs.is_over:
        return []
    first = moment(obs)
    lance = obs.betting.lance.value if obs.betting is not None else None
    out = [first]
    if first in ("team_answer", "ordago"):
        out.append("betting")
    if lance is not None and lance not in out:
        out.append(lance)
    return out


def moment(obs: Observation) -> str:
    """The moment of the game for the tips box: the phase, or the kind of answer the seat must give."""
    betting = obs.betting
    if obs.phase in (Phase.MUS, Phase.DISCARD) or betting is None:
        return obs.phase.value
    if obs.to_move == obs.seat and betting.proposal is not None:
        return "team_answer"
    if betting.ordago:
        return "ordago"
    if betting.bettor_team is not None and betting.bettor_team != obs.team:
        return "betting"
    return betting.lance.value


def with_hand(history: tuple[HandSummary, ...], last: HandSummary | None) -> tuple[HandSummary, ...]:
    """``history`` (the hands over, oldest first) with ``last``, a table's last hand now, kept if it is new;
    the hands of an earlier game (or of a game begun again: a hand number that goes back) dropped, and at
    most :data:`HISTORY_HANDS`. Every table calls it when a hand ends (or whenever it looks)."""
    if last is None or (history and (history[-1] is last or history[-1] == last)):
        return history
    same = tuple(h for h in history if h.game_number == last.game_number and h.hand_number < last.hand_number)
    return (*same, last)[-HISTORY_HANDS:]


def _history(history: Sequence[HandSummary], counted: HandSummary | None, obs: Observation,
             texts: Texts, *, whole_match: bool = False) -> list[HistoryLine]:
    """The log's lines before the hand shown (``counted``, the hand whose count is open, else the hand being
    played): of each earlier hand of the same game (of the match, ``whole_match``), a ``hand`` line, its
    events and a ``count`` line per row of its count. Only what was public: the log as everybody saw it, and
    the count."""
    game, hand = (counted.game_number, counted.hand_number) if counted is not None else (
        obs.game_number, obs.hand_number)
    names = tuple(texts.names)
    out: list[HistoryLine] = []
    for summary in history if whole_match else history[-HISTORY_HANDS:]:
        earlier = (summary.game_number, summary.hand_number) < (game, hand)
        if earlier if whole_match else summary.game_number == game and summary.hand_number < hand:
            lines = _hand_lines(summary, texts.language, names, obs.rules.negadas_at_count, whole_match)
            out.extend(HistoryLine(kind=kind, text=text, hand=summary.hand_number) for kind, text in lines)
    return out


LineKind = Literal["hand", "event", "count"]
"""What a line of the log's history is: a hand's heading, an event, or a line of a count."""


@functools.lru_cache(maxsize=4 * HISTORY_HANDS)
def _hand_lines(summary: HandSummary, language: str, names: tuple[str, ...],
                negadas_at_count: bool, whole_match: bool = False) -> tuple[tuple[LineKind, str], ...]:
    """The history's lines of one hand over, as (kind, text): rendered once per hand, language and names (the
    heading names the game too in a log of the ``whole_match``)."""
    texts = Texts(names, language)
    out: list[tuple[LineKind, str]] = []
    heading = "ui.steps.game_hand" if whole_match else "ui.log.hand"
    for event in summary.log:
        if event.kind == "deal":
            out.append(("hand", message(heading, language, hand=summary.hand_number,
                                        game=summary.game_number, mano=names[summary.mano])))
        else:
            out.append(("event", texts.event(event)))
    out.extend(("count", line) for line in count_lines(summary, texts, negadas_at_count))
    return tuple(out)


def _cards(hand: Hand) -> list[str]:
    return [str(card) for card in hand.cards]


def seat_turn(obs: Observation) -> Turn:
    """What the seat of ``obs``, the one to move, may do now, shaped for the turn's buttons (the scenario editor
    offers any seat's turn): bare calls, an envido to confirm, a range of envidos for the slider, órdago, and
    the partner's proposal when the seat answers for the team. ``choices`` are the actions of the fixed buttons
    and ``proposed`` the proposal, each as :meth:`Action.to_dict` (its kind, amount and canonical text), so the
    browser never reads an action's text; ``actions`` and ``proposal`` are the same as words and text."""
    if obs.phase is Phase.MUS:
        return {"kind": "mus", "actions": list(obs.legal_actions), "round": obs.mus_round,
                "choices": [_action(action) for action in obs.legal]}
    if obs.phase is Phase.DISCARD:
        return {"kind": "discard", "actions": ["discard"]}
    betting = obs.betting
    assert betting is not None
    legal = betting.legal()
    proposal = betting.proposal
    choices = [Action(kind) for kind in legal.kinds if kind is not Kind.ORDAGO]
    if legal.confirm:
        choices.append(envido(legal.confirm))
    return {
        "kind": "bet",
        "lance": betting.lance.value,
        "stake": betting.stake,
        "ordago_on": betting.ordago,
        "actions": [kind.value for kind in legal.kinds if kind is not Kind.ORDAGO],
        "confirm": legal.confirm,
        "raise": [legal.raise_from, legal.raise_to] if legal.raise_from else None,
        "ordago": Kind.ORDAGO in legal.kinds,
        "proposal": None if proposal is None else str(proposal),
        "proposer": betting.proposer if proposal is not None else None,
        "choices": [_action(action) for action in choices],
        "proposed": None if proposal is None else _action(proposal),
    }


def _action(action: Action) -> ActionView:
    """An action for the buttons, as :meth:`Action.to_dict` makes it (its keys are checked by
    tests/test_contract.py)."""
    return cast(ActionView, action.to_dict())


def _bet(betting: Betting | None) -> BetView | None:
    if betting is None:
        return None
    return {
        "lance": betting.lance.value,
        "stake": betting.stake,
        "ordago": betting.ordago,
        "bettor_team": betting.bettor_team,
        "eligible": list(betting.eligible),
    }


def _last_result(results: Sequence[LanceResult], texts: Texts) -> str | None:
    if not results:
        return None
    r = results[-1]
    values: dict[str, Value] = {"lance": r.lance.value, "outcome": r.outcome.value, "stake": r.stake}
    return message("event.lance", texts.language, **texts.values(values))


def _declarations(log: Sequence[Event]) -> dict[tuple[str, int], bool]:
    """Who said yes or no to pares and to juego in this log."""
    out: dict[tuple[str, int], bool] = {}
    for event in log:
        if event.kind == "declare" and event.seat is not None:
            out[(str(event.get("lance")), event.seat)] = bool(event.get("has"))
    return out


def _last_senas(log: Sequence[Event]) -> dict[int, str]:
    out: dict[int, str] = {}
    for event in log:
        if event.kind == "sena" and event.seat is not None:
            out[event.seat] = str(event.get("sena"))
    return out


def _bubbles(obs: Observation, texts: Texts) -> dict[int, Bubble]:
    """The speech bubble of each seat: its last word in the current round (this mus question, these
    discards, this lance), with its place in the log; a proposal awaiting the partner is a question."""
    phase = obs.phase.value
    last: dict[int, tuple[Event, int]] = {}
    for index, event in enumerate(obs.log):
        if event.kind == "mus_round" or (event.kind == "lance" and event.phase == phase):
            last.clear()
        if event.seat is None or event.phase != phase:
            continue
        if event.kind in ("call", "discard"):
            last[event.seat] = (event, index)
    betting = obs.betting
    proposer = betting.proposer if betting is not None and betting.proposal is not None else None
    out: dict[int, Bubble] = {}
    for seat, (event, at) in last.items():
        if event.kind == "call":
            said = call_text(event, texts.language)
            ask = seat == proposer
            out[seat] = {"text": message("ui.proposal", texts.language, action=said) if ask else said, "at": at,
                         "ask": ask}
        else:
            out[seat] = {"text": message("action.discard", texts.language, count=event.get("count")), "at": at,
                         "ask": False}
    return out


def _coach(advice: Advice, texts: Texts) -> CoachView:
    """The coach's box: the expert's action in words, its reason, and the chance at the lance."""
    lang = texts.language
    return {
        "action": advice.action,
        "said": action_text(advice.action, lang),
        "why": texts.reason(advice.reason),
        "chance": None if advice.chance is None else message(
            "ui.coach.chance", lang, chance=advice.chance, lance=message(f"lance.{advice.lance}", lang)
        ),
    }


