"""``mus-widget tutorials sync|build|check [code ...]``: the tutorials in every language, from the
English notebooks and one gettext catalogue per language.

The English notebooks in ``tutorials/`` are the one source. Each text in them has a stable context (the notebook
and the cell id, ``03-grande.ipynb#t03-01``; a text inside a code cell adds its place, ``01-cards-and-the-deal.ipynb
#t01-08.2``; the README its block, ``README.md#4``) and the English as its msgid, in ``tutorials/locales/<code>.po``.

``sync`` brings each catalogue in line: new texts are added empty, gone ones dropped, and a text whose English
changed keeps its translation marked fuzzy, the English it was made from kept as the previous msgid. ``build``
writes ``tutorials/<code>/``: markdown cells translated, a link to a reference page (the copies of ``docs/`` pages in
``tutorials/reference/``, which ``build`` writes too) or out of ``tutorials/`` one folder further up; code
cells copied with their comments, scenario ``title:``/``note:`` lines and printed words translated, and every call
that takes a language given that language; outputs empty. An untranslated or fuzzy text stays English (the tests
fail on it). ``check`` lists the files that differ from what ``build`` would write.
"""

from __future__ import annotations

import argparse
import ast
import io
import itertools
import json
import posixpath
import re
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog
from babel.messages.pofile import denormalize, normalize, read_po, unescape, write_po

from .catalogues import LANGUAGES, language_name

TUTORIALS: Final = Path(__file__).resolve().parents[3] / "tutorials"
"""The English tutorials of the source tree (the tool and the tests work on a checkout, not on an install)."""

TRANSLATED: Final = tuple(code for code in LANGUAGES if code != "en")

LANGUAGE_CALLS: Final = {
    "MusTable": None, "MusTable.from_scenario": None, "MusTable.from_record": None, "MusTable.from_decision": None,
    "Quiz": None, "show_card": 1, "show_hand": 1, "show_deal": 3, "show_count": 3, "message": 1,
    "show": 0, "picture": 0, "text": 0, "explanation": 0, "labels": 0, "note_at": 1, "title_in": 0, "explain": 2,
    "mw.review": None, "why": 0,
}
"""The calls in the notebooks that take a language, by name (a dotted name must be reached through what it
names: ``mw.review`` reviews a record in a language, ``table.review()`` speaks its table's), with the place of
``language`` among their positional parameters (None: keyword only). The generator gives each call without one
``language="<code>"`` and turns an explicit ``"en"`` into the code; an explicit other language is the notebook's
own choice and stays. tests/test_tutorials_i18n.py checks this table against the real signatures."""

SAME_FLAG: Final = "same"
"""The flag on a translation that is rightly the same as the English (a cell of code or formulae only)."""

FORMAT_FLAGS: Final = frozenset({"python-format", "python-brace-format"})
"""The flags Babel sets by itself on texts that look like format strings: not a translator's."""

PRINTERS: Final = frozenset({"print", "Markdown"})
"""The calls whose string arguments are words for the student, translated inside code cells."""

SCENARIO_LINE: Final = re.compile(r"^(?:title|note): (?P<text>.+)$", re.MULTILINE)
LANGUAGES_BLOCK: Final = re.compile(r"<!-- languages -->\n.*?<!-- /languages -->", re.DOTALL)
"""The README's list of languages, written by ``build`` for each README (its links depend on where it is)."""
LANGUAGES_MARK: Final = "<!-- languages -->"
REFERENCE: Final = "reference"
"""The folder of ``tutorials/`` holding the copies of :data:`REFERENCES`."""
REFERENCES: Final = ("rules.md", "review.md")
"""The pages of ``docs/`` the tutorials link to, which ``build`` copies into ``tutorials/reference/``: JupyterLab
opened on a notebook (the README's play command) serves that notebook's folder and nothing above it, and the
classroom site holds the tutorials only, so a link out of ``tutorials/`` would find no file."""
UP_LINK: Final = re.compile(rf"(\]\()(?=\.\./|{REFERENCE}/)")
"""A Markdown link to a file shared by every language (``[the rules of Mus](reference/rules.md)``, or out of
``tutorials/``): one folder further up from ``tutorials/<code>/``. Links to the other notebooks and the README
stay as they are; they have the same names in every folder."""
MARKDOWN_LINK: Final = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")

