"""Customer endpoints: open a conversation, stream turns, answer confirmations, read the transcript.

The identity mode decides who names the patient: in ``otp`` (the API default) nobody does until the
one-time code is accepted in chat; ``demo`` and ``identifier`` are allowed only when the server runs in
that mode (they are demo conveniences); ``trusted`` needs the staff API key — the embedding application
vouches for the patient. The patient always comes from the session, never from a message.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter, Body, Depends, Path, Request
from fastapi.responses import StreamingResponse

from pharmai.agent.base import SessionInfo
from pharmai.agent.events import Event
from pharmai.api._auth import bearer_token, check_conversation_token, confirmation_of, is_staff, issue_token
from pharmai.api._errors import request_language
from pharmai.api._json import StrictJsonRoute
from pharmai.api._retention import client_cap
from pharmai.api._schemas import (
    CONFIRMATION_CLOSED,
    ERROR_RESPONSES,
    SSE_RESPONSE,
    ConversationCreated,
    ConversationIn,
    MessageIn,
    Transcript,
)
from pharmai.api._sse import stream_turn
from pharmai.api._state import ApiState, get_state
from pharmai.errors import ConfirmationDenied, Unauthenticated, ValidationFailed

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["conversations"], responses=ERROR_RESPONSES, route_class=StrictJsonRoute)


def _id_path() -> Any:
    # A fresh Path per parameter: FastAPI binds a shared FieldInfo to the first parameter's name.
    return Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")


def _client_address(request: Request) -> str | None:
    # The tool calls of a turn count against the budget of the address it came from.
    return request.client.host if request.client else None


def _bad(field: str, reason: str) -> ValidationFailed:
    return ValidationFailed([{"field": field, "type": "value_error", "reason": reason}])


def _session(request: Request, state: ApiState, body: ConversationIn) -> SessionInfo:
    configured = state.settings.identity_mode
    mode = body.identity_mode or ("otp" if configured == "trusted" else configured)
    if mode == "trusted":
        if not is_staff(request, state):
            raise Unauthenticated()
        if body.user_id is None:
            raise _bad("user_id", "the trusted mode names the patient")
    elif mode in ("demo", "identifier") and mode != configured:
        raise _bad("identity_mode", f"the {mode} mode is not enabled on this server")
    if body.user_id is not None and mode not in ("demo", "trusted"):
        raise _bad("user_id", "only the demo and trusted modes name the patient")
    return SessionInfo(
        conversation_id="",
        patient_id=body.user_id,
        identity_mode=mode,
        store_id=body.store_id or state.settings.default_store,
        profile=state.settings.tool_profile,
        channel="api",
    )


@router.post("/conversations", status_code=201, response_model=ConversationCreated)
def create_conversation(
    request: Request,
    body: ConversationIn | None = Body(default=None),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """Open a conversation; later calls carry ``Authorization: Bearer <token>``.

    A client address holds at most ``PHARMAI_OPEN_CONVERSATIONS_PER_CLIENT`` recently active conversations;
    one more answers 429 ``RATE_LIMITED`` with ``Retry-After``.
    """
    body = body or ConversationIn()
    session = _session(request, state, body)
    loop = state.loop()
    conversation_id = loop.open(session, body.language, cap=client_cap(request, state))
    token = issue_token(state, conversation_id)
    return {
        "conversation_id": conversation_id,
        "token": token,
        "identity_mode": session.identity_mode,
        "language": body.language,
        "store_id": session.store_id,
        "user_id": session.patient_id,
        "engine": state.engine_name,
    }


@router.post("/conversations/{conversation_id}/messages", response_class=StreamingResponse, responses=SSE_RESPONSE)
async def post_message(
    request: Request,
    body: MessageIn,
    conversation_id: str = _id_path(),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """Send one message; the turn streams back as Server-Sent Events."""

    def start() -> Iterator[Event]:
        check_conversation_token(request, state, conversation_id)
        # turn() validates and loads the conversation before returning, so those errors are plain JSON.
        return state.loop().turn(conversation_id, body.content, client_address=_client_address(request))

    return await stream_turn(start, state.turn_slots(), request_language(request))


@router.get("/conversations/{conversation_id}", response_model=Transcript)
def get_transcript(
    request: Request, conversation_id: str = _id_path(), state: ApiState = Depends(get_state)
) -> dict[str, Any]:
    """The conversation's transcript (the ``pharmai chat --json`` shape) and its pending confirmation."""
    check_conversation_token(request, state, conversation_id)
    loop = state.loop()
    transcript = loop.transcript(conversation_id)
    transcript["pending_confirmation"] = loop.pending_confirmation(conversation_id)
    return transcript


async def _decide(request: Request, state: ApiState, confirmation_id: str, approve: bool) -> StreamingResponse:
    def start() -> Iterator[Event]:
        if bearer_token(request) is None:
            # Before the lookup: without a token, a real confirmation id and a made-up one answer alike.
            raise Unauthenticated()
        conversation_id, status = confirmation_of(state, confirmation_id)
        check_conversation_token(request, state, conversation_id)  # a stranger learns nothing of its status
        if status != "pending":
            # Answered before any stream starts. A second approval racing the first still passes here;
            # the executor's single-use flip then refuses it inside the stream.
            raise ConfirmationDenied({"reason": "expired" if status == "expired" else "used"})
        loop = state.loop()
        decide = loop.approve if approve else loop.deny
        return decide(conversation_id, confirmation_id, client_address=_client_address(request))

    return await stream_turn(start, state.turn_slots(), request_language(request))


@router.post(
    "/confirmations/{confirmation_id}/approve",
    tags=["conversations"],
    response_class=StreamingResponse,
    responses={**SSE_RESPONSE, **CONFIRMATION_CLOSED},
)
async def approve_confirmation(
    request: Request, confirmation_id: str = _id_path(), state: ApiState = Depends(get_state)
) -> StreamingResponse:
    """Approve a pending confirmation: the stored call runs once, and the rest of the turn streams back."""
    return await _decide(request, state, confirmation_id, True)


@router.post(
    "/confirmations/{confirmation_id}/deny",
    tags=["conversations"],
    response_class=StreamingResponse,
    responses={**SSE_RESPONSE, **CONFIRMATION_CLOSED},
)
async def deny_confirmation(
    request: Request, confirmation_id: str = _id_path(), state: ApiState = Depends(get_state)
) -> StreamingResponse:
    """Deny a pending confirmation: nothing runs, and the assistant's acknowledgement streams back."""
    return await _decide(request, state, confirmation_id, False)
