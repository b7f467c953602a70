"""Staff ``get_calendar_events`` and ``create_calendar_event`` through the registry and the real executor:
roles (least privilege), confirmation, typed errors in English and Hebrew, audit rows without the title,
and fifty concurrent approved bookings of one slot creating exactly one event."""

from __future__ import annotations

import functools
import logging
import threading
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db._models_calendar import Consultation
from pharmai.db.models import AuditLog
from pharmai.tools import Actor, Executor, Principal, ToolContext
from pharmai.toolsets import registry_for
from pharmai.toolsets.staff import TOOL_ROLES
from tests.conftest import TODAY
from tests.toolsets._helpers import error, hebrew
from tests.toolsets.conftest import Session

TUESDAY = (TODAY + timedelta(days=2)).isoformat()  # TODAY is a Sunday; Tuesday is always in the future
PHARMACIST = Actor(id="acc-pharmacist", role="pharmacist")
ADMIN = Actor(id="acc-admin", role="admin")
TECHNICIAN = Actor(id="acc-technician", role="technician")
#: A title naming a (made-up) patient: it must reach the calendar, never an audit row or a log line.
CANARY = "Consultation for Zelda Canary-Patient 054-000-1234"

StaffMaker = Callable[..., Session]


@pytest.fixture
def staff(make_executor: Callable[..., Executor], db: Database) -> StaffMaker:
    executor = make_executor("staff")

    def make(actor: Actor | None = PHARMACIST, language: str = "en", principal: Principal | None = None) -> Session:
        context = ToolContext(
            principal=principal or Principal.staff(actor.id if actor else "nobody"),
            conversation_id=f"staff-{uuid.uuid4().hex[:12]}",
            language=language,
            channel="test",
            db=db,
            clock=Clock(TODAY),
            actor=actor,
        )
        return Session(executor, context)

    return make


def _booking(hour: str = "10:00", **extra: Any) -> dict[str, Any]:
    return {"title": "Medication review", "start_datetime": f"{TUESDAY}T{hour}", **extra}


def _events(db: Database) -> list[Consultation]:
    with db.session() as s:
        return list(s.scalars(select(Consultation).order_by(Consultation.starts_at)))


# --- registration and roles -----------------------------------------------------------------------------


def test_the_calendar_tools_are_staff_tools_with_least_privilege() -> None:
    registry = registry_for("staff")
    read, write = registry.get("get_calendar_events"), registry.get("create_calendar_event")
    assert read is not None and write is not None
    assert read.read_only and read.roles == ("admin", "pharmacist", "technician")
    assert write.kind == "WRITE" and write.confirm and write.roles == ("admin", "pharmacist")
    assert TOOL_ROLES["create_calendar_event"] == frozenset({"admin", "pharmacist"})
    assert not read.phi and not write.phi  # staff sessions carry no verified patient
    assert read.title_he and write.title_he
    for field in ("title", "start_datetime", "end_datetime", "location", "description", "calendar_name", "all_day"):
        assert field in write.input_model.model_fields  # seed 003's argument names
    for field in ("start_date", "end_date", "calendar_name", "max_results"):
        assert field in read.input_model.model_fields
    for profile in ("canonical", "seed-000", "seed-001", "seed-002"):
        assert "create_calendar_event" not in registry_for(profile).names()


def test_a_technician_may_read_but_not_book(staff: StaffMaker, db: Database) -> None:
    technician = staff(TECHNICIAN)
    assert technician.call("get_calendar_events", {"start_date": TUESDAY, "end_date": TUESDAY})["ok"] is True
    err = error(technician.call("create_calendar_event", _booking()))
    assert err["code"] == "FORBIDDEN" and err["details"] == {"reason": "role", "roles": ["admin", "pharmacist"]}
    assert _events(db) == []


@pytest.mark.parametrize("name", ["get_calendar_events", "create_calendar_event"])
def test_a_customer_session_can_call_neither(staff: StaffMaker, db: Database, name: str) -> None:
    arguments = _booking() if name == "create_calendar_event" else {"start_date": TUESDAY, "end_date": TUESDAY}
    for customer in (staff(None, principal=Principal.patient("u002")), staff(None, principal=Principal.anonymous())):
        err = error(customer.call(name, arguments))
        assert err["code"] == "FORBIDDEN" and err["details"]["reason"] == "staff_only"
    assert _events(db) == []


# --- booking with confirmation -------------------------------------------------------------------------


