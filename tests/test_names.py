"""One rule for players' names wherever they come in: ``MusTable(names=...)``, the new-game panel, the static
pictures and the classroom (the server's join, the script client, the notebook's served table) all refuse control,
bidi and other format characters and names past the maximum length, with the same message."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess
from mus_widget import remote
from mus_widget.classroom.protocol import ClassroomError, hub_name, name_key
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


@pytest.mark.parametrize(("username", "name"), [
    ("ana", "ana"),
    ("x" * MAX_NAME, "x" * MAX_NAME),
    ("maria.fernandez.lopez@colegio-sanjose.es", "maria.fernandez.l…mjkmd3"),
    ("maria.fernandez.lopez@colegio-sanjose.org", "maria.fernandez.l…2si7gl"),
])
def test_a_hub_username_longer_than_a_name_is_cut_short_and_ended_by_a_digest_of_its_own(username: str,
                                                                                         name: str) -> None:
    assert hub_name(username) == name and check_name(name) == name and len(name) <= MAX_NAME


def test_long_hub_usernames_that_begin_alike_get_names_apart_and_a_bad_one_is_refused() -> None:
    names = {name_key(hub_name(f"student.of.the.third.year.{n}@school.example")) for n in range(2000)}
    assert len(names) == 2000
    for bad in ["a" * 256, "ana.maria.fernandez.lopez\u202e@school.example"]:
        with pytest.raises(ClassroomError) as refused:
            hub_name(bad)
        assert refused.value.kind == "bad_name" and "hub username" in str(refused.value)


def test_the_error_names_the_character_and_where_it_is() -> None:
    with pytest.raises(PlayerNameError, match=r"names\[2\] holds U\+202E \(RIGHT-TO-LEFT OVERRIDE\) at character 1"):
        check_name("\u202eevil", "names[2]")
    assert issubclass(PlayerNameError, mw.MusError)


# ---------------------------------------------------------------------------------------------- the classroom
# The same rule at a served table: the server refuses a bad name in a join with a bad_name error frame that names
# the character, the script client (mus_widget.remote) and the notebook's served table refuse it before sending.


REFUSED_AT_THE_CLIENT = ["\u202eRLO name", "Ana\u2067", "\u200bAna", "Ana\u0007"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("names")), away_after=60.0).start()
    yield process
    process.stop()


@pytest.fixture(autouse=True)
def seat_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(tmp_path / "seats.json"))


def served_table(server: ServerProcess, name: str) -> str:
    remote.create(server.url, name, bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
    return name


@pytest.mark.parametrize("name", BAD)
def test_the_server_refuses_a_bad_name_with_a_bad_name_frame_saying_why(server: ServerProcess, name: str) -> None:
    table = served_table(server, f"Raw {BAD.index(name)}")
    with connect(server.url, proxy=None, compression=None) as ws:
        ws.send(json.dumps({"type": "join", "table": table, "name": name, "id": 3}))
        reply = json.loads(ws.recv(timeout=10))
    with pytest.raises(PlayerNameError) as local:
        check_name(name, "name")
    assert (reply["type"], reply["kind"], reply["id"]) == ("error", "bad_name", 3)
    assert reply["message"] == str(local.value), "the server says what a local table says"
    players = remote.tables(server.url, teacher_key=TEACHER_KEY)
    assert [t["players"][0] for t in players if t["table"] == table] == [{"seat": 0, "kind": "open"}]


@pytest.mark.parametrize("name", REFUSED_AT_THE_CLIENT)
def test_the_script_client_and_the_notebook_refuse_it_before_sending(server: ServerProcess, name: str) -> None:
    table = served_table(server, f"Client {REFUSED_AT_THE_CLIENT.index(name)}")
    with pytest.raises(ClassroomError, match=r"name holds U\+") as refused:
        remote.join(server.url, table, name=name)
    assert refused.value.kind == "bad_name"
    with pytest.raises(PlayerNameError, match=r"name holds U\+"):
        mw.MusTable(server=server.url, table=table, name=name)
    with remote.join(server.url, table, name="Ana") as ana:
        assert ana.seat == 0, "nothing was taken by the refused joins"


def test_a_name_in_any_script_sits_at_a_served_table_as_typed(server: ServerProcess) -> None:
    table = served_table(server, "Scripts")
    with remote.join(server.url, table, name="  محمد  ") as seat:
        assert seat.name == "محمد"
        assert seat.players[0] == {"seat": 0, "kind": "human", "name": "محمد", "connected": True, "away": False,
                                   "closed": False}
