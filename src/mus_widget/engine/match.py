"""The parts a :class:`~.game.Game` is built of: what goes on from hand to hand (:class:`Match`), the hand being
played (:class:`Deal`), the log's persistent chain, and the shuffles, the deal and the service that make a hand.

Kept apart from the game's transitions so that each holds one concern; both parts are frozen, and every step
of a game builds new ones from the old (a deal's shuffles come from RNGs seeded by the game seed and the
shuffle's place in the match, so records replay).
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable
from dataclasses import dataclass
from hashlib import blake2b as _blake2b
from hashlib import sha512 as _sha512
from typing import Any, Final, cast

from .betting import LanceResult
from .cards import DECK, Card, Hand
from .frozen import fast_init
from .hands import HandValue, Lance, evaluate, value_table
from .log import Event, HandSummary, event
from .phase import Phase
from .record import FAST_VERSION, ScriptedDeal
from .rules import Rules
from .scoring import CountRow
from .seats import next_seat, speaking_order

_NOTHING_WAITING: Final[tuple[tuple[Card, ...], ...]] = ((), (), (), ())
# The phases' values, as events carry them.
_MUS: Final = Phase.MUS.value
_DISCARD: Final = Phase.DISCARD.value

# For each place in a list of up to 40 cards, from the last: the place and the bits to draw for it.
_SWAP_BITS: Final = tuple((i, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` does (the same permutation for the same RNG, so
    records replay), in about half the time: the loop of ``random.shuffle`` with its draw inlined."""
    getrandbits = rng.getrandbits
    for i, bits in _SWAP_BITS if len(cards) == len(DECK) else _SWAP_BITS[len(DECK) - len(cards):]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


# Version 3 deals. For each place from the last: the place, the number of places to draw from, and the bytes below
# which a byte maps uniformly onto them (256 less 256 mod the number), so each draw is exact.
_DRAWS: Final = tuple((i, i + 1, 256 - 256 % (i + 1)) for i in range(len(DECK) - 1, 0, -1))
_DEALT: Final = _DRAWS[:16]  # a deal draws only the places of the sixteen cards it deals, 39 down to 24
_BLOCK: Final = 64  # bytes of a BLAKE2b digest


def _place(seed: int, game_number: int, hand_number: int, shuffle: int | str) -> str:
    """The text that names a shuffle's place in a match, from which both versions draw: ``-1`` draws a game's mano,
    ``0`` deals, ``1``, ``2``, ... reshuffle the discards, and ``stock`` orders a fast deal's stock."""
    return f"mus:{seed}:{game_number}:{hand_number}:{shuffle}"


def _shuffled(text: str, cards: list[Card], places: tuple[tuple[int, int, int], ...] | None = None) -> None:
    """Shuffle ``cards`` in place as a version-3 match does, a pure function of ``text`` (the seed and the
    shuffle's place): the loop of Fisher–Yates over ``places`` (all of them by default), each place drawn from the
    next byte of the shuffle's stream that falls below its limit (so every order is equally likely). The stream is
    BLAKE2b-512 of the text then, in the rare shuffle that needs more than its 64 bytes, of the same text salted
    with the block's number. One hash instead of seeding a Mersenne Twister (which costs ten times as much) is
    what makes a version-3 deal cheap."""
    data = text.encode()
    stream = _blake2b(data).digest()
    at = 0
    for i, count, limit in _DRAWS[len(DECK) - len(cards):] if places is None else places:
        drawn = stream[at]
        at += 1
        while drawn >= limit:
            if at + i >= len(stream):  # the stream must hold a byte for each place still to draw
                block = len(stream) // _BLOCK
                stream += _blake2b(data, salt=block.to_bytes(16, "big")).digest()
            drawn = stream[at]
            at += 1
        j = drawn % count
        cards[i], cards[j] = cards[j], cards[i]


