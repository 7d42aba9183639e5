"""The tutorials, checked like a lesson: every notebook is on the list, every lance has its exercises, every
exercise teaches the right answer for the right reason, and every notebook stands on its own; in English and in
each language of ``tutorials/<code>/`` alike (the quizzes there answer in that language).

Each quiz in a notebook is a cell ``mw.Quiz(...)``; the test finds those calls, builds them as the notebook does
(with several seeds where the call has none), checks the answer against the engine, and answers every button.
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

import pytest

import mus_widget as mw
from mus_widget.engine.hands import Lance
from mus_widget.engine.seats import team_of
from mus_widget.i18n import LANGUAGES, message
from mus_widget.teaching.exercises import KINDS, Exercise
from support.committed import committed_tutorials

TUTORIALS = committed_tutorials()
"""The tutorials as committed: a notebook a student played (outputs, widgets' state) is theirs, not checked here."""
NAME = re.compile(r"^(\d\d)-[a-z0-9-]+\.ipynb$")
NUMBERS = [f"{n:02d}" for n in range(15)]
LANCE_LESSONS = {"03": ("grande",), "04": ("chica",), "05": ("pares",), "06": ("juego", "punto"), "07": ("negada",)}
"""The lance notebooks and the quiz kinds each must ask at least twice."""
SEEDS = range(12)
"""The deals a quiz without a seed is checked on (it draws a new one every run)."""
TRANSLATED_SEEDS = range(3)
"""The deals a translated quiz without a seed is checked on: the deals are the English ones, the words are new."""
MAX_CELLS = 16
MAX_LINES = 20
KERNEL_NAMES = {"display", "get_ipython"}
ALLOWED_IMPORTS = {"mus_widget", "IPython", "numpy"} | set(sys.stdlib_module_names)
"""What a notebook may import: the package, the kernel's display, the standard library and NumPy (14 trains an
agent with it; the ``env`` extra, part of the test extra, installs it)."""
FILE_CALLS = {"open", "read_text", "write_text", "read_bytes", "write_bytes", "load", "loads", "dump", "dumps",
              "unlink", "mkdir", "to_csv", "savefig"}


@dataclass(frozen=True)
class Notebook:
    path: Path

    @property
    def number(self) -> str:
        return self.path.name[:2]

    @property
    def name(self) -> str:
        """The file's name, inside its language's folder for a translation: ``nl/03-grande.ipynb``."""
        return str(self.path.relative_to(TUTORIALS))

    @property
    def cells(self) -> list[dict[str, Any]]:
        cells: list[dict[str, Any]] = json.loads(self.path.read_text(encoding="utf-8"))["cells"]
        return cells

    def code(self) -> Iterator[tuple[int, str]]:
        for index, cell in enumerate(self.cells):
            if cell["cell_type"] == "code":
                yield index, source(cell)


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def folder(language: str) -> Path:
    return TUTORIALS if language == "en" else TUTORIALS / language


def notebooks(language: str = "en") -> list[Notebook]:
    return [Notebook(p) for p in sorted(folder(language).glob("*.ipynb"))]


def every_notebook() -> list[Notebook]:
    return [nb for language in LANGUAGES for nb in notebooks(language)]


def by_number(language: str = "en") -> dict[str, Notebook]:
    return {nb.number: nb for nb in notebooks(language)}


def parse(nb: Notebook, index: int, text: str) -> ast.Module:
    try:
        return ast.parse(text)
    except SyntaxError as error:
        pytest.fail(f"{nb.name}, cell {index}: not plain Python ({error}); magics and shell lines are not used")


# ---------------------------------------------------------------------------------------------- the quizzes


@dataclass(frozen=True)
class QuizCall:
    notebook: str
    cell: int
    call: ast.Call

    @property
    def kind(self) -> str:
        first = self.call.args[0] if self.call.args else None
        return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else "?"

    @property
    def seeded(self) -> bool:
        return len(self.call.args) > 1 or any(k.arg == "seed" for k in self.call.keywords)

    def __str__(self) -> str:
        return f"{self.notebook}, cell {self.cell}: {ast.unparse(self.call)}"

    def build(self, seed: int | None = None) -> Any:
        """The quiz as the notebook makes it, or on the deal of ``seed`` for a call without one."""
        call = self.call
        if seed is not None:
            call = ast.Call(call.func, call.args, [*call.keywords, ast.keyword("seed", ast.Constant(seed))])
        expression = ast.fix_missing_locations(ast.Expression(call))
        return eval(compile(expression, str(self), "eval"), {"mw": mw})


def is_quiz(node: ast.AST) -> TypeGuard[ast.Call]:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "Quiz"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "mw")


