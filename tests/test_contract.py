"""The contract between Python and the browser (src/mus_widget/table/contract.py and js/contract.js, issue #25):

- every synced dict that real tables send (a table of bots at every moment of its games, with the coach, in three
  languages, a match of three games; a scenario stepped through; a seat at a served table and the teacher's
  face-up watch of it; the quiz) has exactly the keys its ``TypedDict`` declares, all the way down, and values of
  the declared types;
- the front end's typedefs declare the same keys as the ``TypedDict``\\ s, and the traits the widgets sync;
- TypeScript's ``checkJs`` (the pinned ``typescript`` of package.json) finds nothing in js/, and does find a read of
  an undeclared key in every view.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import tarfile
import types
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest

import mus_widget as mw
from browser.mus_moments import MOMENTS, find_moments, moment_of
from classroom_support import TEACHER_KEY, ServerProcess, careless
from mus_widget.engine.rules import Rules
from mus_widget.engine.senas import SENAS
from mus_widget.i18n.catalogues import LANGUAGES
from mus_widget.table import contract
from mus_widget.table.base import BaseWidget, mirrored
from mus_widget.table.widget import TableWidget
from mus_widget.teaching.exercises import KINDS
from mus_widget.teaching.scenarios import builtin, library
from support.waiting import until

ROOT = Path(__file__).resolve().parents[1]
CONTRACT_JS = ROOT / "js" / "contract.js"

NEVER_SENT: dict[tuple[str, str], str] = {}
"""Optional keys that Python never sends, and why they are declared all the same."""

CONTRACT = {name: getattr(contract, name) for name in contract.__all__}
"""Every type of the contract by name: a ``TypedDict``, or a union of them (:data:`~contract.Turn`, ``Setup``)."""

TABLE_TRAITS: dict[str, Any] = {"state": contract.TableState, "history": list[contract.HistoryLine],
                                "setup": contract.Setup, "error": contract.ErrorView,
                                "room": contract.Room, "messages": dict[str, str],
                                "decisions": contract.ReviewView, "editor": contract.EditorView}
"""The synced dicts of a table and their types (``error`` and ``room`` may be empty instead)."""
QUIZ_TRAITS: dict[str, Any] = {"state": contract.QuizState}
CLASSROOM_TRAITS: dict[str, Any] = {"state": contract.ClassroomState, "chat": contract.ClassChat,
                                    "review_view": contract.ClassroomReview}
MAY_BE_EMPTY = {"error", "room", "decisions", "review_view", "editor"}

JS_ONLY = {"TableTraits", "QuizTraits", "ClassroomTraits", "Model", "NewGameForm", "Ui", "Translate", "Ctx"}
"""The typedefs of js/contract.js that are the front end's own (not synced dicts)."""


# ---------------------------------------------------------------------------------------------- the checker


def is_typeddict(hint: object) -> bool:
    return isinstance(hint, type) and hasattr(hint, "__required_keys__")


def members(hint: object) -> tuple[Any, ...]:
    """The ``TypedDict``\\ s of a contract type: itself, or the shapes of a union."""
    return get_args(hint) if get_origin(hint) in (Union, types.UnionType) else (hint,)


@dataclass
class Seen:
    """What the checked dicts showed: the ``TypedDict``\\ s met, and for each optional key whether it was sent and
    whether it was left out."""

    types: Counter[str] = field(default_factory=Counter)
    present: set[tuple[str, str]] = field(default_factory=set)
    absent: set[tuple[str, str]] = field(default_factory=set)

    def merge(self, other: Seen) -> None:
        self.types.update(other.types)
        self.present |= other.present
        self.absent |= other.absent


