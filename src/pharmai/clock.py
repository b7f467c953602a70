"""An injectable clock, so the demo world and tests can pin "today" (``PHARMAI_TODAY``)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

__all__ = ["Clock", "FixedClock"]


class Clock:
    """The wall clock, optionally pinned to a calendar day.

    When ``today`` is pinned, :meth:`now` keeps the real time of day on that date, so expiries measured
    in minutes still move while the calendar stays put.

    Args:
        today: A date to pin, or ``None`` for the real calendar.
    """

    def __init__(self, today: date | None = None) -> None:
        self._today = today

    def now(self) -> datetime:
        """The current instant, timezone-aware (UTC)."""
        real = datetime.now(UTC)
        if self._today is None:
            return real
        return datetime.combine(self._today, real.timetz())

    def today(self) -> date:
        """The current calendar day."""
        return self._today if self._today is not None else datetime.now(UTC).date()


class FixedClock(Clock):
    """A clock that only moves when told to; for tests of expiry.

    Args:
        start: The instant the clock shows until :meth:`advance` is called.
    """

    def __init__(self, start: datetime | date) -> None:
        if not isinstance(start, datetime):
            start = datetime.combine(start, time(9, 0), tzinfo=UTC)
        super().__init__(start.date())
        self._now = start

    def now(self) -> datetime:
        return self._now

    def today(self) -> date:
        return self._now.date()

    def advance(self, **delta: float) -> None:
        """Move the clock forward by a ``timedelta(**delta)``."""
        self._now += timedelta(**delta)
