"""A class list for the teacher's room: ``read_roster("class-3.csv")``, or ``mw.Classroom(..., roster=...)``.

The file is CSV, UTF-8 with or without a byte-order mark (what a spreadsheet saves), its first line the
columns' names: ``name`` (required), ``group`` and ``id`` (optional: the student's account, a JupyterHub username
or nbgrader's student id, which :mod:`.grades` hands grades in by), any other column ignored (an e-mail).
Column names are read without regard to case or surrounding spaces. The separator is the comma, or the
semicolon or tab when the first line has more of those (a spreadsheet in Spanish saves ``;``). A line with
nothing in it is skipped. Every name follows the rule of every table
(:func:`~mus_widget.i18n.names.check_name`), and two names the server takes for one ("Ana", "ANA": its
:func:`~.protocol.name_key`) are refused. A file that breaks any of this is refused as a whole with one
:class:`RosterError` naming the line and what is wrong.
"""

from __future__ import annotations

import csv
import io
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..i18n.names import PlayerNameError, check_name, hidden_character
from .protocol import ClassroomError, hub_name, name_key

NAME: Final = "name"
"""The required column: each student's name, as they type it to sit down."""
GROUP: Final = "group"
"""The optional column: the student's group (a class, a set), carried into the results."""
ID: Final = "id"
"""The optional column: the student's account (a JupyterHub username, nbgrader's student id)."""
MAX_GROUP: Final = 32
"""The longest group, in characters."""
MAX_ID: Final = 255
"""The longest id, in characters (JupyterHub's longest username)."""
SEPARATORS: Final = (",", ";", "\t")
"""The separators a roster may use, the comma first (the one chosen when the first line has none)."""


class RosterError(ValueError):
    """A roster the room cannot take: ``line`` (from 1, the columns' line; in a hub group, its ``user``; None:
    the whole source) says where, ``problem`` what."""

    def __init__(self, source: str, line: int | None, problem: str, *, unit: str = "line") -> None:
        super().__init__(f"{source}: {problem}" if line is None else f"{source}, {unit} {line}: {problem}")
        self.source = source
        self.line = line
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Student:
    """One student of a roster: their ``name``, their ``group`` and their account ``id`` (each None when the
    roster gives none)."""

    name: str
    group: str | None = None
    id: str | None = None

    @property
    def key(self) -> str:
        """The form in which the server compares names ("Ana" and "ANA" are one student)."""
        return name_key(self.name)


@dataclass(frozen=True, slots=True)
class Roster:
    """The students of a class, in the roster's order; ``source`` names the file it was read from."""

    students: tuple[Student, ...]
    source: str = "roster"

    def __len__(self) -> int:
        return len(self.students)

    def __iter__(self) -> Iterator[Student]:
        return iter(self.students)

    @property
    def names(self) -> tuple[str, ...]:
        """The students' names, in order: what the room expects (``Classroom.expected``)."""
        return tuple(student.name for student in self.students)

    def find(self, name: str) -> Student | None:
        """The student of this roster called ``name`` as the server compares names, or None."""
        key = name_key(name)
        return next((student for student in self.students if student.key == key), None)

    def with_names(self, names: Iterable[str]) -> Roster:
        """This roster and, after it, each of ``names`` it does not hold yet (with no group)."""
        extra: list[Student] = []
        for name in names:
            if self.find(name) is None and all(s.key != name_key(name) for s in extra):
                extra.append(Student(check_name(name, "an expected name")))
        return Roster((*self.students, *extra), self.source)


def roster_of(names: Sequence[str], source: str = "expected") -> Roster:
    """A roster of ``names`` with no groups (``expected=`` of the room), each checked as a roster's are."""
    return Roster((), source).with_names(names)


def change_roster(old: Roster | None, new: str | os.PathLike[str] | Roster | None,
                  expected: Sequence[str]) -> tuple[Roster | None, list[str]]:
    """A room's class list (``new``: a file's path, a roster, or None) and the names it then expects: the new
    list's, then those of ``expected`` that were not the old list's (the names ``expected=`` gave)."""
    chosen = new if new is None or isinstance(new, Roster) else read_roster(new)
    given = [name for name in expected if old is None or name not in old.names]
    return chosen, [*(() if chosen is None else chosen.names),
                    *(name for name in given if chosen is None or chosen.find(name) is None)]


def read_roster(path: str | os.PathLike[str]) -> Roster:
    """The roster in the CSV file at ``path`` (the columns in the module's docstring); :class:`RosterError`
    naming the line of the first thing wrong."""
    source = os.fspath(path)
    with open(path, "rb") as file:
        data = file.read()
    return parse_roster(data, source=os.path.basename(source) or source)


def parse_roster(data: bytes | str, source: str = "roster") -> Roster:
    """The roster in ``data``, a roster file's bytes (or its text); :class:`RosterError` naming the line."""
    text = _decoded(data, source) if isinstance(data, bytes) else data.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    separator = max(SEPARATORS, key=first.count) if any(s in first for s in SEPARATORS) else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    try:
        header = next(reader, None)
        if header is None or not any(cell.strip() for cell in header):
            raise RosterError(source, 1, f"the file is empty: its first line names the columns ({NAME!r}, and "
                                         f"{GROUP!r} if you like)")
        name_at, group_at, id_at = _columns(header, source)
        students: list[Student] = []
        seen: dict[str, int] = {}
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            line = reader.line_num
            student = _student(row, (name_at, group_at, id_at), source, line)
            if student.key in seen:
                raise RosterError(source, line, f"{student.name!r} is the name of line {seen[student.key]} too "
                                                "(names are compared as the server compares them: case aside)")
            seen[student.key] = line
            students.append(student)
    except csv.Error as error:
        raise RosterError(source, reader.line_num, f"not CSV: {error}") from None
    if not students:
        raise RosterError(source, reader.line_num + 1, "no student: write one name a line under the columns' line")
    return Roster(tuple(students), source)


