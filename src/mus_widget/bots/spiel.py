"""An OpenSpiel-style view of Mus for researchers: integer actions, chance nodes, information states and tensors.

:class:`SpielState` wraps an engine :class:`Game` the way OpenSpiel sees a game, with nothing of OpenSpiel
needed (:mod:`.openspiel` registers it with ``pyspiel`` when that is installed). The players are the four
seats; a team's win is +1 to both its seats and -1 to the others.

Chance is explicit. The engine deals every hand, serves every draw and makes every reshuffle from RNGs seeded
by the game's seed, so the one chance node is the root: its outcome ``i`` (of ``deals``, each ``1 / deals``) is
the seed ``i``, and with it the deal of every hand and the order of the stock that the draws after the discards
come from. :func:`draw_outcomes` gives the chance of each card a seat may be served, from what that seat saw.

The information state of a seat is everything it has seen, in order (its cards as dealt and drawn, every public
event, each hand's summary); the observation is its present view (:meth:`Game.observe`). Hidden cards are read
only through ``observe(seat)``. :meth:`SpielState.serialize` is the game's record as text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from ..engine.actions import Action, Kind
from ..engine.cards import Card
from ..engine.game import Game
from ..engine.hands import Lance
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.redeal import hidden_cards
from ..engine.rules import Rules
from ..engine.seats import team_of

CHANCE: Final = -1
"""OpenSpiel's player id of a chance node."""
TERMINAL: Final = -4
"""OpenSpiel's player id once the game is over."""
DEALS: Final = 1 << 16
"""How many seeds the root's chance node chooses from by default."""
BARE: Final = (Kind.MUS, Kind.NO_MUS, Kind.PASO, Kind.QUIERO, Kind.NO_QUIERO, Kind.ORDAGO)
"""The actions without cards or amount, ids 0 to 5."""
FIRST_DISCARD: Final = len(BARE)
"""Ids 6 to 20 are the discards, 6 + mask - 1, bit ``b`` of the mask the seat's card at place ``b`` of its hand."""
FIRST_ENVIDO: Final = FIRST_DISCARD + 15
"""Ids from 21 are ``envido 2``, ``envido 3``... up to the target."""
MIN_ENVIDO: Final = 2


def num_actions(rules: Rules) -> int:
    """How many action ids there are under ``rules``: the bare calls, 15 discards, the envidos up to the target."""
    return FIRST_ENVIDO + rules.target - MIN_ENVIDO + 1


def action_id(game: Game, text: str) -> int:
    """The id of ``text``, an action of the seat to move in ``game``."""
    action = Action.parse(text)
    if action.kind is Kind.ENVIDO:
        return FIRST_ENVIDO + action.amount - MIN_ENVIDO
    if action.kind is Kind.DISCARD:
        seat = game.to_move
        assert seat is not None
        cards = game.hands[seat].cards
        return FIRST_DISCARD + sum(1 << cards.index(card) for card in action.cards) - 1
    return BARE.index(action.kind)


def action_text(game: Game, action: int) -> str:
    """The engine's notation of id ``action`` for the seat to move in ``game``."""
    if action < FIRST_DISCARD:
        return str(BARE[action].value)
    if action < FIRST_ENVIDO:
        seat = game.to_move
        assert seat is not None
        mask = action - FIRST_DISCARD + 1
        return "discard " + " ".join(str(c) for b, c in enumerate(game.hands[seat].cards) if mask >> b & 1)
    return f"envido {action - FIRST_ENVIDO + MIN_ENVIDO}"


def legal_ids(game: Game) -> list[int]:
    """The ids of the legal actions of the seat to move, ascending; every envido in range, not only the least."""
    betting = game.betting
    if betting is None:
        return sorted(action_id(game, text) for text in game.legal_actions())
    legal = betting.legal()
    ids = {BARE.index(kind) for kind in legal.kinds}
    amounts = set() if not legal.confirm else {legal.confirm}
    if legal.raise_from:
        amounts |= set(range(legal.raise_from, min(legal.raise_to, game.rules.target) + 1))
    return sorted(ids | {FIRST_ENVIDO + amount - MIN_ENVIDO for amount in amounts})


def deal_outcomes(deals: int = DEALS) -> list[tuple[int, float]]:
    """The root's chance node: each seed ``0 .. deals - 1`` with probability ``1 / deals``."""
    return [(seed, 1.0 / deals) for seed in range(deals)]


def draw_outcomes(game: Game, seat: int) -> dict[Card, Fraction]:
    """For ``seat`` waiting to be served, the chance of each card to be among its draws, from what it has seen:
    the stock is a uniform shuffle of the cards it cannot see, so each comes with the same chance (the share of
    its draws among those cards; what the other seats did is left out). Empty when it waits for nothing."""
    waiting = len(game.observe(seat).discarding)
    if not waiting:
        return {}
    hidden = sorted(hidden_cards(game, seat), key=lambda card: card.index)
    return {card: Fraction(waiting, len(hidden)) for card in hidden}


