"""How the novice beats ``random``, and how far any honest bot could: evidence for the 95 % target of the bots.

Run ``python benchmarks/novice_vs_random.py --games 2000 --seed 91 --jobs 2``. It plays the arena's games
(novice against random, seats swapping every game) three times:

- as the novice plays them, telling how each game ended (whose accepted órdago, or on points);
- with the novice's careful look before an órdago told its partner's real cards, the most any seña could
  tell it;
- with that look told every hand, which only a cheat could know.

The last two are experiments, not levels: no bot of the package ever sees a card its seat cannot see.
``--level expert`` tells how the expert's games against ``random`` end instead (the same games, no experiments).

It prints, last, one JSON line. Uniform random play opens a third of its lances with an órdago, so nearly
every game ends on an accepted órdago, decided by the random team's unseen cards.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import dataclasses
import json
import multiprocessing
import random
import sys
from unittest import mock

from mus_widget.bots import make_bot, simple, worlds
from mus_widget.bots.arena import wilson
from mus_widget.bots.knowledge import Knowledge
from mus_widget.bots.turns import decide
from mus_widget.bots.turns import play as play_turn
from mus_widget.engine.betting import Outcome
from mus_widget.engine.game import Game
from mus_widget.engine.observation import Observation
from mus_widget.engine.rules import Rules
from mus_widget.engine.seats import partner, team_of
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent

_TABLE: dict[str, Game] = {}
"""The game being played, for the experiment that tells the novice its partner's cards."""


def told(everything: bool) -> contextlib.AbstractContextManager[object]:
    """While inside, the novice's careful look before an órdago knows its partner's real hand (or, with
    ``everything``, every hand): the unseen cards are dealt with those hands fixed."""
    honest = worlds.sample_worlds

    def sample(
        obs: Observation, knowledge: Knowledge, count: int, rng: random.Random, *, catch: bool = False,
        read_calls: bool = True,
    ) -> list[worlds.World]:
        hands = _TABLE["game"].hands
        if everything:
            return [worlds.World((hands[0].key, hands[1].key, hands[2].key, hands[3].key), 1.0)]
        mate = partner(obs.seat)
        # The partner's cards leave the pool (as if seen), then its seat gets its real hand in every deal.
        seen = dataclasses.replace(obs, discarded=(*obs.discarded, *hands[mate].cards))
        out = []
        for world in honest(seen, knowledge, count, rng, catch=catch, read_calls=read_calls):
            keys = list(world.keys)
            keys[mate] = hands[mate].key
            out.append(worlds.World((keys[0], keys[1], keys[2], keys[3]), world.weight))
        return out

    return mock.patch.object(simple, "sample_worlds", sample)


def how_it_ended(game: Game, novice: int, level: str = "novice") -> str:
    """``won``/``lost``, then on whose órdago (the ``level``'s or random's), or on points."""
    result = "won" if game.winner == novice else "lost"
    last = game.last_hand
    assert last is not None
    if not any(r.outcome is Outcome.ORDAGO for r in last.results):
        return f"{result} on points"
    callers = [e.seat for e in last.log if e.kind == "call" and e.get("action") == "ordago"]
    who = level if callers and callers[-1] is not None and team_of(callers[-1]) == novice else "random"
    return f"{result} on the {who}'s órdago"


def play(job: tuple[list[int], int, str, str]) -> collections.Counter[str]:
    """The games of ``seeds`` (numbered from ``first``, the ``level`` on team 1 in odd games), the novice told
    ``knows`` (``nothing``, ``partner`` or ``everything``)."""
    seeds, first, knows, level = job
    ends: collections.Counter[str] = collections.Counter()
    with contextlib.nullcontext() if knows == "nothing" else told(knows == "everything"):
        for number, seed in enumerate(seeds, start=first):
            novice = number % 2
            bots = {s: make_bot(level if team_of(s) == novice else "random", seed * 4 + s) for s in range(4)}
            game = Game.new(seed=seed, rules=Rules())
            while not game.is_over:
                _TABLE["game"] = game
                seat = game.to_move
                assert seat is not None
                # the bots talk when the mus is cut, but are shown no hand's end (told={}): they play from
                # each hand alone
                game = play_turn(game, seat, decide(game, bots[seat]), bots, told={}).game
            ends[how_it_ended(game, novice, level)] += 1
    return ends


def run(games: int, seed: int, jobs: int, knows: str, level: str = "novice", *,
        progress: Progress | None = None) -> collections.Counter[str]:
    """How the games ended; each game counted on ``progress`` as it ends (one game a task)."""
    bar = silent() if progress is None else progress
    tasks = [([seed * 1_000_003 + i], i, knows, level) for i in range(games)]
    ends: collections.Counter[str] = collections.Counter()
    with multiprocessing.Pool(jobs) as pool:
        for part in pool.imap_unordered(play, tasks):
            ends += part
            bar.advance()
    return ends


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or ""),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games of each experiment (default %(default)s)")
    parser.add_argument("--seed", type=int, default=91, help="where the deals start (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="how many processes to share the games between")
    parser.add_argument("--level", choices=("novice", "expert"), default="novice",
                        help="whose games against random to tell (the experiments are the novice's)")
    add_quiet(parser)
    args = parser.parse_args(argv)
    figures: dict[str, object] = {"games": args.games, "seed": args.seed, "level": args.level}
    cases = (("novice", "nothing"), ("partner_told", "partner"), ("everything_told", "everything"))
    chosen = cases if args.level == "novice" else ((args.level, "nothing"),)
    with Progress(args.games * len(chosen), "games", quiet=args.quiet) as bar:
        every = [(name, run(args.games, args.seed, args.jobs, knows, args.level, progress=bar))
                 for name, knows in chosen]
    for name, ends in every:
        wins = sum(n for end, n in ends.items() if end.startswith("won"))
        low, high = wilson(wins, args.games)
        print(f"{name}: won {wins} of {args.games} ({wins / args.games:.1%}, 95 % interval "
              f"{low:.1%}–{high:.1%})", file=sys.stderr)
        for end, n in sorted(ends.items()):
            print(f"  {end}: {n}", file=sys.stderr)
        figures[name] = {"win_rate": round(wins / args.games, 4), "ci95": [round(low, 4), round(high, 4)],
                         "ends": dict(sorted(ends.items()))}
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
