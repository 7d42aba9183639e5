"""The table in a real browser: JupyterLab runs the play notebook and a student plays by clicking only.

The student follows :mod:`mus_scenario`'s policy. The test first plays that policy in Python to pick a seed whose
game shows every element to check (discards, a raise with the slider, a partner's proposal to agree with,
a count, an Órdago with the slider), then types that seed into the new-game panel and plays the same game by
clicking, checking the table at every step. Screenshots (light and dark, 500 and 1,200 px) go to
``screenshots/`` at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import LabServer, TablePage, fit_widget, notebook_page, open_notebook, run_all, slide_to, use_theme
from browser.mus_scenario import Choice, Memo, View, decide, find_seed, play
from mus_widget.teaching.exercises import exercise

pytestmark = pytest.mark.slow

TURN_OR_COUNT = """() => {
  const root = document.querySelector('.mus-widget');
  return Boolean(root.querySelector('.mus-turn, .mus-count')) || root.dataset.stage === 'over';
}"""
"""Whether the table shows the student's turn, the count, or the game's end: what the played game waits for."""
READ_VIEW = """() => {
  const root = document.querySelector('.mus-widget');
  const turn = root.querySelector('.mus-turn');
  if (!turn) return null;
  const cards = [...root.querySelectorAll('.mus-me [data-card]')].map((e) => e.dataset.card);
  if (root.querySelector('.mus-hand-pick')) return { kind: 'discard', actions: [], agree: null, slider: null, cards };
  const plain = [...turn.querySelectorAll('.mus-actions button[data-action]')]
    .filter((b) => b.dataset.key !== 'act-agree' && b.dataset.key !== 'act-raise');
  const actions = plain.map((b) => b.dataset.action);
  const agree = turn.querySelector('[data-key="act-agree"]');
  const slider = turn.querySelector('input.mus-slider');
  return {
    kind: actions.includes('mus') ? 'mus' : 'bet',
    actions,
    agree: agree ? agree.dataset.action : null,
    slider: slider ? [Number(slider.dataset.stops.split(',')[0]), Number(slider.dataset.stops.split(',').pop())] : null,
    cards,
  };
}"""


class Table(TablePage):
    """The Mus table on the page, driven by clicks."""

    def view(self) -> View | None:
        data = self.page.evaluate(READ_VIEW)
        if data is None:
            return None
        slider = data["slider"]
        return View(data["kind"], tuple(data["actions"]), data["agree"], tuple(slider) if slider else None,
                    tuple(data["cards"]))

    def perform(self, choice: Choice, keyboard: bool = False) -> None:
        root = self.root
        before = self.version()
        if choice.kind == "click":
            plain = ":not([data-key='act-agree']):not([data-key='act-raise'])"
            button = root.locator(f".mus-actions button[data-action='{choice.action}']{plain}").first
            if keyboard:
                button.focus()
                self.page.keyboard.press("Enter")
            else:
                button.click()
        elif choice.kind == "agree":
            agree = root.locator("[data-key='act-agree']")
            assert agree.inner_text().strip() == "Agree"
            agree.click()
        elif choice.kind == "discard":
            for card in choice.cards:
                root.locator(f"button[data-card='{card}']").click()
                assert root.locator(f"button[data-card='{card}']").get_attribute("aria-pressed") == "true"
            discard = root.locator("[data-key='act-discard']")
            assert discard.inner_text().strip() == f"Discard {len(choice.cards)}"
            discard.click()
        else:
            slide_to(root.locator("input.mus-slider"), choice.amount)
            raise_button = root.locator("[data-key='act-raise']")
            assert raise_button.get_attribute("data-action") == choice.action
            # A raise over a bet on the table reads "5 más" ("raise 5"); the first bet "Envido 5" ("bet").
            over_a_bet = "· stake" in root.locator(".mus-bar").inner_text()
            word, gloss = (f"{choice.amount} más", f"raise {choice.amount}") if over_a_bet else \
                (f"Envido {choice.amount}", "bet")
            expected = "Órdago" if choice.action == "ordago" else word
            assert raise_button.locator(".mus-word").inner_text().strip() == expected
            gloss = "all in" if choice.action == "ordago" else gloss
            assert raise_button.locator(".mus-gloss").inner_text().strip() == gloss, "the local word under it"
            raise_button.click()
            if choice.action == "ordago":
                # The whole game on one call: a second step, with Not yet focused and nothing sent yet.
                root.locator(".mus-confirm").wait_for()
                assert root.locator("[data-key='confirm-no']").evaluate("(el) => el === document.activeElement")
                assert self.version() == before, "the órdago waited for its second step"
                root.locator("[data-key='confirm-yes']").click()
        self.wait_newer(before)

    def shot(self, folder: Path, name: str, width: int) -> Path:
        got = fit_widget(self.page, width)
        self.root.scroll_into_view_if_needed()
        path = folder / f"{name}-{width}.png"
        self.root.screenshot(path=str(path), animations="disabled")
        assert abs(got - width) <= 12, f"the table is {got} px wide, not about {width}"
        return path


@pytest.fixture(scope="module")
def table(browser: Any, lab_server: LabServer) -> Any:
    # JupyterLab's file browser folded away: more room for the table.
    size = {"width": 1400, "height": 1100}
    with notebook_page(browser, lab_server, viewport=size, fold_files=True) as (page, errors):
        yield Table(page)
        assert not errors, f"errors in the page: {errors}"


def test_a_student_plays_a_game_by_clicking(table: Table, screenshots: Path) -> None:
    page, root = table.page, table.root
    seed = find_seed()

    # The new-game panel: names, bots, rules, tips, language, bot speed and seed; Start deals.
    root.locator("[data-key='new-game']").click()
    dialog = root.locator(".mus-dialog")
    dialog.wait_for()
    for key in ("name-0", "level-1", "level-2", "level-3", "target", "kings", "games", "form-tips", "form-coach",
                "language", "pace", "seed", "rule-real_31", "rule-team_consent"):
        assert dialog.locator(f"[data-key='{key}']").count() == 1, key
    assert dialog.locator("[data-key='level-1'] option").count() == 3
    dialog.locator("[data-key='pace']").select_option("0")
    dialog.locator("[data-key='seed']").fill(str(seed))
    table.click("[data-key='start']")
    assert root.locator(".mus-dialog").count() == 0
    assert root.locator(".mus-seat").count() == 4
    assert root.locator(".mus-mano").count() == 1
    assert root.locator(".mus-me .mus-card-slot, .mus-me .mus-card-button").count() == 4
    assert root.locator(".mus-hand-down").count() == 3  # the others' cards are face down

    # A tips box: arrows page through it, the green X closes it.
    tips = root.locator(".mus-tips")
    tips.wait_for()
    first_tip = root.locator(".mus-tip-text").get_attribute("data-tip")
    root.locator("[data-key='tip-next']").click()
    assert root.locator(".mus-tip-text").get_attribute("data-tip") != first_tip
    root.locator("[data-key='tip-prev']").click()
    assert root.locator(".mus-tip-text").get_attribute("data-tip") == first_tip
    root.locator("[data-key='tip-close']").click()
    assert tips.count() == 0

    # A bot's player info.
    bot = 1
    root.locator(f"[data-key='info-{bot}']").click()
    info = root.locator(".mus-info")
    assert "Level: Novice" in info.inner_text()
    root.locator(f"[data-key='info-{bot}']").click()
    assert info.count() == 0

    memo = Memo()
    sent: list[dict[str, object]] = []
    seen = {"bubble": False, "declared": False, "ringed_partner": False, "arrow": False, "log": 0}
    tips_toggled = False
    keyboard_used = False
    for _ in range(160):
        if root.get_attribute("data-stage") == "over":
            break
        if root.locator(".mus-count").count():
            # The count: a row per lance with stake, bonus, winner and why; then Next hand.
            count = root.locator(".mus-count")
            rows = count.locator("tr.mus-count-row")
            assert rows.count() == 4, count.inner_text()
            assert count.locator("tr.mus-count-why").count() == 4
            whys = [count.locator("tr.mus-count-why").nth(i).inner_text().strip() for i in range(4)]
            assert all(whys) and any(w.endswith("at the count.") for w in whys), whys  # each row explained
            memo.counts_read += 1
            memo.rows.append([rows.nth(i).get_attribute("data-lance") for i in range(rows.count())])
            assert root.locator(".mus-hand-down").count() == 0, "the hands are shown at the count"
            if memo.counts_read == 1:
                table.shot(screenshots, "count-light", 1200)
            if memo.done():
                break
            sent.append({"type": "next_hand"})
            table.click("[data-key='next-hand']")
            continue
        view = table.view()
        if view is None:  # the bots' moves are still on their way to the screen: wait for her turn, or the count
            page.wait_for_function(TURN_OR_COUNT, timeout=20_000)
            continue
        seen["bubble"] |= root.locator(".mus-bubble:not(.mus-bubble-empty)").count() > 0
        seen["declared"] |= root.locator(".mus-decl").count() > 0
        seen["ringed_partner"] |= root.locator(".mus-at-top .mus-face-wrap.mus-ringed").count() > 0
        assert root.locator(".mus-me .mus-arrow").count() == 1 and root.locator(".mus-exclaim").count() == 1
        assert root.locator(".mus-bar").inner_text().strip()
        if memo.sena is None and root.locator("[data-key='face']").count():
            # The señas: the face opens the overview, hovering explains, a click makes it, ringed for the partner.
            root.locator("[data-key='face']").click()
            overview = root.locator(".mus-senas")
            assert overview.locator(".mus-sena-option").count() == 10
            honest = overview.locator(".mus-sena-true")
            if honest.count():
                table.shot(screenshots, "senas-light", 1200)
                option = honest.first
                sena = option.get_attribute("data-sena")
                option.hover()
                assert option.locator(".mus-hover-note").is_visible()
                memo.sena = sena
                sent.append({"type": "sena", "sena": sena})
                table.click(f"[data-key='sena-{sena}']")
                face = root.locator("[data-key='face']")
                assert face.get_attribute("data-sena") == sena
                assert "mus-ringed" in (face.get_attribute("class") or "")
                assert root.locator(".mus-senas").count() == 0
                assert "makes a seña" in root.locator(".mus-log-lines").inner_text()
            else:
                root.locator("[data-key='face']").click()
                assert root.locator(".mus-senas").count() == 0
            view = table.view()
            assert view is not None
        choice = decide(view, memo)
        if choice.kind == "agree":
            table.shot(screenshots, "agree-light", 1200)
        if choice.action == "ordago":
            for width in (1200, 500):
                table.shot(screenshots, "turn-light", width)
            use_theme(page, "JupyterLab Dark")
            for width in (500, 1200):
                table.shot(screenshots, "turn-dark", width)
            use_theme(page, "JupyterLab Light")
        sent.append({"type": "act", "action": choice.action})
        log_before = root.locator(".mus-log-lines li").count()
        table.perform(choice, keyboard=choice.kind == "click" and not keyboard_used)
        keyboard_used = keyboard_used or choice.kind == "click"
        assert root.locator(".mus-log-lines li").count() != log_before or root.get_attribute("data-stage") != "play"
        assert root.locator(".mus-live").inner_text().strip(), "the live region announces what happened"
        if not tips_toggled and root.locator(".mus-tips").count():
            # A new moment brought a new box: the red X turns tips off, the brown ? brings them back.
            before = table.version()
            root.locator("[data-key='tips-off']").click()
            root.locator("[data-key='tips-on']").wait_for()
            assert root.locator(".mus-tips").count() == 0
            root.locator("[data-key='tips-on']").click()
            root.locator(".mus-tips").wait_for()
            assert root.locator("[data-key='tips-on']").count() == 0
            assert table.version() == before, "tips are a preference: the game did not move"
            tips_toggled = True
        if choice.action == "ordago":
            text = root.locator(".mus-log-lines").inner_text()
            assert "Órdago" in text, text
        if memo.done():
            break
    assert tips_toggled, "no second tips box came up"
    assert keyboard_used
    expected = play(seed)[1]
    assert sent == expected[: len(sent)], f"the browser's game left the script: {sent} vs {expected}"
    assert memo.discarded and memo.raised and memo.agreed and memo.ordago and memo.counts_read >= 1, memo
    assert memo.rows[0][:3] == ["grande", "chica", "pares"], memo.rows
    assert seen["bubble"] and seen["declared"] and seen["ringed_partner"], seen


def test_escape_closes_the_senas_and_the_keyboard_reaches_the_faces(table: Table) -> None:
    root, page = table.root, table.page
    face = root.locator("[data-key='face']")
    if not face.count():
        pytest.skip("the game ended with the órdago: no face to open")
    face.focus()
    page.keyboard.press("Enter")
    root.locator(".mus-senas").wait_for()
    assert face.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.key || ''")
    assert focused.startswith("sena-") or focused.startswith("info-"), focused
    page.keyboard.press("Escape")
    assert root.locator(".mus-senas").count() == 0


def test_two_views_of_one_table_stay_in_step_and_show_a_refusal(browser: Any, lab_server: LabServer) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1600})
    try:
        open_notebook(page, lab_server, "two-views.ipynb")
        run_all(page)
        views = page.locator(".mus-widget")
        views.nth(1).wait_for()
        assert views.count() == 2
        # The third cell sent a malformed intent: both views show the catalogue's error, and nothing moved.
        for i in range(2):
            error = views.nth(i).locator(".mus-error")
            error.wait_for()
            assert "is not an action of the game" in error.inner_text()
        version = int(views.nth(0).get_attribute("data-version") or 0)
        assert int(views.nth(1).get_attribute("data-version") or 0) == version
        # A click in the first view moves both.
        first = views.nth(0)
        button = first.locator(".mus-actions button[data-action]:not([disabled])").first
        if not button.count():
            first.locator("[data-key='next-hand']").click()
        else:
            button.click()
        page.wait_for_function(
            "v => [...document.querySelectorAll('.mus-widget')].every((e) => Number(e.dataset.version) > v)",
            arg=version, timeout=20_000,
        )
        logs = [views.nth(i).locator(".mus-log-lines").inner_text() for i in range(2)]
        assert logs[0] == logs[1]
        assert views.nth(0).locator(".mus-error").count() == 0 and views.nth(1).locator(".mus-error").count() == 0
    finally:
        page.close()


WATCH_VERSIONS = """() => {
  window.musVersions = [];
  const note = (now, value) => {
    const last = window.musVersions[window.musVersions.length - 1];
    if (value !== null && (!last || Number(value) !== last[1])) window.musVersions.push([now, Number(value)]);
  };
  new MutationObserver((records) => {
    const now = performance.now();
    const mine = records.filter((r) => r.target.matches && r.target.matches('.mus-widget'));
    mine.forEach((r, i) => {
      if (window.musVersions.length === 0) note(now, r.oldValue);
      note(now, i + 1 < mine.length ? mine[i + 1].oldValue : r.target.dataset.version);
    });
  }).observe(document.body, {subtree: true, attributes: true, attributeOldValue: true,
                             attributeFilter: ['data-version']});
}"""
"""Records every version the table's root takes, with the time it took it, from before the table exists."""


