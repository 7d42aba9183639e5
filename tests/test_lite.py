"""The classroom site's build, without the network: lock entries written from the wheels shipped, Babel cut to
the table's languages, jedi to the stubs of importable packages, IPython's terminal imported on first use, the
wheels that ride in the standard library's zip, its ``sitecustomize``, the kernel's settings (MathJax only where
there is math), the front page, the service worker, and pins that agree with the install.

The build itself and the site in a browser are tested in tests/browser/test_lite_site.py.
"""

from __future__ import annotations

import base64
import builtins
import dataclasses
import hashlib
import importlib
import importlib.util
import inspect
import io
import json
import marshal
import re
import sys
import types
import zipfile
from importlib.machinery import BuiltinImporter, PathFinder
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from mus_widget.i18n import LANGUAGES
from mus_widget.i18n.progress import Progress
from mus_widget.lite import pins
from mus_widget.lite.build import (
    KERNEL_PLUGIN,
    MATHJAX,
    OPEN_PLAY,
    PASS_BY,
    PASS_THROUGH,
    ROOT_IMPORT,
    STEPS,
    BuildError,
    has_math,
    lean_service_worker,
    lite_config,
    open_on_play,
    zipped_modules,
)
from mus_widget.lite.bytecode import COMPILE, BytecodeError, cached_name, with_modules
from mus_widget.lite.lock import (
    BROWSER,
    IPYTHON_EMBED,
    LockError,
    importable_names,
    lazy_terminal,
    lock_entry,
    rewrite_lock,
    trim_babel,
    trim_jedi,
)
from mus_widget.lite.site_imports import (
    InstalledFirst,
    NothingYet,
    drive_while_starting,
    install,
    installed_entries,
    known_dataclasses,
)

ROOT = Path(__file__).resolve().parents[1]
build_module = importlib.import_module("mus_widget.lite.build")  # the package's own ``build`` is the function
INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}


