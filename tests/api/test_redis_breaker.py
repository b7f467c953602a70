"""Redis behind a circuit breaker, through the HTTP API, with real sockets at the process boundary.

A Redis that refuses connections (a closed port), one that accepts and never answers (a silent TCP server
here), and the real Redis coming back behind a proxy: turns finish fast with the customer's apology and
``SERVICE_UNAVAILABLE`` (never ``INTERNAL``), Redis is asked a bounded number of times once the circuit is
open, ``/readyz`` answers 503 with a reason meanwhile, and everything works again once Redis answers.
"""

from __future__ import annotations

import os
import re
import time
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from tests._tcp import TcpStandIn, free_port
from tests.api.conftest import AppFactory, open_conversation, say

REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")
#: Failures in a row that open the circuit in these tests (the default).
FAILURES = 3


@pytest.fixture
def silent_redis() -> Iterator[TcpStandIn]:
    """A "Redis" that accepts connections and never answers."""
    server = TcpStandIn()
    yield server
    server.close()


@pytest.fixture
def refusing_redis() -> str:
    """A Redis URL nothing listens on (a port just freed): connections are refused."""
    return f"redis://127.0.0.1:{free_port()}/0"


def _client(make_client: AppFactory, url: str, **overrides: Any) -> TestClient:
    values: dict[str, Any] = {
        "redis_url": url,
        "redis_key_prefix": f"pharmai-test-{uuid.uuid4().hex[:12]}",
        "redis_breaker_reset_seconds": 60.0,  # no probe during a test unless it asks for one
        "app_kwargs": {"http_rate_limit": "off"},
    }
    values.update(overrides)
    return make_client(**values)


def _turn(client: TestClient, cid: str, headers: dict[str, str], message: str) -> tuple[list[dict[str, Any]], str]:
    """One turn: its tool results and its reply (the turn must finish)."""
    events = say(client, cid, headers, message)
    assert events[-1][0] == "message.done", events[-1]
    return [data["result"] for name, data in events if name == "tool.result"], events[-1][1]["reply"]


def _metric(client: TestClient, name: str, server: str, **labels: str) -> float:
    """A sample of ``/metrics`` by name and labels (0 when absent)."""
    wanted = {"server": server, **labels}
    for line in client.get("/metrics").text.splitlines():
        match = re.fullmatch(r"(\w+)\{(.*)\} (\S+)", line)
        if match and match.group(1) == name and dict(re.findall(r'(\w+)="([^"]*)"', match.group(2))) == wanted:
            return float(match.group(3))
    return 0.0


def _server_label(url: str) -> str:
    return url.removeprefix("redis://")


@pytest.mark.parametrize(
    ("language", "message", "apology"),
    [("en", "Is Advil in stock?", "I'm sorry"), ("he", "יש אקמול במלאי?", "סליחה")],
)
def test_a_refusing_redis_fails_tools_fast_with_the_apology_and_opens_the_circuit(
    make_client: AppFactory, refusing_redis: str, language: str, message: str, apology: str
) -> None:
    """Every tool call answers SERVICE_UNAVAILABLE in the turn's language; Redis is tried FAILURES times."""
    client = _client(make_client, refusing_redis)
    cid, headers = open_conversation(client, language=language)
    for _ in range(4):
        results, reply = _turn(client, cid, headers, message)
        assert results and all(r["error"]["code"] == "SERVICE_UNAVAILABLE" for r in results)
        assert apology in reply
        shown = " ".join(r["error"]["message"] for r in results).lower() + reply.lower()
        assert "redis" not in shown and "connection" not in shown and "internal" not in shown
    label = _server_label(refusing_redis)
    # Once open, calls are refused without asking Redis: attempts stop at the threshold.
    assert _metric(client, "pharmai_redis_errors_total", label) == FAILURES
    assert _metric(client, "pharmai_redis_rejected_total", label) >= 1
    assert _metric(client, "pharmai_redis_circuit", label, pharmai_redis_circuit="open") == 1.0


