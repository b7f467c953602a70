"""The FastAPI application factory: routers, guards, error handlers, the web UI and the MCP mount."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Route

from pharmai import __version__, tracing
from pharmai.api import (
    _conversations,
    _customer_events,
    _ops,
    _staff,
    _staff_assistant,
    _staff_calendar,
    _staff_queue,
    _staff_session,
)
from pharmai.api._errors import install_error_handlers
from pharmai.api._guards import BodyLimit, ClientRateLimit, SecurityHeaders
from pharmai.api._logging import REQUEST_ID_HEADER, RequestContext
from pharmai.api._retention import scheduled_purge
from pharmai.api._state import ApiState
from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.settings import Settings, get_settings
from pharmai.tools import RedisOptions

__all__ = ["DEFAULT_HTTP_RATE_LIMIT", "DOCS_ASSETS_URL", "MAX_BODY_BYTES", "create_app", "create_worker_app"]

log = logging.getLogger(__name__)

#: Largest request body accepted (a 4,000-character Hebrew message is ~8 KB of JSON).
MAX_BODY_BYTES = 64 * 1024
#: Requests per client address to ``/v1/`` (``PHARMAI_HTTP_RATE_LIMIT`` overrides; ``off`` disables).
DEFAULT_HTTP_RATE_LIMIT = str(Settings.model_fields["http_rate_limit"].default)

#: Where the interactive API docs' own assets (Swagger UI, ReDoc, their icon) are served.
DOCS_ASSETS_URL = "/docs/assets"

_PAGES = {"/": "index.html", "/staff": "staff.html"}
#: Pages served only in the ``demo`` identity mode (``PHARMAI_IDENTITY_MODE=demo``); 404 otherwise.
_DEMO_PAGES = {"/tester": "tester.html", "/outbox": "outbox.html"}


def _web_dir() -> Path:
    return Path(str(resources.files("pharmai") / "web"))


def _http_rate_limit(settings: Settings, value: str | None) -> str | None:
    limit = value or settings.http_rate_limit or DEFAULT_HTTP_RATE_LIMIT
    return None if limit.strip().lower() in ("off", "none", "0") else limit


def _cors_origins(settings: Settings, value: list[str] | None) -> list[str]:
    if value is not None:
        return value
    return [origin.strip() for origin in settings.cors_origins.split(",") if origin.strip()]


def _mount_mcp(app: FastAPI, state: ApiState) -> Any:
    try:
        from pharmai.mcp import http_app
    except ImportError:  # the MCP server is optional in a build
        return None
    mcp_app = http_app(state.db, state.settings, executor=state.executor())
    app.mount("/mcp", mcp_app)
    # ``/mcp`` itself too: the app sends no trailing-slash redirects (see create_app).
    app.router.routes.append(Route("/mcp", mcp_app, include_in_schema=False))
    return mcp_app


def create_app(
    settings: Settings | None = None,
    db: Database | None = None,
    *,
    engine: Any = None,
    http_rate_limit: str | None = None,
    cors_origins: list[str] | None = None,
    max_body_bytes: int = MAX_BODY_BYTES,
    audit: str = "background",
    mount_mcp: bool = True,
) -> FastAPI:
    """Build the pharmai HTTP application.

    Args:
        settings: The settings (default: the process settings).
        db: The database, already migrated (default: ``settings.database_url``, opened without
            migrating — ``pharmai serve`` migrates once before starting workers).
        engine: An engine for conversations instead of ``settings.engine`` (tests pass a scripted one).
        http_rate_limit: Per-client ``/v1/`` limit (e.g. ``"600/minute"``, ``"off"`` to disable); default:
            ``settings.http_rate_limit`` (``PHARMAI_HTTP_RATE_LIMIT``).
        cors_origins: Origins allowed cross-origin; default: ``settings.cors_origins`` (``PHARMAI_CORS_ORIGINS``,
            comma-separated; none).
        max_body_bytes: Largest request body; larger ones get 413.
        audit: The executors' audit mode (``background`` or ``sync``).
        mount_mcp: Mount MCP over streamable HTTP at ``/mcp`` when :mod:`pharmai.mcp` is available.

    Returns:
        The ASGI application (serve it with uvicorn).
    """
    settings = settings or get_settings()
    # Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: in each worker process (the exporter's thread must
    # start after uvicorn forks), before the first request.
    tracing.configure()
    owns_db = db is None
    database = db or Database(settings.database_url)
    state = ApiState(settings=settings, db=database, clock=Clock(settings.today), engine=engine, audit=audit)
    mcp_holder: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            mcp_app = mcp_holder.get("app")
            if mcp_app is not None:
                await stack.enter_async_context(mcp_app.lifespan())
            await stack.enter_async_context(scheduled_purge(state))
            # Before the first request: the first customer's turn is as quick as any other.
            await asyncio.to_thread(state.warm)
            try:
                yield
            finally:
                state.close()
                tracing.shutdown()  # the spans still queued go out before the worker exits
        if owns_db:
            database.dispose()

    # FastAPIOffline: FastAPI whose /docs (Swagger UI) loads its script, style sheet and icon from the app
    # itself (the fastapi-offline package's copies), never from a CDN, so the docs work offline. No /redoc:
    # ReDoc's page fetches its logo from redocly's CDN.
    app = FastAPIOffline(
        static_url=DOCS_ASSETS_URL,
        redoc_url=None,
        swagger_ui_parameters={"validatorUrl": None},  # no badge fetched from an online validator
        title="pharmai",
        version=__version__,
        description=(
            "A bilingual (Hebrew / English) pharmacy assistant. Customers open a conversation and stream "
            "turns as Server-Sent Events; staff invoke tools directly, export the tool catalogue and read "
            "the audit log with `Authorization: Bearer <PHARMAI_STAFF_API_KEY>`."
        ),
        lifespan=lifespan,
        # Starlette's redirect to the path with or without a trailing slash is an absolute URL built from
        # the request's Host header (a reflection, and an open redirect behind a permissive proxy).
        redirect_slashes=False,
        # FastAPI's own OpenTelemetry support (on whenever a global provider is set) records request data
        # and exception messages, which may quote the user: pharmai's spans (pharmai.tracing) are the ones.
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.pharmai = state
    install_error_handlers(app)
    app.include_router(_conversations.router)
    app.include_router(_staff.router)
    app.include_router(_staff_session.router)
    app.include_router(_staff_calendar.router)
    app.include_router(_customer_events.router)
    app.include_router(_staff_queue.router)
    app.include_router(_staff_assistant.router)
    app.include_router(_ops.router)
    _add_web(app, demo=settings.identity_mode == "demo")
    if mount_mcp:
        mcp_holder["app"] = _mount_mcp(app, state)
    # Added last = outermost: metrics see every answer, headers go on refusals too.
    app.add_middleware(
        CORSMiddleware,
        allow_origins=_cors_origins(settings, cors_origins),
        allow_methods=["GET", "POST"],
        allow_headers=["Authorization", "Content-Type", "Accept-Language", REQUEST_ID_HEADER, "traceparent"],
        expose_headers=[REQUEST_ID_HEADER],
        max_age=600,
    )
    app.add_middleware(
        ClientRateLimit,
        limit=_http_rate_limit(settings, http_rate_limit),
        storage_uri=settings.redis_url,
        redis=RedisOptions.from_settings(settings),
    )
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(_ops.HttpMetrics)
    # Outermost: every line logged while serving a request carries its ids, and every answer its X-Request-ID.
    app.add_middleware(RequestContext, audit_secret=settings.audit_secret)
    return app


def create_worker_app() -> FastAPI:
    """The app as ``pharmai serve`` runs it in each worker process: :func:`create_app` from the settings.

    Once it is built, everything the process holds so far (modules, the app, its routes and schemas) is
    moved out of the cyclic garbage collector's reach with :func:`gc.freeze`: it lives as long as the
    worker, and full collections that walked it all stopped a worker for 50–180 ms every few seconds
    under load (measured); they now take a few milliseconds.
    """
    app = create_app()
    gc.collect()
    gc.freeze()
    return app


def _add_web(app: FastAPI, *, demo: bool) -> None:
    web = _web_dir()
    if not web.is_dir():
        log.warning("the web UI files are missing; serving the API only")
        return
    app.mount("/static", StaticFiles(directory=web), name="static")

    def page(filename: str) -> Any:
        def serve() -> FileResponse:
            return FileResponse(web / filename, media_type="text/html; charset=utf-8")

        return serve

    for path, filename in {**_PAGES, **(_DEMO_PAGES if demo else {})}.items():
        app.add_api_route(path, page(filename), methods=["GET"], include_in_schema=False)

    # Browsers ask for /favicon.ico whatever the page links; served locally, it is never a 404.
    def favicon() -> FileResponse:
        return FileResponse(web / "favicon.ico", media_type="image/x-icon", headers={"Cache-Control": "max-age=86400"})

    app.add_api_route("/favicon.ico", favicon, methods=["GET"], include_in_schema=False)
