"""What a bot remembers of how the other players call: counted from the public calls it has seen.

Every call of a lance is made in one of three situations: opening it (no bet on the table), answering a
bet, answering an órdago. For every seat the memory counts the calls made in each, over the earlier hands
of the game (read from ``Observation.last_hand``, which every observation carries) and the hand being
played; for every team, its last word to the bets it answered with both partners in the lance (a first
"no quiero" is only a proposal). The result, :class:`Style`, is the chance that a seat plays honestly (its
calls say something about its cards), how often it makes each call and how its team answers; bots use it to
read the calls and to price their bets.

A team plays honestly as far as the shares of its calls stay within what honest players do (see
:data:`HONEST_BANDS`) and the hands shown at the count agree with its calls (:func:`shown_evidence`): a
team that órdagos at every lance, or never accepts a bet, soon shows its style, and a team that passes
with strong hands shows it too, though the few bets it is offered say little yet.

The memory belongs to one bot and is a function of the observations it was shown, so decisions stay
deterministic for a seed and the same history. A new game (a new :class:`Game`: its game and hand numbers
go back to the start) empties it; through the games of a vaca (a match of several games) against the same
players it keeps counting.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..engine.actions import Kind
from ..engine.hands import Lance
from ..engine.log import Event
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.seats import partner, team_of
from .keepers import mus_records, plain_for
from .knowledge import Knowledge, knowledge_for

OPEN, ANSWER, ORDAGO = "open", "answer", "ordago"
WORDS: dict[str, tuple[str, ...]] = {
    OPEN: ("paso", "envido", "ordago"),
    ANSWER: ("quiero", "no-quiero", "envido", "ordago"),
    ORDAGO: ("quiero", "no-quiero"),
}
"""The calls that may be made in each situation (an envido when answering is a raise)."""

_BETS = frozenset({Kind.ENVIDO, Kind.ORDAGO})
"""The calls that put a bet on the table (or raise one)."""
_LANCE_INDEX = {lance.value: i for i, lance in enumerate(Lance)}
PRIOR_WEIGHT = 1.0
"""How many calls the expected frequencies of an honest player are worth before the first is seen."""


def honest_weight(word: str, chance: float, situation: str) -> float:
    """How likely an honest player with this chance at the lance makes this call (unnormalised): people
    open and órdago with strong hands, answer bets with fair ones, and pass or refuse with weak ones. The
    memory judges who plays honestly by it; the expert's worlds read calls by :data:`HONEST_CALLS`."""
    if word == "paso":
        return 1.0 - 0.35 * chance * chance
    if word == "envido":
        return (0.02 + 0.98 * chance**4) if situation == OPEN else (0.05 + 0.95 * chance**3)
    if word == "ordago":
        return 0.005 + chance**8
    if word == "quiero":
        return 0.1 + 0.9 * chance**2
    return 1.0 - 0.85 * chance**2  # no-quiero


def honest_chance(word: str, chance: float, situation: str) -> float:
    """The chance that an honest player makes this call rather than another of the situation's."""
    total = sum(honest_weight(w, chance, situation) for w in WORDS[situation])
    return honest_weight(word, chance, situation) / total