def problems(value: object, hint: Any, path: str, seen: Seen) -> list[str]:
    """How ``value`` breaks the type ``hint`` (a ``TypedDict``, a union, a list, a literal, a plain type); none if
    it keeps it. A ``TypedDict`` must have every required key, no undeclared one, and each value of its type."""
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: a {type(value).__name__}, not a {hint.__name__}"]
        name, required, optional = hint.__name__, hint.__required_keys__, hint.__optional_keys__
        found = [f"{path}: {name} lacks {key!r}" for key in sorted(required - value.keys())]
        undeclared = sorted(value.keys() - required - optional)
        found += [f"{path}: {name} has the undeclared key {key!r}" for key in undeclared]
        hints = get_type_hints(hint)
        for key in sorted(value.keys() & hints.keys()):
            found += problems(value[key], hints[key], f"{path}.{key}", seen)
        if not found:
            seen.types[name] += 1
            for key in optional:
                (seen.present if key in value else seen.absent).add((name, key))
        return found
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None:
            return [] if type(None) in args else [f"{path}: None"]
        tried = []
        for option in (a for a in args if a is not type(None)):
            scratch = Seen()
            found = problems(value, option, path, scratch)
            if not found:
                seen.merge(scratch)
                return []
            tried.append(found)
        return min(tried, key=len)  # the problems of the shape it comes closest to
    if origin is Literal:
        return [] if value in args else [f"{path}: {value!r} is none of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: a {type(value).__name__}, not a list"]
        return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{path}[{i}]", seen)]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: a {type(value).__name__}, not a dict"]
        return [p for k, v in value.items() for p in problems(k, args[0], f"{path} key", seen)
                + problems(v, args[1], f"{path}[{k!r}]", seen)]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, hint)
    return [] if ok else [f"{path}: {value!r} is no {getattr(hint, '__name__', hint)}"]


@dataclass
class Recorder:
    """Checks every value the watched widgets sync (the first, then each change) against the contract."""

    seen: Seen = field(default_factory=Seen)
    found: list[str] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)
    """Every table state checked, for the moments they show."""
    synced: int = 0

    def watch(self, widget: BaseWidget, where: str) -> None:
        traits = (QUIZ_TRAITS if isinstance(widget, mw.Quiz) else CLASSROOM_TRAITS if isinstance(widget, mw.Classroom)
                  else TABLE_TRAITS)
        for name in traits:
            self.check(where, name, getattr(widget, name), traits)
        widget.observe(lambda change: self.check(where, change["name"], change["new"], traits), names=list(traits))

    def check(self, where: str, trait: str, value: object, traits: dict[str, Any]) -> None:
        self.synced += 1
        if trait in MAY_BE_EMPTY and value == {}:
            return
        if trait == "state" and traits is TABLE_TRAITS and isinstance(value, dict):
            self.states.append(value)
        found = problems(value, traits[trait], f"{where}: {trait}", self.seen)
        self.found += found[:5]


def in_a_kernel_loop(test: Any) -> None:
    """Run the coroutine function ``test`` on an asyncio loop, as a notebook cell runs on the kernel's."""
    asyncio.run(test())


# ---------------------------------------------------------------------------------------------- the plays


def play_the_moments(recorder: Recorder) -> None:
    """Each moment of a hand that the layout tests look at (the mus, the discard, each lance, a partner's proposal,
    the count, game over), reached as they reach it, with the coach on at every other one."""
    for n, (name, moment) in enumerate(sorted(find_moments().items())):
        table = mw.MusTable(pace=0, coach=n % 2 == 0)
        table.receive({"type": "new_game", "seed": moment.seed, "pace": 0, "coach": n % 2 == 0})
        recorder.watch(table, f"the moment {name}")
        for sent in moment.intents:
            table.receive(sent)
        assert moment_of(table.state) == name
        table.close()


def play_randomly(table: mw.MusTable, rng: random.Random, moves: int, recorder: Recorder, where: str, *,
                  reviewed: bool = False) -> None:
    """A careless student at ``table``: señas now and then, a refused intent now and then, every count read, a new
    game after game over, and the language switched once."""
    recorder.watch(table, where)
    for move in range(moves):
        state = table.state
        if move == moves // 2:
            table.receive({"type": "prefs", "language": rng.choice(LANGUAGES)})
        elif state["stage"] == "over":
            table.receive({"type": "new_game", "seed": rng.randrange(1000), "pace": 0})
        elif state["stage"] == "count":
            if rng.random() < 0.3:  # the hand just counted, reopened and stepped through from its count to its deal
                table.receive({"type": "replay", "hand": state["hand"]})
                for to in range(table.state["replay"]["count"], -1, -7):
                    table.receive({"type": "replay_step", "to": to})
                table.receive({"type": "replay_close"})
            table.receive({"type": "next_hand"})
        elif state["turn"] is None:
            break
        elif rng.random() < 0.05:
            table.receive({"type": "act", "action": "envido 99"})  # refused: the error trait
        else:
            if rng.random() < 0.15:
                table.receive({"type": "sena", "sena": rng.choice(sorted(SENAS))})
            table.receive({"type": "act", "action": careless(table.game.observe(table.seat), rng)})
    if reviewed:  # the review synced, and a decision of a finished hand opened with its grade
        review = table.review()
        first = review.rows[0]
        table.receive({"type": "replay", "game": first.game, "hand": first.hand, "at": first.at})
        table.receive({"type": "replay_close"})
    table.close()


