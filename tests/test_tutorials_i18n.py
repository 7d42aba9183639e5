"""The tutorials in every language come from one source: each translated notebook is what
``python -m mus_widget.i18n.tutorials build`` makes of the English one and its language's catalogue, every text is
translated (none missing, empty, fuzzy or left in English), the links, code and placeholders survive translation,
and every call that takes a language speaks the notebook's."""

from __future__ import annotations

import ast
import inspect
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mus_widget as mw
from mus_widget.i18n import LANGUAGES, message
from mus_widget.i18n import tutorials as tool
from mus_widget.table.quiz import Quiz
from mus_widget.table.widget import MusTable
from mus_widget.teaching.explain import Explanation
from mus_widget.teaching.scenarios import Scenario
from support.committed import committed_tutorials

TRANSLATED = [code for code in LANGUAGES if code != "en"]
TUTORIALS = committed_tutorials()
"""The tutorials as committed (git's index), which the generator's functions are given as their root: a notebook a
student played, with its outputs and widgets' state, is theirs and no concern of these tests."""
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MAX_SAME = 40
"""The longest text with words that may rightly read the same as the English (a title such as "# Tutorials");
anything longer flagged the same must hold only code or formulae."""

OWNERS: dict[str, list[Callable[..., Any]]] = {
    "MusTable": [MusTable.__init__], "MusTable.from_scenario": [MusTable.from_scenario],
    "MusTable.from_record": [MusTable.from_record], "MusTable.from_decision": [MusTable.from_decision],
    "Quiz": [Quiz.__init__], "mw.review": [mw.review], "why": [mw.Graded.why],
    "show_card": [mw.show_card], "show_hand": [mw.show_hand], "show_deal": [mw.show_deal],
    "show_count": [mw.show_count], "message": [message],
    "show": [mw.Exercise.show], "picture": [mw.Exercise.picture], "text": [mw.Exercise.text, Explanation.text],
    "explanation": [mw.Exercise.explanation], "labels": [mw.Exercise.labels],
    "note_at": [Scenario.note_at], "title_in": [Scenario.title_in], "explain": [mw.explain],
}
"""What each name of the generator's table of language calls is in the package."""


def language_place(function: Callable[..., Any]) -> int | str | None:
    """Where ``function`` takes ``language``: its place among the positional parameters (without ``self``),
    None for keyword only, "options" when it passes ``**options`` on (to a call that takes it)."""
    parameters = [p for p in inspect.signature(function).parameters.values() if p.name != "self"]
    for index, parameter in enumerate(parameters):
        if parameter.name == "language":
            return None if parameter.kind is inspect.Parameter.KEYWORD_ONLY else index
    assert parameters and parameters[-1].kind is inspect.Parameter.VAR_KEYWORD, f"{function} takes no language"
    return "options"


def english_cells() -> list[tuple[str, dict[str, Any]]]:
    return [(path.name, cell) for path in tool.english_notebooks(TUTORIALS) for cell in json.loads(
        path.read_text(encoding="utf-8"))["cells"]]


def catalogue_ids() -> list[tuple[str, str]]:
    return [(code, text.context) for code in TRANSLATED for text in tool.texts(TUTORIALS)]


# ---------------------------------------------------------------------------------------------- one source


@pytest.mark.parametrize("code", [*TRANSLATED, "en"])
def test_every_generated_file_is_what_the_command_builds_now(code: str) -> None:
    stale = tool.stale(code, TUTORIALS)
    assert not stale, (f"stale against the English tutorials and tutorials/locales/{code}.po: "
                       f"{[str(p.relative_to(TUTORIALS)) for p in stale]}; run python -m mus_widget.i18n.tutorials "
                       "sync, translate, then build")


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translated_notebook_has_the_english_cells_in_order_without_outputs(code: str) -> None:
    for path in tool.english_notebooks(TUTORIALS):
        english = json.loads(path.read_text(encoding="utf-8"))
        translated = json.loads((TUTORIALS / code / path.name).read_text(encoding="utf-8"))
        assert [(c["id"], c["cell_type"]) for c in translated["cells"]] == [
            (c["id"], c["cell_type"]) for c in english["cells"]], f"{code}/{path.name}"
        assert translated["metadata"] == english["metadata"]
        assert all(not c.get("outputs") and c.get("execution_count") is None for c in translated["cells"])


