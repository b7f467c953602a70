"""The events of a turn, as the loop streams them (the SSE names of ``docs/interfaces.md``).

A turn yields, in order: zero or more ``tool.call`` / ``tool.result`` pairs (with a
``confirmation.required`` after the result of a proposed WRITE call) interleaved with ``message.delta``
events, then exactly one final event: ``message.done`` (the guarded, authoritative reply) or ``error``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "EVENT_TYPES",
    "Event",
    "EventType",
    "confirmation_required",
    "error",
    "message_delta",
    "message_done",
    "tool_call",
    "tool_result",
]

EventType = Literal["message.delta", "tool.call", "tool.result", "confirmation.required", "message.done", "error"]

#: Every event type, in the order a client typically meets them.
EVENT_TYPES: tuple[str, ...] = (
    "message.delta",
    "tool.call",
    "tool.result",
    "confirmation.required",
    "message.done",
    "error",
)


@dataclass(frozen=True)
class Event:
    """One streamed event.

    Attributes:
        type: The SSE event name (``message.delta``, ``tool.call``…).
        data: The JSON payload of the event.
    """

    type: EventType
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def final(self) -> bool:
        """True for the events that end a turn (``message.done`` and ``error``)."""
        return self.type in ("message.done", "error")

    def to_dict(self) -> dict[str, Any]:
        """``{"event": type, "data": {...}}``, for JSON logs and tests."""
        return {"event": self.type, "data": self.data}

    def to_sse(self) -> str:
        """The event as one Server-Sent Events frame (UTF-8 JSON, Hebrew unescaped)."""
        payload = json.dumps(self.data, ensure_ascii=False, default=str)
        return f"event: {self.type}\ndata: {payload}\n\n"


def message_delta(text: str) -> Event:
    """A piece of the reply as the engine writes it."""
    return Event("message.delta", {"text": text})


def tool_call(call_id: str, name: str, arguments: Any) -> Event:
    """The engine asked for a tool call (before it runs)."""
    return Event("tool.call", {"id": call_id, "name": name, "arguments": arguments})


def tool_result(call_id: str, name: str, result: dict[str, Any], duration_ms: float) -> Event:
    """A tool call finished; ``result`` is the profile's envelope."""
    return Event("tool.result", {"id": call_id, "name": name, "result": result, "duration_ms": round(duration_ms, 3)})


def confirmation_required(confirmation_id: str, tool: str, summary: str, expires_at: str) -> Event:
    """A WRITE call waits for the person's approval."""
    return Event(
        "confirmation.required", {"id": confirmation_id, "tool": tool, "summary": summary, "expires_at": expires_at}
    )


def message_done(reply: str, language: str) -> Event:
    """The final, guarded reply of the turn (authoritative: it is what is persisted)."""
    return Event("message.done", {"reply": reply, "language": language})


def error(code: str, message: str) -> Event:
    """The turn failed; ``message`` is safe to show (no internals)."""
    return Event("error", {"code": code, "message": message})
