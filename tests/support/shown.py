"""What displaying a widget puts in a notebook cell, without a kernel: the data of each output, in order."""

from __future__ import annotations

from typing import Any
from unittest import mock


def shown(widget: Any) -> list[dict[str, Any]]:
    """The outputs ``widget`` displays (its ``_ipython_display_``, which IPython calls for a cell's value and for
    ``display``): the data of each, in order."""
    from mus_widget.table import base

    published: list[dict[str, Any]] = []

    def record(data: dict[str, Any], metadata: dict[str, Any] | None = None, *, raw: bool = False) -> None:
        assert raw, "a widget displays ready-made data"
        published.append(data)

    with mock.patch.object(base, "display", record):
        widget._ipython_display_()
    return published
