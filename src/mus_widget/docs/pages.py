"""What the documentation site's pages need beyond myst-nb, as a Sphinx extension of their own:

- ``{mus-widget-help} COMMAND``, what ``mus-widget COMMAND --help`` prints (the bare ``{mus-widget-help}``, the
  list of commands), run when the site is built, so the page of commands never drifts from the commands;
- the ``examples`` code blocks of docs/rules.md (which tests/test_rules_doc.py reads) shown as plain text.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any, Final

from docutils import nodes
from pygments.lexers.special import TextLexer
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

COLUMNS: Final = "72"
"""The width argparse wraps the help to (it reads ``COLUMNS``)."""


def command_help(*command: str) -> str:
    """What ``mus-widget COMMAND... --help`` prints (as ``python -m mus_widget``, with this interpreter)."""
    result = subprocess.run([sys.executable, "-m", "mus_widget", *command, "--help"], capture_output=True,
                            text=True, timeout=120, check=False, env={**os.environ, "COLUMNS": COLUMNS})
    if result.returncode != 0:
        raise RuntimeError(f"mus-widget {' '.join(command)} --help failed: {result.stderr[-2000:]}")
    return result.stdout.rstrip()


class CommandHelp(SphinxDirective):
    """``{mus-widget-help} COMMAND``: the command's help as a literal block."""

    optional_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        try:
            text = command_help(*" ".join(self.arguments).split())
        except RuntimeError as error:
            raise self.error(str(error)) from error
        return [nodes.literal_block(text, text, language="text")]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and the ``examples`` blocks' lexer."""
    app.add_directive("mus-widget-help", CommandHelp)
    app.add_lexer("examples", TextLexer)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["CommandHelp", "command_help", "setup"]
