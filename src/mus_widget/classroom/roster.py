"""A class list for the teacher's room: ``read_roster("class-3.csv")``, or ``mw.Classroom(..., roster=...)``.

The file is CSV, UTF-8 with or without a byte-order mark (what a spreadsheet saves), its first line the
columns' names: ``name`` (required), ``group`` (optional), any other column ignored (a username, an e-mail).
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
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..i18n.names import PlayerNameError, check_name, hidden_character
from .protocol import name_key

NAME: Final = "name"
"""The required column: each student's name, as they type it to sit down."""
GROUP: Final = "group"
"""The optional column: the student's group (a class, a set), carried into the results."""
MAX_GROUP: Final = 32
"""The longest group, in characters."""
SEPARATORS: Final = (",", ";", "\t")
"""The separators a roster may use, the comma first (the one chosen when the first line has none)."""


class RosterError(ValueError):
    """A roster file the room cannot take: ``line`` (from 1, the columns' line) says where, ``problem`` what."""

    def __init__(self, source: str, line: int, problem: str) -> None:
        super().__init__(f"{source}, line {line}: {problem}")
        self.source = source
        self.line = line
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Student:
    """One student of a roster: their ``name`` and their ``group`` (None when the roster gives none)."""

    name: str
    group: str | None = None

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
        name_at, group_at = _columns(header, source)
        students: list[Student] = []
        seen: dict[str, int] = {}
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            line = reader.line_num
            student = _student(row, name_at, group_at, source, line)
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


def _decoded(data: bytes, source: str) -> str:
    """The file's text (a byte-order mark dropped), or the line whose bytes are not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise RosterError(source, line, "the file is not UTF-8 text: save it from the spreadsheet as "
                                        "\u201cCSV UTF-8\u201d") from None


def _columns(header: Sequence[str], source: str) -> tuple[int, int | None]:
    """Where the ``name`` and ``group`` columns are in the columns' line (None: no group column)."""
    names = [cell.strip().casefold() for cell in header]
    for wanted in (NAME, GROUP):
        if names.count(wanted) > 1:
            raise RosterError(source, 1, f"the column {wanted!r} comes {names.count(wanted)} times")
    if NAME not in names:
        found = ", ".join(repr(cell.strip()) for cell in header if cell.strip())
        raise RosterError(source, 1, f"no {NAME!r} column: the first line names the columns, and has {found}")
    return names.index(NAME), names.index(GROUP) if GROUP in names else None


def _student(row: Sequence[str], name_at: int, group_at: int | None, source: str, line: int) -> Student:
    """The student of one line, their name checked by the rule of every table."""
    cell = row[name_at] if name_at < len(row) else ""
    try:
        name = check_name(cell, "the name")
    except PlayerNameError as error:
        raise RosterError(source, line, str(error)) from None
    group = (row[group_at].strip() if group_at is not None and group_at < len(row) else "") or None
    if group is not None:
        hidden = hidden_character(group)
        if hidden is not None:
            raise RosterError(source, line, f"the group holds {hidden}: groups take no control or direction "
                                            "characters")
        if len(group) > MAX_GROUP:
            raise RosterError(source, line, f"the group has {len(group)} characters: a group is 1 to {MAX_GROUP}")
    return Student(name, group)


__all__ = ["GROUP", "MAX_GROUP", "NAME", "Roster", "RosterError", "Student", "change_roster", "parse_roster",
           "read_roster", "roster_of"]