def test_bots_reach_the_screen_one_by_one_at_their_pace(browser: Any, lab_server: LabServer) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1100})
    try:
        open_notebook(page, lab_server, "paced.ipynb")
        # Every change of the table's version, timed in the page as it happens (a poll would miss or bunch them),
        # watched from before the cell runs so that a slow page cannot miss the first moves.
        page.evaluate(WATCH_VERSIONS)
        run_all(page)
        root = page.locator(".mus-widget").first
        root.wait_for()
        # The second cell ran while the bots were still to play: the kernel was free.
        page.locator(".jp-OutputArea-output", has_text="42").first.wait_for(timeout=10_000)
        root.locator(".mus-turn").wait_for(timeout=20_000)
        seen: list[list[float]] = page.evaluate("window.musVersions")
        versions = [int(v) for _, v in seen]
        # Three bots move before the student; a page that draws the table late may have missed the first of them,
        # but never two paced moves in a row (moves played at once would make one version, not three).
        assert len(versions) >= 3, f"bot moves arrived together: {seen}"
        assert versions == list(range(versions[0], versions[0] + len(versions))), f"a move was skipped: {versions}"
        # One sync per move, at the pace on average: a single late message (a busy machine) may shorten one gap,
        # but moves played at once would average next to nothing.
        moves = seen[1:]
        mean_gap = (moves[-1][0] - moves[0][0]) / (len(moves) - 1)
        assert mean_gap > 0.75 * 400, f"moves closer than the pace of 0.4 s: {seen}"
    finally:
        page.close()


