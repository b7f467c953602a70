"""MCP over streamable HTTP: the app mounted at ``/mcp`` on a real uvicorn server on 127.0.0.1."""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import httpx2
import pytest
import uvicorn
from mcp.client.streamable_http import streamable_http_client
from sqlalchemy import select
from starlette.applications import Starlette
from starlette.routing import Route

from mcp import Client
from pharmai.db import Database
from pharmai.db.models import AuditLog
from pharmai.mcp import CONVERSATION_META_KEY, McpHttpApp, http_app
from pharmai.tools import SurrogateRefs
from tests.conftest import TODAY
from tests.mcp.conftest import MODES, answering, audit_count, envelope, newest_code, run
from tests.toolsets.conftest import GENEROUS

_KEY = "test-staff-key-0123456789"


@dataclass
class Served:
    url: str
    app: McpHttpApp


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _serve(db: Database, **overrides: Any) -> Iterator[Served]:
    """The MCP app mounted at /mcp the way the API mounts it, on uvicorn in a thread."""
    settings = GENEROUS.model_copy(update={"staff_api_key": _KEY, "today": TODAY, **overrides})
    mcp_app = http_app(db, settings)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with mcp_app.lifespan():
            yield

    host = Starlette(routes=[Route("/mcp", endpoint=mcp_app, methods=["GET", "POST", "DELETE"])], lifespan=lifespan)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(host, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield Served(f"http://127.0.0.1:{port}/mcp", mcp_app)
    finally:
        server.should_exit = True
        thread.join(timeout=20)


@pytest.fixture
def served(db: Database) -> Iterator[Served]:
    """The MCP app with limits no test reaches."""
    with _serve(db) as running:
        yield running


def _client(url: str, key: str | None, mode: str, source: str | None = None, **options: Any) -> Client:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    # ``source``: the loopback address to connect from (any of 127.0.0.0/8 reaches the server).
    connect = httpx2.AsyncHTTPTransport(local_address=source) if source else None
    http_client = httpx2.AsyncClient(headers=headers, timeout=30, transport=connect)
    transport = streamable_http_client(url, http_client=http_client)
    return Client(transport, mode=mode, **options)


@pytest.mark.parametrize("key", [None, "wrong-key", _KEY + "x"])
def test_requests_without_the_bearer_key_are_refused(served: Served, key: str | None) -> None:
    request = urllib.request.Request(served.url, data=b"{}", method="POST")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 401


@pytest.mark.parametrize("mode", MODES)
def test_http_client_verifies_a_customer_then_refills_with_elicitation(db: Database, served: Served, mode: str) -> None:
    before = audit_count(db)

    async def body() -> tuple[Any, ...]:
        callback = answering("accept", approve=True)
        async with _client(served.url, _KEY, mode, elicitation_callback=callback) as client:
            tools = await client.list_tools()
            stock = await client.call_tool("inventory_check", {"med_id": "m002", "language": "he"})
            denied = await client.call_tool("get_user_prescriptions", {})
            sent = await client.call_tool("verify_customer_identity", {"identifier": "david.cohen@example.com"})
            meta: Any = dict(sent.meta or {})
            verified = await client.call_tool(
                "verify_customer_identity",
                {"identifier": "david.cohen@example.com", "code": newest_code(db)},
                meta=meta,
            )
            refill = await client.call_tool("request_refill", {"presc_id": "p002"}, meta=meta)
            return tools, stock, denied, verified, refill

    tools, stock, denied, verified, refill = run(body)
    assert len(tools.tools) == 11
    assert stock.structured_content["store"]["name"] == "תל אביב – דיזנגוף"
    assert envelope(denied)["error"]["code"] == "IDENTITY_REQUIRED"
    assert verified.structured_content["user"]["user_id"] == "u002"
    assert refill.is_error is False and refill.structured_content["refill"]["presc_id"] == "p002"
    served.app.executor.flush()
    assert audit_count(db) - before == 6  # one audit row per call, the approval included


@pytest.mark.parametrize("mode", MODES)
def test_http_clients_are_limited_by_their_own_address(db: Database, mode: str) -> None:
    """The client address reaches the tool runtime: anonymous calls count per address, each its own."""

    async def calls(url: str, source: str, times: int) -> list[Any]:
        async with _client(url, _KEY, mode, source=source) as client:
            return [await client.call_tool("inventory_check", {"med_id": "m002"}) for _ in range(times)]

    with _serve(db, rate_limit_client="3/minute") as served:
        first = run(lambda: calls(served.url, "127.0.0.1", 4))
        other = run(lambda: calls(served.url, "127.0.0.2", 1))
    assert [r.is_error for r in first] == [False, False, False, True]
    refused = envelope(first[-1])["error"]
    assert refused["code"] == "RATE_LIMITED" and refused["details"]["tier"] == "client"
    assert other[0].is_error is False and other[0].structured_content["matches"][0]["med_id"] == "m002"


def test_a_standard_session_signs_in_without_meta(db: Database, served: Served) -> None:
    """A client that never echoes ``_meta`` keeps one conversation for its whole MCP session."""

    async def body() -> tuple[Any, ...]:
        async with _client(served.url, _KEY, "legacy") as client:
            denied = await client.call_tool("get_user_prescriptions", {})
            sent = await client.call_tool("verify_customer_identity", {"identifier": "david.cohen@example.com"})
            code = newest_code(db)
            verified = await client.call_tool(
                "verify_customer_identity", {"identifier": "david.cohen@example.com", "code": code}
            )
            mine = await client.call_tool("get_user_prescriptions", {})
            return denied, sent, verified, mine

    denied, sent, verified, mine = run(body)
    assert envelope(denied)["error"]["code"] == "IDENTITY_REQUIRED"
    assert sent.structured_content["status"] == "code_sent"
    assert verified.is_error is False and verified.structured_content["user"]["user_id"] == "u002"
    assert mine.is_error is False and mine.structured_content["user"]["user_id"] == "u002"


@pytest.mark.parametrize("mode", MODES)
def test_a_conversation_id_from_another_session_grants_nothing(db: Database, served: Served, mode: str) -> None:
    """The id a verified session sees in ``_meta`` is information, not a credential elsewhere."""

    async def body() -> tuple[Any, ...]:
        async with _client(served.url, _KEY, "legacy") as victim:
            sent = await victim.call_tool("verify_customer_identity", {"identifier": "david.cohen@example.com"})
            stolen: Any = {CONVERSATION_META_KEY: (sent.meta or {})[CONVERSATION_META_KEY]}
            # The victim may still echo its own id (older clients do): it names its own conversation.
            await victim.call_tool(
                "verify_customer_identity",
                {"identifier": "david.cohen@example.com", "code": newest_code(db)},
                meta=stolen,
            )
            async with _client(served.url, _KEY, mode) as other:
                theirs = await other.call_tool("get_user_prescriptions", {}, meta=stolen)
                refill = await other.call_tool("request_refill", {"presc_id": "p002"}, meta=stolen)
            mine = await victim.call_tool("get_user_prescriptions", {})
            return stolen, theirs, refill, mine

    stolen, theirs, refill, mine = run(body)
    assert theirs.is_error is True, theirs.structured_content  # not the victim's prescriptions
    assert envelope(theirs)["error"]["code"] == "IDENTITY_REQUIRED"
    assert (theirs.meta or {}).get(CONVERSATION_META_KEY) != stolen[CONVERSATION_META_KEY]
    assert envelope(refill)["error"]["code"] == "IDENTITY_REQUIRED"
    assert mine.is_error is False and mine.structured_content["user"]["user_id"] == "u002"


def test_audit_rows_carry_a_surrogate_of_the_conversation(db: Database) -> None:
    """Audit rows name an MCP conversation by a keyed hash: the id a client holds is in none of them."""

    async def calls(url: str, mode: str) -> list[str]:
        async with _client(url, _KEY, mode) as client:
            first = await client.call_tool("inventory_check", {"med_id": "m002"})
            ids = [str((first.meta or {})[CONVERSATION_META_KEY])]
            meta: Any = {CONVERSATION_META_KEY: ids[0]}
            again = await client.call_tool("get_user_prescriptions", {}, meta=meta)
            return [*ids, str((again.meta or {})[CONVERSATION_META_KEY])]

    with _serve(db, audit_secret="another-deployment-secret") as served:
        before = {row.id for row in _audit_rows(db)}
        ids = {mode: run(lambda mode=mode: calls(served.url, mode)) for mode in MODES}
        served.app.executor.flush()
        refs = served.app.executor.refs
    rows = [row for row in _audit_rows(db) if row.id not in before]
    assert len(rows) == 4
    raw = {i for pair in ids.values() for i in pair}
    assert all(len(set(pair)) == 1 for pair in ids.values())  # each client kept one conversation
    for row in rows:
        assert row.conversation_id not in raw and not any(i in str(row.__dict__) for i in raw)
    assert {row.conversation_id for row in rows} == {refs.conversation(pair[0]) for pair in ids.values()}
    assert refs.conversation("mcp_x") != SurrogateRefs("some-other-secret").conversation("mcp_x")


def _audit_rows(db: Database) -> list[AuditLog]:
    with db.session() as session:
        return list(session.scalars(select(AuditLog).where(AuditLog.channel == "mcp").order_by(AuditLog.id)))
