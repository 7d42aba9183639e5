"""One command, ``mus-widget``: every subcommand answers ``--help`` through the console script's entry point,
through ``python -m mus_widget`` and through its own older ``python -m mus_widget.<module>``."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mus_widget import cli

ROOT = Path(__file__).resolve().parents[1]
USAGE = {
    "serve": "--teacher-key",
    "classroom-copy": "source target",
    "lite": "{build}",
    "export": "notebook",
    "arena": "--team0",
    "i18n": "[code ...]",
    "tutorials": "{sync,build,check}",
    "docs": "{build}",
}
"""Each subcommand and a word its own usage line shows."""
OLD_FORMS = {
    "serve": "mus_widget.serve",
    "classroom-copy": "mus_widget.classroom.copying",
    "lite": "mus_widget.lite",
    "export": "mus_widget.export",
    "arena": "mus_widget.arena",
    "i18n": "mus_widget.i18n_tool",
    "tutorials": "mus_widget.i18n.tutorials",
    "docs": "mus_widget.docs",
}


def python_m(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], check=False, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})


def test_the_console_script_is_the_cli_main() -> None:
    scripts = re.search(r'^\[project\.scripts\]\nmus-widget = "(.+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert scripts is not None, "pyproject.toml names the console script under [project.scripts]"
    module, _, name = scripts[1].partition(":")
    assert getattr(importlib.import_module(module), name) is cli.main
    assert set(cli.COMMANDS) == set(USAGE) == set(OLD_FORMS)


@pytest.mark.parametrize("command", sorted(USAGE))
def test_each_subcommand_has_its_own_help_through_the_console_script(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main([command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: ") and USAGE[command] in out.split("\n\n")[0]


def test_the_bare_command_lists_the_subcommands_and_an_unknown_one_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    listed = capsys.readouterr().out
    assert all(f"  {command} " in listed for command in USAGE)
    assert cli.main([]) == 2
    assert cli.main(["play"]) == 2
    assert "no command 'play'" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(USAGE))
def test_python_m_mus_widget_runs_each_subcommand_and_its_old_form_still_works(command: str) -> None:
    new, old = python_m("mus_widget", command, "--help"), python_m(OLD_FORMS[command], "--help")
    assert new.returncode == old.returncode == 0, new.stderr + old.stderr
    assert new.stdout == old.stdout and USAGE[command] in new.stdout.split("\n\n")[0]


HELPS = [[], *([command] for command in sorted(USAGE)), ["lite", "build"], ["docs", "build"]]
"""Every --help the command line has: the bare command's, each command's, and the subcommands'."""
RST = re.compile(r"`|:[a-z]+:|\.\. [a-z]+::|\*\*")
"""What reStructuredText (or Markdown) looks like in a plain text: backticks, roles, directives, bold."""


def unexplained(text: str) -> list[str]:
    """The arguments listed by an argparse help text that have no words of their own (neither on their line nor on
    the more deeply indented line under it)."""
    lines = text.splitlines()
    missing = []
    sections = re.compile(r"^(positional arguments|options|optional arguments):$")
    first = next((n for n, line in enumerate(lines) if sections.match(line)), len(lines))
    for number, line in enumerate(lines[first:], start=first):
        argument = re.match(r"^  (-{1,2}\w[\w-]*|[a-z{][\w,{}.-]*)(.*)$", line)
        if argument is None:
            continue
        follows = lines[number + 1] if number + 1 < len(lines) else ""
        if not re.search(r"\S {2,}\S", line.strip()) and not follows.startswith(" " * 4):
            missing.append(line.strip())
    return missing


@pytest.mark.parametrize("words", HELPS, ids=lambda words: " ".join(words) or "mus-widget")
def test_every_help_is_plain_words_and_every_option_is_explained(
        words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = cli.main([*words, "--help"])
    except SystemExit as exit_:
        status = exit_.code  # type: ignore[assignment]
    assert status == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: ")
    assert not RST.findall(text), f"mus-widget {' '.join(words)} --help shows markup: {RST.findall(text)}"
    assert unexplained(text) == [], f"mus-widget {' '.join(words)} --help"


def test_the_help_checks_catch_markup_and_a_bare_option() -> None:
    assert RST.findall("see :func:`run` and ``--games``") and not RST.findall("how many games (default 200)")
    text = ("A command.\n  --seed in prose\n\noptions:\n  -h, --help  show this help\n  --seed SEED\n"
            "  --games N   games\n")
    assert unexplained(text) == ["--seed SEED"]
    wrapped = "options:\n  --max-connections-per-address N\n                        connections one address holds\n"
    assert unexplained(wrapped) == []


BLOCK_IMPORT = """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == {module!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Missing())
from mus_widget.cli import main
raise SystemExit(main(["serve", "--teacher-key", "k", "--port", "0"]))
"""


@pytest.mark.parametrize("module", ["websockets", "orjson"])
def test_serve_without_the_classroom_extra_says_which_extra_in_one_line(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", BLOCK_IMPORT.format(module=module)], check=False,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "LANG": "C", "LC_ALL": "C"})
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert module in done.stderr and 'pip install "mus-widget[classroom]"' in done.stderr


def test_serve_on_a_hub_without_jupyterhub_says_which_extra_in_one_line(tmp_path: Path) -> None:
    script = BLOCK_IMPORT.format(module="jupyterhub").replace('"--teacher-key", "k"',
                                                              '"--hub-teachers-group", "teachers"')
    done = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "LANG": "C", "LC_ALL": "C"})
    assert done.returncode == 2, done.stderr
    assert done.stderr == ('mus-widget serve: --hub needs jupyterhub, which is not installed: '
                           'pip install "mus-widget[hub]"\n')
    assert list(tmp_path.iterdir()) == [], "no database is made"


def test_serve_needs_the_teacher_key_or_a_group_of_teachers_on_a_hub(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        cli.main(["serve", "--hub", "--port", "0"])
    assert refused.value.code == 2
    error = capsys.readouterr().err
    assert "--teacher-key is required (on a JupyterHub, --hub-teachers-group may stand for it)" in error
