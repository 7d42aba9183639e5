"""The cards that decide each lance at the count (mus_widget.teaching.explain.deciding_cards), and the 2s and 3s
named as the ases and reyes they count as: worked examples, one deal per lesson, under both rules of the reyes."""

from __future__ import annotations

import pytest

import mus_widget as mw
from mus_widget import Lance
from mus_widget.engine.hands import evaluate
from mus_widget.table.contract import Count
from mus_widget.teaching.explain import deciding_cards, explain, pares_phrase, render

# South 7 6 5 4 · East R C S A · North R 3 7 A · West 6 5 4 2: the reyes tie at Grande and North's second, a 3
# (a rey with 8 reyes), beats East's caballo; with 4 reyes that 3 is only a 3, and East's caballo wins.
CARDS = ["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"]
# South 12o 3c 7e 1b (a par of reyes, with the 3) · East C C 4 5 · North 7 7 7 S (medias, 31) · West 1o 2c 6e 6b
# (with 8 reyes the 2 is an as: duples of ases and 6s; with 4, a par of 6s).
PARES = ["12o 3c 7e 1b", "11o 11c 4e 5b", "7o 7c 7b 10e", "1o 2c 6e 6b"]
# South R 3 C A: 31 · East C C S 7: 37 · North 7 7 5 4: 23 · West R C S A: 31.
JUEGO = ["12o 3c 11o 1c", "11c 11e 10o 7o", "7c 7e 5o 4o", "12e 11b 10c 1o"]
# Nobody has juego: South 7 6 5 4 has 22, East 4 4 5 6 19, North 7 7 6 A 21, West 5 5 4 A 15.
PUNTO = ["7o 6c 5e 4b", "4o 4c 5b 6e", "7c 7e 6o 1c", "5o 5c 4e 1o"]
# South and East hold the same ranks at Chica: A 4 5 6. South is mano and takes the tie.
TIE = ["1o 4c 5e 6b", "1c 4o 5b 6e", "12o 12c 11o 10c", "12e 12b 11c 10e"]

EXAMPLES = [
    # (lesson, lance, deal, kings, the cards marked by seat)
    ("grande: the reyes tie, the second card decides", Lance.GRANDE, CARDS, 8,
     [[], ["12e", "11o"], ["12o", "3c"], []]),
    ("grande: with 4 reyes the 3 is a 3", Lance.GRANDE, CARDS, 4,
     [[], ["12e", "11o"], ["12o", "7e"], []]),
    ("chica: the ases tie (a 2 is an as), the second lowest decides", Lance.CHICA, CARDS, 8,
     [[], [], ["1o", "7e"], ["2b", "4e"]]),
    ("chica: a tie to the mano marks all four cards of both", Lance.CHICA, TIE, 8,
     [["1o", "4c", "5e", "6b"], ["1c", "4o", "5b", "6e"], [], []]),
    ("pares: every holder's pares, of both teams", Lance.PARES, PARES, 8,
     [["12o", "3c"], ["11o", "11c"], ["7o", "7c", "7b"], ["1o", "2c", "6e", "6b"]]),
    ("pares: with 4 reyes the 3 and the 2 pair with nothing", Lance.PARES, PARES, 4,
     [[], ["11o", "11c"], ["7o", "7c", "7b"], ["6e", "6b"]]),
    ("juego: every card of each seat with juego", Lance.JUEGO, JUEGO, 8,
     [["12o", "3c", "11o", "1c"], ["11c", "11e", "10o", "7o"], [], ["12e", "11b", "10c", "1o"]]),
    ("punto: the two hands compared", Lance.PUNTO, PUNTO, 8,
     [["7o", "6c", "5e", "4b"], ["4o", "4c", "5b", "6e"], [], []]),
]


