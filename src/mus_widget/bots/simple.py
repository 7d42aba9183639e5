"""The two simple levels: ``random`` (uniform legal actions, for tests) and ``novice`` (readable rules of
thumb per lance, occasionally wrong like a beginner)."""

from __future__ import annotations

from ..engine.actions import MUS, NO_MUS, Action, Kind, envido
from ..engine.betting import Betting
from ..engine.cards import Hand
from ..engine.hands import HandValue, Lance, ParesKind, evaluate, rank_of
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason, Value
from ..engine.seats import other_team, partner, team_of
from .base import Bot, Decision, chosen_sena, partner_sena
from .keepers import AS, REY, keeps_hand, plain_throw
from .knowledge import knowledge_for
from .worlds import lance_chance, normalised, sample_worlds

_LANCE_INDEX = {lance: i for i, lance in enumerate(Lance)}


class RandomBot(Bot):
    """Picks uniformly among the legal actions; never makes a seña."""

    level = "random"

    def decide(self, obs: Observation) -> Decision:
        self.check_turn(obs)
        action = self.rng(obs).choice(obs.legal_actions)
        return Decision(action, Reason("explain.random", (("action", action), ("count", len(obs.legal_actions)))))


def _proposed(betting: Betting, kind: Kind) -> bool:
    return betting.proposal is not None and betting.proposal.kind is kind


def team_chance(obs: Observation, betting: Betting) -> float:
    """The chance that this seat's team wins the lance being bet, from its own hand and who takes part."""
    lance = _LANCE_INDEX[betting.lance]
    opponents = sum(1 for seat in betting.eligible if team_of(seat) != obs.team)
    with_partner = partner(obs.seat) in betting.eligible
    return knowledge_for(obs.rules).team_chance(obs.hand.key, lance, opponents, with_partner, partner_sena(obs))


def feature(value: HandValue, lance: Lance) -> tuple[int, str, int]:
    """How good ``value`` is at ``lance`` by a beginner's rules of thumb: a grade 0 (nothing) .. 3 (great),
    with the feature that earns it and a count for the explanation."""
    reyes, ases = value.ranks.count(REY), value.ranks.count(AS)
    if lance is Lance.GRANDE:
        return (3 if reyes >= 3 else 2 if reyes == 2 else 0), "reyes", reyes
    if lance is Lance.CHICA:
        return (3 if ases >= 3 else 2 if ases == 2 else 0), "ases", ases
    if lance is Lance.PARES:
        if value.pares is ParesKind.DUPLES:
            return 3, "duples", 1
        if value.pares is ParesKind.MEDIAS:
            return (3 if value.pares_ranks[0] == REY else 2), "medias", 1
        if value.pares is ParesKind.PAR:
            return (2 if value.pares_ranks[0] == REY else 1 if value.pares_ranks[0] >= 10 else 0), "par", 1
        return 0, "no_pares", 0
    if lance is Lance.JUEGO:
        grade = 3 if value.total == 31 else 2 if value.total == 32 else 1 if value.total == 40 else 0
        return grade, "total", value.total
    return (3 if value.total >= 30 else 2 if value.total >= 28 else 0), "total", value.total


