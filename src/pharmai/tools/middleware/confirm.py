"""Fourth: WRITE tools marked ``confirm`` are proposed, stored, and run only once approved.

A proposal is a row in ``confirmations`` with a server-issued id (``secrets.token_urlsafe``) bound to the
tool, its version, the SHA-256 of the canonical arguments, the principal's surrogate and the conversation.
Approval flips the row with ``UPDATE … WHERE status = 'pending'`` in one transaction, so two concurrent
approvals cannot both win; only the winner runs the stored call.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import update

from pharmai.db.engine import Database
from pharmai.db.models import Confirmation
from pharmai.errors import ConfirmationDenied, ConfirmationRequired
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._privacy import SurrogateRefs, args_hash
from pharmai.tools._spec import ToolKind
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Confirm", "new_confirmation_id"]


def new_confirmation_id() -> str:
    """A fresh, unguessable confirmation id."""
    return "cf_" + secrets.token_urlsafe(24)


def _aware(value: datetime) -> datetime:
    # SQLite hands timezone-aware columns back naive; they were stored in UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


class Confirm:
    """Propose confirm-marked WRITE calls; run approved ones exactly once.

    Args:
        db: Where proposals are stored.
        refs: Surrogates for binding a proposal to its principal.
        ttl_s: Seconds a proposal stays valid.
    """

    name = "confirm"

    def __init__(self, db: Database, refs: SurrogateRefs, ttl_s: int) -> None:
        self.db = db
        self.refs = refs
        self.ttl = timedelta(seconds=ttl_s)

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        spec = inv.spec
        assert spec is not None
        if inv.approval is not None:
            return self._decide(inv, call_next)
        if spec.kind is ToolKind.WRITE and spec.confirm:
            return self._propose(inv)
        return call_next(inv)

    def _arguments(self, inv: Invocation) -> Any:
        assert inv.args is not None
        return inv.args.model_dump(mode="json")

    def _propose(self, inv: Invocation) -> ToolOutcome:
        assert inv.spec is not None and inv.args is not None
        ctx = inv.context
        now = ctx.clock.now()
        arguments = self._arguments(inv)
        row = Confirmation(
            confirmation_id=new_confirmation_id(),
            tool=inv.spec.name,
            tool_version=inv.spec.version,
            arguments=arguments,
            arguments_hash=args_hash(inv.spec.name, inv.spec.version, arguments),
            principal_ref=self.refs.ref(ctx.principal),
            conversation_id=ctx.conversation_id,
            language=inv.language,
            summary=inv.spec.summarize(inv.args, inv.language),
            status="pending",
            created_at=now,
            expires_at=now + self.ttl,
        )
        with self.db.session(write=True) as session:
            session.add(row)
        inv.confirmation_event = "requested"
        details = {
            "confirmation_id": row.confirmation_id,
            "tool": row.tool,
            "summary": row.summary,
            "expires_at": row.expires_at.isoformat(),
        }
        return inv.fail(ConfirmationRequired(details))

    def _refuse(self, inv: Invocation, reason: str) -> ToolOutcome:
        inv.confirmation_event = "denied" if reason == "denied" else "expired" if reason == "expired" else "invalid"
        return inv.fail(ConfirmationDenied({"reason": reason}))

    def _decide(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        assert inv.spec is not None and inv.approval is not None
        ctx = inv.context
        now = ctx.clock.now()
        with self.db.session(write=True) as session:
            row = session.get(Confirmation, inv.approval)
            # Someone else's proposal looks exactly like a missing one: no existence oracle.
            if (
                row is None
                or row.tool != inv.spec.name
                or row.conversation_id != ctx.conversation_id
                or row.principal_ref != self.refs.ref(ctx.principal)
            ):
                return self._refuse(inv, "not_found")
            if row.status != "pending":
                return self._refuse(inv, "used")
            stored = args_hash(row.tool, row.tool_version, row.arguments)
            asked = args_hash(inv.spec.name, inv.spec.version, self._arguments(inv))
            if stored != row.arguments_hash or asked != row.arguments_hash:
                return self._refuse(inv, "mismatch")
            if now >= _aware(row.expires_at):
                row.status, row.decided_at = "expired", now
                return self._refuse(inv, "expired")
            status = "denied" if inv.deny else "approved"
            flipped = session.execute(
                update(Confirmation)
                .where(Confirmation.confirmation_id == inv.approval, Confirmation.status == "pending")
                .values(status=status, decided_at=now)
            )
            if getattr(flipped, "rowcount", 0) != 1:
                return self._refuse(inv, "used")
        if inv.deny:
            return self._refuse(inv, "denied")
        inv.confirmation_event = "approved"
        outcome = call_next(inv)
        with self.db.session(write=True) as session:
            # Only the shape of the result: the confirmation row must not become a second PHI store.
            session.execute(
                update(Confirmation)
                .where(Confirmation.confirmation_id == inv.approval)
                .values(result={"ok": outcome.ok, "error_code": outcome.code, "tool_call_id": outcome.tool_call_id})
            )
        return outcome
