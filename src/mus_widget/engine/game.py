"""The game as an immutable state machine: the deal, mus and discards, the four lances, the count,
the game to the target and a match of several games.

Every :meth:`Game.apply` checks legality and returns a new state; the old one is untouched. Shuffles
come from RNGs seeded by the game seed and the shuffle's place in the match, so a record of the seed
and the actions replays exactly, from any state.
"""

from __future__ import annotations

import itertools
import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .actions import Action, Kind
from .betting import Betting, LanceResult, Outcome
from .cards import DECK, Card, Hand
from .errors import IllegalActionError, MalformedActionError, MusError, NotationError, RecordError
from .hands import HandValue, Lance, evaluate
from .log import Event, HandSummary
from .observation import Observation
from .phase import Phase
from .rules import Rules
from .scoring import CountRow, Value, card_winner, count_row
from .seats import (
    SEAT_NAMES,
    check_seat,
    next_seat,
    position_of,
    speaking_order,
    team_of,
)
from .senas import sena as find_sena

RECORD_FORMAT: Final = "mus-widget/record"
RECORD_VERSION: Final = 2
"""Version 2 serves the discards only once all four have discarded (the tournament order). Version 1 served
each player as they discarded; the same cards are drawn until the stock runs out, so a version-1 record
replays exactly unless it reshuffles, and :meth:`Game.from_record` refuses it at that action."""
SEED_DIGITS: Final = 40
"""The longest seed a record or a scenario may give: a 128-bit seed has 39 digits, anything longer is a mistake."""
MAX_RECORD_TEXT: Final = 16_000_000
"""The longest record text read: some thousand times a long match (about 10 characters an action)."""

_DISCARD_SUBSETS: Final = tuple(
    combo for size in range(1, 5) for combo in itertools.combinations(range(4), size)
)
_NOTHING_WAITING: Final[tuple[tuple[Card, ...], ...]] = ((), (), (), ())
_NEXT_LANCE: Final = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}

