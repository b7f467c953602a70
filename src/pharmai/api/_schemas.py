"""Request and response bodies of the HTTP API, as they appear in the OpenAPI schema."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CONFIRMATION_CLOSED",
    "ERROR_RESPONSES",
    "ROLE_RESPONSES",
    "SSE_RESPONSE",
    "AuditPage",
    "AuditRow",
    "ConversationCreated",
    "ConversationIn",
    "ErrorBody",
    "ErrorDetail",
    "InvocationEnvelope",
    "InvokeIn",
    "MessageIn",
    "Transcript",
]

#: The longest chat message the API accepts (the conversation loop's own limit).
MAX_MESSAGE_CHARS = 4000
_ID_PATTERN = r"^[A-Za-z0-9_\-]+$"


class ErrorDetail(BaseModel):
    """The canonical envelope's error object."""

    code: str
    message: str
    details: dict[str, Any] | None = None


class ErrorBody(BaseModel):
    """Every error the API answers: ``{"error": {code, message, details}}``."""

    error: ErrorDetail


class ConversationIn(BaseModel):
    """A new conversation. ``user_id`` only in ``demo`` mode (or ``trusted`` with the staff key)."""

    model_config = ConfigDict(extra="forbid")

    identity_mode: Literal["otp", "demo", "identifier", "trusted"] | None = None
    language: Literal["he", "en"] = "he"
    store_id: str | None = Field(default=None, min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_\-]+$")
    user_id: str | None = Field(default=None, min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")


class ConversationCreated(BaseModel):
    """The new conversation and the bearer token its later calls carry."""

    conversation_id: str
    token: str
    identity_mode: str
    language: str
    store_id: str
    user_id: str | None = None
    engine: str


class MessageIn(BaseModel):
    """One user message (1–4,000 characters)."""

    model_config = ConfigDict(extra="forbid")

    content: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS, pattern=r"^[^\x00]+$")


class ToolCallRecord(BaseModel):
    """One tool call of a turn."""

    model_config = ConfigDict(extra="allow")

    name: str
    arguments: Any = None
    result: Any = None


class TurnRecord(BaseModel):
    """One turn of the transcript."""

    model_config = ConfigDict(extra="allow")

    user: str
    reply: str
    language: str | None = None
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    confirmation: dict[str, Any] | None = None


class Transcript(BaseModel):
    """A conversation in the transcript JSON of ``docs/interfaces.md``."""

    model_config = ConfigDict(extra="allow")

    conversation_id: str
    engine: str
    turns: list[TurnRecord]
    pending_confirmation: dict[str, Any] | None = None


class InvokeIn(BaseModel):
    """A direct tool invocation by staff (the tool tester, scripts)."""

    model_config = ConfigDict(extra="forbid")

    arguments: dict[str, Any] = Field(default_factory=dict)
    user_id: str | None = Field(default=None, min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")
    conversation_id: str | None = Field(default=None, min_length=1, max_length=64, pattern=_ID_PATTERN)
    language: Literal["he", "en"] = "en"
    profile: str | None = Field(default=None, min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")
    confirmation_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9_\-]+$",
        description="Approve this pending confirmation (same conversation and user) instead of proposing anew.",
    )

    @property
    def language_set(self) -> bool:
        """True when the caller chose ``language`` explicitly."""
        return "language" in self.model_fields_set


class InvocationEnvelope(BaseModel):
    """Seed 004's record of a direct invocation."""

    tool_call_id: str
    tool_name: str
    conversation_id: str | None = None
    ok: bool
    result: dict[str, Any] | None = None
    error: ErrorDetail | None = None
    execution_time_ms: float
    timestamp: str


class AuditRow(BaseModel):
    """One audit row (never arguments, results, names or free text)."""

    id: int
    ts: str
    tool_call_id: str
    tool: str
    version: str
    outcome: str
    error_code: str | None = None
    duration_ms: float
    conversation_id: str | None = None
    channel: str
    patient_ref: str | None = None
    actor_ref: str | None = None


class AuditPage(BaseModel):
    """A page of audit rows, newest first."""

    rows: list[AuditRow]
    count: int


_ERR = {"model": ErrorBody}
#: Error responses every route may give (documented so the schema covers every answer).
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {**_ERR, "description": "Missing or wrong bearer token"},
    404: {**_ERR, "description": "No such resource (or not yours)"},
    413: {**_ERR, "description": "Request body too large"},
    422: {**_ERR, "description": "Invalid input"},
    429: {**_ERR, "description": "Rate limited (see Retry-After)"},
    503: {**_ERR, "description": "Database unavailable"},
}

#: Staff routes that only some roles may use (FORBIDDEN, with the roles that may).
ROLE_RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES,
    403: {**_ERR, "description": "The caller's role does not allow this action (FORBIDDEN)"},
}

#: Approving or denying a confirmation that is no longer pending (used, denied or expired).
CONFIRMATION_CLOSED: dict[int | str, dict[str, Any]] = {
    409: {**_ERR, "description": "The confirmation was already answered or has expired (CONFIRMATION_DENIED)"},
}

#: The OpenAPI description of a turn streamed as Server-Sent Events.
SSE_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": (
            "The turn as Server-Sent Events: message.delta {text}, tool.call {id, name, arguments}, "
            "tool.result {id, name, result, duration_ms}, confirmation.required {id, tool, summary, "
            "expires_at}, then exactly one message.done {reply, language} or error {code, message}."
        ),
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}