def quiz_calls(nb: Notebook) -> list[QuizCall]:
    return [QuizCall(nb.name, index, node) for index, text in nb.code()
            for node in ast.walk(parse(nb, index, text)) if is_quiz(node)]


def all_quiz_calls() -> list[QuizCall]:
    return [call for nb in every_notebook() for call in quiz_calls(nb)]


def quiz_cases() -> list[Any]:
    cases = []
    for call in all_quiz_calls():
        seeds = SEEDS if "/" not in call.notebook else TRANSLATED_SEEDS
        for seed in ([None] if call.seeded else [None, *seeds]):
            label = f"{call.notebook}:{call.cell}:{call.kind}" + ("" if seed is None else f":seed{seed}")
            cases.append(pytest.param(call, seed, id=label))
    return cases


def literal(node: ast.AST) -> bool:
    """A literal argument, or ``mw.Rules(...)`` of literals."""
    if isinstance(node, ast.Call):
        return (isinstance(node.func, ast.Attribute) and node.func.attr == "Rules"
                and all(literal(a) for a in node.args) and all(literal(k.value) for k in node.keywords))
    try:
        ast.literal_eval(node)
    except ValueError:
        return False
    return True


def expected_answer_and_reason(ex: Exercise, language: str) -> tuple[str, list[str]]:
    """The right answer worked out again from the engine, and words the reason must contain to teach it."""
    if ex.kind in {lance.value for lance in Lance}:
        lance = Lance(ex.kind)
        assert ex.mano is not None
        winner = mw.lance_winner(lance, ex.hands, ex.mano, ex.rules)
        lance_name = message(f"lance.{ex.kind}", language)
        if winner is None:
            return "nobody", [lance_name]
        seat, team = message(f"seat.{winner}", language), message(f"team.{team_of(winner)}", language)
        return str(winner), [lance_name, seat if seat in ex.explanation(language) else team]
    hand = ex.hands[0]
    value = mw.evaluate(hand, ex.rules)
    if ex.kind == "pares_of":
        answer = value.pares.name.lower() if value.has_pares else "none"
        label = dict(ex.labels(language))[answer]
        return answer, [label.lower()]
    if ex.kind == "juego_of":
        return str(value.total), [f"= {value.total}"]
    if ex.kind == "reyes":
        count = sum(1 for c in hand.cards if c.number == 12 or (ex.rules.kings == 8 and c.number == 3))
        return str(count), [f"holds {count}" if language == "en" else str(count)]
    if ex.kind == "next_mano":
        assert ex.mano is not None
        nxt = (ex.mano + 1) % 4
        return str(nxt), [message(f"seat.{nxt}", language)]
    if ex.kind == "negada":
        values = dict(ex.question.values)
        amounts = [int(call.split(":")[1]) for call in str(values["calls"]).split(";")]
        negada = 1 if len(amounts) == 1 else sum(amounts[:-1])
        return str(negada), [message(f"lance.{values['lance']}", language),
                             f"negada of {negada}" if language == "en" else f" {negada}"]
    if ex.kind == "count":
        assert ex.mano is not None
        game = mw.Game.from_deal(ex.hands, ex.mano, rules=ex.rules).apply("no-mus")
        while game.last_hand is None:
            game = game.apply("paso" if "paso" in game.legal_actions() else game.legal_actions()[0])
        side = int(dict(ex.question.values)["team"])
        points = game.last_hand.scores[side]
        return str(points), [message("lance.grande", language), message("lance.chica", language),
                             f"{message(f'team.{side}', language)} score {points} in all" if language == "en"
                             else f" {points}"]
    if ex.kind == "sena":
        offered = [key for key, _ in ex.labels(language)]
        true = [key for key in offered if key in mw.true_senas(hand, ex.rules)]
        assert len(true) == 1, f"{ex!r}: exactly one seña offered must be true, not {true}"
        return true[0], [message(f"sena.{true[0]}.meaning", language)]
    pytest.fail(f"no check for the quiz kind {ex.kind!r}: add one here")


