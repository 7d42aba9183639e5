"""Static pictures for lessons (mus_widget.teaching.pictures): the widget's own card art, hands, deals and counts as
plain HTML with inline SVG, and a notebook of them exported by nbconvert with no kernel."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from IPython.core.formatters import DisplayFormatter
from IPython.core.interactiveshell import InteractiveShell
from nbconvert import HTMLExporter

import mus_widget as mw
from bundle import source_hash
from mus_widget.teaching import pictures
from mus_widget.teaching.pictures import card_art, show_card, show_count, show_deal, show_hand
from support.deals import DEAL

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
SVG = re.compile(r"<svg\b")


def counted_game() -> mw.Game:
    game = mw.Game.from_deal(DEAL, mano=0).apply("no-mus")
    while game.hand_number == 1:
        game = game.apply("paso")
    return game


def static_only(markup: str) -> None:
    """Nothing a static page could not show: no script, no stylesheet, no link, nothing from the network."""
    assert "<script" not in markup and "<style" not in markup and "<link" not in markup
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", markup)
    assert not re.search(r"\sid=", markup), "inline SVG ids would clash between pictures"


# ---------------------------------------------------------------------------------------------- the art


def test_the_card_art_is_the_widgets_built_from_the_current_js() -> None:
    art = json.loads((Path(pictures.__file__).with_name("cards.json")).read_text())
    assert art["sha256"] == source_hash(), "teaching/cards.json is stale: run npm run build"
    assert art["source"] == "js/cards.js"
    assert sorted(art["cards"]) == sorted(str(card) for card in mw.DECK)
    for svg in [*art["cards"].values(), art["back"]]:
        assert svg.startswith('<svg class="mus-card-art" viewBox="0 0 64 100"') and svg.endswith("</svg>")
        static_only(svg)
    # The suit's ink frames every card of that suit, as js/cards.js draws it.
    ink = dict(re.findall(r'(\w): "(#[0-9a-f]{6})"', (JS / "cards.js").read_text().split("export const INK = ")[1]
                          .split("}")[0]))
    assert all(f'stroke="{ink[name[-1]]}"' in svg for name, svg in art["cards"].items())
    assert card_art() == art


# ---------------------------------------------------------------------------------------------- pictures


def test_show_hand_draws_four_cards_named_in_words_with_what_they_hold() -> None:
    picture = show_hand("12o 3c 7e 1b")
    markup = picture._repr_html_()
    assert repr(picture) == "12o 3c 7e 1b"
    assert len(SVG.findall(markup)) == 4
    assert re.findall(r'data-card="(\w+)"', markup) == ["12o", "3c", "7e", "1b"]
    assert 'aria-label="king of coins (12o)"' in markup and 'aria-label="three of cups (3c)"' in markup
    assert 'width="62" height="97"' in markup
    assert "a par of reyes (a 3 counts as a rey) · 28 points, no juego" in markup
    static_only(markup)
    assert "31: juego" in show_hand("12o 11c 10e 1b").html


def notebook_formatter() -> DisplayFormatter:
    """The display formatter of a running IPython, with the pictures registered for the engine's cards and
    hands (as ``import mus_widget`` does in a kernel)."""
    shell = InteractiveShell.instance()
    assert pictures.register_formatters()
    formatter = shell.display_formatter
    assert isinstance(formatter, DisplayFormatter)
    return formatter


def test_hand_and_card_show_themselves_in_a_notebook() -> None:
    formatter = notebook_formatter()
    hand = mw.Hand.parse("12o 3c 7e 1b")
    data, _ = formatter.format(hand)
    assert data["text/plain"] == "Hand.parse('12o 3c 7e 1b')"
    assert data["text/html"] == show_hand(hand).html
    card_data, _ = formatter.format(mw.Card.parse("11c"))
    assert len(SVG.findall(card_data["text/html"])) == 1 and "knight of cups (11c)" in card_data["text/html"]
    assert show_card("11c").html == card_data["text/html"]


def test_importing_the_package_in_a_kernel_shows_hands_as_cards() -> None:
    """The engine has no HTML repr of its own (it never imports the pictures); ``import mus_widget`` in a running
    IPython registers one, so a Hand on the last line of a cell still shows as its cards."""
    assert not hasattr(mw.Hand, "_repr_html_") and not hasattr(mw.Card, "_repr_html_")
    script = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import mus_widget as mw\n"
        "data, _ = shell.display_formatter.format(mw.Hand.parse('12o 3c 7e 1b'))\n"
        "print(data['text/html'] == mw.show_hand('12o 3c 7e 1b').html, data['text/plain'])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "True Hand.parse('12o 3c 7e 1b')"


def test_show_deal_puts_the_four_hands_around_the_felt_and_marks_the_mano() -> None:
    picture = show_deal(DEAL, mano=1, names=["Ana", "Bea", "Carla", "Dani"])
    markup = picture.html
    assert len(SVG.findall(markup)) == 16
    seats = re.findall(r'data-seat="(\d)"', markup)
    assert seats == ["2", "3", "1", "0"], "North on top, West and East beside, South at the bottom"
    assert re.search(r"Bea <strong[^>]*>mano</strong>", markup)
    assert repr(picture) == "12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b (mano Bea)"
    game = mw.Game.from_deal(DEAL, mano=3)
    assert re.search(r"West <strong[^>]*>mano</strong>", show_deal(game).html)
    static_only(markup)
    with pytest.raises(ValueError, match="four hands"):
        show_deal(DEAL[:3])


def test_show_count_is_the_count_table_with_every_lance_explained() -> None:
    game = counted_game()
    picture = show_count(game)
    markup = picture.html
    assert re.findall(r'<tr data-lance="(\w+)"', markup) == ["grande", "chica", "pares", "juego"]
    assert len(SVG.findall(markup)) == 16, "the hands shown at the count"
    assert re.findall(r'<div style="padding:4px 8px" data-seat="(\d)"', markup) == ["0", "1", "2", "3"], \
        "a box per hand, which wraps to a second row in a narrow column (tests/browser/test_docs_site.py)"
    for explanation in mw.explain(game):
        assert explanation.text() in markup.replace("&#x27;", "'")
    assert "Score: South–North 4, East–West 5" in markup
    named = show_count(game, names=["Ana", "Bea", "Carla", "Dani"]).html
    assert "Ana &amp; Carla" in named and "Ana&#x27;s highest card" in named
    assert str(picture).splitlines()[-1] == "Score: South–North 4, East–West 5"
    static_only(markup)


def test_show_count_of_an_ordago_and_of_a_negada_that_ended_the_game() -> None:
    ordago = mw.Game.from_deal(DEAL, mano=0).apply("no-mus").apply("ordago").apply("quiero").apply("quiero")
    markup = show_count(ordago).html
    assert re.findall(r'<tr data-lance="(\w+)"', markup) == ["grande"] and "Órdago" in markup
    assert "The órdago was accepted: South–North win the game." in markup
    negada = mw.Game.from_deal(DEAL, mano=0, scores=(39, 0)).apply("no-mus").apply("envido 2")
    negada = negada.apply("no-quiero").apply("no-quiero")
    markup = show_count(negada).html
    assert "This hand ended before the count." in markup and "negada of 1" in markup
    assert not SVG.search(markup), "the hands were never shown"
    with pytest.raises(ValueError, match="no hand"):
        show_count(mw.Game.new(seed=1))


# ---------------------------------------------------------------------------------------------- nbconvert


def test_the_pictures_survive_an_nbconvert_html_export_with_no_kernel(tmp_path: Path) -> None:
    game = counted_game()
    formatter = notebook_formatter()
    shown = [
        ('mw.show_hand("12o 3c 7e 1b")', show_hand("12o 3c 7e 1b")),
        ("mw.Hand.parse('11o 11c 4e 5b')", mw.Hand.parse("11o 11c 4e 5b")),
        ("mw.Card.parse('7b')", mw.Card.parse("7b")),
        ("mw.show_deal(deal)", show_deal(DEAL)),
        ("mw.show_count(game)", show_count(game)),
    ]
    cells = [nbformat.v4.new_code_cell("import mus_widget as mw")]
    for source, value in shown:
        data, metadata = formatter.format(value)
        cell = nbformat.v4.new_code_cell(source)
        cell.outputs = [nbformat.v4.new_output("execute_result", data=data, metadata=metadata, execution_count=1)]
        cells.append(cell)
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.validate(notebook)
    path = tmp_path / "lesson.ipynb"
    nbformat.write(notebook, path)

    body, _ = HTMLExporter().from_filename(str(path))
    (tmp_path / "lesson.html").write_text(body)
    assert len(SVG.findall(body)) == 4 + 4 + 1 + 16 + 16
    for card in ["12o", "3c", "7e", "1b", "11o", "4e", "5b", "7b"]:
        assert f'data-card="{card}"' in body
    assert "a par of reyes (a 3 counts as a rey) · 28 points, no juego" in body
    assert 'data-lance="pares"' in body and "duples of 6s and ases" in body
    # Every shape of the card art reaches the page (the exporter re-serialises the markup, but drops nothing).
    markup = "".join(formatter.format(value)[0]["text/html"] for _, value in shown)
    for tag in ("rect", "path", "circle", "ellipse", "text", "g"):
        drawn = len(re.findall(rf"<{tag}\b", markup))
        assert drawn and len(re.findall(rf"<{tag}\b", body)) == drawn, tag
    assert "widget-view" not in body and "anywidget" not in body, "nothing waits for a kernel or a widget manager"
