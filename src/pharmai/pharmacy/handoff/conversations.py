"""Conversations taken over by a person: the hold, staff replies, and what the customer sends meanwhile.

Everything lands in ``messages``, in the conversation's one sequence: a staff reply is a ``staff`` row, a
customer's message while held a ``user`` row marked ``{"held": true}`` (the assistant never answered it),
and a member of staff joining or leaving an ``event`` row (``pharmacist_joined`` / ``pharmacist_left``).
Both the customer's and the pharmacist's live streams read those rows after a sequence number, so a
stream that reconnects misses nothing.

Appending first touches the conversation row (``UPDATE conversations …``): PostgreSQL then holds its row
lock and SQLite its write lock until the commit, so rows appended by several workers at once get
distinct, increasing ``seq`` values, as the conversation loop's own turns do.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from pharmai.db._models_handoff import ConversationHold
from pharmai.db.models import Conversation, Message
from pharmai.errors import InvalidTicketOperation, NotFound, ValidationFailed
from pharmai.pharmacy._common import aware, check_text

__all__ = [
    "JOINED",
    "LEFT",
    "MAX_STAFF_MESSAGE_LENGTH",
    "HoldView",
    "StoredMessage",
    "append",
    "hold",
    "hold_of",
    "messages_after",
    "release",
    "staff_reply",
]

JOINED = "pharmacist_joined"
LEFT = "pharmacist_left"
MAX_STAFF_MESSAGE_LENGTH = 4000


@dataclass(frozen=True)
class HoldView:
    """Who holds a conversation, for which ticket."""

    conversation_id: str
    ticket_id: str
    staff_id: str
    held_at: datetime


@dataclass(frozen=True)
class StoredMessage:
    """One row of a conversation, as the live streams send it."""

    seq: int
    role: str  # user / assistant / staff / event
    content: str
    language: str | None
    payload: dict[str, Any]
    created_at: datetime


def append(
    session: Session,
    conversation_id: str,
    *,
    role: str,
    content: str,
    now: datetime,
    language: str | None = None,
    payload: dict[str, Any] | None = None,
) -> int:
    """Append one row to a conversation; returns its ``seq``.

    Raises:
        NotFound: No such conversation.
    """
    touched = session.execute(
        update(Conversation)
        .where(Conversation.conversation_id == conversation_id)
        .values(updated_at=now)
        .execution_options(synchronize_session=False)
    )
    if touched.rowcount != 1:  # type: ignore[attr-defined]
        raise NotFound()
    last = session.scalar(select(func.max(Message.seq)).where(Message.conversation_id == conversation_id))
    seq = int(last or 0) + 1
    session.add(
        Message(
            conversation_id=conversation_id,
            seq=seq,
            role=role,
            content=content,
            language=language,
            payload=payload,
            created_at=now,
        )
    )
    session.flush()
    return seq


def hold_of(session: Session, conversation_id: str) -> HoldView | None:
    """The conversation's hold, or ``None`` when the assistant answers it."""
    row = session.get(ConversationHold, conversation_id)
    if row is None:
        return None
    return HoldView(row.conversation_id, row.ticket_id, row.staff_id, aware(row.held_at))


def hold(
    session: Session, conversation_id: str, ticket_id: str, staff_id: str, now: datetime, case_number: str
) -> bool:
    """Hold the conversation for ``staff_id`` (who just claimed ``ticket_id``).

    Returns:
        True when the hold is new (a ``pharmacist_joined`` row was appended); False when that member of
        staff already held it.

    Raises:
        InvalidTicketOperation: ``claimed``: someone else holds the conversation (through another ticket).
    """
    current = session.get(ConversationHold, conversation_id)
    if current is not None:
        if current.staff_id != staff_id:
            raise InvalidTicketOperation({"reason": "claimed"})
        current.ticket_id = ticket_id
        return False
    if session.get(Conversation, conversation_id) is None:
        return False  # purged: the ticket outlives its conversation, and there is nobody to join
    session.add(ConversationHold(conversation_id=conversation_id, ticket_id=ticket_id, staff_id=staff_id, held_at=now))
    append(
        session,
        conversation_id,
        role="event",
        content=JOINED,
        now=now,
        payload={"ticket_id": ticket_id, "case_number": case_number},
    )
    return True


def release(session: Session, conversation_id: str, ticket_id: str, now: datetime, case_number: str) -> bool:
    """Hand the conversation back to the assistant, if ``ticket_id`` holds it.

    Returns:
        True when a hold ended (a ``pharmacist_left`` row was appended).
    """
    result = session.execute(
        delete(ConversationHold)
        .where(ConversationHold.conversation_id == conversation_id, ConversationHold.ticket_id == ticket_id)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return False
    append(
        session,
        conversation_id,
        role="event",
        content=LEFT,
        now=now,
        payload={"ticket_id": ticket_id, "case_number": case_number},
    )
    return True


def staff_reply(
    session: Session, conversation_id: str, ticket_id: str, staff_id: str, text: Any, language: str, now: datetime
) -> int:
    """Append a staff member's reply to a conversation they hold; returns its ``seq``.

    Raises:
        ValidationFailed: Empty or too long text. InvalidTicketOperation: ``not_holder``.
    """
    content = check_text(text, "text", max_length=MAX_STAFF_MESSAGE_LENGTH)
    if "\x00" in content:  # no person types a NUL, and PostgreSQL text cannot store one
        raise ValidationFailed([{"field": "text", "reason": "must be text"}])
    current = session.get(ConversationHold, conversation_id)
    if current is None or current.staff_id != staff_id or current.ticket_id != ticket_id:
        raise InvalidTicketOperation({"reason": "not_holder"})
    return append(
        session,
        conversation_id,
        role="staff",
        content=content,
        now=now,
        language=language,
        payload={"ticket_id": ticket_id, "staff_id": staff_id},
    )


def messages_after(session: Session, conversation_id: str, after: int, *, limit: int = 200) -> list[StoredMessage]:
    """The conversation's rows with ``seq`` greater than ``after``, oldest first (at most ``limit``)."""
    rows = session.scalars(
        select(Message)
        .where(Message.conversation_id == conversation_id, Message.seq > after)
        .order_by(Message.seq)
        .limit(limit)
    ).all()
    return [
        StoredMessage(r.seq, r.role, r.content, r.language, dict(r.payload or {}), aware(r.created_at)) for r in rows
    ]
