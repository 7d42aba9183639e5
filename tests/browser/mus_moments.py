"""The moments of a hand the layout tests look at, each reached by a seed and the student's intents.

:func:`find_moments` plays :mod:`mus_scenario`'s student in Python over a few seeds and keeps, for each moment
(the mus, the discard, each lance, a partner's proposal, the count, game over), the first seed and intents that
reach it. :func:`notebook_source` writes a cell that builds one table per moment (plus the stepping bar) in a
language, so a single notebook shows every moment at once and the test resizes one page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from browser.mus_scenario import Memo, decide, intent, view_of
from mus_widget import MusTable

MOMENTS = ("mus", "discard", "grande", "chica", "pares", "juego", "proposal", "count", "over")
"""The moments of a hand reached by playing; the New game panel and the stepping bar come on top."""


@dataclass(frozen=True)
class Moment:
    """How to reach one moment: a new game at ``seed``, then ``intents`` in order."""

    name: str
    seed: int
    intents: tuple[dict[str, Any], ...]


def moment_of(state: dict[str, Any]) -> str | None:
    """The moment a state shows, in the names of :data:`MOMENTS`."""
    if state["stage"] == "over":
        return "over"
    if state["stage"] == "count":
        return "count"
    turn = state["turn"]
    if turn is None:
        return None
    if turn["kind"] != "bet":
        return str(turn["kind"])
    if turn["proposal"]:
        return "proposal"
    return str(turn["lance"])


def _play(seed: int, found: dict[str, Moment], steps: int = 200) -> None:
    table = MusTable(pace=0, tips=True)
    table.receive({"type": "new_game", "seed": seed, "pace": 0})
    memo = Memo()
    sent: list[dict[str, Any]] = []
    for _ in range(steps):
        state = table.state
        moment = moment_of(state)
        if moment is not None and moment not in found:
            found[moment] = Moment(moment, seed, tuple(sent))
        if state["stage"] == "over":
            return
        if state["stage"] == "count":
            memo.counts_read += 1
            sent.append({"type": "next_hand"})
        else:
            view = view_of(state)
            if view is None:
                return
            sent.append(intent(decide(view, memo)))
        table.receive(sent[-1])


def find_moments(seeds: range = range(1, 60)) -> dict[str, Moment]:
    """Every moment of :data:`MOMENTS`, each with the first seed (and intents) that reaches it."""
    found: dict[str, Moment] = {}
    for seed in seeds:
        _play(seed, found)
        if all(m in found for m in MOMENTS):
            return found
    missing = [m for m in MOMENTS if m not in found]
    raise LookupError(f"no seed in {seeds} reaches {missing}")


SERVED = ("served", "watching")
"""A seat of a served table (people away and disconnected, a chat with a line to write in) at the pares, and
the teacher's face-up watch of one (the chat read-only) at the count: each a :class:`RelayedTable` whose
relay is a local table in the kernel (the room's look, not the server's, is what the layout tests measure)."""
KINDS = (*MOMENTS, "newgame", "served", "watching", "review", "replay", "steps")
"""Every table a language can show: the moments, one more at the mus for the New game panel, the served ones,
a short game over with its review (the test opens the panel) and with a graded decision reopened in its hand, a
stepping one."""
REVIEWED = ("review", "replay")
"""The kinds that show a short game (to 10) played to its end by a careful student and reviewed."""
SERVED_MOMENT = {"served": "pares", "watching": "count"}

RELAY = '''
from mus_widget.i18n.catalogues import message
from mus_widget.table.relayed import RelayedTable


class RoomOf:
    """A served table's relay made of a local table: its view with people at seats 1 and 2 (one away, one
    disconnected) and a room with a chat; ``watching`` is the teacher's face-up view."""

    def __init__(self, table, watching):
        self.table, self.watching = table, watching

    def start(self, host):
        pass

    def view(self, language, version, *, coach):
        state = dict(self.table.state, v=version, watch=self.watching, history=self.table.history)
        players = [dict(p) for p in state["players"]]
        for seat, name, presence in ((0, players[0]["name"], "here"), (1, "Beñat", "away"), (2, "Zeynep", "gone")):
            players[seat].update(name=name, level=None, presence=presence, why=[])
        if self.watching:
            state["turn"] = None
        return dict(state, players=players)

    def room(self, language):
        said = [(2, "Zeynep", "¡Hola! Wir spielen weiter — ¿envido?"), (0, "Ana", "Ohiko_jokaldi_luzea_" * 4)]
        chat = [{"kind": "chat", "seat": s, "name": n, "text": x, "mine": s == 0} for s, n, x in said]
        chat.append({"kind": "event", "seat": 1, "name": "Beñat", "mine": False,
                     "text": message("ui.room.event.away", language, name="Beñat")})
        return {"table": "3B", "chat": chat * 3, "max_chat": 0 if self.watching else 200, "link": "open"}

    def setup(self):
        return {"served": True, "watching": self.watching, "seat": 0, "table": "3B"}

    def handlers(self, language):
        return {}

    def close(self):
        pass
