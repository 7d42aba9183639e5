"""Scripted hands for teachers (mus_widget.teaching.scenarios): the text format, its errors, the built-in library (each
scenario steps forward and back, ends where its note says, and makes its rule point), and records as scenarios."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import nbformat
import pytest
from nbclient import NotebookClient

import mus_widget as mw
from mus_widget import Lance, Outcome
from mus_widget.teaching.explain import Explanation, explain
from mus_widget.teaching.scenarios import Scenario, ScenarioError, builtin, scenario_text
from support.deals import DEAL

GRANDE = """\
title: Grande: the second card decides
hands: 7o 6c 5e 4b / 12e 11o 10c 1b / 12o 3c 7e 1o / 6o 5c 4e 2b
note: The deal.
play: no-mus, paso, paso, paso, paso
note: Grande en paso.
play: paso, paso, paso, paso
expect: 2 4
"""


def lances(scenario: Scenario) -> dict[Lance, Explanation]:
    return {e.lance: e for e in explain(scenario.final)}


# ---------------------------------------------------------------------------------------------- the format


def test_a_scenario_is_the_deal_and_one_step_per_action() -> None:
    scenario = Scenario.parse(GRANDE)
    assert scenario.title == "Grande: the second card decides" and scenario.text == GRANDE
    assert len(scenario) == 9 and scenario.actions[:2] == ("no-mus", "paso")
    deal = scenario.game_at(0)
    assert [str(h) for h in deal.hands] == ["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"]
    assert deal.mano == 0 and deal.scores == (0, 0) and deal.actions == ()
    assert scenario.game_at(1).phase is mw.Phase.GRANDE
    assert scenario.game_at(9).hand_number == 2 and scenario.game_at(9).scores == (2, 4)
    assert scenario.expect is not None and scenario.expect.scores == (2, 4)


def test_a_note_belongs_to_its_step_only() -> None:
    scenario = Scenario.parse(GRANDE)
    assert scenario.notes[0] == "The deal." and scenario.notes[5] == "Grande en paso." and scenario.notes[9] == ""
    assert [scenario.note_at(i) for i in (0, 1, 4, 5, 6, 9)] == ["The deal.", "", "", "Grande en paso.", "", ""]


def test_a_note_after_a_line_of_actions_belongs_to_the_step_of_its_last_action() -> None:
    scenario = Scenario.parse(GRANDE)
    assert [step for step in range(len(scenario) + 1) if scenario.note_at(step)] == [0, 5]
    table = mw.MusTable.from_scenario(scenario, step=5, pace=0)
    assert table.state["steps"] is not None and table.state["steps"]["note"] == "Grande en paso."
    table.receive({"type": "step", "to": 6})
    assert table.state["steps"] is not None and table.state["steps"]["note"] == "", "the next lance has no note"


def test_steps_out_of_range_are_refused() -> None:
    scenario = Scenario.parse(GRANDE)
    for step in (-1, 10, True, "1"):
        with pytest.raises(IndexError, match="0 to 9"):
            scenario.game_at(step)  # type: ignore[arg-type]


def test_one_line_per_seat_the_mano_the_scores_the_seed_the_rules_seats_and_senas() -> None:
    text = """\
    # comments and blank lines are skipped; keys are case-insensitive

    Title: Four reyes, 30 points, East mano
    south: 12o 11o 7o 1o
    east: 12c 12b 5c 4c
    north: 3e 10e 6e 2e
    west: 7c 7b 6b 5b
    mano: East
    scores: 12-20
    seed: 99
    rules: target 30, kings=4, real_31, team_consent off
    play: no-mus
    sena: south two_reyes
    play: East paso, North: paso, west paso, south paso
    """
    scenario = Scenario.parse(text)
    game = scenario.final
    assert game.rules == mw.Rules(target=30, kings=4, real_31=True, team_consent=False)
    assert game.seed == 99 and scenario.game_at(0).scores == (12, 20) and scenario.game_at(0).mano == 1
    assert [(e.seat, e.get("sena")) for e in scenario.game_at(1).log if e.kind == "sena"] == [(0, "two_reyes")]
    assert len(scenario) == 5 and game.phase is mw.Phase.CHICA


def test_a_seed_alone_deals_as_game_new_does() -> None:
    scenario = Scenario.parse("seed: 7\nplay: mus")
    assert scenario.game_at(0).hands == mw.Game.new(seed=7).hands
    assert scenario.title == "Scenario"


@pytest.mark.parametrize(("text", "line", "words"), [
    ("title: x\nhand: 12o 3c 7e 1b", 2, "unknown key 'hand'; expected one of title, hands"),
    ("title: x\n12o 3c 7e 1b", 2, "has no key; expected 'key: value'"),
    ("hands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e", 1, "3 hand(s)"),
    ("hands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e", 1, "West's hand"),
    ("hands: 12o 3c 7e 1b / 12o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b", 1, "the card 12o is dealt twice"),
    ("south: 12o 3c 7e 1b\neast: 11o 11c 4e 5b\nplay: mus", 2, "the hand(s) of north, west are missing"),
    ("title: nothing dealt\nplay: mus", 2, "the scenario has no deal"),
    ("seed: 3\nmano: east\nplay: mus", 2, "'mano:' needs the hands"),
    ("hands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b\nmano: dealer", 2, "'dealer' is not a seat"),
    ("hands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b\nscores: 40 0", 2, "reach the target"),
    ("hands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b\nscores: ten", 2, "are not two scores"),
    ("rules: target 300", 1, "Rules.target must be"),
    ("rules: kings four", 1, "kings needs a number"),
    ("rules: real_31 maybe", 1, "real_31 cannot be 'maybe'"),
    ("rules: colour blue", 1, "unknown rule option 'colour'"),
    ("seed: 1\nplay: mus,, mus", 2, "action 2 is empty"),
    ("hands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b\nplay: no-mus\nmano: east", 3,
     "'mano:' comes after the play has started"),
    ("seed: 1\nsena: north winks", 2, "is not a seña by a seat"),
    ("seed: 1\nexpect: lots", 2, "is not a claim"),
    ("seed: 1\nexpect: 0 0, east-west win", 2, "nobody has won, not team 1"),
    ("seed: 1\nnote:", 2, "the note is empty"),
])
def test_parse_errors_name_the_line_and_what_was_expected(text: str, line: int, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        Scenario.parse(text)
    assert caught.value.line == line, str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")
    assert words in str(caught.value), str(caught.value)
    assert "expected" in str(caught.value)


# ---------------------------------------------------------------------------------------------- the actions

DEALT = "title: x\nhands: 12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b\n"
"""A deal, South mano: the play begins on line 3."""


def error_of(text: str) -> ScenarioError:
    """The error reading ``text`` raises."""
    with pytest.raises(ScenarioError) as caught:
        Scenario.parse(text)
    return caught.value


def refusal(play: str) -> ScenarioError:
    """The error of a scenario of :data:`DEALT` and the ``play`` lines given."""
    return error_of(DEALT + play)


@pytest.mark.parametrize(("written", "action"), [
    ("órdago", "ordago"), ("Órdago", "ordago"), ("ORDAGO", "ordago"), ("no quiero", "no-quiero"),
    ("No Quiero", "no-quiero"), ("no  quiero", "no-quiero"), ("noquiero", "no-quiero"), ("no_quiero", "no-quiero"),
    ("No–Quiero", "no-quiero"),
])
def test_an_answer_reads_as_the_table_writes_it(written: str, action: str) -> None:
    scenario = Scenario.parse(DEALT + f"play: no-mus, envido 2, {written}, {action}")
    assert scenario.actions[2:] == (action, action)
    assert Scenario.parse(scenario.text).actions == scenario.actions


@pytest.mark.parametrize(("written", "action"), [
    ("No Mus", "no-mus"), ("no mus", "no-mus"), ("Mus", "mus"), ("Envido 2", "envido 2"), ("envido2", "envido 2"),
    ("ENVIDO  12", "envido 12"), ("Paso", "paso"), ("pasó", "paso"),
])
def test_a_call_reads_in_any_case_with_or_without_accents_and_spaces(written: str, action: str) -> None:
    before = "" if "mus" in action else "no-mus, "
    assert Scenario.parse(DEALT + f"play: {before}{written}").actions[-1] == action


@pytest.mark.parametrize(("written", "problem"), [
    ("envido", "'envido' needs its amount; expected 'envido 2', or the amount"),
    ("no", "'no' alone could be no-mus or no-quiero; expected 'no-mus' or 'no-quiero'"),
    ("envido two", "'envido two' is not an action: envido takes a whole number"),
    ("pass", "'pass' is not an action: the actions are mus, no-mus"),
    ("no more", "'no more' is not an action"),
])
def test_what_could_mean_two_actions_or_none_is_refused_with_its_reason(written: str, problem: str) -> None:
    error = refusal(f"play: no-mus, {written}")
    assert str(error).startswith(f"line 3, action 2 ('{written}'): "), str(error)
    assert problem in str(error), str(error)


def test_the_wrong_action_of_a_line_is_named_by_its_place_and_text() -> None:
    error = refusal("play: no-mus\nplay: paso, paso, quiero, paso")
    assert (error.line, error.position, error.action) == (4, 3, "quiero")
    assert str(error).startswith("line 4, action 3 ('quiero'): 'quiero' is not legal for seat 2 (North) in grande"), \
        str(error)
    assert str(error).endswith("; expected a legal action for North")
    alone = refusal("play: no-mus\nplay: quiero")
    assert (alone.line, alone.position, alone.action) == (4, None, "quiero")
    assert str(alone).startswith("line 4 ('quiero'): 'quiero' is not legal for seat 0 (South) in grande"), str(alone)


def test_a_seat_named_before_its_action_is_checked() -> None:
    error = refusal("play: east no-mus")
    assert str(error).startswith("line 3 ('east no-mus'): 'no-mus' by seat 1 (East): it is seat 0 (South)'s turn")


def test_a_missing_second_answer_of_a_team_is_named_with_the_line_it_follows() -> None:
    """East answers South's envido with quiero; West, East's partner, must confirm it (team consent): without
    West's quiero the next 'paso' is not for the next lance but a missing answer."""
    error = refusal("play: no-mus, envido 2, quiero\n\nplay: paso, paso, paso, paso")
    assert str(error) == (
        "line 5, action 1 ('paso'): East and West must both answer: West's quiero is missing after line 3; "
        "expected West's answer first: 'quiero' to agree with East, or another answer: envido 2..40, ordago")
    same_line = refusal("play: no-mus, envido 2, no quiero, north paso")
    assert "East and West must both answer: West's no-quiero is missing after action 3 of line 3" in str(same_line)
    raised = refusal("play: no-mus, envido 2, envido 5, paso")
    assert "West's envido 5 is missing after action 3 of line 3; expected West's answer first: 'envido 5'" in str(
        raised)


