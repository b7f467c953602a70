"""Canonical ``verify_customer_identity`` through the executor: the OTP flow with codes read from the
development outbox, lockout, no account oracle, and the ``identifier`` identity mode."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import OutboxMessage
from tests.toolsets._helpers import Make, error, hebrew
from tests.toolsets.conftest import dumps

# --- verify_customer_identity (otp) ---------------------------------------------------------------


def _outbox(db: Database) -> list[tuple[str, str | None]]:
    with db.session() as s:
        return [(m.destination, m.code) for m in s.scalars(select(OutboxMessage).order_by(OutboxMessage.id))]


@pytest.mark.parametrize("language", ["en", "he"])
def test_otp_flow_binds_the_patient(db: Database, make_session: Make, language: str) -> None:
    anon = make_session(None, language=language)
    err = error(anon.call("get_user_prescriptions", {"language": language}))
    assert err["code"] == "IDENTITY_REQUIRED" and hebrew(err["message"]) == (language == "he")
    sent = anon.call("verify_customer_identity", {"identifier": "+972-50-123-4567", "language": language})
    assert sent["status"] == "code_sent" and sent["masked_destination"] == "***-***-4567" and sent["expires_at"]
    assert "David" not in dumps(sent) and "דוד" not in dumps(sent)
    [(destination, code)] = _outbox(db)
    assert destination == "+972501234567" and code is not None and re.fullmatch(r"\d{6}", code)
    assert error(anon.call("get_user_prescriptions", {}))["code"] == "IDENTITY_REQUIRED"  # still nobody
    verified = anon.call("verify_customer_identity", {"identifier": "0501234567", "code": code, "language": language})
    assert verified["status"] == "verified" and verified["user"]["user_id"] == "u002"
    assert verified["user"]["full_name"] == ("דוד כהן" if language == "he" else "David Cohen")
    mine = anon.call("get_user_prescriptions", {"language": language})
    assert mine["user"]["user_id"] == "u002" and [p["presc_id"] for p in mine["prescriptions"]] == [
        "p001",
        "p002",
        "p003",
        "p004",
    ]
    # The code is single use.
    assert error(anon.call("verify_customer_identity", {"identifier": "0501234567", "code": code}))["code"] in {
        "AUTH_EXPIRED",
        "AUTH_FAILED",
    }


@pytest.mark.parametrize("language", ["en", "he"])
def test_five_wrong_codes_lock_the_challenge(db: Database, make_session: Make, language: str) -> None:
    anon = make_session(None, language=language)
    anon.call("verify_customer_identity", {"identifier": "David.Cohen@Example.com", "language": language})
    [(_, code)] = _outbox(db)
    assert code is not None
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    for left in (4, 3, 2, 1, 0):
        err = error(
            anon.call(
                "verify_customer_identity",
                {"identifier": "david.cohen@example.com", "code": wrong, "language": language},
            )
        )
        assert err["code"] == "AUTH_FAILED" and err["details"]["attempts_left"] == left
        assert hebrew(err["message"]) == (language == "he")
    err = error(
        anon.call(
            "verify_customer_identity", {"identifier": "david.cohen@example.com", "code": code, "language": language}
        )
    )
    assert err["code"] == "AUTH_EXPIRED" and hebrew(err["message"]) == (language == "he")
    assert error(anon.call("get_user_prescriptions", {}))["code"] == "IDENTITY_REQUIRED"


def _shape(envelope: dict[str, Any]) -> tuple[Any, ...]:
    masked = re.sub(r"[a-z0-9]", "a", str(envelope.get("masked_destination")))
    return (sorted(envelope), envelope["ok"], envelope["status"], masked, envelope["user"])


@pytest.mark.parametrize(
    ("known", "unknown"),
    [("noa.cohen@example.com", "noa.kohen@example.com"), ("052-000-0001", "052-000-0009")],
)
def test_unknown_identifier_looks_like_a_known_one(db: Database, make_session: Make, known: str, unknown: str) -> None:
    answer_known = make_session(None).call("verify_customer_identity", {"identifier": known})
    outbox = _outbox(db)
    answer_unknown = make_session(None).call("verify_customer_identity", {"identifier": unknown})
    assert _shape(answer_known) == _shape(answer_unknown)
    assert _outbox(db) == outbox and len(outbox) == 1  # nothing sent for the unknown identifier
    # And a code for the unknown identifier fails exactly like a wrong code for a known one.
    unknown_session = make_session(None)
    unknown_session.call("verify_customer_identity", {"identifier": unknown})
    known_session = make_session(None)
    known_session.call("verify_customer_identity", {"identifier": known})
    a = unknown_session.call("verify_customer_identity", {"identifier": unknown, "code": "123456"})
    b = known_session.call(
        "verify_customer_identity",
        {"identifier": known, "code": "000000" if _outbox(db)[-1][1] != "000000" else "111111"},
    )
    assert a == b and error(a)["code"] == "AUTH_FAILED"


@pytest.mark.parametrize(
    "identifier", ["not an identifier", "", "x" * 10_000, "<script>@x", "'; DROP TABLE patients; --"]
)
def test_bad_identifiers_are_validation_errors(
    make_session: Make, snapshot: Callable[[], Any], identifier: str
) -> None:
    before = snapshot()
    assert (
        error(make_session(None).call("verify_customer_identity", {"identifier": identifier}))["code"]
        == "VALIDATION_ERROR"
    )
    assert snapshot() == before


@pytest.mark.parametrize("identifier", ["david.cohen@example.com", "+972501234567", "050-123-4567"])
def test_identifier_mode_verifies_without_a_code(db: Database, make_session: Make, identifier: str) -> None:
    anon = make_session(None, identity_mode="identifier")
    env = anon.call("verify_customer_identity", {"identifier": identifier})
    assert env["status"] == "verified" and env["user"] == {"user_id": "u002", "full_name": "David Cohen"}
    assert _outbox(db) == []
    assert anon.call("get_user_prescriptions", {})["user"]["user_id"] == "u002"


def test_identifier_mode_refuses_unknown_identifiers(make_session: Make) -> None:
    anon = make_session(None, identity_mode="identifier")
    assert error(anon.call("verify_customer_identity", {"identifier": "nobody@example.com"}))["code"] == "AUTH_FAILED"
    assert error(anon.call("get_user_prescriptions", {}))["code"] == "IDENTITY_REQUIRED"
