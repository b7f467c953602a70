"""The HTTP interface: the JSON + Server-Sent Events API, the web UI and MCP over HTTP, in one app.

``create_app(settings=None, db=None)`` builds it; ``pharmai serve`` runs ``create_worker_app()`` (the
same app, its start-up heap frozen) with uvicorn, logging through ``uvicorn_log_config()``. See
``docs/interfaces.md`` (HTTP) for the endpoints and ``/openapi.json`` for their schema.
"""

from __future__ import annotations

from pharmai.api._access_log import uvicorn_log_config
from pharmai.api._app import DEFAULT_HTTP_RATE_LIMIT, MAX_BODY_BYTES, create_app, create_worker_app

__all__ = ["DEFAULT_HTTP_RATE_LIMIT", "MAX_BODY_BYTES", "create_app", "create_worker_app", "uvicorn_log_config"]