def test_a_second_answer_that_is_there_but_wrong_gets_the_engines_reason() -> None:
    error = refusal("play: no-mus, envido 2, quiero, west paso")
    assert "'paso' is not legal for seat 3 (West) in grande" in str(error) and "must both answer" not in str(error)


def test_actions_after_the_hand_is_over_say_so() -> None:
    grande = GRANDE.replace("play: paso, paso, paso, paso\n", "play: paso, paso, paso, paso\nplay: paso\n")
    error = error_of(grande)
    assert str(error) == (
        "line 7 ('paso'): the hand is over after line 6 (its count: South–North 2, East–West 4); expected no more "
        "actions for it; the next hand starts with its mano, East, saying mus or no-mus")
    mid_line = error_of(GRANDE.replace("paso, paso, paso, paso\nexpect", "paso, paso, paso, paso, paso\nexpect"))
    assert "line 6, action 5 ('paso'): the hand is over after action 4 of line 6" in str(mid_line)


def test_a_next_hand_may_be_played_on_after_the_count() -> None:
    scenario = Scenario.parse(GRANDE.replace("expect: 2 4", "play: mus, mus, mus, mus"))
    assert len(scenario) == 13 and scenario.hand_starts == (0, 10)
    assert scenario.game_at(10).hand_number == 2 and scenario.game_at(9).last_hand is not None


