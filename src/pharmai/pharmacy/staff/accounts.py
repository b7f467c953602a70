"""Staff accounts: add, list, disable or enable, reset a password, and sign in.

Usernames are kept in one canonical form (NFKC, case-folded) so ``Dana`` and ``dana`` are one account;
Hebrew and other letters are welcome. A sign-in gives the same answer, after about the same work, for a
name without an account, a wrong password and a disabled account. Disabling an account or resetting its
password ends its console sessions; a disabled account's personal tokens stop working with it.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from pharmai.db.models import StaffAccount, StaffSession
from pharmai.errors import NotFound, ValidationFailed
from pharmai.pharmacy.staff._passwords import decoy_verify, hash_password, needs_rehash, verify_password

__all__ = [
    "ROLES",
    "AccountInfo",
    "StaffIdentity",
    "add_account",
    "authenticate",
    "canonical_username",
    "check_role",
    "get_account",
    "identity_of",
    "list_accounts",
    "reset_password",
    "set_disabled",
    "upgrade_hash",
]

#: The staff roles, least to most privileged in what they usually hold (no role implies another).
ROLES = ("technician", "pharmacist", "admin")
_USERNAME = re.compile(r"[^\W_][\w.\-]{1,63}")


@dataclass(frozen=True)
class StaffIdentity:
    """An authenticated member of staff.

    Attributes:
        staff_id: The account's stable id (what audit surrogates are made from).
        username: The canonical username.
        role: ``admin``, ``pharmacist`` or ``technician``.
    """

    staff_id: str
    username: str
    role: str


@dataclass(frozen=True)
class AccountInfo:
    """An account as listed (never its password hash)."""

    staff_id: str
    username: str
    role: str
    disabled: bool
    created_at: datetime
    updated_at: datetime


def _info(row: StaffAccount) -> AccountInfo:
    return AccountInfo(row.staff_id, row.username, row.role, row.disabled, row.created_at, row.updated_at)


def canonical_username(username: object) -> str:
    """The canonical form of a username, or :class:`ValidationFailed` (the name is never echoed).

    A username is 2–64 letters, digits, ``.``, ``-`` or ``_``, starting with a letter or a digit.
    """
    if isinstance(username, str):
        name = unicodedata.normalize("NFKC", username).strip().casefold()
        if _USERNAME.fullmatch(name):
            return name
    raise ValidationFailed(
        [
            {
                "field": "username",
                "reason": "2 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit",
                "reason_he": "2 עד 64 אותיות, ספרות, '.', '-' או '_', שהראשון בהם אות או ספרה",
            }
        ]
    )


def check_role(role: object) -> str:
    """``role`` if it is one of :data:`ROLES`, else :class:`ValidationFailed`."""
    if isinstance(role, str) and role in ROLES:
        return role
    choices = ", ".join(ROLES)
    raise ValidationFailed([{"field": "role", "reason": "one of " + choices, "reason_he": "אחד מאלה: " + choices}])


def _row(session: Session, username: object) -> StaffAccount:
    row = session.scalar(select(StaffAccount).where(StaffAccount.username == canonical_username(username)))
    if row is None:
        raise NotFound()
    return row


def add_account(session: Session, username: str, role: str, password: str, now: datetime) -> AccountInfo:
    """Create an account.

    Raises:
        ValidationFailed: A bad username, role or password, or a username already taken.
    """
    name = canonical_username(username)
    role = check_role(role)
    if session.scalar(select(StaffAccount.staff_id).where(StaffAccount.username == name)) is not None:
        raise ValidationFailed([{"field": "username", "reason": "already taken", "reason_he": "תפוס"}])
    row = StaffAccount(
        staff_id="st_" + secrets.token_hex(8),
        username=name,
        role=role,
        password_hash=hash_password(password),
        disabled=False,
        created_at=now,
        updated_at=now,
        password_changed_at=now,
    )
    session.add(row)
    session.flush()
    return _info(row)


def list_accounts(session: Session) -> list[AccountInfo]:
    """Every account, by username."""
    return [_info(row) for row in session.scalars(select(StaffAccount).order_by(StaffAccount.username))]


def get_account(session: Session, username: str) -> AccountInfo:
    """One account by username; :class:`NotFound` when there is none."""
    return _info(_row(session, username))


def set_disabled(session: Session, username: str, disabled: bool, now: datetime) -> AccountInfo:
    """Disable (ending every console session) or enable an account."""
    row = _row(session, username)
    row.disabled = disabled
    row.updated_at = now
    if disabled:
        session.execute(delete(StaffSession).where(StaffSession.staff_id == row.staff_id))
    session.flush()
    return _info(row)


def reset_password(session: Session, username: str, password: str, now: datetime) -> AccountInfo:
    """Set a new password and end every console session of the account (its tokens stay)."""
    row = _row(session, username)
    row.password_hash = hash_password(password)
    row.password_changed_at = now
    row.updated_at = now
    session.execute(delete(StaffSession).where(StaffSession.staff_id == row.staff_id))
    session.flush()
    return _info(row)


def authenticate(session: Session, username: object, password: object) -> StaffIdentity | None:
    """The account a username and password sign in as, or ``None`` (a read-only check).

    ``None`` for a malformed or unknown name, a wrong password and a disabled account alike, each after
    one argon2 verification, so neither the answer nor its timing tells them apart.
    """
    try:
        name = canonical_username(username)
    except ValidationFailed:
        name = None
    row = session.scalar(select(StaffAccount).where(StaffAccount.username == name)) if name else None
    if row is None or not isinstance(password, str):
        decoy_verify()
        return None
    if not verify_password(row.password_hash, password) or row.disabled:
        return None
    return StaffIdentity(row.staff_id, row.username, row.role)


def upgrade_hash(session: Session, staff_id: str, password: str, now: datetime) -> None:
    """Rehash a just-verified password whose hash was made with older parameters (in a write session)."""
    row = session.get(StaffAccount, staff_id)
    if row is None or not needs_rehash(row.password_hash):
        return
    # A password from before a stricter policy still signs in; it is just not rehashed.
    with contextlib.suppress(ValidationFailed):
        row.password_hash = hash_password(password)
        row.updated_at = now


def identity_of(session: Session, staff_id: str) -> StaffIdentity | None:
    """The enabled account with that id, or ``None``."""
    row = session.get(StaffAccount, staff_id)
    if row is None or row.disabled:
        return None
    return StaffIdentity(row.staff_id, row.username, row.role)
