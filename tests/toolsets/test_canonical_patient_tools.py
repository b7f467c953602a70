"""Canonical patient tools through the executor: prescriptions, prescription_verify, request_refill
behind confirmation, and transfer_to_pharmacist — both languages, both backends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import RefillRequest, Ticket
from tests.toolsets._helpers import Make, error, hebrew
from tests.toolsets.conftest import HOSTILE, Session, dumps

# --- get_user_prescriptions / prescription_verify ------------------------------------------------


def test_davids_prescriptions(david: Session) -> None:
    env = david.call("get_user_prescriptions", {})
    assert env["user"] == {"user_id": "u002", "full_name": "David Cohen"}
    view = {p["presc_id"]: (p["med_id"], p["status"], p["refills_left"], p["can_refill"]) for p in env["prescriptions"]}
    assert view == {
        "p001": ("m007", "active", 2, True),
        "p002": ("m008", "active", 5, True),
        "p003": ("m011", "expired", 1, False),
        "p004": ("m014", "completed", 0, False),
    }


def test_davids_prescriptions_in_hebrew(make_session: Make) -> None:
    env = make_session("u002", language="he").call("get_user_prescriptions", {"language": "he"})
    assert env["user"]["full_name"] == "דוד כהן"
    assert all(hebrew(p["display_name"]) for p in env["prescriptions"])


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"presc_id": "p001"}, (True, "active", 2, "allow_refill_request")),
        ({"med_id": "m008"}, (True, "active", 5, "allow_refill_request")),
        ({"presc_id": "p003"}, (False, "expired", 1, "cannot_proceed")),
        ({"presc_id": "p004"}, (False, "completed", 0, "cannot_proceed")),
        ({"med_id": "m009", "intent": "new"}, (False, None, 0, "request_rx_details")),
        ({"med_id": "m004"}, (False, None, 0, "no_rx_needed")),
    ],
)
@pytest.mark.parametrize("language", ["en", "he"])
def test_prescription_verify(
    make_session: Make, arguments: dict[str, Any], expected: tuple[Any, ...], language: str
) -> None:
    env = make_session(language=language).call("prescription_verify", {**arguments, "language": language})
    assert (env["has_valid_rx"], env["rx_status"], env["refills_remaining"], env["next_step"]) == expected
    assert env["patient_found"] is True and hebrew(env["notes"]) == (language == "he")


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"presc_id": "p101"}, "PRESCRIPTION_NOT_FOUND"),  # another patient's: answered like an unknown id
        ({"presc_id": "p999"}, "PRESCRIPTION_NOT_FOUND"),
        ({"med_id": "m999"}, "MED_NOT_FOUND"),
        ({}, "VALIDATION_ERROR"),
        ({"presc_id": "x" * 10_000}, "VALIDATION_ERROR"),
        ({"presc_id": "p001", "intent": "steal"}, "VALIDATION_ERROR"),
    ],
)
@pytest.mark.parametrize("language", ["en", "he"])
def test_prescription_verify_errors(make_session: Make, arguments: dict[str, Any], code: str, language: str) -> None:
    err = error(make_session(language=language).call("prescription_verify", {**arguments, "language": language}))
    assert err["code"] == code and hebrew(err["message"]) == (language == "he")
    assert "Noa" not in dumps(err) and "נועה" not in dumps(err)


@pytest.mark.parametrize("tool", ["get_user_prescriptions", "prescription_verify", "request_refill"])
def test_phi_tools_need_identity(make_session: Make, snapshot: Callable[[], Any], tool: str) -> None:
    before = snapshot()
    err = error(make_session(None).call(tool, {"presc_id": "p001"} if tool != "get_user_prescriptions" else {}))
    assert err["code"] == "IDENTITY_REQUIRED"
    assert snapshot() == before


# --- request_refill -------------------------------------------------------------------------------


def _refills(db: Database, presc_id: str) -> list[tuple[str, str]]:
    with db.session() as s:
        return [
            (r.status, r.store_id) for r in s.scalars(select(RefillRequest).where(RefillRequest.presc_id == presc_id))
        ]


@pytest.mark.parametrize("language", ["en", "he"])
def test_refill_needs_confirmation_then_runs_once(
    db: Database, make_session: Make, snapshot: Callable[[], Any], language: str
) -> None:
    session = make_session("u002", language=language)
    before = snapshot()
    err = error(session.call("request_refill", {"presc_id": "p002", "language": language}))
    assert (
        err["code"] == "CONFIRMATION_REQUIRED"
        and err["details"]["summary"]
        == {
            "en": "Refill Glucophage 850 mg (prescription dated 20 Jan 2026) for pickup at Tel Aviv – Dizengoff.",
            "he": "חידוש של גלוקופאז' 850 מ\"ג (מרשם מיום 20 בינואר 2026) לאיסוף בסניף תל אביב – דיזנגוף.",
        }[language]
    )
    assert hebrew(err["details"]["summary"]) == (language == "he") and hebrew(err["message"]) == (language == "he")
    assert {k: v for k, v in snapshot().items()} == before  # nothing happened yet
    done = session.approve(err["details"]["confirmation_id"])
    refill = done["refill"]
    assert (refill["presc_id"], refill["med_id"], refill["store_id"], refill["status"]) == (
        "p002",
        "m008",
        "s1",
        "pending",
    )
    assert refill["refills_left_after"] == 4 and refill["ready_by"] == "2026-03-02"
    assert _refills(db, "p002") == [("pending", "s1")]
    after = snapshot()
    assert ("s1", "m008", 119) in after["inventory"] and ("p002", "u002", "active", 4) in after["prescriptions"]
    again = error(session.approve(err["details"]["confirmation_id"]))
    assert again["code"] == "CONFIRMATION_DENIED" and again["details"]["reason"] == "used"
    assert snapshot() == after
    # A second request returns the pending refill unchanged.
    second = session.call_confirmed("request_refill", {"presc_id": "p002"})
    assert second["refill"]["refill_id"] == refill["refill_id"] and snapshot() == after


def test_denied_refill_does_nothing(db: Database, david: Session, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    err = error(david.call("request_refill", {"presc_id": "p002"}))
    denied = error(david.deny(err["details"]["confirmation_id"]))
    assert denied["code"] == "CONFIRMATION_DENIED"
    assert error(david.approve(err["details"]["confirmation_id"]))["code"] == "CONFIRMATION_DENIED"
    assert snapshot() == before and _refills(db, "p002") == []


def test_refill_at_another_store(db: Database, david: Session) -> None:
    env = david.call_confirmed("request_refill", {"presc_id": "p002", "store_id": "s2"})
    assert env["refill"]["store_id"] == "s2" and _refills(db, "p002") == [("pending", "s2")]


def test_confirmation_is_bound_to_the_conversation_and_patient(make_session: Make, snapshot: Callable[[], Any]) -> None:
    david = make_session("u002")
    err = error(david.call("request_refill", {"presc_id": "p002"}))
    before = snapshot()
    other_conversation = make_session("u002")
    other_patient = make_session("u001", conversation_id=david.context.conversation_id)
    assert error(other_conversation.approve(err["details"]["confirmation_id"]))["code"] == "CONFIRMATION_DENIED"
    # Another patient is refused before the confirmation is even looked at (p002 is not theirs).
    assert error(other_patient.approve(err["details"]["confirmation_id"]))["code"] in {
        "CONFIRMATION_DENIED",
        "PRESCRIPTION_NOT_FOUND",
    }
    assert snapshot() == before
    assert david.approve(err["details"]["confirmation_id"])["ok"] is True  # still usable by its owner


@pytest.mark.parametrize(
    ("presc_id", "code"),
    [("p001", "OUT_OF_STOCK"), ("p003", "RX_EXPIRED"), ("p004", "RX_NOT_ACTIVE")],
)
@pytest.mark.parametrize("language", ["en", "he"])
def test_refill_refusals_after_approval(
    make_session: Make, snapshot: Callable[[], Any], presc_id: str, code: str, language: str
) -> None:
    before = snapshot()
    err = error(
        make_session("u002", language=language).call_confirmed(
            "request_refill", {"presc_id": presc_id, "language": language}
        )
    )
    assert err["code"] == code and hebrew(err["message"]) == (language == "he")
    assert snapshot() == before


@pytest.mark.parametrize(
    ("presc_id", "code"),
    [
        ("p101", "PRESCRIPTION_NOT_FOUND"),  # another patient's: answered like an unknown id
        ("p999", "PRESCRIPTION_NOT_FOUND"),
        ("", "VALIDATION_ERROR"),
        ("p001'--", "VALIDATION_ERROR"),
    ],
)
def test_refill_refused_before_any_confirmation(
    david: Session, snapshot: Callable[[], Any], presc_id: str, code: str
) -> None:
    before = snapshot()
    err = error(david.call("request_refill", {"presc_id": presc_id}))
    assert err["code"] == code
    assert snapshot() == before


def test_refill_at_unknown_store(david: Session, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    assert error(david.call_confirmed("request_refill", {"presc_id": "p002", "store_id": "s9"}))["code"] in {
        "STORE_NOT_FOUND",
        "VALIDATION_ERROR",
    }
    assert snapshot() == before


# --- transfer_to_pharmacist -----------------------------------------------------------------------


@pytest.mark.parametrize("user", [None, "u002"])
def test_transfer_opens_a_ticket(db: Database, make_session: Make, user: str | None) -> None:
    env = make_session(user).call("transfer_to_pharmacist", {"reason": "wants to talk to a person", "priority": "high"})
    ticket = env["ticket"]
    assert ticket["status"] == "open" and ticket["queue_position"] >= 1
    with db.session() as s:
        row = s.get(Ticket, ticket["ticket_id"])
        assert row is not None and row.user_id == user and row.priority == "high"


def test_queue_positions_grow(make_session: Make) -> None:
    first = make_session(None).call("transfer_to_pharmacist", {"reason": "one"})["ticket"]["queue_position"]
    second = make_session(None).call("transfer_to_pharmacist", {"reason": "two"})["ticket"]["queue_position"]
    assert second == first + 1


def test_a_second_request_in_one_conversation_keeps_its_ticket_and_place(db: Database, make_session: Make) -> None:
    # "can I talk to a pharmacist?" then "a human. now": one request, never a second ticket behind the first.
    session = make_session(None)
    first = session.call("transfer_to_pharmacist", {"reason": "wants a person"})["ticket"]
    other = make_session(None).call("transfer_to_pharmacist", {"reason": "someone else"})["ticket"]
    again = session.call("transfer_to_pharmacist", {"reason": "a human now", "priority": "urgent"})["ticket"]
    assert again["ticket_id"] == first["ticket_id"] and again["queue_position"] == first["queue_position"]
    assert other["ticket_id"] != first["ticket_id"]
    with db.session() as s:
        row = s.get(Ticket, first["ticket_id"])
        assert row is not None and row.priority == "urgent"  # the more urgent word raised it
        assert len(s.scalars(select(Ticket).where(Ticket.conversation_id == row.conversation_id)).all()) == 1


@pytest.mark.parametrize(
    "arguments",
    [
        {"reason": ""},
        {},
        {"reason": "x" * 10_000},
        {"reason": "ok", "priority": "asap"},
        {"reason": 42},
        {"reason": "ok", "user_id": "u001"},
    ],
)
@pytest.mark.parametrize("language", ["en", "he"])
def test_transfer_validation(
    make_session: Make, snapshot: Callable[[], Any], arguments: dict[str, Any], language: str
) -> None:
    before = snapshot()
    err = error(make_session(language=language).call("transfer_to_pharmacist", arguments))
    assert err["code"] == "VALIDATION_ERROR" and hebrew(err["message"]) == (language == "he")
    assert snapshot() == before


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_values_never_crash_any_canonical_tool(david: Session, snapshot: Callable[[], Any], value: Any) -> None:
    before = snapshot()
    tools = [
        ("get_medication_by_name", "medication_name"),
        ("inventory_check", "med_id"),
        ("inventory_find_equivalent", "med_id"),
        ("prescription_verify", "presc_id"),
        ("request_refill", "presc_id"),
        ("list_medications", "cursor"),
    ]
    for tool, key in tools:
        if value is None and tool == "list_medications":
            continue  # a null cursor is the first page
        env = david.call(tool, {key: value})
        assert env["ok"] is False and env["error"]["code"] not in {"INTERNAL", "DB_ERROR"}, (tool, env)
    assert snapshot() == before


def test_unknown_tool(david: Session) -> None:
    assert error(david.call("drop_tables", {}))["code"] == "TOOL_NOT_FOUND"
