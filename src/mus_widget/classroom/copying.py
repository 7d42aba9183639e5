"""``mus-widget classroom-copy SOURCE TARGET``: a class's database copied whole into another, e.g. an SQLite file
into PostgreSQL, so several server processes can serve it (or back, PostgreSQL into a file).

Every row of every classroom table (tables, seats, moves, join codes and locks, stand-ins' moves, chat, archived
matches, the quiz answers recorded) is written in one transaction, then read back and compared with the source:
the copy is all of it, or nothing. The source is opened as ``serve`` opens it (an older SQLite database gets the
tables it lacks, empty); stop the server that serves it first, or the moves made meanwhile are not in the copy.
The target must hold no class yet: an empty database, or a path where there is no file. Leases are not copied:
the first server to start on the copy serves every table.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .databases import is_url, open_storage
from .storage import NotAClassroomError, RowConflictError, Storage, StorageFailedError


class CopyRefusedError(Exception):
    """The copy cannot be made (a source that is not there, a target that holds a class): the message says why."""


def copy(source: Storage, target: Storage) -> dict[str, int]:
    """Copy every row of ``source`` into ``target``, which holds none, in one commit, and check it reads back
    the same; how many rows of each table were copied."""
    if any(target.dump().values()):
        raise CopyRefusedError(f"{target.path} holds a class already: copy into an empty database")
    rows = source.dump()
    try:
        target.load_rows(rows)
    except RowConflictError as error:  # a server started on the target meanwhile
        raise CopyRefusedError(f"{target.path} took rows of its own while they were copied: {error}") from None
    if target.dump() != rows:
        raise CopyRefusedError(f"{target.path} does not read back what was written to it")
    return {name: len(found) for name, found in rows.items()}


def main(argv: list[str] | None = None) -> int:
    """The command: exit status 0 once the copy is made and checked, 2 (and one line) if it cannot be."""
    parser = argparse.ArgumentParser(prog="mus-widget classroom-copy", description=(
        "Copy a classroom database into another: an SQLite file into PostgreSQL (or back). The target must hold "
        "no class yet; stop the server of the source first."))
    parser.add_argument("source", help="the class's database: an SQLite file, or a postgresql:// URL")
    parser.add_argument("target", help="where to copy it: a postgresql://user@host/database URL of an empty "
                                       "database, or a path where there is no file")
    args = parser.parse_args(argv)
    if not is_url(args.source) and not Path(args.source).is_file():
        parser.exit(2, f"{parser.prog}: {args.source}: there is no such classroom database\n")
    storages: list[Storage] = []
    try:
        storages.append(open_storage(args.source))
        storages.append(open_storage(args.target))
        counts = copy(*storages)
    except (NotAClassroomError, StorageFailedError, CopyRefusedError) as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
    finally:
        for storage in storages:
            storage.close()
    print(f"copied {storages[0].path} into {storages[1].path}: {counts['tables']} tables "
          f"({counts['archived']} of them archived), {counts['seats']} seats, {counts['moves']} moves, "
          f"{counts['chat']} chat lines, {counts['quizzes']} quiz answers; every row read back the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
