"""Possible worlds: deals of the unseen cards that agree with everything one seat has seen.

A world gives every other seat four cards drawn from the cards this seat cannot see, kept only if they
agree with the pares and juego declarations and the partner's señas, and weighted by how likely each
player's calls in this hand are with those cards (a player who bets is more likely strong). A seat read as
keeping its good cards gets a hand that agrees with its mus calls and discards too (:mod:`.keepers`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..engine.cards import DECK
from ..engine.hands import HandValue, Lance
from ..engine.observation import Observation
from ..engine.seats import partner, speaking_order, team_of
from ..engine.senas import claims
from .base import TELLING_SENAS
from .dealing import Dealer, key_of
from .keepers import draw_kept, keeping, mus_records, plain_for
from .knowledge import Knowledge
from .memory import HONEST_SHARES, Call, Style, calls_of

_LANCE_INDEX = {lance.value: i for i, lance in enumerate(Lance)}
UNKNOWN_HONEST = Style(1.0, HONEST_SHARES, 0)
"""A seat read as an honest player: its calls say what its cards are worth."""


@dataclass(frozen=True, slots=True)
class World:
    """One possible deal: the hand key of every seat (this seat's own included) and its weight."""

    keys: tuple[int, int, int, int]
    weight: float


def _allowed_keys(obs: Observation, knowledge: Knowledge, catch: bool) -> dict[int, frozenset[int]]:
    """For each other seat with something known about its hand, the hand keys that agree with it: its pares
    and juego declarations, and the señas the sampler honours (the partner's; the opponents' with ``catch``)."""
    mate = partner(obs.seat)
    said: dict[int, list[str]] = {}
    for event in obs.log:
        if event.kind == "sena" and event.seat is not None and event.seat != obs.seat and (event.seat == mate or catch):
            said.setdefault(event.seat, []).append(str(event.get("sena")))
    pares, juego = obs.pares_declared, obs.juego_declared
    return {
        seat: keys_agreeing(knowledge, tuple(said.get(seat, ())), None if pares is None else pares[seat],
                            None if juego is None else juego[seat])
        for seat in range(4)
        if seat != obs.seat and (pares is not None or juego is not None or seat in said)
    }


@lru_cache(maxsize=256)
def keys_agreeing(knowledge: Knowledge, senas: tuple[str, ...], pares: bool | None, juego: bool | None
                  ) -> frozenset[int]:
    """The hand keys for which every one of ``senas`` is true and that hold pares and juego as declared (None:
    not declared yet). Kept, since a hand asks for the same few sets at every decision.

    Bots make the most telling true seña (:data:`TELLING_SENAS`), so a seña also says that the claims
    before it in that order are false; read that way, "two reyes" rules out duples, 31 and medias.
    """
    def agrees(value: HandValue) -> bool:
        if (pares is not None and value.has_pares != pares) or (juego is not None and value.has_juego != juego):
            return False
        for sena in senas:
            if not claims(sena, value):
                return False
            if sena in TELLING_SENAS:
                stronger = TELLING_SENAS[: TELLING_SENAS.index(sena)]
                if any(claims(other, value) for other in stronger):
                    return False
        return True

    return frozenset(key for key, value in knowledge.values.items() if agrees(value))


Deal = tuple[int, int, int, int]
"""The hand key of every seat in one possible world."""


def sample_worlds(
    obs: Observation, knowledge: Knowledge, count: int, rng: random.Random, *, catch: bool = False,
    read_calls: bool = True, styles: Sequence[Style] | None = None, keepers: Sequence[float] | None = None,
) -> list[World]:
    """``count`` worlds for ``obs.seat``, weighted by the calls so far (unless ``read_calls`` is off) as
    players of the given ``styles`` make them (honest players, without); with ``catch`` the opponents'
    señas count too. ``keepers`` gives, per seat, the share of the worlds in which its hand is dealt as
    the plain mus and discard would have left it (:func:`.keepers.draw_kept`); without, every hand is
    dealt at random."""
    deals = deal_worlds(obs, knowledge, count, rng, catch=catch, keepers=keepers)
    if not read_calls:
        return [World(keys, 1.0) for keys in deals]
    return weigh_worlds(obs, knowledge, deals, styles)


def deal_worlds(obs: Observation, knowledge: Knowledge, count: int, rng: random.Random, *, catch: bool = False,
                keepers: Sequence[float] | None = None) -> list[Deal]:
    """``count`` deals of the cards ``obs.seat`` cannot see that agree with the declarations, the partner's
    señas (every seña with ``catch``) and, for the seats read as keepers (``keepers``, as for
    :func:`sample_worlds`), their mus calls and discards; not yet weighted by the calls of the lances."""
    mine = {c.index for c in obs.hand.cards} | {c.index for c in obs.discarded}
    dealer = Dealer([c.index for c in DECK if c.index not in mine], knowledge, rng)
    others = [s for s in range(4) if s != obs.seat]
    allowed = _allowed_keys(obs, knowledge, catch)
    my_key = obs.hand.key
    plain = plain_for(obs.rules) if keepers else None
    # Per seat dealt as a keeper in some of the worlds: how to deal it so, and in which share of the worlds.
    keeps = {
        seat: (keeping(record, allowed.get(seat), plain), keepers[seat])
        for seat, record in mus_records(obs.log).items() if seat != obs.seat and keepers[seat] > 0
    } if keepers and plain is not None else {}
    deals: list[Deal] = []
    for _ in range(count):
        keys = [0, 0, 0, 0]
        keys[obs.seat] = my_key
        dealer.new_world()
        for seat in others:
            drawn = None
            if plain is not None and seat in keeps and rng.random() < keeps[seat][1]:
                drawn = draw_kept(dealer, keeps[seat][0], plain)
            if drawn is None:
                seat_allowed = allowed.get(seat)
                drawn = (dealer.of_keys(seat_allowed) if seat_allowed is not None else None) or dealer.any_four()
            keys[seat] = key_of(drawn)
            dealer.take(drawn)
        deals.append((keys[0], keys[1], keys[2], keys[3]))
    return deals


def weigh_worlds(obs: Observation, knowledge: Knowledge, deals: Sequence[Deal],
                 styles: Sequence[Style] | None = None) -> list[World]:
    """The ``deals`` weighted by how likely the calls of this hand so far are with those cards, made by
    players of the given ``styles`` (honest players, without). A caller judged its chance with what its
    partner told it (señas are public), so its call is read with that seña too."""
    read = styles or (UNKNOWN_HONEST,) * 4
    senas = _last_senas(obs)
    factors: list[tuple[int, dict[int, float], Callable[[int], float]]] = []
    for call in calls_of(obs.log, obs.pares_declared, obs.juego_declared):
        if call.seat != obs.seat:
            factors.append((call.seat, {}, _call_likelihood(knowledge, call, senas.get(partner(call.seat)),
                                                            read[call.seat])))
    worlds = []
    for keys in deals:
        weight = 1.0
        for seat, known, likelihood in factors:
            key = keys[seat]
            factor = known.get(key)
            if factor is None:
                factor = known[key] = likelihood(key)
            weight *= factor
        worlds.append(World(keys, weight))
    return worlds


def _call_likelihood(knowledge: Knowledge, call: Call, sena: str | None, style: Style) -> Callable[[int], float]:
    """How likely ``call`` is from a caller holding each hand key, with its partner's ``sena`` heard."""
    def likelihood(key: int) -> float:
        if sena is None or not call.with_partner:
            chance = knowledge.team_chance_fast(key, call.lance, call.opponents, call.with_partner)
        else:
            chance = knowledge.team_chance(key, call.lance, call.opponents, True, sena)
        return style.likelihood(call.word, chance, call.situation)
    return likelihood


def _last_senas(obs: Observation) -> dict[int, str]:
    """The last seña each seat made in this hand."""
    return {event.seat: str(event.get("sena")) for event in obs.log if event.kind == "sena" and event.seat is not None}


def normalised(worlds: Sequence[World]) -> list[tuple[World, float]]:
    """Each world with its share of the total weight."""
    total = sum(w.weight for w in worlds) or 1.0
    return [(w, w.weight / total) for w in worlds]


def lance_chance(obs: Observation, knowledge: Knowledge, worlds: Sequence[tuple[World, float]]) -> float:
    """The share of the worlds in which this seat's team wins the lance being bet (ties to the mano)."""
    betting = obs.betting
    assert betting is not None
    index = _LANCE_INDEX[betting.lance.value]
    order = [s for s in speaking_order(obs.mano) if s in betting.eligible]
    chance = 0.0
    for world, share in worlds:
        strengths = [knowledge.values[key].strengths[index] for key in world.keys]
        best = order[0]
        for seat in order[1:]:
            if strengths[seat] > strengths[best]:
                best = seat
        if team_of(best) == obs.team:
            chance += share
    return chance
