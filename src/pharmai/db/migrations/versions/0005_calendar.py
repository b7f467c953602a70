"""consultation calendar: pharmacist consultations per store (filled in by the calendar work)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 20:00:00.000000

One table, ``consultations``: a booked slot per row, UNIQUE on ``(store_id, starts_at)`` so that two
concurrent bookings of one slot cannot both commit (SQLite and PostgreSQL), and UNIQUE on the iCalendar
``uid`` so a CalDAV pull never imports an event twice.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "consultations",
        sa.Column("event_id", sa.String(length=40), nullable=False),
        sa.Column("uid", sa.String(length=255), nullable=False),
        sa.Column("store_id", sa.String(length=16), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=True),
        sa.Column("calendar_name", sa.String(length=64), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("created_by_ref", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["store_id"], ["stores.store_id"], name=op.f("fk_consultations_store_id_stores")),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_consultations")),
        sa.UniqueConstraint("store_id", "starts_at", name="uq_consultations_store_start"),
        sa.UniqueConstraint("uid", name=op.f("uq_consultations_uid")),
    )
    with op.batch_alter_table("consultations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_consultations_starts_at"), ["starts_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("consultations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_consultations_starts_at"))
    op.drop_table("consultations")
