"""Retention: conversations, messages, confirmations, outbox and audit rows are deleted after their period.

A conversation goes once it has been idle for the retention period (its ``updated_at`` is its last
activity, so a conversation in use is never purged), and its messages and confirmations go with it in the
same transaction. Confirmations raised outside a stored conversation (MCP, ``pharmai tools call``) and
outbox rows go by their own age; audit rows, which hold no PHI, by the longer audit period.

Rows are deleted in small batches, one short transaction each, so a purge never holds SQLite's write
lock or PostgreSQL's row locks for long and turns keep running in between. Two purges may run at once
(every API worker runs one on a schedule): on PostgreSQL each batch locks the rows it takes with
``FOR UPDATE SKIP LOCKED``, so they share the work instead of waiting for each other; on SQLite batches
take turns on the one write lock. Counts are what each purge itself deleted, so they add up.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Connection, Table, and_, delete, exists, func, or_, select, text
from sqlalchemy.orm import Session

from pharmai.db.engine import Database
from pharmai.db.models import AuditLog, Confirmation, Conversation, Message, OutboxMessage
from pharmai.settings import Settings

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "PURGED_TABLES",
    "PurgeReport",
    "RetentionPolicy",
    "lock_client",
    "open_conversations",
    "purge",
]

#: Conversations (with their messages and confirmations), or rows of another table, per transaction.
DEFAULT_BATCH_SIZE = 200
#: The tables a purge deletes from, in the order a report lists them.
PURGED_TABLES = ("conversations", "messages", "confirmations", "outbox", "audit_log")

_CONVERSATIONS: Table = Conversation.__table__  # type: ignore[assignment]
_MESSAGES: Table = Message.__table__  # type: ignore[assignment]
_CONFIRMATIONS: Table = Confirmation.__table__  # type: ignore[assignment]
_OUTBOX: Table = OutboxMessage.__table__  # type: ignore[assignment]
_AUDIT: Table = AuditLog.__table__  # type: ignore[assignment]
#: First key of pharmai's PostgreSQL advisory locks on client addresses (the second is the address's).
_CLIENT_LOCK_SPACE = 0x7068
_LOCK_CLIENT = text("SELECT pg_advisory_xact_lock(CAST(:space AS integer), CAST(:key AS integer))")


@dataclass(frozen=True)
class RetentionPolicy:
    """How long rows are kept.

    Attributes:
        days: Conversations (idle this long), their messages and confirmations, outbox rows.
        audit_days: Audit rows.
        batch_size: Conversations, or rows of another table, deleted per transaction.
    """

    days: int = 30
    audit_days: int = 365
    batch_size: int = DEFAULT_BATCH_SIZE

    @classmethod
    def from_settings(cls, settings: Settings, *, batch_size: int = DEFAULT_BATCH_SIZE) -> RetentionPolicy:
        """The policy of ``PHARMAI_RETENTION_DAYS`` and ``PHARMAI_AUDIT_RETENTION_DAYS``."""
        return cls(days=settings.retention_days, audit_days=settings.audit_retention_days, batch_size=batch_size)


@dataclass(frozen=True)
class PurgeReport:
    """What a purge deleted, or in a dry run would delete.

    Attributes:
        counts: Rows per table, every table of :data:`PURGED_TABLES` present.
        cutoff: Conversations idle since before this, and outbox rows and confirmations older, are purged.
        audit_cutoff: Audit rows older than this are purged.
        dry_run: Nothing was deleted; ``counts`` are what a purge would delete now.
    """

    counts: dict[str, int]
    cutoff: datetime
    audit_cutoff: datetime
    dry_run: bool = False

    @property
    def total(self) -> int:
        """Rows in all tables."""
        return sum(self.counts.values())


def _expired_conversations(cutoff: datetime) -> ColumnElement[bool]:
    return _CONVERSATIONS.c.updated_at < cutoff


def _stray_confirmations(cutoff: datetime, now: datetime) -> ColumnElement[bool]:
    # Confirmations with no stored conversation (MCP, `tools call`); a pending one that can still be
    # approved is left alone whatever its age.
    c = _CONFIRMATIONS.c
    stored = exists().where(_CONVERSATIONS.c.conversation_id == c.conversation_id)
    return and_(c.created_at < cutoff, or_(c.status != "pending", c.expires_at < now), ~stored)


def _old_outbox(cutoff: datetime) -> ColumnElement[bool]:
    return _OUTBOX.c.created_at < cutoff


def _old_audit(cutoff: datetime) -> ColumnElement[bool]:
    return _AUDIT.c.ts < cutoff


def purge(
    db: Database,
    policy: RetentionPolicy,
    *,
    now: datetime,
    dry_run: bool = False,
    stop: Callable[[], bool] | None = None,
) -> PurgeReport:
    """Delete every row past its retention period, in batches.

    Args:
        db: The database.
        policy: The retention periods and the batch size.
        now: The current instant (the caller's clock).
        dry_run: Only count what would be deleted.
        stop: Asked between batches; ``True`` ends the purge early (a server shutting down).

    Returns:
        The rows deleted per table (or that would be, in a dry run).

    Raises:
        DatabaseError: The database failed; batches committed before stay deleted.
    """
    cutoff = now - timedelta(days=policy.days)
    audit_cutoff = now - timedelta(days=policy.audit_days)
    if dry_run:
        counts = _count(db, cutoff, audit_cutoff, now)
        return PurgeReport(counts, cutoff, audit_cutoff, dry_run=True)
    counts = dict.fromkeys(PURGED_TABLES, 0)
    halted = stop or (lambda: False)
    size = max(1, policy.batch_size)
    while not halted():
        taken = _conversation_batch(db, cutoff, size, counts)
        if taken < size:
            break
    for table, key, where in (
        ("confirmations", _CONFIRMATIONS.c.confirmation_id, _stray_confirmations(cutoff, now)),
        ("outbox", _OUTBOX.c.id, _old_outbox(cutoff)),
        ("audit_log", _AUDIT.c.id, _old_audit(audit_cutoff)),
    ):
        while not halted():
            taken, deleted = _row_batch(db, key, where, size)
            counts[table] += deleted
            if taken < size:
                break
    return PurgeReport(counts, cutoff, audit_cutoff)


def _locked_ids(connection: Connection, key: Any, where: ColumnElement[bool], size: int) -> Sequence[Any]:
    # SKIP LOCKED: a concurrent purge's batch, or a conversation a turn is saving right now, is left to
    # its holder instead of being waited for (SQLite ignores the clause; its write lock serialises).
    query = select(key).where(where).limit(size).with_for_update(skip_locked=True)
    return connection.execute(query).scalars().all()


def _conversation_batch(db: Database, cutoff: datetime, size: int, counts: dict[str, int]) -> int:
    """Delete up to ``size`` idle conversations with their messages and confirmations, atomically."""
    with db.connect(write=True) as connection:
        ids = _locked_ids(connection, _CONVERSATIONS.c.conversation_id, _expired_conversations(cutoff), size)
        if not ids:
            return 0
        # Children first, in the same transaction: a conversation is gone whole or not at all.
        messages = connection.execute(delete(_MESSAGES).where(_MESSAGES.c.conversation_id.in_(ids)))
        confirmations = connection.execute(delete(_CONFIRMATIONS).where(_CONFIRMATIONS.c.conversation_id.in_(ids)))
        conversations = connection.execute(delete(_CONVERSATIONS).where(_CONVERSATIONS.c.conversation_id.in_(ids)))
    counts["messages"] += messages.rowcount
    counts["confirmations"] += confirmations.rowcount
    counts["conversations"] += conversations.rowcount
    return len(ids)


def _row_batch(db: Database, key: Any, where: ColumnElement[bool], size: int) -> tuple[int, int]:
    """Delete up to ``size`` rows matching ``where``; returns the rows taken and the rows deleted."""
    with db.connect(write=True) as connection:
        ids = _locked_ids(connection, key, where, size)
        if not ids:
            return 0, 0
        deleted = connection.execute(delete(key.table).where(key.in_(ids))).rowcount
    return len(ids), deleted


def _count(db: Database, cutoff: datetime, audit_cutoff: datetime, now: datetime) -> dict[str, int]:
    expired = select(_CONVERSATIONS.c.conversation_id).where(_expired_conversations(cutoff))
    confirmations = or_(_CONFIRMATIONS.c.conversation_id.in_(expired), _stray_confirmations(cutoff, now))
    queries = {
        "conversations": (_CONVERSATIONS, _expired_conversations(cutoff)),
        "messages": (_MESSAGES, _MESSAGES.c.conversation_id.in_(expired)),
        "confirmations": (_CONFIRMATIONS, confirmations),
        "outbox": (_OUTBOX, _old_outbox(cutoff)),
        "audit_log": (_AUDIT, _old_audit(audit_cutoff)),
    }
    with db.connect() as connection:
        return {
            name: int(connection.scalar(select(func.count()).select_from(table).where(where)) or 0)
            for name, (table, where) in queries.items()
        }


def lock_client(session: Session, client_ref: str) -> None:
    """Serialise conversation opens of one client until the session's transaction ends.

    On PostgreSQL this is a transaction-scoped advisory lock on the client, so two requests of one address
    cannot both pass the cap; SQLite's write transactions are serialised already.
    """
    if session.get_bind().dialect.name != "postgresql":
        return
    key = int.from_bytes(hashlib.sha256(client_ref.encode()).digest()[:4], "big", signed=True)
    session.execute(_LOCK_CLIENT, {"space": _CLIENT_LOCK_SPACE, "key": key})


def open_conversations(session: Session, client_ref: str, *, since: datetime) -> tuple[int, datetime | None]:
    """How many of the client's conversations were active since ``since``, and the least recent activity.

    Args:
        session: A session (take :func:`lock_client` first when the count decides a write).
        client_ref: The client's surrogate, as stored in ``conversations.client_ref``.
        since: Conversations idle since before this no longer count as open.

    Returns:
        The count, and the oldest ``updated_at`` among them (``None`` when there are none).
    """
    c = _CONVERSATIONS.c
    query = select(func.count(), func.min(c.updated_at)).where(c.client_ref == client_ref, c.updated_at >= since)
    count, oldest = session.execute(query).one()
    if isinstance(oldest, datetime) and oldest.tzinfo is None:
        oldest = oldest.replace(tzinfo=UTC)  # SQLite hands timestamps back without their zone
    return int(count or 0), oldest
