"""The expert: chances from possible worlds, decisions by the chance of winning the game.

At a lance it samples deals of the unseen cards that agree with everything public (declarations, señas
of its partner, and the calls so far, which weight each deal), and scores every legal call by the
expected chance of winning the game afterwards, with a model of how the other team answers. Near the
target that makes it play for the game; far from it, for points. At the mus it compares its hand with
what the best discard would be worth on average.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..engine.actions import MUS, NO_MUS, Action, Kind, envido
from ..engine.betting import Betting
from ..engine.cards import DECK, KEY_WEIGHTS, Hand
from ..engine.hands import Lance
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason
from ..engine.seats import other_team, partner, speaking_order, team_of, team_seats
from .base import Bot, Decision, chosen_sena, partner_sena
from .evaluation import Evaluation, Option, batch_error, typical_worth
from .knowledge import Knowledge, knowledge_for
from .memory import ANSWER, OPEN, ORDAGO, Style
from .worlds import World, normalised, sample_worlds

Worth = Callable[[float, float, int], float]
"""What the scores after a lance are worth to the team: its chance of winning the game, or the piedras it took."""

_LANCES = tuple(Lance)
_BARE = {kind: Action(kind) for kind in (Kind.PASO, Kind.QUIERO, Kind.NO_QUIERO, Kind.ORDAGO)}
"""The calls without an amount, made once."""
_UNANSWERED = frozenset({Kind.PASO, Kind.QUIERO, Kind.NO_QUIERO})
"""The calls nobody answers."""
_EXPLAINED = {Kind.PASO: "paso", Kind.QUIERO: "quiero", Kind.NO_QUIERO: "no_quiero", Kind.ORDAGO: "ordago"}
"""The explanation of each call but an envido (``explain.expert.envido``)."""
_SUBSETS = tuple(c for size in range(1, 5) for c in itertools.combinations(range(4), size))


SKILL_EDGE = 1.2
"""The expert expects to outplay the table: in logit terms, worth this much at level scores (about 77 %)."""
STYLE_EDGE = 2.0
"""How much more it expects against players whose calls say nothing of their cards (a fixed style)."""
POINTS_A_HAND = 7
"""About how many points a hand brings the team that scores more of them, so how many hands the count still
needs to end a game (a game to 40 between the expert and the novice lasts 5.6 hands)."""
TAKEN = 0.2
"""The share of a team's órdagos that are taken, and so end the game (against ``random``, which órdagos in
half of the lances, a third of the hands end the game so)."""
LANCES_A_HAND = 4
"""Grande, Chica, Pares and Juego (or Punto): the lances in which a team may órdago each hand."""


def game_chance(ours: float, theirs: float, target: int, edge: float = SKILL_EDGE, settled: float = 0.0) -> float:
    """The chance of winning the game by playing on from these scores: a logistic in the points each
    team still needs, sharper as the end nears, plus the edge of the better player, which shrinks as
    fewer hands remain for it to tell. Because the edge is there, a coin flip for the game is bad.

    ``settled`` is the chance that a hand ends the game on a taken órdago: the more hands the count still
    needs, the likelier an órdago settles the game first, and that goes to the better player whatever the
    score, so against a team that órdagos often the score weighs less (a lead is worth less, and so is
    a deficit: there is no need to stake the game on a coin flip to catch up)."""
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    need_us, need_them = target - ours, target - theirs
    remaining = min(need_us, need_them) / target
    logit = (need_them - need_us) / (2.2 * math.sqrt(need_us + need_them)) + edge * remaining**0.5
    by_points = 1.0 / (1.0 + math.exp(-logit))
    if settled <= 0.0:
        return by_points
    by_ordago = 1.0 - math.pow(1.0 - settled, min(need_us, need_them) / POINTS_A_HAND)
    return (1.0 - by_ordago) * by_points + by_ordago / (1.0 + math.exp(-edge))


@dataclass(frozen=True, slots=True)
class Reading:
    """What the expert makes of the other team in this lance, from its memory of their calls: how likely
    they play honestly, how they answer a bet and an órdago when they do not, and so what playing on is
    worth against them (the edge, and the chance that a hand ends the game on an órdago)."""

    honest: float
    answer: dict[str, float]
    ordago: dict[str, float]
    edge: float
    settled: float = 0.0

    @classmethod
    def of(cls, styles: list[Style]) -> Reading:
        """The reading of the opponents taking part in the lance, with ``styles`` their styles: with both
        in it, a bet is answered by the team's last word (the partner of one who refuses speaks too)."""
        if not styles:
            return cls(1.0, {}, {}, SKILL_EDGE)
        honest = sum(s.honest for s in styles) / len(styles)
        answers = styles[0].team if len(styles) == 2 else styles[0].shares
        answer, ordago = answers[ANSWER], answers[ORDAGO]
        # How often they órdago in a lance, opening it or answering a bet; a taken órdago ends the game. An
        # honest team's órdagos come with the cards for them: only a style's go to the better player.
        opening = sum(s.share(OPEN, "ordago") for s in styles) / len(styles)
        in_lance = 1.0 - (1.0 - opening) * (1.0 - answer["ordago"])
        settled = (1.0 - honest) * (1.0 - (1.0 - TAKEN * in_lance) ** LANCES_A_HAND)
        return cls(honest, answer, ordago, SKILL_EDGE + STYLE_EDGE * (1 - honest), settled)

    def playing_on(self, ours: float, theirs: float, target: int) -> float:
        """The chance of winning the game by playing on from these scores against this team."""
        return game_chance(ours, theirs, target, self.edge, self.settled)


