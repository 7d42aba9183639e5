"""A lesson made by clicking, as its model sees it (teaching/authoring.py): a hand dealt, played with notes and a
branch, written as scenario text that steps the same; every illegal change refused, the draft unchanged."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from mus_widget.engine.game import Game
from mus_widget.engine.rules import Rules
from mus_widget.table.widget import MusTable
from mus_widget.teaching.authoring import Branch, Draft, DraftError, played_hand
from mus_widget.teaching.scenarios import Scenario

HANDS = ["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"]


def refused_envido() -> Draft:
    """South–North refuse East's envido at Grande; what if they had wanted it (a branch with two steps)."""
    draft = Draft(title="A refused envido").dealt_hands(HANDS).noted(0, "North and East both hold a rey.")
    for action in ("no-mus", "paso", "envido 2", "no-quiero", "no-quiero"):
        draft = draft.played(action)
    draft = draft.noted(5, "North and South refuse: the envido's 1 goes to East–West.")
    draft = draft.branched(3, "quiero").noted(1, "Had North wanted it, the envido would go to the count.", 0)
    draft = draft.played("quiero", 0).noted(2, "South agrees.", 0)
    return draft.played("paso").played("paso")


def test_a_lesson_round_trips_through_the_parser_with_its_notes_and_branch() -> None:
    draft = refused_envido()
    scenario = Scenario.parse(draft.text)
    assert scenario.title == "A refused envido"
    assert scenario.actions == draft.actions
    assert [scenario.note_at(step) for step in range(len(scenario) + 1)] == list(draft.notes)
    (branch,) = scenario.branches
    assert (branch.at, branch.actions) == (3, ("quiero", "quiero"))
    assert [branch.note_at(i) for i in (1, 2)] == ["Had North wanted it, the envido would go to the count.",
                                                  "South agrees."]
    assert branch.game_at(2).record() == draft.game_at(2, 0).record()
    assert scenario.final.record() == draft.games()[-1].record()
    assert draft.scenario.text == draft.text
    reseeded = draft.with_seed(9)  # the cards drawn after a mus come from the seed
    assert "seed: 9" in reseeded.text and Scenario.parse(reseeded.text).final.seed == 9


@pytest.mark.parametrize(("change", "cause"), [
    (lambda d: d.played("quiero"), "not legal"),
    (lambda d: d.played("envido two"), "not an action"),
    (lambda d: d.branched(3, "no-quiero"), "as the main line does"),
    (lambda d: d.branched(3, "quiero"), "one is enough"),
    (lambda d: d.branched(9, "paso"), "0 to 6"),
    (lambda d: d.noted(8, "x"), "steps 0 to 7"),
    (lambda d: d.noted(0, "x", 0), "step 0 is the main line's"),
    (lambda d: d.dealt(0, 0, "1o"), "cannot change once the play has started"),
    (lambda d: d.with_scores((40, 0)), "below the target"),
    (lambda d: d.with_mano(4), "the mano is a seat"),
    (lambda d: d.titled(""), "a title is one line"),
    (lambda d: d.with_rules(Rules(team_consent=False)), "branch 1: action 2"),
])
def test_an_illegal_change_raises_and_leaves_the_draft_as_it_was(change: Callable[[Draft], Draft], cause: str) -> None:
    draft = refused_envido()
    text = draft.text
    with pytest.raises(DraftError, match=cause):
        change(draft)
    assert draft.text == text


def test_the_play_stops_when_the_hand_is_over() -> None:
    draft = Draft().dealt_hands(HANDS).played("no-mus")
    while draft.legal():
        draft = draft.played(draft.legal()[0])
    assert draft.hand_over() and draft.legal() == ()
    with pytest.raises(DraftError, match="the hand is over"):
        draft.played("mus")
    with pytest.raises(DraftError, match="after the hand is over"):
        replace(draft, actions=(*draft.actions, "mus"), notes=(*draft.notes, ""))


def test_dealing_by_clicking_swaps_a_card_dealt_twice_and_a_random_deal_fills_the_rest() -> None:
    draft = Draft().dealt(0, 0, "1o").dealt(1, 2, "12c")
    assert draft.dealt(1, 0, "1o").cards[0][0] is None  # taken from South's slot to East's empty one
    swapped = draft.dealt(1, 2, "1o").dealt(0, 0, "12c")
    assert str(swapped.cards[0][0]) == "12c" and str(swapped.cards[1][2]) == "1o"
    filled = draft.filled(random.Random(7))
    assert filled.complete and str(filled.cards[0][0]) == "1o" and str(filled.cards[1][2]) == "12c"
    assert filled == draft.filled(random.Random(7))  # the injected RNG alone decides
    with pytest.raises(DraftError, match="deal all sixteen"):
        draft.played("mus")
    assert draft.undealt(0, 0).dealt_count == 1


def test_undoing_a_main_line_action_takes_its_branches_with_it() -> None:
    draft = refused_envido()
    assert len(draft.undone().undone().branches) == 1
    back = draft.undone().undone().undone().undone()
    assert back.actions == ("no-mus", "paso", "envido 2") and back.branches == ()
    assert draft.undone(0).branches[0] == Branch(3, ("quiero",), ("Had North wanted it, the envido would go to the "
                                                                  "count.",))
    assert draft.undone(0).undone(0).branches == ()


def test_a_finished_hand_of_a_game_or_its_record_becomes_a_lesson() -> None:
    game = Game.new(seed=11)
    while game.hand_number == 1:
        game = game.apply("no-mus" if game.phase.value == "mus" else game.legal_actions()[0])
    game = game.apply("mus")  # the second hand has begun
    draft = Draft.from_record(game.record())
    first = Game.new(seed=11)
    assert draft.mano == first.mano and draft.scores == (0, 0)
    assert [list(map(str, slots)) for slots in draft.cards] == [[str(c) for c in h.cards] for h in first.hands]
    assert draft.hand_over() and draft.games()[-1].last_hand is not None
    parsed, made = Scenario.parse(draft.text).final.last_hand, draft.games()[-1].last_hand
    assert parsed is not None and made is not None and parsed.count == made.count
    with pytest.raises(DraftError, match="no hand 5"):
        Draft.from_game(game, hand=5)


def test_a_hand_with_mus_starts_from_the_cards_held_after_the_last_discard() -> None:
    game = Game.new(seed=3)
    game = game.apply("mus").apply("mus").apply("mus").apply("mus")
    for _ in range(4):
        game = game.apply(game.legal_actions()[0])
    held = game.hands
    game = game.apply("no-mus")
    span = played_hand(game)
    assert span.skipped == 8 and span.start.hands == held
    draft = Draft.from_game(game)
    assert draft.actions == ("no-mus",)


def test_a_classroom_record_with_names_and_moves_is_read_too() -> None:
    table = MusTable(seed=5, pace=0)
    while not table.counting:
        legal = table.game.legal_actions()
        table.receive({"type": "act", "action": "no-mus" if "no-mus" in legal else legal[0]})
    record = {**table.game.record(), "names": ["Ana", None, "Bea", None], "moves": [], "chat": []}
    assert Draft.from_record(record, hand=1).actions == Draft.from_game(table.game).actions