HONEST_CALLS: dict[str, dict[str, tuple[float, ...]]] = {
    OPEN: {
        "paso": (0.855, 0.888, 0.88, 0.867, 0.842, 0.812, 0.781, 0.65, 0.45, 0.047),
        "envido": (0.132, 0.103, 0.112, 0.125, 0.146, 0.138, 0.152, 0.288, 0.363, 0.393),
        "ordago": (0.013, 0.009, 0.008, 0.007, 0.012, 0.05, 0.067, 0.062, 0.187, 0.56),
    },
    ANSWER: {
        "quiero": (0.025, 0.036, 0.049, 0.1, 0.126, 0.552, 0.65, 0.649, 0.638, 0.22),
        "no-quiero": (0.92, 0.909, 0.898, 0.844, 0.791, 0.296, 0.207, 0.152, 0.054, 0.017),
        "envido": (0.041, 0.024, 0.043, 0.039, 0.037, 0.079, 0.049, 0.097, 0.125, 0.186),
        "ordago": (0.015, 0.03, 0.01, 0.018, 0.046, 0.073, 0.095, 0.101, 0.182, 0.577),
    },
    ORDAGO: {
        "quiero": (0.017, 0.01, 0.011, 0.01, 0.011, 0.019, 0.045, 0.08, 0.116, 0.472),
        "no-quiero": (0.983, 0.99, 0.989, 0.99, 0.989, 0.981, 0.955, 0.92, 0.884, 0.528),
    },
}
"""How often honest players make each call, by their team's chance at the lance (in tenths: 0–0.1, 0.1–0.2...;
the chance from their own hand and their partner's seña), as the honest bots of this package call: the novice
and the expert, half each, counted over 600 games between them by ``benchmarks/honest_calls.py``. They bet
now and then with nothing (an envido says little), órdago and take an órdago only with a strong hand, take a
bet from an even chance and raise with a strong one."""


def called_chance(word: str, chance: float, situation: str) -> float:
    """How likely an honest player with this chance at the lance makes this call (:data:`HONEST_CALLS`, read
    between the middles of its tenths)."""
    row = HONEST_CALLS[situation][word]
    place = min(max(chance * len(row) - 0.5, 0.0), len(row) - 1.0)
    low = int(place)
    if low == len(row) - 1:
        return row[low]
    return row[low] + (place - low) * (row[low + 1] - row[low])


def _average(word: str, situation: str) -> float:
    steps = 50
    return sum(honest_chance(word, (i + 0.5) / steps, situation) for i in range(steps)) / steps


HONEST_SHARES: dict[str, dict[str, float]] = {s: {w: _average(w, s) for w in words} for s, words in WORDS.items()}
"""How often an honest player makes each call, its chance at the lance being anything from 0 to 1."""
TOGETHER = (ANSWER, ORDAGO)
"""The situations in which a team speaks together: answering a bet or an órdago."""


def together(first: dict[str, float], then: dict[str, float]) -> dict[str, float]:
    """How often a team answers with each call when its seats alone answer as ``first`` and ``then`` say:
    a first "no quiero" is only a proposal and the partner answers too, so a team refuses only when both
    do (seats that each take half the órdagos take three in four together). Averaged over who speaks first."""
    out = dict.fromkeys(first, 0.0)
    for one, two in ((first, then), (then, first)):
        for word in out:
            after_refusal = one["no-quiero"] * two[word]
            out[word] += (after_refusal if word == "no-quiero" else one[word] + after_refusal) / 2
    return out


TEAM_SHARES: dict[str, dict[str, float]] = {s: together(HONEST_SHARES[s], HONEST_SHARES[s]) for s in TOGETHER}
"""How often a team is taken to answer a bet or an órdago with each call before any of its answers is seen:
as two honest players answer together."""
TEAM_PRIOR_WEIGHT = 0.5
"""How many answers :data:`TEAM_SHARES` are worth before the first is seen: half of what a seat's prior is
worth, as a team gives one answer to a bet where its seats make two calls."""


@dataclass(frozen=True, slots=True)
class Call:
    """One public call of a lance: who, what, in which situation, and what the caller knew of the lance."""

    seat: int
    word: str
    situation: str
    lance: int
    opponents: int
    with_partner: bool


@dataclass(frozen=True, slots=True)
class TeamAnswer:
    """A team's last word to a bet or an órdago in a lance where both partners take part: the first answer
    is only a proposal (the partner of one who refuses may still take the bet, or raise it)."""

    team: int
    word: str
    situation: str


