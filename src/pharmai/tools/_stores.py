"""What the runtime needs from storage, as protocols: confirmations and audit rows.

The runtime knows no tables. ``pharmai.db`` implements these protocols (``pharmai.db.tool_stores`` builds
them for a database), and an application on another store can pass its own to the executor.

Both protocols have an ``…_in(session, …)`` method that works inside a transaction someone else opened:
a confirmed write claims its confirmation and stores its audit row in the write's own transaction, so the
three commit together or not at all (a worker killed half-way leaves a pending confirmation, no write and
no row — never an approved confirmation without its write, or a write without its row).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

__all__ = ["AuditSink", "ConfirmationRecord", "ConfirmationStore", "ConfirmationView"]


@dataclass(frozen=True)
class ConfirmationRecord:
    """A proposed WRITE call waiting for the person's decision (single use).

    Attributes:
        confirmation_id: The server-issued, unguessable id.
        tool: The tool's name.
        tool_version: The tool's version when proposed.
        arguments: The canonical JSON arguments.
        arguments_hash: SHA-256 of tool, version and arguments.
        principal_ref: Surrogate of the proposing principal.
        conversation_id: The proposing conversation.
        language: Language of :attr:`summary`.
        summary: What will happen, in words for the person.
        status: ``pending``, ``approved``, ``denied`` or ``expired``.
        created_at: When it was proposed.
        expires_at: When it stops being usable.
    """

    confirmation_id: str
    tool: str
    tool_version: str
    arguments: dict[str, Any]
    arguments_hash: str
    principal_ref: str | None
    conversation_id: str | None
    language: str
    summary: str
    status: str
    created_at: datetime
    expires_at: datetime


class ConfirmationView(Protocol):
    """A stored proposal as the runtime reads it back (a store may hand out its own row objects)."""

    @property
    def tool(self) -> str:
        """The tool's name."""
        ...

    @property
    def tool_version(self) -> str:
        """The tool's version when proposed."""
        ...

    @property
    def arguments(self) -> dict[str, Any]:
        """The canonical JSON arguments."""
        ...

    @property
    def arguments_hash(self) -> str:
        """SHA-256 of tool, version and arguments."""
        ...

    @property
    def principal_ref(self) -> str | None:
        """Surrogate of the proposing principal."""
        ...

    @property
    def conversation_id(self) -> str | None:
        """The proposing conversation."""
        ...

    @property
    def status(self) -> str:
        """``pending``, ``approved``, ``denied`` or ``expired``."""
        ...

    @property
    def expires_at(self) -> datetime:
        """When it stops being usable."""
        ...


class ConfirmationStore(Protocol):
    """Where proposals live; their status lives here and nowhere else."""

    def add(self, record: ConfirmationRecord) -> None:
        """Store a new proposal."""
        ...

    def get(self, confirmation_id: str) -> ConfirmationView | None:
        """The proposal, or ``None``."""
        ...

    def decide(self, confirmation_id: str, status: str, now: datetime, result: dict[str, Any] | None = None) -> bool:
        """Flip a pending proposal to ``status`` in a transaction of its own; False when it was not pending."""
        ...

    def claim_in(self, session: Session, confirmation_id: str, now: datetime, result: dict[str, Any]) -> bool:
        """Flip a pending proposal to ``approved`` inside ``session``'s transaction (it commits with it).

        Returns:
            False when the proposal was no longer pending (another approval won).
        """
        ...


class AuditSink(Protocol):
    """Where audit rows go. A row accepted by :meth:`write` must never be silently lost."""

    def write(self, row: dict[str, Any]) -> None:
        """Store one row (now, or before the next :meth:`flush` returns)."""
        ...

    def write_in(self, session: Session, row: dict[str, Any]) -> None:
        """Add one row to ``session``'s transaction (stored if and only if it commits)."""
        ...

    def flush(self) -> None:
        """Return once every row written so far is stored (or kept safe for a later replay)."""
        ...

    def close(self) -> None:
        """Flush and release resources."""
        ...
