"""iCalendar (RFC 5545) for consultations, through the ``icalendar`` library: export and parse.

An export is one ``VCALENDAR`` with a ``VEVENT`` per consultation: its ``UID`` (``ev_…@pharmai``, or the
UID of an event pulled from CalDAV), ``DTSTART`` / ``DTEND`` in the pharmacy's time zone with the
``VTIMEZONE`` it needs, ``SUMMARY`` (title), ``DESCRIPTION`` (notes), ``LOCATION`` (the store's name) and
``X-PHARMAI-STORE-ID``. Parsing reads any calendar a CalDAV server or a calendar application hands back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import icalendar

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.calendar._booking import Event
from pharmai.pharmacy.calendar._hours import TIMEZONE

__all__ = ["PRODID", "STORE_PROPERTY", "ParsedEvent", "parse_ical", "to_ical"]

PRODID = "-//pharmai//Consultation calendar//EN"
#: The custom property naming the store (any application keeps X- properties it does not know).
STORE_PROPERTY = "X-PHARMAI-STORE-ID"


@dataclass(frozen=True)
class ParsedEvent:
    """One ``VEVENT`` read from iCalendar text (times aware, UTC; ``end`` ``None`` when it had none)."""

    uid: str
    start: datetime
    end: datetime | None
    all_day: bool
    summary: str
    description: str | None
    location: str | None
    store_id: str | None


def _vevent(event: Event, language: str) -> icalendar.Event:
    item = icalendar.Event()
    item.add("uid", event.uid)
    item.add("dtstamp", event.created_at.astimezone(UTC))
    item.add("created", event.created_at.astimezone(UTC))
    item.add("dtstart", event.local_start())
    item.add("dtend", event.local_end())
    item.add("summary", event.title)
    if event.description:
        item.add("description", event.description)
    item.add("location", event.store_name_he if language == "he" else event.store_name_en)
    item.add("categories", [event.calendar_name])
    item.add(STORE_PROPERTY, event.store_id)
    return item


def to_ical(events: Iterable[Event], *, name: str = "pharmai consultations", language: str = "en") -> bytes:
    """The events as one RFC 5545 calendar (UTF-8 bytes, CRLF lines folded at 75 octets).

    Args:
        events: The consultations to export.
        name: The calendar's display name (``X-WR-CALNAME``).
        language: Language of the store names in ``LOCATION``.
    """
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", str(TIMEZONE))
    for event in events:
        calendar.add_component(_vevent(event, language))
    calendar.add_missing_timezones()
    return calendar.to_ical()


def _instant(value: object) -> tuple[datetime, bool]:
    # A DATE is an all-day value; a floating DATE-TIME (no zone) is the pharmacy's local time.
    if isinstance(value, datetime):
        moment = value if value.tzinfo is not None else value.replace(tzinfo=TIMEZONE)
        return moment.astimezone(UTC), False
    if isinstance(value, date):
        return datetime.combine(value, datetime.min.time(), tzinfo=TIMEZONE).astimezone(UTC), True
    raise ValueError("not a date or date-time")


def _text(component: icalendar.cal.Component, name: str) -> str | None:
    value = component.get(name)
    return None if value is None else str(value)


def parse_ical(data: bytes | str) -> list[ParsedEvent]:
    """Every ``VEVENT`` of an iCalendar text that has a UID and a start.

    Raises:
        ValidationFailed: The text is not iCalendar (``field``: ``ical``).
    """
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except (ValueError, IndexError, KeyError):
        raise ValidationFailed([{"field": "ical", "reason": "not iCalendar text"}]) from None
    events: list[ParsedEvent] = []
    for component in calendar.walk("VEVENT"):
        uid = _text(component, "uid")
        if not uid or component.get("dtstart") is None:
            continue
        try:
            start, all_day = _instant(component.decoded("dtstart"))
            end: datetime | None = None
            if component.get("dtend") is not None:
                end, _ = _instant(component.decoded("dtend"))
            elif component.get("duration") is not None:
                duration = component.decoded("duration")
                end = start + duration if isinstance(duration, timedelta) else None
        except (ValueError, TypeError):
            continue
        events.append(
            ParsedEvent(
                uid=uid,
                start=start,
                end=end,
                all_day=all_day,
                summary=_text(component, "summary") or "",
                description=_text(component, "description"),
                location=_text(component, "location"),
                store_id=_text(component, STORE_PROPERTY),
            )
        )
    return events
