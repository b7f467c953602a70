"""Staff ``get_calendar_events`` and ``create_calendar_event``: the pharmacists' consultation calendar.

Seed 003's tools 1-2 over :mod:`pharmai.pharmacy.calendar`. Least privilege: every staff role may read the
calendar (technicians at the counter tell customers when a pharmacist is free), only pharmacists and
admins may book (:data:`BOOKING_ROLES`); no customer session can call either (the executor refuses a tool
with roles to a session without a staff actor). Booking is a WRITE with confirmation: the person approves
the proposal (store, day, time, title) before anything is written.

Titles and notes may name a patient: they are stored, exported and shown to staff, but audit rows keep no
arguments, and the booking row keeps only a surrogate of the staff member who booked it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from pharmai.pharmacy import calendar
from pharmai.pharmacy._common import get_store
from pharmai.pharmacy._rows import StoreRow
from pharmai.tools import Registry, RiskLevel, SurrogateRefs, ToolContext, ToolKind
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE
from pharmai.toolsets.staff.calendar_models import (
    CreateCalendarEventInput,
    CreateCalendarEventOutput,
    GetCalendarEventsInput,
    GetCalendarEventsOutput,
)

__all__ = ["BOOKING_ROLES", "READING_ROLES", "create_calendar_event", "get_calendar_events", "register"]

#: Who may book a consultation.
BOOKING_ROLES = ("admin", "pharmacist")
#: Who may read the calendar.
READING_ROLES = EVERY_STAFF_ROLE

_WEEKDAYS = {
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    "he": ("יום ב׳", "יום ג׳", "יום ד׳", "יום ה׳", "יום ו׳", "שבת", "יום א׳"),
}
_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "he": ("ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"),
}
# Hebrew names nouns only ("קביעת ייעוץ", "הייעוץ נקבע"), so nothing needs to agree with the reader's gender.
_SUMMARY = {
    "en": "Book a pharmacist consultation at {store} on {day}, {start}–{end} (Israel time): “{title}”.",
    "he": "קביעת ייעוץ רוקח/ת בסניף {store}, {day}, {start}–{end} (שעון ישראל): „{title}”.",
}
_BOOKED = {
    "en": "Consultation booked at {store} on {day}, {start}–{end} (Israel time).",
    "he": "הייעוץ נקבע בסניף {store}, {day}, {start}–{end} (שעון ישראל).",
}


def _lang(language: str) -> str:
    return "he" if language == "he" else "en"


def _day_text(moment: datetime, language: str) -> str:
    local = moment.astimezone(calendar.TIMEZONE)
    weekday = _WEEKDAYS[language][local.weekday()]
    if language == "he":
        return f"{weekday}, {local.day} ב{_MONTHS['he'][local.month - 1]} {local.year}"
    return f"{weekday} {local.day} {_MONTHS['en'][local.month - 1]} {local.year}"


def _hm(moment: datetime) -> str:
    return moment.astimezone(calendar.TIMEZONE).strftime("%H:%M")


def _store_name(store: StoreRow, language: str) -> str:
    return store.name_he if language == "he" and store.name_he else store.name_en


def get_calendar_events(args: GetCalendarEventsInput, ctx: ToolContext) -> dict[str, Any]:
    """List pharmacist consultations booked between two days, for pharmacy staff.

    `start_date` and `end_date` are days (YYYY-MM-DD, Israel time, inclusive, at most 92 days apart);
    `store_id` limits the list to one store (null: every store). Times come back in ISO 8601 with the
    Israel offset. Titles may name a customer: repeat them only to staff.
    """
    language = _lang(args.language)
    first = calendar.parse_day(args.start_date, "start_date")
    last = calendar.parse_day(args.end_date, "end_date")
    with ctx.transaction() as session:
        store_id = get_store(session, args.store_id).store_id if args.store_id is not None else None
        events, total = calendar.list_events(
            session,
            start_date=first,
            end_date=last,
            store_id=store_id,
            calendar_name=args.calendar_name,
            limit=args.max_results,
        )
    return {
        "events": [
            {
                "id": e.event_id,
                "title": e.title,
                "start": e.local_start().isoformat(),
                "end": e.local_end().isoformat(),
                "location": e.store_name_he if language == "he" else e.store_name_en,
                "description": e.description,
                "calendar_name": e.calendar_name,
                "all_day": False,
                "store": {"store_id": e.store_id, "name": e.store_name_he if language == "he" else e.store_name_en},
            }
            for e in events
        ],
        "total_count": total,
        "date_range": f"{first.isoformat()} to {last.isoformat()}",
        "timezone": str(calendar.TIMEZONE),
    }


def _proposal(args: CreateCalendarEventInput, ctx: ToolContext) -> tuple[StoreRow, datetime, datetime]:
    # The same checks before the proposal and inside the write: nobody is asked to approve a booking that
    # can only fail, and the write still holds if the slot was taken in between.
    with ctx.transaction() as session:
        store = calendar.resolve_store(session, args.store_id, args.location)
        start = calendar.parse_instant(args.start_datetime, "start_datetime")
        end = calendar.parse_instant(args.end_datetime, "end_datetime") if args.end_datetime else None
        starts, ends = calendar.check_slot(store.store_id, start, end, ctx.clock.now(), all_day=args.all_day)
        calendar.ensure_free(session, store.store_id, starts, ctx.clock.now())
    return store, starts, ends


def _authorize(args: BaseModel, ctx: ToolContext) -> None:
    assert isinstance(args, CreateCalendarEventInput)
    _proposal(args, ctx)


def _summary(args: BaseModel, language: str, ctx: ToolContext) -> str:
    assert isinstance(args, CreateCalendarEventInput)
    store, starts, ends = _proposal(args, ctx)
    return _SUMMARY[_lang(language)].format(
        store=_store_name(store, _lang(language)),
        day=_day_text(starts, _lang(language)),
        start=_hm(starts),
        end=_hm(ends),
        title=args.title,
    )


def create_calendar_event(args: CreateCalendarEventInput, ctx: ToolContext) -> dict[str, Any]:
    """Book a pharmacist consultation at a store, for pharmacy staff (pharmacists and admins).

    Consultations last 30 minutes and start on the half hour from opening time, within the store's
    opening hours (Israel time), not in the past and at most 90 days ahead; one consultation per slot and
    store. `start_datetime` without an offset is Israel time; `store_id` (or a store named in `location`)
    picks the store, else the default store. It waits for the person's confirmation: never say it is
    booked before. SLOT_TAKEN: offer another time; INVALID_SLOT: the message says which rule.
    """
    language = _lang(args.language)
    actor_ref = SurrogateRefs(ctx.settings.audit_secret if ctx.settings else None).actor(ctx.actor)
    with ctx.transaction(write=True) as session:
        store = calendar.resolve_store(session, args.store_id, args.location)
        start = calendar.parse_instant(args.start_datetime, "start_datetime")
        end = calendar.parse_instant(args.end_datetime, "end_datetime") if args.end_datetime else None
        event = calendar.book(
            session,
            store=store,
            start=start,
            end=end,
            title=args.title,
            description=args.description,
            calendar_name=args.calendar_name,
            now=ctx.clock.now(),
            all_day=args.all_day,
            created_by_ref=actor_ref,
        )
    name = _store_name(store, language)
    return {
        "event_id": event.event_id,
        "title": event.title,
        "start": event.local_start().isoformat(),
        "end": event.local_end().isoformat(),
        "location": name,
        "calendar_name": event.calendar_name,
        "store": {"store_id": store.store_id, "name": name},
        "created": True,
        "message": _BOOKED[language].format(
            store=name, day=_day_text(event.starts_at, language), start=_hm(event.starts_at), end=_hm(event.ends_at)
        ),
    }


def register(registry: Registry) -> None:
    """Add ``get_calendar_events`` and ``create_calendar_event`` to ``registry``."""
    registry.tool(
        input=GetCalendarEventsInput,
        output=GetCalendarEventsOutput,
        kind=ToolKind.READ,
        idempotent=True,
        roles=READING_ROLES,
        title="Consultation calendar",
        title_he="יומן ייעוצים",
    )(get_calendar_events)
    registry.tool(
        input=CreateCalendarEventInput,
        output=CreateCalendarEventOutput,
        kind=ToolKind.WRITE,
        confirm=True,
        risk=RiskLevel.MEDIUM,
        roles=BOOKING_ROLES,
        title="Book a consultation",
        title_he="קביעת ייעוץ",
        summary=_summary,
        authorize=_authorize,
    )(create_calendar_event)