def test_a_log_read_back_stays_where_the_reader_left_it_while_the_bots_play(browser: Any,
                                                                           lab_server: LabServer) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1100})
    try:
        open_notebook(page, lab_server, "paced.ipynb")
        run_all(page)
        table = TablePage(page)
        table.root.locator(".mus-turn").wait_for(timeout=20_000)
        lines = table.root.locator(".mus-log-lines")
        # A short log box, read back to its first line while the student moves and the bots answer.
        lines.evaluate("(el) => { el.style.maxHeight = '3em'; el.scrollTop = 0; }")
        assert lines.evaluate("(el) => el.scrollHeight > el.clientHeight"), "the log overflows its box"
        before = table.version()
        table.root.locator(".mus-actions button").first.click()
        page.wait_for_function(
            "v => Number(document.querySelector('.mus-widget').dataset.version) >= v + 3", arg=before, timeout=20_000
        )
        assert lines.evaluate("(el) => el.scrollTop") == 0, "the log jumped while it was being read"
        # Back at the bottom, it follows the new lines again.
        lines.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
        table.root.locator(".mus-turn").wait_for(timeout=20_000)
        now = table.version()
        table.root.locator(".mus-actions button:not([disabled])").first.click()
        table.wait_newer(now + 1)
        assert lines.evaluate("(el) => el.scrollHeight - el.scrollTop - el.clientHeight < 4"), "it left the bottom"
    finally:
        page.close()


