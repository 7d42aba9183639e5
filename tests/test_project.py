"""The project's own promises: the two README commands, the engine's independence, lint, clean notebooks."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Final

import pytest

from support.committed import committed_tutorials

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "mus_widget"
LAYERS = ("engine", "i18n", "bots", "teaching", "env", "table", "classroom", "lite", "docs")
"""The package's layers, lowest first: a module may import only from its own layer and the layers below."""
FACADES = {"__init__", "__main__", "arena", "cli", "export", "i18n_tool", "serve", "remote", "sphinx"}
"""Top-level modules above every layer: the package's exports and the short names of commands, the client and the
Sphinx extension."""
FRONT_END = {"anywidget", "traitlets", "ipywidgets", "IPython"}


def readme_commands(root: Path = ROOT) -> list[str]:
    text = (root / "README.md").read_text()
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", setup)


def test_readme_keeps_exactly_two_setup_commands_play_and_test() -> None:
    play, test = readme_commands()
    assert "jupyter lab" in play and "tutorials/00-play.ipynb" in play
    assert (ROOT / "tutorials" / "00-play.ipynb").exists()
    assert "pytest" in test


def test_package_json_and_the_readme_say_where_the_front_end_is_built() -> None:
    """The bundle's folder as package.json names it exists, and the README says how to rebuild it after editing
    js/ (outside the two set-up commands)."""
    description = json.loads((ROOT / "package.json").read_text())["description"]
    named = re.findall(r"src/[\w/.]*\w", description)
    assert "src/mus_widget/table/static" in named and all((ROOT / path).exists() for path in named), named
    text = (ROOT / "README.md").read_text()
    assert "npm run build" in text and "npm run build" not in "".join(readme_commands())
    assert "docs/architecture.md" in text and (ROOT / "docs" / "architecture.md").exists()


README_PAGES: Final = {"Teaching": "docs/teaching.md", "Bots": "docs/bots.md", "Classroom": "docs/classroom.md",
                       "AI courses": "docs/ai.md", "The offline site": "docs/offline.md",
                       "Languages": "docs/translations.md", "Commands": "docs/commands.md", "Speed": "docs/speed.md",
                       "Working on the code": "docs/architecture.md"}
"""The README's short sections, each leading to the page of docs/ that carries it."""


def test_a_newcomer_reads_the_readme_from_its_first_screen() -> None:
    """Short: the two commands on the first screen, where the browser comes from beside them, then short sections
    that each lead to their page; no speed figure of its own (those are docs/speed.md's, each from a benchmark)."""
    text = (ROOT / "README.md").read_text()
    lines = text.splitlines()
    assert len(lines) <= 120, f"the README is {len(lines)} lines"
    first_screen = "\n".join(lines[:40])
    assert all(command in first_screen for command in readme_commands()), "both commands in the first 40 lines"
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    assert "apt-get install -y chromium" in setup
    sections = dict(re.findall(r"^## (.+)\n((?:(?!^## ).*\n?)*)", text, re.M))
    for title, page in README_PAGES.items():
        assert title in sections, f"no section {title!r}"
        assert f"]({page}" in sections[title] and (ROOT / page).exists(), f"{title} does not lead to {page}"
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    figures = re.findall(r"\b\d[\d,.]*\s*(?:s|ms|MB|GB|%|hands/s|deals/s)\b", prose)
    assert not figures, f"speed figures in the README (they belong in docs/speed.md): {figures}"


def test_ci_runs_the_readme_test_command() -> None:
    _, test = readme_commands()
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in lines


@pytest.mark.slow
def test_a_fresh_clone_tests_with_the_readme_command_and_no_node_modules(tmp_path: Path) -> None:
    """On a clone of HEAD: CI runs the README's test command and no npm ci, and with no node_modules the
    axe-core of the layout tests and the frozen export's scripts resolve from installed packages."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (an sdist): nothing to clone")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-local", str(ROOT), str(clone)], check=True, timeout=120)
    assert not (clone / "node_modules").exists()
    _, test = readme_commands(clone)
    commands = [line.strip() for line in (clone / ".ci" / "run").read_text().splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert test in commands
    assert not [line for line in commands if "npm ci" in line or "node_modules" in line]
    found = subprocess.run(
        [sys.executable, "-c", "from importlib.resources import files; from mus_widget.table.export import "
         "find_scripts; print(files('axe_playwright_python') / 'axe.min.js'); print(*find_scripts(), sep='\\n')"],
        env={**os.environ, "PYTHONPATH": str(clone / "src")}, cwd=clone, capture_output=True, text=True,
        check=True, timeout=60).stdout.split()
    axe, require, manager, front = map(Path, found)
    assert axe.is_file() and axe.read_text().startswith("/*! axe v4.")
    assert require == clone / "src/mus_widget/table/static/frozen/require.js" and require.is_file()
    assert manager == require.parent and (manager / "embed-amd.js").is_file()
    assert front.is_file()


def module_name(path: Path) -> str:
    """``engine.cards`` for src/mus_widget/engine/cards.py, ``i18n`` for src/mus_widget/i18n/__init__.py."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


