"""``mus-widget export lesson.ipynb``: a lesson as one HTML page that needs no network.

nbconvert's own HTML asks public CDNs for require.js, the widgets' HTML manager, anywidget's front end,
MathJax and Mermaid, so in a classroom without internet every table and quiz is blank. This command wraps
nbconvert with a template that asks for none of them:

- by default the page holds no widget script at all: every table and quiz shows as its static picture (the
  output each widget displays before its view), marked as a snapshot;
- with ``--scripts`` require.js and the widgets' HTML manager (shipped in this package, see :data:`SHIPPED`;
  ``--scripts DIR`` takes them from a ``node_modules`` holding npm ``requirejs`` and
  ``@jupyter-widgets/html-manager``, or a folder laid out like :data:`SHIPPED`) and anywidget's own front end
  (from the installed anywidget) are copied next to the page, into ``<page>_files/``, and the widgets render
  from the saved state as their frozen views, each saying that it is a snapshot with no kernel. Every script
  loads from that folder: the manager's CDN, where it would look for a module that require.js cannot find, is
  pointed at the folder too, and require.js waits for a slow file rather than give up on it (:data:`TEMPLATE`).

``--execute`` runs the notebook first (outputs are needed; tutorials are committed without them).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

SHIPPED: Final = Path(__file__).parent / "static" / "frozen"
"""The widget scripts the package ships for frozen pages: npm requirejs's require.js and
@jupyter-widgets/html-manager's embed-amd.js with its fonts, their licences in LICENSES.txt."""
REQUIRE_JS: Final = ("requirejs", "require.js")
HTML_MANAGER: Final = ("@jupyter-widgets", "html-manager", "dist")
TEMPLATE: Final = """\
{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}
{%- if resources.mus_scripts -%}
<script src="{{ resources.mus_scripts }}/require.js" data-jupyter-widgets-cdn="{{ resources.mus_scripts }}/"></script>
<script>require.config({waitSeconds: 0, paths: {anywidget: "{{ resources.mus_scripts }}/anywidget"}});</script>
{%- endif -%}
{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""
"""The lab template without a CDN: require.js from next to the page (or none), the HTML manager's CDN fallback
(``data-jupyter-widgets-cdn``, read from any script tag) pointed at that folder too, no MathJax, no Mermaid.

``waitSeconds: 0``: by default require.js gives up on a module whose file has not run 7 s after it was asked
for, and the HTML manager then asks its CDN for ``anywidget@~0.11.*/dist/index.js``, which is nowhere (in the
folder) or blocked (on a CDN): every widget blank, "Script error for anywidget". On a busy machine the local
``anywidget.js`` can take that long, so require.js waits for it, however long it takes."""


class ExportError(Exception):
    """The export cannot be made: a missing notebook or widget script, said with what to do."""


@dataclass(frozen=True, slots=True)
class Export:
    """What an export wrote: the page and, with widget scripts, the folder of scripts beside it."""

    page: Path
    scripts: Path | None


def find_scripts(folder: Path = SHIPPED) -> tuple[Path, Path, Path]:
    """require.js, the folder holding the HTML manager's ``embed-amd.js`` and anywidget's AMD front end, found in
    ``folder`` (:data:`SHIPPED`, a folder laid out like it, or a ``node_modules``) and the installed anywidget;
    :class:`ExportError` says which is missing."""
    import anywidget

    flat = (folder / "require.js").exists()
    require = folder / "require.js" if flat else folder.joinpath(*REQUIRE_JS)
    manager = folder if flat else folder.joinpath(*HTML_MANAGER)
    front = Path(anywidget.__file__).parent / "nbextension" / "index.js"
    for path, how in ((require, "npm install requirejs"), (manager / "embed-amd.js",
                                                           "npm install @jupyter-widgets/html-manager"),
                      (front, "pip install anywidget")):
        if not path.exists():
            raise ExportError(f"{path} is missing: {how}")
    return require, manager, front


def export(notebook: Path, output: Path | None = None, *, execute: bool = False, scripts: Path | None = None,
           timeout: int = 600) -> Export:
    """Write ``notebook`` as one offline HTML page (``output``, else beside it with ``.html``); see the module."""
    import nbformat
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import ExecutePreprocessor

    if not notebook.exists():
        raise ExportError(f"{notebook} does not exist")
    page = output or notebook.with_suffix(".html")
    found = None if scripts is None else find_scripts(scripts)
    nb = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]
    if execute:
        ExecutePreprocessor(timeout=timeout, store_widget_state=True).preprocess(  # type: ignore[no-untyped-call]
            nb, {"metadata": {"path": str(notebook.parent)}})
    if found is None:
        nb.metadata.pop("widgets", None)  # without widget state nbconvert shows no view: the pictures alone
    folder = page.with_name(page.stem + "_files")
    with tempfile.TemporaryDirectory(prefix="mus-export-") as templates:
        (Path(templates) / "mus_offline").mkdir()
        (Path(templates) / "mus_offline" / "index.html.j2").write_text(TEMPLATE, encoding="utf-8")
        (Path(templates) / "mus_offline" / "conf.json").write_text('{"base_template": "lab"}', encoding="utf-8")
        exporter = HTMLExporter(  # type: ignore[no-untyped-call]
            template_name="mus_offline", extra_template_basedirs=[templates])
        resources: dict[str, Any] = {"mus_scripts": folder.name if found else ""}
        if found is not None:
            exporter.widget_renderer_url = f"{folder.name}/embed-amd.js"
        body, _ = exporter.from_notebook_node(nb, resources=resources)
    page.write_text(body, encoding="utf-8")
    if found is None:
        return Export(page, None)
    require, manager, front = found
    folder.mkdir(exist_ok=True)
    shutil.copy(require, folder / "require.js")
    shutil.copy(front, folder / "anywidget.js")
    for item in manager.iterdir():
        if item.is_file() and not item.name.endswith(".map"):
            shutil.copy(item, folder / item.name)
    return Export(page, folder)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mus-widget export", description=(
        "A lesson as one HTML page that needs no network: mus-widget export lesson.ipynb. Every table and quiz shows "
        "as its picture, or with --scripts as its view drawn from the saved state (with no Python behind it, "
        "so it does not play); nothing is fetched from the internet."))
    parser.add_argument("notebook", type=Path, help="the lesson's notebook (.ipynb)")
    parser.add_argument("-o", "--output", type=Path, metavar="PAGE",
                        help="the page to write (default: the notebook's name, .html)")
    parser.add_argument("--execute", action="store_true",
                        help="run the notebook first (a notebook saved without its outputs shows nothing)")
    parser.add_argument("--scripts", type=Path, nargs="?", const=SHIPPED, metavar="DIR",
                        help="draw the widgets as their views instead of pictures, with the scripts this package"
                        " ships (or those in DIR: a node_modules folder with the npm packages requirejs and"
                        " @jupyter-widgets/html-manager)")
    args = parser.parse_args(argv)
    try:
        done = export(args.notebook, args.output, execute=args.execute, scripts=args.scripts)
    except ExportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"wrote {done.page}" + (f" and {done.scripts}/" if done.scripts else ""))
    return 0


__all__ = ["SHIPPED", "Export", "ExportError", "export", "find_scripts", "main"]
