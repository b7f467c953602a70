"""Handoffs to a human pharmacist (``transfer_to_pharmacist``): a ticket with a place in the queue.

The lifecycle, case numbers and claims live in :mod:`pharmai.pharmacy.handoff`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.clock import Clock
from pharmai.db.models import Ticket
from pharmai.pharmacy._common import check_id, check_language, check_text
from pharmai.pharmacy.handoff import tickets as handoff_tickets

__all__ = ["MAX_REASON_LENGTH", "PRIORITIES", "TicketResult", "open_ticket"]

PRIORITIES = handoff_tickets.PRIORITIES
MAX_REASON_LENGTH = handoff_tickets.MAX_REASON_LENGTH
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
    case_number: str = ""


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
        The ticket, whose ``queue_position`` is the number of open tickets created before it plus one. A
        conversation that already waits in the queue keeps its ticket and its place ("a human. now" after
        "can I talk to a pharmacist?" is the same request, never a second ticket behind the first); a more
        urgent priority raises the waiting ticket's.

    Raises:
        ValidationFailed: Bad reason, priority, language or ids. PatientNotFound: unknown ``user_id``.
    """
    view = _waiting(session, conversation_id, reason, priority, language, clock)
    view = view or handoff_tickets.create_ticket(
        session,
        kind="handoff",
        reason=reason,
        now=clock.now(),
        user_id=user_id,
        conversation_id=conversation_id,
        priority=priority,
        language=language,
    )
    position = handoff_tickets.queue_position(session, view)
    language = view.language
    return TicketResult(
        ticket_id=view.ticket_id,
        status="open",
        priority=view.priority,
        queue_position=position,
        created_at=datetime.fromisoformat(view.created_at),
        case_number=view.case_number,
        message=_MESSAGE[language].format(position=position),
    )


def _waiting(
    session: Session, conversation_id: Any, reason: Any, priority: Any, language: Any, clock: Clock
) -> handoff_tickets.TicketView | None:
    """The conversation's handoff ticket still open in the queue, its priority raised if asked (else ``None``)."""
    if conversation_id is None:
        return None
    check_text(reason, "description", max_length=MAX_REASON_LENGTH)  # a bad request is refused either way
    check_language(language)
    level = handoff_tickets.check_priority(priority)
    conversation = check_id(conversation_id, "conversation_id")
    row = session.scalars(
        select(Ticket)
        .where(Ticket.conversation_id == conversation, Ticket.kind == "handoff", Ticket.status == "open")
        .order_by(Ticket.created_at)
    ).first()
    if row is None:
        return None
    if PRIORITIES.index(level) > PRIORITIES.index(row.priority):  # PRIORITIES runs from least to most urgent
        return handoff_tickets.set_priority(session, row.ticket_id, level, clock.now())
    return handoff_tickets.get_ticket(session, row.ticket_id)
