"""The result of one tool call, and the envelopes it is rendered into."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from pharmai.errors import PharmaiError

__all__ = ["CanonicalEnvelope", "Envelope", "ToolOutcome", "outcome_class"]

#: Error codes that mean "the runtime refused", as opposed to "the tool ran and failed".
_REFUSED = frozenset(
    {
        "VALIDATION_ERROR",
        "TOOL_NOT_FOUND",
        "IDENTITY_REQUIRED",
        "FORBIDDEN",
        "RATE_LIMITED",
        "CONFIRMATION_REQUIRED",
        "CONFIRMATION_DENIED",
    }
)


def outcome_class(error: PharmaiError | None) -> str:
    """``ok``, ``refused`` or ``failed`` — the audit and metrics label of an outcome."""
    if error is None:
        return "ok"
    return "refused" if error.code in _REFUSED else "failed"


@dataclass
class ToolOutcome:
    """What happened to one call.

    Attributes:
        tool_call_id: The call's id.
        tool_name: The tool called (as sent, for unknown tools).
        version: The tool's version (``""`` for unknown tools).
        conversation_id: The conversation of the call.
        language: The language of human text in the rendering.
        payload: The success payload (JSON-ready) or ``None``.
        error: The typed error or ``None``.
        duration_ms: Wall time inside the executor.
        timestamp: When the call was received.
        bind_principal: The principal an AUTH tool bound to the session, if any.
    """

    tool_call_id: str
    tool_name: str
    version: str = ""
    conversation_id: str | None = None
    language: str = "en"
    payload: dict[str, Any] | None = None
    error: PharmaiError | None = None
    duration_ms: float = 0.0
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))
    bind_principal: Any = None

    @property
    def ok(self) -> bool:
        """True when the tool ran and succeeded."""
        return self.error is None

    @property
    def code(self) -> str | None:
        """The error code, or ``None`` on success."""
        return None if self.error is None else self.error.code

    @property
    def status(self) -> str:
        """``ok``, ``refused`` or ``failed``."""
        return outcome_class(self.error)

    @property
    def confirmation(self) -> dict[str, Any] | None:
        """``{confirmation_id, summary, expires_at}`` when the call awaits confirmation."""
        if self.error is not None and self.error.code == "CONFIRMATION_REQUIRED":
            return dict(self.error.details or {})
        return None

    def envelope(self) -> dict[str, Any]:
        """The canonical envelope ``{"ok", "error", ...payload}``."""
        return CanonicalEnvelope().render(self)

    def invocation_envelope(self) -> dict[str, Any]:
        """Seed 004's record of a direct invocation (HTTP tester, CLI, audit export)."""
        return {
            "tool_call_id": self.tool_call_id,
            "tool_name": self.tool_name,
            "conversation_id": self.conversation_id,
            "ok": self.ok,
            "result": self.payload,
            "error": None if self.error is None else self.error.to_error(self.language),
            "execution_time_ms": round(self.duration_ms, 3),
            "timestamp": self.timestamp.isoformat(),
        }


class Envelope(Protocol):
    """Renders an outcome into the JSON a profile's contract promises (canonical, seed 001, …)."""

    def render(self, outcome: ToolOutcome) -> dict[str, Any]:
        """The JSON object the model or client receives for ``outcome``."""
        ...


class CanonicalEnvelope:
    """``{"ok": true, "error": null, ...payload}`` / ``{"ok": false, "error": {code, message, details}}``."""

    def render(self, outcome: ToolOutcome) -> dict[str, Any]:
        """Render ``outcome`` in the canonical envelope, messages in the outcome's language."""
        if outcome.error is not None:
            return {"ok": False, "error": outcome.error.to_error(outcome.language)}
        return {"ok": True, "error": None, **(outcome.payload or {})}
