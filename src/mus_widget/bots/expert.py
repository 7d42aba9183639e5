"""The expert: chances from possible worlds, decisions by the chance of winning the game.

At a lance it samples deals of the unseen cards that agree with everything public (declarations, señas
of its partner, and the calls so far, which weight each deal), and scores every legal call by the
expected chance of winning the game afterwards, with a model of how the other team answers. Near the
target that makes it play for the game; far from it, for points. At the mus it compares its hand with
what the best discard would be worth on average.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
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
from .chances import (
    OPENING_BET,
    Answers,
    Outlook,
    Reading,
    Scores,
    Worth,
    points_netted,
    their_answer,
    their_opening,
)
from .evaluation import Evaluation, Option, batch_error, typical_worth
from .keepers import mus_records
from .knowledge import Knowledge, knowledge_for
from .manners import Manners
from .memory import Style
from .worlds import Deal, World, deal_worlds, normalised, weigh_worlds

_LANCES = tuple(Lance)
_BARE = {kind: Action(kind) for kind in (Kind.PASO, Kind.QUIERO, Kind.NO_QUIERO, Kind.ORDAGO)}
"""The calls without an amount, made once."""
_EXPLAINED = {Kind.PASO: "paso", Kind.QUIERO: "quiero", Kind.NO_QUIERO: "no_quiero", Kind.ORDAGO: "ordago"}
"""The explanation of each call but an envido (``explain.expert.envido``)."""
_SUBSETS = tuple(c for size in range(1, 5) for c in itertools.combinations(range(4), size))


MUS_COST = 0.3
"""What a round of the mus gives the other team, in the worth of a hand (``Knowledge.score``): they draw too, so
the expert cuts the mus unless its best discard is worth this much more than the hand it holds."""
DEALS_KEPT = 8
"""How many sets of dealt worlds an expert keeps: a hand asks for three or four (before and after each
declaration)."""


class ExpertBot(Bot):
    """Plays by the expected chance of winning the game over possible worlds; makes and reads señas."""

    level = "expert"
    samples = 240
    """The possible worlds a decision in a lance weighs."""
    ordago_floor = 0.97
    """The expert stakes the game (or takes an órdago) only with this chance at the lance, unless pressed."""
    catch = False
    """Whether the opponents' señas are read too (catching a seña); off by default."""
    quiet = 0.3
    """The share of hands with nothing telling in which the expert makes no seña."""
    draws = 16
    """The draws of the unseen cards a discard is weighed over."""

    def __init__(self, seed: int = 0, manners: Manners | None = None) -> None:
        super().__init__(seed, manners)
        self._dealt: dict[str, list[Deal]] = {}
        """The deals of the worlds by what they were dealt from (see :meth:`_deals`), for the hand being played."""

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
        keep = now >= after - MUS_COST + (0.6 if wants_mus else 0.0) or now >= 6.0
        action = NO_MUS if keep and NO_MUS in obs.legal else MUS
        values = (("action", action.text), ("now", round(now, 1)), ("after", round(after, 1)))
        # A round of the mus is worth the best discard less what the other team's draw gives them.
        worths = {MUS: (after - MUS_COST, tuple(b - MUS_COST for b in best.batches))}
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

    def worlds(self, obs: Observation, styles: Sequence[Style] | None = None) -> list[tuple[World, float]]:
        """The possible worlds a decision at ``obs`` weighs, each with its share: :meth:`_deals` weighted by the
        calls of the hand so far as players of ``styles`` (by default, as the memory reads them) make them."""
        knowledge = knowledge_for(obs.rules)
        read = self.memory.styles(obs) if styles is None else styles
        return normalised(weigh_worlds(obs, knowledge, self._deals(obs, knowledge), read))

    def _deals(self, obs: Observation, knowledge: Knowledge) -> list[Deal]:
        """The deals of the worlds for this decision: dealt from everything they agree with (the seat's cards,
        the declarations, the señas, the mus calls and discards, how the memory reads the keepers), with a
        random state drawn from that alone, so they are the same at every decision of the hand until a
        declaration narrows them; only their weights (the calls) change from one decision to the next, and a hand
        deals three or four sets of worlds where it dealt one a decision."""
        keepers = self.keepers(obs)
        senas = tuple((e.seat, e.get("sena")) for e in obs.log if e.kind == "sena")
        dealt_from = repr((
            self.level, self.seed, obs.seat, obs.rules, obs.game_number, obs.hand_number, obs.mus_round,
            str(obs.hand), [str(c) for c in obs.discarded], obs.pares_declared, obs.juego_declared, senas,
            sorted(mus_records(obs.log).items()), [round(k, 9) for k in keepers], self.catch, self.samples,
        ))
        deals = self._dealt.get(dealt_from)
        if deals is None:
            if len(self._dealt) >= DEALS_KEPT:
                self._dealt.clear()
            rng = random.Random(f"{dealt_from}:worlds")
            deals = self._dealt[dealt_from] = deal_worlds(obs, knowledge, self.samples, rng, catch=self.catch,
                                                          keepers=keepers)
        return deals

    def _outlooks(self, obs: Observation, betting: Betting, knowledge: Knowledge,
                  styles: tuple[Style, ...]) -> list[Outlook]:
        return self._outlooks_in(obs, betting, knowledge, self.worlds(obs, styles))

    def _outlooks_in(self, obs: Observation, betting: Betting, knowledge: Knowledge,
                     worlds: list[tuple[World, float]]) -> list[Outlook]:
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
            out.append(Outlook(
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

    def _weigh(self, obs: Observation, betting: Betting, outlooks: list[Outlook], styles: tuple[Style, ...], *,
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
                   self._value(obs, betting, option, outlooks, honest, worth=points_netted(ours, theirs))
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

    def _value(self, obs: Observation, betting: Betting, option: Action, outlooks: list[Outlook],
               reading: Reading, *, worth: Worth | None = None) -> float:
        """The expected chance of winning the game after saying ``option``, a level deeper than the call: after
        a paso the other team may still bet, and a bet of ours may be taken, refused, raised or answered with
        an órdago, each as likely as honest players with their cards answer (in the proportion of how likely
        they play honestly) or as the style they have shown; to their bet we then answer as is best for the
        worlds in which they make it. With ``worth``, what it says the scores after are worth instead (a game
        an órdago ends: the scores with the winner at the target)."""
        ours, theirs = obs.scores[obs.team], obs.scores[other_team(obs.team)]
        scores = Scores(ours, theirs, obs.rules.target, worth or reading.playing_on)
        settle, on, ended = scores.settle, scores.on, scores.ended
        kind = option.kind
        # On our turn a bet on the table is always the other team's (our own bets are answered by them).
        facing = betting.bettor_team is not None
        total = 0.0
        if kind is Kind.PASO:
            base = 1 if betting.lance in (Lance.GRANDE, Lance.CHICA) else 0
            after = [s for s in betting.eligible[betting.position + 1:] if team_of(s) != obs.team]
            if not after:
                for o in outlooks:
                    total += o.share * settle(o, base)
                return total
            # The other team still speaks: it may bet (2) or órdago, and we answer as is best.
            envidos, ordagos = Answers(), Answers()
            for o in outlooks:
                bet, ordago = their_opening(o.their_chance, reading)
                total += o.share * (1 - bet - ordago) * settle(o, base)
                refused = on(ours, theirs + 1 + o.theirs)
                envidos.add(o.share * bet, settle(o, OPENING_BET), refused)
                ordagos.add(o.share * ordago, ended(o), refused)
            return total + envidos.best() + ordagos.best()
        if kind is Kind.NO_QUIERO:
            negada = betting.refusal
            for o in outlooks:
                total += o.share * on(ours, theirs + negada + o.theirs)
            return total
        if kind is Kind.QUIERO:
            for o in outlooks:
                value = ended(o) if betting.ordago else settle(o, betting.stake)
                total += o.share * value
            return total
        # A bet, or a raise on top of theirs: taken, refused, raised or answered with an órdago.
        ordago = kind is Kind.ORDAGO
        on_table = (betting.stake if facing else 0) + option.amount  # the stake if it is taken
        refused_pays = betting.stake if facing else 1
        raises, counters = Answers(), Answers()
        for o in outlooks:
            refusing_loses = ours + refused_pays + o.ours >= scores.target
            taken = ended(o) if ordago else settle(o, on_table)
            refused = on(ours + refused_pays + o.ours, theirs)
            accept, raise_, counter = their_answer(o.their_chance, ordago, refusing_loses, reading)
            total += o.share * (accept * taken + (1 - accept - raise_ - counter) * refused)
            if not ordago:
                ours_refused = on(ours, theirs + on_table + o.theirs)
                raises.add(o.share * raise_, settle(o, on_table + OPENING_BET), ours_refused)
                counters.add(o.share * counter, ended(o), ours_refused)
        return total + raises.best() + counters.best()


@dataclass(frozen=True, slots=True)
class _Discard:
    """One discard (the places of the cards thrown) and what the hand is worth after the draw, on average over
    all the draws and over each batch of them."""

    subset: tuple[int, ...]
    worth: float
    batches: tuple[float, ...]


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