def calls_of(log: Iterable[Event], pares: tuple[bool, ...] | None = None,
             juego: tuple[bool, ...] | None = None) -> list[Call]:
    """The calls of a hand's log that answer for themselves: openings, and the first answer of a team to a
    bet (a partner confirming it has fewer choices, so it is left out). Who takes part in Pares and Juego
    comes from the declarations in the log, or ``pares`` and ``juego``."""
    return _read(log, pares, juego)[0]


def team_answers_of(log: Iterable[Event], pares: tuple[bool, ...] | None = None,
                    juego: tuple[bool, ...] | None = None) -> list[TeamAnswer]:
    """How the teams answered the bets of a hand's log, in lances where both partners took part."""
    return _read(log, pares, juego)[1]


def _read(log: Iterable[Event], pares: tuple[bool, ...] | None, juego: tuple[bool, ...] | None
          ) -> tuple[list[Call], list[TeamAnswer]]:
    declared: dict[str, list[bool]] = {}
    if pares is not None:
        declared["pares"] = list(pares)
    if juego is not None:
        declared["juego"] = list(juego)
    out: list[Call] = []
    answers: list[TeamAnswer] = []
    phase = ""
    bettor: int | None = None  # the team whose bet is on the table
    ordago = False
    answered = False  # whether the answering team has spoken to the bet on the table
    asked: TeamAnswer | None = None  # the answering team's last word so far, while it has both partners in

    def close() -> None:
        if asked is not None and asked.word:
            answers.append(asked)

    for event in log:
        if event.kind == "declare" and event.seat is not None:
            lance = str(event.get("lance"))
            declared.setdefault(lance, [False] * 4)[event.seat] = bool(event.get("has"))
            continue
        if event.kind != "call" or event.phase in (Phase.MUS.value, Phase.DISCARD.value) or event.seat is None:
            continue
        if event.phase != phase:
            close()
            phase, bettor, ordago, answered, asked = event.phase, None, False, False, None
        action = event.action
        assert action is not None
        seat, word = event.seat, action.kind.value
        team = team_of(seat)
        holding = declared.get(phase)
        takes_part = [s for s in range(4) if holding is None or holding[s]]
        opponents = sum(1 for s in takes_part if team_of(s) != team)
        call = Call(seat, word, OPEN, _LANCE_INDEX[phase], opponents, partner(seat) in takes_part)
        if asked is not None and asked.team != team:
            close()  # the other team speaks again: the answer is complete
            asked = None
        if bettor is None:
            out.append(call)
            if action.kind in _BETS:
                bettor, ordago, answered = team, action.kind is Kind.ORDAGO, False
        elif team != bettor:
            if not answered:
                out.append(Call(call.seat, word, ORDAGO if ordago else ANSWER, call.lance, call.opponents,
                                call.with_partner))
                answered = True
                if call.with_partner:
                    asked = TeamAnswer(team, "", ORDAGO if ordago else ANSWER)
            if action.kind in _BETS:
                bettor, ordago, answered = team, action.kind is Kind.ORDAGO, False
        if asked is not None and asked.team == team:
            asked = TeamAnswer(team, word, asked.situation)
    close()
    return out, answers


@dataclass(frozen=True, slots=True)
class Style:
    """How one seat plays, as far as its calls tell: the chance that it plays honestly (its calls say
    something about its cards) and, per situation, how often it makes each call."""

    honest: float
    shares: dict[str, dict[str, float]]
    calls: int
    """How many of its calls this rests on."""
    team: dict[str, dict[str, float]] = field(default_factory=lambda: TEAM_SHARES)
    """How often its team answers a bet or an órdago with each call when both partners take part (the
    team's last word, counted for the team)."""

    def likelihood(self, word: str, chance: float, situation: str) -> float:
        """How likely this seat makes this call with this chance at the lance."""
        style = self.shares[situation].get(word, 0.0)
        if self.honest >= 0.999:
            return called_chance(word, chance, situation)
        return self.honest * called_chance(word, chance, situation) + (1 - self.honest) * style

    def share(self, situation: str, word: str) -> float:
        return self.shares[situation].get(word, 0.0)