KNOWN = package_modules()


def imports_of(source: str, name: str, is_package: bool = False) -> tuple[set[str], set[str]]:
    """What module ``name`` imports, anywhere in its source (inside functions and ``TYPE_CHECKING`` too): the
    package's own modules by name (relative to ``mus_widget``), and the top-level names of everything else."""
    package = name.split(".") if is_package and name != "__init__" else name.split(".")[:-1]
    own: set[str] = set()
    other: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("mus_widget."):
                    own.add(alias.name.removeprefix("mus_widget."))
                elif alias.name != "mus_widget":
                    other.add(alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                module = node.module or ""
                if module == "mus_widget" or module.startswith("mus_widget."):
                    base = module.removeprefix("mus_widget").lstrip(".").split(".") if module != "mus_widget" else []
                else:
                    other.add(module.split(".")[0])
                    continue
            else:
                base = package[: len(package) - (node.level - 1)] + (node.module.split(".") if node.module else [])
            source_module = ".".join(base) or "__init__"
            for alias in node.names:
                candidate = ".".join([*base, alias.name])
                if candidate not in KNOWN:
                    own.add(source_module)
                    continue
                own.add(candidate)
                if source_module != name:
                    own.add(source_module)  # ``from . import pins`` runs and reads the package's __init__ too
    return own, other


def layer_of(module: str) -> str:
    return module.split(".", maxsplit=1)[0]


IMPORTS = {name: imports_of(path.read_text(), name, path.name == "__init__.py") for name, path in KNOWN.items()}


def test_the_tree_shows_the_layers() -> None:
    layers = {layer_of(name) for name in IMPORTS if name not in FACADES}
    assert layers == set(LAYERS), "every module lives in a layer's folder or is a top-level facade"


MODULE_LINES = 600
"""The longest a module may be: one a reader can hold (docs/architecture.md, "The layers")."""
CATALOGUES = frozenset({"i18n.messages"})
"""Message catalogues are data, one text a line, and may run longer."""


def test_no_module_is_longer_than_a_reader_can_hold() -> None:
    """The package's modules, the tests' and the benchmarks' alike."""
    paths = [*(path for name, path in KNOWN.items() if name not in CATALOGUES),
             *(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").glob("*.py")]
    lines = {str(path.relative_to(ROOT)): len(path.read_text().splitlines()) for path in paths}
    assert lines["src/mus_widget/engine/game.py"] > 100 and lines["tests/test_project.py"] > 100
    assert {path: n for path, n in lines.items() if n > MODULE_LINES} == {}


@pytest.mark.parametrize("module", sorted(name for name in IMPORTS if name not in FACADES))
def test_a_layer_imports_only_the_layers_below_it(module: str) -> None:
    assert upward_imports(module, IMPORTS[module][0]) == []


def upward_imports(module: str, own: set[str]) -> list[str]:
    rank = LAYERS.index(layer_of(module))
    return sorted(target for target in own if target in FACADES or LAYERS.index(layer_of(target)) > rank)


@pytest.mark.parametrize("module", sorted(name for name in IMPORTS if layer_of(name) == "engine"))
def test_engine_imports_nothing_of_the_front_end(module: str) -> None:
    _, other = IMPORTS[module]
    assert not other & (FRONT_END | {"babel"}), f"{module} imports {other & (FRONT_END | {'babel'})}"


@pytest.mark.parametrize("module", sorted(name for name in IMPORTS if layer_of(name) in {"engine", "i18n", "bots",
                                                                                          "teaching"}))
def test_layers_below_the_table_stand_without_the_widget_stack(module: str) -> None:
    """The engine, the language, the bots, explanations, scenarios, exercises, pictures and the coach work with no
    widget library (nbconvert, scripts, a server): every widget, the quiz too, lives in the table layer."""
    _, other = IMPORTS[module]
    assert not other & FRONT_END, f"{module} imports {other & FRONT_END}"


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), and every module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_anywhere_lazy_imports_included() -> None:
    graph = {name: {target for target in own if target != name or name == "__init__"} for name, (own, _) in
             IMPORTS.items()}
    assert import_cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"engine.cards": {"engine.errors"}, "engine.errors": set()}) == []


