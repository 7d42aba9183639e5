"""docs/rules.md is the project's own rule text: its links stay inside the repository and resolve, and every
worked example in it that states a result is played here through the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mus_widget as mw
from mus_widget import Lance

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
LINKED_DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"), ROOT / "tutorials" / "README.md"])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SEATS = {"South": 0, "East": 1, "North": 2, "West": 3}


# ---------------------------------------------------------------------------------------------- links


def links(path: Path) -> list[str]:
    return LINK.findall(path.read_text(encoding="utf-8"))


def bad_links(path: Path, root: Path = ROOT) -> list[str]:
    """The links of ``path`` that leave ``root`` or name no file (web pages are allowed)."""
    bad = []
    for link in links(path):
        if re.match(r"https?://", link):
            continue  # a web page (the anywidget site), not a file of the repository
        target = (path.parent / link.split("#")[0]).resolve()
        outside = re.match(r"[a-z][a-z0-9+.-]*:|/", link) or not target.is_relative_to(root)
        if outside or not (link.startswith("#") or target.is_file()):
            bad.append(link)
    return bad


def test_links_out_of_the_repository_or_to_nothing_are_caught(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n")
    (tmp_path / "shared.md").write_text("# outside\n")
    repo = tmp_path / "docs"
    page = repo / "page.md"
    page.write_text(
        "[ok](rules.md) [anchor](#top) [web](https://anywidget.dev) [out](../shared.md) "
        "[missing](gone.md) [file](file:///etc/passwd) [absolute](/etc/passwd)\n"
    )
    assert bad_links(page, root=repo) == ["../shared.md", "gone.md", "file:///etc/passwd", "/etc/passwd"]


def test_the_link_finder_finds_links() -> None:
    found = LINK.findall("see [the rules](docs/rules.md#2-the-deck) and [x](https://example.org) `[no](x`")
    assert found == ["docs/rules.md#2-the-deck", "https://example.org"]


@pytest.mark.parametrize("path", LINKED_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_inside_the_repository_and_resolve(path: Path) -> None:
    assert links(path) or path.name != "README.md", f"{path} links nothing"
    assert bad_links(path) == [], f"{path.name} links outside the repository or to no file"


def test_the_readme_and_the_tutorials_link_the_rules() -> None:
    """The README links docs/rules.md; the tutorials link its copy among them (tutorials/reference/rules.md, which
    JupyterLab opened on a tutorial and the classroom site can serve), the same text."""
    assert "docs/rules.md" in links(ROOT / "README.md")
    assert "reference/rules.md" in links(ROOT / "tutorials" / "README.md")
    for notebook in sorted((ROOT / "tutorials").glob("0*.ipynb")):
        assert "](reference/rules.md)" in notebook.read_text(encoding="utf-8"), notebook.name
    copy = (ROOT / "tutorials" / "reference" / "rules.md").read_text(encoding="utf-8")
    assert copy.split("\n", 2)[2] == RULES_DOC.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------- orders


def example_lines() -> list[str]:
    text = RULES_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```examples\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1, "docs/rules.md has one block of examples"
    return [line.strip() for line in blocks[0].splitlines() if line.strip()]


LANCES = {lance.value: lance for lance in Lance}


@pytest.mark.parametrize("line", [line for line in example_lines() if " beats " in line or " ties " in line])
def test_the_orders_in_examples(line: str) -> None:
    name, _, rest = line.partition(": ")
    lance = LANCES[name]
    verb = " beats " if " beats " in rest else " ties "
    first, second = (mw.Hand.parse(h) for h in rest.split(verb))
    # the second hand at the mano, so that it wins every exact tie; the first at the next seat
    winner = mw.lance_winner(lance, [second, first, second, first], mano=0)
    if verb == " beats ":
        assert winner == 1, f"{first} does not beat {second} at {name}"
    else:
        assert winner == 0, line
        assert mw.lance_winner(lance, [first, second, first, second], mano=0) == 0, f"{line}: no exact tie"


@pytest.mark.parametrize("line", [line for line in example_lines() if " = " in line])
def test_the_values_in_examples(line: str) -> None:
    name, _, rest = line.partition(": ")
    hand, _, expected = rest.partition(" = ")
    value = mw.evaluate(mw.Hand.parse(hand))
    got = {"total": value.total, "pares value": value.pares_points, "juego value": value.juego_points}[name]
    assert got == int(expected), line


def test_every_example_line_is_checked() -> None:
    for line in example_lines():
        lance = r"(grande|chica|pares|juego|punto): .+ (beats|ties) .+"
        value = r"(total|pares value|juego value): .+ = \d+"
        assert re.fullmatch(f"{lance}|{value}", line), line


# ---------------------------------------------------------------------------------------------- betting


DEAL_A = ["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"]  # as in docs/rules.md, the count
DEAL_P = ["12o 11o 7o 1o", "12c 11c 6c 2c", "12e 10e 5e 4e", "3b 10b 6b 4b"]  # nobody has pares or juego


def play(g: mw.Game, *moves: str) -> mw.Game:
    for move in moves:
        who, _, action = move.partition(": ")
        g = g.apply(action, seat=SEATS[who])
    return g


@pytest.mark.parametrize(("moves", "team", "points"), [
    pytest.param(("South: envido 2", "East: no-quiero", "West: no-quiero"), 0, 1, id="first envido 2 refused: 1"),
    pytest.param((
        "South: envido 2", "East: envido 3", "West: envido 3", "South: envido 2", "North: envido 2",
        "West: no-quiero", "East: no-quiero",
    ), 0, 5, id="2 -> 5 -> 7 refused: 5"),
    pytest.param((
        "South: envido 2", "East: envido 2", "West: envido 2", "South: envido 3", "North: envido 3",
        "West: envido 5", "East: envido 5", "North: no-quiero", "South: no-quiero",
    ), 1, 7, id="2 -> 4 -> 7 -> 12 refused: 7"),
])
def test_the_negada_examples(moves: tuple[str, ...], team: int, points: int) -> None:
    g = play(mw.Game.from_deal(DEAL_A, mano=0).apply("no-mus"), *moves)
    assert [(e.get("team"), e.get("points")) for e in g.log if e.kind == "negada"] == [(team, points)]
    assert g.scores[team] == points and g.lance is Lance.CHICA


def test_the_stake_example() -> None:
    g = play(mw.Game.from_deal(DEAL_A, mano=0).apply("no-mus"), "South: envido 2")
    assert g.betting is not None and g.betting.stake == 2
    g = play(g, "East: envido 3", "West: envido 3")
    assert g.betting is not None and g.betting.stake == 5
    g = play(g, "South: envido 2", "North: envido 2")
    assert g.betting is not None and g.betting.stake == 7


def test_the_count_example_everyone_passes() -> None:
    g = mw.Game.from_deal(DEAL_A, mano=0).apply("no-mus")
    while g.hand_number == 1:
        g = g.apply("paso")
    rows = [(row.lance, row.team, row.points) for row in g.last_count]
    assert rows == [(Lance.GRANDE, 0, 1), (Lance.CHICA, 1, 1), (Lance.PARES, 0, 4), (Lance.JUEGO, 1, 3)]
    assert g.scores == (5, 4)


def test_punto_accepted_at_2_scores_3() -> None:
    g = mw.Game.from_deal(DEAL_P, mano=0).apply("no-mus")
    for _ in range(8):  # Grande and Chica en paso; nobody has pares
        g = g.apply("paso")
    assert g.lance is Lance.PUNTO
    g = play(g, "South: envido 2", "East: quiero", "West: quiero")
    punto = g.last_count[-1]
    assert (punto.lance, punto.team, punto.stake, punto.bonus, punto.points) == (Lance.PUNTO, 1, 2, 1, 3)
