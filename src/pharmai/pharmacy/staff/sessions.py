"""Console sessions: a random session id in an HttpOnly cookie, kept only as its SHA-256, with a CSRF token.

The CSRF token is a synchronizer token: the server hands it to the signed-in page (in the sign-in answer
and ``GET /staff/session/me``) and every unsafe request that the cookie authenticates must send it back in
a header. It is stored as is: alone it opens nothing, and the session id it goes with is stored hashed.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from pharmai.db.models import StaffAccount, StaffSession
from pharmai.pharmacy.staff.accounts import StaffIdentity
from pharmai.pharmacy.staff.tokens import token_digest

__all__ = ["SESSION_PREFIX", "SessionInfo", "csrf_matches", "end_session", "resolve_session", "start_session"]

#: How every session id starts (distinct from personal tokens, so one is never taken for the other).
SESSION_PREFIX = "pss_"
_MAX_ID_CHARS = 200


@dataclass(frozen=True)
class SessionInfo:
    """A live console session.

    Attributes:
        identity: Who is signed in.
        csrf_token: The token unsafe requests must carry.
        expires_at: When the session ends.
        session_id: The cookie's value (only when the session was just started; ``""`` otherwise).
    """

    identity: StaffIdentity
    csrf_token: str
    expires_at: datetime
    session_id: str = ""


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def start_session(session: Session, identity: StaffIdentity, now: datetime, ttl_seconds: int) -> SessionInfo:
    """Open a session for a member of staff who has just signed in (and drop expired sessions)."""
    session.execute(delete(StaffSession).where(StaffSession.expires_at <= now))
    session_id = SESSION_PREFIX + secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(32)
    expires = now + timedelta(seconds=ttl_seconds)
    session.add(
        StaffSession(
            session_hash=token_digest(session_id),
            staff_id=identity.staff_id,
            csrf_token=csrf,
            created_at=now,
            expires_at=expires,
        )
    )
    session.flush()
    return SessionInfo(identity, csrf, expires, session_id)


def resolve_session(session: Session, session_id: object, now: datetime) -> SessionInfo | None:
    """The live session of a cookie: ``None`` when unknown, expired, or its account disabled."""
    if not isinstance(session_id, str) or not session_id.startswith(SESSION_PREFIX) or len(session_id) > _MAX_ID_CHARS:
        return None
    found = session.execute(
        select(StaffSession, StaffAccount)
        .join(StaffAccount, StaffAccount.staff_id == StaffSession.staff_id)
        .where(StaffSession.session_hash == token_digest(session_id))
    ).first()
    if found is None:
        return None
    row, account = found
    if _aware(row.expires_at) <= now or account.disabled:
        return None
    return SessionInfo(StaffIdentity(account.staff_id, account.username, account.role), row.csrf_token, row.expires_at)


def end_session(session: Session, session_id: object) -> None:
    """Sign out: forget the session (unknown ids are ignored)."""
    if isinstance(session_id, str) and len(session_id) <= _MAX_ID_CHARS:
        session.execute(delete(StaffSession).where(StaffSession.session_hash == token_digest(session_id)))


def csrf_matches(expected: str, presented: object) -> bool:
    """Whether the header's CSRF token is the session's (compared in constant time)."""
    if not isinstance(presented, str) or not presented or len(presented) > _MAX_ID_CHARS:
        return False
    return hmac.compare_digest(expected.encode(), presented.encode())
