"""MusTable without a browser: its options, the message handler (every message type, valid and junk), hidden
information over 200 seeded games played through the handler, the pace of the bots on an event loop, and the
shipped front end (a fresh, self-contained bundle; CSS under one root class; every text from the catalogue)."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import mus_widget as mw
from bundle import source_hash
from leaks import cards_in
from mus_widget import MusTable
from mus_widget.bots import Bot, Decision, make_bot
from mus_widget.i18n.messages import EN
from mus_widget.table.view_state import HISTORY_HANDS
from mus_widget.table.widget import STATIC
from support.deals import DEAL
from support.waiting import until

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
STATE_LIMIT = 8 * 1024
"""The synced state but the log's history of earlier hands, which grows with the game."""
HISTORY_LIMIT = HISTORY_HANDS * 3 * 1024
"""The history: at most HISTORY_HANDS hands, each a few kilobytes (some 30 to 40 lines)."""


def compact(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def snapshot(table: MusTable) -> tuple[Any, ...]:
    return (copy.deepcopy(table.state), table.game, table.tips, table.language, table.pace, copy.deepcopy(table.setup))


class Agreeable(Bot):
    """A test bot: always mus, changes its first card, passes, accepts."""

    level = "novice"

    def decide(self, obs: mw.Observation) -> Decision:
        legal = obs.legal_actions
        for wish in ("mus", "paso", "quiero"):
            if wish in legal:
                return Decision(wish, mw.Reason("explain.random", (("action", wish), ("count", len(legal)))))
        if obs.phase is mw.Phase.DISCARD:
            action = f"discard {obs.hand.cards[0]}"
            return Decision(action, mw.Reason("explain.random", (("action", action), ("count", 1))))
        return Decision(legal[0], mw.Reason("explain.random", (("action", legal[0]), ("count", len(legal)))))


def agreeable() -> dict[int, Bot]:
    return {seat: Agreeable() for seat in (1, 2, 3)}


def scripted(**options: Any) -> MusTable:
    """South is mano and to move, with the deal above; bots play at once."""
    return MusTable(deal=DEAL, mano=0, seed=5, pace=0, **options)


# ---------------------------------------------------------------------------------------------- options


def test_defaults_the_student_at_south_against_three_novices(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda *_: (None, None))
    table = MusTable(pace=0, seed=3)
    assert table.seat == 0 and table.tips and table.language == "en"
    assert [bot.level for bot in table.bots.values()] == ["novice"] * 3 and set(table.bots) == {1, 2, 3}
    assert table.names == ("Student", "Iker", "Amaia", "Xabier")
    assert isinstance(table.game, mw.Game)
    assert table.state["to_move"] == 0 or table.game.to_move == 0, "bots played up to the student's decision"
    assert "seed" not in json.dumps(table.state) and "seed" not in json.dumps(table.setup)
    assert table.messages["ui.agree"] == "Agree"


def test_keyword_options() -> None:
    rules = mw.Rules(target=30, kings=4)
    table = MusTable(seat=2, names={0: "Ane"}, bots={0: "expert", 1: "random"}, rules=rules, seed=9,
                     tips=False, pace=0, language="en")
    assert table.seat == 2 and table.names[0] == "Ane" and table.names[2] == "Student"
    assert table.bots[0].level == "expert" and table.bots[1].level == "random" and table.bots[3].level == "novice"
    assert table.game.rules == rules and table.state["target"] == 30 and not table.tips
    assert table.state["seat"] == 2 and table.state["players"][2]["cards"] is not None
    assert MusTable(bots="expert", pace=0, seed=1).bots[2].level == "expert"
    assert MusTable(bots=[None, make_bot("random", 4), "novice", "novice"], pace=0, seed=1).bots[1].seed == 4


@pytest.mark.parametrize(
    "options",
    [
        {"seat": 4}, {"bots": {0: "novice"}}, {"bots": "genius"}, {"names": ["a", "b"]}, {"names": {0: ""}},
        {"pace": -1}, {"pace": float("nan")}, {"language": "xx"}, {"seed": "7"}, {"tips": "yes"},
        {"deal": ["12o 12o 7e 1b", *DEAL[1:]]}, {"mano": 7},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises((ValueError, TypeError)):
        MusTable(**options)


def test_a_new_table_is_a_new_game_and_the_same_seed_the_same_game() -> None:
    a, b, c = MusTable(pace=0, seed=4), MusTable(pace=0, seed=4), MusTable(pace=0)
    assert a.game is not b.game and a.game.record() == b.game.record()
    assert a.state == b.state
    assert c.game.seed != a.game.seed or c.game is not a.game


def test_reveal_shows_every_hand() -> None:
    table = scripted(reveal=True)
    assert [p["cards"] for p in table.state["players"]] == [h.split() for h in DEAL]


def test_repr_is_stable() -> None:
    assert repr(scripted()).startswith("<MusTable seat=0 <Game seed=5")


# ---------------------------------------------------------------------------------------------- messages


def refused(table: MusTable, content: object, error_id: str) -> None:
    """The message is refused with ``error_id``, a catalogue text is shown, and nothing else changes."""
    before = snapshot(table)
    seq = table.error.get("seq", 0)
    table.receive(content)
    assert table.error["id"] == error_id, table.error
    assert table.error["seq"] > seq
    assert table.error["text"] and "{" not in table.error["text"]
    after = snapshot(table)
    assert after[0] == before[0] and after[1] is before[1] and after[2:] == before[2:]


def test_act_applies_a_legal_action_and_the_bots_play_to_the_student() -> None:
    table = scripted()
    version = table.state["v"]
    table.receive({"type": "act", "action": "no-mus"})
    assert table.error == {}
    assert table.state["v"] > version
    assert table.game.to_move == 0 or table.counting or table.game.is_over
    assert table.state["log"][1] == "Student: No mus"


def test_act_refusals_change_nothing() -> None:
    table = scripted(bots=agreeable())
    refused(table, {"type": "act"}, "ui.error.malformed")
    refused(table, {"type": "act", "action": 7}, "ui.error.malformed")
    refused(table, {"type": "act", "action": "envido two"}, "ui.error.malformed")
    refused(table, {"type": "act", "action": "x" * 500}, "ui.error.malformed")
    refused(table, {"type": "act", "action": "quiero"}, "ui.error.illegal")
    refused(table, {"type": "act", "action": "discard 12o"}, "ui.error.illegal")
    assert "Mus, No mus" in table.error["text"]
    table.receive({"type": "act", "action": "mus"})
    assert table.game.to_move == 0 and table.game.phase is mw.Phase.DISCARD
    refused(table, {"type": "act", "action": "discard 11o"}, "ui.error.illegal")
    table.receive({"type": "act", "action": "discard 7e 1b"})
    assert table.error == {}


def test_acting_out_of_turn_is_refused() -> None:
    async def scenario() -> None:
        table = MusTable(deal=DEAL, mano=1, seed=5, pace=5, bots=agreeable())
        assert table.game.to_move == 1
        refused(table, {"type": "act", "action": "mus"}, "ui.error.not_your_turn")
        assert "Iker" in table.error["text"]

    asyncio.run(scenario())


def test_junk_messages_are_refused() -> None:
    table = scripted()
    for junk in (None, "act", 5, [1], {"kind": "act"}, {"type": "dance"}, {"type": 3}, {"type": None}):
        refused(table, junk, "ui.error.message")


def test_a_null_from_the_offline_sites_kernel_reads_as_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide hands a message's nulls over as its own ``jsnull``: "Make a lesson of this hand" sends hand and game
    null, and the table takes them as None (the last hand) there too."""
    from mus_widget.table import base

    jsnull = type("JsNull", (), {})()
    monkeypatch.setattr(base, "JSNULL", jsnull)
    table = MusTable(seed=5, pace=0, language="en")
    while not table.counting:
        legal = table.game.legal_actions()
        table.receive({"type": "act", "action": "no-mus" if "no-mus" in legal else legal[0]})
    table._on_front_end(table, {"type": "lesson", "hand": jsnull, "game": jsnull}, [])
    assert table.error == {} and table.editor["stage"] == "play"
    assert base.as_json({"a": [jsnull, 1, {"b": jsnull}], "c": "x"}) == {"a": [None, 1, {"b": None}], "c": "x"}


def test_sena_messages() -> None:
    table = scripted()
    table.receive({"type": "sena", "sena": "two_reyes"})
    assert table.error == {} and table.state["players"][0]["sena"] == "two_reyes"
    assert table.state["log"][-1] == "Student makes a seña: Two reyes."
    for junk in ({"type": "sena"}, {"type": "sena", "sena": "wave"}, {"type": "sena", "sena": ["wink"]}):
        refused(table, junk, "ui.error.sena")


def test_next_hand_closes_the_count() -> None:
    table = scripted(bots="random")
    refused(table, {"type": "next_hand"}, "ui.error.no_count")
    rng = random.Random(2)
    while not table.counting and not table.game.is_over:
        table.receive({"type": "act", "action": rng.choice(table.game.legal_actions())})
    if table.game.is_over:
        pytest.skip("the first hand ended the game")
    assert table.state["stage"] == "count" and table.state["count"]["rows"]
    refused(table, {"type": "act", "action": "mus"}, "ui.error.count_open")
    refused(table, {"type": "sena", "sena": "duples"}, "ui.error.count_open")
    table.receive({"type": "next_hand"})
    assert table.state["stage"] == "play" and table.state["count"] is None and table.error == {}


def test_new_game_messages() -> None:
    table = scripted()
    first = table.game
    table.receive({
        "type": "new_game", "seat": 1, "names": ["A", "B", "C", "D"], "bots": ["expert", None, "random", "novice"],
        "rules": {"target": 30, "kings": 4, "real_31": True, "team_consent": False, "negadas_at_count": True,
                  "mus_corrido_first_hand": True, "games": 3},
        "tips": False, "language": "en", "pace": 0, "seed": 12,
    })
    assert table.error == {} and table.game is not first
    assert table.seat == 1 and table.names == ("A", "B", "C", "D") and not table.tips
    assert table.game.rules == mw.Rules(30, 4, True, False, True, True, 3) and table.game.seed == 12
    assert table.setup["bots"] == ["expert", None, "random", "novice"]
    table.receive({"type": "new_game"})
    assert table.error == {} and table.seat == 1 and table.game.rules.target == 30


@pytest.mark.parametrize(
    "bad",
    [
        {"seat": 9}, {"seat": True}, {"names": "abc"}, {"names": ["a", "b", "c"]}, {"names": ["a", "b", "c", "d" * 40]},
        {"bots": ["novice"] * 3}, {"bots": [None, "genius", "novice", "novice"]}, {"rules": []},
        {"rules": {"target": 5}}, {"rules": {"kings": 6}}, {"rules": {"games": 2}}, {"rules": {"real_31": "yes"}},
        {"rules": {"speed": 1}}, {"seed": -1}, {"seed": 1.5}, {"seed": 2**60}, {"tips": 1}, {"language": "xx"},
        {"pace": "fast"}, {"pace": 99}, {"colour": "red"},
    ],
)
def test_new_game_refusals_change_nothing(bad: dict[str, Any]) -> None:
    refused(scripted(), {"type": "new_game", **bad}, "ui.error.option")


def test_prefs_messages() -> None:
    table = scripted()
    version = table.state["v"]
    table.receive({"type": "prefs", "tips": False})
    assert not table.tips and table.state["v"] == version, "a preference does not touch the game"
    table.receive({"type": "prefs", "tips": True, "pace": 0.4, "language": "en"})
    assert table.tips and table.pace == 0.4
    for junk in ({"type": "prefs", "tips": "off"}, {"type": "prefs", "pace": -2}, {"type": "prefs", "language": 1}):
        refused(table, junk, "ui.error.option")


def test_the_language_follows_the_kernels_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "tr_TR.UTF-8")
    table = MusTable(pace=0, seed=3)
    assert table.language == "tr" and table.names[0] == mw.i18n.catalog("tr")["ui.default_name.you"]
    assert table.messages["ui.next_hand"] == mw.i18n.catalog("tr")["ui.next_hand"]
    assert MusTable(pace=0, seed=3, language="cs").language == "cs"


def test_switching_language_mid_game_changes_every_text_and_not_the_game() -> None:
    table = scripted(names={1: "Ane"})
    table.receive({"type": "act", "action": "no-mus"})
    game, version = table.game, table.state["v"]
    log_en = list(table.state["log"])
    table.receive({"type": "prefs", "language": "es"})
    spanish = mw.i18n.catalog("es")
    assert table.game is game and table.language == "es" and table.state["v"] > version
    assert table.messages["ui.agree"] == spanish["ui.agree"] and table.messages["action.quiero"] == "Quiero"
    assert table.names == (spanish["ui.default_name.you"], "Ane", spanish["ui.default_name.partner"],
                           spanish["ui.default_name.left"]), "default names follow the language, chosen ones stay"
    assert table.setup["names"] == list(table.names), "the new-game panel starts from the new names"
    log_es = list(table.state["log"])
    assert len(log_es) == len(log_en) and log_es != log_en
    assert log_es[0] == mw.i18n.message("event.deal", "es", game=1, hand=1, mano=spanish["ui.default_name.you"])
    assert [code for code, _ in table.setup["languages"]] == list(mw.i18n.LANGUAGES)
    refused(table, {"type": "prefs", "language": "de"}, "ui.error.option")
    assert table.error["text"] == mw.i18n.message("ui.error.option", "es", option=spanish["ui.option.language"],
                                                   value="de")


def test_a_finished_game_refuses_moves() -> None:
    table = MusTable(seed=1, pace=0, bots="random")
    rng = random.Random(0)
    for _ in range(3000):
        if table.game.is_over:
            break
        if table.counting:
            table.receive({"type": "next_hand"})
        else:
            table.receive({"type": "act", "action": rng.choice(table.game.legal_actions())})
    assert table.game.is_over and table.state["stage"] == "over" and table.state["winner"]["text"]
    refused(table, {"type": "act", "action": "paso"}, "ui.error.game_over")
    refused(table, {"type": "sena", "sena": "nothing"}, "ui.error.game_over")
    refused(table, {"type": "next_hand"}, "ui.error.game_over")


# ---------------------------------------------------------------------------------------------- hidden information


def student_move(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random intent the browser could send for this state, composed the way the buttons compose it."""
    turn = state["turn"]
    if rng.random() < 0.05:
        return {"type": "sena", "sena": rng.choice([s.id for s in mw.CATALOGUE])}
    if turn["kind"] == "discard":
        cards = state["players"][state["seat"]]["cards"]
        return {"type": "act", "action": "discard " + " ".join(rng.sample(cards, rng.randint(1, 4)))}
    options = list(turn["actions"])
    if turn.get("confirm"):
        options.append(f"envido {turn['confirm']}")
    if turn.get("raise"):
        low, high = turn["raise"]
        options.append(f"envido {rng.randint(low, min(high, low + 6))}")
    if turn.get("ordago") and (rng.random() < 0.1 or not options):
        options.append("ordago")
    return {"type": "act", "action": rng.choice(options)}


@pytest.mark.slow
def test_200_games_through_the_handler_never_show_an_unseen_card() -> None:
    """Every synced state names only cards the student has held, or cards shown at a showdown so far."""
    biggest = longest = 0
    levels = ("random", "novice")
    for seed in range(200):
        table = MusTable(seed=seed, pace=0, bots=levels[seed % 2], seat=seed % 4)
        rng = random.Random(seed)
        seen: set[str] = set()
        shown_hands = 0
        for _ in range(4000):
            game = table.game
            seen |= {str(c) for c in game.hands[table.seat].cards}
            summary = game.last_hand
            if summary is not None and summary.hands is not None:
                seen |= {str(c) for hand in summary.hands for c in hand.cards}
                shown_hands += 1
            state = table.state
            size = len(compact(state))
            history = len(compact(table.history))
            biggest, longest = max(biggest, size), max(longest, history)
            assert size < STATE_LIMIT, f"seed {seed}: a state of {size} bytes (and a history of {history})"
            assert history < HISTORY_LIMIT, f"seed {seed}: a history of {history} bytes"
            leaked = cards_in(state) - seen
            assert not leaked, f"seed {seed}: {sorted(leaked)} synced before the student could see them"
            assert all(p["cards"] is None for s, p in enumerate(state["players"])
                       if s != table.seat and state["stage"] == "play"), f"seed {seed}"
            if game.is_over:
                break
            if table.counting:
                table.receive({"type": "next_hand"})
            else:
                table.receive(student_move(state, rng))
                assert not table.error, (seed, table.error)
        assert table.game.is_over, f"seed {seed}: the game did not end"
    assert biggest > 1000 and longest > 1000


# ---------------------------------------------------------------------------------------------- pace


def test_bots_move_one_by_one_on_the_event_loop_without_blocking() -> None:
    async def scenario() -> None:
        table = MusTable(deal=DEAL, mano=1, seed=5, pace=0.02, bots="novice")
        assert table.game.to_move == 1, "nothing is played while the cell runs"
        versions = [table.state["v"]]
        for _ in range(400):
            await asyncio.sleep(0.005)
            if table.state["v"] != versions[-1]:
                versions.append(table.state["v"])
            if table.game.to_move == 0 or table.counting:
                break
        assert table.game.to_move == 0 or table.counting
        assert len(versions) >= 2, "each bot move reaches the screen on its own"

    asyncio.run(scenario())


def test_a_new_game_cancels_the_bots_still_to_play() -> None:
    async def scenario() -> None:
        table = MusTable(deal=DEAL, mano=1, seed=5, pace=0.05, bots="novice")
        twin = MusTable(deal=DEAL, mano=1, seed=5, pace=0.05, bots="novice")  # the old game, played on
        table.receive({"type": "new_game", "pace": 0, "seed": 3})
        game = table.game
        await until("the twin's first two bot moves", lambda: len(twin.game.actions) >= 2)
        assert table.game is game, "a move of the old game was played into the new one"
        twin.close()

    asyncio.run(scenario())


def test_without_a_running_loop_the_bots_play_at_once() -> None:
    table = MusTable(deal=DEAL, mano=1, seed=5, pace=1.0)
    assert table.game.to_move == 0 or table.counting


# ---------------------------------------------------------------------------------------------- front end


def test_the_bundle_is_built_from_the_current_sources() -> None:
    expected = source_hash()
    for name in ("widget.js", "widget.css", "classroom.js", "classroom.css"):
        first = (STATIC / name).read_text().split("\n", 1)[0]
        assert f"sha256:{expected}" in first, f"static/{name} is stale: run npm run build"


def test_the_bundle_is_one_self_contained_module() -> None:
    bundle = (STATIC / "widget.js").read_text()
    assert re.search(r"^export\s*\{[^}]*default", bundle, re.M) or "export default" in bundle
    assert not re.search(r"^\s*import\s", bundle, re.M), "anywidget loads the module from a Blob URL"
    assert not re.search(r"https?://(?!www\.w3\.org/)", bundle), "nothing from the network (namespace names aside)"


def test_every_css_rule_is_under_the_root_class() -> None:
    css = re.sub(r"/\*.*?\*/", "", (STATIC / "widget.css").read_text(), flags=re.S)
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    css = re.sub(r"@(?:container|media)[^{]*\{", "", css)
    selectors = re.findall(r"([^{}@;]+)\{", css)
    assert selectors
    for group in selectors:
        for part in group.split(","):
            selector = part.strip()
            if not selector or selector.startswith(("from", "to", "50%")):
                continue
            assert re.match(r"^(body\[data-jp-theme-light=\"false\"\] )?\.mus-widget\b", selector), selector
    assert "--jp-layout-color1" in css and "data-jp-theme-light" in css


COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|(rgba?|hsla?|color-mix)\(.*\)|var\(--[\w-]+(, *.+)?\)|[a-z]+)$")
"""A colour's value: a hex, a colour function, a variable (with a colour fallback) or a named colour."""


@pytest.mark.parametrize("name", ["widget.css", "classroom.css", "quiz.css"])
def test_the_dark_theme_changes_colours_and_nothing_else(name: str) -> None:
    """A dark rule sets colours only, so the table's boxes are the same in both themes (the layout test measures
    every width in the light theme and a few in the dark on the strength of this)."""
    css = re.sub(r"/\*.*?\*/", "", (STATIC / name).read_text(), flags=re.S)
    dark = [(selector, body) for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
            if 'data-theme="dark"' in selector or 'data-jp-theme-light="false"' in selector]
    assert dark, f"{name} has no dark rules"
    for selector, body in dark:
        for declaration in filter(str.strip, body.split(";")):
            prop, _, value = (part.strip() for part in declaration.partition(":"))
            assert prop == "color" or prop.startswith("--"), f"{selector.strip()}: {prop} is not a colour"
            assert COLOUR.match(value), f"{selector.strip()}: {prop}: {value} is not a colour"


def test_every_text_the_front_end_asks_for_is_in_the_catalogue() -> None:
    ids: set[str] = set()
    for path in JS.rglob("*.js"):
        ids |= set(re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-z0-9_.]+)["']""", path.read_text()))
    assert len(ids) > 40
    missing = sorted(i for i in ids if i not in EN)
    assert not missing, missing


def test_the_front_end_writes_no_english_of_its_own() -> None:
    """Strings shown to people come from the catalogue: the views hold no quoted English words."""
    allowed = {"Mus"}
    for path in (JS / "views").glob("*.js"):
        for text in re.findall(r'\}\s*,\s*"([^"]*)"', path.read_text()):
            assert text in allowed or not re.search(r"[A-Za-z]{3,}", text), (path.name, text)


def test_the_play_notebook_opens_the_table() -> None:
    notebook = json.loads((ROOT / "tutorials" / "00-play.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    assert "MusTable()" in code
