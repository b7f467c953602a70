"""Rows a task adds to its fresh world before the run: tickets in the queue, the pharmacy's documents, bookings.

The demo world holds no tickets, documents or consultations; staff tasks need some to ask about. Each seed goes
through the domain's own functions (case numbers, document parsing and indexing, slot rules), so a seeded row is
exactly what the product would have written.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import update

from pharmai.db.engine import Database
from pharmai.db.models import Ticket
from pharmai.evals.task import SeedBooking, SeedDocument, SeedTicket, SetupStep
from pharmai.pharmacy import calendar
from pharmai.pharmacy.documents import parse_document, save_document
from pharmai.pharmacy.handoff.tickets import create_ticket

__all__ = ["apply_seeds"]

# A member of staff the seeded in-progress tickets are claimed by (never a real account).
_SEED_STAFF = "staff-seed"


def apply_seeds(db: Database, steps: list[SetupStep], today: date) -> None:
    """Add the task's tickets, documents and bookings (in their order) to ``db``.

    Seeds are dated on the morning of ``today`` a minute apart, so tickets keep their order in the queue.

    Raises:
        PharmaiError: A seed the domain refuses (an unknown store or customer, a slot outside the hours).
    """
    seeds = [step for step in steps if isinstance(step, SeedTicket | SeedDocument | SeedBooking)]
    if not seeds:
        return
    start = datetime.combine(today, time(6, 0), UTC)
    with db.session(write=True) as session:
        for index, step in enumerate(seeds):
            now = start + timedelta(minutes=index)
            if isinstance(step, SeedTicket):
                seed = step.ticket
                view = create_ticket(
                    session,
                    kind=seed.type,
                    reason=seed.reason,
                    now=now,
                    user_id=seed.customer,
                    priority=seed.priority,
                    language=seed.language,
                    store_id=seed.store,
                )
                if seed.status != "open":  # every later status was claimed by someone on the way
                    session.execute(
                        update(Ticket)
                        .where(Ticket.ticket_id == view.ticket_id)
                        .values(status=seed.status, claimed_by=_SEED_STAFF)
                    )
            elif isinstance(step, SeedDocument):
                data = step.document.text.encode("utf-8")
                name = step.document.path.rsplit("/", 1)[-1]
                save_document(
                    session,
                    parse_document(name, data),
                    path=step.document.path,
                    url=None,
                    content_hash=hashlib.sha256(data).hexdigest(),
                    size=len(data),
                    modified_at=None,
                    now=now,
                )
            else:
                booking = step.booking
                local = datetime.fromisoformat(booking.start).replace(tzinfo=calendar.TIMEZONE)
                calendar.book(
                    session,
                    store=calendar.resolve_store(session, booking.store),
                    start=local,
                    end=None,
                    title=booking.title,
                    description=None,
                    calendar_name=None,
                    now=datetime.combine(today, time(0, 0), calendar.TIMEZONE),
                )
