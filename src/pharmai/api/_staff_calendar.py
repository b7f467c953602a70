"""``GET /staff/calendar.ics``: the consultation calendar as an iCalendar (RFC 5545) file, for staff.

Any staff credential opens it (a personal token, a console session, the bootstrap key; see
:mod:`pharmai.api._staff_auth`): every staff role may read the calendar, as with ``get_calendar_events``.
Titles may name a customer, so the answer is never cached (``Cache-Control: no-store``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Literal

from fastapi import APIRouter, Depends, Query
from fastapi.responses import Response

from pharmai.api._auth import require_staff_caller
from pharmai.api._schemas import ERROR_RESPONSES
from pharmai.api._staff_auth import StaffCaller
from pharmai.api._state import ApiState, get_state
from pharmai.pharmacy import calendar
from pharmai.pharmacy._common import get_store
from pharmai.pharmacy.calendar.ical import to_ical

__all__ = ["router"]

router = APIRouter(prefix="/staff", tags=["staff"], responses=ERROR_RESPONSES)

_DAY = r"^\d{4}-\d{2}-\d{2}$"


def _day_query(description: str) -> Any:
    return Query(default=None, min_length=10, max_length=10, pattern=_DAY, description=description)


@router.get(
    "/calendar.ics",
    response_class=Response,
    responses={200: {"content": {"text/calendar": {}}, "description": "An RFC 5545 calendar."}},
)
def calendar_ics(
    store_id: str | None = Query(default=None, min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"),
    start_date: str | None = _day_query("First day, YYYY-MM-DD, Israel time (default: today)."),
    end_date: str | None = _day_query("Last day, inclusive (default: 90 days after start_date)."),
    language: Literal["en", "he"] = Query(default="en", description="Language of the store names (LOCATION)."),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> Response:
    """The consultations of a range of days (at most 92) as an iCalendar file, for one store or all."""
    today = state.clock.now().astimezone(calendar.TIMEZONE).date()
    first = calendar.parse_day(start_date, "start_date") if start_date else today
    last = calendar.parse_day(end_date, "end_date") if end_date else first + timedelta(days=calendar.MAX_DAYS_AHEAD)
    with state.db.session() as session:
        store = get_store(session, store_id).store_id if store_id else None
        events, _ = calendar.list_events(session, start_date=first, end_date=last, store_id=store, limit=100_000)
    name = f"pharmai {store}" if store else "pharmai"
    return Response(
        content=to_ical(events, name=f"{name} consultations", language=language),
        media_type="text/calendar; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="consultations-{store or "all"}.ics"',
            "Cache-Control": "no-store",
        },
    )
