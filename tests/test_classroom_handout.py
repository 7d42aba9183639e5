"""The teacher's printable join-code handout: a card per table with its name, its code, who it is kept for and the
cell a student runs, every text from the catalogue, print-friendly, and nothing of a name or code as markup."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from mus_widget.classroom.handout import Handout, handout
from mus_widget.i18n.catalogues import message

URL = "ws://192.168.1.20:8765"
TABLES: list[dict[str, Any]] = [
    {"table": "3B", "code": True, "locked": ["Ana", "Bea"]},
    {"table": "3C", "code": False, "locked": None},
    {"table": "<b>4A</b>", "code": True, "locked": None},
    {"table": "Old", "set_aside": "its rows do not replay"},
]


class Cards(HTMLParser):
    """Each card's texts, by its table; and every tag seen."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, list[str]] = {}
        self.current: str | None = None
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs).get("data-table")
        if tag == "section" and found is not None:
            self.current = found
            self.cards[found] = []

    def handle_data(self, data: str) -> None:
        if self.current is not None and data.strip():
            self.cards[self.current].append(data.strip())


def cards_of(page: str) -> Cards:
    parsed = Cards()
    parsed.feed(page)
    return parsed


def test_a_card_per_table_with_its_code_who_it_is_kept_for_and_the_cell_to_run() -> None:
    page = handout(TABLES, server=URL, codes={"3B": "oros-7", "<b>4A</b>": "<i>x</i>"})
    assert isinstance(page, Handout) and page._repr_html_() == page and page.startswith("<!DOCTYPE html>")
    parsed = cards_of(page)
    assert list(parsed.cards) == ["3B", "3C", "<b>4A</b>"], "one card per table; none for a table set aside"
    b3 = parsed.cards["3B"]
    assert b3[:6] == ["Table", "3B", "Join code", "oros-7", "Kept for", "Ana, Bea"]
    assert b3[-1] == f'mw.MusTable(server="{URL}", table="3B", name="your name", code="oros-7")'
    c3 = parsed.cards["3C"]
    assert c3[:6] == ["Table", "3C", "Join code", "none needed", "Kept for", "anyone in the class"]
    assert "code=" not in c3[-1]
    assert parsed.cards["<b>4A</b>"][3] == "<i>x</i>", "names and codes are text, never markup"
    assert "b" not in parsed.tags and "i" not in parsed.tags


def test_a_code_the_teacher_did_not_give_gets_a_line_to_write_it_on() -> None:
    page = handout(TABLES[:1], server=URL)
    card = cards_of(page).cards["3B"]
    assert card[3] == "(write it here)" and 'code="…"' in card[-1]
    assert 'class="mus-handout-blank"' in page


def test_it_prints_one_whole_card_to_a_place_in_black_on_white() -> None:
    page = handout(TABLES, server=URL)
    assert "@media print" in page and "break-inside: avoid" in page
    assert re.search(r"\.mus-handout \{[^}]*color: #000; background: #fff", page)


@pytest.mark.parametrize("language", ["es", "nl", "tr", "cs", "af"])
def test_every_text_is_the_catalogues_in_the_teachers_language(language: str) -> None:
    page = html.unescape(handout(TABLES, server=URL, codes={"3B": "oros-7"}, language=language))
    for key in ("handout.title", "handout.table", "handout.code", "handout.no_code", "handout.kept_for",
                "handout.anyone", "handout.how", "handout.your_name"):
        text = message(key, language)
        assert text != message(key, "en") or key == "handout.table", (language, key)
        assert text in page, (language, key)
    assert f'lang="{language}"' in page