@dataclass(frozen=True, slots=True)
class _Outlook:
    """What one world says about the lance: whether we win it, each team's bonus, and how strong the
    other team thinks it is (which decides whether it would accept a bet)."""

    share: float
    win: bool
    ours: int
    theirs: int
    their_chance: float


class ExpertBot(Bot):
    """Plays by the expected chance of winning the game over possible worlds; makes and reads señas."""

    level = "expert"
    samples = 120
    ordago_floor = 0.97
    """The expert stakes the game (or takes an órdago) only with this chance at the lance, unless pressed."""
    catch = False
    """Whether the opponents' señas are read too (catching a seña); off by default."""
    quiet = 0.3
    """The share of hands with nothing telling in which the expert makes no seña."""
    draws = 16
    """The draws of the unseen cards a discard is weighed over."""

    def decide(self, obs: Observation) -> Decision:
        evaluation = self._evaluate(obs, (), 0, piedras=False)
        return Decision(evaluation.choice.text, evaluation.reason)

    def evaluate(self, obs: Observation, actions: Iterable[Action | str] | None = None, *,
                 batches: int = 0) -> Evaluation:
        """Every option of the seat to move weighed from ``obs`` alone (and the earlier hands this bot was
        shown), the way :meth:`decide` weighs its own: at the mus both calls, at the discards every discard,
        in a lance the expert's own candidates and ``actions`` (None: every legal call, each envido amount
        included). A call's piedras are the points the team nets from the lance against honest answers; a
        hand's at the mus and the discards, the rough points it is worth (``Knowledge.score``). With
        ``batches`` (2 or more) the worlds, or the draws, are split in that many to measure each option's
        error. The draws come from :meth:`rng`: the same seed, moment and memory give the same evaluation."""
        if batches == 1:
            raise ValueError("batches is 0 (no errors measured) or 2 and more, not 1")
        asked = _every_call(obs) if actions is None else tuple(a if isinstance(a, Action) else Action.parse(a)
                                                               for a in actions)
        return self._evaluate(obs, asked, batches, piedras=True)

    def _evaluate(self, obs: Observation, actions: Sequence[Action], batches: int, *, piedras: bool) -> Evaluation:
        self.check_turn(obs)
        self.memory.update(obs)
        if obs.phase is Phase.MUS:
            return self._mus(obs, batches)
        if obs.phase is Phase.DISCARD:
            return self._discard(obs, batches)
        return self._bet(obs, actions, batches, piedras)

    def table_talk(self, obs: Observation) -> str | None:
        """Once the mus is cut, tell the partner the most telling true thing about the hand."""
        self.memory.update(obs)
        return chosen_sena(self, obs, self.quiet)

    # ------------------------------------------------------------------ the mus and the discards

    def _unseen(self, obs: Observation) -> list[int]:
        mine = {c.index for c in obs.hand.cards} | {c.index for c in obs.discarded}
        return [c.index for c in DECK if c.index not in mine]

    def _discards(self, obs: Observation, rng: random.Random, batches: int) -> list[_Discard]:
        """Every discard with its expected worth after the draw (and per batch of the draws), best first."""
        knowledge = knowledge_for(obs.rules)
        cards = obs.hand.cards
        pool = self._unseen(obs)
        draws = [rng.sample(pool, 4) for _ in range(self.draws)]
        groups = [draws[b::batches] for b in range(batches)]
        out = []
        for subset in _SUBSETS:
            kept = sum(KEY_WEIGHTS[cards[i].index] for i in range(4) if i not in subset)

            def worth(drawn: list[list[int]], kept: int = kept, size: int = len(subset)) -> float:
                return sum(knowledge.score[kept + sum(KEY_WEIGHTS[d] for d in four[:size])] for four in drawn
                           ) / len(drawn)

            out.append(_Discard(subset, worth(draws), tuple(worth(group) for group in groups)))
        # The first of the best, as a strict comparison kept it.
        return sorted(out, key=lambda d: -d.worth)

    def _mus(self, obs: Observation, batches: int) -> Evaluation:
        rng = self.rng(obs, "mus")
        knowledge = knowledge_for(obs.rules)
        now = knowledge.score[obs.hand.key]
        best = self._discards(obs, rng, batches)[0]
        after = best.worth
        wants_mus = partner_sena(obs) == "need_mus"
        keep = now >= after + (0.6 if wants_mus else 0.0) or now >= 6.0
        action = NO_MUS if keep and NO_MUS in obs.legal else MUS
        values = (("action", action.text), ("now", round(now, 1)), ("after", round(after, 1)))
        worths = {MUS: (after, best.batches)}
        if NO_MUS in obs.legal:
            worths[NO_MUS] = (now, (now,) * batches)
        options = self._hands(obs, worths, action)
        return Evaluation(options, action, Reason("explain.expert.mus", values))

    def _discard(self, obs: Observation, batches: int) -> Evaluation:
        discards = self._discards(obs, self.rng(obs, "discard"), batches)
        worths = {Action(Kind.DISCARD, cards=tuple(obs.hand.cards[i] for i in d.subset)): (d.worth, d.batches)
                  for d in discards}
        action = next(iter(worths))
        after = discards[0].worth
        now = knowledge_for(obs.rules).score[obs.hand.key]
        values = (("action", action.text), ("count", len(action.cards)), ("now", round(now, 1)),
                  ("after", round(after, 1)))
        return Evaluation(self._hands(obs, worths, action), action, Reason("explain.expert.discard", values))

    def _hands(self, obs: Observation, worths: dict[Action, tuple[float, tuple[float, ...]]], choice: Action
               ) -> tuple[Option, ...]:
        """The options of the mus or the discards, from what the hand is worth after each (and per batch): the
        chance of the game as if the team took the points the hand is worth above an average hand."""
        typical = typical_worth(knowledge_for(obs.rules))
        styles = self.memory.styles(obs)
        reading = Reading.of([styles[s] for s in range(4) if team_of(s) != obs.team])
        ours, theirs, target = obs.scores[obs.team], obs.scores[other_team(obs.team)], obs.rules.target

        def chance(worth: float) -> float:
            return reading.playing_on(ours + max(0.0, worth - typical), theirs + max(0.0, typical - worth), target)

        best = [chance(w) for w in worths[choice][1]]
        return tuple(
            Option(action, chance(worth), worth,
                   batch_error([b - chance(w) for b, w in zip(best, batches, strict=True)]))
            for action, (worth, batches) in worths.items()
        )

    # ------------------------------------------------------------------ the lances

    def keepers(self, obs: Observation) -> list[float]:
        """Per seat, the share of the worlds in which its hand is dealt as the plain mus and discard would
        have left it: for an opponent, how likely the memory reads it as keeping its good cards; the
        partner's hand is dealt at random (its señas say more)."""
        return [self.memory.keeper(obs, s) if team_of(s) != obs.team else 0.0 for s in range(4)]

    def _outlooks(self, obs: Observation, betting: Betting, knowledge: Knowledge,
                  styles: tuple[Style, ...]) -> list[_Outlook]:
        rng = self.rng(obs, "worlds")
        worlds = normalised(sample_worlds(obs, knowledge, self.samples, rng, catch=self.catch, styles=styles,
                                          keepers=self.keepers(obs)))
        return self._outlooks_in(obs, betting, knowledge, worlds)

    def _outlooks_in(self, obs: Observation, betting: Betting, knowledge: Knowledge,
                     worlds: list[tuple[World, float]]) -> list[_Outlook]:
        """What each of ``worlds`` says about the lance being bet."""
        lance = betting.lance
        index = _LANCES.index(lance)
        team = obs.team
        order = speaking_order(obs.mano)
        eligible = set(betting.eligible)
        ours_taking_part = sum(1 for s in eligible if team_of(s) == team)
        opponents = [s for s in betting.eligible if team_of(s) != team]
        # What each opponent has heard from its partner: it judges its chances with that too.
        heard = {s: _last_sena(obs, partner(s)) for s in opponents}
        out = []
        for world, share in worlds:
            strengths = [knowledge.values[k].strengths[index] if s in eligible else 0 for s, k in enumerate(world.keys)]
            best = order[0]
            for seat in order[1:]:
                if strengths[seat] > strengths[best]:
                    best = seat
            theirs = max(
                (knowledge.team_chance(world.keys[s], index, ours_taking_part, partner(s) in eligible, heard[s])
                 for s in opponents),
                default=0.0,
            )
            out.append(_Outlook(
                share, team_of(best) == team, _bonus(lance, team, world, knowledge),
                _bonus(lance, other_team(team), world, knowledge), theirs,
            ))
        return out

    def _bet(self, obs: Observation, actions: Sequence[Action], batches: int, piedras: bool) -> Evaluation:
        betting = obs.betting
        assert betting is not None
        knowledge = knowledge_for(obs.rules)
        styles = self.memory.styles(obs)
        outlooks = self._outlooks(obs, betting, knowledge, styles)
        return self._weigh(obs, betting, outlooks, styles, actions=actions, batches=batches, piedras=piedras)

    def hindsight(self, obs: Observation, hands: Sequence[Hand]) -> Evaluation:
        """:meth:`evaluate` in a lance with every card known (``hands``, by seat): what would have been best
        had the seat seen them, the other team still answering by its own cards. Hindsight, not advice."""
        self.check_turn(obs)
        self.memory.update(obs)
        betting = obs.betting
        if betting is None:
            raise ValueError(f"hindsight weighs the calls of a lance, not the {obs.phase.value}")
        knowledge = knowledge_for(obs.rules)
        world = World((hands[0].key, hands[1].key, hands[2].key, hands[3].key), 1.0)
        outlooks = self._outlooks_in(obs, betting, knowledge, [(world, 1.0)])
        return self._weigh(obs, betting, outlooks, self.memory.styles(obs), actions=_every_call(obs), batches=0,
                           piedras=True)

    def _weigh(self, obs: Observation, betting: Betting, outlooks: list[_Outlook], styles: tuple[Style, ...], *,
               actions: Sequence[Action], batches: int, piedras: bool) -> Evaluation:
        """The expert's candidates and ``actions`` weighed over ``outlooks``, and its choice among its own."""
        reading = Reading.of([styles[s] for s in betting.eligible if team_of(s) != obs.team])
        chance = sum(o.share for o in outlooks if o.win)
        legal = betting.legal()
        options = [_BARE[kind] for kind in legal.kinds]
        if legal.confirm:
            options.append(envido(legal.confirm))
        if legal.raise_from and not _worth_the_game(obs, betting):
            amounts = {legal.raise_from, legal.raise_from + 1, legal.raise_from + 3, 5, 8}
            options += [envido(a) for a in sorted(amounts) if legal.raise_from <= a <= legal.raise_to]
        scored = [(self._value(obs, betting, option, outlooks, reading), option) for option in options]
        weighed = [*scored, *((self._value(obs, betting, a, outlooks, reading), a) for a in actions
                              if a not in options and legal.allows(a))]
        if chance < self.ordago_floor and reading.honest >= 0.5 and not self._pressed(obs, betting, reading):
            # Against opponents who may know more than this seat models (their partners' señas), the
            # game is staked only with a near-certain lance, unless the score leaves no better way.
            scored = [pair for pair in scored if pair[1].kind is not Kind.ORDAGO] or scored
            if betting.ordago:
                scored = [pair for pair in scored if pair[1].kind is not Kind.QUIERO] or scored
        if not self.may_ordago(obs):  # at a student's table, against a team that folds, only now and then
            scored = [pair for pair in scored if not _stakes_game(obs, betting, pair[1])] or scored
        value, action = max(scored, key=lambda pair: pair[0])
        values: tuple[tuple[str, str | int], ...] = (
            ("action", action.text), ("lance", betting.lance.value), ("chance", round(100 * chance)),
            ("game", round(100 * value)))
        bets = [pair for pair in scored if pair[1].kind in (Kind.ENVIDO, Kind.ORDAGO)]
        reason = Reason(f"explain.expert.{_EXPLAINED.get(action.kind, 'envido')}", values)
        if action.kind is Kind.PASO and chance >= 0.5 and bets:
            # A strong lance left unbet: say what a bet would have been worth instead.
            bet_value, bet = max(bets, key=lambda pair: pair[0])
            values += (("bet", bet.text), ("bet_game", round(100 * bet_value)))
            reason = Reason("explain.expert.paso.strong", values)
        groups = [outlooks[b::batches] for b in range(batches)]
        shares = [sum(o.share for o in group) for group in groups]

        def per_batch(option: Action) -> list[float]:
            return [self._value(obs, betting, option, g, reading) / s if s else value
                    for g, s in zip(groups, shares, strict=True)]

        best = per_batch(action)
        honest = Reading.of([])
        ours, theirs = obs.scores[obs.team], obs.scores[other_team(obs.team)]
        out = tuple(
            Option(option, worth,
                   self._value(obs, betting, option, outlooks, honest, worth=_points(ours, theirs))
                   if piedras and not _stakes_the_game(betting, option) else None,
                   batch_error([b - v for b, v in zip(best, per_batch(option), strict=True)], shares))
            for worth, option in weighed
        )
        return Evaluation(out, action, reason, chance)

    def _pressed(self, obs: Observation, betting: Betting, reading: Reading) -> bool:
        """Whether the score forces the issue: refusing would lose the game, or the game is slipping away."""
        target = obs.rules.target
        ours, theirs = obs.scores[obs.team], obs.scores[other_team(obs.team)]
        if betting.ordago and theirs + betting.refusal >= target:
            return True
        return reading.playing_on(ours, theirs, target) < 0.35

    def _value(self, obs: Observation, betting: Betting, option: Action, outlooks: list[_Outlook],
               reading: Reading, *, worth: Worth | None = None) -> float:
        """The expected chance of winning the game after saying ``option``: against honest players, whose
        answer follows their cards, and against the style the other team has shown, in the proportion of
        how likely they play honestly. With ``worth``, what it says the scores after are worth instead."""
        target, playing_on = obs.rules.target, worth or reading.playing_on
        ours, theirs = obs.scores[obs.team], obs.scores[other_team(obs.team)]
        kind = option.kind
        base = 1 if betting.lance in (Lance.GRANDE, Lance.CHICA) else 0
        stake, negada = betting.stake, betting.refusal
        # On our turn a bet on the table is always the other team's (our own bets are answered by them).
        facing = betting.bettor_team is not None
        honest = reading.honest
        if kind in _UNANSWERED:
            honest = 1.0  # nobody answers these: the style does not matter
        bet = option.amount  # an envido's; nothing for the other calls, an órdago included
        ordago = kind is Kind.ORDAGO
        on_table = (stake if facing else 0) + bet  # the stake if our bet or raise is accepted
        refused_pays = stake if facing else 1
        total = styled = 0.0
        win_share = refuse_ordago = 0.0
        for o in outlooks:
            def settle(points: int, o: _Outlook = o) -> float:
                if o.win:
                    return playing_on(ours + points + o.ours, theirs, target)
                return playing_on(ours, theirs + points + o.theirs, target)

            if kind is Kind.PASO:
                value = settle(base)
            elif kind is Kind.NO_QUIERO:
                value = playing_on(ours, theirs + negada + o.theirs, target)
            elif kind is Kind.QUIERO:
                value = (1.0 if o.win else 0.0) if betting.ordago else settle(stake)
            else:  # a bet, or a raise on top of theirs
                refusing_loses = ours + refused_pays + o.ours >= target
                accept = _acceptance(o, on_table, ordago, refusing_loses)
                taken = (1.0 if o.win else 0.0) if ordago else settle(on_table)
                refused = playing_on(ours + refused_pays + o.ours, theirs, target)
                value = accept * taken + (1 - accept) * refused
                if honest < 1.0:
                    if ordago:
                        quiero = 1.0 if refusing_loses else reading.ordago["quiero"]
                        styled += o.share * (quiero * taken + (1 - quiero) * refused)
                    else:
                        answer = reading.answer
                        styled += o.share * (
                            answer["quiero"] * taken + answer["no-quiero"] * refused
                            + answer["envido"] * settle(on_table + 2)
                        )
                        win_share += o.share * o.win
                        refuse_ordago += o.share * playing_on(ours, theirs + on_table + o.theirs, target)
            total += o.share * value
        if honest >= 1.0:
            return total
        if not ordago:
            styled += reading.answer["ordago"] * max(win_share, refuse_ordago)
        return honest * total + (1 - honest) * styled


