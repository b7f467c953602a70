"""Who may call what: staff credentials (:mod:`pharmai.api._staff_auth`), and the bearer token each
conversation gets at creation.

A conversation's token is random; only its SHA-256 is stored (``conversations.token_hash``), so a
database leak does not hand out sessions. A wrong token and an unknown conversation get the same
``404`` — nobody can probe which conversation ids exist.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from fastapi import Depends, Request
from sqlalchemy import select

from pharmai.api._staff_auth import COOKIE_NAME, StaffCaller, bearer_of, staff_caller
from pharmai.api._state import ApiState, get_state
from pharmai.db.models import Confirmation, Conversation
from pharmai.errors import NotFound, PharmaiError, Unauthenticated
from pharmai.pharmacy.staff import TOKEN_PREFIX

__all__ = [
    "TRUSTED_CONVERSATION_ROLES",
    "bearer_token",
    "check_conversation_token",
    "confirmation_of",
    "is_staff",
    "issue_token",
    "require_staff",
    "require_staff_caller",
]

#: Staff roles that may open a conversation in the ``trusted`` mode, acting for a patient they name.
TRUSTED_CONVERSATION_ROLES = frozenset({"admin", "pharmacist"})


def bearer_token(request: Request) -> str | None:
    """The ``Authorization: Bearer …`` token, or ``None``."""
    return bearer_of(request.headers.get("authorization", ""))


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def is_staff(request: Request, state: ApiState) -> bool:
    """True when staff of a role that may vouch for a patient (admin, pharmacist) sent the request.

    The bootstrap key counts as an admin. Blocking (database): call it from sync code.
    """
    try:
        caller = staff_caller(request, state)
    except PharmaiError:
        return False
    return caller is not None and caller.actor.role in TRUSTED_CONVERSATION_ROLES


def _offers_staff_credential(request: Request, state: ApiState) -> bool:
    # Without a bootstrap key the staff endpoints used to be off (404); they still are for a request
    # that offers neither a personal token nor a console session.
    token = bearer_token(request)
    if token is not None and (token.startswith(TOKEN_PREFIX) or state.settings.staff_api_key):
        return True
    return token is None and bool(request.cookies.get(COOKIE_NAME))


def require_staff_caller(request: Request, state: ApiState = Depends(get_state)) -> StaffCaller:
    """FastAPI dependency: the authenticated member of staff (see :mod:`pharmai.api._staff_auth`).

    Raises:
        NotFound: No bootstrap key configured and no personal token or session offered.
        Unauthenticated: No staff credential, or one that authenticates nobody.
        Forbidden: A cookie-authenticated unsafe request without the session's CSRF token.
    """
    if not _offers_staff_credential(request, state):
        if not state.settings.staff_api_key:
            raise NotFound()
        raise Unauthenticated()
    caller = staff_caller(request, state)
    if caller is None:
        raise Unauthenticated()
    return caller


def require_staff(
    caller: StaffCaller = Depends(require_staff_caller), state: ApiState = Depends(get_state)
) -> ApiState:
    """FastAPI dependency for staff endpoints that need only the state (any staff role)."""
    return state


def issue_token(state: ApiState, conversation_id: str) -> str:
    """Create the conversation's bearer token and store its hash."""
    token = "ct_" + secrets.token_urlsafe(32)
    with state.db.session(write=True) as session:
        row = session.get(Conversation, conversation_id)
        if row is None:
            raise NotFound()
        row.token_hash = _digest(token)
    state.token_hashes.put(conversation_id, row.token_hash)
    return token


def check_conversation_token(request: Request, state: ApiState, conversation_id: str) -> None:
    """Let the request through only with the conversation's own token.

    Raises:
        Unauthenticated: No bearer token at all.
        NotFound: Unknown conversation, or a token that is not this conversation's.
    """
    token = bearer_token(request)
    if token is None:
        raise Unauthenticated()
    if not 0 < len(conversation_id) <= 64:
        raise NotFound()
    stored = state.token_hashes.get(conversation_id)
    if stored is None:
        with state.db.session() as session:
            stored = session.scalar(
                select(Conversation.token_hash).where(Conversation.conversation_id == conversation_id)
            )
        if stored:
            state.token_hashes.put(conversation_id, stored)
    if not stored or not hmac.compare_digest(stored, _digest(token)):
        raise NotFound()


def confirmation_of(state: ApiState, confirmation_id: str) -> tuple[str, str]:
    """The conversation a confirmation was raised in, and its status.

    Returns:
        ``(conversation_id, status)``; the status is ``pending``, ``approved``, ``denied`` or ``expired``.

    Raises:
        NotFound: No such confirmation (or one raised outside a conversation).
    """
    if not 0 < len(confirmation_id) <= 64:
        raise NotFound()
    with state.db.session() as session:
        row = session.execute(
            select(Confirmation.conversation_id, Confirmation.status).where(
                Confirmation.confirmation_id == confirmation_id
            )
        ).first()
    if row is None or not row.conversation_id:
        raise NotFound()
    return row.conversation_id, row.status
