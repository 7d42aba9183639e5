"""Deals that tests share: four hands, South's first, in card notation (``12o`` is the rey of oros)."""

from __future__ import annotations

SOUTH_CARDS = "12o 3c 11o 1c"  # R R C A: a par of reyes, 31 (juego); true señas: two_reyes, thirty_one
# East: C C S 7, a par, 37 (juego). North: 7 7 5 4, a par, 23, nothing to claim. West: R C S A, no pares, 31.
REFERENCE_DEAL = (SOUTH_CARDS, "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o")
# East and West trade the 7 and the as of oros: East now holds 31 (C C S A), West 37 (R C S 7); nobody's
# pares or juego changes, so the table hears exactly the same declarations.
SWAPPED_DEAL = (SOUTH_CARDS, "11c 11e 10o 1o", "7c 7e 5o 4o", "12e 11b 10c 7o")

DEAL = ("12o 3c 7e 1b", "11o 11c 4e 5b", "7o 7c 7b 10e", "1o 2c 6e 6b")
"""The deal of the table tests: South R R 7 A (31, a par of reyes), East a par of caballos, North medias of
sietes, West a par of seises: every lance has something to play for."""
