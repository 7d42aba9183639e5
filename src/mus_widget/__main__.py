"""``python -m mus_widget COMMAND ...``: ``mus-widget COMMAND ...`` (:mod:`mus_widget.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
