"""The pharmacist's own assistant over HTTP: a conversation with the ``staff`` tool profile, for staff only.

A member of staff (personal token, or the console's session cookie with its CSRF token on POSTs; see
:mod:`pharmai.api._staff_auth`) opens an assistant conversation and talks to it as a customer talks to
theirs: the same turn, the same Server-Sent Events, the same confirmations. What differs is who acts: every
turn runs with the caller as the actor of its tool calls, so the staff tools (customer lookup, clinical
scores, the consultation calendar, documents, PubMed) check the caller's role, and their audit rows carry
the caller's surrogate.

Ownership: the conversation's ``client_ref`` (the column that counts a client's open conversations) holds
the owner's surrogate, so each member of staff has their own cap on open assistant conversations, and a
conversation answers only its owner; anyone else's id is 404, like an unknown one. An assistant
conversation has no bearer token (``token_hash`` is empty), so the customer endpoints answer 404 for it
whatever token they are shown; a customer's token is no staff credential here (401). API description:
``docs/staff-api.md``.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator
from datetime import timedelta
from typing import Any, Literal

from fastapi import APIRouter, Body, Depends, Path, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from pharmai.agent.base import SessionInfo
from pharmai.agent.events import Event
from pharmai.agent.store import ClientCap
from pharmai.api._auth import confirmation_of, require_staff_caller
from pharmai.api._errors import request_language
from pharmai.api._json import StrictJsonRoute
from pharmai.api._schemas import CONFIRMATION_CLOSED, ROLE_RESPONSES, SSE_RESPONSE, MessageIn, Transcript
from pharmai.api._sse import stream_turn
from pharmai.api._staff_auth import StaffCaller
from pharmai.api._state import ApiState, get_state
from pharmai.db.models import Conversation
from pharmai.errors import ConfirmationDenied, NotFound, Unauthenticated
from pharmai.tools._privacy import SurrogateRefs

__all__ = ["PROFILE", "AssistantCreated", "AssistantIn", "router"]

router = APIRouter(
    prefix="/v1/staff/assistant", tags=["staff assistant"], responses=ROLE_RESPONSES, route_class=StrictJsonRoute
)

#: The tool profile of every assistant conversation.
PROFILE = "staff"
_CHANNEL = "staff"
#: The cap when the deployment turned the per-client one off: a member of staff still cannot open without end.
_UNCAPPED = 10_000


class AssistantIn(BaseModel):
    """A new assistant conversation."""

    model_config = ConfigDict(extra="forbid")

    language: Literal["he", "en"] = "he"
    store_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=16,
        pattern=r"^[A-Za-z0-9_\-]+$",
        description="The store the pharmacist works at (default: the deployment's).",
    )


class AssistantCreated(BaseModel):
    """The new assistant conversation (its later calls carry the same staff credential)."""

    conversation_id: str
    language: str
    store_id: str
    engine: str


def _id_path() -> Any:
    # A fresh Path per parameter: FastAPI binds a shared FieldInfo to the first parameter's name.
    return Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")


def _client_address(request: Request) -> str | None:
    return request.client.host if request.client else None


def _owner_ref(state: ApiState, caller: StaffCaller) -> str:
    ref = SurrogateRefs(state.settings.audit_secret).actor(caller.actor)
    if ref is None:  # an authenticated caller always has an actor
        raise Unauthenticated()
    return ref


def _cap(state: ApiState, caller: StaffCaller) -> ClientCap:
    settings = state.settings
    limit = settings.open_conversations_per_client or _UNCAPPED
    return ClientCap(_owner_ref(state, caller), limit, timedelta(seconds=settings.conversation_idle_seconds))


def _check_owner(state: ApiState, caller: StaffCaller, conversation_id: str) -> None:
    """Let only the owner through; anything else (unknown, a customer's, a colleague's) is 404."""
    with state.db.session() as session:
        row = session.execute(
            select(Conversation.profile, Conversation.client_ref).where(Conversation.conversation_id == conversation_id)
        ).first()
    if row is None or row.profile != PROFILE or not row.client_ref:
        raise NotFound()
    if not hmac.compare_digest(row.client_ref, _owner_ref(state, caller)):
        raise NotFound()


@router.post("/conversations", status_code=201, response_model=AssistantCreated)
def create(
    body: AssistantIn | None = Body(default=None),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """Open an assistant conversation for the caller (``staff`` tools, the caller as their actor).

    A member of staff holds at most ``PHARMAI_OPEN_CONVERSATIONS_PER_CLIENT`` recently active ones; one
    more answers 429 ``RATE_LIMITED`` with ``Retry-After``.
    """
    body = body or AssistantIn()
    store_id = body.store_id or state.settings.default_store
    # Through the state, so an audit query flushes this profile's rows too.
    state.executor(PROFILE)
    session = SessionInfo(conversation_id="", store_id=store_id, profile=PROFILE, channel=_CHANNEL)
    conversation_id = state.loop().open(session, body.language, cap=_cap(state, caller))
    return {
        "conversation_id": conversation_id,
        "language": body.language,
        "store_id": store_id,
        "engine": state.engine_name,
    }


@router.post("/conversations/{conversation_id}/messages", response_class=StreamingResponse, responses=SSE_RESPONSE)
async def post_message(
    request: Request,
    body: MessageIn,
    conversation_id: str = _id_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """Send one message to the assistant; the turn streams back as Server-Sent Events."""

    def start() -> Iterator[Event]:
        _check_owner(state, caller, conversation_id)
        loop = state.loop()
        return loop.turn(conversation_id, body.content, client_address=_client_address(request), actor=caller.actor)

    return await stream_turn(start, state.turn_slots(), request_language(request))


@router.get("/conversations/{conversation_id}", response_model=Transcript)
def get_transcript(
    conversation_id: str = _id_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """The conversation's transcript (with the tool trace of each turn) and its pending confirmation."""
    _check_owner(state, caller, conversation_id)
    loop = state.loop()
    transcript = loop.transcript(conversation_id)
    transcript["pending_confirmation"] = loop.pending_confirmation(conversation_id)
    return transcript


