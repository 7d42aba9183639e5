"""The classroom server as a JupyterHub service: who is at the other end of a connection, asked of the hub.

A student's kernel sends its hub token in the WebSocket handshake (:mod:`.hubtoken`). The server asks the hub whose
token it is (``HubAuth.user_for_token`` of ``jupyterhub.services.auth``), once per connection, at its first frame:
a user whose token gives access to this service is known by her hub name from then on. She sits down only under
that name and comes back to her seat by it, without a seat token; the teacher's requests are open to the users of
the hub group the teacher names. ``jupyterhub`` is imported only when a server runs with ``--hub``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import urllib.error
import urllib.request
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .protocol import AddressLimits, ClassroomError, hub_name, name_key, text_field

if TYPE_CHECKING:
    from .connections import Session

log = logging.getLogger("mus_widget.classroom")

SERVICE: Final = "mus-classroom"
"""The service's name in ``c.JupyterHub.services`` by default (``--hub-service``; a managed service is told its
own in ``$JUPYTERHUB_SERVICE_NAME``)."""
TOKEN_CACHE: Final = 20
"""Seconds the server keeps the hub's answer about a token: a token revoked, or a user taken out of the teachers'
group, is refused at the next connection after at most this long."""
IDENTITY_WRONG_CODES: Final = 10
IDENTITY_WRONG_CODES_RATE: Final = 1 / 60
"""Wrong join codes one hub user may send, from all her connections together: 10 at once, then one a minute; past
them her joins with a code are refused ``flood`` without the code being compared (a new connection does not start
her count again, as it does for a connection's own count)."""
_AUTHORIZATION: Final = re.compile(r"(?:token|bearer)\s+(\S+)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Identity:
    """A hub user, as the hub said at the connection's first frame."""

    name: str
    teacher: bool
    """Whether she is in the hub group of teachers the server was given (``--hub-teachers-group``)."""


class Hub:
    """Identities from the hub the server is a service of: its API at ``api_url`` (``$JUPYTERHUB_API_URL`` by
    default), the service's ``service`` name, and the group whose users are teachers (None: only the teacher key
    opens the teacher's requests)."""

    def __init__(self, *, service: str = SERVICE, teachers: str | None = None, api_url: str | None = None,
                 api_token: str | None = None, cache: int = TOKEN_CACHE) -> None:
        from jupyterhub.services.auth import HubAuth  # the hub's own client; ModuleNotFoundError without it

        options: dict[str, Any] = {"cache_max_age": cache, "access_scopes": {f"access:services!service={service}"}}
        if api_url:
            options["api_url"] = api_url
        if api_token is not None:
            options["api_token"] = api_token
        self.auth = HubAuth(**options)
        self.service = service
        self.teachers = teachers
        self.known: weakref.WeakKeyDictionary[Session, Identity | ClassroomError | None] = weakref.WeakKeyDictionary()
        """What the hub said of each connection's token (None: it sent none; a refusal: a bad token)."""
        self.guesses = AddressLimits(rate=IDENTITY_WRONG_CODES_RATE, burst=IDENTITY_WRONG_CODES)
        """Per hub user, the wrong join codes she may still send."""
        self.failures = 0
        # HubAuth logs a warning for every unknown token and an error for every failed request: a student sending
        # random tokens would fill the server's log. The server counts failures itself, a line per doubling.
        logging.getLogger("tornado.application").setLevel(logging.CRITICAL)

    def __repr__(self) -> str:
        return f"<Hub {self.auth.api_url} service={self.service!r} teachers={self.teachers!r}>"

    async def authenticate(self, session: Session) -> None:
        """Ask the hub, once per connection, whose token its handshake carried (a connection without one is
        nobody of the hub's). A hub that does not answer is asked again at the connection's next frame."""
        if session in self.known:
            return
        request = session.connection.request
        header = None if request is None else request.headers.get("Authorization")
        found = None if header is None else await self.identify(header)
        if not (isinstance(found, ClassroomError) and found.kind == "hub_unavailable"):
            self.known[session] = found

    async def identify(self, header: str) -> Identity | ClassroomError:
        """The hub user of an ``Authorization`` header, or the refusal of its token."""
        match = _AUTHORIZATION.fullmatch(header.strip())
        if match is None:
            return ClassroomError("bad_hub_token", "the Authorization header holds no hub token ('token <token>')")
        try:
            model = await self.auth.user_for_token(match[1], sync=False)
        except Exception as error:  # the hub is down or refuses the service (HubAuth raises tornado's HTTPError)
            self.failures += 1
            if self.failures & (self.failures - 1) == 0:
                log.error("the hub at %s could not say whose token a connection sent (%d time(s) so far): %s",
                          self.auth.api_url, self.failures, error)
            return ClassroomError("hub_unavailable", str(error))
        if not model:
            return ClassroomError("bad_hub_token", "the hub knows no user by this token: it is wrong, or has expired")
        if model.get("kind", "user") != "user":
            return ClassroomError("bad_hub_token", f"this is the token of the hub's {model.get('kind')} "
                                                   f"{model.get('name')!r}, not of a user")
        name = str(model["name"])
        if not self.auth.check_scopes(self.auth.access_scopes, model):
            return ClassroomError("hub_forbidden", f"the hub user {name!r} has no access to the service "
                                                   f"{self.service!r} (the scope access:services!service="
                                                   f"{self.service}): the hub's administrator grants it")
        groups = model.get("groups") or ()
        return Identity(name, self.teachers is not None and self.teachers in groups)

    def identity(self, session: Session) -> Identity | None:
        """The hub user of ``session`` (None: its handshake carried no token); the refusal of a bad token."""
        if session not in self.known:  # the hub did not answer at this frame
            raise ClassroomError("hub_unavailable", "the hub could not be asked whose token this is: try again in a "
                                                    "moment")
        found = self.known[session]
        if isinstance(found, ClassroomError):
            raise ClassroomError(found.kind, found.detail)
        return found

    def seat_name(self, session: Session, frame: dict[str, Any]) -> str:
        """The name a ``join`` without a seat token sits under: the hub user's own. A name given in the frame must
        be hers, compared as names are ("Ana" is ana); none given is hers too."""
        found = self.identity(session)
        if found is None:
            raise ClassroomError("hub_required", "this classroom seats the users of its JupyterHub: join from a "
                                                 "notebook on the hub (its kernel signs in by itself), or rejoin "
                                                 "with your seat's token")
        given = text_field(frame, "name", optional=True)
        name = hub_name(found.name)
        if given is not None and name_key(given.strip()) not in (name_key(found.name), name_key(name)):
            raise ClassroomError("hub_name", f"you are signed in to the hub as {found.name!r}: you sit under that "
                                             f"name, not {given.strip()!r}")
        return name

    def is_teacher(self, session: Session) -> bool:
        """Whether ``session`` is a hub user of the teachers' group."""
        found = self.known.get(session)
        return isinstance(found, Identity) and found.teacher

    def check_teacher(self, session: Session, kind: str) -> None:
        """Refuse a teacher's request (``forbidden``) from anyone but a user of the teachers' group."""
        found = self.identity(session)
        if found is not None and found.teacher:
            return
        group = "" if self.teachers is None else f", or a hub user of the group {self.teachers!r}"
        who = "" if found is None else f" (you are the hub user {found.name!r})"
        raise ClassroomError("forbidden", f"a {kind!r} request needs the teacher key{group}{who}")

    def check_code(self, session: Session, compare: Callable[[], None]) -> None:
        """``compare`` a join code (:meth:`.connections.Connections.check_code`), held to the budget of wrong codes
        of the hub user of ``session``, if any: past it refused ``flood`` without comparing."""
        found = self.known.get(session)
        if not isinstance(found, Identity):
            compare()
            return
        now = time.monotonic()
        budget = self.guesses.of(found.name, now)
        if budget.empty(now):
            raise ClassroomError("flood", f"the hub user {found.name!r} sent over {IDENTITY_WRONG_CODES} wrong join "
                                          f"codes: wait a minute, and check the code with the teacher")
        try:
            compare()
        except ClassroomError as error:
            if error.kind == "bad_code":
                budget.allow(now)
            raise

    async def greet(self) -> None:
        """Say in the log, at start, if the hub's API does not answer (students cannot sit down until it does)."""
        url = self.auth.api_url.rstrip("/") + "/"

        def ask() -> None:
            with urllib.request.urlopen(url, timeout=5):
                pass

        try:
            await asyncio.to_thread(ask)
        except (urllib.error.URLError, OSError) as error:
            log.warning("the hub's API at %s does not answer (%s): students on the hub cannot sit down until it "
                        "does", url, error)


__all__ = ["IDENTITY_WRONG_CODES", "SERVICE", "TOKEN_CACHE", "Hub", "Identity"]
