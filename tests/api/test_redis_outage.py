"""With Redis unreachable the API keeps serving: the per-client limit counts in the worker instead. (Tool
calls that cannot be counted, the circuit breaker and readiness: ``test_redis_breaker.py``.)"""

from __future__ import annotations

import logging
import socket
import time

import pytest

from pharmai.errors import ServiceUnavailable
from pharmai.tools import RedisOptions, open_windows, parse_rate
from tests.api.conftest import AppFactory


@pytest.fixture
def dead_redis() -> str:
    """A Redis URL nothing listens on (a port just freed)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def test_unreachable_counters_fail_as_a_typed_error_within_the_timeout(dead_redis: str) -> None:
    """The shared windows answer SERVICE_UNAVAILABLE with only a retry delay, not a driver exception."""
    windows = open_windows(dead_redis, "outage-test", redis=RedisOptions(timeout=0.5))
    started = time.monotonic()
    with pytest.raises(ServiceUnavailable) as raised:
        windows.hit([("k", parse_rate("5/minute"))])
    assert time.monotonic() - started < 3.0
    assert raised.value.code == "SERVICE_UNAVAILABLE" and raised.value.details == {"retry_after": 1}


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
