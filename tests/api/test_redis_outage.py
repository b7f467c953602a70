"""With Redis unreachable the API keeps serving: the per-client limit counts in the worker instead, and
a tool call that cannot be counted fails as a typed error the assistant apologises for."""

from __future__ import annotations

import logging
import socket
import time

import pytest

from pharmai.errors import InternalError
from pharmai.tools import open_windows, parse_rate
from tests.api.conftest import AppFactory, open_conversation, say


@pytest.fixture
def dead_redis() -> str:
    """A Redis URL nothing listens on (a port just freed)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def test_unreachable_counters_fail_as_a_typed_internal_error_within_the_timeout(dead_redis: str) -> None:
    """The shared windows answer a typed INTERNAL error with no details, not a driver exception."""
    windows = open_windows(dead_redis, "outage-test", timeout=0.5)
    started = time.monotonic()
    with pytest.raises(InternalError) as raised:
        windows.hit([("k", parse_rate("5/minute"))])
    assert time.monotonic() - started < 3.0
    assert raised.value.code == "INTERNAL" and raised.value.details is None


def test_the_api_keeps_serving_and_still_limits_each_client(
    make_client: AppFactory, dead_redis: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Conversations open and the per-client limit still answers 429, counted in the worker, logged once."""
    client = make_client(redis_url=dead_redis, app_kwargs={"http_rate_limit": "3/minute"})
    with caplog.at_level(logging.WARNING, logger="pharmai.api._guards"):
        statuses = [client.post("/v1/conversations", json={"language": "en"}).status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    refused = client.post("/v1/conversations", json={"language": "he"}, headers={"Accept-Language": "he"})
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["error"]["code"] == "RATE_LIMITED"
    warnings = [r for r in caplog.records if "Redis did not answer" in r.getMessage()]
    assert len(warnings) == 1  # then it counts locally without asking Redis on every request
    assert client.get("/healthz").status_code == 200  # outside /v1/: never limited


@pytest.mark.parametrize(
    ("language", "message", "apology"),
    [("en", "Is Advil in stock?", "I'm sorry"), ("he", "יש אקמול במלאי?", "מצטער")],
)
def test_a_tool_call_that_cannot_be_counted_is_a_typed_error_and_an_apology(
    make_client: AppFactory, dead_redis: str, language: str, message: str, apology: str
) -> None:
    """The tool tiers fail closed: the call is refused as INTERNAL, no internals shown, the turn ends."""
    client = make_client(redis_url=dead_redis, app_kwargs={"http_rate_limit": "off"})
    cid, headers = open_conversation(client, language=language)
    events = say(client, cid, headers, message)
    results = [data for name, data in events if name == "tool.result"]
    assert results and all(r["result"]["error"]["code"] == "INTERNAL" for r in results)
    shown = " ".join(str(data) for _, data in events)
    assert "redis" not in shown.lower() and "connection" not in shown.lower()
    assert events[-1][0] == "message.done"
    assert apology in events[-1][1]["reply"]
