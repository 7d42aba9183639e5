"""``python -m mus_widget.export lesson.ipynb``: a lesson as one HTML page that needs no network (the short name
of :mod:`mus_widget.table.export`)."""

from .table.export import main

if __name__ == "__main__":
    raise SystemExit(main())
