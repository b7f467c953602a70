"""After the call: one append-only ``audit_log`` row per call — allowed, refused or failed.

Rows carry time, tool, version, outcome, error code, duration, conversation, channel and a surrogate of
the principal; never arguments, results, names, emails, phones, codes or free text. The background sink
batches rows on a writer thread so the caller does not wait for a commit; :meth:`flush` waits until
every accepted row is stored, and a full queue makes the caller write its own row (never a dropped row).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Protocol

from sqlalchemy import insert

from pharmai.db.engine import Database
from pharmai.db.models import AuditLog
from pharmai.errors import InternalError, PharmaiError
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._privacy import SurrogateRefs, safe_label
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Audit", "AuditSink", "BackgroundAuditSink", "SyncAuditSink"]

_log = logging.getLogger("pharmai.tools.audit")


class AuditSink(Protocol):
    """Where audit rows go."""

    def write(self, row: dict[str, Any]) -> None:
        """Store one row (now or before the next :meth:`flush` returns)."""
        ...

    def flush(self) -> None:
        """Return once every row written so far is stored."""
        ...

    def close(self) -> None:
        """Flush and release resources."""
        ...


def _insert(db: Database, rows: list[dict[str, Any]]) -> None:
    try:
        with db.connect(write=True) as conn:
            conn.execute(insert(AuditLog), rows)
    except Exception as exc:  # an audit outage must not turn every tool call into a crash
        _log.error("audit write of %d rows failed: %s", len(rows), type(exc).__name__)


class SyncAuditSink:
    """Writes each row in its own short transaction before the call returns."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def write(self, row: dict[str, Any]) -> None:
        """Insert ``row`` now."""
        _insert(self.db, [row])

    def flush(self) -> None:
        """Nothing is ever pending."""

    def close(self) -> None:
        """Nothing to release."""


class BackgroundAuditSink:
    """Batches rows on a writer thread; bounded queue, flushed on :meth:`flush` and :meth:`close`.

    Args:
        db: The database of ``audit_log``.
        max_queue: Rows waiting at most; beyond it callers write synchronously.
        batch: Rows per insert.
        linger_s: How long the writer waits for more rows before inserting a batch.
    """

    def __init__(self, db: Database, *, max_queue: int = 10000, batch: int = 500, linger_s: float = 0.02) -> None:
        self.db = db
        self._batch = batch
        self._linger = linger_s
        self._queue: queue.Queue[dict[str, Any] | None] = queue.Queue(maxsize=max_queue)
        self._thread = threading.Thread(target=self._drain, name="pharmai-audit", daemon=True)
        self._closed = False
        self._thread.start()

    def write(self, row: dict[str, Any]) -> None:
        """Queue ``row``; write it in the caller's thread when the queue is full or closed."""
        if self._closed:
            _insert(self.db, [row])
            return
        try:
            self._queue.put_nowait(row)
        except queue.Full:
            _insert(self.db, [row])

    def _drain(self) -> None:
        while True:
            first = self._queue.get()
            rows = [first] if first is not None else []
            stop = first is None
            # Linger briefly so a burst becomes one transaction: fewer commits, less GIL contention
            # with the callers. flush() and close() still wait for every row.
            deadline = time.monotonic() + self._linger
            while len(rows) < self._batch and not stop:
                remaining = deadline - time.monotonic()
                try:
                    item = self._queue.get(timeout=remaining) if remaining > 0 else self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                else:
                    rows.append(item)
            if rows:
                _insert(self.db, rows)
            for _ in range(len(rows) + (1 if stop else 0)):
                self._queue.task_done()
            if stop:
                return

    def flush(self) -> None:
        """Block until every queued row is stored."""
        self._queue.join()

    def close(self) -> None:
        """Store what is queued and stop the writer."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join(timeout=30)


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
        try:
            outcome = call_next(inv)
        except PharmaiError as exc:
            outcome = inv.fail(exc)
        except Exception as exc:
            _log.error("tool runtime error in %s: %s", inv.tool_label, type(exc).__name__)
            outcome = inv.fail(InternalError())
        outcome.duration_ms = (time.perf_counter() - inv.started) * 1000.0
        ctx = inv.context
        self.sink.write(
            {
                "ts": inv.received_at,
                "tool_call_id": outcome.tool_call_id,
                "tool": inv.tool_label,
                "version": outcome.version,
                "outcome": outcome.status,
                "error_code": outcome.code,
                "duration_ms": outcome.duration_ms,
                "conversation_id": safe_label(ctx.conversation_id) if ctx.conversation_id else None,
                "channel": safe_label(ctx.channel)[:16],
                # After an AUTH call this is the patient just verified, so verifications are traceable.
                "patient_ref": self.refs.ref(ctx.principal),
            }
        )
        return outcome
