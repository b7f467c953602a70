"""After the call: exactly one append-only ``audit_log`` row per call — allowed, refused or failed.

Rows carry time, tool, version, outcome, error code, duration, conversation, channel, a surrogate of
the principal and one of the staff actor (when staff made the call); never arguments, results, names,
usernames, emails, phones, codes or free text. A WRITE tool's row is added to the write's own
transaction (it exists if and only if the write committed); every other row goes to the
:class:`~pharmai.tools.AuditSink`, which must never drop it (``pharmai.db`` retries and spills).

Each call is also logged once at INFO (logger ``pharmai.tools.audit``) with the same kind of fields: tool,
outcome, error code, duration and the conversation's surrogate (an HMAC, never the id).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from pharmai.errors import InternalError, PharmaiError
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._privacy import SurrogateRefs, safe_label
from pharmai.tools._spec import ToolKind
from pharmai.tools._stores import AuditSink
from pharmai.tools.middleware._base import Invocation, Next

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

__all__ = ["Audit"]

_log = logging.getLogger("pharmai.tools.audit")


class Audit:
    """Record every call once, whatever happened inside the chain.

    Args:
        sink: Where rows go.
        refs: Surrogates for the principal.
    """

    name = "audit"

    def __init__(self, sink: AuditSink, refs: SurrogateRefs) -> None:
        self.sink = sink
        self.refs = refs

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        in_write = inv.spec is not None and inv.spec.kind is ToolKind.WRITE
        if in_write:
            inv.write_hooks.on_commit.append(lambda session: self._write_in(session, inv))
        try:
            outcome = call_next(inv)
        except PharmaiError as exc:
            outcome = inv.fail(exc)
        except Exception as exc:
            _log.error("tool runtime error in %s: %s", inv.tool_label, type(exc).__name__)
            outcome = inv.fail(InternalError())
        outcome.duration_ms = (time.perf_counter() - inv.started) * 1000.0
        if not (in_write and inv.write_hooks.committed):
            # The write's transaction did not commit (refused, failed, or no write at all): its row
            # was rolled back with it, so this is the call's one row.
            self.sink.write(self._row(inv, outcome.tool_call_id, outcome.version, outcome.status, outcome.code))
        if _log.isEnabledFor(logging.INFO):
            self._log(inv, outcome)
        return outcome

    def _log(self, inv: Invocation, outcome: ToolOutcome) -> None:
        conversation = inv.context.conversation_id
        fields = {
            "tool": inv.tool_label,
            "outcome": outcome.status,
            "code": outcome.code,
            "duration_ms": round(outcome.duration_ms, 1),
            "conversation": self.refs.conversation(conversation) if conversation else None,
        }
        _log.info(
            "tool %s %s%s in %.1f ms",
            fields["tool"],
            outcome.status,
            f" ({outcome.code})" if outcome.code else "",
            fields["duration_ms"],
            extra=fields,
        )

    def _write_in(self, session: Session, inv: Invocation) -> None:
        # Written before the outcome exists: the commit it rides on is what makes the call succeed.
        assert inv.spec is not None
        call_id = safe_label(inv.call.tool_call_id) if inv.call.tool_call_id else "?"
        self.sink.write_in(session, self._row(inv, call_id, inv.spec.version, "ok", None))

    def _row(self, inv: Invocation, call_id: str, version: str, status: str, code: str | None) -> dict[str, Any]:
        ctx = inv.context
        return {
            "ts": inv.received_at,
            "tool_call_id": call_id,
            "tool": inv.tool_label,
            "version": version,
            "outcome": status,
            "error_code": code,
            "duration_ms": (time.perf_counter() - inv.started) * 1000.0,
            "conversation_id": safe_label(ctx.conversation_id) if ctx.conversation_id else None,
            "channel": safe_label(ctx.channel)[:16],
            # After an AUTH call this is the patient just verified, so verifications are traceable.
            "patient_ref": self.refs.ref(ctx.principal),
            "actor_ref": self.refs.actor(ctx.actor),
        }
