"""otp budgets: one-time codes sent and wrong codes typed per identifier (keyed hash) and window

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 12:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "otp_budgets",
        sa.Column("identifier_key", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sends", sa.Integer(), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("identifier_key", name=op.f("pk_otp_budgets")),
    )
    with op.batch_alter_table("otp_budgets", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_otp_budgets_window_start"), ["window_start"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("otp_budgets", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_otp_budgets_window_start"))
    op.drop_table("otp_budgets")
