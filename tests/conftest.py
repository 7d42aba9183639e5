"""Shared fixtures and settings for the test suite."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from classroom_support import ServerProcess
from support.kernels import retry_kernel_starts
from support.missing_browser import report_missing_browser
from support.postgres import Cluster, postgres_cluster

settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

os.environ.setdefault("MUS_TUTORIAL_QUICK", "1")
"""Tutorial 14 trains an agent for a minute; under the tests (nbval's kernels inherit this environment) it trains
and measures a little, in seconds. Set it to 0 to run the full training under pytest."""

retry_kernel_starts()

BROWSER_TESTS = Path(__file__).parent / "browser"
TUTORIALS = Path(__file__).parents[1] / "tutorials"


LONGEST_FIRST = ("test_layout.py", "test_touch.py", "test_elsewhere.py", "test_lite_site.py", "test_table.py",
                 "test_editor.py", "test_one_screen.py", "test_docs_site.py", "test_classroom.py", "test_language.py")
"""The browser test files that take longest, longest first: pytest-xdist (``--dist loadfile
--no-loadscope-reorder``) hands out whole files in this order, so no long file starts last and runs alone. The
classroom site's own tests come before the documentation site, which waits for the site they build."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser is a ``browser`` test, so ``-m "not browser"`` leaves them all out; the
    translated tutorials (each a kernel of its own, built from the English ones) are ``slow``, the English stay in
    the quick loop; the longest browser files run first."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        elif item.path.is_relative_to(TUTORIALS) and item.path.parent != TUTORIALS:
            item.add_marker(pytest.mark.slow)

    def rank(item: pytest.Item) -> int:
        long = item.path.parent == BROWSER_TESTS and item.path.name in LONGEST_FIRST
        return LONGEST_FIRST.index(item.path.name) if long else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: a file's tests keep their order, and the other files theirs


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> Generator[None, None, None]:
    """End the run with how many browser tests were skipped for want of a browser, and how to install one: after
    every other summary (the short test summary's list of skips too), just above the closing count."""
    yield
    report_missing_browser(terminalreporter)


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


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL cluster of the tests' own on 127.0.0.1 (support/postgres.py), for every test that asks."""
    yield from postgres_cluster()
