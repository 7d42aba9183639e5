"""What a kernel on a JupyterHub tells the hub's classroom: its hub token, in the WebSocket handshake's
``Authorization`` header, so the server knows the student by her hub identity (:mod:`.hub`).

The token is the kernel's ``JUPYTERHUB_API_TOKEN``, which also opens the student's own server: it goes only to a
classroom address the hub's administrator listed in ``MUS_WIDGET_HUB_CLASSROOM`` (the spawner's environment,
docs/jupyterhub_config.py), never to an address a notebook merely names. Plain functions of the environment, no
JupyterHub needed in the kernel.
"""

from __future__ import annotations

import os
from typing import Final

HUB_CLASSROOM: Final = "MUS_WIDGET_HUB_CLASSROOM"
"""The environment variable that lists the hub's classroom addresses (``ws://...``, separated by spaces)."""
HUB_TOKEN: Final = "JUPYTERHUB_API_TOKEN"
HUB_USER: Final = "JUPYTERHUB_USER"
"""What the hub puts in the environment of every server it spawns, and so of its kernels."""


def _plain(url: str) -> str:
    return url.strip().rstrip("/")


def hub_classroom(url: str) -> bool:
    """Whether ``url`` is a classroom address the hub's administrator listed for this kernel."""
    return _plain(url) in {_plain(listed) for listed in os.environ.get(HUB_CLASSROOM, "").split()}


def hub_token(url: str) -> str | None:
    """The kernel's hub token, if ``url`` is the hub's classroom and the kernel has one; else None."""
    token = os.environ.get(HUB_TOKEN, "").strip()
    return token if token and hub_classroom(url) else None


def hub_user(url: str) -> str | None:
    """The hub user's name, when the kernel signs in to ``url`` with its hub token (the name it will sit under)."""
    name = os.environ.get(HUB_USER, "").strip()
    return name if name and hub_token(url) is not None else None


def handshake_headers(url: str, token: str | None = None) -> dict[str, str]:
    """The headers of the WebSocket handshake to ``url``: ``Authorization: token ...`` with ``token`` if given,
    else with the kernel's hub token where :func:`hub_token` gives one; none otherwise."""
    chosen = token if token is not None else hub_token(url)
    return {} if chosen is None else {"Authorization": f"token {chosen}"}


__all__ = ["HUB_CLASSROOM", "handshake_headers", "hub_classroom", "hub_token", "hub_user"]
