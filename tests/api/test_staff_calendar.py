"""The consultation calendar over HTTP: ``GET /staff/calendar.ics`` behind staff authentication, and
booking through ``POST /v1/tools/create_calendar_event/invoke`` with personal tokens of each role."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from pharmai.db import Database
from pharmai.pharmacy.calendar.ical import parse_ical
from tests import _staff as staff_support
from tests.api.conftest import STAFF, AppFactory
from tests.conftest import TODAY

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
TUESDAY = (TODAY + timedelta(days=2)).isoformat()


def _bearer(db: Database, username: str, role: str) -> dict[str, str]:
    staff_support.add(db, username, role, NOW)
    token, _ = staff_support.token_for(db, username, NOW)
    return {"Authorization": f"Bearer {token}"}


def _invoke(client: TestClient, headers: dict[str, str], name: str, arguments: dict[str, Any], **body: Any) -> Any:
    response = client.post(
        f"/v1/tools/{name}/invoke", json={"arguments": arguments, "profile": "staff", **body}, headers=headers
    )
    assert response.status_code == 200, response.text
    return response.json()


def _booking(hour: str, **extra: Any) -> dict[str, Any]:
    return {"title": "ייעוץ: בדיקת תרופות", "start_datetime": f"{TUESDAY}T{hour}", **extra}


def test_a_pharmacist_books_over_http_and_the_calendar_exports_it(make_client: AppFactory, db: Database) -> None:
    client = make_client()
    pharmacist = _bearer(db, "rina", "pharmacist")
    conversation = {"conversation_id": "staff-calendar-test"}  # a confirmation is bound to its conversation
    proposed = _invoke(client, pharmacist, "create_calendar_event", _booking("10:00"), **conversation)
    assert proposed["ok"] is False and proposed["error"]["code"] == "CONFIRMATION_REQUIRED"
    confirmation_id = proposed["error"]["details"]["confirmation_id"]
    done = _invoke(
        client, pharmacist, "create_calendar_event", _booking("10:00"), confirmation_id=confirmation_id, **conversation
    )
    assert done["ok"] is True and done["result"]["start"] == f"{TUESDAY}T10:00:00+02:00"

    technician = _bearer(db, "tal", "technician")
    response = client.get(
        "/staff/calendar.ics", params={"start_date": TUESDAY, "end_date": TUESDAY}, headers=technician
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/calendar")
    assert response.headers["cache-control"] == "no-store"
    [event] = parse_ical(response.content)
    assert event.uid == f"{done['result']['event_id']}@pharmai" and event.summary == "ייעוץ: בדיקת תרופות"
    assert event.start == datetime(2026, 3, 3, 8, 0, tzinfo=UTC) and event.location == "Tel Aviv – Dizengoff"
    hebrew = client.get("/staff/calendar.ics", params={"store_id": "s1", "language": "he"}, headers=STAFF)
    assert hebrew.status_code == 200 and parse_ical(hebrew.content)[0].location == "תל אביב – דיזנגוף"
    other_store = client.get("/staff/calendar.ics", params={"store_id": "s2"}, headers=STAFF)
    assert other_store.status_code == 200 and parse_ical(other_store.content) == []


def test_a_technician_cannot_book_over_http(make_client: AppFactory, db: Database) -> None:
    client = make_client()
    technician = _bearer(db, "tal", "technician")
    refused = _invoke(client, technician, "create_calendar_event", _booking("11:00"))
    assert refused["ok"] is False and refused["error"]["code"] == "FORBIDDEN"
    listed = _invoke(client, technician, "get_calendar_events", {"start_date": TUESDAY, "end_date": TUESDAY})
    assert listed["ok"] is True and listed["result"]["total_count"] == 0


def test_the_export_needs_a_staff_credential(client: TestClient) -> None:
    assert client.get("/staff/calendar.ics").status_code == 401
    assert client.get("/staff/calendar.ics", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.get("/staff/calendar.ics", headers={"Authorization": "Bearer ct_customer"}).status_code == 401


def test_bad_export_parameters_are_typed_errors(client: TestClient) -> None:
    for params in (
        {"store_id": "s9"},
        {"store_id": "'; DROP TABLE stores; --"},
        {"start_date": "yesterday"},
        {"start_date": "2026-02-30"},
        {"start_date": "2026-03-05", "end_date": "2026-03-01"},
        {"start_date": "2026-03-01", "end_date": "2027-03-01"},
        {"language": "fr"},
    ):
        response = client.get("/staff/calendar.ics", params=params, headers=STAFF)
        assert response.status_code in {404, 422}, (params, response.status_code)
        body = response.json()
        assert body["error"]["code"] in {"STORE_NOT_FOUND", "VALIDATION_ERROR"}, body
        assert "Traceback" not in response.text
