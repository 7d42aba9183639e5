"""The classroom in real browsers: two JupyterLab servers, each with its own kernel, each with a notebook that
sits a student at the same served table (``MusTable(server=..., table="3B", name=...)``); the two are partners
against two bots. A seña made by clicks on one screen is ringed on the other's, a chat line typed on one shows on
both (as text), player info tells people from bots, a restarted kernel sits its student back in the same
seat with the same cards, and the teacher's ``Classroom`` lists the table, updates live
and follows it face up. Screenshots go to ``screenshots/classroom-*.png``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, code_notebook, fit_widget, menu, open_notebook, run_all
from classroom_support import TEACHER_KEY, ServerProcess

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
                          "language='en')\nroom")


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
    server = ServerProcess(tmp_path_factory.mktemp("classroom"), away_after=30.0).start()
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
        summary = page.locator(".mus-classroom-summary[data-table='3B']")
        summary.wait_for(timeout=60_000)
        text = summary.inner_text()
        assert "Ana" in text and "Ben" in text and "Bot: Novice" in text and "To move:" in text

        remote.create(classroom.url, "3C", bots={1: "expert"}, teacher_key=TEACHER_KEY)
        page.locator(".mus-classroom-summary[data-table='3C']").wait_for(timeout=20_000)
        assert "Tables at" in page.locator(".mus-classroom-title").inner_text()

        page.locator(".mus-classroom-follow").first.click()
        table = page.locator(".mus-widget").first
        table.wait_for(timeout=30_000)
        table.locator(".mus-room-bar", has_text="face up").wait_for(timeout=20_000)
        assert table.locator(".mus-hand-down").count() == 0
        assert table.locator(".mus-card-slot").count() >= 16
        assert table.locator(".mus-turn .mus-actions button").count() == 0
        assert table.locator(".mus-chat-input").count() == 0
        table.locator(".mus-chat-text", has_text="¡Vamos!").first.wait_for(timeout=10_000)  # said before it opened
        page.screenshot(path=str(screenshots / "classroom-teacher.png"), full_page=True, animations="disabled")
    finally:
        page.close()
