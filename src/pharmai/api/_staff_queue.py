"""The staff side of handoff and takeover: the queue, claiming, the transcript, replying, handing back.

Every endpoint takes a staff credential (a personal token, or the console's session cookie with its
CSRF token on POSTs; see :mod:`pharmai.api._staff_auth`). Reading the queue and transcripts is open to
every staff role. Taking over a conversation (claiming a ticket that has one), replying in it and handing
it back are for pharmacists; resolving is for the pharmacist who holds the ticket, or an admin. Each of
those actions writes one audit row (``handoff.claim``, ``handoff.reply``…) with the actor's surrogate and
no text. API description: ``docs/staff-api.md``.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from typing import Any, Literal

from fastapi import APIRouter, Body, Depends, Header, Path, Query
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from pharmai.api._auth import require_staff_caller
from pharmai.api._handoff_frames import sse, staff_message, ticket_json
from pharmai.api._json import StrictJsonRoute
from pharmai.api._live import QUEUE, conversation_channel, live_stream
from pharmai.api._schemas import ROLE_RESPONSES, SSE_RESPONSE
from pharmai.api._staff_auth import StaffCaller
from pharmai.api._state import ApiState, get_state
from pharmai.db.models import AuditLog
from pharmai.errors import Forbidden, InvalidTicketOperation
from pharmai.pharmacy.handoff import TicketView, conversations, tickets
from pharmai.text.detect import reply_language
from pharmai.tools import Principal
from pharmai.tools._privacy import SurrogateRefs, safe_label
from pharmai.toolsets.staff.tickets import TAKEOVER_ROLES

__all__ = ["router"]

router = APIRouter(prefix="/v1/staff", tags=["staff"], responses=ROLE_RESPONSES, route_class=StrictJsonRoute)

#: Who may resolve a ticket held by someone else.
_OVERRIDE_ROLES = frozenset({"admin"})
_TICKET_ROLES = frozenset({"pharmacist", "technician"})
_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
_TRANSCRIPT_LIMIT = 1000


class ReplyIn(BaseModel):
    """A pharmacist's message to the customer."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=4000)


class ResolveIn(BaseModel):
    """How the ticket was resolved (kept with the ticket, shown to staff only)."""

    model_config = ConfigDict(extra="forbid")

    note: str | None = Field(default=None, min_length=1, max_length=4000)


