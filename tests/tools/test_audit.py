"""Audit: exactly one row per call, whatever happened, and no personal data in rows or logs."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select, text

from pharmai.db.audit_sink import BackgroundAuditSink, SyncAuditSink
from pharmai.db.engine import Database
from pharmai.db.models import Ticket
from pharmai.settings import Settings
from pharmai.tools import Executor, Principal, RateLimiter, SurrogateRefs, ToolCall, ToolContext, ToolOutcome
from tests.tools.conftest import audit_rows
from tests.tools.toolset import GOOD_CODE

Ctx = Callable[..., ToolContext]
NAME, EMAIL, PHONE = "Noa Cohen", "noa.cohen@example.com", "052-000-0001"
PLANTED = (NAME, EMAIL, PHONE, "noa", "0520000001")
ARGS = {"reason": "card lost", "priority": "high"}


def _tickets(db: Database) -> list[Ticket]:
    with db.session() as session:
        return list(session.scalars(select(Ticket)))


def _mixed_calls(executor: Executor, ctx: Ctx) -> list[ToolOutcome]:
    """One call of every outcome the runtime can produce."""
    session = ctx(patient="u001")
    anonymous = ctx()
    outcomes = [
        executor.execute(ToolCall("echo", {"text": "ok"}), session),
        executor.execute(ToolCall("echo", {"text": f"{NAME} {EMAIL} {PHONE}"}), session),
        executor.execute(ToolCall("echo", {"text": "a", "email": EMAIL, "phone": PHONE}), session),
        executor.execute(ToolCall(f"{NAME} {EMAIL}", {"name": NAME}), session),
        executor.execute(ToolCall("whoami", {}), anonymous),
        executor.execute(ToolCall("lookup_customer", {"customer_id": PHONE}), session),
        executor.execute(ToolCall("crash", {"text": f"{NAME} <{EMAIL}> {PHONE}"}), session),
        executor.execute(ToolCall("nap", {"seconds": 1}), session),
        executor.execute(ToolCall("verify_identity", {"user_id": "u002", "code": "999999"}), anonymous),
        executor.execute(ToolCall("verify_identity", {"user_id": "u002", "code": GOOD_CODE}), anonymous),
    ]
    proposal = executor.execute(ToolCall("open_ticket", {"reason": f"call {NAME} at {PHONE} or {EMAIL}"}), session)
    outcomes.append(proposal)
    confirmation_id = str((proposal.confirmation or {})["confirmation_id"])
    outcomes.append(executor.approve(confirmation_id, session))
    outcomes.append(executor.deny(confirmation_id, session))
    outcomes.append(executor.approve(EMAIL, session))
    return outcomes


EXPECTED = [
    (None, "ok"), (None, "ok"), ("VALIDATION_ERROR", "refused"), ("TOOL_NOT_FOUND", "refused"),
    ("IDENTITY_REQUIRED", "refused"), ("FORBIDDEN", "refused"), ("INTERNAL", "failed"), ("TIMEOUT", "failed"),
    ("AUTH_FAILED", "failed"), (None, "ok"), ("CONFIRMATION_REQUIRED", "refused"), (None, "ok"),
    ("CONFIRMATION_DENIED", "refused"), ("CONFIRMATION_DENIED", "refused"),
]  # fmt: skip


@pytest.mark.parametrize("sink", ["background", "sync", "tiny-queue"])
def test_every_call_leaves_exactly_one_row(
    make_executor: Callable[..., Executor], ctx: Ctx, db: Database, sink: str
) -> None:
    audit: object = BackgroundAuditSink(db, max_queue=1, batch=1) if sink == "tiny-queue" else sink
    executor = make_executor(audit=audit)
    outcomes = _mixed_calls(executor, ctx)
    assert [(o.code, o.status) for o in outcomes] == EXPECTED
    stored = audit_rows(db, executor)
    # A full queue makes the caller write its own row, so storage order may differ from call order.
    by_id = {r.tool_call_id: r for r in stored}
    assert len(stored) == len(by_id) == len(outcomes)
    rows = [by_id[o.tool_call_id] for o in outcomes]
    assert [(r.error_code, r.outcome) for r in rows] == EXPECTED
    assert all(r.duration_ms >= 0 and r.channel == "chat" for r in rows)
    assert rows[0].version == "1.0.0" and rows[3].tool == "?" and rows[3].version == ""
    refs = SurrogateRefs()
    assert rows[0].patient_ref == refs.ref(Principal.patient("u001")) and rows[4].patient_ref is None
    assert rows[9].patient_ref == refs.ref(Principal.patient("u002"))  # the patient just verified


def test_rate_limited_calls_are_audited(make_executor: Callable[..., Executor], ctx: Ctx, db: Database) -> None:
    executor = make_executor(rate_limiter=RateLimiter(conversation="1/minute"))
    session = ctx()
    executor.execute(ToolCall("echo", {"text": "a"}), session)
    executor.execute(ToolCall("echo", {"text": "a"}), session)
    assert [(r.outcome, r.error_code) for r in audit_rows(db, executor)] == [
        ("ok", None),
        ("refused", "RATE_LIMITED"),
    ]


def test_planted_personal_data_never_reaches_audit_or_logs(
    make_executor: Callable[..., Executor], ctx: Ctx, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    executor = make_executor(audit="sync")
    with caplog.at_level(logging.DEBUG):
        _mixed_calls(executor, ctx)
    rows = audit_rows(db, executor)
    assert len(rows) == len(EXPECTED)
    stored = " ".join(str(getattr(r, c.name)) for r in rows for c in r.__table__.columns).lower()
    logged = "\n".join(f"{r.getMessage()} {r.args} {r.exc_text or ''}" for r in caplog.records).lower()
    assert any("crash" in r.getMessage() for r in caplog.records)  # the crash was logged, without its text
    for secret in PLANTED:
        assert secret.lower() not in stored
        assert secret.lower() not in logged
    assert "u001" not in stored and "u002" not in stored


def test_surrogates_depend_on_the_secret() -> None:
    principal = Principal.patient("u001")
    a, b = SurrogateRefs("one"), SurrogateRefs("two")
    assert a.ref(principal) == SurrogateRefs("one").ref(principal)
    assert a.ref(principal) != b.ref(principal) and len(a.ref(principal) or "") == 32
    assert a.ref(Principal.staff("u001")) != a.ref(principal) and a.ref(Principal.anonymous()) is None


def test_metrics_count_calls_and_durations(executor: Executor, ctx: Ctx) -> None:
    session = ctx()
    for _ in range(3):
        executor.execute(ToolCall("echo", {"text": "a"}), session)
    executor.execute(ToolCall("nap", {"seconds": 1}), session)
    executor.execute(ToolCall("x" * 500, {}), session)
    registry = executor.middleware[0].metrics.registry  # type: ignore[attr-defined]
    sample = registry.get_sample_value
    assert sample("pharmai_tool_calls_total", {"tool": "echo", "outcome": "ok", "code": "none"}) == 3.0
    assert sample("pharmai_tool_calls_total", {"tool": "nap", "outcome": "failed", "code": "TIMEOUT"}) == 1.0
    assert sample("pharmai_tool_calls_total", {"tool": "?", "outcome": "refused", "code": "TOOL_NOT_FOUND"}) == 1.0
    assert sample("pharmai_tool_call_duration_seconds_count", {"tool": "echo"}) == 3.0
    assert sample("pharmai_tool_call_duration_seconds_sum", {"tool": "nap"}) >= 0.2


@contextmanager
def _audit_table_gone(db: Database) -> Iterator[None]:
    """A database fault that only the audit writes meet: ``audit_log`` is missing meanwhile."""
    with db.session(write=True) as session:
        session.execute(text("ALTER TABLE audit_log RENAME TO audit_log_away"))
    try:
        yield
    finally:
        with db.session(write=True) as session:
            session.execute(text("ALTER TABLE audit_log_away RENAME TO audit_log"))
        db.engine.dispose()  # PostgreSQL caches prepared plans per connection; start clean


@pytest.mark.parametrize("sink", ["background", "sync"])
def test_rows_survive_a_database_outage_by_spilling_and_replay(
    make_executor: Callable[..., Executor], ctx: Ctx, db: Database, sink: str, tmp_path: Path
) -> None:
    settings = Settings(redis_url=None, confirmation_ttl_seconds=600, audit_spill_dir=str(tmp_path))
    executor = make_executor(audit=sink, settings=settings)
    session = ctx(patient="u001")
    with _audit_table_gone(db):
        during = [executor.execute(ToolCall("echo", {"text": f"t{i}"}), session) for i in range(5)]
        proposal = executor.execute(ToolCall("open_ticket", ARGS), session)
        confirmation_id = str((proposal.confirmation or {})["confirmation_id"])
        # A write cannot commit without its audit row: it fails whole, and the approval stays pending.
        refused = executor.approve(confirmation_id, session)
        executor.flush()
        assert all(o.ok for o in during) and refused.code == "DB_ERROR"
        assert list(tmp_path.glob("audit-*.jsonl")), "the rows were spilled to a file"
    assert _tickets(db) == []
    after = executor.execute(ToolCall("echo", {"text": "back"}), session)  # the first success replays
    done = executor.approve(confirmation_id, session)
    by_call = {r.tool_call_id: r for r in audit_rows(db, executor)}
    calls = [*during, proposal, refused, after, done]
    assert len(by_call) == len(calls) and all(o.tool_call_id in by_call for o in calls)
    assert (by_call[refused.tool_call_id].outcome, by_call[done.tool_call_id].outcome) == ("failed", "ok")
    assert done.ok and len(_tickets(db)) == 1
    assert not list(tmp_path.glob("*.jsonl")), "the spill file was replayed and removed"


def test_spilled_rows_of_a_dead_process_are_replayed_by_the_next(db: Database, tmp_path: Path) -> None:
    first = SyncAuditSink(db, spill_dir=tmp_path)
    row = {
        "ts": datetime(2026, 3, 1, 9, 30, tzinfo=UTC),
        "tool_call_id": "call_spilled",
        "tool": "echo",
        "version": "1.0.0",
        "outcome": "ok",
        "error_code": None,
        "duration_ms": 1.5,
        "conversation_id": None,
        "channel": "chat",
        "patient_ref": None,
    }
    with _audit_table_gone(db):
        first.write(row)
    assert len(list(tmp_path.glob("audit-*.jsonl"))) == 1
    second = SyncAuditSink(db, spill_dir=tmp_path)  # another process, started later
    assert second.replay() == 1 and second.replay() == 0
    assert [(r.tool_call_id, r.duration_ms) for r in audit_rows(db)] == [("call_spilled", 1.5)]