def test_agreeing_to_take_an_ordago_is_the_only_call_and_waits_for_a_second_step(
        browser: Any, lab_server: LabServer, screenshots: Path) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1100})
    try:
        open_notebook(page, lab_server, "ordago.ipynb")
        run_all(page)
        table = TablePage(page)
        turn = table.root.locator(".mus-turn")
        turn.wait_for(timeout=20_000)
        # The hint names only what the buttons offer: Agree is the only one.
        assert turn.locator(".mus-actions button").count() == 1
        assert turn.locator(".mus-proposal").inner_text() == "Amaia proposes Quiero: the team can only agree"
        version = table.version()
        agree = turn.locator("[data-key='act-agree']")
        agree.click()
        confirm = turn.locator(".mus-confirm")
        confirm.wait_for()
        assert confirm.inner_text().startswith("Quiero to an órdago: the whole game goes to this lance. Sure?")
        table.root.screenshot(path=str(screenshots / "quiero-confirm-1300.png"), animations="disabled")
        assert table.version() == version, "nothing is sent before the second step"
        turn.locator("[data-key='confirm-yes']").click()
        table.wait_newer(version)
        page.wait_for_function("() => ['count', 'over'].includes(document.querySelector('.mus-widget').dataset.stage)",
                               timeout=20_000)
        assert "Student: Quiero" in table.root.locator(".mus-log-lines").inner_text()
    finally:
        page.close()


