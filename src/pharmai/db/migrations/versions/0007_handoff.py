"""handoff tickets' lifecycle, staff messages in a held conversation, callbacks

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 20:00:00.000000

``tickets`` gains the lifecycle's columns. Existing rows keep their status (all ``open`` so far), become
``handoff`` tickets, get case numbers ``PH-000001``… in the order they were created (and the counter
continues after the last one), and ``updated_at`` = ``created_at``. New tables: ``handoff_counters``,
``conversation_holds``, ``ticket_notes`` (see :mod:`pharmai.db._models_handoff`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_TZ = sa.DateTime(timezone=True)


def _backfill() -> None:
    bind = op.get_bind()
    tickets = sa.table(
        "tickets",
        sa.column("ticket_id", sa.String),
        sa.column("created_at", _TZ),
        sa.column("case_number", sa.String),
        sa.column("updated_at", _TZ),
        sa.column("kind", sa.String),
    )
    rows = bind.execute(sa.select(tickets.c.ticket_id, tickets.c.created_at).order_by("created_at", "ticket_id"))
    number = 0
    for number, (ticket_id, created_at) in enumerate(rows.all(), start=1):
        bind.execute(
            tickets.update()
            .where(tickets.c.ticket_id == ticket_id)
            .values(case_number=f"PH-{number:06d}", updated_at=created_at, kind="handoff")
        )
    counters = sa.table("handoff_counters", sa.column("name", sa.String), sa.column("value", sa.Integer))
    bind.execute(counters.insert().values(name="case_number", value=number))


def upgrade() -> None:
    op.create_table(
        "handoff_counters",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_handoff_counters")),
    )
    with op.batch_alter_table("tickets", schema=None) as batch_op:
        batch_op.add_column(sa.Column("case_number", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("kind", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("category", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("store_id", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("claimed_by", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("callback_at", _TZ, nullable=True))
        batch_op.add_column(sa.Column("updated_at", _TZ, nullable=True))
        batch_op.add_column(sa.Column("claimed_at", _TZ, nullable=True))
        batch_op.add_column(sa.Column("resolved_at", _TZ, nullable=True))
        batch_op.add_column(sa.Column("closed_at", _TZ, nullable=True))
    _backfill()
    with op.batch_alter_table("tickets", schema=None) as batch_op:
        batch_op.alter_column("case_number", existing_type=sa.String(length=16), nullable=False)
        batch_op.alter_column("kind", existing_type=sa.String(length=16), nullable=False)
        batch_op.alter_column("updated_at", existing_type=_TZ, nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_tickets_case_number"), ["case_number"])
        batch_op.create_check_constraint(
            op.f("ck_tickets_status"), sa.text("status in ('open', 'in_progress', 'resolved', 'closed')")
        )
        batch_op.create_check_constraint(op.f("ck_tickets_kind"), sa.text("kind in ('handoff', 'callback', 'support')"))
        batch_op.create_index(batch_op.f("ix_tickets_claimed_by"), ["claimed_by"], unique=False)
        batch_op.create_index(batch_op.f("ix_tickets_conversation_id"), ["conversation_id"], unique=False)
        batch_op.create_index("ix_tickets_status_created_at", ["status", "created_at"], unique=False)
    op.create_table(
        "conversation_holds",
        sa.Column("conversation_id", sa.String(length=64), nullable=False),
        sa.Column("ticket_id", sa.String(length=40), nullable=False),
        sa.Column("staff_id", sa.String(length=64), nullable=False),
        sa.Column("held_at", _TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.conversation_id"],
            name=op.f("fk_conversation_holds_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["ticket_id"],
            ["tickets.ticket_id"],
            name=op.f("fk_conversation_holds_ticket_id_tickets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("conversation_id", name=op.f("pk_conversation_holds")),
    )
    with op.batch_alter_table("conversation_holds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_conversation_holds_ticket_id"), ["ticket_id"], unique=False)
    op.create_table(
        "ticket_notes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("ticket_id", sa.String(length=40), nullable=False),
        sa.Column("staff_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", _TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["ticket_id"], ["tickets.ticket_id"], name=op.f("fk_ticket_notes_ticket_id_tickets"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ticket_notes")),
    )
    with op.batch_alter_table("ticket_notes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ticket_notes_ticket_id"), ["ticket_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("ticket_notes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ticket_notes_ticket_id"))
    op.drop_table("ticket_notes")
    with op.batch_alter_table("conversation_holds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_conversation_holds_ticket_id"))
    op.drop_table("conversation_holds")
    with op.batch_alter_table("tickets", schema=None) as batch_op:
        batch_op.drop_index("ix_tickets_status_created_at")
        batch_op.drop_index(batch_op.f("ix_tickets_conversation_id"))
        batch_op.drop_index(batch_op.f("ix_tickets_claimed_by"))
        batch_op.drop_constraint(op.f("ck_tickets_kind"), type_="check")
        batch_op.drop_constraint(op.f("ck_tickets_status"), type_="check")
        batch_op.drop_constraint(batch_op.f("uq_tickets_case_number"), type_="unique")
        for column in (
            "closed_at",
            "resolved_at",
            "claimed_at",
            "updated_at",
            "callback_at",
            "claimed_by",
            "store_id",
            "category",
            "kind",
            "case_number",
        ):
            batch_op.drop_column(column)
    op.drop_table("handoff_counters")