def test_the_generator_reads_every_text_of_a_new_notebook(tmp_path: Path) -> None:
    """A notebook added later (12-your-own-bot, say) joins the catalogues at the next sync and is built at once,
    English where its translations are still to come."""
    (tmp_path / "README.md").write_text("# Tutorials\n\nHello.\n", encoding="utf-8")
    cells: list[dict[str, Any]] = [
        {"cell_type": "markdown", "id": "a1", "metadata": {}, "source": ["# 12. Your own bot\n", "\n", "Words."]},
        {"cell_type": "code", "id": "a2", "metadata": {}, "execution_count": 3, "outputs": [{"x": 1}],
         "source": ["# Play against it\n", "mw.MusTable(seed=1)\n", 'print("Done", mw.show_hand("1o 2c 3e 4b"))']},
    ]
    notebook = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "12-your-own-bot.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    assert [t.context for t in tool.texts(tmp_path)] == [
        "README.md#0", "README.md#1", "12-your-own-bot.ipynb#a1", "12-your-own-bot.ipynb#a2.1",
        "12-your-own-bot.ipynb#a2.2"]
    assert len(tool.sync("nl", tmp_path)) == 5
    po = tool.po_path("nl", tmp_path).read_text(encoding="utf-8")
    po = po.replace('msgid "Play against it"\nmsgstr ""', 'msgid "Play against it"\nmsgstr "Speel ertegen"')
    po = po.replace('msgid "Done"\nmsgstr ""', 'msgid "Done"\nmsgstr "Klaar"')
    tool.po_path("nl", tmp_path).write_text(po, encoding="utf-8")
    assert len(tool.sync("nl", tmp_path)) == 3
    written = tool.write("nl", tmp_path)
    assert tmp_path / "nl" / "12-your-own-bot.ipynb" in written and not tool.stale("nl", tmp_path)
    built = json.loads((tmp_path / "nl" / "12-your-own-bot.ipynb").read_text(encoding="utf-8"))["cells"]
    assert tool.source(built[0]) == "# 12. Your own bot\n\nWords."  # still to translate: English
    assert tool.source(built[1]) == ('# Speel ertegen\nmw.MusTable(seed=1, language="nl")\n'
                                     'print("Klaar", mw.show_hand("1o 2c 3e 4b", language="nl"))')
    assert built[1]["outputs"] == [] and built[1]["execution_count"] is None

    # The English changes: the translation stays, marked fuzzy, and the build shows the new English.
    cells[1]["source"][0] = "# Play against your bot\n"
    (tmp_path / "12-your-own-bot.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    assert "12-your-own-bot.ipynb#a2.1" in tool.sync("nl", tmp_path)
    entry = tool.read_catalogue("nl", tmp_path)["12-your-own-bot.ipynb#a2.1"]
    assert entry == tool.Entry("Play against your bot", "Speel ertegen", frozenset({"fuzzy"}), "Play against it")
    assert tool.stale("nl", tmp_path) == [tmp_path / "nl" / "12-your-own-bot.ipynb"]
    tool.write("nl", tmp_path)
    built = json.loads((tmp_path / "nl" / "12-your-own-bot.ipynb").read_text(encoding="utf-8"))["cells"]
    assert tool.source(built[1]).startswith("# Play against your bot\n")

    # The notebook goes: its texts leave the catalogue, its translation the folder.
    (tmp_path / "12-your-own-bot.ipynb").unlink()
    assert tool.sync("nl", tmp_path) == ["README.md#0", "README.md#1"]
    assert tool.write("nl", tmp_path) == [tmp_path / "nl" / "12-your-own-bot.ipynb"]
    assert not (tmp_path / "nl" / "12-your-own-bot.ipynb").exists()


def test_a_long_changed_text_keeps_its_previous_english_through_every_sync(tmp_path: Path) -> None:
    """A fuzzy paragraph's previous English is read back whole, however long, with its line breaks: running sync
    again while the translator has not got to it changes nothing."""
    long = "The postre serves every player in speaking order, " * 5 + "\nA second line, with \"quotes\"."
    (tmp_path / "README.md").write_text("# Tutorials\n\n" + long + "\n", encoding="utf-8")
    tool.sync("es", tmp_path)
    po = tool.po_path("es", tmp_path).read_text(encoding="utf-8")
    tool.po_path("es", tmp_path).write_text(po.replace('msgstr ""\n\n', 'msgstr "Traducido"\n\n', 2)
                                            .rstrip().removesuffix('msgstr ""') + 'msgstr "Traducido"\n',
                                            encoding="utf-8")
    assert tool.sync("es", tmp_path) == []
    (tmp_path / "README.md").write_text("# Tutorials\n\n" + long.replace("second", "new") + "\n", encoding="utf-8")
    assert tool.sync("es", tmp_path) == ["README.md#1"]
    first = tool.po_path("es", tmp_path).read_text(encoding="utf-8")
    assert tool.read_catalogue("es", tmp_path)["README.md#1"].previous == long
    assert tool.sync("es", tmp_path) == ["README.md#1"]
    assert tool.po_path("es", tmp_path).read_text(encoding="utf-8") == first, "a second sync rewrites nothing"
    assert all(line.startswith(("#| msgid ", '#| "')) for line in first.splitlines() if line.startswith("#|"))


def test_a_cell_without_an_id_is_refused(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Tutorials\n", encoding="utf-8")
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Title"}], "metadata": {},
                "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "13-x.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with pytest.raises(tool.TutorialsError, match=r"13-x\.ipynb, cell 0 has no id"):
        tool.texts(tmp_path)


# ---------------------------------------------------------------------------------------------- the language


@pytest.mark.parametrize("name", sorted(tool.LANGUAGE_CALLS))
def test_the_table_of_language_calls_matches_the_signatures(name: str) -> None:
    for function in OWNERS[name]:
        place = language_place(function)
        if place == "options":
            assert tool.LANGUAGE_CALLS[name] is None, f"{name} passes language on by keyword"
        else:
            assert place == tool.LANGUAGE_CALLS[name], f"{name} takes language at {place}"


def callables_taking_a_language() -> set[str]:
    """The names of every public function of the package, and method of its classes, that takes a language (a
    class by its own name when its constructor does)."""
    def takes(function: object) -> bool:
        function = getattr(function, "__func__", function)
        return inspect.isfunction(function) and "language" in inspect.signature(function).parameters

    names = set()
    public = [getattr(mw, name) for name in mw.__all__] + [MusTable, Quiz, Scenario, Explanation, message]
    for item in public:
        if not isinstance(item, type):
            names |= {item.__name__} if takes(item) else set()
            continue
        for klass in item.__mro__:
            if klass.__module__.startswith("mus_widget"):
                for name, member in vars(klass).items():
                    if takes(member) and (name == "__init__" or not name.startswith("_")):
                        names.add(item.__name__ if name == "__init__" else name)
                    elif isinstance(member, classmethod) and takes(vars(item).get("__init__", object.__init__)) and any(
                            p.kind is inspect.Parameter.VAR_KEYWORD
                            for p in inspect.signature(member.__func__).parameters.values()):
                        names.add(name)  # a constructor passing its options on: MusTable.from_scenario
    return names


def test_every_call_in_the_english_notebooks_that_takes_a_language_gets_one() -> None:
    """A notebook that calls a function taking a language must have it in the generator's table, or its
    translations would show that function in English."""
    takes = callables_taking_a_language()
    assert {"MusTable", "Quiz", "show_hand", "message", "text", "note_at", "from_scenario"} <= takes
    dotted = {key.rpartition(".")[2] for key in tool.LANGUAGE_CALLS if "." in key}
    for name, cell in english_cells():
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(tool.source(cell))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                called = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                if called in takes and called not in dotted:
                    assert tool.language_call(node), f"{name}#{cell['id']}: {ast.unparse(node)} takes a language"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_call_that_takes_a_language_speaks_the_notebooks(code: str) -> None:
    for path in sorted((TUTORIALS / code).glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            for node in ast.walk(ast.parse(tool.source(cell))):
                if isinstance(node, ast.Call) and (key := tool.language_call(node)):
                    index = tool.LANGUAGE_CALLS[key]
                    given = next((k.value for k in node.keywords if k.arg == "language"), None)
                    if given is None and index is not None and len(node.args) > index:
                        given = node.args[index]
                    assert isinstance(given, ast.Constant) and given.value in LANGUAGES, (
                        f"{code}/{path.name}#{cell['id']}: {ast.unparse(node)}")
                    assert given.value in (code, "es"), f"{code}/{path.name}: {ast.unparse(node)} speaks {given.value}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_play_notebook_opens_the_table_in_its_language(code: str) -> None:
    cells = json.loads((TUTORIALS / code / "00-play.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {}
    exec(compile(next(tool.source(c) for c in cells if c["cell_type"] == "code"), "00-play", "exec"), namespace)
    table = namespace["table"]
    assert isinstance(table, MusTable) and table.language == code
    table.close()


# ---------------------------------------------------------------------------------------------- translated


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_is_in_the_catalogue_translated_and_not_fuzzy(code: str) -> None:
    entries = tool.read_catalogue(code, TUTORIALS)
    wanted = {t.context: t.english for t in tool.texts(TUTORIALS)}
    assert set(entries) == set(wanted), "run python -m mus_widget.i18n.tutorials sync"
    changed = sorted(k for k, e in entries.items() if e.english != wanted[k])
    assert not changed, f"{code}: the English changed since the sync: {changed[:5]}"
    todo = sorted(k for k, e in entries.items() if not e.done)
    assert not todo, f"{code}: {len(todo)} of {len(entries)} texts untranslated or fuzzy, e.g. {todo[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_text_is_left_in_english_unless_it_is_code_or_a_short_title(code: str) -> None:
    entries = tool.read_catalogue(code, TUTORIALS)
    left = sorted(k for k, e in entries.items() if e.string == e.english and tool.SAME_FLAG not in e.flags)
    assert not left, f"{code}: still English (flag them {tool.SAME_FLAG!r} if they hold only code): {left}"
    flagged = {k: e for k, e in entries.items() if tool.SAME_FLAG in e.flags}
    odd = sorted(k for k, e in flagged.items() if e.string != e.english or (len(e.english) > MAX_SAME and re.search(
        r"[^\W\d_]{4}", re.sub(r"`[^`]*`|\$[^$]*\$", "", e.english))))
    assert not odd, f"{code}: flagged {tool.SAME_FLAG!r} but different from the English, or a long text: {odd}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_links_the_code_and_the_placeholders(code: str) -> None:
    for context, entry in tool.read_catalogue(code, TUTORIALS).items():
        if not entry.done or entry.english.startswith("```"):
            continue
        assert sorted(LINK.findall(entry.string)) == sorted(LINK.findall(entry.english)), f"{code} {context}: links"
        assert sorted(CODE.findall(entry.string)) == sorted(CODE.findall(entry.english)), f"{code} {context}: code"
        if ".ipynb#" in context and re.search(r"\.\d+$", context):
            assert sorted(PLACEHOLDER.findall(entry.string)) == sorted(PLACEHOLDER.findall(entry.english)), (
                f"{code} {context}: placeholders")


def markdown_links(path: Path) -> list[str]:
    """The Markdown links of a README, or of a notebook's markdown cells."""
    if path.suffix == ".md":
        return LINK.findall(path.read_text(encoding="utf-8"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [link for cell in cells if cell["cell_type"] == "markdown" for link in LINK.findall(tool.source(cell))]


def names_no_file(path: Path, link: str) -> bool:
    """Whether ``link``, read from ``path``, leaves the repository or names no file (web pages and anchors are fine)."""
    if re.match(r"https?://|#", link):
        return False
    target = (path.parent / link.split("#", maxsplit=1)[0]).resolve()
    return not target.is_relative_to(TUTORIALS.parent) or not target.is_file()


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_every_link_of_every_language_names_a_file_of_the_repository(code: str) -> None:
    folder = TUTORIALS if code == "en" else TUTORIALS / code
    paths = [*sorted(folder.glob("*.ipynb")), folder / "README.md"]
    assert any(link.endswith("reference/rules.md") for link in markdown_links(folder / "00-play.ipynb"))
    broken = [f"{path.name}: {link}" for path in paths for link in markdown_links(path) if names_no_file(path, link)]
    assert not broken, f"{code}: links to no file: {broken}"


def test_links_to_the_reference_pages_and_out_of_the_tutorials_climb_one_folder_more_in_a_translation() -> None:
    assert tool._one_folder_down("[the rules](reference/rules.md#4-grande), [the next](03-grande.ipynb), "
                                 "[the list](README.md) and [bots](../docs/bots.md)") == (
        "[the rules](../reference/rules.md#4-grande), [the next](03-grande.ipynb), [the list](README.md) and "
        "[bots](../../docs/bots.md)")


def test_a_reference_copy_reaims_its_links_from_the_tutorials_folder(tmp_path: Path) -> None:
    """docs/review.md copied into tutorials/reference/: its link to a tutorial and to the rules (also copied) are
    aimed from there, a link to a page the tutorials do not carry keeps only its words."""
    (tmp_path / "review.md").write_text("# Review\n\nSee [13](../tutorials/13-x.ipynb#top), [the rules](rules.md), "
                                        "[bots.md](bots.md), [the web](https://example.org) and [here](#why).\n",
                                        encoding="utf-8")
    copy = tool.reference_copy(tmp_path / "review.md")
    assert copy.startswith("<!-- A copy of docs/review.md") and "edit docs/review.md" in copy.splitlines()[0]
    assert copy.split("\n", 2)[2] == ("# Review\n\nSee [13](../13-x.ipynb#top), [the rules](rules.md), bots.md, "
                                      "[the web](https://example.org) and [here](#why).\n")


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_readme_opens_its_play_notebook_and_links_every_language(code: str) -> None:
    readme = (TUTORIALS / code / "README.md").read_text(encoding="utf-8")
    assert f"tutorials/{code}/00-play.ipynb" in readme
    english = (TUTORIALS / "README.md").read_text(encoding="utf-8")
    assert f"]({code}/README.md)" in english and "tutorials/00-play.ipynb" in english
    for other in LANGUAGES:
        if other != code:
            assert f"](../{'' if other == 'en' else other + '/'}README.md)" in readme, f"{code}: no link to {other}"
