"""One-time codes have a budget per email or phone, across conversations and API workers, kept in the
database: codes sent and wrong codes typed per window. Spent, a sign-in is refused ``RATE_LIMITED`` with a
retry-after in the customer's language, nothing is sent, and an unknown identifier is answered alike."""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import AuditLog, IdentityChallenge, OtpBudget, OutboxMessage
from pharmai.pharmacy.identity import latest_outbox_code
from tests.api.conftest import STAFF, AppFactory, open_conversation, say

PHONE = "050-123-4567"  # David Cohen (u002)
STRANGER = "052-000-0009"  # on nobody's file
#: Tool-call and HTTP limits no test here reaches, so only the code budget can refuse.
ROOMY: dict[str, Any] = {
    "rate_limit_conversation": "100000/minute",
    "rate_limit_patient": "100000/hour",
    "rate_limit_global": "1000000/hour",
    "app_kwargs": {"http_rate_limit": "off"},
}
ASK = {"en": "I want to sign in. My details: {who}", "he": "אני רוצה להתחבר. הפרטים שלי: {who}"}
REFUSED = {
    "en": "Too many verification codes were requested or entered for these details",
    "he": "התבקשו או הוקלדו יותר מדי קודי אימות עבור הפרטים האלה",
}


def _sent(db: Database, destination: str = "+972501234567") -> int:
    with db.session() as session:
        query = select(func.count()).select_from(OutboxMessage).where(OutboxMessage.destination == destination)
        return int(session.scalar(query) or 0)


def _code(db: Database, who: str = PHONE) -> str:
    with db.session() as session:
        code = latest_outbox_code(session, who)
    assert code is not None
    return code


