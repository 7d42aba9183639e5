"""The classroom in real browsers: two JupyterLab servers, each with its own kernel, each with a notebook that
sits a student at the same served table (``MusTable(server=..., table="3B", name=...)``); the two are partners
against two bots. A seña made by clicks on one screen is ringed on the other's, a chat line typed on one shows on
both (as text), player info tells people from bots, a restarted kernel sits its student back in the same
seat with the same cards, and the teacher's ``Classroom`` lists the table, updates live, marks it idle, writes to
it, follows it face up and opens a student's review, in JupyterLab and in marimo. Screenshots go to
``screenshots/classroom-*.png``.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
import urllib.request
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, code_notebook, fit_widget, menu, open_notebook, run_all, use_theme
from classroom_support import TEACHER_KEY, ServerProcess, play_until
from support.ports import free_port
from support.servers import ChildServer, answers
from support.waiting import eventually

pytestmark = pytest.mark.slow

pytest.importorskip("websockets")

from mus_widget import remote  # noqa: E402


def student(url: str, name: str) -> dict[str, Any]:
    return code_notebook(
        "import mus_widget as mw\n\n"
        f"table = mw.MusTable(server={url!r}, table='3B', name={name!r}, tips=False, language='en')\ntable"
    )


def teacher(url: str) -> dict[str, Any]:
    return code_notebook(f"import mus_widget as mw\n\nroom = mw.Classroom({url!r}, teacher_key={TEACHER_KEY!r}, "
                          "language='en', idle_after=3)\nroom")


class Lab:
    """One student's (or the teacher's) own JupyterLab, kernel and seat file."""

    def __init__(self, notebooks: dict[str, Any], seats: Path) -> None:
        old = os.environ.get("MUS_WIDGET_SEATS")
        os.environ["MUS_WIDGET_SEATS"] = str(seats)
        try:
            self.server = LabServer(notebooks)
        finally:
            if old is None:
                del os.environ["MUS_WIDGET_SEATS"]
            else:
                os.environ["MUS_WIDGET_SEATS"] = old


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory, chromium: Path) -> Iterator[ServerProcess]:
    # Two minutes before a stand-in: the students' pages close after the first test, and the teacher's tests
    # after it still find them at the table (their pages closed, not yet away).
    server = ServerProcess(tmp_path_factory.mktemp("classroom"), away_after=120.0).start()
    remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=21)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def labs(classroom: ServerProcess, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[LabServer]]:
    folder = tmp_path_factory.mktemp("seats")
    made: list[LabServer] = []
    try:
        # Ana's lab also holds the teacher's notebook (its own kernel): one JupyterLab fewer to start.
        made.append(Lab({"ana.ipynb": student(classroom.url, "Ana"), "teacher.ipynb": teacher(classroom.url)},
                        folder / "Ana.json").server)
        made.append(Lab({"ben.ipynb": student(classroom.url, "Ben")}, folder / "Ben.json").server)
        yield made
    finally:
        for lab in made:
            lab.stop()


def table_page(browser: Any, lab: LabServer, notebook: str) -> Any:
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    open_notebook(page, lab, notebook)
    run_all(page)
    page.wait_for_selector(".mus-widget .mus-room-bar", timeout=60_000)
    return page


def test_two_students_in_their_own_labs_see_each_others_senas_and_chat(
    browser: Any, labs: list[LabServer], classroom: ServerProcess, screenshots: Path
) -> None:
    ana = table_page(browser, labs[0], "ana.ipynb")  # first in: South
    ben = table_page(browser, labs[1], "ben.ipynb")  # then North, Ana's partner
    try:
        ana_table, ben_table = ana.locator(".mus-widget").first, ben.locator(".mus-widget").first
        ana_table.locator(".mus-seat[data-seat='2'] .mus-name", has_text="Ben").wait_for(timeout=20_000)
        assert ben_table.locator(".mus-seat[data-seat='0'] .mus-name").inner_text() == "Ana"
        assert ben_table.locator(".mus-seat.mus-me").get_attribute("data-seat") == "2"
        assert ben_table.locator(".mus-seat[data-seat='0'] .mus-card").count() == 4  # face down
        assert ben_table.locator(".mus-seat[data-seat='0'] .mus-hand-down").count() == 1
        assert ben_table.locator(".mus-new-game").count() == 0

        # Ana makes a seña by clicking her face and a gesture; Ben, in another lab, sees it ringed, no cell run.
        ana_table.locator("[data-key='face']").click()
        ana_table.locator("[data-key='sena-duples']").click()
        ringed = ben_table.locator(".mus-seat[data-seat='0'] .mus-face-wrap.mus-ringed[data-sena='duples']")
        ringed.wait_for(timeout=20_000)
        ana_table.locator("[data-key='face'].mus-ringed[data-sena='duples']").wait_for(timeout=20_000)
        # The bots are no partners: nothing of theirs is ringed.
        assert ben_table.locator(".mus-seat[data-seat='1'] .mus-ringed").count() == 0

        # Ben's notebook column is narrow: his chat folds behind a button, which shows no mark yet.
        wide = ben.viewport_size
        fit_widget(ben, 400)
        chat_button = ben_table.locator("[data-key='fold-chat']")
        assert chat_button.is_visible() and not ben_table.locator(".mus-chat").is_visible()
        assert chat_button.locator(".mus-fold-unread").count() == 0

        # A chat line typed at Ana's shows on her screen as text, and marks Ben's folded chat.
        line = "<b>¡Vamos!</b> & ánimo"
        box = ana_table.locator(".mus-chat-input")
        assert box.get_attribute("maxlength") == "200"
        box.fill(line)
        assert ana_table.locator(".mus-chat-count").inner_text() == f"{len(line)}/200"
        box.press("Enter")
        ana_table.locator(".mus-chat-text", has_text=line).wait_for(timeout=20_000)
        chat_button.locator(".mus-fold-unread", has_text="1").wait_for(timeout=20_000)
        assert chat_button.get_attribute("aria-label") == "Chat, new messages: 1"
        chat_button.scroll_into_view_if_needed()
        ben_table.locator(".mus-side").screenshot(path=str(screenshots / "classroom-ben-narrow-unread.png"),
                                                  animations="disabled")

        # Ben opens his chat: the line is there, as text, and the mark goes; it stays gone once folded again.
        chat_button.click()
        ben_table.locator(".mus-chat-text", has_text=line).wait_for(timeout=20_000)
        assert chat_button.locator(".mus-fold-unread").count() == 0
        chat_button.click()
        assert chat_button.locator(".mus-fold-unread").count() == 0 and chat_button.get_attribute("aria-label") is None
        ben.set_viewport_size(wide)
        for table in (ana_table, ben_table):
            assert table.locator(".mus-chat b").count() == 0
        assert ana_table.locator(".mus-chat-input").input_value() == ""

        # Player info tells the partner (a person) from a bot.
        ben_table.locator("[data-key='info-0']").click()
        info = ben_table.locator(".mus-info-human")
        assert "A player at this table" in info.inner_text() and "Connected" in info.inner_text()
        ben_table.locator("[data-key='info-1']").click()
        assert "Level: Novice" in ben_table.locator(".mus-info").inner_text()
        ben_table.locator("[data-key='info-1']").click()

        # A refusal from the server shows in the widget like a local one. Four lines are allowed at once, then one
        # every two seconds: Ana types eight at once. (A kernel slow enough to spread them over eight seconds would
        # have them all taken: then she types eight more.)
        too_fast = ana_table.locator(".mus-error[data-error='ui.error.room.chat_too_fast']")
        for _ in range(3):
            ana.evaluate("""() => {
              for (let n = 0; n < 8; n++) {
                const box = document.querySelector('.mus-widget .mus-chat-input');
                box.value = `línea ${n}`;
                box.dispatchEvent(new Event('input'));
                box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
              }
            }""")
            try:
                too_fast.wait_for(timeout=10_000)
                break
            except Exception:  # every line taken: type eight more
                continue
        shown = ana_table.evaluate("""(table) => ({
          errors: [...table.querySelectorAll('.mus-error')].map((e) => e.dataset.error + ': ' + e.innerText),
          kernel: [...table.querySelectorAll('.mus-kernel:not([hidden])')].map((e) => e.innerText),
          lines: table.querySelectorAll('.mus-chat-line').length,
        })""")
        assert too_fast.count() == 1, f"no refusal shown after three bursts of eight lines: {shown}"

        ben_table.scroll_into_view_if_needed()
        ben_table.screenshot(path=str(screenshots / "classroom-ben.png"), animations="disabled")
        ana_table.screenshot(path=str(screenshots / "classroom-ana.png"), animations="disabled")

        # Ana's kernel restarts: the same cell sits her back in her seat (the seat file has her token).
        cards = [e.get_attribute("data-card") for e in ana_table.locator(".mus-me [data-card]").all()]
        assert len(cards) == 4
        ana.evaluate("document.querySelector('.mus-widget').dataset.old = 'yes'")
        menu(ana, "Kernel", "Restart Kernel and Run All Cells…")
        ana.locator(".jp-Dialog .jp-mod-accept").first.click()
        again = ana.locator(".mus-widget:not([data-old]) .mus-room-bar")
        again.wait_for(timeout=60_000)
        fresh = ana.locator(".mus-widget:not([data-old])").first
        assert fresh.locator(".mus-seat.mus-me").get_attribute("data-seat") == "0"
        assert [e.get_attribute("data-card") for e in fresh.locator(".mus-me [data-card]").all()] == cards
        fresh.locator(".mus-chat-text", has_text="¡Vamos!").first.wait_for(timeout=10_000)
        # A restart within the presence grace makes no line; a longer one makes the pair, never half of it.
        back, lost = (ben_table.locator(".mus-chat-event", has_text=text)
                      for text in ("Ana is back at the table.", "Ana lost the connection."))
        ben.wait_for_timeout(1_000)
        assert back.count() == lost.count() <= 1, f"{lost.count()} lost, {back.count()} back"
        fresh.screenshot(path=str(screenshots / "classroom-ana-restarted.png"), animations="disabled")
    finally:
        ana.close()
        ben.close()


def test_the_teacher_lists_the_tables_live_and_follows_one_face_up(
    browser: Any, labs: list[LabServer], classroom: ServerProcess, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1500, "height": 1300})
    try:
        open_notebook(page, labs[0], "teacher.ipynb")
        menu(page, "Run", "Run All Cells")
        room = page.locator(".mus-classroom")  # the live list (its picture, hidden once it draws, is not one)
        summary = room.locator(".mus-classroom-summary[data-table='3B']")
        summary.wait_for(timeout=60_000)
        text = summary.inner_text()
        assert "Ana" in text and "Ben" in text and "Bot: Novice" in text and "To move:" in text
        assert page.locator(".mus-still:visible").count() == 0, "the live list hides its picture"

        remote.create(classroom.url, "3C", bots={1: "expert"}, teacher_key=TEACHER_KEY)
        room.locator(".mus-classroom-summary[data-table='3C']").wait_for(timeout=20_000)
        assert "Tables at" in room.locator(".mus-classroom-title").inner_text()

        # A student (Ana or Ben) has had the turn since the students' test: after 3 s the table is marked idle.
        row = room.locator(".mus-classroom-row[data-table='3B']")
        row.locator(".mus-classroom-summary[data-idle='true'] .mus-classroom-idle").wait_for(timeout=30_000)
        assert "has not played for a while" in row.locator(".mus-classroom-idle").inner_text()
        assert "mus-classroom-row-idle" in (row.get_attribute("class") or "")

        # The teacher writes to the table: the line is in the class's chat, set apart, and at the table.
        box = row.locator(".mus-classroom-tell-input")
        assert box.get_attribute("placeholder") == "Write to everyone at table 3B"
        box.fill("<b>Ana</b>, it is your turn")
        box.press("Enter")
        told = room.locator(".mus-classroom-chat-teacher", has_text="<b>Ana</b>, it is your turn")
        told.wait_for(timeout=20_000)
        assert "Teacher" in told.inner_text() and room.locator(".mus-classroom-chat b").count() == 0
        assert box.input_value() == ""

        row.locator(".mus-classroom-follow").click()
        table = page.locator(".mus-widget").first
        table.wait_for(timeout=30_000)
        table.locator(".mus-room-bar", has_text="face up").wait_for(timeout=20_000)
        assert table.locator(".mus-hand-down").count() == 0
        assert table.locator(".mus-card-slot").count() >= 16
        assert table.locator(".mus-turn .mus-actions button").count() == 0
        assert table.locator(".mus-chat-input").count() == 0
        assert table.locator(".mus-log-replay").count() == 0, "no replay buttons while watching"
        table.locator(".mus-chat-text", has_text="¡Vamos!").first.wait_for(timeout=10_000)  # said before it opened
        table.locator(".mus-chat-teacher .mus-chat-text", has_text="it is your turn").wait_for(timeout=10_000)
        row.locator(".mus-classroom-stop").wait_for(timeout=10_000)

        # A student who has played a hand: her review opens in the room, graded as the page watches, then drawn
        # with its chart.
        remote.create(classroom.url, "3R", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY,
                      seed=6)
        with remote.join(classroom.url, "3R", name="Iker") as iker:
            play_until({0: iker}, random.Random(2), lambda o: o.hand_number >= 2)
        played = room.locator(".mus-classroom-row[data-table='3R']")
        played.locator(".mus-classroom-review[data-seat='0']").click()
        opened = room.locator(".mus-classroom-opened[data-table='3R']")
        opened.wait_for(timeout=20_000)
        assert "Review of Iker's decisions" in opened.inner_text()
        opened.locator(".mus-classroom-review-html svg").first.wait_for(timeout=120_000)
        assert opened.locator(".mus-classroom-progress").count() == 0, "complete"
        assert opened.inner_text().count("Review of Iker's decisions") == 1
        page.screenshot(path=str(screenshots / "classroom-teacher.png"), full_page=True, animations="disabled")
        opened.locator(".mus-classroom-close-review").click()
        opened.wait_for(state="detached", timeout=20_000)

        # The class's results, from the room's button: every student graded as the page watches, then the chart
        # and the table of what room.results() gives.
        room.locator(".mus-classroom-results", has_text="Class results").click()
        results = room.locator(".mus-classroom-opened[data-seat='-1']")
        results.locator(".mus-classroom-review-html svg").first.wait_for(timeout=180_000)
        drawn = results.inner_text()
        assert "Results per student" in drawn and all(name in drawn for name in ("Ana", "Ben", "Iker")), drawn
        assert results.locator(".mus-classroom-progress").count() == 0, "complete"
        results.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "classroom-results.png"), animations="disabled")
        results.locator(".mus-classroom-close-review", has_text="Close the results").click()
        results.wait_for(state="detached", timeout=20_000)
        row.locator(".mus-classroom-stop").click()
        table.wait_for(state="detached", timeout=20_000)
    finally:
        page.close()


def test_a_student_whose_page_closes_while_her_kernel_lives_gets_a_stand_in_until_she_opens_it_again(
    browser: Any, labs: list[LabServer], tmp_path: Path, screenshots: Path
) -> None:
    server = ServerProcess(tmp_path, away_after=2.0, standin_pace=0.3).start()
    page = None
    try:
        remote.create(server.url, "5P", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
        dani = remote.join(server.url, "5P", name="Dani", seat=2)  # her partner, here all along: no pause

        def cleo() -> dict[str, Any]:
            (summary,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
            return dict(summary["players"][0], seq=summary["seq"])

        lab = labs[1]
        # The kernel's patience, shortened for the test: a sign of life every second, a view forgotten after 4 s
        # of silence (90 s in a class).
        notebook = code_notebook("import mus_widget as mw\nfrom mus_widget.classroom import notebook\n\n"
                                 "notebook.HERE_EVERY, notebook.VIEW_GONE_AFTER = 1.0, 4.0\n"
                                 f"table = mw.MusTable(server={server.url!r}, table='5P', name='Cleo', seat=0, "
                                 "tips=False, language='en')\ntable")
        (lab.notebooks / "cleo.ipynb").write_text(json.dumps(notebook))
        page = table_page(browser, lab, "cleo.ipynb")
        assert cleo()["connected"] and not cleo()["closed"] and cleo()["seq"] == 0, "her turn, nobody plays it"

        # She closes the notebook's tab (saving it); JupyterLab's kernel, and its connection, live on. The views'
        # last word cannot reach the kernel (its connection closes first): their silence tells it.
        menu(page, "File", "Save Notebook")
        page.wait_for_timeout(500)
        menu(page, "File", "Close Tab")
        page.locator(".jp-Notebook").wait_for(state="detached", timeout=20_000)
        eventually("the server hears no page shows her table", lambda: cleo()["closed"], 30, every=0.1)
        eventually("a stand-in plays her turn", lambda: cleo()["away"] and cleo()["seq"] > 0, 30, every=0.1)
        assert [s["path"] for s in lab_sessions(lab) if s["path"].endswith("cleo.ipynb")], "her kernel lives"
        assert any(e["event"] == "closed" and e["name"] == "Cleo" for e in dani.events), "her partner is told"

        # She opens it again: the table shows from her kernel, and she is back in her seat.
        open_notebook(page, lab, "cleo.ipynb")
        page.wait_for_selector(".mus-widget .mus-room-bar", timeout=60_000)
        eventually("Cleo back", lambda: not cleo()["closed"] and not cleo()["away"], 30, every=0.1)
        table = page.locator(".mus-widget").first
        assert table.locator(".mus-seat.mus-me").get_attribute("data-seat") == "0"
        table.screenshot(path=str(screenshots / "classroom-page-reopened.png"), animations="disabled")

        # The teacher frees her seat: one message in the room's bar, not a dropped connection retried, and the bar
        # covers nobody's nameplate.
        remote.free_seat(server.url, "5P", 0, teacher_key=TEACHER_KEY)
        bar = table.locator(".mus-room-bar[data-link='freed']")
        bar.wait_for(timeout=20_000)
        assert "The teacher freed your seat" in bar.inner_text() and "reconnect" not in table.inner_text().lower()
        assert table.locator(".mus-room-bar").count() == 1
        assert table.locator(".mus-chat-input").count() == 0, "nothing to write from a seat no longer hers"
        page.wait_for_timeout(3_000)  # long after a reconnection would have been tried: still the one message
        assert table.locator(".mus-room-bar[data-link='freed']").count() == 1
        shown = bar.bounding_box()
        for plate in table.locator(".mus-plate").all():
            box = plate.bounding_box()
            assert shown and box and (box["y"] >= shown["y"] + shown["height"] or box["y"] + box["height"] <= shown["y"]
                                      or box["x"] >= shown["x"] + shown["width"]
                                      or box["x"] + box["width"] <= shown["x"]), (plate.inner_text(), shown, box)
        table.screenshot(path=str(screenshots / "classroom-freed.png"), animations="disabled")

        dani.close()
    finally:
        if page is not None:
            page.close()
        server.stop()


def lab_sessions(lab: LabServer) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{lab.url}/api/sessions", timeout=10) as answer:
        return [{"path": s["path"]} for s in json.load(answer)]


def marimo_app(url: str) -> str:
    """The teacher's list as a marimo app: the room in one cell, wrapped by ``mo.ui.anywidget``."""
    return (
        "import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    import marimo as mo\n"
        "    import mus_widget as mw\n    return mo, mw\n\n\n@app.cell\ndef _(mo, mw):\n"
        f"    room = mw.Classroom({url!r}, teacher_key={TEACHER_KEY!r}, language='en', idle_after=3)\n"
        "    mo.ui.anywidget(room)\n    return\n\n\nif __name__ == '__main__':\n    app.run()\n"
    )