def play_tables_of_bots(recorder: Recorder) -> None:
    rng = random.Random(25)
    tables = [
        (mw.MusTable(seed=1, pace=0, coach=True, language="es"), 120),
        (mw.MusTable(seed=2, pace=0, reveal=True, seat=2, rules=Rules(games=3, target=10)), 400),
        (mw.MusTable(seed=3, pace=0, tips=False, bots="random", rules=Rules(target=10, kings=4)), 300),
    ]
    for n, (table, moves) in enumerate(tables):
        play_randomly(table, rng, moves, recorder, f"table of bots {n}", reviewed=n == 0)


def step_through_scenarios(recorder: Recorder) -> None:
    """Scenarios stepped through to their counts and back, face up and down, then played on; and a finished game
    stepped through from its record (to game over)."""
    for scenario in builtin()[:4]:
        table = mw.MusTable.from_scenario(scenario, pace=0)
        recorder.watch(table, f"scenario {scenario.title}")
        steps = table.state["steps"]["count"]
        for step in [*range(steps + 1), 1]:
            table.go_to(step)
        table.receive({"type": "face_up", "on": False})
        table.go_to(steps)
        table.receive({"type": "step", "to": steps + 5})  # refused
        table.go_to(1)
        table.play_on()
        table.close()
    refused = mw.MusTable.from_scenario(library()["first-bet-refused"], step=4, pace=0)
    recorder.watch(refused, "a scenario's branch")
    refused.go_into(0)
    refused.go_to(0)
    refused.go_into(None)
    refused.close()
    finished = mw.Game.new(seed=8, rules=Rules(target=10))
    rng = random.Random(8)
    while not finished.is_over:
        assert finished.to_move is not None
        finished = finished.apply(careless(finished.observe(finished.to_move), rng))
    editor = mw.ScenarioEditor(seed=6, pace=0)
    recorder.watch(editor, "the scenario editor")
    ops: list[dict[str, object]] = [
        {"op": "card", "seat": 0, "slot": 0, "card": "1o"}, {"op": "random"}, {"op": "stage", "stage": "play"},
        {"op": "act", "action": "mus"}, {"op": "act", "action": "mus"}, {"op": "act", "action": "mus"},
        {"op": "act", "action": "mus"},
        {"op": "act", "action": "discard 1o"}, {"op": "note", "step": 1, "text": "A mus."},
        {"op": "select", "step": 1}, {"op": "what_if", "on": True}, {"op": "act", "action": "no-mus"},
        {"op": "act", "action": "paso"}, {"op": "act", "action": "envido 2"}]
    for op in ops:
        editor.receive({"type": "edit", **op})
    editor.close()
    table = mw.MusTable.from_record(finished.record(), pace=0, teacher=False)
    recorder.watch(table, "a finished game's record")
    table.go_to(table.state["steps"]["count"])
    assert table.state["stage"] == "over" and table.state["steps"]["over"]
    table.close()


def answer_quizzes(recorder: Recorder) -> None:
    for kind in KINDS:
        quiz = mw.Quiz(kind, seed=4, language="es", server="ws://127.0.0.1:9")  # unknown there: its record says so
        recorder.watch(quiz, f"the quiz {kind}")
        quiz.answer(quiz.state["answers"][0][0])
        quiz.another()
        quiz.close()


