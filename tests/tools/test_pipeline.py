"""Validate, authorize and timeout middleware, envelopes, AUTH binding, and the order of the chain."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from pharmai.db.engine import Database
from pharmai.db.models import Confirmation, Ticket
from pharmai.errors import PharmaiError
from pharmai.tools import Executor, Principal, RateLimiter, ToolCall, ToolContext
from tests.tools.conftest import audit_rows
from tests.tools.toolset import GOOD_CODE, Calls

Ctx = Callable[..., ToolContext]


def _count(db: Database, model: type) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def test_success_uses_canonical_envelope(executor: Executor, ctx: Ctx) -> None:
    outcome = executor.execute(ToolCall("echo", {"text": "hi", "times": 2}), ctx())
    assert outcome.ok
    assert executor.render(outcome) == {"ok": True, "error": None, "text": "hihi", "times": 2}


def test_arguments_may_arrive_as_json_text(executor: Executor, ctx: Ctx) -> None:
    outcome = executor.execute(ToolCall("echo", json.dumps({"text": "a"})), ctx())
    assert outcome.payload == {"text": "a", "times": 1}


def test_null_means_default_for_non_nullable_optional_fields(executor: Executor, ctx: Ctx) -> None:
    # Strict-mode models send every field; a null for "times" must mean "use the default".
    outcome = executor.execute(ToolCall("echo", {"text": "a", "times": None}), ctx())
    assert outcome.ok and outcome.payload == {"text": "a", "times": 1}


@pytest.mark.parametrize(
    ("arguments", "fields"),
    [
        ({}, ["text"]),
        ({"text": "a", "times": "many"}, ["times"]),
        ({"text": "a", "times": 9}, ["times"]),
        ({"text": "x" * 10_000}, ["text"]),
        ({"text": ""}, ["text"]),
        ({"text": "a", "extra": "'; DROP TABLE audit_log; --"}, ["extra"]),
        ({"text": 5}, ["text"]),
        ({"text": ["<script>alert(1)</script>"]}, ["text"]),
        ({"text": "a\x00b"}, ["text"]),
        ({"text": "a", "extra": {"deep": ["ok", "nul\x00"]}}, ["extra.deep.1"]),
    ],
)
def test_bad_arguments_are_a_validation_result_naming_fields(
    executor: Executor, ctx: Ctx, db: Database, arguments: dict[str, object], fields: list[str]
) -> None:
    outcome = executor.execute(ToolCall("echo", arguments), ctx())
    assert not outcome.ok and outcome.code == "VALIDATION_ERROR"
    assert [f["field"] for f in (outcome.error.details or {})["fields"]] == fields  # type: ignore[union-attr]
    assert Calls.runs.get("echo") is None
    en, he = outcome.error.message("en"), outcome.error.message("he")  # type: ignore[union-attr]
    assert en.startswith("Some of the input is not valid: ") and fields[0] in en
    assert he.startswith("חלק מהקלט אינו תקין: ") and fields[0] in he
    # Input values never travel back in details (they may be someone's personal data).
    assert "DROP TABLE" not in json.dumps(outcome.envelope())
    assert _count(db, Ticket) == 0


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "42", '"text"'])
def test_non_object_arguments_are_validation_errors(executor: Executor, ctx: Ctx, raw: str) -> None:
    outcome = executor.execute(ToolCall("echo", raw), ctx())
    assert outcome.code == "VALIDATION_ERROR"
    assert outcome.error.details == {"fields": [{"field": "arguments", **_first(outcome)}]}  # type: ignore[union-attr]


def _first(outcome: object) -> dict[str, str]:
    field = outcome.error.details["fields"][0]  # type: ignore[attr-defined]
    return {"type": field["type"], "message": field["message"]}


@pytest.mark.parametrize("name", ["no_such_tool", "x" * 10_000, "<b>echo</b>", "'; DROP TABLE x; --", None, 7])
def test_unknown_tools_are_a_result_in_both_languages(executor: Executor, ctx: Ctx, name: object) -> None:
    outcome = executor.execute({"name": name, "arguments": {}}, ctx(language="he"))
    assert outcome.code == "TOOL_NOT_FOUND"
    envelope = executor.render(outcome)
    assert envelope["ok"] is False and envelope["error"]["message"].startswith("אין כלי בשם")
    assert outcome.error.message("en").startswith("There is no tool named")  # type: ignore[union-attr]


def test_phi_tool_needs_a_verified_patient(executor: Executor, ctx: Ctx) -> None:
    refused = executor.execute(ToolCall("whoami", {}), ctx())
    assert refused.code == "IDENTITY_REQUIRED" and Calls.runs.get("whoami") is None
    assert "verify your identity" in executor.render(refused)["error"]["message"]
    refused_he = executor.execute(ToolCall("whoami", {}), ctx(language="he"))
    assert "יש לאמת את זהותך" in executor.render(refused_he)["error"]["message"]
    staff = ctx()
    staff.principal = Principal.staff("s-1")
    assert executor.execute(ToolCall("whoami", {}), staff).code == "IDENTITY_REQUIRED"
    allowed = executor.execute(ToolCall("whoami", {}), ctx(patient="u001"))
    assert allowed.payload == {"patient_id": "u001"}


def test_authorize_hook_refuses_other_patients_data(executor: Executor, ctx: Ctx) -> None:
    outcome = executor.execute(ToolCall("lookup_customer", {"customer_id": "u002"}), ctx(patient="u001"))
    assert outcome.code == "FORBIDDEN" and Calls.runs.get("lookup_customer") is None
    assert "another account" in outcome.error.message("en")  # type: ignore[union-attr]
    assert "חשבון אחר" in outcome.error.message("he")  # type: ignore[union-attr]
    assert executor.execute(ToolCall("lookup_customer", {"customer_id": "u001"}), ctx(patient="u001")).ok


def test_auth_tool_binds_the_patient_to_the_session(executor: Executor, ctx: Ctx) -> None:
    session = ctx()
    wrong = executor.execute(ToolCall("verify_identity", {"user_id": "u002", "code": "000000"}), session)
    assert wrong.code == "AUTH_FAILED" and session.principal.kind == "none" and wrong.bind_principal is None
    assert executor.execute(ToolCall("whoami", {}), session).code == "IDENTITY_REQUIRED"
    right = executor.execute(ToolCall("verify_identity", {"user_id": "u002", "code": GOOD_CODE}), session)
    assert right.ok and right.bind_principal == Principal.patient("u002")
    assert session.principal == Principal.patient("u002")
    assert executor.execute(ToolCall("whoami", {}), session).payload == {"patient_id": "u002"}


def test_only_auth_tools_may_bind(executor: Executor, ctx: Ctx) -> None:
    session = ctx()
    outcome = executor.execute(ToolCall("bind_outside_auth", {"text": "a"}), session)
    assert outcome.code == "INTERNAL" and session.principal.kind == "none"


def test_handler_crash_is_internal_error_without_internals(executor: Executor, ctx: Ctx) -> None:
    outcome = executor.execute(ToolCall("crash", {"text": "secret-input"}), ctx())
    assert outcome.code == "INTERNAL"
    for language in ("en", "he"):
        assert "secret-input" not in json.dumps(outcome.error.to_error(language), ensure_ascii=False)  # type: ignore[union-attr]
    assert outcome.error.message("he") == PharmaiError.templates["he"]  # type: ignore[union-attr]


def test_timeout_answers_in_time_and_rolls_back(executor: Executor, ctx: Ctx, db: Database) -> None:
    started = time.perf_counter()
    outcome = executor.execute(ToolCall("nap", {"seconds": 2}), ctx(language="he"))
    assert outcome.code == "TIMEOUT" and time.perf_counter() - started < 1.0
    assert executor.render(outcome)["error"]["message"] == "הבקשה ארכה זמן רב מדי. נסו שוב."
    assert executor.execute(ToolCall("nap", {"seconds": 0}), ctx()).ok
    slow = executor.execute(ToolCall("slow_ticket", {"reason": "r"}), ctx())
    assert slow.code == "TIMEOUT"
    time.sleep(0.8)  # the handler finishes in the background; its transaction must not commit
    assert Calls.runs["slow_ticket"] == 1 and _count(db, Ticket) == 0


def test_invocation_envelope_has_seed_004_fields(executor: Executor, ctx: Ctx) -> None:
    session = ctx(conversation="conv-inv")
    ok = executor.execute(ToolCall("echo", {"text": "a"}, tool_call_id="call_1"), session).invocation_envelope()
    assert set(ok) == {
        "tool_call_id", "tool_name", "conversation_id", "ok", "result", "error", "execution_time_ms", "timestamp"
    }  # fmt: skip
    assert ok["tool_call_id"] == "call_1" and ok["tool_name"] == "echo" and ok["conversation_id"] == "conv-inv"
    assert ok["ok"] is True and ok["result"] == {"text": "a", "times": 1} and ok["error"] is None
    assert ok["execution_time_ms"] >= 0 and ok["timestamp"].startswith("2026-03-01T09:00")
    bad = executor.execute(ToolCall("echo", {}), session).invocation_envelope()
    assert bad["ok"] is False and bad["result"] is None and bad["error"]["code"] == "VALIDATION_ERROR"


# --- order of the chain ------------------------------------------------------------------------------


def test_validation_comes_before_authorization(executor: Executor, ctx: Ctx) -> None:
    # Invalid arguments to a PHI tool without a patient: validation answers first.
    outcome = executor.execute(ToolCall("lookup_customer", {"customer_id": 5}), ctx())
    assert outcome.code == "VALIDATION_ERROR"


def test_authorization_comes_before_rate_limit(make_executor: Callable[..., Executor], ctx: Ctx) -> None:
    limiter = RateLimiter(conversation="1/minute", patient="100/hour", everyone="100/hour")
    executor = make_executor(rate_limiter=limiter)
    session = ctx()
    # Refused calls do not spend the conversation's single slot...
    for _ in range(3):
        assert executor.execute(ToolCall("whoami", {}), session).code == "IDENTITY_REQUIRED"
    assert executor.execute(ToolCall("echo", {"text": "a"}), session).ok
    # ...and once the slot is spent, authorization still answers before the limiter.
    assert executor.execute(ToolCall("whoami", {}), session).code == "IDENTITY_REQUIRED"
    assert executor.execute(ToolCall("echo", {"text": "a"}), session).code == "RATE_LIMITED"


def test_rate_limit_comes_before_confirmation(make_executor: Callable[..., Executor], ctx: Ctx, db: Database) -> None:
    limiter = RateLimiter(conversation="1/minute", patient="100/hour", everyone="100/hour")
    executor = make_executor(rate_limiter=limiter)
    session = ctx(patient="u001")
    assert executor.execute(ToolCall("open_ticket", {"reason": "r"}), session).code == "CONFIRMATION_REQUIRED"
    assert executor.execute(ToolCall("open_ticket", {"reason": "r"}), session).code == "RATE_LIMITED"
    assert _count(db, Confirmation) == 1


def test_confirmation_comes_before_the_handler(executor: Executor, ctx: Ctx, db: Database) -> None:
    outcome = executor.execute(ToolCall("open_ticket", {"reason": "r"}), ctx(patient="u001"))
    assert outcome.code == "CONFIRMATION_REQUIRED"
    assert Calls.runs.get("open_ticket") is None and _count(db, Ticket) == 0


def test_audit_then_metrics_see_every_outcome(executor: Executor, ctx: Ctx, db: Database, metrics: object) -> None:
    assert [m.name for m in executor.middleware] == [
        "metrics", "audit", "validate", "authorize", "rate_limit", "confirm", "timeout", "run"
    ]  # fmt: skip
    session = ctx()
    executor.execute(ToolCall("echo", {}), session)  # refused by validation, the first step
    rows = audit_rows(db, executor)
    assert [(r.tool, r.outcome, r.error_code) for r in rows] == [("echo", "refused", "VALIDATION_ERROR")]
    registry = executor.middleware[0].metrics.registry  # type: ignore[attr-defined]
    labels = {"tool": "echo", "outcome": "refused", "code": "VALIDATION_ERROR"}
    assert registry.get_sample_value("pharmai_tool_calls_total", labels) == 1.0
