"""``pharmai mcp``: the MCP server on stdin/stdout, optionally for one trusted patient."""

from __future__ import annotations

from typing import Any

import anyio
from mcp.server.stdio import stdio_server

from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.db.tool_stores import tool_stores
from pharmai.mcp._server import build_server
from pharmai.mcp._sessions import Conversations
from pharmai.settings import Settings
from pharmai.tools import Actor, Executor
from pharmai.toolsets import registry_for

__all__ = ["run_stdio"]


def run_stdio(
    db: Database,
    settings: Settings,
    *,
    patient_id: str | None = None,
    language: str = "en",
    store_id: str | None = None,
    profile: str | None = None,
    actor: Actor | None = None,
) -> None:
    """Serve MCP over stdio until the client closes stdin.

    Args:
        db: The database.
        settings: Limits, secret and clock.
        patient_id: A trusted patient (personal assistant): every call acts for them without an OTP.
        language: Default language of texts.
        store_id: The session's default store.
        profile: Tool profile (default: ``settings.tool_profile``).
        actor: The member of staff the process acts for (``PHARMAI_STAFF_TOKEN``), or ``None``.
    """
    registry = registry_for(profile or settings.tool_profile)
    executor = Executor(registry, db, settings=settings, **tool_stores(db, spill_dir=settings.audit_spill_dir))
    server = build_server(
        executor,
        # One process serves one client: its one conversation needs no token in ``_meta``.
        conversations=Conversations(trusted_patient=patient_id, single=True),
        language=language,
        clock=Clock(settings.today),
        store_id=store_id,
        identity_mode="trusted" if patient_id else "otp",
        state_secret=settings.audit_secret,
        actor=actor,
    )

    async def serve() -> None:
        async with stdio_server() as (read_stream, write_stream):
            options: Any = server.create_initialization_options()
            await server.run(read_stream, write_stream, options)

    try:
        anyio.run(serve)
    finally:
        executor.close()
