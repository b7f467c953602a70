"""Two-way CalDAV sync against a real Radicale server, started by the test on a free loopback port.

Radicale runs as its own process (``python -m radicale``) with a throw-away configuration: storage in the
test's temporary folder, htpasswd authentication with one user, no web interface, loopback only. The
pharmacy side goes through :mod:`pharmai.pharmacy.calendar.caldav_sync` and ``pharmai staff calendar sync``;
the server side is read and written with the ``caldav`` client, as a calendar application would.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path
from typing import Any

import caldav
import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.clock import FixedClock
from pharmai.db import Database, open_database
from pharmai.db._models_calendar import Consultation
from pharmai.errors import CalendarSyncFailed
from pharmai.pharmacy import calendar
from pharmai.pharmacy._common import get_store
from pharmai.pharmacy.calendar import caldav_sync
from pharmai.pharmacy.calendar.ical import parse_ical
from pharmai.settings import Settings, get_settings
from tests._tcp import free_port
from tests.conftest import TODAY

USER, PASSWORD = "pharmacy", "radicale-test-password"
IL = calendar.TIMEZONE
TUESDAY = TODAY + timedelta(days=2)


class Radicale:
    """A running Radicale server; :meth:`new_calendar` makes a fresh calendar collection per test."""

    def __init__(self, root: Path) -> None:
        self.port = free_port()
        (root / "users").write_text(f"{USER}:{PASSWORD}\n")
        (root / "config").write_text(
            "[server]\n"
            f"hosts = 127.0.0.1:{self.port}\n"
            "[auth]\ntype = htpasswd\n"
            f"htpasswd_filename = {root / 'users'}\nhtpasswd_encryption = plain\n"
            # No delay after a refused request (Radicale's default 1 s would slow every check here).
            "delay = 0\n"
            "[rights]\ntype = owner_only\n"
            f"[storage]\nfilesystem_folder = {root / 'collections'}\n"
            "[web]\ntype = none\n"
            "[logging]\nlevel = warning\n"
        )
        self.log = (root / "radicale.log").open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--config", str(root / "config")],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.base = f"http://127.0.0.1:{self.port}/{USER}/"
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("Radicale did not start")
            time.sleep(0.05)

    def client(self, password: str = PASSWORD) -> caldav.DAVClient:
        return caldav.DAVClient(url=self.base, username=USER, password=password)

    def new_calendar(self) -> str:
        """A new, empty calendar collection; its URL."""
        name = f"consultations-{uuid.uuid4().hex[:8]}"
        made = self.client().principal().make_calendar(name=name, cal_id=name)
        return str(made.url)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.log.close()


@pytest.fixture(scope="module")
def radicale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    server = Radicale(tmp_path_factory.mktemp("radicale"))
    yield server
    server.stop()


@pytest.fixture
def calendar_url(radicale: Radicale) -> str:
    return radicale.new_calendar()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(datetime.combine(TODAY, clock_time(9, 0), tzinfo=UTC))


def _settings(url: str, password: str = PASSWORD) -> Settings:
    return Settings(caldav_url=url, caldav_username=USER, caldav_password=password, redis_url=None)


def _book(db: Database, clock: FixedClock, hour: int, store_id: str = "s1", title: str = "Review") -> calendar.Event:
    with db.session(write=True) as session:
        return calendar.book(
            session,
            store=get_store(session, store_id),
            start=datetime.combine(TUESDAY, clock_time(hour, 0), tzinfo=IL),
            end=None,
            title=title,
            description="notes",
            calendar_name=None,
            now=clock.now(),
        )


def _server_events(radicale: Radicale, url: str) -> dict[str, Any]:
    remote = radicale.client().calendar(url=url)
    return {item.uid: item for obj in remote.events() for item in parse_ical(obj.data)}


def _put(radicale: Radicale, url: str, uid: str, start: str, end: str | None = None, **props: str) -> None:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//test calendar app//EN",
        "BEGIN:VEVENT",
        f"UID:{uid}",
        "DTSTAMP:20260301T080000Z",
        start,
        *([end] if end else []),
        *(f"{key.replace('_', '-').upper()}:{value}" for key, value in props.items()),
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    radicale.client().calendar(url=url).save_event("\r\n".join(lines) + "\r\n")


def _rows(db: Database) -> list[Consultation]:
    with db.session() as s:
        return list(s.scalars(select(Consultation).order_by(Consultation.starts_at, Consultation.store_id)))


def test_bookings_are_pushed_once_with_their_uids(
    db: Database, clock: FixedClock, radicale: Radicale, calendar_url: str
) -> None:
    booked = [_book(db, clock, 10, title="ייעוץ"), _book(db, clock, 10, "s2")]
    remote = caldav_sync.open_calendar(_settings(calendar_url))
    report = caldav_sync.sync(db, remote, clock.now())
    assert (report.pushed, report.pulled, report.unchanged, dict(report.skipped)) == (2, 0, 2, {})
    on_server = _server_events(radicale, calendar_url)
    assert set(on_server) == {e.uid for e in booked}
    first = on_server[booked[0].uid]
    assert (first.start, first.end, first.summary, first.store_id) == (
        booked[0].starts_at,
        booked[0].ends_at,
        "ייעוץ",
        "s1",
    )
    assert all(row.synced_at is not None for row in _rows(db))
    again = caldav_sync.sync(db, remote, clock.now())
    assert (again.pushed, again.pulled, again.unchanged) == (0, 0, 2)
    assert len(_server_events(radicale, calendar_url)) == 2


def test_events_created_on_the_server_are_pulled_under_the_booking_rules(
    db: Database, clock: FixedClock, radicale: Radicale, calendar_url: str
) -> None:
    _book(db, clock, 12)  # holds s1's 12:00 slot
    day = TUESDAY.strftime("%Y%m%d")
    _put(
        radicale,
        calendar_url,
        "ok-local@app",
        f"DTSTART;TZID=Asia/Jerusalem:{day}T110000",
        f"DTEND;TZID=Asia/Jerusalem:{day}T113000",
        summary="Inhaler technique",
        location="Dizengoff",
    )
    _put(
        radicale,
        calendar_url,
        "ok-utc@app",
        f"DTSTART:{day}T070000Z",
        "DURATION:PT30M",
        summary="ייעוץ בירושלים",
        location="ירושלים – רחוב יפו",
    )
    _put(
        radicale,
        calendar_url,
        "store-prop@app",
        f"DTSTART:{day}T063000Z",
        f"DTEND:{day}T070000Z",
        summary="Jerusalem early",
        x_pharmai_store_id="s2",
    )
    _put(radicale, calendar_url, "taken@app", f"DTSTART;TZID=Asia/Jerusalem:{day}T120000", summary="Clash")
    _put(radicale, calendar_url, "late@app", f"DTSTART;TZID=Asia/Jerusalem:{day}T210000", summary="Late")
    _put(radicale, calendar_url, "past@app", "DTSTART:20260201T080000Z", summary="Old")
    _put(radicale, calendar_url, "allday@app", f"DTSTART;VALUE=DATE:{day}", summary="Holiday")
    _put(radicale, calendar_url, "haifa@app", f"DTSTART:{day}T100000Z", summary="Elsewhere", location="Haifa")
    report = caldav_sync.sync(db, caldav_sync.open_calendar(_settings(calendar_url)), clock.now())
    assert report.pulled == 3 and report.pushed == 1 and report.unchanged == 1
    assert dict(report.skipped) == {
        "slot_taken": 1,
        "outside_hours": 1,
        "past": 1,
        "all_day": 1,
        "unknown_store": 1,
    }
    pulled = {
        (r.store_id, r.starts_at.replace(tzinfo=UTC) if r.starts_at.tzinfo is None else r.starts_at, r.uid)
        for r in _rows(db)
        if r.source == "caldav"
    }
    assert pulled == {
        ("s1", datetime(2026, 3, 3, 9, 0, tzinfo=UTC), "ok-local@app"),
        ("s2", datetime(2026, 3, 3, 7, 0, tzinfo=UTC), "ok-utc@app"),
        ("s2", datetime(2026, 3, 3, 6, 30, tzinfo=UTC), "store-prop@app"),
    }
    again = caldav_sync.sync(db, caldav_sync.open_calendar(_settings(calendar_url)), clock.now())
    assert (again.pushed, again.pulled, again.unchanged) == (0, 0, 4)  # nothing imported twice
    assert len([r for r in _rows(db) if r.source == "caldav"]) == 3


def test_a_wrong_password_is_a_typed_error_and_changes_nothing(
    db: Database, clock: FixedClock, calendar_url: str
) -> None:
    _book(db, clock, 10)
    with pytest.raises(CalendarSyncFailed) as caught:
        caldav_sync.sync(db, caldav_sync.open_calendar(_settings(calendar_url, "wrong")), clock.now())
    assert caught.value.details == {"reason": "unauthorized"} and PASSWORD not in str(caught.value)
    assert [r.synced_at for r in _rows(db)] == [None]


def test_an_unreachable_server_is_a_typed_error(db: Database, clock: FixedClock) -> None:
    _book(db, clock, 10)
    url = f"http://127.0.0.1:{free_port()}/{USER}/consultations/"
    with pytest.raises(CalendarSyncFailed) as caught:
        caldav_sync.sync(db, caldav_sync.open_calendar(_settings(url)), clock.now())
    assert caught.value.code == "CALENDAR_SYNC_ERROR" and "127.0.0.1" not in caught.value.message("en")


@pytest.mark.parametrize(
    ("url", "reason"),
    [(None, "not_configured"), ("http://calendar.example.com/dav/", "insecure"), ("ftp://127.0.0.1/x", "insecure")],
)
def test_sync_refuses_a_missing_or_clear_text_remote_url(url: str | None, reason: str) -> None:
    with pytest.raises(CalendarSyncFailed) as caught:
        caldav_sync.open_calendar(_settings(url) if url else Settings(caldav_url=None))
    assert caught.value.details == {"reason": reason}
    assert caught.value.message("he") != caught.value.message("en")


def test_the_cli_syncs_and_exports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, radicale: Radicale, calendar_url: str
) -> None:
    # A database file of its own: the CLI opens the configured database like any deployment.
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    for name, value in {
        "PHARMAI_DATABASE_URL": url,
        "PHARMAI_TODAY": TODAY.isoformat(),
        "PHARMAI_CALDAV_URL": calendar_url,
        "PHARMAI_CALDAV_USERNAME": USER,
        "PHARMAI_CALDAV_PASSWORD": PASSWORD,
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("PHARMAI_REDIS_URL", raising=False)
    get_settings.cache_clear()
    try:
        runner = CliRunner()
        db = open_database(url, today=TODAY, seed=True)  # migrated and seeded, as on a first run
        try:
            _book(db, FixedClock(datetime.combine(TODAY, clock_time(9, 0), tzinfo=UTC)), 15, title="CLI booking")
        finally:
            db.dispose()
        day = TUESDAY.strftime("%Y%m%d")
        _put(radicale, calendar_url, "from-app@app", f"DTSTART;TZID=Asia/Jerusalem:{day}T160000", summary="From app")
        synced = runner.invoke(app, ["staff", "calendar", "sync", "--json"])
        assert synced.exit_code == 0, synced.output
        assert json.loads(synced.stdout) == {"pushed": 1, "pulled": 1, "unchanged": 1, "skipped": {}}
        hebrew = runner.invoke(app, ["staff", "--language", "he", "calendar", "sync"])
        assert hebrew.exit_code == 0 and "היומן סונכרן" in hebrew.stdout and "CLI booking" not in hebrew.stdout
        out = tmp_path / "consultations.ics"
        exported = runner.invoke(app, ["staff", "calendar", "export", "--store", "s1", "--output", str(out)])
        assert exported.exit_code == 0, exported.output
        assert {e.summary for e in parse_ical(out.read_bytes())} == {"CLI booking", "From app"}
        bad = runner.invoke(app, ["staff", "calendar", "export", "--from", "yesterday"])
        assert bad.exit_code == 2 and "Traceback" not in bad.output
        monkeypatch.setenv("PHARMAI_CALDAV_PASSWORD", "wrong")
        get_settings.cache_clear()
        refused = runner.invoke(app, ["staff", "calendar", "sync"])
        assert refused.exit_code == 1 and "refused the credentials" in refused.output and "wrong" not in refused.output
    finally:
        get_settings.cache_clear()
