"""The stores behind the tool runtime's protocols, built for one database.

The runtime (``pharmai.tools``) declares what it needs — a ``ConfirmationStore`` and an ``AuditSink`` —
and knows no tables; the composition roots (API, CLI, MCP, the conversation loop, tests) build them here
and hand them to the executor::

    Executor(registry, db, **tool_stores(db, audit="sync"))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pharmai.db.audit_sink import BackgroundAuditSink, SyncAuditSink
from pharmai.db.confirmations import SqlConfirmationStore
from pharmai.db.engine import Database

__all__ = ["tool_stores"]


def tool_stores(
    db: Database, *, audit: Literal["background", "sync"] = "background", spill_dir: str | Path | None = None
) -> dict[str, Any]:
    """The executor's ``audit`` and ``confirmations`` arguments for ``db``.

    Args:
        db: The database of ``audit_log`` and ``confirmations``.
        audit: ``background`` (batched on a writer thread) or ``sync`` (written before the call returns).
        spill_dir: Where audit rows wait while the database is down (default: one directory per
            database, see :func:`pharmai.db.audit_sink.default_spill_dir`); ``PHARMAI_AUDIT_SPILL_DIR``.

    Returns:
        ``{"audit": <AuditSink>, "confirmations": <ConfirmationStore>}``.
    """
    spill = Path(spill_dir) if spill_dir else None
    sink = SyncAuditSink(db, spill_dir=spill) if audit == "sync" else BackgroundAuditSink(db, spill_dir=spill)
    return {"audit": sink, "confirmations": SqlConfirmationStore(db)}
