"""Structured logs: one JSON object per line (``PHARMAI_LOG_FORMAT=json``) carrying the request's ids.

:class:`RequestContext` (pure ASGI, the outermost middleware) gives every HTTP request an id — a
well-formed incoming ``X-Request-ID`` or a new one — echoes it as the ``X-Request-ID`` response header,
takes the trace id of a well-formed W3C ``traceparent``, and the conversation's surrogate (an HMAC with
``PHARMAI_AUDIT_SECRET``, as audit records use) when the path names a conversation. They live in context
variables for the request, so every line written while serving it carries them: the turn's worker thread
(anyio copies the context into it), the tool executor's handler threads (the timeout middleware runs each
handler in a copy of the caller's context) and uvicorn's access line, written from the app's ``send``.
With traces on (:mod:`pharmai.tracing`) it also opens the request's server span, a child of the caller's
span when the ``traceparent`` is well formed, and ``trace_id`` is that span's trace.

The no-PHI rule holds here as everywhere: a line holds a message written by pharmai's own code (never a
user's text: call sites log types, codes and labels), ids and surrogates, never a raw path (an unmatched
path could hold anything) or a query string, never a client address, never an exception's text (only its
type: the text may quote the user's message).
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from typing import Any

from pharmai import tracing
from pharmai.tools._privacy import SurrogateRefs

__all__ = [
    "REQUEST_ID_HEADER",
    "JsonAccessFormatter",
    "JsonFormatter",
    "RequestContext",
    "current_request_id",
    "json_logging",
]

#: The response header echoing the request's id (and the request header a caller may set it with).
REQUEST_ID_HEADER = "X-Request-ID"

_REQUEST_ID: ContextVar[str | None] = ContextVar("pharmai_request_id", default=None)
_TRACE_ID: ContextVar[str | None] = ContextVar("pharmai_trace_id", default=None)
_CONVERSATION: ContextVar[str | None] = ContextVar("pharmai_conversation", default=None)
#: The matched route's template, known once routing happened (for the access line, written at response start).
_ROUTE: ContextVar[str | None] = ContextVar("pharmai_route", default=None)

_SAFE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
# W3C Trace Context: version-traceid-parentid-flags, lowercase hex; version ff is invalid, and version 00
# has nothing after the flags. All-zero ids are invalid.
_TRACEPARENT = re.compile(r"^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$")
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_CONVERSATION_PATH = re.compile(r"^/v1/conversations/([^/]+)")
#: Fields a call site may pass with ``extra=`` (``logger.info(..., extra={"tool": ...})``), in this order.
_EXTRA_FIELDS = ("tool", "outcome", "code", "duration_ms", "conversation")


def current_request_id() -> str | None:
    """The id of the HTTP request being served in this context, if any."""
    return _REQUEST_ID.get()


def _request_id(raw: bytes | None) -> str:
    if raw is not None:
        text = raw.decode("latin-1").strip()
        if _SAFE_ID.match(text):
            return text
    return uuid.uuid4().hex


def _traceparent(raw: bytes | None) -> tuple[str, str, str] | None:
    """A well-formed W3C ``traceparent``'s trace id, parent span id and flags (hex), or ``None``."""
    if raw is None:
        return None
    match = _TRACEPARENT.match(raw.decode("latin-1").strip())
    if match is None:
        return None
    version, trace, parent, flags, rest = match.groups()
    if version == "ff" or (version == "00" and rest) or trace == "0" * 32 or parent == "0" * 16:
        return None
    return trace, parent, flags


#: One encoder for every line: ``json.dumps`` with options builds a new encoder per call.
_ENCODE = json.JSONEncoder(ensure_ascii=False, default=str).encode
#: The ids every line of a request carries, and the context variables holding them.
_IDS = (("request_id", _REQUEST_ID), ("trace_id", _TRACE_ID), ("conversation", _CONVERSATION))


