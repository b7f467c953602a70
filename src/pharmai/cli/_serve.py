"""``pharmai serve``: the HTTP API and the web UI under uvicorn.

The database is migrated (and the demo world seeded on first run) once, here, before any worker
starts — so several workers never race to migrate the same file.
"""

from __future__ import annotations

import logging
import logging.config
from typing import Annotated

import typer

from pharmai.cli import _common

__all__ = ["serve"]

_log = logging.getLogger("pharmai.cli.serve")


def _say(text: str, *, as_json: bool, warning: bool = False) -> None:
    # A JSON log has nothing but JSON lines: there the banner and the warning are log records too.
    if as_json:
        _log.log(logging.WARNING if warning else logging.INFO, text)
    elif warning:
        typer.secho(text, err=True)
    else:
        typer.echo(text)


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64, help="Worker processes.")] = 1,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
) -> None:
    """Serve the HTTP API (JSON + Server-Sent Events), the web chat and MCP over HTTP at /mcp."""
    import uvicorn

    from pharmai.api import uvicorn_log_config

    settings = _common.settings()
    log_config = uvicorn_log_config(settings.log_format, log_level)
    as_json = settings.log_format == "json"
    if as_json:
        # Every line of a JSON log is JSON, from the first: the migration's and this command's too.
        logging.config.dictConfig(log_config)
    db = _common.open_db()
    db.dispose()
    if settings.identity_mode == "identifier":
        _say(
            "warning: identity mode 'identifier' trusts any typed email or phone — for demos only",
            as_json=as_json,
            warning=True,
        )
    _say(f"pharmai serving http://{host}:{port}/ ({settings.engine} engine, {workers} worker(s))", as_json=as_json)
    uvicorn.run(
        "pharmai.api:create_worker_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        # Access lines without query strings (they may carry a secret); JSON lines with PHARMAI_LOG_FORMAT=json.
        log_config=log_config,
        server_header=False,  # no "server: uvicorn" banner
        proxy_headers=False,
        # SSE turns are short; keep idle keep-alive connections around for load balancers and browsers.
        timeout_keep_alive=30,
        # The supervisor kills a worker that misses its health check (default 5 s); on a starved host a
        # worker still loading the catalog and the language model misses it, and was killed and respawned
        # forever while the port refused every connection.
        timeout_worker_healthcheck=60,
        # Live streams (customer events, the staff queue) stay open for minutes: on SIGTERM they are given a
        # few seconds and then closed (clients reconnect), so a rolling restart does not wait out its grace.
        timeout_graceful_shutdown=5,
    )
