"""The game as an immutable state machine: the deal, mus and discards, the four lances, the count,
the game to the target and a match of several games.

Every :meth:`Game.apply` checks legality and returns a new state; the old one is untouched (a Game and its
parts, :mod:`.match`, are frozen, and each step builds new ones). Shuffles come from RNGs seeded by the game seed
and the shuffle's place in the match, so a record of the seed and the actions (:mod:`.record`) replays exactly,
from any state.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .actions import _PARSED, Action, Kind
from .betting import Betting, LanceResult, Outcome
from .cards import Card, Hand
from .errors import IllegalActionError, MalformedActionError, MusError, RecordError, SeedError, quoted
from .frozen import fast_init
from .hands import Lance
from .log import Event, HandSummary
from .match import Chain, Deal, Match, dealt, served, unchain
from .observation import Observation
from .phase import Phase
from .record import RECORD_VERSION, SEED_DIGITS, Record, RecordedSena, ScriptedDeal, brief
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

_DISCARD_SUBSETS: Final = tuple(
    combo for size in range(1, 5) for combo in itertools.combinations(range(4), size)
)
_NEXT_LANCE: Final = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}
# The phases' values, as events carry them.
_MUS: Final = Phase.MUS.value
_DISCARD: Final = Phase.DISCARD.value
_PARES: Final = Phase.PARES.value
_JUEGO: Final = Phase.JUEGO.value


def _scored(scores: tuple[int, int], team: int, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if team == 0 else (scores[0], scores[1] + points)


@fast_init
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Game:
    """One match of Mus (one game, or best of ``rules.games``), at one moment. Immutable.

    Make one with :meth:`new`, :meth:`from_deal` or :meth:`from_record`; move on with :meth:`apply`
    (the player to move) and :meth:`sena` (anyone, any time). ``hands`` is the full state and stays in
    Python: players and bots get :meth:`observe`.

    The fields are private parts, read through the properties: what goes on from hand to hand (``_match``),
    the hand being played (``_deal``), the phase, the seat to move and the betting of the lance being bet, the
    hand's log, and the match's actions (and their number) and señas. The log, actions and señas are persistent
    chains, newest first, so no step copies them. Nothing changes a Game: each step builds a new one from
    shared parts, and ``dataclasses.replace`` on one gives another (how the tests forge an impossible state).
    """

    _match: Match
    _deal: Deal
    _phase: Phase
    _to_move: int | None
    _betting: Betting | None
    _log: Chain
    _actions: Chain
    _n_actions: int
    _senas: Chain

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
        script = ScriptedDeal.of(hands, mano, scores, rules)
        return cls._start(_check_seed(seed), rules, script)

    @classmethod
    def _start(cls, seed: int, rules: Rules, script: ScriptedDeal | None) -> Game:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {rules!r}")
        match = Match.start(rules, seed, script)
        deal, log = dealt(match)
        return cls(match, deal, Phase.MUS, match.mano, None, log, None, 0, None)

    # ----------------------------------------------------------------- public state

    @property
    def rules(self) -> Rules:
        return self._match.rules

    @property
    def seed(self) -> int:
        return self._match.seed

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
        return self._match.scores

    @property
    def games_won(self) -> tuple[int, int]:
        return self._match.games_won

    @property
    def game_number(self) -> int:
        """1-based number of the game in the match."""
        return self._match.game_number

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in the current game."""
        return self._match.hand_number

    @property
    def mano(self) -> int:
        return self._match.mano

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The four hands, by seat: the full state, never for players' eyes."""
        return self._deal.hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, next card first: full state, never for players' eyes."""
        return self._deal.stock

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discards on the table this hand since the last reshuffle, those of players still waiting to be
        served excepted (see :attr:`waiting`): full state."""
        return self._deal.pile

    @property
    def waiting(self) -> tuple[tuple[Card, ...], ...]:
        """By seat, the cards put down this mus round and not yet replaced: while the players discard, these
        are still in :attr:`hands` (the postre serves only once all four have discarded). Full state."""
        return self._deal.waiting

    @property
    def betting(self) -> Betting | None:
        """The betting of the current lance, if one is being bet."""
        return self._betting

    @property
    def results(self) -> tuple[LanceResult, ...]:
        """The lances settled so far in this hand."""
        return self._deal.results

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The team that won the match, once it is over."""
        return self._match.winner

    @property
    def last_count(self) -> tuple[CountRow, ...]:
        """The rows of the last hand that ended (counted, or decided by an órdago)."""
        return self._match.last_count

    @property
    def last_hand(self) -> HandSummary | None:
        return self._match.last_hand

    @property
    def log(self) -> tuple[Event, ...]:
        """The public events of the current hand."""
        return tuple(unchain(self._log))

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action applied since the start of the match, in canonical notation."""
        return tuple(unchain(self._actions))

    def __repr__(self) -> str:
        m = self._match
        where = "over" if self.is_over else f"{self._phase.value}, seat {self._to_move} to move"
        return (
            f"<Game seed={m.seed} game {m.game_number} hand {m.hand_number} "
            f"mano={m.mano} scores={m.scores} {where}>"
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
            cards = [str(c) for c in self._deal.hands[self._to_move].cards]
            return ["discard " + " ".join(cards[i] for i in combo) for combo in _DISCARD_SUBSETS]
        return []

    def _describe_legal(self) -> str:
        """The legal actions for error messages, envido ranges spelled out."""
        if self._betting is not None:
            return self._betting.legal().describe()
        if self._phase is Phase.DISCARD:
            assert self._to_move is not None
            return f"discard 1 to 4 of your cards ({self._deal.hands[self._to_move]})"
        return ", ".join(self.legal_actions()) or "none"

    def _mus_corrido(self) -> bool:
        m = self._match
        return m.rules.mus_corrido_first_hand and m.hand_number == 1 and self._deal.mus_round == 1

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
        act = _PARSED.get(action) if action.__class__ is str else None  # the usual case: a string seen before
        try:
            if act is None:
                act = action if isinstance(action, Action) else Action.parse(action)
        except MalformedActionError as error:
            where = "the match is over" if mover is None else (
                f"seat {mover} ({SEAT_NAMES[mover]}) is to move in {self._phase.value}; "
                f"the legal actions now are {self._describe_legal()}"
            )
            raise MalformedActionError(f"{error}; {where}") from None
        if mover is None:
            raise IllegalActionError(f"'{act}' cannot be played: the match is over (team {self.winner} won)")
        if seat is not None and seat != mover:
            check_seat(seat)
            raise IllegalActionError(
                f"'{act}' by seat {seat} ({SEAT_NAMES[seat]}): it is seat {mover} ({SEAT_NAMES[mover]})'s "
                f"turn in {self._phase.value}, and seat {seat} has no legal action now "
                f"(seat {mover} may play {self._describe_legal()})"
            )
        match, deal, phase = self._match, self._deal, self._phase
        betting = self._betting
        if betting is not None:
            legal = betting.legal()
            if not legal.allows(act):
                raise self._refuse(act, mover, legal.describe())
            said = act.text
            step = betting.step(mover, act)
            detail = _call_detail(act, betting, step, mover)
            log: Chain = (Event("call", mover, phase._value_, detail), self._log)
            if isinstance(step, Betting):  # the most common step, built here (a call less)
                return Game(match, deal, phase, step.to_move, step, log, (said, self._actions), self._n_actions + 1,
                            self._senas)
            return self._settle(said, match, deal, log, phase=phase, result=step)
        if phase is Phase.MUS:
            kind = act.kind
            if kind is Kind.MUS or (kind is Kind.NO_MUS and not self._mus_corrido()):
                said = act.text
                log = (Event("call", mover, _MUS, (("action", said),)), self._log)
                if kind is Kind.NO_MUS:
                    return self._begin_lance(said, match, deal, log, Lance.GRANDE)
                if position_of(mover, match.mano) == 3:
                    return self._after(said, match, deal, log, phase=Phase.DISCARD, to_move=match.mano)
                return self._after(said, match, deal, log, phase=Phase.MUS, to_move=next_seat(mover))
            raise self._refuse(act, mover, self._describe_legal())
        # Phase.DISCARD: the seat puts its cards face down; once the postre has too, the postre serves.
        if act.kind is not Kind.DISCARD or not all(c in deal.hands[mover].cards for c in act.cards):
            raise self._refuse(act, mover, self._describe_legal())
        deal = deal.discarding(mover, act.cards)
        log = (Event("discard", mover, _DISCARD, (("count", len(act.cards)),)), self._log)
        if position_of(mover, match.mano) != 3:
            return self._after(str(act), match, deal, log, phase=Phase.DISCARD, to_move=next_seat(mover))
        deal, log = served(match, deal, log)
        return self._after(str(act), match, deal, log, phase=Phase.MUS, to_move=match.mano)

    # The steps below return the state after the action ``said``, played on ``self``, from the parts it has
    # changed so far: ``match``, ``deal`` and ``log`` are new values, never ``self``'s changed in place.

    def _after(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase, to_move: int | None,
               betting: Betting | None = None) -> Game:
        """The state after ``said``: these parts, and ``said`` recorded."""
        return Game(match, deal, phase, to_move, betting, log, (said, self._actions), self._n_actions + 1,
                    self._senas)

    def _begin_lance(self, said: str, match: Match, deal: Deal, log: Chain, lance: Lance) -> Game:
        """Start betting ``lance``, or settle it at once when it needs no betting, and go on."""
        order = speaking_order(match.mano)
        values = deal.values
        if lance is Lance.PARES:
            deal = deal.declaring(lance)
            for seat in order:
                log = (Event("declare", seat, _PARES, (("lance", "pares"), ("has", values[seat].has_pares))), log)
            eligible = tuple(s for s in order if values[s].has_pares)
        elif lance is Lance.JUEGO:
            deal = deal.declaring(lance)
            for seat in order:
                log = (Event("declare", seat, _JUEGO, (("lance", "juego"), ("has", values[seat].has_juego))), log)
            eligible = tuple(s for s in order if values[s].has_juego)
            if not eligible:
                lance, eligible = Lance.PUNTO, order
        else:
            eligible = order
        phase = Phase.of(lance)
        teams = {team_of(s) for s in eligible}
        if len(teams) == 2:
            rules = match.rules
            betting = Betting.open(lance, eligible, rules.target, rules.team_consent)
            return self._after(said, match, deal, log, phase=phase, to_move=eligible[0], betting=betting)
        result = LanceResult(lance, Outcome.ONE_TEAM, team=teams.pop()) if teams else LanceResult(lance, Outcome.NOBODY)
        return self._settle(said, match, deal, log, phase=phase, result=result)

    def _settle(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase,
                result: LanceResult) -> Game:
        """Close a lance: score a negada, end the game on an órdago, then go to the next lance or the count."""
        deal = deal.settled(result)
        detail: tuple[tuple[str, Value], ...] = (
            ("lance", result.lance.value), ("outcome", result.outcome.value), ("stake", result.stake),
        )
        if result.team is not None:
            detail = (*detail, ("team", result.team))
        log = (Event("lance", None, phase._value_, detail), log)
        if result.outcome is Outcome.REJECTED and not match.rules.negadas_at_count:
            team = result.team
            assert team is not None
            log = (Event("negada", None, phase._value_, (("lance", result.lance.value), ("team", team),
                                                          ("points", result.stake))), log)
            scores = _scored(match.scores, team, result.stake)
            if scores[team] >= match.rules.target:
                match = match.ended(deal, log, scores, shown=False, rows=())
                return self._end_game(said, match, deal, log, phase=phase, team=team)
            match = match.scored(scores)
        if result.outcome is Outcome.ORDAGO:
            seat, why = card_winner(result.lance, deal.values, deal.hands, match.mano)
            team = team_of(seat)
            row = CountRow(result.lance, Outcome.ORDAGO, 0, 0, team, why, 0)
            match = match.ended(deal, log, match.scores, shown=True, rows=(row,))
            return self._end_game(said, match, deal, log, phase=phase, team=team, ordago=True)
        following = _NEXT_LANCE.get(result.lance)
        if following is None:
            return self._count(said, match, deal, log, phase=phase)
        return self._begin_lance(said, match, deal, log, following)

    def _count(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase) -> Game:
        """The count: every lance in order; the game ends the moment a team reaches the target."""
        rules = match.rules
        scores = match.scores
        rows: list[CountRow] = []
        won: int | None = None
        for result in deal.results:
            row = count_row(result, deal.hands, deal.values, match.mano, rules.negadas_at_count)
            if won is not None:
                row = replace(row, points=0, counted=False)
            elif row.team is not None and row.points:
                scores = _scored(scores, row.team, row.points)
                if scores[row.team] >= rules.target:
                    won = row.team
            rows.append(row)
        match = match.ended(deal, log, scores, shown=True, rows=tuple(rows))
        if won is not None:
            return self._end_game(said, match, deal, log, phase=phase, team=won)
        return self._new_deal(said, match.next_hand())

    def _end_game(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase, team: int,
                  ordago: bool = False) -> Game:
        """``team`` wins the game: the match goes on to the next game, or is over."""
        won = (match.games_won[0] + (team == 0), match.games_won[1] + (team == 1))
        detail: tuple[tuple[str, Value], ...] = (("team", team), ("a", match.scores[0]), ("b", match.scores[1]))
        if ordago:  # an accepted órdago wins the game whatever the score: the texts say so
            detail = (*detail, ("ordago", 1))
        over = Event("game_over", None, phase._value_, detail)
        log = (over, log)
        last = match.last_hand
        if last is not None:  # the hand that ended the game (just now) tells it too, after a new deal
            last = HandSummary(last.game_number, last.hand_number, last.mano, last.hands, last.results, last.count,
                               (*last.log, over), last.scores)
        if won[team] >= match.rules.games_to_win:
            log = (Event("match_over", None, Phase.GAME_OVER._value_, (("team", team),)), log)
            return self._after(said, match.won(won, last, team), deal, log, phase=Phase.GAME_OVER, to_move=None)
        return self._new_deal(said, match.next_game(won, last))

    def _new_deal(self, said: str, match: Match) -> Game:
        """The next hand dealt, its mano to speak."""
        deal, log = dealt(match)
        return self._after(said, match, deal, log, phase=Phase.MUS, to_move=match.mano)

    # ----------------------------------------------------------------- señas

    def sena(self, seat: int, sena_id: str) -> Game:
        """The state after ``seat`` makes the seña ``sena_id``: table talk, allowed any time of a hand,
        recorded in the public log and the record, and no turn is taken."""
        check_seat(seat)
        found = find_sena(sena_id)
        if self.is_over:
            raise IllegalActionError(f"seña {found.id!r} by seat {seat}: the match is over")
        log = (Event("sena", seat, self._phase._value_, (("sena", found.id),)), self._log)
        made = (RecordedSena(self._n_actions, seat, found.id), self._senas)
        return Game(self._match, self._deal, self._phase, self._to_move, self._betting, log, self._actions,
                    self._n_actions, made)

    # ----------------------------------------------------------------- observation

    def observe(self, seat: int) -> Observation:
        """Everything ``seat`` may know now, and nothing more."""
        check_seat(seat)
        m, d = self._match, self._deal
        mine = self._to_move == seat
        return Observation(
            seat=seat,
            hand=d.hands[seat],
            discarded=d.thrown[seat],
            discarding=d.waiting[seat],
            rules=m.rules,
            phase=self._phase,
            to_move=self._to_move,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            mano=m.mano,
            game_number=m.game_number,
            hand_number=m.hand_number,
            mus_round=d.mus_round,
            scores=m.scores,
            games_won=m.games_won,
            betting=self._betting,
            results=d.results,
            pares_declared=tuple(v.has_pares for v in d.values) if d.pares_declared else None,
            juego_declared=tuple(v.has_juego for v in d.values) if d.juego_declared else None,
            log=self.log,
            last_hand=m.last_hand,
            winner=m.winner,
        )

    # ----------------------------------------------------------------- records

    def record(self) -> dict[str, Any]:
        """The match so far as plain JSON (:meth:`Record.to_dict`): rules, seed, the scripted deal if any,
        actions and señas."""
        m = self._match
        senas: list[RecordedSena] = unchain(self._senas)
        return Record(m.rules, m.seed, m.script, self.actions, tuple(senas), RECORD_VERSION).to_dict()

    @classmethod
    def from_record(cls, record: dict[str, Any] | str) -> Game:
        """Replay a record from :meth:`record` (a dict or its JSON text) to the same state: read and checked
        by :meth:`Record.read`, then replayed by :meth:`replay`. Raises :class:`RecordError`."""
        return cls.replay(Record.read(record))

    @classmethod
    def replay(cls, record: Record) -> Game:
        """The state ``record`` leads to, played action by action with its señas between; the first action
        or seña that does not replay raises :class:`RecordError` naming it. Linear in the record's length."""
        game = cls._start(record.seed, record.rules, record.deal)
        pending = record.senas
        cursor = 0
        for index, action in enumerate([*record.actions, None]):
            while cursor < len(pending) and pending[cursor].at == index:
                made = pending[cursor]
                try:
                    game = game.sena(made.seat, made.sena)
                except MusError as error:
                    raise RecordError(f"the seña before action {index} does not replay: {error}") from None
                cursor += 1
            if action is not None:
                try:
                    following = game.apply(action)
                except MusError as error:
                    raise RecordError(f"action {index} ({brief(action)}) does not replay: {error}") from None
                if record.version == 1 and following._deal.shuffles > game._deal.shuffles:
                    raise RecordError(
                        f"action {index} ({brief(action)}) reshuffles the discards: a version-1 record served each "
                        "player as they discarded, so from here it does not replay the same"
                    )
                game = following
        return game


def _check_seed(seed: object) -> int:
    """The seed given, or a random one for None. A seed is a whole number of at most ``SEED_DIGITS`` (40) digits,
    ``abs(seed) < 10**40``, the range a record holds: any longer, and the game's record would not read back."""
    if seed is None:
        return secrets.randbits(48)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number or None, not {quoted(seed)}")
    if abs(seed) >= 10**SEED_DIGITS:
        raise SeedError(f"seed {quoted(seed)} is out of range: a seed is a whole number of at most {SEED_DIGITS} "
                        f"digits (abs(seed) < 10**{SEED_DIGITS})")
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


def _call_detail(act: Action, betting: Betting, step: Betting | LanceResult,
                 mover: int) -> tuple[tuple[str, Value], ...]:
    """A betting call's log detail: its action, and whether it is a raise of a bet on the table (an envido while
    one is pending) or only a proposal that the partner confirms or overrides (the log then says so)."""
    detail: tuple[tuple[str, Value], ...] = (("action", act.text),)
    if act.kind is Kind.ENVIDO and betting.bettor_team is not None:
        detail += (("raise", True),)
    if isinstance(step, Betting) and step.proposer == mover:
        detail += (("proposal", True),)
    return detail
