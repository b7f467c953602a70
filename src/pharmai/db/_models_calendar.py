"""Consultation calendar tables (declared on :class:`pharmai.db.models.Base`).

A :class:`Consultation` is one booked pharmacist consultation at one store, in one fixed slot. Times are
stored in UTC; the pharmacy's own time zone (``Asia/Jerusalem``) is applied when reading and writing.

No double booking: ``uq_consultations_store_start`` makes ``(store_id, starts_at)`` unique, so of two
transactions booking the same slot at the same moment only one can commit, on SQLite and PostgreSQL alike
(every slot has the same length and starts on the store's slot grid, so equal starts are the only way two
consultations can overlap). ``uid`` is the iCalendar UID, unique too: a CalDAV pull never imports an event
twice.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from pharmai.db._base import Base

__all__ = ["Consultation"]

_TZ = DateTime(timezone=True)


class Consultation(Base):
    """A booked consultation slot at a store (title and notes may name a patient: never logged)."""

    __tablename__ = "consultations"
    __table_args__ = (UniqueConstraint("store_id", "starts_at", name="uq_consultations_store_start"),)

    event_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    uid: Mapped[str] = mapped_column(String(255), unique=True)
    store_id: Mapped[str] = mapped_column(ForeignKey("stores.store_id"))
    starts_at: Mapped[datetime] = mapped_column(_TZ, index=True)
    ends_at: Mapped[datetime] = mapped_column(_TZ)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(Text, nullable=True)
    calendar_name: Mapped[str] = mapped_column(String(64), default="Default")
    # "pharmai" (booked here) or "caldav" (pulled from the CalDAV calendar).
    source: Mapped[str] = mapped_column(String(16), default="pharmai")
    # A keyed surrogate of the staff actor who booked it (never the account id itself); None when pulled.
    created_by_ref: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(_TZ)
    # When the event was last written to (or read from) the CalDAV calendar; None: not pushed yet.
    synced_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