@dataclass(frozen=True, slots=True)
class Counts:
    """What one seat has been seen to do in this game: lances it opened and how many with a bet (envido
    or órdago), bets it answered and how many it refused, órdagos it answered and how many it refused."""

    openings: int
    opened: int
    answers: int
    refused: int
    ordagos: int = 0
    ordagos_refused: int = 0


UNKNOWN = Style(1.0, HONEST_SHARES, 0)
"""A seat whose calls nobody has seen yet."""


class _Seat:
    """The running counts of one seat."""

    __slots__ = ("calls", "counts", "evidence", "plain")

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, int]] = {s: dict.fromkeys(words, 0) for s, words in WORDS.items()}
        self.evidence = 0.0
        """The log of how much likelier its shown hands made its calls under honest play than blind to
        the cards (:func:`shown_evidence`)."""
        self.calls = 0
        self.plain = 0.0
        """The log of how much likelier its shown hands made its mus calls under the plain mus."""


def _shares(counts: dict[str, dict[str, int]], mate: dict[str, dict[str, int]]) -> dict[str, dict[str, float]]:
    """How often a seat makes each call, per situation, from its counts; in a situation it has not been
    heard in yet, from its partner's (a team answers bets together, so they are seldom far apart)."""
    out = {}
    for situation in WORDS:
        seen = counts[situation] if sum(counts[situation].values()) else mate[situation]
        out[situation] = _smoothed(seen, HONEST_SHARES[situation], PRIOR_WEIGHT)
    return out


def _smoothed(seen: dict[str, int], prior: dict[str, float], weight: float) -> dict[str, float]:
    """The share of each call among those ``seen``, with ``prior`` worth ``weight`` calls."""
    total = sum(seen.values()) + weight
    return {w: (n + weight * prior[w]) / total for w, n in seen.items()}


HONEST_BANDS: tuple[tuple[str, tuple[str, ...], float, float], ...] = (
    (OPEN, ("envido", "ordago"), 0.02, 0.3),
    (ANSWER, ("no-quiero",), 0.15, 0.85),
    (ANSWER, ("envido", "ordago"), 0.0, 0.3),
    (ORDAGO, ("quiero",), 0.0, 0.6),
)
"""How often honest players make these calls, from a cautious one to a bold one: they bet some lances but
not most, refuse some bets but not all, raise now and then, and take an órdago less often than not. A seat
seen outside a band, by more than chance explains, plays a style of its own."""


def honesty(counts: dict[str, dict[str, int]]) -> float:
    """The chance that a seat with these counts plays honestly: for every band, how far its share lies
    outside, in standard errors of the share, makes it less likely."""
    out = 1.0
    for situation, words, low, high in HONEST_BANDS:
        seen = counts[situation]
        n = sum(seen.values())
        if not n:
            continue
        share = sum(seen[w] for w in words) / n
        outside = max(0.0, low - share, share - high)
        z = outside / (0.35 / math.sqrt(n))
        out *= math.exp(-z * z / 2)
    return out


def shown_evidence(call: Call, key: int, knowledge: Knowledge, counts: dict[str, dict[str, int]]) -> float:
    """The log of how much likelier an honest player makes ``call`` holding the shown hand ``key`` than a
    player whose calls ignore its cards and come as often as ``counts`` (its calls so far) say. A passive
    team that passes and refuses with strong hands, or a bold one that bets with nothing, shows it here
    even when the shares of its calls could be an honest player's."""
    chance = knowledge.team_chance_fast(key, call.lance, call.opponents, call.with_partner)
    blind = _smoothed(counts[call.situation], HONEST_SHARES[call.situation], PRIOR_WEIGHT)[call.word]
    return math.log(honest_chance(call.word, chance, call.situation) / blind)


SHOWN_PRIOR = 0.9
"""The chance, before any hand was shown, that a seat's calls follow its cards."""


