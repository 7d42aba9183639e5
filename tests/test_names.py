"""One rule for players' names wherever they come in: ``MusTable(names=...)``, the new-game panel and the static
pictures all refuse control and bidi characters and names past the maximum length, with the same error type."""

from __future__ import annotations

import pytest

import mus_widget as mw
from mus_widget.i18n.names import MAX_NAME, PlayerNameError, check_name

BAD = ["\u202eevil\u202c", "tab\there", "new\nline", "", "   ", "x" * (MAX_NAME + 1), "zero\u200bwidth", "\u2066iso"]
GOOD = ["Ane", "  Miren  ", "Ayşe", "Jiří", "Дмитрий", "محمد", "李小龙", "👩\u200d👩\u200d👧", "می\u200cخواهم"]
DEAL = ["12o 3c 7e 1b", "1o 1c 4e 5b", "6o 6c 7o 7c", "10o 11o 2e 3e"]


@pytest.mark.parametrize("name", BAD)
def test_a_bad_name_is_refused_everywhere_with_the_same_error(name: str) -> None:
    with pytest.raises(PlayerNameError):
        check_name(name)
    with pytest.raises(PlayerNameError, match=r"names\[1\]"):
        mw.show_deal(DEAL, names=["a", name, "c", "d"])
    game = mw.Game.from_deal(DEAL, 0, seed=1).apply("no-mus")  # always "mus" would change cards for ever
    while game.last_hand is None:
        game = game.apply(game.legal_actions()[0])
    with pytest.raises(PlayerNameError):
        mw.show_count(game, names=["a", name, "c", "d"])


@pytest.mark.parametrize("name", GOOD)
def test_names_in_any_script_are_taken_trimmed(name: str) -> None:
    assert check_name(name) == name.strip()
    assert name.strip() in mw.show_deal(DEAL, names=[name, "b", "c", "d"]).html


def test_the_error_names_the_character_and_where_it_is() -> None:
    with pytest.raises(PlayerNameError, match=r"names\[2\] holds U\+202E \(RIGHT-TO-LEFT OVERRIDE\) at character 1"):
        check_name("\u202eevil", "names[2]")
    assert issubclass(PlayerNameError, mw.MusError)
