"""The game as an immutable state machine: the deal, mus and discards, the four lances, the count,
the game to the target and a match of several games.

Every :meth:`Game.apply` checks legality and returns a new state; the old one is untouched (a Game and its
parts, :mod:`.match`, are frozen, and each step builds new ones). What a step needs that no state owns is made
once and shared (:mod:`.transitions`): the openings of the lances, each betting state's calls already worked
out, the events of the usual calls; so a step seen before is mostly look-ups. Shuffles come from RNGs seeded by
the game seed and the shuffle's place in the match, so a record of the seed and the actions (:mod:`.record`)
replays exactly, from any state.
"""

from __future__ import annotations

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
from .hands import Lance, ParesKind
from .log import Event, HandSummary, event
from .match import Chain, Deal, Match, dealt, served, unchain
from .observation import Observation
from .phase import Phase
from .record import FAST_VERSION, RECORD_VERSION, SEED_DIGITS, Record, RecordedSena, ScriptedDeal, brief
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
from .transitions import DECLARATIONS, DISCARDS, MUS_CALLS, Transition, opening, transition, unbet

_NEXT_LANCE: Final = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}
_OVER: Final = Phase.GAME_OVER
_BOTH_TEAMS: Final = frozenset({0, 1})
_SEED_BOUND: Final = 10**SEED_DIGITS
_GAME_OVER: Final = _OVER.value  # as events carry it


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
    def new(cls, seed: int | None = None, rules: Rules = Rules(), *, fast_deals: bool = False) -> Game:
        """A new match; the first mano and every deal come from ``seed`` (a random one if None). With
        ``fast_deals`` they come from one hash each (record version 3, what training wants: a deal costs a
        tenth), not from the Mersenne Twister deals of version 2, which a seed has always dealt."""
        return cls._start(_check_seed(seed), rules, FAST_VERSION if fast_deals else RECORD_VERSION, None)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Hand | str],
        mano: int = 0,
        scores: tuple[int, int] = (0, 0),
        seed: int = 0,
        rules: Rules = Rules(),
        *,
        fast_deals: bool = False,
    ) -> Game:
        """A game whose first hand is dealt from a script (for teaching and tests); later deals use ``seed``
        (from a hash with ``fast_deals``, as :meth:`new`)."""
        script = ScriptedDeal.of(hands, mano, scores, rules)
        return cls._start(_check_seed(seed), rules, FAST_VERSION if fast_deals else RECORD_VERSION, script)

    @classmethod
    def opening(cls, record: Record) -> Game:
        """The state before ``record``'s first action: its rules, seed and scripted deal, dealt as its version
        deals (:data:`~.record.FAST_VERSION` from a hash, earlier versions from the Mersenne Twister)."""
        return cls._start(record.seed, record.rules, record.version, record.deal)

    @classmethod
    def _start(cls, seed: int, rules: Rules, version: int, script: ScriptedDeal | None) -> Game:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {rules!r}")
        match = Match.start(rules, seed, version, script)
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
        return self._deal.shuffled_stock(self._match)

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
        return self._phase is _OVER

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
        betting = self._betting
        if betting is not None:
            return list((betting._legal or betting.legal()).texts)
        phase = self._phase
        if phase is Phase.MUS:
            return ["mus"] if self._mus_corrido() else ["mus", "no-mus"]
        if phase is Phase.DISCARD:
            assert self._to_move is not None
            return list(self._deal.hands[self._to_move].discards())
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
        # The usual cases at once: a call seen before in this betting (each kept call is legal), mus or no-mus,
        # a discard from the mover's hand; an action given as text in the notation, or as an Action.
        said = action if action.__class__ is str else action.text if action.__class__ is Action else None
        if said is not None and (seat is None or seat == mover):
            betting = self._betting
            if betting is not None:
                kept = betting._next
                found = kept.get(said) if kept is not None else None
                if found is not None:
                    return self._called(said, found)
            elif self._phase is Phase.MUS:
                calls = MUS_CALLS.get(said)
                if calls is not None and mover is not None and (said == "mus" or not self._mus_corrido()):
                    return self._mus(said, mover, calls[mover])
            elif self._phase is Phase.DISCARD and mover is not None:
                cards = self._deal.hands[mover].discards().get(said)
                if cards is not None:
                    return self._discard(said, mover, cards)
        return self._checked(action, seat)

    def _checked(self, action: str | Action, seat: int | None) -> Game:
        """:meth:`apply` for any action: parsed, checked, refused with the legal actions spelled out."""
        mover = self._to_move
        act = _PARSED.get(action) if isinstance(action, str) else None
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
        betting = self._betting
        if betting is not None:
            legal = betting.legal()
            if not legal.allows(act):
                raise self._refuse(act, mover, legal.describe())
            return self._called(act.text, transition(betting, mover, act))
        if self._phase is Phase.MUS:
            kind = act.kind
            if kind is Kind.MUS or (kind is Kind.NO_MUS and not self._mus_corrido()):
                return self._mus(act.text, mover, MUS_CALLS[act.text][mover])
            raise self._refuse(act, mover, self._describe_legal())
        # Phase.DISCARD: the seat puts its cards face down; once the postre has too, the postre serves.
        if act.kind is not Kind.DISCARD or not all(c in self._deal.hands[mover].cards for c in act.cards):
            raise self._refuse(act, mover, self._describe_legal())
        return self._discard(act.text, mover, act.cards)

    # The steps below return the state after the action ``said``, played on ``self``, from the parts it has
    # changed so far: ``match``, ``deal`` and ``log`` are new values, never ``self``'s changed in place.

    def _called(self, said: str, found: Transition) -> Game:
        """The state after the betting call ``said`` whose consequence is ``found``."""
        step, call, closing = found
        log: Chain = (call, self._log)
        if isinstance(step, Betting):
            return Game(self._match, self._deal, self._phase, step.to_move, step, log, (said, self._actions),
                        self._n_actions + 1, self._senas)
        assert closing is not None  # a settled lance's event
        return self._settle(said, self._match, self._deal, log, phase=self._phase, result=step, closing=closing)

    def _mus(self, said: str, mover: int, call: Event) -> Game:
        """The state after ``mover`` says ``mus`` or ``no-mus`` (``said``, legal), its event ``call``."""
        match = self._match
        log = (call, self._log)
        if said != "mus":
            return self._begin_lance(said, match, self._deal, log, Lance.GRANDE)
        if position_of(mover, match.mano) == 3:
            return self._after(said, match, self._deal, log, phase=Phase.DISCARD, to_move=match.mano)
        return self._after(said, match, self._deal, log, phase=Phase.MUS, to_move=next_seat(mover))

    def _discard(self, said: str, mover: int, cards: tuple[Card, ...]) -> Game:
        """The state after ``mover`` puts the legal ``cards`` face down (``said``); the postre's discard is served."""
        match = self._match
        deal = self._deal.discarding(mover, cards)
        log: Chain = (DISCARDS[mover][len(cards)], self._log)
        if position_of(mover, match.mano) != 3:
            return self._after(said, match, deal, log, phase=Phase.DISCARD, to_move=next_seat(mover))
        deal, log = served(match, deal, log)
        return self._after(said, match, deal, log, phase=Phase.MUS, to_move=match.mano)

    def _after(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase, to_move: int | None,
               betting: Betting | None = None) -> Game:
        """The state after ``said``: these parts, and ``said`` recorded."""
        return Game(match, deal, phase, to_move, betting, log, (said, self._actions), self._n_actions + 1,
                    self._senas)

    def _begin_lance(self, said: str, match: Match, deal: Deal, log: Chain, lance: Lance) -> Game:
        """Start betting ``lance``, or settle it at once when it needs no betting, and go on."""
        order = speaking_order(match.mano)
        if lance is Lance.PARES or lance is Lance.JUEGO:
            deal = deal.declaring(lance)
            values = deal.values
            pares = lance is Lance.PARES
            declared = DECLARATIONS[lance]
            held = []
            for seat in order:  # has_pares and has_juego, read here without their properties' calls
                has = values[seat].pares is not ParesKind.NONE if pares else values[seat].total >= 31
                log = (declared[seat][has], log)
                if has:
                    held.append(seat)
            eligible = tuple(held)
            if not eligible and not pares:
                lance, eligible = Lance.PUNTO, order
            teams: set[int] | frozenset[int] = {team_of(s) for s in eligible}
        else:
            eligible, teams = order, _BOTH_TEAMS
        phase = Phase.of(lance)
        if len(teams) == 2:
            rules = match.rules
            betting = opening(lance, eligible, rules.target, rules.team_consent)
            return self._after(said, match, deal, log, phase=phase, to_move=eligible[0], betting=betting)
        result, closing = unbet(lance, next(iter(teams)) if teams else None)
        return self._settle(said, match, deal, log, phase=phase, result=result, closing=closing)

    def _settle(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase,
                result: LanceResult, closing: Event) -> Game:
        """Close a lance, its event ``closing``: score a negada, end the game on an órdago, then go to the next
        lance or the count."""
        deal = deal.settled(result)
        log = (closing, log)
        outcome = result.outcome
        if outcome is Outcome.REJECTED and not match.rules.negadas_at_count:
            team = result.team
            assert team is not None
            log = (event("negada", None, phase._value_, (("lance", result.lance.value), ("team", team),
                                                          ("points", result.stake))), log)
            scores = _scored(match.scores, team, result.stake)
            if scores[team] >= match.rules.target:
                return self._game_won(said, match, deal, log, phase=phase, team=team, scores=scores, rows=None)
            match = match.scored(scores)
        elif outcome is Outcome.ORDAGO:
            seat, why = card_winner(result.lance, deal.values, deal.hands, match.mano)
            team = team_of(seat)
            row = CountRow(result.lance, Outcome.ORDAGO, 0, 0, team, why, 0)
            return self._game_won(said, match, deal, log, phase=phase, team=team, scores=match.scores, rows=(row,),
                                  ordago=True)
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
        if won is not None:
            return self._game_won(said, match, deal, log, phase=phase, team=won, scores=scores, rows=tuple(rows))
        return self._new_deal(said, match.ended(deal, log, scores, shown=True, rows=tuple(rows)).next_hand())

    def _game_won(self, said: str, match: Match, deal: Deal, log: Chain, *, phase: Phase, team: int,
                  scores: tuple[int, int], rows: tuple[CountRow, ...] | None, ordago: bool = False) -> Game:
        """``team`` wins the game at ``scores``, the hand's count ``rows`` (None for a negada, which shows no
        hands and has no count): the match goes on to the next game, or is over."""
        won = (match.games_won[0] + (team == 0), match.games_won[1] + (team == 1))
        detail: tuple[tuple[str, Value], ...] = (("team", team), ("a", scores[0]), ("b", scores[1]))
        if ordago:  # an accepted órdago wins the game whatever the score: the texts say so
            detail = (*detail, ("ordago", 1))
        log = (event("game_over", None, phase._value_, detail), log)
        shown, count = rows is not None, rows or ()
        if won[team] >= match.rules.games_to_win:  # the hand's summary tells the game's end too
            match = match.ended(deal, log, scores, shown=shown, rows=count, games_won=won, winner=team)
            log = (event("match_over", None, _GAME_OVER, (("team", team),)), log)
            return self._after(said, match, deal, log, phase=Phase.GAME_OVER, to_move=None)
        return self._new_deal(said, match.ended(deal, log, scores, shown=shown, rows=count).next_game(won))

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
        return Record(m.rules, m.seed, m.script, self.actions, tuple(senas), m.version).to_dict()

    @classmethod
    def from_record(cls, record: dict[str, Any] | str) -> Game:
        """Replay a record from :meth:`record` (a dict or its JSON text) to the same state: read and checked
        by :meth:`Record.read`, then replayed by :meth:`replay`. Raises :class:`RecordError`."""
        return cls.replay(Record.read(record))

    @classmethod
    def replay(cls, record: Record) -> Game:
        """The state ``record`` leads to, played action by action with its señas between; the first action
        or seña that does not replay raises :class:`RecordError` naming it. Linear in the record's length."""
        game = cls.opening(record)
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
    if abs(seed) >= _SEED_BOUND:
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

