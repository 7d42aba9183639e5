"""nbval's kernels started again when one dies before it answers its first request.

A kernel binds five TCP ports that jupyter_client picked free a moment before; with pytest-xdist running servers,
JupyterLabs and other kernels beside it, another process may take one of them in between, and the kernel exits at
once ("Kernel died before replying to kernel_info", with no cell run). That is the machine's race, not the
notebook's fault: the start is tried again, and the run's warnings summary says so, with what the kernel wrote.
"""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Callable
from typing import Any

from nbval import kernel

ATTEMPTS = 3
"""Starts of one notebook's kernel before its failure is the test's."""


class KernelRestarted(UserWarning):
    """A notebook's kernel died as it started, and was started again."""


def retrying(start: Callable[..., Any]) -> Callable[..., Any]:
    """``start`` (nbval's ``start_new_kernel``) tried up to :data:`ATTEMPTS` times, the kernel's standard error
    kept to say why it died."""

    def started(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(1, ATTEMPTS + 1):
            with tempfile.TemporaryFile("w+", encoding="utf-8") as stderr:
                try:
                    return start(*args, **{**kwargs, "stderr": stderr})
                except RuntimeError as error:
                    stderr.seek(0)
                    said = " ".join(stderr.read().split())[-600:] or "nothing"
                    if attempt == ATTEMPTS:
                        raise RuntimeError(f"{error} ({ATTEMPTS} times); the kernel wrote: {said}") from error
                    warnings.warn(f"a notebook's kernel died as it started ({error}), started again; it wrote: "
                                  f"{said}", KernelRestarted, stacklevel=2)
        raise AssertionError("unreachable")

    return started


def retry_kernel_starts() -> None:
    """Make nbval start each notebook's kernel with :func:`retrying` (once per process)."""
    if not getattr(kernel.start_new_kernel, "retried", False):
        kernel.start_new_kernel = retrying(kernel.start_new_kernel)
        kernel.start_new_kernel.retried = True
