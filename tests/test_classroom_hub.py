"""The classroom on a real JupyterHub (docs/classroom.md, "On a JupyterHub"): a hub on 127.0.0.1 loaded with
docs/jupyterhub_config.py starts the classroom as its managed service; students sit down with their hub tokens,
as their kernels do, under their hub names, and come back by them; nobody claims another's name; a wrong, expired
or powerless token gets a clear refusal and no seat; the hub's teachers open the room and nobody else does; a
quiz answered in a student's kernel is recorded under her hub name."""

from __future__ import annotations

import os
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("websockets")
try:
    import jupyterhub  # noqa: F401
except ModuleNotFoundError:
    if os.environ.get("CI"):
        raise  # CI installs the test extra: a missing hub fails
    pytest.skip("jupyterhub is not installed: pip install -e '.[test]'", allow_module_level=True)
if shutil.which("configurable-http-proxy") is None:
    assert not os.environ.get("CI"), "configurable-http-proxy is missing: .ci/run installs it with npm"
    pytest.skip("no configurable-http-proxy: npm install -g configurable-http-proxy", allow_module_level=True)

import mus_widget as mw
from classroom_support import play_until
from mus_widget import remote
from mus_widget.classroom import notebook
from mus_widget.classroom.hub import IDENTITY_WRONG_CODES
from mus_widget.classroom.hubtoken import HUB_CLASSROOM
from mus_widget.classroom.joining import JoinError
from mus_widget.classroom.protocol import MAX_NAME, ClassroomError, hub_name, new_join_code
from mus_widget.classroom.roster import RosterError, hub_roster
from mus_widget.i18n.catalogues import message
from mus_widget.teaching.exercises import exercise
from support.hubs import HubProcess

pytestmark = pytest.mark.slow

BOTS = {1: "novice", 3: "novice"}
LONG = "maria.fernandez.lopez@colegio-sanjose.es"
"""A hub username longer than a name (an e-mail address: a hub that signs in by the school's accounts)."""


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    """One hub for the module: students ana and bea, tere of the group teachers, and pablo of no group."""
    process = HubProcess(tmp_path_factory.mktemp("hub")).start()
    try:
        process.add_users("ana", "bea", "tere", "pablo")
        process.add_group("teachers", "tere")
        yield process
    finally:
        process.stop()


def as_kernel_of(monkeypatch: pytest.MonkeyPatch, hub: HubProcess, user: str, token: str) -> None:
    """The environment the hub gives a kernel of ``user``'s server: her token, her name, the classroom's address."""
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)
    monkeypatch.setenv("JUPYTERHUB_USER", user)
    monkeypatch.setenv(HUB_CLASSROOM, f"{hub.classroom} {hub.proxied}")


def seated(hub: HubProcess, table: str) -> list[str | None]:
    """Who sits at ``table``, as the teacher's list says (asked with the kernel's hub token, a teacher's)."""
    summary = next(t for t in remote.tables(hub.classroom) if t["table"] == table)
    return [p.get("name") for p in summary["players"]]


def test_students_sit_under_their_hub_names_play_and_come_back_by_them_and_nobody_claims_another(
    hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
) -> None:
    tere = hub.token("tere")
    as_kernel_of(monkeypatch, hub, "tere", tere)
    remote.create(hub.classroom, "3B", bots=BOTS)  # the hub's teacher: no teacher key
    ana_token, bea_token = hub.token("ana"), hub.token("bea")
    with remote.join(hub.classroom, "3B", hub_token=ana_token) as ana, \
            remote.join(hub.proxied, "3B", name="Bea", hub_token=bea_token) as bea:  # through the hub's proxy
        assert (ana.name, ana.seat, bea.name, bea.seat) == ("ana", 0, "bea", 2)
        with pytest.raises(JoinError) as claimed:
            remote.join(hub.classroom, "3B", name="ana", hub_token=bea_token)
        assert claimed.value.kind == "hub_name"
        assert claimed.value.line == message("join.error.hub_name", "en", name="ana")
        obs = play_until({0: ana, 2: bea}, random.Random(39), lambda o: o.hand_number > 1 or o.game_number > 1)
        assert obs.hand_number > 1 or obs.game_number > 1
        seq = ana.seq
    assert seated(hub, "3B") == ["ana", None, "bea", None]
    with remote.join(hub.classroom, "3B", hub_token=hub.token("ana")) as back:  # a new kernel: a new token
        assert (back.name, back.seat, back.token) == ("ana", 0, None), "back by her hub identity, no seat token"
        back.wait_seq(seq, timeout=10)  # the same match, where it was
    assert seated(hub, "3B") == ["ana", None, "bea", None]