def _line(event: Any) -> str:
    return json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"))


def seen_since(before: Observation | None, after: Observation) -> tuple[str, ...]:
    """What a seat sees between two of its observations, as lines: its new cards, the new public events, the
    summary of a hand that ended."""
    lines: list[str] = []
    earlier = () if before is None else before.log
    same_hand = before is not None and (before.game_number, before.hand_number) == (after.game_number,
                                                                                    after.hand_number)
    summary = after.last_hand
    if before is not None and summary is not None and summary != before.last_hand:
        lines += map(_line, summary.log[len(earlier):])
        shown = summary.to_dict()
        shown.pop("log", None)
        lines.append("hand over " + json.dumps(shown, sort_keys=True, separators=(",", ":")))
        earlier = summary.log if same_hand else ()
    elif not same_hand:
        earlier = ()
    if before is None or not same_hand or after.hand != before.hand:
        lines.append(f"hand {after.hand}")
    lines += map(_line, after.log[len(earlier):] if after.log[: len(earlier)] == earlier else after.log)
    return tuple(lines)


def _view(observation: Observation) -> dict[str, Any]:
    """An observation's present view for the observation string: no log (the information state keeps that)."""
    view = observation.to_dict()
    view.pop("log")
    view.pop("last_hand")
    return view


PHASES: Final = tuple(Phase)
_LANCES: Final = tuple(Lance)
OBSERVATION_SIZE: Final = 4 + 3 * 40 + len(PHASES) + 5 + 4 + 2 + 2 + 1 + 10 + len(_LANCES) + 4 + 2 + 3
"""The length of :meth:`SpielState.observation_tensor`."""
INFORMATION_SIZE: Final = OBSERVATION_SIZE + 40 + 4 * len(Kind)
"""The length of :meth:`SpielState.information_state_tensor`."""


def observation_tensor(observation: Observation) -> list[float]:
    """The seat's present view as numbers: seat, its cards, discards and cards put down (by card index), the
    phase, who is to move, mano, scores and games won, the mus round, the declarations, the betting."""
    out = [0.0] * OBSERVATION_SIZE
    at = 0

    def one_hot(index: int | None, size: int) -> None:
        nonlocal at
        if index is not None:
            out[at + index] = 1.0
        at += size

    def cards(held: tuple[Card, ...]) -> None:
        nonlocal at
        for card in held:
            out[at + card.index] = 1.0
        at += 40

    def numbers(*values: float) -> None:
        nonlocal at
        out[at : at + len(values)] = values
        at += len(values)

    rules = observation.rules
    one_hot(observation.seat, 4)
    cards(observation.hand.cards)
    cards(observation.discarded)
    cards(observation.discarding)
    one_hot(PHASES.index(observation.phase), len(PHASES))
    one_hot(4 if observation.to_move is None else observation.to_move, 5)
    one_hot(observation.mano, 4)
    numbers(*(score / rules.target for score in observation.scores))
    numbers(*(won / rules.games for won in observation.games_won))
    numbers(min(observation.mus_round, 10) / 10)
    for declared in (observation.pares_declared, observation.juego_declared):
        numbers(float(declared is not None), *(float(held) for held in declared or (False,) * 4))
    settled = {result.lance for result in observation.results}
    numbers(*(float(lance in settled) for lance in _LANCES))
    betting = observation.betting
    if betting is not None:
        numbers(*(float(seat in betting.eligible) for seat in range(4)))
        one_hot(betting.bettor_team, 2)
        numbers(betting.stake / rules.target, betting.previous / rules.target, float(betting.ordago))
    assert betting is None or at == OBSERVATION_SIZE
    return out


