"""A real JupyterHub for the tests, on free ports of 127.0.0.1: the hub process (its own proxy,
configurable-http-proxy, started by it), loaded with docs/jupyterhub_config.py as a school would load it (only the
classroom's port and database changed), plus what a test needs: the DummyAuthenticator, a local spawner that runs
the students' servers as the hub's own user (root in CI, hence --allow-root), and an admin service whose token
creates the users, groups and tokens through the hub's REST API."""

from __future__ import annotations

import json
import secrets
import socket
import sys
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from support.ports import free_port
from support.servers import ChildServer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "jupyterhub_config.py"
START_TIMEOUT = 90.0
RUNNING = "JupyterHub is now running"
"""What the hub logs once it has started everything and handles SIGTERM (before it, SIGTERM kills it outright)."""

CONFIG = """\
c = get_config()  # noqa: F821
load_subconfig({example!r})  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {proxy}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.JupyterHub.db_url = "sqlite:///{folder}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/jupyterhub_cookie_secret"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.Spawner.args = ["--allow-root"]
c.Spawner.start_timeout = 60
c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {admin!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "services": ["test-admin"],
                                 "scopes": ["admin:users", "admin:groups", "admin:servers", "tokens",
                                            "access:servers"]}})
"""


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


class HubError(RuntimeError):
    """The hub's API refused a request: its status and what it said."""


class HubProcess:
    """A JupyterHub with the classroom as its managed service, its files in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.proxy_port, self.hub_port, self.classroom_port = free_port(), free_port(), free_port()
        self.admin_token = secrets.token_hex(16)
        self.api = f"http://127.0.0.1:{self.hub_port}/hub/api"
        self.url = f"http://127.0.0.1:{self.proxy_port}"
        """The hub's public address (its proxy)."""
        self.classroom = f"ws://127.0.0.1:{self.classroom_port}"
        """The classroom as the example config gives it to the kernels."""
        self.proxied = f"ws://127.0.0.1:{self.proxy_port}/services/mus-classroom/"
        """The classroom behind the hub's proxy."""
        self.db = folder / "classroom.sqlite"
        text = EXAMPLE.read_text(encoding="utf-8")
        for old, new in (("PORT = 8765", f"PORT = {self.classroom_port}"),
                         ("/srv/mus-classroom/classroom.sqlite", str(self.db))):
            assert text.count(old) == 1, f"docs/jupyterhub_config.py no longer says {old!r} once"
            text = text.replace(old, new)
        example = folder / "example_config.py"
        example.write_text(text, encoding="utf-8")
        config = folder / "jupyterhub_config.py"
        config.write_text(CONFIG.format(example=str(example), proxy=self.proxy_port, hub=self.hub_port,
                                        proxy_api=free_port(), folder=folder, admin=self.admin_token),
                          encoding="utf-8")
        self.child = ChildServer([sys.executable, "-m", "jupyterhub", "-f", str(config)], name="JupyterHub",
                                 log=folder / "hub.log", cwd=folder)

    def start(self) -> HubProcess:
        """Start the hub and wait until it says it runs: its API answers, the classroom it started too, and a
        SIGTERM from then on has it stop its proxy, its services and the students' servers."""
        log = self.folder / "hub.log"

        def running() -> bool:
            return log.exists() and RUNNING in log.read_text(errors="replace") and _listening(self.classroom_port)

        self.child.start(running, START_TIMEOUT, every=0.25)
        return self

    def stop(self) -> None:
        """SIGTERM: the hub stops its services, its proxy and the students' servers."""
        self.child.stop(30)

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, *,
             token: str | None = None) -> Any:
        """A request to the hub's REST API (as the admin service by default); its JSON answer."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.api + path, data=data, method=method,
                                         headers={"Authorization": f"token {token or self.admin_token}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            raise HubError(f"{method} {path}: {error.code} {error.read().decode(errors='replace')}") from None
        return json.loads(text) if text else None

    def add_users(self, *names: str) -> None:
        self.call("POST", "/users", {"usernames": list(names)})

    def add_group(self, group: str, *names: str) -> None:
        """Put ``names`` in the hub group ``group``, made first unless there is one (a role of the config names the
        teachers' group, and the hub makes it at its start)."""
        if group not in {model["name"] for model in self.call("GET", "/groups")}:
            self.call("POST", f"/groups/{group}", {})
        self.call("POST", f"/groups/{group}/users", {"users": list(names)})

    def token(self, user: str, *, scopes: list[str] | None = None, expires_in: int | None = None) -> str:
        """A new API token of ``user``: with ``scopes`` (by default those of a kernel: access to the classroom),
        expiring in ``expires_in`` seconds if given."""
        body: dict[str, Any] = {"note": "test", "scopes": scopes if scopes is not None
                                else ["access:services!service=mus-classroom"]}
        if expires_in is not None:
            body["expires_in"] = expires_in
        token: str = self.call("POST", f"/users/{user}/tokens", body)["token"]
        return token

    def read_log(self) -> str:
        return self.child.read_log(6000)

    def spawn(self, user: str, timeout: float = 90.0) -> None:
        """Start ``user``'s server as the hub spawns it (her environment the hub's) and wait until it is ready."""
        self.call("POST", f"/users/{user}/server")
        deadline = time.monotonic() + timeout
        while not self.call("GET", f"/users/{user}").get("servers", {}).get("", {}).get("ready"):
            if time.monotonic() > deadline:
                raise HubError(f"{user}'s server was not ready in {timeout} s: {self.read_log()}")
            time.sleep(0.5)

    def run_in_kernel(self, user: str, code: str, timeout: float = 90.0) -> str:
        """Run ``code`` in a new kernel of ``user``'s server, through the hub's proxy as a notebook does; what it
        printed. An error in the kernel raises :class:`HubError` with its traceback."""
        from websockets.sync.client import connect

        token = self.token(user, scopes=[f"access:servers!user={user}"])
        server = f"/user/{user}/api/kernels"
        request = urllib.request.Request(self.url + server, data=b"{}", method="POST",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            kernel = json.loads(response.read())["id"]
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "username": user, "session": uuid.uuid4().hex, "msg_type": "execute_request",
                  "version": "5.3", "date": datetime.now(timezone.utc).isoformat()}
        content = {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                   "allow_stdin": False, "stop_on_error": True}
        printed: list[str] = []
        with connect(f"ws://127.0.0.1:{self.proxy_port}{server}/{kernel}/channels", proxy=None,
                     additional_headers={"Authorization": f"token {token}"}, open_timeout=30) as ws:
            ws.send(json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                                "channel": "shell", "buffers": []}))
            deadline = time.monotonic() + timeout
            while True:
                message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
                if message.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind, body = message["msg_type"], message["content"]
                if kind == "stream":
                    printed.append(body["text"])
                elif kind == "error":
                    raise HubError("the kernel failed: " + "\n".join(body["traceback"]))
                elif kind == "status" and body["execution_state"] == "idle":
                    return "".join(printed)
