"""Throw-away backends for the HTTP benchmarks: a temp SQLite file, or a PostgreSQL schema with Redis.

Shared by ``bench_api.py`` and ``bench_abuse.py`` so both start their servers against the same kind of
fresh database, and clean it up the same way.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

__all__ = [
    "PG_URL",
    "REDIS_URL",
    "UNLIMITED_SETTINGS",
    "Backend",
    "free_port",
    "launch_server",
    "pg_reachable",
    "stop_server",
    "wait_ready",
]

PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
#: A served benchmark's settings: the offline engine, and every limit raised so that one client address (every
#: benchmark conversation comes from 127.0.0.1) can drive the whole load.
UNLIMITED_SETTINGS: dict[str, str] = {
    "PHARMAI_ENGINE": "offline",
    "PHARMAI_IDENTITY_MODE": "otp",
    "PHARMAI_TODAY": "2026-03-01",
    "PHARMAI_HTTP_RATE_LIMIT": "off",
    # More than one address's cap of open conversations.
    "PHARMAI_OPEN_CONVERSATIONS_PER_CLIENT": "0",
    "PHARMAI_RATE_LIMIT_CONVERSATION": "1000000/minute",
    "PHARMAI_RATE_LIMIT_PATIENT": "1000000/minute",
    "PHARMAI_RATE_LIMIT_GLOBAL": "100000000/hour",
    # The same one address and its anonymous conversations, for the tool calls of their turns.
    "PHARMAI_RATE_LIMIT_CLIENT": "100000000/hour",
    "PHARMAI_RATE_LIMIT_ANONYMOUS_CONVERSATION": "100000000/hour",
    "PHARMAI_AUDIT_SECRET": "bench",
}


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pg_reachable() -> bool:
    """Whether the PostgreSQL and Redis servers of the test settings answer."""
    try:
        import psycopg
        import redis

        psycopg.connect(PG_URL.replace("postgresql+psycopg://", "postgresql://"), connect_timeout=3).close()
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
        return True
    except Exception:
        return False


class Backend:
    """A fresh database for one run; on PostgreSQL also Redis, optionally under keys of its own.

    Args:
        name: ``sqlite`` or ``postgresql``.
        workdir: Where the SQLite file goes.
        tag: A short word for the schema, file and key names (``bench``, ``abuse``).
        own_redis_keys: Give the run a Redis key prefix of its own (a server that outlives the run must not
            find another run's counts), deleted by :meth:`drop`.
    """

    def __init__(self, name: str, workdir: Path, *, tag: str, own_redis_keys: bool = False) -> None:
        self.name = name
        self.schema: str | None = None
        self.prefix: str | None = None
        self.env: dict[str, str] = {}
        if name == "sqlite":
            self.url = f"sqlite:///{workdir / f'{tag}.db'}"
        else:
            from sqlalchemy import create_engine, text

            self.schema = f"pharmai_{tag}_{uuid.uuid4().hex[:10]}"
            engine = create_engine(PG_URL)
            with engine.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{self.schema}"'))
            engine.dispose()
            sep = "&" if "?" in PG_URL else "?"
            self.url = f"{PG_URL}{sep}options=-csearch_path%3D{self.schema}"
            self.env["PHARMAI_REDIS_URL"] = REDIS_URL
            if own_redis_keys:
                self.prefix = f"pharmai-{tag}-{uuid.uuid4().hex[:10]}"
                self.env["PHARMAI_REDIS_KEY_PREFIX"] = self.prefix
        self.env["PHARMAI_DATABASE_URL"] = self.url

    @property
    def label(self) -> str:
        """``sqlite`` or ``postgresql+redis``."""
        return "postgresql+redis" if self.name == "postgresql" else self.name

    def drop(self) -> None:
        """Drop the PostgreSQL schema and the run's own Redis keys."""
        if self.schema:
            from sqlalchemy import create_engine, text

            engine = create_engine(PG_URL)
            with engine.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{self.schema}" CASCADE'))
            engine.dispose()
        if self.prefix:
            import redis

            server = redis.Redis.from_url(REDIS_URL)
            keys = list(server.scan_iter(match=self.prefix + ":*", count=1000))
            if keys:
                server.delete(*keys)
            server.close()


def launch_server(
    backend: Backend, workdir: Path, *, workers: int, settings: dict[str, str]
) -> tuple[subprocess.Popen[bytes], str, Path]:
    """Start ``pharmai serve`` on ``backend`` without waiting for it (several may start at once).

    Args:
        backend: The database (and Redis) to serve.
        workdir: Where the server runs and writes its log.
        workers: Uvicorn worker processes.
        settings: ``PHARMAI_*`` settings pinned for the run, beside the backend's own; no other
            ``PHARMAI_*`` variable of the calling environment reaches the server.

    Returns:
        The process, its base URL and its log file.
    """
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
    env.update(backend.env)
    env.update(settings)
    log = workdir / f"server-{backend.name}.log"
    command = [sys.executable, "-c", "from pharmai.cli import main; main()", "serve", "--port", str(port)]
    command += ["--workers", str(workers), "--log-level", "warning"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, cwd=workdir, stdout=out, stderr=subprocess.STDOUT)
    return process, f"http://127.0.0.1:{port}", log


def wait_ready(process: subprocess.Popen[bytes], base: str, log: Path, *, seconds: float = 90) -> None:
    """Wait until the server answers ``/readyz``; raise with the end of its log if it exits or never does."""
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("server exited:\n" + log.read_text(errors="replace")[-2000:])
        try:
            if httpx.get(base + "/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server not ready in {seconds:.0f} s:\n" + log.read_text(errors="replace")[-2000:])


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Terminate the server, killing it if it does not stop within 20 s."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