def test_the_teachers_list_runs_in_marimo(browser: Any, classroom: ServerProcess, tmp_path: Path,
                                          screenshots: Path) -> None:
    (tmp_path / "room.py").write_text(marimo_app(classroom.url))
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("ANYWIDGET_HMR", None)
    marimo = ChildServer([sys.executable, "-m", "marimo", "run", "--headless", "--no-token", "--host", "127.0.0.1",
                          "--port", str(port), "room.py"], name="marimo", log=tmp_path / "marimo.log", cwd=tmp_path,
                         env=env)
    marimo.start(answers(f"http://127.0.0.1:{port}/"), timeout=90.0, every=0.3)
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    errors: list[str] = []  # the list's own errors (its code runs from a blob: URL), not marimo's
    page.on("pageerror", lambda error: errors.append(str(error)) if "blob:" in (error.stack or "") else None)
    eva = None
    try:
        page.goto(f"http://127.0.0.1:{port}/")
        room = page.locator(".mus-classroom")
        room.locator(".mus-classroom-row[data-table='3B']").wait_for(timeout=90_000)
        assert "Ana" in room.locator(".mus-classroom-row[data-table='3B']").inner_text()
        assert room.locator(".mus-classroom-follow").count() == 0, "marimo shows no table below the list"

        # A table made now, a student sitting down: the list shows both by itself, then marks her idle.
        remote.create(classroom.url, "4M", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY,
                      seed=3)
        eva = remote.join(classroom.url, "4M", name="Eva")
        row = room.locator(".mus-classroom-row[data-table='4M']")
        row.locator(".mus-classroom-summary", has_text="Eva").wait_for(timeout=20_000)
        row.locator(".mus-classroom-summary[data-idle='true']").wait_for(timeout=30_000)

        # The teacher writes to her table from marimo; Eva's seat hears it from the teacher.
        box = row.locator(".mus-classroom-tell-input")
        box.fill("Eva, your turn")
        row.locator(".mus-classroom-tell-send").click()
        eva.wait(lambda: any(line.teacher for line in eva.chat), 20, "the teacher's line at Eva's seat")
        assert eva.chat[-1] == remote.ChatLine(None, "", "Eva, your turn", teacher=True)
        room.locator(".mus-classroom-chat-teacher", has_text="Eva, your turn").wait_for(timeout=20_000)
        page.screenshot(path=str(screenshots / "classroom-teacher-marimo.png"), full_page=True)
        assert errors == []
    finally:
        if eva is not None:
            eva.close()
        page.close()
        marimo.stop()


