"""Retries with backoff, the user-facing error for an unreachable model, per-turn token usage and its budget.

All are counted for Prometheus too (``/metrics``): tokens (input, cached input, output) and requests per
provider and model, the estimated cost, retries, the turns that ended ``MODEL_UNAVAILABLE`` by the
provider's HTTP status, and the turns refused because the conversation's token budget was spent.
"""

from __future__ import annotations

import importlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from prometheus_client import Counter, Histogram

from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.errors import ModelUnavailable, TokenBudgetSpent

__all__ = ["TRANSPORT_ERRORS", "USAGE_KEY", "RetryPolicy", "TokenBudget", "Usage", "record_usage", "unavailable"]

log = logging.getLogger("pharmai.agent.engines.llm")

T = TypeVar("T")

# Created once, when the first LLM engine is imported (the process registry refuses a family twice).
_TOKENS = Counter(
    "pharmai_model_tokens_total",
    "Tokens the language model read (kind=input, all of them), read from its prompt cache (kind=cached_input, "
    "part of input), wrote to its cache (kind=cache_write_input, part of input) and wrote (kind=output).",
    ["provider", "model", "kind"],
)
_COST = Counter(
    "pharmai_model_cost_usd_total",
    "Estimated cost of the model's tokens in US dollars (list prices, an estimate; models without a price add none).",
    ["provider", "model"],
)
_TURN_COST = Histogram(
    "pharmai_model_turn_cost_usd",
    "Estimated cost of one turn's model requests in US dollars (an estimate).",
    ["provider", "model"],
    buckets=(0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0),
)
_TURN_INPUT = Histogram(
    "pharmai_model_turn_input_tokens",
    "Input tokens of one turn's model requests (cached ones included).",
    ["provider", "model"],
    buckets=(1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000),
)
_BUDGET_SPENT = Counter(
    "pharmai_model_budget_spent_total",
    "Model requests not sent because the conversation's token budget was spent.",
    ["provider"],
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
    """Tokens and requests of one turn.

    ``input_tokens`` counts every input token, the cached ones included (OpenAI reports it so; the
    Anthropic engine adds the cache reads and writes it reports apart). ``cached_input_tokens`` were read
    from the provider's prompt cache, ``cache_write_input_tokens`` written to it (Anthropic only).
    """

    input_tokens: int = 0
    output_tokens: int = 0
    requests: int = 0
    retries: int = 0
    cached_input_tokens: int = 0
    cache_write_input_tokens: int = 0

    def add(self, input_tokens: Any, output_tokens: Any, cached: Any = 0, cache_write: Any = 0) -> None:
        """Add one response's token counts (missing counts count as zero)."""
        self.input_tokens += int(input_tokens or 0)
        self.output_tokens += int(output_tokens or 0)
        self.cached_input_tokens += int(cached or 0)
        self.cache_write_input_tokens += int(cache_write or 0)

    @property
    def tokens(self) -> int:
        """Input and output tokens: what the conversation's budget counts."""
        return self.input_tokens + self.output_tokens

    def as_dict(self) -> dict[str, int]:
        """The counts as JSON."""
        return {
            "input_tokens": self.input_tokens,
            "cached_input_tokens": self.cached_input_tokens,
            "cache_write_input_tokens": self.cache_write_input_tokens,
            "output_tokens": self.output_tokens,
            "requests": self.requests,
            "retries": self.retries,
        }

    def cost(self, config: LLMConfig) -> float | None:
        """The estimated cost in US dollars, or ``None`` when the model's prices are unknown."""
        if config.price is None:
            return None
        return config.price.cost(
            self.input_tokens, self.cached_input_tokens, self.cache_write_input_tokens, self.output_tokens
        )


#: Where the conversation's usage lives in the engine state; the loop copies ``last_turn`` to the transcript.
USAGE_KEY = "usage"


def _spent(state: dict[str, Any]) -> int:
    usage = state.get(USAGE_KEY)
    total = usage.get("total") if isinstance(usage, dict) else None
    if not isinstance(total, dict):
        return 0
    return int(total.get("input_tokens", 0) or 0) + int(total.get("output_tokens", 0) or 0)


@dataclass
class TokenBudget:
    """The conversation's token budget, checked before each model request of a turn.

    Args:
        limit: Tokens (input + output) the conversation may use; 0: no budget.
        spent: Tokens used by its earlier turns.
    """

    limit: int
    spent: int = 0

    @classmethod
    def of(cls, state: dict[str, Any], config: LLMConfig) -> TokenBudget:
        """The budget of the conversation whose engine state is ``state``."""
        return cls(config.token_budget, _spent(state) if config.token_budget else 0)

    def check(self, usage: Usage, config: LLMConfig) -> None:
        """Refuse the next request once the earlier turns and this one have used the budget.

        Raises:
            TokenBudgetSpent: The budget is spent; the model is not called.
        """
        if self.limit and self.spent + usage.tokens >= self.limit:
            _BUDGET_SPENT.labels(config.provider).inc()
            log.info("token budget spent: provider=%s budget=%d", config.provider, self.limit)
            raise TokenBudgetSpent({"budget": self.limit})


def record_usage(state: dict[str, Any], usage: Usage, config: LLMConfig) -> None:
    """Store the turn's usage (``last_turn``) and the conversation's running ``total`` in the engine state.

    Both carry the token counts and ``estimated_cost_usd`` (``None`` when the model's prices are unknown).
    The loop persists the state with the conversation, so any worker can report or bill it.
    """
    previous = state.get(USAGE_KEY) if isinstance(state.get(USAGE_KEY), dict) else {}
    total = dict(previous.get("total") or {}) if isinstance(previous, dict) else {}
    current: dict[str, Any] = dict(usage.as_dict())
    cost = usage.cost(config)
    current["estimated_cost_usd"] = None if cost is None else round(cost, 8)
    summed: dict[str, Any] = {key: int(total.get(key, 0) or 0) + value for key, value in usage.as_dict().items()}
    earlier = total.get("estimated_cost_usd")
    summed["estimated_cost_usd"] = (
        None if cost is None and earlier is None else round(float(earlier or 0.0) + (cost or 0.0), 8)
    )
    state[USAGE_KEY] = {"provider": config.provider, "model": config.model, "last_turn": current, "total": summed}
    model = config.model or "default"
    _TOKENS.labels(config.provider, model, "input").inc(usage.input_tokens)
    _TOKENS.labels(config.provider, model, "cached_input").inc(usage.cached_input_tokens)
    _TOKENS.labels(config.provider, model, "cache_write_input").inc(usage.cache_write_input_tokens)
    _TOKENS.labels(config.provider, model, "output").inc(usage.output_tokens)
    _REQUESTS.labels(config.provider, model).inc(usage.requests)
    _RETRIES.labels(config.provider).inc(usage.retries)
    if usage.requests:
        _TURN_INPUT.labels(config.provider, model).observe(usage.input_tokens)
        if cost is not None:
            _COST.labels(config.provider, model).inc(cost)
            _TURN_COST.labels(config.provider, model).observe(cost)
    log.info(
        "turn usage: provider=%s model=%s input=%d cached=%d cache_write=%d output=%d requests=%d retries=%d "
        "cost_usd=%s",
        config.provider,
        config.model,
        usage.input_tokens,
        usage.cached_input_tokens,
        usage.cache_write_input_tokens,
        usage.output_tokens,
        usage.requests,
        usage.retries,
        "unknown" if cost is None else f"{cost:.6f}",
    )
