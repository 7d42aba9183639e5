"""``python -m mus_widget.arena``: ``mus-widget arena``, bots against bots (:mod:`mus_widget.bots.arena`, whose
``run`` and ``Result`` it names too)."""

from .bots.arena import Result, main, run
from .cli import run as run_command

__all__ = ["Result", "main", "run"]

if __name__ == "__main__":
    raise SystemExit(run_command("arena"))