@pytest.mark.parametrize(("lesson", "lance", "deal", "kings", "marked"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_deciding_cards_of_a_lance(lesson: str, lance: Lance, deal: list[str], kings: int,
                                       marked: list[list[str]]) -> None:
    rules = mw.Rules(kings=kings)
    hands = [mw.Hand.parse(h) for h in deal]
    values = [evaluate(h, rules) for h in hands]
    assert [list(cards) for cards in deciding_cards(lance, hands, values, 0, kings)] == marked, lesson


def counted(deal: list[str], *actions: str, rules: mw.Rules | None = None) -> Count:
    """The count of the first hand of ``deal`` (South mano) after ``actions`` and paso everywhere, as the table
    syncs it."""
    from mus_widget.table.view_state import Player, TableView, view_state

    game = mw.Game.from_deal(deal, mano=0, rules=rules or mw.Rules())
    for action in actions:
        game = game.apply(action)
    while not game.is_over and game.hand_number == 1:
        game = game.apply("paso")
    players = (Player("Ana", None), Player("Bea", "novice"), Player("Carla", "novice"), Player("Dani", "novice"))
    count = view_state(game.observe(0), TableView(players=players, stage="count"))["count"]
    assert count is not None
    return count


def test_every_row_of_the_count_carries_its_marks() -> None:
    rows = counted(PARES, "no-mus")["rows"]
    assert isinstance(rows, list)
    marks = {row["lance"]: row["marks"] for row in rows}
    assert marks["grande"] == [["12o"], ["11o"], [], []], "South's rey beats East's caballo at once"
    assert marks["pares"] == [["12o", "3c"], ["11o", "11c"], ["7o", "7c", "7b"], ["1o", "2c", "6e", "6b"]]
    assert marks["juego"] == [[], [], ["7o", "7c", "7b", "10e"], []], "only North holds juego"


def test_a_refused_bet_marks_nothing_and_an_ordago_marks_its_lance() -> None:
    rules = mw.Rules(team_consent=False)
    refused = counted(CARDS, "no-mus", "envido 2", "no-quiero", "no-quiero", rules=rules)["rows"]
    assert isinstance(refused, list)
    assert refused[0]["lance"] == "grande" and refused[0]["outcome"] == "rejected"
    assert refused[0]["marks"] == [[], [], [], []], "a negada is taken whatever the cards"
    ordago = counted(CARDS, "no-mus", "ordago", "quiero", rules=rules)["rows"]
    assert isinstance(ordago, list)
    assert [(row["lance"], row["outcome"]) for row in ordago] == [("grande", "ordago")]
    assert ordago[0]["marks"] == [[], ["12e", "11o"], ["12o", "3c"], []], "the órdago is seen on Grande's cards"


# ---------------------------------------------------------------------------------------------- 2s and 3s


def test_a_3_that_wins_grande_is_named_as_the_rey_it_counts_as() -> None:
    game = mw.Game.from_deal(CARDS, mano=0).apply("no-mus")
    while game.hand_number == 1:
        game = game.apply("paso")
    grande = explain(game)[0]
    assert "North's second card, rey (3c: a 3 counts as a rey), beats East's caballo (11o)" in grande.text()
    assert "rey (3c: un 3 cuenta como rey)" in grande.text("es")
    four = mw.Game.from_deal(CARDS, mano=0, rules=mw.Rules(kings=4)).apply("no-mus")
    while four.hand_number == 1:
        four = four.apply("paso")
    text = explain(four)[0].text()
    assert "East's second card, caballo (11o), beats North's 7 (7e)" in text and "counts as" not in text


def test_a_3_and_a_rey_make_a_par_of_reyes_and_the_text_says_why() -> None:
    # South R 3 7 4 (a par of reyes, with the 3) against East C C 5 4 (a par of caballos): the reyes win.
    game = mw.Game.from_deal(["12o 3c 7e 4b", "11o 11c 5e 4e", "7o 6c 5b 1c", "10o 6b 5c 4c"], mano=0)
    game = game.apply("no-mus")
    while game.hand_number == 1:
        game = game.apply("paso")
    pares = next(e for e in explain(game) if e.lance is Lance.PARES)
    assert pares.team == 0 and pares.decided.id == "why.pares.rank"
    assert pares.text().startswith(
        "Pares: South has a par of reyes (a 3 counts as a rey) and East a par of caballos; of the same kind, the "
        "higher cards win."
    )
    assert "South: a par of reyes (a 3 counts as a rey), +1." in pares.text(), "the bonus line says it too"
    assert "un par de reyes (un 3 cuenta como rey), +1." in pares.text("es")
    four = mw.Game.from_deal(["12o 3c 7e 4b", "11o 11c 5e 4e", "7o 6c 5b 1c", "10o 6b 5c 4c"], mano=0,
                             rules=mw.Rules(kings=4)).apply("no-mus")
    while four.hand_number == 1:
        four = four.apply("paso")
    assert "counts as" not in " ".join(e.text() for e in explain(four)), "with 4 reyes a 3 is only a 3"


def test_a_2_and_an_as_make_a_par_of_ases_and_the_text_says_why() -> None:
    # East A 2 C 5 (a par of ases, with the 2) against South R R 7 4 (a par of reyes): the reyes win.
    game = mw.Game.from_deal(["12o 12c 7e 4b", "1o 2c 11e 5b", "7o 6c 5e 4e", "10o 6b 5c 4c"], mano=0)
    game = game.apply("no-mus")
    while game.hand_number == 1:
        game = game.apply("paso")
    pares = next(e for e in explain(game) if e.lance is Lance.PARES)
    assert pares.decided.id == "why.pares.rank"
    assert render(pares.decided) == (
        "Pares: South has a par of reyes and East a par of ases (a 2 counts as an as); of the same kind, the higher "
        "cards win."
    )
    for language in ("nl", "tr", "cs", "af"):
        assert "(a 2 counts as an as)" not in render(pares.decided, language)
    assert pares_phrase("par", 1, 1) == "a par of ases", "no hand given: nothing to say of a 2"
    assert pares_phrase("duples", 12, 1, counts="both") == (
        "duples of reyes and ases (a 3 counts as a rey and a 2 as an as)"
    )