def test_actions_after_the_game_is_over_say_so() -> None:
    error = refusal("play: no-mus, ordago, quiero, quiero, mus")
    assert str(error).startswith("line 3, action 5 ('mus'): the game is over after action 4 of line 3 (")
    assert str(error).endswith(" won); expected no more actions")


MISTAKE = """\
title: West forgets to answer
hands: 7o 6c 5e 4b / 12e 11o 10c 1b / 12o 3c 7e 1o / 6o 5c 4e 2b
play: No Mus, envido 2, Quiero
play: paso, paso, paso, paso
"""
"""A teacher's scenario with a mistake: East answers South's envido, but West's confirming quiero is missing."""


@pytest.mark.slow
def test_a_notebook_cell_shows_the_scenarios_mistake_in_one_short_message() -> None:
    """Run in a real kernel, as a notebook cell does: the output is the message and the line, no traceback."""
    nb = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    nb.cells = [nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
        f"from mus_widget import MusTable\n\nMusTable.from_scenario({MISTAKE!r})")]
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    (shown,) = nb.cells[0].outputs
    assert shown.output_type == "error" and shown.ename == "ScenarioError"
    message = ("line 4, action 1 ('paso'): East and West must both answer: West's quiero is missing after line 3; "
               "expected West's answer first: 'quiero' to agree with East, or another answer: envido 2..40, ordago")
    assert shown.evalue == message
    assert shown.traceback == [f"ScenarioError: {message}", "  4 | play: paso, paso, paso, paso"]