def test_a_username_longer_than_a_name_sits_under_its_own_short_form_and_comes_back_by_it(
    hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub.add_users(LONG, LONG.replace(".es", ".org"))  # two long usernames that begin alike
    as_kernel_of(monkeypatch, hub, "tere", hub.token("tere"))
    remote.create(hub.classroom, "Long", bots={1: "novice", 3: "novice"})
    with remote.join(hub.classroom, "Long", hub_token=hub.token(LONG)) as maria, \
            remote.join(hub.classroom, "Long", hub_token=hub.token(LONG.replace(".es", ".org"))) as other:
        assert (maria.name, maria.seat) == (hub_name(LONG), 0) and len(maria.name) == MAX_NAME
        assert other.seat == 2 and other.name != maria.name and other.name.startswith("maria.fernandez.")
    with remote.join(hub.classroom, "Long", hub_token=hub.token(LONG)) as back:  # a new kernel: a new token
        assert (back.name, back.seat) == (hub_name(LONG), 0), "back to her own seat, by her identity"
    with remote.join(hub.classroom, "Long", name=hub_name(LONG), hub_token=hub.token(LONG)) as back:
        assert back.seat == 0, "her name as the table shows it is hers too"
    with pytest.raises(ClassroomError) as claimed:  # the other's short form is not hers
        remote.join(hub.classroom, "Long", name=hub_name(LONG), hub_token=hub.token(LONG.replace(".es", ".org")))
    assert claimed.value.kind == "hub_name"


@pytest.mark.parametrize("case", ["wrong", "expired", "no access", "a service's", "none"])
def test_a_bad_hub_token_is_refused_in_one_line_and_takes_no_seat(
    hub: HubProcess, monkeypatch: pytest.MonkeyPatch, case: str,
) -> None:
    tere = hub.token("tere")
    as_kernel_of(monkeypatch, hub, "tere", tere)
    table = f"Bad {case}"[:32].replace("'", "")
    remote.create(hub.classroom, table, bots=BOTS)
    token = {"wrong": "0123456789abcdef0123456789abcdef", "expired": hub.token("ana", expires_in=1),
             "no access": hub.token("ana", scopes=["read:users:name!user"]), "a service's": hub.admin_token,
             "none": ""}[case]
    if case == "expired":
        time.sleep(2)
    kind = {"no access": "hub_forbidden", "none": "hub_required"}.get(case, "bad_hub_token")
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN")  # a script of the student's, off the hub's environment
    with pytest.raises(JoinError) as refused:
        remote.join(hub.classroom, table, name="ana", hub_token=token or None)
    assert refused.value.kind == kind
    assert refused.value.line == message(f"join.error.{kind}", "en"), refused.value.line
    assert "\n" not in refused.value.line and refused.value._render_traceback_()[0].endswith(refused.value.line)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", tere)
    assert seated(hub, table) == [None, None, None, None]


def test_a_locked_table_seats_its_hub_users_and_a_code_is_guessed_per_hub_user(
    hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
) -> None:
    tere = hub.token("tere")
    as_kernel_of(monkeypatch, hub, "tere", tere)
    remote.create(hub.classroom, "Locked", bots=BOTS)
    remote.lock(hub.classroom, "Locked", ["Ana"])
    with pytest.raises(JoinError) as locked:
        remote.join(hub.classroom, "Locked", hub_token=hub.token("bea"))
    assert locked.value.kind == "locked"
    with remote.join(hub.classroom, "Locked", hub_token=hub.token("ana")) as ana:
        assert (ana.name, ana.seat) == ("ana", 0), "the lock's Ana is the hub's ana, under her own name"
    code = new_join_code()
    remote.create(hub.classroom, "Coded", bots=BOTS, code=code)
    pablo = hub.token("pablo")
    kinds = []
    for n in range(IDENTITY_WRONG_CODES + 1):  # a connection each: only the hub user's own count holds him back
        with pytest.raises(JoinError) as wrong:
            remote.join(hub.classroom, "Coded", code=f"oros-{n:04d}-zzzz", hub_token=pablo)
        kinds.append(wrong.value.kind)
    assert kinds == ["bad_code"] * IDENTITY_WRONG_CODES + ["flood"]
    with pytest.raises(JoinError) as held:
        remote.join(hub.classroom, "Coded", code=code, hub_token=pablo)
    assert held.value.kind == "flood", "past his budget even the right code is not compared for him"
    with remote.join(hub.classroom, "Coded", code=code, hub_token=hub.token("bea")) as bea:
        assert bea.name == "bea", "another hub user with the right code sits down at once"


def test_the_room_opens_to_the_hubs_teachers_only(hub: HubProcess, monkeypatch: pytest.MonkeyPatch) -> None:
    as_kernel_of(monkeypatch, hub, "tere", hub.token("tere"))
    remote.create(hub.classroom, "Room", bots=BOTS)
    room = mw.Classroom(hub.classroom, language="en")  # the notebook's room: the kernel's token, no key
    try:
        assert "Room" in [t["table"] for t in room.tables]
    finally:
        room.close()
    as_kernel_of(monkeypatch, hub, "pablo", hub.token("pablo"))
    with pytest.raises(ClassroomError) as refused:
        remote.tables(hub.classroom)
    assert refused.value.kind == "forbidden" and "'pablo'" in refused.value.detail
    with pytest.raises(JoinError) as shown:
        mw.Classroom(hub.classroom, language="es")
    assert shown.value.line.startswith(message("room.error.forbidden", "es"))
    assert "teachers" in shown.value.line and "\n" not in shown.value.line
    monkeypatch.setenv(HUB_CLASSROOM, "ws://127.0.0.1:1")  # the classroom not listed: no token leaves the kernel
    with pytest.raises(ClassroomError) as unlisted:
        remote.tables(hub.classroom)
    assert unlisted.value.kind == "forbidden" and "pablo" not in unlisted.value.detail


def test_a_notebook_on_the_hub_sits_with_no_name_typed(hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(tmp_path / "seats.json"))
    as_kernel_of(monkeypatch, hub, "tere", hub.token("tere"))
    remote.create(hub.classroom, "NB", bots=BOTS)
    as_kernel_of(monkeypatch, hub, "bea", hub.token("bea"))
    table = mw.MusTable(server=hub.classroom, table="NB", language="es")
    try:
        assert (table.seat, table._relay.name) == (0, "bea")
    finally:
        table.close()
    again = mw.MusTable(server=hub.classroom, table="NB")  # the same cell again: her seat, by the seat file
    try:
        assert again.seat == 0
    finally:
        again.close()


def test_a_quiz_in_a_hub_kernel_is_recorded_under_her_hub_name(hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(tmp_path / "seats.json"))
    monkeypatch.setattr(notebook, "OPEN", {})  # no served table in this kernel: the quiz finds the hub's classroom
    as_kernel_of(monkeypatch, hub, "ana", hub.token("ana"))
    quiz = mw.Quiz("grande", seed=39, language="en")
    quiz.answer(quiz.exercise.answer)
    assert quiz.report is not None
    done = quiz.report.result(timeout=30)
    assert (done.status, done.name, done.server) == ("recorded", "ana", hub.classroom)
    chica = exercise("chica", 39)
    wrong = next(choice.key for choice in chica.choices if choice.key != chica.answer)
    forged = remote.quiz(hub.classroom, "chica", 39, wrong, token="not-a-seat")  # her hub identity, not a token
    assert (forged["name"], forged["right"]) == ("ana", False)
    as_kernel_of(monkeypatch, hub, "pablo", hub.token("pablo"))
    with pytest.raises(ClassroomError) as refused:
        remote.quizzes(hub.classroom)
    assert refused.value.kind == "forbidden"
    as_kernel_of(monkeypatch, hub, "tere", hub.token("tere"))
    counted = {s["name"]: (s["answered"], s["right"]) for s in remote.quizzes(hub.classroom)}
    assert counted["ana"] == (2, 1)


KERNEL_CELL = """
import os
import mus_widget as mw
table = mw.MusTable(server=os.environ["MUS_WIDGET_HUB_CLASSROOM"].split()[0], table="Kernel")
print(table.seat, table._relay.name, "JUPYTERHUB_API_TOKEN" in os.environ)
table.close()
"""


def test_a_kernel_of_a_server_the_hub_spawned_sits_by_the_hubs_own_token(
    hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernel's environment is the hub's doing (the example's scopes and address): nothing set by the test."""
    hub.add_users("kim")
    as_kernel_of(monkeypatch, hub, "tere", hub.token("tere"))
    remote.create(hub.classroom, "Kernel", bots=BOTS)
    hub.spawn("kim")
    assert hub.run_in_kernel("kim", KERNEL_CELL).split() == ["0", "kim", "True"]
    assert seated(hub, "Kernel") == ["kim", None, None, None]


def test_a_teachers_class_list_comes_from_the_hubs_groups_and_a_students_token_cannot_read_them(
    hub: HubProcess, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The example's role lets the group teachers read the hub's groups; a student's kernel token cannot."""
    hub.add_users("carla", LONG)
    hub.add_group("3A", "bea", "ana")
    hub.add_group("3B", "carla", "ana", LONG)
    as_kernel_of(monkeypatch, hub, "tere", hub.token("tere", scopes=["read:groups"]))
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.api)
    roster = hub_roster("3A", "3B")
    assert [(s.name, s.group, s.id) for s in roster] == [("bea", "3A", "bea"), ("ana", "3A", "ana"),
                                                        ("carla", "3B", "carla"), (hub_name(LONG), "3B", LONG)]
    with pytest.raises(RosterError, match=r"the hub group '4C': the hub has no such group"):
        hub_roster("4C")
    as_kernel_of(monkeypatch, hub, "ana", hub.token("ana"))
    with pytest.raises(RosterError, match=r"the hub group '3A': the hub refused: the token lacks the read:groups"):
        hub_roster("3A")