def test_booking_waits_for_confirmation_then_books_once(staff: StaffMaker, db: Database) -> None:
    pharmacist = staff()
    first = error(pharmacist.call("create_calendar_event", _booking(location="Dizengoff")))
    assert first["code"] == "CONFIRMATION_REQUIRED"
    summary = first["details"]["summary"]
    assert "Tel Aviv – Dizengoff" in summary and "10:00–10:30" in summary and "Tue 3 Mar 2026" in summary
    assert _events(db) == []  # nothing before the approval
    done = pharmacist.approve(first["details"]["confirmation_id"])
    assert done["ok"] is True and done["created"] is True
    assert done["start"] == f"{TUESDAY}T10:00:00+02:00" and done["end"] == f"{TUESDAY}T10:30:00+02:00"
    assert done["store"] == {"store_id": "s1", "name": "Tel Aviv – Dizengoff"}
    assert done["message"].startswith("Consultation booked at Tel Aviv – Dizengoff")
    # Approving again writes nothing (the checks run again before the used-up proposal is even looked at).
    assert error(pharmacist.approve(first["details"]["confirmation_id"]))["code"] in {
        "SLOT_TAKEN",
        "CONFIRMATION_DENIED",
    }
    rows = _events(db)
    assert len(rows) == 1 and rows[0].created_by_ref and rows[0].created_by_ref != PHARMACIST.id
    listed = pharmacist.call("get_calendar_events", {"start_date": TUESDAY, "end_date": TUESDAY})
    assert listed["total_count"] == 1 and listed["events"][0]["id"] == done["event_id"]
    assert listed["date_range"] == f"{TUESDAY} to {TUESDAY}" and listed["timezone"] == "Asia/Jerusalem"


def test_an_admin_books_in_hebrew(staff: StaffMaker) -> None:
    admin = staff(ADMIN, language="he")
    done = admin.call_confirmed("create_calendar_event", _booking("09:00", store_id="s2", language="he"))
    assert done["ok"] is True and hebrew(done["message"]) and "ירושלים – רחוב יפו" in done["message"]
    err = error(admin.call("create_calendar_event", _booking("09:00", store_id="s2", language="he")))
    assert err["code"] == "SLOT_TAKEN" and hebrew(err["message"])
    # The next free slots of that day, to offer at once.
    assert err["details"]["alternatives"] == [f"{TUESDAY}T{t}:00+02:00" for t in ("09:30", "10:00", "10:30")]


def test_the_hebrew_summary_names_the_store_and_day(staff: StaffMaker) -> None:
    err = error(staff(language="he").call("create_calendar_event", _booking(location="ירושלים", language="he")))
    assert "ירושלים – רחוב יפו" in err["details"]["summary"] and "3 במרץ 2026" in err["details"]["summary"]


@pytest.mark.parametrize(
    ("arguments", "code", "reason"),
    [
        (_booking("10:15"), "INVALID_SLOT", "not_aligned"),
        (_booking("20:00"), "INVALID_SLOT", "outside_hours"),
        ({"title": "x", "start_datetime": "2020-01-05T10:00"}, "INVALID_SLOT", "past"),
        (
            {"title": "x", "start_datetime": f"{(TODAY + timedelta(days=6)).isoformat()}T10:00"},
            "INVALID_SLOT",
            "closed",
        ),
        (_booking(end_datetime=f"{TUESDAY}T11:00"), "INVALID_SLOT", "bad_length"),
        (_booking(all_day=True), "INVALID_SLOT", "all_day"),
        (_booking(store_id="s9"), "STORE_NOT_FOUND", None),
        (_booking(location="Haifa"), "STORE_NOT_FOUND", None),
    ],
)
@pytest.mark.parametrize("language", ["en", "he"])
def test_bad_bookings_are_refused_before_any_confirmation(
    staff: StaffMaker, db: Database, arguments: dict[str, Any], code: str, reason: str | None, language: str
) -> None:
    err = error(staff().call("create_calendar_event", {**arguments, "language": language}))
    assert err["code"] == code and (reason is None or err["details"]["reason"] == reason)
    assert hebrew(err["message"]) == (language == "he")
    assert _events(db) == []


