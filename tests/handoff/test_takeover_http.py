"""Handoff and takeover over HTTP (TestClient, real database): a Hebrew conversation is handed off, a
pharmacist claims it, the assistant falls silent, the customer gets the pharmacist's messages, the
pharmacist hands back and resolves; roles, CSRF and audit rows without PHI."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import AuditLog, Patient
from tests import _staff as staff_support
from tests.api.conftest import STAFF, AppFactory
from tests.handoff.support import NOW, bearer, events_of, open_conversation, say


@pytest.fixture
def demo(make_client: AppFactory) -> TestClient:
    return make_client(identity_mode="demo")


def _handed_off(client: TestClient, language: str = "he") -> tuple[str, dict[str, str], dict[str, Any]]:
    cid, customer = open_conversation(client, language)
    message = "אני רוצה לדבר עם רוקח" if language == "he" else "I want to talk to a pharmacist"
    turn = say(client, cid, customer, message)
    result = next(d for e, d in turn if e == "tool.result" and d["name"] == "transfer_to_pharmacist")
    return cid, customer, result["result"]["ticket"]


def _customer_events(client: TestClient, cid: str, headers: dict[str, str], after: int = 0) -> list[tuple[str, Any]]:
    response = client.get(f"/v1/conversations/{cid}/events", params={"after": after, "wait": 0}, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    return events_of(response.text)


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_pharmacist_takes_over_answers_hands_back_and_resolves(demo: TestClient, db: Database, language: str) -> None:
    cid, customer, ticket = _handed_off(demo, language)
    dana = bearer(db, "dana", "pharmacist")

    queue = demo.get("/v1/staff/queue", headers=dana).json()
    listed = next(t for t in queue["tickets"] if t["ticket_id"] == ticket["ticket_id"])
    assert listed["status"] == "open" and listed["type"] == "handoff" and listed["case_number"].startswith("PH-")
    assert listed["conversation_id"] == cid and listed["language"] == language and listed["store_id"] == "s1"

    claimed = demo.post(f"/v1/staff/tickets/{listed['case_number']}/claim", headers=dana)
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["ticket"]["status"] == "in_progress" and claimed.json()["ticket"]["mine"] is True

    # Held: the customer's message reaches the pharmacist, and the assistant says nothing.
    question = "יש לכם אקמול במלאי?" if language == "he" else "Do you have Acamol in stock?"
    turn = say(demo, cid, customer, question)
    assert [e for e, _ in turn] == ["message.done"]
    done = turn[0][1]
    assert done["held"] is True and done["reply"] == ""
    assert ("רוקח" in done["notice"]) if language == "he" else ("pharmacist" in done["notice"])

    transcript = demo.get(f"/v1/staff/tickets/{ticket['ticket_id']}/conversation", headers=dana).json()
    assert transcript["held_by_me"] is True
    roles = [(m["role"], m.get("held"), m.get("event")) for m in transcript["messages"]]
    assert roles[-2:] == [("event", None, "pharmacist_joined"), ("user", True, None)]
    assistant = next(m for m in transcript["messages"] if m["role"] == "assistant")
    assert [c["name"] for c in assistant["tool_calls"]] == ["transfer_to_pharmacist"]  # the tool trace
    assert transcript["messages"][-1]["text"] == question

    answer = "כן, יש במלאי בסניף שלך." if language == "he" else "Yes, it is in stock at your store."
    sent = demo.post(f"/v1/staff/tickets/{ticket['ticket_id']}/reply", json={"text": answer}, headers=dana)
    assert sent.status_code == 200, sent.text
    assert sent.json()["language"] == language

    seen = _customer_events(demo, cid, customer)
    assert seen[0] == ("status", {"held": True, "seq": 0})
    assert [e for e, _ in seen[1:]] == ["pharmacist_joined", "pharmacist_message"]
    assert seen[2][1]["text"] == answer and seen[2][1]["language"] == language
    assert "staff_id" not in seen[2][1]  # the customer never learns who, internally, answered
    # A reconnect after the last id misses nothing and repeats nothing.
    assert [e for e, _ in _customer_events(demo, cid, customer, after=seen[2][1]["seq"])] == ["status"]

    back = demo.post(f"/v1/staff/tickets/{ticket['ticket_id']}/hand-back", headers=dana)
    assert back.status_code == 200 and back.json()["released"] is True
    assert [e for e, _ in _customer_events(demo, cid, customer, after=seen[2][1]["seq"])][1:] == ["pharmacist_left"]

    turn = say(demo, cid, customer, question)  # the assistant answers again
    assert "tool.call" in [e for e, _ in turn] and turn[-1][0] == "message.done" and turn[-1][1]["reply"]

    resolved = demo.post(f"/v1/staff/tickets/{ticket['ticket_id']}/resolve", json={"note": "נענה בטלפון"}, headers=dana)
    assert resolved.status_code == 200 and resolved.json()["ticket"]["status"] == "resolved"
    detail = demo.get(f"/v1/staff/tickets/{ticket['ticket_id']}", headers=dana).json()
    assert detail["notes"][0]["kind"] == "resolution" and detail["notes"][0]["body"] == "נענה בטלפון"
    again = demo.post(f"/v1/staff/tickets/{ticket['ticket_id']}/resolve", headers=dana)
    assert again.status_code == 409 and again.json()["error"]["code"] == "INVALID_OPERATION"


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_holder_takes_over_again_after_handing_back(demo: TestClient, db: Database, language: str) -> None:
    cid, customer, ticket = _handed_off(demo, language)
    dana = bearer(db, "dana", "pharmacist")
    path = f"/v1/staff/tickets/{ticket['ticket_id']}"
    assert demo.post(path + "/claim", headers=dana).status_code == 200
    back = demo.post(path + "/hand-back", headers=dana)
    assert back.status_code == 200 and back.json()["released"] is True
    seen = _customer_events(demo, cid, customer)
    assert seen[0][1]["held"] is False and [e for e, _ in seen[1:]] == ["pharmacist_joined", "pharmacist_left"]

    again = demo.post(path + "/claim", headers=dana)  # the ticket is still hers (in_progress)
    assert again.status_code == 200, again.text
    assert again.json()["held"] is True and again.json()["ticket"]["status"] == "in_progress"
    assert demo.get(path, headers=dana).json()["held_by_me"] is True

    # The customer is told, as on the first claim, and only once: a repeated claim adds nothing.
    assert demo.post(path + "/claim", headers=dana).status_code == 200
    after = seen[-1][1]["seq"]
    told = _customer_events(demo, cid, customer, after=after)
    assert told[0][1]["held"] is True and [e for e, _ in told[1:]] == ["pharmacist_joined"]
    assert told[1][1]["case_number"] == seen[1][1]["case_number"]  # the same ticket as the first join

    # Held again: the assistant is silent and the customer's message waits for the pharmacist.
    question = "יש לכם אקמול במלאי?" if language == "he" else "Do you have Acamol in stock?"
    turn = say(demo, cid, customer, question)
    assert [e for e, _ in turn] == ["message.done"]
    done = turn[0][1]
    assert done["held"] is True and done["reply"] == ""
    assert ("רוקח" in done["notice"]) if language == "he" else ("pharmacist" in done["notice"])
    answer = "כן, יש במלאי." if language == "he" else "Yes, it is in stock."
    assert demo.post(path + "/reply", json={"text": answer}, headers=dana).status_code == 200
    assert [d.get("text") for e, d in _customer_events(demo, cid, customer, after=after)[2:]] == [answer]


def test_a_second_claim_is_refused_and_roles_are_enforced(demo: TestClient, db: Database) -> None:
    _, customer, ticket = _handed_off(demo)
    dana, noa = bearer(db, "dana", "pharmacist"), bearer(db, "noa", "pharmacist")
    tom = bearer(db, "tom", "technician")
    path = f"/v1/staff/tickets/{ticket['ticket_id']}"

    assert demo.post(path + "/claim", headers=tom).status_code == 403  # technicians do not take over chats
    assert demo.post(path + "/claim", headers=STAFF).status_code == 403  # nor the bootstrap admin
    assert demo.post(path + "/claim", headers=dana).status_code == 200
    second = demo.post(path + "/claim", headers=noa, params={"lang": "he"})
    assert second.status_code == 409
    assert second.json()["error"]["details"] == {"reason": "claimed"}
    assert "עמית/ה" in second.json()["error"]["message"]
    refused = demo.post(path + "/reply", json={"text": "hello"}, headers=noa)
    assert refused.status_code == 409 and refused.json()["error"]["details"]["reason"] == "not_holder"
    assert demo.post(path + "/reply", json={"text": "hello"}, headers=tom).status_code == 403
    assert demo.post(path + "/reply", json={"text": ""}, headers=dana).status_code == 422
    assert demo.get(path, headers=tom).status_code == 200  # every role reads the queue

    # A customer's token opens no staff endpoint, and no staff credential opens nothing.
    assert demo.get("/v1/staff/queue", headers=customer).status_code == 401
    assert demo.post(path + "/claim", headers=customer).status_code == 401
    assert demo.get("/v1/staff/queue").status_code == 401
    assert demo.get("/v1/staff/tickets/t-nothing", headers=dana).status_code == 404
    assert demo.get("/v1/staff/tickets/PH-999999", headers=dana).json()["error"]["code"] == "TICKET_NOT_FOUND"


def test_customer_events_need_the_conversation_token(demo: TestClient) -> None:
    cid, _ = open_conversation(demo)
    other, other_headers = open_conversation(demo)
    assert demo.get(f"/v1/conversations/{cid}/events", params={"wait": 0}).status_code == 401
    assert demo.get(f"/v1/conversations/{cid}/events", params={"wait": 0}, headers=other_headers).status_code == 404
    assert demo.get(f"/v1/conversations/{other}/events", params={"wait": 0}, headers=other_headers).status_code == 200


def test_the_console_session_needs_csrf_for_takeover(demo: TestClient, db: Database) -> None:
    _, _, ticket = _handed_off(demo)
    staff_support.add(db, "dana", "pharmacist", NOW)
    signed = demo.post("/staff/session", json={"username": "dana", "password": staff_support.PASSWORD})
    assert signed.status_code == 200, signed.text
    csrf = signed.json()["csrf_token"]
    assert demo.get("/v1/staff/queue").status_code == 200  # reading needs no token
    path = f"/v1/staff/tickets/{ticket['ticket_id']}/claim"
    refused = demo.post(path)
    assert refused.status_code == 403 and refused.json()["error"]["details"] == {"reason": "csrf"}
    assert demo.post(path, headers={"X-CSRF-Token": csrf}).status_code == 200


def test_audit_rows_name_the_actor_and_hold_no_phi(demo: TestClient, db: Database) -> None:
    cid, customer, ticket = _handed_off(demo)
    dana = bearer(db, "dana", "pharmacist")
    path = f"/v1/staff/tickets/{ticket['ticket_id']}"
    demo.post(path + "/claim", headers=dana)
    secret_text = "הטלפון שלי 050-1234567 ושמי דנה"
    say(demo, cid, customer, secret_text)
    demo.post(path + "/reply", json={"text": "תודה, נחזור אליך"}, headers=dana)
    tom = bearer(db, "tom", "technician")
    with db.session() as s:
        patient = s.get(Patient, "u001")
        assert patient is not None
        phone, email, name_he, name_en = patient.phone, patient.email, patient.name_he, patient.name_en
    found = demo.post(
        "/v1/tools/lookup_customer/invoke", json={"arguments": {"phone": phone}, "profile": "staff"}, headers=tom
    ).json()
    assert found["ok"] is True and found["result"]["id"] == "u001"
    demo.post(path + "/resolve", json={"note": f"called {phone}"}, headers=dana)

    rows = demo.get("/v1/audit", params={"limit": 1000}, headers=STAFF).json()["rows"]
    actions = {r["tool"]: r for r in rows}
    for action in ("handoff.claim", "handoff.reply", "handoff.resolve", "lookup_customer"):
        assert actions[action]["actor_ref"] and actions[action]["outcome"] == "ok", action
    assert actions["handoff.claim"]["actor_ref"] == actions["handoff.reply"]["actor_ref"]
    assert actions["lookup_customer"]["actor_ref"] != actions["handoff.claim"]["actor_ref"]
    with db.session() as s:
        stored = [
            tuple(
                str(v)
                for v in (
                    r.tool,
                    r.tool_call_id,
                    r.conversation_id,
                    r.channel,
                    r.patient_ref,
                    r.actor_ref,
                    r.error_code,
                )
            )
            for r in s.scalars(select(AuditLog))
        ]
    blob = repr(stored)
    for phi in (phone, phone[-7:], email, name_he, name_en, secret_text, "050-1234567", "dana"):
        assert phi not in blob, phi


def test_the_staff_streams_replay_the_queue_and_the_conversation(demo: TestClient, db: Database) -> None:
    cid, customer, ticket = _handed_off(demo, "en")
    tom = bearer(db, "tom", "technician")
    queue = demo.get("/v1/staff/queue/events", params={"wait": 0}, headers=tom)
    assert queue.status_code == 200 and queue.headers["content-type"].startswith("text/event-stream")
    (name, data), *_ = events_of(queue.text)
    assert name == "queue" and ticket["ticket_id"] in [t["ticket_id"] for t in data["tickets"]]
    assert data["count"] == len(data["tickets"])

    path = f"/v1/staff/tickets/{ticket['ticket_id']}/events"
    rows = events_of(demo.get(path, params={"wait": 0}, headers=tom).text)
    assert [(e, d["role"]) for e, d in rows] == [("message", "user"), ("message", "assistant")]
    assert rows[1][1]["tool_calls"][0]["name"] == "transfer_to_pharmacist"
    resumed = demo.get(path, params={"wait": 0}, headers={**tom, "Last-Event-ID": str(rows[0][1]["seq"])})
    assert [d["seq"] for _, d in events_of(resumed.text)] == [rows[1][1]["seq"]]
    assert demo.get(path, params={"wait": 0}, headers=customer).status_code == 401
    assert (
        demo.get(f"/v1/conversations/{cid}/events", params={"wait": 0, "after": -1}, headers=customer).status_code
        == 422
    )
