"""retention: the client of a conversation, and indexes for the purge and the per-address cap

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("conversations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("client_ref", sa.String(length=64), nullable=True))
        batch_op.create_index(batch_op.f("ix_conversations_updated_at"), ["updated_at"], unique=False)
        batch_op.create_index("ix_conversations_client_ref_updated_at", ["client_ref", "updated_at"], unique=False)
    with op.batch_alter_table("confirmations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_confirmations_created_at"), ["created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("confirmations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_confirmations_created_at"))
    with op.batch_alter_table("conversations", schema=None) as batch_op:
        batch_op.drop_index("ix_conversations_client_ref_updated_at")
        batch_op.drop_index(batch_op.f("ix_conversations_updated_at"))
        batch_op.drop_column("client_ref")
