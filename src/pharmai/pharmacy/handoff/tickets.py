"""The tickets' lifecycle (seed 004): ``open`` → ``in_progress`` → ``resolved`` → ``closed``.

Allowed moves: a claim (``open`` → ``in_progress``), a release back to the queue (``in_progress`` →
``open``), resolving (``in_progress`` → ``resolved``), closing (``resolved`` → ``closed``) and reopening
(``resolved`` → ``in_progress``). Anything else is :class:`~pharmai.errors.InvalidTicketOperation`
(``reason: transition``). Every move is a conditional ``UPDATE … WHERE status = <the status read>``: of
two members of staff claiming one ticket at the same moment exactly one wins, the other is told it is
``claimed``. Claiming a ticket with a conversation holds the conversation (the assistant goes silent);
releasing or resolving it hands the conversation back.
"""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.orm import Session

from pharmai.db._models_handoff import TicketNote
from pharmai.db.models import Conversation, Patient, Ticket
from pharmai.errors import InvalidTicketOperation, PatientNotFound, TicketNotFound, ValidationFailed
from pharmai.pharmacy._common import aware, check_choice, check_id, check_language, check_text
from pharmai.pharmacy.handoff import conversations
from pharmai.pharmacy.handoff._numbers import next_case_number, parse_case_number

__all__ = [
    "CATEGORIES",
    "KINDS",
    "MAX_NOTE_LENGTH",
    "MAX_REASON_LENGTH",
    "PRIORITIES",
    "STATUSES",
    "TRANSITIONS",
    "NoteView",
    "TicketView",
    "add_note",
    "claim",
    "create_ticket",
    "get_ticket",
    "list_tickets",
    "notes_of",
    "queue_position",
    "set_priority",
    "transition",
]

STATUSES = ("open", "in_progress", "resolved", "closed")
KINDS = ("handoff", "callback", "support")
PRIORITIES = ("low", "normal", "high", "urgent")
#: What a support ticket is about (``create_support_ticket``'s ``type``).
CATEGORIES = ("prescription", "order", "account_issue", "complaint", "other")
TRANSITIONS: dict[str, frozenset[str]] = {
    "open": frozenset({"in_progress"}),
    "in_progress": frozenset({"open", "resolved"}),
    "resolved": frozenset({"closed", "in_progress"}),
    "closed": frozenset(),
}
MAX_REASON_LENGTH = 2000
MAX_NOTE_LENGTH = 4000
# Seed 004 says "medium" where the canonical tools say "normal".
_PRIORITY_ALIASES = {"medium": "normal"}
_PRIORITY_ORDER = {"urgent": 0, "high": 1, "normal": 2, "low": 3}


def _iso(moment: datetime | None) -> str | None:
    return aware(moment).isoformat() if moment is not None else None


@dataclass(frozen=True)
class TicketView:
    """A ticket as staff see it (``reason`` may hold a customer's words: show it to staff only)."""

    ticket_id: str
    case_number: str
    type: str
    category: str | None
    status: str
    priority: str
    language: str
    customer_id: str | None
    conversation_id: str | None
    store_id: str | None
    claimed_by: str | None
    reason: str
    callback_at: str | None
    created_at: str
    updated_at: str
    claimed_at: str | None
    resolved_at: str | None
    closed_at: str | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the staff API and the staff tools."""
        return asdict(self)


@dataclass(frozen=True)
class NoteView:
    """A note on a ticket."""

    kind: str
    body: str
    staff_id: str
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the staff API."""
        return asdict(self)


def _view(row: Ticket) -> TicketView:
    return TicketView(
        ticket_id=row.ticket_id,
        case_number=row.case_number,
        type=row.kind,
        category=row.category,
        status=row.status,
        priority=row.priority,
        language=row.language,
        customer_id=row.user_id,
        conversation_id=row.conversation_id,
        store_id=row.store_id,
        claimed_by=row.claimed_by,
        reason=row.reason,
        callback_at=_iso(row.callback_at),
        created_at=aware(row.created_at).isoformat(),
        updated_at=aware(row.updated_at).isoformat(),
        claimed_at=_iso(row.claimed_at),
        resolved_at=_iso(row.resolved_at),
        closed_at=_iso(row.closed_at),
    )


def check_priority(value: Any) -> str:
    """A canonical priority (``medium`` is read as ``normal``), else :class:`ValidationFailed`."""
    if isinstance(value, str):
        value = _PRIORITY_ALIASES.get(value, value)
    return check_choice(value, "priority", PRIORITIES, "normal")