def _wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def _identity_results(events: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [d["result"] for n, d in events if n == "tool.result" and d["name"] == "verify_customer_identity"]


def _ask_for_code(client: TestClient, who: str = PHONE, language: str = "en") -> tuple[str, dict[str, str], Any]:
    """Open a conversation and ask for a code; the conversation, its headers, and the turn's events."""
    cid, headers = open_conversation(client, language=language)
    events = say(client, cid, headers, ASK[language].format(who=who))
    return cid, headers, events


def _assert_refused(events: list[tuple[str, dict[str, Any]]], language: str, window: int) -> dict[str, Any]:
    (result,) = _identity_results(events)
    error = result["error"]
    assert result["ok"] is False and error["code"] == "RATE_LIMITED", result
    assert error["details"]["tier"] == "verification" and 0 < error["details"]["retry_after"] <= window
    assert error["message"].startswith(REFUSED[language])
    reply = events[-1][1]["reply"]
    assert REFUSED[language] in reply
    assert ("שעה" if language == "he" else "1 hour") in reply  # when to come back, in words
    return error


def test_one_phone_gets_a_budget_of_codes_across_conversations_and_workers(
    make_client: AppFactory, db: Database
) -> None:
    # Two API workers over one database: the budget is the database's, not a worker's.
    workers = [make_client(otp_max_sends=3, otp_window_seconds=3600, **ROOMY) for _ in range(2)]
    for n in range(3):
        _, _, events = _ask_for_code(workers[n % 2])
        assert _identity_results(events)[0]["status"] == "code_sent"
        assert _sent(db) == n + 1
    for n, language in enumerate(("en", "he", "en")):
        _, _, events = _ask_for_code(workers[n % 2], language=language)
        _assert_refused(events, language, 3600)
    assert _sent(db) == 3, "a refused request sends the customer nothing"


def test_wrong_codes_are_counted_across_conversations_and_then_even_the_right_one_waits(
    make_client: AppFactory, db: Database
) -> None:
    client = make_client(otp_max_failures=3, otp_max_attempts=5, **ROOMY)
    first, first_headers, _ = _ask_for_code(client)
    wrong = _wrong(_code(db))
    for left in (2, 1):  # the budget (3) runs out before the challenge's five tries
        (result,) = _identity_results(say(client, first, first_headers, wrong))
        assert result["error"]["code"] == "AUTH_FAILED" and result["error"]["details"]["attempts_left"] == left
    # A new conversation gets a new code, but not new tries.
    second, second_headers, _ = _ask_for_code(client)
    right = _code(db)
    (result,) = _identity_results(say(client, second, second_headers, _wrong(right)))
    assert result["error"]["code"] == "AUTH_FAILED" and result["error"]["details"]["attempts_left"] == 0
    events = say(client, second, second_headers, right)
    _assert_refused(events, "en", 3600)
    assert "verified" not in events[-1][1]["reply"].lower()
    # And no code is sent that could not be used.
    _, _, events = _ask_for_code(client, language="he")
    _assert_refused(events, "he", 3600)
    assert _sent(db) == 2


def _masked(text: str) -> str:
    return re.sub(r"\d", "#", text)


def test_a_stranger_is_budgeted_and_answered_exactly_like_a_patient(make_client: AppFactory, db: Database) -> None:
    client = make_client(otp_max_sends=2, **ROOMY)
    seen: dict[str, list[Any]] = {}
    for who in (PHONE, STRANGER):
        turns = [_ask_for_code(client, who=who)[2] for _ in range(3)]
        assert [[r["ok"] for r in _identity_results(events)] for events in turns] == [[True], [True], [False]]
        _assert_refused(turns[-1], "en", 3600)
        # What the person sees: the events of each turn and the replies, digits aside (the masked phone).
        seen[who] = [([name for name, _ in events], _masked(events[-1][1]["reply"])) for events in turns]
    assert seen[PHONE] == seen[STRANGER]
    assert _sent(db) == 2 and _sent(db, "+972520000009") == 0


def test_a_burst_from_many_conversations_cannot_overdraw_the_budget(make_client: AppFactory, db: Database) -> None:
    client = make_client(otp_max_sends=3, **ROOMY)

    def ask(_: int) -> Any:
        body = {"arguments": {"identifier": PHONE}, "conversation_id": f"burst-{uuid.uuid4().hex[:12]}"}
        return client.post("/v1/tools/verify_customer_identity/invoke", json=body, headers=STAFF)

    with ThreadPoolExecutor(max_workers=8) as pool:
        responses = list(pool.map(ask, range(16)))
    sent = [r for r in responses if r.status_code == 200 and r.json()["ok"]]
    refused = [r for r in responses if r.status_code == 429]
    assert len(sent) == 3 and len(refused) == 13, [r.status_code for r in responses]
    for response in refused:
        assert response.json()["error"]["code"] == "RATE_LIMITED" and int(response.headers["retry-after"]) >= 1
    assert _sent(db) == 3


def test_identifiers_are_kept_only_as_keyed_hashes(make_client: AppFactory, db: Database) -> None:
    digits = "0501234567"
    keys = []
    for secret in ("first-deployment-secret", "second-deployment-secret"):
        client = make_client(audit_secret=secret, **ROOMY)
        _ask_for_code(client)
        with db.session() as session:
            budgets = {row.identifier_key for row in session.scalars(select(OtpBudget))}
            challenges = {row.identifier_hash for row in session.scalars(select(IdentityChallenge))}
            audit = [row.__dict__ for row in session.scalars(select(AuditLog))]
        new = budgets - set(keys)
        assert len(new) == 1 and new <= challenges
        keys.extend(new)
    plain = {hashlib.sha256(v.encode()).hexdigest() for v in (PHONE, digits, "+972501234567", "972501234567")}
    assert len(set(keys)) == 2 and not plain & set(keys), "keyed by the deployment's secret, not a plain hash"
    assert all("4567" not in key for key in keys)
    # Any form of the number: its last seven digits (a bare "4567" turns up by chance inside a float duration).
    dumped = json.dumps(audit, default=str)
    assert not any(form in dumped for form in (PHONE, digits, "1234567", "123-4567")), dumped
