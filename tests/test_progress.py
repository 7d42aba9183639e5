"""The long commands' progress bar (mus_widget.i18n.progress): drawn on a terminal only, never with --quiet, a
count and the time left in words; tqdm imported only when a bar is drawn."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mus_widget.i18n import progress
from mus_widget.i18n.progress import Progress, add_quiet, shown, silent
from support.terminal import run_at_terminal

ROOT = Path(__file__).resolve().parents[1]
BAR = re.compile(r"(\d+) of (\d+) \|[^|\r]*\| \d\d:\d\d so far, about (\d\d:\d\d|\?) left")
"""The bar's words: the count, and the estimate of the time left (a question mark before there is one)."""


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_bar_is_drawn_on_a_terminal_only_and_never_when_quiet() -> None:
    assert shown(stream=Terminal()) and not shown(quiet=True, stream=Terminal())
    assert not shown(stream=io.StringIO()), "a pipe or a file gets no bar"
    for stream, quiet in ((io.StringIO(), False), (Terminal(), True)):
        with Progress(3, "games", quiet=quiet, stream=stream) as bar:
            bar.advance(2)
            bar.advance(step="the last")
        assert bar.done == 3 and not bar.visible and stream.getvalue() == ""


def test_the_bar_counts_and_says_how_long_is_left() -> None:
    screen = Terminal()
    with Progress(4, "arena games", stream=screen) as bar:
        assert bar.visible
        bar.advance()
        bar.advance(3, step="done")
    assert not bar.visible, "closed with its block"
    text = screen.getvalue()
    assert text.startswith("\rarena games: 0 of 4 |")
    counts = [(int(seen[0]), int(seen[1])) for seen in BAR.findall(text)]
    assert counts[0] == (0, 4) and counts[-1] == (4, 4), text
    assert text.rstrip().endswith("about 00:00 left, done"), text


def test_lines_are_written_above_the_bar_and_the_bar_goes_without_tqdm(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with silent() as quiet:
        quiet.write("wrote tutorials/es/README.md")
    assert capsys.readouterr().out == "wrote tutorials/es/README.md\n"
    monkeypatch.setitem(sys.modules, "tqdm", None)  # installed without its dependencies: no bar, the same count
    screen = Terminal()
    with Progress(2, "steps", stream=screen) as bar:
        bar.advance(2)
    assert not bar.visible and bar.done == 2 and screen.getvalue() == ""


def test_quiet_is_a_flag_with_words() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    add_quiet(parser)
    assert parser.parse_args([]).quiet is False and parser.parse_args(["--quiet"]).quiet is True
    assert " ".join(progress.QUIET_HELP.split()) in " ".join(parser.format_help().split())


def test_importing_the_package_and_its_commands_does_not_import_tqdm() -> None:
    code = ("import sys, mus_widget, mus_widget.cli, mus_widget.bots.arena, mus_widget.lite.build, "
            "mus_widget.i18n.tutorials, mus_widget.i18n.progress\n"
            "from mus_widget import MusTable\n"
            "assert 'tqdm' not in sys.modules, sorted(m for m in sys.modules if 'tqdm' in m)")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120,
                   env={**os.environ, "PYTHONPATH": str(ROOT / "src")})


def test_the_tutorials_command_shows_a_bar_at_a_terminal_only(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "mus_widget.i18n.tutorials", "check"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    piped = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, env=env)
    assert piped.stderr == "" and piped.returncode in (0, 1)
    seen = run_at_terminal(command, env=env)
    assert seen.stdout == piped.stdout, "standard output is the same with a bar or without"
    counts = [(int(n), int(total)) for n, total, _ in BAR.findall(seen.terminal)]
    assert counts and counts[-1][0] == counts[-1][1] > 1, seen.terminal
    quiet = run_at_terminal([*command, "--quiet"], env=env)
    assert quiet.terminal == "" and quiet.stdout == piped.stdout
