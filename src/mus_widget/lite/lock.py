"""The kernel's ``pyodide-lock.json`` for the wheels a site ships, and a Babel wheel cut down to its languages.

Pyodide installs a package named in its lock file from the file beside the lock, after checking its sha256, and
follows the entry's ``depends``. The wheels from PyPI differ byte for byte from Pyodide's own builds, so every
entry is written from the wheel actually shipped: its name, version, sha256, top-level imports and the
requirements that hold in the browser (``sys_platform == "emscripten"``). Entries for anything not shipped are
left out, so a missing dependency fails the build instead of reaching for the network when the site runs.
"""

from __future__ import annotations

import hashlib
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from email.parser import Parser
from pathlib import Path
from typing import Any, Final

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

from .pins import FRONT_END_ONLY, PYODIDE_PYTHON

BROWSER: Final = {
    "implementation_name": "cpython",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": f"{PYODIDE_PYTHON}.0",
    "python_version": PYODIDE_PYTHON,
    "sys_platform": "emscripten",
    "extra": "",
}
"""The marker environment of Python inside Pyodide, for deciding which requirements apply there."""


class LockError(ValueError):
    """The shipped wheels do not make a closed set: a requirement that holds in the browser is not shipped."""


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def metadata_of(wheel: zipfile.ZipFile) -> Any:
    """The wheel's METADATA, parsed as the email-style headers it is."""
    name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
    return Parser().parsestr(wheel.read(name).decode())


def top_level_imports(wheel: zipfile.ZipFile) -> list[str]:
    """The importable top-level names a wheel installs: its packages and single-file modules."""
    names: set[str] = set()
    for member in wheel.namelist():
        first, _, rest = member.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if (rest and rest.endswith(".py")) or (not rest and first.endswith(".py")):
            names.add(first.removesuffix(".py"))
    return sorted(names)


def browser_requirements(metadata: Any) -> list[str]:
    """The canonical names of the requirements that apply inside Pyodide, extras left out."""
    names: list[str] = []
    for line in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or Marker(str(requirement.marker)).evaluate(dict(BROWSER)):
            names.append(canonicalize_name(requirement.name))
    return names


def lock_entry(path: Path, shipped: Iterable[str]) -> dict[str, Any]:
    """The lock-file entry of one shipped wheel; its ``depends`` name only shipped packages."""
    version = parse_wheel_filename(path.name)[1]
    names = set(shipped)
    with zipfile.ZipFile(path) as wheel:
        metadata = metadata_of(wheel)
        imports = top_level_imports(wheel)
    depends = []
    for requirement in browser_requirements(metadata):
        if requirement in names:
            depends.append(requirement)
        elif requirement not in FRONT_END_ONLY:
            raise LockError(f"{path.name} requires {requirement!r} in the browser, and no wheel of it is shipped")
    return {
        "name": str(metadata["Name"]),
        "version": str(version),
        "file_name": path.name,
        "install_dir": "site",
        "sha256": sha256_of(path),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(depends)),
        "unvendored_tests": False,
    }


def rewrite_lock(lock: Mapping[str, Any], wheels: Sequence[Path]) -> dict[str, Any]:
    """Pyodide's lock with its ``info`` kept and its packages replaced by exactly the shipped wheels."""
    names = {canonicalize_name(parse_wheel_filename(path.name)[0]): path for path in wheels}
    if len(names) != len(wheels):
        raise LockError(f"two wheels of one package among {sorted(path.name for path in wheels)}")
    packages = {name: lock_entry(path, names) for name, path in sorted(names.items())}
    return {"info": dict(lock["info"]), "packages": packages}


def trim_babel(source: Path, target: Path, languages: Iterable[str]) -> Path:
    """A copy of the Babel wheel holding the locale data of ``languages`` (and ``root``, their parent) only.

    Babel's wheel is 11 MB, nearly all of it the data of some 900 locales; the table speaks six. Its RECORD
    lists what is kept, so the wheel stays valid for any installer."""
    keep = {f"babel/locale-data/{code}.dat" for code in (*languages, "root")}

    def kept(name: str) -> bool:
        return not name.startswith("babel/locale-data/") or name in keep

    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        missing = keep - set(wheel.namelist())
        if missing:
            raise LockError(f"{source.name} has no locale data {sorted(missing)}")
        for info in wheel.infolist():
            if not kept(info.filename):
                continue
            data = wheel.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = "".join(f"{line}\n" for line in lines if kept(line.split(",", 1)[0])).encode()
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return target
