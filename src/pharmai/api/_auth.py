"""Who may call what: the staff API key, and the bearer token each conversation gets at creation.

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

from pharmai.api._state import ApiState, get_state
from pharmai.db.models import Confirmation, Conversation
from pharmai.errors import NotFound, Unauthenticated

__all__ = [
    "bearer_token",
    "check_conversation_token",
    "confirmation_of",
    "is_staff",
    "issue_token",
    "require_staff",
]

_MAX_TOKEN = 200


def bearer_token(request: Request) -> str | None:
    """The ``Authorization: Bearer …`` token, or ``None``."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > _MAX_TOKEN:
        return None
    return token


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def is_staff(request: Request, state: ApiState) -> bool:
    """True when the request carries the configured staff API key (never when none is configured)."""
    key = state.settings.staff_api_key
    token = bearer_token(request)
    if not key or token is None:
        return False
    return hmac.compare_digest(_digest(token), _digest(key))


async def require_staff(request: Request, state: ApiState = Depends(get_state)) -> ApiState:
    """FastAPI dependency for staff endpoints.

    Raises:
        NotFound: Staff endpoints are off (no ``PHARMAI_STAFF_API_KEY``).
        Unauthenticated: The key is missing or wrong.
    """
    if not state.settings.staff_api_key:
        raise NotFound()
    if not is_staff(request, state):
        raise Unauthenticated()
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
