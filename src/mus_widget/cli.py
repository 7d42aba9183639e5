"""``mus-widget COMMAND ...``: the package's commands under one name, each with its own ``--help``.

``mus-widget serve`` runs the classroom server, ``classroom-copy`` copies its database (SQLite into PostgreSQL),
``lite`` builds the offline classroom site, ``export`` makes a lesson one HTML page, ``arena`` plays bots against
bots, ``i18n`` syncs the message catalogues, ``tutorials`` the tutorials' translations and ``docs`` builds the
documentation site. ``python -m mus_widget COMMAND`` is the same, and so is each command's own ``python -m
mus_widget.<module>`` (``arena``, ``serve``, ``export``, ``lite``, ``i18n_tool``, ``i18n.tutorials``, ``docs``,
``classroom.copying``). Each command's module is imported only when it runs (the server needs ``websockets``, the
site builders ``packaging``, the documentation Sphinx).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Final

Main = Callable[[Sequence[str]], "int | None"]
"""A command's own ``main(argv)``: its exit status (None: 0)."""


CLASSROOM_EXTRA: Final = ("websockets", "orjson")
"""What the server needs beyond the package (the ``classroom`` extra)."""


def _serve(argv: Sequence[str]) -> int | None:
    try:
        from .classroom.server import main
    except ModuleNotFoundError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in CLASSROOM_EXTRA:
            raise
        from .i18n.catalogues import default_language, message

        print(message("cli.serve.extra", default_language(), module=missing), file=sys.stderr)
        return 2
    main(list(argv))
    return None


def _classroom_copy(argv: Sequence[str]) -> int | None:
    from .classroom.copying import main

    return main(list(argv))


def _lite(argv: Sequence[str]) -> int | None:
    from .lite.build import main

    return main(argv)


def _export(argv: Sequence[str]) -> int | None:
    from .table.export import main

    return main(argv)


def _arena(argv: Sequence[str]) -> int | None:
    from .bots.arena import main

    return main(list(argv))


def _i18n(argv: Sequence[str]) -> int | None:
    from .i18n.tool import main

    return main(argv)


def _tutorials(argv: Sequence[str]) -> int | None:
    from .i18n.tutorials import main

    return main(argv)


def _docs(argv: Sequence[str]) -> int | None:
    from .docs.build import main

    return main(argv)


COMMANDS: Final[dict[str, tuple[Main, str]]] = {
    "serve": (_serve, "the classroom game server (python -m mus_widget.serve)"),
    "classroom-copy": (_classroom_copy, "copy a class's database, SQLite into PostgreSQL (python -m "
                                         "mus_widget.classroom.copying)"),
    "lite": (_lite, "build the offline classroom site (python -m mus_widget.lite)"),
    "export": (_export, "a lesson as one HTML page that needs no network (python -m mus_widget.export)"),
    "arena": (_arena, "bots against bots (python -m mus_widget.arena)"),
    "i18n": (_i18n, "bring the message catalogues in line with the English (python -m mus_widget.i18n_tool)"),
    "tutorials": (_tutorials, "the tutorials in every language (python -m mus_widget.i18n.tutorials)"),
    "docs": (_docs, "build the documentation site (python -m mus_widget.docs)"),
}
"""Each command: what runs it and the line ``mus-widget --help`` shows."""


def usage() -> str:
    """What ``mus-widget --help`` prints."""
    width = max(map(len, COMMANDS))
    lines = [f"  {name:<{width}}  {summary}" for name, (_, summary) in COMMANDS.items()]
    return "\n".join(["usage: mus-widget COMMAND [ARGS ...]   (mus-widget COMMAND --help for its own options)", "",
                      "commands:", *lines])


def run(command: str, argv: Sequence[str] | None = None) -> int:
    """Run ``command`` with ``argv`` (``sys.argv``'s arguments by default), as ``python -m mus_widget.<module>``
    does; its exit status."""
    return main([command, *(sys.argv[1:] if argv is None else argv)])


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``argv``'s command (``sys.argv`` by default) with the rest of its arguments; its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(usage(), file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    command = COMMANDS.get(args[0])
    if command is None:
        print(f"mus-widget: no command {args[0]!r}; the commands are {', '.join(COMMANDS)}\n\n{usage()}",
              file=sys.stderr)
        return 2
    status = command[0](args[1:])
    return 0 if status is None else status


__all__ = ["COMMANDS", "main", "run", "usage"]
