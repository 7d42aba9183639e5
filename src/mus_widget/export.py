"""``python -m mus_widget.export``: ``mus-widget export``, a lesson as one HTML page that needs no network
(:mod:`mus_widget.table.export`)."""

from .cli import run

if __name__ == "__main__":
    raise SystemExit(run("export"))
