"""MCP over streamable HTTP, behind a staff credential, as an ASGI app the API mounts at ``/mcp``.

Every request carries ``Authorization: Bearer`` with a member of staff's personal token (``pst_…``),
acting with the account's role, or the bootstrap key (``PHARMAI_STAFF_API_KEY``), acting as an admin
(:mod:`pharmai.mcp._auth`). HTTP clients never start as a patient: they verify a customer with
``verify_customer_identity``, which binds that patient to their MCP conversation only. A handshake-era
client's conversation is its MCP session (``mcp-session-id``), so it needs nothing in ``_meta``; the
conversation token in ``_meta`` opens nothing from another session.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.types import Receive, Scope, Send

from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.db.tool_stores import tool_stores
from pharmai.mcp._auth import authenticate, with_actor
from pharmai.mcp._server import build_server
from pharmai.mcp._sessions import Conversations
from pharmai.settings import Settings
from pharmai.tools import Executor
from pharmai.toolsets import registry_for

__all__ = ["McpHttpApp", "http_app"]

_UNAUTHORIZED = b'{"error": {"code": "UNAUTHORIZED", "message": "A valid bearer key is required."}}'


class McpHttpApp:
    """An ASGI app serving MCP on whatever path it is mounted at.

    It answers ``lifespan`` events itself when served alone (``uvicorn.run(app)``); an application that
    mounts it must enter :meth:`lifespan` in its own lifespan, because mounted apps get no lifespan events.

    Attributes:
        executor: The executor every MCP call runs through.
        conversations: The MCP conversations and their verified patients.
    """

    def __init__(
        self,
        executor: Executor,
        conversations: Conversations,
        manager: StreamableHTTPSessionManager,
        key: str | None,
        clock: Clock | None = None,
    ) -> None:
        self.executor = executor
        self.conversations = conversations
        self._manager = manager
        self._key = key or None
        self._clock = clock or Clock()

    def lifespan(self) -> AbstractAsyncContextManager[None]:
        """Run the session manager (and close the executor at the end); enter it once per app."""
        return self._lifespan()

    @asynccontextmanager
    async def _lifespan(self) -> AsyncIterator[None]:
        try:
            async with self._manager.run():
                yield
        finally:
            self.executor.close()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._serve_lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        actor = await authenticate(scope, self.executor.db, self._key, self._clock)
        if actor is None:
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")],
                }
            )
            await send({"type": "http.response.body", "body": _UNAUTHORIZED})
            return
        await self._manager.asgi_app(with_actor(scope, actor), receive, send)

    async def _serve_lifespan(self, receive: Receive, send: Send) -> None:
        message = await receive()
        if message["type"] != "lifespan.startup":
            return
        async with self.lifespan():
            await send({"type": "lifespan.startup.complete"})
            while (await receive())["type"] != "lifespan.shutdown":
                pass
        await send({"type": "lifespan.shutdown.complete"})


def http_app(
    db: Database, settings: Settings, *, executor: Executor | None = None, **server_options: Any
) -> McpHttpApp:
    """MCP over streamable HTTP for ``db``, with the tool profile and key of ``settings``.

    Clients send ``Authorization: Bearer`` with a personal token (``pst_…``) or the bootstrap key
    (``PHARMAI_STAFF_API_KEY``); anything else is refused (401). Both protocol eras are served:
    stateful sessions for the handshake protocols (elicitation rides the session's stream) and single
    requests for 2026-07-28.

    Args:
        db: The database.
        settings: Profile (``tool_profile``), key (``staff_api_key``), secret, clock and limits.
        executor: An executor to share with the rest of the application (default: a new one).
        **server_options: Passed to :func:`pharmai.mcp.build_server` (``language``, ``store_id``, …).

    Returns:
        The ASGI app; mount it at ``/mcp`` and enter :meth:`McpHttpApp.lifespan` in the host's lifespan.
    """
    executor = executor or Executor(
        registry_for(settings.tool_profile),
        db,
        settings=settings,
        **tool_stores(db, spill_dir=settings.audit_spill_dir),
    )
    conversations = server_options.pop("conversations", None) or Conversations()
    clock = server_options.setdefault("clock", Clock(settings.today))
    server_options.setdefault("state_secret", settings.audit_secret)
    server = build_server(executor, conversations=conversations, **server_options)
    # Stateful, and it has to stay so: tool calls trust the session id only because this manager routes a
    # request to its session's transport by that id and answers 404 to an unknown one.
    manager = StreamableHTTPSessionManager(app=server, stateless=False)
    return McpHttpApp(executor, conversations, manager, settings.staff_api_key, clock)
