"""Fourth: WRITE tools marked ``confirm`` are proposed, stored, and run only once approved.

A proposal is a :class:`~pharmai.tools.ConfirmationRecord` with a server-issued id (``secrets.token_urlsafe``)
bound to the tool, its version, the SHA-256 of the canonical arguments, the principal's surrogate and the
conversation. Approval and execution are one transaction: the approval is claimed (pending → approved,
``UPDATE … WHERE status = 'pending'``) as the first statement of the write's own transaction, so two
concurrent approvals cannot both write, and a worker that dies, times out or loses its database half-way
leaves the proposal pending and nothing written — safely approvable again. A write refused by the domain
(out of stock, no refills left) uses the proposal up; an approval refused by a limit leaves it pending.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from pharmai.errors import ConfirmationDenied, ConfirmationRequired
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._privacy import SurrogateRefs, args_hash
from pharmai.tools._spec import ToolKind
from pharmai.tools._stores import ConfirmationRecord, ConfirmationStore
from pharmai.tools.middleware._base import Invocation, Next

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

__all__ = ["Confirm", "new_confirmation_id"]

#: Failures that say nothing about the write itself: the proposal stays pending and can be approved again.
_RETRYABLE = frozenset(
    {"TIMEOUT", "INTERNAL", "DB_ERROR", "SERVICE_UNAVAILABLE", "RATE_LIMITED", "CONFIRMATION_DENIED"}
)


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

    def __init__(self, store: ConfirmationStore, refs: SurrogateRefs, ttl_s: int) -> None:
        self.store = store
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
        record = ConfirmationRecord(
            confirmation_id=new_confirmation_id(),
            tool=inv.spec.name,
            tool_version=inv.spec.version,
            arguments=arguments,
            arguments_hash=args_hash(inv.spec.name, inv.spec.version, arguments),
            principal_ref=self.refs.ref(ctx.principal),
            conversation_id=ctx.conversation_id,
            language=inv.language,
            summary=inv.spec.summarize(inv.args, inv.language, ctx),
            status="pending",
            created_at=now,
            expires_at=now + self.ttl,
        )
        self.store.add(record)
        inv.confirmation_event = "requested"
        details = {
            "confirmation_id": record.confirmation_id,
            "tool": record.tool,
            "summary": record.summary,
            "expires_at": record.expires_at.isoformat(),
        }
        return inv.fail(ConfirmationRequired(details))

    def _refuse(self, inv: Invocation, reason: str) -> ToolOutcome:
        inv.confirmation_event = "denied" if reason == "denied" else "expired" if reason == "expired" else "invalid"
        return inv.fail(ConfirmationDenied({"reason": reason}))

    def _check(self, inv: Invocation, now: datetime) -> str | None:
        """Why this approval or denial cannot proceed, or ``None``."""
        assert inv.spec is not None and inv.approval is not None
        ctx = inv.context
        row = self.store.get(inv.approval)
        # Someone else's proposal looks exactly like a missing one: no existence oracle.
        if (
            row is None
            or row.tool != inv.spec.name
            or row.conversation_id != ctx.conversation_id
            or row.principal_ref != self.refs.ref(ctx.principal)
        ):
            return "not_found"
        if row.status != "pending":
            return "used"
        stored = args_hash(row.tool, row.tool_version, row.arguments)
        asked = args_hash(inv.spec.name, inv.spec.version, self._arguments(inv))
        if stored != row.arguments_hash or asked != row.arguments_hash:
            return "mismatch"
        if now >= _aware(row.expires_at):
            return "expired" if self.store.decide(inv.approval, "expired", now) else "used"
        return None

    def _decide(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        assert inv.approval is not None
        now = inv.context.clock.now()
        reason = self._check(inv, now)
        if reason is not None:
            return self._refuse(inv, reason)
        if inv.deny:
            return self._refuse(inv, "denied" if self.store.decide(inv.approval, "denied", now) else "used")
        approval = inv.approval
        call_id = inv.call.tool_call_id

        def claim(session: Session) -> None:
            # Only the shape of the result: the confirmation must not become a second PHI store.
            if not self.store.claim_in(
                session, approval, now, {"ok": True, "error_code": None, "tool_call_id": call_id}
            ):
                raise ConfirmationDenied({"reason": "used"})

        inv.write_hooks.on_begin.append(claim)
        outcome = call_next(inv)
        if inv.write_hooks.committed:
            inv.confirmation_event = "approved"
        elif outcome.ok or outcome.code not in _RETRYABLE:
            # A handler that wrote nothing in the context's transaction, or a write the domain refused:
            # the proposal is used up either way.
            result = {"ok": outcome.ok, "error_code": outcome.code, "tool_call_id": outcome.tool_call_id}
            inv.confirmation_event = "approved" if self.store.decide(approval, "approved", now, result) else "invalid"
        else:
            # Lost to another approval, or nothing happened (timeout, outage): the proposal stays as it is.
            inv.confirmation_event = "invalid"
        return outcome
