"""Redis as a dependency: short timeouts, no client-side retries, and one circuit breaker per server.

A Redis that accepts connections and never answers used to hold every tool call for the client's 5 s
default, and one that refuses them failed every call as ``INTERNAL`` while ``/readyz`` said ready. Here
each command waits at most ``timeout`` (to connect, and for its answer), is never retried by the client
(a retry doubles the wait on exactly the servers that do not answer), and after ``failures`` failures in
a row the circuit opens: callers get :class:`~pharmai.errors.ServiceUnavailable` at once, without asking
Redis, until one probe every ``reset_seconds`` finds it answering again.

A process keeps one :class:`RedisServer` per URL and options (see :func:`redis_server`), so the tool-call
limits, the per-client HTTP limit and the readiness probe share what they learn about the server.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from prometheus_client import Counter, Enum

from pharmai.errors import ServiceUnavailable
from pharmai.tools.middleware._breaker import CircuitBreaker, CircuitState

if TYPE_CHECKING:
    from pharmai.settings import Settings

__all__ = ["RedisOptions", "RedisServer", "redis_server"]

T = TypeVar("T")


@dataclass(frozen=True)
class RedisOptions:
    """How long to wait for Redis and when to stop asking it.

    Attributes:
        timeout: Seconds to connect, and seconds for each answer.
        failures: Consecutive failures that open the circuit.
        reset_seconds: Seconds the circuit stays open before one call probes Redis again.
    """

    timeout: float = 0.1
    failures: int = 3
    reset_seconds: float = 5.0

    @classmethod
    def from_settings(cls, settings: Settings) -> RedisOptions:
        """``PHARMAI_REDIS_TIMEOUT_MS``, ``PHARMAI_REDIS_BREAKER_FAILURES``, ``…_BREAKER_RESET_SECONDS``."""
        return cls(
            timeout=settings.redis_timeout_ms / 1000,
            failures=settings.redis_breaker_failures,
            reset_seconds=settings.redis_breaker_reset_seconds,
        )


class _Families:
    """The process's Redis metric families (the global registry refuses a family twice)."""

    def __init__(self) -> None:
        self.circuit = Enum(
            "pharmai_redis_circuit",
            "State of the circuit breaker in front of a Redis server (this worker's view).",
            ["server"],
            states=["closed", "open", "half_open"],
        )
        self.errors = Counter(
            "pharmai_redis_errors_total",
            "Redis commands that failed: refused, timed out or answered with an error.",
            ["server"],
        )
        self.rejected = Counter(
            "pharmai_redis_rejected_total",
            "Calls refused without asking Redis because its circuit was open.",
            ["server"],
        )


# Registered when the module is imported (every app imports it), so /metrics names the families — and
# dashboards and alert rules can rely on them — even before, or without, a Redis server.
_FAMILIES: _Families | None = _Families()
_SERVERS: dict[tuple[str, RedisOptions], RedisServer] = {}
_LOCK = threading.RLock()


def _families() -> _Families:
    global _FAMILIES
    with _LOCK:
        if _FAMILIES is None:
            _FAMILIES = _Families()
        return _FAMILIES


def _label(url: str) -> str:
    # host:port/db only: a URL may carry a password, and metrics are read by anyone with /metrics.
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return parts.path or "unix"
    return f"{parts.hostname or '?'}:{parts.port or 6379}{parts.path or '/0'}"


class RedisServer:
    """One Redis server as this process sees it: a client with short timeouts behind a circuit breaker.

    Build it with :func:`redis_server` (one per URL and options per process).

    Args:
        url: ``redis://``, ``rediss://`` or ``unix://``.
        options: Timeouts and breaker thresholds.
    """

    def __init__(self, url: str, options: RedisOptions) -> None:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        families = _families()
        label = _label(url)
        circuit = families.circuit.labels(label)
        circuit.state("closed")
        self._errors = families.errors.labels(label)
        self._rejected = families.rejected.labels(label)
        self.breaker = CircuitBreaker(
            failures=options.failures, reset_seconds=options.reset_seconds, on_change=circuit.state
        )
        self.client: Any = redis.Redis.from_url(
            url,
            socket_timeout=options.timeout,
            socket_connect_timeout=options.timeout,
            retry=Retry(NoBackoff(), 0),
        )
        self._failures = (redis.RedisError, OSError)

    @property
    def state(self) -> CircuitState:
        """The circuit's state: ``closed``, ``open`` or ``half_open``."""
        return self.breaker.state

    def run(self, command: Callable[[Any], T]) -> T:
        """``command(client)`` through the breaker.

        Raises:
            ServiceUnavailable: The circuit is open (Redis was not asked), or Redis failed to answer. No
                details of Redis: what failed is not the caller's business.
        """
        breaker = self.breaker
        if not breaker.allow():
            self._rejected.inc()
            raise ServiceUnavailable({"retry_after": breaker.retry_after()})
        try:
            result = command(self.client)
        except self._failures as exc:
            self._errors.inc()
            breaker.failed()
            raise ServiceUnavailable({"retry_after": breaker.retry_after()}) from exc
        breaker.succeeded()
        return result

    def ready(self) -> bool:
        """Whether Redis answers a ``PING`` now (while the circuit is open, only when a probe is due)."""
        try:
            self.run(lambda client: client.ping())
        except ServiceUnavailable:
            return False
        return True


def redis_server(url: str, options: RedisOptions | None = None) -> RedisServer:
    """This process's :class:`RedisServer` for ``url`` and ``options`` (built on first use).

    Args:
        url: The server.
        options: Timeouts and breaker thresholds (default: :class:`RedisOptions`'s).
    """
    key = (url, options or RedisOptions())
    server = _SERVERS.get(key)
    if server is None:
        with _LOCK:
            server = _SERVERS.get(key)
            if server is None:
                server = _SERVERS[key] = RedisServer(*key)
    return server