def play_a_served_table(recorder: Recorder, server: ServerProcess) -> None:
    """Two students at a served table against two bots, to the count of a hand each, with a chat line and refused
    lines, and the teacher's face-up watch of the table."""
    pytest.importorskip("websockets")
    from mus_widget import remote
    from mus_widget.classroom.notebook import FaceUpTable, WatchRelay

    remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=11)
    rng = random.Random(5)

    async def play() -> None:
        tables = [mw.MusTable(server=server.url, table="3B", name=name, tips=False, coach=name == "Ana")
                  for name in ("Ana", "Ben")]
        watch = FaceUpTable(WatchRelay(server.url, "3B", teacher_key=TEACHER_KEY), tips=False)
        for table, where in ((tables[0], "Ana's seat"), (tables[1], "Ben's seat"), (watch, "the teacher's watch")):
            recorder.watch(table, where)
        tables[0].receive({"type": "say", "text": "hola"})
        tables[1].receive({"type": "say", "text": "x" * 1000})  # refused
        await until("the chat line at Ben's", lambda: any(line["kind"] == "chat" for line in tables[1].room["chat"]))
        counted = [False, False]
        for _ in range(2000):
            for i, table in enumerate(tables):
                state = table.state
                if state["stage"] == "count":
                    counted[i] = True
                    table.receive({"type": "next_hand"})
                elif state["turn"] is not None and table.relay._waiting is None:
                    table.receive({"type": "act", "action": careless(table.observation, rng)})
            if all(counted):
                break
            await asyncio.sleep(0.01)
        assert counted == [True, True]
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, idle_after=0.0, language="tr")
        recorder.watch(room, "the teacher's list")
        room._ipython_display_()  # shown in a notebook: its Follow buttons show
        room.receive({"type": "follow", "table": "3B"})
        room.receive({"type": "tell", "table": "3B", "text": "merhaba"})
        await until("the teacher's line in the class's chat", lambda: "merhaba" in room.chat.get("html", ""))
        room.open_review("3B", 0, samples=16)
        await until("the review in the room", lambda: bool(room.review_view.get("html")))
        room.receive({"type": "close_review"})
        room.receive({"type": "create", "name": "3Z", "kept": "Eva, Iker", "code": "", "bots": ["", "novice", "", ""]})
        await until("the table made from the list", lambda: any(t["table"] == "3Z" for t in room.tables))
        room.receive({"type": "archive", "table": "3Z"})
        await until("the table archived", lambda: bool(room.state["archived"]))
        for table in (*tables, watch, room):
            table.close()

    in_a_kernel_loop(play)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Recorder]:
    """Everything the plays above synced, checked."""
    recorder = Recorder()
    play_the_moments(recorder)
    play_tables_of_bots(recorder)
    step_through_scenarios(recorder)
    answer_quizzes(recorder)
    server = ServerProcess(tmp_path_factory.mktemp("classroom"), away_after=1.0).start()
    try:
        play_a_served_table(recorder, server)
    finally:
        server.stop()
    yield recorder


# ---------------------------------------------------------------------------------------------- Python sends it


@pytest.mark.slow
def test_python_sends_exactly_the_declared_keys_at_every_moment(recorded: Recorder) -> None:
    assert recorded.synced > 1000
    assert not recorded.found, "\n".join(recorded.found[:20])
    reached = {moment_of(state) for state in recorded.states}
    assert set(MOMENTS) <= reached, set(MOMENTS) - reached


@pytest.mark.slow
def test_every_type_of_the_contract_was_sent(recorded: Recorder) -> None:
    """Each ``TypedDict`` was met in what the tables sent."""
    declared = {shape.__name__ for hint in CONTRACT.values() for shape in members(hint)}
    assert declared - set(recorded.seen.types) == set()


@pytest.mark.slow
def test_a_key_is_optional_only_where_it_is_sometimes_absent(recorded: Recorder) -> None:
    """A ``NotRequired`` key was both sent and left out (but those of :data:`NEVER_SENT`):
    a key always sent is declared required, and a key never sent is not declared."""
    seen = recorded.seen
    for hint in CONTRACT.values():
        for member in members(hint):
            for key in member.__optional_keys__:
                entry = (member.__name__, key)
                if entry in NEVER_SENT:
                    assert entry not in seen.present, f"{entry} is sent: take it out of NEVER_SENT"
                    continue
                assert entry in seen.present, f"{entry} is never sent: declare no such key"
                assert entry in seen.absent, f"{entry} is always sent: declare it required"


def test_the_keys_never_sent_are_declared_optional() -> None:
    for owner, key in NEVER_SENT:
        assert key in CONTRACT[owner].__optional_keys__, f"{owner}.{key}: declared NotRequired while never sent"