def _ticket_path() -> Any:
    return Path(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$", description="Ticket id or case number.")


def _wait_query() -> Any:
    return Query(default=300.0, ge=0, le=3600, description="Seconds to keep the stream open (0: what there is).")


def _require(caller: StaffCaller, roles: frozenset[str] | tuple[str, ...]) -> None:
    if caller.actor.role not in roles:
        raise Forbidden({"reason": "role", "roles": sorted(roles)})


def _audit(session: Session, state: ApiState, caller: StaffCaller, action: str, view: TicketView) -> None:
    # The same row shape as a tool call's: who (surrogates), what, when; never the text.
    refs = SurrogateRefs(state.settings.audit_secret)
    session.add(
        AuditLog(
            ts=state.clock.now(),
            tool_call_id=f"call_{uuid.uuid4().hex[:20]}",
            tool=f"handoff.{action}",
            version="1.0.0",
            outcome="ok",
            error_code=None,
            duration_ms=0.0,
            conversation_id=safe_label(view.conversation_id) if view.conversation_id else None,
            channel="staff",
            patient_ref=refs.ref(Principal.patient(view.customer_id)) if view.customer_id else None,
            actor_ref=refs.actor(caller.actor),
        )
    )


def _conversation_of(view: TicketView) -> str:
    if view.conversation_id is None:
        raise InvalidTicketOperation({"reason": "no_conversation"})
    return view.conversation_id


@router.get("/queue")
def queue(
    status: list[Literal["open", "in_progress", "resolved", "closed"]] | None = Query(default=None),
    type: Literal["handoff", "callback", "support"] | None = Query(default=None),
    store_id: str | None = Query(default=None, min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_\-]+$"),
    mine: bool = Query(default=False, description="Only tickets the caller holds."),
    limit: int = Query(default=100, ge=1, le=500),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """The queue: open and in-progress tickets (or those of ``status``), most urgent and oldest first."""
    with state.db.session() as session:
        views = tickets.list_tickets(
            session,
            status=status or ("open", "in_progress"),
            kind=type,
            store_id=store_id,
            claimed_by=caller.actor.id if mine else None,
            limit=limit,
        )
    items = [ticket_json(v, caller.actor.id) for v in views]
    return {"tickets": items, "count": len(items)}


@router.get("/queue/events", response_class=StreamingResponse, responses=SSE_RESPONSE)
def queue_events(
    wait: float = _wait_query(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """The live queue (SSE): a ``queue`` event with every open and in-progress ticket, then one per change."""
    staff_id = caller.actor.id

    def read(last: str) -> tuple[list[str], str]:
        with state.db.session() as session:
            views = tickets.list_tickets(session, status=("open", "in_progress"), limit=500)
        items = [ticket_json(v, staff_id) for v in views]
        digest = hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()
        if digest == last:
            return [], last
        return [sse("queue", {"tickets": items, "count": len(items), "at": state.clock.now().isoformat()})], digest

    stream = live_stream(state.live(), QUEUE, read, "", seconds=wait)
    return StreamingResponse(stream, media_type="text/event-stream", headers=_HEADERS)


@router.get("/tickets/{ticket}")
def get_ticket(
    ticket: str = _ticket_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """One ticket with its notes and who holds its conversation."""
    with state.db.session() as session:
        view = tickets.get_ticket(session, ticket)
        notes = [n.to_dict() for n in tickets.notes_of(session, view.ticket_id)]
        hold = conversations.hold_of(session, view.conversation_id) if view.conversation_id else None
    return {
        "ticket": ticket_json(view, caller.actor.id),
        "notes": notes,
        "held": hold is not None,
        "held_by_me": hold is not None and hold.staff_id == caller.actor.id,
    }


@router.post("/tickets/{ticket}/claim")
def claim(
    ticket: str = _ticket_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """Take the ticket (``open`` → ``in_progress``); its conversation is then held: the assistant is silent.

    Of two members of staff claiming at once exactly one gets it; the other gets 409 ``INVALID_OPERATION``
    (``reason: claimed``).
    """
    now = state.clock.now()
    with state.db.session(write=True) as session:
        current = tickets.get_ticket(session, ticket)
        _require(caller, TAKEOVER_ROLES if current.conversation_id else _TICKET_ROLES)
        view = tickets.claim(session, current.ticket_id, caller.actor.id, now)
        _audit(session, state, caller, "claim", view)
    state.live().changed(view.conversation_id)
    return {"ticket": ticket_json(view, caller.actor.id), "held": view.conversation_id is not None}


@router.get("/tickets/{ticket}/conversation")
def transcript(
    ticket: str = _ticket_path(),
    after: int = Query(default=0, ge=0, description="Only rows after this seq."),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """The ticket's conversation: every row (customer, assistant with its tool trace, staff, joins)."""
    with state.db.session() as session:
        view = tickets.get_ticket(session, ticket)
        cid = _conversation_of(view)
        rows = conversations.messages_after(session, cid, after, limit=_TRANSCRIPT_LIMIT)
        hold = conversations.hold_of(session, cid)
    return {
        "ticket": ticket_json(view, caller.actor.id),
        "conversation_id": cid,
        "messages": [staff_message(r, caller.actor.id) for r in rows],
        "held": hold is not None,
        "held_by_me": hold is not None and hold.staff_id == caller.actor.id,
    }


@router.get("/tickets/{ticket}/events", response_class=StreamingResponse, responses=SSE_RESPONSE)
def conversation_events(
    ticket: str = _ticket_path(),
    after: int | None = Query(default=None, ge=0, description="Rows after this seq (default: Last-Event-ID, else 0)."),
    wait: float = _wait_query(),
    last_event_id: str | None = Header(default=None, max_length=20),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> StreamingResponse:
    """The ticket's conversation live (SSE): a ``message`` event per row (id: its seq), as it is written."""
    with state.db.session() as session:
        cid = _conversation_of(tickets.get_ticket(session, ticket))
    start = after if after is not None else (int(last_event_id or 0) if (last_event_id or "").isdigit() else 0)
    staff_id = caller.actor.id

    def read(cursor: int) -> tuple[list[str], int]:
        with state.db.session() as session:
            rows = conversations.messages_after(session, cid, cursor)
        frames = [sse("message", staff_message(r, staff_id), r.seq) for r in rows]
        return frames, rows[-1].seq if rows else cursor

    stream = live_stream(state.live(), conversation_channel(cid), read, start, seconds=wait)
    return StreamingResponse(stream, media_type="text/event-stream", headers=_HEADERS)


@router.post("/tickets/{ticket}/reply")
def reply(
    body: ReplyIn,
    ticket: str = _ticket_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """Send the customer a message in their conversation (the caller must hold it)."""
    _require(caller, TAKEOVER_ROLES)
    started = time.perf_counter()
    now = state.clock.now()
    with state.db.session(write=True) as session:
        view = tickets.get_ticket(session, ticket)
        cid = _conversation_of(view)
        language = reply_language(body.text, default=view.language)
        seq = conversations.staff_reply(session, cid, view.ticket_id, caller.actor.id, body.text, language, now)
        _audit(session, state, caller, "reply", view)
    state.live().conversation_changed(cid)
    return {
        "seq": seq,
        "language": language,
        "at": now.isoformat(),
        "ms": round((time.perf_counter() - started) * 1000, 1),
    }


@router.post("/tickets/{ticket}/hand-back")
def hand_back(
    ticket: str = _ticket_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """Hand the conversation back to the assistant (it answers the next message); the ticket stays claimed."""
    _require(caller, (*TAKEOVER_ROLES, *_OVERRIDE_ROLES))
    now = state.clock.now()
    with state.db.session(write=True) as session:
        view = tickets.get_ticket(session, ticket)
        cid = _conversation_of(view)
        hold = conversations.hold_of(session, cid)
        if hold is not None and hold.staff_id != caller.actor.id and caller.actor.role not in _OVERRIDE_ROLES:
            raise InvalidTicketOperation({"reason": "not_holder"})
        released = hold is not None and conversations.release(session, cid, hold.ticket_id, now, view.case_number)
        if released:
            _audit(session, state, caller, "hand_back", view)
    state.live().changed(cid)
    return {"ticket": ticket_json(view, caller.actor.id), "held": False, "released": released}


@router.post("/tickets/{ticket}/resolve")
def resolve(
    body: ResolveIn | None = Body(default=None),
    ticket: str = _ticket_path(),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> dict[str, Any]:
    """Resolve the ticket with a note (``in_progress`` → ``resolved``); a held conversation is handed back."""
    _require(caller, (*TAKEOVER_ROLES, *_TICKET_ROLES, *_OVERRIDE_ROLES))
    now = state.clock.now()
    note = body.note if body is not None else None
    override = caller.actor.role in _OVERRIDE_ROLES
    with state.db.session(write=True) as session:
        view = tickets.transition(session, ticket, "resolved", caller.actor.id, now, note=note, override=override)
        _audit(session, state, caller, "resolve", view)
    state.live().changed(view.conversation_id)
    return {"ticket": ticket_json(view, caller.actor.id)}