def test_a_scenario_error_renders_as_its_message_and_line_without_the_traceback() -> None:
    error = refusal("play: no-mus, envido 2, quiero\nplay:  paso ,paso")
    assert error.source == "play:  paso ,paso"
    assert error._render_traceback_() == [f"ScenarioError: {error}", "  4 | play:  paso ,paso"]
    past_the_end = error_of("title: nothing dealt")
    assert past_the_end._render_traceback_() == [f"ScenarioError: {past_the_end}"]


def test_a_wrong_claim_names_the_real_count() -> None:
    with pytest.raises(ScenarioError, match=r"line 7: the scenario ends at 2 4, not 4 2 as claimed; expected "
                                            r"'expect: 2 4'"):
        Scenario.parse(GRANDE.replace("expect: 2 4", "expect: 4 2"))


# ---------------------------------------------------------------------------------------------- the library


def final_count(scenario: Scenario) -> tuple[int, int]:
    """The scores the last step leaves on the board (the hand's count, or the game's end)."""
    game = scenario.final
    assert game.last_hand is not None, "every built-in scenario plays its hand to the end"
    return game.last_hand.scores


def test_the_library_has_an_example_hand_per_rule_point() -> None:
    library = builtin()
    assert len(library) >= 12
    assert len({s.title for s in library}) == len(library)
    assert builtin() is library, "read once"


def main_line(text: str) -> list[str]:
    """The lines of a scenario's main line: its branches (a ``branch:`` line and what follows it up to the next
    ``play:``) come beside it, as its translations do."""
    out, branching = [], False
    for line in (raw.strip() for raw in text.splitlines()):
        branching = line.startswith("branch:") or (branching and not line.startswith("play:"))
        if line and not line.startswith("#") and not branching:
            out.append(line)
    return out


@pytest.mark.parametrize("scenario", builtin(), ids=lambda s: s.title)
def test_every_builtin_parses_back_and_fits_in_under_ten_lines(scenario: Scenario) -> None:
    """Ten lines of the scenario itself; its translations (``title.es:``, ``note.es:``...) come beside them."""
    lines = [line for line in main_line(scenario.text) if not re.match(r"(title|note)\.[a-z]{2}:", line)]
    assert len(lines) < 10, scenario.title
    again = Scenario.parse(scenario.text)
    assert again.actions == scenario.actions and again.notes == scenario.notes
    assert [(b.at, b.actions, b.notes) for b in again.branches] == [
        (b.at, b.actions, b.notes) for b in scenario.branches]
    assert again.final.record() == scenario.final.record()


