"""Console sign-in for staff: ``POST /staff/session``, ``DELETE /staff/session``, ``GET /staff/session/me``.

Signing in (a form or JSON ``username`` and ``password``) sets the ``pharmai_staff`` cookie — HttpOnly,
SameSite=Strict, Path=/, Secure over HTTPS (``PHARMAI_STAFF_COOKIE_SECURE``) — and answers the session's
CSRF token, which the page sends back in ``X-CSRF-Token`` on every unsafe request. A sign-in from another
site's page (its ``Origin`` or ``Sec-Fetch-Site`` says so) is refused, so nobody can sign a browser in to
their own account behind its user's back. Attempts are throttled per account name and per client address
(:mod:`pharmai.api._sign_in_limit`); an unknown name, a wrong password and a disabled account get the same
answer after the same work.
"""

from __future__ import annotations

import urllib.parse
from datetime import UTC
from typing import Any, Literal

import anyio.to_thread
from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from pharmai.api._json import parse_json_body
from pharmai.api._schemas import ErrorBody
from pharmai.api._sign_in_limit import limiter_for
from pharmai.api._staff_auth import COOKIE_NAME, CSRF_HEADER, StaffCaller, staff_caller
from pharmai.api._state import ApiState, get_state
from pharmai.errors import Forbidden, Unauthenticated, ValidationFailed
from pharmai.pharmacy.staff import (
    SessionInfo,
    authenticate,
    csrf_matches,
    end_session,
    resolve_session,
    start_session,
    upgrade_hash,
)

__all__ = ["StaffSessionOut", "router"]

_ERR = {"model": ErrorBody}
_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {**_ERR, "description": "Wrong username or password, or no valid staff credential"},
    403: {**_ERR, "description": "Missing or wrong CSRF token, or a request from another site (FORBIDDEN)"},
    413: {**_ERR, "description": "Request body too large"},
    422: {**_ERR, "description": "Invalid input"},
    429: {**_ERR, "description": "Too many sign-in attempts (see Retry-After)"},
    503: {**_ERR, "description": "Database or rate-limit store unavailable"},
}
_CREDENTIALS = {
    "type": "object",
    "required": ["username", "password"],
    "properties": {
        "username": {"type": "string", "minLength": 1, "maxLength": 256},
        "password": {"type": "string", "minLength": 1, "maxLength": 1024},
    },
    "additionalProperties": False,
}
_NO_STORE = {"Cache-Control": "no-store"}

router = APIRouter(prefix="/staff", tags=["staff"], responses=_RESPONSES)


class StaffSessionOut(BaseModel):
    """Who is signed in, and the CSRF token the console sends back on unsafe requests."""

    username: str | None = None
    role: str
    via: Literal["session", "token", "key"] = "session"
    csrf_token: str | None = None
    expires_at: str | None = None


def _bad(field: str, kind: str) -> ValidationFailed:
    return ValidationFailed([{"field": field, "type": kind}])


def _credentials(content_type: str, body: bytes) -> tuple[str, str]:
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind == "application/json":
        data = parse_json_body(body)
    elif kind == "application/x-www-form-urlencoded":
        try:
            pairs = urllib.parse.parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=10)
        except (UnicodeDecodeError, ValueError):
            raise _bad("body", "form_invalid") from None
        data = {key: values[0] for key, values in pairs.items()}
    else:
        raise _bad("body", "unsupported_media_type")
    if not isinstance(data, dict):
        raise _bad("body", "object_expected")
    unexpected = sorted(set(data) - {"username", "password"})
    if unexpected:
        raise ValidationFailed([{"field": str(name)[:64], "type": "extra_forbidden"} for name in unexpected[:5]])
    values = []
    for field, longest in (("username", 256), ("password", 1024)):
        value = data.get(field)
        if not isinstance(value, str) or not 0 < len(value) <= longest:
            raise _bad(field, "string_expected")
        values.append(value)
    return values[0], values[1]