'''


REVIEW = '''
from mus_widget import Rules


def careful(t):
    legal = t.game.legal_actions()
    if "mus" in legal:
        return "mus"
    if t.game.phase.value == "discard":
        return f"discard {{t.game.observe(t.seat).hand.cards[0]}}"
    return next((a for a in ("paso", "no-quiero", "quiero") if a in legal), legal[0])


for name in {kinds!r}:
    table = MusTable(seed=4, pace=0, bots="novice", tips=True, language={language!r}, rules=Rules(target=10))
    with table.hold_sync():
        while table.state["stage"] != "over":
            table.receive({{"type": "next_hand"}} if table.counting else {{"type": "act", "action": careful(table)}})
        review = table.review()
        if name == "replay":
            row = (review.flagged or review.rows)[0]
            table.receive({{"type": "replay", "game": row.game, "hand": row.hand, "at": row.at}})
    tables.append(table)
'''
"""The reviewed tables' cell code: a short game played to its end by a careful student, then reviewed."""


def notebook_source(moments: dict[str, Moment], language: str, kinds: tuple[str, ...] = KINDS) -> str:
    """A cell that displays a table per kind of ``kinds`` (in that order) in ``language``: a moment of
    :data:`MOMENTS`, ``newgame`` (at the mus: the test opens its New game panel) or ``steps`` (stepping)."""
    def at(kind: str) -> Moment:
        return moments["mus" if kind == "newgame" else SERVED_MOMENT.get(kind, kind)]

    plan = [(k, at(k).seed, list(at(k).intents)) for k in kinds if k != "steps" and k not in REVIEWED]
    reviewed = [k for k in kinds if k in REVIEWED]
    stepping = "steps" in kinds
    assert kinds[-1] == "steps" or not stepping, "the stepping table comes last"
    return (
        "from IPython.display import display\n"
        "from mus_widget import MusTable\n"
        "from mus_widget.teaching.scenarios import library\n"
        + RELAY
        + f"\nplan = {plan!r}\n"
        "tables = []\n"
        "for name, seed, intents in plan:\n"
        f"    table = MusTable(pace=0, tips=True, language={language!r}, reveal=name == 'watching')\n"
        "    with table.hold_sync():  # one update for the browser, not one per intent\n"
        "        table.receive({'type': 'new_game', 'seed': seed, 'pace': 0})\n"
        "        for content in intents:\n"
        "            table.receive(content)\n"
        "    if name in ('served', 'watching'):\n"
        f"        table = RelayedTable(RoomOf(table, name == 'watching'), language={language!r})\n"
        "    tables.append(table)\n"
        + (REVIEW.format(kinds=reviewed, language=language) if reviewed else "")
        + (
            f"tables.append(MusTable.from_scenario(library()['raise-refused'], step=9, pace=0, tips=True,"
            f" language={language!r}))\n"
            if stepping else ""
        )
        + "display(*tables)\n"
    )
