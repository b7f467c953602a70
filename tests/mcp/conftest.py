"""Fixtures of the MCP tests: a server over the real database, driven by the SDK's own clients.

Every test goes through an ``mcp.Client`` (in-process, stdio or HTTP) and the one executor, never a
handler directly. ``MODES`` are the protocol modes the SDK offers: the handshake era (``legacy``) and
the per-request 2026-07-28 protocol.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import anyio
import mcp_types as types
import pytest
from sqlalchemy import func, select

from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import AuditLog, OutboxMessage
from pharmai.db.tool_stores import tool_stores
from pharmai.mcp import Conversations, build_server
from pharmai.tools import Executor
from pharmai.toolsets import registry_for
from tests.conftest import TODAY
from tests.toolsets.conftest import GENEROUS

#: The protocol modes of ``mcp.Client`` for an in-process server.
MODES = ["legacy", "2026-07-28"]


@pytest.fixture
def executor(db: Database) -> Iterator[Executor]:
    """The canonical executor with synchronous audit and limits no test reaches."""
    made = Executor(registry_for("canonical"), db, settings=GENEROUS, **tool_stores(db, audit="sync"))
    yield made
    made.close()


@pytest.fixture
def make_server(executor: Executor) -> Callable[..., Any]:
    """``make_server(patient=None, language="en")``: an MCP server; ``patient`` makes it trusted."""

    def make(patient: str | None = None, language: str = "en") -> Any:
        return build_server(
            executor,
            conversations=Conversations(trusted_patient=patient),
            language=language,
            clock=Clock(TODAY),
            identity_mode="trusted" if patient else "otp",
        )

    return make


def run(fn: Callable[[], Awaitable[Any]]) -> Any:
    """Run an async test body (the SDK is anyio-based; the suite has no async plugin)."""
    return anyio.run(fn)


def envelope(result: types.CallToolResult) -> dict[str, Any]:
    """The profile envelope the result's text content carries."""
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    decoded: dict[str, Any] = json.loads(block.text)
    return decoded


def answering(action: str, approve: bool | None = None, seen: list[str] | None = None) -> Any:
    """An elicitation callback that answers ``action`` (with ``approve`` when accepting) and records messages."""

    async def callback(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        if seen is not None:
            seen.append(params.message)
        content = {"approve": approve} if approve is not None else None
        return types.ElicitResult.model_validate({"action": action, "content": content})

    return callback


def newest_code(db: Database) -> str:
    """The newest one-time code in the development outbox."""
    with db.session() as session:
        row = session.scalars(select(OutboxMessage).order_by(OutboxMessage.id.desc())).first()
        assert row is not None and row.code
        return str(row.code)


def audit_count(db: Database, channel: str = "mcp") -> int:
    """Audit rows written for calls on ``channel``."""
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(AuditLog).where(AuditLog.channel == channel)) or 0)