def _mano_drawn(seed: int, game_number: int) -> int:
    """The mano of game ``game_number`` of a version-3 match: the first byte of BLAKE2b-512 of
    ``mus:{seed}:{game_number}:1:-1``, modulo 4 (256 is a multiple of 4, so each seat is as likely)."""
    return _blake2b(_place(seed, game_number, 1, -1).encode()).digest()[0] & 3


# A persistent list: (newest item, rest) or None. Adding to the log, the actions or the señas is one link and
# never copies them, and states share what came before, so n steps cost O(n) time and memory, not O(n²).
Chain = tuple[Any, Any] | None


def unchain(chain: Chain) -> list[Any]:
    """The items of ``chain``, oldest first."""
    out = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


def _rng(seed: int, game_number: int, hand_number: int, shuffle: int) -> random.Random:
    """The RNG of one shuffle: a pure function of the seed and the shuffle's place in the match.

    Exactly ``random.Random(f"mus:{seed}:{game_number}:{hand_number}:{shuffle}")`` (a string seed, version 2:
    the text and its SHA-512 as one integer), seeded without the Python-level checks of ``Random.seed``."""
    text = _place(seed, game_number, hand_number, shuffle).encode()
    rng = _new_random(random.Random)
    _seed_random(rng, _from_bytes(text + _sha512(text).digest(), "big"))
    rng.__dict__["gauss_next"] = None  # as Random.__init__ leaves it
    return rng


def _seat_drawn(rng: random.Random) -> int:
    """Exactly ``rng.randrange(4)`` (its draw of 3 bits until one is below 4), without its Python-level layers."""
    getrandbits = rng.getrandbits
    seat = getrandbits(3)
    while seat >= 4:
        seat = getrandbits(3)
    return seat


def _first_mano(seed: int, game_number: int, version: int) -> int:
    """The mano drawn for the first hand of game ``game_number``, as record version ``version`` draws it."""
    return _mano_drawn(seed, game_number) if version == FAST_VERSION else _seat_drawn(_rng(seed, game_number, 1, -1))


_new_random: Final[Callable[[type[random.Random]], random.Random]] = cast(Any, random.Random).__new__
_seed_random: Final[Callable[[random.Random, int], None]] = cast(Any, _random.Random).seed
_from_bytes: Final = int.from_bytes


