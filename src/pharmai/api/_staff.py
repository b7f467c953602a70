"""Staff endpoints: the tool catalogue, direct invocation, and the audit log.

Any staff credential opens them (a personal token, a console session, the bootstrap key; see
:mod:`pharmai.api._staff_auth`). A direct invocation goes through the same executor as every
conversation (validation, roles, identity, rate limits, confirmation, audit, metrics) on the ``api``
channel, with the caller as the call's actor, and answers seed 004's envelope.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Body, Depends, Path, Query
from fastapi.responses import JSONResponse
from sqlalchemy import select

from pharmai.api._auth import require_staff, require_staff_caller
from pharmai.api._json import StrictJsonRoute
from pharmai.api._schemas import ERROR_RESPONSES, AuditPage, ErrorBody, InvocationEnvelope, InvokeIn
from pharmai.api._staff_auth import StaffCaller
from pharmai.api._state import ApiState, get_state
from pharmai.db.models import AuditLog
from pharmai.errors import ValidationFailed
from pharmai.tools import FORMATS, Principal, ToolCall, ToolContext, export_tools
from pharmai.toolsets import UnknownProfile, registry_for

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["staff"], responses=ERROR_RESPONSES, route_class=StrictJsonRoute)


def _name_path() -> Any:
    return Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")


def _profile_query() -> Any:
    return Query(default=None, min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")


def _profile(state: ApiState, profile: str | None) -> str:
    name = profile or state.settings.tool_profile
    try:
        registry_for(name)
    except UnknownProfile:
        raise ValidationFailed([{"field": "profile", "type": "value_error"}]) from None
    return name


@router.get("/tools")
def list_tools(
    format: Literal["openai", "chat", "anthropic", "mcp"] = Query(default="mcp"),
    profile: str | None = _profile_query(),
    state: ApiState = Depends(require_staff),
) -> dict[str, Any]:
    """The profile's tool definitions in one model API's format (``formats`` lists them all)."""
    name = _profile(state, profile)
    return {
        "profile": name,
        "format": format,
        "formats": list(FORMATS),
        "tools": export_tools(registry_for(name), format),
    }


@router.post(
    "/tools/{name}/invoke",
    response_model=InvocationEnvelope,
    responses={429: {"model": InvocationEnvelope | ErrorBody, "description": "Rate limited (see Retry-After)"}},
)
def invoke_tool(
    name: str = _name_path(),
    body: InvokeIn = Body(default_factory=InvokeIn),
    caller: StaffCaller = Depends(require_staff_caller),
    state: ApiState = Depends(get_state),
) -> Any:
    """Run one tool through the executor and answer seed 004's invocation envelope.

    Tool failures are answers (HTTP 200, ``ok: false``), except a rate limit: 429 with ``Retry-After``.
    A tool that declares roles runs only for a caller holding one of them (else ``FORBIDDEN``).
    """
    executor = state.executor(_profile(state, body.profile))
    context = ToolContext(
        principal=Principal.patient(body.user_id) if body.user_id else Principal.staff("api"),
        conversation_id=body.conversation_id or f"api-{uuid.uuid4().hex[:16]}",
        language=body.language,
        channel="api",
        db=state.db,
        clock=state.clock,
        extras={"store_id": state.settings.default_store, "identity_mode": "trusted"},
        actor=caller.actor,
    )
    arguments = dict(body.arguments)
    spec = executor.registry.get(name)
    if spec is not None and "language" in spec.input_model.model_fields and body.language_set:
        # The tester's language picker fills the tool's own language argument unless it was typed in.
        arguments.setdefault("language", body.language)
    if body.confirmation_id is not None:
        outcome = executor.approve(body.confirmation_id, context, arguments=arguments)
    else:
        outcome = executor.execute(ToolCall(name=name, arguments=arguments), context)
    envelope = outcome.invocation_envelope()
    if outcome.code == "RATE_LIMITED":
        retry = (outcome.error.details or {}).get("retry_after", 1) if outcome.error else 1
        return JSONResponse(envelope, status_code=429, headers={"Retry-After": str(retry)})
    return envelope


@router.get("/audit", response_model=AuditPage)
def audit(
    tool: str | None = Query(default=None, min_length=1, max_length=100, pattern=r"^[^\x00]+$"),
    outcome: Literal["ok", "refused", "failed"] | None = Query(default=None),
    conversation_id: str | None = Query(default=None, min_length=1, max_length=64, pattern=r"^[^\x00]+$"),
    actor_ref: str | None = Query(default=None, min_length=1, max_length=64, pattern=r"^[0-9a-f]+$"),
    since: datetime | None = Query(default=None, description="Rows at or after this instant (ISO 8601)."),
    until: datetime | None = Query(default=None, description="Rows before this instant (ISO 8601)."),
    limit: int = Query(default=100, ge=1, le=1000),
    state: ApiState = Depends(require_staff),
) -> dict[str, Any]:
    """Audit rows, newest first, filtered by tool, outcome, conversation, staff actor and time."""
    query = select(AuditLog)
    if tool is not None:
        query = query.where(AuditLog.tool == tool)
    if outcome is not None:
        query = query.where(AuditLog.outcome == outcome)
    if conversation_id is not None:
        query = query.where(AuditLog.conversation_id == conversation_id)
    if actor_ref is not None:
        query = query.where(AuditLog.actor_ref == actor_ref)
    if since is not None:
        query = query.where(AuditLog.ts >= since)
    if until is not None:
        query = query.where(AuditLog.ts < until)
    state.flush_audit()  # rows still in the background writer belong in the answer
    with state.db.session() as session:
        rows = session.scalars(query.order_by(AuditLog.ts.desc(), AuditLog.id.desc()).limit(limit)).all()
        page = [
            {
                "id": r.id,
                "ts": r.ts.isoformat(),
                "tool_call_id": r.tool_call_id,
                "tool": r.tool,
                "version": r.version,
                "outcome": r.outcome,
                "error_code": r.error_code,
                "duration_ms": r.duration_ms,
                "conversation_id": r.conversation_id,
                "channel": r.channel,
                "patient_ref": r.patient_ref,
                "actor_ref": r.actor_ref,
            }
            for r in rows
        ]
    return {"rows": page, "count": len(page)}
