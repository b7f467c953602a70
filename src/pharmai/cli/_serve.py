"""``pharmai serve``: the HTTP API and the web UI under uvicorn.

The database is migrated (and the demo world seeded on first run) once, here, before any worker
starts — so several workers never race to migrate the same file.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pharmai.cli import _common

__all__ = ["serve"]


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
    db = _common.open_db()
    db.dispose()
    if settings.identity_mode == "identifier":
        typer.secho("warning: identity mode 'identifier' trusts any typed email or phone — for demos only", err=True)
    typer.echo(f"pharmai serving http://{host}:{port}/ ({settings.engine} engine, {workers} worker(s))")
    uvicorn.run(
        "pharmai.api:create_worker_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        log_config=uvicorn_log_config(),  # access lines without query strings (they may carry a secret)
        server_header=False,  # no "server: uvicorn" banner
        proxy_headers=False,
        # SSE turns are short; keep idle keep-alive connections around for load balancers and browsers.
        timeout_keep_alive=30,
        # The supervisor kills a worker that misses its health check (default 5 s); on a starved host a
        # worker still loading the catalog and the language model misses it, and was killed and respawned
        # forever while the port refused every connection.
        timeout_worker_healthcheck=60,
    )
