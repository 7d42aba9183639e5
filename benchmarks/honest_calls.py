"""How honest players call, by their chance at the lance: the table the expert reads calls with.

Plays the arena's games between the expert and the novice (``--games``, ``--seed``; or reads the records of
earlier runs with ``--records FILE``), replays them, and for every call that answers for itself (an opening or
a team's first answer to a bet, :func:`mus_widget.bots.memory.calls_of`) takes the caller's team chance at the
lance from its real hand and its partner's seña, as the expert's worlds read it. It prints, per situation and
call, the share of calls in each tenth of that chance: each bot's own counts smoothed toward its overall shares
(four calls' worth), then the two bots half each. That is :data:`mus_widget.bots.memory.HONEST_CALLS`:

    python benchmarks/honest_calls.py --games 300 --seed 1 --jobs 2

It prints, last, one JSON line: ``{"games", "calls": {"expert": n, "novice": n}, "table": {situation: {call:
[10 shares]}}}``.
"""

from __future__ import annotations

import argparse
import collections
import json
from collections.abc import Iterable, Iterator
from typing import Any

from mus_widget.arena import run
from mus_widget.bots.knowledge import knowledge_for
from mus_widget.bots.memory import WORDS, calls_of
from mus_widget.engine.game import Game
from mus_widget.engine.record import Record
from mus_widget.engine.seats import partner, team_of
from mus_widget.i18n.progress import Progress, add_quiet

TENTHS = 10
SMOOTHING = 4
"""How many calls a tenth's own counts are smoothed with, at the bot's overall shares of the situation."""
Seen = tuple[str, str, str, float]
"""One call: the caller's level, the situation, the call and the caller's team chance at the lance."""


def calls_in(record: dict[str, Any], expert_team: int) -> Iterator[Seen]:
    """Every call of the game ``record`` that answers for itself, with its caller's chance from its real hand."""
    read = Record.read(record)
    game = Game.replay(Record(read.rules, read.seed, read.deal, (), (), read.version))
    knowledge = knowledge_for(read.rules)
    senas = list(read.senas)
    seen: set[tuple[int, int]] = set()
    for index, action in enumerate([*read.actions, None]):
        while senas and senas[0].at == index:
            made = senas.pop(0)
            game = game.sena(made.seat, made.sena)
        hands = game.hands  # the hands of a hand that ends with this action, as they were when it was bet
        if action is not None:
            game = game.apply(action)
        last = game.last_hand
        if last is None or (last.game_number, last.hand_number) in seen:
            continue
        seen.add((last.game_number, last.hand_number))
        told = {e.seat: str(e.get("sena")) for e in last.log if e.kind == "sena"}
        for call in calls_of(last.log):
            key = hands[call.seat].key
            sena = told.get(partner(call.seat)) if call.with_partner else None
            chance = (knowledge.team_chance(key, call.lance, call.opponents, True, sena) if sena is not None
                      else knowledge.team_chance_fast(key, call.lance, call.opponents, call.with_partner))
            level = "expert" if team_of(call.seat) == expert_team else "novice"
            yield level, call.situation, call.word, chance


def table(calls: Iterable[Seen]) -> dict[str, dict[str, list[float]]]:
    """Per situation and call, its share in each tenth of the chance: each level smoothed, then half each."""
    counts: dict[tuple[str, str, int], collections.Counter[str]] = collections.defaultdict(collections.Counter)
    overall: dict[tuple[str, str], collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for level, situation, word, chance in calls:
        counts[(level, situation, min(TENTHS - 1, int(chance * TENTHS)))][word] += 1
        overall[(level, situation)][word] += 1
    out: dict[str, dict[str, list[float]]] = {}
    for situation, words in WORDS.items():
        out[situation] = {word: [] for word in words}
        for tenth in range(TENTHS):
            mixed = dict.fromkeys(words, 0.0)
            for level in ("expert", "novice"):
                every = overall[(level, situation)]
                prior = {w: (every[w] + 1) / (sum(every.values()) + len(words)) for w in words}
                here = counts[(level, situation, tenth)]
                for word in words:
                    mixed[word] += (here[word] + SMOOTHING * prior[word]) / (sum(here.values()) + SMOOTHING) / 2
            for word in words:
                out[situation][word].append(round(mixed[word], 3))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300,
                        help="games of the expert against the novice to play (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="where the deals start (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=1, help="how many processes to share the games between")
    parser.add_argument("--records", action="append", default=[],
                        help="read the games of an earlier arena run (expert as team0) instead of playing them")
    add_quiet(parser)
    args = parser.parse_args()
    records: list[dict[str, Any]] = []
    for path in args.records:
        with open(path, encoding="utf-8") as lines:
            records += [json.loads(line) for line in lines]
    if not records:
        with Progress(args.games, "games", quiet=args.quiet) as bar:
            records = list(run("expert", "novice", games=args.games, seed=args.seed, jobs=args.jobs, records=True,
                               progress=bar.advance).records)
    seen: list[Seen] = []
    for number, record in enumerate(records):  # the arena swaps seats every game: team0 sits 1 and 3 in odd ones
        seen += calls_in(record, number % 2)
    shares = table(seen)
    for situation, words in shares.items():
        print(situation)
        for word, row in words.items():
            print(f"    {word:10} {row}")
    levels = collections.Counter(level for level, *_ in seen)
    print(json.dumps({"games": len(records), "calls": dict(sorted(levels.items())), "table": shares}))


if __name__ == "__main__":
    main()