@pytest.mark.parametrize(("call", "seed"), quiz_cases())
def test_every_quiz_says_right_to_the_right_answer_and_why(call: QuizCall, seed: int | None,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Answering the right button says "Right!"; every other button says which answer was right; the reason
    names the lance or the answer, and the answer is what the engine itself works out for that deal."""
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    quiz = call.build(seed)
    ex, language = quiz.exercise, quiz.language
    answer, words = expected_answer_and_reason(ex, language)
    assert ex.answer == answer, f"{call} (seed {ex.seed}): the quiz says {ex.answer!r}, the engine {answer!r}"
    labels = dict(ex.labels(language))
    assert len(labels) >= 2 and answer in labels, f"{call}: the choices {list(labels)} must include {answer!r}"

    verdict = quiz.answer(answer)
    assert verdict.right is True
    assert verdict.text == message("exercise.right", language)
    if language == "en":
        assert verdict.text == "Right!"
    else:
        assert call.notebook.startswith(f"{language}/"), f"{call}: a quiz in {language} in another language's folder"
    why = verdict.why
    assert why and why == ex.explanation(language)
    assert language == "en" or why != ex.explanation("en"), f"{call}: the reason is still in English"
    for word in words:
        assert word in why, f"{call} (seed {ex.seed}): the reason {why!r} should mention {word!r}"

    for key in labels.keys() - {answer}:
        wrong = quiz.answer(key)
        assert wrong.right is False, f"{call}: {key!r} is not the answer"
        assert labels[answer] in wrong.text and wrong.text == message("exercise.wrong", language,
                                                                      answer=labels[answer])
        assert wrong.why == why


def test_every_quiz_cell_is_one_call_with_literal_arguments_after_a_word_on_what_to_think_about() -> None:
    for nb in every_notebook():
        cells = nb.cells
        for call in quiz_calls(nb):
            text = source(cells[call.cell])
            body = ast.parse(text).body
            assert len(body) == 1 and isinstance(body[0], ast.Expr) and ast.dump(body[0].value) == ast.dump(
                call.call), f"{call}: a quiz cell is a single mw.Quiz(...) expression"
            assert call.kind in KINDS, f"{call}: {call.kind!r} is not a kind of exercise ({', '.join(KINDS)})"
            assert all(literal(a) for a in call.call.args) and all(literal(k.value) for k in call.call.keywords), (
                f"{call}: the arguments are literals")
            before = call.cell - 1
            while before >= 0 and cells[before]["cell_type"] == "code" and "mw.Quiz(" in source(cells[before]):
                before -= 1
            assert before >= 0 and cells[before]["cell_type"] == "markdown", (
                f"{call}: a markdown line before the quiz says what to think about")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("number", "kinds"), sorted(LANCE_LESSONS.items()))
def test_each_lance_notebook_has_at_least_two_quizzes_on_its_lance(number: str, kinds: tuple[str, ...],
                                                                   language: str) -> None:
    nb = by_number(language).get(number)
    assert nb is not None, f"tutorial {number} is missing in {language}"
    asked = [call.kind for call in quiz_calls(nb)]
    for kind in kinds:
        assert asked.count(kind) >= 2, f"{nb.name} asks {kind!r} {asked.count(kind)} time(s): {asked}"


# ---------------------------------------------------------------------------------------------- the list


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_readme_lists_every_notebook_00_to_14_and_nothing_else(language: str) -> None:
    readme = (folder(language) / "README.md").read_text(encoding="utf-8")
    listed = re.findall(r"\]\((\d\d-[a-z0-9-]+\.ipynb)\)", readme)
    files = sorted(p.name for p in folder(language).glob("*.ipynb"))
    assert sorted(set(listed)) == files, f"README lists {sorted(set(listed))}, the folder holds {files}"
    assert len(listed) == len(set(listed)), "each notebook is listed once"
    assert [name[:2] for name in files] == NUMBERS, f"one notebook per number 00 to 14, not {files}"
    assert all(NAME.match(name) for name in files)
    play = "tutorials/00-play.ipynb" if language == "en" else f"tutorials/{language}/00-play.ipynb"
    assert play in readme, "the README says how to open the tutorials (the play command)"


# ---------------------------------------------------------------------------------------------- standing alone


def imported_modules(tree: ast.Module) -> list[str]:
    """The modules a cell imports (a relative import shows as ".")."""
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append("." if node.level else node.module or "")
    return out


def names_defined(tree: ast.Module) -> set[str]:
    """The names a cell binds: imports, assignments, loop and comprehension variables, functions, exceptions."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            out |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            out.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.ExceptHandler) and node.name:
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
    return out


def functions_called(tree: ast.Module) -> set[str]:
    return {node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)}


