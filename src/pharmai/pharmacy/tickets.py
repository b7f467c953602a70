"""Handoffs to a human pharmacist: support tickets with a place in the queue."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from pharmai.clock import Clock
from pharmai.db.models import Patient, Ticket
from pharmai.errors import PatientNotFound
from pharmai.pharmacy._common import aware, check_choice, check_id, check_language, check_text

__all__ = ["MAX_REASON_LENGTH", "PRIORITIES", "TicketResult", "open_ticket"]

PRIORITIES = ("low", "normal", "high", "urgent")
MAX_REASON_LENGTH = 2000
_MESSAGE = {
    "en": "A pharmacist will contact you. Your request is number {position} in the queue.",
    "he": "רוקח/ת יחזרו אליך. הבקשה שלך היא מספר {position} בתור.",
}


@dataclass(frozen=True)
class TicketResult:
    """An open ticket; ``message`` tells the person what happens next, in their language."""

    ticket_id: str
    status: str
    priority: str
    queue_position: int
    created_at: datetime
    message: str


def open_ticket(
    session: Session,
    *,
    user_id: Any,
    conversation_id: Any,
    reason: Any,
    priority: Any = "normal",
    language: str = "en",
    clock: Clock,
) -> TicketResult:
    """Open a ticket for a pharmacist (``transfer_to_pharmacist``).

    Args:
        session: An open session in a write transaction; the caller commits.
        user_id: The verified patient, or ``None`` for an anonymous conversation.
        conversation_id: The conversation handed over, or ``None``.
        reason: Why a human is needed, 1–2,000 characters (stored, never logged).
        priority: ``low``, ``normal``, ``high`` or ``urgent``.
        language: ``"en"`` or ``"he"``: the language the pharmacist should answer in.
        clock: Gives the creation time.

    Returns:
        The ticket, whose ``queue_position`` is the number of open tickets created before it plus one.

    Raises:
        ValidationFailed: Bad reason, priority, language or ids. PatientNotFound: unknown ``user_id``.
    """
    language = check_language(language)
    text = check_text(reason, "reason", max_length=MAX_REASON_LENGTH)
    level = check_choice(priority, "priority", PRIORITIES, "normal")
    conversation = None if conversation_id is None else check_id(conversation_id, "conversation_id")
    patient_id = None
    if user_id is not None:
        patient_id = check_id(user_id, "user_id")
        if session.get(Patient, patient_id) is None:
            raise PatientNotFound()
    now = clock.now()
    ahead = session.scalar(
        select(func.count()).select_from(Ticket).where(Ticket.status == "open", Ticket.created_at <= now)
    )
    ticket = Ticket(
        ticket_id=f"t-{uuid.uuid4().hex[:24]}",
        user_id=patient_id,
        conversation_id=conversation,
        reason=text,
        priority=level,
        status="open",
        language=language,
        created_at=now,
    )
    session.add(ticket)
    session.flush()
    position = int(ahead or 0) + 1
    return TicketResult(
        ticket_id=ticket.ticket_id,
        status="open",
        priority=level,
        queue_position=position,
        created_at=aware(ticket.created_at),
        message=_MESSAGE[language].format(position=position),
    )