def shown_honesty(evidence: float) -> float:
    """What a team's shown hands (the sum of its :func:`shown_evidence`) leave of the chance that it plays
    honestly: the posterior against :data:`SHOWN_PRIOR`, relative to it, and never more than 1 (hands that
    agree with honest play do not undo a style its shares show)."""
    posterior = SHOWN_PRIOR / (SHOWN_PRIOR + (1 - SHOWN_PRIOR) * math.exp(-max(-30.0, min(30.0, evidence))))
    return min(1.0, posterior / SHOWN_PRIOR)


PLAIN_PRIOR = 0.8
"""The chance, before any hand was shown, that a seat plays the plain mus (keeps its good cards)."""
PLAIN_SLIP = 0.05
"""How often a plain player's mus call goes against its hand (beginners slip)."""
_KEPT_SHARE = 0.2
"""The share of random hands the plain mus keeps (what a player who ignores its cards shows)."""


def plain_evidence(said: str, kept: bool) -> float:
    """The log of how much likelier a plain player makes this mus call with a hand the plain mus keeps
    (``kept``) or not, than a player whose mus calls say nothing of its cards."""
    if said == "no-mus":
        return math.log((1 - PLAIN_SLIP) / _KEPT_SHARE) if kept else math.log(PLAIN_SLIP / (1 - _KEPT_SHARE))
    return math.log(PLAIN_SLIP / _KEPT_SHARE) if kept else math.log((1 - PLAIN_SLIP) / (1 - _KEPT_SHARE))


def _team_shares(counts: dict[str, dict[str, int]]) -> dict[str, dict[str, float]]:
    """How often a team answers with each call, from its counts (from :data:`TEAM_SHARES` before any)."""
    return {s: _smoothed(counts[s], TEAM_SHARES[s], TEAM_PRIOR_WEIGHT) for s in TOGETHER}