HOLD_UP_MODULES = """() => {
  const make = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    if (blob && blob.type === 'text/javascript') {  // anywidget's module of a widget: 2.5 s of a busy page
      const until = performance.now() + 2500;
      while (performance.now() < until) { /* busy */ }
    }
    return make.call(URL, blob);
  };
}"""


def test_a_table_whose_module_loads_late_still_draws_and_plays(browser: Any, lab_server: LabServer) -> None:
    """anywidget gives a widget's module 2 s to load and then drops every message to its model (a busy machine, or
    fifty tables at once). The table's first view comes with the model itself, so it draws all the same; the
    front end then hears nothing back and asks for a fallback, over which the table and the quiz play on."""
    page = browser.new_page()
    try:
        open_notebook(page, lab_server, "late.ipynb")
        page.evaluate(HOLD_UP_MODULES)
        run_all(page)
        root = page.locator(".mus-widget[data-version]")
        assert root.locator(".mus-seat").count() == 4
        assert root.locator(".mus-me .mus-card").count() == 4

        # The student says No mus (or plays the first action offered): the table answers with a newer state.
        table = TablePage(page)
        table.root.locator(".mus-turn .mus-actions button[data-action]").first.wait_for(timeout=20_000)
        no_mus = ".mus-turn .mus-actions button[data-action='no-mus']"
        table.click(no_mus if table.root.locator(no_mus).count() else ".mus-turn .mus-actions button[data-action]")

        # The quiz, as late, shows its verdict once answered.
        quiz = exercise("grande", 183)
        box = page.locator(".mus-quiz")
        box.locator("button.mus-quiz-answer").first.wait_for(timeout=20_000)
        box.locator(f"button.mus-quiz-answer[data-key='{quiz.answer}']").click()
        box.locator(".mus-quiz-verdict b").wait_for(timeout=20_000)
        assert quiz.check(quiz.answer, "en").text in box.locator("[role='status']").inner_text()
    finally:
        page.close()


