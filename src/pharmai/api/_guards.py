"""Pure ASGI guards in front of every route: security headers, body-size limit, per-client rate limit.

They are plain ASGI (not ``BaseHTTPMiddleware``) so streamed SSE responses pass through unbuffered.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio

from pharmai.errors import PayloadTooLarge, PharmaiError, RateLimited, ServiceUnavailable
from pharmai.tools import RedisOptions, open_windows, parse_rate

__all__ = ["BodyLimit", "ClientRateLimit", "SecurityHeaders", "content_security_policy"]

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The web UI loads only its own files; model output is text, so no inline script is ever needed.
_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# The interactive docs load Swagger UI from the app itself (fastapi-offline's copy, nothing from another
# origin) and run one inline bootstrap script.
_DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
_DOCS = ("/docs", "/redoc")


def content_security_policy(path: str) -> str:
    """The Content-Security-Policy of a path (strict everywhere but the interactive API docs)."""
    return _DOCS_CSP if path.startswith(_DOCS) else _CSP


def _json_error(error: PharmaiError, status: int, language: str, extra: dict[str, str]) -> tuple[Message, Message]:
    body = json.dumps({"error": error.to_error(language)}, ensure_ascii=False).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.lower().encode(), v.encode()) for k, v in extra.items()]
    return (
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": body},
    )


def _language(scope: Scope) -> str:
    for key, value in scope.get("headers", ()):
        if key == b"accept-language":
            return "he" if value.decode("latin-1").strip().lower().startswith(("he", "iw")) else "en"
    return "en"


class SecurityHeaders:
    """Adds CSP, nosniff, frame and referrer policies to every response (``no-store`` on the API)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        extra = [
            (b"content-security-policy", content_security_policy(path).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
            (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]
        if path.startswith("/v1/"):
            extra.append((b"cache-control", b"no-store"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [h for h in extra if h[0] not in present]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Answers 413 ``PAYLOAD_TOO_LARGE`` for bodies over ``max_bytes``, declared or streamed.

    A declared ``Content-Length`` over the limit is refused before the app runs. A body without one
    (``Transfer-Encoding: chunked``) is counted as the app reads it; once it passes the limit the read
    fails, and whatever the app then answers (FastAPI a 400, another app its own error) is replaced by
    the 413 — unless the app had already started its answer before reading that far.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = _language(scope)
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.max_bytes + 1
                if declared > self.max_bytes:
                    await self._refuse(send, language)
                    return
        seen = 0
        over = False
        started = False

        async def counting_receive() -> Message:
            nonlocal seen, over
            if over:
                raise _TooLarge
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    over = True
                    raise _TooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if over and not started:
                return  # the app's answer to a body it could not finish reading; the 413 replaces it
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except Exception:
            if not over or started:
                raise
        if over and not started:
            await self._refuse(send, language)

    async def _refuse(self, send: Send, language: str) -> None:
        start, body = _json_error(PayloadTooLarge({"limit": self.max_bytes}), 413, language, {})
        await send(start)
        await send(body)


class ClientRateLimit:
    """Per-client moving-window limit on ``/v1/`` requests; 429 ``RATE_LIMITED`` with ``Retry-After``.

    Counters live in Redis when a URL is given, so every worker counts together. Redis is asked from a
    worker thread (the event loop serves every other request of the worker meanwhile), and when it does
    not answer the worker counts on its own, logging it, until Redis answers again: an outage neither
    takes the API down nor lifts the limit. Redis's circuit breaker (shared with the tool-call limits)
    bounds the cost: one short timeout per failed request, none while the circuit is open.

    Args:
        app: The wrapped app.
        limit: A rate, e.g. ``"600/minute"``; ``None`` turns the guard off.
        storage_uri: ``redis://…`` or ``None`` for in-process counters.
        key_prefix: Key prefix in Redis (tests use a unique one).
        redis: Redis timeouts and circuit breaker (default: :class:`~pharmai.tools.RedisOptions`'s).
    """

    def __init__(
        self,
        app: ASGIApp,
        limit: str | None,
        storage_uri: str | None = None,
        key_prefix: str = "",
        redis: RedisOptions | None = None,
    ) -> None:
        self.app = app
        self.rate = parse_rate(limit) if limit else None
        self.windows = open_windows(storage_uri, key_prefix or "pharmai-http", redis=redis)
        self._local = open_windows(None, "") if storage_uri else None
        self._counting_locally = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.rate is None or scope["type"] != "http" or not str(scope.get("path", "")).startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("?", 0)
        refused = await self._hit([("client/" + str(client[0]), self.rate)])
        if refused is not None:
            retry = refused[1]
            error = RateLimited({"retry_after": retry, "tier": "client"})
            start, body = _json_error(error, 429, _language(scope), {"Retry-After": str(retry)})
            await send(start)
            await send(body)
            return
        await self.app(scope, receive, send)

    async def _hit(self, checks: list[tuple[str, Any]]) -> tuple[int, int] | None:
        if self._local is None:
            return self.windows.hit(checks)
        try:
            refused = await anyio.to_thread.run_sync(self.windows.hit, checks)
        except ServiceUnavailable:  # Redis did not answer, or its circuit is open
            if not self._counting_locally:
                self._counting_locally = True  # logged once per outage, not once per request
                log.warning("HTTP rate limit: Redis did not answer; counting in this worker until it does")
            return self._local.hit(checks)
        if self._counting_locally:
            self._counting_locally = False
            log.info("HTTP rate limit: Redis answers again; counting in Redis")
        return refused
