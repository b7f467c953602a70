"""Confirmation: proposed, approved exactly once, bound to tool, arguments, patient and conversation."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select, update

from pharmai.clock import FixedClock
from pharmai.db.engine import Database
from pharmai.db.models import Confirmation, Ticket
from pharmai.tools import Executor, Principal, ToolCall, ToolContext, ToolOutcome
from tests.tools.conftest import audit_rows
from tests.tools.toolset import Calls

Ctx = Callable[..., ToolContext]
ARGS = {"reason": "card lost", "priority": "high"}


def _tickets(db: Database) -> list[Ticket]:
    with db.session() as session:
        return list(session.scalars(select(Ticket)))


def _propose(executor: Executor, session: ToolContext, args: dict[str, Any] = ARGS) -> str:
    outcome = executor.execute(ToolCall("open_ticket", args), session)
    assert outcome.code == "CONFIRMATION_REQUIRED", outcome
    details = outcome.confirmation
    assert details is not None
    return str(details["confirmation_id"])


def _reason(outcome: ToolOutcome) -> str:
    assert outcome.code == "CONFIRMATION_DENIED", outcome
    return str((outcome.error.details or {})["reason"])  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("language", "summary", "message"),
    [
        ("en", "Open a high-priority ticket for a human agent.", "This action needs your confirmation: "),
        ("he", "לפתוח פנייה לנציג בעדיפות גבוהה.", "הפעולה הזו דורשת את אישורך: "),
    ],
)
def test_proposal_is_stored_and_summarised_in_the_session_language(
    executor: Executor, ctx: Ctx, db: Database, clock: FixedClock, language: str, summary: str, message: str
) -> None:
    session = ctx(patient="u001", language=language)
    outcome = executor.execute(ToolCall("open_ticket", ARGS), session)
    details = outcome.confirmation or {}
    assert details["summary"] == summary and details["tool"] == "open_ticket"
    assert details["expires_at"] == clock.now().replace(minute=10).isoformat()
    assert executor.render(outcome)["error"]["message"] == message + summary
    with db.session() as s:
        row = s.get(Confirmation, details["confirmation_id"])
        assert row is not None and row.status == "pending" and row.arguments == ARGS
        assert row.conversation_id == session.conversation_id and row.principal_ref not in (None, "u001")
    assert _tickets(db) == []


def test_generic_summary_in_both_languages(registry: Any) -> None:
    spec = registry.get("echo")
    args = spec.input_model(text="a")
    assert spec.summarize(args, "en", ToolContext()) == "Run “Echo” with the details you gave."
    assert spec.summarize(args, "he", ToolContext()) == "להפעיל את הפעולה „הד” עם הפרטים שמסרת."


def test_approve_runs_exactly_the_stored_call_once(executor: Executor, ctx: Ctx, db: Database) -> None:
    session = ctx(patient="u001")
    confirmation_id = _propose(executor, session)
    approved = executor.approve(confirmation_id, session)
    assert approved.ok and approved.payload is not None and approved.payload["status"] == "open"
    tickets = _tickets(db)
    assert [(t.reason, t.priority, t.user_id) for t in tickets] == [("card lost", "high", "u001")]
    # Replay: the same id again does nothing.
    assert _reason(executor.approve(confirmation_id, session)) == "used"
    assert _reason(executor.deny(confirmation_id, session)) == "used"
    assert len(_tickets(db)) == 1 and Calls.runs["open_ticket"] == 1
    with db.session() as s:
        row = s.get(Confirmation, confirmation_id)
        assert row is not None and row.status == "approved"
        assert row.result == {"ok": True, "error_code": None, "tool_call_id": approved.tool_call_id}


def test_deny_drops_the_call(executor: Executor, ctx: Ctx, db: Database) -> None:
    session = ctx(patient="u001", language="he")
    confirmation_id = _propose(executor, session)
    denied = executor.deny(confirmation_id, session)
    assert _reason(denied) == "denied"
    assert executor.render(denied)["error"]["message"] == "הפעולה לא אושרה, ולכן לא בוצע דבר."
    assert _reason(executor.approve(confirmation_id, session)) == "used"
    assert _tickets(db) == [] and Calls.runs.get("open_ticket") is None


def test_other_arguments_cannot_reuse_a_confirmation(executor: Executor, ctx: Ctx, db: Database) -> None:
    session = ctx(patient="u001")
    confirmation_id = _propose(executor, session)
    other = {"reason": "close my account", "priority": "high"}
    assert _reason(executor.approve(confirmation_id, session, arguments=other)) == "mismatch"
    # Tampering with the stored arguments breaks the hash binding too.
    with db.session(write=True) as s:
        s.execute(update(Confirmation).values(arguments=other))
    assert _reason(executor.approve(confirmation_id, session)) == "mismatch"
    assert _tickets(db) == []


def test_same_arguments_echoed_back_are_accepted(executor: Executor, ctx: Ctx, db: Database) -> None:
    session = ctx(patient="u001")
    confirmation_id = _propose(executor, session)
    assert executor.approve(confirmation_id, session, arguments=dict(ARGS)).ok


def test_another_conversation_or_patient_cannot_use_it(executor: Executor, ctx: Ctx, db: Database) -> None:
    session = ctx(patient="u001", conversation="conv-a")
    confirmation_id = _propose(executor, session)
    assert _reason(executor.approve(confirmation_id, ctx(patient="u001", conversation="conv-b"))) == "not_found"
    assert _reason(executor.approve(confirmation_id, ctx(patient="u002", conversation="conv-a"))) == "not_found"
    staff = ctx(conversation="conv-a")
    staff.principal = Principal.staff("u001")
    assert _reason(executor.approve(confirmation_id, staff)) == "not_found"
    assert _tickets(db) == []
    # The owner can still approve: failed attempts by others do not burn it.
    assert executor.approve(confirmation_id, session).ok


@pytest.mark.parametrize("bad_id", ["cf_doesnotexist", "", "x" * 10_000, "'; DELETE FROM confirmations; --", None])
def test_unknown_ids_are_refused(executor: Executor, ctx: Ctx, db: Database, bad_id: Any) -> None:
    session = ctx(patient="u001")
    _propose(executor, session)
    assert _reason(executor.approve(bad_id, session)) == "not_found"
    assert _reason(executor.deny(bad_id, session)) == "not_found"
    with db.session() as s:
        assert [r.status for r in s.scalars(select(Confirmation))] == ["pending"]


def test_expired_confirmation_is_refused(executor: Executor, ctx: Ctx, db: Database, clock: FixedClock) -> None:
    session = ctx(patient="u001")
    confirmation_id = _propose(executor, session)
    clock.advance(seconds=599)
    still = _propose(executor, session)
    clock.advance(seconds=1)
    assert _reason(executor.approve(confirmation_id, session)) == "expired"
    assert _reason(executor.approve(confirmation_id, session)) == "used"
    assert executor.approve(still, session).ok
    assert len(_tickets(db)) == 1


def test_two_concurrent_approvals_write_once(executor: Executor, ctx: Ctx, db: Database) -> None:
    # Every approval may enter the handler; the claim is the first statement of its write transaction,
    # so only the winner's write commits and the others roll back with "used".
    session = ctx(patient="u001")
    for _ in range(3):
        confirmation_id = _propose(executor, session)
        barrier = threading.Barrier(4)
        results: list[ToolOutcome] = []

        def approve(
            cid: str = confirmation_id, b: threading.Barrier = barrier, out: list[ToolOutcome] = results
        ) -> None:
            b.wait()
            out.append(executor.approve(cid, session))

        threads = [threading.Thread(target=approve) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(r.ok for r in results) == [False, False, False, True]
        assert {_reason(r) for r in results if not r.ok} == {"used"}
    assert len(_tickets(db)) == 3


def test_every_decision_is_audited(executor: Executor, ctx: Ctx, db: Database) -> None:
    session = ctx(patient="u001")
    proposal = executor.execute(ToolCall("open_ticket", ARGS), session)
    confirmation_id = str((proposal.confirmation or {})["confirmation_id"])
    outcomes = [proposal]
    outcomes.append(executor.approve(confirmation_id, session))
    outcomes.append(executor.approve(confirmation_id, session))
    outcomes.append(executor.approve("cf_unknown", session))
    # The approved write's row commits with the write, before the queued rows: match rows by call.
    by_call = {r.tool_call_id: r for r in audit_rows(db, executor)}
    rows = [by_call[o.tool_call_id] for o in outcomes]
    assert len(by_call) == 4
    assert [(r.tool, r.outcome, r.error_code) for r in rows] == [
        ("open_ticket", "refused", "CONFIRMATION_REQUIRED"),
        ("open_ticket", "ok", None),
        ("open_ticket", "refused", "CONFIRMATION_DENIED"),
        ("?", "refused", "CONFIRMATION_DENIED"),
    ]
    registry = executor.middleware[0].metrics.registry  # type: ignore[attr-defined]
    for result, count in (("requested", 1.0), ("approved", 1.0), ("invalid", 1.0)):
        labels = {"tool": "open_ticket", "result": result}
        assert registry.get_sample_value("pharmai_tool_confirmations_total", labels) == count


def _status(db: Database, confirmation_id: str) -> str:
    with db.session() as session:
        row = session.get(Confirmation, confirmation_id)
        assert row is not None
        return row.status


def test_an_approval_that_never_commits_stays_pending_and_runs_once_later(
    executor: Executor, ctx: Ctx, db: Database
) -> None:
    # The write overruns its deadline inside its transaction (a stalled worker): nothing may remain of
    # the approval — no ticket, no "approved" without its write — and the person can approve again.
    session = ctx(patient="u001")
    proposal = executor.execute(ToolCall("slow_confirmed_ticket", ARGS), session)
    confirmation_id = str((proposal.confirmation or {})["confirmation_id"])
    stalled = executor.approve(confirmation_id, session)
    assert stalled.code == "TIMEOUT"
    executor.flush()
    assert _status(db, confirmation_id) == "pending" and _tickets(db) == []
    Calls.hold_s = 0.0
    done = executor.approve(confirmation_id, session)
    assert done.ok and _status(db, confirmation_id) == "approved"
    assert len(_tickets(db)) == 1
    assert _reason(executor.approve(confirmation_id, session)) == "used"
    # One row per call, the approved write's included (it committed with the ticket).
    by_call = {r.tool_call_id: r for r in audit_rows(db, executor)}
    assert [(by_call[o.tool_call_id].outcome, by_call[o.tool_call_id].error_code) for o in (stalled, done)] == [
        ("failed", "TIMEOUT"),
        ("ok", None),
    ]
    assert len(by_call) == 4
