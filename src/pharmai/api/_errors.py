"""HTTP side of the one exception tree: each error code gets one status, each body the same shape.

Every error the API answers is ``{"error": {"code", "message", "details"}}`` — the canonical envelope's
error object — with the message in the caller's language (``Accept-Language``: Hebrew when it starts
with ``he``). Validation errors of FastAPI itself are mapped onto ``VALIDATION_ERROR`` with the field
paths only, never the values sent (they may be a patient's free text).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from pharmai.errors import (
    InternalError,
    NotFound,
    PayloadTooLarge,
    PharmaiError,
    RateLimited,
    ServiceUnavailable,
    Unauthenticated,
    ValidationFailed,
)

__all__ = ["error_response", "install_error_handlers", "request_language", "status_for"]

log = logging.getLogger(__name__)

_STATUS = {
    "VALIDATION_ERROR": 422,
    "MISSING_MEDICATION_QUERY": 422,
    "UNAUTHENTICATED": 401,
    "IDENTITY_REQUIRED": 401,
    "AUTH_FAILED": 401,
    "AUTH_EXPIRED": 401,
    "FORBIDDEN": 403,
    "PAYLOAD_TOO_LARGE": 413,
    "RATE_LIMITED": 429,
    "CONFIRMATION_REQUIRED": 409,
    "CONFIRMATION_DENIED": 409,
    "TIMEOUT": 504,
    "DB_ERROR": 503,
    "SERVICE_UNAVAILABLE": 503,
    "INTERNAL": 500,
}


def status_for(error: PharmaiError) -> int:
    """The HTTP status of an error: 404 for the "no such thing" family, 409 for domain refusals."""
    if error.code in _STATUS:
        return _STATUS[error.code]
    if isinstance(error, NotFound):
        return 404
    return 409


def request_language(request: Request) -> str:
    """``he`` when the caller prefers Hebrew (``Accept-Language`` or ``?lang=he``), else ``en``."""
    lang = request.query_params.get("lang") or request.headers.get("accept-language") or ""
    return "he" if lang.strip().lower().startswith(("he", "iw")) else "en"


def error_response(error: PharmaiError, language: str = "en", *, status: int | None = None) -> JSONResponse:
    """The JSON response of ``error`` (with ``Retry-After`` for rate limits and unavailable services)."""
    headers: dict[str, str] = {}
    if isinstance(error, RateLimited | ServiceUnavailable):
        retry = (error.details or {}).get("retry_after", 1)
        headers["Retry-After"] = str(max(1, int(retry)) if isinstance(retry, int | float) else 1)
    if isinstance(error, Unauthenticated):
        headers["WWW-Authenticate"] = "Bearer"
    body = {"error": error.to_error(language)}
    return JSONResponse(body, status_code=status or status_for(error), headers=headers)


def _fields(exc: RequestValidationError) -> list[dict[str, Any]]:
    fields = []
    for item in exc.errors()[:20]:
        loc = [str(part) for part in item.get("loc", ()) if part not in ("body", "query", "path", "header")]
        fields.append({"field": ".".join(loc) or "body", "type": str(item.get("type", "invalid"))})
    return fields


def _http_error(status: int) -> tuple[PharmaiError, int | None]:
    # Starlette's and FastAPI's own refusals; a 4xx is about what the client sent, so never INTERNAL.
    if status == 404:
        return NotFound(), None
    if status == 413:
        return PayloadTooLarge({"limit": "?"}), None
    if status == 405:
        return ValidationFailed([{"field": "method", "type": "method_not_allowed"}]), 405
    if status == 400:  # a body FastAPI could not read
        return ValidationFailed([{"field": "body", "type": "body_unreadable"}]), None
    if status < 500:
        return ValidationFailed([{"field": "request", "type": "invalid"}]), status
    return InternalError(), status


def install_error_handlers(app: FastAPI) -> None:
    """Map pharmai errors, request validation errors and stray HTTP errors onto the one error shape."""

    @app.exception_handler(PharmaiError)
    async def _pharmai(request: Request, exc: PharmaiError) -> JSONResponse:
        return error_response(exc, request_language(request))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(ValidationFailed(_fields(exc)), request_language(request))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        language = request_language(request)
        # FastAPI answers what fails while it reads a body (our strict JSON parser's refusals included)
        # as a 400 raised from that failure: the failure is the answer.
        if isinstance(exc.__cause__, PharmaiError):
            return error_response(exc.__cause__, language)
        error, status = _http_error(exc.status_code)
        return error_response(error, language, status=status)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # Only the type: an exception's text may quote a patient's message.
        log.error("unhandled %s on %s %s", type(exc).__name__, request.method, request.url.path)
        return error_response(InternalError(), request_language(request))
