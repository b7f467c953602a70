"""The executor: every engine, API and MCP call of a tool goes through :meth:`Executor.execute`.

Chain (outermost first): metrics → audit → validate → authorize → rate limit → confirm → timeout → run.
So a call is validated, authorized, rate limited, confirmed and run (under its deadline) in that order,
and then audited and counted — every call, refused ones included, leaves exactly one audit row and one
metric sample.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from pharmai import tracing
from pharmai.db.engine import Database
from pharmai.errors import ConfirmationDenied
from pharmai.settings import Settings, get_settings
from pharmai.tools._context import ToolCall, ToolContext
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._privacy import SurrogateRefs, safe_label
from pharmai.tools._registry import Registry
from pharmai.tools._stores import AuditSink, ConfirmationStore
from pharmai.tools.middleware import (
    Audit,
    Authorize,
    Confirm,
    Invocation,
    Metrics,
    Middleware,
    Next,
    RateLimit,
    RateLimiter,
    Run,
    Timeout,
    ToolMetrics,
    Validate,
)

__all__ = ["Executor"]

_MAX_ID = 64


class Executor:
    """Runs tool calls of one registry through the middleware chain.

    Args:
        registry: The profile's tools (and its envelope).
        db: The database of handlers whose context has none.
        audit: Where audit rows go (``pharmai.db.tool_stores`` builds the database's).
        confirmations: Where proposals live (``pharmai.db.tool_stores`` builds the database's).
        settings: Rate-limit tiers, Redis URL and confirmation TTL, and the settings handlers see in a
            context that carries none (default: the process settings).
        rate_limiter: Overrides the limiter built from ``settings`` (tests pass their own).
        metrics: Metric families (default: the process-wide Prometheus registry).
        refs: Principal surrogates (default: HMAC with ``settings.audit_secret``, ``PHARMAI_AUDIT_SECRET``).
        max_workers: Handler threads.
    """

    def __init__(
        self,
        registry: Registry,
        db: Database,
        *,
        audit: AuditSink,
        confirmations: ConfirmationStore,
        settings: Settings | None = None,
        rate_limiter: RateLimiter | None = None,
        metrics: ToolMetrics | None = None,
        refs: SurrogateRefs | None = None,
        max_workers: int = 16,
    ) -> None:
        settings = settings or get_settings()
        self.settings = settings
        self.registry = registry
        self.db = db
        self.refs = refs or SurrogateRefs(settings.audit_secret)
        self.audit_sink = audit
        self.confirmations = confirmations
        self.rate_limiter = rate_limiter or RateLimiter.from_settings(settings)
        self._timeout = Timeout(max_workers)
        self.middleware: Sequence[Middleware] = (
            Metrics(metrics),
            Audit(self.audit_sink, self.refs),
            Validate(),
            Authorize(),
            RateLimit(self.rate_limiter),
            Confirm(self.confirmations, self.refs, settings.confirmation_ttl_seconds),
            self._timeout,
            Run(),
        )
        self._chain = self._build(self.middleware)

    @staticmethod
    def _build(middleware: Sequence[Middleware]) -> Next:
        def end(inv: Invocation) -> ToolOutcome:
            raise AssertionError("the run middleware always answers")

        chain: Next = end
        for layer in reversed(middleware):
            chain = functools.partial(layer, call_next=chain)
        return chain

    def _invoke(self, call: ToolCall, context: ToolContext, **extra: Any) -> ToolOutcome:
        if context.db is None:
            context.db = self.db
        if context.settings is None:
            context.settings = self.settings
        inv = Invocation(call=call, context=context, spec=self.registry.get(call.name), received_at=context.clock.now())
        for key, value in extra.items():
            setattr(inv, key, value)
        if not tracing.enabled():
            return self._chain(inv)
        return self._traced(inv)

    def _traced(self, inv: Invocation) -> ToolOutcome:
        # GenAI's execute_tool span. Only the registered name (a name the model made up could be any text),
        # the outcome and the error code: never the arguments or the result.
        name = inv.spec.name if inv.spec is not None else "unknown"
        attributes = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.type": "function"}
        with tracing.span(f"execute_tool {name}", attributes) as span:
            outcome = self._chain(inv)
            span.set_attribute("pharmai.tool.outcome", outcome.status)
            if outcome.code is not None:
                span.set_attribute("error.type", safe_label(outcome.code))
                if outcome.status == "failed":
                    tracing.failed(span, safe_label(outcome.code))
            return outcome

    def execute(self, call: ToolCall | dict[str, Any], context: ToolContext) -> ToolOutcome:
        """Run one call; never raises for bad input — every problem is a typed error in the outcome.

        Args:
            call: A :class:`ToolCall`, or ``{"name", "arguments", "tool_call_id"?}``.
            context: The session: principal, conversation, language, channel.

        Returns:
            The outcome; render it with :meth:`render` (profile envelope) or ``invocation_envelope()``.
        """
        if isinstance(call, dict):
            call = ToolCall(name=call.get("name", ""), arguments=call.get("arguments"))
        elif not isinstance(call, ToolCall):
            call = ToolCall(name="?", arguments=None)
        return self._invoke(call, context)

    def _decision(self, confirmation_id: object, context: ToolContext, deny: bool, arguments: Any) -> ToolOutcome:
        row = None
        if isinstance(confirmation_id, str) and 0 < len(confirmation_id) <= _MAX_ID:
            row = self.confirmations.get(confirmation_id)
        if row is None:
            call = ToolCall(name="?", arguments={})
            return self._invoke(call, context, preset_error=ConfirmationDenied({"reason": "not_found"}))
        call = ToolCall(name=row.tool, arguments=row.arguments if arguments is None else arguments)
        return self._invoke(call, context, approval=confirmation_id, deny=deny)

    def approve(self, confirmation_id: str, context: ToolContext, *, arguments: Any = None) -> ToolOutcome:
        """Run the stored call of a pending confirmation, exactly once.

        Args:
            confirmation_id: The id from the ``CONFIRMATION_REQUIRED`` details.
            context: The approving session; it must be the proposing conversation and principal.
            arguments: When given, they must equal the stored arguments (a client echoing them back).

        Returns:
            The tool's outcome, or ``CONFIRMATION_DENIED`` (details.reason: not_found, used, mismatch,
            expired) when the confirmation cannot be used.
        """
        return self._decision(confirmation_id, context, False, arguments)

    def deny(self, confirmation_id: str, context: ToolContext) -> ToolOutcome:
        """Drop a pending confirmation; answers ``CONFIRMATION_DENIED`` (details.reason ``denied``)."""
        return self._decision(confirmation_id, context, True, None)

    def render(self, outcome: ToolOutcome) -> dict[str, Any]:
        """The outcome in this profile's envelope."""
        return self.registry.envelope.render(outcome)

    def call(self, name: str, arguments: Any, context: ToolContext) -> dict[str, Any]:
        """Shortcut: execute and render in the profile's envelope."""
        return self.render(self.execute(ToolCall(name=name, arguments=arguments), context))

    def flush(self) -> None:
        """Wait until every audit row so far is stored."""
        self.audit_sink.flush()

    def close(self) -> None:
        """Flush audit rows and stop worker threads."""
        self.audit_sink.close()
        self._timeout.close()

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
