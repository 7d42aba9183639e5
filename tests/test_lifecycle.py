"""A table's life in the kernel: close() stops every bot move, even one already scheduled; a closed table is
freed; one table played for many hands levels off in memory (benchmarks/memory.py has the 1,000-hand figures)."""

from __future__ import annotations

import asyncio
import gc
import json
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

import mus_widget as mw
from mus_widget.bots import knowledge
from support.deals import DEAL
from support.shown import shown
from support.waiting import until

ROOT = Path(__file__).resolve().parents[1]


def test_close_stops_a_bot_move_already_scheduled() -> None:
    async def scenario() -> tuple[int, int]:
        table = mw.MusTable(pace=0.05, deal=DEAL, mano=1, seed=5, tips=False)  # East, a bot, is mano
        twin = mw.MusTable(pace=0.05, deal=DEAL, mano=1, seed=5, tips=False)  # the same table, left open
        before = len(table.game.actions)
        await until("a bot move", lambda: len(table.game.actions) > before)  # the pacing works
        moved = len(table.game.actions)
        table.close()
        # The twin plays the same moves at the same paces until South is to move: by then the closed table has
        # missed at least one move it would have played.
        await until("the twin's bots", lambda: twin.game.to_move == 0 or twin.counting)
        assert len(twin.game.actions) > moved, "the closed table had moves left to miss"
        twin.close()
        return moved - before, len(table.game.actions) - moved

    for _ in range(5):
        played, after_close = asyncio.run(scenario())
        assert played >= 1 and after_close == 0


def test_a_closed_table_and_quiz_are_freed() -> None:
    refs = []
    for seed in range(10):
        table = mw.MusTable(pace=0, seed=seed, tips=False)
        quiz = mw.Quiz("grande", seed=seed)
        refs += [weakref.ref(table), weakref.ref(quiz)]
        table.close()
        quiz.close()
        del table, quiz
    gc.collect()
    assert [r for r in refs if r() is not None] == []


def test_the_bundles_are_inline_text_so_nothing_watches_their_files() -> None:
    for widget in (mw.MusTable, mw.Quiz):
        assert isinstance(widget._esm, str) and "export" in widget._esm
        assert isinstance(widget._css, str)


def test_the_bots_caches_have_their_stated_bounds() -> None:
    beside = knowledge._beside_all.cache_info().maxsize
    assert beside == knowledge.BESIDE_CACHE == 4 * 715, "every hand of four variants"
    assert knowledge._chance_with_sena.cache_info().maxsize == knowledge.SENA_CACHE == 8192


@pytest.mark.slow
def test_one_table_over_many_hands_levels_off_in_memory() -> None:
    """60 hands (the benchmark plays 1,000): the traced memory stays under 40 MB and grows by less than 2 MB
    over the second half."""
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "memory.py"), "--hands", "60"], cwd=ROOT,
                            capture_output=True, text=True, check=True, timeout=600)
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["traced_mb"]["60"] < 40
    assert figures["growth_last_half_mb"] < 2, figures


# ---------------------------------------------------------------------------------------------- the static picture


def test_the_table_shows_its_view_and_before_it_a_picture_of_what_the_browser_holds() -> None:
    table = mw.MusTable(pace=0, seed=4, tips=False, deal=DEAL, mano=0, names=["Ane", "Iker", "Miren", "Jon"])
    picture, view = shown(table)
    assert "application/vnd.jupyter.widget-view+json" in view and "text/html" not in view
    page = picture["text/html"]
    own = [f'data-card="{card}"' for card in DEAL[0].split()]
    others = [f'data-card="{card}"' for hand in DEAL[1:] for card in hand.split()]
    assert all(card in page for card in own), "the student's cards face up"
    assert not any(card in page for card in others), "the other hands stay hidden, as in the browser"
    assert all(name in page for name in ("Ane", "Iker", "Miren", "Jon")) and "0 of 40" in page
    assert "A snapshot of the table" in page and "<script" not in page


def test_a_stepping_tables_picture_shows_every_hand_face_up_and_the_note() -> None:
    from mus_widget.teaching.scenarios import builtin

    scenario = builtin()[0]
    table = mw.MusTable.from_scenario(scenario, step=2, pace=0, tips=False)
    page = table.picture().html
    assert page.count("data-card=") == 16 and scenario.title in page
    assert (scenario.note_at(2) or "")[:30] in page


def test_names_follow_the_same_rule_in_python_and_in_the_new_game_panel() -> None:
    from mus_widget.i18n.names import PlayerNameError

    with pytest.raises(PlayerNameError, match=r"names\[1\] holds U\+202E"):
        mw.MusTable(names=["a", "\u202eevil\u202c", "c", "d"])
    table = mw.MusTable(pace=0, seed=1, tips=False)
    table.receive({"type": "new_game", "names": ["a", "\u202eevil\u202c", "c", "d"]})
    assert table.error and table.names != ("a", "\u202eevil\u202c", "c", "d")
    table.receive({"type": "new_game", "names": ["Ayşe", "", "李小龙", "Jiří"]})
    assert not table.error and table.names[0] == "Ayşe" and table.names[2] == "李小龙"