def test_the_checker_finds_a_missing_an_undeclared_and_a_mistyped_key() -> None:
    row: dict[str, Any] = {"explain": None, "lance": "grande", "outcome": "en_paso", "stake": 1, "bonus": 0,
                           "team": 0, "winner": "Ana & Carla", "points": 1, "counted": True, "why": "…",
                           "marks": [["12o"], [], [], []]}
    count = {"rows": [row], "notes": [], "scores": [1, 0], "shown": True, "over": None,
             "lines": [{"kind": "count", "text": "Grande: Ana & Carla +1", "hand": 1}]}
    assert problems(count, contract.Count, "count", Seen()) == []
    assert problems({**count, "rows": [{**row, "marked": []}]}, contract.Count, "count", Seen()) == [
        "count.rows[0]: CountRow has the undeclared key 'marked'"]
    assert problems({**count, "shown": None}, contract.Count, "count", Seen()) == ["count.shown: None is no bool"]
    del count["over"]
    assert problems(count, contract.Count, "count", Seen()) == ["count: Count lacks 'over'"]
    mus = {"kind": "mus", "actions": ["mus"], "round": 1, "choices": [{"kind": "mus", "text": "mus"}]}
    assert problems(mus, contract.Turn, "turn", Seen()) == []
    assert problems({**mus, "kind": "bet"}, contract.Turn, "turn", Seen()) != []


# ---------------------------------------------------------------------------------------------- the two halves


def balanced(text: str, start: int) -> tuple[str, int]:
    """The text between the brace at ``start`` and the brace that closes it, and the index after that one."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1:i], i + 1
    raise ValueError(f"no closing brace for {text[start:start + 40]!r}")


@dataclass(frozen=True)
class Property:
    type: str
    optional: bool


def typedefs(source: str) -> dict[str, dict[str, Property]]:
    """The typedefs of a JSDoc module: each typedef's properties (``@property {type} name`` or ``[name]``)."""
    out: dict[str, dict[str, Property]] = {}
    for block in re.findall(r"/\*\*(.*?)\*/", source, re.S):
        text = re.sub(r"^\s*\* ?", "", block, flags=re.M)
        properties: dict[str, Property] = {}
        name = None
        for tag in re.finditer(r"@(typedef|property)\s*\{", text):
            kind, (type_text, end) = tag.group(1), balanced(text, tag.end() - 1)
            rest = re.match(r"\s*(\[?)(\w+)\]?", text[end:])
            assert rest, text[end:end + 40]
            if kind == "typedef":
                name = rest.group(2)
            else:
                properties[rest.group(2)] = Property(" ".join(type_text.split()), bool(rest.group(1)))
        if name is not None:
            out[name] = properties
    return out


JS = typedefs(CONTRACT_JS.read_text())
SHAPES = {shape.__name__ for hint in CONTRACT.values() if len(members(hint)) > 1 for shape in members(hint)}
"""The shapes of the unions (``MusTurn``...): js/contract.js declares each union as one typedef."""
MIRRORED = sorted(set(CONTRACT) - SHAPES)
"""The contract's types that js/contract.js declares, by the same name."""


def python_keys(hint: Any) -> dict[str, bool]:
    """Each key of a contract type, and whether it is optional (``NotRequired``, or not in every shape)."""
    shapes = members(hint)
    keys = {key for shape in shapes for key in shape.__annotations__}
    required = set.intersection(*(set(shape.__required_keys__) for shape in shapes))
    return {key: key not in required for key in keys}


@pytest.mark.parametrize("name", MIRRORED)
def test_the_front_end_declares_the_same_keys(name: str) -> None:
    assert name in JS, f"js/contract.js has no typedef {name}"
    js = {key: prop.optional for key, prop in JS[name].items()}
    assert js == python_keys(CONTRACT[name])


def test_the_front_end_declares_no_other_synced_dict() -> None:
    assert set(JS) == set(MIRRORED) | JS_ONLY


@pytest.mark.parametrize(("typedef", "widget", "traits"), [("TableTraits", TableWidget, TABLE_TRAITS),
                                                           ("QuizTraits", mw.Quiz, QUIZ_TRAITS),
                                                           ("ClassroomTraits", mw.Classroom, CLASSROOM_TRAITS)])
def test_the_front_end_declares_the_synced_traits(typedef: str, widget: type[BaseWidget],
                                                  traits: dict[str, Any]) -> None:
    """The traits a view may ``model.get`` are the widget's synced ones, each of the contract's type."""
    assert set(JS[typedef]) == set(mirrored(widget))
    for trait, hint in traits.items():
        if trait != "messages":
            item = get_args(hint)[0] if get_origin(hint) is list else hint
            name = next(n for n, h in CONTRACT.items() if h == item)
            assert re.search(rf"\b{name}\b", JS[typedef][trait].type), (trait, JS[typedef][trait].type)


def test_the_typedef_parser_reads_types_with_braces_and_optional_keys() -> None:
    source = """/**
     * @typedef {object} A
     * @property {{ x: number }} shape a {described} key
     * @property {string[] | null} [maybe]
     */
    /** @typedef {(id: string) => string} T */"""
    assert typedefs(source) == {"A": {"shape": Property("{ x: number }", False),
                                      "maybe": Property("string[] | null", True)}, "T": {}}


