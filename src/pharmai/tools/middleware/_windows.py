"""Exact moving-window counters, in this process or shared through Redis, several windows in one step.

A call is admitted only if every window it counts against has room, and then it is counted in all of
them at once: one lock (in process) or one Lua script (Redis), so a refused call uses no slot anywhere
and a call costs one round trip to Redis however many tiers apply. The rate limiter's tiers and the
API's per-client limit are both built on this.
"""

from __future__ import annotations

import itertools
import math
import os
import re
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from pharmai.tools.middleware._redis import RedisOptions, RedisServer, redis_server

__all__ = ["Rate", "Windows", "open_windows", "parse_rate"]

_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_RATE = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*(\d*)\s*(second|minute|hour|day)s?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Rate:
    """At most ``limit`` events in any ``seconds``-long window."""

    limit: int
    seconds: int


def parse_rate(text: str) -> Rate:
    """Parse ``"10/minute"``, ``"20 per hour"`` or ``"5/10 seconds"``.

    Raises:
        ValueError: Anything else.
    """
    match = _RATE.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"not a rate (expected e.g. '10/minute'): {text!r}")
    count, multiple, unit = match.groups()
    rate = Rate(int(count), int(multiple or 1) * _UNITS[unit.lower()])
    if rate.limit < 1 or rate.seconds < 1:
        raise ValueError(f"a rate needs at least one call in a window of at least one second: {text!r}")
    return rate


class Windows(Protocol):
    """Counters keyed by string; see :func:`open_windows`."""

    def hit(self, checks: list[tuple[str, Rate]]) -> tuple[int, int] | None:
        """Count one event under every ``(key, rate)``, or refuse it without counting anything.

        Returns:
            ``None`` when admitted, else ``(index of the first full window, seconds until it has room)``.
        """
        ...

    def reset(self) -> None:
        """Forget every count (tests)."""
        ...


def _retry_after(seconds: float) -> int:
    return max(1, math.ceil(seconds))


class _MemoryWindows:
    """Timestamps per key in this process (a deque each), pruned as they age out."""

    _SWEEP_EVERY = 4096

    def __init__(self) -> None:
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()
        self._hits = 0
        self._longest = 0.0

    def hit(self, checks: list[tuple[str, Rate]]) -> tuple[int, int] | None:
        now = time.monotonic()
        with self._lock:
            self._hits += 1
            if self._hits % self._SWEEP_EVERY == 0:
                self._sweep(now)
            queues = []
            for index, (key, rate) in enumerate(checks):
                self._longest = max(self._longest, float(rate.seconds))
                events = self._events.get(key)
                if events is None:
                    events = self._events[key] = deque()
                horizon = now - rate.seconds
                while events and events[0] <= horizon:
                    events.popleft()
                if len(events) >= rate.limit:
                    return index, _retry_after(events[0] - horizon if events else rate.seconds)
                queues.append(events)
            for events in queues:
                events.append(now)
        return None

    def _sweep(self, now: float) -> None:
        # Keys of finished conversations would otherwise stay forever; the longest window bounds age.
        for key in [k for k, v in self._events.items() if not v or v[-1] <= now - self._longest]:
            del self._events[key]

    def reset(self) -> None:
        with self._lock:
            self._events.clear()


# KEYS: one sorted set per window. ARGV[1]: a member unique to this call; then limit, window (ms) per key.
# Scores are the server's clock in ms, so workers on different machines agree on time.
_HIT_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i])
  local window = tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    if oldest[2] == nil then return {i, window} end
    return {i, tonumber(oldest[2]) + window - now}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[1])
  redis.call('PEXPIRE', key, tonumber(ARGV[2 * i + 1]))
end
return {0, 0}
"""


class _RedisWindows:
    """Sorted sets of call stamps in Redis, checked and counted by one atomic script."""

    def __init__(self, server: RedisServer, prefix: str) -> None:
        self._server = server
        self._script = server.client.register_script(_HIT_SCRIPT)
        self._prefix = prefix
        # Members must be unique per call across workers; a counter is cheaper than random bytes.
        self._origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}-"
        self._counter = itertools.count()

    def hit(self, checks: list[tuple[str, Rate]]) -> tuple[int, int] | None:
        keys = [f"{self._prefix}:{key}" for key, _ in checks]
        args: list[Any] = [self._origin + str(next(self._counter))]
        for _, rate in checks:
            args += [rate.limit, rate.seconds * 1000]
        index, wait_ms = self._server.run(lambda client: self._script(keys=keys, args=args, client=client))
        if int(index) == 0:
            return None
        return int(index) - 1, _retry_after(int(wait_ms) / 1000)

    def reset(self) -> None:
        client = self._server.client
        pattern = re.sub(r"([*?\[\]\\])", r"\\\1", self._prefix) + ":*"  # the prefix matched literally
        keys = list(client.scan_iter(match=pattern, count=1000))
        if keys:
            client.delete(*keys)


def open_windows(redis_url: str | None, prefix: str, *, redis: RedisOptions | None = None) -> Windows:
    """Counters in Redis under ``prefix`` when ``redis_url`` is given, else in this process.

    Args:
        redis_url: The Redis server, or ``None`` for counters in this process.
        prefix: Key prefix in Redis.
        redis: Timeouts and circuit breaker of the Redis server (shared by everything in this process
            that uses the same URL and options). A shared window's ``hit`` raises
            :class:`~pharmai.errors.ServiceUnavailable` when Redis does not answer in time or its circuit
            is open.

    Raises:
        ValueError: A URL that is not ``redis://``, ``rediss://`` or ``unix://``.
    """
    if not redis_url:
        return _MemoryWindows()
    if not redis_url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("rate limits need a redis:// URL")
    return _RedisWindows(redis_server(redis_url, redis), prefix)