def _same_site(request: Request) -> bool:
    # Browsers send Origin on every cross-origin POST (and Sec-Fetch-Site where supported); a request
    # without them is not from a page of another site.
    if request.headers.get("sec-fetch-site", "").lower() == "cross-site":
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    netloc = urllib.parse.urlsplit(origin).netloc.lower()
    return bool(netloc) and netloc == request.headers.get("host", "").lower()


def _secure(request: Request, state: ApiState) -> bool:
    mode = state.settings.staff_cookie_secure
    if mode != "auto":
        return mode == "always"
    forwarded = request.headers.get("x-forwarded-proto", "").split(",", 1)[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https"


def _sign_in(state: ApiState, request: Request, username: str, password: str) -> SessionInfo:
    refused = limiter_for(request.app.state, state.settings).hit(
        username, request.client.host if request.client else None
    )
    if refused is not None:
        raise refused
    now = state.clock.now()
    with state.db.session() as session:
        identity = authenticate(session, username, password)
    if identity is None:
        raise Unauthenticated({"reason": "sign_in"})
    with state.db.session(write=True) as session:
        upgrade_hash(session, identity.staff_id, password, now)
        return start_session(session, identity, now, state.settings.staff_session_ttl_seconds)


@router.post(
    "/session",
    response_model=StaffSessionOut,
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": _CREDENTIALS},
                "application/x-www-form-urlencoded": {"schema": _CREDENTIALS},
            },
        }
    },
)
async def sign_in(request: Request, state: ApiState = Depends(get_state)) -> Any:
    """Sign in to the staff console with a username and password (a form or JSON).

    Sets the session cookie and answers the session's CSRF token; 401 ``UNAUTHENTICATED`` for a wrong
    name or password (the same for both), 429 ``RATE_LIMITED`` when the account's or the address's
    budget of attempts is spent.
    """
    if not _same_site(request):
        raise Forbidden({"reason": "csrf"})
    username, password = _credentials(request.headers.get("content-type", ""), await request.body())
    live = await anyio.to_thread.run_sync(_sign_in, state, request, username, password)
    body = StaffSessionOut(
        username=live.identity.username,
        role=live.identity.role,
        csrf_token=live.csrf_token,
        expires_at=live.expires_at.isoformat(),
    )
    response = JSONResponse(body.model_dump(), headers=_NO_STORE)
    response.set_cookie(
        COOKIE_NAME,
        live.session_id,
        max_age=state.settings.staff_session_ttl_seconds,
        path="/",
        secure=_secure(request, state),
        httponly=True,
        samesite="strict",
    )
    return response


@router.delete("/session", status_code=204, response_class=Response)
def sign_out(request: Request, state: ApiState = Depends(get_state)) -> Response:
    """Sign out: end the cookie's session (it needs the session's CSRF token) and clear the cookie."""
    cookie = request.cookies.get(COOKIE_NAME)
    if cookie:
        with state.db.session() as session:
            live = resolve_session(session, cookie, state.clock.now())
        if live is not None and not csrf_matches(live.csrf_token, request.headers.get(CSRF_HEADER)):
            raise Forbidden({"reason": "csrf"})
        with state.db.session(write=True) as session:
            end_session(session, cookie)
    response = Response(status_code=204, headers=_NO_STORE)
    response.delete_cookie(COOKIE_NAME, path="/", secure=_secure(request, state), httponly=True, samesite="strict")
    return response


@router.get("/session/me", response_model=StaffSessionOut)
def me(request: Request, state: ApiState = Depends(get_state)) -> Any:
    """Who the request's staff credential (console session, personal token or bootstrap key) is."""
    caller: StaffCaller | None = staff_caller(request, state)
    if caller is None:
        raise Unauthenticated()
    expires = caller.expires_at
    if expires is not None and expires.tzinfo is None:  # SQLite gives back naive UTC
        expires = expires.replace(tzinfo=UTC)
    body = StaffSessionOut(
        username=caller.username,
        role=caller.actor.role,
        via=caller.via,
        csrf_token=caller.csrf_token,
        expires_at=expires.isoformat() if expires is not None else None,
    )
    return JSONResponse(body.model_dump(), headers=_NO_STORE)
