"""Callback requests (``schedule_callback``): a ticket of type ``callback`` at a time the customer chose.

The time must be at least :data:`MIN_NOTICE` ahead, at most :data:`MAX_DAYS_AHEAD` days ahead, and within
the store's opening hours (Israel time, as the consultation calendar). A pharmacist calls the phone
number on the verified customer's account; the number is never copied into the ticket.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from pharmai.errors import InvalidSlot
from pharmai.pharmacy import calendar
from pharmai.pharmacy._common import check_id
from pharmai.pharmacy.handoff.tickets import TicketView, create_ticket

__all__ = ["MAX_DAYS_AHEAD", "MIN_NOTICE", "check_callback_time", "schedule_callback"]

MIN_NOTICE = timedelta(minutes=15)
MAX_DAYS_AHEAD = 14


def check_callback_time(requested: Any, store_id: str, now: datetime) -> datetime:
    """The requested time as an aware UTC instant, if a pharmacist can call then.

    Raises:
        ValidationFailed: Not an ISO 8601 date-time. InvalidSlot: ``past`` (or too soon), ``too_far``,
        ``closed`` (the store is closed that day) or ``outside_hours``.
    """
    moment = calendar.parse_instant(requested, "requested_time")
    if moment < now + MIN_NOTICE:
        raise InvalidSlot({"reason": "past"})
    if moment > now + timedelta(days=MAX_DAYS_AHEAD):
        raise InvalidSlot({"reason": "too_far", "max_days": MAX_DAYS_AHEAD})
    local = moment.astimezone(calendar.TIMEZONE)
    hours = calendar.hours_for(store_id, local.date())
    if hours is None:
        raise InvalidSlot({"reason": "closed"})
    opens, closes = hours
    if not opens <= local.time().replace(tzinfo=None) < closes:
        raise InvalidSlot(
            {"reason": "outside_hours", "opens": opens.strftime("%H:%M"), "closes": closes.strftime("%H:%M")}
        )
    return moment


def schedule_callback(
    session: Session,
    *,
    user_id: str,
    conversation_id: str | None,
    store_id: str,
    requested_time: Any,
    reason: Any,
    language: str,
    now: datetime,
) -> TicketView:
    """Queue a callback for the verified customer ``user_id`` (inside the caller's write transaction).

    Raises:
        ValidationFailed, InvalidSlot, PatientNotFound.
    """
    store = check_id(store_id, "store_id")
    moment = check_callback_time(requested_time, store, now)
    return create_ticket(
        session,
        kind="callback",
        reason=reason,
        now=now,
        user_id=user_id,
        conversation_id=conversation_id,
        language=language,
        store_id=store,
        callback_at=moment,
    )
