"""Last: Prometheus counters and a duration histogram, into a registry the caller may pass in."""

from __future__ import annotations

import threading

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram

from pharmai.tools._outcome import ToolOutcome
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Metrics", "ToolMetrics"]

_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class ToolMetrics:
    """The tool runtime's metric families.

    Args:
        registry: A ``prometheus_client`` registry (tests pass their own); the process default otherwise.
    """

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else REGISTRY
        self.calls = Counter(
            "pharmai_tool_calls_total",
            "Tool calls by tool, outcome (ok/refused/failed) and error code.",
            ["tool", "outcome", "code"],
            registry=self.registry,
        )
        self.duration = Histogram(
            "pharmai_tool_call_duration_seconds",
            "Time inside the tool executor per call.",
            ["tool"],
            buckets=_BUCKETS,
            registry=self.registry,
        )
        self.confirmations = Counter(
            "pharmai_tool_confirmations_total",
            "Confirmations by tool and result (requested/approved/denied/expired/invalid).",
            ["tool", "result"],
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "pharmai_tool_rate_limited_total",
            "Calls refused by a rate-limit tier.",
            ["tool", "tier"],
            registry=self.registry,
        )


_DEFAULT: ToolMetrics | None = None
_DEFAULT_LOCK = threading.Lock()


def _default_metrics() -> ToolMetrics:
    # The global registry refuses a second family with the same name, so share one instance.
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = ToolMetrics()
        return _DEFAULT


class Metrics:
    """Count the call once the audit row is written (the outermost step).

    Args:
        metrics: The families to update; the process-wide default when ``None``.
    """

    name = "metrics"

    def __init__(self, metrics: ToolMetrics | None = None) -> None:
        self.metrics = metrics if metrics is not None else _default_metrics()

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        outcome = call_next(inv)
        tool = inv.tool_label
        self.metrics.calls.labels(tool, outcome.status, outcome.code or "none").inc()
        self.metrics.duration.labels(tool).observe(outcome.duration_ms / 1000.0)
        if inv.confirmation_event is not None:
            self.metrics.confirmations.labels(tool, inv.confirmation_event).inc()
        if inv.rate_limited_tier is not None:
            self.metrics.rate_limited.labels(tool, inv.rate_limited_tier).inc()
        return outcome
