"""Retention in the server: the scheduled purge, and the cap on open conversations per client address.

Every worker purges when it starts and then every ``PHARMAI_PURGE_INTERVAL_SECONDS``. Several workers
purging at once is safe (see :mod:`pharmai.db.retention`): they share the batches, and each deletes a
row at most once. The purge runs in a worker thread, batch by batch, so requests are served meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import anyio
from fastapi import Request

from pharmai.agent.store import ClientCap
from pharmai.api._state import ApiState
from pharmai.db.retention import RetentionPolicy, purge
from pharmai.errors import PharmaiError

__all__ = ["client_cap", "scheduled_purge"]

log = logging.getLogger(__name__)

#: Used only when the deployment sets no ``PHARMAI_AUDIT_SECRET`` (as for audit surrogates).
_DEV_SECRET = b"pharmai-development-client-secret"


def client_cap(request: Request, state: ApiState) -> ClientCap | None:
    """The cap on open conversations of the request's client address (``None`` when the cap is off).

    The address itself is never stored: conversations carry a keyed hash of it, so the rows say which
    conversations share a client without saying who the client is.
    """
    settings = state.settings
    if settings.open_conversations_per_client <= 0:
        return None
    address = request.client.host if request.client else "?"
    key = settings.audit_secret.encode() if settings.audit_secret else _DEV_SECRET
    ref = hmac.new(key, f"client:{address}".encode(), hashlib.sha256).hexdigest()[:32]
    idle = timedelta(seconds=settings.conversation_idle_seconds)
    return ClientCap(client_ref=ref, limit=settings.open_conversations_per_client, idle=idle)


async def _purge_periodically(state: ApiState, interval: int, stopping: asyncio.Event, halt: threading.Event) -> None:
    policy = RetentionPolicy.from_settings(state.settings)

    def run() -> None:
        report = purge(state.db, policy, now=state.clock.now(), stop=halt.is_set)
        if report.total:
            counts = ", ".join(f"{table} {count}" for table, count in report.counts.items())
            log.info("retention purge deleted %d rows (%s)", report.total, counts)

    while not stopping.is_set():
        try:
            await anyio.to_thread.run_sync(run)
        except PharmaiError as exc:  # the database is down: the next period tries again
            log.warning("retention purge failed (%s); next try in %d s", exc.code, interval)
        except Exception as exc:  # a purge must never take the worker down
            log.error("retention purge failed: %s; next try in %d s", type(exc).__name__, interval)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), timeout=interval)


@asynccontextmanager
async def scheduled_purge(state: ApiState) -> AsyncIterator[None]:
    """Run the retention purge now and every ``PHARMAI_PURGE_INTERVAL_SECONDS`` while the app runs.

    On exit the purge in progress stops after its current batch (each batch is its own transaction).
    """
    interval = state.settings.purge_interval_seconds
    if interval <= 0:
        yield
        return
    stopping, halt = asyncio.Event(), threading.Event()
    task = asyncio.create_task(_purge_periodically(state, interval, stopping, halt))
    try:
        yield
    finally:
        halt.set()
        stopping.set()
        await task
