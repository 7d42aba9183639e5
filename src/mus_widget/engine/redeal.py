"""The same moment of a game with the cards one seat cannot see dealt anew.

To weigh a decision under the uncertainty its player had (not with hindsight), a benchmark plays the rest of
the game out many times, each from another deal of the hidden cards: the other seats' hands, the stock, their
discards on the table and the shuffles still to come. :func:`redeal` makes such a state. Like every step of
the engine it builds a new :class:`Game` and leaves the old one untouched, and it refuses hands that do not
fit: the seat's own view (:meth:`Game.observe`) must stay exactly what it was, so the declarations, the
betting and every public event still hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from .cards import DECK, Card, Hand
from .errors import MusError
from .game import Game
from .hands import evaluate
from .seats import check_seat


def hidden_cards(game: Game, seat: int) -> frozenset[Card]:
    """The cards ``seat`` cannot see now: all but its hand and its own discards still on the table."""
    check_seat(seat)
    seen = {card.index for card in game.hands[seat]} | {card.index for card in game.observe(seat).discarded}
    return frozenset(card for card in DECK if card.index not in seen)


def redeal(game: Game, seat: int, hands: Sequence[Hand], rng: random.Random, *, seed: int | None = None) -> Game:
    """``game`` at the same moment, ``seat`` seeing exactly what it saw, the other seats holding ``hands``
    (four, by seat: ``hands[seat]`` is the seat's own). The cards left hidden go at random (``rng``) to the
    stock and to the other seats' discards on the table, as many as there were of each; a seat waiting to be
    served puts down as many of its new cards as it had. ``seed`` (the game's own by default) deals the
    hands and reshuffles still to come.

    Raises :class:`MusError` when the hands do not fit: a card twice or one the seat can see, or hands that
    change what the seat sees (their pares or juego as declared)."""
    check_seat(seat)
    if game.is_over:
        raise MusError("the match is over: there is nothing left to deal")
    if len(hands) != 4 or not all(isinstance(hand, Hand) for hand in hands):
        raise MusError(f"four hands, one per seat, not {hands!r}")
    if hands[seat] != game.hands[seat]:
        raise MusError(f"seat {seat} keeps its own cards ({game.hands[seat]}), not {hands[seat]}")
    hidden = hidden_cards(game, seat)
    others = [s for s in range(4) if s != seat]
    dealt = [card for s in others for card in hands[s].cards]
    if len({card.index for card in dealt}) != len(dealt):
        raise MusError("a card is dealt to two seats")
    if not set(dealt) <= hidden:
        seen = sorted(str(card) for card in set(dealt) - hidden)
        raise MusError(f"seat {seat} can see {' '.join(seen)}: they cannot be dealt to another seat")
    deal = game._deal
    dealt_hands = tuple(game.hands[s] if s == seat else hands[s] for s in range(4))
    rest = sorted(hidden - set(dealt), key=lambda card: card.index)
    rng.shuffle(rest)
    stock, rest = tuple(rest[: len(deal.stock)]), rest[len(deal.stock):]
    thrown: list[tuple[Card, ...]] = list(deal.thrown)
    waiting: list[tuple[Card, ...]] = list(deal.waiting)
    mine = set(deal.thrown[seat]) - set(deal.waiting[seat])
    pile = [card for card in deal.pile if card in mine]
    for other in others:
        on_table = len(deal.thrown[other]) - len(deal.waiting[other])
        put_down = tuple(rng.sample(hands[other].cards, len(deal.waiting[other])))
        laid, rest = tuple(rest[:on_table]), rest[on_table:]
        pile += laid
        thrown[other] = laid + put_down
        waiting[other] = put_down
    assert not rest, "every hidden card has its place"
    new_deal = replace(deal, hands=dealt_hands, values=tuple(evaluate(hand, game.rules) for hand in dealt_hands),
                       stock=stock, pile=tuple(pile), thrown=tuple(thrown), waiting=tuple(waiting),
                       stock_shuffled=True)
    match = game._match if seed is None else replace(game._match, seed=seed)
    after = replace(game, _deal=new_deal, _match=match)
    if after.observe(seat) != game.observe(seat):
        raise MusError(f"these hands change what seat {seat} sees (the pares or juego declared): "
                       f"{' | '.join(str(hand) for hand in hands)}")
    return after


__all__ = ["hidden_cards", "redeal"]
