"""The kernel's ``pyodide-lock.json`` for the wheels a site ships, and wheels cut down to what the site uses: Babel to
its languages, jedi to the stubs of importable packages, IPython's terminal imported only when used.

Pyodide installs a package named in its lock file from the file beside the lock, after checking its sha256, and
follows the entry's ``depends``. The wheels from PyPI differ byte for byte from Pyodide's own builds, so every
entry is written from the wheel actually shipped: its name, version, sha256, top-level imports and the
requirements that hold in the browser (``sys_platform == "emscripten"``). Entries for anything not shipped are
left out, so a missing dependency fails the build instead of reaching for the network when the site runs.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
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


def lock_entry(path: Path, shipped: Iterable[str], provided: Iterable[str] = ()) -> dict[str, Any]:
    """The lock-file entry of one shipped wheel; its ``depends`` name only shipped packages (the ``provided`` ones,
    importable from the standard library's zip, need no installing)."""
    version = parse_wheel_filename(path.name)[1]
    names = set(shipped)
    present = names | set(provided) | FRONT_END_ONLY
    with zipfile.ZipFile(path) as wheel:
        metadata = metadata_of(wheel)
        imports = top_level_imports(wheel)
    depends = []
    for requirement in browser_requirements(metadata):
        if requirement in names:
            depends.append(requirement)
        elif requirement not in present:
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


def wheel_name(path: Path) -> str:
    """The canonical name of the package a wheel holds (``prompt-toolkit``)."""
    return str(canonicalize_name(parse_wheel_filename(path.name)[0]))


def rewrite_lock(lock: Mapping[str, Any], wheels: Sequence[Path], provided: Iterable[str] = ()) -> dict[str, Any]:
    """Pyodide's lock with its ``info`` kept and its packages replaced by exactly the shipped wheels; the
    ``provided`` packages (in the standard library's zip) satisfy requirements without an entry of their own."""
    names = {wheel_name(path): path for path in wheels}
    if len(names) != len(wheels):
        raise LockError(f"two wheels of one package among {sorted(path.name for path in wheels)}")
    given = set(provided)
    packages = {name: lock_entry(path, names, given) for name, path in sorted(names.items())}
    return {"info": dict(lock["info"]), "packages": packages}


def trim_wheel(source: Path, target: Path, kept: Callable[[str], bool]) -> Path:
    """A copy of a wheel holding the files ``kept`` keeps (the dist-info always), its RECORD listing just them."""

    def keep(name: str) -> bool:
        return name.split("/", 1)[0].endswith(".dist-info") or kept(name)

    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in wheel.infolist():
            if not keep(info.filename):
                continue
            data = wheel.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = "".join(f"{line}\n" for line in lines if keep(line.split(",", 1)[0])).encode()
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return target


def trim_babel(source: Path, target: Path, languages: Iterable[str]) -> Path:
    """A copy of the Babel wheel holding the locale data of ``languages`` (and ``root``, their parent) only.

    Babel's wheel is 11 MB, nearly all of it the data of some 900 locales; the table speaks six. Its RECORD
    lists what is kept, so the wheel stays valid for any installer."""
    keep = {f"babel/locale-data/{code}.dat" for code in (*languages, "root")}
    with zipfile.ZipFile(source) as wheel:
        missing = keep - set(wheel.namelist())
    if missing:
        raise LockError(f"{source.name} has no locale data {sorted(missing)}")
    return trim_wheel(source, target, lambda name: not name.startswith("babel/locale-data/") or name in keep)


def patch_wheel(source: Path, target: Path, member: str, old: str, new: str) -> Path:
    """A copy of a wheel with ``old`` replaced by ``new`` in its file ``member`` (exactly once: a wheel whose file
    reads otherwise fails), the file's hash and size in RECORD rewritten."""
    with zipfile.ZipFile(source) as wheel:
        text = wheel.read(member).decode()
        if text.count(old) != 1:
            raise LockError(f"{source.name}'s {member} does not hold {old!r} once: the patch does not fit this release")
        patched = text.replace(old, new).encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(patched).digest()).rstrip(b"=").decode()
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            for info in wheel.infolist():
                data = patched if info.filename == member else wheel.read(info)
                if info.filename.endswith(".dist-info/RECORD"):
                    data = "".join(f"{member},sha256={digest},{len(patched)}\n" if line.split(",", 1)[0] == member
                                   else f"{line}\n" for line in data.decode().splitlines()).encode()
                out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return target


