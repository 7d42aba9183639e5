"""``python -m mus_widget.serve``: ``mus-widget serve``, the classroom game server
(:mod:`mus_widget.classroom.server`)."""

from .cli import run

if __name__ == "__main__":
    raise SystemExit(run("serve"))