@dataclass(frozen=True, slots=True)
class _Discard:
    """One discard (the places of the cards thrown) and what the hand is worth after the draw, on average over
    all the draws and over each batch of them."""

    subset: tuple[int, ...]
    worth: float
    batches: tuple[float, ...]


def _points(ours: int, theirs: int) -> Worth:
    """The piedras the team nets going from ``ours`` and ``theirs`` to the scores after, as a :data:`Worth`."""
    return lambda a, b, _target: (a - ours) - (b - theirs)


def _every_call(obs: Observation) -> tuple[Action, ...]:
    """Every legal action of ``obs``, each envido amount of a lance included (``legal_actions`` names the least)."""
    betting = obs.betting
    if betting is None:
        return obs.legal
    legal = betting.legal()
    amounts = ({legal.confirm} if legal.confirm else set()) | set(
        range(legal.raise_from, legal.raise_to + 1) if legal.raise_from else ())
    return (*(_BARE[kind] for kind in legal.kinds), *(envido(a) for a in sorted(amounts)))


def _stakes_the_game(betting: Betting, option: Action) -> bool:
    """Whether ``option`` may end the game on the cards of this lance (so its piedras mean nothing)."""
    return option.kind is Kind.ORDAGO or (option.kind is Kind.QUIERO and betting.ordago)


