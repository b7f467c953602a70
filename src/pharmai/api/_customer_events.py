"""``GET /v1/conversations/{id}/events``: what a person does in the customer's conversation, live (SSE).

Authorised like the conversation's other endpoints (its bearer token; a wrong token and an unknown
conversation both answer 404). The stream opens with a ``status`` event (``held``: whether a pharmacist
holds the conversation now, ``seq``: the cursor), then sends ``pharmacist_joined``,
``pharmacist_message`` and ``pharmacist_left`` as they happen, each with its ``seq`` as the SSE id, so a
client that reconnects with ``Last-Event-ID`` (or ``?after=``) misses nothing. The stream ends after
``wait`` seconds (default 300); clients reconnect.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import func, select

from pharmai.api._auth import check_conversation_token
from pharmai.api._handoff_frames import customer_frame, sse
from pharmai.api._live import conversation_channel, live_stream
from pharmai.api._schemas import ERROR_RESPONSES, SSE_RESPONSE
from pharmai.api._state import ApiState, get_state
from pharmai.db.models import Message
from pharmai.pharmacy.handoff import conversations

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["conversations"], responses=ERROR_RESPONSES)

_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


@router.get("/conversations/{conversation_id}/events", response_class=StreamingResponse, responses=SSE_RESPONSE)
def conversation_events(
    request: Request,
    conversation_id: str = Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$"),
    after: int | None = Query(default=None, ge=0, description="Send rows after this seq (default: from now)."),
    wait: float = Query(default=300.0, ge=0, le=3600, description="Seconds to keep the stream open."),
    last_event_id: str | None = Header(default=None, max_length=20),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """A pharmacist joining, writing and leaving this conversation, as Server-Sent Events."""
    check_conversation_token(request, state, conversation_id)
    with state.db.session() as session:
        hold = conversations.hold_of(session, conversation_id)
        last = session.scalar(select(func.max(Message.seq)).where(Message.conversation_id == conversation_id))
    if after is None and (last_event_id or "").isdigit():
        after = int(last_event_id or 0)
    start = int(last or 0) if after is None else after

    def read(cursor: int) -> tuple[list[str], int]:
        with state.db.session() as session:
            rows = conversations.messages_after(session, conversation_id, cursor)
        frames = [frame for row in rows if (frame := customer_frame(row)) is not None]
        return frames, rows[-1].seq if rows else cursor

    first: list[Any] = [sse("status", {"held": hold is not None, "seq": start})]
    stream = live_stream(state.live(), conversation_channel(conversation_id), read, start, seconds=wait, first=first)
    return StreamingResponse(stream, media_type="text/event-stream", headers=_HEADERS)