def create_ticket(
    session: Session,
    *,
    kind: str,
    reason: Any,
    now: datetime,
    user_id: Any = None,
    conversation_id: Any = None,
    priority: Any = "normal",
    language: Any = "en",
    category: Any = None,
    store_id: Any = None,
    callback_at: datetime | None = None,
) -> TicketView:
    """Add an ``open`` ticket with the next case number (inside the caller's write transaction).

    Raises:
        ValidationFailed: A malformed field. PatientNotFound: ``user_id`` names nobody.
    """
    kind = check_choice(kind, "type", KINDS, "handoff")
    text = check_text(reason, "description", max_length=MAX_REASON_LENGTH)
    level = check_priority(priority)
    language = check_language(language)
    category = None if category is None else check_choice(category, "type", CATEGORIES, "other")
    conversation = None if conversation_id is None else check_id(conversation_id, "conversation_id")
    patient_id = None if user_id is None else check_id(user_id, "customerId")
    if patient_id is not None and session.get(Patient, patient_id) is None:
        raise PatientNotFound()
    store = None if store_id is None else check_id(store_id, "store_id")
    if store is None and conversation is not None:
        store = session.scalar(select(Conversation.store_id).where(Conversation.conversation_id == conversation))
    row = Ticket(
        ticket_id=f"t-{uuid.uuid4().hex[:24]}",
        case_number=next_case_number(session),
        kind=kind,
        category=category,
        user_id=patient_id,
        conversation_id=conversation,
        store_id=store,
        reason=text,
        priority=level,
        status="open",
        language=language,
        callback_at=callback_at,
        created_at=now,
        updated_at=now,
    )
    session.add(row)
    session.flush()
    return _view(row)


def _row(session: Session, ticket: Any) -> Ticket:
    # A ticket is named by its id (t-…) or its case number (PH-000123), as staff read it.
    if not isinstance(ticket, str) or not 0 < len(ticket) <= 40:
        raise TicketNotFound()
    row = session.get(Ticket, ticket)
    if row is None and parse_case_number(ticket) is not None:
        row = session.scalars(select(Ticket).where(Ticket.case_number == ticket.strip().upper())).first()
    if row is None:
        raise TicketNotFound()
    return row


def get_ticket(session: Session, ticket: Any) -> TicketView:
    """A ticket by id or case number, else :class:`TicketNotFound`."""
    return _view(_row(session, ticket))


def queue_position(session: Session, view: TicketView) -> int:
    """1 + the open tickets created before this one."""
    ahead = session.scalar(
        select(func.count())
        .select_from(Ticket)
        .where(Ticket.status == "open", Ticket.created_at < datetime.fromisoformat(view.created_at))
    )
    return int(ahead or 0) + 1


def list_tickets(
    session: Session,
    *,
    status: Any = None,
    kind: Any = None,
    store_id: Any = None,
    claimed_by: str | None = None,
    limit: int = 50,
) -> list[TicketView]:
    """Tickets, most urgent then oldest first (closed and resolved ones newest first).

    Args:
        status: One status, a list of them, or ``None`` for every status.
        kind: ``handoff``, ``callback`` or ``support`` (``None``: all).
        store_id: Only this store's tickets.
        claimed_by: Only tickets claimed by this staff id.
        limit: At most this many (1–500).
    """
    query = select(Ticket)
    if status is not None:
        wanted = [status] if isinstance(status, str) else list(status)
        for value in wanted:
            check_choice(value, "status", STATUSES, "open")
        query = query.where(Ticket.status.in_(wanted))
    if kind is not None:
        query = query.where(Ticket.kind == check_choice(kind, "type", KINDS, "handoff"))
    if store_id is not None:
        query = query.where(Ticket.store_id == check_id(store_id, "store_id"))
    if claimed_by is not None:
        query = query.where(Ticket.claimed_by == claimed_by)
    if not isinstance(limit, int) or not 1 <= limit <= 500:
        raise ValidationFailed([{"field": "limit", "reason": "must be 1 to 500"}])
    # Ordered in SQL, so the limit keeps the most urgent: live tickets first, by priority then age; the
    # others (resolved, closed) newest first.
    live = Ticket.status.in_(("open", "in_progress"))
    rank = case(*((Ticket.priority == name, value) for name, value in _PRIORITY_ORDER.items()), else_=9)
    order = (
        case((live, 0), else_=1),
        case((live, rank), else_=0),
        case((live, Ticket.created_at), else_=None),
        Ticket.created_at.desc(),
        Ticket.case_number,
    )
    rows = session.scalars(query.order_by(*order).limit(limit)).all()
    return [_view(r) for r in rows]


