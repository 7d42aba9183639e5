"""``python -m mus_widget.i18n_tool``: the short name of :mod:`mus_widget.i18n.tool`, which the docs use."""

from .i18n.tool import main

if __name__ == "__main__":
    raise SystemExit(main())
