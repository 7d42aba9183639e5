"""What scores are worth to the expert: the chance of winning the game by playing on from them (:func:`game_chance`),
its reading of the other team (:class:`Reading`), and how likely that team opens a lance, takes, raises or
answers a bet with an órdago, which the expert weighs each call by (``ExpertBot`` in :mod:`.expert`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from .memory import ANSWER, OPEN, ORDAGO, Style, called_chance

Worth = Callable[[float, float, int], float]
"""What the scores after a lance are worth to the team: its chance of winning the game, or the piedras it took."""

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
OPENING_BET = 2
"""The bet the other team is taken to make when it bets, or raises ours by."""


def game_chance(ours: float, theirs: float, target: int, edge: float = SKILL_EDGE, settled: float = 0.0) -> float:
    """The chance of winning the game by playing on from these scores: a race in which the better player
    scores faster (``edge`` is its logit at level scores when the whole game lies ahead), so a logistic in
    the hands each team still needs, sharper as the end nears, where the edge counts for less. Because the
    edge is there, a coin flip for the game is bad. A point more for us (or one fewer for them) never lowers it.

    ``settled`` is the chance that a hand ends the game on a taken órdago, which goes to the better player
    whatever the score: the count ends the game only if its winner gets there before an órdago does. So the
    more hands the count still needs, the likelier an órdago settles the game first, and against a team that
    órdagos often the score weighs less (a lead is worth less, and so is a deficit: there is no need to stake
    the game on a coin flip to catch up)."""
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    need_us, need_them = target - ours, target - theirs
    # At level scores with n points to go the logit is edge * sqrt(n / target): the better player's points
    # come faster by ``rate``, and the race's spread grows as the square root of its length.
    faster = 2.2 * edge / math.sqrt(2 * target)
    rate = faster / math.sqrt(1 + faster * faster)
    hands_us, hands_them = need_us / (1 + rate), need_them / (1 - rate)
    logit = (hands_them - hands_us) / (2.2 * math.sqrt(hands_us + hands_them))
    by_points = 1.0 / (1.0 + math.exp(-logit))
    if settled <= 0.0:
        return by_points
    # No órdago taken before the count's winner gets there: each team needs about need / POINTS_A_HAND hands.
    first_us = math.pow(1.0 - settled, need_us / POINTS_A_HAND)
    first_them = math.pow(1.0 - settled, need_them / POINTS_A_HAND)
    by_ordago = 1.0 - by_points * first_us - (1.0 - by_points) * first_them
    return by_points * first_us + by_ordago / (1.0 + math.exp(-edge))


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
    opening: dict[str, float] = field(default_factory=dict)
    """How often they open a lance with each call, as far as they play a style (read with ``1 - honest``)."""
    _known: dict[tuple[float, float, int], float] = field(default_factory=dict, repr=False, compare=False)
    """The chances of playing on worked out so far (a decision asks for the same few scores again and again)."""

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
        opens = {word: sum(s.share(OPEN, word) for s in styles) / len(styles) for word in ("envido", "ordago")}
        return cls(honest, answer, ordago, SKILL_EDGE + STYLE_EDGE * (1 - honest), settled, opens)

    def playing_on(self, ours: float, theirs: float, target: int) -> float:
        """The chance of winning the game by playing on from these scores against this team."""
        known = self._known.get((ours, theirs, target))
        if known is None:
            known = self._known[(ours, theirs, target)] = game_chance(ours, theirs, target, self.edge, self.settled)
        return known


@dataclass(frozen=True, slots=True)
class Outlook:
    """What one world says about the lance: whether we win it, each team's bonus, and how strong the
    other team thinks it is (which decides whether it would accept a bet)."""

    share: float
    win: bool
    ours: int
    theirs: int
    their_chance: float


class Answers:
    """Our answer to a bet or an órdago the other team may make: summed over the worlds in which it makes it,
    what accepting and refusing are worth; we say what is worth more over those worlds (we cannot see which
    world is the true one, but we hear the bet)."""

    __slots__ = ("refused", "taken")

    def __init__(self) -> None:
        self.taken = self.refused = 0.0

    def add(self, weight: float, taken: float, refused: float) -> None:
        self.taken += weight * taken
        self.refused += weight * refused

    def best(self) -> float:
        return max(self.taken, self.refused)


@dataclass(frozen=True, slots=True)
class Scores:
    """The scores before the lance, and what any scores after it are worth (by default the chance of winning
    the game by playing on from them against this team: ``Reading.playing_on``)."""

    ours: int
    theirs: int
    target: int
    worth: Worth

    def on(self, ours: int, theirs: int) -> float:
        """What playing on from these scores is worth."""
        return self.worth(ours, theirs, self.target)

    def ended(self, o: Outlook) -> float:
        """What the game ended by an órdago taken in world ``o`` is worth: won (1) or lost (0) as a chance."""
        return self.on(self.target, self.theirs) if o.win else self.on(self.ours, self.target)

    def settle(self, o: Outlook, points: int) -> float:
        """The chance of winning the game once the lance is settled at the count for ``points`` in world ``o``."""
        if o.win:
            return self.on(self.ours + points + o.ours, self.theirs)
        return self.on(self.ours, self.theirs + points + o.theirs)


def their_opening(their_chance: float, reading: Reading) -> tuple[float, float]:
    """How likely the other team, speaking after our paso, bets and órdagos: as an honest player with its
    chance opens, or as its style does."""
    honest = reading.honest
    bet = honest * called_chance("envido", their_chance, OPEN)
    ordago = honest * called_chance("ordago", their_chance, OPEN)
    if honest < 1.0:
        bet += (1 - honest) * reading.opening.get("envido", 0.0)
        ordago += (1 - honest) * reading.opening.get("ordago", 0.0)
    return bet, ordago


def their_answer(their_chance: float, ordago: bool, refusing_loses: bool,
                 reading: Reading) -> tuple[float, float, float]:
    """How likely the other team takes our bet, raises it and answers it with an órdago (the rest: it
    refuses): honest players by their chance at the lance (:data:`.memory.HONEST_CALLS`), and certain to take
    it when refusing would lose them the game; a style as often as it was seen to, whatever the score."""
    honest = reading.honest
    if ordago:
        take = 1.0 if refusing_loses else called_chance("quiero", their_chance, ORDAGO)
        if honest < 1.0:
            take = honest * take + (1 - honest) * reading.ordago["quiero"]
        return take, 0.0, 0.0
    if refusing_loses:
        accept, raise_, counter = 1.0, 0.0, 0.0
    else:
        accept = called_chance("quiero", their_chance, ANSWER)
        raise_ = called_chance("envido", their_chance, ANSWER)
        counter = called_chance("ordago", their_chance, ANSWER)
    if honest < 1.0:
        answer = reading.answer
        accept = honest * accept + (1 - honest) * answer["quiero"]
        raise_ = honest * raise_ + (1 - honest) * answer["envido"]
        counter = honest * counter + (1 - honest) * answer["ordago"]
    return accept, raise_, counter


def points_netted(ours: int, theirs: int) -> Worth:
    """The piedras the team nets going from ``ours`` and ``theirs`` to the scores after, as a :data:`Worth`."""
    return lambda a, b, _target: (a - ours) - (b - theirs)