async def _decide(
    request: Request, state: ApiState, caller: StaffCaller, confirmation_id: str, approve: bool
) -> StreamingResponse:
    def start() -> Iterator[Event]:
        conversation_id, status = confirmation_of(state, confirmation_id)
        _check_owner(state, caller, conversation_id)  # someone else's confirmation is unknown, whatever its status
        if status != "pending":
            # As for customers: the executor's single-use flip still refuses a second approval racing this one.
            raise ConfirmationDenied({"reason": "expired" if status == "expired" else "used"})
        loop = state.loop()
        decide = loop.approve if approve else loop.deny
        return decide(conversation_id, confirmation_id, client_address=_client_address(request), actor=caller.actor)

    return await stream_turn(start, state.turn_slots(), request_language(request))


@router.post(
    "/confirmations/{confirmation_id}/approve",
    response_class=StreamingResponse,
    responses={**SSE_RESPONSE, **CONFIRMATION_CLOSED},
)
async def approve_confirmation(
    request: Request,
    confirmation_id: str = _id_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """Approve a pending confirmation (a booking): the stored call runs once, the rest of the turn streams back."""
    return await _decide(request, state, caller, confirmation_id, True)


@router.post(
    "/confirmations/{confirmation_id}/deny",
    response_class=StreamingResponse,
    responses={**SSE_RESPONSE, **CONFIRMATION_CLOSED},
)
async def deny_confirmation(
    request: Request,
    confirmation_id: str = _id_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """Deny a pending confirmation: nothing runs, and the assistant's acknowledgement streams back."""
    return await _decide(request, state, caller, confirmation_id, False)
