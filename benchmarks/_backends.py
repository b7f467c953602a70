"""Throw-away backends for the HTTP benchmarks: a temp SQLite file, or a PostgreSQL schema with Redis.

Shared by ``bench_api.py`` and ``bench_abuse.py`` so both start their servers against the same kind of
fresh database, and clean it up the same way.
"""

from __future__ import annotations

import os
import socket
import uuid
from pathlib import Path

__all__ = ["PG_URL", "REDIS_URL", "Backend", "free_port", "pg_reachable"]

PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


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