EPOCH: Final = datetime(2026, 12, 1, tzinfo=timezone.utc)
HEADER: Final = """\
# The {name} catalogue of the mus-widget tutorials. msgctxt is where the text is (notebook#cell, a text in a
# code cell adds .n, README.md#block), msgid the English, msgstr the translation. Keep the Markdown, the links,
# the `code` and the {{placeholders}} of printed f-strings; the game's words (Grande, Envido, Quiero, Órdago,
# mano, postre...) stay Spanish, with the local word beside them the first time. Flag "same" a text that is
# rightly the English (code or formulae only). Update: python -m mus_widget.i18n.tutorials sync && ... build
#"""


class TutorialsError(ValueError):
    """A tutorial the generator cannot read: a notebook cell without an id, or a code cell that is not Python."""


@dataclass(frozen=True)
class Text:
    """One text to translate: where it is (``context``) and its English."""

    context: str
    english: str


@dataclass(frozen=True)
class Entry:
    """A catalogue entry: the translation of a text, its flags and the English it was translated from when that
    has changed since (``previous``)."""

    english: str
    string: str = ""
    flags: frozenset[str] = frozenset()
    previous: str | None = None

    @property
    def done(self) -> bool:
        return bool(self.string) and "fuzzy" not in self.flags


@dataclass(frozen=True)
class _Edit:
    """A change to a code cell's source: the characters ``start:end`` become the translation of ``english``
    (written as ``form`` says) or, without ``english``, ``text``."""

    start: int
    end: int
    english: str = ""
    form: str = "raw"
    text: str = ""


@dataclass
class _Positions:
    """Character offsets in a source from ``ast``'s (line, UTF-8 byte column) positions."""

    source: str
    lines: list[str] = field(init=False)
    starts: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.source.splitlines(keepends=True) or [""]
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def at(self, line: int, column: int) -> int:
        """The offset of ``ast``'s (line, byte column)."""
        return self.starts[line - 1] + len(self.lines[line - 1].encode()[:column].decode())

    def chars(self, line: int, column: int) -> int:
        """The offset of ``tokenize``'s (line, character column)."""
        return self.starts[line - 1] + column


# ---------------------------------------------------------------------------------------------- reading


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def english_notebooks(root: Path = TUTORIALS) -> list[Path]:
    return sorted(root.glob("*.ipynb"))