IPYTHON_TERMINAL: Final = "from .core.application import Application\nfrom .terminal.embed import embed\n"
IPYTHON_LAZY_TERMINAL: Final = '''from .core.application import Application


def __getattr__(name):
    """``IPython.embed``, imported on first use (the classroom site's patch: its kernel never opens a terminal,
    and importing one, prompt_toolkit with it, was most of the time ``import IPython`` took)."""
    if name == "embed":
        from .terminal.embed import embed

        return embed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

'''
IPYTHON_EMBED: Final = ("IPython/__init__.py", IPYTHON_TERMINAL, IPYTHON_LAZY_TERMINAL)
"""The line of IPython's ``__init__`` that imports its terminal (``IPython.embed``, prompt_toolkit and the
terminal's debugger: two thirds of ``import IPython``) and the module ``__getattr__`` that imports it on first use
instead (PEP 562: ``IPython.embed`` and ``from IPython import embed`` still give the same function)."""


def lazy_terminal(source: Path, target: Path) -> Path:
    """A copy of the IPython wheel whose ``import IPython`` leaves its terminal out until ``IPython.embed`` is used
    (:data:`IPYTHON_EMBED`): the Pyodide kernel imports IPython as it starts, and never uses a terminal."""
    return patch_wheel(source, target, *IPYTHON_EMBED)


JEDI_STUBS: Final = ("jedi/third_party/typeshed/third_party/", "jedi/third_party/django-stubs/")
"""Where jedi keeps the type stubs of packages outside the standard library: typeshed's, by Python version
(``2and3/six/``, ``3/jwt/``), and Django's."""


def stub_package(name: str) -> str | None:
    """The top-level module a file among :data:`JEDI_STUBS` is a stub of (``six``, ``django``), else None."""
    if name.startswith(JEDI_STUBS[1]):
        return "django"
    if not name.startswith(JEDI_STUBS[0]):
        return None
    parts = name[len(JEDI_STUBS[0]):].split("/")
    return parts[1].removesuffix(".pyi") if len(parts) > 1 and parts[1] else None


def trim_jedi(source: Path, target: Path, importable: Collection[str]) -> Path:
    """A copy of the jedi wheel without the stubs of packages that cannot be imported in the site.

    jedi ships the type stubs of some 80 packages and of Django, 1,100 of its 1,960 files; Pyodide unpacks every
    file of every wheel at each start of the kernel, and jedi reads a stub only to complete a module of that
    name. The stubs of what ``importable`` names (the standard library's and the shipped wheels' top-level
    modules) stay, and with them the folder jedi lists."""
    with zipfile.ZipFile(source) as wheel:
        stubs = [stub_package(name) for name in wheel.namelist()]
    if not any(package in importable for package in stubs if package is not None):
        raise LockError(f"{source.name} would keep no stub: jedi lists typeshed's third_party folder")
    return trim_wheel(source, target, lambda name: (package := stub_package(name)) is None or package in importable)


def importable_names(stdlib: Path, wheels: Iterable[Path]) -> set[str]:
    """The top-level modules the site can import: the standard library's (its zip) and the wheels'."""
    with zipfile.ZipFile(stdlib) as archive:
        names = {name.split("/", 1)[0].removesuffix(".py") for name in archive.namelist()}
    for path in wheels:
        with zipfile.ZipFile(path) as wheel:
            names.update(top_level_imports(wheel))
    return names
