"""SQLAlchemy 2 models for the whole pharmacy domain.

Ids are the public strings of ``docs/contracts.md`` (``m001``, ``u001``, ``p001``, ``s1``) so that tools,
tests and evaluations speak the same language as the database. Human text is stored once per language
(``*_en`` / ``*_he``).
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from pharmai.db._base import Base

__all__ = [
    "Alias",
    "AuditLog",
    "Base",
    "Confirmation",
    "Conversation",
    "Generic",
    "GenericIngredient",
    "IdentityChallenge",
    "Ingredient",
    "Interaction",
    "Inventory",
    "Message",
    "OtpBudget",
    "OutboxMessage",
    "Patient",
    "Prescription",
    "Product",
    "ProductIngredient",
    "RefillRequest",
    "StaffAccount",
    "StaffSession",
    "StaffToken",
    "Store",
    "Ticket",
]

_TZ = DateTime(timezone=True)


# --- catalog ---------------------------------------------------------------------------------------


class Store(Base):
    __tablename__ = "stores"

    store_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name_en: Mapped[str] = mapped_column(String(200))
    name_he: Mapped[str] = mapped_column(String(200))
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)


class Ingredient(Base):
    """An active ingredient; interactions are defined between these."""

    __tablename__ = "ingredients"

    ingredient_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name_en: Mapped[str] = mapped_column(String(200))
    name_he: Mapped[str] = mapped_column(String(200))


class Generic(Base):
    """A generic (the set of active ingredients a product is sold as), with its label facts."""

    __tablename__ = "generics"

    generic_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name_en: Mapped[str] = mapped_column(String(200))
    name_he: Mapped[str] = mapped_column(String(200))
    dosage_en: Mapped[str] = mapped_column(Text, default="")
    dosage_he: Mapped[str] = mapped_column(Text, default="")
    warnings_en: Mapped[str] = mapped_column(Text, default="")
    warnings_he: Mapped[str] = mapped_column(Text, default="")

    ingredients: Mapped[list[GenericIngredient]] = relationship(cascade="all, delete-orphan")


class GenericIngredient(Base):
    __tablename__ = "generic_ingredients"

    generic_id: Mapped[str] = mapped_column(ForeignKey("generics.generic_id", ondelete="CASCADE"), primary_key=True)
    ingredient_id: Mapped[str] = mapped_column(ForeignKey("ingredients.ingredient_id"), primary_key=True)


class Product(Base):
    """A sellable medication (a brand of a generic at one form and strength)."""

    __tablename__ = "products"

    med_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    generic_id: Mapped[str] = mapped_column(ForeignKey("generics.generic_id"), index=True)
    brand_en: Mapped[str] = mapped_column(String(200))
    brand_he: Mapped[str] = mapped_column(String(200))
    form: Mapped[str] = mapped_column(String(64))
    strength: Mapped[str] = mapped_column(String(64))
    rx_required: Mapped[bool] = mapped_column(Boolean, default=False)
    # Product-level label text; empty means "as the generic".
    dosage_en: Mapped[str] = mapped_column(Text, default="")
    dosage_he: Mapped[str] = mapped_column(Text, default="")
    warnings_en: Mapped[str] = mapped_column(Text, default="")
    warnings_he: Mapped[str] = mapped_column(Text, default="")
    notes_en: Mapped[str] = mapped_column(Text, default="")
    notes_he: Mapped[str] = mapped_column(Text, default="")

    generic: Mapped[Generic] = relationship(lazy="joined")
    ingredients: Mapped[list[ProductIngredient]] = relationship(
        cascade="all, delete-orphan", order_by="ProductIngredient.position"
    )


class ProductIngredient(Base):
    __tablename__ = "product_ingredients"

    med_id: Mapped[str] = mapped_column(ForeignKey("products.med_id", ondelete="CASCADE"), primary_key=True)
    ingredient_id: Mapped[str] = mapped_column(ForeignKey("ingredients.ingredient_id"), primary_key=True, index=True)
    strength: Mapped[str] = mapped_column(String(64), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)

    ingredient: Mapped[Ingredient] = relationship(lazy="joined")


class Alias(Base):
    """A searchable name of a product, generic or ingredient, with its normalised form."""

    __tablename__ = "aliases"
    __table_args__ = (
        UniqueConstraint("target_kind", "target_id", "norm", name="uq_aliases_target_norm"),
        CheckConstraint("target_kind in ('product', 'generic', 'ingredient')", name="target_kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    target_kind: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[str] = mapped_column(String(64), index=True)
    text: Mapped[str] = mapped_column(String(300))
    language: Mapped[str] = mapped_column(String(2))
    norm: Mapped[str] = mapped_column(String(300), index=True)


class Inventory(Base):
    __tablename__ = "inventory"
    __table_args__ = (CheckConstraint("qty_on_hand >= 0", name="qty_non_negative"),)

    store_id: Mapped[str] = mapped_column(ForeignKey("stores.store_id"), primary_key=True)
    med_id: Mapped[str] = mapped_column(ForeignKey("products.med_id", ondelete="CASCADE"), primary_key=True)
    qty_on_hand: Mapped[int] = mapped_column(Integer, default=0)
    restock_eta: Mapped[date | None] = mapped_column(Date, nullable=True)


class Interaction(Base):
    __tablename__ = "interactions"
    __table_args__ = (
        UniqueConstraint("ingredient_a", "ingredient_b", name="uq_interactions_pair"),
        CheckConstraint("level in ('caution', 'avoid')", name="level"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # Stored with ingredient_a < ingredient_b so each pair has one row.
    ingredient_a: Mapped[str] = mapped_column(ForeignKey("ingredients.ingredient_id"))
    ingredient_b: Mapped[str] = mapped_column(ForeignKey("ingredients.ingredient_id"))
    level: Mapped[str] = mapped_column(String(16))
    message_en: Mapped[str] = mapped_column(Text)
    message_he: Mapped[str] = mapped_column(Text)


# --- patients and prescriptions --------------------------------------------------------------------


class Patient(Base):
    __tablename__ = "patients"

    user_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name_en: Mapped[str] = mapped_column(String(200))
    name_he: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(320), unique=True)  # stored lower-case
    phone: Mapped[str] = mapped_column(String(32), unique=True)  # stored E.164, e.g. +972501234567


class Prescription(Base):
    __tablename__ = "prescriptions"
    __table_args__ = (
        CheckConstraint("refills_left >= 0", name="refills_non_negative"),
        CheckConstraint("status in ('active', 'expired', 'completed', 'cancelled')", name="status"),
    )

    presc_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("patients.user_id"), index=True)
    med_id: Mapped[str] = mapped_column(ForeignKey("products.med_id"))
    status: Mapped[str] = mapped_column(String(16), default="active")
    refills_left: Mapped[int] = mapped_column(Integer, default=0)
    fill_quantity: Mapped[int] = mapped_column(Integer, default=1)  # packs reserved per refill
    prescribed_at: Mapped[date] = mapped_column(Date)
    expires_at: Mapped[date] = mapped_column(Date)

    product: Mapped[Product] = relationship(lazy="joined")


class RefillRequest(Base):
    __tablename__ = "refill_requests"
    __table_args__ = (
        # At most one pending refill per prescription, enforced by the database itself.
        Index(
            "uq_refill_requests_pending",
            "presc_id",
            unique=True,
            sqlite_where=text("status = 'pending'"),
            postgresql_where=text("status = 'pending'"),
        ),
        CheckConstraint("status in ('pending', 'ready', 'collected', 'cancelled')", name="status"),
    )

    refill_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    presc_id: Mapped[str] = mapped_column(ForeignKey("prescriptions.presc_id"), index=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("patients.user_id"), index=True)
    store_id: Mapped[str] = mapped_column(ForeignKey("stores.store_id"))
    quantity: Mapped[int] = mapped_column(Integer, default=1)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    created_at: Mapped[datetime] = mapped_column(_TZ)
    ready_by: Mapped[date] = mapped_column(Date)


def _next_case_number(context: Any) -> str:
    # For rows added without pharmai.pharmacy.handoff (fixtures, imports): the same counter, same format.
    value = context.connection.execute(
        text("UPDATE handoff_counters SET value = value + 1 WHERE name = 'case_number' RETURNING value")
    ).scalar()
    return f"PH-{value:06d}" if value is not None else f"PH-X{uuid.uuid4().hex[:10].upper()}"


def _created_at(context: Any) -> Any:
    return context.get_current_parameters().get("created_at")


class Ticket(Base):
    """A case in the pharmacists' queue: a handoff, a callback request or a support ticket.

    Lifecycle (seed 004): ``open`` → ``in_progress`` (claimed by a member of staff) → ``resolved`` →
    ``closed``; :mod:`pharmai.pharmacy.handoff` allows only its transitions. ``case_number`` is the
    human reference (``PH-000123``), handed out in order by ``handoff_counters``.
    """

    __tablename__ = "tickets"
    __table_args__ = (
        CheckConstraint("status in ('open', 'in_progress', 'resolved', 'closed')", name="status"),
        CheckConstraint("kind in ('handoff', 'callback', 'support')", name="kind"),
        Index("ix_tickets_status_created_at", "status", "created_at"),
    )

    ticket_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    case_number: Mapped[str] = mapped_column(String(16), unique=True, default=_next_case_number)
    kind: Mapped[str] = mapped_column(String(16), default="handoff")
    category: Mapped[str | None] = mapped_column(String(32), nullable=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("patients.user_id"), nullable=True, index=True)
    conversation_id: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    store_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    priority: Mapped[str] = mapped_column(String(16), default="normal")
    status: Mapped[str] = mapped_column(String(16), default="open")
    language: Mapped[str] = mapped_column(String(2), default="en")
    # The staff account working on it (its id, never a username); set by a claim, kept after resolving.
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    callback_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
    created_at: Mapped[datetime] = mapped_column(_TZ, index=True)
    updated_at: Mapped[datetime] = mapped_column(_TZ, default=_created_at)
    claimed_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
    resolved_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)


# --- identity --------------------------------------------------------------------------------------


class IdentityChallenge(Base):
    """A one-time-code challenge. The code is stored only as a salted hash."""

    __tablename__ = "identity_challenges"

    challenge_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    identifier_hash: Mapped[str] = mapped_column(String(64), index=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("patients.user_id"), nullable=True)
    conversation_id: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    code_hash: Mapped[str] = mapped_column(String(128))
    salt: Mapped[str] = mapped_column(String(64))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending/verified/locked/superseded
    created_at: Mapped[datetime] = mapped_column(_TZ)
    expires_at: Mapped[datetime] = mapped_column(_TZ)


class OtpBudget(Base):
    """One email or phone's one-time-code budget in the current window: codes sent and wrong codes typed.

    Keyed by an HMAC of the canonical identifier (the key is the deployment's secret), never the identifier
    itself; a row exists whether or not the identifier belongs to a patient. The row is locked for the
    length of a send or a try, so workers count one after another.
    """

    __tablename__ = "otp_budgets"

    identifier_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(_TZ, index=True)
    sends: Mapped[int] = mapped_column(Integer, default=0)
    failures: Mapped[int] = mapped_column(Integer, default=0)


class OutboxMessage(Base):
    """The development outbox: one-time codes land here when no real sender is configured."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(8))  # email / sms
    destination: Mapped[str] = mapped_column(String(320))
    body: Mapped[str] = mapped_column(Text)
    code: Mapped[str | None] = mapped_column(String(16), nullable=True)
    challenge_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(_TZ, index=True)


# --- tool runtime ----------------------------------------------------------------------------------


class Confirmation(Base):
    """A proposed WRITE call waiting for the person's approval; single use."""

    __tablename__ = "confirmations"

    confirmation_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    tool: Mapped[str] = mapped_column(String(100))
    tool_version: Mapped[str] = mapped_column(String(32))
    arguments: Mapped[dict[str, Any]] = mapped_column(JSON)
    arguments_hash: Mapped[str] = mapped_column(String(64))
    principal_ref: Mapped[str | None] = mapped_column(String(64), nullable=True)
    conversation_id: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    language: Mapped[str] = mapped_column(String(2), default="en")
    summary: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending/approved/denied/expired
    created_at: Mapped[datetime] = mapped_column(_TZ, index=True)  # indexed for the retention purge
    expires_at: Mapped[datetime] = mapped_column(_TZ)
    decided_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class AuditLog(Base):
    """One append-only row per tool call. Never a name, email, phone, code or free text."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    ts: Mapped[datetime] = mapped_column(_TZ, index=True)
    tool_call_id: Mapped[str] = mapped_column(String(64))
    tool: Mapped[str] = mapped_column(String(100), index=True)
    version: Mapped[str] = mapped_column(String(32))
    outcome: Mapped[str] = mapped_column(String(16), index=True)  # ok / refused / failed
    error_code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    duration_ms: Mapped[float] = mapped_column(Float)
    conversation_id: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    channel: Mapped[str] = mapped_column(String(16))
    patient_ref: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Keyed hash of the staff account that made the call (none for customers), never its username.
    actor_ref: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


# --- staff -----------------------------------------------------------------------------------------


class StaffAccount(Base):
    """A member of staff who signs in to the console and holds personal API tokens.

    The password is stored only as an argon2id hash (with its own salt and parameters).
    """

    __tablename__ = "staff_accounts"
    __table_args__ = (CheckConstraint("role in ('admin', 'pharmacist', 'technician')", name="role"),)

    staff_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    # Canonical form (NFKC, case-folded): one account per name however it is typed.
    username: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    password_hash: Mapped[str] = mapped_column(String(255))
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(_TZ)
    updated_at: Mapped[datetime] = mapped_column(_TZ)
    password_changed_at: Mapped[datetime] = mapped_column(_TZ)


class StaffToken(Base):
    """A personal API token: only the SHA-256 of the token is kept; it expires and can be revoked."""

    __tablename__ = "staff_tokens"

    token_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    staff_id: Mapped[str] = mapped_column(ForeignKey("staff_accounts.staff_id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(_TZ)
    expires_at: Mapped[datetime] = mapped_column(_TZ)
    revoked_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
    last_used_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)


class StaffSession(Base):
    """A signed-in console: the SHA-256 of the cookie's session id, its CSRF token and its expiry."""

    __tablename__ = "staff_sessions"

    session_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    staff_id: Mapped[str] = mapped_column(ForeignKey("staff_accounts.staff_id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(_TZ)
    expires_at: Mapped[datetime] = mapped_column(_TZ, index=True)


# --- conversations ---------------------------------------------------------------------------------


class Conversation(Base):
    __tablename__ = "conversations"
    # The per-address cap counts a client's recently active conversations.
    __table_args__ = (Index("ix_conversations_client_ref_updated_at", "client_ref", "updated_at"),)

    conversation_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("patients.user_id"), nullable=True)
    identity_mode: Mapped[str] = mapped_column(String(16), default="otp")
    language: Mapped[str] = mapped_column(String(2), default="he")
    store_id: Mapped[str] = mapped_column(String(16), default="s1")
    profile: Mapped[str] = mapped_column(String(32), default="canonical")
    engine: Mapped[str] = mapped_column(String(32), default="offline")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(_TZ)
    # Last activity: retention counts from here, so a conversation in use is never purged.
    updated_at: Mapped[datetime] = mapped_column(_TZ, index=True)
    # Keyed hash of the client address that opened it (HTTP only), never the address itself.
    client_ref: Mapped[str | None] = mapped_column(String(64), nullable=True)


class Message(Base):
    __tablename__ = "messages"
    __table_args__ = (UniqueConstraint("conversation_id", "seq", name="uq_messages_conversation_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    conversation_id: Mapped[str] = mapped_column(
        ForeignKey("conversations.conversation_id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(16))  # user / assistant / tool
    content: Mapped[str] = mapped_column(Text, default="")
    language: Mapped[str | None] = mapped_column(String(2), nullable=True)
    payload: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(_TZ)


# The feature tables live in their own modules (one per feature, so the models stay small); importing
# them here registers them on ``Base.metadata``, which migrations, seeding and clearing read.
from pharmai.db import _models_calendar, _models_documents, _models_handoff  # noqa: E402, F401
