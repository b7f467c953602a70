"""Staff endpoints: the tool catalogue, direct invocation (seed 004's envelope) and the audit log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import AuditLog, Inventory, RefillRequest
from tests.api.conftest import STAFF, AppFactory

ENVELOPE_KEYS = {
    "tool_call_id",
    "tool_name",
    "conversation_id",
    "ok",
    "result",
    "error",
    "execution_time_ms",
    "timestamp",
}


def _refills(db: Database) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(RefillRequest)) or 0)


def _stock(db: Database, med_id: str, store_id: str = "s1") -> int:
    with db.session() as session:
        row = session.get(Inventory, (store_id, med_id))
        assert row is not None
        return row.qty_on_hand


# --- auth -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/v1/tools"), ("POST", "/v1/tools/inventory_check/invoke"), ("GET", "/v1/audit")],
)
def test_staff_endpoints_need_the_key(client: TestClient, method: str, path: str) -> None:
    missing = client.request(method, path, json={})
    assert missing.status_code == 401
    assert missing.headers["www-authenticate"] == "Bearer"
    assert missing.json()["error"]["code"] == "UNAUTHENTICATED"
    wrong = client.request(method, path, json={}, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    customer_token = client.post("/v1/conversations", json={}).json()["token"]
    as_customer = client.request(method, path, json={}, headers={"Authorization": f"Bearer {customer_token}"})
    assert as_customer.status_code == 401


def test_staff_endpoints_are_off_without_a_configured_key(make_client: AppFactory) -> None:
    client = make_client(staff_api_key=None)
    response = client.get("/v1/tools", headers={"Authorization": "Bearer "})
    assert response.status_code == 404
    assert client.get("/v1/audit", headers=STAFF).status_code == 404


def test_unauthenticated_message_in_both_languages(client: TestClient) -> None:
    en = client.get("/v1/tools", headers={"Accept-Language": "en-US"}).json()["error"]["message"]
    he = client.get("/v1/tools", headers={"Accept-Language": "he-IL"}).json()["error"]["message"]
    assert "token" in en
    assert any("\u0590" <= ch <= "\u05ff" for ch in he)


# --- catalogue ------------------------------------------------------------------------------------


def test_tool_catalogue_in_every_format(client: TestClient) -> None:
    shapes = {}
    for fmt in ("openai", "chat", "anthropic", "mcp"):
        response = client.get(f"/v1/tools?format={fmt}", headers=STAFF)
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["format"] == fmt and body["profile"] == "canonical"
        assert set(body["formats"]) == {"openai", "chat", "anthropic", "mcp"}
        shapes[fmt] = {_tool_name(t, fmt): t for t in body["tools"]}
    names = set(shapes["mcp"])
    assert {"inventory_check", "request_refill", "verify_customer_identity", "transfer_to_pharmacist"} <= names
    assert all(set(shapes[fmt]) == names for fmt in shapes)
    assert shapes["openai"]["inventory_check"]["strict"] is True
    assert shapes["chat"]["inventory_check"]["type"] == "function"
    assert "input_schema" in shapes["anthropic"]["inventory_check"]
    refill = shapes["mcp"]["request_refill"]
    assert refill["annotations"]["readOnlyHint"] is False and refill["_meta"]["confirm"] is True


def _tool_name(tool: dict, fmt: str) -> str:
    return str(tool["function"]["name"] if fmt == "chat" else tool["name"])


def test_catalogue_of_another_profile_and_bad_queries(client: TestClient) -> None:
    seed001 = client.get("/v1/tools?format=mcp&profile=seed-001", headers=STAFF).json()
    assert {t["name"] for t in seed001["tools"]} == {
        "get_medication_by_name",
        "check_inventory",
        "prescription_management",
    }
    assert client.get("/v1/tools?format=xml", headers=STAFF).status_code == 422
    unknown = client.get("/v1/tools?profile=nope", headers=STAFF)
    assert unknown.status_code == 422 and unknown.json()["error"]["code"] == "VALIDATION_ERROR"


# --- invocation -----------------------------------------------------------------------------------


def test_invoke_answers_seed_004_envelope(client: TestClient) -> None:
    response = client.post("/v1/tools/inventory_check/invoke", json={"arguments": {"query": "Advil"}}, headers=STAFF)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == ENVELOPE_KEYS
    assert body["ok"] is True and body["error"] is None and body["tool_name"] == "inventory_check"
    match = body["result"]["matches"][0]
    assert match["med_id"] == "m001" and match["in_stock"] is False and match["restock_eta"] == "2026-03-08"
    assert body["execution_time_ms"] >= 0 and body["tool_call_id"].startswith("call_")
    assert datetime.fromisoformat(body["timestamp"])


def test_invoke_messages_follow_the_language(client: TestClient) -> None:
    args = {"arguments": {"medication_name": "zzqx"}}
    en = client.post("/v1/tools/get_medication_by_name/invoke", json={**args, "language": "en"}, headers=STAFF).json()
    he = client.post("/v1/tools/get_medication_by_name/invoke", json={**args, "language": "he"}, headers=STAFF).json()
    assert en["ok"] is False and en["error"]["code"] == "MED_NOT_FOUND" == he["error"]["code"]
    assert "couldn't find" in en["error"]["message"]
    assert any("\u0590" <= ch <= "\u05ff" for ch in he["error"]["message"])


@pytest.mark.parametrize(
    "arguments",
    [
        {"query": 42},
        {"query": "x" * 10_000},
        {"med_id": "m001'; DROP TABLE inventory; --"},
        {"query": "<script>alert(1)</script>"},
        {"nonsense": True},
    ],
)
def test_invoke_bad_input_is_a_typed_error_and_changes_nothing(
    client: TestClient, db: Database, arguments: dict
) -> None:
    before = _stock(db, "m001", "s2")
    response = client.post("/v1/tools/inventory_check/invoke", json={"arguments": arguments}, headers=STAFF)
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is False
    assert body["error"]["code"] in {"VALIDATION_ERROR", "MED_NOT_FOUND"}
    assert "<script>" not in str(body["error"]["message"]) or body["error"]["code"] == "MED_NOT_FOUND"
    assert _stock(db, "m001", "s2") == before


def test_invoke_unknown_tool_and_malformed_bodies(client: TestClient) -> None:
    unknown = client.post("/v1/tools/no_such_tool/invoke", json={"arguments": {}}, headers=STAFF).json()
    assert unknown["ok"] is False and unknown["error"]["code"] == "TOOL_NOT_FOUND"
    for body in ([1, 2], {"arguments": "text"}, {"arguments": {}, "extra": 1}, {"user_id": "<b>"}):
        response = client.post("/v1/tools/inventory_check/invoke", json=body, headers=STAFF)
        assert response.status_code == 422, body
        assert response.json()["error"]["code"] == "VALIDATION_ERROR"
    bad_json = client.post(
        "/v1/tools/inventory_check/invoke", content=b"{not json", headers={**STAFF, "Content-Type": "application/json"}
    )
    assert bad_json.status_code == 422
    assert client.post("/v1/tools/%3Cscript%3E/invoke", json={}, headers=STAFF).status_code == 422


def test_invoke_phi_tool_needs_a_patient(client: TestClient) -> None:
    anonymous = client.post("/v1/tools/get_user_prescriptions/invoke", json={}, headers=STAFF).json()
    assert anonymous["ok"] is False and anonymous["error"]["code"] == "IDENTITY_REQUIRED"
    trusted = client.post("/v1/tools/get_user_prescriptions/invoke", json={"user_id": "u002"}, headers=STAFF).json()
    assert trusted["ok"] is True
    assert {p["presc_id"] for p in trusted["result"]["prescriptions"]} == {"p001", "p002", "p003", "p004"}


def test_invoke_write_tool_asks_for_confirmation_then_approves_once(client: TestClient, db: Database) -> None:
    before, stock = _refills(db), _stock(db, "m008")
    body = {"arguments": {"presc_id": "p002"}, "user_id": "u002", "conversation_id": "staff-test-1"}
    proposed = client.post("/v1/tools/request_refill/invoke", json=body, headers=STAFF).json()
    assert proposed["ok"] is False and proposed["error"]["code"] == "CONFIRMATION_REQUIRED"
    assert _refills(db) == before
    confirmation_id = proposed["error"]["details"]["confirmation_id"]
    approved = client.post(
        "/v1/tools/request_refill/invoke", json={**body, "confirmation_id": confirmation_id}, headers=STAFF
    ).json()
    assert approved["ok"] is True and approved["result"]["refill"]["presc_id"] == "p002"
    assert _refills(db) == before + 1 and _stock(db, "m008") < stock
    again = client.post(
        "/v1/tools/request_refill/invoke", json={**body, "confirmation_id": confirmation_id}, headers=STAFF
    ).json()
    assert again["ok"] is False and again["error"]["code"] == "CONFIRMATION_DENIED"
    assert _refills(db) == before + 1


def test_invoke_rate_limited_is_429_with_retry_after(make_client: AppFactory) -> None:
    client = make_client(rate_limit_global="2/minute")
    body = {"arguments": {"query": "advil"}}
    for _ in range(2):
        assert client.post("/v1/tools/inventory_check/invoke", json=body, headers=STAFF).status_code == 200
    limited = client.post("/v1/tools/inventory_check/invoke", json=body, headers=STAFF)
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) >= 1
    assert limited.json()["error"]["code"] == "RATE_LIMITED"


# --- audit ----------------------------------------------------------------------------------------


def test_audit_rows_filter_by_tool_outcome_and_time(client: TestClient, db: Database) -> None:
    client.post("/v1/tools/inventory_check/invoke", json={"arguments": {"query": "advil"}}, headers=STAFF)
    client.post("/v1/tools/get_user_prescriptions/invoke", json={}, headers=STAFF)
    everything = client.get("/v1/audit", headers=STAFF).json()
    assert everything["count"] == len(everything["rows"]) >= 2
    refused = client.get("/v1/audit?outcome=refused", headers=STAFF).json()["rows"]
    assert refused and all(r["outcome"] == "refused" for r in refused)
    assert any(r["tool"] == "get_user_prescriptions" and r["error_code"] == "IDENTITY_REQUIRED" for r in refused)
    inventory = client.get("/v1/audit?tool=inventory_check", headers=STAFF).json()["rows"]
    assert inventory and all(r["tool"] == "inventory_check" and r["channel"] == "api" for r in inventory)
    with db.session() as session:
        newest = session.scalar(select(func.max(AuditLog.ts)))
    assert newest is not None
    later = (newest + timedelta(seconds=1)).replace(tzinfo=newest.tzinfo or UTC).isoformat()
    assert client.get("/v1/audit", params={"since": later}, headers=STAFF).json()["count"] == 0
    assert client.get("/v1/audit", params={"until": later}, headers=STAFF).json()["count"] >= 2
    assert client.get("/v1/audit?limit=1", headers=STAFF).json()["count"] == 1
    for bad in ("limit=0", "limit=5000", "outcome=maybe", "since=yesterday"):
        assert client.get(f"/v1/audit?{bad}", headers=STAFF).status_code == 422, bad


def test_audit_rows_never_hold_patient_data(client: TestClient) -> None:
    client.post(
        "/v1/tools/verify_customer_identity/invoke",
        json={"arguments": {"identifier": "david.cohen@example.com"}},
        headers=STAFF,
    )
    text = client.get("/v1/audit", headers=STAFF).text
    assert "david" not in text.lower() and "example.com" not in text
