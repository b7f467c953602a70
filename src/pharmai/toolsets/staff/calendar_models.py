"""Input and output models of the staff calendar tools (seed 003, tools 1-2: its argument names).

Seed 003's ``get_calendar_events`` and ``create_calendar_event`` with their arguments and result fields,
plus what a pharmacy chain needs: ``store_id`` (consultations are per store) and ``language``. Times are
ISO 8601; a time without an offset is the pharmacy's local time (Asia/Jerusalem), and every time the tools
return carries its offset (``+02:00`` / ``+03:00``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = [
    "CalendarEventOut",
    "CreateCalendarEventInput",
    "CreateCalendarEventOutput",
    "GetCalendarEventsInput",
    "GetCalendarEventsOutput",
    "StoreOut",
]

Language = Literal["he", "en"]
_Day = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^\d{4}-\d{2}-\d{2}$")]
_StoreId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GetCalendarEventsInput(_In):
    start_date: _Day = Field(description="First day, YYYY-MM-DD (the pharmacy's local date).")
    end_date: _Day = Field(description="Last day, YYYY-MM-DD, inclusive; at most 92 days after start_date.")
    calendar_name: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = Field(
        default=None, description="Only events of this calendar."
    )
    max_results: int = Field(default=50, ge=1, le=200, description="How many events to list (1-200).")
    store_id: _StoreId | None = Field(default=None, description="Only this store's consultations (null: every store).")
    language: Language = "en"


class StoreOut(_Out):
    store_id: str
    name: str


class CalendarEventOut(_Out):
    id: str
    title: str
    start: str
    end: str
    location: str | None
    description: str | None
    calendar_name: str
    all_day: bool
    store: StoreOut


class GetCalendarEventsOutput(_Out):
    events: list[CalendarEventOut]
    total_count: int
    date_range: str
    timezone: str


class CreateCalendarEventInput(_In):
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)] = Field(
        description="What the consultation is about. Keep personal details to the minimum needed."
    )
    start_datetime: Annotated[str, StringConstraints(strip_whitespace=True, min_length=10, max_length=40)] = Field(
        description="Start, ISO 8601 (2026-03-03T10:00; without an offset it is Israel time). Slots start every "
        "30 minutes from opening time."
    )
    end_datetime: Annotated[str, StringConstraints(strip_whitespace=True, min_length=10, max_length=40)] | None = Field(
        default=None, description="End, ISO 8601: exactly 30 minutes after the start (null: that)."
    )
    location: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)] | None = Field(
        default=None, description="The store by name (Dizengoff, ירושלים) when store_id is not given."
    )
    description: Annotated[str, StringConstraints(max_length=2000)] | None = Field(
        default=None, description="Notes for the pharmacist."
    )
    calendar_name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)] = Field(
        default="Default", description="The calendar to file it in (a label; get_calendar_events can filter by it)."
    )
    all_day: bool = Field(default=False, description="Must be false: a consultation is a timed slot.")
    store_id: _StoreId | None = Field(
        default=None, description="The store (null: the one `location` names, else the default store)."
    )
    language: Language = "en"


class CreateCalendarEventOutput(_Out):
    event_id: str
    title: str
    start: str
    end: str
    location: str
    calendar_name: str
    store: StoreOut
    created: bool
    message: str
