"""The tips catalogue: at least 40 short tips covering every moment of a hand, the tips box's moment → tips
mapping, and the tips' worked examples played through the engine (each tip is correct against RULES.md)."""

from __future__ import annotations

import re

import mus_widget as mw
from mus_widget import Lance
from mus_widget.engine.hands import JUEGO_ORDER, points_of
from mus_widget.i18n.messages import EN
from mus_widget.table.view_state import MOMENTS, tip_moments
from support.deals import DEAL

TIPS = {key: text for key, text in EN.items() if key.startswith("tip.")}


def test_at_least_40_short_tips_cover_every_moment_of_a_hand() -> None:
    assert len(TIPS) >= 40
    for moment in ("mus", "discard", "grande", "chica", "pares", "juego", "punto", "betting", "team_answer",
                   "ordago", "count", "senas"):
        assert moment in MOMENTS
        numbers = sorted(int(key.rsplit(".", 1)[1]) for key in TIPS if key.startswith(f"tip.{moment}."))
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 3, moment
    for key, text in TIPS.items():
        assert key.split(".")[1] in MOMENTS, key
        assert len(text) <= 100 and text.endswith("."), key
        assert "{" not in text, key


def test_the_tips_box_offers_the_moments_own_tips_then_those_of_the_lance() -> None:
    game = mw.Game.from_deal(DEAL, mano=1)
    assert tip_moments(game.observe(1)) == ["mus"]
    grande = game.apply("no-mus")
    assert tip_moments(grande.observe(1)) == ["grande"]
    answer = grande.apply("envido 2")
    assert tip_moments(answer.observe(2)) == ["betting", "grande"]
    team = answer.apply("no-quiero")
    assert tip_moments(team.observe(0)) == ["team_answer", "betting", "grande"]
    ordago = grande.apply("ordago")
    assert tip_moments(ordago.observe(2)) == ["ordago", "betting", "grande"]
    assert tip_moments(ordago.observe(2), counting=True) == ["count"]
    for _ in range(4):
        game = game.apply("mus")
    assert tip_moments(game.observe(1)) == ["discard"]


def test_the_tips_worked_examples_hold_in_the_engine() -> None:
    # "31 is best, then 32, 40, 37, 36, 35, 34, 33."
    order = [int(n) for n in re.findall(r"\d+", TIPS["tip.juego.1"])[1:]]
    assert tuple(order) == JUEGO_ORDER
    # "With 8 reyes every 3 counts 10 and every 2 counts 1." / "3 3 12 1 holds three reyes."
    assert (points_of(3), points_of(2)) == (10, 1)
    assert mw.evaluate(mw.Hand.parse("3o 3c 12e 1b")).ranks == (12, 12, 12, 1)
    # "1 1 4 5 beats 1 4 5 6 on the second card" (Chica).
    chica = mw.Game.from_deal(["1o 1c 4o 5o", "1e 4c 5c 6c", "12o 12c 11o 11c", "12e 12b 11e 11b"])
    assert mw.lance_winner(Lance.CHICA, chica.hands, 1) == 0, "even with East as mano"
    # "four reyes beat two reyes and two caballos" (and two reyes with two ases beat four 7s).
    rrrr, rrcc = mw.Hand.parse("12o 12c 3o 3c"), mw.Hand.parse("12e 12b 11o 11c")
    sevens, rraa = mw.Hand.parse("7o 7c 7e 7b"), mw.Hand.parse("3e 3b 1b 2b")
    filler = [mw.Hand.parse("4o 5c 6e 10b"), mw.Hand.parse("4c 5e 6b 10o")]
    assert mw.lance_winner(Lance.PARES, [rrcc, *filler, rrrr], 0) == 3
    assert mw.lance_winner(Lance.PARES, [sevens, *filler, rraa], 0) == 3
    # "Envido 2, raised to 5, refused pays 2." and "No quiero ... the bettors score 1": the negadas.
    game = mw.Game.from_deal(DEAL, mano=0).apply("no-mus").apply("envido 2")
    assert game.apply("no-quiero").apply("no-quiero").scores == (1, 0)
    raised = game.apply("envido 3").apply("envido 3").apply("no-quiero").apply("no-quiero")
    assert raised.scores == (0, 2) and "raised to 5, refused pays 2" in TIPS["tip.betting.4"]
    # "Punto en paso is worth 1; accepted at 2, its winners score 3."
    punto = mw.Game.from_deal(["12o 11o 7o 1o", "12c 11c 6c 2c", "12e 10e 5e 4e", "3b 10b 6b 4b"]).apply("no-mus")
    for _ in range(8):
        punto = punto.apply("paso")
    counted = punto.apply("envido 2").apply("quiero").apply("quiero")
    row = next(r for r in counted.last_count if r.lance is Lance.PUNTO)
    assert row.points == 3
    # "A kiss means three reyes and an as: medias of reyes, and a 31."
    kiss = mw.evaluate(mw.Hand.parse("12o 12c 3e 1b"))
    assert kiss.pares is mw.ParesKind.MEDIAS and kiss.pares_ranks == (12,) and kiss.total == 31
    assert "three_reyes_and_as" in mw.true_senas(mw.Hand.parse("12o 12c 3e 1b"))
