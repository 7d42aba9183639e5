"""The student's language: six catalogues, complete, faithful to their placeholders, and really translated."""

from __future__ import annotations

import random

import pytest
from babel.messages.pofile import read_po

import mus_widget as mw
from mus_widget import i18n
from mus_widget.i18n import GAME_WORDS, LANGUAGES, PLURAL_IDS, SAME_FLAG, catalog, message
from mus_widget.i18n.catalogues import babel_language_name
from mus_widget.i18n.messages import EN, placeholders
from mus_widget.i18n.text import action_text, event_text

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def po_entries(code: str) -> dict[str, tuple[str, set[str]]]:
    with i18n.po_path(code).open("rb") as file:
        return {str(m.id): (str(m.string), set(m.flags)) for m in read_po(file, locale=code) if m.id}


def test_the_table_speaks_six_languages_english_first() -> None:
    assert LANGUAGES == ("en", "es", "nl", "tr", "cs", "af")
    assert catalog("en") == EN
    with pytest.raises(i18n.LanguageError, match="'xx'"):
        catalog("xx")


def test_catalog_is_a_copy() -> None:
    spanish = catalog("es")
    spanish["seat.0"] = "changed"
    assert catalog("es")["seat.0"] != "changed"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalogue_has_every_english_key_and_no_other(code: str) -> None:
    entries = po_entries(code)
    wanted = i18n.expected(code)
    assert set(entries) == set(wanted), "run python -m mus_widget.i18n_tool and translate what it lists"
    untranslated = sorted(k for k, (text, flags) in entries.items() if not text or "fuzzy" in flags)
    assert not untranslated, f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert set(EN) <= set(catalog(code))


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_the_english(code: str) -> None:
    wanted = i18n.expected(code)
    wrong = {k: (sorted(placeholders(text)), sorted(placeholders(wanted[k])))
             for k, text in catalog(code).items() if placeholders(text) != placeholders(wanted[k])}
    assert not wrong, f"{code}: placeholders differ from English: {wrong}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_text_is_left_in_english_where_a_translation_is_due(code: str) -> None:
    entries, english = po_entries(code), i18n.expected(code)
    left = sorted(k for k, (text, flags) in entries.items()
                  if k not in GAME_WORDS and text == english[k] and SAME_FLAG not in flags)
    assert not left, f"{code}: still English (flag them {SAME_FLAG!r} if that is right): {left}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_flagged_same_only_where_it_is_the_same(code: str) -> None:
    english = i18n.expected(code)
    odd = sorted(k for k, (text, flags) in po_entries(code).items() if SAME_FLAG in flags and text != english[k])
    assert not odd, f"{code}: flagged {SAME_FLAG!r} but different from the English: {odd}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_game_words_stay_spanish_with_a_local_word_beside_them(code: str) -> None:
    texts = catalog(code)
    for word in GAME_WORDS:
        assert texts[word] == EN[word], f"{code}: {word} should stay {EN[word]!r}"
    glosses = {k: v for k, v in texts.items() if k.startswith("gloss.")}
    assert {k.removeprefix("gloss.") for k in glosses} <= GAME_WORDS
    assert all(0 < len(v) <= 16 for v in glosses.values()), glosses


def test_the_dutch_use_the_guides_words() -> None:
    """The Dutch guide waits (paso), raises (envido), looks (quiero) or passes (no quiero); the partner agrees."""
    dutch = catalog("nl")
    assert dutch["gloss.action.paso"] == "Wachten"
    assert dutch["gloss.action.envido"] == "Verhogen"
    assert dutch["gloss.action.quiero"] == "Bekijken"
    assert dutch["gloss.action.no-quiero"] == "Passen"
    assert dutch["ui.agree"] == "Toestemmen"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_cover_every_category_of_the_language(code: str) -> None:
    texts = catalog(code)
    for base in PLURAL_IDS:
        for category in i18n.categories(code):
            assert f"{base}.{category}" in texts, f"{code}: {base}.{category}"


def test_czech_counts_reyes_in_three_forms() -> None:
    forms = {n: message("feature.reyes", "cs", count=n) for n in (1, 2, 3, 4, 5)}
    assert len({forms[1].split()[-1], forms[2].split()[-1], forms[5].split()[-1]}) == 3, forms
    assert forms[2].split()[-1] == forms[4].split()[-1]
    assert forms[1].startswith("1") and forms[5].startswith("5")


def test_english_picks_one_only_for_one() -> None:
    assert message("feature.reyes", count=1) == "1 rey"
    assert message("feature.reyes", count=0) == "0 reyes"
    assert message("feature.reyes", count=3) == "3 reyes"


def test_numbers_are_written_the_languages_way() -> None:
    assert message("ui.coach.chance", "en", chance=74.5, lance="Grande") == "Your team's chance at Grande: 74.5 %"
    assert "74,5" in message("ui.coach.chance", "es", chance=74.5, lance="Grande")
    assert "74,5" in message("ui.coach.chance", "cs", chance=74.5, lance="Grande")
    assert i18n.format_number(1234, "es") == "1234" or i18n.format_number(12345, "es") == "12.345"
    assert i18n.format_number(12345, "en") == "12,345"


def test_language_names_are_their_own() -> None:
    names = {code: i18n.language_name(code) for code in LANGUAGES}
    assert names == {"en": "English", "es": "Español", "nl": "Nederlands", "tr": "Türkçe", "cs": "Čeština",
                     "af": "Afrikaans"}
    assert names == {code: babel_language_name(code) for code in LANGUAGES}, "Babel's own names, kept"


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "nl_NL.UTF-8"}, "nl"),
    ({"LC_ALL": "cs_CZ.UTF-8", "LANG": "en_US.UTF-8"}, "cs"),
    ({"LANG": "C.UTF-8", "LANGUAGE": "tr:en"}, "tr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
    ({"LANG": "es-ES"}, "es"),
])
def test_the_default_follows_the_locale(environ: dict[str, str], code: str) -> None:
    assert i18n.default_language(environ) == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_whole_hand_reads_in_every_language(code: str) -> None:
    """Every log line and every count explanation of a few played hands renders, with no id left raw."""
    for seed in range(5):
        game = mw.play_random(mw.Game.new(seed=seed), random.Random(seed), hands=1)
        for event in game.log:
            line = event_text(event, code)
            assert line and "{" not in line
        for explanation in mw.explain(game):
            text = explanation.text(code)
            assert text and "{" not in text and "why." not in text
    assert action_text("envido 5", code) == "Envido 5"


def test_the_fast_path_for_small_numbers_writes_them_as_babel_does() -> None:
    from babel.numbers import format_decimal

    for code in LANGUAGES:
        assert all(i18n.format_number(n, code) == format_decimal(n, locale=code) for n in range(1000)), code
    assert i18n.format_number(1000, "cs") == format_decimal(1000, locale="cs")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_built_in_scenarios_speak_every_language(code: str) -> None:
    """A teacher's table shows the library's titles and notes in the table's language."""
    from mus_widget.teaching.scenarios import library

    missing = []
    for name, scenario in library().items():
        if scenario.title_in(code) == scenario.title:
            missing.append(f"{name}: title")
        for step, note in enumerate(scenario.notes):
            if note and scenario.note_at(step, code) == note:
                missing.append(f"{name}: the note at step {step}")
    assert not missing, missing
