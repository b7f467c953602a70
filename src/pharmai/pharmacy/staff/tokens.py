"""Personal API tokens: ``pst_`` followed by 256 random bits, shown once, kept only as their SHA-256.

A token belongs to one account and acts with its role. It always expires (``PHARMAI_STAFF_TOKEN_DAYS``
by default) and can be revoked; a revoked or expired token, or one of a disabled account, authenticates
nobody. A plain SHA-256 suffices (no salt, no slow hash): the token is a random 256-bit secret, not a
password, so a leaked hash cannot be reversed by guessing.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.db.models import StaffAccount, StaffToken
from pharmai.errors import NotFound, ValidationFailed
from pharmai.pharmacy.staff.accounts import StaffIdentity, canonical_username, get_account

__all__ = [
    "MAX_TOKEN_DAYS",
    "TOKEN_PREFIX",
    "TokenInfo",
    "TokenUse",
    "create_token",
    "list_tokens",
    "resolve_token",
    "revoke_token",
    "token_digest",
    "touch_token",
]

#: How every personal token starts, so scanners and people recognise a leaked one.
TOKEN_PREFIX = "pst_"
#: The longest lifetime a token may be given.
MAX_TOKEN_DAYS = 3650
#: ``last_used_at`` is written at most this often per token, so using a token is not a write per request.
_TOUCH_EVERY = timedelta(minutes=1)
_MAX_TOKEN_CHARS = 200


@dataclass(frozen=True)
class TokenInfo:
    """A token as listed (never the token, never its hash)."""

    token_id: str
    username: str
    name: str
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    last_used_at: datetime | None
    account_disabled: bool = False

    def status(self, now: datetime) -> str:
        """``active``, ``expired``, ``revoked`` or ``disabled`` (its account is)."""
        if self.revoked_at is not None:
            return "revoked"
        if self.account_disabled:
            return "disabled"
        return "expired" if _aware(self.expires_at) <= now else "active"


@dataclass(frozen=True)
class TokenUse:
    """Who a presented token authenticates, and whether its ``last_used_at`` is due an update."""

    identity: StaffIdentity
    token_id: str
    stale: bool


def _aware(value: datetime) -> datetime:
    # SQLite hands back naive datetimes for timezone-aware columns; they were written in UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def token_digest(token: str) -> str:
    """The SHA-256 (hex) that stands for a token in the database."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _invalid(field: str, reason: str, reason_he: str) -> ValidationFailed:
    return ValidationFailed([{"field": field, "reason": reason, "reason_he": reason_he}])


def _check_name(name: object) -> str:
    if isinstance(name, str) and 0 < len(name.strip()) <= 64 and name.isprintable():
        return name.strip()
    raise _invalid("name", "1 to 64 printable characters", "1 עד 64 תווים")


def create_token(session: Session, username: str, name: str, now: datetime, days: int) -> tuple[str, TokenInfo]:
    """Issue a token for an account; the token itself is returned here and never again.

    Args:
        session: A write session.
        username: The account.
        name: What the token is for ("laptop", "reports script"), shown in listings.
        now: The current instant.
        days: Lifetime, 1 to :data:`MAX_TOKEN_DAYS` days.

    Raises:
        NotFound: No such account.
        ValidationFailed: A bad name or lifetime, or a disabled account.
    """
    account = get_account(session, username)
    if account.disabled:
        raise _invalid("username", "the account is disabled", "החשבון מושבת")
    label = _check_name(name)
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_TOKEN_DAYS:
        raise _invalid("days", f"1 to {MAX_TOKEN_DAYS}", f"1 עד {MAX_TOKEN_DAYS}")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = StaffToken(
        token_id="tok_" + secrets.token_hex(6),
        staff_id=account.staff_id,
        name=label,
        token_hash=token_digest(token),
        created_at=now,
        expires_at=now + timedelta(days=days),
    )
    session.add(row)
    session.flush()
    return token, TokenInfo(row.token_id, account.username, label, now, row.expires_at, None, None)


def list_tokens(session: Session, username: str | None = None) -> list[TokenInfo]:
    """The tokens of one account (or of all), newest first."""
    query = select(StaffToken, StaffAccount).join(StaffAccount, StaffAccount.staff_id == StaffToken.staff_id)
    if username is not None:
        query = query.where(StaffAccount.username == canonical_username(username))
    rows = session.execute(query.order_by(StaffToken.created_at.desc(), StaffToken.token_id)).all()
    return [
        TokenInfo(t.token_id, a.username, t.name, t.created_at, t.expires_at, t.revoked_at, t.last_used_at, a.disabled)
        for t, a in rows
    ]


def revoke_token(session: Session, token_id: str, now: datetime) -> TokenInfo:
    """Revoke a token (revoking it again keeps the first revocation's time).

    Raises:
        NotFound: No such token.
    """
    row = session.get(StaffToken, token_id) if isinstance(token_id, str) and len(token_id) <= 32 else None
    if row is None:
        raise NotFound()
    if row.revoked_at is None:
        row.revoked_at = now
    account = session.get(StaffAccount, row.staff_id)
    session.flush()
    username = account.username if account is not None else "?"
    return TokenInfo(row.token_id, username, row.name, row.created_at, row.expires_at, row.revoked_at, row.last_used_at)


def resolve_token(session: Session, token: object, now: datetime) -> TokenUse | None:
    """Who ``token`` authenticates: ``None`` when it is unknown, revoked, expired or its account disabled."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX) or len(token) > _MAX_TOKEN_CHARS:
        return None
    found = session.execute(
        select(StaffToken, StaffAccount)
        .join(StaffAccount, StaffAccount.staff_id == StaffToken.staff_id)
        .where(StaffToken.token_hash == token_digest(token))
    ).first()
    if found is None:
        return None
    row, account = found
    if row.revoked_at is not None or _aware(row.expires_at) <= now or account.disabled:
        return None
    stale = row.last_used_at is None or _aware(row.last_used_at) <= now - _TOUCH_EVERY
    return TokenUse(StaffIdentity(account.staff_id, account.username, account.role), row.token_id, stale)


def touch_token(session: Session, token_id: str, now: datetime) -> None:
    """Record that a token was just used."""
    row = session.get(StaffToken, token_id)
    if row is not None:
        row.last_used_at = now
