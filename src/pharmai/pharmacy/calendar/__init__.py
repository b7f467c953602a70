"""The pharmacists' consultation calendar: booking rules, reading, iCalendar and CalDAV sync.

Consultations are booked per store in fixed slots (:data:`SLOT_MINUTES` minutes) inside the store's
opening hours (:data:`OPENING_HOURS`, data in :mod:`._hours`), in the pharmacy's time zone
(:data:`TIMEZONE`, ``Asia/Jerusalem``) and stored in UTC. The database refuses a second booking of one
slot (UNIQUE ``(store_id, starts_at)``), which :func:`book` reports as :class:`~pharmai.errors.SlotTaken`.
:mod:`.ical` exports and parses RFC 5545; :mod:`.caldav_sync` syncs with a CalDAV calendar.
"""

from __future__ import annotations

from pharmai.pharmacy.calendar._booking import (
    CALENDAR_MAX,
    DESCRIPTION_MAX,
    MAX_RANGE_DAYS,
    TITLE_MAX,
    Event,
    book,
    check_slot,
    ensure_free,
    free_slots,
    list_events,
    load_event,
    parse_day,
    parse_instant,
    resolve_store,
)
from pharmai.pharmacy.calendar._hours import (
    DEFAULT_HOURS,
    MAX_DAYS_AHEAD,
    OPENING_HOURS,
    SLOT_MINUTES,
    TIMEZONE,
    hours_for,
    slot_starts,
)

__all__ = [
    "CALENDAR_MAX",
    "DEFAULT_HOURS",
    "DESCRIPTION_MAX",
    "MAX_DAYS_AHEAD",
    "MAX_RANGE_DAYS",
    "OPENING_HOURS",
    "SLOT_MINUTES",
    "TIMEZONE",
    "TITLE_MAX",
    "Event",
    "book",
    "check_slot",
    "ensure_free",
    "free_slots",
    "hours_for",
    "list_events",
    "load_event",
    "parse_day",
    "parse_instant",
    "resolve_store",
    "slot_starts",
]
