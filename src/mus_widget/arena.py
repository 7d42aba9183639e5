"""``python -m mus_widget.arena``: the short name of :mod:`mus_widget.bots.arena`, which the docs use."""

from .bots.arena import Result, main, run

__all__ = ["Result", "main", "run"]

if __name__ == "__main__":
    raise SystemExit(main())