@dataclass(frozen=True, slots=True, eq=False)
class SpielState:
    """A state as OpenSpiel sees it: the root chance node (``game`` None) or an engine game, with every seat's
    information state so far. Immutable: :meth:`child` returns a new one. Two states are equal when their
    :meth:`serialize` and information states are."""

    rules: Rules
    deals: int
    game: Game | None
    seen: tuple[tuple[str, ...], ...]
    """Every seat's information state so far, one line each thing it saw."""
    held: tuple[frozenset[Card], ...]
    """Every seat's cards held this hand (dealt, drawn), for the information-state tensor."""
    counts: tuple[tuple[int, ...], ...]
    """How many times each seat said each kind of action this hand, for the information-state tensor."""

    @classmethod
    def initial(cls, rules: Rules = Rules(), deals: int = DEALS) -> SpielState:
        """The root: a chance node over ``deals`` seeds."""
        return cls(rules, deals, None, ((),) * 4, (frozenset(),) * 4, ((0,) * len(Kind),) * 4)

    @classmethod
    def dealt(cls, game: Game, deals: int = DEALS) -> SpielState:
        """The state of ``game`` just dealt (from :meth:`Game.new`, or a scripted deal of :meth:`Game.from_deal`
        whose seed deals the rest), as if the root's chance node had chosen it."""
        if game.actions:
            raise ValueError("a game just dealt, before any action")
        return cls.initial(game.rules, deals)._after(None, game, None)

    def current_player(self) -> int:
        if self.game is None:
            return CHANCE
        if self.game.is_over:
            return TERMINAL
        assert self.game.to_move is not None
        return self.game.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.game is None, "the only chance node is the root"
        return deal_outcomes(self.deals)

    def legal_actions(self) -> list[int]:
        if self.game is None:
            return list(range(self.deals))
        return [] if self.game.is_over else legal_ids(self.game)

    def action_to_string(self, action: int) -> str:
        if self.game is None:
            return f"deal seed {action}"
        return action_text(self.game, action)

    def child(self, action: int) -> SpielState:
        """The state after ``action``: a seed at the root, else an action id of the seat to move."""
        if self.game is None:
            if not 0 <= action < self.deals:
                raise ValueError(f"the deal's outcomes are 0 to {self.deals - 1}, not {action}")
            return self._after(None, Game.new(seed=action, rules=self.rules), None)
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal: {self.legal_actions()}")
        text = action_text(self.game, action)
        return self._after(self.game, self.game.apply(text), (self.game.to_move, Action.parse(text).kind))

    def _after(self, before: Game | None, after: Game, said: tuple[int | None, Kind] | None) -> SpielState:
        seen, held, counts = [], [], []
        for seat in range(4):
            old = None if before is None else before.observe(seat)
            new = after.observe(seat)
            seen.append(self.seen[seat] + seen_since(old, new))
            fresh = old is None or (old.game_number, old.hand_number) != (new.game_number, new.hand_number)
            held.append(frozenset(new.hand.cards) | (frozenset() if fresh else self.held[seat]))
            row = [0] * len(Kind) if fresh else list(self.counts[seat])
            if said is not None and not fresh:
                row[list(Kind).index(said[1])] += 1 if said[0] == seat else 0
            counts.append(tuple(row))
        return SpielState(self.rules, self.deals, after, tuple(seen), tuple(held), tuple(counts))

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        """+1 to both seats of the winning team, -1 to the others; nought before the end."""
        if self.game is None or self.game.winner is None:
            return [0.0] * 4
        return [1.0 if team_of(seat) == self.game.winner else -1.0 for seat in range(4)]

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, one line each."""
        return "\n".join((f"seat {seat}", *self.seen[seat]))

    def observation_string(self, seat: int) -> str:
        """``seat``'s present view: its cards and everything public now (the hand's log aside)."""
        if self.game is None:
            return f"seat {seat}: the deal"
        return json.dumps(_view(self.game.observe(seat)), sort_keys=True, separators=(",", ":"))

    def observation_tensor(self, seat: int) -> list[float]:
        if self.game is None:
            out = [0.0] * OBSERVATION_SIZE
            out[seat] = 1.0
            return out
        return observation_tensor(self.game.observe(seat))

    def information_state_tensor(self, seat: int) -> list[float]:
        """The observation tensor, then every card ``seat`` has held this hand and how often each seat said each
        kind of action this hand (a summary: the string is the whole information state)."""
        extra = [0.0] * (INFORMATION_SIZE - OBSERVATION_SIZE)
        for card in self.held[seat]:
            extra[card.index] = 1.0
        for other in range(4):
            for kind, count in enumerate(self.counts[other]):
                extra[40 + other * len(Kind) + kind] = min(count, 10) / 10
        return self.observation_tensor(seat) + extra

    def serialize(self) -> str:
        """The state as text: the root's deals, then the game's record (JSON), or nothing at the root."""
        record = "" if self.game is None else json.dumps(self.game.record(), separators=(",", ":"))
        return f"{self.deals}\n{record}"

    @classmethod
    def deserialize(cls, text: str) -> SpielState:
        """The state :meth:`serialize` wrote, its information states replayed from the record."""
        deals_text, _, record = text.partition("\n")
        if not record:
            return cls.initial(deals=int(deals_text))
        data = json.loads(record)
        game = Game.from_record(record)
        state = cls.dealt(Game.from_record({**data, "actions": [], "senas": []}), int(deals_text))
        for text_action in game.actions:
            assert state.game is not None
            state = state.child(action_id(state.game, text_action))
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpielState):
            return NotImplemented
        return (self.serialize(), self.seen, self.held, self.counts) == (
            other.serialize(), other.seen, other.held, other.counts)

    def __hash__(self) -> int:
        return hash(self.serialize())

    def __str__(self) -> str:
        return "root (the deal)" if self.game is None else repr(self.game)


__all__ = ["CHANCE", "DEALS", "TERMINAL", "SpielState", "action_id", "action_text", "deal_outcomes",
           "draw_outcomes", "legal_ids", "num_actions"]
