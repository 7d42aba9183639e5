"""The classroom site's build, without the network: lock entries written from the wheels shipped, Babel cut to
the table's languages, the kernel's settings, the front page, and pins that agree with the install.

The build itself and the site in a browser are tested in tests/browser/test_lite_site.py.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import re
import sys
import zipfile
from pathlib import Path

import pytest

from mus_widget.i18n import LANGUAGES
from mus_widget.lite import pins
from mus_widget.lite.build import KERNEL_PLUGIN, OPEN_PLAY, ROOT_IMPORT, BuildError, lite_config, open_on_play
from mus_widget.lite.bytecode import COMPILE, cached_name
from mus_widget.lite.lock import LockError, lock_entry, rewrite_lock, trim_babel

ROOT = Path(__file__).resolve().parents[1]
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
    dependencies = {re.split(r"[<>=~!; ]", line)[0] for line in
                    tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]}
    assert dependencies <= names, "every dependency of the package is shipped in the site"


def test_the_pinned_pyodide_is_the_one_the_pinned_kernel_was_made_for() -> None:
    constants = pytest.importorskip("jupyterlite_pyodide_kernel.constants")
    assert constants.PYODIDE_VERSION == pins.PYODIDE
    assert constants.PYODIDE_PYTHON_VERSION == pins.PYODIDE_PYTHON
