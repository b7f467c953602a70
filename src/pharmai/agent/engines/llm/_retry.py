"""Retries with backoff, the user-facing error for an unreachable model, and per-turn token usage.

Both are counted for Prometheus too (``/metrics``): tokens and requests per provider and model, retries,
and the turns that ended ``MODEL_UNAVAILABLE`` by the provider's HTTP status.
"""

from __future__ import annotations

import importlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from prometheus_client import Counter

from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.errors import ModelUnavailable

__all__ = ["TRANSPORT_ERRORS", "RetryPolicy", "Usage", "record_usage", "unavailable"]

log = logging.getLogger("pharmai.agent.engines.llm")

T = TypeVar("T")

# Created once, when the first LLM engine is imported (the process registry refuses a family twice).
_TOKENS = Counter(
    "pharmai_model_tokens_total",
    "Tokens the language model read (kind=input) and wrote (kind=output).",
    ["provider", "model", "kind"],
)
_REQUESTS = Counter("pharmai_model_requests_total", "Requests answered by the language model.", ["provider", "model"])
_RETRIES = Counter("pharmai_model_retries_total", "Model requests retried (429, 5xx, timeouts).", ["provider"])
_ERRORS = Counter(
    "pharmai_model_errors_total",
    "Model failures that ended a turn with MODEL_UNAVAILABLE, by HTTP status (none: no answer at all).",
    ["provider", "status"],
)


def _transport_errors() -> tuple[type[BaseException], ...]:
    # The SDKs map transport failures to their own errors when a request starts, but not always while a
    # stream is read (a connection dropped mid-reply surfaces as the HTTP library's own error).
    found: list[type[BaseException]] = []
    for module in ("httpx2", "httpx"):
        try:
            found.append(importlib.import_module(module).TransportError)
        except (ImportError, AttributeError):
            continue
    return tuple(found)


#: Errors of the HTTP layer under the SDKs, caught while a stream is read.
TRANSPORT_ERRORS: tuple[type[BaseException], ...] = _transport_errors()


# --- retries --------------------------------------------------------------------------------------------


@dataclass
class RetryPolicy:
    """Retries a request on 429, 5xx, timeouts and refused connections, with exponential backoff.

    Args:
        config: Attempts and delays.
        status_errors: The SDK's HTTP status error class(es) (``APIStatusError``).
        connection_errors: The SDK's connection / timeout error class(es) (``APIConnectionError``).
        sleep: Replaced in tests and benchmarks.
    """

    config: LLMConfig
    status_errors: tuple[type[BaseException], ...]
    connection_errors: tuple[type[BaseException], ...]
    sleep: Callable[[float], None] = time.sleep

    def delay(self, attempt: int, exc: BaseException) -> float:
        """Seconds to wait before attempt ``attempt + 1``: the server's Retry-After when it says, else backoff."""
        headers = getattr(getattr(exc, "response", None), "headers", None) or {}
        for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            raw: Any = headers.get(name)
            try:
                value = float(raw) * scale
            except (TypeError, ValueError):
                continue
            if 0 <= value <= self.config.backoff_max:
                return value
        base = min(self.config.backoff_max, self.config.backoff_base * (2**attempt))
        # Jitter spreads the retries of many conversations hitting the same limit.
        return float(base * (0.5 + random.random() / 2))

    def retryable(self, exc: BaseException) -> bool:
        """True for the failures worth another attempt."""
        if isinstance(exc, self.connection_errors):
            return True
        if isinstance(exc, self.status_errors):
            status = int(getattr(exc, "status_code", 0) or 0)
            return status in (408, 409, 429) or status >= 500
        return False

    def run(self, request: Callable[[], T], usage: Usage) -> T:
        """``request()``, retried; any SDK failure that remains becomes :class:`ModelUnavailable`.

        Raises:
            ModelUnavailable: The provider refused, failed or could not be reached on every attempt.
        """
        attempt = 0
        while True:
            try:
                return request()
            except (*self.status_errors, *self.connection_errors) as exc:
                if attempt < self.config.max_retries and self.retryable(exc):
                    usage.retries += 1
                    self.sleep(self.delay(attempt, exc))
                    attempt += 1
                    continue
                raise unavailable(self.config, exc, attempts=attempt + 1) from exc


def unavailable(config: LLMConfig, exc: BaseException, *, attempts: int = 1) -> ModelUnavailable:
    """The user-facing error for a provider failure; logs what operators need, never the conversation."""
    status = getattr(exc, "status_code", None)
    log.warning(
        "model unreachable: provider=%s model=%s status=%s error=%s attempts=%d",
        config.provider,
        config.model,
        status,
        type(exc).__name__,
        attempts,
    )
    _ERRORS.labels(config.provider, str(status) if isinstance(status, int) else "none").inc()
    return ModelUnavailable({"provider": config.provider, "status": status})


# --- usage ----------------------------------------------------------------------------------------------


@dataclass
class Usage:
    """Tokens and requests of one turn."""

    input_tokens: int = 0
    output_tokens: int = 0
    requests: int = 0
    retries: int = 0

    def add(self, input_tokens: Any, output_tokens: Any) -> None:
        """Add one response's token counts (missing counts count as zero)."""
        self.input_tokens += int(input_tokens or 0)
        self.output_tokens += int(output_tokens or 0)

    def as_dict(self) -> dict[str, int]:
        """The counts as JSON."""
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "requests": self.requests,
            "retries": self.retries,
        }


def record_usage(state: dict[str, Any], usage: Usage, config: LLMConfig) -> None:
    """Store the turn's usage (``last_turn``) and the conversation's running ``total`` in the engine state.

    The loop persists the state with the conversation, so any worker can report or bill it.
    """
    previous = state.get("usage") if isinstance(state.get("usage"), dict) else {}
    total = dict(previous.get("total") or {}) if isinstance(previous, dict) else {}
    current = usage.as_dict()
    state["usage"] = {
        "provider": config.provider,
        "model": config.model,
        "last_turn": current,
        "total": {key: int(total.get(key, 0) or 0) + value for key, value in current.items()},
    }
    model = config.model or "default"
    _TOKENS.labels(config.provider, model, "input").inc(usage.input_tokens)
    _TOKENS.labels(config.provider, model, "output").inc(usage.output_tokens)
    _REQUESTS.labels(config.provider, model).inc(usage.requests)
    _RETRIES.labels(config.provider).inc(usage.retries)
    log.info(
        "turn usage: provider=%s model=%s input=%d output=%d requests=%d retries=%d",
        config.provider,
        config.model,
        usage.input_tokens,
        usage.output_tokens,
        usage.requests,
        usage.retries,
    )
