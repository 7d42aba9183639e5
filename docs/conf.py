"""Sphinx settings of the documentation site, which ``mus-widget docs build --output DIR`` builds: it stages this
folder and the tutorials beside it, runs Sphinx with warnings as errors and puts the classroom site in ``lite/``
(``mus_widget.docs.build``)."""

import os

project = "mus-widget"
author = "the mus-widget authors"
copyright = "the mus-widget authors, MIT licence"
root_doc = "docs/index"

extensions = ["myst_nb", "sphinx.ext.autodoc", "mus_widget.sphinx", "mus_widget.docs.pages"]

# The tutorials are committed without outputs: myst-nb runs each one, and a cell that fails stops the build.
nb_execution_mode = "force"
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
# Tutorial 14 trains an agent for minutes; the site shows a short run (its prose gives the full run's figures).
os.environ.setdefault("MUS_TUTORIAL_QUICK", "1")

# Every tutorial page links to the same notebook in the classroom site beside the pages.
mus_try_it = "lite/lab/index.html?path={name}"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": False}

html_theme = "alabaster"
html_title = "mus-widget"
html_theme_options = {
    "description": "A Jupyter teaching table for the card game Mus",
    "show_powered_by": False,
}
html_copy_source = False
html_show_sourcelink = False