# ---------------------------------------------------------------------------------------------- TypeScript

TYPESCRIPT = json.loads((ROOT / "package.json").read_text())["devDependencies"]["typescript"]
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mus-widget-tsc"


def missing(reason: str) -> None:
    """No type check here: CI fails (.ci/run installs node and npm, and this test fetches TypeScript), a
    developer's machine skips."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI runs the type check")
    pytest.skip(reason)


def version_at(folder: Path) -> str | None:
    try:
        return str(json.loads((folder / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return None


def fetch_typescript(folder: Path) -> None:
    """The pinned npm ``typescript`` package (no dependencies of its own) unpacked into ``folder`` by ``npm pack``,
    its tarball checked against package-lock.json's integrity."""
    npm = shutil.which("npm")
    if npm is None:
        missing("npm is not installed")
    work = folder.with_name(folder.name + ".partial")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    packed = subprocess.run([str(npm), "pack", f"typescript@{TYPESCRIPT}", "--pack-destination", str(work)],
                            cwd=work, capture_output=True, text=True, timeout=300, check=False)
    tarballs = list(work.glob("typescript-*.tgz"))
    if packed.returncode != 0 or len(tarballs) != 1:
        missing(f"npm pack typescript@{TYPESCRIPT} failed: {packed.stderr[-2000:]}")
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/typescript"]
    digest = base64.b64encode(hashlib.sha512(tarballs[0].read_bytes()).digest()).decode()
    assert lock["version"] == TYPESCRIPT and lock["integrity"] == f"sha512-{digest}", "not the lock's TypeScript"
    with tarfile.open(tarballs[0]) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(work, filter="data")
        else:  # a Python without tarfile's filters (3.10 before 3.10.12)
            archive.extractall(work)
    shutil.rmtree(folder, ignore_errors=True)
    (work / "package").rename(folder)
    shutil.rmtree(work, ignore_errors=True)


def tsc() -> list[str]:
    """The command of the pinned TypeScript compiler: node_modules' (after npm ci), else the package unpacked in
    ~/.cache/mus-widget-tsc (fetched on first use)."""
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    for folder in (ROOT / "node_modules" / "typescript", CACHE / f"typescript-{TYPESCRIPT}"):
        if version_at(folder) == TYPESCRIPT:
            return [str(node), str(folder / "bin" / "tsc")]
    fetch_typescript(CACHE / f"typescript-{TYPESCRIPT}")
    return [str(node), str(CACHE / f"typescript-{TYPESCRIPT}" / "bin" / "tsc")]


def type_check(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*tsc(), "-p", str(project), "--pretty", "false"], cwd=project, capture_output=True,
                          text=True, timeout=300, check=False)


@pytest.mark.slow
def test_typescript_finds_no_read_of_an_undeclared_key() -> None:
    result = type_check(ROOT)
    output = result.stdout + result.stderr
    assert result.returncode == 0 and not output, output


@pytest.mark.slow
def test_typescript_finds_a_read_of_an_undeclared_key_in_every_view(tmp_path: Path) -> None:
    """A read of an undeclared key of the state in each function of js/ given the views' context (and in the quiz
    and the table's drawing) is an error: every view is checked against the contract."""
    shutil.copytree(ROOT / "js", tmp_path / "js")
    shutil.copy(ROOT / "tsconfig.json", tmp_path)
    planted: list[str] = []
    for path in sorted((tmp_path / "js").rglob("*.js")):
        lines = path.read_text().split("\n")
        for i, line in enumerate(lines):
            if re.match(r"(export )?function \w+\(ctx\b.*\{$", line):
                planted.append(f"undeclared_{len(planted)}")
                lines[i] += f" ctx.state.{planted[-1]};"
            elif re.match(r"(export )?function quizView\(state\b.*\{$", line) or line == "  function draw() {":
                planted.append(f"undeclared_{len(planted)}")
                lines[i] += f' model.get("state").{planted[-1]};' if "draw" in line else f" state.{planted[-1]};"
        path.write_text("\n".join(lines))
    assert len(planted) > 30
    output = type_check(tmp_path).stdout
    flagged = set(re.findall(r"error TS2339: Property '(undeclared_\d+)' does not exist", output))
    assert flagged == set(planted), output
