"""What one seat may know: its own cards and everything public, nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .betting import Betting, LanceResult
from .cards import Card, Hand, parse_cards
from .errors import RecordError
from .frozen import fast_init
from .hands import Lance
from .log import Event, HandSummary, result_from_dict, result_to_dict
from .phase import Phase
from .rules import Rules
from .seats import check_seat, team_of


@fast_init
@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the game, built by :meth:`Game.observe`; bots and the widget see only this."""

    seat: int
    hand: Hand
    """The seat's four cards; while it waits to be served, they still include the cards it put down."""
    discarded: tuple[Card, ...]
    """This seat's own discards still on the table this hand (a reshuffle takes them back into the stock)."""
    discarding: tuple[Card, ...]
    """The cards this seat put down this mus round, waiting for the postre to serve it (part of ``hand`` and
    of ``discarded``); empty outside the discards."""
    rules: Rules
    phase: Phase
    to_move: int | None
    legal_actions: tuple[str, ...]
    """The seat's legal actions when it is to move, else empty."""
    mano: int
    game_number: int
    hand_number: int
    mus_round: int
    scores: tuple[int, int]
    games_won: tuple[int, int]
    betting: Betting | None
    results: tuple[LanceResult, ...]
    """Lances settled so far in this hand."""
    pares_declared: tuple[bool, ...] | None
    juego_declared: tuple[bool, ...] | None
    log: tuple[Event, ...]
    """The public events of this hand, in order."""
    last_hand: HandSummary | None
    """The previous hand of the match, with the hands if they were shown and its count."""
    winner: int | None

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def legal(self) -> tuple[Action, ...]:
        """The legal actions parsed, in the order of :attr:`legal_actions` (each text is parsed once, then
        read from the parser's cache)."""
        return tuple(map(Action.parse, self.legal_actions))

    def to_dict(self) -> dict[str, Any]:
        """The observation as plain JSON; cards in the canonical notation."""
        return {**self.own_dict(), **self.public_dict()}

    def own_dict(self) -> dict[str, Any]:
        """The part of :meth:`to_dict` that is this seat's own: who it is, its cards, its legal actions."""
        return {
            "seat": self.seat,
            "team": self.team,
            "hand": str(self.hand),
            "discarded": " ".join(map(str, self.discarded)),
            "discarding": " ".join(map(str, self.discarding)),
            "legal_actions": list(self.legal_actions),
        }

    def public_dict(self) -> dict[str, Any]:
        """The rest of :meth:`to_dict`: what every seat sees alike at this moment (the same for the four seats
        of a game; a server writes it once for all of them)."""
        betting = self.betting
        return {
            "rules": self.rules.to_dict(),
            "phase": self.phase.value,
            "lance": None if self.phase.lance is None else self.phase.lance.value,
            "to_move": self.to_move,
            "mano": self.mano,
            "game_number": self.game_number,
            "hand_number": self.hand_number,
            "mus_round": self.mus_round,
            "scores": list(self.scores),
            "games_won": list(self.games_won),
            "betting": None if betting is None else {
                "lance": betting.lance.value,
                "eligible": list(betting.eligible),
                "to_move": betting.to_move,
                "max_envido": betting.max_envido,
                "team_consent": betting.team_consent,
                "position": betting.position,
                "bettor_team": betting.bettor_team,
                "stake": betting.stake,
                "previous": betting.previous,
                "refusal": betting.refusal,
                "ordago": betting.ordago,
                "proposer": betting.proposer,
                "proposal": None if betting.proposal is None else str(betting.proposal),
            },
            "results": [result_to_dict(r) for r in self.results],
            "declarations": {
                "pares": None if self.pares_declared is None else list(self.pares_declared),
                "juego": None if self.juego_declared is None else list(self.juego_declared),
            },
            "log": [event.to_dict() for event in self.log],
            "last_hand": None if self.last_hand is None else self.last_hand.to_dict(),
            "is_over": self.is_over,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Observation:
        """The observation :meth:`to_dict` wrote, equal to the original (how a served seat's client gets
        the engine's own object back). Raises :class:`RecordError` for anything of another shape."""
        try:
            declared = data["declarations"]
            last = data["last_hand"]
            return cls(
                seat=check_seat(data["seat"]),
                hand=Hand.parse(data["hand"]),
                discarded=parse_cards(data["discarded"]),
                discarding=parse_cards(data["discarding"]),
                rules=Rules.from_dict(data["rules"]),
                phase=Phase(data["phase"]),
                to_move=data["to_move"],
                legal_actions=tuple(data["legal_actions"]),
                mano=data["mano"],
                game_number=data["game_number"],
                hand_number=data["hand_number"],
                mus_round=data["mus_round"],
                scores=(data["scores"][0], data["scores"][1]),
                games_won=(data["games_won"][0], data["games_won"][1]),
                betting=_betting_from_dict(data["betting"]),
                results=tuple(result_from_dict(r) for r in data["results"]),
                pares_declared=None if declared["pares"] is None else tuple(declared["pares"]),
                juego_declared=None if declared["juego"] is None else tuple(declared["juego"]),
                log=tuple(Event.from_dict(e) for e in data["log"]),
                last_hand=None if last is None else HandSummary.from_dict(last),
                winner=data["winner"],
            )
        except (KeyError, TypeError, IndexError, AttributeError, ValueError) as error:
            raise RecordError(f"not an observation of Observation.to_dict's shape: {error!r}") from None


def _betting_from_dict(data: dict[str, Any] | None) -> Betting | None:
    if data is None:
        return None
    proposal = data["proposal"]
    return Betting(
        Lance(data["lance"]), tuple(data["eligible"]), data["to_move"], data["max_envido"], data["team_consent"],
        position=data["position"], bettor_team=data["bettor_team"], stake=data["stake"], previous=data["previous"],
        ordago=data["ordago"], proposer=data["proposer"], proposal=None if proposal is None else Action.parse(proposal),
    )