@pytest.mark.parametrize(
    "arguments",
    [
        {"title": "", "start_datetime": f"{TUESDAY}T10:00"},
        {"title": "   ", "start_datetime": f"{TUESDAY}T10:00"},
        {"title": "x" * 10_000, "start_datetime": f"{TUESDAY}T10:00"},
        {"title": "x", "start_datetime": "x" * 10_000},
        {"title": "x", "start_datetime": "tomorrow at ten"},
        {"title": "x", "start_datetime": f"{TUESDAY}T10:00", "description": "x" * 10_000},
        {"title": "x", "start_datetime": f"{TUESDAY}T10:00", "store_id": "'; DROP TABLE stores; --"},
        {"title": "x", "start_datetime": f"{TUESDAY}T10:00", "patient_id": "u001"},
        {"start_datetime": f"{TUESDAY}T10:00"},
        {"title": 42, "start_datetime": f"{TUESDAY}T10:00"},
    ],
)
def test_malformed_arguments_are_validation_errors(staff: StaffMaker, db: Database, arguments: dict[str, Any]) -> None:
    err = error(staff().call("create_calendar_event", arguments))
    assert err["code"] == "VALIDATION_ERROR" and "Traceback" not in str(err) and "x" * 100 not in err["message"]
    assert _events(db) == []


@pytest.mark.parametrize(
    "arguments",
    [
        {"start_date": "2026-03-05", "end_date": "2026-03-01"},
        {"start_date": "2026-03-01", "end_date": "2027-03-01"},
        {"start_date": "2026-02-30", "end_date": "2026-03-01"},
        {"start_date": "yesterday", "end_date": "2026-03-01"},
        {"start_date": "0001-01-01", "end_date": "0001-01-02"},
        {"start_date": "9999-12-30", "end_date": "9999-12-31"},
        {"start_date": "2026-03-01", "end_date": "2026-03-02", "max_results": 0},
        {"start_date": "2026-03-01", "end_date": "2026-03-02", "max_results": 10_000},
    ],
)
def test_bad_ranges_are_validation_errors(staff: StaffMaker, arguments: dict[str, Any]) -> None:
    assert error(staff(TECHNICIAN).call("get_calendar_events", arguments))["code"] == "VALIDATION_ERROR"


def test_reading_an_unknown_store_is_a_typed_error(staff: StaffMaker) -> None:
    arguments = {"start_date": TUESDAY, "end_date": TUESDAY, "store_id": "s9"}
    assert error(staff().call("get_calendar_events", arguments))["code"] == "STORE_NOT_FOUND"


def test_audit_rows_and_logs_hold_no_title_or_notes(
    staff: StaffMaker, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    pharmacist = staff()
    arguments = _booking("12:00", title=CANARY, description=CANARY + " notes")
    assert pharmacist.call_confirmed("create_calendar_event", arguments)["ok"] is True
    pharmacist.call("get_calendar_events", {"start_date": TUESDAY, "end_date": TUESDAY})
    with db.session() as s:
        rows = s.scalars(select(AuditLog).where(AuditLog.conversation_id == pharmacist.context.conversation_id)).all()
        stored = " ".join(str(getattr(r, c.name)) for r in rows for c in AuditLog.__table__.columns)
    assert {r.tool for r in rows} == {"create_calendar_event", "get_calendar_events"}
    assert all(r.actor_ref for r in rows)
    for fragment in ("Zelda", "Canary", "054-000-1234"):
        assert fragment not in stored and fragment not in caplog.text


# --- concurrency -----------------------------------------------------------------------------------------


def _run_together(jobs: list[Callable[[], dict[str, Any]]]) -> list[dict[str, Any]]:
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [RuntimeError("not run")] * len(jobs)

    def work(index: int) -> None:
        barrier.wait()
        try:
            results[index] = jobs[index]()
        except BaseException as exc:  # reported below with the others
            results[index] = exc

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    errors = [r for r in results if isinstance(r, BaseException)]
    assert not errors, errors[:3]
    return results


def test_fifty_concurrent_approved_bookings_of_one_slot_create_exactly_one(staff: StaffMaker, db: Database) -> None:
    sessions = [staff() for _ in range(50)]
    proposals = [
        s.call("create_calendar_event", _booking("16:00", title=f"booking {i}")) for i, s in enumerate(sessions)
    ]
    ids = [p["error"]["details"]["confirmation_id"] for p in proposals]
    assert len(set(ids)) == 50
    results = _run_together([functools.partial(s.approve, c) for s, c in zip(sessions, ids, strict=True)])
    codes = Counter("ok" if r["ok"] else r["error"]["code"] for r in results)
    assert codes == {"ok": 1, "SLOT_TAKEN": 49}, codes
    assert len(_events(db)) == 1