def test_a_cycle_between_modules_of_one_package_is_caught() -> None:
    """``from . import pins`` in ``lite.bytecode`` reads the package ``lite``, whose __init__ imports
    ``lite.build``, which imports ``lite.bytecode``: a cycle inside one layer, as the site builder once had."""
    source = (PACKAGE / "lite" / "bytecode.py").read_text().replace("from .pins import PYODIDE\n",
                                                                      "from . import pins\n")
    own, _ = imports_of(source, "lite.bytecode")
    assert {"lite", "lite.pins"} <= own
    graph = {name: {target for target in targets if target != name} for name, (targets, _) in IMPORTS.items()}
    graph["lite.bytecode"] = own
    assert ["lite", "lite.build", "lite.bytecode"] in import_cycles(graph)


def test_a_lazy_upward_import_is_caught() -> None:
    """An engine module reaching into the teaching layer inside a function, as ``Hand._repr_html_`` once did,
    is an upward import, and with the teaching layer importing the engine it closes a cycle."""
    source = (PACKAGE / "engine" / "cards.py").read_text()
    source += "\n\ndef _late() -> str:\n    from ..teaching.pictures import show_card\n    return show_card\n"
    own, _ = imports_of(source, "engine.cards")
    assert upward_imports("engine.cards", own) == ["teaching.pictures"]
    graph = {name: set(targets) for name, (targets, _) in IMPORTS.items() if name != "__init__"}
    graph["engine.cards"] = own
    assert ["engine.cards"] in [[m for m in group if m == "engine.cards"] for group in import_cycles(graph)]


def test_engine_never_uses_the_global_random() -> None:
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"\brandom\.(random|choice|shuffle|randrange|randint|sample|seed)\(", text), path.name


def test_notebooks_are_committed_without_outputs() -> None:
    """Every tutorial as committed (git's index: a notebook a student played stays theirs, tests/support/committed.py)
    has no outputs, no execution counts and no widgets' state, and runs on the python3 kernel."""
    tutorials = committed_tutorials()
    paths = sorted(tutorials.rglob("*.ipynb"))
    assert len(paths) >= 15 * 6, "every tutorial in every language"
    for path in paths:
        name = str(path.relative_to(tutorials))
        notebook = json.loads(path.read_text(encoding="utf-8"))
        assert notebook["metadata"]["kernelspec"]["name"] == "python3", name
        assert "widgets" not in notebook["metadata"], f"{name} holds the widgets' state of a game played"
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                assert not cell["outputs"] and cell["execution_count"] is None, name


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff")
    assert ruff, "ruff is in the test extra"
    result = subprocess.run(
        [ruff, "check", "src", "tests", "benchmarks"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_is_clean() -> None:
    """Strict over the package, the tests and the benchmarks (the files of [tool.mypy])."""
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    checked = re.search(r"in (\d+) source files", result.stdout)
    assert checked, result.stdout
    package = len(list((ROOT / "src").rglob("*.py")))
    tests = len(list((ROOT / "tests").rglob("*.py"))) + len(list((ROOT / "benchmarks").glob("*.py")))
    assert int(checked[1]) == package + tests, f"{checked[0]}: the package's {package}, and the tests' {tests}"


@pytest.mark.slow
def test_the_sdist_holds_every_file_of_the_repository(tmp_path: Path) -> None:
    """Unpacked in a fresh venv, the sdist installs and passes its own tests: so it carries every tracked file
    (the front end's sources, the docs, CI, the licence), not only the package."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout (an unpacked sdist): nothing to compare with")
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)], cwd=ROOT,
                   check=True, capture_output=True)
    (sdist,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        packed = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    missing = sorted(set(tracked.stdout.split()) - packed)
    assert not missing, f"the sdist lacks {missing}: add them to [tool.hatch.build.targets.sdist] include"
    assert "LICENSE" in packed


def test_the_table_the_quiz_and_the_classroom_mount_the_same_way() -> None:
    """js/widget.js, js/quiz.js and js/classroom.js take their model, root, theme, picture hiding and kernel watch
    from one shared mount (js/mount.js; the quiz and the teacher's list through its mountPanel, which keeps the
    kernel's notice), never each its own copy."""
    shared = ("withFallback(", "kernelWatch(", "followTheme(", "hideStills(", "model.off(")
    for name in ("widget.js", "quiz.js", "classroom.js"):
        source = (ROOT / "js" / name).read_text()
        assert re.search(r'import \{ (mount|mountPanel) \} from "\./mount\.js";', source), name
        assert re.search(r"\b(mount|mountPanel)\(born, el,", source), name
        assert not [call for call in shared if call in source], (name, [call for call in shared if call in source])
    mount = (ROOT / "js" / "mount.js").read_text()
    assert all(call in mount for call in shared[:4]), "the mount does each of these once"