# For each place in a list of up to 40 cards, from the last: the place and the bits to draw for it.
_SWAP_BITS: Final = tuple((i, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` does (the same permutation for the same RNG, so
    records replay), in about half the time: the loop of ``random.shuffle`` with its draw inlined."""
    getrandbits = rng.getrandbits
    for i, bits in _SWAP_BITS[len(DECK) - len(cards):]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


# A persistent list: (newest item, rest) or None, so appending to a log never copies it.
_Chain = tuple[Any, Any] | None


def _unchain(chain: _Chain) -> list[Any]:
    out = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


@dataclass(frozen=True, slots=True)
class _Script:
    """The scripted first deal of a game made with :meth:`Game.from_deal`."""

    hands: tuple[Hand, ...]
    mano: int
    scores: tuple[int, int]


class Game:
    """One match of Mus (one game, or best of ``rules.games``), at one moment. Immutable.

    Make one with :meth:`new`, :meth:`from_deal` or :meth:`from_record`; move on with :meth:`apply`
    (the player to move) and :meth:`sena` (anyone, any time). ``hands`` is the full state and stays in
    Python: players and bots get :meth:`observe`.
    """

    _rules: Rules
    _seed: int
    _script: _Script | None
    _game_number: int
    _games_won: tuple[int, int]
    _scores: tuple[int, int]
    _hand_number: int
    _mano: int
    _hands: tuple[Hand, ...]
    _values: tuple[HandValue, ...]
    _stock: tuple[Card, ...]
    _pile: tuple[Card, ...]
    _thrown: tuple[tuple[Card, ...], ...]
    _waiting: tuple[tuple[Card, ...], ...]
    _shuffles: int
    _phase: Phase
    _to_move: int | None
    _mus_round: int
    _betting: Betting | None
    _results: tuple[LanceResult, ...]
    _pares_declared: bool
    _juego_declared: bool
    _log: _Chain
    _actions: _Chain
    _n_actions: int
    _senas: tuple[tuple[int, int, str], ...]
    _last_count: tuple[CountRow, ...]
    _last_hand: HandSummary | None
    _winner: int | None

    def __init__(self) -> None:
        raise TypeError("use Game.new(), Game.from_deal() or Game.from_record()")

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(cls, seed: int | None = None, rules: Rules = Rules()) -> Game:
        """A new match; the first mano and every deal come from ``seed`` (a random one if None)."""
        return cls._start(_check_seed(seed), rules, None)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Hand | str],
        mano: int = 0,
        scores: tuple[int, int] = (0, 0),
        seed: int = 0,
        rules: Rules = Rules(),
    ) -> Game:
        """A game whose first hand is dealt from a script (for teaching and tests); later deals use ``seed``."""
        parsed = tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in hands)
        if len(parsed) != 4:
            raise NotationError(f"a deal is four hands, one per seat, not {len(parsed)}")
        cards = [c.index for h in parsed for c in h.cards]
        if len(set(cards)) != len(cards):
            twice = next(DECK[i] for n, i in enumerate(cards) if i in cards[:n])
            raise NotationError(f"the card {twice} is dealt twice in {', '.join(map(str, parsed))}")
        check_seat(mano)
        if (
            not isinstance(scores, Sequence) or len(scores) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.target for s in scores)
        ):
            raise NotationError(f"scores must be two whole numbers from 0 to {rules.target - 1}, not {scores!r}")
        script = _Script(parsed, mano, (scores[0], scores[1]))
        return cls._start(_check_seed(seed), rules, script)

    @classmethod
    def _start(cls, seed: int, rules: Rules, script: _Script | None) -> Game:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {rules!r}")
        g = object.__new__(cls)
        g._rules = rules
        g._seed = seed
        g._script = script
        g._games_won = (0, 0)
        g._actions = None
        g._n_actions = 0
        g._senas = ()
        g._last_count = ()
        g._last_hand = None
        g._winner = None
        g._begin_game(1)
        return g

    def _copy(self) -> Game:
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        return g

    # ----------------------------------------------------------------- public state

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def lance(self) -> Lance | None:
        """The lance being bet now, if any."""
        return self._phase.lance

    @property
    def to_move(self) -> int | None:
        """The seat whose action is awaited; None once the match is over."""
        return self._to_move

    @property
    def scores(self) -> tuple[int, int]:
        """Points of team 0 and team 1 in the current game."""
        return self._scores

    @property
    def games_won(self) -> tuple[int, int]:
        return self._games_won

    @property
    def game_number(self) -> int:
        """1-based number of the game in the match."""
        return self._game_number

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in the current game."""
        return self._hand_number

    @property
    def mano(self) -> int:
        return self._mano

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The four hands, by seat: the full state, never for players' eyes."""
        return self._hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, next card first: full state, never for players' eyes."""
        return self._stock

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discards on the table this hand since the last reshuffle, those of players still waiting to be
        served excepted (see :attr:`waiting`): full state."""
        return self._pile

    @property
    def waiting(self) -> tuple[tuple[Card, ...], ...]:
        """By seat, the cards put down this mus round and not yet replaced: while the players discard, these
        are still in :attr:`hands` (the postre serves only once all four have discarded). Full state."""
        return self._waiting

    @property
    def betting(self) -> Betting | None:
        """The betting of the current lance, if one is being bet."""
        return self._betting

    @property
    def results(self) -> tuple[LanceResult, ...]:
        """The lances settled so far in this hand."""
        return self._results

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The team that won the match, once it is over."""
        return self._winner

    @property
    def last_count(self) -> tuple[CountRow, ...]:
        """The rows of the last hand that ended (counted, or decided by an órdago)."""
        return self._last_count

    @property
    def last_hand(self) -> HandSummary | None:
        return self._last_hand

    @property
    def log(self) -> tuple[Event, ...]:
        """The public events of the current hand."""
        return tuple(_unchain(self._log))

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action applied since the start of the match, in canonical notation."""
        return tuple(_unchain(self._actions))

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self._phase.value}, seat {self._to_move} to move"
        return (
            f"<Game seed={self._seed} game {self._game_number} hand {self._hand_number} "
            f"mano={self._mano} scores={self._scores} {where}>"
        )

    # ----------------------------------------------------------------- legality

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat to move, in canonical notation; a range of envidos shows as the
        smallest (``envido 2``), and ``apply`` takes any amount in range."""
        phase = self._phase
        if self._betting is not None:
            return self._betting.legal().strings()
        if phase is Phase.MUS:
            return ["mus"] if self._mus_corrido() else ["mus", "no-mus"]
        if phase is Phase.DISCARD:
            assert self._to_move is not None
            cards = [str(c) for c in self._hands[self._to_move].cards]
            return ["discard " + " ".join(cards[i] for i in combo) for combo in _DISCARD_SUBSETS]
        return []

    def _describe_legal(self) -> str:
        """The legal actions for error messages, envido ranges spelled out."""
        if self._betting is not None:
            return self._betting.legal().describe()
        if self._phase is Phase.DISCARD:
            assert self._to_move is not None
            return f"discard 1 to 4 of your cards ({self._hands[self._to_move]})"
        return ", ".join(self.legal_actions()) or "none"

    def _mus_corrido(self) -> bool:
        return self._rules.mus_corrido_first_hand and self._hand_number == 1 and self._mus_round == 1

    def _refuse(self, action: Action, seat: int, legal: str) -> IllegalActionError:
        return IllegalActionError(
            f"'{action}' is not legal for seat {seat} ({SEAT_NAMES[seat]}) in {self._phase.value}: "
            f"the legal actions now are {legal}"
        )

    # ----------------------------------------------------------------- apply

    def apply(self, action: str | Action, seat: int | None = None) -> Game:
        """The state after the seat to move plays ``action``; ``seat``, if given, must be that seat.

        Raises :class:`MalformedActionError` for text that is no action and :class:`IllegalActionError`
        for an action that is not legal now; this state never changes.
        """
        mover = self._to_move
        try:
            act = action if isinstance(action, Action) else Action.parse(action)
        except MalformedActionError as error:
            where = "the match is over" if mover is None else (
                f"seat {mover} ({SEAT_NAMES[mover]}) is to move in {self._phase.value}; "
                f"the legal actions now are {self._describe_legal()}"
            )
            raise MalformedActionError(f"{error}; {where}") from None
        if mover is None:
            raise IllegalActionError(f"'{act}' cannot be played: the match is over (team {self._winner} won)")
        if seat is not None and seat != mover:
            check_seat(seat)
            raise IllegalActionError(
                f"'{act}' by seat {seat} ({SEAT_NAMES[seat]}): it is seat {mover} ({SEAT_NAMES[mover]})'s "
                f"turn in {self._phase.value}, and seat {seat} has no legal action now "
                f"(seat {mover} may play {self._describe_legal()})"
            )
        betting = self._betting
        if betting is not None:
            legal = betting.legal()
            if not legal.allows(act):
                raise self._refuse(act, mover, legal.describe())
            g = self._record(act)
            g._event("call", mover, (("action", str(act)),))
            step = betting.step(mover, act)
            if isinstance(step, Betting):
                g._betting = step
                g._to_move = step.to_move
            else:
                g._settle(step)
            return g
        if self._phase is Phase.MUS:
            if act.kind is Kind.MUS or (act.kind is Kind.NO_MUS and not self._mus_corrido()):
                g = self._record(act)
                g._event("call", mover, (("action", str(act)),))
                g._mus_call(mover, act)
                return g
            raise self._refuse(act, mover, self._describe_legal())
        # Phase.DISCARD
        if act.kind is not Kind.DISCARD or not all(c in self._hands[mover].cards for c in act.cards):
            raise self._refuse(act, mover, self._describe_legal())
        g = self._record(act)
        g._discard(mover, act.cards)
        return g

    def _record(self, act: Action) -> Game:
        g = self._copy()
        g._actions = (str(act), self._actions)
        g._n_actions = self._n_actions + 1
        return g

    def _event(self, kind: str, seat: int | None = None, detail: tuple[tuple[str, Value], ...] = ()) -> Event:
        event = Event(kind, seat, self._phase._value_, detail)  # _value_: no descriptor
        self._log = (event, self._log)
        return event

    # The methods below change ``self`` and are only ever called on a fresh copy inside apply().

    def _mus_call(self, seat: int, act: Action) -> None:
        if act.kind is Kind.NO_MUS:
            self._begin_lance(Lance.GRANDE)
        elif position_of(seat, self._mano) == 3:
            self._phase = Phase.DISCARD
            self._to_move = self._mano
        else:
            self._to_move = next_seat(seat)

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` puts ``cards`` face down; once the postre has discarded too, the postre serves."""
        self._waiting = (*self._waiting[:seat], cards, *self._waiting[seat + 1 :])
        self._thrown = (*self._thrown[:seat], self._thrown[seat] + cards, *self._thrown[seat + 1 :])
        self._event("discard", seat, (("count", len(cards)),))
        if position_of(seat, self._mano) == 3:
            self._serve()
            self._phase = Phase.MUS
            self._mus_round += 1
            self._to_move = self._mano
            self._event("mus_round", None, (("round", self._mus_round),))
        else:
            self._to_move = next_seat(seat)

    def _serve(self) -> None:
        """The postre serves each player in speaking order as many cards as they threw, from the top of the
        stock. When the stock runs out, every discard on the table is shuffled into a new stock under the cards
        left, except, when the player to serve is the last one, the cards that player has just thrown."""
        waiting = self._waiting
        order = speaking_order(self._mano)
        stock, pile = self._stock, self._pile + tuple(c for seat in order for c in waiting[seat])
        hands, values = list(self._hands), list(self._values)
        for place, seat in enumerate(order):
            thrown = waiting[seat]
            if len(stock) < len(thrown):
                aside = thrown if place == 3 else ()
                fresh = [c for c in pile if c not in aside]
                self._shuffles += 1
                _shuffle(self._rng(self._shuffles), fresh)
                self._event("reshuffle", None, (("cards", len(fresh)), ("aside", len(aside))))
                stock, pile = stock + tuple(fresh), aside
                self._thrown = tuple(aside if s == seat else () for s in range(4))
            hand = Hand._dealt(tuple(c for c in hands[seat].cards if c not in thrown) + stock[: len(thrown)])
            stock = stock[len(thrown) :]
            hands[seat] = hand
            values[seat] = evaluate(hand, self._rules)
        self._hands, self._values = tuple(hands), tuple(values)
        self._stock, self._pile = stock, pile
        self._waiting = _NOTHING_WAITING

    def _begin_lance(self, lance: Lance) -> None:
        """Start betting ``lance``, or settle it at once when it needs no betting, and go on."""
        order = speaking_order(self._mano)
        if lance is Lance.PARES:
            self._phase = Phase.PARES
            self._pares_declared = True
            for seat in order:
                self._event("declare", seat, (("lance", "pares"), ("has", self._values[seat].has_pares)))
            eligible = tuple(s for s in order if self._values[s].has_pares)
        elif lance is Lance.JUEGO:
            self._phase = Phase.JUEGO
            self._juego_declared = True
            for seat in order:
                self._event("declare", seat, (("lance", "juego"), ("has", self._values[seat].has_juego)))
            eligible = tuple(s for s in order if self._values[s].has_juego)
            if not eligible:
                lance, eligible = Lance.PUNTO, order
        else:
            eligible = order
        self._phase = Phase.of(lance)
        teams = {team_of(s) for s in eligible}
        if len(teams) == 2:
            self._betting = Betting.open(lance, eligible, self._rules.target, self._rules.team_consent)
            self._to_move = eligible[0]
        elif teams:
            self._settle(LanceResult(lance, Outcome.ONE_TEAM, team=teams.pop()))
        else:
            self._settle(LanceResult(lance, Outcome.NOBODY))

    def _settle(self, result: LanceResult) -> None:
        """Close a lance: score a negada, end the game on an órdago, then go to the next lance or the count."""
        self._betting = None
        self._results = (*self._results, result)
        detail: tuple[tuple[str, Value], ...] = (
            ("lance", result.lance.value), ("outcome", result.outcome.value), ("stake", result.stake),
        )
        if result.team is not None:
            detail = (*detail, ("team", result.team))
        self._event("lance", None, detail)
        if result.outcome is Outcome.REJECTED and not self._rules.negadas_at_count:
            assert result.team is not None
            self._event("negada", None, (("lance", result.lance.value), ("team", result.team),
                                         ("points", result.stake)))
            if self._add_points(result.team, result.stake):
                self._end_hand(shown=False, rows=())
                self._end_game(result.team)
                return
        if result.outcome is Outcome.ORDAGO:
            seat, why = card_winner(result.lance, self._values, self._hands, self._mano)
            team = team_of(seat)
            row = CountRow(result.lance, Outcome.ORDAGO, 0, 0, team, why, 0)
            self._end_hand(shown=True, rows=(row,))
            self._end_game(team, ordago=True)
            return
        following = _NEXT_LANCE.get(result.lance)
        if following is None:
            self._count()
        else:
            self._begin_lance(following)

    def _add_points(self, team: int, points: int) -> bool:
        """Add ``points`` to ``team``; True when that reaches the target and wins the game."""
        if team == 0:
            self._scores = (self._scores[0] + points, self._scores[1])
        else:
            self._scores = (self._scores[0], self._scores[1] + points)
        return self._scores[team] >= self._rules.target

    def _count(self) -> None:
        """The count: every lance in order; the game ends the moment a team reaches the target."""
        rows: list[CountRow] = []
        won: int | None = None
        for result in self._results:
            row = count_row(result, self._hands, self._values, self._mano, self._rules.negadas_at_count)
            if won is not None:
                row = replace(row, points=0, counted=False)
            elif row.team is not None and row.points and self._add_points(row.team, row.points):
                won = row.team
            rows.append(row)
        self._end_hand(shown=True, rows=tuple(rows))
        if won is not None:
            self._end_game(won)
        else:
            self._hand_number += 1
            self._mano = next_seat(self._mano)
            self._deal()

    def _end_hand(self, shown: bool, rows: tuple[CountRow, ...]) -> None:
        self._last_count = rows
        self._last_hand = HandSummary(
            self._game_number, self._hand_number, self._mano, self._hands if shown else None,
            self._results, rows, self.log, self._scores,
        )

    def _end_game(self, team: int, ordago: bool = False) -> None:
        won = (self._games_won[0] + (team == 0), self._games_won[1] + (team == 1))
        self._games_won = won
        detail: tuple[tuple[str, Value], ...] = (("team", team), ("a", self._scores[0]), ("b", self._scores[1]))
        if ordago:  # an accepted órdago wins the game whatever the score: the texts say so
            detail = (*detail, ("ordago", 1))
        over = self._event("game_over", None, detail)
        last = self._last_hand
        if last is not None:  # the hand that ended the game (just now) tells it too, after a new deal
            self._last_hand = replace(last, log=(*last.log, over))
        if won[team] >= self._rules.games_to_win:
            self._phase = Phase.GAME_OVER
            self._to_move = None
            self._betting = None
            self._winner = team
            self._event("match_over", None, (("team", team),))
        else:
            self._begin_game(self._game_number + 1)

    def _begin_game(self, number: int) -> None:
        self._game_number = number
        self._hand_number = 1
        script = self._script if number == 1 else None
        if script is not None:
            self._scores = script.scores
            self._mano = script.mano
        else:
            self._scores = (0, 0)
            self._mano = self._rng(-1).randrange(4)
        self._deal()

    def _rng(self, shuffle: int) -> random.Random:
        """The RNG of one shuffle: a pure function of the seed and the shuffle's place in the match."""
        return random.Random(f"mus:{self._seed}:{self._game_number}:{self._hand_number}:{shuffle}")

    def _deal(self) -> None:
        script = self._script if self._game_number == 1 and self._hand_number == 1 else None
        if script is not None:
            held = {c.index for h in script.hands for c in h.cards}
            rest = [c for c in DECK if c.index not in held]
            _shuffle(self._rng(0), rest)
            hands = script.hands
            stock = tuple(rest)
        else:
            deck = list(DECK)
            _shuffle(self._rng(0), deck)
            hands = tuple(Hand._dealt(tuple(deck[4 * i : 4 * i + 4])) for i in range(4))
            stock = tuple(deck[16:])
        self._hands = hands
        self._values = tuple(evaluate(h, self._rules) for h in hands)
        self._stock = stock
        self._pile = ()
        self._thrown = ((), (), (), ())
        self._waiting = _NOTHING_WAITING
        self._shuffles = 0
        self._phase = Phase.MUS
        self._to_move = self._mano
        self._mus_round = 1
        self._betting = None
        self._results = ()
        self._pares_declared = False
        self._juego_declared = False
        self._log = None
        self._event("deal", None, (("game", self._game_number), ("hand", self._hand_number),
                                   ("mano", self._mano)))

    # ----------------------------------------------------------------- señas

    def sena(self, seat: int, sena_id: str) -> Game:
        """The state after ``seat`` makes the seña ``sena_id``: table talk, allowed any time of a hand,
        recorded in the public log and the record, and no turn is taken."""
        check_seat(seat)
        found = find_sena(sena_id)
        if self.is_over:
            raise IllegalActionError(f"seña {found.id!r} by seat {seat}: the match is over")
        g = self._copy()
        g._senas = (*self._senas, (self._n_actions, seat, found.id))
        g._event("sena", seat, (("sena", found.id),))
        return g

    # ----------------------------------------------------------------- observation

    def observe(self, seat: int) -> Observation:
        """Everything ``seat`` may know now, and nothing more."""
        check_seat(seat)
        mine = self._to_move == seat
        return Observation(
            seat=seat,
            hand=self._hands[seat],
            discarded=self._thrown[seat],
            discarding=self._waiting[seat],
            rules=self._rules,
            phase=self._phase,
            to_move=self._to_move,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            mano=self._mano,
            game_number=self._game_number,
            hand_number=self._hand_number,
            mus_round=self._mus_round,
            scores=self._scores,
            games_won=self._games_won,
            betting=self._betting,
            results=self._results,
            pares_declared=tuple(v.has_pares for v in self._values) if self._pares_declared else None,
            juego_declared=tuple(v.has_juego for v in self._values) if self._juego_declared else None,
            log=self.log,
            last_hand=self._last_hand,
            winner=self._winner,
        )

    # ----------------------------------------------------------------- records

    def record(self) -> dict[str, Any]:
        """The match so far as plain JSON: rules, seed, the scripted deal if any, actions and señas."""
        script = self._script
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "deal": None if script is None else {
                "hands": [str(h) for h in script.hands],
                "mano": script.mano,
                "scores": list(script.scores),
            },
            "actions": list(self.actions),
            "senas": [{"at": at, "seat": seat, "sena": sena_id} for at, seat, sena_id in self._senas],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any] | str) -> Game:
        """Replay a record from :meth:`record` (a dict or its JSON text) to the same state."""
        try:
            data = _record_json(record) if isinstance(record, str) else record
            if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
                raise RecordError(f"not a mus-widget record (format {RECORD_FORMAT!r} expected)")
            version = data.get("version")
            if version not in (1, RECORD_VERSION) or isinstance(version, bool):
                raise RecordError(f"record version {version!r} is not {RECORD_VERSION} (or 1)")
            if "seed" not in data:
                raise RecordError("the record has no 'seed': without it nothing replays")
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**SEED_DIGITS:
                raise RecordError(f"the record's 'seed' is a whole number of at most {SEED_DIGITS} digits, not "
                                  f"{_brief(seed)}: without it nothing replays")
            rules = Rules.from_dict(data["rules"])
            deal = data.get("deal")
            if deal is None:
                game = cls.new(seed=seed, rules=rules)
            else:
                game = cls.from_deal(deal["hands"], deal["mano"], tuple(deal["scores"]), seed, rules)
            actions = data["actions"]
            senas = data.get("senas", [])
            if not isinstance(actions, list) or not isinstance(senas, list):
                raise RecordError("a record's actions and senas are lists")
            pending = sorted(
                ((s["at"], i, s["seat"], s["sena"]) for i, s in enumerate(senas)), key=lambda t: (t[0], t[1])
            )
            if any(isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(actions)
                   for at, _, _, _ in pending):
                raise RecordError(f"a seña's 'at' is the number of actions before it, 0 to {len(actions)}")
        except RecordError:
            raise
        except KeyError as error:
            raise RecordError(f"malformed record: no {error.args[0]!r} where one was expected") from None
        except TypeError as error:
            raise RecordError(f"malformed record: {error}") from None
        except MusError as error:
            raise RecordError(f"malformed record: {error}") from None
        cursor = 0
        for index, action in enumerate([*actions, None]):
            while cursor < len(pending) and pending[cursor][0] == index:
                _, _, seat, sena_id = pending[cursor]
                try:
                    game = game.sena(seat, sena_id)
                except MusError as error:
                    raise RecordError(f"the seña before action {index} does not replay: {error}") from None
                cursor += 1
            if action is not None:
                try:
                    following = game.apply(action)
                except MusError as error:
                    raise RecordError(f"action {index} ({_brief(action)}) does not replay: {error}") from None
                if version == 1 and following._shuffles > game._shuffles:
                    raise RecordError(
                        f"action {index} ({_brief(action)}) reshuffles the discards: a version-1 record served each "
                        "player as they discarded, so from here it does not replay the same"
                    )
                game = following
        return game


