"""Handoff and takeover tables (declared on :class:`pharmai.db.models.Base`).

- ``handoff_counters``: named counters; ``case_number`` takes the next value with one conditional
  ``UPDATE … RETURNING`` (a row lock on PostgreSQL, the write lock on SQLite), so two workers never hand
  out the same case number.
- ``conversation_holds``: a conversation a member of staff has taken over. While its row exists the
  assistant stays silent; handing back deletes it. The primary key makes a second hold impossible.
- ``ticket_notes``: what staff wrote on a ticket (a resolution note, an update), with the author's
  staff id. Notes may name a customer: they are shown to staff only, never logged or audited.

Staff replies, the customer's messages while held and the "joined" / "left" markers are rows of
``messages`` (roles ``staff``, ``user`` and ``event``), so a conversation keeps one ordered sequence.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from pharmai.db._base import Base

__all__ = ["ConversationHold", "HandoffCounter", "TicketNote"]

_TZ = DateTime(timezone=True)


class HandoffCounter(Base):
    """A named counter (``case_number``): the last value handed out."""

    __tablename__ = "handoff_counters"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(Integer, default=0)


class ConversationHold(Base):
    """A conversation held by a member of staff: the assistant does not answer it."""

    __tablename__ = "conversation_holds"

    conversation_id: Mapped[str] = mapped_column(
        ForeignKey("conversations.conversation_id", ondelete="CASCADE"), primary_key=True
    )
    ticket_id: Mapped[str] = mapped_column(ForeignKey("tickets.ticket_id", ondelete="CASCADE"), index=True)
    staff_id: Mapped[str] = mapped_column(String(64))
    held_at: Mapped[datetime] = mapped_column(_TZ)


class TicketNote(Base):
    """A note a member of staff wrote on a ticket."""

    __tablename__ = "ticket_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    ticket_id: Mapped[str] = mapped_column(ForeignKey("tickets.ticket_id", ondelete="CASCADE"), index=True)
    staff_id: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16), default="note")  # note / resolution / status
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(_TZ)