def _move(session: Session, row: Ticket, target: str, values: dict[str, Any]) -> Ticket:
    current = row.status
    if target not in TRANSITIONS.get(current, frozenset()):
        raise InvalidTicketOperation({"reason": "transition", "status": current, "target": target})
    result = session.execute(
        update(Ticket)
        .where(Ticket.ticket_id == row.ticket_id, Ticket.status == current)
        .values(status=target, **values)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        # Someone moved it between our read and our write; tell what it is now.
        session.expire(row)
        latest = _row(session, row.ticket_id)
        if target == "in_progress" and latest.status == "in_progress":
            raise InvalidTicketOperation({"reason": "claimed"})
        raise InvalidTicketOperation({"reason": "transition", "status": latest.status, "target": target})
    session.expire(row)
    return _row(session, row.ticket_id)


def _check_holder(row: Ticket, staff_id: str, override: bool) -> None:
    if row.status == "in_progress" and row.claimed_by != staff_id and not override:
        raise InvalidTicketOperation({"reason": "not_holder"})


def claim(session: Session, ticket: Any, staff_id: str, now: datetime) -> TicketView:
    """Take an open ticket (or reopen a resolved one); its conversation is then held by ``staff_id``.

    Claiming a ticket one already holds leaves the ticket as it is, but holds its conversation again if it
    was handed back meanwhile (the customer is told a pharmacist joined, as on the first claim).

    Raises:
        TicketNotFound: No such ticket. InvalidTicketOperation: ``claimed`` by someone else (the ticket, or
        its conversation through another ticket), or a ``transition`` the lifecycle forbids (a closed ticket).
    """
    row = _row(session, ticket)
    if row.status == "in_progress":
        if row.claimed_by != staff_id:
            raise InvalidTicketOperation({"reason": "claimed"})
        # A hand-back ends the hold but keeps the ticket claimed: taking the chat over again is this claim.
        if row.conversation_id is not None:
            conversations.hold(session, row.conversation_id, row.ticket_id, staff_id, now, row.case_number)
        return _view(row)
    row = _move(session, row, "in_progress", {"claimed_by": staff_id, "claimed_at": now, "updated_at": now})
    if row.conversation_id is not None:
        conversations.hold(session, row.conversation_id, row.ticket_id, staff_id, now, row.case_number)
    return _view(row)


def transition(
    session: Session,
    ticket: Any,
    target: Any,
    staff_id: str,
    now: datetime,
    *,
    note: Any = None,
    override: bool = False,
) -> TicketView:
    """Move a ticket along its lifecycle, optionally with a note.

    Args:
        ticket: Its id or case number.
        target: The new status.
        staff_id: Who moves it (the claimant for a claimed ticket, unless ``override``).
        note: Text kept with the ticket (a resolution note when resolving).
        override: Let someone other than the claimant release or resolve it (admins).

    Raises:
        TicketNotFound, InvalidTicketOperation, ValidationFailed.
    """
    if not isinstance(target, str) or target not in STATUSES:
        raise ValidationFailed([{"field": "status", "reason": "must be one of " + ", ".join(STATUSES)}])
    text = None if note is None else check_text(note, "note", max_length=MAX_NOTE_LENGTH)
    row = _row(session, ticket)
    if target == "in_progress":
        view = claim(session, ticket, staff_id, now)
    else:
        _check_holder(row, staff_id, override)
        values: dict[str, Any] = {"updated_at": now}
        if target == "open":
            values |= {"claimed_by": None, "claimed_at": None}
        elif target == "resolved":
            values["resolved_at"] = now
        elif target == "closed":
            values["closed_at"] = now
        row = _move(session, row, target, values)
        if target in ("open", "resolved") and row.conversation_id is not None:
            conversations.release(session, row.conversation_id, row.ticket_id, now, row.case_number)
        view = _view(row)
    if text is not None:
        kind = "resolution" if target == "resolved" else "note"
        session.add(TicketNote(ticket_id=view.ticket_id, staff_id=staff_id, kind=kind, body=text, created_at=now))
    return view


def set_priority(session: Session, ticket: Any, priority: Any, now: datetime) -> TicketView:
    """Change a ticket's priority (any status but ``closed``)."""
    level = check_priority(priority)
    row = _row(session, ticket)
    if row.status == "closed":
        raise InvalidTicketOperation({"reason": "transition", "status": "closed", "target": "closed"})
    row.priority = level
    row.updated_at = now
    session.flush()
    return _view(row)


def add_note(session: Session, ticket: Any, staff_id: str, note: Any, now: datetime) -> TicketView:
    """Keep a note with a ticket."""
    text = check_text(note, "note", max_length=MAX_NOTE_LENGTH)
    row = _row(session, ticket)
    session.add(TicketNote(ticket_id=row.ticket_id, staff_id=staff_id, kind="note", body=text, created_at=now))
    row.updated_at = now
    session.flush()
    return _view(row)


def notes_of(session: Session, ticket: Any) -> list[NoteView]:
    """A ticket's notes, oldest first."""
    row = _row(session, ticket)
    notes = session.scalars(
        select(TicketNote).where(TicketNote.ticket_id == row.ticket_id).order_by(TicketNote.id)
    ).all()
    return [NoteView(n.kind, n.body, n.staff_id, aware(n.created_at).isoformat()) for n in notes]
