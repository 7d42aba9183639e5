"""Shared fixtures and settings for the test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from classroom_support import ServerProcess

settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

BROWSER_TESTS = Path(__file__).parent / "browser"
TUTORIALS = Path(__file__).parents[1] / "tutorials"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser is a ``browser`` test, so ``-m "not browser"`` leaves them all out; the
    translated tutorials (each a kernel of its own, built from the English ones) are ``slow``, the English stay in
    the quick loop."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        elif item.path.is_relative_to(TUTORIALS) and item.path.parent != TUTORIALS:
            item.add_marker(pytest.mark.slow)


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A classroom server of its own for the test, students marked away after a second of silence."""
    process = ServerProcess(tmp_path, away_after=1.0).start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One classroom server shared by every test of a module (students marked away after a second of silence)."""
    process = ServerProcess(tmp_path_factory.mktemp("classroom"), away_after=1.0).start()
    try:
        yield process
    finally:
        process.stop()
