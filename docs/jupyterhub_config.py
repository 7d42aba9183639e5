"""A JupyterHub that runs the Mus classroom as one of its services (docs/classroom.md, "On a JupyterHub").

Add these lines to the hub's own jupyterhub_config.py (its authenticator and spawner stay as they are), or load
this file from it with ``load_subconfig("/path/to/this/file")`` and change what differs below. The hub then
starts ``mus-widget serve --hub`` itself, with the service's token and the hub's API address in its environment;
every student's kernel sends its hub token to the classroom, and only to it; a student sits down under her hub
name (``mw.MusTable(server=CLASSROOM, table="3B")``), and the users of the hub group ``teachers`` open the
room (``mw.Classroom(CLASSROOM)``) without a teacher key. tests/test_classroom_hub.py runs a real hub with this
file.
"""

import sys

c = get_config()  # noqa: F821 (JupyterHub gives its config files get_config)

SERVICE = "mus-classroom"
PORT = 8765
CLASSROOM = f"ws://127.0.0.1:{PORT}"
"""The address the students' kernels reach the classroom at: the hub's machine, as the kernels of a local spawner
do. Kernels on other machines (DockerSpawner, KubeSpawner) use the hub machine's name or the service's address
behind the hub's proxy: ws://HUB/services/mus-classroom/ (wss:// behind HTTPS)."""
TEACHERS = "teachers"
"""The hub group whose users are the classroom's teachers (create it in the hub's admin page, or load_groups)."""

# The classroom, a managed service: the hub starts it, stops it with itself, and routes
# /services/mus-classroom/ on its proxy to it. The database lives where the hub's user may write.
# (append and update add to what the hub's own config has set.)
c.JupyterHub.services.append({
    "name": SERVICE,
    "url": f"http://127.0.0.1:{PORT}",
    "command": [sys.executable, "-m", "mus_widget.serve", "--host", "127.0.0.1", "--port", str(PORT),
                "--db", "/srv/mus-classroom/classroom.sqlite", "--hub-teachers-group", TEACHERS],
    "display": False,  # no page to visit: the classroom speaks WebSocket to the kernels
})

# Who may use the service: every user of the hub (the user role keeps its own scope, "self"). The kernel's token
# carries this scope too (its server's token has only the scopes listed here, those of the server role and this).
c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]})
# The teachers may read the hub's groups, so a teacher's notebook takes its class list from them
# (mus_widget.classroom.roster.hub_roster("3A")). A kernel's token has the scopes below that its user has: a
# teacher's reads the groups, a student's does not.
c.JupyterHub.load_roles.append({"name": "mus-teachers", "groups": [TEACHERS], "scopes": ["read:groups"]})
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={SERVICE}",
    "read:groups",
]

# Where the students' kernels send their hub token: this address only (a notebook naming another server sends
# none). The service needs no role of its own: it asks the hub whose token a kernel sent, which any token may ask.
c.Spawner.environment.update({"MUS_WIDGET_HUB_CLASSROOM": CLASSROOM})
