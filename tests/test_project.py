"""The project's own promises: the two README commands, the engine's independence, lint, clean notebooks."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "mus_widget"
ENGINE = [
    "actions", "betting", "cards", "errors", "game", "hands", "log", "messages", "observation",
    "phase", "rules", "scoring", "seats", "senas", "text",
]
FRONT_END = {"anywidget", "traitlets", "ipywidgets", "IPython"}


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", setup)


def test_readme_keeps_exactly_two_setup_commands_play_and_test() -> None:
    play, test = readme_commands()
    assert "jupyter lab" in play and "tutorials/00-play.ipynb" in play
    assert (ROOT / "tutorials" / "00-play.ipynb").exists()
    assert "pytest" in test


def test_ci_runs_the_readme_test_command() -> None:
    _, test = readme_commands()
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in lines


@pytest.mark.parametrize("module", ENGINE)
def test_engine_module_imports_nothing_of_the_front_end(module: str) -> None:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.module.split(".")[0] not in {"widget", "bots", "teaching"}, f"{module} imports .{node.module}"
    assert not imported & FRONT_END, f"{module} imports {imported & FRONT_END}"


@pytest.mark.parametrize("module", ["explain", "scenarios", "pictures", "coach"])
def test_teaching_modules_stand_without_the_widget(module: str) -> None:
    """Explanations, scenarios, static pictures and the coach work with no widget stack (nbconvert, scripts)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert not {alias.name.split(".")[0] for alias in node.names} & FRONT_END, module
        elif isinstance(node, ast.ImportFrom) and node.module:
            top = node.module.split(".")[0]
            assert top not in FRONT_END and (node.level == 0 or top not in {"widget", "view_state"}), module


def test_engine_never_uses_the_global_random() -> None:
    for path in PACKAGE.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"\brandom\.(random|choice|shuffle|randrange|randint|sample|seed)\(", text), path.name


def test_notebooks_are_committed_without_outputs() -> None:
    for path in sorted((ROOT / "tutorials").glob("*.ipynb")):
        notebook = json.loads(path.read_text())
        assert notebook["metadata"]["kernelspec"]["name"] == "python3", path.name
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                assert not cell["outputs"] and cell["execution_count"] is None, path.name


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff")
    assert ruff, "ruff is in the test extra"
    result = subprocess.run(
        [ruff, "check", "src", "tests", "benchmarks"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
