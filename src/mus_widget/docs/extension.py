"""A Sphinx extension for books of notebooks with Mus widgets: ``extensions = ["myst_nb", "mus_widget.sphinx"]``.

myst-nb with default settings already shows every widget's picture (the output each widget displays before its
view, see docs/export.md). What it adds to a page that holds a saved widget state is the network: require.js and
the widgets' HTML manager from two CDNs, which offline draw nothing and online draw frozen views that hide the
pictures. This extension keeps pages to their own files:

- every script and stylesheet from another host is dropped from each page (``nb_ipywidgets_js``'s CDN scripts,
  and a theme's or an extension's as well), and with no widget manager left the page's saved widget state goes
  too, which nothing would read (it is most of a page's weight: each widget's whole front end);
- with ``mus_try_it`` set, every notebook page gets a "Try it in your browser" link under its title to the same
  notebook in a JupyterLite site: ``mus_try_it = "lite/lab/index.html?path={name}"``, the site's address
  relative to the book's root (or a full URL) with ``{name}`` standing for the notebook's file name.
"""

from __future__ import annotations

import urllib.parse
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

TRY_IT: Final = "Try it in your browser"
"""The link's text on every notebook page."""
TRY_IT_CLASS: Final = "mus-try-it"
WIDGET_STATE: Final = "application/vnd.jupyter.widget-state+json"
MANAGERS: Final = ("embed-amd.js", "html-manager")
"""What a widget manager's script is called (the HTML manager's bundle), among a page's scripts."""

logger = logging.getLogger(__name__)


def remote(url: str) -> bool:
    """Whether ``url`` is on another host: ``https://…``, ``http://…`` or ``//…`` (not ``_static/…``)."""
    return url.startswith("//") or urllib.parse.urlsplit(url).scheme in {"http", "https"}


def _address(asset: object) -> str:
    """A page's script or stylesheet as Sphinx keeps it: its file name or URL ("" for a script with a body)."""
    return str(getattr(asset, "filename", asset) or "")


def _attributes(asset: object) -> dict[str, str]:
    attributes: dict[str, str] = getattr(asset, "attributes", {})
    return attributes


def keep_to_own_files(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                      doctree: nodes.document | None) -> None:
    """``html-page-context``, after every other handler has added its files: drop what another host would serve,
    and the widget state no manager is left to read."""
    for key in ("script_files", "css_files"):
        assets = context.get(key)
        if not isinstance(assets, list):
            continue
        kept = [asset for asset in assets if not remote(_address(asset))]
        if key == "script_files" and not any(name in _address(asset) for asset in kept for name in MANAGERS):
            kept = [asset for asset in kept if _attributes(asset).get("type") != WIDGET_STATE]
        for asset in assets:
            if asset not in kept:
                logger.verbose("%s: %s left out (mus_widget.sphinx: a page loads only its own files)", pagename,
                               _address(asset) or WIDGET_STATE)
        assets[:] = kept


def try_it_link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: under a notebook page's title, a link to the same notebook in the JupyterLite site
    that ``mus_try_it`` names (nothing when it is empty)."""
    pattern: str = app.config.mus_try_it
    source = Path(app.env.doc2path(docname))
    if not pattern or source.suffix != ".ipynb":
        return
    address = pattern.format(name=urllib.parse.quote(source.name))
    if not remote(address):
        address = relative_uri(app.builder.get_target_uri(docname), address)
    link = nodes.paragraph("", "", nodes.reference("", TRY_IT, refuri=address), classes=[TRY_IT_CLASS])
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None and section.children and isinstance(section[0], nodes.title):
        section.insert(1, link)
    else:
        doctree.insert(0, link)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension (see the module)."""
    app.add_config_value("mus_try_it", "", "html", types=frozenset({str}))
    app.connect("html-page-context", keep_to_own_files, priority=900)
    app.connect("doctree-resolved", try_it_link)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["TRY_IT", "TRY_IT_CLASS", "keep_to_own_files", "remote", "setup", "try_it_link"]