class _LongNumber(str):
    """A JSON number too long to be a seed or a count: kept as its digits so the error can name its field."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"a {len(self.lstrip('-'))}-digit number"


def _record_json(text: str) -> Any:
    """A record's JSON text read with its failures as :class:`RecordError`: the line and column of a syntax
    error, numbers too long to be a seed kept aside (Python refuses to read them past 4,300 digits), and
    nesting too deep to read."""
    if len(text) > MAX_RECORD_TEXT:
        raise RecordError(f"a record of {len(text):,} characters is longer than {MAX_RECORD_TEXT:,}")

    def number(digits: str) -> int | _LongNumber:
        return int(digits) if len(digits.lstrip("-")) <= SEED_DIGITS else _LongNumber(digits)

    try:
        return json.loads(text, parse_int=number)
    except json.JSONDecodeError as error:
        raise RecordError(f"the record is not JSON: {error.msg} at line {error.lineno}, column {error.colno}") \
            from None
    except RecursionError:
        raise RecordError("the record's JSON is nested too deeply to be a record") from None


def _brief(value: object) -> str:
    """A value quoted in an error, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(48)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number or None, not {seed!r}")
    return seed


def play_random(game: Game, rng: random.Random, hands: int | None = None) -> Game:
    """Play uniformly random legal actions with ``rng`` until the match ends or ``hands`` more hands have
    been counted (tests, benchmarks, demos)."""
    start = (game.game_number, game.hand_number)
    played = 0
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
        now = (game.game_number, game.hand_number)
        if now != start:
            played += 1
            start = now
            if hands is not None and played >= hands:
                break
    return game