MOTION = """(root) => {
  const finite = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const style = getComputedStyle(el);
    if (style.animationName === 'none' || style.animationIterationCount === 'infinite') continue;
    const seconds = (text) => Math.max(...text.split(',')
      .map((s) => parseFloat(s) * (s.trim().endsWith('ms') ? 0.001 : 1)));
    finite.push({ name: style.animationName, total: seconds(style.animationDuration) + seconds(style.animationDelay) });
  }
  return finite;
}"""


def test_a_discard_deals_new_cards_that_stay_marked_and_motion_is_brief(browser: Any, lab_server: LabServer,
                                                                        screenshots: Path) -> None:
    """The student puts down two cards: the two the postre serves come in briefly and stay marked as new (by
    a star and in their names); every animation of the table ends within 300 ms, and none plays for a student
    who asks for reduced motion."""
    from browser.mus_lab import code_notebook
    from browser.mus_moments import find_moments

    discard = find_moments()["discard"]
    source = ("from mus_widget import MusTable\n"
              "table = MusTable(pace=0)\n"
              f"table.receive({{'type': 'new_game', 'seed': {discard.seed}, 'pace': 0}})\n"
              f"for content in {list(discard.intents)!r}:\n"
              "    table.receive(content)\n"
              "table")
    (lab_server.notebooks / "discard.ipynb").write_text(__import__("json").dumps(code_notebook(source)))
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        open_notebook(page, lab_server, "discard.ipynb")
        run_all(page)
        table = TablePage(page)
        pick = table.root.locator(".mus-hand-pick button")
        pick.first.wait_for(timeout=20_000)
        kept = [pick.nth(i).get_attribute("data-card") for i in (2, 3)]
        pick.nth(0).click()
        pick.nth(1).click()
        before = table.version()
        table.root.locator("[data-key='act-discard']").click()
        table.wait_newer(before)
        page.wait_for_function("() => document.querySelectorAll('.mus-widget .mus-me [data-card]').length === 4")
        mine = table.root.locator(".mus-me [data-card]")
        cards = [mine.nth(i).get_attribute("data-card") for i in range(4)]
        new = table.root.locator(".mus-me .mus-new-card")
        assert new.count() == 2, cards
        assert sorted(new.nth(i).get_attribute("data-card") or "" for i in range(2)) == sorted(
            card for card in cards if card not in kept)
        names = [new.nth(i).locator("[aria-label], [role='img']").first.get_attribute("aria-label")
                 or new.nth(i).get_attribute("aria-label") for i in range(2)]
        assert all(name and name.endswith(", new") for name in names), names
        motion = table.root.evaluate(MOTION)
        assert motion, "the new cards come in with a motion"
        assert all(item["total"] <= 0.3 + 1e-6 for item in motion), motion
        page.emulate_media(reduced_motion="reduce")
        assert table.root.evaluate(MOTION) == [], "reduced motion: nothing moves"
        table.root.locator(".mus-me").screenshot(path=str(screenshots / "new-cards.png"))
    finally:
        page.close()
