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
from starlette.applications import Starlette
from starlette.routing import Route

from mcp import Client
from pharmai.db import Database
from pharmai.mcp import McpHttpApp, http_app
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
    assert len(tools.tools) == 10
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
