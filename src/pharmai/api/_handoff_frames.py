"""The JSON and SSE frames of handoff streams: a conversation's rows as staff and as the customer see them.

Staff see every row (the customer's messages, the assistant's replies with their tool trace, their own
and colleagues' replies, joins and leaves). The customer sees only what a person did: a pharmacist
joining (``pharmacist_joined``), their messages (``pharmacist_message``) and leaving (``pharmacist_left``);
never a staff id.
"""

from __future__ import annotations

import json
from typing import Any

from pharmai.pharmacy.handoff import TicketView
from pharmai.pharmacy.handoff.conversations import JOINED, LEFT, StoredMessage

__all__ = ["customer_frame", "sse", "staff_message", "ticket_json"]


def sse(event: str, data: dict[str, Any], event_id: int | None = None) -> str:
    """One Server-Sent Events frame (UTF-8 JSON, Hebrew unescaped), with an id when given."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


def ticket_json(view: TicketView, staff_id: str | None = None) -> dict[str, Any]:
    """A ticket for the staff API; ``mine`` tells the caller whether they hold it."""
    return {**view.to_dict(), "mine": staff_id is not None and view.claimed_by == staff_id}


def staff_message(row: StoredMessage, staff_id: str | None = None) -> dict[str, Any]:
    """A conversation row for staff (the transcript and the conversation's live stream)."""
    item: dict[str, Any] = {
        "seq": row.seq,
        "role": row.role,
        "text": row.content,
        "language": row.language,
        "at": row.created_at.isoformat(),
    }
    if row.role == "user":
        item["held"] = bool(row.payload.get("held"))
    elif row.role == "assistant":
        item["tool_calls"] = list(row.payload.get("tool_calls") or [])
        item["violations"] = list(row.payload.get("violations") or [])
    elif row.role == "staff":
        item["mine"] = staff_id is not None and row.payload.get("staff_id") == staff_id
    elif row.role == "event":
        item["event"] = row.content
        item["case_number"] = row.payload.get("case_number")
    return item


def customer_frame(row: StoredMessage) -> str | None:
    """The customer's SSE frame of a row, or ``None`` for rows the customer already has (their own turns)."""
    at = row.created_at.isoformat()
    if row.role == "event" and row.content in (JOINED, LEFT):
        return sse(row.content, {"seq": row.seq, "at": at, "case_number": row.payload.get("case_number")}, row.seq)
    if row.role == "staff":
        data = {"seq": row.seq, "text": row.content, "language": row.language, "at": at}
        return sse("pharmacist_message", data, row.seq)
    return None