def test_no_notebook_imports_another_or_reads_what_another_writes() -> None:
    """Each notebook runs on its own: it imports mus_widget itself (and only the standard library besides), uses
    no name before it defines it, touches no file and names no other notebook."""
    stems = {nb.path.stem for nb in notebooks()}
    for nb in every_notebook():
        defined = set(dir(builtins)) | KERNEL_NAMES
        modules: list[str] = []
        for index, text in nb.code():
            tree = parse(nb, index, text)
            where = f"{nb.name}, cell {index}"
            assert ".ipynb" not in text and not any(stem in text for stem in stems), f"{where} names a notebook"
            cell_modules = imported_modules(tree)
            assert all(m.split(".")[0] in ALLOWED_IMPORTS for m in cell_modules), f"{where} imports {cell_modules}"
            modules += cell_modules
            assert not functions_called(tree) & FILE_CALLS, f"{where} reads or writes a file"
            defined |= names_defined(tree)
            used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            assert used <= defined, f"{where} uses {sorted(used - defined)}, which this notebook never defined"
        assert any(m.split(".")[0] == "mus_widget" for m in modules), f"{nb.name} imports mus_widget itself"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_notebook_has_a_title_short_cells_and_leads_to_the_next(language: str) -> None:
    numbers = by_number(language)
    for number, nb in numbers.items():
        cells = nb.cells
        assert cells and cells[0]["cell_type"] == "markdown" and source(cells[0]).startswith("# "), (
            f"{nb.name} starts with a markdown title")
        assert len(cells) <= MAX_CELLS, f"{nb.name} has {len(cells)} cells; a lesson has at most {MAX_CELLS}"
        if number != "00":
            assert len(cells) >= 8, f"{nb.name} has {len(cells)} cells; a lesson has at least 8"
        for index, cell in enumerate(cells):
            lines = source(cell).splitlines()
            assert len(lines) <= MAX_LINES, f"{nb.name}, cell {index}: {len(lines)} lines (at most {MAX_LINES})"
            assert not cell.get("outputs") and cell.get("execution_count") is None
            assert cell.get("id"), f"{nb.name}, cell {index} has no id"
        following = numbers.get(f"{int(number) + 1:02d}")
        last = source(cells[-1]) if cells[-1]["cell_type"] == "markdown" else ""
        if number == "00":
            continue  # the play notebook is a table, not a lesson
        if following is not None:
            assert f"]({following.path.name})" in last, f"{nb.name} ends with a link to {following.path.name}"
        else:
            assert "](README.md)" in last or "](00-play.ipynb)" in last, f"{nb.name} ends with a way back"


# ---------------------------------------------------------------------------------------------- training an agent

FIGURES = re.compile(r"trained in (\d+) s.*?won (\d+) of 1,000 games.*?interval ([\d.]+)–([\d.]+) %", re.DOTALL)
"""The full run's figures as the notebook's prose and docs/ai.md state them: training time, games won, interval."""


def test_the_training_notebook_runs_short_under_the_tests_and_states_the_full_runs_figures() -> None:
    """14 trains for minutes unless ``MUS_TUTORIAL_QUICK=1`` (tests/conftest.py sets it, so nbval runs it in
    seconds); its prose and docs/ai.md give the same measured figures, the interval above one half."""
    nb = by_number()["14"]
    code = "\n".join(text for _, text in nb.code())
    assert 'os.environ.get("MUS_TUTORIAL_QUICK") == "1"' in code and "np.random.default_rng(1)" in code
    assert os.environ.get("MUS_TUTORIAL_QUICK") == "1", "tests/conftest.py sets MUS_TUTORIAL_QUICK for nbval"
    prose = "\n".join(source(cell) for cell in nb.cells if cell["cell_type"] == "markdown")
    stated, documented = FIGURES.search(prose), FIGURES.search((TUTORIALS.parent / "docs" / "ai.md").read_text())
    assert stated and documented, "the notebook and docs/ai.md state the training time, the wins and the interval"
    assert stated.groups() == documented.groups()
    low, high = float(stated.group(3)), float(stated.group(4))
    assert 50 < low < int(stated.group(2)) / 10 < high, "the agent beats random: the interval is above 50 %"
