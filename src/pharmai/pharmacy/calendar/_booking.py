"""Booking and reading consultations: slot rules, typed errors, and no double booking.

Every rule lives here once: a consultation starts on the store's slot grid (:mod:`._hours`), inside its
opening hours, not in the past and at most :data:`MAX_DAYS_AHEAD` days ahead, and lasts exactly one slot.
Two bookings of one slot are stopped by the database itself (UNIQUE ``(store_id, starts_at)``): the loser's
insert fails, and that :class:`~sqlalchemy.exc.IntegrityError` becomes :class:`~pharmai.errors.SlotTaken`.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pharmai.db._models_calendar import Consultation
from pharmai.db.models import Store
from pharmai.errors import InvalidSlot, SlotTaken, StoreNotFound, ValidationFailed
from pharmai.pharmacy._common import aware, check_text, get_store
from pharmai.pharmacy._rows import StoreRow
from pharmai.pharmacy.calendar._hours import MAX_DAYS_AHEAD, SLOT_MINUTES, TIMEZONE, hours_for, slot_starts

__all__ = [
    "CALENDAR_MAX",
    "DESCRIPTION_MAX",
    "MAX_RANGE_DAYS",
    "TITLE_MAX",
    "Event",
    "book",
    "check_slot",
    "ensure_free",
    "free_slots",
    "list_events",
    "load_event",
    "parse_day",
    "parse_instant",
    "resolve_store",
]

TITLE_MAX = 200
DESCRIPTION_MAX = 2000
CALENDAR_MAX = 64
#: Longest span one read may cover, in days.
MAX_RANGE_DAYS = 92
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# Control characters other than tab and newline have no place in a title, and break iCalendar lines.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class Event:
    """A booked consultation as the tools and the exporters see it (times timezone-aware, UTC)."""

    event_id: str
    uid: str
    store_id: str
    store_name_en: str
    store_name_he: str
    starts_at: datetime
    ends_at: datetime
    title: str
    description: str | None
    calendar_name: str
    source: str
    created_at: datetime

    def local_start(self) -> datetime:
        """The start in the pharmacy's time zone."""
        return self.starts_at.astimezone(TIMEZONE)

    def local_end(self) -> datetime:
        """The end in the pharmacy's time zone."""
        return self.ends_at.astimezone(TIMEZONE)


def _invalid(field: str, reason: str) -> ValidationFailed:
    return ValidationFailed([{"field": field, "reason": reason}])


def parse_instant(value: Any, field: str) -> datetime:
    """An ISO 8601 date-time as an aware UTC instant; without an offset it is the pharmacy's local time.

    Raises:
        ValidationFailed: Not text, too long, or not an ISO 8601 date-time.
    """
    if not isinstance(value, str) or not 10 <= len(value.strip()) <= 40:
        raise _invalid(field, "must be an ISO 8601 date-time such as 2026-03-03T10:00")
    text = value.strip()
    try:
        moment = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith(("Z", "z")) else text)
    except ValueError:
        raise _invalid(field, "must be an ISO 8601 date-time such as 2026-03-03T10:00") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=TIMEZONE)
    try:
        return moment.astimezone(UTC)
    except OverflowError:  # year 1 or 9999 shifted past the calendar's ends
        raise _invalid(field, "must be an ISO 8601 date-time such as 2026-03-03T10:00") from None


def parse_day(value: Any, field: str) -> date:
    """A ``YYYY-MM-DD`` day, else :class:`ValidationFailed`."""
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        raise _invalid(field, "must be a date such as 2026-03-03")
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise _invalid(field, "must be a date such as 2026-03-03") from None
    if not 1970 <= day.year <= 2999:  # also keeps the day's UTC bounds inside the calendar's range
        raise _invalid(field, "must be a date between 1970 and 2999")
    return day