class NoviceBot(Bot):
    """Plays by readable thresholds on the team's chance at each lance (from its own hand, who takes part
    and its partner's seña), looks carefully only before staking the game, and now and then slips."""

    level = "novice"
    slip = 1 / 20
    """The share of ordinary calls in which the novice says something else, as beginners do."""
    bet_nerve = 0.9
    """The novice opens the betting only when its team's chance at the lance is this high."""
    call_nerve = 0.5
    """A bet is accepted when the team's chance is this high (or with a good feature of the hand)."""
    raise_nerve = 0.95
    """The novice raises a bet only when its team's chance is this high."""
    bet_size = (2, 2, 3, 4)
    """How much the novice bets or raises, by the grade of its hand."""
    own_ordago = 0.9
    """The novice stakes the game itself only when its careful chance at the lance is this high."""
    ordago_nerve = 0.95
    """An órdago is taken when the careful chance reaches this bar (moved by the score, below)."""
    score_feel = 0.01
    """How much each point of lead (or deficit) raises (or lowers) the bar for taking an órdago."""
    late_feel = 0.6
    """The bar for taking an órdago once refusing would leave them within a hand of the game."""
    careful = 200
    """Deals sampled when the novice weighs an órdago."""
    quiet = 0.3
    """The share of hands with nothing telling in which the novice makes no seña at all."""
    bluff_after, bluff_share = 3, 0.8
    """Once the other team has answered this many bets and refused this share of them, the novice bets
    every lance it opens: each refusal is a point."""
    fold_after, fold_share, fold_nerve, fold_honest = 2, 0.8, 0.5, 0.5
    """Once the other team has answered this many órdagos and refused this share of them, and the memory
    gives it less than this chance of playing honestly, the novice órdagos every lance where its team's chance
    is this high: they fold whatever they hold, and the stake on the table is ours."""
    timid_after, timid_share, timid_nerve = 8, 0.05, 0.6
    """Once the other team has opened this many lances and bet in no more than this share, the novice opens
    with a fair hand (this chance): they will not bet it back."""

    def decide(self, obs: Observation) -> Decision:
        self.check_turn(obs)
        self.memory.update(obs)
        rng = self.rng(obs)
        value = evaluate(obs.hand, obs.rules)
        if obs.phase is Phase.MUS:
            return plain_mus(obs, value, rng.random() < self.slip)
        if obs.phase is Phase.DISCARD:
            return plain_discard(obs.hand, obs.rules.kings)
        assert obs.betting is not None
        lance = obs.betting.lance
        grade, name, count = feature(value, lance)
        legal = [action.kind for action in obs.legal]
        wish, chance = self._wish(obs, grade)
        if rng.random() < self.slip and not obs.betting.ordago:
            # A beginner's slip: another call, but never near an órdago, which even beginners fear.
            others = [k for k in legal if k not in (wish, Kind.ORDAGO)]
            if others:
                wish = rng.choice(others)
        action = self._realise(obs, wish, grade)
        values: tuple[tuple[str, Value], ...] = (
            ("action", action), ("lance", lance.value), ("feature", name), ("count", count),
            ("chance", round(100 * chance)),
        )
        return Decision(action, Reason("explain.novice", values))

    def table_talk(self, obs: Observation) -> str | None:
        """Once the mus is cut, tell the partner the best thing the hand holds (or, mostly, that it holds
        nothing to speak of)."""
        self.memory.update(obs)
        return chosen_sena(self, obs, self.quiet)

    def _wish(self, obs: Observation, grade: int) -> tuple[Kind, float]:
        """The call by the rules of thumb, and the chance it rests on: open only with a hand ready for an
        órdago, answer bets generously, raise only when very strong, stake the game only after a careful look."""
        betting = obs.betting
        assert betting is not None
        chance = team_chance(obs, betting)
        if betting.ordago:
            careful = self._ordago_chance(obs)
            return (Kind.QUIERO if self._takes_ordago(obs, betting, careful) else Kind.NO_QUIERO), careful
        if betting.proposal is not None and betting.proposal.kind in (Kind.QUIERO, Kind.ENVIDO, Kind.ORDAGO):
            return betting.proposal.kind, chance  # trust the partner's stronger call
        fair = self.may_ordago(obs)  # always, but at a student's table against a team that folds
        if fair and chance >= self.fold_nerve and self._they_fold(obs):
            return Kind.ORDAGO, chance
        if fair and chance >= self.own_ordago - 0.1:
            careful = self._ordago_chance(obs)
            if careful >= self.own_ordago:
                return Kind.ORDAGO, careful
        if betting.bettor_team is None:
            return (Kind.ENVIDO if chance >= self._opening_nerve(obs) else Kind.PASO), chance
        if chance >= self.raise_nerve and betting.stake < 6:
            return Kind.ENVIDO, chance
        return (Kind.QUIERO if grade >= 2 or chance >= self.call_nerve else Kind.NO_QUIERO), chance

    def _opening_nerve(self, obs: Observation) -> float:
        """The chance the novice wants before opening, by what it has seen of the other team this game: if
        they refuse nearly every bet, any bet wins a point; if they never bet, a fair hand is worth a bet."""
        them = [self.memory.counts(obs, seat) for seat in range(4) if team_of(seat) != obs.team]
        answers = sum(c.answers for c in them)
        refused = sum(c.refused for c in them)
        ordagos = sum(c.ordagos for c in them)
        # From a team that plays a style of its own, a refused órdago is a refused bet (no órdago seen: no reading).
        if ordagos and self._styled(obs):
            answers += ordagos
            refused += sum(c.ordagos_refused for c in them)
        if answers >= self.bluff_after and refused >= self.bluff_share * answers:
            return 0.0
        openings = sum(c.openings for c in them)
        if openings >= self.timid_after and sum(c.opened for c in them) <= self.timid_share * openings:
            return self.timid_nerve
        return self.bet_nerve

    def _they_fold(self, obs: Observation) -> bool:
        """Whether the other team plays a style of its own (the memory does not read it as honest) and has
        refused nearly every órdago it was seen to answer this game. Honest players refuse most órdagos too,
        but for their cards: against them an órdago with a fair hand is no free stake."""
        them = [self.memory.counts(obs, seat) for seat in range(4) if team_of(seat) != obs.team]
        answered = sum(c.ordagos for c in them)
        if answered < self.fold_after or sum(c.ordagos_refused for c in them) < self.fold_share * answered:
            return False
        return self._styled(obs)

    def _styled(self, obs: Observation) -> bool:
        """Whether the memory reads the other team as playing a style of its own rather than honestly."""
        styles = self.memory.styles(obs)
        return all(styles[seat].honest < self.fold_honest for seat in range(4) if team_of(seat) != obs.team)

    def _takes_ordago(self, obs: Observation, betting: Betting, careful: float) -> bool:
        """Take an órdago when the careful chance at the lance beats the chance of winning the game by
        playing on after refusing it (which hands them the negada); always confirm a partner's quiero."""
        if _proposed(betting, Kind.QUIERO):
            return True
        ours = obs.scores[obs.team]
        theirs = obs.scores[other_team(obs.team)] + betting.refusal
        return careful >= self._playing_on(ours, theirs, obs.rules.target)

    def _ordago_chance(self, obs: Observation) -> float:
        """For the game, even a beginner looks carefully: the chance over deals of the unseen cards that
        agree with the declarations and the partner's seña, ties going to the mano."""
        knowledge = knowledge_for(obs.rules)
        worlds = sample_worlds(obs, knowledge, self.careful, self.rng(obs, "ordago"), read_calls=False)
        return lance_chance(obs, knowledge, normalised(worlds))

    def _playing_on(self, ours: int, theirs: int, target: int) -> float:
        """A beginner's feel for the chance of winning the game from these scores by playing on."""
        if theirs >= target:
            return 0.0
        feel = self.ordago_nerve + self.score_feel * (ours - theirs) * 40 / target
        if theirs >= target - 6:
            feel = min(feel, self.late_feel)
        return min(max(feel, 0.05), 0.99)

    def _realise(self, obs: Observation, wish: Kind, grade: int) -> str:
        legal = obs.legal
        by_kind = {action.kind: action.text for action in legal}
        if wish is Kind.ENVIDO and Kind.ENVIDO in by_kind:
            betting = obs.betting
            assert betting is not None
            if betting.proposal is not None and betting.proposal.kind is Kind.ENVIDO:
                return betting.proposal.text
            amount = self.bet_size[grade]
            wanted = envido(amount)
            return wanted.text if betting.legal().allows(wanted) else by_kind[Kind.ENVIDO]
        if wish is Kind.ORDAGO and Kind.ORDAGO not in by_kind:
            wish = Kind.QUIERO
        if wish in by_kind:
            return by_kind[wish]
        for fallback in (Kind.QUIERO, Kind.PASO, Kind.NO_QUIERO):
            if fallback in by_kind:
                return by_kind[fallback]
        return legal[0].text


def plain_mus(obs: Observation, value: HandValue, slip: bool = False) -> Decision:
    """A beginner's mus: keep a hand with medias or better, 31 or 32, three reyes or three ases
    (:func:`.keepers.keeps_hand`); with a ``slip``, the other way round."""
    keep = keeps_hand(value)
    if slip:
        keep = not keep
    action = (NO_MUS if keep and NO_MUS in obs.legal else MUS).text
    return Decision(action, Reason("explain.novice.mus", (("action", action), ("score", int(keep)))))


def plain_discard(hand: Hand, kings: int) -> Decision:
    """Keep reyes and pairs, throw the rest; with nothing to throw, throw the weakest card
    (:func:`.keepers.plain_throw`)."""
    throw = [hand.cards[i] for i in plain_throw(tuple(rank_of(c.number, kings) for c in hand.cards))]
    action = Action(Kind.DISCARD, cards=tuple(throw)).text
    return Decision(action, Reason("explain.novice.discard", (("action", action), ("count", len(throw)))))
