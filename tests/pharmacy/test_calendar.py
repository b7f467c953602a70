"""The consultation calendar's rules, through the domain over the real database: slots, opening hours,
typed errors, reading ranges, iCalendar round trips, and no double booking under concurrent bookings."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db._models_calendar import Consultation
from pharmai.errors import DatabaseError, InvalidSlot, SlotTaken, StoreNotFound, ValidationFailed
from pharmai.pharmacy import calendar
from pharmai.pharmacy._common import get_store
from pharmai.pharmacy.calendar.ical import parse_ical, to_ical
from tests.conftest import _PG_URL, TODAY
from tests.pharmacy.conftest import HOSTILE

IL = calendar.TIMEZONE
TUESDAY = TODAY + timedelta(days=2)  # TODAY (2026-03-01) is a Sunday


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=IL)


def _book(db: Database, clock: FixedClock, start: datetime, store_id: str = "s1", **extra: Any) -> calendar.Event:
    with db.session(write=True) as session:
        return calendar.book(
            session,
            store=get_store(session, store_id),
            start=start,
            end=extra.pop("end", None),
            title=extra.pop("title", "Medication review"),
            description=extra.pop("description", None),
            calendar_name=extra.pop("calendar_name", None),
            now=clock.now(),
            **extra,
        )


def _count(db: Database) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(Consultation)) or 0)


def test_opening_hours_are_data_per_store_and_weekday() -> None:
    assert calendar.SLOT_MINUTES == 30 and str(IL) == "Asia/Jerusalem"
    tuesday = calendar.slot_starts("s1", TUESDAY)
    assert (tuesday[0].time(), tuesday[-1].time(), len(tuesday)) == (time(9, 0), time(18, 30), 20)
    jerusalem = calendar.slot_starts("s2", TUESDAY)
    assert (jerusalem[0].time(), jerusalem[-1].time()) == (time(8, 30), time(18, 0))
    friday = calendar.slot_starts("s1", TODAY + timedelta(days=5))
    assert friday[-1].time() == time(13, 30)
    assert calendar.slot_starts("s1", TODAY + timedelta(days=6)) == []  # Saturday: closed
    assert calendar.slot_starts("s-new", TUESDAY) == tuesday  # a store without its own hours: the default


def test_a_booking_is_stored_in_utc_and_read_back_in_israel_time(db: Database, clock: FixedClock) -> None:
    event = _book(db, clock, _at(TUESDAY, 10), title="ייעוץ תרופות", description="first visit")
    assert event.starts_at == datetime(2026, 3, 3, 8, 0, tzinfo=UTC)  # 10:00 in Israel, winter time
    assert event.ends_at - event.starts_at == timedelta(minutes=30)
    assert event.uid == f"{event.event_id}@pharmai"
    with db.session() as session:
        events, total = calendar.list_events(session, start_date=TUESDAY, end_date=TUESDAY)
    assert total == 1 and events[0].local_start().isoformat() == "2026-03-03T10:00:00+02:00"
    assert events[0].title == "ייעוץ תרופות" and events[0].store_name_he == "תל אביב – דיזנגוף"


def test_summer_time_is_applied(db: Database, clock: FixedClock) -> None:
    # Israel moves to +03:00 on 27 March 2026.
    event = _book(db, clock, _at(date(2026, 4, 1), 10))
    assert event.starts_at == datetime(2026, 4, 1, 7, 0, tzinfo=UTC)


def test_offsets_and_local_times_mean_the_same_instant() -> None:
    local = calendar.parse_instant("2026-03-03T10:00", "start_datetime")
    assert local == calendar.parse_instant("2026-03-03T08:00:00Z", "start_datetime")
    assert local == calendar.parse_instant("2026-03-03T10:00:00+02:00", "start_datetime")


@pytest.mark.parametrize(
    ("start", "end", "reason"),
    [
        (_at(TODAY - timedelta(days=1), 10), None, "past"),
        (_at(TODAY, 10), None, "past"),  # the clock shows 11:00 in Israel
        (_at(TODAY + timedelta(days=calendar.MAX_DAYS_AHEAD + 1), 10), None, "too_far"),
        (_at(TODAY + timedelta(days=6), 10), None, "closed"),  # Saturday
        (_at(TUESDAY, 8, 30), None, "outside_hours"),
        (_at(TUESDAY, 18, 45), None, "outside_hours"),
        (_at(TUESDAY, 19), None, "outside_hours"),
        (_at(TODAY + timedelta(days=5), 14), None, "outside_hours"),  # Friday closes at 14:00
        (_at(TUESDAY, 10, 15), None, "not_aligned"),
        (_at(TUESDAY, 10, 0).replace(second=30), None, "not_aligned"),
        (_at(TUESDAY, 10), _at(TUESDAY, 11), "bad_length"),
        (_at(TUESDAY, 10), _at(TUESDAY, 9, 30), "bad_length"),
    ],
)
def test_times_that_are_not_bookable_slots_are_typed_errors(
    db: Database, clock: FixedClock, start: datetime, end: datetime | None, reason: str
) -> None:
    with pytest.raises(InvalidSlot) as caught:
        _book(db, clock, start, end=end)
    assert caught.value.details is not None and caught.value.details["reason"] == reason
    assert caught.value.message("he") != caught.value.message("en")
    assert "{" not in caught.value.message("he") + caught.value.message("en")
    assert _count(db) == 0


def test_an_all_day_event_is_not_a_consultation(db: Database, clock: FixedClock) -> None:
    with pytest.raises(InvalidSlot) as caught:
        _book(db, clock, _at(TUESDAY, 10), all_day=True)
    assert caught.value.details == {"reason": "all_day"}


def test_jerusalem_opens_half_an_hour_earlier(db: Database, clock: FixedClock) -> None:
    assert _book(db, clock, _at(TUESDAY, 8, 30), store_id="s2").store_id == "s2"
    with pytest.raises(InvalidSlot) as caught:
        _book(db, clock, _at(TUESDAY, 18, 30), store_id="s2")  # s2 closes at 18:30; s1 would take it
    assert caught.value.details == {"reason": "outside_hours", "opens": "08:30", "closes": "18:30"}
    assert "08:30–18:30" in caught.value.message("he")


@pytest.mark.parametrize("title", ["", "   ", "x" * 201, "a\x00b", 42, None])
def test_empty_huge_or_binary_titles_are_refused(db: Database, clock: FixedClock, title: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        _book(db, clock, _at(TUESDAY, 10), title=title)
    assert caught.value.fields[0]["field"] == "title"
    assert _count(db) == 0


def test_huge_notes_are_refused(db: Database, clock: FixedClock) -> None:
    with pytest.raises(ValidationFailed):
        _book(db, clock, _at(TUESDAY, 10), description="x" * 2001)


@pytest.mark.parametrize("store_id", ["s9", *HOSTILE[1:6], ["s1"]])
def test_unknown_stores_are_typed_errors(db: Database, store_id: Any) -> None:
    with db.session() as session, pytest.raises((StoreNotFound, ValidationFailed)):
        calendar.resolve_store(session, store_id)


def test_a_location_names_the_store(db: Database) -> None:
    with db.session() as session:
        assert calendar.resolve_store(session, None, "Dizengoff").store_id == "s1"
        assert calendar.resolve_store(session, None, "ירושלים").store_id == "s2"
        assert calendar.resolve_store(session, None, None).store_id == "s1"  # the default store
        assert calendar.resolve_store(session, "s2", "Dizengoff").store_id == "s2"  # store_id wins
        with pytest.raises(StoreNotFound):
            calendar.resolve_store(session, None, "Haifa")


@pytest.mark.parametrize(
    "value",
    ["", "tomorrow", "2026-13-01T10:00", "10:00", "x" * 10_000, 42, None, "0001-01-01T00:00", "9999-12-31T23:59-12:00"],
)
def test_bad_instants_and_days_are_validation_errors(value: Any) -> None:
    with pytest.raises(ValidationFailed):
        calendar.parse_instant(value, "start_datetime")
    with pytest.raises(ValidationFailed):
        calendar.parse_day(value, "start_date")


def test_a_booked_slot_cannot_be_booked_again_but_its_neighbours_can(db: Database, clock: FixedClock) -> None:
    _book(db, clock, _at(TUESDAY, 10))
    with pytest.raises(SlotTaken) as caught:
        _book(db, clock, _at(TUESDAY, 10), title="another")
    assert caught.value.code == "SLOT_TAKEN" and "תפוס" in caught.value.message("he")
    _book(db, clock, _at(TUESDAY, 10, 30))
    _book(db, clock, _at(TUESDAY, 10), store_id="s2")  # another store's slot
    assert _count(db) == 3
    with db.session() as session:
        free = calendar.free_slots(session, "s1", TUESDAY, clock.now())
    assert _at(TUESDAY, 10) not in free and _at(TUESDAY, 11) in free and len(free) == 18


def test_reading_filters_by_range_store_and_calendar_and_limits(db: Database, clock: FixedClock) -> None:
    _book(db, clock, _at(TUESDAY, 9), calendar_name="Counselling")
    _book(db, clock, _at(TUESDAY, 9), store_id="s2")
    _book(db, clock, _at(TUESDAY + timedelta(days=1), 18, 30))  # 16:30 UTC: still Wednesday in Israel
    with db.session() as session:
        _, total = calendar.list_events(session, start_date=TUESDAY, end_date=TUESDAY + timedelta(days=1))
        assert total == 3
        only_s2, _ = calendar.list_events(session, start_date=TUESDAY, end_date=TUESDAY, store_id="s2")
        assert [e.store_id for e in only_s2] == ["s2"]
        named, _ = calendar.list_events(session, start_date=TUESDAY, end_date=TUESDAY, calendar_name="Counselling")
        assert [e.calendar_name for e in named] == ["Counselling"]
        first, total = calendar.list_events(session, start_date=TUESDAY, end_date=TUESDAY + timedelta(days=1), limit=1)
        assert len(first) == 1 and total == 3
        wednesday, _ = calendar.list_events(
            session, start_date=TUESDAY + timedelta(days=1), end_date=TUESDAY + timedelta(days=1)
        )
        assert len(wednesday) == 1
        with pytest.raises(ValidationFailed):
            calendar.list_events(session, start_date=TUESDAY, end_date=TODAY)
        with pytest.raises(ValidationFailed):
            calendar.list_events(session, start_date=TODAY, end_date=TODAY + timedelta(days=200))


def test_icalendar_export_round_trips(db: Database, clock: FixedClock) -> None:
    booked = [
        _book(
            db, clock, _at(TUESDAY, 10), title="ייעוץ: מדבקות ניקוטין", description="line one\nline two, with; marks"
        ),
        _book(db, clock, _at(TUESDAY, 9), store_id="s2", title="x" * 200),
    ]
    text = to_ical(booked, language="he")
    assert text.startswith(b"BEGIN:VCALENDAR\r\n") and b"VERSION:2.0" in text and b"BEGIN:VTIMEZONE" in text
    assert b"TZID=Asia/Jerusalem" in text and max(len(line) for line in text.split(b"\r\n")) <= 75
    parsed = {p.uid: p for p in parse_ical(text)}
    for event in booked:
        item = parsed[event.uid]
        assert (item.start, item.end) == (event.starts_at, event.ends_at)
        assert (item.summary, item.description, item.store_id) == (event.title, event.description, event.store_id)
        assert item.location == event.store_name_he and not item.all_day


def test_parsing_junk_is_a_typed_error() -> None:
    with pytest.raises(ValidationFailed):
        parse_ical(b"not a calendar at all")


def _together(jobs: int, work: Any) -> list[Any]:
    barrier = threading.Barrier(jobs)
    results: list[Any] = [None] * jobs

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = work(index)
        except Exception as exc:  # the test counts the kinds below
            results[index] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def test_fifty_concurrent_bookings_of_one_slot_create_exactly_one(db: Database, clock: FixedClock) -> None:
    # Each thread has its own session and transaction; on PostgreSQL the losers reach the insert together
    # and the unique constraint decides.
    results = _together(50, lambda i: _book(db, clock, _at(TUESDAY, 11), title=f"booking {i}"))
    kinds = Counter(type(r).__name__ for r in results)
    assert kinds == {"Event": 1, "SlotTaken": 49}, kinds
    assert _count(db) == 1


def test_the_database_itself_refuses_a_second_row_for_one_slot(db: Database, clock: FixedClock) -> None:
    # Not only the check before the insert: the unique constraint holds for any writer.
    event = _book(db, clock, _at(TUESDAY, 12))
    with pytest.raises(DatabaseError), db.session(write=True) as session:
        session.add(
            Consultation(
                event_id="ev_duplicate",
                uid="duplicate@test",
                store_id="s1",
                starts_at=event.starts_at,
                ends_at=event.ends_at,
                title="duplicate",
                calendar_name="Default",
                source="pharmai",
                created_at=clock.now(),
            )
        )
    assert _count(db) == 1


@pytest.mark.postgres
@pytest.mark.skipif(not _PG_URL, reason="PHARMAI_TEST_DATABASE_URL is not set (.ci/run always sets it)")
def test_fifty_concurrent_bookings_on_postgresql_create_exactly_one(_migrated: dict[str, Database]) -> None:
    # The same race as above, named for PostgreSQL so a run without it says so (the db fixture covers both).
    db = _migrated["postgresql"]
    clock = FixedClock(datetime.combine(TODAY, time(9, 0), tzinfo=UTC))
    with db.session(write=True) as session:
        session.execute(Consultation.__table__.delete())
    start = _at(TUESDAY, 15, 30)
    results = _together(50, lambda i: _book(db, clock, start, title=f"booking {i}"))
    kinds = Counter(type(r).__name__ for r in results)
    assert kinds == {"Event": 1, "SlotTaken": 49}, kinds
    assert _count(db) == 1
