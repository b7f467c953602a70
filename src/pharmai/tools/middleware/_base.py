"""What flows through the middleware chain: the invocation, and the middleware protocol."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel

from pharmai.errors import PharmaiError
from pharmai.tools._context import ToolCall, ToolContext, WriteHooks
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._privacy import safe_label
from pharmai.tools._spec import ToolSpec

__all__ = ["Invocation", "Middleware", "Next"]


@dataclass
class Invocation:
    """One call on its way through the chain; middleware read and annotate it.

    Attributes:
        call: The call as received.
        context: The session context (its principal may change after an AUTH tool).
        spec: The tool, or ``None`` when the name is unknown.
        received_at: When the call arrived (context clock).
        args: The validated input model, once validation passed.
        approval: The confirmation id being approved or denied, if any.
        deny: True when the person denied the confirmation.
        preset_error: An error decided before the chain (e.g. unknown confirmation id).
        confirmation_event: ``requested``/``approved``/``denied``/``expired``/``invalid`` for metrics.
        rate_limited_tier: The tier that refused the call, for metrics.
        write_hooks: Work to do inside the handler's first write transaction (confirmation claim,
            audit row), so it commits together with the write.
    """

    call: ToolCall
    context: ToolContext
    spec: ToolSpec | None
    received_at: datetime
    started: float = field(default_factory=time.perf_counter)
    args: BaseModel | None = None
    approval: str | None = None
    deny: bool = False
    preset_error: PharmaiError | None = None
    confirmation_event: str | None = None
    rate_limited_tier: str | None = None
    write_hooks: WriteHooks = field(default_factory=WriteHooks)

    @property
    def tool_label(self) -> str:
        """The tool name fit for audit rows, logs and metric labels."""
        return self.spec.name if self.spec is not None else safe_label(self.call.name)

    @property
    def language(self) -> str:
        """The language of human text: the call's ``language`` argument when it has one, else the session's.

        A tool's own ``language`` argument wins (docs/contracts.md), even for errors raised before or
        without validation, so a Hebrew call gets a Hebrew message in an English session.
        """
        chosen = getattr(self.args, "language", None)
        if chosen is None and isinstance(self.call.arguments, dict):
            chosen = self.call.arguments.get("language")
        if chosen in ("he", "en"):
            return str(chosen)
        return self.context.language if self.context.language in ("he", "en") else "en"

    def _outcome(self, **values: Any) -> ToolOutcome:
        return ToolOutcome(
            tool_call_id=safe_label(self.call.tool_call_id) if self.call.tool_call_id else "?",
            tool_name=self.spec.name if self.spec is not None else str(self.call.name)[:100],
            version=self.spec.version if self.spec is not None else "",
            conversation_id=self.context.conversation_id,
            language=self.language,
            timestamp=self.received_at,
            **values,
        )

    def fail(self, error: PharmaiError) -> ToolOutcome:
        """An outcome carrying ``error``."""
        return self._outcome(error=error)

    def succeed(self, payload: dict[str, Any]) -> ToolOutcome:
        """A successful outcome with ``payload``."""
        return self._outcome(payload=payload)


Next = Callable[[Invocation], ToolOutcome]


class Middleware(Protocol):
    """One cross-cutting concern: look at the invocation, answer it, or pass it on with ``call_next``."""

    name: str

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        """Handle ``inv``."""
        ...
