"""Staff accounts with roles, their personal API tokens and their console sessions (plain Python over a
SQLAlchemy session, like the rest of the domain)."""

from __future__ import annotations

from pharmai.pharmacy.staff.accounts import (
    ROLES,
    AccountInfo,
    StaffIdentity,
    add_account,
    authenticate,
    canonical_username,
    check_role,
    get_account,
    identity_of,
    list_accounts,
    reset_password,
    set_disabled,
    upgrade_hash,
)
from pharmai.pharmacy.staff.bearer import BOOTSTRAP_IDENTITY, BearerStaff, staff_from_bearer
from pharmai.pharmacy.staff.sessions import (
    SESSION_PREFIX,
    SessionInfo,
    csrf_matches,
    end_session,
    resolve_session,
    start_session,
)
from pharmai.pharmacy.staff.tokens import (
    MAX_TOKEN_DAYS,
    TOKEN_PREFIX,
    TokenInfo,
    TokenUse,
    create_token,
    list_tokens,
    resolve_token,
    revoke_token,
    token_digest,
    touch_token,
)

__all__ = [
    "BOOTSTRAP_IDENTITY",
    "MAX_TOKEN_DAYS",
    "ROLES",
    "SESSION_PREFIX",
    "TOKEN_PREFIX",
    "AccountInfo",
    "BearerStaff",
    "SessionInfo",
    "StaffIdentity",
    "TokenInfo",
    "TokenUse",
    "add_account",
    "authenticate",
    "canonical_username",
    "check_role",
    "create_token",
    "csrf_matches",
    "end_session",
    "get_account",
    "identity_of",
    "list_accounts",
    "list_tokens",
    "reset_password",
    "resolve_session",
    "resolve_token",
    "revoke_token",
    "set_disabled",
    "staff_from_bearer",
    "start_session",
    "token_digest",
    "touch_token",
    "upgrade_hash",
]