@fast_init
@dataclass(frozen=True, slots=True)
class Match:
    """What goes on from hand to hand: the rules, the seed, the record version whose deals it follows and the
    scripted first deal; which game and hand of the match this is and who is mano; the scores, the games won,
    the last hand that ended and the winner. A new one only when a hand ends or a negada scores; every state in
    between shares it."""

    rules: Rules
    seed: int
    version: int
    script: ScriptedDeal | None
    game_number: int
    hand_number: int
    mano: int
    scores: tuple[int, int]
    games_won: tuple[int, int]
    last_count: tuple[CountRow, ...]
    last_hand: HandSummary | None
    winner: int | None

    @classmethod
    def start(cls, rules: Rules, seed: int, version: int, script: ScriptedDeal | None) -> Match:
        """The first hand of a match whose deals follow record version ``version``: the script's mano and
        scores, or a mano drawn from the seed at nought."""
        if script is not None:
            scores, mano = script.scores, script.mano
        else:
            scores, mano = (0, 0), _first_mano(seed, 1, version)
        return cls(rules, seed, version, script, 1, 1, mano, scores, (0, 0), (), None, None)

    def place(self, shuffle: int | str) -> str:
        """The text naming shuffle ``shuffle`` of this hand (see :func:`_place`)."""
        return _place(self.seed, self.game_number, self.hand_number, shuffle)

    def shuffle(self, shuffle: int, cards: list[Card]) -> None:
        """Shuffle ``cards`` in place as shuffle number ``shuffle`` of this hand (0 deals it)."""
        if self.version == FAST_VERSION:
            _shuffled(self.place(shuffle), cards)
        else:
            _shuffle(_rng(self.seed, self.game_number, self.hand_number, shuffle), cards)

    def scored(self, scores: tuple[int, int]) -> Match:
        """Points scored during the hand (a negada)."""
        return Match(self.rules, self.seed, self.version, self.script, self.game_number, self.hand_number, self.mano,
                     scores, self.games_won, self.last_count, self.last_hand, self.winner)

    def ended(self, deal: Deal, log: Chain, scores: tuple[int, int], *, shown: bool, rows: tuple[CountRow, ...],
              games_won: tuple[int, int] | None = None, winner: int | None = None) -> Match:
        """The hand of ``deal`` over at ``scores``, its log ``log``: its count and summary kept for everyone to
        see (its hands only if they were ``shown``); the games won and the match's winner, if they change."""
        summary = HandSummary(self.game_number, self.hand_number, self.mano, deal.hands if shown else None,
                              deal.results, rows, tuple(unchain(log)), scores)
        return Match(self.rules, self.seed, self.version, self.script, self.game_number, self.hand_number, self.mano,
                     scores, self.games_won if games_won is None else games_won, rows, summary, winner)

    def next_hand(self) -> Match:
        """The next hand of the same game, the next seat mano."""
        return Match(self.rules, self.seed, self.version, self.script, self.game_number, self.hand_number + 1,
                     next_seat(self.mano), self.scores, self.games_won, self.last_count, self.last_hand, None)

    def next_game(self, games_won: tuple[int, int]) -> Match:
        """The first hand of the next game, this hand's count and summary kept: scores at nought, a mano drawn
        from the game's own RNG."""
        number = self.game_number + 1
        mano = _first_mano(self.seed, number, self.version)
        return Match(self.rules, self.seed, self.version, self.script, number, 1, mano, (0, 0), games_won,
                     self.last_count, self.last_hand, None)


