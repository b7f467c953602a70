"""Who a staff request comes from: a personal token, the console's session cookie, or the bootstrap key.

- ``Authorization: Bearer pst_…``: a member of staff's personal token, acting with the account's role;
- the ``pharmai_staff`` cookie of a console session, where every unsafe request (anything but ``GET``,
  ``HEAD`` and ``OPTIONS``) must also carry the session's CSRF token in ``X-CSRF-Token`` (a synchronizer
  token: a page on another site can make the browser send the cookie, never read the token);
- ``Authorization: Bearer <PHARMAI_STAFF_API_KEY>``: the bootstrap credential, acting as an admin (to
  create the first accounts' tokens, and for deployments that have none yet).

A bearer header wins over a cookie, and is never CSRF-checked: no browser adds one by itself. Every
refusal is a typed error that says nothing about why a credential failed (unknown, revoked, expired or a
disabled account all answer ``UNAUTHENTICATED``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from fastapi import Request

from pharmai.api._state import ApiState
from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.errors import Forbidden, Unauthenticated
from pharmai.pharmacy.staff import BOOTSTRAP_IDENTITY, StaffIdentity, csrf_matches, resolve_session, staff_from_bearer
from pharmai.settings import Settings
from pharmai.tools import Actor

__all__ = [
    "BOOTSTRAP_ACTOR",
    "COOKIE_NAME",
    "CSRF_HEADER",
    "StaffCaller",
    "bearer_of",
    "caller_from_bearer",
    "staff_caller",
]

#: The console session's cookie.
COOKIE_NAME = "pharmai_staff"
#: The header carrying the session's CSRF token on unsafe requests.
CSRF_HEADER = "X-CSRF-Token"
#: Who the bootstrap key acts as (audit rows carry this actor's surrogate).
BOOTSTRAP_ACTOR = Actor(id=BOOTSTRAP_IDENTITY.staff_id, role=BOOTSTRAP_IDENTITY.role)
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_MAX_TOKEN = 200


@dataclass(frozen=True)
class StaffCaller:
    """An authenticated staff request.

    Attributes:
        actor: What travels into tool contexts (account id and role).
        via: ``token``, ``session`` or ``key`` (the bootstrap key).
        username: The account's username (``None`` for the bootstrap key); never put in records.
        csrf_token: The session's CSRF token (cookie sessions only).
        expires_at: When the session ends (cookie sessions only).
    """

    actor: Actor
    via: Literal["token", "session", "key"]
    username: str | None = None
    csrf_token: str | None = None
    expires_at: datetime | None = None


def bearer_of(header: str) -> str | None:
    """The token of an ``Authorization: Bearer …`` header value, or ``None``."""
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > _MAX_TOKEN:
        return None
    return token


def _actor(identity: StaffIdentity) -> Actor:
    return Actor(id=identity.staff_id, role=identity.role)


def caller_from_bearer(token: str, db: Database, settings: Settings, clock: Clock) -> StaffCaller | None:
    """The staff caller a bearer token authenticates (personal token or bootstrap key), else ``None``.

    Blocking (database): call it from a worker thread in async code.
    """
    found = staff_from_bearer(db, token, settings.staff_api_key, clock.now())
    if found is None:
        return None
    return StaffCaller(_actor(found.identity), found.via, found.identity.username or None)


def staff_caller(request: Request, state: ApiState) -> StaffCaller | None:
    """The staff caller of a request, or ``None`` when it presents no staff credential at all.

    Blocking (database): use it from a sync dependency or endpoint.

    Raises:
        Unauthenticated: A bearer token or a session cookie that authenticates nobody.
        Forbidden: An unsafe request authenticated by the cookie without the session's CSRF token.
    """
    token = bearer_of(request.headers.get("authorization", ""))
    if token is not None:
        caller = caller_from_bearer(token, state.db, state.settings, state.clock)
        if caller is None:
            raise Unauthenticated()
        return caller
    cookie = request.cookies.get(COOKIE_NAME)
    if not cookie:
        return None
    with state.db.session() as session:
        live = resolve_session(session, cookie, state.clock.now())
    if live is None:
        raise Unauthenticated()
    if request.method.upper() not in _SAFE_METHODS and not csrf_matches(
        live.csrf_token, request.headers.get(CSRF_HEADER)
    ):
        raise Forbidden({"reason": "csrf"})
    return StaffCaller(_actor(live.identity), "session", live.identity.username, live.csrf_token, live.expires_at)
