"""Where the browser tests look for Chromium, the reason they give when it is missing, and the one line that
ends a test run in which they were skipped for that reason (tests/conftest.py), so it is not lost among the dots.

The browser is /usr/bin/chromium (Debian's), or the file ``MUS_WIDGET_CHROMIUM`` names; in CI (``CI`` set) a
missing browser fails the tests instead of skipping them (tests/browser/conftest.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Final

import pytest

VARIABLE: Final = "MUS_WIDGET_CHROMIUM"
DEFAULT: Final = Path("/usr/bin/chromium")
INSTALL: Final = "apt-get install -y chromium"
"""The command that installs the browser on Debian (Playwright's own download does not work here)."""
NO_BROWSER: Final = "no browser"
"""How every skip for a missing browser begins: what the summary counts."""


def chromium_path() -> Path:
    """The Chromium the browser tests drive: ``$MUS_WIDGET_CHROMIUM``, or /usr/bin/chromium."""
    return Path(os.environ.get(VARIABLE) or DEFAULT)


def missing_reason(path: Path) -> str:
    """Why a browser test does not run: the path looked at and the command that installs the browser."""
    return f"{NO_BROWSER}: {path} is missing; install it with {INSTALL} (or set {VARIABLE} to a Chromium)"


def skipped_for_no_browser(reports: Iterable[object]) -> int:
    """How many of a run's skip reports are browser tests skipped for want of a browser."""
    count = 0
    for report in reports:
        longrepr = getattr(report, "longrepr", None)
        if isinstance(longrepr, tuple) and len(longrepr) == 3 and f"Skipped: {NO_BROWSER}: " in str(longrepr[2]):
            count += 1
    return count


def summary_line(skipped: int) -> str:
    """The run's last word on them: how many did not run, and how to make them run."""
    tests = "test was" if skipped == 1 else "tests were"
    return (f"{skipped} browser {tests} skipped: there is no browser ({chromium_path()} is missing). "
            f"Install Chromium with: {INSTALL}")


def report_missing_browser(terminalreporter: pytest.TerminalReporter) -> None:
    """Write :func:`summary_line` at the end of the run if a browser test was skipped for want of a browser; it
    counts the skip reports the controller received, so it works under pytest-xdist too."""
    skipped = skipped_for_no_browser(terminalreporter.stats.get("skipped", []))
    if skipped:
        terminalreporter.section("browser tests", sep="-", yellow=True)
        terminalreporter.write_line(summary_line(skipped), yellow=True, bold=True)
