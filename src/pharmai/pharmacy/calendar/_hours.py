"""The consultation rules as data: the pharmacy's time zone, slot length, booking horizon, opening hours.

Opening hours are the hours pharmacists take consultations, per store and weekday, in the pharmacy's local
time (``Asia/Jerusalem``; Israeli pharmacies open Sunday to Friday noon and close on Saturday). A store
missing from :data:`OPENING_HOURS` (generated or imported stores) has :data:`DEFAULT_HOURS`. Slots start
every :data:`SLOT_MINUTES` minutes from the opening time, and the last one ends at closing time.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from types import MappingProxyType
from zoneinfo import ZoneInfo

__all__ = [
    "DEFAULT_HOURS",
    "MAX_DAYS_AHEAD",
    "OPENING_HOURS",
    "SLOT_MINUTES",
    "TIMEZONE",
    "hours_for",
    "slot_starts",
]

#: The pharmacy's time zone: what people mean by "10:00"; the database stores UTC.
TIMEZONE = ZoneInfo("Asia/Jerusalem")
#: Every consultation lasts this long, and slots start this often.
SLOT_MINUTES = 30
#: How far ahead a consultation may be booked.
MAX_DAYS_AHEAD = 90

Hours = Mapping[int, tuple[time, time]]  # date.weekday() (Monday = 0) -> (opens, closes)

_SUN_TO_THU = (6, 0, 1, 2, 3)
_FRIDAY = 4


def _week(opens: time, closes: time, friday_closes: time) -> Hours:
    days = {day: (opens, closes) for day in _SUN_TO_THU}
    days[_FRIDAY] = (opens, friday_closes)
    return MappingProxyType(days)


#: Sunday-Thursday 09:00-19:00, Friday 09:00-14:00, Saturday closed.
DEFAULT_HOURS: Hours = _week(time(9, 0), time(19, 0), time(14, 0))

#: Consultation hours per store (DEMO_WORLD's two branches); Jerusalem opens and closes half an hour earlier.
OPENING_HOURS: Mapping[str, Hours] = MappingProxyType(
    {
        "s1": DEFAULT_HOURS,
        "s2": _week(time(8, 30), time(18, 30), time(13, 30)),
    }
)


def hours_for(store_id: str, day: date) -> tuple[time, time] | None:
    """The store's consultation hours on ``day`` (local), or ``None`` when it is closed."""
    return OPENING_HOURS.get(store_id, DEFAULT_HOURS).get(day.weekday())


def slot_starts(store_id: str, day: date) -> list[datetime]:
    """Every slot start of ``day`` at the store, timezone-aware in :data:`TIMEZONE` (empty when closed)."""
    hours = hours_for(store_id, day)
    if hours is None:
        return []
    opens = datetime.combine(day, hours[0], tzinfo=TIMEZONE)
    closes = datetime.combine(day, hours[1], tzinfo=TIMEZONE)
    step = timedelta(minutes=SLOT_MINUTES)
    starts: list[datetime] = []
    moment = opens
    while moment + step <= closes:
        starts.append(moment)
        moment += step
    return starts
