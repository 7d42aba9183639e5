"""Build the documentation site: ``mus-widget docs build --output DIR``.

Sphinx with myst-nb renders a source folder staged from the repository: ``docs/`` (its Markdown pages, the API
reference from the docstrings, ``conf.py``) and the English tutorials (``tutorials/*.ipynb`` and their README),
which myst-nb runs, so every table, quiz and count shows as its picture. Beside the pages, in ``lite/``, is the
classroom site (:mod:`mus_widget.lite`), and every tutorial page links to the same notebook there ("Try it in
your browser"). Nothing comes from the network: the theme is Sphinx's own alabaster, and ``mus_widget.sphinx``
drops the widget scripts myst-nb would take from CDNs. Sphinx runs with ``-W``: a warning (a broken link, a
docstring it cannot read, a cell that fails) fails the build.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..i18n import LANGUAGES, language_name
from ..i18n.progress import Progress, add_quiet, silent
from ..i18n.tutorials import LANGUAGES_BLOCK, docs_links
from ..lite.build import DEFAULT_CACHE, STEPS
from ..lite.build import BuildError as LiteBuildError
from ..lite.build import build as build_lite

REPOSITORY: Final = Path(__file__).resolve().parents[3]
"""The checkout this module lives in (``src/mus_widget/docs`` inside it): its docs, tutorials and package."""
LITE: Final = "lite"
"""The classroom site's folder inside the documentation site (``mus_try_it`` in docs/conf.py points there)."""
FRONT: Final = "docs/index.html"
"""The front page Sphinx writes (``root_doc`` in docs/conf.py); the site's own index.html leads to it."""
REDIRECT: Final = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>mus-widget</title>
<meta http-equiv="refresh" content="0; url={FRONT}"></head>
<body><p><a href="{FRONT}">mus-widget documentation</a></p></body></html>
"""
SPHINX_TIMEOUT: Final = 1800


class BuildError(RuntimeError):
    """A step of the build failed; the message names the step and carries its output (Sphinx's warnings)."""


@dataclass(frozen=True)
class Site:
    """A built documentation site: where it is, how many pages Sphinx wrote, and how long the build took."""

    path: Path
    pages: int
    seconds: float


def live_languages() -> str:
    """What stands in the tutorials' README for its links to the translated READMEs, which are not pages of the
    site: the same languages, in the classroom site's file browser."""
    names = " · ".join(f"{language_name(code)} (<code>{code}/</code>)" for code in LANGUAGES if code != "en")
    return f'{names}: in the file browser of the <a href="../{LITE}/index.html">classroom site</a>'


def docs_notebook(path: Path) -> str:
    """The tutorial at ``path`` as the site renders it: its links to the copies of the reference pages in
    ``tutorials/reference/`` (there for JupyterLab and the classroom site) lead to the site's own pages."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            cell["source"] = docs_links(text)
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def stage(repository: Path, source: Path) -> Path:
    """Copy what the site renders into ``source``: ``docs/`` and ``tutorials/`` as in the repository (so the
    links between them hold), the tutorials in English only; return the folder of ``conf.py``."""
    docs = repository / "docs"
    tutorials = repository / "tutorials"
    if not (docs / "conf.py").exists() or not (tutorials / "README.md").exists():
        raise BuildError(f"{docs / 'conf.py'} or {tutorials / 'README.md'} is missing: build from the repository")
    shutil.copytree(docs, source / "docs")
    (source / "tutorials").mkdir()
    for notebook in sorted(tutorials.glob("*.ipynb")):
        (source / "tutorials" / notebook.name).write_text(docs_notebook(notebook), encoding="utf-8")
    readme = docs_links((tutorials / "README.md").read_text(encoding="utf-8"))
    (source / "tutorials" / "README.md").write_text(LANGUAGES_BLOCK.sub(live_languages(), readme), encoding="utf-8")
    return source / "docs"


def sphinx(source: Path, conf: Path, output: Path, doctrees: Path, repository: Path) -> None:
    """Sphinx's HTML build of ``source`` into ``output``, warnings as errors; the package and the notebooks'
    kernels import ``repository``'s code."""
    paths = [str(repository / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    command = [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", "-c", str(conf), "-d", str(doctrees),
               str(source), str(output)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=SPHINX_TIMEOUT, check=False)
    if result.returncode != 0:
        raise BuildError(f"sphinx failed ({' '.join(command)}):\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}")


def steps(lite: Path | None) -> int:
    """How many steps :func:`build` counts: the pages, Sphinx, and the classroom site's copy or its own steps."""
    return 3 if lite is not None else 2 + STEPS


def build(output: Path, *, lite: Path | None = None, cache: Path = DEFAULT_CACHE,
          repository: Path = REPOSITORY, progress: Progress | None = None) -> Site:
    """Build the site into ``output`` (replaced if it exists) from ``repository``. The classroom site is built
    into ``output/lite`` (its downloads kept in ``cache``), or copied from ``lite``, a site already built;
    ``progress`` counts the :func:`steps`."""
    started = time.monotonic()
    bar = silent() if progress is None else progress
    output = output.resolve()
    if lite is not None and not (lite / "jupyter-lite.json").exists():
        raise BuildError(f"{lite} is not a classroom site (no jupyter-lite.json): mus-widget lite build --output DIR")
    if output.exists():
        shutil.rmtree(output)
    with tempfile.TemporaryDirectory(prefix="mus-docs-") as scratch:
        work = Path(scratch)
        bar.step("the pages")
        conf = stage(repository, work / "source")
        bar.advance(step="Sphinx, running the tutorials")
        sphinx(work / "source", conf, output, work / "doctrees", repository)
        bar.advance(step="the classroom site")
    pages = sum(1 for _ in output.rglob("*.html"))
    (output / "index.html").write_text(REDIRECT, encoding="utf-8")
    if lite is not None:
        shutil.copytree(lite, output / LITE)
        bar.advance(step="done")
    else:
        try:
            build_lite(output / LITE, cache, repository, bar)
        except LiteBuildError as error:
            raise BuildError(f"the classroom site: {error}") from error
    return Site(output, pages, round(time.monotonic() - started, 1))


DOCS_HELP: Final = ("Build the documentation site: mus-widget docs build --output DIR. Sphinx renders the pages "
                    "of docs/ and the tutorials, running each tutorial; beside them goes the classroom site "
                    "(mus-widget lite), built now unless --lite gives one already built. Any warning fails the "
                    "build.")
"""What ``mus-widget docs --help`` says first."""


def main(argv: Sequence[str] | None = None) -> int:
    """``mus-widget docs build --output DIR [--lite SITE]``: build the documentation site."""
    parser = argparse.ArgumentParser(prog="mus-widget docs", description=DOCS_HELP)
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="build the documentation site into a folder",
                                       description=DOCS_HELP)
    build_parser.add_argument("--output", type=Path, required=True, metavar="DIR",
                              help="the site's folder (replaced if it exists)")
    build_parser.add_argument("--lite", type=Path, metavar="SITE",
                              help="a classroom site already built (mus-widget lite build) to put beside the pages;"
                              " by default it is built too")
    build_parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, metavar="DIR",
                              help=f"the classroom site's downloads, kept between builds (default {DEFAULT_CACHE})")
    build_parser.add_argument("--repository", type=Path, default=REPOSITORY, metavar="DIR",
                              help="the checkout whose docs, tutorials and package go in (default: this one)")
    add_quiet(build_parser)
    args = parser.parse_args(argv)
    try:
        with Progress(steps(args.lite), "building the documentation", quiet=args.quiet) as bar:
            site = build(args.output, lite=args.lite, cache=args.cache, repository=args.repository, progress=bar)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"built {site.path} ({site.pages} pages) in {site.seconds} s; read it: "
          f"python -m http.server -d {site.path} 8000, then open http://127.0.0.1:8000/")
    print(json.dumps({"site": str(site.path), "pages": site.pages, "build_s": site.seconds}))
    return 0


__all__ = ["FRONT", "LITE", "REPOSITORY", "BuildError", "Site", "build", "docs_notebook", "live_languages", "main",
           "stage", "steps"]