def test_a_scenario_speaks_the_languages_it_is_given_and_falls_back_to_its_own() -> None:
    scenario = Scenario.parse(
        "title: Grande en paso\ntitle.es: Grande en paso, en español\nhands: " + " / ".join(DEAL) + "\n"
        "note: Everybody passes.\nnote.es: Todos pasan.\nnote.nl: Iedereen\nnote.nl: wacht.\n"
        "play: no-mus, paso\nnote: The second note.\nplay: paso")
    assert scenario.title_in("es") == "Grande en paso, en español" and scenario.title_in("nl") == "Grande en paso"
    assert [scenario.note_at(step, "nl") for step in range(4)] == ["Iedereen wacht.", "", "The second note.", ""]
    assert scenario.note_at(0, "es") == "Todos pasan." and scenario.note_at(0) == "Everybody passes."
    assert scenario.note_at(2, "es") == "The second note.", "an untranslated note is shown as written"


@pytest.mark.parametrize(("line", "problem"), [
    ("note.xx: hola", "unknown language 'xx'"),
    ("note.en: hello", "unknown language 'en'"),
    ("title.es:", "the title in 'es' is empty"),
    ("note.es: sin nota", "'note.es:' translates no note"),
])
def test_a_translation_line_that_cannot_be_read_names_its_line(line: str, problem: str) -> None:
    with pytest.raises(ScenarioError, match=f"line 3: {re.escape(problem)}"):
        Scenario.parse("title: x\nhands: " + " / ".join(DEAL) + f"\n{line}\nplay: no-mus")


@pytest.mark.parametrize("scenario", builtin(), ids=lambda s: s.title)
def test_every_builtin_steps_forward_and_back_to_the_end(scenario: Scenario) -> None:
    forward = [scenario.game_at(i) for i in range(len(scenario) + 1)]
    backward = [scenario.game_at(i) for i in reversed(range(len(scenario) + 1))]
    assert forward == backward[::-1]
    for i, action in enumerate(scenario.actions):
        again = forward[i].apply(action)
        assert again.record() == forward[i + 1].record(), (scenario.title, i, action)
        assert forward[i + 1].actions[-1] == action
    assert scenario.note_at(0) and scenario.note_at(len(scenario))


@pytest.mark.parametrize("scenario", builtin(), ids=lambda s: s.title)
def test_every_builtin_ends_with_the_count_its_note_claims(scenario: Scenario) -> None:
    # An accepted órdago has no count: its note says the score stays as it was.
    claimed = r"(?:Count:|the score stays) South–North (\d+), East–West (\d+)\."
    claim = re.search(claimed, scenario.note_at(len(scenario)))
    assert claim is not None, scenario.note_at(len(scenario))
    scores = (int(claim[1]), int(claim[2]))
    assert final_count(scenario) == scores
    assert scenario.expect is not None and scenario.expect.scores == scores
    assert explain(scenario.final), "the count at the end is explained"


def grande_second_card(s: Scenario) -> None:
    grande = lances(s)[Lance.GRANDE]
    assert grande.decided.id == "why.grande.2" and grande.decided.params["rank"] == 12


def chica(s: Scenario) -> None:
    row = lances(s)[Lance.CHICA]
    assert row.outcome is Outcome.ACCEPTED and row.decided.id.startswith("why.chica.") and row.team == 0


def tie_to_the_mano(s: Scenario) -> None:
    found = lances(s)
    mano_team = mw.team_of(s.game_at(0).mano)
    for lance in (Lance.GRANDE, Lance.CHICA, Lance.PUNTO):
        assert found[lance].decided.id == f"why.{lance.value}.tie" and found[lance].team == mano_team


def par_medias_duples(s: Scenario) -> None:
    pares = lances(s)[Lance.PARES]
    assert pares.decided.id == "why.pares.kind" and pares.decided.params["pares"] == "duples"
    kinds = {mw.evaluate(h).pares for h in s.game_at(0).hands}
    assert kinds == {mw.ParesKind.PAR, mw.ParesKind.MEDIAS, mw.ParesKind.DUPLES}