def _read(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for index, cell in enumerate(notebook["cells"]):
        if not cell.get("id"):
            raise TutorialsError(f"{path.name}, cell {index} has no id: give every cell a stable id")
    return notebook


def _has_words(text: str) -> bool:
    return re.search(r"[^\W\d_]{2}", text) is not None


def _strings(node: ast.AST) -> Iterator[ast.Constant | ast.JoinedStr]:
    """The string literals of a printed expression: ``"a" + x + "b"`` gives both."""
    if (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr):
        yield node
    elif isinstance(node, ast.BinOp):
        yield from _strings(node.left)
        yield from _strings(node.right)


def _name(call: ast.Call) -> str:
    """The called name with what it is reached through: ``mw.MusTable.from_record``, ``why.text``."""
    parts, node = [], call.func
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    parts.append(node.id if isinstance(node, ast.Name) else "")
    return ".".join(reversed(parts))


def language_call(call: ast.Call) -> str | None:
    """The key of :data:`LANGUAGE_CALLS` that ``call`` is, if any (``MusTable.from_record`` but not
    ``Scenario.from_record``)."""
    name = _name(call)
    return next((key for key in LANGUAGE_CALLS if name == key or name.endswith("." + key)), None)


def _code_edits(text: str, where: str, code: str) -> list[_Edit]:
    """What changes in a code cell: its comments, scenario lines and printed strings (each the translation of its
    English), and the language of every call that takes one (for ``code``)."""
    try:
        tree = ast.parse(text)
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (SyntaxError, tokenize.TokenError) as error:
        raise TutorialsError(f"{where}: not plain Python ({error})") from error
    pos = _Positions(text)
    edits: list[_Edit] = []
    for token in tokens:
        start = pos.chars(*token.start)
        if token.type == tokenize.COMMENT:
            body = token.string.lstrip("#").strip()
            if _has_words(body):
                offset = token.string.index(body)
                edits.append(_Edit(start + offset, start + offset + len(body), body))
        elif token.type == tokenize.STRING:
            for match in SCENARIO_LINE.finditer(token.string):
                edits.append(_Edit(start + match.start("text"), start + match.end("text"), match["text"]))
    fstrings = [(pos.at(n.lineno, n.col_offset), pos.at(n.end_lineno or 0, n.end_col_offset or 0))
                for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node).rpartition(".")[2]
        if name in PRINTERS:
            for arg in node.args:
                for literal in _strings(arg):
                    edits += _literal_edit(literal, text, pos)
        key = language_call(node)
        if key is not None and code != "en":
            at = pos.at(node.lineno, node.col_offset)
            quotes = [text[start:end].lstrip("rRfF")[:1] for start, end in fstrings if start < at < end]
            edits += _language_edit(node, LANGUAGE_CALLS[key], "'" if '"' in quotes else '"', code, pos)
    edits.sort(key=lambda e: (e.start, e.end))
    for before, after in itertools.pairwise(edits):
        if after.start < before.end:
            raise TutorialsError(f"{where}: two translated pieces overlap at {before.english!r}")
    return edits


def _literal_edit(node: ast.Constant | ast.JoinedStr, text: str, pos: _Positions) -> list[_Edit]:
    assert node.end_lineno is not None and node.end_col_offset is not None
    start, end = pos.at(node.lineno, node.col_offset), pos.at(node.end_lineno, node.end_col_offset)
    literal = text[start:end]
    if isinstance(node, ast.JoinedStr):
        if not re.fullmatch(r'f"[^"\n]*"', literal):
            return []
        inside = literal[2:-1]
        return [_Edit(start + 2, end - 1, inside)] if _has_words(re.sub(r"\{[^}]*\}", "", inside)) else []
    assert isinstance(node.value, str)
    return [_Edit(start, end, node.value, form="literal")] if _has_words(node.value) else []


def _language_edit(call: ast.Call, index: int | None, quote: str, code: str, pos: _Positions) -> list[_Edit]:
    """Give ``call`` the language ``code``, written between ``quote`` (the other quote inside an f-string)."""
    given: ast.expr | None = next((k.value for k in call.keywords if k.arg == "language"), None)
    if given is None and index is not None and len(call.args) > index:
        given = call.args[index]
    value = f"{quote}{code}{quote}"
    if given is not None:
        if isinstance(given, ast.Constant) and given.value == "en":
            assert given.end_lineno is not None and given.end_col_offset is not None
            return [_Edit(pos.at(given.lineno, given.col_offset), pos.at(given.end_lineno, given.end_col_offset),
                          text=value)]
        return []
    arguments: list[ast.AST] = [*call.args, *call.keywords]
    if arguments:
        last = max(arguments, key=lambda a: (getattr(a, "end_lineno", 0), getattr(a, "end_col_offset", 0)))
        at = pos.at(last.end_lineno or 0, last.end_col_offset or 0)  # type: ignore[attr-defined]
        return [_Edit(at, at, text=f", language={value}")]
    assert call.end_lineno is not None and call.end_col_offset is not None
    at = pos.at(call.end_lineno, call.end_col_offset) - 1
    return [_Edit(at, at, text=f"language={value}")]


def _readme_blocks(text: str) -> list[str]:
    """The README split into blocks at blank lines (a fenced code block stays one); the languages list is one
    block, :data:`LANGUAGES_MARK`, which ``build`` writes and nobody translates."""
    blocks: list[str] = []
    current: list[str] = []
    fenced = False
    for line in LANGUAGES_BLOCK.sub(LANGUAGES_MARK, text).split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                blocks.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def texts(root: Path = TUTORIALS) -> list[Text]:
    """Every text of the English tutorials to translate, in order: the README's blocks, then each notebook's
    cells."""
    out = [Text(f"README.md#{n}", block) for n, block in enumerate(_readme_blocks(_readme(root)))
           if block != LANGUAGES_MARK]
    for path in english_notebooks(root):
        for cell in _read(path)["cells"]:
            where = f"{path.name}#{cell['id']}"
            if cell["cell_type"] == "markdown":
                out.append(Text(where, source(cell)))
            elif cell["cell_type"] == "code":
                pieces = [e.english for e in _code_edits(source(cell), where, "en") if e.english]
                out += [Text(f"{where}.{n}", english) for n, english in enumerate(pieces, 1)]
    return out


def _readme(root: Path) -> str:
    return (root / "README.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------- catalogues


def po_path(code: str, root: Path = TUTORIALS) -> Path:
    return root / "locales" / f"{code}.po"


def read_catalogue(code: str, root: Path = TUTORIALS) -> dict[str, Entry]:
    """The entries of ``tutorials/locales/<code>.po`` by context (empty when there is no catalogue yet)."""
    path = po_path(code, root)
    if not path.exists():
        return {}
    with path.open("rb") as file:
        po = read_po(file, locale=code)
    previous = _previous_ids(path.read_text(encoding="utf-8"))
    return {str(m.context): Entry(str(m.id), str(m.string), frozenset(m.flags) - FORMAT_FLAGS,
                                  previous.get(str(m.context)))
            for m in po if m.id and m.context}


def _previous_ids(text: str) -> dict[str, str]:
    """The previous msgids (``#| msgid``) by context: Babel writes them but does not read them back."""
    out: dict[str, str] = {}
    pending: list[str] = []
    for line in text.splitlines():
        if line.startswith("#| msgid ") or (pending and line.startswith('#| "')):
            pending.append(line[3:].removeprefix("msgid ").strip())
        elif line.startswith("msgctxt ") and pending:
            out[unescape(line.removeprefix("msgctxt ").strip())] = denormalize("\n".join(pending))
            pending = []
        elif not line.startswith("#"):
            pending = []
    return out


def sync(code: str, root: Path = TUTORIALS) -> list[str]:
    """Bring the catalogue of ``code`` in line with the English tutorials; returns the contexts still to
    translate (new, empty or fuzzy)."""
    old = read_catalogue(code, root)
    po = Catalog(
        locale=code, project="mus-widget tutorials", version="1", domain="tutorials", fuzzy=False,
        header_comment=HEADER.format(name=language_name(code)), creation_date=EPOCH, revision_date=EPOCH,
        last_translator="mus-widget translators", language_team=f"{language_name(code)} <{code}>",
        copyright_holder="the mus-widget authors",
    )
    todo = []
    previous_ids: dict[str, str] = {}
    for text in texts(root):
        entry = old.get(text.context, Entry(text.english))
        flags, previous = set(entry.flags), entry.previous
        if entry.english != text.english:
            if entry.string and "fuzzy" not in flags:
                previous = entry.english
            if entry.string:
                flags.add("fuzzy")
            else:
                flags.clear()
        if "fuzzy" not in flags:
            previous = None
        if not entry.string or "fuzzy" in flags:
            todo.append(text.context)
        po.add(text.english, entry.string, context=text.context, flags=sorted(flags))
        if previous:
            previous_ids[text.context] = previous
    path = po_path(code, root)
    path.parent.mkdir(exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, po, width=120, omit_header=False, sort_output=False)
    path.write_text(_with_previous_ids(buffer.getvalue().decode("utf-8"), previous_ids), encoding="utf-8")
    return todo


def _with_previous_ids(text: str, previous_ids: dict[str, str]) -> str:
    """The catalogue with each fuzzy entry's previous English as ``#| msgid`` lines above its ``msgctxt``.

    Written here, not by Babel, whose ``include_previous`` wraps the quoted lines like prose (``#| msgid "" "a
    long``), which neither msgfmt nor :func:`_previous_ids` can read back."""
    lines = []
    for line in text.splitlines(keepends=True):
        if line.startswith("msgctxt "):
            previous = previous_ids.get(unescape(line.removeprefix("msgctxt ").strip()))
            if previous is not None:
                quoted = normalize(previous, width=116).splitlines()
                lines += [f"#| msgid {quoted[0]}\n", *(f"#| {rest}\n" for rest in quoted[1:])]
        lines.append(line)
    return "".join(lines)


# ---------------------------------------------------------------------------------------------- building


def _translation(entries: dict[str, Entry], context: str, english: str) -> str:
    entry = entries.get(context)
    return entry.string if entry is not None and entry.done and entry.english == english else english


def translate_code(text: str, where: str, code: str, entries: dict[str, Entry]) -> str:
    """A code cell in ``code``: its texts translated, every call that takes a language given it."""
    out, last, n = [], 0, 0
    for edit in _code_edits(text, where, code):
        if edit.english:
            n += 1
            new = _translation(entries, f"{where}.{n}", edit.english)
            new = json.dumps(new, ensure_ascii=False) if edit.form == "literal" else new
        else:
            new = edit.text
        out += [text[last:edit.start], new]
        last = edit.end
    translated = "".join([*out, text[last:]])
    try:
        ast.parse(translated)
    except SyntaxError as error:
        raise TutorialsError(f"{where} in {code}: the translated code is not Python ({error}); check the "
                             "translations of its texts") from error
    return translated


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _one_folder_down(markdown: str) -> str:
    """``markdown`` as it reads from ``tutorials/<code>/``: its links to the reference pages and out of
    ``tutorials/`` climb one more folder."""
    return UP_LINK.sub(r"\1../", markdown)


def reference_copy(page: Path) -> str:
    """The copy of ``docs/<page>`` in ``tutorials/reference/``: marked as generated, each link re-aimed from
    there (at a tutorial, or another copy), and a link to a page the tutorials do not carry left as its text."""
    def aim(match: re.Match[str]) -> str:
        image, text, target = match.groups()
        if re.match(r"[a-z][a-z0-9+.-]*:|#", target):
            return match[0]
        path, _, anchor = target.partition("#")
        where = posixpath.normpath(posixpath.join("docs", path))
        if where.startswith("tutorials/"):
            aimed = "../" + where.removeprefix("tutorials/")
        elif where.startswith("docs/") and where.removeprefix("docs/") in REFERENCES:
            aimed = where.removeprefix("docs/")
        else:
            return text
        return f"{image}[{text}]({aimed}{'#' + anchor if anchor else ''})"

    body = MARKDOWN_LINK.sub(aim, page.read_text(encoding="utf-8"))
    return (f"<!-- A copy of docs/{page.name}, written by python -m mus_widget.i18n.tutorials build for the "
            f"tutorials' links: edit docs/{page.name}. -->\n\n{body}")


def docs_links(markdown: str) -> str:
    """``markdown`` of an English tutorial as the documentation site shows it, beside ``docs/``: its links to
    the copies in ``tutorials/reference/`` lead to the pages they copy."""
    return re.sub(rf"(\]\(){REFERENCE}/", r"\1../docs/", markdown)


def build_notebook(path: Path, code: str, entries: dict[str, Entry]) -> str:
    """The notebook at ``path`` in ``code``, as the file ``build`` writes."""
    notebook = _read(path)
    for cell in notebook["cells"]:
        where = f"{path.name}#{cell['id']}"
        if cell["cell_type"] == "markdown":
            cell["source"] = _lines(_one_folder_down(_translation(entries, where, source(cell))))
        elif cell["cell_type"] == "code":
            cell["source"] = _lines(translate_code(source(cell), where, code, entries))
            cell["outputs"], cell["execution_count"] = [], None
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def languages_block(code: str) -> str:
    """The list of the tutorials' languages for the README of ``code``, linked from where that README is."""
    up = "" if code == "en" else "../"
    links = [f"[{language_name(other)}]({up}{'' if other == 'en' else other + '/'}README.md)"
             for other in LANGUAGES if other != code]
    return "<!-- languages -->\n" + " · ".join(links) + "\n<!-- /languages -->"


def build_readme(code: str, root: Path, entries: dict[str, Entry]) -> str:
    english = _readme(root)
    if code == "en":
        return LANGUAGES_BLOCK.sub(lambda _: languages_block("en"), english)
    translated = [languages_block(code) if block == LANGUAGES_MARK
                  else _one_folder_down(_translation(entries, f"README.md#{n}", block))
                  for n, block in enumerate(_readme_blocks(english))]
    return "\n\n".join(translated) + "\n"


def build(code: str, root: Path = TUTORIALS) -> dict[Path, str]:
    """Every file ``build`` writes for ``code`` (for ``en``: the README's languages list and the copies of the
    reference pages, from ``docs/`` beside ``root``), by path."""
    if code == "en":
        copies = {root / REFERENCE / name: reference_copy(root.parent / "docs" / name) for name in REFERENCES}
        return {root / "README.md": build_readme("en", root, {}), **copies}
    entries = read_catalogue(code, root)
    files = {root / code / path.name: build_notebook(path, code, entries) for path in english_notebooks(root)}
    files[root / code / "README.md"] = build_readme(code, root, entries)
    return files


def stale(code: str, root: Path = TUTORIALS) -> list[Path]:
    """The files of ``code`` that differ from what ``build`` writes, and the generated notebooks that have no
    English source any more."""
    files = build(code, root)
    out = [path for path, text in files.items()
           if not path.exists() or path.read_text(encoding="utf-8") != text]
    if code != "en":
        out += sorted(set((root / code).glob("*.ipynb")) - set(files))
    return out


def write(code: str, root: Path = TUTORIALS) -> list[Path]:
    """Write the files of ``code``, remove generated notebooks whose English is gone; returns what changed."""
    changed = stale(code, root)
    files = build(code, root)
    for path in changed:
        if path in files:
            path.parent.mkdir(exist_ok=True)
            path.write_text(files[path], encoding="utf-8")
        else:
            path.unlink()
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """``sync`` the catalogues, ``build`` the notebooks, or ``check`` that they are up to date."""
    from .progress import Progress, add_quiet

    parser = argparse.ArgumentParser(prog="mus-widget tutorials", description=HELP)
    parser.add_argument("command", choices=("sync", "build", "check"),
                        help="sync the catalogues, build the notebooks, or check that they are up to date")
    parser.add_argument("codes", nargs="*", metavar="code",
                        help=f"the languages (default: all of {' '.join(TRANSLATED)})")
    add_quiet(parser)
    args = parser.parse_args(argv)
    command, codes = args.command, args.codes or list(TRANSLATED)
    unknown = [c for c in codes if c not in TRANSLATED]
    if unknown:
        parser.error(f"no translation of the tutorials into {' '.join(unknown)}: the languages are "
                     f"{' '.join(TRANSLATED)}")
    failed = False
    languages = [*codes, "en"] if command != "sync" else codes
    with Progress(len(languages), f"tutorials {command}", quiet=args.quiet) as bar:
        for code in languages:
            bar.step(code)
            if command == "sync":
                todo = sync(code)
                total = len(texts())
                left = f"; to do: {len(todo)}" if todo else ""
                bar.write(f"{code}: {total - len(todo)} of {total} texts translated{left}")
            elif command == "build":
                for path in write(code):
                    bar.write(f"wrote {path.relative_to(TUTORIALS.parent)}")
            else:
                for path in stale(code):
                    failed = True
                    bar.write(f"stale: {path.relative_to(TUTORIALS.parent)}")
            bar.advance()
    return 1 if failed else 0


HELP: Final = ("The tutorials in every language, from the English notebooks and one translation file (gettext .po) "
               "per language in tutorials/locales/. sync brings each language's file in line with the English: new "
               "texts are added to translate, a changed text keeps its old translation marked to check. build "
               "writes tutorials/<code>/ from them; a text not yet translated stays English. check lists the "
               "files that differ from what build would write.")
"""What ``mus-widget tutorials --help`` says first: the module's docstring in plain words."""


if __name__ == "__main__":
    raise SystemExit(main())
