"""Who an MCP request over HTTP comes from: a staff member's personal token, or the bootstrap key.

The HTTP app authenticates every request before the SDK sees it and leaves the member of staff (an
:class:`~pharmai.tools.Actor`: account id and role) in the request's ASGI scope; the tool handlers read it
back from the request the SDK hands them, so each call carries the actor of its own HTTP request. Tools
that declare roles then run only for an actor holding one of them. Over stdio there is no request: the
process acts for the personal token it was started with (``PHARMAI_STAFF_TOKEN``), or for no staff.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from starlette.types import Scope

from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.pharmacy.staff import TOKEN_PREFIX, staff_from_bearer
from pharmai.tools import Actor

__all__ = ["ACTOR_SCOPE_KEY", "actor_of", "authenticate", "with_actor"]

#: Where the authenticated actor rides in the request's ASGI scope state.
ACTOR_SCOPE_KEY = "pharmai.staff_actor"
_MAX_TOKEN = 200


def _bearer(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, token = value.partition(b" ")
            token = token.strip()
            if scheme.lower() != b"bearer" or not token or len(token) > _MAX_TOKEN:
                return None
            try:
                return str(token.decode("ascii"))
            except UnicodeDecodeError:
                return None
    return None


async def authenticate(scope: Scope, db: Database, bootstrap_key: str | None, clock: Clock) -> Actor | None:
    """The member of staff an HTTP request's bearer credential authenticates, or ``None``."""
    token = _bearer(scope)
    if token is None:
        return None
    if token.startswith(TOKEN_PREFIX):  # a database read: off the event loop
        found = await anyio.to_thread.run_sync(staff_from_bearer, db, token, bootstrap_key, clock.now())
    else:  # the bootstrap key is compared in memory
        found = staff_from_bearer(db, token, bootstrap_key, clock.now())
    return None if found is None else Actor(id=found.identity.staff_id, role=found.identity.role)


def with_actor(scope: Scope, actor: Actor) -> Scope:
    """A copy of ``scope`` whose state carries ``actor`` (the original, maybe shared, is left alone)."""
    state = dict(scope.get("state") or {})
    state[ACTOR_SCOPE_KEY] = actor
    return {**scope, "state": state}


def actor_of(request: Any) -> Actor | None:
    """The actor the HTTP app left in a request's scope; ``None`` for stdio and in-process requests."""
    scope = getattr(request, "scope", None)
    state = scope.get("state") if isinstance(scope, dict) else None
    actor = state.get(ACTOR_SCOPE_KEY) if isinstance(state, dict) else None
    return actor if isinstance(actor, Actor) else None