def four_of_a_kind(s: Scenario) -> None:
    pares = lances(s)[Lance.PARES]
    assert pares.decided.params["pares"] == "duples" and pares.decided.params["high"] == pares.decided.params["low"]
    assert pares.decided.params["rival_pares"] == "duples"


def thirty_one_beats_forty(s: Scenario) -> None:
    juego = lances(s)[Lance.JUEGO]
    assert (juego.decided.params["total"], juego.decided.params["rival_total"]) == (31, 40)


def punto(s: Scenario) -> None:
    row = next(r for r in s.final.last_count if r.lance is Lance.PUNTO)
    assert row.outcome is Outcome.ACCEPTED and (row.stake, row.bonus, row.points) == (2, 1, 3)


def one_team_pares(s: Scenario) -> None:
    assert lances(s)[Lance.PARES].outcome is Outcome.ONE_TEAM


def first_bet_refused(s: Scenario) -> None:
    grande = lances(s)[Lance.GRANDE]
    assert grande.outcome is Outcome.REJECTED and grande.decided.params["negada"] == 1


def raise_refused(s: Scenario) -> None:
    grande = lances(s)[Lance.GRANDE]
    assert grande.outcome is Outcome.REJECTED and grande.decided.params["negada"] == 5
    assert [a for a in s.actions if a.startswith("envido")] == ["envido 2", "envido 3", "envido 3", "envido 2",
                                                                "envido 2"]


def partner_overrides(s: Scenario) -> None:
    calls = [(e.seat, e.get("action")) for e in s.final.last_hand.log if e.kind == "call"]  # type: ignore[union-attr]
    assert calls[1:4] == [(1, "envido 2"), (2, "no-quiero"), (0, "quiero")]
    assert lances(s)[Lance.GRANDE].outcome is Outcome.ACCEPTED


def ordago_turned(s: Scenario) -> None:
    bettor = next(e.seat for e in s.final.log if e.kind == "call" and e.get("action") == "ordago")
    assert bettor is not None and s.final.winner == 1 - mw.team_of(bettor)


def count_stops(s: Scenario) -> None:
    rows = s.final.last_count
    assert [r.counted for r in rows] == [True, True, True, False] and s.final.winner == 0


def mus_and_discards(s: Scenario) -> None:
    discards = [e for e in s.final.last_hand.log if e.kind == "discard"]  # type: ignore[union-attr]
    assert [e.get("count") for e in discards] == [2, 2, 2, 4]


RULE_POINTS: dict[str, Callable[[Scenario], None]] = {
    "Grande: the second card decides": grande_second_card,
    "Chica: the lowest cards win": chica,
    "A tie goes to the mano": tie_to_the_mano,
    "Pares: duples beat medias beat a par": par_medias_duples,
    "Four of a kind are duples": four_of_a_kind,
    "Juego: 31 beats 40": thirty_one_beats_forty,
    "Punto: nobody has juego": punto,
    "Only one team has pares": one_team_pares,
    "A refused first bet pays 1": first_bet_refused,
    "A refused raise pays the stake before it": raise_refused,
    "The partner overrides a no quiero": partner_overrides,
    "An órdago won by the side that did not bet it": ordago_turned,
    "The count stops at 40": count_stops,
    "Mus: changing cards": mus_and_discards,
}


def test_each_builtin_makes_its_rule_point() -> None:
    assert sorted(RULE_POINTS) == sorted(s.title for s in builtin())
    for scenario in builtin():
        RULE_POINTS[scenario.title](scenario)


# ---------------------------------------------------------------------------------------------- records


