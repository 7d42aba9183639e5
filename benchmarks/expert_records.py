"""Whether the expert still plays the same games: a digest of seeded arena records, to compare two checkouts.

Plays ``--novice`` games of the expert against the novice and ``--expert`` games of the expert against itself
(the arena's seeds from ``--seed``) and prints one digest of all their records. A change meant to leave the
expert's play alone (a refactor, a merge) gives the same digest before and after; run it with each checkout's
sources::

    PYTHONPATH=/path/to/before/src python benchmarks/expert_records.py --novice 40 --expert 20
    PYTHONPATH=/path/to/after/src python benchmarks/expert_records.py --novice 40 --expert 20

``--out FILE`` keeps the records (one JSON line a game) to find the first game that differs. It prints, last,
one JSON line: ``{"seed", "games": {"novice": n, "expert": n}, "expert_wins": {"novice": n, "expert": n},
"sha256"}``.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from mus_widget.arena import run
from mus_widget.i18n.progress import Progress, add_quiet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--novice", type=int, default=40, help="games of the expert against the novice")
    parser.add_argument("--expert", type=int, default=20, help="games of the expert against itself")
    parser.add_argument("--seed", type=int, default=1, help="where the deals start (default %(default)s)")
    parser.add_argument("--out", help="write every game's record here, one JSON line a game")
    add_quiet(parser)
    args = parser.parse_args()
    lines: list[str] = []
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    with Progress(args.novice + args.expert, "games", quiet=args.quiet) as bar:
        for other, count in (("novice", args.novice), ("expert", args.expert)):
            games[other], wins[other] = count, 0
            if count:
                result = run("expert", other, games=count, seed=args.seed, time_limit=None, records=True,
                             progress=bar.advance)
                lines += [json.dumps(record, sort_keys=True) for record in result.records]
                wins[other] = result.team0_wins
    text = "".join(f"{line}\n" for line in lines)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    digest = hashlib.sha256(text.encode()).hexdigest()
    print(json.dumps({"seed": args.seed, "games": games, "expert_wins": wins, "sha256": digest}))


if __name__ == "__main__":
    main()