class Memory:
    """One bot's memory of a game: the calls of every other seat in the hands it has seen end.

    ``update`` takes any observation of the bot's seat and folds in the hand before it, once; ``styles``
    reads the memory together with the calls of the hand being played.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget everything: a new game."""
        self._seats = [_Seat() for _ in range(4)]
        self._teams = [{s: dict.fromkeys(WORDS[s], 0) for s in TOGETHER} for _ in range(2)]
        """Per team, its last words to the bets and órdagos it answered with both partners in the lance."""
        self._at = (0, 0)
        self._hands: set[tuple[int, int]] = set()
        self._ordago_hands = [0, 0]
        """Per team, the remembered hands in which one of its seats (this bot's own included) made an órdago."""

    @property
    def hands(self) -> int:
        """How many earlier hands of this game are remembered."""
        return len(self._hands)

    def __repr__(self) -> str:
        return f"<Memory at game {self._at[0]} hand {self._at[1]}, {self.hands} hands remembered>"

    def update(self, obs: Observation) -> None:
        """Fold in what ``obs`` shows of earlier hands; empty the memory first when a new game began."""
        at = (obs.game_number, obs.hand_number)
        if at < self._at or at == (1, 1):
            self.reset()
        self._at = at
        last = obs.last_hand
        if last is None or (last.game_number, last.hand_number) in self._hands:
            return
        self._hands.add((last.game_number, last.hand_number))
        for team in {team_of(e.seat) for e in last.log if e.kind == "call" and e.seat is not None
                     and e.action is not None and e.action.kind is Kind.ORDAGO}:
            self._ordago_hands[team] += 1
        if last.hands is not None:
            # Shown hands tell whether a seat's last mus call followed its cards, as the plain mus does.
            kept_keys = plain_for(obs.rules).kept_keys
            for index, record in mus_records(last.log).items():
                if index != obs.seat and record.said is not None:
                    self._seats[index].plain += plain_evidence(record.said, last.hands[index].key in kept_keys)
        knowledge = knowledge_for(obs.rules) if last.hands is not None else None
        calls, answers = _read(last.log, None, None)
        for answer in answers:
            if answer.team != obs.team:
                self._teams[answer.team][answer.situation][answer.word] += 1
        for call in calls:
            if call.seat != obs.seat:
                seat = self._seats[call.seat]
                if knowledge is not None and last.hands is not None:
                    seat.evidence += shown_evidence(call, last.hands[call.seat].key, knowledge, seat.counts)
                seat.counts[call.situation][call.word] += 1
                seat.calls += 1

    def ordago_hands(self, obs: Observation, team: int) -> int:
        """In how many of the earlier hands remembered (:attr:`hands`) a seat of ``team`` made an órdago."""
        self.update(obs)
        return self._ordago_hands[team]

    def keeper(self, obs: Observation, seat: int) -> float:
        """The chance that ``seat`` plays the plain mus and discard (its team's shown hands judged
        together), so that its hand is dealt as those would have left it."""
        self.update(obs)
        evidence = self._seats[seat].plain + self._seats[partner(seat)].plain
        odds = PLAIN_PRIOR / (1 - PLAIN_PRIOR) * math.exp(max(-30.0, min(30.0, evidence)))
        return odds / (1 + odds)

    def shown(self, obs: Observation, seat: int) -> float:
        """What the hands ``seat``'s team showed at the counts of this game leave of the chance that it plays
        honestly (:func:`shown_honesty`; 1 when they agree with honest play)."""
        self.update(obs)
        return shown_honesty(self._seats[seat].evidence + self._seats[partner(seat)].evidence)

    def counts(self, obs: Observation, seat: int) -> Counts:
        """How ``seat`` has opened and answered bets and órdagos in this game, the hand being played included."""
        self.update(obs)
        counts = {s: dict(words) for s, words in self._seats[seat].counts.items()}
        if seat != obs.seat:
            for call in calls_of(obs.log, obs.pares_declared, obs.juego_declared):
                if call.seat == seat:
                    counts[call.situation][call.word] += 1
        opens, answers, ordagos = counts[OPEN], counts[ANSWER], counts[ORDAGO]
        return Counts(sum(opens.values()), opens["envido"] + opens["ordago"], sum(answers.values()),
                      answers["no-quiero"], sum(ordagos.values()), ordagos["no-quiero"])

    def styles(self, obs: Observation) -> tuple[Style, Style, Style, Style]:
        """Every seat's style from the memory and the calls of the hand being played (this seat's own is
        :data:`UNKNOWN`: a bot does not read itself)."""
        self.update(obs)
        heard, answers = _read(obs.log, obs.pares_declared, obs.juego_declared)
        now = [c for c in heard if c.seat != obs.seat]
        teams = [{s: dict(words) for s, words in team.items()} for team in self._teams]
        for answer in answers:
            if answer.team != obs.team:
                teams[answer.team][answer.situation][answer.word] += 1
        team_shares = [_team_shares(team) for team in teams]
        counts = []
        for index, seat in enumerate(self._seats):
            mine = {s: dict(words) for s, words in seat.counts.items()}
            for call in now:
                if call.seat == index:
                    mine[call.situation][call.word] += 1
            counts.append(mine)
        out = []
        for index in range(4):
            mate = counts[partner(index)]
            calls = sum(sum(words.values()) for words in counts[index].values())
            team_calls = calls + sum(sum(words.values()) for words in mate.values())
            if index == obs.seat or not team_calls:
                out.append(UNKNOWN)
                continue
            # A team is judged on the two partners' calls together, so its style shows twice as fast; a
            # seat not heard yet in a situation is taken to play there like its partner.
            team = {s: {w: n + mate[s][w] for w, n in words.items()} for s, words in counts[index].items()}
            out.append(Style(honesty(team) * self.shown(obs, index), _shares(counts[index], mate), calls,
                             team_shares[team_of(index)]))
        return (out[0], out[1], out[2], out[3])