def random_match(seed: int) -> mw.Game:
    rng = random.Random(seed)
    game = mw.Game.new(seed=seed, rules=mw.Rules(target=20))
    while not game.is_over:
        legal = game.legal_actions()
        if "ordago" in legal and len(legal) > 1:
            legal.remove("ordago")
        if game.phase is mw.Phase.GRANDE and rng.random() < 0.05:
            game = game.sena(rng.randrange(4), "nothing")
        game = game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_any_finished_game_steps_from_its_record(seed: int) -> None:
    game = random_match(seed)
    scenario = Scenario.from_record(game.record(), title="Last night's game")
    assert scenario.title == "Last night's game"
    assert len(scenario) == len(game.actions)
    assert scenario.final.record() == game.record()
    assert scenario.game_at(0).actions == () and scenario.game_at(0).hands == mw.Game.new(seed=seed).hands
    assert Scenario.parse(scenario.text).final.record() == game.record()
    middle = len(scenario) // 2
    assert scenario.game_at(middle).record()["actions"] == list(game.actions[:middle])


def test_a_game_dealt_fast_steps_from_its_text_with_the_same_cards() -> None:
    """A game of ``fast_deals`` (as the training environment deals) is written with ``deals: fast`` and reads
    back dealt the same; without the line, the seed deals the classic cards, and other deals are refused."""
    game = mw.play_random(mw.Game.new(seed=4, fast_deals=True), random.Random(4), hands=4)
    text = scenario_text(game)
    assert "\ndeals: fast\n" in text
    assert Scenario.parse(text).final.record() == game.record()
    header = "seed: 4\nplay: no-mus\n"
    assert Scenario.parse(header).game_at(0).hands == mw.Game.new(seed=4).hands
    fast = mw.Game.new(seed=4, fast_deals=True)
    assert Scenario.parse("deals: fast\n" + header).game_at(0).hands == fast.hands != mw.Game.new(seed=4).hands
    scripted = Scenario.parse(f"hands: {' / '.join(DEAL)}\ndeals: FAST\nplay: no-mus\n").game_at(0)
    assert scripted.record()["version"] == 3 and scripted.stock != mw.Game.from_deal(DEAL).stock
    with pytest.raises(ScenarioError, match="line 2: 'quick' are no deals; expected 'deals: classic'"):
        Scenario.parse("seed: 4\ndeals: quick\nplay: no-mus\n")


def test_a_scripted_game_with_senas_and_rules_reads_back_from_its_text() -> None:
    scenario = builtin()[0]
    game = scenario.game_at(3).sena(2, "two_reyes").apply("paso")
    game = game.sena(1, "thirty_one")
    text = scenario_text(game, "With señas")
    assert "sena: north two_reyes" in text and text.rstrip().endswith("sena: east thirty_one")
    assert Scenario.parse(text).final.record() == game.record()
    rules = mw.Game.from_deal([str(h) for h in game.hands], rules=mw.Rules(kings=4, team_consent=False))
    assert "rules: kings 4, team_consent off" in scenario_text(rules)


@pytest.mark.parametrize(("line", "problem"), [
    ("scores: " + "9" * 5000 + " 3", "are not two scores"),
    ("seed: " + "9" * 5000, "is not a seed"),
    ("rules: target " + "9" * 5000, "target needs a number"),
    ("mano: " + "9" * 5000, "is not a seat"),
    ("seed: ٣", "is not a seed"),
], ids=["scores", "seed", "target", "mano", "arabic-digit"])
def test_numbers_too_long_or_in_other_digits_are_scenario_errors_on_their_line(line: str, problem: str) -> None:
    text = f"title: long numbers\nhands: 12o 3c 7e 1b / 1o 1c 4e 5b / 6o 6c 7o 7c / 10o 11o 2e 3e\n{line}\nplay: mus"
    with pytest.raises(ScenarioError, match=f"^line 3: .*{problem}") as caught:
        Scenario.parse(text)
    assert len(str(caught.value)) < 400


def test_an_envido_of_five_thousand_digits_is_an_action_error_on_its_line() -> None:
    text = ("title: a long envido\nhands: 12o 3c 7e 1b / 1o 1c 4e 5b / 6o 6c 7o 7c / 10o 11o 2e 3e\n"
            "play: no-mus, envido " + "9" * 5000)
    with pytest.raises(ScenarioError, match=r"^line 3, action 2 \('envido 9+…'\): ") as caught:
        Scenario.parse(text)
    assert len(str(caught.value)) < 400
    assert len(caught.value.source) == 120 and caught.value.source.endswith("9…")