def _timestamp(record: logging.LogRecord) -> str:
    # UTC to the millisecond, e.g. 2026-11-28T09:30:00.123Z (cheaper than a datetime's isoformat).
    return f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(record.created))}.{int(record.msecs):03d}Z"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``ts``, ``level``, ``logger``, ``message``, and the request's ids."""

    def _entry(self, record: logging.LogRecord) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "ts": _timestamp(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, var in _IDS:
            value = var.get()
            if value is not None:
                entry[key] = value
        for key in _EXTRA_FIELDS:
            value = record.__dict__.get(key)
            if value is not None:
                entry[key] = value
        if record.exc_info and record.exc_info[0] is not None:
            entry["error"] = record.exc_info[0].__name__  # the type only: the text may quote the user
        return entry

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON (non-ASCII kept: Hebrew messages stay readable)."""
        return _ENCODE(self._entry(record))


class JsonAccessFormatter(JsonFormatter):
    """uvicorn's access line as JSON: method, route template and status; no path, query or client address.

    uvicorn's access records carry ``(client, method, path?query, HTTP version, status)`` as arguments.
    """

    def _entry(self, record: logging.LogRecord) -> dict[str, Any]:
        entry = super()._entry(record)
        args = record.args
        if isinstance(args, tuple) and len(args) == 5:
            _client, method, _path, version, status = args
            route = _ROUTE.get() or "unmatched"
            entry.update(message=f"{method} {route} {status}", method=method, route=route, status=status)
            entry["http_version"] = version
        else:  # not uvicorn's access record shape: keep nothing that might be a raw path
            entry["message"] = "access"
        return entry


class RequestContext:
    """Pure ASGI middleware binding a request id, trace id and conversation surrogate to the request.

    Args:
        app: The application it wraps.
        audit_secret: The key of the conversation surrogate (``PHARMAI_AUDIT_SECRET``).
    """

    def __init__(self, app: Callable[..., Awaitable[None]], audit_secret: str | None = None) -> None:
        self.app = app
        self.refs = SurrogateRefs(audit_secret)

    def _conversation(self, path: str) -> str | None:
        match = _CONVERSATION_PATH.match(path)
        if match is None or not _SAFE_ID.match(match.group(1)):
            return None
        return self.refs.conversation(match.group(1))

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        request_id = _request_id(headers.get(b"x-request-id"))
        traceparent = _traceparent(headers.get(b"traceparent"))
        if tracing.enabled():
            # The request's server span, a child of the caller's span when a traceparent came: everything
            # the request does (its turn's worker thread gets a copy of this context) is traced under it.
            method = str(scope.get("method")) if scope.get("method") in _METHODS else "_OTHER"
            parent = tracing.remote_parent(*traceparent) if traceparent else None
            attributes = {"http.request.method": method}
            with tracing.span(method, attributes, kind="server", parent=parent) as server:
                await self._serve(scope, receive, send, request_id, tracing.current_trace_id(), (server, method))
        else:
            await self._serve(scope, receive, send, request_id, traceparent[0] if traceparent else None, None)

    async def _serve(
        self,
        scope: MutableMapping[str, Any],
        receive: Any,
        send: Any,
        request_id: str,
        trace_id: str | None,
        server: tuple[Any, str] | None,
    ) -> None:
        tokens = (
            _REQUEST_ID.set(request_id),
            _TRACE_ID.set(trace_id),
            _CONVERSATION.set(self._conversation(str(scope.get("path", "")))),
            _ROUTE.set(None),
        )
        header = (REQUEST_ID_HEADER.lower().encode(), request_id.encode())

        async def with_request_id(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), header]
                # Routing has happened: the access line (written by uvicorn inside this send) names the route.
                route = getattr(scope.get("route"), "path", None)
                _ROUTE.set(route)
                if server is not None:
                    span, method = server
                    # The route's template, never the path (it holds the conversation id).
                    span.set_attribute("http.response.status_code", int(message.get("status", 0)))
                    if isinstance(route, str) and span.is_recording():
                        span.set_attribute("http.route", route)
                        span.update_name(f"{method} {route}")
            await send(message)

        try:
            await self.app(scope, receive, with_request_id)
        finally:
            # Set in this coroutine, reset in it: the next request on the connection starts clean.
            for var, token in zip((_REQUEST_ID, _TRACE_ID, _CONVERSATION, _ROUTE), tokens, strict=True):
                var.reset(token)


def _level(log_level: str | int) -> str | int:
    # uvicorn's own levels include "trace" (below debug), which the logging module does not know.
    if isinstance(log_level, str):
        name = log_level.upper()
        return "DEBUG" if name == "TRACE" else name
    return log_level


def json_logging(config: dict[str, Any], log_level: str | int = "INFO") -> dict[str, Any]:
    """Turn uvicorn's ``dictConfig`` into JSON lines: its formatters, pharmai's loggers at ``log_level``, the root's.

    Args:
        config: uvicorn's logging configuration (changed in place and returned).
        log_level: The level of the ``pharmai`` loggers (``pharmai serve --log-level``).
    """
    config["formatters"] = {
        "default": {"()": f"{__name__}.JsonFormatter"},
        "access": {"()": f"{__name__}.JsonAccessFormatter"},
    }
    config["loggers"]["pharmai"] = {"handlers": ["default"], "level": _level(log_level), "propagate": False}
    # Other libraries' warnings (the migrations', the database driver's) as JSON lines too.
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