PLACEHOLDERS_CUT = """() => {
  const context = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const input of document.querySelectorAll('.mus-classroom input[placeholder]')) {
    const style = getComputedStyle(input);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const needs = context.measureText(input.placeholder).width;
    if (needs > room + 1) cut.push(`${input.placeholder}: ${Math.round(needs)} px in ${Math.round(room)}`);
  }
  return cut;
}"""
"""The placeholders of the room's inputs that their box cuts short, with the width each needs and has."""
OUTSIDE_THE_ROOM = """() => {
  const room = document.querySelector('.mus-classroom').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('.mus-classroom-row, .mus-classroom-row button, '
                                             + '.mus-classroom-row input, .mus-classroom-row select')) {
    const box = el.getBoundingClientRect();
    if (box.width && (box.left < room.left - 1 || box.right > room.right + 1)) {
      out.push(`${el.className} ${Math.round(box.left)}-${Math.round(box.right)} outside ${room.left}-${room.right}`);
    }
  }
  return out;
}"""
"""The rows and controls of the room that reach past its box on the left or the right."""


def axe_room(page: Any, rules: list[str]) -> list[str]:
    """axe-core over the room (``rules``, or every rule): its serious and critical violations."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=(files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8"))
    return list(page.evaluate("""async (rules) => {
      const only = rules.length ? { runOnly: { type: 'rule', values: rules } } : {};
      const result = await axe.run(document.querySelector('.mus-classroom'), { resultTypes: ['violations'], ...only });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${n.failureSummary}`));
    }""", rules))


def glance_notebook(url: str, expected: list[str]) -> dict[str, Any]:
    return code_notebook(f"import mus_widget as mw\n\nroom = mw.Classroom({url!r}, teacher_key={TEACHER_KEY!r}, "
                         f"language='en', expected={expected!r})\nroom")


def test_the_room_at_a_glance_fits_seven_tables_on_one_laptop_screen(
    browser: Any, tmp_path: Path, screenshots: Path
) -> None:
    """A class of 25 at seven tables: every box in sight on a 1280×800 JupyterLab with its file browser open, the
    table waiting on an empty seat first, and *Free the seat* apart from *Review*, asking before it frees."""
    (tmp_path / "server").mkdir()
    server = ServerProcess(tmp_path / "server", away_after=60.0).start()
    seats: list[remote.RemoteSeat] = []
    lab = None
    page = None
    try:
        names = ["Ana", "Bea", "Iker", "Eva", "Jon", "Leire", "Mikel", "Nerea", "Unai", "Ane", "Aitor", "Maite",
                 "Oier", "June", "Asier", "Irati", "Gorka", "Amaia", "Ibai", "Naiara", "Xabier", "Uxue", "Peio",
                 "Garazi", "Eneko"]  # a class of 25
        for t in range(6):
            remote.create(server.url, f"T{t + 1}", teacher_key=TEACHER_KEY, seed=10 + t)
            seats += [remote.join(server.url, f"T{t + 1}", name=names[4 * t + s]) for s in range(4)]
        remote.create(server.url, "T7", bots={1: "novice", 2: "novice"}, teacher_key=TEACHER_KEY, seed=4)
        seats.append(remote.join(server.url, "T7", name=names[24], seat=3))  # seat 0, first to move, stays empty
        lab = Lab({"room.ipynb": glance_notebook(server.url, [*names, "Zoe"])}, tmp_path / "seats.json").server
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        open_notebook(page, lab, "room.ipynb")
        if page.locator(".jp-FileBrowser:visible").count() == 0:
            page.locator(".jp-SideBar li[data-id='filebrowser']").first.click()
        page.locator(".jp-FileBrowser").first.wait_for(state="visible", timeout=20_000)
        menu(page, "Run", "Run All Cells")
        room = page.locator(".mus-classroom")
        room.locator(".mus-classroom-row").nth(6).wait_for(timeout=60_000)
        room.locator(".mus-classroom-row[data-trouble='true']").first.wait_for(timeout=20_000)
        assert room.locator(".mus-classroom-row").first.get_attribute("data-table") == "T7", "trouble first"
        assert "Waiting for a player at South" in room.locator(".mus-classroom-row").first.inner_text()
        assert room.locator(".mus-classroom-expected").inner_text() == "Not joined yet: Zoe"
        room.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").bounding_box()
        browser_panel = page.locator(".jp-FileBrowser").first.bounding_box()
        assert notebook is not None and browser_panel is not None and browser_panel["width"] > 150
        page.screenshot(path=str(screenshots / "classroom-room-glance.png"), animations="disabled")
        boxes = [room.locator(".mus-classroom-row").nth(i).bounding_box() for i in range(7)]
        heights = [round(box["height"]) for box in boxes if box is not None]
        assert len(heights) == 7 and max(heights) <= 160, heights
        bottom = max(box["y"] + box["height"] for box in boxes if box is not None)
        top = min(box["y"] for box in boxes if box is not None)
        assert top >= notebook["y"] and bottom <= min(notebook["y"] + notebook["height"], 800), (top, bottom, notebook)

        # Free the seat: apart from Review (after it, past a divider), and it asks first.
        row = room.locator(".mus-classroom-row[data-table='T1']")
        review = row.locator(".mus-classroom-review").last.bounding_box()
        free = row.locator(".mus-classroom-free").bounding_box()
        assert review is not None and free is not None
        assert free["x"] > review["x"] + review["width"] + 8 or free["y"] > review["y"] + review["height"]
        row.locator(".mus-classroom-free").select_option(value="0")
        confirm = row.locator(".mus-classroom-confirm")
        confirm.wait_for(timeout=10_000)
        assert "token stops working" in confirm.inner_text()
        row.screenshot(path=str(screenshots / "classroom-free-confirm.png"), animations="disabled")
        confirm.locator(".mus-classroom-free-no").click()
        confirm.wait_for(state="detached", timeout=10_000)
        assert all(p["kind"] == "human" for p in remote.tables(server.url, teacher_key=TEACHER_KEY)[0]["players"])

        # One click gives the empty seat a bot: the table plays on and leaves the top.
        room.locator(".mus-classroom-row[data-table='T7'] .mus-classroom-seat-bot").click()
        page.wait_for_function("() => document.querySelector('.mus-classroom-row')?.dataset.table !== 'T7'"
                               " || document.querySelector('.mus-classroom-row')?.dataset.trouble === 'false'",
                               timeout=20_000)

        # Every line to write in shows its whole placeholder; axe finds nothing serious in the light theme, nor in
        # the colours of the dark; and in a narrow notebook nothing leaves the room's box.
        cut = page.evaluate(PLACEHOLDERS_CUT)
        assert not cut, f"placeholders cut short: {cut}"
        assert not axe_room(page, []), axe_room(page, [])
        use_theme(page, "JupyterLab Dark")
        assert not axe_room(page, ["color-contrast", "link-in-text-block"])
        page.screenshot(path=str(screenshots / "classroom-room-dark.png"), animations="disabled")
        use_theme(page, "JupyterLab Light")
        page.set_viewport_size({"width": 720, "height": 800})  # the file browser open: a notebook some 400 px wide
        page.wait_for_timeout(500)
        outside = page.evaluate(OUTSIDE_THE_ROOM)
        assert not outside, outside
        room.screenshot(path=str(screenshots / "classroom-room-narrow.png"), animations="disabled")
    finally:
        for seat in seats:
            seat.close()
        if page is not None:
            page.close()
        if lab is not None:
            lab.stop()
        server.stop()


def test_the_rooms_still_picture_keeps_each_seat_apart(browser: Any, classroom: ServerProcess, screenshots: Path
                                                       ) -> None:
    """The room's static picture (what a notebook shows before the live list draws, and keeps without a kernel)
    sets each table's seats apart as the live list does, never run together ("South AnaEast Bot"), in every
    language and at a phone's width."""
    import mus_widget as mw
    from mus_widget.i18n.catalogues import LANGUAGES

    page = browser.new_page(viewport={"width": 360, "height": 700})
    try:
        for language in LANGUAGES:
            room = mw.Classroom(classroom.url, teacher_key=TEACHER_KEY, language=language)
            try:
                page.set_content(room.picture()._repr_html_())
            finally:
                room.close()
            tables = page.locator(".mus-classroom-picture .mus-classroom-seats").evaluate_all(
                "(rows) => rows.map((row) => [...row.querySelectorAll('.mus-classroom-seat')].map((s) => {"
                " const r = s.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,"
                " text: s.textContent}; }))")
            assert tables and all(len(seats) == 4 for seats in tables), f"{language}: four seats a table"
            for seats in tables:
                for before, after in itertools.pairwise(seats):
                    if after["top"] == before["top"]:  # on one line: a clear gap between them
                        assert after["left"] - before["right"] >= 8, \
                            f"{language}: {before['text']!r} runs into {after['text']!r}"
                    else:
                        assert after["top"] > before["top"], f"{language}: the seats wrap downward, in order"
            page.screenshot(path=str(screenshots / f"classroom-picture-{language}.png"))
    finally:
        page.close()
