"""Ids that reach someone else's data answer exactly like ids that reach nothing: another patient's
prescription is ``PRESCRIPTION_NOT_FOUND`` like an unknown one, and a confirmation id without a token is
``401`` whether or not it exists."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from pharmai.db import Database
from tests.api.conftest import STAFF, AppFactory, open_conversation, say

ROOMY = {"rate_limit_conversation": "100000/minute", "rate_limit_patient": "100000/hour"}
#: Prescriptions of Noa Cohen (u001) and of u003, and ids nobody has.
FOREIGN = ("p101", "p201")
UNKNOWN = ("p999", "p0")


def _answer(client: TestClient, tool: str, presc_id: str, language: str) -> tuple[int, Any, Any]:
    body = {"arguments": {"presc_id": presc_id}, "user_id": "u002", "language": language}
    response = client.post(f"/v1/tools/{tool}/invoke", json=body, headers=STAFF)
    envelope = response.json()
    return response.status_code, envelope["ok"], envelope["error"]


@pytest.mark.parametrize("tool", ["prescription_verify", "request_refill"])
@pytest.mark.parametrize("language", ["en", "he"])
def test_another_patients_prescription_answers_like_an_unknown_one(
    make_client: AppFactory, db: Database, tool: str, language: str
) -> None:
    client = make_client(**ROOMY)
    answers = {presc_id: _answer(client, tool, presc_id, language) for presc_id in FOREIGN + UNKNOWN}
    assert len(set(map(repr, answers.values()))) == 1, answers
    status, ok, error = answers["p101"]
    assert (status, ok, error["code"]) == (200, False, "PRESCRIPTION_NOT_FOUND")
    assert any("\u0590" <= ch <= "\u05ff" for ch in error["message"]) == (language == "he")
    # Still audited, like any refused call (the audit row names no prescription either way).
    rows = client.get("/v1/audit", params={"tool": tool}, headers=STAFF).json()["rows"]
    assert [r["error_code"] for r in rows] == ["PRESCRIPTION_NOT_FOUND"] * len(answers)


def test_a_confirmation_id_answers_alike_whether_or_not_it_exists(make_client: AppFactory) -> None:
    client = make_client(identity_mode="demo", **ROOMY)
    cid, headers = open_conversation(client, identity_mode="demo", user_id="u002", language="en")
    events = say(client, cid, headers, "I want to refill my Glucophage")
    real = next(data["id"] for name, data in events if name == "confirmation.required")
    made_up = "cf_" + "x" * len(real[3:])
    _, stranger = open_conversation(client, identity_mode="demo", user_id="u001", language="en")
    for credentials, status in (({}, 401), (stranger, 404)):
        answers = [
            client.post(f"/v1/confirmations/{confirmation}/{action}", headers=credentials)
            for confirmation in (real, made_up)
            for action in ("approve", "deny")
        ]
        assert {(a.status_code, a.text) for a in answers} == {(status, answers[0].text)}, credentials
    # The owner can still approve it: nothing above touched it.
    approved = client.post(f"/v1/confirmations/{real}/approve", headers=headers)
    assert approved.status_code == 200 and "message.done" in approved.text