@fast_init
@dataclass(frozen=True, slots=True)
class Deal:
    """The hand being played: the cards where they are (hands and their values, stock, discard pile, each seat's
    discards since the last reshuffle and those waiting to be served), the reshuffles and mus rounds so far, the
    lances settled and whether pares and juego have been declared. A new one at each discard, lance and deal.

    A fast deal (version 3) leaves its stock as its draws left it (``stock_shuffled`` false) and shuffles it only
    when a card is first drawn from it, or asked for (:meth:`shuffled_stock`): most hands never draw one."""

    hands: tuple[Hand, ...]
    values: tuple[HandValue, ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    thrown: tuple[tuple[Card, ...], ...]
    waiting: tuple[tuple[Card, ...], ...]
    shuffles: int
    mus_round: int
    results: tuple[LanceResult, ...]
    pares_declared: bool
    juego_declared: bool
    stock_shuffled: bool

    def shuffled_stock(self, match: Match) -> tuple[Card, ...]:
        """The stock in the order its cards are drawn: a fast deal's stock shuffled from the stream of
        ``mus:{seed}:{game}:{hand}:stock``, the first time it is needed."""
        if self.stock_shuffled:
            return self.stock
        stock = list(self.stock)
        _shuffled(match.place("stock"), stock)
        return tuple(stock)

    def discarding(self, seat: int, cards: tuple[Card, ...]) -> Deal:
        """``seat`` has put ``cards`` face down, to be served once all four have."""
        waiting = (*self.waiting[:seat], cards, *self.waiting[seat + 1 :])
        thrown = (*self.thrown[:seat], self.thrown[seat] + cards, *self.thrown[seat + 1 :])
        return Deal(self.hands, self.values, self.stock, self.pile, thrown, waiting, self.shuffles,
                    self.mus_round, self.results, self.pares_declared, self.juego_declared, self.stock_shuffled)

    def declaring(self, lance: Lance) -> Deal:
        """Pares or juego declared: from now every seat knows who has them."""
        pares = self.pares_declared or lance is Lance.PARES
        juego = self.juego_declared or lance is Lance.JUEGO
        return Deal(self.hands, self.values, self.stock, self.pile, self.thrown, self.waiting, self.shuffles,
                    self.mus_round, self.results, pares, juego, self.stock_shuffled)

    def settled(self, result: LanceResult) -> Deal:
        """One lance more settled."""
        return Deal(self.hands, self.values, self.stock, self.pile, self.thrown, self.waiting, self.shuffles,
                    self.mus_round, (*self.results, result), self.pares_declared, self.juego_declared,
                    self.stock_shuffled)


def dealt(match: Match) -> tuple[Deal, Chain]:
    """The deal of ``match``'s current hand (the script's, for the first hand of a game from a script) and the
    hand's log, opened by the deal."""
    script = match.script if match.game_number == 1 and match.hand_number == 1 else None
    if script is not None:
        held = {c.index for h in script.hands for c in h.cards}
        rest = [c for c in DECK if c.index not in held]
        match.shuffle(0, rest)
        hands = script.hands
        stock = tuple(rest)
    else:
        deck = list(DECK)
        if match.version == FAST_VERSION:  # only the sixteen places dealt, 24 to 39; the stock when it is drawn
            _shuffled(match.place(0), deck, _DEALT)
            first, stock = 24, tuple(deck[:24])
        else:
            match.shuffle(0, deck)
            first, stock = 0, tuple(deck[16:])
        cards = tuple(deck[first : first + 16])
        dealt = Hand._dealt
        hands = (dealt(cards[0:4]), dealt(cards[4:8]), dealt(cards[8:12]), dealt(cards[12:16]))
    table = value_table(match.rules)
    values = (table[hands[0].key], table[hands[1].key], table[hands[2].key], table[hands[3].key])
    deal = Deal(hands, values, stock, (), _NOTHING_WAITING, _NOTHING_WAITING, 0, 1, (), False, False,
                script is not None or match.version != FAST_VERSION)
    detail = (("game", match.game_number), ("hand", match.hand_number), ("mano", match.mano))
    return deal, (event("deal", None, _MUS, detail), None)


def served(match: Match, deal: Deal, log: Chain) -> tuple[Deal, Chain]:
    """The postre serves each player in speaking order as many cards as they threw, from the top of the
    stock. When the stock runs out, every discard on the table is shuffled into a new stock under the cards
    left, except, when the player to serve is the last one, the cards that player has just thrown. The next
    mus round begins."""
    waiting = deal.waiting
    order = speaking_order(match.mano)
    stock, pile = deal.shuffled_stock(match), deal.pile + tuple(c for seat in order for c in waiting[seat])
    hands, values = list(deal.hands), list(deal.values)
    thrown, shuffles = deal.thrown, deal.shuffles
    for place, seat in enumerate(order):
        put_down = waiting[seat]
        if len(stock) < len(put_down):
            aside = put_down if place == 3 else ()
            fresh = [c for c in pile if c not in aside]
            shuffles += 1
            match.shuffle(shuffles, fresh)
            log = (Event("reshuffle", None, _DISCARD, (("cards", len(fresh)), ("aside", len(aside)))), log)
            stock, pile = stock + tuple(fresh), aside
            thrown = tuple(aside if s == seat else () for s in range(4))
        hand = Hand._dealt(tuple(c for c in hands[seat].cards if c not in put_down) + stock[: len(put_down)])
        stock = stock[len(put_down) :]
        hands[seat] = hand
        values[seat] = evaluate(hand, match.rules)
    after = Deal(tuple(hands), tuple(values), stock, pile, thrown, _NOTHING_WAITING, shuffles, deal.mus_round + 1,
                 deal.results, deal.pares_declared, deal.juego_declared, True)
    return after, (Event("mus_round", None, _MUS, (("round", after.mus_round),)), log)
