"""Customer endpoints: conversations, streamed turns, confirmations and transcripts, end to end."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import Conversation, Message, RefillRequest
from pharmai.pharmacy.identity import latest_outbox_code
from tests.api.conftest import STAFF, AppFactory, open_conversation, parse_sse, say


def _count(db: Database, model: type) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def _names(events: list[tuple[str, dict]]) -> list[str]:
    return [name for name, _ in events]


def _is_hebrew(text: str) -> bool:
    return any("\u0590" <= ch <= "\u05ff" for ch in text)


# --- opening conversations ------------------------------------------------------------------------


def test_open_defaults_to_otp_and_returns_a_token(client: TestClient, db: Database) -> None:
    response = client.post("/v1/conversations", json={})
    assert response.status_code == 201
    body = response.json()
    assert body["identity_mode"] == "otp" and body["language"] == "he" and body["store_id"] == "s1"
    assert body["user_id"] is None and body["engine"] == "offline" and len(body["token"]) > 30
    with db.session() as session:
        row = session.get(Conversation, body["conversation_id"])
        assert row is not None and row.token_hash and body["token"] not in row.token_hash
    assert client.post("/v1/conversations").status_code == 201  # no body at all is fine too


def test_demo_mode_binds_the_dropdown_patient(demo_client: TestClient) -> None:
    cid, headers = open_conversation(demo_client, identity_mode="demo", user_id="u002", language="en")
    events = say(demo_client, cid, headers, "What are my prescriptions?")
    calls = [data["name"] for name, data in events if name == "tool.call"]
    assert "get_user_prescriptions" in calls
    assert "Glucophage" in events[-1][1]["reply"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"identity_mode": "demo", "user_id": "u002"}, "VALIDATION_ERROR"),  # demo not enabled here
        ({"identity_mode": "identifier"}, "VALIDATION_ERROR"),
        ({"user_id": "u002"}, "VALIDATION_ERROR"),  # otp never names the patient
        ({"language": "fr"}, "VALIDATION_ERROR"),
        ({"store_id": "<script>"}, "VALIDATION_ERROR"),
        ({"store_id": "x" * 10_000}, "VALIDATION_ERROR"),
        ({"unexpected": 1}, "VALIDATION_ERROR"),
    ],
)
def test_open_refuses_bad_requests_and_stores_nothing(client: TestClient, db: Database, body: dict, code: str) -> None:
    before = _count(db, Conversation)
    response = client.post("/v1/conversations", json=body)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == code
    assert _count(db, Conversation) == before


def test_open_unknown_store_or_patient_is_404(demo_client: TestClient, db: Database) -> None:
    before = _count(db, Conversation)
    store = demo_client.post("/v1/conversations", json={"store_id": "s99"})
    assert store.status_code == 404 and store.json()["error"]["code"] == "STORE_NOT_FOUND"
    patient = demo_client.post("/v1/conversations", json={"identity_mode": "demo", "user_id": "u999"})
    assert patient.status_code == 404 and patient.json()["error"]["code"] == "PATIENT_NOT_FOUND"
    assert _count(db, Conversation) == before


def test_trusted_mode_needs_the_staff_key(client: TestClient) -> None:
    body = {"identity_mode": "trusted", "user_id": "u003", "language": "en"}
    assert client.post("/v1/conversations", json=body).status_code == 401
    response = client.post("/v1/conversations", json=body, headers=STAFF)
    assert response.status_code == 201 and response.json()["user_id"] == "u003"
    assert client.post("/v1/conversations", json={"identity_mode": "trusted"}, headers=STAFF).status_code == 422


# --- turns as Server-Sent Events ------------------------------------------------------------------


def test_hebrew_availability_turn_streams_in_order(client: TestClient) -> None:
    cid, headers = open_conversation(client)
    events = say(client, cid, headers, "יש אדוויל במלאי?")
    names = _names(events)
    assert names[-1] == "message.done" and names.count("message.done") == 1
    assert names.index("tool.call") < names.index("tool.result") < names.index("message.done")
    call = next(data for name, data in events if name == "tool.call")
    result = next(data for name, data in events if name == "tool.result")
    assert call["name"] == "inventory_check" and result["id"] == call["id"]
    assert result["result"]["ok"] is True and result["duration_ms"] >= 0
    done = events[-1][1]
    assert done["language"] == "he" and _is_hebrew(done["reply"]) and "אדוויל" in done["reply"]
    deltas = "".join(data["text"] for name, data in events if name == "message.delta")
    assert deltas  # the reply streamed before the final event


def test_english_turn_answers_in_english(client: TestClient) -> None:
    cid, headers = open_conversation(client, language="en")
    done = say(client, cid, headers, "Is Advil in stock?")[-1]
    assert done[0] == "message.done" and done[1]["language"] == "en"
    assert "out of stock" in done[1]["reply"]


@pytest.mark.parametrize(
    ("message", "language"),
    [("Should I take Advil or Tylenol for my headache?", "en"), ("האם כדאי לי לקחת אדוויל או אקמול?", "he")],
)
def test_advice_is_refused_in_both_languages(client: TestClient, message: str, language: str) -> None:
    cid, headers = open_conversation(client, language=language)
    done = say(client, cid, headers, message)[-1][1]
    assert done["language"] == language
    reply = done["reply"]
    if language == "en":
        assert "can't give medical advice" in reply and "pharmacist" in reply
    else:
        assert "ייעוץ רפואי" in reply and "רוקח" in reply


def test_customer_calls_need_the_conversation_token(client: TestClient, db: Database) -> None:
    cid, headers = open_conversation(client)
    other_cid, other_headers = open_conversation(client)
    path = f"/v1/conversations/{cid}/messages"
    before = _count(db, Message)
    assert client.post(path, json={"content": "hi"}).status_code == 401
    assert client.post(path, json={"content": "hi"}, headers={"Authorization": "Bearer wrong"}).status_code == 404
    assert client.post(path, json={"content": "hi"}, headers=other_headers).status_code == 404
    assert client.get(f"/v1/conversations/{cid}", headers=other_headers).status_code == 404
    assert client.post(path, json={"content": "hi"}, headers=STAFF).status_code == 404
    unknown = client.post("/v1/conversations/conv_nope/messages", json={"content": "hi"}, headers=headers)
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "NOT_FOUND"
    assert _count(db, Message) == before
    assert other_cid != cid


@pytest.mark.parametrize("content", ["", "x" * 4001, 12, None, "is advil\x00 in stock?"])
def test_bad_messages_are_422_and_store_nothing(client: TestClient, db: Database, content: object) -> None:
    cid, headers = open_conversation(client)
    before = _count(db, Message)
    response = client.post(f"/v1/conversations/{cid}/messages", json={"content": content}, headers=headers)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "VALIDATION_ERROR" and error["details"]["fields"][0]["field"] == "content"
    assert _count(db, Message) == before


def test_blank_message_is_refused_by_the_loop(client: TestClient, db: Database) -> None:
    cid, headers = open_conversation(client)
    before = _count(db, Message)
    response = client.post(f"/v1/conversations/{cid}/messages", json={"content": "   "}, headers=headers)
    assert response.status_code == 422 and _count(db, Message) == before


def test_hostile_text_is_answered_as_text(client: TestClient) -> None:
    cid, headers = open_conversation(client, language="en")
    for text in ("<img src=x onerror=alert(1)>", "'; DROP TABLE conversations; --", "א" * 4000):
        events = say(client, cid, headers, text)
        assert events[-1][0] in ("message.done", "error")
    assert client.get(f"/v1/conversations/{cid}", headers=headers).json()["turns"][0]["user"].startswith("<img")


def test_body_over_the_limit_is_413(client: TestClient, db: Database) -> None:
    cid, headers = open_conversation(client)
    before = _count(db, Message)
    big = b'{"content": "' + b"a" * 70_000 + b'"}'
    response = client.post(
        f"/v1/conversations/{cid}/messages", content=big, headers={**headers, "Content-Type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "PAYLOAD_TOO_LARGE"
    he = client.post(
        "/v1/conversations", content=big, headers={"Accept-Language": "he", "Content-Type": "application/json"}
    )
    assert he.status_code == 413 and _is_hebrew(he.json()["error"]["message"])
    assert _count(db, Message) == before


def test_http_rate_limit_is_429_with_retry_after(make_client: AppFactory) -> None:
    client = make_client(app_kwargs={"http_rate_limit": "3/minute"})
    statuses = [client.post("/v1/conversations", json={}).status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    limited = client.post("/v1/conversations", json={}, headers={"Accept-Language": "he"})
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert limited.json()["error"]["code"] == "RATE_LIMITED" and _is_hebrew(limited.json()["error"]["message"])
    assert client.get("/healthz").status_code == 200  # operations endpoints are not limited


# --- sign-in, confirmation, transcript -------------------------------------------------------------


def _signed_in(client: TestClient, db: Database) -> tuple[str, dict[str, str]]:
    cid, headers = open_conversation(client, language="en")
    say(client, cid, headers, "I want to sign in. My details: david.cohen@example.com")
    with db.session() as session:
        code = latest_outbox_code(session, "david.cohen@example.com")
    assert code
    done = say(client, cid, headers, code)[-1][1]
    assert "verified" in done["reply"]
    return cid, headers


def _propose_refill(client: TestClient, cid: str, headers: dict[str, str]) -> dict:
    events = say(client, cid, headers, "I want to refill my Glucophage")
    names = _names(events)
    assert "confirmation.required" in names and names[-1] == "message.done"
    confirmation = next(data for name, data in events if name == "confirmation.required")
    assert confirmation["tool"] == "request_refill" and confirmation["summary"] and confirmation["expires_at"]
    # The confirmation follows the result of the proposed call.
    assert names.index("confirmation.required") > max(i for i, n in enumerate(names) if n == "tool.result")
    return confirmation


def test_otp_sign_in_and_refill_approved(client: TestClient, db: Database) -> None:
    cid, headers = _signed_in(client, db)
    before = _count(db, RefillRequest)
    confirmation = _propose_refill(client, cid, headers)
    assert _count(db, RefillRequest) == before
    pending = client.get(f"/v1/conversations/{cid}", headers=headers).json()["pending_confirmation"]
    assert pending["id"] == confirmation["id"]
    approved = client.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers)
    assert approved.status_code == 200, approved.text
    events = parse_sse(approved.text)
    result = next(data for name, data in events if name == "tool.result")
    assert result["name"] == "request_refill" and result["result"]["ok"] is True
    assert events[-1][0] == "message.done"
    assert _count(db, RefillRequest) == before + 1
    transcript = client.get(f"/v1/conversations/{cid}", headers=headers).json()
    assert transcript["conversation_id"] == cid and transcript["engine"] == "offline"
    statuses = [t["confirmation"]["status"] for t in transcript["turns"] if t["confirmation"]]
    assert statuses == ["approved"]
    assert transcript["pending_confirmation"] is None
    assert all({"user", "reply", "language", "tool_calls", "confirmation"} <= set(t) for t in transcript["turns"])
    # A replayed approval runs nothing: the confirmation is single-use (409, see below).
    assert client.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers).status_code == 409
    assert _count(db, RefillRequest) == before + 1


@pytest.mark.parametrize("first", ["approve", "deny"])
def test_an_answered_confirmation_is_409_before_any_stream(client: TestClient, db: Database, first: str) -> None:
    cid, headers = _signed_in(client, db)
    confirmation = _propose_refill(client, cid, headers)
    answered = client.post(f"/v1/confirmations/{confirmation['id']}/{first}", headers=headers)
    assert answered.status_code == 200 and parse_sse(answered.text)[-1][0] == "message.done"
    refills, messages = _count(db, RefillRequest), _count(db, Message)
    turns = client.get(f"/v1/conversations/{cid}", headers=headers).json()["turns"]
    for action, language in (("approve", "en"), ("deny", "en"), ("approve", "he")):
        again = client.post(
            f"/v1/confirmations/{confirmation['id']}/{action}", headers={**headers, "Accept-Language": language}
        )
        assert again.status_code == 409, again.text[:300]
        assert again.headers["content-type"].startswith("application/json")
        error = again.json()["error"]
        assert error["code"] == "CONFIRMATION_DENIED" and error["details"] == {"reason": "used"}
        assert _is_hebrew(error["message"]) == (language == "he")
    assert client.get(f"/v1/conversations/{cid}", headers=headers).json()["turns"] == turns  # no turn added
    assert (_count(db, RefillRequest), _count(db, Message)) == (refills, messages)
    # An unknown one is 404, and a stranger gets 404 for this one (its status is not theirs to learn).
    unknown = client.post("/v1/confirmations/cf_unknown/approve", headers=headers)
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "NOT_FOUND"
    _, stranger = open_conversation(client)
    assert client.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=stranger).status_code == 404


def test_refill_denied_changes_nothing(client: TestClient, db: Database) -> None:
    cid, headers = _signed_in(client, db)
    before = _count(db, RefillRequest)
    confirmation = _propose_refill(client, cid, headers)
    denied = parse_sse(client.post(f"/v1/confirmations/{confirmation['id']}/deny", headers=headers).text)
    assert denied[-1][0] == "message.done"
    assert _count(db, RefillRequest) == before
    turns = client.get(f"/v1/conversations/{cid}", headers=headers).json()["turns"]
    assert [t["confirmation"]["status"] for t in turns if t["confirmation"]] == ["denied"]


def test_confirmation_of_another_conversation_is_404(client: TestClient, db: Database) -> None:
    cid, headers = _signed_in(client, db)
    confirmation = _propose_refill(client, cid, headers)
    _, stranger = open_conversation(client)
    before = _count(db, RefillRequest)
    for action in ("approve", "deny"):
        response = client.post(f"/v1/confirmations/{confirmation['id']}/{action}", headers=stranger)
        assert response.status_code == 404
    assert client.post(f"/v1/confirmations/{confirmation['id']}/approve").status_code == 401
    assert client.post("/v1/confirmations/cf_unknown/approve", headers=headers).status_code == 404
    assert _count(db, RefillRequest) == before


def test_an_approval_refused_by_the_rate_limit_stays_pending(make_client: AppFactory, db: Database) -> None:
    # Sign-in (2 calls) and the refill proposal (4) spend a budget of 6: the approval is the 7th call.
    client = make_client(rate_limit_conversation="6/minute")
    cid, headers = _signed_in(client, db)
    confirmation = _propose_refill(client, cid, headers)
    before = _count(db, RefillRequest)
    refused = client.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers)
    assert refused.status_code == 200, refused.text
    result = next(data for name, data in parse_sse(refused.text) if name == "tool.result")
    assert result["result"]["error"]["code"] == "RATE_LIMITED"
    assert _count(db, RefillRequest) == before
    transcript = client.get(f"/v1/conversations/{cid}", headers=headers).json()
    assert transcript["pending_confirmation"]["id"] == confirmation["id"]
    assert [t["confirmation"]["status"] for t in transcript["turns"] if t["confirmation"]] == ["pending"]
    # Once the budget allows (another worker with its own window here), the same confirmation still runs.
    later = make_client(rate_limit_conversation="60/minute")
    approved = later.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers)
    assert approved.status_code == 200, approved.text
    result = next(data for name, data in parse_sse(approved.text) if name == "tool.result")
    assert result["result"]["ok"] is True
    assert _count(db, RefillRequest) == before + 1
    statuses = [
        t["confirmation"]["status"]
        for t in later.get(f"/v1/conversations/{cid}", headers=headers).json()["turns"]
        if t["confirmation"]
    ]
    assert statuses == ["approved"]
