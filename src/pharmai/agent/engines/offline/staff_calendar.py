"""The pharmacist's assistant's consultation calendar: free slots and booking.

Free slots are the store's slots that day (:func:`pharmai.pharmacy.calendar.slot_starts`) less the ones
``get_calendar_events`` reports booked. Booking goes through ``create_calendar_event``, a write: the loop asks
for confirmation, and :func:`booking_outcome` writes the follow-up once the pharmacist has answered.
:mod:`.staff_flows` routes here; this module knows the reply only through :class:`CalendarReply`, so it
imports nothing from the flows above it.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Protocol

from pharmai.agent.base import ToolResult, TurnInput
from pharmai.agent.engines.offline.staff_nlu import StaffRequest, read_day, read_store, read_time
from pharmai.agent.engines.offline.staff_texts import count_phrase, weekday_name
from pharmai.pharmacy.calendar import TIMEZONE, slot_starts

__all__ = ["CalendarReply", "answer", "booking_outcome", "resume"]

_TITLES = {"en": "Pharmacist consultation", "he": "ייעוץ רוקח"}
_STORE_NAMES = {
    "s1": {"en": "Tel Aviv – Dizengoff", "he": "תל אביב – דיזנגוף"},
    "s2": {"en": "Jerusalem – Jaffa Street", "he": "ירושלים – רחוב יפו"},
}


class CalendarReply(Protocol):
    """What the calendar needs of the reply being written (the staff flows' reply satisfies it).

    Attributes:
        turn: The turn being answered.
        lang: The reply's language, ``"he"`` or ``"en"``.
        parts: The reply's paragraphs so far.
        state: The assistant's own state, kept for the next turn.
    """

    turn: TurnInput
    lang: str
    parts: list[str]
    state: dict[str, Any]

    def say(self, key: str, **values: Any) -> None:
        """Append the text ``key`` in the reply's language."""

    def call(self, name: str, **arguments: Any) -> ToolResult:
        """Call the tool ``name``."""

    def refused(self, result: ToolResult) -> None:
        """Say why a call did not answer."""


def answer(reply: CalendarReply, request: StaffRequest) -> None:
    """Answer a ``slots`` or ``book`` request: ask for what is missing, list the free slots, or book one.

    Args:
        reply: The reply being written; a missing store, day or time is kept in its state as pending.
        request: The request read from the message (``kind`` is ``"slots"`` or ``"book"``).
    """
    store, day, time = request.store, request.day, request.time
    pending = {"kind": request.kind, "store": store, "day": day.isoformat() if day else None, "time": time}
    if store is None:
        reply.state["pending"] = pending
        reply.say("which_store")
        return
    if day is None:
        reply.state["pending"] = pending
        reply.say("which_day")
        return
    if not slot_starts(store, day):
        reply.say("closed", store=_store_name(reply.lang, store), day=_day_text(reply.lang, day))
        return
    if request.kind == "book" and time is not None:
        _book(reply, store, day, time)
        return
    found = _free_slots(reply, store, day)
    if found is None:
        return
    free, booked = found
    where, when = _store_name(reply.lang, store), _day_text(reply.lang, day)
    if not free:
        reply.say("slots_none", store=where, day=when)
    else:
        reply.say(
            "slots", store=where, day=when, slots=f"{count_phrase(reply.lang, 'slot', len(free))} — {', '.join(free)}"
        )
    if booked:
        reply.say("slots_booked", slots=", ".join(booked))
    if request.kind == "book":
        reply.state["pending"] = pending
        reply.say("which_time")


def resume(reply: CalendarReply, pending: dict[str, Any], message: str, kind: str, today: date) -> None:
    """Answer the store, day or time the last calendar reply asked for.

    What the message gives wins; what it leaves out is taken from ``pending``.

    Args:
        reply: The reply being written.
        pending: The calendar question the last reply left in the state.
        message: The pharmacist's answer.
        kind: The kind the message itself was read as (``"book"`` turns a slots question into a booking).
        today: The day "today" and "tomorrow" are read against.
    """
    store = read_store(message) or pending.get("store")
    day = read_day(message, today) or (date.fromisoformat(pending["day"]) if pending.get("day") else None)
    time = read_time(message) or pending.get("time")
    wanted = "book" if kind == "book" or pending.get("kind") == "book" else "slots"
    answer(reply, StaffRequest(wanted, store=store, day=day, time=time))


def booking_outcome(reply: CalendarReply) -> None:
    """Write the follow-up to a booking the pharmacist approved or declined (``reply.turn.resolution``).

    Args:
        reply: The reply being written; its turn carries the resolution of the confirmation.
    """
    resolution = reply.turn.resolution
    assert resolution is not None
    result = resolution.result
    if not resolution.approved:
        reply.say("not_booked")
        return
    if not result.ok:
        reply.refused(result)
        return
    out = result.envelope
    start = datetime.fromisoformat(str(out.get("start"))).astimezone(TIMEZONE)
    store = out.get("store")
    store = store if isinstance(store, dict) else {}
    store_id = str(store.get("store_id"))
    where = _store_name(reply.lang, store_id) if store_id in _STORE_NAMES else store.get("name", store_id)
    reply.say("booked", store=where, day=_day_text(reply.lang, start.date()), time=start.strftime("%H:%M"))


def _store_name(lang: str, store: str) -> str:
    return _STORE_NAMES.get(store, {}).get(lang, store)


def _day_text(lang: str, day: date) -> str:
    return f"{weekday_name(lang, day.weekday())} {day.isoformat()}"


def _free_slots(reply: CalendarReply, store: str, day: date) -> tuple[list[str], list[str]] | None:
    """The free and the booked ``HH:MM`` slots of ``store`` on ``day``, from the calendar tool (``None``: refused)."""
    result = reply.call(
        "get_calendar_events", start_date=day.isoformat(), end_date=day.isoformat(), store_id=store,
        max_results=200, language=reply.lang,
    )  # fmt: skip
    if not result.ok:
        reply.refused(result)
        return None
    booked = set()
    for event in result.envelope.get("events") or []:
        if isinstance(event, dict) and event.get("start"):
            booked.add(datetime.fromisoformat(str(event["start"])).astimezone(TIMEZONE).strftime("%H:%M"))
    slots = [moment.strftime("%H:%M") for moment in slot_starts(store, day)]
    return [s for s in slots if s not in booked], [s for s in slots if s in booked]


def _book(reply: CalendarReply, store: str, day: date, time: str) -> None:
    result = reply.call(
        "create_calendar_event", title=_TITLES[reply.lang], start_datetime=f"{day.isoformat()}T{time}",
        store_id=store, language=reply.lang,
    )  # fmt: skip
    if result.confirmation is not None or result.error_code == "CONFIRMATION_REQUIRED":
        summary = (result.confirmation or {}).get("summary") or ""
        reply.say("book_confirm", summary=summary)
        return
    if result.error_code == "SLOT_TAKEN":
        found = _free_slots(reply, store, day)
        free = ", ".join(found[0]) if found else "—"
        reply.parts.clear()
        reply.say(
            "slot_taken", time=time, store=_store_name(reply.lang, store), day=_day_text(reply.lang, day), slots=free
        )
        return
    if result.ok:  # a profile without confirmation booked it at once
        reply.say("booked", store=_store_name(reply.lang, store), day=_day_text(reply.lang, day), time=time)
        return
    reply.refused(result)