def _clean(value: Any, field: str, max_length: int, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    text = check_text(value, field, max_length=max_length, min_length=0 if optional else 1)
    if _CONTROL.search(text):
        raise _invalid(field, "must not contain control characters")
    return text or None


def resolve_store(session: Session, store_id: Any, location: Any = None) -> StoreRow:
    """The store a booking is for: ``store_id``; else the store ``location`` names; else the default store.

    ``location`` (seed 003's argument) matches a store's id, or its English or Hebrew name or a part of it.

    Raises:
        StoreNotFound: No such store, or ``location`` names none (or several).
    """
    if store_id is not None or location is None:
        return get_store(session, store_id)
    text = _clean(location, "location", TITLE_MAX)
    assert text is not None
    needle = text.casefold()
    rows = session.execute(select(Store.store_id, Store.name_en, Store.name_he)).all()
    hits = [r[0] for r in rows if needle in (r[0].casefold(), r[1].casefold(), r[2].casefold())]
    if not hits:
        hits = [r[0] for r in rows if needle in r[1].casefold() or needle in r[2].casefold()]
    if len(hits) != 1:
        raise StoreNotFound({"store_id": ""})
    return get_store(session, hits[0])


def _example(store_id: str, day: date) -> str:
    starts = slot_starts(store_id, day)
    return starts[min(2, len(starts) - 1)].strftime("%H:%M") if starts else "10:00"


def check_slot(
    store_id: str, start: datetime, end: datetime | None, now: datetime, *, all_day: bool = False
) -> tuple[datetime, datetime]:
    """The slot ``(start, end)`` in UTC if it is bookable at the store, else :class:`InvalidSlot`.

    Args:
        store_id: The (existing) store.
        start: The slot's start (aware).
        end: Its end, or ``None`` for one slot's length.
        now: The current instant.
        all_day: An all-day event was asked for (never a consultation).
    """
    if all_day:
        raise InvalidSlot({"reason": "all_day"})
    length = timedelta(minutes=SLOT_MINUTES)
    local = start.astimezone(TIMEZONE)
    if end is not None and end - start != length:
        raise InvalidSlot({"reason": "bad_length", "minutes": SLOT_MINUTES})
    if start <= now:
        raise InvalidSlot({"reason": "past"})
    if local.date() > now.astimezone(TIMEZONE).date() + timedelta(days=MAX_DAYS_AHEAD):
        raise InvalidSlot({"reason": "too_far", "max_days": MAX_DAYS_AHEAD})
    hours = hours_for(store_id, local.date())
    if hours is None:
        raise InvalidSlot({"reason": "closed"})
    opens, closes = hours
    finish = local + length
    if local.time() < opens or finish.date() != local.date() or finish.time() > closes:
        raise InvalidSlot(
            {"reason": "outside_hours", "opens": opens.strftime("%H:%M"), "closes": closes.strftime("%H:%M")}
        )
    if local not in slot_starts(store_id, local.date()):
        example = _example(store_id, local.date())
        raise InvalidSlot({"reason": "not_aligned", "minutes": SLOT_MINUTES, "example": example})
    return start.astimezone(UTC), (start + length).astimezone(UTC)


def _event(row: Consultation, store: StoreRow | Store) -> Event:
    return Event(
        event_id=row.event_id,
        uid=row.uid,
        store_id=row.store_id,
        store_name_en=store.name_en,
        store_name_he=store.name_he,
        starts_at=aware(row.starts_at),
        ends_at=aware(row.ends_at),
        title=row.title,
        description=row.description,
        calendar_name=row.calendar_name,
        source=row.source,
        created_at=aware(row.created_at),
    )


def load_event(session: Session, event_id: str) -> Event | None:
    """The consultation ``event_id``, or ``None``."""
    row = session.get(Consultation, event_id)
    if row is None:
        return None
    return _event(row, get_store(session, row.store_id))


def _at(session: Session, store_id: str, start: datetime) -> Consultation | None:
    return session.scalars(
        select(Consultation).where(Consultation.store_id == store_id, Consultation.starts_at == start)
    ).first()


def ensure_free(session: Session, store_id: str, start: datetime, now: datetime | None = None) -> None:
    """Raise :class:`SlotTaken` when the store's slot starting at ``start`` is booked already.

    With ``now``, the error's ``details.alternatives`` lists up to three free slots of the same day after
    it (local ISO 8601), so the person can be offered another time at once.
    """
    if _at(session, store_id, start.astimezone(UTC)) is None:
        return
    details: dict[str, Any] = {"store_id": store_id}
    if now is not None:
        later = [s for s in free_slots(session, store_id, start.astimezone(TIMEZONE).date(), now) if s > start]
        details["alternatives"] = [s.isoformat() for s in later[:3]]
    raise SlotTaken(details)


def book(
    session: Session,
    *,
    store: StoreRow,
    start: datetime,
    end: datetime | None,
    title: Any,
    description: Any,
    calendar_name: Any,
    now: datetime,
    all_day: bool = False,
    created_by_ref: str | None = None,
    source: str = "pharmai",
    uid: str | None = None,
) -> Event:
    """Book one consultation slot at ``store`` in the caller's transaction (flushed, not committed).

    Raises:
        InvalidSlot: The time is not a bookable slot.
        SlotTaken: The slot is booked already, or a concurrent booking committed it first.
        ValidationFailed: Empty, oversized or control-character text.
    """
    title_text = _clean(title, "title", TITLE_MAX)
    notes = _clean(description, "description", DESCRIPTION_MAX, optional=True)
    calendar = _clean(calendar_name if calendar_name is not None else "Default", "calendar_name", CALENDAR_MAX)
    starts, ends = check_slot(store.store_id, start, end, now, all_day=all_day)
    ensure_free(session, store.store_id, starts)
    event_id = "ev_" + secrets.token_hex(12)
    row = Consultation(
        event_id=event_id,
        uid=uid or f"{event_id}@pharmai",
        store_id=store.store_id,
        starts_at=starts,
        ends_at=ends,
        title=title_text,
        description=notes,
        calendar_name=calendar,
        source=source,
        created_by_ref=created_by_ref,
        created_at=now.astimezone(UTC),
    )
    session.add(row)
    try:
        # The unique constraint decides between concurrent bookings: flush now so the loser learns here.
        session.flush()
    except IntegrityError:
        raise SlotTaken({"store_id": store.store_id}) from None
    return _event(row, store)


def list_events(
    session: Session,
    *,
    start_date: date,
    end_date: date,
    store_id: str | None = None,
    calendar_name: str | None = None,
    limit: int = 50,
) -> tuple[list[Event], int]:
    """Consultations starting on ``start_date``..``end_date`` (local days, inclusive), earliest first.

    Returns:
        Up to ``limit`` events and how many there are in all.

    Raises:
        ValidationFailed: ``end_date`` before ``start_date``, or a span over :data:`MAX_RANGE_DAYS` days.
    """
    if end_date < start_date:
        raise _invalid("end_date", "must not be before start_date")
    if (end_date - start_date).days >= MAX_RANGE_DAYS:
        raise _invalid("end_date", f"the range may span at most {MAX_RANGE_DAYS} days")
    lower = datetime.combine(start_date, datetime.min.time(), tzinfo=TIMEZONE).astimezone(UTC)
    upper = datetime.combine(end_date + timedelta(days=1), datetime.min.time(), tzinfo=TIMEZONE).astimezone(UTC)
    where = [Consultation.starts_at >= lower, Consultation.starts_at < upper]
    if store_id is not None:
        where.append(Consultation.store_id == store_id)
    if calendar_name is not None:
        where.append(Consultation.calendar_name == calendar_name)
    total = session.scalar(select(func.count()).select_from(Consultation).where(*where)) or 0
    rows = session.execute(
        select(Consultation, Store)
        .join(Store, Store.store_id == Consultation.store_id)
        .where(*where)
        .order_by(Consultation.starts_at, Consultation.store_id)
        .limit(limit)
    ).all()
    return [_event(row, store) for row, store in rows], int(total)


def free_slots(session: Session, store_id: str, day: date, now: datetime) -> list[datetime]:
    """The store's bookable slot starts on ``day`` that are still free (local time, in the future)."""
    lower = datetime.combine(day, datetime.min.time(), tzinfo=TIMEZONE).astimezone(UTC)
    query = select(Consultation.starts_at).where(
        Consultation.store_id == store_id,
        Consultation.starts_at >= lower,
        Consultation.starts_at < lower + timedelta(days=1),
    )
    taken = {aware(moment) for moment in session.scalars(query)}
    return [s for s in slot_starts(store_id, day) if s > now and s.astimezone(UTC) not in taken]
