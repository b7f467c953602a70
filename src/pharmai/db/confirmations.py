"""The ``confirmations`` table behind the runtime's :class:`~pharmai.tools.ConfirmationStore` protocol.

The table is the one source of truth of a proposal's status: the runtime, the conversation loop and the
HTTP API all read it here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from pharmai.db.engine import Database
from pharmai.db.models import Confirmation

__all__ = ["SqlConfirmationStore"]


class SqlConfirmationStore:
    """Proposals as rows of ``confirmations``.

    Args:
        db: The database.
    """

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, record: Any) -> None:
        """Insert a new proposal (a :class:`pharmai.tools.ConfirmationRecord`)."""
        with self.db.session(write=True) as session:
            session.add(
                Confirmation(
                    confirmation_id=record.confirmation_id,
                    tool=record.tool,
                    tool_version=record.tool_version,
                    arguments=record.arguments,
                    arguments_hash=record.arguments_hash,
                    principal_ref=record.principal_ref,
                    conversation_id=record.conversation_id,
                    language=record.language,
                    summary=record.summary,
                    status=record.status,
                    created_at=record.created_at,
                    expires_at=record.expires_at,
                )
            )

    def get(self, confirmation_id: str) -> Confirmation | None:
        """The proposal (a detached row), or ``None``."""
        with self.db.session() as session:
            return session.get(Confirmation, confirmation_id)

    def decide(self, confirmation_id: str, status: str, now: datetime, result: dict[str, Any] | None = None) -> bool:
        """Flip a pending proposal to ``status`` in its own transaction; False when it was not pending."""
        with self.db.session(write=True) as session:
            return self.claim_in(session, confirmation_id, now, result, status=status)

    def claim_in(
        self,
        session: Session,
        confirmation_id: str,
        now: datetime,
        result: dict[str, Any] | None,
        *,
        status: str = "approved",
    ) -> bool:
        """Flip a pending proposal inside ``session``'s transaction; False when it was not pending.

        ``UPDATE … WHERE status = 'pending'`` takes the row's lock on PostgreSQL, so a concurrent approval
        waits here and then finds nothing to flip; on SQLite the write lock serialises them anyway.
        """
        flipped = session.execute(
            update(Confirmation)
            .where(Confirmation.confirmation_id == confirmation_id, Confirmation.status == "pending")
            .values(status=status, decided_at=now, result=result)
        )
        return getattr(flipped, "rowcount", 0) == 1
