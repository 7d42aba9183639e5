"""A notebook's kernel that dies as it starts (a port taken by another test between its pick and its bind) is
started again, the run warned with what it wrote; one that dies every time fails the notebook, saying so."""

from __future__ import annotations

from typing import Any, TextIO

import pytest

from support.kernels import ATTEMPTS, KernelRestarted, retrying


class Starts:
    """nbval's start of a kernel, dying the first ``deaths`` times after writing to its standard error."""

    def __init__(self, deaths: int) -> None:
        self.deaths = deaths
        self.calls = 0

    def __call__(self, *, stderr: TextIO, **kwargs: Any) -> tuple[str, str]:
        self.calls += 1
        if self.calls <= self.deaths:
            stderr.write(f"zmq.error.ZMQError: Address already in use (tcp://127.0.0.1:5{self.calls}000)\n")
            stderr.flush()
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", kwargs["kernel_name"]


def test_a_kernel_that_dies_once_is_started_again_and_the_run_is_told_why() -> None:
    start = Starts(deaths=1)
    with pytest.warns(KernelRestarted, match=r"Address already in use \(tcp://127.0.0.1:51000\)"):
        assert retrying(start)(kernel_name="python3", stderr=None) == ("manager", "python3")
    assert start.calls == 2


def test_a_kernel_that_dies_every_time_fails_with_what_it_wrote() -> None:
    start = Starts(deaths=ATTEMPTS)
    with pytest.warns(KernelRestarted), pytest.raises(RuntimeError, match=rf"\({ATTEMPTS} times\).*5{ATTEMPTS}000"):
        retrying(start)(kernel_name="python3", stderr=None)
    assert start.calls == ATTEMPTS
