"""The pharmacist's assistant over HTTP (``/v1/staff/assistant``), through the real app and database.

A member of staff opens an assistant conversation, asks for clinical scores and customers, and books a
consultation slot with an explicit approval, in Hebrew and English; only its owner reaches a conversation,
a console session needs its CSRF token on every POST, a customer's token opens none of it (and the
customer endpoints none of the staff's conversations), and the audit rows name the member of staff by
surrogate and hold no personal data.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db._models_calendar import Consultation
from pharmai.db.models import AuditLog, Patient, StaffAccount
from pharmai.tools import Actor, SurrogateRefs
from tests import _staff as staff_support
from tests.api.conftest import STAFF, AppFactory, open_conversation, parse_sse
from tests.conftest import TODAY
from tests.handoff.support import NOW, bearer

BASE = "/v1/staff/assistant"
TOMORROW = date.fromordinal(TODAY.toordinal() + 1)
AUDIT_SECRET = "assistant-http-test"

SCORES = {
    "en": ("CrCl for a 65 year old woman, 60 kg, creatinine 0.9 mg/dL", "59.0"),
    "he": ('תחשב פינוי קריאטינין לגבר בן 70, 72 ק"ג, קריאטינין 1.1', "63.6"),
}
LOOKUPS = {
    "en": ("pull up the customer with phone 050-123-4567", "David Cohen", "u002"),
    "he": ("מי הלקוחה עם הטלפון 058-333-4444?", "דנה מזרחי", "u005"),
}
BOOKINGS = {
    "en": ("book a consultation tomorrow at 11:30 in Dizengoff", "Booked"),
    "he": ("תקבע ייעוץ מחר בשעה 11:30 בדיזנגוף", "נקבע"),
}


@pytest.fixture
def app(make_client: AppFactory) -> TestClient:
    return make_client(audit_secret=AUDIT_SECRET)


def _open(client: TestClient, headers: dict[str, str], language: str = "en") -> str:
    created = client.post(f"{BASE}/conversations", json={"language": language}, headers=headers)
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["language"] == language and body["store_id"] == "s1" and body["engine"] == "offline"
    return str(body["conversation_id"])


def _say(client: TestClient, cid: str, headers: dict[str, str], text: str) -> list[tuple[str, dict[str, Any]]]:
    response = client.post(f"{BASE}/conversations/{cid}/messages", json={"content": text}, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(response.text)
    assert events[-1][0] == "message.done", events
    return events


def _done(events: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return events[-1][1]


def _result(events: list[tuple[str, dict[str, Any]]], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(d["result"] for e, d in events if e == "tool.result" and d["name"] == name)
    return found


def _hebrew(text: str) -> bool:
    return any("\u0590" <= ch <= "\u05ff" for ch in text)


def _staff_id(db: Database, username: str) -> str:
    with db.session() as session:
        return str(session.scalar(select(StaffAccount.staff_id).where(StaffAccount.username == username)))


def _consultations(db: Database) -> int:
    with db.session() as session:
        return len(session.scalars(select(Consultation)).all())


# --- what a pharmacist does with it -------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_score_and_a_customer_lookup_stream_back(app: TestClient, db: Database, language: str) -> None:
    dana = bearer(db, "dana", "pharmacist")
    cid = _open(app, dana, language)

    message, value = SCORES[language]
    turn = _say(app, cid, dana, message)
    names = [(e, d["name"]) for e, d in turn if e in ("tool.call", "tool.result")]
    assert names == [("tool.call", "calculate_medical_score"), ("tool.result", "calculate_medical_score")]
    score = _result(turn, "calculate_medical_score")
    assert score["ok"] is True and score["score"] == "renal_dosing"
    done = _done(turn)
    assert value in done["reply"] and done["language"] == language
    assert _hebrew(done["reply"]) == (language == "he")
    assert "".join(d["text"] for e, d in turn if e == "message.delta") == done["reply"]  # streamed

    message, name, customer = LOOKUPS[language]
    turn = _say(app, cid, dana, message)
    found = _result(turn, "lookup_customer")
    assert found["ok"] is True and found["id"] == customer
    assert name in _done(turn)["reply"]

    transcript = app.get(f"{BASE}/conversations/{cid}", headers=dana)
    assert transcript.status_code == 200, transcript.text
    body = transcript.json()
    assert body["conversation_id"] == cid and body["pending_confirmation"] is None
    assert [[c["name"] for c in t["tool_calls"]] for t in body["turns"]] == [
        ["calculate_medical_score"],
        ["lookup_customer"],
    ]
    assert body["turns"][0]["user"] == SCORES[language][0] and value in body["turns"][0]["reply"]


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_booking_waits_for_approval_and_lands_once(app: TestClient, db: Database, language: str) -> None:
    dana = bearer(db, "dana", "pharmacist")
    cid = _open(app, dana, language)
    before = _consultations(db)
    message, booked = BOOKINGS[language]
    asked = _say(app, cid, dana, message)
    required = [d for e, d in asked if e == "confirmation.required"]
    assert len(required) == 1 and required[0]["tool"] == "create_calendar_event", asked
    assert _consultations(db) == before  # nothing booked before the approval
    pending = app.get(f"{BASE}/conversations/{cid}", headers=dana).json()["pending_confirmation"]
    assert pending["id"] == required[0]["id"]

    approved = app.post(f"{BASE}/confirmations/{pending['id']}/approve", headers=dana)
    assert approved.status_code == 200, approved.text
    events = parse_sse(approved.text)
    done = _done(events)
    assert booked in done["reply"] and "11:30" in done["reply"] and done["language"] == language
    assert _result(events, "create_calendar_event")["ok"] is True
    assert _consultations(db) == before + 1

    again = app.post(f"{BASE}/confirmations/{pending['id']}/approve", headers=dana)
    assert again.status_code == 409 and again.json()["error"]["code"] == "CONFIRMATION_DENIED"
    assert _consultations(db) == before + 1


def test_a_denied_booking_books_nothing(app: TestClient, db: Database) -> None:
    dana = bearer(db, "dana", "pharmacist")
    cid = _open(app, dana, "en")
    before = _consultations(db)
    asked = _say(app, cid, dana, "book a consultation tomorrow at 12:30 in Dizengoff")
    confirmation = next(d for e, d in asked if e == "confirmation.required")
    denied = app.post(f"{BASE}/confirmations/{confirmation['id']}/deny", headers=dana)
    assert denied.status_code == 200, denied.text
    assert parse_sse(denied.text)[-1][0] == "message.done"
    assert _consultations(db) == before
    assert app.get(f"{BASE}/conversations/{cid}", headers=dana).json()["pending_confirmation"] is None


def test_the_caller_s_role_is_what_the_tools_check(app: TestClient, db: Database) -> None:
    tom = bearer(db, "tom", "technician")
    cid = _open(app, tom, "en")
    refused = _say(app, cid, tom, "book a consultation tomorrow at 12:00 in Jerusalem")
    results = [d["result"] for e, d in refused if e == "tool.result" and d["name"] == "create_calendar_event"]
    assert results and results[-1]["error"]["code"] == "FORBIDDEN"
    assert "pharmacist" in _done(refused)["reply"]
    assert app.get(f"{BASE}/conversations/{cid}", headers=tom).json()["pending_confirmation"] is None


# --- who may use it -----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_colleague_s_conversation_is_as_unknown_as_a_made_up_one(
    app: TestClient, db: Database, language: str
) -> None:
    dana = bearer(db, "dana", "pharmacist")
    noa = bearer(db, "noa", "pharmacist")
    cid = _open(app, dana, language)
    asked = _say(app, cid, dana, BOOKINGS[language][0])
    confirmation = next(d for e, d in asked if e == "confirmation.required")
    headers = {**noa, "Accept-Language": language}
    for path in (cid, "conv_made_up_0000"):
        read = app.get(f"{BASE}/conversations/{path}", headers=headers)
        said = app.post(f"{BASE}/conversations/{path}/messages", json={"content": "hi"}, headers=headers)
        assert read.status_code == said.status_code == 404
        assert read.json()["error"]["code"] == "NOT_FOUND" and _hebrew(read.json()["error"]["message"]) == (
            language == "he"
        )
    for action in ("approve", "deny"):
        theirs = app.post(f"{BASE}/confirmations/{confirmation['id']}/{action}", headers=headers)
        unknown = app.post(f"{BASE}/confirmations/cf_made_up_000/{action}", headers=headers)
        assert theirs.status_code == unknown.status_code == 404
        assert theirs.json() == unknown.json()
    # Still pending for its owner, who books it.
    assert (
        app.get(f"{BASE}/conversations/{cid}", headers=dana).json()["pending_confirmation"]["id"]
        == (confirmation["id"])
    )


def test_a_console_session_needs_its_csrf_token_on_every_post(app: TestClient, db: Database) -> None:
    staff_support.add(db, "dana", "pharmacist", NOW)
    signed = app.post("/staff/session", json={"username": "dana", "password": staff_support.PASSWORD})
    assert signed.status_code == 200, signed.text
    csrf = {"X-CSRF-Token": signed.json()["csrf_token"]}

    refused = app.post(f"{BASE}/conversations", json={"language": "he"})
    assert refused.status_code == 403 and refused.json()["error"]["details"] == {"reason": "csrf"}
    wrong = app.post(f"{BASE}/conversations", json={"language": "he"}, headers={"X-CSRF-Token": "x" * 43})
    assert wrong.status_code == 403
    cid = _open(app, csrf, "he")

    message = SCORES["he"][0]
    no_token = app.post(f"{BASE}/conversations/{cid}/messages", json={"content": message})
    assert no_token.status_code == 403 and no_token.json()["error"]["details"] == {"reason": "csrf"}
    assert SCORES["he"][1] in _done(_say(app, cid, csrf, message))["reply"]
    assert app.get(f"{BASE}/conversations/{cid}").status_code == 200  # reading needs the cookie only

    # The same account's personal token reaches the same conversation (one owner, two credentials).
    token, _ = staff_support.token_for(db, "dana", NOW)
    app.cookies.clear()
    assert app.get(f"{BASE}/conversations/{cid}", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_no_credential_and_a_customer_token_are_refused(make_client: AppFactory, db: Database) -> None:
    demo = make_client(identity_mode="demo")
    dana = bearer(db, "dana", "pharmacist")
    cid = _open(demo, dana, "en")
    _, customer = open_conversation(demo, identity_mode="demo", user_id="u001")
    for headers in ({}, customer):
        assert demo.post(f"{BASE}/conversations", json={}, headers=headers).status_code == 401
        assert demo.get(f"{BASE}/conversations/{cid}", headers=headers).status_code == 401
        said = demo.post(f"{BASE}/conversations/{cid}/messages", json={"content": "hi"}, headers=headers)
        assert said.status_code == 401 and said.json()["error"]["code"] == "UNAUTHENTICATED"
    # Without a bootstrap key and without any staff credential the staff endpoints are not there at all.
    keyless = make_client(staff_api_key=None)
    assert keyless.post(f"{BASE}/conversations", json={}).status_code == 404


def test_the_customer_endpoints_never_open_a_staff_conversation(make_client: AppFactory, db: Database) -> None:
    demo = make_client(identity_mode="demo")
    dana = bearer(db, "dana", "pharmacist")
    cid = _open(demo, dana, "en")
    asked = _say(demo, cid, dana, BOOKINGS["en"][0])
    confirmation = next(d for e, d in asked if e == "confirmation.required")
    _, customer = open_conversation(demo, identity_mode="demo", user_id="u001")
    for headers in (customer, dana, STAFF):
        assert demo.get(f"/v1/conversations/{cid}", headers=headers).status_code == 404
        said = demo.post(f"/v1/conversations/{cid}/messages", json={"content": "who is u002?"}, headers=headers)
        assert said.status_code == 404
        approved = demo.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers)
        assert approved.status_code == 404
    assert demo.get(f"/v1/conversations/{cid}").status_code == 401
    # Untouched: still pending, nothing booked by anyone but its owner.
    assert demo.get(f"{BASE}/conversations/{cid}", headers=dana).json()["pending_confirmation"] is not None


# --- what it leaves behind ----------------------------------------------------------------------------


def test_audit_rows_carry_the_staff_surrogate_and_no_personal_data(app: TestClient, db: Database) -> None:
    dana = bearer(db, "dana", "pharmacist")
    cid = _open(app, dana, "he")
    _say(app, cid, dana, SCORES["he"][0])
    _say(app, cid, dana, LOOKUPS["he"][0])
    _say(app, cid, dana, LOOKUPS["en"][0])

    ref = SurrogateRefs(AUDIT_SECRET).actor(Actor(id=_staff_id(db, "dana"), role="pharmacist"))
    with db.session() as session:
        rows = session.scalars(select(AuditLog).where(AuditLog.channel == "staff")).all()
        customers = [session.get(Patient, pid) for pid in ("u002", "u005")]
        pii = [v for p in customers if p is not None for v in (p.phone, p.email, p.name_he, p.name_en)]
    tools = sorted(r.tool for r in rows)
    assert tools == ["calculate_medical_score", "lookup_customer", "lookup_customer"], tools
    assert {r.actor_ref for r in rows} == {ref} and {r.outcome for r in rows} == {"ok"}
    blob = repr([{c.name: getattr(r, c.name) for c in AuditLog.__table__.columns} for r in rows])
    for secret in (*pii, "050-123-4567", "058-333-4444", "dana", "u002", "u005", "קריאטינין"):
        assert secret not in blob, secret
    # The audit API lists them under the same surrogate.
    listed = app.get("/v1/audit", params={"actor_ref": ref, "limit": 100}, headers=STAFF).json()["rows"]
    assert sorted(r["tool"] for r in listed) == tools