def hub_roster(*groups: str, api_url: str | None = None, token: str | None = None) -> Roster:
    """The students of the JupyterHub groups ``groups``, in each group's order: each one's hub username as their
    name and id, the group as their group (a user of two of the groups is listed once, under the first).

    ``api_url`` and ``token`` are by default those the hub gives a notebook's kernel (``JUPYTERHUB_API_URL``,
    ``JUPYTERHUB_API_TOKEN``); the token needs the ``read:groups`` scope (docs/classroom.md, "On a JupyterHub").
    :class:`RosterError` when the hub refuses, has no such group, or a username is no name a table takes."""
    if not groups:
        raise ValueError("hub_roster needs at least one hub group: hub_roster('3A', '3B')")
    url = (api_url or os.environ.get("JUPYTERHUB_API_URL") or "").rstrip("/")
    key = token or os.environ.get("JUPYTERHUB_API_TOKEN")
    if not url or not key:
        raise ValueError("hub_roster reads the hub's groups with the notebook's hub token: run it in a notebook "
                         "on the JupyterHub, or give api_url= and token=")
    students: list[Student] = []
    seen: set[str] = set()
    for group in groups:
        source = f"the hub group {group!r}"
        for n, user in enumerate(_hub_members(url, key, group, source), start=1):
            try:
                student = Student(hub_name(user), group, user)
            except ClassroomError as error:
                raise RosterError(source, n, f"{error.detail} (a hub username is the name its user sits down under)",
                                  unit="user") from None
            if student.key not in seen:
                seen.add(student.key)
                students.append(student)
    if not students:
        raise RosterError(f"the hub groups {', '.join(map(repr, groups))}", None, "no user in any of them")
    return Roster(tuple(students), "hub " + ", ".join(groups))


def _hub_members(url: str, token: str, group: str, source: str) -> list[str]:
    """The usernames of the hub group ``group``, as the hub's REST API lists them."""
    request = urllib.request.Request(f"{url}/groups/{urllib.parse.quote(group, safe='')}",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            model = json.loads(response.read())
    except urllib.error.HTTPError as error:
        why = {404: "the hub has no such group (or the token may not see it)",
               403: "the hub refused: the token lacks the read:groups scope"}.get(error.code, error.reason)
        raise RosterError(source, None, f"{why} (HTTP {error.code} from {url})") from None
    except (urllib.error.URLError, OSError) as error:
        raise ConnectionError(f"the hub's API at {url} did not answer: {error}") from None
    users = model.get("users") if isinstance(model, dict) else None
    if not isinstance(users, list) or not all(isinstance(user, str) for user in users):
        raise RosterError(source, None, "the hub's answer lists no users: the token lacks the read:groups scope")
    return users


def _decoded(data: bytes, source: str) -> str:
    """The file's text (a byte-order mark dropped), or the line whose bytes are not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise RosterError(source, line, "the file is not UTF-8 text: save it from the spreadsheet as "
                                        "\u201cCSV UTF-8\u201d") from None


def _columns(header: Sequence[str], source: str) -> tuple[int, int | None, int | None]:
    """Where the ``name``, ``group`` and ``id`` columns are in the columns' line (None: no such column)."""
    names = [cell.strip().casefold() for cell in header]
    for wanted in (NAME, GROUP, ID):
        if names.count(wanted) > 1:
            raise RosterError(source, 1, f"the column {wanted!r} comes {names.count(wanted)} times")
    if NAME not in names:
        found = ", ".join(repr(cell.strip()) for cell in header if cell.strip())
        raise RosterError(source, 1, f"no {NAME!r} column: the first line names the columns, and has {found}")
    return (names.index(NAME), names.index(GROUP) if GROUP in names else None,
            names.index(ID) if ID in names else None)


def _optional(row: Sequence[str], at: int | None, column: str, source: str, line: int) -> str | None:
    """An optional cell of one line, trimmed (None when empty or absent), with no hidden characters and at most
    :data:`MAX_GROUP` characters for a group, :data:`MAX_ID` for an id."""
    longest = MAX_ID if column == ID else MAX_GROUP
    cell = (row[at].strip() if at is not None and at < len(row) else "") or None
    if cell is not None:
        hidden = hidden_character(cell)
        if hidden is not None:
            raise RosterError(source, line, f"the {column} holds {hidden}: a {column} takes no control or direction "
                                            "characters")
        if len(cell) > longest:
            raise RosterError(source, line, f"the {column} has {len(cell)} characters: a {column} is 1 to {longest}")
    return cell


def _student(row: Sequence[str], columns: tuple[int, int | None, int | None], source: str, line: int) -> Student:
    """The student of one line (``columns``: where its name, group and id are), their name checked by the rule of
    every table."""
    name_at, group_at, id_at = columns
    cell = row[name_at] if name_at < len(row) else ""
    try:
        name = check_name(cell, "the name")
    except PlayerNameError as error:
        raise RosterError(source, line, str(error)) from None
    return Student(name, _optional(row, group_at, GROUP, source, line), _optional(row, id_at, ID, source, line))


__all__ = ["GROUP", "ID", "MAX_GROUP", "MAX_ID", "NAME", "Roster", "RosterError", "Student", "change_roster",
           "hub_roster", "parse_roster", "read_roster", "roster_of"]
