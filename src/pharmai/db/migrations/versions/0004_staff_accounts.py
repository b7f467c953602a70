"""staff accounts: accounts with roles, personal API tokens, console sessions; the audit row's actor

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_accounts",
        sa.Column("staff_id", sa.String(length=32), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("password_changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("role in ('admin', 'pharmacist', 'technician')", name=op.f("ck_staff_accounts_role")),
        sa.PrimaryKeyConstraint("staff_id", name=op.f("pk_staff_accounts")),
        sa.UniqueConstraint("username", name=op.f("uq_staff_accounts_username")),
    )
    op.create_table(
        "staff_tokens",
        sa.Column("token_id", sa.String(length=32), nullable=False),
        sa.Column("staff_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"],
            ["staff_accounts.staff_id"],
            name=op.f("fk_staff_tokens_staff_id_staff_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_id", name=op.f("pk_staff_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_staff_tokens_token_hash")),
    )
    with op.batch_alter_table("staff_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_tokens_staff_id"), ["staff_id"], unique=False)
    op.create_table(
        "staff_sessions",
        sa.Column("session_hash", sa.String(length=64), nullable=False),
        sa.Column("staff_id", sa.String(length=32), nullable=False),
        sa.Column("csrf_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["staff_id"],
            ["staff_accounts.staff_id"],
            name=op.f("fk_staff_sessions_staff_id_staff_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_hash", name=op.f("pk_staff_sessions")),
    )
    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_sessions_expires_at"), ["expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_staff_sessions_staff_id"), ["staff_id"], unique=False)
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.add_column(sa.Column("actor_ref", sa.String(length=64), nullable=True))
        batch_op.create_index(batch_op.f("ix_audit_log_actor_ref"), ["actor_ref"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_actor_ref"))
        batch_op.drop_column("actor_ref")
    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_sessions_staff_id"))
        batch_op.drop_index(batch_op.f("ix_staff_sessions_expires_at"))
    op.drop_table("staff_sessions")
    with op.batch_alter_table("staff_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_tokens_staff_id"))
    op.drop_table("staff_tokens")
    op.drop_table("staff_accounts")
