"""Operations and demo endpoints: metrics, health, readiness, page configuration, the demo helpers.

``/v1/demo/*`` exists only when the server runs in the ``demo`` identity mode: the patient dropdown of
seed 002 and the development outbox (where one-time codes land when no sender is configured).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse, PlainTextResponse
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, Counter, Histogram, generate_latest
from sqlalchemy import select, text

from pharmai.api._schemas import ERROR_RESPONSES
from pharmai.api._state import ApiState, get_state
from pharmai.db.models import Patient, Store
from pharmai.errors import NotFound
from pharmai.pharmacy.identity import recent_outbox
from pharmai.tools import RedisOptions, redis_server

__all__ = ["HttpMetrics", "router"]

router = APIRouter(responses=ERROR_RESPONSES)

_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_FAMILIES: tuple[Counter, Histogram] | None = None
#: Why /readyz answers 503 because of Redis: it failed to answer the ping, or its circuit is open (the
#: tool calls that need it are refused at once meanwhile).
_REDIS_REASONS = {"unreachable": "redis does not answer", "circuit_open": "redis circuit is open"}


def _families() -> tuple[Counter, Histogram]:
    # The process registry refuses a family twice; tests build many apps in one process.
    global _FAMILIES
    if _FAMILIES is None:
        _FAMILIES = (
            Counter(
                "pharmai_http_requests_total",
                "HTTP requests by method, route and status.",
                ["method", "route", "status"],
            ),
            Histogram(
                "pharmai_http_request_duration_seconds",
                "Time to the end of the response (the whole stream for SSE).",
                ["method", "route"],
                buckets=_BUCKETS,
            ),
        )
    return _FAMILIES


class HttpMetrics:
    """Pure ASGI middleware counting requests per route template (never per raw path: ids are secret)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app
        self.requests, self.duration = _families()

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def tracking_send(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        finally:
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            method = str(scope.get("method", "?"))
            self.requests.labels(method, route, str(status)).inc()
            self.duration.labels(method, route).observe(time.perf_counter() - started)


@router.get("/metrics", response_class=PlainTextResponse, tags=["operations"])
def metrics() -> PlainTextResponse:
    """Prometheus metrics of this worker (tool calls, confirmations, rate limits, HTTP requests)."""
    return PlainTextResponse(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)


@router.get("/healthz", tags=["operations"])
def healthz() -> dict[str, str]:
    """Liveness: the process answers."""
    return {"status": "ok"}


@router.get("/readyz", tags=["operations"], responses={503: {"description": "Database or Redis unreachable"}})
def readyz(state: ApiState = Depends(get_state)) -> Any:
    """Readiness: the database answers a query, and Redis (when configured) a ping.

    While Redis's circuit is open the answer is 503 without asking Redis; once a probe is due, this ping
    is the probe. So a worker taken out of rotation, which gets no tool calls to probe with, still finds
    Redis back and becomes ready again.
    """
    body: dict[str, Any] = {"status": "ready", "database": state.db.dialect}
    try:
        with state.db.session() as session:
            session.execute(text("SELECT 1"))
    except Exception:
        body.update(status="unavailable", database="unreachable", reason="the database does not answer")
    url = state.settings.redis_url
    if url:
        server = redis_server(url, RedisOptions.from_settings(state.settings))
        if server.ready():
            body["redis"] = "ready"
        else:
            body["redis"] = "unreachable" if server.state == "closed" else "circuit_open"
            if body["status"] == "ready":
                body.update(status="unavailable", reason=_REDIS_REASONS[body["redis"]])
    return JSONResponse(body, status_code=503) if body["status"] != "ready" else body


@router.get("/v1/config", tags=["web"])
def config(state: ApiState = Depends(get_state)) -> dict[str, Any]:
    """What the web page needs to know: identity mode, engine, stores (no secrets)."""
    with state.db.session() as session:
        stores = [
            {"store_id": s.store_id, "name_en": s.name_en, "name_he": s.name_he, "default": s.is_default}
            for s in session.scalars(select(Store).order_by(Store.store_id))
        ]
    return {**state.describe(), "stores": stores}


def _demo_only(state: ApiState = Depends(get_state)) -> ApiState:
    if state.settings.identity_mode != "demo":
        raise NotFound()
    return state


@router.get("/v1/demo/patients", tags=["web"])
def demo_patients(state: ApiState = Depends(_demo_only)) -> dict[str, Any]:
    """The demo patients for the web demo's dropdown (seed 002); demo mode only."""
    with state.db.session() as session:
        rows = session.scalars(select(Patient).order_by(Patient.user_id)).all()
        patients = [{"user_id": p.user_id, "name_en": p.name_en, "name_he": p.name_he} for p in rows]
    return {"patients": patients}


@router.get("/v1/demo/outbox", tags=["web"])
def demo_outbox(limit: int = Query(default=10, ge=1, le=100), state: ApiState = Depends(_demo_only)) -> dict[str, Any]:
    """The newest messages of the development outbox (one-time codes); demo mode only."""
    with state.db.session() as session:
        entries = recent_outbox(session, limit)
    return {
        "messages": [
            {"created_at": e.created_at.isoformat(), "channel": e.channel, "destination": e.destination, "body": e.body}
            for e in entries
        ]
    }