def test_readyz_is_not_ready_while_redis_refuses(make_client: AppFactory, refusing_redis: str) -> None:
    """Before any tool call the ping finds Redis down; once the circuit is open it is not even asked."""
    client = _client(make_client, refusing_redis)
    first = client.get("/readyz")
    assert first.status_code == 503
    assert first.json()["redis"] == "unreachable" and first.json()["reason"]
    for _ in range(FAILURES):
        client.get("/readyz")
    opened = client.get("/readyz")
    assert opened.status_code == 503
    assert opened.json() == {
        "status": "unavailable",
        "database": opened.json()["database"],
        "redis": "circuit_open",
        "reason": "redis circuit is open",
    }
    assert _metric(client, "pharmai_redis_errors_total", _server_label(refusing_redis)) == FAILURES
    assert client.get("/healthz").status_code == 200  # alive, only not ready


def test_a_silent_redis_holds_no_turn_and_is_asked_a_bounded_number_of_times(
    make_client: AppFactory, silent_redis: TcpStandIn
) -> None:
    """Redis accepts and never answers: each call waits one short timeout until the circuit opens, then none.

    Three turns of tool calls make FAILURES connection attempts in all (one per failed command, each
    dropped after its timeout); /readyz answers 503 without another one.
    """
    client = _client(make_client, silent_redis.url)
    cid, headers = open_conversation(client, language="en")
    durations, codes = [], []
    for message in ("Is Advil in stock?", "Is Tylenol in stock?", "Do you have Nurofen?"):
        started = time.monotonic()
        results, reply = _turn(client, cid, headers, message)
        durations.append(time.monotonic() - started)
        codes += [r["error"]["code"] for r in results]
        assert "I'm sorry" in reply
    assert codes and set(codes) == {"SERVICE_UNAVAILABLE"}
    assert silent_redis.accepted == FAILURES
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.json()["redis"] == "circuit_open"
    assert silent_redis.accepted == FAILURES
    assert max(durations) < 2.0  # secondary: the 5 s client default would take 5 s per call


def test_a_silent_redis_does_not_stall_every_api_request(make_client: AppFactory, silent_redis: TcpStandIn) -> None:
    """The per-client HTTP limit counts in the worker while the circuit is open, asking Redis no more."""
    client = _client(make_client, silent_redis.url, app_kwargs={"http_rate_limit": "5/minute"})
    statuses = [client.post("/v1/conversations", json={"language": "en"}).status_code for _ in range(7)]
    assert statuses == [201] * 5 + [429] * 2  # the limit still holds, counted in the worker
    assert silent_redis.accepted == FAILURES


@pytest.mark.skipif(not REDIS_URL, reason="PHARMAI_TEST_REDIS_URL is not set (.ci/run always sets it)")
@pytest.mark.parametrize("fault", ["silent", "refusing"])
def test_the_circuit_closes_again_when_the_real_redis_is_back(make_client: AppFactory, fault: str) -> None:
    """After an outage, a probe finds the real Redis answering: /readyz is ready and tools work again."""
    assert REDIS_URL is not None
    real = urlsplit(REDIS_URL)
    upstream = (real.hostname or "127.0.0.1", real.port or 6379)
    if fault == "silent":
        proxy = TcpStandIn(forward_to=upstream)
        proxy.forwarding = False
        url = proxy.url
    else:
        port = free_port()
        url = f"redis://127.0.0.1:{port}/0"
    client = _client(make_client, url, redis_breaker_reset_seconds=0.2)
    cid, headers = open_conversation(client, language="en")
    for _ in range(FAILURES):
        results, _ = _turn(client, cid, headers, "Is Advil in stock?")
        assert results and all(r["error"]["code"] == "SERVICE_UNAVAILABLE" for r in results)
    assert client.get("/readyz").status_code == 503

    if fault == "silent":
        proxy.forwarding = True  # Redis answers again
    else:
        proxy = TcpStandIn(port=port, forward_to=upstream)  # Redis listens again on the same port
    try:
        deadline = time.monotonic() + 10
        while (ready := client.get("/readyz")).status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.status_code == 200 and ready.json()["redis"] == "ready"
        results, reply = _turn(client, cid, headers, "Is Advil in stock?")
        assert results and all(r["ok"] for r in results), results
        assert "I'm sorry" not in reply
        assert _metric(client, "pharmai_redis_circuit", _server_label(url), pharmai_redis_circuit="closed") == 1.0
    finally:
        proxy.close()
