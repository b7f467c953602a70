"""Two-way sync of consultations with one CalDAV calendar (the ``caldav`` client).

Push: every consultation booked here and not yet on the server is written there as its own iCalendar
object (UID ``ev_…@pharmai``). Pull: every event on the server whose UID the database does not know is
booked here under the same rules as any booking (slot grid, opening hours, not in the past, no double
booking); one that breaks a rule is skipped and counted with the rule's reason, never half imported. The
store of a pulled event is its ``X-PHARMAI-STORE-ID``, else the store its ``LOCATION`` names, else the
default store. The database stays the authority on who holds a slot.

The connection is made only to the configured URL (no DNS service discovery); plain ``http`` is accepted
only for a loopback host, so credentials never cross a network in clear text. Reports hold counts and
reasons, never titles or notes (they may name a patient).
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import requests
from caldav.davclient import DAVClient
from caldav.lib import error as dav_error
from sqlalchemy import select

from pharmai.db._models_calendar import Consultation
from pharmai.errors import CalendarSyncFailed, InvalidSlot, PharmaiError, SlotTaken, StoreNotFound, ValidationFailed
from pharmai.pharmacy._common import get_store
from pharmai.pharmacy.calendar._booking import TITLE_MAX, Event, book, load_event, resolve_store
from pharmai.pharmacy.calendar.ical import ParsedEvent, parse_ical, to_ical

if TYPE_CHECKING:
    from pharmai.db.engine import Database
    from pharmai.settings import Settings

__all__ = ["SyncReport", "open_calendar", "pull", "push", "sync"]

_DEFAULT_TITLE = "Consultation"


@dataclass
class SyncReport:
    """What one sync did: events written to the server, events imported, and skipped ones by reason."""

    pushed: int = 0
    pulled: int = 0
    unchanged: int = 0
    skipped: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "pushed": self.pushed,
            "pulled": self.pulled,
            "unchanged": self.unchanged,
            "skipped": dict(self.skipped),
        }


def _loopback(host: str | None) -> bool:
    if host is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def open_calendar(settings: Settings) -> Any:
    """The configured CalDAV calendar (``PHARMAI_CALDAV_URL`` names the calendar collection itself).

    Raises:
        CalendarSyncFailed: No URL configured, or plain ``http`` to a host other than this machine.
    """
    url = settings.caldav_url
    if not url:
        raise CalendarSyncFailed({"reason": "not_configured"})
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or (parts.scheme == "http" and not _loopback(parts.hostname)):
        raise CalendarSyncFailed({"reason": "insecure"})
    client = DAVClient(
        url=url,
        username=settings.caldav_username,
        password=settings.caldav_password,
        timeout=int(settings.caldav_timeout),
    )
    return client.calendar(url=url)


def _server_call(work: Any) -> Any:
    # The client's own exceptions carry URLs and server text: report a typed reason instead.
    try:
        return work()
    except dav_error.AuthorizationError:
        raise CalendarSyncFailed({"reason": "unauthorized"}) from None
    except (dav_error.DAVError, requests.exceptions.RequestException, OSError, ValueError):
        raise CalendarSyncFailed() from None


def push(db: Database, calendar: Any, now: datetime) -> int:
    """Write every consultation booked here and not yet pushed to ``calendar``; how many were written."""
    with db.session() as session:
        rows = session.scalars(
            select(Consultation.event_id)
            .where(Consultation.source == "pharmai", Consultation.synced_at.is_(None))
            .order_by(Consultation.starts_at)
        ).all()
    pushed = 0
    for event_id in rows:
        event = _load(db, event_id)
        if event is None:  # removed meanwhile
            continue
        text = to_ical([event]).decode()
        _server_call(lambda text=text: calendar.save_event(text))
        with db.session(write=True) as session:
            row = session.get(Consultation, event_id)
            if row is not None:
                row.synced_at = now.astimezone(UTC)
        pushed += 1
    return pushed


def _load(db: Database, event_id: str) -> Event | None:
    with db.session() as session:
        return load_event(session, event_id)


def _import(db: Database, item: ParsedEvent, now: datetime) -> str:
    # One transaction per event: a rule one event breaks never undoes another's import.
    try:
        with db.session(write=True) as session:
            if session.scalar(select(Consultation.event_id).where(Consultation.uid == item.uid)) is not None:
                return "unchanged"
            store = None
            if item.store_id:
                try:
                    store = get_store(session, item.store_id)
                except (StoreNotFound, ValidationFailed):
                    store = None  # a store this deployment lacks: fall back to LOCATION
            if store is None:
                store = resolve_store(session, None, item.location)
            event = book(
                session,
                store=store,
                start=item.start,
                end=item.end,
                title=(item.summary.strip() or _DEFAULT_TITLE)[:TITLE_MAX],
                description=(item.description or "")[:2000] or None,
                calendar_name=None,
                now=now,
                all_day=item.all_day,
                source="caldav",
                uid=item.uid[:255],
            )
            row = session.get(Consultation, event.event_id)
            assert row is not None
            row.synced_at = now.astimezone(UTC)
    except InvalidSlot as exc:
        return str((exc.details or {}).get("reason", "invalid_slot"))
    except SlotTaken:
        return "slot_taken"
    except StoreNotFound:
        return "unknown_store"
    except PharmaiError:
        return "invalid"
    return "pulled"


def pull(db: Database, calendar: Any, now: datetime, report: SyncReport) -> None:
    """Import the events of ``calendar`` the database does not hold yet, into ``report``."""
    objects = _server_call(calendar.events)
    for obj in objects:
        data = _server_call(lambda obj=obj: obj.data)
        try:
            items = parse_ical(data)
        except PharmaiError:
            report.skipped["unreadable"] += 1
            continue
        for item in items:
            outcome = _import(db, item, now)
            if outcome == "pulled":
                report.pulled += 1
            elif outcome == "unchanged":
                report.unchanged += 1
            else:
                report.skipped[outcome] += 1


def sync(db: Database, calendar: Any, now: datetime) -> SyncReport:
    """Push, then pull (so this run's own pushes come back as unchanged, not as new events)."""
    report = SyncReport()
    report.pushed = push(db, calendar, now)
    pull(db, calendar, now, report)
    return report
