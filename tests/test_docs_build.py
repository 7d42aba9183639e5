"""The documentation site's build (``mus-widget docs build``): what it stages from the repository, a warning that
fails it, and the Sphinx extension ``mus_widget.sphinx`` that keeps every page to its own files. The whole site,
built and read in a browser, is tests/browser/test_docs_site.py's."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from mus_widget.docs import build as docs
from mus_widget.docs.extension import WIDGET_STATE, keep_to_own_files, remote
from mus_widget.i18n import LANGUAGES
from mus_widget.i18n.progress import Progress
from mus_widget.i18n.tutorials import LANGUAGES_MARK
from mus_widget.lite.build import STEPS

ROOT = Path(__file__).resolve().parents[1]


def needs_sphinx() -> None:
    if importlib.util.find_spec("myst_nb") is None:
        assert not os.environ.get("CI"), "myst-nb is missing: pip install -e '.[test]'"
        pytest.skip("Sphinx and myst-nb are not installed (pip install -e '.[docs]')")


def test_the_source_is_the_docs_and_the_english_tutorials_laid_out_as_in_the_repository(tmp_path: Path) -> None:
    conf = docs.stage(ROOT, tmp_path)
    assert conf == tmp_path / "docs" and (conf / "conf.py").exists()
    assert sorted(path.name for path in (tmp_path / "docs").glob("*.md")) == sorted(
        path.name for path in (ROOT / "docs").glob("*.md"))
    assert sorted(path.name for path in (tmp_path / "tutorials").iterdir()) == sorted(
        [path.name for path in (ROOT / "tutorials").glob("*.ipynb")] + ["README.md"]), "English only"
    readme = (tmp_path / "tutorials" / "README.md").read_text(encoding="utf-8")
    assert LANGUAGES_MARK not in readme and "es/README.md" not in readme, "no link to a page the site has not"
    assert f'href="../{docs.LITE}/index.html"' in readme
    assert all(f"<code>{code}/</code>" in readme for code in LANGUAGES if code != "en")


def tiny_repository(folder: Path, index: str) -> Path:
    """A repository holding the site's conf.py, a front page reading ``index`` and the tutorials' README."""
    (folder / "docs").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "conf.py", folder / "docs" / "conf.py")
    (folder / "docs" / "index.md").write_text(index, encoding="utf-8")
    (folder / "tutorials").mkdir()
    (folder / "tutorials" / "README.md").write_text(
        "# Tutorials\n\n<!-- languages -->\n[Español](es/README.md)\n<!-- /languages -->\n", encoding="utf-8")
    return folder


def classroom_site(folder: Path) -> Path:
    """A stand-in for a built classroom site: the file that marks one."""
    folder.mkdir()
    (folder / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {}}), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_a_warning_fails_the_build_and_without_it_the_site_is_written(tmp_path: Path) -> None:
    needs_sphinx()
    lite = classroom_site(tmp_path / "lite")
    page = "# Front\n\nSee [the rules](rules.md).\n\n```{toctree}\n../tutorials/README\n```\n"
    broken = tiny_repository(tmp_path / "broken", page)
    with pytest.raises(docs.BuildError, match=r"rules\.md"):
        docs.build(tmp_path / "broken-site", lite=lite, repository=broken)
    fixed = tiny_repository(tmp_path / "fixed", page.replace("See [the rules](rules.md).", "No link."))
    site = docs.build(tmp_path / "site", lite=lite, repository=fixed)
    assert (site.path / docs.FRONT).exists() and (site.path / "tutorials" / "README.html").exists()
    assert f'url={docs.FRONT}"' in (site.path / "index.html").read_text(encoding="utf-8")
    assert (site.path / docs.LITE / "jupyter-lite.json").exists(), "the classroom site beside the pages"
    with pytest.raises(docs.BuildError, match="not a classroom site"):
        docs.build(tmp_path / "site", lite=tmp_path / "broken", repository=fixed)


@dataclass(frozen=True)
class Asset:
    """A page's script or stylesheet as Sphinx keeps it: a file name or URL, and attributes."""

    filename: str
    attributes: dict[str, str] = field(default_factory=dict)


def page_context(*scripts: Asset) -> dict[str, Any]:
    return {"script_files": list(scripts), "css_files": [Asset("_static/alabaster.css"),
                                                          Asset("https://fonts.googleapis.com/css?family=Lato")]}


def test_the_extension_leaves_out_whatever_another_host_serves_and_the_widget_state_nothing_reads() -> None:
    assert remote("https://cdn.jsdelivr.net/npm/x.js") and remote("//cdnjs.cloudflare.com/require.js")
    assert not remote("_static/doctools.js") and not remote("../lite/require.js") and not remote("")
    state = Asset("", {"type": WIDGET_STATE, "body": "{}"})
    own = Asset("_static/doctools.js")
    cdn = [Asset("https://cdnjs.cloudflare.com/ajax/libs/require.js/2.3.4/require.min.js"),
           Asset("https://cdn.jsdelivr.net/npm/@jupyter-widgets/html-manager@1.0.6/dist/embed-amd.js")]
    context = page_context(own, state, *cdn)
    keep_to_own_files(None, "lesson", "page.html", context, None)  # type: ignore[arg-type]
    assert context["script_files"] == [own], "no manager left: the state goes with it"
    assert context["css_files"] == [Asset("_static/alabaster.css")]

    local = Asset("_static/html-manager/embed-amd.js")
    context = page_context(own, state, *cdn, local)
    keep_to_own_files(None, "lesson", "page.html", context, None)  # type: ignore[arg-type]
    assert context["script_files"] == [own, state, local], "a book's own manager still reads the state"


class Terminal(io.StringIO):
    """Standard error as a terminal, where a progress bar is drawn."""

    def isatty(self) -> bool:
        return True


def test_the_build_counts_its_steps_with_the_classroom_sites_and_the_command_takes_quiet(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Sphinx and the classroom site stood in for (the real build is tests/browser/test_docs_site.py's): the bar
    reaches :func:`docs.steps` exactly, the classroom site's own steps counted on the same bar."""
    monkeypatch.setattr(docs, "stage", lambda repository, source: source)
    monkeypatch.setattr(docs, "sphinx", lambda source, conf, output, *args: output.mkdir(parents=True))

    def lite_build(output: Path, cache: Path, repository: Path, progress: Progress) -> None:
        progress.advance(STEPS)

    monkeypatch.setattr(docs, "build_lite", lite_build)
    lite = tmp_path / "lite"
    lite.mkdir()
    (lite / "jupyter-lite.json").write_text("{}")
    for given in (None, lite):
        counted = Progress(docs.steps(given), "building", quiet=True)
        docs.build(tmp_path / "site", lite=given, progress=counted)
        assert counted.done == docs.steps(given) == (3 if given else 2 + STEPS)
    for quiet, drawn in (([], True), (["--quiet"], False)):
        screen = Terminal()
        monkeypatch.setattr(sys, "stderr", screen)
        assert docs.main(["build", "--output", str(tmp_path / "site"), "--lite", str(lite), *quiet]) == 0
        assert ("building the documentation: 3 of 3 |" in screen.getvalue()) is drawn, quiet
