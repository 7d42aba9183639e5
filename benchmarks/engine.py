"""Engine speed: lance winners of random deals, and complete hands of random legal play.

Run ``python benchmarks/engine.py``; it prints its figures and, last, one JSON line. Targets (one core):
at least 300,000 deals/s for the winners of all five lances, 5,000 random hands/s, peak memory under 100 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time

import mus_widget as mw


def random_deals(count: int, rng: random.Random) -> list[tuple[list[mw.Hand], int]]:
    """``count`` deals of four hands and a mano, drawn with ``rng``."""
    deals = []
    for _ in range(count):
        cards = rng.sample(mw.DECK, 16)
        hands = [mw.Hand(tuple(cards[i : i + 4])) for i in range(0, 16, 4)]
        deals.append((hands, rng.randrange(4)))
    return deals


def time_deals(deals: list[tuple[list[mw.Hand], int]], repeat: int) -> float:
    """Best deals per second over ``repeat`` runs of ``lance_winners`` on every deal (one core)."""
    winners = mw.lance_winners
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hands, mano in deals:
            winners(hands, mano)
        best = min(best, time.perf_counter() - start)
    return len(deals) / best


def play_hands(count: int, seed: int) -> tuple[int, int]:
    """Random legal play through the public API until ``count`` hands are over (new matches as needed):
    the same hands for the same seed. Returns the hands and the actions played."""
    rng = random.Random(seed)
    hands = actions = 0
    match = 0
    while hands < count:
        game = mw.Game.new(seed=seed * 1_000_003 + match, rules=mw.Rules())
        match += 1
        where = (game.game_number, game.hand_number)
        while not game.is_over:
            game = game.apply(rng.choice(game.legal_actions()))
            actions += 1
            now = (game.game_number, game.hand_number)
            if now != where:
                hands += 1
                where = now
        hands += 1  # the hand that ended the match
    return hands, actions


def time_hands(count: int, seed: int, repeat: int) -> tuple[float, int, int]:
    """Best complete hands per second over ``repeat`` runs of the same ``count`` hands of random play."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        hands, actions = play_hands(count, seed)
        best = min(best, time.perf_counter() - start)
    return hands / best, hands, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=50_000, help="random deals to decide (default 50,000)")
    parser.add_argument("--hands", type=int, default=5_000, help="hands of random play to time (default 5,000)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    deals = random_deals(args.deals, rng)
    deals_per_second = time_deals(deals, repeat=7)
    print(f"lance winners (all five): {deals_per_second:,.0f} deals/s (best of 7 runs over {len(deals):,} deals)")
    del deals

    hands_per_second, hands, actions = time_hands(args.hands, args.seed, repeat=5)
    print(
        f"random hands: {hands_per_second:,.0f} hands/s (best of 5 runs over {hands:,} hands, "
        f"{actions / hands:.1f} actions a hand)"
    )

    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss is bytes on macOS, KiB on Linux
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 1e6
    print(f"peak memory: {peak_mb:.1f} MB (whole process)")
    print(json.dumps({
        "deals_per_second": round(deals_per_second),
        "hands_per_second": round(hands_per_second),
        "peak_memory_mb": round(peak_mb, 1),
        "python": sys.version.split()[0],
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