def _worth_the_game(obs: Observation, betting: Betting) -> bool:
    """Whether the bet on the table already takes either team to the target: raising it changes nothing but the
    number, and two experts who each see a raise worth as much as a quiero would raise it for ever."""
    return betting.bettor_team is not None and min(obs.scores) + betting.stake >= obs.rules.target


def _stakes_game(obs: Observation, betting: Betting, option: Action) -> bool:
    """Whether ``option`` stakes the game: an órdago, or a bet (or raise) that, accepted, puts enough on the table
    for the team that takes the lance to reach the target."""
    if option.kind is Kind.ORDAGO:
        return True
    if option.kind is not Kind.ENVIDO:
        return False
    on_table = (betting.stake if betting.bettor_team is not None else 0) + option.amount
    return max(obs.scores) + on_table >= obs.rules.target


def _acceptance(outlook: _Outlook, stake: int, ordago: bool, refusing_loses: bool) -> float:
    """How likely the other team accepts: rising smoothly with its own chance (it may see more than we
    model, so a bluff is priced as risky), certain when refusing would lose it the game."""
    if refusing_loses:
        return 1.0
    if ordago:
        return 1.0 / (1.0 + math.exp(-(outlook.their_chance - 0.78) / 0.06))
    middle = min(0.65, 0.42 + 0.02 * stake)
    return 1.0 / (1.0 + math.exp(-(outlook.their_chance - middle) / 0.07))


def _last_sena(obs: Observation, seat: int) -> str | None:
    """The last seña ``seat`` made in this hand (public: everyone sees a seña)."""
    return next((str(e.get("sena")) for e in reversed(obs.log) if e.kind == "sena" and e.seat == seat), None)


def _bonus(lance: Lance, team: int, world: World, knowledge: Knowledge) -> int:
    """What ``team`` collects at the count besides the stake if it takes ``lance`` in this world."""
    if lance is Lance.PARES:
        return sum(knowledge.values[world.keys[s]].pares_points for s in team_seats(team))
    if lance is Lance.JUEGO:
        return sum(knowledge.values[world.keys[s]].juego_points for s in team_seats(team))
    if lance is Lance.PUNTO:
        return 1
    return 0


