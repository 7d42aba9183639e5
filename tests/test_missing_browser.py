"""A run whose browser tests were skipped for want of a browser ends by saying so, with the command that installs
one, under pytest-xdist too; in CI the same missing browser fails them instead."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.missing_browser import INSTALL, NO_BROWSER, VARIABLE, chromium_path, missing_reason, summary_line

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
CONFTEST = """
import pytest
from support.missing_browser import chromium_path, missing_reason, report_missing_browser


@pytest.fixture()
def chromium():
    if not chromium_path().exists():
        pytest.skip(missing_reason(chromium_path()))
    return chromium_path()


def pytest_terminal_summary(terminalreporter):
    report_missing_browser(terminalreporter)
"""
TESTS = """
import pytest


def test_one(chromium):
    pass


def test_two(chromium):
    pass


def test_no_browser_needed():
    pass


def test_skipped_for_another_reason():
    pytest.skip("not today")
"""


def test_the_variable_names_the_browser_and_the_reason_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(VARIABLE, raising=False)
    assert chromium_path() == Path("/usr/bin/chromium")
    monkeypatch.setenv(VARIABLE, str(tmp_path / "chromium"))
    assert chromium_path() == tmp_path / "chromium"
    reason = missing_reason(chromium_path())
    assert reason.startswith(f"{NO_BROWSER}: ") and str(tmp_path / "chromium") in reason and INSTALL in reason
    assert summary_line(1).startswith("1 browser test was skipped") and INSTALL in summary_line(1)
    assert summary_line(3).startswith("3 browser tests were skipped")


def test_the_run_ends_with_how_many_browser_tests_did_not_run(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_tiny=TESTS)
    monkeypatch.setenv(VARIABLE, str(pytester.path / "no-chromium"))
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=3)
    result.stdout.fnmatch_lines([f"2 browser tests were skipped: there is no browser (*no-chromium is missing). "
                                 f"Install Chromium with: {INSTALL}"])
    monkeypatch.setenv(VARIABLE, sys.executable)  # a file that is there: the browser tests run
    ran = pytester.runpytest("-p", "no:cacheprovider")
    ran.assert_outcomes(passed=3, skipped=1)
    assert "browser test" not in ran.stdout.str(), "nothing to say when no browser test was skipped for want of one"


def browser_run(*args: str, ci: bool) -> subprocess.CompletedProcess[str]:
    """The real browser tests of one short file, with the browser looked for where there is none."""
    env = {key: value for key, value in os.environ.items() if key not in {"CI", "PYTEST_XDIST_WORKER"}}
    env.update({VARIABLE: "/nonexistent/chromium", "PYTHONPATH": str(ROOT / "src")})
    if ci:
        env["CI"] = "true"
    return subprocess.run([sys.executable, "-m", "pytest", "tests/browser/test_stepping.py", "-p", "no:cacheprovider",
                           *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow
def test_under_xdist_the_controller_counts_the_skips_of_its_workers_and_ci_still_fails() -> None:
    skipped = browser_run("-n", "2", ci=False)
    assert skipped.returncode == 0, skipped.stdout[-3000:] + skipped.stderr[-3000:]
    last = skipped.stdout.strip().splitlines()
    line = next((n for n, text in enumerate(last) if text.startswith("4 browser tests were skipped")), None)
    assert line is not None, skipped.stdout[-3000:]
    assert f"Install Chromium with: {INSTALL}" in last[line] and line >= len(last) - 2, "the run's last word"
    failed = browser_run("-n", "0", ci=True)
    assert failed.returncode != 0 and "browser tests were skipped" not in failed.stdout, failed.stdout[-3000:]
    assert "Failed: no browser: /nonexistent/chromium is missing" in failed.stdout
