"""``python -m mus_widget.i18n_tool``: ``mus-widget i18n``, the catalogues in line with the English one
(:mod:`mus_widget.i18n.tool`)."""

from .cli import run

if __name__ == "__main__":
    raise SystemExit(run("i18n"))
