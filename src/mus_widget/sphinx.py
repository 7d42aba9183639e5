"""``extensions = ["myst_nb", "mus_widget.sphinx"]``: a book of notebooks with Mus widgets that asks nothing of
the network, and optionally links every notebook page to a JupyterLite site (:mod:`mus_widget.docs.extension`)."""

from .docs.extension import setup

__all__ = ["setup"]
