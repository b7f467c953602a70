"""The staff ticket tools and the customer's ``schedule_callback``, through the real executor over HTTP."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.tool_stores import tool_stores
from pharmai.tools import Executor, Principal, ToolCall, ToolContext
from pharmai.toolsets import registry_for
from pharmai.toolsets.staff import TOOL_ROLES
from tests.api.conftest import STAFF, AppFactory
from tests.handoff.support import NOW, bearer

TICKET_TOOLS = ("lookup_customer", "create_support_ticket", "update_ticket", "list_tickets")


@pytest.fixture
def client(make_client: AppFactory) -> TestClient:
    return make_client()


def _invoke(client: TestClient, headers: dict[str, str], name: str, arguments: dict[str, Any], **body: Any) -> Any:
    response = client.post(
        f"/v1/tools/{name}/invoke",
        json={"arguments": arguments, "profile": body.pop("profile", "staff"), **body},
        headers=headers,
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_roles_are_declared_least_privilege() -> None:
    registry = registry_for("staff")
    for name in TICKET_TOOLS:
        spec = registry.get(name)
        assert spec is not None and set(spec.roles) == set(TOOL_ROLES[name]), name
    assert set(TOOL_ROLES["lookup_customer"]) == {"pharmacist", "technician"}
    assert registry_for("canonical").get("lookup_customer") is None  # never in a customer profile


def test_a_support_case_through_its_lifecycle(client: TestClient, db: Database) -> None:
    tom = bearer(db, "tom", "technician")
    dana = bearer(db, "dana", "pharmacist")
    found = _invoke(client, tom, "lookup_customer", {"email": "nobody@example.com"})
    assert found["ok"] is False and found["error"]["code"] == "CUSTOMER_NOT_FOUND"
    missing = _invoke(client, tom, "lookup_customer", {})
    assert missing["ok"] is False and missing["error"]["code"] == "VALIDATION_ERROR"
    customer = _invoke(client, tom, "lookup_customer", {"customerId": "u002", "language": "he"})["result"]
    assert customer["id"] == "u002" and customer["tier"] == "standard"

    created = _invoke(
        client,
        tom,
        "create_support_ticket",
        {
            "type": "order",
            "priority": "medium",
            "description": "ההזמנה לא הגיעה",
            "customerId": "u002",
            "language": "he",
        },
    )
    assert created["ok"] is True, created
    case = created["result"]
    assert case["status"] == "open" and case["caseNumber"].startswith("PH-") and case["createdAt"]
    bad = _invoke(client, tom, "create_support_ticket", {"type": "fraud", "description": "x", "customerId": "u002"})
    assert bad["ok"] is False and bad["error"]["code"] == "VALIDATION_ERROR"
    nobody = _invoke(client, tom, "create_support_ticket", {"type": "other", "description": "x", "customerId": "u999"})
    assert nobody["ok"] is False and nobody["error"]["code"] == "PATIENT_NOT_FOUND"

    listed = _invoke(client, dana, "list_tickets", {"type": "support"})["result"]
    assert [t["caseNumber"] for t in listed["tickets"]] == [case["caseNumber"]]
    assert listed["tickets"][0]["priority"] == "normal" and listed["tickets"][0]["category"] == "order"

    wrong = _invoke(client, dana, "update_ticket", {"ticketId": case["caseNumber"], "status": "closed"})
    assert wrong["ok"] is False and wrong["error"]["code"] == "INVALID_OPERATION"
    steps = [
        {"status": "in_progress"},
        {"priority": "high", "note": "התקשרתי ללקוח"},
        {"status": "resolved", "note": "נשלח שוב"},
        {"status": "closed"},
    ]
    for step in steps:
        moved = _invoke(client, dana, "update_ticket", {"ticketId": case["caseId"], **step})
        assert moved["ok"] is True, (step, moved)
    final = moved["result"]["ticket"]
    assert final["status"] == "closed" and final["priority"] == "high" and final["claimedBy"]
    assert _invoke(client, dana, "list_tickets", {"type": "support"})["result"]["count"] == 0
    assert _invoke(client, dana, "list_tickets", {"type": "support", "status": "closed"})["result"]["count"] == 1


def test_roles_refuse_over_http(client: TestClient, db: Database) -> None:
    denied = _invoke(client, STAFF, "lookup_customer", {"customerId": "u001"})  # the bootstrap key is an admin
    assert denied["ok"] is False and denied["error"]["code"] == "FORBIDDEN"
    assert denied["error"]["details"]["reason"] == "role"
    assert _invoke(client, STAFF, "list_tickets", {})["ok"] is True


def test_a_customer_session_cannot_call_staff_tools(db: Database) -> None:
    executor = Executor(registry_for("staff"), db, **tool_stores(db, audit="sync"))
    try:
        for principal in (Principal.patient("u001"), Principal.anonymous()):
            context = ToolContext(
                principal=principal, conversation_id="conv_x", channel="chat", db=db, clock=FixedClock(NOW)
            )
            for name, arguments in (
                ("lookup_customer", {"customerId": "u001"}),
                ("list_tickets", {}),
                ("create_support_ticket", {"type": "other", "description": "x", "customerId": "u001"}),
            ):
                outcome = executor.execute(ToolCall(name=name, arguments=arguments), context)
                assert outcome.code == "FORBIDDEN", name
                assert outcome.error is not None and outcome.error.details == {"reason": "staff_only"}
    finally:
        executor.close()


def test_a_customer_asks_for_a_callback_with_confirmation(client: TestClient, db: Database) -> None:
    # A staff test harness acting for a verified customer (the trusted principal), as the tool tester does.
    body = {"user_id": "u001", "profile": "canonical", "language": "he", "conversation_id": "api-callback-1"}
    args = {"requested_time": "2026-03-03T10:00", "reason": "שאלה על המרשם", "language": "he"}
    proposed = _invoke(client, STAFF, "schedule_callback", args, **body)
    assert proposed["ok"] is False and proposed["error"]["code"] == "CONFIRMATION_REQUIRED"
    details = proposed["error"]["details"]
    assert "רוקח/ת יתקשרו אליך" in details["summary"] and "10:00" in details["summary"]
    assert "+972" not in details["summary"]  # the number on file is never repeated
    done = _invoke(client, STAFF, "schedule_callback", args, confirmation_id=details["confirmation_id"], **body)
    assert done["ok"] is True, done
    ticket = done["result"]["ticket"]
    assert ticket["callback_at"] == "2026-03-03T08:00:00+00:00" and ticket["case_number"] in done["result"]["message"]

    too_late = _invoke(client, STAFF, "schedule_callback", {**args, "requested_time": "2026-03-03T23:00"}, **body)
    assert too_late["ok"] is False and too_late["error"]["code"] == "INVALID_SLOT"
    anonymous = _invoke(client, STAFF, "schedule_callback", args, profile="canonical")
    assert anonymous["ok"] is False and anonymous["error"]["code"] == "IDENTITY_REQUIRED"

    dana = bearer(db, "dana", "pharmacist")
    queue = client.get("/v1/staff/queue", params={"type": "callback"}, headers=dana).json()
    assert [t["case_number"] for t in queue["tickets"]] == [ticket["case_number"]]
    assert queue["tickets"][0]["callback_at"] == ticket["callback_at"] and queue["tickets"][0]["customer_id"] == "u001"