def make_wheel(folder: Path, name: str, version: str, requires: list[str], files: dict[str, str]) -> Path:
    """A minimal wheel: its modules, METADATA with ``Requires-Dist`` lines, and a RECORD listing everything."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    metadata = "".join([f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                        *(f"Requires-Dist: {line}\n" for line in requires)])
    members = {**files, f"{dist}/METADATA": metadata, f"{dist}/WHEEL": "Wheel-Version: 1.0\nTag: py3-none-any\n"}
    members[f"{dist}/RECORD"] = "".join(f"{path},,\n" for path in members) + f"{dist}/RECORD,,\n"
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for member, text in members.items():
            wheel.writestr(member, text)
    return path


def test_an_entry_is_written_from_the_wheel_shipped(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path, "ipython", "9.12.0", [
        "decorator>=5.1.0", 'pexpect>4.6; sys_platform != "win32" and sys_platform != "emscripten"',
        'colorama>=0.4.4; sys_platform == "win32"', 'pytest>=7; extra == "test"', "Stack_Data>=0.6",
    ], {"IPython/__init__.py": "", "IPython/core/__init__.py": "", "six.py": ""})
    entry = lock_entry(wheel, {"decorator", "stack-data", "ipython"})
    assert entry["name"] == "ipython" and entry["version"] == "9.12.0" and entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["IPython", "six"]
    assert entry["depends"] == ["decorator", "stack-data"], "pexpect, colorama and the test extra stay out"
    assert entry["install_dir"] == "site" and entry["package_type"] == "package"


def test_a_dependency_not_shipped_fails_the_build(tmp_path: Path) -> None:
    anywidget = make_wheel(tmp_path, "anywidget", "0.11.0", ["ipywidgets>=7.6", "psygnal>=0.8"], {"anywidget/x.py": ""})
    ipywidgets = make_wheel(tmp_path, "ipywidgets", "8.1.9", ["widgetsnbextension~=4.0", "jupyterlab_widgets~=3.0"],
                            {"ipywidgets/__init__.py": ""})
    with pytest.raises(LockError, match=re.escape("anywidget-0.11.0-py3-none-any.whl requires 'psygnal'")):
        rewrite_lock({"info": INFO, "packages": {}}, [anywidget, ipywidgets])
    psygnal = make_wheel(tmp_path, "psygnal", "0.16.1", [], {"psygnal/__init__.py": ""})
    lock = rewrite_lock({"info": INFO, "packages": {"numpy": {}}}, [anywidget, ipywidgets, psygnal])
    assert lock["info"] == INFO and sorted(lock["packages"]) == ["anywidget", "ipywidgets", "psygnal"]
    assert lock["packages"]["anywidget"]["depends"] == ["ipywidgets", "psygnal"]
    assert lock["packages"]["ipywidgets"]["depends"] == [], "the front-end-only packages live in the site's lab"


def test_babel_keeps_the_locale_data_of_the_tables_languages_only(tmp_path: Path) -> None:
    files = {"babel/__init__.py": "", "babel/global.dat": "g", **{
        f"babel/locale-data/{code}.dat": code for code in (*LANGUAGES, "root", "fr", "de_CH", "en_GB")}}
    source = make_wheel(tmp_path, "babel", "2.19.0", [], files)
    trimmed = trim_babel(source, tmp_path / "out" / source.name, LANGUAGES)
    with zipfile.ZipFile(trimmed) as wheel:
        names = set(wheel.namelist())
        record = wheel.read("babel-2.19.0.dist-info/RECORD").decode()
    data = {name for name in names if name.startswith("babel/locale-data/")}
    assert data == {f"babel/locale-data/{code}.dat" for code in (*LANGUAGES, "root")}
    assert "babel/global.dat" in names and "babel/locale-data/fr.dat" not in record
    assert {line.split(",")[0] for line in record.splitlines()} == names
    with pytest.raises(LockError, match=r"no locale data \['babel/locale-data/xx.dat'\]"):
        trim_babel(source, tmp_path / "again" / source.name, ("xx",))


def test_jedi_keeps_the_stubs_of_importable_packages_only(tmp_path: Path) -> None:
    stubs = "jedi/third_party/typeshed/third_party"
    files = {"jedi/__init__.py": "", "jedi/third_party/typeshed/stdlib/3/os/__init__.pyi": "",
             f"{stubs}/2and3/six/__init__.pyi": "", f"{stubs}/2and3/typing_extensions.pyi": "",
             f"{stubs}/3/dataclasses.pyi": "", "jedi/third_party/django-stubs/django-stubs/__init__.pyi": ""}
    source = make_wheel(tmp_path, "jedi", "0.19.2", ["parso"], files)
    trimmed = trim_jedi(source, tmp_path / "out" / source.name, {"os", "dataclasses", "typing_extensions"})
    with zipfile.ZipFile(trimmed) as wheel:
        names = set(wheel.namelist())
        record = wheel.read("jedi-0.19.2.dist-info/RECORD").decode()
    assert {f"{stubs}/2and3/typing_extensions.pyi", f"{stubs}/3/dataclasses.pyi"} <= names, "jedi lists the folder"
    assert "jedi/third_party/typeshed/stdlib/3/os/__init__.pyi" in names and "jedi/__init__.py" in names
    assert not [name for name in names if "six" in name or "django" in name]
    assert {line.split(",")[0] for line in record.splitlines()} == names
    with pytest.raises(LockError, match="would keep no stub"):
        trim_jedi(source, tmp_path / "again" / source.name, {"os"})
    assert {"json", "mus_widget", "jedi"} <= importable_names(make_stdlib(tmp_path), [source, make_wheel(
        tmp_path, "mus-widget", "0.1.0", [], {"mus_widget/__init__.py": ""})])


def make_stdlib(folder: Path) -> Path:
    path = folder / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w") as stdlib:
        stdlib.writestr("json/__init__.py", "")
        stdlib.writestr("abc.py", "")
    return path


def test_the_sites_python_finds_installed_modules_before_the_notebooks_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "json.py").write_text("SHADOW = True\n")  # a student's file named like a module of the library
    (tmp_path / "mus_beside_the_notebook.py").write_text("VALUE = 3\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", *sys.path])
    found = InstalledFirst.find_spec("json")
    assert found is not None and found.origin is not None and str(tmp_path) not in found.origin
    assert InstalledFirst.find_spec("mus_beside_the_notebook") is None, "left to the usual search"
    beside = PathFinder.find_spec("mus_beside_the_notebook")
    assert beside is not None and beside.origin == str(tmp_path / "mus_beside_the_notebook.py")
    assert InstalledFirst.find_spec("decoder", ["somewhere"]) is None, "submodules are left to their package"
    assert installed_entries(["", ".", "/drive/lessons", "/lib/python314.zip"]) == ["/lib/python314.zip"]
    finders: list[object] = [BuiltinImporter, PathFinder]
    install(finders)
    install(finders)
    assert finders == [BuiltinImporter, InstalledFirst, PathFinder]


def test_dataclasses_run_the_code_compiled_when_the_site_was_built(monkeypatch: pytest.MonkeyPatch) -> None:
    recorded: dict[str, types.CodeType] = {}

    def recording(source: str, globals: dict[str, object], locals: dict[str, object], /) -> None:
        recorded[source] = compile(source, "<string>", "exec", dont_inherit=True)
        exec(recorded[source], globals, locals)

    def deal_class() -> type:
        @dataclasses.dataclass(frozen=True)
        class Deal:
            seed: int
            hands: tuple[str, ...] = ()

        return Deal

    monkeypatch.setattr(dataclasses, "exec", recording, raising=False)
    deal_class()  # as the build does in the site's Python: every source dataclasses compiles, kept
    assert recorded
    known_dataclasses(marshal.dumps(recorded))
    compiled: list[str] = []
    real_compile = builtins.compile

    def counted(source: str, *args: Any, **kwargs: Any) -> Any:
        compiled.append(source)
        return real_compile(source, *args, **kwargs)

    monkeypatch.setattr(builtins, "compile", counted)
    deal = deal_class()
    assert compiled == [], "the same class runs the code kept"
    assert deal(3, ("1o 2c 3e 4b",)) == deal(3, ("1o 2c 3e 4b",)) and repr(deal(3)).endswith(".Deal(seed=3, hands=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal(3).seed = 4

    @dataclasses.dataclass
    class Unknown:  # a class the build never saw compiles as before
        count: int = 0

    assert compiled and Unknown(2).count == 2


def test_the_site_module_is_added_to_the_standard_library_once(tmp_path: Path) -> None:
    stdlib = make_stdlib(tmp_path)
    added = with_modules(stdlib, tmp_path / "added.zip", {"sitecustomize.py": "X = 1\n"})
    with zipfile.ZipFile(added) as archive:
        assert archive.read("sitecustomize.py") == b"X = 1\n" and {"json/__init__.py", "abc.py"} < set(
            archive.namelist())
    again = with_modules(stdlib, tmp_path / "again.zip", {"sitecustomize.py": "X = 1\n"})
    assert added.read_bytes() == again.read_bytes(), "the same bytes: the compiled copy is found in the cache"
    with pytest.raises(BytecodeError, match=r"already holds \['abc.py'\]"):
        with_modules(stdlib, tmp_path / "taken.zip", {"abc.py": ""})


def test_ipythons_terminal_is_imported_on_first_use_only(tmp_path: Path) -> None:
    init = ("from .core.getipython import get_ipython\nfrom .core.application import Application\n"
            "from .terminal.embed import embed\n\n__all__ = ['embed']\n")
    source = make_wheel(tmp_path, "ipython", "9.12.0", [], {"IPython/__init__.py": init,
                                                           "IPython/terminal/embed.py": "def embed(): pass\n"})
    patched = lazy_terminal(source, tmp_path / "out" / source.name)
    with zipfile.ZipFile(patched) as wheel:
        text = wheel.read("IPython/__init__.py")
        record = {line.split(",")[0]: line for line in wheel.read("ipython-9.12.0.dist-info/RECORD").decode().split()}
    assert b"from .terminal.embed import embed\n\n__all__" not in text and b"def __getattr__(name):" in text
    digest = base64.urlsafe_b64encode(hashlib.sha256(text).digest()).rstrip(b"=").decode()
    assert record["IPython/__init__.py"] == f"IPython/__init__.py,sha256={digest},{len(text)}"
    assert record["IPython/terminal/embed.py"] == "IPython/terminal/embed.py,,", "the other files as they were"
    with pytest.raises(LockError, match="does not hold"):
        lazy_terminal(patched, tmp_path / "again" / source.name)
    # The module __getattr__ as the patch writes it: the terminal is imported when embed is first asked for.
    namespace: dict[str, object] = {"__name__": "IPython"}
    getattr_source = IPYTHON_EMBED[2].split("\n\n\n", 1)[1]
    exec(getattr_source.replace("from .terminal.embed import embed", "from json import dumps as embed"), namespace)
    getter = namespace["__getattr__"]
    assert callable(getter) and getter("embed") is json.dumps
    with pytest.raises(AttributeError, match="has no attribute 'shell'"):
        getter("shell")


def test_the_zipped_wheels_hold_modules_only_and_need_no_lock_entry(tmp_path: Path) -> None:
    pygments = make_wheel(tmp_path, "pygments", "2.21.0", [], {"pygments/__init__.py": "", "pygments/py.typed": ""})
    files = zipped_modules([pygments])
    assert set(files) == {"pygments/__init__.py", "pygments/py.typed", "pygments-2.21.0.dist-info/METADATA",
                          "pygments-2.21.0.dist-info/WHEEL", "pygments-2.21.0.dist-info/RECORD"}
    parso = make_wheel(tmp_path, "parso", "0.8.7", [], {"parso/__init__.py": "", "parso/python/grammar313.txt": ""})
    with pytest.raises(BuildError, match=r"holds parso/python/grammar313\.txt"):
        zipped_modules([parso])
    ipython = make_wheel(tmp_path, "ipython", "9.12.0", ["pygments>=2.11", "traitlets"], {"IPython/__init__.py": ""})
    traitlets = make_wheel(tmp_path, "traitlets", "5.16.1", [], {"traitlets/__init__.py": ""})
    with pytest.raises(LockError, match="requires 'pygments'"):
        rewrite_lock({"info": INFO, "packages": {}}, [ipython, traitlets])
    lock = rewrite_lock({"info": INFO, "packages": {}}, [ipython, traitlets], ["pygments"])
    assert sorted(lock["packages"]) == ["ipython", "traitlets"]
    assert lock["packages"]["ipython"]["depends"] == ["traitlets"], "pygments comes with the standard library"
    assert {pin.split("==")[0] for pin in pins.KERNEL_WHEELS} >= pins.ZIPPED
    assert not pins.ZIPPED & {"mus-widget", *pins.PRELOAD}, "the kernel and the package are installed by name"


def test_mathjax_is_left_out_of_a_site_whose_notebooks_have_no_math(tmp_path: Path) -> None:
    (tmp_path / "lesson.ipynb").write_text(json.dumps({"cells": [
        {"cell_type": "markdown", "source": ["# Grande\n", "The highest cards win."]},
        {"cell_type": "code", "source": ["price = '$3'"]}]}))
    assert not has_math(tmp_path)
    assert lite_config(tmp_path)["jupyter-config-data"]["disabledExtensions"] == [MATHJAX]
    (tmp_path / "notes.md").write_text("The odds are $\\frac{1}{4}$.")
    assert has_math(tmp_path) and "disabledExtensions" not in lite_config(tmp_path)["jupyter-config-data"]
    assert not has_math(ROOT / "tutorials"), "the tutorials have no math: their site goes without MathJax"


def test_the_service_worker_leaves_the_requests_it_only_passed_on(tmp_path: Path) -> None:
    worker = tmp_path / "service-worker.js"
    worker.write_text(f"async function onFetch(e){{let n=null;{PASS_THROUGH},n&&e.respondWith(n)}}")
    lean_service_worker(worker)
    assert PASS_BY in worker.read_text() and PASS_THROUGH not in worker.read_text()
    with pytest.raises(BuildError, match="does not pass requests on"):
        lean_service_worker(worker)


def test_the_compiled_wheel_keeps_every_file_and_adds_bytecode_listed_in_its_record(tmp_path: Path) -> None:
    # The compiler runs inside Pyodide at build time; its Python is plain, so CPython runs it here the same way.
    files = {"pkg/__init__.py": "VALUE = 7\n", "pkg/core.py": "def f():\n    return 1\n",
             "pkg/old.py": "print 'python 2'\n", "pkg/data.json": "{}"}
    source = make_wheel(tmp_path, "pkg", "1.0", [], files)
    target = tmp_path / "out.whl"
    exec(COMPILE, {"JOBS": [("wheel", str(source), str(target))]})
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(target) as after:
        names = set(after.namelist())
        assert set(before.namelist()) <= names
        assert all(after.read(name) == before.read(name) for name in before.namelist() if not name.endswith("RECORD"))
        record = after.read("pkg-1.0.dist-info/RECORD").decode()
        pyc = f"pkg/__pycache__/core.{sys.implementation.cache_tag}.pyc"
        added = names - set(before.namelist())
        assert added == {pyc, f"pkg/__pycache__/__init__.{sys.implementation.cache_tag}.pyc"}, "old.py does not compile"
        assert {line.split(",")[0] for line in record.splitlines()} == names
        data = after.read(pyc)
    assert data[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(data[4:8], "little") == 0b01, "unchecked hash"
    assert cached_name(source).endswith(f"-{source.name}") and cached_name(source) != cached_name(target)


def test_the_compiled_standard_library_is_imported_from_its_bytecode_and_still_shows_its_source(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(source, "w") as stdlib:
        stdlib.writestr("musstd/__init__.py", "")
        stdlib.writestr("musstd/deck.py", "def size():\n    return 40\n")
        stdlib.writestr("musstd/old.py", "print 'python 2'\n")
    target = tmp_path / "compiled" / "python_stdlib.zip"
    target.parent.mkdir()
    namespace: dict[str, object] = {"JOBS": []}
    exec(COMPILE, namespace)
    namespace["compile_stdlib"](str(source), str(target), str(target))  # type: ignore[operator]
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(target) as after:
        assert all(after.read(name) == before.read(name) for name in before.namelist())
        added = set(after.namelist()) - set(before.namelist())
    assert added == {"musstd/__init__.pyc", "musstd/deck.pyc"}, "old.py does not compile"
    monkeypatch.syspath_prepend(str(target))
    deck = importlib.import_module("musstd.deck")
    try:
        assert deck.size() == 40 and deck.__file__ is not None and deck.__file__.endswith("deck.pyc"), "bytecode read"
        assert deck.size.__code__.co_filename == f"{target}/musstd/deck.py", "tracebacks name the source"
        assert inspect.getsource(deck.size).startswith("def size():")
    finally:
        for name in ("musstd.deck", "musstd"):
            sys.modules.pop(name, None)


def test_the_kernel_settings_point_at_the_site_and_never_at_pypi() -> None:
    settings = lite_config()["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert settings["disablePyPIFallback"] is True
    preload = settings["loadPyodideOptions"]["packages"]
    assert preload[0] == "mus-widget"
    # The names the kernel checks before installing anything itself (jupyterlite-pyodide-kernel's worker).
    assert {"micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"} <= set(preload)


def test_the_front_page_opens_the_play_notebook(tmp_path: Path) -> None:
    index = tmp_path / "index.html"
    index.write_text(f"<html><script type=\"module\">\n  {ROOT_IMPORT}\n</script></html>")
    open_on_play(index)
    assert OPEN_PLAY in index.read_text() and "00-play.ipynb" in OPEN_PLAY and ROOT_IMPORT not in index.read_text()
    with pytest.raises(BuildError, match="does not end in JupyterLite's redirect"):
        open_on_play(index)


def test_every_wheel_is_pinned_and_the_install_pins_the_same_jupyterlite() -> None:
    for pin in (*pins.KERNEL_WHEELS, *pins.KERNEL_EXTENSION_WHEELS, *pins.LAB_EXTENSION_WHEELS):
        assert re.fullmatch(r"[a-z0-9-]+==[0-9][0-9a-z.]*", pin), pin
    names = {pin.split("==")[0] for pin in (*pins.KERNEL_WHEELS, *pins.KERNEL_EXTENSION_WHEELS)}
    assert set(pins.PRELOAD) - {"mus-widget"} <= names
    tomllib = pytest.importorskip("tomllib")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert f"jupyterlite-core=={pins.JUPYTERLITE_CORE}" in extras["lite"]
    assert f"jupyterlite-pyodide-kernel=={pins.JUPYTERLITE_PYODIDE_KERNEL}" in extras["lite"]
    assert "mus-widget[lite]" in extras["test"], "the README's test install brings the site's build tools"
    dependencies = {canonicalize_name(requirement.name) for requirement in map(Requirement, tomllib.loads(
        (ROOT / "pyproject.toml").read_text())["project"]["dependencies"])
        if requirement.marker is None or requirement.marker.evaluate(dict(BROWSER))}
    assert dependencies <= names, "every dependency of the package that holds in the browser is shipped in the site"
    assert "tqdm" not in dependencies, "the command line's progress bar stays out of the browser"


def test_the_pinned_pyodide_is_the_one_the_pinned_kernel_was_made_for() -> None:
    constants = pytest.importorskip("jupyterlite_pyodide_kernel.constants")
    assert constants.PYODIDE_VERSION == pins.PYODIDE
    assert constants.PYODIDE_PYTHON_VERSION == pins.PYODIDE_PYTHON


class Terminal(io.StringIO):
    """Standard error as a terminal, where a progress bar is drawn."""

    def isatty(self) -> bool:
        return True


def test_the_build_counts_its_steps_and_the_command_takes_quiet(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    """Every step of the build moves the bar on, to :data:`STEPS` exactly (the real build is
    tests/browser/test_lite_site.py's); ``--quiet`` turns the bar off at a terminal."""
    kernel = tmp_path / "jupyterlite_pyodide_kernel-0.8.6-py3-none-any.whl"
    monkeypatch.setattr(build_module, "pyodide_core", lambda cache: tmp_path)
    monkeypatch.setattr(build_module, "download_wheels", lambda folder, wanted: [kernel])
    monkeypatch.setattr(build_module, "kernel_extension_wheels", lambda extension, folder: [])
    monkeypatch.setattr(build_module, "project_wheel", lambda repository, folder: kernel)
    monkeypatch.setattr(build_module, "stage_pyodide", lambda lite_dir, *args: lite_dir.mkdir())
    monkeypatch.setattr(build_module, "run", lambda *args, **kwargs: "")
    for step in ("open_on_play", "lean_service_worker"):
        monkeypatch.setattr(build_module, step, lambda path: None)
    counted = Progress(STEPS, "building", quiet=True)
    build_module.build(tmp_path / "site", tmp_path / "cache", ROOT, counted)
    assert counted.done == STEPS
    for quiet, drawn in (([], True), (["--quiet"], False)):
        screen = Terminal()
        monkeypatch.setattr(sys, "stderr", screen)
        assert build_module.main(["build", "--output", str(tmp_path / "site"), *quiet]) == 0
        assert (f"building the classroom site: {STEPS} of {STEPS} |" in screen.getvalue()) is drawn, quiet


def test_while_the_kernel_starts_its_imports_never_ask_the_notebooks_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    cache: dict[str, Any] = {}
    hooks: list[Any] = [lambda entry: ("the usual finder", entry)]
    install([PathFinder], hooks)
    assert hooks[0] is drive_while_starting and len(hooks) == 2
    monkeypatch.delitem(sys.modules, "pyodide_kernel", raising=False)
    monkeypatch.setattr(InstalledFirst, "started", False)
    assert drive_while_starting("/drive") is NothingYet, "the worker's imports before the kernel's"
    kernel = types.ModuleType("pyodide_kernel")
    monkeypatch.setitem(sys.modules, "pyodide_kernel", kernel)  # `import pyodide_kernel` under way
    assert drive_while_starting("/drive/lessons") is NothingYet and drive_while_starting("/drive") is NothingYet
    assert NothingYet.find_spec("IPython_config") is None
    with pytest.raises(ImportError):
        drive_while_starting("/lib/python3.14/site-packages")  # installed folders as usual
    with pytest.raises(ImportError):
        drive_while_starting("/driven")
    cache.update({"/drive/lessons": NothingYet, "/lib/python314.zip": "a zip importer"})
    monkeypatch.setattr(sys, "path_importer_cache", cache)
    InstalledFirst.find_spec("json")
    assert "/drive/lessons" in cache, "still starting: nothing forgotten"
    kernel.kernel_instance = object()  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        drive_while_starting("/drive/lessons")  # the kernel is ready: a student's module is found again
    InstalledFirst.find_spec("json")
    assert "/drive/lessons" not in cache and NothingYet not in cache.values() and InstalledFirst.started
    assert cache["/lib/python314.zip"] == "a zip importer"


def test_the_site_ships_the_tutorials_as_they_are_before_anyone_plays_them(tmp_path: Path) -> None:
    tutorials = tmp_path / "repo" / "tutorials"
    (tutorials / ".ipynb_checkpoints").mkdir(parents=True)
    output = {"output_type": "display_data", "data": {"text/plain": "MusTable()"}, "metadata": {}}
    state: dict[str, Any] = {"application/vnd.jupyter.widget-state+json": {"state": {"m": {}}}}
    played: dict[str, Any] = {"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Play Mus"},
                        {"cell_type": "code", "id": "b", "metadata": {}, "execution_count": 3,
                         "source": "mw.MusTable()", "outputs": [output]}],
              "metadata": {"kernelspec": {"name": "python3"}, "widgets": state},
              "nbformat": 4, "nbformat_minor": 5}
    (tutorials / "00-play.ipynb").write_text(json.dumps(played))
    (tutorials / ".ipynb_checkpoints" / "00-play-checkpoint.ipynb").write_text(json.dumps(played))
    (tutorials / "README.md").write_text("# Tutorials\n")
    contents = build_module.stage_contents(tmp_path / "repo", tmp_path / "contents")
    shipped = json.loads((contents / "00-play.ipynb").read_text())
    assert shipped["cells"][1]["outputs"] == [] and shipped["cells"][1]["execution_count"] is None
    assert shipped["cells"][0] == played["cells"][0] and shipped["cells"][1]["source"] == "mw.MusTable()"
    assert shipped["metadata"] == {"kernelspec": {"name": "python3"}}
    assert sorted(p.name for p in contents.rglob("*")) == ["00-play.ipynb", "README.md"]
    assert json.loads((tutorials / "00-play.ipynb").read_text()) == played, "the student's notebook is theirs"
