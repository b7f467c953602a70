"""The executor's middleware, one concern per module, in chain order.

Before the handler: validate → authorize → rate limit → confirm → timeout → run (calls the handler).
After it: audit → metrics (they wrap the chain so they see every outcome, refusals included).
"""

from __future__ import annotations

from pharmai.tools.middleware._base import Invocation, Middleware, Next
from pharmai.tools.middleware._breaker import CircuitBreaker, CircuitState
from pharmai.tools.middleware._redis import RedisOptions, RedisServer, redis_server
from pharmai.tools.middleware._windows import Rate, Windows, open_windows, parse_rate
from pharmai.tools.middleware.audit import Audit
from pharmai.tools.middleware.authorize import Authorize
from pharmai.tools.middleware.confirm import Confirm
from pharmai.tools.middleware.metrics import Metrics, ToolMetrics
from pharmai.tools.middleware.ratelimit import RateLimit, RateLimiter, RateRefusal
from pharmai.tools.middleware.run import Run
from pharmai.tools.middleware.timeout import Timeout
from pharmai.tools.middleware.validate import Validate, parse_arguments

__all__ = [
    "Audit",
    "Authorize",
    "CircuitBreaker",
    "CircuitState",
    "Confirm",
    "Invocation",
    "Metrics",
    "Middleware",
    "Next",
    "Rate",
    "RateLimit",
    "RateLimiter",
    "RateRefusal",
    "RedisOptions",
    "RedisServer",
    "Run",
    "Timeout",
    "ToolMetrics",
    "Validate",
    "Windows",
    "open_windows",
    "parse_arguments",
    "parse_rate",
    "redis_server",
]
